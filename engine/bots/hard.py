"""The ``hard`` level: rule-based play that counts the cards.

Each legal play is scored and the best taken. The score weighs, for the hand left after it: the
cards we could still follow with in the colour it leaves (our strongest colour), and with one card
left, whether that card goes on what the play leaves (``W_LAST``), and heads-up with two, whether
they go one after the other (``W_CHAIN``); the chance that whoever plays next holds nothing to
answer it (``Odds``: the unseen cards and what the tracker knows each hand lacks or holds, plus the
beliefs below); the turn it takes from, and the cards it gives to, the seat it hits (Skip, Draw
Two, Wild Draw Four, Reverse heads-up), worth more the closer that seat is to going out, and the
cost of spending an action card we could defend with; a wild's cost (it is our way out: kept unless
it is needed or wins); the points we dump when somebody is about to go out; whom a 7 swaps with,
and what a 0 brings. A seat that is close to going out (``danger``) weighs the colour we name too.

Beliefs beyond the tracker's exact facts (``soft_facts``): under the official drawing rule a seat
that drew on its own turn is taken to have held nothing playable (the colour in play, the top
card's rank, a wild), and one that played a wild without drawing first nothing else playable
(``WILD_BELIEF``: players spend a wild when nothing else goes); its older cards keep lacking those
while the cards it drew since are fresh.
(Under draw-until-playable the tracker knows this exactly; with 7-0 swaps, whose hands moved
where is not in the log, so no beliefs.) And a player names a colour it holds, and changes the
colour by matching the rank to one it holds (``named_colors``): a seat that named a colour with
its wild is taken to hold it (``NAMED_LACK``) until it plays a card of it, and one that changed
to a colour by the rank likely to (``SWITCH_LACK``). A seat about to go out weighs more under
draw-until-playable (``W_THREAT_R9``).

Wild Draw Four (R12): it challenges only when ``challenge.bluff_odds`` (the chance the offender
held the colour, weighed by how rarely a holder plays the card) makes it nearly sure of a bluff
(``CHALLENGE_AT``); it bluffs only when the victim, estimating the same odds from what it can
see, would not challenge. Off turn it says UNO, catches a forgotten UNO and jumps in. Under the
official drawing rule, with nothing but a wild to play, five cards or more and at most two
wilds, it draws and keeps the wild.

Measured (bench/bot_strength.py, hard against normal, 20,000 hands, seed 1, 95% bootstrap interval's
lower bound): official 4 seats 27.8% (27.2%), 2 seats 58.7% (58.1%); house 4 seats 28.2% (27.7%), 2
seats 57.6% (57.0%). Official four seats on seeds 2, 3 and 4: 28.5%, 28.0%, 27.8%; over the four
seeds (80,000 hands) 28.0%, on the issue's line; seeds 5 to 8 (with the hand a challenge shows):
27.6%, 28.1%, 28.5%, 27.7%, so 28.0% over the eight seeds (160,000 hands). Before the heads-up
weight of two cards that follow each other (``W_CHAIN``): 2 seats 58.3% (57.7%), 57.0% (56.4%).
Every weight screened again one at a time at four seats, official, paired over 3,000 deals of four
hands (seed 7): none gained beyond its noise (DANGER_BASE, W_FOLLOW, W_HOLD, W_RANK, W_TURN, W_CARD,
W_WILD, W_POINTS, W_BLOCK, W_THREAT, THREAT_FAR, W_PREV, BLUFF_MARGIN a step either way, and other
shapes of ``danger``: from -0.52 to +0.30 points, each interval about +-0.3), and a Wild Draw Four
priced apart from a Wild under the official drawing rule (35, 45, 70 against 55) lost -0.31, -0.13,
-0.05. Before the belief about wilds (``WILD_BELIEF``): official 27.8% (27.3%), 58.1% (57.5%).
Before the last card's weight: official 27.6% (27.1%), 57.2% (56.6%); house 28.1% (27.6%), 57.0%
(56.4%). Before a spare wild was played rather than kept (``KEEP_WILD_MAX``): official 27.5%
(27.0%), 56.9% (56.3%). Before the official rule's own weights (``W_FOLLOW``, ``W_WILD``, ``W_PREV``
against their ``_R9`` twins: screened one at a time and then together, paired on the same deals,
seed 2: +0.5 points [+0.2, +0.8] at four seats, -0.1 [-0.5, +0.3] heads-up) official was 27.3%
(26.7%) and 57.2% (56.6%); before the named colours, the weight of a threat under R9 and the rarer
challenge: 26.9%, 56.8%, 26.9%, 55.7%. The same three weights cost house four seats -0.3 [-0.8,
+0.1], so draw-until-playable keeps the old ones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from .. import actions as act
from ..actions import Action, JumpIn, PlayCard
from ..cards import WILD_RANKS, Card, Color, Rank
from ..events import DrawReason
from ..explain import exchanges_hands
from ..hand import matches
from ..rules import WildDrawFour
from ..tracker import ChallengeRecord, DrewCards, NotHeld, PassRecord, Played, Tracker
from ..view import View
from .challenge import BLUFF_RATIO, CHALLENGE_THRESHOLD, bluff_odds, posterior
from .odds import Odds, p_none

_COLORS = tuple(Color)
HITTING = frozenset({Rank.SKIP, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR})  # they take the next seat's turn

# Weights of the score (tuned with bench/bot_strength.py, hard:normal at 4 and 2 seats).
W_FOLLOW = 5.0  # per card we hold of the colour the play leaves
W_FOLLOW_R9 = 6.0  # W_FOLLOW under draw-until-playable
W_RANK = 1.0  # per card we hold of the rank the play leaves (a way to change colour)
W_BLOCK = 4.0  # x P(the next to play cannot answer), x (base + its danger)
W_TURN = 30.0  # x danger of the seat that loses its turn
W_CARD = 2.5  # per card given to a seat, x (base + its danger)
W_HOLD = 6.0  # spending an action card while nobody needs hitting
W_WILD = 55.0  # spending a wild
W_WILD_R9 = 40.0  # W_WILD under draw-until-playable
W_POINTS = 0.08  # per point dumped while somebody is about to go out
W_SWAP = 5.0  # per card a 7-0 exchange takes off us
W_THREAT = 20.0  # x danger x P(a seat about to go out can answer what we leave)
W_THREAT_R9 = 40.0  # W_THREAT under draw-until-playable
THREAT_FAR = 0.3  # x W_THREAT for such a seat that does not play right after us
KEEP_WILD_HAND = 5  # R8: with only wilds to play and this many cards or more, draw instead
KEEP_WILD_MAX = 2  # ... but only while holding at most this many wilds: with more, one is spare
# (measured, paired on the same deals against normal, official: playing the spare wild rather
# than drawing, four seats +0.38 [+0.16, +0.59] seed 2, +0.07 [-0.09, +0.24] seed 5, +0.17
# [+0.00, +0.34] seed 6; heads-up +0.48 [+0.30, +0.66]; at most 1 wild: +0.10, at most 3: +0.04)
# (KEEP_WILD_HAND, the same way, four seats, seed 2, 20,000 hands: 3 cards -1.56 [-2.01, -1.11],
# 4 cards -0.24 [-0.59, +0.10], 6 cards -0.47 [-0.78, -0.17] against 5; tried because the
# expert's search overruled hard to keep a wild at 3 and at 4 cards, 2 of 590 decisions)
W_PREV = 4.0  # x P(the seat before us lacks the colour of the card we shed)
W_PREV_R9 = 0.0  # W_PREV under draw-until-playable
HEADS_UP_BLOCK = 4.0  # x W_BLOCK at two seats, where the next seat's loss is all ours
W_BLOCK_R9 = 14.0  # W_BLOCK under draw-until-playable, where a stuck seat draws several cards
DANGER_BASE = 0.3
W_CHAIN = 12.0  # heads-up, with two cards left after the play, if both go in turn on what it leaves
# (measured, paired on the same deals against normal, heads-up, 10,000 deals of two hands: 4
# against none, official +0.39 [+0.18, +0.60] seed 8, +0.35 [+0.21, +0.50] seed 9, +0.51 [+0.36,
# +0.66] seed 10, house +0.38 [+0.23, +0.52] seed 9; 12 against 4, official +0.14 [+0.04, +0.24]
# seed 10, +0.12 [+0.03, +0.21] seed 11, house +0.21 [+0.08, +0.34] seed 11; 8 and 20 as 12.
# At four seats 4 gave nothing: official -0.05, -0.02, +0.02, +0.18 on seeds 9, 10, 8, 7,
# house -0.07, +0.03; so it stays a heads-up weight)
W_LAST = 10.0  # with one card left after the play, if that card goes on what the play leaves
# (measured, paired on the same deals against normal: official four seats +0.30 [+0.12, +0.48]
# seed 2, +0.46 [+0.31, +0.60] seed 5; heads-up +0.81 [+0.55, +1.07]; house +0.08 [-0.04,
# +0.20] and +0.06 [-0.00, +0.13]; 25 played as 10 does)
BLUFF_MARGIN = 0.8  # bluff only when the victim's estimate is below this share of its threshold
CHALLENGE_AT = 0.99  # the break-even point of the costs is 0.25 (a failed challenge costs 2
# more cards; a won one costs the offender 4 and keeps our turn), but players bluff less than
# BLUFF_RATIO says: challenging there lost hands (measured, official 4 seats: 0.99 won +0.28
# points of win rate over 0.25, 6,000 hands paired)
WILD_BELIEF = True  # a seat that played a wild (without drawing first) held nothing else that went
# (measured against normal, official four seats: +0.02 [-0.20, +0.24] paired over 9,200 hands,
# seed 2; it is for the search's deals, whose guesses of the hidden hands it improves a little)
NAMED_LACK = 0.0  # x P(a seat lacks the colour it named with its last wild, none played since)
SWITCH_LACK = 0.3  # the same for the colour a seat changed to by matching the rank
# (Measured, hard against normal on the same deals, house 4 seats: the two beliefs +0.9 points
# of win rate over 4,000 hands; with W_THREAT_R9 at 40 rather than 20, +1.4 over 6,000; official
# 4 seats: no change either way.)


def danger(size: int) -> float:
    """How close a hand of ``size`` cards is to going out, 0..1."""
    return {0: 1.0, 1: 1.0, 2: 0.55, 3: 0.3, 4: 0.18}.get(size, 0.1)


@dataclass
class _Soft:
    lacks: NotHeld
    fresh: int  # cards drawn since the belief was formed (they may hold anything)


def soft_facts(tracker: Tracker, wilds: bool = WILD_BELIEF) -> dict[str, tuple[NotHeld, int]]:
    """Under the official drawing rule (R8): for each other seat, what its older cards are believed
    to lack and how many of its cards are older than that belief (see the module); ``wilds``: a
    wild played counts as well as a draw (a guess, not a fact a player can check)."""
    rules = tracker.rules
    if rules.draw_until_playable or rules.seven_zero:
        return {}
    soft: dict[str, _Soft] = {}
    color: Color | None = None
    top: Card | None = None
    drawing: str | None = None  # the seat whose turn it is, if it drew on it
    for record in tracker.log:
        if isinstance(record, Played):
            belief = soft.get(record.seat)
            if belief is not None and belief.lacks.excludes(record.card):
                belief.fresh = max(0, belief.fresh - 1)  # it can only be one of the fresh cards
            if wilds and record.card.color is None and not record.jump_in \
                    and record.seat != drawing and record.seat != tracker.seat \
                    and color is not None and top is not None:
                # A wild is played when nothing else goes: it held no card of the colour or rank.
                soft[record.seat] = _Soft(NotHeld(frozenset({color}), frozenset({top.rank}) - WILD_RANKS), 0)
            color, top = record.color, record.card
            drawing = None
        elif isinstance(record, DrewCards):
            belief = soft.get(record.seat)
            if record.reason == DrawReason.DRAW and color is not None and top is not None \
                    and record.seat != tracker.seat:
                # (Not joined with an older belief: the card drawn now need not lack that.)
                lacks = NotHeld(frozenset({color}), WILD_RANKS | {top.rank})
                soft[record.seat] = _Soft(lacks, record.count)
                drawing = record.seat
            elif belief is not None:
                belief.fresh += record.count
        elif isinstance(record, PassRecord):
            drawing = None
            belief = soft.get(record.seat)
            if belief is not None and record.drawn_playable is False:
                belief.fresh = max(0, belief.fresh - record.drew)
        elif isinstance(record, ChallengeRecord) and record.guilty:
            soft.pop(record.offender, None)  # its Wild Draw Four was a bluff: it held the colour
    return {seat: (b.lacks, b.fresh) for seat, b in soft.items()}


def named_colors(tracker: Tracker) -> dict[str, tuple[Color, float]]:
    """For each other seat, the colour it named with its last wild (or changed to by matching the
    rank), while it has played no card of that colour since, with the factor on the odds that it
    lacks that colour: a player names (or moves to) a colour it holds."""
    named: dict[str, tuple[Color, float]] = {}
    if tracker.rules.seven_zero:
        return named  # hands move in a 7-0 exchange
    color: Color | None = None
    for record in tracker.log:
        if isinstance(record, Played) and record.seat != tracker.seat:
            belief = named.get(record.seat)
            if record.card.color is None:
                named[record.seat] = (record.color, NAMED_LACK)
            elif belief is not None and belief[0] is record.card.color:
                del named[record.seat]
            if record.card.color is not None and color is not None and record.card.color is not color:
                named[record.seat] = (record.card.color, SWITCH_LACK)
        if isinstance(record, Played):
            color = record.color
    return named


@dataclass
class Table:
    """One decision's context: the view, the odds of the hidden hands, who sits where."""

    view: View
    odds: Odds
    me: str
    hand: tuple[Card, ...]
    soft: dict[str, tuple[NotHeld, int]] = field(default_factory=dict)
    named: dict[str, tuple[Color, float]] = field(default_factory=dict)

    @classmethod
    def make(cls, view: View, tracker: Tracker | None) -> Table:
        assert view.seat is not None and view.hand is not None
        odds = Odds.of(view, tracker)
        if odds.tracker is None:
            return cls(view, odds, view.seat, view.hand)
        return cls(view, odds, view.seat, view.hand, soft_facts(odds.tracker), named_colors(odds.tracker))

    @property
    def n(self) -> int:
        return len(self.view.seats)

    def seat_at(self, steps: int, direction: int | None = None) -> str:
        seats = self.view.seats
        d = self.view.direction if direction is None else direction
        return seats[(seats.index(self.me) + steps * d) % len(seats)]

    def size(self, seat: str) -> int:
        return self.view.size_of(seat)

    def danger(self, seat: str) -> float:
        return danger(self.size(seat))

    def _soft_of(self, seat: str) -> tuple[NotHeld | None, int]:
        belief = self.soft.get(seat)
        if belief is None:
            return None, 0
        lacks, fresh = belief
        return lacks, self.size(seat) - fresh

    def p_stuck(self, seat: str, color: Color, rank: Rank | None,
                facts: NotHeld | None = None, size: int | None = None) -> float:
        """P(``seat`` holds nothing it could play on ``color`` / ``rank``); ``facts``, ``size``:
        as ``Odds.lacks`` takes them, for an earlier time."""
        soft, old = self._soft_of(seat)
        p = self.odds.lacks(
            seat, lambda c: c.color is color or c.color is None or c.rank is rank, soft, old,
            facts, size)
        return self._named(seat, color, p)

    def _named(self, seat: str, color: Color, p: float) -> float:
        belief = self.named.get(seat)
        return p * belief[1] if belief is not None and belief[0] is color else p

    def p_lacks(self, seat: str, color: Color, facts: NotHeld | None = None,
                size: int | None = None) -> float:
        soft, old = self._soft_of(seat)
        p = self.odds.lacks(seat, lambda c: c.color is color, soft, old, facts, size)
        return self._named(seat, color, p)

    def threats(self) -> list[str]:
        return [s for s in self.view.seats if s != self.me and self.size(s) <= 2]


