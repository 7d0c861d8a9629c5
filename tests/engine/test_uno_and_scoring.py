"""R16 (empty pile), R17 (UNO), R18 (end of hand), R19 (scoring), R20 (match)."""

from __future__ import annotations

from collections import Counter

import pytest
from enginekit import c
from kit.deck import cards, of_type, stacked_game

from engine import Color, HandResult, MatchOutcome, RuleSet, full_deck
from engine.actions import Accept, CallUno, Catch, Challenge, Draw, JumpIn, PlayCard
from engine.errors import CannotCallUno, HandOver, NotCatchable
from engine.events import CardPlayed, Caught, Drew, HandEnded, MatchEnded, Reshuffled, TurnStarted, UnoCalled

# ---------------------------------------------------------------------------- R16


def test_R16_reshuffle_keeps_top_card() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5", rest="discard")
    discard = game.view(None).discard_pile
    assert game.view(None).draw_pile == 0
    events = game.apply(Draw("A"))
    assert events[0] == Reshuffled(discard - 1)
    assert game.top == c("R5") and game.color is Color.RED
    assert game.view(None).discard_pile == 1
    assert game.view(None).draw_pile == discard - 2
    assert Counter(game.all_cards()) == Counter(full_deck())


def test_R16_reshuffle_after_wild_keeps_declared_colour() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "W", color="B", rest="discard")
    game.apply(Draw("A"))
    assert game.top == c("W") and game.color is Color.BLUE
    assert game.card_count() == 108


# ---------------------------------------------------------------------------- R17


def test_R17_uno_said_with_the_play_cannot_be_caught() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5")
    game.apply(PlayCard("A", c("R9"), uno=True))
    view = game.view("B")
    assert view.uno_said == (True, False, False) and view.uno_open is None
    assert Catch("B", "A") not in game.legal_actions("B")
    with pytest.raises(NotCatchable) as info:
        game.apply(Catch("B", "A"))
    assert info.value.code == "not_catchable"


def test_R17_uno_said_with_the_play_is_told_like_a_call() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5")
    events = game.apply(PlayCard("A", c("R9"), uno=True))
    assert events[:2] == [CardPlayed("A", c("R9"), Color.RED, False), UnoCalled("A")]
    assert [e for e in events if isinstance(e, UnoCalled)] == [UnoCalled("A")]


def test_R17_uno_called_before_the_play_is_not_told_again() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5")
    assert game.apply(CallUno("A")) == [UnoCalled("A")]
    events = game.apply(PlayCard("A", c("R9"), uno=True))
    assert not [e for e in events if isinstance(e, UnoCalled)]


def test_R17_uno_said_after_the_play_closes_the_window() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5")
    game.apply(PlayCard("A", c("R9")))
    assert game.view(None).uno_open == "A"
    assert CallUno("A") in game.legal_actions("A")
    assert game.apply(CallUno("A")) == [UnoCalled("A")]
    assert game.view(None).uno_open is None
    with pytest.raises(NotCatchable):
        game.apply(Catch("C", "A"))
    with pytest.raises(CannotCallUno) as info:
        game.apply(CallUno("A"))  # said already
    assert info.value.code == "cannot_call_uno"


def test_R17_uno_said_on_own_turn_with_two_cards_before_playing() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5")
    game.apply(CallUno("A"))
    game.apply(PlayCard("A", c("R9")))
    assert game.view(None).uno_open is None


@pytest.mark.parametrize("catcher", ["B", "C"])
def test_R17_caught_before_next_player_acts_draws_penalty(catcher: str) -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2"], "R5", draw="B2 B3 B4")
    game.apply(PlayCard("A", c("R9")))
    assert Catch(catcher, "A") in game.legal_actions(catcher)
    events = game.apply(Catch(catcher, "A"))
    assert events == [Caught(catcher, "A"), Drew("A", 2, tuple(cards("B2 B3")), "uno_penalty")]
    assert game.hand("A") == tuple(cards("B1 B2 B3"))
    assert game.current == "B"  # a catch takes no turn
    with pytest.raises(NotCatchable):
        game.apply(Catch("C", "A"))


def test_R17_catch_after_the_window_closes_is_refused() -> None:
    game = stacked_game(["R9 B1", "Y1 Y3 R2", "G1 G2"], "R5")
    game.apply(PlayCard("A", c("R9")))
    game.apply(PlayCard("B", c("R2")))  # the next player acted
    assert game.view(None).uno_open is None
    assert Catch("C", "A") not in game.legal_actions("C")
    snap = game.snapshot()
    with pytest.raises(NotCatchable) as info:
        game.apply(Catch("C", "A"))
    assert info.value.code == "not_catchable"
    assert game.snapshot() == snap
    # A may still say UNO late
    game.apply(CallUno("A"))


