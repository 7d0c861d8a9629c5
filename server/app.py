"""The server: its connections, sessions (people known by a resume token) and rooms, including
those kept on disk and brought back; what each request does is server/requests.py's. Everything
runs on one trio thread; a misbehaving client only ever hurts its own peer.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import trio

from protocol import PROTOCOL_VERSION, Error, Hello, Message, Welcome, reserved_name
from protocol.limits import MAX_SERVER_NAME

from . import identity, requests, tokens
from .accept import serve_listener
from .config import ServerConfig
from .history import HistoryStore
from .journal import NEXT_HAND
from .peer import Peer
from .people import Session
from .persist import RoomStore
from .reactor import Reactor
from .room import Room
from .settings import RoomSettings
from .statstore import StatsStore
from .table import Table

log = logging.getLogger("uno.server")
SERVER_VERSION = "0.1.0"
RESERVED_WHY = "not allowed: the table says 'you' to each player and names its bots 'Bot 1'…"
SERVER_CLOSED = "server_closed"  # a bye's reason: a hosting client closed, and its other tables


@dataclass(frozen=True)
class KeptRoom:
    """A room kept on disk but not open: its name, how far its match got, its host's token, and
    who else sat there (the friends its return would bring back)."""

    id: str
    name: str
    hand_number: int  # 0: the match had not started
    host_token: str | None  # takes the host's seat back once the room is open again
    guests: tuple[str, ...] = ()  # the people seated but the host, in seat order

    @classmethod
    def from_record(cls, room_id: str, record: dict[str, Any], deals: int = 0) -> KeptRoom:
        """``deals``: the hands dealt since the record was written (its moves since: found
        play-testing, the offer said "hand 1" of a match kept in hand 2)."""
        game = record["game"]
        token, guests = None, []
        for seat in record["seats"]:
            who = seat["session"]
            if who is not None and who["sid"] == record["host"]:
                token = f"{who['sid']}.{who['secret']}"
            elif seat["kind"] == "human":
                guests.append(str(seat["name"]))
        return cls(room_id, str(record["settings"]["name"]),
                   0 if game is None else int(game["hand_number"]) + deals, token, tuple(guests))


class UnoServer:
    def __init__(self, config: ServerConfig | None = None, store: RoomStore | None = None) -> None:
        """``store`` (or ``config.state_dir``) keeps the rooms on disk; ``serve`` brings back the
        rooms it holds. Raises ``persist.StoreError`` if the state directory cannot be used."""
        self.config = config if config is not None else ServerConfig()
        if store is None and self.config.state_dir is not None:
            store = RoomStore(self.config.state_dir)
        self.store = store
        # the statistics, beside the rooms (server/stats.py); none without a state directory
        stats_dir = self.config.stats_dir or (None if store is None else store.directory)
        self.stats: StatsStore | None = None
        if stats_dir is not None:
            try:
                self.stats = StatsStore(stats_dir)
            except OSError as exc:  # no statistics, but the server runs
                log.error("statistics are not kept: %s", exc)
        # finished hands, beside the rooms (server/history.py)
        directory = store.directory if store is not None else self.config.history_dir
        self.history = (HistoryStore(directory, self.config.history_limit)
                        if directory is not None and self.config.history else None)
        # clients keep their seats by this id, whatever address reached the server
        self.server_id = identity.server_id(None if store is None else store.directory)
        self.sessions: dict[str, Session] = {}
        self.peers: set[Peer[Session]] = set()
        self.rooms: dict[str, Room] = {}
        self._room_numbers = itertools.count(1)
        self._nursery: trio.Nursery | None = None
        self.reactor: Reactor | None = None  # reads every socket, while ``serve`` runs
        self.on_change: Callable[[], None] | None = None  # e.g. refresh the LAN announcement

    # ------------------------------------------------------------------ running

    async def serve(self, listeners: list[Any] | None = None, *,
                    task_status: trio.TaskStatus[UnoServer] = trio.TASK_STATUS_IGNORED) -> None:
        """Run the server (forever, until cancelled); with ``listeners``, accept connections."""
        try:
            async with trio.open_nursery() as nursery:
                self._nursery = nursery
                if Reactor.available():
                    self.reactor = Reactor()
                    nursery.start_soon(self.reactor.run)
                self._restore_rooms()
                for listener in listeners or ():
                    nursery.start_soon(serve_listener, listener, self._handle_tcp, nursery)
                task_status.started(self)
                await trio.sleep_forever()
        finally:
            self.reactor = None
            if self.store is not None:
                self.store.close()
            if self.history is not None:
                self.history.close()

    def _restore_rooms(self, only: str | None = None) -> None:
        """Bring back the rooms of the store: seats, tokens, settings and the match in play
        (those ``config.restore_rooms`` leaves out stay on disk, kept for later); with ``only``,
        that one room, later on."""
        if self.store is None:
            return
        highest = self.store.highest_room()
        for room_id, record in self.store.records():
            if room_id.isdigit():
                highest = max(highest, int(room_id))  # new rooms never take a stored room's id
            wanted = self._restores(room_id) if only is None else room_id == only
            if record is None or room_id in self.rooms or not wanted:
                continue
            try:
                if record.get("id") != room_id:
                    raise ValueError(f"the record is room {record.get('id')!r}'s")
                room = Room.from_record(self, record, self.store.moves(room_id))
            except Exception as exc:  # a bad record costs its room, never the server
                log.error("ROOM %s CANNOT BE RESTORED (%s); its record is kept", room_id, exc)
                continue
            if not room.humans():  # nobody to come back: it would have closed
                for session in [s.session for s in room.seats if s.session is not None]:
                    self.sessions.pop(session.sid, None)
                self.store.forget_room(room.id)
                continue
            self.rooms[room.id] = room
            assert self._nursery is not None
            self._nursery.start_soon(room.run)
            room.restored(self.config.restore_grace)
            for session in [s.session for s in room.seats if s.session is not None]:
                if session.peer is not None:  # came back before the room did (``_kept_seat_token``)
                    room.reconnected(session)
            log.info("room %s (%r) restored", room.id, room.settings.name)
        if only is None:
            self._room_numbers = itertools.count(highest + 1)
        if self.rooms:
            self.changed()

    def restore_room(self, room_id: str) -> bool:
        """Open a kept room (``kept_rooms``) while serving; whether it is open now."""
        if self._nursery is not None:
            self._restore_rooms(only=room_id)
        return room_id in self.rooms

    def _restores(self, room_id: str) -> bool:
        wanted = self.config.restore_rooms
        return wanted if isinstance(wanted, bool) else room_id in wanted

    def kept_rooms(self) -> list[KeptRoom]:
        """The rooms on disk that are not open, oldest first: what ``uno host --resume`` offers."""
        if self.store is None:
            return []
        kept = []
        for room_id, record in self.store.records():
            if record is None or room_id in self.rooms:
                continue
            with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
                deals = sum(1 for entry in self.store.moves(room_id) if entry == [NEXT_HAND])
                kept.append(KeptRoom.from_record(room_id, record, deals))
        return sorted(kept, key=lambda room: (len(room.id), room.id))

    async def _handle_tcp(self, stream: trio.abc.Stream) -> None:
        try:
            host, port = stream.socket.getpeername()[:2]  # type: ignore[attr-defined]
            address = f"{host}:{port}"
        except (AttributeError, OSError, ValueError):  # (not an IP socket)
            address = "?"
        await self.handle_stream(stream, address)

    async def handle_stream(self, stream: trio.abc.Stream, address: str = "memory") -> None:
        """Serve one client over ``stream`` until it ends (tests call this with memory streams)."""
        peer = Peer[Session](self, stream, address)
        if len(self.peers) >= self.config.max_connections:
            peer.close("server_full", "the server is full")
        self.peers.add(peer)
        try:
            await peer.run()
        except Exception:  # a bug must cost one connection, never the server
            log.exception("connection from %s failed", address)

    def close_room(self, room_id: str, tell: bool = True) -> None:
        """Close a room for everyone in it (``left`` with reason ``room_closed``, unless not
        ``tell``: their ``bye`` says it), and forget it."""
        room = self.rooms.get(room_id)
        if room is not None:
            room.close(tell)
            self.changed()

    def members(self, room_id: str) -> set[Peer[Session]]:
        """The connections of those in room ``room_id`` now."""
        return {peer for peer in self.peers if peer.session is not None
                and peer.session.room is not None and peer.session.room.id == room_id}

    def shutdown(self, reason: str = "shutdown", message: str = "the server is shutting down",
                 *, told: set[Peer[Session]] | None = None) -> None:
        """Tell every client why, then stop; with ``told`` (those at a hosting client's table),
        only they get ``reason``, the others ``server_closed`` (found play-testing: a guest who
        had opened a table of his own on it read "The host closed the table")."""
        log.info("shutting down: %s", message)
        for peer in list(self.peers):
            if told is None or peer in told:
                peer.close(reason, message)
            else:
                peer.close(SERVER_CLOSED, "the host closed the program, and every table on it")
        for room in list(self.rooms.values()):
            room.stop()

    async def drained(self) -> None:
        """After ``shutdown``: until every connection has closed (each flushed what it was sent,
        its ``bye`` last), or ``flush_timeout`` and a little more have passed."""
        with trio.move_on_after(self.config.flush_timeout + 0.5):
            while self.peers:
                await trio.sleep(0.05)

    # ------------------------------------------------------------------ sessions

    def hello(self, peer: Peer[Session], hello: Hello) -> None:
        if reserved_name(hello.name):  # (a corrected hello may follow, as after any bad field)
            peer.send(Error(code="bad_field", ref="hello", message=f"name: {RESERVED_WHY}"))
            return
        session = self._resume(hello.token)
        resumed = session is not None and session.room is not None  # back in a seat (or a room)
        # someone of a kept room (``uno host`` has only offered it yet) keeps their token, so
        # that the seat is theirs again if the host brings the room back (``restore_room``)
        kept = None if resumed else self._kept_seat_token(hello.token)
        if session is None:
            sid, secret = kept or tokens.new_token()
            session = Session(sid, secret, hello.name, hello.lang)
            self.sessions[sid] = session
        else:
            old = session.peer
            if old is not None and old is not peer and _stale(hello, session):
                # The same program's connection, given up before the one it has now and delivered
                # late (a stalled link that held it): it must not take the seat (found
                # play-testing: the client was told another window took its seat, and stopped).
                peer.close("replaced", "a newer connection of this client holds the seat")
                log.info("%s: a stale connection of %s refused", peer.address, session.name)
                return
            if old is not None and old is not peer:
                old.session = None
                old.close("replaced", "this seat was taken over by a new connection")
        session.instance, session.attempt, session.bot = hello.instance, hello.attempt, hello.bot
        session.lang = hello.lang
        session.peer = peer
        session.quit = False
        peer.session = session
        peer.send(Welcome(server=self.config.name[:MAX_SERVER_NAME], version=SERVER_VERSION,
                          protocol=PROTOCOL_VERSION, token=session.token, name=session.name,
                          resumed=resumed, server_id=self.server_id, kept=kept is not None,
                          hosted=self.config.hosted))
        peer.greeted.set()
        log.info("%s is %s%s", peer.address, session.name, " (resumed)" if resumed else "")
        if session.room is not None:
            session.room.reconnected(session)
            self.changed()

    def _resume(self, token: str | None) -> Session | None:
        if token is None:
            return None
        parts = tokens.split_token(token)
        if parts is None:
            return None
        session = self.sessions.get(parts[0])
        if session is None or not tokens.same_secret(parts[1], session.secret):
            return None
        return session

    def _kept_seat_token(self, token: str | None) -> tuple[str, str] | None:
        """``token``'s (sid, secret) when it holds a seat in a room kept on disk but not open."""
        if self.config.restore_rooms is True:  # every room was opened at the start: none is kept
            return None
        parts = None if token is None or self.store is None else tokens.split_token(token)
        if parts is None or self.store is None:
            return None
        for room_id, record in self.store.records():
            if record is None or room_id in self.rooms:
                continue
            with contextlib.suppress(KeyError, TypeError, AttributeError):
                for seat in record["seats"]:
                    who = seat["session"]
                    if (who is not None and who["sid"] == parts[0]
                            and tokens.same_secret(parts[1], str(who["secret"]))):
                        return parts
        return None

    def peer_gone(self, peer: Peer[Session]) -> None:
        self.peers.discard(peer)
        session = peer.session
        if session is None or session.peer is not peer:
            return
        session.peer = None
        room = session.room
        if room is not None:
            room.disconnected(session, silent_since=peer.last_seen)
        if session.room is None:
            self.release(session)
        self.changed()

    def release(self, session: Session) -> None:
        """Forget a session that holds no seat; its token no longer resumes anything."""
        session.room, session.seat = None, None
        if session.peer is None:
            self.sessions.pop(session.sid, None)

    def room_closed(self, room: Table) -> None:
        self.rooms.pop(room.id, None)
        if self.store is not None:
            self.store.forget_room(room.id)
        self.changed()

    def changed(self) -> None:
        """Rooms or people changed: tell ``on_change`` (say, the LAN announcement)."""
        if self.on_change is not None:
            self.on_change()

    # ------------------------------------------------------------------ requests

    def dispatch(self, peer: Peer[Session], message: Message) -> None:
        """Carry out what a client asked for (server/requests.py)."""
        requests.dispatch(self, peer, message)

    def open_room(self, settings: RoomSettings, origin: str) -> Room:
        """A new room, running, opened from the address ``origin`` (``RuleError``: bad rules)."""
        room = Room(self, str(next(self._room_numbers)), settings)  # checks the rules
        room.origin = origin
        self.rooms[room.id] = room
        assert self._nursery is not None
        self._nursery.start_soon(room.run)
        return room


def _stale(hello: Hello, session: Session) -> bool:
    """Whether ``hello`` comes from the program that holds ``session``'s connection, on a
    connection it opened before that one (and gave up on)."""
    return (hello.instance is not None and hello.instance == session.instance
            and hello.attempt < session.attempt)