# ---------------------------------------------------------------------------------- the level


def hard(view: View, rng: random.Random, tracker: Tracker | None = None) -> Action | None:
    """The ``hard`` bot's move for ``view`` (see the module)."""
    legal = view.legal
    if not legal or view.seat is None or view.hand is None:
        return None
    me = view.seat
    if len(view.hand) == 1 and act.CallUno(me) in legal:
        return act.CallUno(me)
    if view.uno_open is not None and view.uno_open != me and act.Catch(me, view.uno_open) in legal:
        return act.Catch(me, view.uno_open)
    table = Table.make(view, tracker)
    if view.current == me and view.hand_result is None:
        return _turn(table, legal, rng)
    jumps = [a for a in legal if isinstance(a, JumpIn)]
    if jumps:
        return _best(table, jumps, rng)
    return None


def _turn(table: Table, legal: Sequence[Action], rng: random.Random) -> Action:
    view, me = table.view, table.me
    if view.awaiting_color:
        return act.ChooseColor(me, _name_color(table, table.hand, rng))
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if view.challenge_from is not None:
        if plays:  # a stack on the Wild Draw Four (R15) passes the whole draw along
            return _best(table, plays, rng)
        return act.Challenge(me) if _should_challenge(table) else act.Accept(me)
    if view.pending_draw:
        return _best(table, plays, rng) if plays else _first(legal, (act.Draw,), rng)
    if view.color is not None and any(c.color is view.color for c in table.hand) \
            and not _bluff_ok(table):
        plays = [a for a in plays if a.card.rank is not Rank.WILD_DRAW_FOUR]
    if plays and _keeps_wild(table, plays, legal):
        return _first(legal, (act.Pass, act.Draw), rng)
    if plays:
        return _best(table, plays, rng)
    return _first(legal, (act.Draw, act.Pass, act.KeepDrawing), rng)