def test_R17_draw_two_victim_does_not_close_window_next_actor_does() -> None:
    game = stacked_game(["R+2 B1", "Y1 R2", "G1 G2"], "R5")
    game.apply(PlayCard("A", c("R+2")))  # B draws 2 at once; C is next
    assert game.view(None).uno_open == "A"
    game.apply(Draw("C"))
    assert game.view(None).uno_open is None


def test_R17_cannot_catch_yourself() -> None:
    game = stacked_game(["R9 B1", "Y1 R2", "G1 G2"], "R5")
    game.apply(PlayCard("A", c("R9")))
    with pytest.raises(NotCatchable):
        game.apply(Catch("A", "A"))


def test_R17_uno_penalty_option() -> None:
    game = stacked_game(["R9 B1", "Y1 R2", "G1 G2"], "R5", rules=RuleSet(uno_penalty=4))
    game.apply(PlayCard("A", c("R9")))
    events = game.apply(Catch("B", "A"))
    assert of_type(events, Drew)[0].count == 4 and len(game.hand("A")) == 5
    zero = stacked_game(["R9 B1", "Y1 R2", "G1 G2"], "R5", rules=RuleSet(uno_penalty=0))
    zero.apply(PlayCard("A", c("R9")))
    events = zero.apply(Catch("B", "A"))
    assert events == [Caught("B", "A")]  # no draw, and no DrawSkipped: nothing was due
    assert len(zero.hand("A")) == 1 and zero.view(None).uno_open is None


def test_R17_false_catch_penalty_option() -> None:
    rules = RuleSet(false_catch_penalty=2)
    game = stacked_game(["R9 B1", "Y1 R2", "G1 G2"], "R5", rules=rules, draw="B5 B6")
    game.apply(PlayCard("A", c("R9"), uno=True))
    assert Catch("B", "A") in game.legal_actions("B")
    events = game.apply(Catch("B", "A"))
    assert events == [Caught("B", "A", false_catch=True),
                      Drew("B", 2, tuple(cards("B5 B6")), "false_catch")]
    assert len(game.hand("A")) == 1 and len(game.hand("B")) == 4
    # a player with more than one card is no target even for a false catch
    with pytest.raises(NotCatchable):
        game.apply(Catch("A", "C"))


def test_R17_false_catch_without_option_is_refused() -> None:
    game = stacked_game(["R9 B1", "Y1 R2", "G1 G2"], "R5")
    game.apply(PlayCard("A", c("R9"), uno=True))
    snap = game.snapshot()
    with pytest.raises(NotCatchable):
        game.apply(Catch("B", "A"))
    assert game.snapshot() == snap


def test_R17_cannot_call_uno_with_too_many_cards() -> None:
    game = stacked_game(["R9 B1 B2", "Y1 R2", "G1 G2"], "R5")
    with pytest.raises(CannotCallUno):
        game.apply(CallUno("A"))  # three cards
    with pytest.raises(CannotCallUno):
        game.apply(CallUno("B"))  # two cards, not B's turn
    with pytest.raises(CannotCallUno):
        game.apply(PlayCard("A", c("R9"), uno=True))  # not the next-to-last card


def test_R17_uno_said_with_two_cards_lapses_when_the_turn_ends_unplayed() -> None:
    # A says UNO with two cards, then draws nothing (nothing is left) and passes: the UNO lapses,
    # so going down to one card later without saying it again can be caught.
    from collections import Counter

    from engine import full_deck

    pool = Counter(full_deck())
    pool.subtract(cards("G9 B1 Y1 Y2 R5"))
    rest = " ".join(str(card) for card in pool.elements())
    game = stacked_game({"A": "G9 B1", "B": "Y1 Y2", "C": rest}, "R5", rest="discard")
    game.apply(CallUno("A"))
    assert game.view(None).uno_said[0] is True
    game.apply(Draw("A"))  # DrawSkipped, turn over
    assert game.view(None).uno_said[0] is False
    assert CallUno("A") not in game.legal_actions("A")


def test_R17_uno_said_with_two_cards_lapses_when_someone_jumps_in() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "R5 G2 G3"], "R5", rules=RuleSet(jump_in=True))
    game.apply(CallUno("A"))
    game.apply(JumpIn("C", c("R5")))
    assert game.view(None).uno_said == (False, False, False)
    game.apply(PlayCard("A", c("R9")))  # A goes down to one card without a fresh UNO
    assert game.view(None).uno_open == "A"
    assert Catch("B", "A") in game.legal_actions("B")


