"""The simple levels, ``easy`` and ``normal``, and the stand-in that plays an absent person's turn.

* ``easy``: a random legal action on its turn; off turn, now and then a random legal action
  (say UNO, catch someone, jump in).
* ``normal``: plays sensibly. It says UNO with its next-to-last card, catches a forgotten UNO,
  jumps in, stacks, plays coloured cards before wilds, names the colour it holds most, hits a
  next player who is close to winning with action cards, never bluffs a Wild Draw Four, and
  challenges one when the odds say it was a bluff (``challenge.should_challenge``: the chance the
  offender held the colour, from the tracker when it has one, weighed by how rarely a player
  bluffs). That is the only use ``normal`` makes of the tracker.

``stand_in(view, rng)`` is not a level: it is what plays a person's turn when their time runs out
or they are away. It only does what the turn requires, the safe way: it accepts a Wild Draw Four
(never challenges), never bluffs one, and off the seat's turn it does nothing (no catch, no
jump-in, no UNO the person did not say; UNO said with the card it plays is fine).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    KeepDrawing,
    Pass,
    PlayCard,
)
from ..cards import Card, Color, Rank
from ..explain import exchanges_hands
from ..tracker import Tracker
from ..view import View
from .challenge import should_challenge

EASY_OFF_TURN_RATE = 0.25
"""How often ``easy`` takes one of its legal off-turn actions when it has any."""

_COLORS = tuple(Color)
_ACTION_RANKS = frozenset({Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO})


# ---------------------------------------------------------------------------------- easy


def easy(view: View, rng: random.Random, tracker: Tracker | None = None) -> Action | None:
    """A random legal action on its turn; off turn, now and then one."""
    legal = view.legal
    if not legal:
        return None
    if _my_turn(view) or rng.random() < EASY_OFF_TURN_RATE:
        return rng.choice(legal)
    return None


# ---------------------------------------------------------------------------------- normal


def normal(view: View, rng: random.Random, tracker: Tracker | None = None) -> Action | None:
    """Sensible play from the view (the tracker only weighs a challenge)."""
    legal = view.legal
    if not legal or view.seat is None or view.hand is None:
        return None
    me = view.seat
    # Say UNO the moment we hold one card without having said it (e.g. after a 7-0 exchange).
    if len(view.hand) == 1:
        call = CallUno(me)
        if call in legal:
            return call
    # Catch a forgotten UNO; only the seat that is really open, so never a false catch.
    if view.uno_open is not None and view.uno_open != me:
        catch = Catch(me, view.uno_open)
        if catch in legal:
            return catch
    if _my_turn(view):
        return _normal_turn(view, legal, rng, tracker)
    jumps = [a for a in legal if isinstance(a, JumpIn)]
    if jumps:
        return _variant(view, jumps, jumps[0].card, rng)
    return None


def _normal_turn(view: View, legal: Sequence[Action], rng: random.Random,
                 tracker: Tracker | None = None) -> Action:
    me = view.seat
    assert me is not None and view.hand is not None
    if view.awaiting_color:
        return ChooseColor(me, _best_color(view.hand, rng))
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if view.challenge_from is not None:
        if plays:  # a stack on the Wild Draw Four (R15) passes the whole draw along
            return _best_play(view, plays, rng)
        return Challenge(me) if should_challenge(view, tracker) else Accept(me)
    if view.pending_draw:
        if plays:
            return _best_play(view, plays, rng)
        return _first_of(legal, Draw, rng)
    if view.color is not None and any(card.color is view.color for card in view.hand):
        # Never bluff: a Wild Draw Four while holding the colour in play is left alone.
        plays = [a for a in plays if a.card.rank is not Rank.WILD_DRAW_FOUR]
    if plays:
        return _best_play(view, plays, rng)
    for kind in (Draw, Pass, KeepDrawing):
        for action in legal:
            if type(action) is kind:
                return action
    return rng.choice(list(legal))


def _first_of(legal: Sequence[Action], kind: type, rng: random.Random) -> Action:
    for action in legal:
        if type(action) is kind:
            return action
    return rng.choice(list(legal))


def _best_play(view: View, plays: Sequence[PlayCard], rng: random.Random) -> Action:
    """The best card to play among ``plays`` (all PlayCard), in its best variant."""
    assert view.hand is not None
    hand = view.hand
    counts = _color_counts(hand)
    next_seat = _next_seat(view)
    threat = view.size_of(next_seat) <= 2
    best: Card | None = None
    best_score = float("-inf")
    for card in dict.fromkeys(a.card for a in plays):
        score = _card_score(view, card, counts, threat) + rng.random() * 0.01
        if score > best_score:
            best, best_score = card, score
    assert best is not None
    return _variant(view, plays, best, rng)


def _card_score(view: View, card: Card, counts: dict[Color, int], threat: bool) -> float:
    assert view.hand is not None
    if card.color is None:
        # Wilds only when nothing else goes; a Wild Draw Four first (it hurts, and under the
        # strict rule it may not be playable later).
        return -1000.0 + (5.0 if card.rank is Rank.WILD_DRAW_FOUR else 0.0)
    score = 3.0 * (counts[card.color] - 1)  # stay in the colour we hold most
    score += card.points / 5
    if card.rank in _ACTION_RANKS:
        if not threat:
            score -= 6.0  # keep it to defend with (measured: better, most of all with stacking)
        elif card.rank is Rank.DRAW_TWO:
            score += 40.0
        else:
            score += 30.0
    if view.rules.seven_zero and len(view.hand) > 1:
        mine = len(view.hand) - 1
        if card.rank is Rank.SEVEN:
            score += 5.0 * (mine - _fewest_other(view)[1])
        elif card.rank is Rank.ZERO:
            score += 5.0 * (mine - view.size_of(_prev_seat(view)))
    return score


def _variant(view: View, actions: Sequence[PlayCard | JumpIn], card: Card,
             rng: random.Random) -> Action:
    """Of the variants of playing ``card``, the one with UNO said, our colour, our target."""
    assert view.hand is not None
    candidates: list[PlayCard | JumpIn] = [a for a in actions if a.card == card]
    if len(view.hand) == 2:  # UNO said with the next-to-last card, unless the card moves hands
        said = [a for a in candidates if a.uno != exchanges_hands(view.rules, a.card)]
        candidates = said or candidates
    if card.color is None:
        rest = list(view.hand)
        rest.remove(card)
        color = _best_color(rest, rng)
        named: list[PlayCard | JumpIn] = [
            a for a in candidates if isinstance(a, PlayCard) and a.color is color
        ]
        candidates = named or candidates
    if any(a.target is not None for a in candidates):
        target = _fewest_other(view)[0]
        aimed = [a for a in candidates if a.target == target]
        candidates = aimed or candidates
    return candidates[0]


def _best_color(cards: Sequence[Card], rng: random.Random) -> Color:
    """The colour we hold most (ties: most points, then at random)."""
    counts = _color_counts(cards)
    points = dict.fromkeys(_COLORS, 0)
    for card in cards:
        if card.color is not None:
            points[card.color] += card.points
    return max(_COLORS, key=lambda c: (counts[c], points[c], rng.random()))


# ---------------------------------------------------------------------------------- stand-in

# What a stand-in never does for a person: moves the turn does not require.
_NOT_FOR_A_PERSON = (CallUno, Catch, JumpIn, Challenge)


def stand_in(view: View, rng: random.Random) -> Action | None:
    """The move that plays ``view.seat``'s turn for its absent person, or None off its turn."""
    if view.seat is None or view.hand is None or not _my_turn(view):
        return None
    legal = [a for a in view.legal if not isinstance(a, _NOT_FOR_A_PERSON)]
    if not legal:
        return None
    accept = Accept(view.seat)
    if view.challenge_from is not None and accept in legal:
        return accept  # a challenge risks 6 cards; a stack on the +4 is a choice, not a need
    return _normal_turn(view, legal, rng)


# ---------------------------------------------------------------------------------- helpers


def _my_turn(view: View) -> bool:
    return view.seat is not None and view.current == view.seat and view.hand_result is None


def _color_counts(cards: Sequence[Card]) -> dict[Color, int]:
    counts = dict.fromkeys(_COLORS, 0)
    for card in cards:
        if card.color is not None:
            counts[card.color] += 1
    return counts


def _next_seat(view: View) -> str:
    assert view.seat is not None
    seats = view.seats
    return seats[(seats.index(view.seat) + view.direction) % len(seats)]


def _prev_seat(view: View) -> str:
    assert view.seat is not None
    seats = view.seats
    return seats[(seats.index(view.seat) - view.direction) % len(seats)]


def _fewest_other(view: View) -> tuple[str, int]:
    """The other seat with the fewest cards (ties: the first in seat order)."""
    others = [(size, seat) for seat, size in zip(view.seats, view.hand_sizes, strict=True)
              if seat != view.seat]
    size, seat = min(others, key=lambda pair: pair[0])
    return seat, size
