"""R7-R11: matching, drawing (official and house), action cards, two players."""

from __future__ import annotations

import pytest
from enginekit import HOUSE, OFFICIAL, c
from kit.deck import cards, deal_rng, of_type, stacked_game

from engine import Color, Draw, Game, KeepDrawing, Pass, PlayCard, RuleSet
from engine import events as ev
from engine.errors import BadColor, CannotDraw, CannotPass, DoesNotMatch, MustPlay, OnlyDrawnCard, RuleError

UNTIL = RuleSet(draw_until_playable=True)  # R9 as an option of the official rules




# ---------------------------------------------------------------------------- R7 matching


@pytest.mark.parametrize("card", ["R9", "G5", "W", "W+4"])
def test_R7_matching_colour_number_or_wild(card: str) -> None:
    game = stacked_game([f"{card} B1", "Y1 Y2"], "R5")
    assert PlayCard("A", c(card), Color.BLUE if c(card).is_wild else None) in game.legal_actions("A")
    events = game.apply(PlayCard("A", c(card), Color.BLUE if c(card).is_wild else None))
    assert isinstance(events[0], ev.CardPlayed)
    assert game.top == c(card)


def test_R7_matching_symbol() -> None:
    game = stacked_game(["GS B1 B2", "Y1 Y2", "Y3 Y4"], "RS")
    game.apply(PlayCard("A", c("GS")))
    assert game.color is Color.GREEN


def test_R7_non_matching_card_refused() -> None:
    game = stacked_game(["G6 B1", "Y1 Y2"], "R5")
    with pytest.raises(DoesNotMatch) as info:
        game.apply(PlayCard("A", c("G6")))
    assert info.value.code == "does_not_match"


def test_R7_after_a_wild_the_declared_colour_counts() -> None:
    game = stacked_game(["G6 R5 B1", "Y1 Y2"], "W", color="G")
    game.apply(PlayCard("A", c("G6")))
    game = stacked_game(["G6 R5 B1", "Y1 Y2"], "W", color="G")
    with pytest.raises(DoesNotMatch):
        game.apply(PlayCard("A", c("R5")))


def test_R7_wild_declares_colour() -> None:
    game = stacked_game(["W B1 B2", "Y1 Y2"], "R5")
    with pytest.raises(BadColor) as info:
        game.apply(PlayCard("A", c("W")))
    assert info.value.code == "bad_color"
    events = game.apply(PlayCard("A", c("W"), Color.YELLOW))
    assert events[0] == ev.CardPlayed("A", c("W"), Color.YELLOW)
    assert game.color is Color.YELLOW and game.top == c("W")
    with pytest.raises(BadColor):
        stacked_game(["R9 B1", "Y1"], "R5").apply(PlayCard("A", c("R9"), Color.RED))


# ---------------------------------------------------------------------------- R8 draw one


def test_R8_draw_allowed_with_playable_card_and_drawn_playable_may_be_played() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1"], "R5", draw="R3 G2")
    events = game.apply(Draw("A"))
    assert events == [ev.Drew("A", 1, (c("R3"),), "draw")]
    assert game.current == "A" and game.view("A").drawn == c("R3")
    # only the drawn card may be played now
    with pytest.raises(OnlyDrawnCard) as info:
        game.apply(PlayCard("A", c("R9")))
    assert info.value.code == "only_drawn_card"
    with pytest.raises(CannotDraw) as info2:
        game.apply(Draw("A"))
    assert info2.value.code == "cannot_draw"
    assert set(game.legal_actions("A")) == {PlayCard("A", c("R3")), Pass("A")}
    game.apply(PlayCard("A", c("R3")))
    assert game.current == "B"


def test_R8_drawn_playable_card_may_be_kept() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1"], "R5", draw="R3 G2")
    game.apply(Draw("A"))
    events = game.apply(Pass("A"))
    assert events == [ev.Passed("A"), ev.TurnStarted("B")]
    assert game.hand("A") == tuple(cards("R9 B1 R3"))


