"""Opponent modelling: how likely a sampled hand makes the plays a seat was seen to make.

People (and ``hard``) choose among their playable cards by what the choice leaves them: a card
whose colour they hold more of, a last card that goes on what they leave. So a seat's plays say
something of the cards it kept. ``Intent.of(view, tracker)`` collects, for every other seat, the
plays it made since it last drew (``Choice``: then its hand was exactly its hand now plus the
cards it played since), and gives the likelihood of a sampled deal: the product over those plays
of the chance that ``hard`` would have chosen that card from that hand, a softmax of ``hard``'s
score (``TEMPERATURE``). The score's part of the hand is worked out per sampled hand; its part of
the others' hands (whether the next seat is stuck, a threat can answer, a hit seat stacks back:
``table_terms``) once per play, from what was known of them then (``Tracker.facts_before``, their
sizes then). A dealer (engine/determinize.py, ``likelihood``) may draw its deals by it, and the
search may weigh its deals by it (``expert.INTENT_DRAWS``, ``expert.INTENT_WEIGHTS``, measured).

Under both drawing rules; never with 7-0 (hands move). Plays that chose nothing are skipped: the
first of a hand, the card just drawn (R8: the only one allowed; R9: the first that goes), a
jump-in, a stack.

Measured, four ``hard``, 6 hands (tests/engine/test_intent.py): from the real hands, the model
gives the card played a chance of a half or more in 84% of the plays read, official (the old
model, of the seat's own hand only, at ``TEMPERATURE`` 3: 77%), and 79% under house rules (62%).
Over 20 hands its mean log-likelihood of the card played is -0.25 official (-0.34 before),
-0.42 house (-0.52). The deals it draws guess the hidden hands better (bench/deal_accuracy.py,
80 hands, 825 decisions, 8 draws a deal: Brier score official 0.168 -> 0.163, of the hands of
three cards or fewer 0.194 -> 0.188; house, 60 hands, 1,001 decisions, 0.139 -> 0.133 and 0.203
-> 0.192); the old model's deals did as well official (0.161, 0.184).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..cards import CARD_KINDS, Card, Color, Rank
from ..events import DrawReason
from ..hand import matches
from ..tracker import DrewCards, NotHeld, Played, Record, Tracker
from ..view import View
from . import hard
from .odds import Odds

__all__ = ["TEMPERATURE", "Choice", "Intent", "choices"]

TEMPERATURE = 1.0
"""Score points per factor e of likelihood (``hard`` weighs a card of the colour it leaves 5):
lower trusts the model more. Measured by the mean log-likelihood of the cards ``hard`` played
(20 hands, official / house): 0.5 -0.24 / -0.51, 1 -0.25 / -0.42, 2 -0.28 / -0.43, 3 -0.31 /
-0.46."""

TABLE_TERMS = True
"""Whether the model weighs ``hard``'s terms of the others' hands too (``table_terms``)."""

_COLORS = tuple(Color)
_DRAWS = frozenset({Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})
_OWN_DRAWS = frozenset({DrawReason.DRAW, DrawReason.KEEP_DRAWING})  # (R9: drawn till one goes)


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
    r9: bool = False  # under draw-until-playable (``hard``'s weights of that rule)
    table: Mapping[tuple[Card, Color], float] = field(default_factory=dict)
    """The part of ``hard``'s score of a card (and the colour it leaves) that depends on the
    others' hands, not on the seat's own: see ``table_terms``."""

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
        r9 = self.r9
        if not rest:
            return 1e9  # (as ``hard`` scores going out)
        colors = _COLORS if card.color is None else (card.color,)
        table = self.table
        value = max(hard.rest_value(rest, color, card.rank, self.seats, r9)
                    + table.get((card, color), 0.0) for color in colors)
        rank = card.rank
        if rank in hard.HITTING or (rank is Rank.REVERSE and self.seats == 2):
            given = 2 if rank is Rank.DRAW_TWO else 4 if rank is Rank.WILD_DRAW_FOUR else 0
            value += hard.hit_value(self.victim_danger, given)
        if rank in (Rank.SKIP, Rank.DRAW_TWO, Rank.REVERSE) and self.seats > 2 \
                and (rank is Rank.REVERSE or self.victim_danger < 0.3):
            value -= hard.W_HOLD
        if card.color is None:
            value -= hard.W_WILD_R9 if r9 else hard.W_WILD
        if self.threats:
            value += hard.W_POINTS * card.points
        return value


def choices(view: View, tracker: Tracker) -> list[Choice]:
    """Each other seat's plays since it last drew, that chose among its cards (see the module);
    none with 7-0."""
    rules = tracker.rules
    if rules.seven_zero or view.seat is None:
        return []
    seats, log = view.seats, tracker.log
    n = len(seats)
    r9 = rules.draw_until_playable
    stacks = frozenset(rank for rank, on in ((Rank.DRAW_TWO, rules.stack_draw_two),
                                              (Rank.WILD_DRAW_FOUR, rules.stack_wild_draw_four)) if on)
    stacking = rules.stack_draw_two or rules.stack_wild_draw_four  # (a stack chooses little)
    sizes = dict(zip(seats, view.hand_sizes, strict=True))  # walked back to each play's time
    direction = view.direction
    drew: set[str] = set()  # seats whose last draw the walk has passed
    later: dict[str, list[Card]] = {seat: [] for seat in seats}
    found: list[Choice] = []
    odds = TableOdds(view, tracker) if TABLE_TERMS else None
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
            then = Then(dict(sizes), tracker.facts_before(i))
            terms = {} if odds is None else table_terms(
                seats, at, direction, before.color, before.card.rank, then, odds, r9, stacks)
            found.append(Choice(at, record.card, before.color, before.card.rank,
                                tuple(later[seat]), hard.danger(sizes[victim]),
                                any(sizes[s] <= 2 for s in seats if s != seat), n, r9, terms))
        later[seat].append(record.card)
    return found


@dataclass(frozen=True, slots=True)
class Then:
    """The others' hands as public when a seat chose a play: their sizes, and what each was
    known not to hold (``Tracker.facts_before``)."""

    sizes: Mapping[str, int]
    facts: Mapping[str, NotHeld]


class TableOdds:
    """``hard``'s odds of the others' hands at the time of a play (``Then``), over the cards this
    seat cannot see now (the chooser saw others, and not ours: an approximation), each worked
    out once."""

    def __init__(self, view: View, tracker: Tracker) -> None:
        self.table = hard.Table.make(view, tracker)
        self.me = view.seat
        # Our hand as the others see it: from the cards hidden from them, ours among them.
        self.ours = Odds(self.table.odds.pool + Counter(view.hand or ()))
        self.known: dict[tuple[object, ...], float] = {}

    def stuck(self, seat: str, color: Color, rank: Rank | None, then: Then) -> float:
        """P(``seat`` held nothing to play on ``color`` / ``rank``)."""
        def goes(c: Card) -> bool:
            return c.color is color or c.color is None or c.rank is rank

        return self._odds(("stuck", seat, color, rank), seat, goes, then,
                          lambda facts, size: self.table.p_stuck(seat, color, rank, facts, size))

    def holds(self, seat: str, rank: Rank, then: Then) -> float:
        """P(``seat`` held a card of ``rank``)."""
        def of_rank(c: Card) -> bool:
            return c.rank is rank

        return 1.0 - self._odds(("rank", seat, rank), seat, of_rank, then,
                                lambda facts, size: self.table.odds.lacks(
                                    seat, of_rank, facts=facts, size=size))

    def lacks(self, seat: str, color: Color, then: Then) -> float:
        """P(``seat`` held no card of ``color``)."""
        def of_color(c: Card) -> bool:
            return c.color is color

        return self._odds(("color", seat, color), seat, of_color, then,
                          lambda facts, size: self.table.p_lacks(seat, color, facts, size))

    def _odds(self, key: tuple[object, ...], seat: str, match: Callable[[Card], bool], then: Then,
              theirs: Callable[[NotHeld, int], float]) -> float:
        """The chance that ``seat`` held no card that ``match``es, worked out once per ``key``
        and time: for our own seat as the others saw it, for theirs by ``hard``'s odds (with
        its beliefs)."""
        facts, size = then.facts[seat], then.sizes[seat]
        key = (*key, facts, size)
        known = self.known.get(key)
        if known is None:
            if seat == self.me:
                known = self.ours.lacks(seat, match, facts=facts, size=size)
            else:
                known = theirs(facts, size)
            self.known[key] = known
        return known


def table_terms(seats: Sequence[str], at: int, direction: int, color: Color, rank: Rank,
                then: Then, odds: TableOdds, r9: bool = False,
                stacks: frozenset[Rank] = frozenset()) -> dict[tuple[Card, Color], float]:
    """For each card the seat ``at`` could play on ``color`` / ``rank`` and each colour it may
    leave, ``hard``'s terms of the others' hands (as they were ``then``): the chance that the next
    to play is stuck (``W_BLOCK``), that a seat about to go out can answer (``W_THREAT``), that
    the seat before lacks the colour (``W_PREV``), and that a hit seat stacks the card back
    (``stacks``: the ranks that stack); ``r9``: with the weights of draw-until-playable."""
    n = len(seats)
    w_block = (hard.W_BLOCK_R9 if r9 else hard.W_BLOCK) * (hard.HEADS_UP_BLOCK if n == 2 else 1.0)
    w_threat = hard.W_THREAT_R9 if r9 else hard.W_THREAT
    w_prev = hard.W_PREV_R9 if r9 else hard.W_PREV
    sizes = then.sizes
    threats = [s for s in seats if s != seats[at] and sizes[s] <= 2]
    terms: dict[tuple[Card, Color], float] = {}
    for card in CARD_KINDS:
        if not matches(card, color, rank):
            continue
        after, victim, way = 1, None, direction  # as ``hard`` reads a play
        if card.rank is Rank.REVERSE:
            if n == 2:
                after, victim = 0, seats[(at + way) % n]
            else:
                way = -way
        elif card.rank in hard.HITTING:
            victim = seats[(at + way) % n]
            after = 0 if n == 2 else 2
        nxt = seats[(at + after * way) % n] if after else None
        answer_rank = None if card.color is None else card.rank
        base = 0.0
        if victim is not None and card.rank in stacks:  # a hit worth less if it comes back
            given = 2 if card.rank is Rank.DRAW_TWO else 4
            base -= odds.holds(victim, card.rank, then) * hard.hit_value(hard.danger(sizes[victim]), given)
        if card.color is not None and w_prev:
            base += w_prev * odds.lacks(seats[(at - way) % n], card.color, then)
        for left in (_COLORS if card.color is None else (card.color,)):
            value = base
            if nxt is not None:
                stuck = odds.stuck(nxt, left, answer_rank, then)
                value += w_block * stuck * (hard.DANGER_BASE + hard.danger(sizes[nxt]))
            for seat in threats:
                if seat != victim:
                    near = 1.0 if seat == nxt else hard.THREAT_FAR
                    answer = 1.0 - odds.stuck(seat, left, answer_rank if seat == nxt else None, then)
                    value -= w_threat * near * hard.danger(sizes[seat]) * answer
            terms[card, left] = value
    return terms


def _before(log: Sequence[Record], i: int, seat: str) -> Record | None:
    """What ``seat``'s play ``log[i]`` answered: the card played before it, or its own draw on
    the turn (R8: the card drawn is the only one it may play then)."""
    for record in reversed(log[:i]):
        if isinstance(record, Played):
            return record
        if isinstance(record, DrewCards) and record.seat == seat and record.reason in _OWN_DRAWS:
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
