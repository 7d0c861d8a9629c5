"""Engine speed: random-legal-action playouts of whole hands, ours against RLCard's UnoGame.

Each case plays whole hands (a new game per hand) picking a uniformly random legal action for
the seat to move, from a fixed seed until a fixed number of moves is reached, and reports moves
per CPU second (best of a few repeats). Both engines run in the same process with the same
random policy. Note the workloads differ: our official rules let a player draw instead of playing
(R8), so random hands are far longer than RLCard's, whose draw is only legal with nothing to play
and plays the drawn card at once.

    python bench/engine_speed.py [--moves N] [--repeats R] [--profile]

Prints ``name=value`` lines; the last one is ``ratio_vs_rlcard`` (our moves/s over RLCard's, at
4 players, official rules).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed

from engine import Game, RuleSet

PLAYER_COUNTS = (2, 4, 10)
MOVE_CAP = 20_000  # per hand: a random playout that runs longer than this is abandoned


def ours_hand(players: int, rules: RuleSet, rng: random.Random) -> int:
    """Play one hand with random legal actions; return the number of moves."""
    seats = [f"P{i}" for i in range(players)]
    game = Game(seats, rules, rng)
    moves = 0
    choice = rng.choice
    while game.hand_outcome() is None and moves < MOVE_CAP:
        game.apply(choice(list(game.legal_actions(game.current))))
        moves += 1
    return moves


def rlcard_hand_factory(players: int, seed: int) -> Callable[[random.Random], int]:
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=players)
    game.np_random = np.random.RandomState(seed)

    def hand(rng: random.Random) -> int:
        game.init_game()
        moves = 0
        choice = rng.choice
        while not game.is_over() and moves < MOVE_CAP:
            game.step(choice(game.get_legal_actions()))
            moves += 1
        return moves

    return hand


def measure(play: Callable[[random.Random], int], seed: int, moves: int, repeats: int) -> float:
    """Moves per CPU second playing whole hands from ``seed`` until at least ``moves`` moves;
    the same hands each repeat, best of ``repeats`` (CPU time: others may share the machine)."""
    best = 0.0
    for _ in range(repeats):
        rng = random.Random(seed)
        done = 0
        started = time.process_time()
        while done < moves:
            done += play(rng)
        best = max(best, done / (time.process_time() - started))
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--moves", type=int, default=30_000,
                        help="moves per case and repeat, in whole hands (default 30000)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats per case, best kept (default 3)")
    parser.add_argument("--profile", action="store_true",
                        help="also profile our engine at 4 players and print the top functions")
    args = parser.parse_args()

    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("rlcard is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 1

    official = RuleSet.preset("official", target_score=None)
    house = RuleSet.preset("house", target_score=None)
    results: dict[str, float] = {}
    n, reps = args.moves, args.repeats
    for players in PLAYER_COUNTS:
        seed = 1000 + players
        rate = measure(lambda r, p=players: ours_hand(p, official, r), seed, n, reps)
        results[f"ours_moves_per_s_{players}p"] = rate
        print(f"ours_moves_per_s_{players}p={rate:.0f}", flush=True)
        rl_rate = measure(rlcard_hand_factory(players, seed), seed, n, reps)
        results[f"rlcard_moves_per_s_{players}p"] = rl_rate
        print(f"rlcard_moves_per_s_{players}p={rl_rate:.0f}", flush=True)
        print(f"ratio_vs_rlcard_{players}p={rate / rl_rate:.2f}", flush=True)
    for players in PLAYER_COUNTS:
        rate = measure(lambda r, p=players: ours_hand(p, house, r), 2000 + players, n, reps)
        print(f"ours_house_moves_per_s_{players}p={rate:.0f}", flush=True)
    for label, play in (("ours", lambda r: ours_hand(4, official, r)),
                        ("rlcard", rlcard_hand_factory(4, 1004))):
        rng, hands, moves = random.Random(1004), 0, 0
        while moves < n:
            moves += play(rng)
            hands += 1
        print(f"{label}_moves_per_hand_4p={moves / hands:.1f}", flush=True)

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        measure(lambda r: ours_hand(4, official, r), 1004, n, 1)
        profiler.disable()
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(18)
        for line in text.getvalue().splitlines():
            if line.strip():
                print(f"# {line}", flush=True)

    ratio = results["ours_moves_per_s_4p"] / results["rlcard_moves_per_s_4p"]
    print(f"ratio_vs_rlcard={ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
