"""The server: sessions (people known by a resume token), the lobby, and routing of messages to
rooms. Everything runs on one trio thread; a misbehaving client only ever hurts its own peer.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import trio

from engine import RuleError
from protocol import (
    MAX_REPLAY_BYTES,
    PROTOCOL_VERSION,
    Act,
    AddBot,
    Away,
    Back,
    ChatMsg,
    CreateRoom,
    GetReplay,
    Hello,
    JoinRoom,
    LeaveRoom,
    ListRooms,
    Message,
    Ping,
    Pong,
    ProtocolError,
    Rematch,
    RemoveBot,
    ReplayMsg,
    RoomUpdate,
    Say,
    SetBotLevel,
    SetRules,
    Start,
    State,
    Sync,
    TakeSeat,
    Welcome,
)

from . import errors, identity, tokens
from .accept import serve_listener
from .config import ServerConfig
from .errors import Refused, refusal
from .history import HistoryStore
from .listing import room_list
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


@dataclass(frozen=True)
class KeptRoom:
    """A room kept on disk but not open: its name, how far its match got, and its host's token."""

    id: str
    name: str
    hand_number: int  # 0: the match had not started
    host_token: str | None  # takes the host's seat back once the room is open again

    @classmethod
    def from_record(cls, room_id: str, record: dict[str, Any]) -> KeptRoom:
        game = record["game"]
        token = None
        for seat in record["seats"]:
            who = seat["session"]
            if who is not None and who["sid"] == record["host"]:
                token = f"{who['sid']}.{who['secret']}"
        return cls(room_id, str(record["settings"]["name"]),
                   0 if game is None else int(game["hand_number"]), token)


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
        highest = 0
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
            self._changed()

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
                kept.append(KeptRoom.from_record(room_id, record))
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

    def close_room(self, room_id: str) -> None:
        """Close a room for everyone in it (``left`` with reason ``room_closed``), and forget it."""
        room = self.rooms.get(room_id)
        if room is not None:
            room.close()
            self._changed()

    def shutdown(self, reason: str = "shutdown", message: str = "the server is shutting down") -> None:
        """Tell every client why, then stop."""
        log.info("shutting down: %s", message)
        for peer in list(self.peers):
            peer.close(reason, message)
        for room in list(self.rooms.values()):
            room.stop()

    # ------------------------------------------------------------------ sessions

    def hello(self, peer: Peer[Session], hello: Hello) -> None:
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
        session.instance, session.attempt = hello.instance, hello.attempt
        session.lang = hello.lang
        session.peer = peer
        peer.session = session
        peer.send(Welcome(server=self.config.name[:64], version=SERVER_VERSION,
                          protocol=PROTOCOL_VERSION, token=session.token, name=session.name,
                          resumed=resumed, server_id=self.server_id, kept=kept is not None))
        peer.greeted.set()
        log.info("%s is %s%s", peer.address, session.name, " (resumed)" if resumed else "")
        if session.room is not None:
            session.room.reconnected(session)
            self._changed()

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
            room.disconnected(session)
        if session.room is None:
            self.release(session)
        self._changed()

    def release(self, session: Session) -> None:
        """Forget a session that holds no seat; its token no longer resumes anything."""
        session.room, session.seat = None, None
        if session.peer is None:
            self.sessions.pop(session.sid, None)

    def room_closed(self, room: Table) -> None:
        self.rooms.pop(room.id, None)
        if self.store is not None:
            self.store.forget_room(room.id)
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    # ------------------------------------------------------------------ messages

    def dispatch(self, peer: Peer[Session], message: Message) -> None:
        session = peer.session
        if session is None:  # before hello only ping and pong are allowed
            if isinstance(message, Ping):
                peer.send(Pong(nonce=message.nonce))
            return
        handler = self._handlers.get(type(message))
        if handler is None:
            return
        try:
            handler(self, peer, session, message)
        except (Refused, RuleError, ProtocolError) as exc:
            peer.send(refusal(exc, message.TYPE))
        except Exception:  # a bug: refuse this request, keep serving everyone
            log.exception("error handling %s from %s", message.TYPE, peer.address)
            peer.send(refusal(errors.Internal("the server failed on this request"),
                              message.TYPE))

    def _ping(self, peer: Peer[Session], session: Session, message: Ping) -> None:
        peer.send(Pong(nonce=message.nonce))

    def _pong(self, peer: Peer[Session], session: Session, message: Pong) -> None:
        pass  # receiving anything counts as a sign of life

    def _list_rooms(self, peer: Peer[Session], session: Session, message: ListRooms) -> None:
        peer.send(room_list((not room.started and room.settings.password is None
                             and len(room.seats) < room.settings.max_seats, room.summary)
                            for room in self.rooms.values()))

    def _create_room(self, peer: Peer[Session], session: Session, message: CreateRoom) -> None:
        if len(self.rooms) >= self.config.max_rooms:
            raise errors.ServerFull("no more rooms can be opened on this server")
        origin = peer.host
        limit = self.config.max_rooms_per_address
        if sum(1 for room in self.rooms.values() if room.origin == origin) >= limit:
            # (one client must not take every room; people behind one address share the limit)
            raise errors.TooManyRooms(f"{limit} rooms opened from your address are still open")
        if message.bots >= message.seats:
            raise errors.RoomFull("leave at least one seat for yourself")
        settings = RoomSettings(
            name=message.name, preset=message.preset, overrides=dict(message.rules),
            max_seats=message.seats, turn_timeout=message.turn_timeout,
            bot_delay=message.bot_delay, password=message.password,
            bot_level=message.bot_level, late_join=message.late_join,
        )
        room = Room(self, str(next(self._room_numbers)), settings)  # checks the rules
        room.origin = origin
        self.rooms[room.id] = room
        assert self._nursery is not None
        self._nursery.start_soon(room.run)
        for _ in range(message.bots):
            room.add_bot(message.bot_level)
        room.add_player(session)
        log.info("room %s (%r) created by %s", room.id, settings.name, session.name)
        self._changed()

    def _join_room(self, peer: Peer[Session], session: Session, message: JoinRoom) -> None:
        room = self.rooms.get(message.room)
        if room is None:
            raise errors.NoSuchRoom(f"no room {message.room!r}")
        password = room.settings.password
        if password is not None and not tokens.same_secret(message.password or "", password):
            raise errors.WrongPassword("wrong password")
        if message.spectate:
            room.add_spectator(session)
        else:
            room.add_player(session)
        self._changed()

    def _in_room(self, session: Session) -> Room:
        room = session.room
        if not isinstance(room, Room):  # (None: not in a room)
            raise errors.NoSuchRoom("you are not in a room")
        return room

    def _hosted_room(self, session: Session) -> Room:
        """The room ``session`` is in, for a host command: refused unless it is the host."""
        room = self._in_room(session)
        room.check_host(session)
        return room

    def _leave_room(self, peer: Peer[Session], session: Session, message: LeaveRoom) -> None:
        self._in_room(session).leave(session)
        self._changed()

    def _add_bot(self, peer: Peer[Session], session: Session, message: AddBot) -> None:
        room = self._hosted_room(session)
        room.add_bot(message.level or room.settings.bot_level)
        room.broadcast_room()
        self._changed()

    def _remove_bot(self, peer: Peer[Session], session: Session, message: RemoveBot) -> None:
        room = self._hosted_room(session)
        room.remove_seat(message.seat)
        self._changed()

    def _set_bot_level(self, peer: Peer[Session], session: Session, message: SetBotLevel) -> None:
        room = self._in_room(session)
        room.check_host(session)
        room.set_bot_level(message.seat, message.level)
        self._changed()

    def _set_rules(self, peer: Peer[Session], session: Session, message: SetRules) -> None:
        room = self._hosted_room(session)
        room.set_rules(message.preset, message.rules, message.turn_timeout, message.bot_delay,
                       message.bot_level, message.late_join)
        self._changed()

    def _start(self, peer: Peer[Session], session: Session, message: Start) -> None:
        room = self._hosted_room(session)
        room.start(fill=message.fill)
        self._changed()

    def _rematch(self, peer: Peer[Session], session: Session, message: Rematch) -> None:
        self._in_room(session).rematch(session, message)
        self._changed()

    def _take_seat(self, peer: Peer[Session], session: Session, message: TakeSeat) -> None:
        self._in_room(session).take_seat(session, message.seat, message.cancel)
        self._changed()

    def _act(self, peer: Peer[Session], session: Session, message: Act) -> None:
        self._in_room(session).act(session, message)

    def _sync(self, peer: Peer[Session], session: Session, message: Sync) -> None:
        room = self._in_room(session)
        seat = room.seat_of(session)
        if seat is not None:
            room.mark_present(seat)
        if room.game is None:  # nothing to view before the first match: the room is the state
            peer.send(RoomUpdate(room=room.info()))
        else:
            room.send_view(session)

    def _back(self, peer: Peer[Session], session: Session, message: Back) -> None:
        room = self._in_room(session)
        seat = room.seat_of(session)
        if seat is not None:
            room.mark_present(seat)

    def _away(self, peer: Peer[Session], session: Session, message: Away) -> None:
        room = self._in_room(session)
        seat = room.seat_of(session)
        if seat is not None:
            room.step_away(seat)

    def _say(self, peer: Peer[Session], session: Session, message: Say) -> None:
        if not peer.chat.take(trio.current_time()):
            raise errors.RateLimited("you are chatting too fast")
        room = session.room
        chat = ChatMsg(source=session.name, text=message.text, scope="room" if room else "lobby")
        if room is not None:
            room.publisher.remember_chat(chat)
            targets = list(room.members())
        else:
            targets = [p.session for p in self.peers
                       if p.session is not None and p.conn.state is State.LOBBY]
        for target in targets:
            if target.peer is not None:
                target.peer.send(chat)

    def _get_replay(self, peer: Peer[Session], session: Session, message: GetReplay) -> None:
        """A member of a room (player or spectator) gets a finished hand of its match."""
        text = self._in_room(session).replays.text(message.hand)
        if text is None:
            raise errors.NoReplay(f"hand {message.hand} is no finished hand of this match")
        if len(text.encode()) > MAX_REPLAY_BYTES:
            raise errors.ReplayTooLarge(f"the replay of hand {message.hand} is too large to send")
        peer.send(ReplayMsg(hand=message.hand, replay=text))

    _handlers: dict[type, Callable[[UnoServer, Peer[Session], Session, Any], None]] = {
        Ping: _ping, Pong: _pong, ListRooms: _list_rooms, CreateRoom: _create_room,
        JoinRoom: _join_room, LeaveRoom: _leave_room, AddBot: _add_bot, RemoveBot: _remove_bot,
        SetRules: _set_rules, SetBotLevel: _set_bot_level, Start: _start, Act: _act, Sync: _sync,
        Say: _say, TakeSeat: _take_seat, Back: _back, Away: _away, Rematch: _rematch, GetReplay: _get_replay,
    }


def _stale(hello: Hello, session: Session) -> bool:
    """Whether ``hello`` comes from the program that holds ``session``'s connection, on a
    connection it opened before that one (and gave up on)."""
    return (hello.instance is not None and hello.instance == session.instance
            and hello.attempt < session.attempt)