def _keeps_wild(table: Table, plays: Sequence[PlayCard], legal: Sequence[Action]) -> bool:
    """Under R8 a seat may draw (or, having drawn, pass) rather than play: with nothing but a wild
    to play, keep it for when it is needed, unless the next seat needs hitting or we hold wilds
    to spare."""
    if table.view.rules.draw_until_playable or len(table.hand) < KEEP_WILD_HAND:
        return False
    if any(a.card.color is not None for a in plays):
        return False
    if sum(1 for c in table.hand if c.color is None) > KEEP_WILD_MAX:
        return False
    if not any(isinstance(a, (act.Draw, act.Pass)) for a in legal):
        return False
    return table.danger(table.seat_at(1)) < danger(2)


def _first(legal: Sequence[Action], kinds: tuple[type, ...], rng: random.Random) -> Action:
    for kind in kinds:
        for action in legal:
            if type(action) is kind:
                return action
    return rng.choice(list(legal))


def _best(table: Table, actions: Sequence[PlayCard | JumpIn], rng: random.Random) -> Action:
    if len(table.hand) == 2:  # UNO said with the next-to-last card, unless the card moves hands
        rules = table.view.rules
        said = [a for a in actions if a.uno != exchanges_hands(rules, a.card)]
        actions = said or actions
    scored = [(_score(table, a) + rng.random() * 1e-6, i) for i, a in enumerate(actions)]
    return actions[max(scored)[1]]


