"""engine.bots.rollout: the playout policies."""

from __future__ import annotations

import random

from test_bots import make_game

from engine import RuleSet
from engine.bots.rollout import greedy, playout


def test_a_greedy_playout_ends_the_hand_and_scores_the_winner() -> None:
    for seed in range(8):
        game = make_game(["R5 G5 G7 G9 B1", "B2 Y3 G4 B6 R7", "Y1 Y2 R2"], "Y5",
                         rules=RuleSet.preset("official"))
        value = playout(game, seed % 3, random.Random(seed), greedy)
        outcome = game.hand_outcome()
        assert outcome is not None
        assert value == (1.0 if outcome.winner == game.seats[seed % 3] else 0.0)
