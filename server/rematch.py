"""A rematch: who of the last match's people have accepted another with the same seats and
rules, the seat order the first of them chose, and that order put into effect.

Orders (``protocol.REMATCH_ORDERS``): ``keep`` the seats as they were (the dealer is drawn at
random, as for any match); ``random`` the seats shuffled; ``winner_deals`` the seats as they
were, with the last match's winner dealing the first hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from protocol import REMATCH_ORDERS

T = TypeVar("T")


class _Seated(Protocol):
    id: str


S = TypeVar("S", bound=_Seated)


@dataclass
class RematchVotes:
    accepted: list[str] = field(default_factory=list)  # seat ids, in the order they accepted
    order: str | None = None  # chosen by the first acceptance

    def accept(self, seat: str, order: str) -> None:
        if order not in REMATCH_ORDERS:
            raise ValueError(f"unknown seat order {order!r}")
        if self.order is None or self.accepted[:1] == [seat]:  # (the first may change it)
            self.order = order
        if seat not in self.accepted:
            self.accepted.append(seat)

    def forget(self, seat: str) -> None:
        if seat in self.accepted:
            self.accepted.remove(seat)
        if not self.accepted:
            self.order = None

    def keep_only(self, seat: str | None) -> None:
        """The host changed the rules for the next match: the others accepted the old ones, so
        only ``seat``'s acceptance (the host's) stands."""
        for other in [s for s in self.accepted if s != seat]:
            self.forget(other)

    def clear(self) -> None:
        self.accepted.clear()
        self.order = None

    def everyone(self, people: Sequence[str]) -> bool:
        """Every one of ``people`` (the seats of those still there) has accepted."""
        return bool(people) and all(seat in self.accepted for seat in people)


def seat_order(seats: Sequence[T], order: str, rng: random.Random) -> list[T]:
    """The seats of the rematch in the order ``order`` asks for."""
    out = list(seats)
    if order == "random":
        rng.shuffle(out)
    return out


def into_places_left(seats: Sequence[S], before: Sequence[str]) -> list[S]:
    """``seats`` with those new since the match of seat ids ``before`` (bots filling the table,
    people from the line) in the places of the match's seats that are gone, in turn; the rest
    after. (Found play-testing: Quim left at a match's end, and the bot for his seat sat after
    Pia, who then played straight after Bot 7.)"""
    by_id = {seat.id: seat for seat in seats}
    new = [seat for seat in seats if seat.id not in before]
    out = [by_id[sid] if sid in by_id else new.pop(0) for sid in before if sid in by_id or new]
    return out + new