def _score(table: Table, action: PlayCard | JumpIn) -> float:
    view, card = table.view, action.card
    rest = list(table.hand)
    rest.remove(card)
    if not rest:
        return 1e9
    color = action.color if isinstance(action, PlayCard) and action.color is not None else (
        card.color or view.color)
    if color is None:
        color = _COLORS[0]
    n = table.n
    r9 = view.rules.draw_until_playable
    direction = view.direction
    after, victim, given = 1, None, 0  # seat to play next (steps), seat hit, cards it draws
    rank = card.rank
    if rank is Rank.REVERSE:
        if n == 2:
            after, victim = 0, table.seat_at(1)
        else:
            direction = -direction
    elif rank in HITTING:
        victim = table.seat_at(1)
        after = 0 if n == 2 else 2
        given = 2 if rank is Rank.DRAW_TWO else 4 if rank is Rank.WILD_DRAW_FOUR else 0
    if isinstance(action, JumpIn) and action.target is None:
        pass  # play goes on from us, like a card played on our turn
    nxt = table.seat_at(after, direction) if after else table.me
    score = 0.0
    swapped = False
    if view.rules.seven_zero and rank is Rank.SEVEN and action.target is not None:
        score += W_SWAP * (len(rest) - table.size(action.target))
        swapped = True
    elif view.rules.seven_zero and rank is Rank.ZERO:
        score += W_SWAP * (len(rest) - table.size(table.seat_at(-1)))
        swapped = True
    if not swapped:
        score += rest_value(rest, color, rank, n, r9)
    if victim is not None:
        stack_back = 0.0
        if given and (view.rules.stack_draw_two or view.rules.stack_wild_draw_four):
            stack_back = table.odds.holds(victim, lambda c: c.rank is rank)
        score += (1 - stack_back) * hit_value(table.danger(victim), given)
    if nxt != table.me:  # (heads-up, a card that hits means we play again: no bonus, measured)
        stuck = table.p_stuck(nxt, color, None if card.color is None else rank)
        block = W_BLOCK_R9 if r9 else W_BLOCK
        if n == 2:
            block *= HEADS_UP_BLOCK
        score += block * stuck * (DANGER_BASE + table.danger(nxt))
    answer_rank = None if card.color is None else rank
    w_threat = W_THREAT_R9 if r9 else W_THREAT
    for seat in table.threats():
        if seat == victim:
            continue  # it loses its turn
        # A seat about to go out that can answer what we leave may well go out: the seat right
        # after us faces our card; a later one faces it only if the seats between keep it.
        near = 1.0 if seat == nxt else THREAT_FAR
        answer = 1.0 - table.p_stuck(seat, color, answer_rank if seat == nxt else None)
        score -= w_threat * near * table.danger(seat) * answer
    if rank in (Rank.SKIP, Rank.DRAW_TWO, Rank.REVERSE) and n > 2 and (
            victim is None or table.danger(victim) < 0.3):
        score -= W_HOLD
    w_prev = W_PREV_R9 if r9 else W_PREV
    if card.color is None:
        score -= W_WILD_R9 if r9 else W_WILD
    elif w_prev and not swapped:
        # The seat before us sets what we face next: a colour it lacks will rarely come back.
        score += w_prev * table.p_lacks(table.seat_at(-1, direction), card.color)
    if table.threats():
        score += W_POINTS * card.points
    return score


