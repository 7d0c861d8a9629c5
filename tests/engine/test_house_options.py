"""R14 (stacking Draw Two) and R15 (stacking Wild Draw Four, 7-0, jump-in)."""

from __future__ import annotations

import pytest
from enginekit import HOUSE, c
from kit.deck import cards, of_type, stacked_game

from engine import Color, RuleSet, WildDrawFour
from engine import errors as E
from engine import events as ev
from engine.actions import Accept, CallUno, Catch, Challenge, Draw, JumpIn, Pass, PlayCard

STACK_ALL = RuleSet(stack_wild_draw_four=True)
STACK_BOTH = RuleSet(stack_draw_two=True, stack_wild_draw_four=True)




# ---------------------------------------------------------------------------- R14


def test_R14_official_no_stacking_next_player_draws_at_once() -> None:
    game = stacked_game(["R+2 B1", "G+2 Y2", "G1 G2"], "R5", draw="Y3 Y4")
    events = game.apply(PlayCard("A", c("R+2")))
    assert ev.Drew("B", 2, tuple(cards("Y3 Y4")), "draw_two") in events
    assert game.current == "C" and game.pending_draw == 0


def test_R14_house_stack_draw_two_any_colour_accumulates() -> None:
    game = stacked_game(["R+2 B1", "G+2 Y2", "B3 B4", "Y+2 G7"], "R5", rules=HOUSE, direction=1,
                        seat_names="ABCD", draw="Y5 Y6 Y7 Y8 Y9 R1")
    game.apply(PlayCard("A", c("R+2")))
    assert game.current == "B" and game.pending_draw == 2
    legal = {a for a in game.legal_actions("B") if not isinstance(a, (CallUno, Catch))}
    assert legal == {Draw("B"), PlayCard("B", c("G+2")), PlayCard("B", c("G+2"), uno=True)}
    with pytest.raises(E.MustAnswerDraw) as info:
        game.apply(PlayCard("B", c("Y2")))
    assert info.value.code == "must_answer_draw"
    with pytest.raises(E.MustAnswerDraw):
        game.apply(Pass("B"))
    game.apply(PlayCard("B", c("G+2"), uno=True))
    assert game.current == "C" and game.pending_draw == 4
    # C cannot stack: draws the whole count and loses the turn
    events = game.apply(Draw("C"))
    assert events == [ev.Drew("C", 4, tuple(cards("Y5 Y6 Y7 Y8")), "draw_two"), ev.Skipped("C"),
                      ev.TurnStarted("D")]
    assert game.pending_draw == 0


def test_R14_stack_draw_two_option_alone() -> None:
    rules = RuleSet(stack_draw_two=True)
    game = stacked_game(["R+2 B1", "B+2 Y2", "B3 B4"], "R5", rules=rules)
    game.apply(PlayCard("A", c("R+2")))
    game.apply(PlayCard("B", c("B+2")))
    assert game.current == "C" and game.pending_draw == 4


def test_R14_nobody_can_stack_when_no_one_may() -> None:
    # house: after a W+4 nobody may stack; the next player draws 4 at once (R13)
    game = stacked_game(["W+4 B1", "G+2 Y2", "G1 G2"], "Y5", rules=HOUSE, direction=1)
    events = game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    assert [d.seat for d in of_type(events, ev.Drew)] == ["B"]


def test_R14_R16_draw_pile_exhausted_mid_stack_draws_what_exists() -> None:
    # 6 pending but only 3 cards exist outside hands and the top card... the rest of the deck is
    # in D's hand, the discard pile below the top holds 2 cards.
    from collections import Counter

    from engine import full_deck

    hands = {"A": "R+2 B1", "B": "G+2 Y2", "C": "B+2 B4"}
    used = cards("R+2 B1 G+2 Y2 B+2 B4 R5 Y7 Y8 G7")
    pool = Counter(full_deck())
    pool.subtract(used)
    hands["D"] = " ".join(str(card) for card in pool.elements())
    game = stacked_game(hands, "R5", rules=HOUSE, direction=1, seat_names="ABCD",
                        draw="G7", under_top="Y7 Y8", rest="discard")
    game.apply(PlayCard("A", c("R+2")))
    game.apply(PlayCard("B", c("G+2")))
    game.apply(PlayCard("C", c("B+2")))
    assert game.pending_draw == 6
    d_before = len(game.hand("D"))
    events = game.apply(Draw("D"))
    # G7 from the pile, then the discards but the top (B+2) are reshuffled: Y7 Y8 R5 R+2 G+2
    reshuffle = of_type(events, ev.Reshuffled)
    assert reshuffle == [ev.Reshuffled(5)]
    drew = of_type(events, ev.Drew)
    assert drew[0].count == 6 and drew[0].cards[0] == c("G7")
    assert game.top == c("B+2") and game.view(None).discard_pile == 1
    assert len(game.hand("D")) == d_before + 6
    assert Counter(game.all_cards()) == Counter(full_deck())


