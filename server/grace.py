"""The UNO call's grace (issue 13, docs/RULES.md R17): a player who goes down to one card
without saying UNO cannot be caught for ``ServerConfig.uno_grace`` seconds, so that a slower link
does not lose the race to say it. The engine has no clock: the room keeps the window here, its
end on the room's clock (``Clock.grace_until``), refuses a catch inside it
(``errors.CatchTooEarly``) and keeps its bots waiting until a bot delay after it closes.

Refusing an early catch rather than holding it until the window closes: a held catch would be a
move nobody sees pending, applied later when its sender may have moved on, and the order of
several held catches would follow the players' network delays, the very thing the grace is
there to take out of the race. Everybody is told when the window opens and closes
(``UnoGrace`` messages), so everybody starts the race for the catch at the same moment.
"""

from __future__ import annotations

from protocol import UnoGrace

from .clock import Clock


class Grace:
    def __init__(self, clock: Clock, length: float) -> None:
        self._clock = clock
        self.length = max(0.0, length)  # 0: no grace (a catch counts at once)
        self.seat: str | None = None  # the seat open to a catch that the last window was for
        self.closed: tuple[str, float] | None = None  # the last seat no longer open, and when

    def follow(self, open_seat: str | None, now: float) -> list[UnoGrace]:
        """After a change, with the seat now open to a catch (``Game.uno_open``): what to tell
        everybody (a window closed early, one opened)."""
        clock = self._clock
        told: list[UnoGrace] = []
        if open_seat == self.seat:
            return told
        if self.seat is not None:
            self.closed = (self.seat, now)
        if self.seat is not None and clock.grace_until is not None:
            told.append(UnoGrace(seat=self.seat, seconds=0.0))  # said UNO, or the next one moved
        self.seat, clock.grace_until = open_seat, None
        if open_seat is not None and self.length > 0:
            clock.grace_until = now + self.length
            told.append(UnoGrace(seat=open_seat, seconds=self.length))
        return told

    def shields(self, target: str, now: float) -> float | None:
        """Seconds before a catch of ``target`` counts; None when it counts now."""
        until = self._clock.grace_until
        if target != self.seat or until is None or now >= until:
            return None
        return until - now

    def crossed(self, target: str, now: float) -> bool:
        """Whether a catch of ``target`` comes just after they stopped being open to one (within
        a grace's length, at least a second): it crossed their UNO, or the next move, on its way."""
        if self.closed is None or self.closed[0] != target:
            return False
        return now - self.closed[1] < max(1.0, self.length)

    def expire(self, now: float) -> UnoGrace | None:
        """On the room's clock: the window closes when its time is up (what to tell)."""
        until = self._clock.grace_until
        if until is None or now < until or self.seat is None:
            return None
        self._clock.grace_until = None
        return UnoGrace(seat=self.seat, seconds=0.0)

    def now_open(self, now: float) -> UnoGrace | None:
        """The window open now, for someone who gets the whole view (joining, coming back)."""
        left = None if self.seat is None else self.shields(self.seat, now)
        return None if left is None or self.seat is None else UnoGrace(seat=self.seat,
                                                                       seconds=round(left, 3))

    def bots_wait(self, due: float | None, reaction: float) -> float | None:
        """When the bots (and stand-ins) may move: not before ``reaction`` seconds (the room's
        bot delay) after the window closes. None catches inside it, every bot gets its chance to
        catch once it has closed, and people get theirs first: a bot that caught the instant
        the window closed won every race against a person, who must see it close (found
        play-testing: "Zoe pressed c about 1 s after" and a bot had caught already)."""
        until = self._clock.grace_until
        return due if due is None or until is None else max(due, until + reaction)