def rest_value(rest: Sequence[Card], color: Color, rank: Rank, seats: int, r9: bool) -> float:
    """What the cards ``rest`` left after a play are worth on what it leaves in play (``color``,
    ``rank``): the cards that follow it, and a last card (or heads-up, two) that goes out next."""
    same_color = sum(1 for c in rest if c.color is color)
    same_rank = sum(1 for c in rest if c.rank is rank and c.color is not color)
    value = (W_FOLLOW_R9 if r9 else W_FOLLOW) * same_color + W_RANK * same_rank
    if len(rest) == 1 and matches(rest[0], color, rank):
        value += W_LAST  # our last card goes on what we leave: out next turn if it stays
    elif seats == 2 and len(rest) == 2 and _chains(rest, color, rank):
        value += W_CHAIN
    return value


def hit_value(danger: float, given: int) -> float:
    """What hitting a seat as close to going out as ``danger`` is worth: its turn, and the
    ``given`` cards it draws."""
    return W_TURN * danger + W_CARD * given * (DANGER_BASE + danger)


def _chains(cards: Sequence[Card], color: Color, rank: Rank) -> bool:
    """Whether the two ``cards`` go one after the other on ``color`` / ``rank``."""
    a, b = cards
    for first, second in ((a, b), (b, a)):
        if matches(first, color, rank) and (first.color is None or matches(second, first.color, first.rank)):
            return True
    return False


