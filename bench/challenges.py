"""Wild Draw Four challenges and bluffs per bot level, over single hands of self-play.

For each level it counts the Wild Draw Fours its seats faced with the choice to challenge (R12),
how many they challenged and how many of those challenges won (the offender held the colour),
and the Wild Draw Fours its seats played on their turn and how many of those were bluffs (played
while holding a card of the colour in play). It prints ``name=value`` lines, the verdict last
(always ``pass``: this is a count, not a target).

    python bench/challenges.py [--bots normal,hard] [--players 4] [--preset official]
        [--hands N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed

from engine import Action, Challenge, Game, PlayCard, Rank, RuleSet, View
from engine.bots import Bot
from engine.events import Challenged, Event
from engine.selfplay import make_bots, play_game, seat_levels, seat_names


def count(levels: Sequence[str], rules: RuleSet, hands: int, seed: int) -> Counter[str]:
    """Play ``hands`` single hands; the counts, keyed ``"<level>_<what>"``."""
    counts: Counter[str] = Counter()
    seats = seat_names(len(levels))
    level_of = dict(zip(seats, levels, strict=True))
    single = RuleSet.from_dict({**rules.to_dict(), "target_score": None})

    def turn(bot: Bot, view: View) -> Action | None:
        action = bot.act(view)
        level = bot.level
        if view.challenge_from is not None and any(isinstance(a, Challenge) for a in view.legal):
            counts[f"{level}_faced"] += 1
            counts[f"{level}_challenges"] += isinstance(action, Challenge)
        if isinstance(action, PlayCard) and action.card.rank is Rank.WILD_DRAW_FOUR:
            counts[f"{level}_wd4_played"] += 1
            assert view.hand is not None
            counts[f"{level}_bluffs"] += any(c.color is view.color for c in view.hand)
        return action

    def observe(game: Game, action: Action | None, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, Challenged):
                counts[f"{level_of[event.seat]}_challenges_won"] += event.guilty

    master = random.Random(seed)
    for _ in range(hands):
        hand_seed = master.getrandbits(64)
        game = Game(seats, single, random.Random(hand_seed))
        bots = make_bots(levels, seats, single, random.Random(f"bots-{hand_seed}"))
        play_game(game, bots, turn=turn, observer=observe)
    return counts


def lines(counts: Counter[str], levels: Sequence[str]) -> list[str]:
    out = []
    for level in dict.fromkeys(levels):
        faced, tried, won = (counts[f"{level}_{k}"] for k in ("faced", "challenges",
                                                               "challenges_won"))
        played, bluffs = counts[f"{level}_wd4_played"], counts[f"{level}_bluffs"]
        out += [
            f"{level}_wd4_faced={faced}",
            f"{level}_challenges={tried}",
            f"{level}_challenge_rate={tried / faced if faced else 0:.4f}",
            f"{level}_challenges_won={won}",
            f"{level}_challenge_success_rate={won / tried if tried else 0:.4f}",
            f"{level}_wd4_played={played}",
            f"{level}_bluffs={bluffs}",
        ]
    return out


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bots", default="normal", help="levels cycled over the seats")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="official")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    levels = seat_levels(args.bots.split(","), args.players)
    counts = count(levels, RuleSet.preset(args.preset), args.hands, args.seed)
    for line in lines(counts, levels):
        out(line)
    out("verdict=pass")
    return 0


if __name__ == "__main__":
    sys.exit(main())
