"""How many hands a match lasts, by seats and target score: the table the new-table form reads.

Plays whole matches of ``normal`` bots (the table's default level) to 2,000 points and notes,
for each target the form offers, the hand at which a seat first reached it; prints, per preset
and number of seats, the mean over the matches, as client/matchlength.py holds them (found
play-testing: a host who chose "50 points" for "a few hands" got one hand, a single hand's
worth).

    python bench/match_length.py [--matches 60] [--preset official] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed

from client.matchlength import TARGETS
from engine.game import Game
from engine.rules import RuleSet
from engine.selfplay import make_bots, play_game, seat_names

SEATS = (2, 3, 4, 5, 6, 8, 10)


def hands_to_reach(preset: str, seats: int, matches: int, seed: int) -> dict[int, float]:
    """For each target, the mean number of hands until a seat's score reached it."""
    names = seat_names(seats)
    rules = RuleSet.preset(preset, target_score=max(TARGETS))
    reached: dict[int, list[int]] = {target: [] for target in TARGETS}
    for match in range(matches):
        game = Game(names, rules, random.Random(f"length-{seed}-{seats}-{match}"))
        bots = make_bots(["normal"] * seats, names, rules, random.Random(f"bots-{seed}-{seats}-{match}"))
        scores = dict.fromkeys(names, 0)
        for hand, (_, result) in enumerate(play_game(game, bots), start=1):
            scores[result.winner] += result.points
            for target, hands in reached.items():
                if len(hands) == match and max(scores.values()) >= target:
                    hands.append(hand)
    return {target: statistics.mean(hands) for target, hands in reached.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--preset", default="official")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for seats in SEATS:
        means = hands_to_reach(args.preset, seats, args.matches, args.seed)
        said = ",".join(f"{target}:{mean:.1f}" for target, mean in means.items())
        print(f"{args.preset}_{seats}p_hands={said}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
