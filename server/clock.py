"""A room's clock: what is due when (a person's turn deadline, the bots' next move, the next
deal, the end of a restored room's wait for its people, the closing of an abandoned room, the end
of the UNO call's grace: server/grace.py), and
the wake-up of the room's timer task when something falls due sooner than it sleeps.

The clock only keeps the times; the room decides what they are (``Room._schedule``) and what
happens when one passes (``Room._tick``). Times are trio's clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import trio

STALLED = 3.0
"""Seconds a timer may wake late before the server counts itself stopped meanwhile (the laptop
of a ``uno host`` closed, a SIGSTOP): the time it lost is nobody's, and what was due is put off by
as much (found play-testing: after the host's program slept 40 s, the turn on then timed out and
the move its player had sent meanwhile was refused; every link was dropped as silent)."""


class Clock:
    def __init__(self, everyone_back: Callable[[], bool]) -> None:
        self._everyone_back = everyone_back  # whether every person of the room is connected
        self.deadline: float | None = None  # the current person's turn ends
        self._given: float | None = None  # the last deadline ``at_least`` gave
        self.bot_due: float | None = None  # bots (and away seats' stand-ins) act next
        self.next_hand_at: float | None = None  # the next hand is dealt
        self.rematch_at: float | None = None  # the rematch starts without those who did not answer
        self.hold_until: float | None = None  # after a restart: clocks wait for people to return
        self.abandoned_at: float | None = None  # everybody dropped: the room closes then
        self.grace_until: float | None = None  # a catch for a forgotten UNO counts from then
        self._uncut: float | None = None  # the turn's deadline before ``cut`` (its person dropped)
        self._wake = trio.Event()
        self._asleep_until = -math.inf  # when the timer task wakes by itself (inf: never)

    def next_due(self) -> float:
        due = [t for t in (self.deadline, self.bot_due, self.next_hand_at, self.rematch_at,
                           self.abandoned_at, self.hold_until, self.grace_until) if t is not None]
        return min(due, default=math.inf)

    def wake_if_sooner(self) -> None:
        """Wake the timer task if something is due before it would wake by itself."""
        if self.next_due() < self._asleep_until:  # else it wakes in time anyway, and looks again
            self._wake.set()

    def wake(self) -> None:
        """Wake the timer task now (the room closed)."""
        self._wake.set()

    async def sleep(self) -> float:
        """Sleep until the next thing due, or until woken; how many seconds late it woke (0 when
        woken, or on time)."""
        self._wake = trio.Event()
        self._asleep_until = until = self.next_due()
        with trio.move_on_at(until):
            await self._wake.wait()
        self._asleep_until = -math.inf  # (awake: changes need no wake-up call)
        return 0.0 if self._wake.is_set() or until == math.inf else max(0.0, trio.current_time() - until)

    def postpone(self, seconds: float, turn_left: float) -> None:
        """Put everything due off by ``seconds``, the time the server is known to have been
        stopped (``STALLED``; it may have been longer), and leave the turn on at least
        ``turn_left`` seconds from now, to look at the table again."""
        for name in ("deadline", "_given", "bot_due", "next_hand_at", "rematch_at", "hold_until",
                     "abandoned_at", "grace_until", "_uncut"):
            due = getattr(self, name)
            if due is not None:
                setattr(self, name, due + seconds)
        if self.deadline is not None:
            self.deadline = max(self.deadline, trio.current_time() + turn_left)

    # ---- a dropped person's turn

    def cut(self, until: float) -> bool:
        """The current person's link is down: their turn ends by ``until`` at the latest (the
        deadline it had is kept for their return: ``uncut``); whether the deadline moved."""
        if self.deadline is None or self.deadline <= until:
            return False
        self._uncut = self.deadline if self._uncut is None else self._uncut
        self.deadline = until
        return True

    def uncut(self) -> bool:
        """The current person is connected: their turn ends when it did before any ``cut`` (a
        flaky link loses no time by it); whether the deadline moved."""
        uncut, self._uncut = self._uncut, None
        if uncut is None or self.deadline is None or uncut <= self.deadline:
            return False
        self.deadline = uncut
        return True

    def new_turn(self) -> None:
        """Another turn: a ``cut`` of the last one is forgotten."""
        self._uncut = None

    # ---- a restored room's wait for its people

    def hold(self, grace: float) -> None:
        """The room was just rebuilt from disk: nothing moves for ``grace`` seconds, or until
        everybody is back."""
        self.hold_until = trio.current_time() + grace

    def waiting(self) -> bool:
        """Whether a restored room's wait has not run out (whoever is back by now)."""
        return self.hold_until is not None and trio.current_time() < self.hold_until

    def held(self) -> bool:
        """Whether a restored room still waits for its people."""
        return self.waiting() and not self._everyone_back()

    def at_least(self, seconds: float) -> bool:
        """Move the turn's deadline to at least ``seconds`` from ``start()``, once a turn (a
        second call for the deadline it gave changes nothing); whether it moved."""
        if self.deadline is None or self.deadline == self._given:
            return False
        floor = self.start() + seconds
        if self.deadline >= floor:
            return False
        self.deadline = self._given = floor
        return True

    def start(self) -> float:
        """Now; or, while a restored room waits for its people, the end of that wait: bots,
        turn clocks and the next deal count from there."""
        now = trio.current_time()
        hold = self.hold_until
        if hold is None:
            return now
        if not self.held():
            self.hold_until = None
            if now < hold:  # everybody is back early: the turn's time left counts from now, and
                # the rematch's wait (found play-testing: its countdown came back the restart's
                # grace late)
                if self.deadline is not None:
                    self.deadline = now + (self.deadline - hold)
                if self.rematch_at is not None:
                    self.rematch_at = now + (self.rematch_at - hold)
            return now
        return hold

    def turn_left(self) -> float | None:
        """Seconds left on the current turn's deadline (counted from the end of a restored
        room's wait, while it lasts); None when no turn clock runs."""
        if self.deadline is None:
            return None
        now = trio.current_time()
        start = now if self.hold_until is None else max(now, self.hold_until)
        return round(max(0.0, self.deadline - start), 3)

    def remaining(self) -> float | None:
        """Seconds left for the current turn; between hands, until the next deal (a countdown
        for the scores on screen); at a match's end, until the rematch starts without those who
        have not answered. None when no clock runs (also while a restored room waits for its
        people: how long that lasts is not known yet)."""
        due = next((t for t in (self.deadline, self.next_hand_at, self.rematch_at) if t is not None), None)
        if due is None or (self.hold_until is not None and self.held()):
            return None
        return round(max(0.0, due - trio.current_time()), 3)