def test_R10_R16_draw_only_what_exists_then_nothing_at_all() -> None:
    from collections import Counter

    from engine import full_deck

    hands = {"A": "R+2 B1 B2", "B": "G1 Y2"}
    pool = Counter(full_deck())
    pool.subtract(cards("R+2 B1 B2 G1 Y2 R5"))
    hands["C"] = " ".join(str(card) for card in pool.elements())
    game = stacked_game(hands, "R5", seat_names="ABC", rest="discard")
    assert game.view(None).draw_pile == 0
    events = game.apply(PlayCard("A", c("R+2")))
    # the pile is empty; the discards but the top (only R5) are reshuffled; B draws 1 of 2
    assert events[1:] == [ev.Reshuffled(1), ev.Drew("B", 1, (c("R5"),), "draw_two"), ev.Skipped("B"),
                          ev.TurnStarted("C")]
    assert game.top == c("R+2") and game.view(None).draw_pile == 0
    assert game.view(None).discard_pile == 1
    # now nothing at all is left: a draw is skipped
    events = game.apply(Draw("C"))
    assert events == [ev.DrawSkipped("C"), ev.Passed("C"), ev.TurnStarted("A")]
    assert Counter(game.all_cards()) == Counter(full_deck())


# ---------------------------------------------------------------------------- R15 stacking +4


def test_R15_stack_wild_draw_four_on_wild_draw_four() -> None:
    rules = RuleSet(stack_wild_draw_four=True, wild_draw_four=WildDrawFour.STRICT)
    game = stacked_game(["W+4 B1", "W+4 Y2", "G1 G2"], "G5", rules=rules,
                        draw="B2 B3 B4 B5 B6 B7 B8 B9")
    # A holds no green: may play the +4
    game.apply(PlayCard("A", c("W+4"), Color.RED))
    assert game.current == "B" and game.pending_draw == 4
    assert PlayCard("B", c("W+4"), Color.BLUE) in game.legal_actions("B")
    game.apply(PlayCard("B", c("W+4"), Color.BLUE))
    assert game.current == "C" and game.pending_draw == 8
    events = game.apply(Draw("C"))
    assert ev.Drew("C", 8, tuple(cards("B2 B3 B4 B5 B6 B7 B8 B9")), "wild_draw_four") in events
    assert game.color is Color.BLUE


def test_R13_R15_strict_applies_to_a_stacked_wild_draw_four() -> None:
    rules = RuleSet.preset("house", stack_wild_draw_four=True)
    # B holds a red card: under strict +4 the Wild Draw Four may not answer the red +2 either
    game = stacked_game(["R+2 B1", "W+4 R7 Y2", "B3 B4"], "R5", rules=rules, direction=1)
    game.apply(PlayCard("A", c("R+2")))
    assert game.current == "B" and game.pending_draw == 2
    assert not any(isinstance(a, PlayCard) and a.card == c("W+4") for a in game.legal_actions("B"))
    before = game.snapshot()
    with pytest.raises(E.WildDrawFourRefused):
        game.apply(PlayCard("B", c("W+4"), Color.BLUE))
    assert game.snapshot() == before
    # without a red card it may
    game = stacked_game(["R+2 B1", "W+4 G7 Y2", "B3 B4"], "R5", rules=rules, direction=1)
    game.apply(PlayCard("A", c("R+2")))
    game.apply(PlayCard("B", c("W+4"), Color.BLUE))
    assert game.pending_draw == 6 and game.current == "C"


