"""A room: its seats, its settings, its match, and the clock that drives bots and turn timeouts.

All methods but ``run`` are synchronous and run on the server's one trio thread, so a room's
state changes atomically between checkpoints. ``run`` is the room's timer task: it sleeps until
the next thing due (a bot's move, a turn deadline, the next hand) and does it.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgpack
import trio

import engine
from engine import Game, RuleError, RuleSet
from engine.bots import choose_action, stand_in
from engine.events import HandEnded, HandStarted, MatchEnded, StandIn, TurnStarted, is_public
from protocol import (
    HISTORY_BATCHES,
    HISTORY_CHAT,
    MAX_MESSAGE_BYTES,
    Act,
    ChatLine,
    ChatMsg,
    Error,
    History,
    Joined,
    Left,
    ProtocolError,
    Queued,
    RoomInfo,
    RoomSummary,
    RoomUpdate,
    SeatInfo,
    ViewMsg,
    codec,
)

from . import errors
from .errors import Refused
from .journal import JournaledGame

if TYPE_CHECKING:
    from .app import Session, UnoServer

log = logging.getLogger("uno.server")


@dataclass(eq=False)
class Seat:
    """A seat at the table: a person (``session``) or a bot."""

    id: str
    name: str
    kind: str  # "human" or "bot"
    level: str = "normal"  # the bot's level; for people, the level that plays when they can't
    session: Session | None = None
    away: bool = False
    timeouts: int = 0

    @property
    def connected(self) -> bool:
        return self.kind == "bot" or (self.session is not None and self.session.peer is not None)

    @property
    def bot_plays(self) -> bool:
        """Whether this seat's turns are played without waiting: by its bot, or by the stand-in
        of its person, who is away."""
        return self.kind == "bot" or self.away


@dataclass
class RoomSettings:
    name: str
    preset: str = "official"
    overrides: dict[str, Any] = field(default_factory=dict)
    max_seats: int = 4
    turn_timeout: float = 30.0
    bot_delay: float = 1.0
    password: str | None = None
    bot_level: str = "normal"  # the level of the bots that fill empty seats at the start
    late_join: str = "now"  # a late arrival takes a bot's seat "now" or at the "next_hand"

    def rules(self) -> RuleSet:
        """The preset with the overrides applied; overrides are wire values (as in
        ``RuleSet.to_dict``: ``"wild_draw_four": "strict"``)."""
        try:
            base = engine.PRESETS[self.preset]
            return RuleSet.from_dict({**base.to_dict(), **self.overrides})
        except (KeyError, TypeError, ValueError) as exc:
            raise Refused(errors.BAD_RULES, f"bad rules: {exc}") from None


class Room:
    def __init__(self, server: UnoServer, room_id: str, settings: RoomSettings) -> None:
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
        self.game: Game | None = None
        self.closed = False
        self._next_seat_number = 1
        seed = server.config.seed
        self._bot_rng = random.Random(None if seed is None else f"{seed}/bots/{room_id}")
        self._deadline: float | None = None  # the current human turn's deadline (trio time)
        self._bot_due: float | None = None  # when bots (and away seats) act next
        self._next_hand_at: float | None = None
        self._wake = trio.Event()
        self._asleep_until = -math.inf  # when the timer task wakes by itself (inf: never)
        self._version = 0  # counts applied changes
        self._bots_checked = -1  # the version at which off-turn bots last had their say
        self._hold_until: float | None = None  # after a restart: clocks wait for people to return
        self._abandoned_at: float | None = None  # everybody dropped: close then
        self.origin: str | None = None  # the address of the client that created it, if one did
        # What newcomers and returners are shown of the recent past (``history``): the last
        # changes at the table (unredacted: each reader gets them redacted) and the last chat.
        self._recent_events: deque[list[engine.Event]] = deque(maxlen=HISTORY_BATCHES)
        self._recent_names: deque[dict[str, str]] = deque(maxlen=HISTORY_BATCHES)  # who sat where then
        self._recent_chat: deque[ChatLine] = deque(maxlen=HISTORY_CHAT)

    # ------------------------------------------------------------------ queries

    @property
    def started(self) -> bool:
        return self.game is not None and self.game.outcome() is None

    @property
    def config(self) -> Any:
        return self.server.config

    def seat_of(self, session: Session) -> Seat | None:
        for seat in self.seats:
            if seat.session is session:
                return seat
        return None

    def _seat_by_id(self, seat_id: str) -> Seat:
        for seat in self.seats:
            if seat.id == seat_id:
                return seat
        raise Refused(errors.NO_SUCH_SEAT, f"no seat {seat_id!r} in this room")

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.kind == "human"]

    def summary(self) -> RoomSummary:
        return RoomSummary(
            id=self.id, name=self.settings.name, host=self._host_name(),
            players=len(self.humans()), seats=self.settings.max_seats,
            bots=len(self.seats) - len(self.humans()), spectators=len(self.spectators),
            preset=self.settings.preset, started=self.started,
            password=self.settings.password is not None, rules=self.rules.to_dict(),
            turn_timeout=self.settings.turn_timeout,
        )

    def info(self) -> RoomInfo:
        host_seat = self.seat_of(self.host) if self.host is not None else None
        return RoomInfo(
            id=self.id, name=self.settings.name, host=self._host_name(),
            host_seat=None if host_seat is None else host_seat.id,
            max_seats=self.settings.max_seats,
            seats=tuple(
                SeatInfo(seat=s.id, name=s.name, kind=s.kind,
                         level=s.level if s.kind == "bot" else None,
                         connected=s.connected, away=s.away)
                for s in self.seats
            ),
            spectators=len(self.spectators), preset=self.settings.preset,
            rules=self.rules.to_dict(), turn_timeout=self.settings.turn_timeout,
            bot_delay=self.settings.bot_delay, password=self.settings.password is not None,
            started=self.started, bot_level=self.settings.bot_level,
            late_join=self.settings.late_join, queue=len(self.queue),
        )

    def _host_name(self) -> str:
        return self.host.name if self.host is not None else "-"

    # ------------------------------------------------------------------ membership

    def _new_seat_id(self) -> str:
        seat_id = str(self._next_seat_number)
        self._next_seat_number += 1
        return seat_id

    def _unique_name(self, name: str, exclude: Seat | None = None) -> str:
        taken = {s.name for s in self.seats if s is not exclude}
        if name not in taken:
            return name
        for n in range(2, 100):
            candidate = f"{name[:21]} {n}"
            if candidate not in taken:
                return candidate
        return name

    def add_player(self, session: Session) -> Seat:
        if self.started or (self.game is not None and self.game.outcome() is None):
            raise Refused(errors.ALREADY_STARTED, "the match has started: watch it, or wait")
        if len(self.seats) >= self.settings.max_seats:
            bots = [s for s in self.seats if s.kind == "bot"]
            if not bots:
                raise Refused(errors.ROOM_FULL, "every seat is taken")
            self.seats.remove(bots[-1])  # before the start, a person arriving sends a bot away
        if session in self.spectators:  # a spectator sitting down
            self.spectators.remove(session)
            self._drop_from_queue(session)
        seat = Seat(self._new_seat_id(), self._unique_name(session.name), "human", session=session)
        self.seats.append(seat)
        session.room, session.seat = self, seat
        if self.host is None:
            self.host = session
        self._joined(session, "player", seat.id)
        log.info("room %s: %s sits at seat %s", self.id, seat.name, seat.id)
        return seat

    def add_spectator(self, session: Session) -> None:
        self.spectators.append(session)
        session.room, session.seat = self, None
        self._joined(session, "spectator", None)

    def _joined(self, session: Session, role: str, seat_id: str | None) -> None:
        if session.peer is not None:
            session.peer.send(Joined(room=self.info(), role=role, seat=seat_id))
            history = self.history_for(seat_id)
            if history.events or history.chat:
                session.peer.send(history)
        self.broadcast_room()
        self._watch_abandonment()
        if self.game is not None:
            self.send_view(session)

    def add_bot(self, level: str) -> Seat:
        if self.started:
            raise Refused(errors.ALREADY_STARTED, "bots are added before the start")
        if len(self.seats) >= self.settings.max_seats:
            raise Refused(errors.ROOM_FULL, "every seat is taken")
        number = sum(1 for s in self.seats if s.kind == "bot") + 1
        seat = Seat(self._new_seat_id(), self._unique_name(f"Bot {number}"), "bot", level=level)
        self.seats.append(seat)
        return seat

    def remove_seat(self, seat_id: str) -> None:
        """Host only, before the start: remove a bot, or a person who dropped."""
        if self.started:
            raise Refused(errors.ALREADY_STARTED, "seats are removed before the start")
        seat = self._seat_by_id(seat_id)
        if seat.kind == "human" and seat.connected:
            raise Refused(errors.NO_SUCH_SEAT, "only bots and dropped players can be removed")
        self.seats.remove(seat)
        if seat.session is not None:
            self.server.release(seat.session)
        self._seat_waiting()
        self.broadcast_room()

    # ---- late arrivals: spectators who wait for a seat

    def take_seat(self, session: Session, seat_id: str | None, cancel: bool) -> None:
        """A spectator asks for a seat (``seat_id``: that bot's); or, with ``cancel``, leaves
        the line. Seated at once when the room allows it, else queued (and told where)."""
        if session not in self.spectators:
            raise Refused(errors.NO_SUCH_SEAT, "only a spectator can ask for a seat")
        queued = [i for i, entry in enumerate(self.queue) if entry[0] is session]
        if cancel:
            if session.peer is not None:
                session.peer.send(Queued(position=0))
            if queued:  # (a repeated request changes nothing and tells nobody else)
                self._drop_from_queue(session)
                self.broadcast_room()
            return
        if seat_id is not None and self._seat_by_id(seat_id).kind != "bot":
            raise Refused(errors.NO_SUCH_SEAT, "that seat is not a bot's")
        if queued and self.queue[queued[0]][1] == seat_id:
            self._tell_queue(only=session)  # asked again: where they are, to them alone
            return
        if queued:
            self.queue[queued[0]] = (session, seat_id)
        else:
            self.queue.append((session, seat_id))
        log.info("room %s: %s asks for a seat", self.id, session.name)
        if not self._seat_waiting():
            self._tell_queue()
            self.broadcast_room()

    def _drop_from_queue(self, session: Session) -> None:
        before = len(self.queue)
        self.queue = [entry for entry in self.queue if entry[0] is not session]
        if len(self.queue) != before:
            self._tell_queue()

    def _takeable(self) -> list[Seat]:
        """The seats a late arrival may take over during a match: the bots' (never the seat of
        a person who is away or disconnected: that seat waits for them)."""
        game = self.game
        return [s for s in self.seats if s.kind == "bot" and game is not None and s.id in game.seats]

    def _plan(self) -> list[tuple[Session, Seat]]:
        """Who in the line would sit where now, in order: each takes the bot's seat it asked for
        if that one is still free, else the first free one."""
        free = self._takeable()
        plan = []
        for session, wanted in self.queue:
            if not free:
                break
            seat = next((s for s in free if s.id == wanted), free[0])
            free.remove(seat)
            plan.append((session, seat))
        return plan

    def _seat_waiting(self, hand_starts: bool = False) -> bool:
        """Seat whoever in the line can sit now; whether anyone sat. Before a match (or between
        two) they take free seats; during one, bots' seats, at once or (``late_join`` is
        ``next_hand``) only as a hand is dealt (``hand_starts``)."""
        if self.closed or not self.queue:
            return False
        seated = False
        if not self.started:
            while self.queue and (len(self.seats) < self.settings.max_seats
                                  or any(s.kind == "bot" for s in self.seats)):
                session, _ = self.queue[0]
                self.add_player(session)  # takes it off the line and out of the spectators
                seated = True
        elif hand_starts or self.settings.late_join == "now":
            for session, seat in self._plan():
                self._take_over(session, seat)
                seated = True
        if seated:
            self._tell_queue()
        return seated

    def _take_over(self, session: Session, seat: Seat) -> None:
        """A late arrival sits in a bot's seat, with its cards and points, in the match on."""
        self.spectators.remove(session)
        self.queue = [entry for entry in self.queue if entry[0] is not session]
        old_name = seat.name
        seat.kind, seat.session, seat.away, seat.timeouts = "human", session, False, 0
        seat.name = self._unique_name(session.name, exclude=seat)
        session.room, session.seat = self, seat
        log.info("room %s: %s takes over seat %s from %s", self.id, seat.name, seat.id, old_name)
        self._schedule(turn_changed=False)  # first: the view carries the seat's deadline
        self._joined(session, "player", seat.id)

    def _tell_queue(self, only: Session | None = None) -> None:
        """Each spectator in the line (or ``only`` that one) learns their place, and the seat
        they will get."""
        reserved = ({session: seat.id for session, seat in self._plan()}
                    if self.started else {})
        for position, (session, _) in enumerate(self.queue, start=1):
            if session.peer is not None and only in (None, session):
                session.peer.send(Queued(position=position, seat=reserved.get(session)))

    def leave(self, session: Session, reason: str = "left") -> None:
        """A deliberate leave: a seat goes to a bot during a match, or is freed before it."""
        seat = self.seat_of(session)
        if seat is not None:
            if self.started:
                seat.kind, seat.session, seat.away = "bot", None, False
                seat.name = self._unique_name(f"{seat.name[:18]} (bot)")
                self._schedule(turn_changed=False)  # the bot plays a turn it is on at once
            else:
                self.seats.remove(seat)
        elif session in self.spectators:
            self.spectators.remove(session)
            self._drop_from_queue(session)
        session.room, session.seat = None, None
        if session.peer is not None:
            session.peer.send(Left(reason=reason))
        log.info("room %s: %s leaves (%s)", self.id, session.name, reason)
        self._seat_waiting()  # the seat left (a bot's now, or free) may be someone's turn
        self._after_membership_change(session)

    def disconnected(self, session: Session) -> None:
        """A person's connection dropped. A seat is kept for them; a spectator is gone."""
        if session in self.spectators:
            self.spectators.remove(session)
            self._drop_from_queue(session)
            session.room = None
        self._after_membership_change(session)
        if self.started:
            self._schedule(turn_changed=False)

    def reconnected(self, session: Session) -> None:
        seat = self.seat_of(session)
        if seat is None:
            if session in self.spectators:  # a spectator's new connection replaced the old one
                self._joined(session, "spectator", None)
            return
        seat.away = False
        seat.timeouts = 0
        waiting = self._hold_until is not None and trio.current_time() < self._hold_until
        if self.started:
            self._schedule(turn_changed=False)  # first: the view carries the deadline
        self._joined(session, "player", seat.id)
        if waiting and self._hold_until is None:  # the last one back after a restart: the
            self._send_views(exclude=session)  # clock runs from now; tell the others

    def _after_membership_change(self, session: Session) -> None:
        if self.host is session and (session.room is not self or session.peer is None):
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
        if not abandoned:
            self._abandoned_at = None
        elif self._abandoned_at is None:
            config = self.config
            grace = config.abandoned_match_grace if self.started else config.abandoned_room_grace
            self._abandoned_at = trio.current_time() + grace
            self._wake_if_sooner()

    def _pick_new_host(self, exclude: Session) -> None:
        for seat in self.seats:
            if seat.kind == "human" and seat.session is not exclude and seat.connected:
                self.host = seat.session
                return
        if self.host is exclude and exclude.room is not self:
            self.host = None

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for session in self.spectators + [s.session for s in self.seats if s.session is not None]:
            session.room, session.seat = None, None
            if session.peer is not None:
                session.peer.send(Left(reason="room_closed"))
            else:
                self.server.release(session)  # dropped: their token has nothing to resume now
        self.server.room_closed(self)
        self._wake.set()
        log.info("room %s closed", self.id)

    # ------------------------------------------------------------------ host commands

    def check_host(self, session: Session) -> None:
        if self.host is not session:
            raise Refused(errors.NOT_HOST, "only the room's host may do that")

    def set_rules(self, preset: str, overrides: dict[str, Any], turn_timeout: float | None,
                  bot_delay: float | None, bot_level: str | None = None,
                  late_join: str | None = None) -> None:
        if self.started:
            raise Refused(errors.ALREADY_STARTED, "rules change before the start")
        settings = dataclasses.replace(self.settings, preset=preset, overrides=dict(overrides))
        self.rules = settings.rules()
        if turn_timeout is not None:
            settings.turn_timeout = turn_timeout
        if bot_delay is not None:
            settings.bot_delay = bot_delay
        if bot_level is not None:
            settings.bot_level = bot_level
        if late_join is not None:
            settings.late_join = late_join
        self.settings = settings
        self.broadcast_room()

    def start(self, fill: bool = False) -> None:
        """Start a match; with ``fill``, bots of the room's level take the empty seats first."""
        if self.started:
            raise Refused(errors.ALREADY_STARTED, "the match is already on")
        self._seat_waiting()  # people waiting for a seat come before bots
        while fill and len(self.seats) < self.settings.max_seats:
            self.add_bot(self.settings.bot_level)
        if len(self.seats) < 2:
            raise Refused(errors.NOT_ENOUGH_PLAYERS, "a match needs at least 2 players: add a bot")
        for seat in self.seats:
            seat.away, seat.timeouts = False, 0
        # KeyedRandom unless a seed or a test says otherwise: nobody can predict it, and a snapshot
        # keeps it (the store replays moves).
        rng = self.config.deal_random(self.id)
        self.game = JournaledGame([s.id for s in self.seats], self.rules, rng)
        log.info("room %s: match starts with %d seats", self.id, len(self.seats))
        self._schedule(turn_changed=True)  # first: the views carry the first turn's deadline
        self.broadcast_room()
        self._publish(self.game.deal_events, with_view=False)  # the deal, for the log...
        for session in self.members():  # ...then the full view, as when anyone sits down
            self.send_view(session)
        self._log_events(self.game.deal_events)

    # ------------------------------------------------------------------ play

    def act(self, session: Session, act: Act) -> None:
        """A person's move: checked by the engine for their own seat only."""
        seat = self.seat_of(session)
        game = self.game
        if seat is None or game is None or seat.id not in game.seats:  # (joined after that match)
            raise Refused(errors.NOT_STARTED, "there is no game to play here")
        action = codec.action_from_act(act, seat.id)
        self.mark_present(seat)
        events = game.apply(action)  # raises RuleError: nothing changed
        turn_changed = any(isinstance(e, TurnStarted) for e in events)
        self._after_events(events, turn_changed)

    def mark_present(self, seat: Seat) -> None:
        """The person at ``seat`` did something: they are not away (any more). If the stand-in
        has not played the turn they are on yet, it is theirs again, with a full clock."""
        seat.timeouts = 0
        if not seat.away:
            return
        seat.away = False
        log.info("room %s: seat %s is back", self.id, seat.id)
        self._schedule(turn_changed=False)  # first: what follows carries the new deadline
        self.broadcast_room()
        game = self.game
        if self.started and game is not None and game.current == seat.id:
            for session in self.members():  # everybody's clock shows the new deadline
                self.send_view(session)

    def _publish(self, events: list[engine.Event], *, with_view: bool = True) -> None:
        """Send each member the events redacted for their seat, with their view after them
        (which their connection sends as the changes since the last one)."""
        if events:
            self._recent_events.append(events)
            self._recent_names.append({seat.id: seat.name for seat in self.seats})
        deadline = self.deadline_remaining()
        game = self.game
        assert game is not None
        current = game.current
        audience = [(peer, seat_id) for session, seat_id in self._audience()
                    if (peer := session.peer) is not None]
        views = (codec.seat_views_to_wire(game, [seat_id for _, seat_id in audience])
                 if with_view else [None] * len(audience))
        if all(map(is_public, events)):  # the usual case: the same events for everybody
            shared = tuple(map(codec.event_to_wire, events))
            for (peer, _), view in zip(audience, views, strict=True):
                peer.send_events(shared, current, deadline, view)
            return
        encoded: dict[int, dict[str, Any]] = {}  # public events are encoded once for everybody
        keep_alive = []  # so that ids in ``encoded`` stay unique
        for (peer, seat_id), view in zip(audience, views, strict=True):
            wired = []
            for event in events:
                redacted = event.for_seat(seat_id)
                wire = encoded.get(id(redacted))
                if wire is None:
                    wire = encoded[id(redacted)] = codec.event_to_wire(redacted)
                    keep_alive.append(redacted)
                wired.append(wire)
            peer.send_events(tuple(wired), current, deadline, view)

    def _audience(self) -> Iterable[tuple[Session, str | None]]:
        for seat in self.seats:
            if seat.session is not None:
                yield seat.session, seat.id
        for session in self.spectators:
            yield session, None

    def members(self) -> Iterable[Session]:
        return (session for session, _ in self._audience())

    def send_view(self, session: Session) -> None:
        if self.game is None or session.peer is None:
            return
        seat = self.seat_of(session)
        if seat is not None and seat.id not in self.game.seats:
            return  # joined after that match: nothing of it to show
        view = self.game.view(None if seat is None else seat.id)
        session.peer.send(ViewMsg(view=codec.view_to_wire(view), deadline=self.deadline_remaining()))

    def deadline_remaining(self) -> float | None:
        """Seconds left for the current turn; between hands, until the next deal (a countdown
        for the scores on screen). None when no clock runs (also while a restored room waits for
        its people: how long that lasts is not known yet)."""
        due = self._deadline if self._deadline is not None else self._next_hand_at
        if due is None or (self._hold_until is not None and self._held()):
            return None
        return round(max(0.0, due - trio.current_time()), 3)

    def _send_views(self, exclude: Session | None = None) -> None:
        for session in list(self.members()):
            if session is not exclude:
                self.send_view(session)

    def _after_events(self, events: list[engine.Event], turn_changed: bool) -> None:
        """After a change: work out what is due next, then tell everybody (with the deadline of
        the turn that follows)."""
        self._version += 1
        self._log_events(events)
        self._schedule(turn_changed)
        self._save()  # before the events go out: nobody sees a state the disk does not hold
        self._publish(events)
        if any(isinstance(e, MatchEnded) for e in events):
            self._match_over()

    def _log_events(self, events: list[engine.Event]) -> None:
        for e in events:
            if isinstance(e, HandStarted):
                log.info("room %s: hand %d starts, dealer %s", self.id, e.hand_number, e.dealer)
            elif isinstance(e, HandEnded):
                log.info("room %s: hand won by seat %s for %d points", self.id, e.winner, e.points)
            elif isinstance(e, MatchEnded):
                log.info("room %s: match won by seat %s, scores %s", self.id, e.winner, e.scores)

    def _match_over(self) -> None:
        """Seats of people who dropped are freed; everyone else stays for another match."""
        for seat in list(self.seats):
            if seat.kind == "human" and not seat.connected:
                self.seats.remove(seat)
                if seat.session is not None:
                    self.server.release(seat.session)
                    if self.host is seat.session:
                        self._pick_new_host(exclude=seat.session)
        if not self.humans() and not self.spectators:
            self.close()  # only bots are left
            return
        self._seat_waiting()  # between matches, those waiting take the free seats
        self.broadcast_room()

    # ------------------------------------------------------------------ time

    def _schedule(self, turn_changed: bool) -> None:
        """Work out what is due next after a change, and wake the timer task."""
        now = self._clock_start()
        game = self.game
        self._bot_due = None
        self._next_hand_at = None
        if game is None or game.outcome() is not None:
            self._deadline = None
        elif game.hand_outcome() is not None:
            self._deadline = None
            self._next_hand_at = now + self.config.next_hand_delay
        else:
            seat = self._seat_by_id(game.current)
            if seat.bot_plays:
                self._deadline = None
                # An away seat's stand-in takes a bot's time too: the table can follow it, and
                # its person, coming back meanwhile, gets the turn back.
                self._bot_due = now + self.settings.bot_delay
            else:
                timeout = self.settings.turn_timeout
                if not seat.connected and timeout <= 0:
                    timeout = self.config.disconnected_turn_timeout
                if timeout <= 0:
                    self._deadline = None  # e.g. a dropped seat came back to a room without timeouts
                elif turn_changed or self._deadline is None:
                    self._deadline = now + timeout
            if (self._bot_due is None and self._bots_checked != self._version
                    and self._off_turn_bot_moves()):
                self._bot_due = now + self.settings.bot_delay
        self._wake_if_sooner()

    def _wake_if_sooner(self) -> None:
        if self._next_due() < self._asleep_until:  # else it wakes in time anyway, and looks again
            self._wake.set()

    def _next_due(self) -> float:
        due = [t for t in (self._deadline, self._bot_due, self._next_hand_at, self._abandoned_at,
                           self._hold_until) if t is not None]
        return min(due, default=math.inf)

    def _held(self) -> bool:
        """Whether a restored room still waits for its people (see ``restored``)."""
        hold = self._hold_until
        return (hold is not None and trio.current_time() < hold
                and not all(seat.connected for seat in self.humans()))

    def _clock_start(self) -> float:
        """Now; or, while a restored room waits for its people (``restored``), the end of that
        wait: bots, turn clocks and the next deal count from there."""
        now = trio.current_time()
        hold = self._hold_until
        if hold is None:
            return now
        if not self._held():
            self._hold_until = None
            if now < hold:  # everybody is back early: the turn's clock starts now, not then
                self._deadline = None
            return now
        return hold

    def restored(self, grace: float) -> None:
        """The room was just rebuilt from disk, with everybody disconnected. Nothing moves until
        every person is back or ``grace`` seconds have passed; then the current turn gets a
        fresh, full turn timeout, and everybody at the table a ``view`` with that deadline.
        While the room waits, views show no deadline: the clock does not run."""
        self._hold_until = trio.current_time() + grace
        if self.game is not None:
            self._schedule(turn_changed=True)
        self._watch_abandonment()

    def _off_turn_bot_moves(self) -> bool:
        """Whether a bot may have something to do off its turn (a person's stand-in never has)."""
        game = self.game
        assert game is not None
        return any(seat.kind == "bot" and seat.id != game.current and game.legal_actions(seat.id)
                   for seat in self.seats)

    async def run(self) -> None:
        """The room's timer task: bots' moves, turn timeouts, the next hand."""
        while not self.closed:
            self._wake = trio.Event()
            self._asleep_until = self._next_due()
            with trio.move_on_at(self._asleep_until):
                await self._wake.wait()
            self._asleep_until = -math.inf  # (awake: ``_schedule`` needs no wake-up call)
            if self.closed:
                return
            try:
                self._tick(trio.current_time())
            except Exception:  # a bug here must not take the server down
                log.exception("room %s: error in the timer; closing the room", self.id)
                self.close()
                return
            await trio.sleep(0)

    def _tick(self, now: float) -> None:
        if self._abandoned_at is not None and now >= self._abandoned_at:
            log.info("room %s: nobody came back; closing it", self.id)
            self.close()
            return
        if self._hold_until is not None and now >= self._hold_until:  # the wait is over
            self._hold_until = None
            if self.game is not None:
                self._send_views()  # with the deadline of the turn that starts now
        game = self.game
        if game is None:
            return
        if self._next_hand_at is not None and now >= self._next_hand_at:
            self._next_hand_at = None
            self._seat_waiting(hand_starts=True)  # late arrivals sit down for the new deal
            events = game.next_hand()
            self._after_events(events, turn_changed=True)
            return
        if self._bot_due is not None and now >= self._bot_due:
            self._bot_due = None
            self._bots_move()
            return
        if self._deadline is not None and now >= self._deadline:
            self._deadline = None
            self._timed_out()

    def _bots_move(self) -> None:
        """The current seat's turn if a bot plays it (or the stand-in of an away person); else
        the bots may call UNO, catch or jump in."""
        game = self.game
        assert game is not None
        seat = self._seat_by_id(game.current)
        if seat.kind == "bot":
            self._bot_act(seat, on_turn=True)
            return
        if seat.away:
            self._stand_in(seat, "away")
            return
        for other in self.seats:
            if other.kind == "bot" and other.id != game.current and game.hand_outcome() is None:
                self._bot_act(other, on_turn=False)
        self._bots_checked = self._version  # bots that passed wait for the next change
        self._schedule(turn_changed=False)

    def _bot_act(self, seat: Seat, on_turn: bool) -> bool:
        game = self.game
        assert game is not None
        action = choose_action(seat.level, game.view(seat.id), self._bot_rng)
        if action is None:
            if on_turn:  # cannot happen with our bots; never leave a table stuck
                log.error("room %s: bot %s had no move", self.id, seat.id)
                action = next(iter(game.legal_actions(seat.id)))
            else:
                return False
        events = game.apply(action)
        self._after_events(events, any(isinstance(e, TurnStarted) for e in events))
        return True

    def _timed_out(self) -> None:
        """The current person let the deadline pass: the stand-in plays their turn for them."""
        game = self.game
        assert game is not None
        seat = self._seat_by_id(game.current)
        seat.timeouts += 1
        if seat.timeouts >= self.config.away_after and not seat.away:
            seat.away = True
            log.info("room %s: seat %s is away", self.id, seat.id)
            self.broadcast_room()
        self._stand_in(seat, "timeout")

    def _stand_in(self, seat: Seat, reason: str) -> None:
        """Play the rest of ``seat``'s turn with the stand-in (``engine.bots.stand_in``), and
        tell everybody at once, after a ``StandIn`` event that says so."""
        game = self.game
        assert game is not None
        events: list[engine.Event] = [StandIn(seat.id, reason)]
        turn_over = False
        for _ in range(20):  # a turn is at most a few moves (draw, then play or pass)
            view = game.view(seat.id)
            action = stand_in(view, self._bot_rng)
            if action is None:  # cannot happen on its turn; never leave a table stuck
                log.error("room %s: no stand-in move for seat %s", self.id, seat.id)
                action = view.legal[0]
            events += game.apply(action)
            turn_over = any(isinstance(e, TurnStarted) for e in events)
            if turn_over or game.hand_outcome() is not None or game.current != seat.id:
                break
        self._after_events(events, turn_over)

    # ------------------------------------------------------------------ the recent past

    def remember_chat(self, chat: ChatMsg) -> None:
        self._recent_chat.append(ChatLine(source=chat.source, text=chat.text))

    def history_for(self, seat_id: str | None) -> History:
        """The recent past as ``seat_id`` (None: a spectator) may see it, the oldest dropped
        until the message fits in one frame."""
        batches = [tuple(codec.event_to_wire(e.for_seat(seat_id)) for e in batch)
                   for batch in self._recent_events]
        names = list(self._recent_names)[-len(batches):] if batches else []
        names = [{}] * (len(batches) - len(names)) + names  # (both deques end with the newest)
        chat = list(self._recent_chat)
        history = History(events=tuple(batches), chat=tuple(chat), names=tuple(names))
        budget = MAX_MESSAGE_BYTES - 512  # room for the type and seq
        while len(msgpack.packb(history.to_wire())) > budget:
            if len(batches) >= len(chat):
                batches.pop(0)
                names.pop(0)
            else:
                chat.pop(0)
            history = History(events=tuple(batches), chat=tuple(chat), names=tuple(names))
        return history

    # ------------------------------------------------------------------ messages to members

    def broadcast_room(self) -> None:
        if self.closed:
            return
        self._save()  # every change to seats, settings or the host is announced here
        update = RoomUpdate(room=self.info())
        for session in self.members():
            if session.peer is not None:
                session.peer.send(update)


    def _save(self) -> None:
        """Write the room to the server's store (if it has one), before telling anybody."""
        store = self.server.store
        if store is not None and not self.closed:
            store.save_room(self)


def refusal(exc: RuleError | ProtocolError | Refused, ref: str) -> Error:
    """The ``error`` answering a refused request: every refusal carries a stable ``code``."""
    return Error(code=exc.code, message=str(exc)[:300], ref=ref)
