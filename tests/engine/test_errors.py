"""Every refusal: the stable code of its RuleError subclass, and the game left unchanged."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from kit.deck import stacked_game

from engine import (
    Accept,
    Action,
    CallUno,
    Card,
    Catch,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Game,
    JumpIn,
    KeepDrawing,
    Pass,
    PlayCard,
    RuleError,
    RuleSet,
)
from engine import errors as E


def c(text: str) -> Card:
    return Card.parse(text)


HOUSE = RuleSet.preset("house")


def basic() -> Game:
    return stacked_game(["R9 B1 W+4 W", "Y1 Y2", "G1 G2"], "R5")


def after_draw() -> Game:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5", draw="R3")
    game.apply(Draw("A"))
    return game


def challenge_pending() -> Game:
    game = stacked_game(["W+4 B1 B2", "G+2 Y2", "G1 G2"], "R5")
    game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    return game


def draw_pending() -> Game:
    game = stacked_game(["R+2 B1 B2", "G+2 Y2 R3", "G1 G2"], "R5", rules=HOUSE, direction=1)
    game.apply(PlayCard("A", c("R+2")))
    return game


def awaiting_color() -> Game:
    return stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "W", color=None, awaiting_color=True)


def hand_over() -> Game:
    game = stacked_game(["R9", "Y1 Y2", "G1 G2"], "R5", uno_said=[True, False, False])
    game.apply(PlayCard("A", c("R9")))
    return game


def match_over() -> Game:
    game = stacked_game(["R9", "Y1 Y2", "G1 G2"], "R5", rules=RuleSet(target_score=None),
                        uno_said=[True, False, False])
    game.apply(PlayCard("A", c("R9")))
    return game


def house() -> Game:
    return stacked_game(["R9 B1 W+4", "Y1 Y2", "G1 G2"], "R5", rules=HOUSE)


def jump() -> Game:
    return stacked_game(["R9 B1", "R5 Y2", "G1 G2"], "R5", rules=RuleSet(jump_in=True))


def seven() -> Game:
    return stacked_game(["R7 B1", "Y1 Y2", "G1 G2"], "R5", rules=RuleSet(seven_zero=True))


CASES: list[tuple[str, Callable[[], Game], Action]] = [
    ("unknown_seat", basic, Draw("Z")),
    ("unknown_seat", basic, Catch("B", "Z")),
    ("not_your_turn", basic, Draw("B")),
    ("not_your_turn", basic, PlayCard("B", c("Y1"))),
    ("not_your_turn", challenge_pending, Accept("C")),
    ("card_not_in_hand", basic, PlayCard("A", c("G7"))),
    ("card_not_in_hand", jump, JumpIn("C", c("R5"))),
    ("does_not_match", basic, PlayCard("A", c("B1"))),
    ("bad_color", basic, PlayCard("A", c("W"))),
    ("bad_color", basic, PlayCard("A", c("R9"), Color.RED)),
    ("bad_target", seven, PlayCard("A", c("R7"))),
    ("bad_target", seven, PlayCard("A", c("R7"), target="A")),
    ("bad_target", basic, PlayCard("A", c("R9"), target="B")),
    ("wild_draw_four_refused", house, PlayCard("A", c("W+4"), Color.BLUE)),
    ("must_answer_draw", draw_pending, PlayCard("B", c("Y2"))),
    ("must_answer_draw", draw_pending, Pass("B")),
    ("must_play", house, Draw("A")),
    ("only_drawn_card", after_draw, PlayCard("A", c("R9"))),
    ("cannot_pass", basic, Pass("A")),
    ("cannot_draw", after_draw, Draw("A")),
    ("cannot_draw", basic, KeepDrawing("A")),
    ("no_challenge", basic, Challenge("A")),
    ("no_challenge", draw_pending, Challenge("B")),
    ("challenge_pending", challenge_pending, Draw("B")),
    ("challenge_pending", challenge_pending, PlayCard("B", c("G+2"))),
    ("challenge_pending", challenge_pending, Pass("B")),
    ("color_pending", awaiting_color, PlayCard("A", c("R9"))),
    ("color_pending", awaiting_color, Draw("A")),
    ("color_pending", basic, ChooseColor("A", Color.RED)),
    ("bad_color", awaiting_color, ChooseColor("A", "R")),  # type: ignore[arg-type]
    ("cannot_call_uno", basic, CallUno("A")),
    ("cannot_call_uno", basic, PlayCard("A", c("R9"), uno=True)),
    ("not_catchable", basic, Catch("B", "C")),
    ("jump_in_refused", basic, JumpIn("B", c("R5"))),
    ("jump_in_refused", jump, JumpIn("A", c("R9"))),
    ("hand_over", hand_over, Draw("B")),
    ("hand_over", hand_over, CallUno("B")),
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


def test_next_hand_refusals_leave_game_unchanged() -> None:
    game = basic()
    before = game.snapshot()
    with pytest.raises(E.HandInProgress) as info:
        game.next_hand()
    assert info.value.code == "hand_in_progress"
    assert game.snapshot() == before
    over = match_over()
    before = over.snapshot()
    with pytest.raises(E.MatchOver) as info2:
        over.next_hand()
    assert info2.value.code == "match_over"
    assert over.snapshot() == before


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
