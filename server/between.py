"""Between two matches: the end of a match, the rematch (who accepted it, and its start), and the
seats of people who dropped, freed as the next match begins. ``BetweenMatches`` is the part of a
room (server/room.py) that does it, over its table and the line for a seat (server/table.py,
server/seatline.py).

A rematch starts once every person of the match still here has accepted; once one has, the
others have ``ServerConfig.rematch_wait`` seconds to answer, after which those who have not are
away and it starts without waiting for them (found play-testing: Ana, Kim and Eva accepted, and
waited more than two minutes for Raúl, connected and silent; only the host could start it).
"""

from __future__ import annotations

import logging
import random
from abc import abstractmethod

import trio

from protocol import REMATCH_ORDERS, Rematch

from . import errors
from .people import Seat, Session
from .rematch import into_places_left, seat_order
from .seatline import SeatLine

log = logging.getLogger("uno.server")


class BetweenMatches(SeatLine):
    _order_rng: random.Random  # the rematch's seats in a random order (server/room.py)

    @abstractmethod
    def start(self, fill: bool = False, dealer: str | None = None) -> None:
        """Start a match (server/room.py)."""

    def _match_over(self) -> None:
        """Everyone stays for another match; the seats of people who dropped, until the next starts
        (found play-testing: Diego's stand-in won, his seat was freed, and back he never knew)."""
        if not any(seat.connected for seat in self.humans()) and not self.spectators:
            self.close()  # only bots are left
            return
        self._seat_waiting()  # between matches, those waiting take the free seats
        self.broadcast_room()

    def _free_dropped_seats(self, to_bots: bool) -> None:
        """Between matches, the seats of people who dropped are freed (and the host's role); with
        ``to_bots``, a bot plays each in its place as "Kim (bot)", which Kim back takes first (found
        play-testing: she was given another bot's seat, and the seats' order changed for all)."""
        for seat in [s for s in self.humans() if not s.connected]:
            if seat.session is not None:
                self.server.release(seat.session)
                if self.host is seat.session:
                    self._pick_new_host(exclude=seat.session)
            if to_bots:
                self._bot_in_place(seat)
            else:
                self.seats.remove(seat)

    # ------------------------------------------------------------------ rematch

    def rematch(self, session: Session, message: Rematch) -> None:
        """After a match, a seated person accepts a rematch (the first to accept chooses the seat
        order) or declines it, which leaves the table. Once every person of the match still here
        has accepted, it starts: same rules and seats, bots in those of people who left."""
        seat = self.seat_of(session)
        game = self.game
        if seat is None or game is None or game.outcome() is None:
            raise errors.NoRematch("a rematch follows the end of a match, for those seated")
        if not message.accept:
            self.leave(session, "left")
            return
        self.votes.accept(seat.id, message.order)
        log.info("room %s: %s accepts a rematch (%s)", self.id, seat.name, self.votes.order)
        first = self.clock.rematch_at is None and self.config.rematch_wait > 0
        if first:
            self.clock.rematch_at = trio.current_time() + self.config.rematch_wait
            self.clock.wake_if_sooner()
        if self._rematch_if_ready():
            return
        self.broadcast_room()
        if first:
            self._send_views()  # (their deadline: the rematch's countdown)

    def leave(self, session: Session, reason: str = "left") -> None:
        seat = self.seat_of(session)
        if seat is not None:  # first: the seat may go to one in line at once, and the room told
            # (found re-checking: Ben accepted, then declined, and Carla sat in his seat)
            self.votes.forget(seat.id)
            self._votes_withdrawn()
        super().leave(session, reason)
        if seat is not None and not self.closed:
            self._rematch_if_ready()

    def _rematch_if_ready(self) -> bool:
        """Start the rematch if every person of the match connected and not away has accepted;
        whether it started."""
        game, votes = self.game, self.votes
        outcome = None if game is None else game.outcome()
        if game is None or outcome is None or votes.order is None or self.started:
            return False
        # (those who sat down after the match are not asked: they play in the rematch; found
        # play-testing, it waited for a newcomer whose waiting room asked her nothing)
        # (nor are those away: the stand-in plays on for them, as it did; found play-testing,
        # the rematch waited for Luis, away, who could answer only by coming back)
        if not votes.everyone([seat.id for seat in self._asked()]):
            return False
        self._start_rematch(votes.order)
        return True

    def rematch_now(self, fill: bool, order: str | None) -> None:
        """The host's ``start`` after a match: the rematch without waiting for every answer, in
        the seat order an acceptance chose, else ``order`` (else the seats as they are); with
        ``fill`` bots take the seats of people who left, as a rematch's do, but not those the
        host freed; without, the seats taken play."""
        self._start_rematch(self.votes.order or order or REMATCH_ORDERS[0], fill=fill)

    def _start_rematch(self, order: str, fill: bool = True) -> None:
        game = self.game
        outcome = None if game is None else game.outcome()
        assert game is not None and outcome is not None
        self._free_dropped_seats(to_bots=fill)
        self.seats[:] = seat_order(self.seats, order, self._order_rng)
        self._seat_waiting()  # those waiting for a seat come before bots
        while fill and len(self.seats) < min(len(game.seats) - self.removed, self.settings.max_seats):
            self.add_bot(self.settings.bot_level)  # (not in seats the host removed: found play-testing)
        if order != "random":
            self.seats[:] = into_places_left(self.seats, game.seats)
        log.info("room %s: rematch, seat order %s", self.id, order)
        self.start(dealer=outcome.winner if order == "winner_deals" else None)

    def _asked(self) -> list[Seat]:
        """The seats whose people a rematch waits for: not away, of the match, and connected, or
        (while the rematch's wait runs) back in time perhaps (found play-testing: Sofía's client
        restarted within 2 s of Tomás's yes, and the rematch had begun with a bot in her seat)."""
        seats = () if self.game is None else self.game.seats
        waits = self.clock.rematch_at is not None
        return [s for s in self.humans() if (s.connected or waits) and not s.away and s.id in seats]

    def rematch_overdue(self) -> None:
        """``rematch_wait`` after the first yes: those who have not answered are away (the
        stand-in plays for them until they are back), and the rematch starts."""
        if not self.votes.accepted or self.started:
            return
        for seat in self._asked():
            if seat.id not in self.votes.accepted:
                seat.away = True
                log.info("room %s: %s (seat %s) is away (no answer to the rematch)", self.id, seat.name,
                         seat.id)
        if not self._rematch_if_ready():
            self.broadcast_room()
