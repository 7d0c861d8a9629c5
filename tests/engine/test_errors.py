"""Every refusal: the stable code of its RuleError subclass, and the game left unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from enginekit import HOUSE, c
from kit.deck import stacked_game

from engine import Action, Color, Game, RuleError, RuleSet
from engine import actions as act
from engine import errors as E


def basic() -> Game:
    return stacked_game(["R9 B1 W+4 W", "Y1 Y2", "G1 G2"], "R5")


def after_draw() -> Game:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5", draw="R3")
    game.apply(act.Draw("A"))
    return game


def challenge_pending() -> Game:
    game = stacked_game(["W+4 B1 B2", "G+2 Y2", "G1 G2"], "R5")
    game.apply(act.PlayCard("A", c("W+4"), Color.GREEN))
    return game


def draw_pending() -> Game:
    game = stacked_game(["R+2 B1 B2", "G+2 Y2 R3", "G1 G2"], "R5", rules=HOUSE, direction=1)
    game.apply(act.PlayCard("A", c("R+2")))
    return game


def awaiting_color() -> Game:
    return stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "W", color=None, awaiting_color=True)


def hand_over() -> Game:
    game = stacked_game(["R9", "Y1 Y2", "G1 G2"], "R5", uno_said=[True, False, False])
    game.apply(act.PlayCard("A", c("R9")))
    return game


def match_over() -> Game:
    game = stacked_game(["R9", "Y1 Y2", "G1 G2"], "R5", rules=RuleSet(target_score=None),
                        uno_said=[True, False, False])
    game.apply(act.PlayCard("A", c("R9")))
    return game


def house() -> Game:
    return stacked_game(["R9 B1 W+4", "Y1 Y2", "G1 G2"], "R5", rules=HOUSE)


def jump() -> Game:
    return stacked_game(["R9 B1", "R5 Y2", "G1 G2"], "R5", rules=RuleSet(jump_in=True))


def seven() -> Game:
    return stacked_game(["R7 B1", "Y1 Y2", "G1 G2"], "R5", rules=RuleSet(seven_zero=True))


CASES: list[tuple[str, Callable[[], Game], Action]] = [
    ("unknown_seat", basic, act.Draw("Z")),
    ("unknown_seat", basic, act.Catch("B", "Z")),
    ("not_your_turn", basic, act.Draw("B")),
    ("not_your_turn", basic, act.PlayCard("B", c("Y1"))),
    ("not_your_turn", challenge_pending, act.Accept("C")),
    ("card_not_in_hand", basic, act.PlayCard("A", c("G7"))),
    ("card_not_in_hand", jump, act.JumpIn("C", c("R5"))),
    ("does_not_match", basic, act.PlayCard("A", c("B1"))),
    ("bad_color", basic, act.PlayCard("A", c("W"))),
    ("bad_color", basic, act.PlayCard("A", c("R9"), Color.RED)),
    ("bad_target", seven, act.PlayCard("A", c("R7"))),
    ("bad_target", seven, act.PlayCard("A", c("R7"), target="A")),
    ("bad_target", basic, act.PlayCard("A", c("R9"), target="B")),
    ("wild_draw_four_refused", house, act.PlayCard("A", c("W+4"), Color.BLUE)),
    ("must_answer_draw", draw_pending, act.PlayCard("B", c("Y2"))),
    ("must_answer_draw", draw_pending, act.Pass("B")),
    ("must_play", house, act.Draw("A")),
    ("only_drawn_card", after_draw, act.PlayCard("A", c("R9"))),
    ("cannot_pass", basic, act.Pass("A")),
    ("cannot_draw", after_draw, act.Draw("A")),
    ("cannot_draw", basic, act.KeepDrawing("A")),
    ("no_challenge", basic, act.Challenge("A")),
    ("no_challenge", draw_pending, act.Challenge("B")),
    ("challenge_pending", challenge_pending, act.Draw("B")),
    ("challenge_pending", challenge_pending, act.PlayCard("B", c("G+2"))),
    ("challenge_pending", challenge_pending, act.Pass("B")),
    ("color_pending", awaiting_color, act.PlayCard("A", c("R9"))),
    ("color_pending", awaiting_color, act.Draw("A")),
    ("color_pending", basic, act.ChooseColor("A", Color.RED)),
    ("bad_color", awaiting_color, act.ChooseColor("A", "R")),  # type: ignore[arg-type]
    ("cannot_call_uno", basic, act.CallUno("A")),
    ("cannot_call_uno", basic, act.PlayCard("A", c("R9"), uno=True)),
    ("not_catchable", basic, act.Catch("B", "C")),
    ("jump_in_refused", basic, act.JumpIn("B", c("R5"))),
    ("jump_in_refused", jump, act.JumpIn("A", c("R9"))),
    ("hand_over", hand_over, act.Draw("B")),
    ("hand_over", hand_over, act.CallUno("B")),
]


@pytest.mark.parametrize(("code", "make", "action"), CASES,
                         ids=[f"{code}-{i}" for i, (code, _, _) in enumerate(CASES)])
def test_refused_action_has_code_and_leaves_game_unchanged(
        code: str, make: Callable[[], Game], action: Action) -> None:
    game = make()
    before = game.snapshot()
    seat = action.seat
    legal = None if seat not in game.seats else list(game.legal_actions(seat))
    with pytest.raises(RuleError) as info:
        game.apply(action)
    assert info.value.code == code
    assert isinstance(info.value, ValueError)
    assert game.snapshot() == before
    if legal is not None:
        assert action not in game.legal_actions(seat)
        assert list(game.legal_actions(seat)) == legal


@pytest.mark.parametrize(("make", "error", "code"), [(basic, E.HandInProgress, "hand_in_progress"),
                                                     (match_over, E.MatchOver, "match_over")])
def test_next_hand_refusals_leave_game_unchanged(make: Callable[[], Game], error: type[RuleError],
                                                 code: str) -> None:
    game = make()
    before = game.snapshot()
    with pytest.raises(error) as info:
        game.next_hand()
    assert info.value.code == code
    assert game.snapshot() == before


def test_every_error_class_has_a_distinct_code() -> None:
    classes = [obj for obj in vars(E).values()
               if isinstance(obj, type) and issubclass(obj, E.RuleError) and obj is not E.RuleError]
    codes = [cls.code for cls in classes]
    assert len(codes) == len(set(codes)) == 21
    assert all(cls.__doc__ and cls.__doc__.startswith("Raised ") for cls in classes)
    covered = {code for code, _, _ in CASES} | {"match_over", "hand_in_progress"}
    assert covered == set(codes)


def test_unknown_seat_in_queries() -> None:
    game = basic()
    with pytest.raises(E.UnknownSeat):
        game.legal_actions("Z")
    with pytest.raises(E.UnknownSeat):
        game.view("Z")
    with pytest.raises(E.UnknownSeat):
        game.hand("Z")
    with pytest.raises(E.UnknownSeat):
        Game(["A", "B"], dealer="Z")
