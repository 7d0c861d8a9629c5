"""The search's decisions valued by an oracle: where it gains on ``hard``'s move, and by how much.

A whole-hand comparison (bench/expert_paired.py) needs hundreds of deals to see a point of win
rate. This bench looks at single decisions instead. It plays hands of ``hard`` at every seat; at
each of seat 0's turns with a choice, the oracle of bench/expert_paired.py (the real hands, the
draw pile shuffled) plays every candidate out ``--oracle`` times on the same deals, with no
halving, and so values each candidate by the share of the hand it wins. Then each version named
by ``--versions`` (bench/expert_paired.py's ``VARIANTS``) searches the same view and tracker with
``--rounds`` rounds, and its choice is scored by the oracle's value of it minus that of ``hard``'s
move. Seat 0 then plays ``hard``'s move, so every version sees the same positions.

It prints, per version, the mean gain per decision with its standard error and how often the
version left ``hard``'s move, over all decisions and by the kind of ``hard``'s move (a coloured
card, a wild, a draw, a pass, accepting a Wild Draw Four) and by the smallest other hand. Also
``hard``'s mean regret: the oracle's best value minus that of ``hard``'s move, which is what
knowing every hand would be worth (less the max's bias: the oracle's values are estimates).

The oracle's playouts are the search's own (``greedy``), which favours a version that plays as
its playouts do: to judge a change of rollout policy or of the switching rule, ``--judge hard``
plays ``hard`` at every seat in the oracle's playouts instead (the field itself, from each seat's
view without a tracker), some 40 times slower, so only hard's move and the versions' choices are
valued (``hard_regret`` is then the best of those minus hard's move).

    python bench/decision_values.py [--seats 4] [--preset official] [--hands 40]
        [--versions base,conf1] [--rounds 100] [--oracle 600] [--seed 1] [--kinds accept,challenge]
        [--judge greedy|hard]

Measured (official, 160 hands each, seeds 1 and 2, 100 rounds a move, oracle 600): at four
seats (1,683 decisions) ``base`` gains +0.16 points of win rate a decision [SE 0.09]: +0.04 on
coloured cards (1,396), +1.0 on wilds (95), +1.1 on Wild Draw Fours faced (62), +0.4 on draws
(113); ``hard``'s regret is 3.2 points a decision. Heads-up (3,691 decisions, 240 hands) it gains
+0.30 [0.08]: +0.35 on coloured cards, +0.6 on wilds, -0.3 on draws and -0.2 on Wild Draw
Fours faced; ``hard``'s regret is 3.8. Those two losses were noise: with ``--kinds``, over 1,400
hands (seeds 11 and 12) of Wild Draw Fours faced (666 decisions) the search gains +0.35 [SE 0.24],
and over 600 hands of draws and passes (711 decisions) +0.20 [SE 0.18]. Judged by ``hard``
(``--judge hard --oracle 200``, four seats, 60 hands, seed 5, 675 decisions) the search's
departures from hard's move are worth nothing either way: ``base`` +0.03 [SE 0.13] (it leaves
hard's move in 6.8% of the decisions), ``nonamed`` +0.06 [0.10], ``conf3`` +0.01 [0.03],
``conf1`` -0.11 [0.18].
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed
sys.path.append(str(Path(__file__).resolve().parent))

import expert_paired

from engine.actions import Action, PlayCard
from engine.bots import Bot, Playouts, hard
from engine.bots import expert as expert_module
from engine.bots.rollout import playout
from engine.game import Game
from engine.rules import RuleSet
from engine.selfplay import make_bots, play_game, seat_names
from engine.view import View


@dataclass
class Decision:
    """One decision of seat 0: what ``hard`` played and what each version's choice gained."""

    kind: str  # of hard's move: "play", "wild", "draw", "pass", "accept", ...
    smallest: int  # the smallest other hand
    regret: float  # the oracle's best value minus hard's move's
    gains: dict[str, float] = field(default_factory=dict)  # version -> value - hard's value
    switched: dict[str, bool] = field(default_factory=dict)


def kind_of(action: Action) -> str:
    if isinstance(action, PlayCard):
        return "wild" if action.card.color is None else "play"
    return type(action).__name__.lower()


def oracle_values(game: Game, view: View, bot: Bot, rounds: int) -> dict[Action | None, float]:
    """Each candidate's share of the hand won, played out on the real hands."""
    expert_paired.Oracle.game = game
    saved = {name: getattr(expert_module, name) for name in ("Determinizer", "HALVE_FROM")}
    expert_module.Determinizer = expert_paired.Oracle  # type: ignore[misc]
    expert_module.HALVE_FROM = 1 << 30  # every candidate gets every round
    try:
        found = expert_module.search(view, random.Random(7), bot.tracker, Playouts(rounds))
    finally:
        for name, value in saved.items():
            setattr(expert_module, name, value)
        expert_paired.Oracle.game = None
    return {ranked.action: ranked.rate for ranked in found.ranked}


def hard_policy(game: Game, actions: list[Action], rng: random.Random) -> Action:
    """A rollout policy that plays ``hard`` for the seat to move (from its view, no tracker):
    the field itself, some 40 times slower than ``greedy``."""
    move = hard.hard(game.view(game.seats[game._current]), rng, None)
    return move if move is not None else actions[0]