def test_R15_mix_wild_draw_four_on_draw_two_and_draw_two_of_colour_on_it() -> None:
    game = stacked_game(["R+2 B1", "W+4 Y2", "G+2 R+2 Y3", "B4 B5"], "R5", rules=STACK_ALL,
                        seat_names="ABCD")
    game.apply(PlayCard("A", c("R+2")))
    game.apply(PlayCard("B", c("W+4"), Color.GREEN))
    assert game.pending_draw == 6 and game.view("C").challenge_from is None  # stacked: no challenge
    legal = set(game.legal_actions("C"))
    # only a Draw Two of the colour in play may answer a Wild Draw Four
    assert PlayCard("C", c("G+2")) in legal and PlayCard("C", c("R+2")) not in legal
    with pytest.raises(E.MustAnswerDraw):
        game.apply(PlayCard("C", c("R+2")))
    game.apply(PlayCard("C", c("G+2")))
    assert game.pending_draw == 8 and game.current == "D"
    events = game.apply(Draw("D"))
    assert of_type(events, ev.Drew)[0].count == 8


def test_R15_stack_wild_draw_four_alone_does_not_stack_draw_two_on_draw_two() -> None:
    # Only the +4 may answer a +2 here: +2 on +2 is R14, which is off.
    game = stacked_game(["R+2 B1", "G+2 W+4 Y2", "B3 B4"], "R5", rules=STACK_ALL,
                        draw="Y5 Y6")
    game.apply(PlayCard("A", c("R+2")))
    assert game.current == "B" and game.pending_draw == 2
    turn = {a for a in game.legal_actions("B") if not isinstance(a, (CallUno, Catch))}
    assert turn == {Draw("B")} | {PlayCard("B", c("W+4"), color) for color in Color}
    with pytest.raises(E.MustAnswerDraw):
        game.apply(PlayCard("B", c("G+2")))
    both = stacked_game(["R+2 B1", "G+2 W+4 Y2", "B3 B4"], "R5", rules=STACK_BOTH)
    both.apply(PlayCard("A", c("R+2")))
    both.apply(PlayCard("B", c("G+2")))
    assert both.pending_draw == 4


def test_R15_stack_wild_draw_four_answers_a_challengeable_one() -> None:
    game = stacked_game(["W+4 R1 B1", "W+4 Y2", "G1 G2"], "R5", rules=STACK_ALL)
    game.apply(PlayCard("A", c("W+4"), Color.GREEN))
    legal = set(game.legal_actions("B"))
    assert {Challenge("B"), Accept("B"), PlayCard("B", c("W+4"), Color.RED)} <= legal
    game.apply(PlayCard("B", c("W+4"), Color.RED))
    assert game.pending_draw == 8 and game.view("C").challenge_from is None
    assert Challenge("C") not in game.legal_actions("C")


def test_R15_R18_last_card_stacked_draw_two_makes_next_draw_the_total() -> None:
    game = stacked_game(["R+2 B1", "G+2", "B3 B4"], "R5", rules=STACK_BOTH, seat_names="ABC",
                        draw="Y1 Y2 Y3 Y4", uno_said=[False, True, False])
    game.apply(PlayCard("A", c("R+2")))
    events = game.apply(PlayCard("B", c("G+2")))
    assert ev.Drew("C", 4, tuple(cards("Y1 Y2 Y3 Y4")), "draw_two") in events
    assert game.hand_outcome() is not None and game.hand_outcome().winner == "B"


# ---------------------------------------------------------------------------- R15 seven-zero


SEVEN_ZERO = RuleSet(seven_zero=True)


def test_R15_seven_swaps_hands_with_chosen_target() -> None:
    game = stacked_game(["R7 B1 B2", "Y1 Y2", "G1 G2 G3 G4"], "R5", rules=SEVEN_ZERO)
    with pytest.raises(E.BadTarget) as info:
        game.apply(PlayCard("A", c("R7")))
    assert info.value.code == "bad_target"
    for bad in ("A", "Z"):
        with pytest.raises(E.BadTarget):
            game.apply(PlayCard("A", c("R7"), target=bad))
    legal = {a for a in game.legal_actions("A") if isinstance(a, PlayCard) and a.card == c("R7")}
    assert legal == {PlayCard("A", c("R7"), target="B"), PlayCard("A", c("R7"), target="C")}
    events = game.apply(PlayCard("A", c("R7"), target="C"))
    assert game.hand("A") == tuple(cards("G1 G2 G3 G4"))
    assert game.hand("C") == tuple(cards("B1 B2"))
    assert game.hand("B") == tuple(cards("Y1 Y2"))
    exchanged = of_type(events, ev.HandsExchanged)
    assert exchanged == [ev.HandsExchanged("A", "C", (("A", 4, tuple(cards("G1 G2 G3 G4"))),
                                                     ("C", 2, tuple(cards("B1 B2")))))]
    assert game.current == "B"


