"""A search tree below one of ``expert``'s candidate moves: the moves that follow it, every seat's.

The flat search (expert.py) plays each candidate out with ``greedy`` for every seat, its own later
moves too. With ``expert.TREE`` on, each candidate grows a tree instead, one node per round, over
the same sampled deals (information-set Monte Carlo tree search with a single observer: a node is
the public moves since the candidate, whatever the deal; a move is tried at a node only in the
deals where it is legal, and its confidence bound counts those rounds alone):

* At each node the seat on turn picks, among its moves legal in this deal, one it has not tried
  here (``greedy``'s choice among them, so that a node seen once plays as the flat search
  would), else the best by its upper confidence bound on *its own* share of the hand won: the
  other seats play to win, not to help or hinder the searching seat.
* Below the tree's edge, the hand is played out by ``greedy`` (rollout.py); every node on the
  path counts the result for the seat that moved into it.

Moves are searched as at the root: no call of UNO or catch (``greedy`` ignores them as well), and
a play of the next-to-last card only with UNO said.

Measured no stronger than the flat search (see ``expert.TREE``, off): with a few hundred rounds a
candidate, a tree holds some 530 nodes and its deepest line is four moves (medians over 20 trees
of a 200 ms move at four seats), and the value of a move is decided by the hidden
cards more than by the moves after it (bench/expert_paired.py's ``oracle``).
"""

from __future__ import annotations

import math
import random

from ..actions import Action, CallUno, Catch, JumpIn, PlayCard
from ..game import Game
from ..legal import legal
from .rollout import SIZE_WEIGHT, TRUNCATE_AT, Policy

__all__ = ["EXPLORE", "Node", "descend"]

EXPLORE = 0.7
"""The exploration constant of the upper confidence bound (values are shares of a hand, 0-1)."""


class Node:
    """The moves tried after one sequence of moves: ``children`` by move, with each child's
    rounds (``visits``), the wins of the seat that made its move, and the rounds in which its
    move was legal (``available``)."""

    __slots__ = ("available", "children", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.wins = 0.0
        self.available = 0

    def size(self) -> int:
        """The nodes of the tree from here (for tests and benchmarks)."""
        return 1 + sum(child.size() for child in self.children.values())


def descend(root: Node, game: Game, me: int, rng: random.Random, policy: Policy,
            others: bool = True) -> float:
    """One round: down ``root``'s tree in ``game`` (a deal, the candidate's move made), one node
    added, the hand played out by ``policy``; every node on the path updated. ``me``'s share.
    ``others``: the other seats' moves are in the tree too; else ``policy`` plays them, and the
    tree holds ``me``'s moves alone."""
    path: list[tuple[Node, int]] = []
    node = root
    push = game.push
    while game._hand_result is None:
        mover = game._current
        if mover != me and not others:
            push(policy(game, legal(game, mover), rng))
            continue
        moves = _moves(game, mover)
        if not moves:
            break
        children = node.children
        untried = [a for a in moves if a not in children]
        if untried:
            action = policy(game, untried, rng) if len(untried) > 1 else untried[0]
            if action in children:  # (greedy may answer a +4 with a challenge tried already)
                action = untried[0]
            children[action] = Node()
            for a in moves:
                if a in children:
                    children[a].available += 1
            child = children[action]
            push(action)
            path.append((child, mover))
            break
        best: Action | None = None
        best_bound = -1.0
        for a in moves:
            child = children[a]
            child.available += 1
            bound = child.wins / child.visits + EXPLORE * math.sqrt(
                math.log(child.available) / child.visits)
            if bound > best_bound:
                best, best_bound = a, bound
        assert best is not None
        node = children[best]
        push(best)
        path.append((node, mover))
    shares = _finish(game, rng, policy)
    for child, mover in path:
        child.visits += 1
        child.wins += shares[mover]
    return shares[me]


def _moves(game: Game, mover: int) -> list[Action]:
    """The moves the tree tries for ``mover``: its turn's, less UNO calls and catches, and a play
    of its next-to-last card only with UNO said."""
    two_left = len(game._hands[mover].cards) == 2
    return list(dict.fromkeys(  # (two copies of a card: one move)
        a for a in legal(game, mover)
        if not isinstance(a, CallUno | Catch)
        and not (two_left and isinstance(a, PlayCard | JumpIn) and not a.uno)))


def _finish(game: Game, rng: random.Random, policy: Policy) -> list[float]:
    """Play the hand out by ``policy``; each seat's share of the win (by hand sizes if cut)."""
    push = game.push
    for _ in range(TRUNCATE_AT):
        if game._hand_result is not None:
            break
        push(policy(game, legal(game, game._current), rng))
    result = game._hand_result
    seats = len(game._hands)
    if result is not None:
        winner = game._index[result.winner]
        return [1.0 if j == winner else 0.0 for j in range(seats)]
    weights = [math.exp(-SIZE_WEIGHT * len(hand.cards)) for hand in game._hands]
    total = sum(weights)
    return [w / total for w in weights]
