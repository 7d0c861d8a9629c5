"""Two versions of ``expert`` on the same deals: a paired comparison a shared machine can afford.

Each version is a set of overrides of the search's module settings (``VARIANTS``: the rollout
policy, the switching rule, ...). Both play as the hero of bench/bot_strength.py against the same
field, on the same duplicate deals (every rotation of each seeded deal) with the same seeds for the
bots' dice, so that the deal's luck cancels out of the difference. The budget is a number of
rounds (``Playouts``) by default: a machine-independent amount of search, whatever else the
machine runs; ``--budget`` takes bench/bot_strength.py's forms too (``200cpu``).

Four versions are not levels at all: ``oracle`` deals the search the real hands (the draw pile
shuffled), which no level may do; it measures what knowing every hand is worth to the search,
the ceiling for better inference about the hidden cards. The other three show part of the real
hands, to tell which knowledge is worth what: ``next``, the hand of the seat that plays next;
``threats``, the hands of three cards or fewer; ``colours``, how many cards of each colour every
hand holds, but not which. Measured against three ``hard``, official, four seats, 100 rounds a
move, 120 to 150 deals (480 to 600 hands) each, seed 3, the difference from ``base`` [95%]:
``oracle`` +12.2 points [+7.0, +17.4] (80 deals), ``threats`` +5.3 [+0.8, +9.8] (80 deals),
``next`` +2.1 [-2.4, +6.5], ``colours`` +1.3 [-2.7, +5.2]. What the search lacks is which cards a
seat about to go out holds; how many of each colour the hands hold is worth little.

Every ``--every`` deals, and at the end, it prints ``name=value`` lines: deals and hands played,
each version's win rate, the paired difference (B - A) with a 95% interval over the deals (the
independent units), and how many standard errors it lies from 0.

    python bench/expert_paired.py --a base --b nobelief [--seats 2] [--preset official]
        [--field hard] [--deals N] [--rounds R | --budget 200cpu] [--seed S] [--every K]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed
sys.path.append(str(Path(__file__).resolve().parent))

from bot_strength import Case, parse_budget, play_group

from engine.bots import Budget, Playouts, rollout
from engine.bots import expert as expert_module
from engine.cards import Card, Color
from engine.determinize import Likelihood
from engine.events import Event
from engine.game import Game
from engine.hand import Hand
from engine.tracker import NotHeld, Tracker
from engine.view import View

Z95 = 1.959964


class Oracle:
    """The ``oracle`` version's dealer (in place of engine.determinize.Determinizer): every deal
    is the real game (``game``, set by the bench at each deal) with its draw pile shuffled.
    Its subclasses show the search part of the real hands only (``_hide``)."""

    game: Game | None = None

    def __init__(self, view: View, tracker: Tracker | None, honest: float = 0.0,
                 beliefs: dict[str, tuple[NotHeld, int]] | None = None,
                 holds: dict[str, tuple[Color, float]] | None = None,
                 likelihood: Likelihood | None = None, draws: int = 1) -> None:
        assert view.seat is not None
        self.me = view.seats.index(view.seat)
        self.next = (self.me + view.direction) % len(view.seats)

    def deal(self, rng: random.Random, game_rng: random.Random | None = None) -> Game:
        assert Oracle.game is not None
        game = Oracle.game.copy(game_rng if game_rng is not None else rng)
        self._hide(game, rng)
        rng.shuffle(game._draw)
        return game

    def _hide(self, game: Game, rng: random.Random) -> None:
        """Deal again, at random, what this version does not show (the oracle: nothing)."""

    def _redeal(self, game: Game, rng: random.Random, seats: list[int]) -> None:
        """The hands of ``seats`` dealt afresh from their cards and the draw pile."""
        pool = [c for j in seats for c in game._hands[j].cards] + game._draw
        rng.shuffle(pool)
        for j in seats:
            size = len(game._hands[j].cards)
            game._hands[j], pool = Hand(pool[:size]), pool[size:]
        game._draw = pool


class NextOracle(Oracle):
    """``next``: only the hand of the seat that plays next is real."""

    def _hide(self, game: Game, rng: random.Random) -> None:
        self._redeal(game, rng, [j for j in range(len(game._hands)) if j not in (self.me, self.next)])


class ThreatOracle(Oracle):
    """``threats``: only the hands of ``THREAT_CARDS`` cards or fewer are real."""

    def _hide(self, game: Game, rng: random.Random) -> None:
        self._redeal(game, rng, [j for j, hand in enumerate(game._hands)
                                 if j != self.me and len(hand.cards) > THREAT_CARDS])


class ColorOracle(Oracle):
    """``colours``: every other hand keeps how many cards of each colour (and wilds) it holds;
    which ones is dealt afresh from the unseen cards of that colour."""

    def _hide(self, game: Game, rng: random.Random) -> None:
        others = [j for j in range(len(game._hands)) if j != self.me]
        by_color: dict[object, list[Card]] = {}
        for card in [c for j in others for c in game._hands[j].cards] + game._draw:
            by_color.setdefault(card.color, []).append(card)
        for cards in by_color.values():
            rng.shuffle(cards)
        for j in others:
            game._hands[j] = Hand([by_color[c.color].pop() for c in game._hands[j].cards])
        game._draw = [c for cards in by_color.values() for c in cards]


THREAT_CARDS = 3
"""The ``threats`` version shows the hands this small."""


def _remember_game(rotation: int, game: Game, events: list[Event]) -> None:
    Oracle.game = game


VARIANTS: dict[str, dict[str, object]] = {
    "base": {},
    "random": {"ROLLOUT": rollout.random_policy},  # playouts of random legal moves
    "hardonly": {"SWITCH_CONFIDENCE": float("inf")},  # the baseline's move, always
    "conf1": {"SWITCH_CONFIDENCE": 1.0},
    "conf05": {"SWITCH_CONFIDENCE": 0.5},
    "conf3": {"SWITCH_CONFIDENCE": 3.0},
    "nobelief": {"SOFT_BELIEFS": False},
    "nonamed": {"NAMED_BELIEFS": False},
    "honest90": {"HONEST_PRIOR": 0.9},
    "honest97": {"HONEST_PRIOR": 0.97},
    "intent4": {"INTENT_DRAWS": 4},  # deals drawn by the likelihood of the plays seen
    "intent8": {"INTENT_DRAWS": 8},
    "intent16": {"INTENT_DRAWS": 16},
    "weigh": {"INTENT_WEIGHTS": True},  # playouts weighted by that likelihood instead
    "tree": {"TREE": True},  # a search tree below each candidate (engine/bots/tree.py)
    "owntree": {"TREE": True, "TREE_OTHERS": False},  # ... of the searching seat's moves alone
    # Not levels: they see every hand, or a part of each (see the docstring).
    "oracle": {"Determinizer": Oracle},
    "next": {"Determinizer": NextOracle},
    "threats": {"Determinizer": ThreatOracle},
    "colours": {"Determinizer": ColorOracle},
}
"""Named versions of the search: module attributes of engine.bots.expert to set."""


def _apply(overrides: dict[str, object], defaults: dict[str, object]) -> None:
    for name, value in defaults.items():
        setattr(expert_module, name, value)
    for name, value in overrides.items():
        setattr(expert_module, name, value)


def paired_lines(prefix: str, a: list[tuple[int, int]], b: list[tuple[int, int]]) -> list[str]:
    """The figures of the deals played so far: per deal (wins, games) of each version."""
    n = len(a)
    games = sum(g for _, g in a)
    rate_a = sum(w for w, _ in a) / games
    rate_b = sum(w for w, _ in b) / games
    diffs = [(wb - wa) / g for (wa, g), (wb, _) in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    se = math.sqrt(var / n) if n > 1 else 0.0
    return [
        f"{prefix}_deals={n}",
        f"{prefix}_hands={games}",
        f"{prefix}_a_win_rate={rate_a:.4f}",
        f"{prefix}_b_win_rate={rate_b:.4f}",
        f"{prefix}_diff={mean:+.4f}",
        f"{prefix}_diff_ci95_lo={mean - Z95 * se:+.4f}",
        f"{prefix}_diff_ci95_hi={mean + Z95 * se:+.4f}",
        f"{prefix}_diff_z={mean / se if se else 0.0:+.2f}",
    ]


def compare(a: str, b: str, case: Case, seed: int, deals: int, every: int,
            out: Callable[[str], None] = print) -> None:
    """Play ``deals`` duplicate deals of ``case`` with version ``a`` then ``b`` as the hero."""
    names = {name for overrides in VARIANTS.values() for name in overrides}
    defaults = {name: getattr(expert_module, name) for name in names}
    results: dict[str, list[tuple[int, int]]] = {a: [], b: []}
    prefix = f"{case.preset}_{case.seats}p_{a}_vs_{b}"
    try:
        for deal in range(deals):
            for version in (a, b):
                _apply(VARIANTS[version], defaults)
                group = play_group(case, seed, deal, _remember_game)
                results[version].append((group.wins, group.games))
            if (deal + 1) % every == 0 or deal + 1 == deals:
                for line in paired_lines(prefix, results[a], results[b]):
                    out(line)
                out(f"# {deal + 1} deals", )
                sys.stdout.flush()
    finally:
        _apply({}, defaults)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--a", choices=VARIANTS, default="base")
    parser.add_argument("--b", choices=VARIANTS, required=True)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--preset", default="official")
    parser.add_argument("--field", default="hard")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=100, help="rounds per move (Playouts)")
    parser.add_argument("--budget", type=parse_budget, default=None,
                        help="instead of --rounds: ms or e.g. 200cpu, as bench/bot_strength.py")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=25, help="print the figures every K deals")
    args = parser.parse_args(argv)
    budget: Budget = args.budget if args.budget is not None else Playouts(args.rounds)
    case = Case(args.preset, args.seats, False, "expert", args.field, budget)
    compare(args.a, args.b, case, args.seed, args.deals, max(1, args.every))
    return 0


if __name__ == "__main__":
    sys.exit(main())
