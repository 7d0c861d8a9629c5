"""A room's seats and people, and its host's commands: who sits where, who watches, who is host,
who dropped, and when an abandoned room closes (who waits for a seat: server/seatline.py).

``Table`` is the part of a room (server/room.py) that the match does not change; the room adds
the match, its clock's scheduling, the bots and the record on disk.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Any, Protocol

import trio

import protocol
from engine import Game

from . import errors
from .clock import Clock
from .config import ServerConfig
from .describe import room_info, room_summary
from .history import HistoryStore, seat_changes_hands
from .people import Seat, Session, next_host, unique_name
from .persist import RoomStore
from .publish import Publisher
from .rematch import RematchVotes
from .settings import RoomSettings
from .statstore import StatsStore

log = logging.getLogger("uno.server")


class RoomOwner(Protocol):
    """What a room needs of its server (server/app.py)."""

    config: ServerConfig
    store: RoomStore | None
    stats: StatsStore | None
    history: HistoryStore | None
    sessions: dict[str, Session]

    def release(self, session: Session) -> None: ...

    def room_closed(self, room: Table) -> None: ...


class Table(ABC):
    def __init__(self, server: RoomOwner, room_id: str, settings: RoomSettings) -> None:
        self.server = server
        self.id = room_id
        self.settings = settings
        self.rules = settings.rules()
        self.seats: list[Seat] = []
        self.spectators: list[Session] = []
        # Spectators waiting for a seat, first come first seated, each with the seat it asked
        # for (None: any). They are seated by ``_seat_waiting``.
        self.queue: list[tuple[Session, str | None]] = []
        self.host: Session | None = None
        self.host_dropped: Session | None = None  # the host whose link dropped: theirs again on return
        self.game: Game | None = None
        self.closed = False
        self.removed = 0  # seats the host removed since the last match began (a rematch fills fewer)
        self.next_seat_number = 1  # the number of the next seat made (seat ids are never reused)
        # the names of the bots that played a match here: a bot added later is named otherwise
        # (found play-testing: "Bot 1", whose seat Sofía had taken, came back in Pablo's seat)
        self.bots_played: set[str] = set()
        self.clock = Clock(lambda: all(seat.connected for seat in self.humans()))
        self.origin: str | None = None  # the address of the client that created it, if one did
        self.publisher = Publisher()
        self.votes = RematchVotes()  # after a match: who accepted a rematch (server/rematch.py)

    # ------------------------------------------------------------------ queries

    @property
    def started(self) -> bool:
        return self.game is not None and self.game.outcome() is None

    @property
    def match_over(self) -> bool:
        """A match has ended here (its players answer the rematch)."""
        return self.game is not None and self.game.outcome() is not None

    @property
    def config(self) -> ServerConfig:
        return self.server.config

    def seat_of(self, session: Session) -> Seat | None:
        return next((seat for seat in self.seats if seat.session is session), None)

    def _seat_by_id(self, seat_id: str) -> Seat:
        for seat in self.seats:
            if seat.id == seat_id:
                return seat
        raise errors.NoSuchSeat(f"no seat {seat_id!r} in this room")

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.kind == "human"]

    def summary(self) -> protocol.RoomSummary:
        return room_summary(self)

    def info(self) -> protocol.RoomInfo:
        return room_info(self)

    @abstractmethod
    def _schedule(self, turn_changed: bool) -> None:
        """Work out what is due next after a change (the room's match does: server/room.py)."""

    @abstractmethod
    def _save(self) -> None:
        """Write the room to the server's store, before telling anybody (server/room.py)."""

    @abstractmethod
    def send_view(self, session: Session) -> None:
        """Send ``session`` the match's view with its deadline, if there is a match for them."""

    # ------------------------------------------------------------------ membership

    def _new_seat_id(self) -> str:
        seat_id = str(self.next_seat_number)
        self.next_seat_number += 1
        return seat_id

    def _unique_name(self, name: str, exclude: Seat | None = None, session: Session | None = None) -> str:
        """``name`` numbered if a seat has it, or if a seat is kept for one of that name
        (``Seat.kept_for``) who is not ``session``."""
        taken = [s.name for s in self.seats if s is not exclude]
        taken += [s.left_by.name for s in self.seats if s.left_by is not None and s.kept_for(session)]
        return unique_name(name, taken, protocol.MAX_NAME)

    def spectator_name(self, session: Session) -> str:
        """The name a watcher's chat goes under: never a seat's (found play-testing: a watcher
        named as a player chatted as them)."""
        return self._unique_name(session.name, session=session)

    def add_player(self, session: Session, instead_of: Seat | None = None) -> Seat:
        seat = self._sit(session, instead_of)
        self._joined(session, "player", seat.id)
        return seat

    def open_with(self, session: Session, bots: int) -> None:
        """The person who opened the room sits in its first seat and hosts it, then come the bots
        they asked for, of the room's level (found play-testing: bots seated first put the host
        in the fifth seat of eight; friends joining later take the next empty seats)."""
        self.host = session  # (a program that plays by itself hosts the table it opens, too)
        seat = self._sit(session)
        for _ in range(bots):
            self.add_bot(self.settings.bot_level)
        self._joined(session, "player", seat.id)

    def _sit(self, session: Session, instead_of: Seat | None = None) -> Seat:
        """``session`` takes a seat (told nobody yet: ``_joined``): the place of the bot
        ``instead_of`` if that is still a bot's here, else a free one, else the last bot's."""
        if self.started or (self.game is not None and self.game.outcome() is None):
            raise errors.AlreadyStarted("the match has started: watch it, or wait")
        place = len(self.seats)
        name = self._unique_name(session.name, session=session)  # (before a seat left is removed)
        if instead_of is not None and instead_of.kind == "bot" and instead_of in self.seats:
            place = self.seats.index(instead_of)  # (Seat compares by identity)
            self.seats.remove(instead_of)
        elif len(self.seats) >= self.settings.max_seats:
            # before the start, one arriving sends the last bot at the room's level away (found play-testing)
            level = self.settings.bot_level
            bots = sorted((s for s in self.seats if s.kind == "bot"), key=lambda s: s.level == level)
            if not bots:
                raise errors.RoomFull("every seat is taken")
            # (in its place: found play-testing, Eve, seated at a match's end, was listed last,
            # and the rematch then dealt her into the bot's place)
            place = self.seats.index(bots[-1])
            self.seats.remove(bots[-1])
        if session in self.spectators:  # a spectator sitting down
            self.spectators.remove(session)
            self._drop_from_queue(session)
        seat = Seat(self._new_seat_id(), name, "human", session=session)
        self.seats.insert(place, seat)
        session.room, session.seat = self, seat
        self.host_if_none_here(session)
        log.info("room %s: %s sits at seat %s", self.id, seat.name, seat.id)
        return seat

    def add_spectator(self, session: Session) -> None:
        self.spectators.append(session)
        session.room, session.seat = self, None
        self._joined(session, "spectator", None)

    def _joined(self, session: Session, role: str, seat_id: str | None) -> None:
        if session.peer is not None:
            session.peer.send(protocol.Joined(room=self.info(), role=protocol.RoomRole(role), seat=seat_id))
            history = self.publisher.history_for(seat_id)
            if (history.events or history.chat) and not self.came_after_the_match(seat_id):
                session.peer.send(history)
        self.broadcast_room()
        self._watch_abandonment()
        if self.game is not None:
            self.send_view(session)

    def came_after_the_match(self, seat_id: str | None) -> bool:
        """Whether seat ``seat_id`` was taken after the match of ``game`` ended: nothing of it is for
        its person (found play-testing: a newcomer read "Ben was marked away…", of the match before)."""
        return seat_id is not None and self.game is not None and seat_id not in self.game.seats

    def add_bot(self, level: str) -> Seat:
        if self.started:
            raise errors.AlreadyStarted("bots are added before the start")
        if len(self.seats) >= self.settings.max_seats:
            raise errors.RoomFull("every seat is taken")
        # (the first number free: found play-testing, "Bot 2 2")
        taken = {s.name for s in self.seats} | self.bots_played
        name = next(f"Bot {n}" for n in range(1, len(taken) + 2) if f"Bot {n}" not in taken)
        seat = Seat(self._new_seat_id(), name, "bot", level=level)
        self.seats.append(seat)
        return seat

    def set_bot_level(self, seat_id: str, level: str) -> None:
        """Host only, before the start or between matches (for the next): the level of one bot (the
        others keep theirs)."""
        if self.started:
            raise errors.AlreadyStarted("bots change before the start")
        seat = self._seat_by_id(seat_id)
        if seat.kind != "bot":
            raise errors.NotABot("that seat is not a bot's")
        seat.level = level
        self.broadcast_room()

    def remove_seat(self, seat_id: str) -> None:
        """Host only, before the start: remove a bot, or a person who dropped."""
        if self.started:
            raise errors.AlreadyStarted("seats are removed before the start")
        seat = self._seat_by_id(seat_id)
        if seat.kind == "human" and seat.connected:
            raise errors.NoSuchSeat("only bots and dropped players can be removed")
        self.seats.remove(seat)
        self.removed += 1
        if seat.session is not None:
            self.server.release(seat.session)
        self._seat_waiting()
        self.broadcast_room()

    # ---- late arrivals: spectators who wait for a seat (server/seatline.py)

    @abstractmethod
    def _seat_waiting(self, hand_starts: bool = False) -> bool:
        """Seat whoever in the line can sit now; whether anyone sat."""

    @abstractmethod
    def _drop_from_queue(self, session: Session) -> None:
        """``session`` leaves the line (the others told their places)."""

    @abstractmethod
    def _tell_queue(self, only: Session | None = None) -> None:
        """Each spectator in the line (or ``only`` that one) learns their place and future seat."""

    def _bot_in_place(self, seat: Seat) -> None:
        """A bot of the room's level plays ``seat`` in its person's place, named after them ("Kim
        (bot)"), a seat they take first if they come back (a leave, or a drop past a match's end;
        found re-checking: a leave's bot played at "normal" among hard bots)."""
        seat.left_by = seat.session
        seat.kind, seat.session, seat.away, seat.level = "bot", None, False, self.settings.bot_level
        seat.name = self._unique_name(protocol.left_seat_name(seat.name), exclude=seat)

    def leave(self, session: Session, reason: str = "left") -> None:
        """A deliberate leave: a seat goes to a bot during a match, or is freed before it."""
        seat = self.seat_of(session)
        if seat is not None:
            if self.started:
                seat_changes_hands(self.game, seat)
                self._bot_in_place(seat)
                self._schedule(turn_changed=False)  # the bot plays a turn it is on at once
            else:
                self.seats.remove(seat)
        elif session in self.spectators:
            self.spectators.remove(session)
            self._drop_from_queue(session)
        session.room, session.seat = None, None
        if session.peer is not None:
            session.peer.send(protocol.Left(reason=protocol.LeftReason(reason)))
        log.info("room %s: %s leaves (%s)", self.id, session.name, reason)
        self._after_membership_change(session)  # (first: the host's role to one at the table, as
        # the leave question says, not to the line's first, seated below: found play-testing)
        if self._seat_waiting():  # the seat left (a bot's now, or free) may be someone's turn
            self.broadcast_room()
        elif self.started and seat is not None:  # (taken at the next hand: who will, told so)
            self._tell_queue()

    def disconnected(self, session: Session, silent_since: float | None = None) -> None:
        """A person's connection dropped (last heard from at ``silent_since``). A seat is kept for
        them; a spectator is gone."""
        if session in self.spectators:
            self.spectators.remove(session)
            self._drop_from_queue(session)
            session.room = None
        self._after_membership_change(session)
        if self.started:
            before = self.clock.deadline
            self._schedule(turn_changed=False)
            if self.clock.deadline != before:  # (its turn waits less now: every clock shows it)
                self._send_views()

    def reconnected(self, session: Session) -> None:
        seat = self.seat_of(session)
        if seat is None:
            if session in self.spectators:  # a spectator's new connection replaced the old one
                self._joined(session, "spectator", None)
            return
        # (An away seat stays away: a client reconnects by itself, after a dropped link or a
        # server's restart, with nobody at the keyboard. Its person's first key says "back".)
        seat.timeouts = 0
        if session is self.host_dropped:  # (found play-testing: Bob's table, after his client
            self.host, self.host_dropped = session, None  # crashed, was Alice's for good)
        waiting = self.clock.waiting()
        extended = False
        if self.started:
            before = self.clock.deadline
            self._schedule(turn_changed=False)  # first: the view carries the deadline
            extended = (not seat.away and self._time_to_look(seat)) or self.clock.deadline != before
        else:  # (the last one back early at a match's end: the rematch's wait counts from now)
            self.clock.start()
        self._joined(session, "player", seat.id)
        # The last one back after a restart, or a turn given time back: the others' clocks show it
        if extended or (waiting and self.clock.hold_until is None):
            self._send_views(exclude=session)

    def _send_views(self, exclude: Session | None = None) -> None:
        for session in list(self.members()):
            if session is not exclude:
                self.send_view(session)

    def _time_to_look(self, seat: Seat) -> bool:
        """Back on its own turn with less than ``comeback_turn_left`` seconds to go (a crashed
        terminal started again), the seat gets that long (at most a turn), to see the table; whether
        the deadline moved. (The rest is kept: a turn gets it once, so reconnecting stalls nobody.)"""
        look = min(self.config.comeback_turn_left, self.settings.turn_timeout)
        return self.game is not None and self.game.current == seat.id and self.clock.at_least(look)

    def _after_membership_change(self, session: Session) -> None:
        if self.host is session and (session.room is not self or session.peer is None):
            first = self.host_dropped  # (the first host gone keeps the claim: found play-testing,
            if first is None or first.room is not self:  # the second host's drop took it for good)
                self.host_dropped = session if session.room is self else None
            self._pick_new_host(exclude=session)
        if not any(s.kind == "human" for s in self.seats) and not self.spectators:
            self.close()
            return
        self.broadcast_room()
        self._watch_abandonment()

    def _watch_abandonment(self) -> None:
        """A room whose people have all dropped closes unless one comes back or someone joins:
        after ``abandoned_room_grace`` with no match on, after ``abandoned_match_grace`` during
        one (its seats wait that long). Rooms of connections that never return must not fill
        the server (its rooms are limited), not even with a match of bots and a long clock."""
        abandoned = (not self.spectators and bool(self.humans())
                     and not any(seat.connected for seat in self.humans()))
        clock = self.clock
        if not abandoned:
            clock.abandoned_at = None
        elif clock.abandoned_at is None:
            config = self.config
            grace = config.abandoned_match_grace if self.started else config.abandoned_room_grace
            clock.abandoned_at = trio.current_time() + grace
            clock.wake_if_sooner()

    def host_if_none_here(self, session: Session) -> None:
        """One sitting down hosts a table that has no host, or whose host is not connected (found
        play-testing: Obs, the host of a waiting room, quit, and Ben, who sat down there, read
        "Waiting for Obs to start…" for minutes). A host who dropped (``host_dropped``) gets the
        role back on coming back; a program that plays by itself (``uno bots``) takes none."""
        if not session.bot and (self.host is None or self.host.peer is None):
            self.host = session

    def _pick_new_host(self, exclude: Session) -> None:
        """The host's role, from ``exclude``, to ``next_host``; a person's table whose people have
        all gone keeps none until one sits down."""
        chosen = next_host(self.seats, exclude)
        if chosen is not None or (self.host is exclude and exclude.room is not self):
            self.host = chosen

    def close(self, tell: bool = True) -> None:
        if self.closed:
            return
        self.closed = True
        for session in self.spectators + [s.session for s in self.seats if s.session is not None]:
            session.room, session.seat = None, None
            if session.peer is None:
                self.server.release(session)  # dropped: their token has nothing to resume now
            elif tell:
                session.peer.send(protocol.Left(reason=protocol.LeftReason.ROOM_CLOSED))
        self.server.room_closed(self)
        self.clock.wake()
        log.info("room %s closed", self.id)

    # ------------------------------------------------------------------ host commands

    def check_host(self, session: Session) -> None:
        if self.host is not session:
            raise errors.NotHost("only the room's host may do that")

    def set_rules(self, preset: str, overrides: dict[str, Any], turn_timeout: float | None,
                  bot_delay: float | None, bot_level: str | None = None,
                  late_join: str | None = None) -> None:
        if self.started:
            raise errors.AlreadyStarted("rules change before the start")
        old = self.settings
        self.settings = old.changed(preset, overrides, turn_timeout=turn_timeout, bot_delay=bot_delay,
                                    bot_level=bot_level, late_join=late_join)
        self.rules = self.settings.rules()
        if not self.settings.plays_as(old):  # (the same rules applied again withdraw nothing)
            host = self.seat_of(self.host) if self.host is not None else None
            self.votes.keep_only(None if host is None else host.id)
            self._votes_withdrawn()
        self.broadcast_room()

    def _votes_withdrawn(self) -> None:
        """Rematch acceptances were withdrawn: with none left, its countdown (which runs from the
        first yes) stops, and the next first yes starts a whole one (found re-checking: a yes
        withdrawn left "accepted by ;" with the countdown running for nobody's yes)."""
        if not self.votes.accepted:
            self.clock.rematch_at = None

    def _audience(self) -> Iterable[tuple[Session, str | None]]:
        """The members, with their seats; not one whose connection has yet to be told it
        joined (a room restored while its people came back: each is told in turn, and its
        ``joined`` brings what the others were sent before it)."""
        for seat in self.seats:
            if seat.session is not None and _joined_or_gone(seat.session):
                yield seat.session, seat.id
        for session in self.spectators:
            if _joined_or_gone(session):
                yield session, None

    def members(self) -> Iterable[Session]:
        return (session for session, _ in self._audience())

    # ------------------------------------------------------------------ messages to members

    def broadcast_room(self) -> None:
        if self.closed:
            return
        self._save()  # every change to seats, settings or the host is announced here
        update = protocol.RoomUpdate(room=self.info())
        for session in self.members():
            if session.peer is not None:
                session.peer.send(update)


def _joined_or_gone(session: Session) -> bool:
    """Whether ``session``'s connection (if any) has joined the room: a member's messages are
    for it (one without a connection is sent nothing, but still counts)."""
    return session.peer is None or session.peer.in_room