def test_R15_R17_a_hand_of_one_card_an_exchange_gives_is_not_open_to_a_catch() -> None:
    """docs/RULES.md R17: one who gets a hand of one card by a 7 did not play down to it; they may
    still say UNO (found play-testing: the table wondered why nobody could catch Pilar)."""
    game = stacked_game(["R7 B1 B2", "Y1", "G1 G2 G3"], "R5", rules=SEVEN_ZERO, uno_said=[False, True, False])
    game.apply(PlayCard("A", c("R7"), target="B"))
    assert game.hand("A") == tuple(cards("Y1"))
    view = game.view("C")
    assert view.uno_open is None and not view.uno_said[0]
    assert not any(isinstance(a, Catch) for s in "BC" for a in game.legal_actions(s))
    assert CallUno("A") in game.legal_actions("A")


def test_R15_seven_without_option_takes_no_target() -> None:
    game = stacked_game(["R7 B1 B2", "Y1 Y2"], "R5")
    with pytest.raises(E.BadTarget):
        game.apply(PlayCard("A", c("R7"), target="B"))
    game.apply(PlayCard("A", c("R7")))
    assert game.hand("A") == tuple(cards("B1 B2"))


def test_R15_seven_as_last_card_needs_no_target() -> None:
    game = stacked_game(["R7", "Y1 Y2"], "R5", rules=SEVEN_ZERO, uno_said=[True, False])
    with pytest.raises(E.BadTarget):
        game.apply(PlayCard("A", c("R7"), target="B"))
    game.apply(PlayCard("A", c("R7")))
    assert game.hand_outcome() is not None


@pytest.mark.parametrize("direction", [1, -1])
def test_R15_zero_passes_every_hand_in_direction_of_play(direction: int) -> None:
    game = stacked_game(["R0 B1", "Y1 Y2", "G1 G2 G3", "B7 B8 B9 B6"], "R5",
                        rules=SEVEN_ZERO, seat_names="ABCD", direction=direction)
    events = game.apply(PlayCard("A", c("R0")))
    before = {"A": "B1", "B": "Y1 Y2", "C": "G1 G2 G3", "D": "B7 B8 B9 B6"}
    order = "ABCD"
    for i, seat in enumerate(order):
        giver = order[(i - direction) % 4]  # each hand moved one seat along the direction of play
        assert game.hand(seat) == tuple(cards(before[giver]))
    exchanged = of_type(events, ev.HandsExchanged)
    assert len(exchanged) == 1 and exchanged[0].target is None
    assert [h[0] for h in exchanged[0].hands] == list(order)
    assert game.current == order[direction % 4]


def test_R15_house_preset_with_seven_zero_override() -> None:
    rules = RuleSet.preset("house", seven_zero=True)
    game = stacked_game(["R0 B1", "Y1 Y2", "G1 G2 G3"], "R5", rules=rules)
    assert game.direction == -1
    game.apply(PlayCard("A", c("R0")))
    # counter-clockwise: A's hand goes to C, C's to B, B's to A
    assert game.hand("C") == (c("B1"),)
    assert game.hand("B") == tuple(cards("G1 G2 G3"))
    assert game.hand("A") == tuple(cards("Y1 Y2"))
    assert game.current == "C"


def test_R15_seven_zero_resets_uno_state() -> None:
    game = stacked_game(["R7 B1", "Y1", "G1 G2 G3"], "R5", rules=SEVEN_ZERO,
                        uno_said=[False, True, False])
    game.apply(PlayCard("A", c("R7"), target="B", uno=True))
    assert game.hand("A") == (c("Y1"),) and game.hand("B") == (c("B1"),)
    view = game.view(None)
    assert view.uno_open is None


# ---------------------------------------------------------------------------- R15 jump-in


JUMP = RuleSet(jump_in=True)


def test_R15_jump_in_with_identical_card_play_continues_from_jumper() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2", "G1 G2", "R5 B3 B4"], "R5", rules=JUMP, seat_names="ABCD")
    assert JumpIn("D", c("R5")) in game.legal_actions("D")
    events = game.apply(JumpIn("D", c("R5")))
    assert events[0] == ev.CardPlayed("D", c("R5"), Color.RED, jump_in=True)
    assert game.current == "A"  # the seat after the jumper
    assert game.hand("D") == tuple(cards("B3 B4"))


