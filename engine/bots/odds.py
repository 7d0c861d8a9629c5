"""How likely a hidden hand holds a kind of card, from the cards a seat cannot see.

A hand another seat holds is, as far as this seat can tell, a random draw from the cards whose
place it does not know (``Tracker.unplaced()``), minus what the tracker knows that hand lacks
(``Tracker.not_held``) and plus the cards it knows are there (``Tracker.known_held``). The odds
that it holds no card of a kind are then hypergeometric. ``Odds`` answers that for every seat from
one tracker; ``Odds.from_view`` guesses the same from a view alone (no history: the cards not in
the seat's hand, nor on top of the discard pile, scaled to the number of unseen cards).

A hand can also be split in two: ``m`` old cards that lack what ``soft`` says (a belief, say that
a seat which drew held nothing playable) and the rest fresh cards drawn since.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..cards import Card, Color, full_deck
from ..tracker import NotHeld, Tracker
from ..view import View

Match = Callable[[Card], bool]

_FULL_DECK: Counter[Card] = Counter(full_deck())
_NOTHING = NotHeld()


def p_none(pool: float, hits: float, draws: int) -> float:
    """P(no hit among ``draws`` cards dealt at random from ``pool`` cards, ``hits`` of them hits)."""
    if draws <= 0 or hits <= 0:
        return 1.0
    if hits >= pool:
        return 0.0
    p = 1.0
    for i in range(min(draws, int(pool))):
        p *= max(0.0, (pool - hits - i) / (pool - i))
        if p == 0.0:
            break
    return p


class Odds:
    """The hidden cards as one seat sees them, and the odds of what each other hand holds."""

    def __init__(self, pool: Counter[Card], scale: float = 1.0, tracker: Tracker | None = None,
                 sizes: dict[str, int] | None = None) -> None:
        self.pool = pool  # the cards whose place is unknown
        self.scale = scale  # unseen cards per card of ``pool`` (1 with a tracker)
        self.tracker = tracker
        self.sizes = sizes or {}
        self._colors: Counter[Color] | None = None

    @classmethod
    def from_tracker(cls, tracker: Tracker) -> Odds:
        return cls(tracker.unplaced(), 1.0, tracker)

    @classmethod
    def from_view(cls, view: View) -> Odds:
        pool = _FULL_DECK - Counter(view.hand or ()) - Counter([view.top])
        unseen = view.draw_pile + sum(view.hand_sizes) - len(view.hand or ())
        total = sum(pool.values())
        sizes = dict(zip(view.seats, view.hand_sizes, strict=True))
        return cls(pool, unseen / total if total else 1.0, None, sizes)

    @classmethod
    def of(cls, view: View, tracker: Tracker | None) -> Odds:
        """From the tracker when it follows this very hand, else from the view."""
        if tracker is not None and tracker.seat == view.seat and tracker.top == view.top \
                and tracker.hand is not None and sorted(map(str, tracker.hand)) == sorted(
                    map(str, view.hand or ())):
            return cls.from_tracker(tracker)
        return cls.from_view(view)

    def color_counts(self) -> Counter[Color]:
        """The pool's cards per colour (computed once)."""
        if self._colors is None:
            self._colors = Counter()
            for card, count in self.pool.items():
                if card.color is not None:
                    self._colors[card.color] += count
        return self._colors

    def size_of(self, seat: str) -> int:
        return self.tracker.size_of(seat) if self.tracker is not None else self.sizes[seat]

    def lacks(self, seat: str, match: Match, soft: NotHeld | None = None, old: int = 0,
              facts: NotHeld | None = None, size: int | None = None) -> float:
        """P(``seat`` holds no card for which ``match`` is true). ``soft``: what its ``old``
        oldest unknown cards are believed to lack; ``facts`` and ``size``: what it was known to
        lack and how many cards it held at some earlier time, if not the tracker's now."""
        if size is None:
            size = self.size_of(seat)
        unknown = size
        if self.tracker is not None:
            known = self.tracker.known_held(seat)
            if any(match(card) for card in known):
                return 0.0
            unknown = size - sum(known.values())
            if facts is None:
                facts = self.tracker.not_held(seat)
        if facts is None:
            facts = _NOTHING
        pool = hits = 0.0
        soft_pool = soft_hits = 0.0
        for card, count in self.pool.items():
            if facts.excludes(card):
                continue
            hit = match(card)
            pool += count
            hits += count * hit
            if soft is not None and not soft.excludes(card):
                soft_pool += count
                soft_hits += count * hit
        s = self.scale
        if soft is None or old <= 0:
            return p_none(pool * s, hits * s, unknown)
        old = min(old, unknown)
        return p_none(soft_pool * s, soft_hits * s, old) * p_none(pool * s, hits * s, unknown - old)

    def holds(self, seat: str, match: Match, soft: NotHeld | None = None, old: int = 0) -> float:
        return 1.0 - self.lacks(seat, match, soft, old)