def judged_values(game: Game, view: View, actions: Sequence[Action | None],
                  rounds: int) -> dict[Action | None, float]:
    """Each of ``actions``' share of the hand won, played out ``rounds`` times on the real hands
    (the draw pile shuffled) by ``hard`` at every seat, all of them on the same deals and dice."""
    assert view.seat is not None
    me = view.seats.index(view.seat)
    rng, dice = random.Random(7), random.Random()
    wins = dict.fromkeys(actions, 0.0)
    for _ in range(rounds):
        deal = game.copy(rng)
        rng.shuffle(deal._draw)
        seed = rng.getrandbits(64)
        for action in wins:
            dice.seed(seed)
            copy = deal.copy(dice)
            if action is not None:
                copy.push(action)
            wins[action] += playout(copy, me, dice, hard_policy)
    return {action: won / rounds for action, won in wins.items()}


def version_choice(version: str, view: View, bot: Bot, rounds: int) -> Action | None:
    names = {name for overrides in expert_paired.VARIANTS.values() for name in overrides}
    defaults = {name: getattr(expert_module, name) for name in names}
    expert_paired._apply(expert_paired.VARIANTS[version], defaults)
    try:
        return expert_module.search(view, random.Random(11), bot.tracker, Playouts(rounds)).action
    finally:
        expert_paired._apply({}, defaults)


def measure(seats: int, preset: str, hands: int, versions: Sequence[str], rounds: int,
            oracle: int, seed: int, kinds: frozenset[str] | None = None,
            judge: str = "greedy") -> list[Decision]:
    """Seat 0's decisions in ``hands`` hands; with ``kinds``, only those where hard's move is of
    one of them (valuing fewer decisions is what makes a rare kind affordable). ``judge``: the
    oracle's playouts, ``greedy`` (every candidate) or ``hard`` (only the moves chosen; no
    regret then)."""
    rules = RuleSet.preset(preset, target_score=None)
    names = seat_names(seats)
    decisions: list[Decision] = []
    for number in range(hands):
        game = Game(names, rules, random.Random(f"values-{seed}-{number}"))
        bots = make_bots(["hard"] * seats, names, rules, random.Random(f"bots-{seed}-{number}"), None)

        def turn(bot: Bot, view: View, game: Game = game) -> Action | None:
            if bot.seat == names[0] and view.current == bot.seat \
                    and len(expert_module._candidates(view)) > 1:
                move = hard.hard(view, random.Random(3), bot.tracker)
                kind = kind_of(move) if move is not None else "none"
                if kinds is not None and kind not in kinds:
                    return bot.act(view)
                choices = {version: version_choice(version, view, bot, rounds)
                           for version in versions}
                if judge == "hard":
                    values = judged_values(game, view, list(dict.fromkeys([move, *choices.values()])),
                                           oracle)
                else:
                    values = oracle_values(game, view, bot, oracle)
                if move not in values:
                    return bot.act(view)  # (a move the search never considers)
                base = values[move]
                others = [s for s, seat in zip(view.hand_sizes, view.seats, strict=True)
                          if seat != view.seat]
                decision = Decision(kind, min(others), max(values.values()) - base)
                for version, choice in choices.items():
                    decision.gains[version] = values[choice] - base
                    decision.switched[version] = choice != move
                decisions.append(decision)
            return bot.act(view)

        play_game(game, bots, turn=turn, max_hands=1)
    return decisions


def lines(label: str, decisions: Sequence[Decision], versions: Sequence[str]) -> list[str]:
    n = len(decisions)
    out = [f"{label}_decisions={n}"]
    if not n:
        return out
    out.append(f"{label}_hard_regret={sum(d.regret for d in decisions) / n:.4f}")
    for version in versions:
        gains = [d.gains[version] for d in decisions]
        mean = sum(gains) / n
        se = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else 0.0
        switched = sum(d.switched[version] for d in decisions) / n
        out += [f"{label}_{version}_gain={mean:+.4f}", f"{label}_{version}_gain_se={se:.4f}",
                f"{label}_{version}_switched={switched:.3f}"]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--preset", default="official")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--versions", default="base")
    parser.add_argument("--rounds", type=int, default=100, help="rounds per move of each version")
    parser.add_argument("--oracle", type=int, default=600, help="rounds of the oracle per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge", choices=("greedy", "hard"), default="greedy",
                        help="the oracle's rollout policy (hard: only the moves chosen are valued)")
    parser.add_argument("--kinds", default="",
                        help="only decisions where hard's move is of these kinds (accept,challenge)")
    args = parser.parse_args(argv)
    versions = [v for v in args.versions.split(",") if v]
    unknown = [v for v in versions if v not in expert_paired.VARIANTS]
    if unknown:
        parser.error(f"unknown versions {unknown}; known: {', '.join(expert_paired.VARIANTS)}")
    kinds = frozenset(k for k in args.kinds.split(",") if k) or None
    decisions = measure(args.seats, args.preset, args.hands, versions, args.rounds, args.oracle,
                        args.seed, kinds, args.judge)
    prefix = f"{args.preset}_{args.seats}p"
    groups: dict[str, list[Decision]] = defaultdict(list)
    for d in decisions:
        groups[f"hard_{d.kind}"].append(d)
        groups[f"smallest_{d.smallest}" if d.smallest < 5 else "smallest_5_or_more"].append(d)
    for line in lines(prefix, decisions, versions):
        print(line)
    for label in sorted(groups):
        for line in lines(f"{prefix}_{label}", groups[label], versions):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
