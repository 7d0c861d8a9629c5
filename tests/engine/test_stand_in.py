"""The stand-in: what plays a person's turn when their time runs out or they are away. It does
only what the turn requires, the safe way (issue 9, problem 9)."""

from __future__ import annotations

import random

import pytest
from test_bots import RULE_VARIANTS, challenge_game, make_game

from engine import Card, Color, Game, RuleSet
from engine.actions import Accept, CallUno, Catch, Challenge, ChooseColor, JumpIn, Pass, PlayCard
from engine.bots import choose_action, should_challenge, stand_in


def stood_in(game: Game, seat: str, seed: int = 0) -> object:
    return stand_in(game.view(seat), random.Random(seed))


def test_R12_stand_in_accepts_a_wild_draw_four_it_would_challenge() -> None:
    """The offender holds twelve cards: a bot would challenge; the stand-in accepts."""
    game = challenge_game("R1 R2 R3 G4 G5 G6 G7 G8 G9 Y4 Y5 Y6", "B1 B2 B3")
    assert should_challenge(game.view("P2"))
    assert choose_action("normal", game.view("P2"), random.Random(0)) == Challenge("P2")
    assert stood_in(game, "P2") == Accept("P2")


def test_R15_stand_in_accepts_a_wild_draw_four_it_could_stack() -> None:
    """Stacking the +4 is a choice, not what the turn requires: the stand-in draws."""
    rules = RuleSet.preset("official", stack_wild_draw_four=True)
    game = make_game(["R1 R2 R3 G4 G5 G6", "W+4 B2 B3", "Y1 Y2"], "W+4", color="G", current=1,
                     pending=4, pending_rank="W+4", challenge=[0, True, "R"], rules=rules)
    assert any(isinstance(a, PlayCard) for a in game.legal_actions("P2"))
    assert stood_in(game, "P2") == Accept("P2")


def test_R12_stand_in_draws_rather_than_bluff() -> None:
    """Holding the colour in play, the stand-in never plays a Wild Draw Four: it plays the colour;
    having just drawn the +4 (only it may be played now), it keeps it and passes."""
    game = make_game(["W+4 R1 G2", "B1 B2 B3"], "R5")
    assert any(isinstance(a, PlayCard) and a.card.rank.value == "W+4"
               for a in game.legal_actions("P1"))
    assert stood_in(game, "P1") == PlayCard("P1", Card.parse("R1"))
    game = make_game(["W+4 R1 G2", "B1 B2 B3"], "R5", has_drawn=True, drawn="W+4")
    assert PlayCard("P1", Card.parse("W+4"), Color.GREEN) in game.legal_actions("P1")
    assert stood_in(game, "P1") == Pass("P1")
    # Without the colour in play a Wild Draw Four is no bluff: it may be played.
    game = make_game(["W+4 B1 G2", "B7 B8 B9"], "R5")
    action = stood_in(game, "P1")
    assert isinstance(action, PlayCard) and action.card == Card.parse("W+4")


def test_R17_stand_in_makes_no_catch() -> None:
    """P2 forgot UNO: a bot at P3 catches on its turn and at P4 off turn; a stand-in never."""
    game = make_game(["R5 G7 G8", "B1", "Y1 Y2 Y3", "G1 G2"], "R3", current=2, uno_open=1)
    assert choose_action("normal", game.view("P3"), random.Random(0)) == Catch("P3", "P2")
    assert stood_in(game, "P3") == PlayCard("P3", Card.parse("Y3"))  # its turn, and no more
    assert stood_in(game, "P4") is None


def test_R17_stand_in_says_no_uno_the_player_did_not_say() -> None:
    """One card and UNO unsaid: a bot says it; a stand-in neither off turn nor on it."""
    game = make_game(["R5 G7 G8", "B1", "Y1 Y2 Y3", "G1 G2"], "R3", current=2, uno_open=1)
    assert choose_action("normal", game.view("P2"), random.Random(0)) == CallUno("P2")
    assert stood_in(game, "P2") is None
    on_turn = make_game(["R5 G7 G8", "B1", "Y1 Y2 Y3", "G1 G2"], "B3", current=1, uno_open=None)
    assert CallUno("P2") in on_turn.legal_actions("P2")
    assert stood_in(on_turn, "P2") == PlayCard("P2", Card.parse("B1"))


def test_R17_stand_in_says_uno_with_the_card_it_plays() -> None:
    game = make_game(["R5 G7", "B1 B2 B3"], "R3")
    assert stood_in(game, "P1") == PlayCard("P1", Card.parse("R5"), uno=True)


def test_R15_stand_in_never_jumps_in() -> None:
    rules = RuleSet.preset("official", jump_in=True)
    game = make_game(["G2 G3", "B1 B2 B3", "R5 Y2 Y3", "G6 G7 G8"], "R5", rules=rules)
    assert choose_action("normal", game.view("P3"), random.Random(0)) == JumpIn("P3", Card.parse("R5"))
    assert stood_in(game, "P3") is None


def test_R6_stand_in_names_a_starting_wilds_colour() -> None:
    game = make_game(["Y1 G2 Y3 Y4 B1", "B5 B6 B7"], "W", color=None, awaiting_color=True)
    assert stood_in(game, "P1") == ChooseColor("P1", Color.YELLOW)


@pytest.mark.parametrize("variant", sorted(RULE_VARIANTS))
def test_stand_in_plays_every_turn_legally_and_nothing_else(variant: str) -> None:
    """Seeded games where the stand-in plays every seat: on turn it always moves, legally and
    with a turn action; off turn it never moves."""
    rules = RULE_VARIANTS[variant]
    turns = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = Game([f"S{i}" for i in range(4)], rules, rng)
        for _ in range(400):
            if game.hand_outcome() is not None:
                if game.outcome() is not None:
                    break
                game.next_hand()
            for seat in game.seats:
                if seat != game.current:
                    assert stand_in(game.view(seat), rng) is None
            action = stand_in(game.view(game.current), rng)
            assert action is not None and action in game.legal_actions(game.current)
            assert not isinstance(action, CallUno | Catch | JumpIn | Challenge)
            game.apply(action)
            turns += 1
    assert turns > 300
