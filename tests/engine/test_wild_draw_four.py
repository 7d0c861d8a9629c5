"""R12 (bluff and challenge) and R13 (strict +4)."""

from __future__ import annotations

import pytest
from enginekit import HOUSE, c
from kit.deck import cards, of_type, stacked_game

from engine import Accept, Challenge, Color, Draw, Event, Game, PlayCard, RuleSet, WildDrawFour
from engine.errors import ChallengePending, NoChallenge, NotYourTurn, WildDrawFourRefused
from engine.events import Challenged, Drew, Skipped, TurnStarted


def _bluff_game(hand_a: str) -> tuple[Game, list[Event]]:
    game = stacked_game([hand_a, "Y1 Y2 G3", "G1 G2"], "R5", draw="B4 B5 B6 B7 B8 B9 Y3 Y4")
    events = game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    return game, events


def test_R12_wild_draw_four_can_be_bluffed_and_waits_for_an_answer() -> None:
    game, events = _bluff_game("W+4 R9 B1")
    assert events[-1] == TurnStarted("B")
    assert game.current == "B" and game.pending_draw == 4
    view = game.view("B")
    assert view.challenge_from == "A" and view.challenge_color is Color.RED
    assert set(game.legal_actions("B")) == {Challenge("B"), Accept("B")}
    for action in (Draw("B"), PlayCard("B", c("G3"))):
        with pytest.raises(ChallengePending) as info:
            game.apply(action)
        assert info.value.code == "challenge_pending"


def test_R12_challenge_guilty_offender_draws_four() -> None:
    game, _ = _bluff_game("W+4 R9 B1")  # A holds R9: guilty
    events = game.apply(Challenge("B"))
    assert events == [Challenged("B", "A", True, tuple(cards("R9 B1"))),
                      Drew("A", 4, tuple(cards("B4 B5 B6 B7")), "challenge")]
    assert len(game.hand("A")) == 6 and len(game.hand("B")) == 3
    # the challenger then takes the turn normally; the declared colour stands
    assert game.current == "B" and game.color is Color.GREEN and game.pending_draw == 0
    game.apply(PlayCard("B", c("G3")))
    assert game.current == "C"


def test_R12_challenge_innocent_challenger_draws_six_and_loses_turn() -> None:
    game, _ = _bluff_game("W+4 G9 Y5 B1")  # no red card: innocent
    events = game.apply(Challenge("B"))
    assert events[0] == Challenged("B", "A", False, tuple(cards("G9 Y5 B1")))
    assert Drew("B", 6, tuple(cards("B4 B5 B6 B7 B8 B9")), "challenge") in events
    assert events[-2:] == [Skipped("B"), TurnStarted("C")]
    assert len(game.hand("B")) == 9 and game.color is Color.GREEN


def test_R12_the_offender_shows_its_hand_to_the_challenger_only() -> None:
    # Mattel: the player challenged shows the challenger its hand, before drawing any penalty.
    game, _ = _bluff_game("W+4 R9 B1")
    [shown, *_] = game.apply(Challenge("B"))
    assert isinstance(shown, Challenged) and shown.hand == tuple(cards("R9 B1"))
    assert shown.for_seat("B") == shown and shown.for_seat("A") == shown
    for viewer in ("C", None):  # another seat, a spectator: only who was right
        assert shown.for_seat(viewer) == Challenged("B", "A", True, None)


def test_R12_matching_number_does_not_make_guilty() -> None:
    game, _ = _bluff_game("W+4 G5 B1")  # G5 matches the R5 by number only
    events = game.apply(Challenge("B"))
    assert events[0].guilty is False


def test_R12_guilty_judged_on_colour_in_play_after_a_wild() -> None:
    game = stacked_game(["W+4 R9 B1", "Y1 Y2 G3", "G1 G2"], "W", color="B")
    game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    assert game.apply(Challenge("B"))[0] == Challenged("B", "A", True, tuple(cards("R9 B1")))


def test_R12_accept_draws_four_and_loses_turn() -> None:
    game, _ = _bluff_game("W+4 R9 B1")
    events = game.apply(Accept("B"))
    assert events == [Drew("B", 4, tuple(cards("B4 B5 B6 B7")), "wild_draw_four"),
                      Skipped("B"), TurnStarted("C")]
    assert game.pending_draw == 0 and game.view("C").challenge_from is None


def test_R12_no_challenge_without_a_wild_draw_four() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2"], "R5")
    with pytest.raises(NoChallenge) as info:
        game.apply(Challenge("A"))
    assert info.value.code == "no_challenge"
    with pytest.raises(NoChallenge):
        game.apply(Accept("A"))


def test_R12_only_the_victim_answers() -> None:
    game, _ = _bluff_game("W+4 R9 B1")
    assert Challenge("C") not in game.legal_actions("C")
    with pytest.raises(NotYourTurn) as info:
        game.apply(Challenge("C"))
    assert info.value.code == "not_your_turn"


def test_R12_wild_draw_four_allowed_while_holding_colour_under_challenge() -> None:
    game = stacked_game(["W+4 R9", "Y1 Y2"], "R5")
    assert PlayCard("A", c("W+4"), Color.BLUE) in game.legal_actions("A")


def test_R13_strict_refuses_wild_draw_four_while_holding_colour() -> None:
    game = stacked_game(["W+4 R9 B1", "Y1 Y2", "G1"], "R5", rules=HOUSE)
    with pytest.raises(WildDrawFourRefused) as info:
        game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    assert info.value.code == "wild_draw_four_refused"
    assert not any(a.card == c("W+4") for a in game.legal_actions("A") if isinstance(a, PlayCard))


def test_R13_strict_number_match_does_not_forbid() -> None:
    game = stacked_game(["W+4 G5 B1", "Y1 Y2", "G1"], "R5", rules=HOUSE, direction=1,
                        draw="B4 B5 B6 B7")
    events = game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    # nothing to challenge: the next player draws 4 at once and loses the turn
    assert Drew("B", 4, tuple(cards("B4 B5 B6 B7")), "wild_draw_four") in events
    assert game.current == "C" and not of_type(events, Challenged)


def test_R13_no_answering_wild_draw_four_with_another() -> None:
    # B holds a W+4 but may not stack it: B draws 4 straight away.
    game = stacked_game(["W+4 B1", "W+4 G2", "G1"], "R5", rules=HOUSE, direction=1)
    events = game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    assert [(d.seat, d.count) for d in of_type(events, Drew)] == [("B", 4)]
    assert game.current == "C" and game.hand("B")[:2] == tuple(cards("W+4 G2"))


def test_R13_strict_option_alone() -> None:
    rules = RuleSet(wild_draw_four=WildDrawFour.STRICT)
    game = stacked_game(["W+4 R1 B1", "Y1 Y2", "G1"], "R5", rules=rules)
    with pytest.raises(WildDrawFourRefused):
        game.apply(PlayCard("A", c("W+4"), Color.GREEN))
