"""Opponent modelling: how likely a sampled hand makes the plays a seat was seen to make.

People (and ``hard``) choose among their playable cards by what the choice leaves them: a card
whose colour they hold more of, a last card that goes on what they leave. So a seat's plays say
something of the cards it kept. ``Intent.of(view, tracker)`` collects, for every other seat, the
plays it made since it last drew (``Choice``: then its hand was exactly its hand now plus the
cards it played since), and gives the likelihood of a sampled deal: the product over those plays
of the chance that ``hard`` would have chosen that card from that hand, a softmax of the part of
``hard``'s score that depends on the hand (``TEMPERATURE``). A dealer (engine/determinize.py,
``likelihood``) may draw its deals by it; the search does not (``expert.INTENT_DRAWS``, measured).

Only under the official drawing rule (R8), and never with 7-0 (hands move): under
draw-until-playable ``hard``'s choices follow mostly its odds of the next seat's hand (its block
and threat weights are three times larger there), which this model leaves out, and the model
misled the search (``expert.INTENT_DRAWS``). Plays that chose nothing are skipped: the first of a
hand, the card just drawn (R8: the only one allowed), a jump-in.

Measured, four ``hard``, official: under this model the real hands are some six times likelier
than the search's deals (log-likelihood -1.5 against -3.3, 364 decisions), and the deals drawn
by it guess the hidden hands better (bench/deal_accuracy.py, 80 hands, 825 decisions, 8 draws a
deal: Brier score 0.168 -> 0.161, of the hands of three cards or fewer 0.190 -> 0.184).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card, Color, Rank
from ..events import DrawReason
from ..hand import matches
from ..tracker import DrewCards, Played, Record, Tracker
from ..view import View
from . import hard

__all__ = ["TEMPERATURE", "Choice", "Intent", "choices"]

TEMPERATURE = 3.0
"""Score points per factor e of likelihood (``hard`` weighs a card of the colour it leaves 5):
lower trusts the model more. Measured by the Brier score of the deals (bench/deal_accuracy.py,
official, 40 hands): 1.5 and 3 alike, 8 worse."""

_COLORS = tuple(Color)
_HITTING = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})
_DRAWS = frozenset({Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})


@dataclass(frozen=True, slots=True)
class Choice:
    """A play ``seat`` chose: ``card`` on ``color``/``rank`` (what was in play before it), when it
    held its hand now plus ``later`` (the cards it played since, none drawn)."""

    seat: int  # the seat's index
    card: Card
    color: Color
    rank: Rank
    later: tuple[Card, ...]
    victim_danger: float  # how close the seat it would hit was to going out (``hard.danger``)
    threats: bool  # whether some other seat held two cards or fewer (``hard`` dumps points)
    seats: int

    def likelihood(self, hand: Sequence[Card]) -> float:
        """The chance ``hard`` plays ``card`` holding ``hand`` + ``later`` (a softmax of the part of
        its score that depends on the hand, over the kinds of card it could play)."""
        held = [*hand, *self.later, self.card]
        holds_color = any(c.color is self.color for c in held[:-1])
        best: dict[Card, float] = {}
        for card in held:
            if card in best or not matches(card, self.color, self.rank):
                continue
            if card.rank is Rank.WILD_DRAW_FOUR and holds_color and card != self.card:
                continue  # ``hard`` bluffs rarely
            best[card] = self._value(held, card)
        top = max(best.values())
        total = sum(math.exp((value - top) / TEMPERATURE) for value in best.values())
        return math.exp((best[self.card] - top) / TEMPERATURE) / total

    def _value(self, held: list[Card], card: Card) -> float:
        rest = list(held)
        rest.remove(card)
        r9 = False  # (the model is of the official drawing rule only: see the module)
        if not rest:
            return 1e9  # (as ``hard`` scores going out)
        colors = _COLORS if card.color is None else (card.color,)
        value = max(hard.rest_value(rest, color, card.rank, self.seats, r9) for color in colors)
        rank = card.rank
        if rank in _HITTING or (rank is Rank.REVERSE and self.seats == 2):
            given = 2 if rank is Rank.DRAW_TWO else 4 if rank is Rank.WILD_DRAW_FOUR else 0
            value += hard.hit_value(self.victim_danger, given)
        if rank in (Rank.SKIP, Rank.DRAW_TWO, Rank.REVERSE) and self.seats > 2 \
                and (rank is Rank.REVERSE or self.victim_danger < 0.3):
            value -= hard.W_HOLD
        if card.color is None:
            value -= hard.W_WILD
        if self.threats:
            value += hard.W_POINTS * card.points
        return value


def choices(view: View, tracker: Tracker) -> list[Choice]:
    """Each other seat's plays since it last drew, that chose among its cards (see the module);
    none under draw-until-playable or with 7-0."""
    rules = tracker.rules
    if rules.draw_until_playable or rules.seven_zero or view.seat is None:
        return []
    seats, log = view.seats, tracker.log
    n = len(seats)
    stacking = rules.stack_draw_two or rules.stack_wild_draw_four  # (a stack chooses little)
    sizes = dict(zip(seats, view.hand_sizes, strict=True))  # walked back to each play's time
    direction = view.direction
    drew: set[str] = set()  # seats whose last draw the walk has passed
    later: dict[str, list[Card]] = {seat: [] for seat in seats}
    found: list[Choice] = []
    for i in range(len(log) - 1, -1, -1):
        record = log[i]
        if isinstance(record, DrewCards):
            sizes[record.seat] -= record.count
            drew.add(record.seat)
        if not isinstance(record, Played):
            continue
        seat = record.seat
        sizes[seat] += 1
        if record.card.rank is Rank.REVERSE and n > 2:
            direction = -direction  # (the direction before it)
        before = _before(log, i, seat)
        if seat != view.seat and seat not in drew and not record.jump_in \
                and isinstance(before, Played) and not (stacking and before.card.rank in _DRAWS):
            at = seats.index(seat)
            victim = seats[(at + direction) % n]
            found.append(Choice(at, record.card, before.color, before.card.rank,
                                tuple(later[seat]), hard.danger(sizes[victim]),
                                any(sizes[s] <= 2 for s in seats if s != seat), n))
        later[seat].append(record.card)
    return found


def _before(log: Sequence[Record], i: int, seat: str) -> Record | None:
    """What ``seat``'s play ``log[i]`` answered: the card played before it, or its own draw on
    the turn (R8: the card drawn is the only one it may play then)."""
    for record in reversed(log[:i]):
        if isinstance(record, Played):
            return record
        if isinstance(record, DrewCards) and record.seat == seat and record.reason == DrawReason.DRAW:
            return record
    return None


@dataclass(frozen=True, slots=True)
class Intent:
    """The likelihood of the other hands of a deal, given the plays ``choices`` found."""

    choices: tuple[Choice, ...]

    @classmethod
    def of(cls, view: View, tracker: Tracker) -> Intent | None:
        """None when nothing seen says anything of the hands."""
        found = choices(view, tracker)
        return cls(tuple(found)) if found else None

    def __call__(self, hands: Sequence[Sequence[Card]]) -> float:
        p = 1.0
        for choice in self.choices:
            p *= choice.likelihood(hands[choice.seat])
        return p
