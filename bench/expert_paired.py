"""Two versions of ``expert`` on the same deals: a paired comparison a shared machine can afford.

Each version is a set of overrides of the search's module settings (``VARIANTS``: the rollout
policy, the switching rule, ...). Both play as the hero of bench/bot_strength.py against the same
field, on the same duplicate deals (every rotation of each seeded deal) with the same seeds for the
bots' dice, so that the deal's luck cancels out of the difference. The budget is a number of
rounds (``Playouts``) by default: a machine-independent amount of search, whatever else the
machine runs; ``--budget`` takes bench/bot_strength.py's forms too (``200cpu``).

One version is not a level at all: ``oracle`` deals the search the real hands (the draw pile
shuffled), which no level may do; it measures what knowing every hand is worth to the search,
the ceiling for better inference about the hidden cards.

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
from engine.events import Event
from engine.game import Game
from engine.tracker import NotHeld, Tracker
from engine.view import View

Z95 = 1.959964


class Oracle:
    """The ``oracle`` version's dealer (in place of engine.determinize.Determinizer): every deal
    is the real game (``game``, set by the bench at each deal) with its draw pile shuffled."""

    game: Game | None = None

    def __init__(self, view: View, tracker: Tracker | None, honest: float = 0.0,
                 beliefs: dict[str, tuple[NotHeld, int]] | None = None) -> None:
        pass  # (the real game needs none of what the determinizer is built from)

    def deal(self, rng: random.Random, game_rng: random.Random | None = None) -> Game:
        assert Oracle.game is not None
        game = Oracle.game.copy(game_rng if game_rng is not None else rng)
        rng.shuffle(game._draw)
        return game


def _remember_game(rotation: int, game: Game, events: list[Event]) -> None:
    Oracle.game = game


VARIANTS: dict[str, dict[str, object]] = {
    "base": {},
    "random": {"ROLLOUT": rollout.random_policy},  # playouts of random legal moves
    "hardonly": {"SWITCH_CONFIDENCE": float("inf")},  # the baseline's move, always
    "conf1": {"SWITCH_CONFIDENCE": 1.0},
    "conf05": {"SWITCH_CONFIDENCE": 0.5},
    "nobelief": {"SOFT_BELIEFS": False},
    "oracle": {"Determinizer": Oracle},  # not a level: it sees every hand (see the docstring)
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