def test_R17_drawing_cancels_uno() -> None:
    game = stacked_game(["R9 B1", "Y1 R2", "G1 G2"], "R5", draw="G7")
    game.apply(PlayCard("A", c("R9"), uno=True))
    game.apply(Draw("B"))  # G7 does not match R9: B's turn ends
    game.apply(Draw("C"))
    assert game.view(None).uno_said[0] is True


# ---------------------------------------------------------------------------- R18, R19


def test_R18_R19_hand_ends_and_winner_scores_other_hands() -> None:
    game = stacked_game(["R9", "Y1 R2 YS W", "G9 G+2 W+4"], "R5", uno_said=[True, False, False])
    assert game.hand_outcome() is None
    events = game.apply(PlayCard("A", c("R9")))
    points = 1 + 2 + 20 + 50 + 9 + 20 + 50
    assert events[-1] == HandEnded("A", points, (points, 0, 0))
    assert game.hand_outcome() == HandResult("A", points)
    assert game.scores == [points, 0, 0]
    assert game.outcome() is None  # 152 < 500
    with pytest.raises(HandOver) as info:
        game.apply(Draw("B"))
    assert info.value.code == "hand_over"
    assert not list(game.legal_actions("B"))


def test_R18_last_card_draw_two_next_player_still_draws_and_cards_are_scored() -> None:
    game = stacked_game(["R+2", "Y1", "G9"], "R5", draw="Y9 W", uno_said=[True, True, False])
    events = game.apply(PlayCard("A", c("R+2")))
    assert Drew("B", 2, tuple(cards("Y9 W")), "draw_two") in events
    assert game.hand("B") == tuple(cards("Y1 Y9 W"))
    assert game.hand_outcome() == HandResult("A", 1 + 9 + 50 + 9)


def test_R18_last_card_wild_draw_four_no_challenge_next_draws() -> None:
    game = stacked_game(["W+4", "Y1", "G9"], "R5", draw="B1 B2 B3 B4", uno_said=[True, True, False])
    events = game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    assert Drew("B", 4, tuple(cards("B1 B2 B3 B4")), "wild_draw_four") in events
    assert game.hand_outcome() == HandResult("A", 1 + 10 + 9)
    with pytest.raises(HandOver):
        game.apply(Challenge("B"))
    with pytest.raises(HandOver):
        game.apply(Accept("B"))


def test_R18_last_card_skip_ends_hand() -> None:
    game = stacked_game(["RS", "Y1", "G9"], "R5", uno_said=[True, True, False])
    events = game.apply(PlayCard("A", c("RS")))
    assert isinstance(events[-1], HandEnded)
    assert game.hand_outcome() == HandResult("A", 10)
    assert not any(isinstance(e, TurnStarted) for e in events)


def test_R18_last_card_caught_is_no_longer_possible() -> None:
    game = stacked_game(["R9", "Y1 Y2", "G9 G8"], "R5")
    game.apply(PlayCard("A", c("R9")))
    with pytest.raises(HandOver):
        game.apply(Catch("B", "A"))


# ---------------------------------------------------------------------------- R20


def test_R20_match_to_500_outcome_none_until_over() -> None:
    game = stacked_game(["R9", "Y1 YS", "G9"], "R5", uno_said=[True, False, False],
                        scores=[470, 490, 0])
    assert game.outcome() is None
    events = game.apply(PlayCard("A", c("R9")))
    assert events[-2] == HandEnded("A", 30, (500, 490, 0))
    assert events[-1] == MatchEnded("A", (500, 490, 0))
    assert game.outcome() == MatchOutcome("A", (500, 490, 0))
    assert game.view(None).outcome == game.outcome()


def test_R20_below_target_match_goes_on() -> None:
    game = stacked_game(["R9", "Y1 YS", "G9"], "R5", uno_said=[True, False, False],
                        scores=[469, 0, 0])
    events = game.apply(PlayCard("A", c("R9")))
    assert not of_type(events, MatchEnded)
    assert game.outcome() is None and game.hand_outcome() == HandResult("A", 30)
    dealer = game.dealer
    game.next_hand()
    assert game.hand_outcome() is None and game.scores == [499, 0, 0]
    assert game.dealer != dealer


def test_R20_single_hand_option() -> None:
    rules = RuleSet(target_score=None)
    game = stacked_game(["R9", "Y1", "G9"], "R5", rules=rules, uno_said=[True, True, False])
    events = game.apply(PlayCard("A", c("R9")))
    assert events[-1] == MatchEnded("A", (10, 0, 0))
    assert game.outcome() == MatchOutcome("A", (10, 0, 0))


def test_R20_custom_target() -> None:
    game = stacked_game(["R9", "Y1", "G9"], "R5", rules=RuleSet(target_score=10),
                        uno_said=[True, True, False])
    game.apply(PlayCard("A", c("R9")))
    assert game.outcome() == MatchOutcome("A", (10, 0, 0))