def test_R15_jump_in_action_card_acts_from_jumper() -> None:
    game = stacked_game(["RR B1", "Y1 Y2", "RR G2", "B3 B4"], "R5", rules=JUMP, seat_names="ABCD")
    game.apply(PlayCard("A", c("RR")))
    assert game.current == "D" and game.direction == -1
    events = game.apply(JumpIn("C", c("RR")))
    assert ev.DirectionChanged(1) in events
    assert game.current == "D"  # from C, play runs clockwise again


def test_R15_one_may_jump_in_on_their_own_card() -> None:
    """A pair, one card after the other: the turn has passed on, so it is not the player's own
    (docs/RULES.md says so: found play-testing, a player asked whether a bot's pair was fair)."""
    game = stacked_game(["R5 R5 B1", "Y1 Y2", "G1 G2"], "R3", rules=JUMP, seat_names="ABC")
    game.apply(PlayCard("A", c("R5")))
    assert game.current == "B" and JumpIn("A", c("R5")) in game.legal_actions("A")
    game.apply(JumpIn("A", c("R5")))
    assert game.current == "B" and game.hand("A") == (c("B1"),)


def test_R15_jump_in_refusals() -> None:
    game = stacked_game(["R9 B5", "R5 Y2", "G5 G2"], "R5", rules=JUMP)
    with pytest.raises(E.JumpInRefused) as info:
        game.apply(JumpIn("C", c("G5")))  # same number, other colour: not identical
    assert info.value.code == "jump_in_refused"
    with pytest.raises(E.JumpInRefused):
        game.apply(JumpIn("A", c("B5")))  # your own turn
    with pytest.raises(E.CardNotInHand):
        game.apply(JumpIn("C", c("R5")))
    off = stacked_game(["R9 B5", "R5 Y2", "G5 G2"], "R5")
    with pytest.raises(E.JumpInRefused):
        off.apply(JumpIn("B", c("R5")))
    wild = stacked_game(["R9 B5", "W Y2", "G5 G2"], "W", color="R", rules=JUMP)
    with pytest.raises(E.JumpInRefused):
        wild.apply(JumpIn("B", c("W")))
    assert not any(isinstance(a, JumpIn) for a in wild.legal_actions("B"))


def test_R15_no_jump_in_while_a_draw_is_pending() -> None:
    rules = RuleSet(jump_in=True, stack_draw_two=True)
    game = stacked_game(["R+2 R1", "Y1 Y2", "R+2 G2"], "R5", rules=rules)
    game.apply(PlayCard("A", c("R+2")))
    assert game.pending_draw == 2
    with pytest.raises(E.JumpInRefused):
        game.apply(JumpIn("C", c("R+2")))
    with pytest.raises(E.NotYourTurn):
        game.apply(PlayCard("C", c("R+2")))


def test_R15_jump_in_takes_the_turn_of_one_who_drew_until_a_card_could_be_played() -> None:
    """Play-tested (helper 125): Ana drew 4 under draw until playable (R9), and Carla jumped in
    before Ana played the card that ended her drawing. No colour, draw or challenge is pending:
    the jump-in is allowed (docs/RULES.md says so)."""
    rules = RuleSet(jump_in=True, draw_until_playable=True)
    game = stacked_game(["B1 B2", "Y1 Y2", "R5 G2", "G4 G6"], "R5", rules=rules, draw="G7 G8 Y9 R3")
    game.apply(Draw("A"))
    assert game.current == "A" and len(game.hand("A")) == 6
    game.apply(JumpIn("C", c("R5")))
    assert game.current == "D" and c("R3") in game.hand("A")  # (A and B lost the turn)


def test_R15_jump_in_seven_takes_a_target() -> None:
    rules = RuleSet(jump_in=True, seven_zero=True)
    game = stacked_game(["R9 B1", "Y1 Y2", "R7 G2 G3"], "R7", rules=rules)
    with pytest.raises(E.BadTarget):
        game.apply(JumpIn("C", c("R7")))
    game.apply(JumpIn("C", c("R7"), target="A"))
    assert game.hand("C") == tuple(cards("R9 B1"))
    assert game.current == "A"