def test_R8_drawn_unplayable_card_ends_turn() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1"], "R5", draw="G2 R3")
    events = game.apply(Draw("A"))
    assert events == [ev.Drew("A", 1, (c("G2"),), "draw"), ev.Passed("A"), ev.TurnStarted("B")]
    assert game.current == "B"


def test_R8_cannot_pass_without_drawing() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2"], "R5")
    with pytest.raises(CannotPass) as info:
        game.apply(Pass("A"))
    assert info.value.code == "cannot_pass"


def test_R8_keep_drawing_is_not_official() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1"], "R5", draw="R3 G2")
    game.apply(Draw("A"))
    with pytest.raises(CannotDraw):
        game.apply(KeepDrawing("A"))


# ---------------------------------------------------------------------------- R9 draw until playable


@pytest.mark.parametrize("rules", [HOUSE, UNTIL])
def test_R9_must_play_when_holding_a_playable_card(rules: RuleSet) -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1"], "R5", rules=rules)
    with pytest.raises(MustPlay) as info:
        game.apply(Draw("A"))
    assert info.value.code == "must_play"
    assert Draw("A") not in game.legal_actions("A")


@pytest.mark.parametrize("rules", [HOUSE, UNTIL])
def test_R9_draws_until_a_playable_card_then_must_play(rules: RuleSet) -> None:
    game = stacked_game(["G9 B1", "Y1 Y2", "G1"], "R5", rules=rules, draw="G2 B3 R7 Y4", direction=1)
    events = game.apply(Draw("A"))
    assert events == [ev.Drew("A", 3, tuple(cards("G2 B3 R7")), "draw")]
    assert game.current == "A"
    with pytest.raises(MustPlay):
        game.apply(Pass("A"))
    legal = set(game.legal_actions("A"))
    assert legal == {PlayCard("A", c("R7")), KeepDrawing("A")}
    # may keep drawing although a playable card came (seed 001)
    events = game.apply(KeepDrawing("A"))
    assert events == [ev.Drew("A", 1, (c("Y4"),), "keep_drawing")]
    game.apply(PlayCard("A", c("R7")))
    assert game.current == "B"


def test_R9_any_playable_card_may_end_the_turn_after_drawing() -> None:
    game = stacked_game(["G9 B1", "Y1 Y2", "G1"], "R5", rules=HOUSE, draw="G5 R1")
    game.apply(Draw("A"))  # draws G5, playable on R5 by number
    game.apply(KeepDrawing("A"))  # R1
    game.apply(PlayCard("A", c("R1")))
    assert game.hand("A") == tuple(cards("G9 B1 G5"))


@pytest.mark.parametrize("rules", [HOUSE, UNTIL])
def test_R9_R16_pile_runs_out_mid_draw(rules: RuleSet) -> None:
    # Nothing playable anywhere: the draw pile empties, the discards are reshuffled (the top
    # stays), then nothing is left and the turn ends.
    game = stacked_game(["G9 B1", "Y1 Y2", "G1"], "R5", rules=rules, draw="G2 B3",
                        rest="discard")
    hand_sizes = [len(game.hand(s)) for s in "ABC"]
    discard = game.view(None).discard_pile
    events = game.apply(Draw("A"))
    reshuffles = of_type(events, ev.Reshuffled)
    assert reshuffles and reshuffles[0].count == discard - 1
    assert game.top == c("R5") and game.view(None).discard_pile == 1
    drew = of_type(events, ev.Drew)
    assert sum(d.count for d in drew) == len(game.hand("A")) - hand_sizes[0]


@pytest.mark.parametrize("rules", [HOUSE, UNTIL])
def test_R9_R16_nothing_left_to_draw_passes(rules: RuleSet) -> None:
    # Every card not on the table is in C's hand: nothing to draw at all.
    rest = _everything_but("G9 B1 Y1 Y2 R5")
    game = stacked_game({"A": "G9 B1", "B": "Y1 Y2", "C": rest}, "R5", rules=rules, rest="discard",
                        direction=1)
    assert game.view(None).draw_pile == 0 and game.view(None).discard_pile == 1
    events = game.apply(Draw("A"))
    assert events == [ev.DrawSkipped("A"), ev.Passed("A"), ev.TurnStarted("B")]


