"""engine.bots.rollout: the playout policies."""

from __future__ import annotations

import dataclasses
import random

from test_bots import make_game

from engine import PlayCard, RuleSet
from engine.bots.rollout import POLICIES, playout, sharp


def test_sharp_plays_the_colour_it_holds_most() -> None:
    game = make_game(["R5 G5 G7 G9 B1", "B2 B3 B4 B6 B7"], "Y5")
    actions = game.legal_actions("P1")
    for seed in range(20):
        choice = sharp(game, list(actions), random.Random(seed))
        assert isinstance(choice, PlayCard) and str(choice.card) == "G5"


def test_sharp_stops_the_next_seat_about_to_go_out() -> None:
    game = make_game(["R5 R6 RS G7", "B9", "B1 B2 B3"], "R3", uno_said=[False, True, False])
    choice = sharp(game, list(game.legal_actions("P1")), random.Random(0))
    assert isinstance(choice, PlayCard) and str(choice.card) == "RS"


def test_sharp_swaps_its_hand_with_the_smallest() -> None:
    rules = dataclasses.replace(RuleSet.preset("official"), seven_zero=True)
    game = make_game(["R7 R5 G1 G2 B3 B4", "Y1 Y2 Y3 Y4 Y5", "Y6 Y7", "Y8 Y9 B1 B2"], "R3",
                     rules=rules)
    choice = sharp(game, list(game.legal_actions("P1")), random.Random(0))
    assert isinstance(choice, PlayCard) and str(choice.card) == "R7" and choice.target == "P3"


def test_every_policy_plays_a_hand_to_its_end_under_both_presets() -> None:
    for preset in ("official", "house"):
        for name, policy in POLICIES.items():
            game = make_game(["R5 G5 G7 G9 B1", "B2 B3 B4 B6 B7", "Y1 Y2 R2"], "Y5",
                             rules=RuleSet.preset(preset))
            value = playout(game, 0, random.Random(1), policy)
            assert 0.0 <= value <= 1.0, name
