"""A room: its table (seats, people, host commands: server/table.py), what happens between two
matches (the rematch: server/between.py) and what drives its match:
the moves people send, bots and stand-ins (server/play.py), turn timeouts and the next hand on
its clock (server/clock.py), publishing every change (server/publish.py), and its record on disk
(``to_record``/``from_record``; server/persist.py keeps it).

All methods but ``run`` are synchronous and run on the server's one trio thread, so a room's
state changes atomically between checkpoints. ``run`` is the room's timer task: it sleeps until
the next thing due (a bot's move, a turn deadline, the next hand) and does it.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from typing import Any

import trio

import engine
from engine.actions import Catch, JumpIn
from engine.bots import thinks_in_thread
from engine.events import MatchEnded
from protocol import Act, UnoGrace, ViewMsg, codec

from . import errors, history, play, roomrecord
from .between import BetweenMatches
from .bots import MatchBots
from .clock import STALLED
from .grace import Grace
from .journal import JournaledGame
from .people import Seat, Session, seat_names
from .settings import RoomSettings
from .stats import Tally, by_player, rules_name
from .table import RoomOwner

log = logging.getLogger("uno.server")


class Room(BetweenMatches):
    def __init__(self, server: RoomOwner, room_id: str, settings: RoomSettings) -> None:
        super().__init__(server, room_id, settings)
        seed = server.config.seed
        self._bot_rng = random.Random(None if seed is None else f"{seed}/bots/{room_id}")
        self.bots = MatchBots(self._bot_rng)
        self._thoughts: list[tuple[str, bool]] = []  # (bot seat, on its turn) to think in a thread
        self._order_rng = random.Random(None if seed is None else f"{seed}/rematch/{room_id}")
        self._version = 0  # counts applied changes
        self._bots_checked = -1  # the version at which off-turn bots last had their say
        self.saved_turn_left: float | None = None  # a restored turn's seconds left (``restored``)
        self.tally = Tally()  # the statistics of the hand in play (server/stats.py)
        self.replays = history.RoomReplays()  # the finished hands of its match (get_replay)
        self.grace = Grace(self.clock, server.config.uno_grace)  # (server/grace.py)
        self.matches = 0  # matches started here (by this process): a seeded rematch deals anew
        self.time_added = 0.0  # seconds added to the pause before the next deal (``add_time``)

    def start(self, fill: bool = False, dealer: str | None = None) -> None:
        """Start a match; with ``fill``, bots of the room's level take the empty seats first.
        ``dealer``: the seat that deals the first hand (None: drawn at random, R4)."""
        if self.started:
            raise errors.AlreadyStarted("the match is already on")
        self.votes.clear()
        self.clock.rematch_at = None
        self.removed = 0
        if self.game is not None and self.game.outcome() is not None:
            self._free_dropped_seats(to_bots=fill)  # (after a match: as for a rematch)
        self._seat_waiting()  # people waiting for a seat come before bots
        while fill and len(self.seats) < self.settings.max_seats:
            self.add_bot(self.settings.bot_level)
        if len(self.seats) < 2:
            raise errors.NotEnoughPlayers("a match needs at least 2 players: add a bot")
        for seat in self.seats:  # (one away stays away, until back: its stand-in plays on; found
            seat.timeouts = 0  # play-testing, a new match waited on Ben away, and "Ben came back")
        # KeyedRandom unless a seed or a test says otherwise: nobody can predict it, and a snapshot
        # keeps it (the store replays moves).
        rng = self.config.deal_random(self.id, self.matches)
        self.matches += 1
        seats = [s.id for s in self.seats]
        self.bots_played.update(s.name for s in self.seats if s.kind == "bot")
        self.game = JournaledGame(seats, self.rules, rng, dealer=dealer if dealer in seats else None)
        self.bots.new_match(self.game, self._bot_levels(), [self.game.deal_events])
        self.replays.clear()
        log.info("room %s: match starts with %d seats", self.id, len(self.seats))
        self._schedule(turn_changed=True)  # first: the views carry the first turn's deadline
        self.broadcast_room()
        self._publish(self.game.deal_events, with_view=False)  # the deal, for the log...
        for session in self.members():  # ...then the full view, as when anyone sits down
            self.send_view(session)
        play.log_events(self.id, self.game, seat_names(self.seats), self.game.deal_events)

    def act(self, session: Session, act: Act) -> None:
        """A person's move: checked by the engine for their own seat only."""
        seat = self.seat_of(session)
        game = self.game
        if seat is None or game is None or seat.id not in game.seats:  # (joined after that match)
            raise errors.NotStarted("there is no game to play here")
        action = codec.action_from_act(act, seat.id)
        if isinstance(action, Catch):
            left = self.grace.shields(action.target, trio.current_time())
            if left is not None:
                raise errors.CatchTooEarly(f"too early: they may still say UNO for {left:.2f} s")
            if game.uno_open != action.target and self.grace.crossed(action.target, trio.current_time()):
                raise errors.CatchTooLate("too late: they said UNO, or the next player moved, just before")
        self.mark_present(seat)
        events = game.apply(action)  # raises RuleError: nothing changed
        self._after_events(events, play.turn_changed(events))

    def mark_present(self, seat: Seat) -> None:
        """The person at ``seat`` did something: they are not away (any more). If the stand-in
        has not played the turn they are on yet, it is theirs again, with a full clock."""
        seat.timeouts = 0
        if not seat.away:
            return
        seat.away = False
        log.info("room %s: %s (seat %s) is back", self.id, seat.name, seat.id)
        self._schedule(turn_changed=False)  # first: what follows carries the new deadline
        self.broadcast_room()
        self._show_new_deadline(seat)

    def step_away(self, seat: Seat) -> None:
        """The person at ``seat`` steps away (``away``): the stand-in plays their turns, at a
        bot's pace, until they are back (``mark_present``). Nothing before a first match; at a
        match's end, the rematch waits for them no longer (found play-testing: Carla, off for a
        drink there, could only let its countdown run out)."""
        if seat.away or self.game is None or seat.kind != "human":
            return
        seat.away = True
        log.info("room %s: %s (seat %s) is away", self.id, seat.name, seat.id)
        self._schedule(turn_changed=False)  # first: a turn of theirs on now is the stand-in's
        self.broadcast_room()
        self._show_new_deadline(seat)
        if not self.started:
            self._rematch_if_ready()

    def add_time(self, seat: Seat) -> None:
        """The person at ``seat`` asks for more time before the next deal (``more_time``): the
        countdown every view shows grows by ``more_time``, up to ``more_time_limit`` in all."""
        clock, config = self.clock, self.config
        if seat.kind != "human" or clock.next_hand_at is None or not self.started:
            raise errors.NoMoreTime("no deal waits now: more time is asked between two hands")
        if self.time_added + config.more_time > config.more_time_limit:
            raise errors.NoMoreTime(f"the next deal waits {config.more_time_limit:g} s more at most")
        self.time_added += config.more_time
        clock.next_hand_at += config.more_time
        log.info("room %s: seat %s asks for more time (%g s)", self.id, seat.id, self.time_added)
        self._send_views()

    def _show_new_deadline(self, seat: Seat, told: Session | None = None) -> None:
        """``seat``'s turn, if it is on, has a new deadline (its person came back, or a new one
        sat there), or none (its person stepped away): everybody's clock shows it (``told`` has
        the view already); between hands, the next deal's countdown, which waits while all are
        away, does too."""
        game = self.game
        if self.started and game is not None and (game.current == seat.id or game.hand_outcome() is not None):
            self._send_views(exclude=told)

    def send_view(self, session: Session) -> None:
        if self.game is None or session.peer is None:
            return
        seat_id = None if (seat := self.seat_of(session)) is None else seat.id
        if self.came_after_the_match(seat_id):
            return
        view = self.game.view(seat_id)
        session.peer.send(ViewMsg(view=codec.view_to_wire(view), deadline=self.clock.remaining()))
        if (grace := self.grace.now_open(trio.current_time())) is not None:
            session.peer.send(grace)

    def _tell(self, told: Iterable[UnoGrace]) -> None:
        for message in told:
            for session in self.members():
                if session.peer is not None:
                    session.peer.send(message)

    def _publish(self, events: list[engine.Event], *, with_view: bool = True) -> None:
        game = self.game
        assert game is not None
        audience = [(peer, seat_id) for session, seat_id in self._audience()
                    if (peer := session.peer) is not None]
        self.publisher.publish(game, events, audience, self.clock.remaining(),
                               lambda: seat_names(self.seats), with_view=with_view)

    def _after_events(self, events: list[engine.Event], turn_changed: bool,
                      batches: list[list[engine.Event]] | None = None) -> None:
        """After a change (``events``; ``batches``: those of each apply, when there were more):
        work out what is due next, then tell everybody (with the deadline of the turn that
        follows)."""
        self._version += 1
        self._observe(batches if batches is not None else [events])
        assert self.game is not None
        play.log_events(self.id, self.game, seat_names(self.seats), events)
        told = self.grace.follow(self.game.uno_open, trio.current_time())  # (before the bots')
        self._schedule(turn_changed)
        self._save()  # before the events go out: nobody sees a state the disk does not hold
        self._count(events)  # (after: a move lost in a crash is never counted)
        self._tell(told)  # first: a client knows of the grace before it sees the seat open
        self._publish(events)
        if self.game is not None and self.game.hand_outcome() is not None and self.config.history:
            history.hand_over(self)  # (only a move that ends a hand gets here with one over)
        if any(isinstance(e, MatchEnded) for e in events):
            self._match_over()

    def _count(self, events: list[engine.Event]) -> None:
        """The statistics (server/stats.py): what ended in ``events`` goes to the store."""
        stats, game = self.server.stats, self.game
        assert game is not None
        for counts in self.tally.feed(events, game.seats):
            if stats is not None:
                stats.add(rules_name(self.settings.preset, self.settings.overrides),
                          by_player(counts, self.seats))

    def disconnected(self, session: Session, silent_since: float | None = None) -> None:
        """``silent_since``: when the connection was last heard from."""
        super().disconnected(session)
        seat = self.seat_of(session)
        # (its last turn ran out with its link down already, nothing heard since: found
        # play-testing, a frozen client; see ``_timed_out``. Not one heard from since, slow at
        # that turn, whose link blinked later: found re-checking, stepped away by a 0.1 s drop)
        silent = (silent_since is None or seat is None or seat.timed_out_at is None
                  or silent_since <= seat.timed_out_at)
        if seat is not None and seat.timeouts and silent and not self.closed:
            self.step_away(seat)
        if not self.closed:
            self._rematch_if_ready()

    # ------------------------------------------------------------------ time

    def _schedule(self, turn_changed: bool) -> None:
        """Work out what is due next after a change, and wake the timer task."""
        clock = self.clock
        now = clock.start()
        game = self.game
        clock.bot_due = None
        due, clock.next_hand_at = clock.next_hand_at, None
        if turn_changed:
            clock.new_turn()
        if game is None or game.outcome() is not None:
            clock.deadline = None
        elif game.hand_outcome() is not None:
            clock.deadline = None
            # No deal while every person is away (found play-testing: such a table played eleven
            # hands by itself, its wins credited to its people), unless one waits in line for a
            # seat (found play-testing: Ines, promised one at the next hand, waited on)
            if not self.humans() or not all(seat.away for seat in self.humans()) or self.queue:
                # (a countdown under way runs on: found play-testing, one stepping away and back
                # started it again, with the time asked for, and so held the deal without end)
                if due is not None and clock.hold_until is None:
                    clock.next_hand_at = due
                else:  # (after the hand's end, everyone away, or a restored room's wait: afresh)
                    clock.next_hand_at = now + self.config.next_hand_pause(len(self.seats))
                    self.time_added = 0.0
        else:
            seat = self._seat_by_id(game.current)
            if seat.bot_plays:
                clock.deadline = None
                # (an away seat's stand-in too: the table follows it; its person, back, plays)
                clock.bot_due = now + self.settings.bot_delay
            else:
                timeout = self.settings.turn_timeout
                if not seat.connected and timeout <= 0:
                    timeout = self.config.disconnected_turn_timeout
                if timeout <= 0:
                    clock.deadline = None  # e.g. a dropped seat came back to a room without timeouts
                elif turn_changed or clock.deadline is None:
                    clock.deadline = now + timeout
                if seat.connected:
                    clock.uncut()
                elif clock.hold_until is None and self.settings.turn_timeout > 0:
                    clock.cut(now + self.config.dropped_turn_cap)  # (not in a restart's wait)
            moves = (play.off_turn_bot_moves(game, [s.id for s in self.seats if s.kind == "bot"])
                     if clock.bot_due is None and self._bots_checked != self._version else [])
            if moves:  # (a jump-in waits for the person whose turn it is: ``person_first``)
                jumps_only = all(isinstance(action, JumpIn) for action in moves)
                first = self.config.person_first_at(len(game.seats)) if jumps_only else 0.0
                clock.bot_due = now + max(self.settings.bot_delay, first)
            clock.bot_due = self.grace.bots_wait(clock.bot_due, self.settings.bot_delay)
        clock.wake_if_sooner()

    def take_seat(self, session: Session, seat_id: str | None, cancel: bool) -> None:
        super().take_seat(session, seat_id, cancel)
        self._schedule(turn_changed=False)  # (the next hand, everyone away, is dealt for them)

    def _take_over(self, session: Session, seat: Seat) -> None:
        super()._take_over(session, seat)
        self._observe([])  # the seat's bot goes
        self._show_new_deadline(seat, told=session)  # (a person's clock, not the bot's or the last one's)

    def _bot_levels(self) -> dict[str, str]:
        game = self.game
        return {seat.id: seat.level for seat in self.seats
                if seat.kind == "bot" and game is not None and seat.id in game.seats}

    def _observe(self, batches: list[list[engine.Event]]) -> None:
        """The match's bots, one per bot seat now, see each apply's events (``MatchBots.follow``)."""
        if self.game is not None:
            self.bots.follow(self.game, self._bot_levels(), batches)

    def restored(self, grace: float) -> None:
        """The room was just rebuilt from disk, with everybody disconnected (its hand so far is
        the recent past they come back to). Nothing moves until every person is back or ``grace``
        seconds have passed; then the turn gets the time it had left at the last save (a whole
        turn if that save began it), and everybody a ``view`` with it (none shows until then)."""
        clock = self.clock
        clock.hold(grace)
        if self.game is not None:
            told = self.publisher.recall(self.game, seat_names(self.seats))
            if told:  # the bots are told the hand so far, as if they had watched it
                self.bots.new_match(self.game, self._bot_levels(), told)
            self._schedule(turn_changed=True)
            left = self.saved_turn_left
            if left is not None and clock.deadline is not None and clock.hold_until is not None:
                clock.deadline = min(clock.deadline, clock.hold_until + left)
        if self.votes.accepted and self.config.rematch_wait > 0:  # (its wait again, from the return)
            clock.rematch_at = (clock.hold_until or trio.current_time()) + self.config.rematch_wait
        self._watch_abandonment()

    async def run(self) -> None:
        """The room's timer task: bots' moves, turn timeouts, the next hand."""
        while not self.closed:
            late = await self.clock.sleep()
            if self.closed:
                return
            if late > STALLED:  # the server itself was stopped: nobody's turn ran out meanwhile
                log.info("room %s: the server was stopped for %.0f s at least; what was due is put off",
                         self.id, late)
                self.clock.postpone(late, turn_left=min(self.config.comeback_turn_left,
                                                        self.settings.turn_timeout))
                self._send_views()  # (the clocks on screen count from the deadline put off)
                continue
            try:
                self._tick(trio.current_time())
                while self._thoughts and not self.closed:
                    await self._think(*self._thoughts.pop(0))
            except Exception:  # a bug here must not take the server down
                log.exception("room %s: error in the timer; closing the room", self.id)
                self.close()
                return
            await trio.sleep(0)

    def stop(self) -> None:
        """The server shuts down: the timer task ends, and the room stays on disk as it is."""
        self.closed = True
        self.clock.wake()

    def _tick(self, now: float) -> None:
        clock = self.clock
        if clock.abandoned_at is not None and now >= clock.abandoned_at:
            log.info("room %s: nobody came back; closing it", self.id)
            self.close()
            return
        if clock.hold_until is not None and now >= clock.hold_until:  # the wait is over
            clock.hold_until = None
            if self.game is not None:
                self._send_views()  # with the deadline of the turn that starts now
        game = self.game
        if game is None:
            return
        if (closed := self.grace.expire(now)) is not None:  # (bots due now move just below)
            self._tell([closed])
        if clock.rematch_at is not None and now >= clock.rematch_at:
            clock.rematch_at = None
            self.rematch_overdue()
            return
        if clock.next_hand_at is not None and now >= clock.next_hand_at:
            clock.next_hand_at = None
            self.time_added = 0.0
            self._seat_waiting(hand_starts=True)  # late arrivals sit down for the new deal
            events = game.next_hand()
            self._after_events(events, turn_changed=True)
            return
        if clock.bot_due is not None and now >= clock.bot_due:
            clock.bot_due = None
            self._bots_move()
            return
        if clock.deadline is not None and now >= clock.deadline:
            clock.deadline = None
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
                moved = self._version
                self._bot_act(other, on_turn=False)
                if self._version != moved:  # a move was made, and scheduled what comes next:
                    return  # the others wait their time (found re-checking: after a jump-in the
                    # next bots' moves came all at once)
        self._bots_checked = self._version  # bots that passed wait for the next change
        self._schedule(turn_changed=False)

    def _bot_act(self, seat: Seat, on_turn: bool) -> None:
        game = self.game
        assert game is not None
        self._observe([])  # (a seat that became a bot gets its Bot)
        if thinks_in_thread(seat.level):
            if not self.bots.is_thinking(seat.id) and (seat.id, on_turn) not in self._thoughts:
                self._thoughts.append((seat.id, on_turn))  # ``run`` thinks it off the trio thread
            return
        events = play.bot_move(game, self.bots.bot(seat.id), on_turn)
        if events is not None:
            self._after_events(events, play.turn_changed(events))

    async def _think(self, seat_id: str, on_turn: bool) -> None:
        """A bot of a level that searches thinks in a worker thread, on its own view and
        tracker, while the server serves everybody else. Its answer is dropped if the room
        closed or the game moved on meanwhile (the bot is asked again after that change)."""
        game, version = self.game, self._version
        if game is None or self._seat_by_id(seat_id).kind != "bot":
            return
        if (game.current == seat_id) != on_turn:  # queued before a move that changed whose turn it
            return  # is (found re-checking: after a jump-in, the next bots' turns came at once,
            # each played as soon as the one before, without its delay): the turn is scheduled anew
        view = game.view(seat_id)
        bot = self.bots.start_thinking(seat_id)
        try:
            action = await trio.to_thread.run_sync(bot.act, view, abandon_on_cancel=True)
        finally:
            self.bots.done_thinking(seat_id)
        if self.closed or self.game is not game or self._version != version:
            log.debug("room %s: bot %s's answer came too late", self.id, seat_id)
            return
        events = play.bot_events(game, seat_id, action, on_turn)
        if events is not None:
            self._after_events(events, play.turn_changed(events))

    def _timed_out(self) -> None:
        """The current person let the deadline pass: the stand-in plays their turn, and the
        ``away_after``-th time in a row (or at once, their link down: found play-testing, a frozen
        client's turns took the clock each) they are away, told after the turn's events."""
        game = self.game
        assert game is not None
        seat = self._seat_by_id(game.current)
        seat.timeouts += 1
        seat.timed_out_at = trio.current_time()
        self._stand_in(seat, "timeout")
        if (seat.timeouts >= self.config.away_after or not seat.connected) and not self.closed:
            self.step_away(seat)

    def _stand_in(self, seat: Seat, reason: str) -> None:
        """Play the rest of ``seat``'s turn with the stand-in, and tell everybody at once."""
        game = self.game
        assert game is not None
        if isinstance(game, JournaledGame):  # (told again after a restart, as now)
            game.note_stand_in(seat.id, reason)
        batches, turn_over = play.stand_in_turn(game, seat.id, reason, self._bot_rng)
        self._after_events([event for batch in batches for event in batch], turn_over, batches)

    def _save(self) -> None:
        """Write the room to the server's store (if it has one), before telling anybody."""
        store = self.server.store
        if store is not None and not self.closed:
            store.save_room(self)

    def record_key(self) -> tuple[Any, ...]:
        """What ``to_record`` keeps but the game: equal keys, equal records (server/roomrecord.py)."""
        return roomrecord.record_key(self)

    def to_record(self, *, with_game: bool = True) -> dict[str, Any]:
        """Everything needed to rebuild the room, as plain data (server/roomrecord.py)."""
        return roomrecord.to_record(self, with_game=with_game)

    @classmethod
    def from_record(cls, server: RoomOwner, record: dict[str, Any],
                    moves: Iterable[Any] = ()) -> Room:
        """The room ``record`` describes, its match replayed to ``moves`` (server/roomrecord.py)."""
        return roomrecord.from_record(cls, server, record, moves)