def _everything_but(text: str) -> str:
    from collections import Counter

    from engine import full_deck

    pool = Counter(full_deck())
    pool.subtract(cards(text))
    return " ".join(str(card) for card in pool.elements())


# ---------------------------------------------------------------------------- R10 action cards


def test_R10_skip() -> None:
    game = stacked_game(["RS B1", "Y1 Y2", "G1 G2"], "R5")
    events = game.apply(PlayCard("A", c("RS")))
    assert events[1:] == [ev.Skipped("B"), ev.TurnStarted("C")]
    assert game.current == "C"


def test_R10_reverse() -> None:
    game = stacked_game(["RR B1", "Y1 Y2", "G1 G2", "B5 B6"], "R5", seat_names="ABCD")
    events = game.apply(PlayCard("A", c("RR")))
    assert events[1:] == [ev.DirectionChanged(-1), ev.TurnStarted("D")]
    assert game.direction == -1


def test_R10_draw_two() -> None:
    game = stacked_game(["R+2 B1", "Y1 Y2", "G1 G2"], "R5", draw="G3 G4")
    events = game.apply(PlayCard("A", c("R+2")))
    assert ev.Drew("B", 2, tuple(cards("G3 G4")), "draw_two") in events
    assert events[-2:] == [ev.Skipped("B"), ev.TurnStarted("C")]
    assert len(game.hand("B")) == 4


def test_R10_wild_draw_four_strict_next_draws_four() -> None:
    game = stacked_game(["W+4 B1", "Y1 Y2", "G1 G2"], "R5", rules=HOUSE, direction=1,
                        draw="G3 G4 G5 G6")
    events = game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    assert ev.Drew("B", 4, tuple(cards("G3 G4 G5 G6")), "wild_draw_four") in events
    assert game.current == "C" and game.color is Color.GREEN


def test_R10_house_direction_runs_counter_clockwise() -> None:
    game = stacked_game(["RS B1", "Y1 Y2", "G1 G2", "B3 B4"], "R5", rules=HOUSE, seat_names="ABCD")
    assert game.direction == -1
    game.apply(PlayCard("A", c("RS")))
    assert game.current == "C"  # D skipped


# ---------------------------------------------------------------------------- R11 two players


@pytest.mark.parametrize("rules", [OFFICIAL, HOUSE])
def test_R11_two_players_reverse_acts_as_skip(rules: RuleSet) -> None:
    game = stacked_game(["RR B1 B2", "Y1 Y2"], "R5", rules=rules)
    events = game.apply(PlayCard("A", c("RR")))
    assert ev.Skipped("B") in events
    assert game.current == "A"
    with pytest.raises(RuleError):
        game.apply(PlayCard("B", c("Y1")))


def test_R11_two_players_skip_plays_again() -> None:
    game = stacked_game(["RS B1 B2", "Y1 Y2"], "R5")
    game.apply(PlayCard("A", c("RS")))
    assert game.current == "A"


# ---------------------------------------------------------------------------- R2 ten players

TEN = "ABCDEFGHIJ"


def test_R2_R10_ten_players_skip_and_reverse_wrap_around() -> None:
    hands = [f"Y{i} Y{i}" for i in range(1, 10)] + ["RS RR G1"]
    game = stacked_game(hands, "R5", seat_names=TEN, current="J")
    game.apply(PlayCard("J", c("RS")))
    assert game.current == "B"  # A skipped
    game = stacked_game(hands, "R5", seat_names=TEN, current="J")
    game.apply(PlayCard("J", c("RR")))
    assert game.current == "I" and game.direction == -1


def test_R2_R5_ten_players_real_deal() -> None:
    game_left = Game(TEN, OFFICIAL, deal_rng(10, [], "G5"), dealer="J")
    assert game_left.current == "A"
    game_right = Game(TEN, HOUSE, deal_rng(10, [], "G5"), dealer="A")
    assert game_right.current == "J"
    assert all(len(game_right.hand(s)) == 7 for s in TEN)
    assert game_right.view(None).draw_pile == 108 - 70 - 1