def _name_color(table: Table, cards: Sequence[Card], rng: random.Random) -> Color:
    """The colour to name for a starting Wild: ours, and one the next seat lacks."""
    nxt = table.seat_at(1)

    def value(color: Color) -> float:
        mine = sum(1 for c in cards if c.color is color)
        stuck = table.p_stuck(nxt, color, None)
        follow = W_FOLLOW_R9 if table.view.rules.draw_until_playable else W_FOLLOW
        return follow * mine + W_BLOCK * stuck * (DANGER_BASE + table.danger(nxt)) + rng.random() * 1e-6

    return max(_COLORS, key=value)


# ---------------------------------------------------------------------------------- Wild Draw Four


def _should_challenge(table: Table) -> bool:
    return bluff_odds(table.view, table.odds.tracker) > CHALLENGE_AT


def _bluff_ok(table: Table) -> bool:
    """Whether a Wild Draw Four played while holding the colour in play is likely to pass: the
    victim, counting what it can see (our hand's size, the unseen cards), would put the odds of a
    bluff under its threshold."""
    view = table.view
    if view.rules.wild_draw_four is WildDrawFour.STRICT or view.color is None:
        return False
    victim = table.seat_at(1)
    color = view.color
    held = len(table.hand) - 1
    unseen_me = view.draw_pile + sum(view.hand_sizes) - len(table.hand)
    unseen_victim = view.draw_pile + sum(view.hand_sizes) - table.size(victim)
    mine = sum(1 for c in table.hand if c.color is color)
    out_there = table.odds.color_counts()[color] * table.odds.scale
    hidden = mine + out_there * (1 - table.size(victim) / unseen_me if unseen_me else 1)
    p_held = 1 - p_none(unseen_victim, hidden, held)
    return posterior(p_held, BLUFF_RATIO) < BLUFF_MARGIN * CHALLENGE_THRESHOLD
