"""Engine speed: random-legal-action playouts of whole hands, ours against RLCard's UnoGame.

Each case plays whole hands (a new game per hand) picking a uniformly random legal action for
the seat to move, from a fixed seed until a fixed number of moves is reached, and reports moves
per CPU second (best of a few repeats; the cases of one table size take turns, so a busy machine
slows them alike). Both engines run in the same process with the same random policy:
``rng.choice`` of ``game.get_legal_actions()`` for RLCard, of ``game.turn_actions()`` (the same
thing: the legal actions of the seat to move, as a new list) for ours.

Ours is measured twice:

* ``ours_checked``: ``Game.apply``, which checks every action against the rules (an object it
  listed itself for the current state is recognised as such and not checked again);
* ``ours``: ``Game.push``, the unchecked fast path (python-chess's ``push``) for actions just
  taken from the legal ones. RLCard's ``UnoGame.step`` does not check its action either, so
  this is the like-for-like figure, and the one ``ratio_vs_rlcard`` uses.

Note the workloads differ: our official rules let a player draw instead of playing (R8), so
random hands are far longer than RLCard's (whose draw is only legal with nothing to play, and
plays the drawn card at once), and they run every rule RLCard leaves out (challenges, UNO,
scoring, events for every seat). Moves per hand are printed too.

The search's figures (bench/search_speed.py) come first: a game copy against ``copy.deepcopy``
and ``restore(snapshot())``, determinizations per second, and playouts per second from a sampled
position (a determinization of a mid-hand view, played out by each rollout policy).

    python bench/engine_speed.py [--moves N] [--repeats R] [--profile]

Prints ``name=value`` lines; the last one is ``ratio_vs_rlcard`` (our moves/s with ``push`` over
RLCard's, at 4 players, official rules). ``--profile`` adds where our time goes, as comments.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import io
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed

from search_speed import print_search_figures  # bench/ is on the path when run

from engine import Game, RuleSet

PLAYER_COUNTS = (2, 4, 10)
MOVE_CAP = 20_000  # per hand: a random playout that runs longer than this is abandoned

Playout = Callable[[random.Random], int]  # plays one hand, returns its number of moves


def ours_playout(players: int, rules: RuleSet, *, checked: bool) -> Playout:
    seats = [f"P{i}" for i in range(players)]

    def hand(rng: random.Random) -> int:
        game = Game(seats, rules, rng)
        act = game.apply if checked else game.push
        turn_actions, outcome, choice = game.turn_actions, game.hand_outcome, rng.choice
        moves = 0
        while outcome() is None and moves < MOVE_CAP:
            act(choice(turn_actions()))
            moves += 1
        return moves

    return hand


def rlcard_playout(players: int, seed: int) -> Playout:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)

    def hand(rng: random.Random) -> int:
        game.init_game()
        step, legal_actions, is_over, choice = game.step, game.get_legal_actions, game.is_over, rng.choice
        moves = 0
        while not is_over() and moves < MOVE_CAP:
            step(choice(legal_actions()))
            moves += 1
        return moves

    return hand


def moves_per_second(play: Playout, seed: int, moves: int) -> float:
    """Moves per CPU second playing whole hands from ``seed`` until at least ``moves`` moves
    (CPU time: others may share the machine)."""
    rng = random.Random(seed)
    done = 0
    started = time.process_time()
    while done < moves:
        done += play(rng)
    return done / (time.process_time() - started)


def best_rates(cases: dict[str, Playout], seed: int, moves: int, repeats: int) -> dict[str, float]:
    """The best of ``repeats`` runs of each case, the cases taking turns."""
    best = dict.fromkeys(cases, 0.0)
    for _ in range(repeats):
        for name, play in cases.items():
            best[name] = max(best[name], moves_per_second(play, seed, moves))
    return best


def moves_per_hand(play: Playout, seed: int, moves: int) -> float:
    rng, hands, done = random.Random(seed), 0, 0
    while done < moves:
        done += play(rng)
        hands += 1
    return done / hands


def print_profile(play: Playout, seed: int, moves: int, top: int = 20) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    moves_per_second(play, seed, moves)
    profiler.disable()
    text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(top)
    for line in text.getvalue().splitlines():
        if line.strip():
            print(f"# {line}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=30_000,
                        help="moves per case and repeat, in whole hands (default 30000)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per case, best kept (default 5)")
    parser.add_argument("--profile", action="store_true",
                        help="also profile our engine (push) at 4 players and print the top functions")
    args = parser.parse_args()

    print_search_figures(args.repeats)
    if importlib.util.find_spec("rlcard") is None:
        print("rlcard is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 1

    official = RuleSet.preset("official", target_score=None)
    house = RuleSet.preset("house", target_score=None)
    n, reps = args.moves, args.repeats
    ratios: dict[int, float] = {}
    for players in PLAYER_COUNTS:
        seed = 1000 + players
        rates = best_rates({
            "ours": ours_playout(players, official, checked=False),
            "ours_checked": ours_playout(players, official, checked=True),
            "rlcard": rlcard_playout(players, seed),
        }, seed, n, reps)
        for name, rate in rates.items():
            print(f"{name}_moves_per_s_{players}p={rate:.0f}", flush=True)
        ratios[players] = rates["ours"] / rates["rlcard"]
        print(f"ratio_checked_vs_rlcard_{players}p={rates['ours_checked'] / rates['rlcard']:.2f}")
        print(f"ratio_vs_rlcard_{players}p={ratios[players]:.2f}", flush=True)
    for players in PLAYER_COUNTS:
        seed = 2000 + players
        rates = best_rates({"ours_house": ours_playout(players, house, checked=False)}, seed, n, reps)
        print(f"ours_house_moves_per_s_{players}p={rates['ours_house']:.0f}", flush=True)
    for label, play in (("ours", ours_playout(4, official, checked=False)),
                        ("rlcard", rlcard_playout(4, 1004))):
        print(f"{label}_moves_per_hand_4p={moves_per_hand(play, 1004, n):.1f}", flush=True)

    if args.profile:
        print_profile(ours_playout(4, official, checked=False), 1004, n)

    print(f"ratio_vs_rlcard={ratios[4]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
