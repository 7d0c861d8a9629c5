"""Playouts for the search: a hand played on from a determinized game by a fast policy.

``playout(game, me, rng, policy, cap)`` plays the hand on with ``policy`` choosing for every
seat and returns the share of a win it gives ``me``: 1 or 0 when the hand ends, else (after
``cap`` moves: a truncated playout) an estimate from the hand sizes (``size_value``).

The policies (compared in bench/engine_speed.py and by strength; see ``POLICIES``):

* ``random``: a uniformly random legal turn action. Under the official drawing rule (R8) a random
  player draws half the time it could play: hands run some 800 moves, and say little about
  the move that started them.
* ``greedy``: ``normal`` at its simplest: play a coloured card if one goes (at random among them,
  saying UNO with it), else a wild in the colour held most, else draw; a drawn card that goes is
  played. Facing a Wild Draw Four that may be challenged (R12) it challenges a guilty one with
  ``CATCH_BLUFF`` and an honest one with ``DOUBT_HONEST``, as rarely as the table does, so that
  a bluff in the search costs what it costs at the table. Hands run some 40 moves, about as a
  table plays them.

Chosen by strength per time (expert against ``normal`` heads-up, official, 20 ms of CPU a move,
120 duplicate hands each, bootstrap 95% intervals): ``greedy`` 56.7% [50.0, 63.3]; ``random``
35.8% [27.5, 45.0] (fewer, longer, noisier playouts); ``greedy`` truncated after 20 moves and
scored by ``size_value`` 54.2% [46.7, 61.7] (40% more playouts, but a biased score). The
search uses ``greedy`` played to the end of the hand. Tried since and not kept (bench/expert_paired.py,
against ``hard`` heads-up, official, 100 rounds a move, 25 duplicate deals): a ``greedy`` that
plays the colour it holds most, stops a seat about to go out and swaps 7-0 with the smallest hand,
14% fewer playouts, -4.0 points [-16.6, +8.6] against ``greedy``. Measured again on more deals: a
``greedy`` that plays into the colour it holds most and, heads-up, prefers a card that gives it
another turn (Skip, Reverse, Draw Two; at more seats one that hits a seat with two cards or
fewer), as fast as ``greedy``, against ``hard`` heads-up, official, 100 rounds a move, paired on
400 deals each: seed 21 -0.6 points [-3.9, +2.7], seed 22 +1.0 [-2.4, +4.4]. No gain to see.
Nor at four seats (expert against three ``hard``, official, 100 rounds, paired, seed 21): a
``greedy`` that hits the next seat when it holds one card, -3.4 [-7.0, +0.1] (80 deals); the
searching seat choosing its coloured card as ``hard`` weighs the colour it keeps and its last
card, -2.1 [-5.6, +1.3] (140 deals); one move in ten at random, -1.6 [-4.9, +1.7] (140 deals).
Nor ``hard`` itself playing the first four moves of each playout (each seat's answer to the move
searched, from its view of the deal, without a tracker; then ``greedy``): some 200 rounds a move
of 200 ms instead of 560, and at four seats, official, 200 ms of CPU, the first 1,000 hands of
bench/bot_strength.py's seed 1, 23.5% [21.6, 25.5] where ``greedy`` wins 25.0% [22.8, 27.2].

The policy reads the game's state directly (the hand's kinds as bits, the legal actions as listed
by the engine): this is the search's inner loop, where a ``View`` per move would cost more than
the move (measured: a view takes ~25 us, a greedy move ~6 us).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..actions import Accept, Action, CallUno, Catch, PlayCard
from ..cards import Color
from ..game import Game
from ..legal import legal

__all__ = [
    "CATCH_BLUFF",
    "DOUBT_HONEST",
    "POLICIES",
    "TRUNCATE_AT",
    "Policy",
    "greedy",
    "playout",
    "random_policy",
    "size_value",
]

Policy = Callable[[Game, list[Action], random.Random], Action]

TRUNCATE_AT = 400
"""Moves after which a playout stops and the hand sizes decide (a safety cap for ``greedy``,
whose hands end far sooner; ``random``'s often run past it)."""

SIZE_WEIGHT = 0.45
"""How sharply fewer cards mean a likelier win in ``size_value`` (per card, as a log-odds)."""

CATCH_BLUFF = 0.05
"""How often a ``greedy`` player challenges a Wild Draw Four played by a seat holding the colour.
(``greedy`` never bluffs: this prices the search's own bluffs.) Players challenge rarely: the
levels do (bench/challenges.py, official, four seats, 3,000 hands: ``hard`` challenged none of the
2,346 it faced, ``normal`` 3.2% of 2,048), and a failed challenge costs 6 cards. Measured
(bench/expert_paired.py, expert against three ``hard``, official, 100 rounds a move, paired on
140 duplicate deals each): 0.05 and 0.0 against 0.6 and 0.2, seed 21 +2.5 points [-0.2, +5.2],
seed 22 +2.0 [-0.6, +4.5]; heads-up, 225 deals each, seed 31 -0.2 [-3.3, +2.8], seed 32 +0.4
[-3.4, +4.3]. A table that challenges more often makes a bluff costlier than the search
thinks."""
DOUBT_HONEST = 0.0
"""How often it challenges one played by a seat that did not (see ``CATCH_BLUFF``)."""

_OFF_TURN = (CallUno, Catch)
_COLORS = tuple(Color)


def random_policy(game: Game, actions: list[Action], rng: random.Random) -> Action:
    turn = [a for a in actions if not isinstance(a, _OFF_TURN)]
    return turn[int(rng.random() * len(turn))] if turn else actions[0]


def greedy(game: Game, actions: list[Action], rng: random.Random) -> Action:
    coloured: list[Action] = []
    wilds: list[PlayCard] = []
    other: Action | None = None
    accept: Action | None = None
    for action in actions:
        kind = type(action)
        if kind is PlayCard:
            assert isinstance(action, PlayCard)
            if action.card.color is None:
                wilds.append(action)
            elif action.uno or len(game._hands[game._current].cards) != 2:
                coloured.append(action)
        elif kind is Accept:
            accept = action
        elif kind is not CallUno and kind is not Catch and other is None:
            other = action  # Draw, Pass, KeepDrawing, ChooseColor, Challenge: the first listed
    if coloured:
        return coloured[int(rng.random() * len(coloured))]
    if wilds:
        color = _most_held(game)
        two = len(game._hands[game._current].cards) == 2
        for action in wilds:
            if action.color is color and (action.uno or not two):
                return action
        return wilds[0]
    if accept is not None:
        challenge = game._challenge
        doubt = CATCH_BLUFF if challenge is not None and challenge[1] else DOUBT_HONEST
        if rng.random() < doubt:
            return game._kits[game._current].challenge
        return accept
    return other if other is not None else actions[0]


def _most_held(game: Game) -> Color:
    counts = dict.fromkeys(_COLORS, 0)
    for card in game._hands[game._current].cards:
        if card.color is not None:
            counts[card.color] += 1
    return max(_COLORS, key=counts.__getitem__)


POLICIES: dict[str, Policy] = {"greedy": greedy, "random": random_policy}


def size_value(game: Game, me: int) -> float:
    """A hand not over yet: ``me``'s share of a softmax over the seats of -SIZE_WEIGHT * cards."""
    weights = [math.exp(-SIZE_WEIGHT * len(hand.cards)) for hand in game._hands]
    return weights[me] / sum(weights)


def playout(game: Game, me: int, rng: random.Random, policy: Policy = greedy,
            cap: int = TRUNCATE_AT) -> float:
    """Play the hand on (every seat by ``policy``, on its turn only); ``me``'s share of a win."""
    push = game.push
    for _ in range(cap):
        result = game._hand_result
        if result is not None:
            return 1.0 if game._index[result.winner] == me else 0.0
        actions = legal(game, game._current)
        push(policy(game, actions, rng))
    result = game._hand_result
    if result is not None:
        return 1.0 if game._index[result.winner] == me else 0.0
    return size_value(game, me)
