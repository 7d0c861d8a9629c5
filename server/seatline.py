"""The line for a seat: spectators who asked to sit (late arrivals), in the order they asked,
each with the bot's seat it asked for, if any. Before a match (or between two) they take free
seats; during one, bots' seats, at once or (``late_join`` is ``next_hand``) as the next hand is
dealt, and each is told where it will sit. ``SeatLine`` is the part of a room (server/room.py)
that keeps it, over its table (server/table.py).
"""

from __future__ import annotations

import logging

import protocol

from . import errors
from .history import seat_changes_hands
from .people import Seat, Session
from .table import Table

log = logging.getLogger("uno.server")


class SeatLine(Table):
    def take_seat(self, session: Session, seat_id: str | None, cancel: bool) -> None:
        """A spectator asks for a seat (``seat_id``: that bot's); or, with ``cancel``, leaves
        the line. Seated at once when the room allows it, else queued (and told where)."""
        if session not in self.spectators:
            raise errors.NoSuchSeat("only a spectator can ask for a seat")
        queued = [i for i, entry in enumerate(self.queue) if entry[0] is session]
        if cancel:
            if session.peer is not None:
                session.peer.send(protocol.Queued(position=0))
            if queued:  # (a repeated request changes nothing and tells nobody else)
                self._drop_from_queue(session)
                self.broadcast_room()
            return
        if seat_id is not None and self._seat_by_id(seat_id).kind != "bot":
            raise errors.NoSuchSeat("that seat is not a bot's")
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
        if that one is still free, else the one it left earlier in the match (a bot plays it under
        its name: found play-testing, she was given another bot's cards and points and her own
        seat went on without her), else the first free one."""
        free = self._takeable()
        plan = []
        for session, wanted in self.queue:
            if not free:
                break
            left = protocol.left_seat_name(session.name)
            seat = (next((s for s in free if s.id == wanted), None)
                    or next((s for s in free if s.left_by is session), None)
                    or next((s for s in free if s.name == left and not s.kept_for(session)), None)
                    or free[0])
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
            # Between matches, each takes the bot's seat they were told they would take during
            # the match (``_plan``: the one asked for, else...): found play-testing, Ana, told
            # "You take Bot 1's seat at the next hand", saw the match end in that hand and Bot 2
            # sent away for her (the last bot's seat, as for anyone arriving before a start).
            promised = dict(self._plan())
            while self.queue and (len(self.seats) < self.settings.max_seats
                                  or any(s.kind == "bot" for s in self.seats)):
                session, _ = self.queue[0]
                # (takes it off the line and out of the spectators)
                self.add_player(session, instead_of=promised.get(session))
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
        seat_changes_hands(self.game, seat)
        seat.kind, seat.session, seat.away, seat.timeouts = "human", session, False, 0
        seat.name = self._unique_name(session.name, exclude=seat, session=session)
        seat.left_by = None
        session.room, session.seat = self, seat
        self.host_if_none_here(session)  # (as one sitting down at a free seat)
        log.info("room %s: %s takes over seat %s from %s", self.id, seat.name, seat.id, old_name)
        self._schedule(turn_changed=False)  # first: the view carries the seat's deadline
        self._joined(session, "player", seat.id)

    def _tell_queue(self, only: Session | None = None) -> None:
        """Each spectator in the line (or ``only`` that one) learns their place and future seat."""
        reserved = {session: seat.id for session, seat in self._plan()} if self.started else {}
        for position, (session, _) in enumerate(self.queue, start=1):
            if session.peer is not None and only in (None, session):
                session.peer.send(protocol.Queued(position=position, seat=reserved.get(session)))
