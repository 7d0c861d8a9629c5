"""How well the search's deals guess the hidden hands: a cheap proxy for inference about them.

``expert`` searches over sampled deals of the cards its seat cannot see (engine/bots/expert.py,
``deals``); the better those deals match the real hands, the better its search (with the real
hands, the ``oracle`` of bench/expert_paired.py, it wins far more). This bench plays hands of
``--field`` at every seat and, at each of seat 0's turns with a choice, deals ``--samples`` games
from what seat 0 knows, with each source of knowledge in turn:

* ``view``: the view alone (no tracker: the discard pile below the top card is unseen too);
* ``facts``: the tracker's facts (what was played, what each seat is known to hold or lack);
* ``soft``: the facts and hard's soft beliefs of what a hand lacks (``expert.SOFT_BELIEFS``);
* ``beliefs``: all the search uses: those and the colours seats named (``expert.NAMED_BELIEFS``);
* ``intent``: those, each deal drawn from ``INTENT_DRAWS`` by the likelihood of the plays seen
  (engine/bots/intent.py; the search's ``expert.INTENT_DRAWS``).

For each it prints ``name=value`` lines, averaged over the decisions and the other seats:
``overlap``, the share of a real hand's cards that a sampled hand holds too (kinds counted with
their copies); ``brier``, the Brier score of "holds at least one card of colour c", its chance
the share of the samples in which the seat does, against the real hand (0 is perfect);
``next_brier``, the same for the seat that plays next only; ``threat_brier``, for the hands of
three cards or fewer (``THREAT_SIZE``), which decide hands. A second's run compares two belief
sets where a paired strength run (an hour) would be needed; it says nothing of how the search uses
what it knows.

    python bench/deal_accuracy.py [--seats 4] [--preset official] [--field hard]
        [--hands 80] [--samples 8] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed

from engine.actions import Action
from engine.bots import Bot, expert
from engine.cards import Color
from engine.determinize import Determinizer
from engine.game import Game
from engine.rules import RuleSet
from engine.selfplay import make_bots, play_game, seat_names
from engine.tracker import Tracker
from engine.view import View

SOURCES: dict[str, Callable[[View, Tracker], Determinizer]] = {
    "view": lambda view, tracker: expert.deals(view, None),
    "facts": lambda view, tracker: expert.deals(view, tracker, beliefs=False),
    "soft": lambda view, tracker: expert.deals(view, tracker, named=False),
    "beliefs": lambda view, tracker: expert.deals(view, tracker, draws=1),
    "intent": lambda view, tracker: expert.deals(view, tracker, draws=INTENT_DRAWS),
}
"""Each source of knowledge: the dealer it gives from seat 0's view and tracker."""

_COLORS = tuple(Color)
THREAT_SIZE = 3
"""Hands of this many cards or fewer are scored apart (``threat_brier``): they decide hands."""
INTENT_DRAWS = 8
"""The ``intent`` source's draws per deal."""


class Scores:
    """The running sums of one source's figures."""

    def __init__(self) -> None:
        self.overlap = self.brier = self.next_brier = self.threat_brier = 0.0
        self.threats = 0  # hands of THREAT_SIZE cards or fewer scored in threat_brier

    def add(self, game: Game, dealer: Determinizer, me: int, nxt: int, samples: int,
            rng: random.Random) -> None:
        """One decision: ``samples`` deals against ``game``'s real hands."""
        real = [Counter(hand.cards) for hand in game._hands]
        others = [j for j in range(len(real)) if j != me]
        holds = {j: Counter[Color]() for j in others}
        overlap = 0.0
        for _ in range(samples):
            dealt = dealer.deal(rng)
            for j in others:
                cards = Counter(dealt._hands[j].cards)
                overlap += (cards & real[j]).total() / real[j].total()
                holds[j].update({card.color for card in cards if card.color is not None})
        brier = {j: sum((holds[j][c] / samples - any(card.color is c for card in real[j])) ** 2
                        for c in _COLORS) / len(_COLORS) for j in others}
        self.overlap += overlap / (samples * len(others))
        self.brier += sum(brier.values()) / len(others)
        self.next_brier += brier[nxt]
        for j in others:
            if real[j].total() <= THREAT_SIZE:
                self.threat_brier += brier[j]
                self.threats += 1


def measure(seats: int, preset: str, field: str, hands: int, samples: int,
            seed: int) -> tuple[int, dict[str, Scores]]:
    """Decisions measured, and each source's sums over them."""
    rules = RuleSet.preset(preset, target_score=None)
    names = seat_names(seats)
    scores = {source: Scores() for source in SOURCES}
    rng = random.Random(f"accuracy-{seed}")
    decisions = 0
    for hand in range(hands):
        game = Game(names, rules, random.Random(f"accuracy-{seed}-{hand}"))
        bots = make_bots([field] * seats, names, rules, random.Random(f"bots-{seed}-{hand}"), None)

        def turn(bot: Bot, view: View, game: Game = game) -> Action | None:
            nonlocal decisions
            if bot.seat == names[0] and view.current == bot.seat and len(view.legal) > 1:
                me = 0
                nxt = (me + view.direction) % seats
                for source, dealer_of in SOURCES.items():
                    scores[source].add(game, dealer_of(view, bot.tracker), me, nxt, samples, rng)
                decisions += 1
            return bot.act(view)

        play_game(game, bots, turn=turn, max_hands=1)
    return decisions, scores


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--preset", default="official")
    parser.add_argument("--field", default="hard")
    parser.add_argument("--hands", type=int, default=80)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    decisions, scores = measure(args.seats, args.preset, args.field, args.hands, args.samples,
                                args.seed)
    prefix = f"{args.preset}_{args.seats}p_{args.field}"
    print(f"{prefix}_decisions={decisions}")
    for source, s in scores.items():
        n = max(1, decisions)
        print(f"{prefix}_{source}_overlap={s.overlap / n:.4f}")
        print(f"{prefix}_{source}_brier={s.brier / n:.4f}")
        print(f"{prefix}_{source}_next_brier={s.next_brier / n:.4f}")
        print(f"{prefix}_{source}_threat_brier={s.threat_brier / max(1, s.threats):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
