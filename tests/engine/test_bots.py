"""Bots: always legal, and ``normal`` plays the way engine/bots/simple.py says it does."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from engine import Action, Card, Color, Game, RuleSet, full_deck
from engine.actions import Accept, CallUno, Catch, Challenge, ChooseColor, Draw, JumpIn, Pass, PlayCard
from engine.bots import (
    BOT_LEVELS,
    CHALLENGE_THRESHOLD,
    Playouts,
    challenge_odds,
    choose_action,
    should_challenge,
)

SEATS = ("P1", "P2", "P3", "P4")
QUICK = Playouts(2)  # a searching level's budget in these tests: two sampled deals a move


def make_game(
    hands: Sequence[str],
    top: str,
    *,
    color: str | None = "",
    current: int = 0,
    rules: RuleSet | None = None,
    **state: Any,
) -> Game:
    """A game in a chosen state: ``hands`` in seat order ("R5 G7" each), ``top`` on the discard
    pile, every other card in the draw pile; ``state`` overrides snapshot fields."""
    seats = SEATS[:len(hands)]
    game = Game(seats, rules or RuleSet.preset("official"), random.Random(0))
    pool = [str(card) for card in full_deck()]
    parsed = [hand.split() for hands_text in [hands] for hand in hands_text]
    for text in [*(c for hand in parsed for c in hand), top]:
        pool.remove(text)
    data = game.snapshot()
    data.update(
        hands=parsed, discard=[top], draw=pool, current=current, direction=1,
        color=_color_of(top) if color == "" else color,
        pending=0, pending_rank=None, challenge=None, awaiting_color=False, has_drawn=False,
        drawn=None, uno_said=[False] * len(seats), uno_open=None, hand_winner=None,
        hand_points=None,
    )
    data.update(state)
    return Game.restore(data)


def _color_of(text: str) -> str | None:
    color = Card.parse(text).color
    return None if color is None else color.value


def normal(game: Game, seat: str, seed: int = 0) -> Action | None:
    return choose_action("normal", game.view(seat), random.Random(seed))


# ---------------------------------------------------------------------------------- always legal

RULE_VARIANTS = {
    "official": RuleSet.preset("official"),
    "house": RuleSet.preset("house"),
    "official+all": RuleSet.preset("official", seven_zero=True, jump_in=True, stack_draw_two=True,
                                   stack_wild_draw_four=True, false_catch_penalty=2),
    "house+all": RuleSet.preset("house", seven_zero=True, jump_in=True, stack_wild_draw_four=True,
                                false_catch_penalty=1, uno_penalty=4),
    "official+draw_until_playable": RuleSet.preset("official", draw_until_playable=True),
}


@pytest.mark.parametrize("variant", sorted(RULE_VARIANTS))
@pytest.mark.parametrize("players", [2, 5])
def test_bots_always_choose_a_legal_action(variant: str, players: int) -> None:
    """Walk seeded games with a random driver; at every state, ask every bot for every seat."""
    rules = RULE_VARIANTS[variant]
    checked_turns = 0
    for seed in range(2):
        rng = random.Random(seed * 100 + players)
        game = Game([f"S{i}" for i in range(players)], rules, rng)
        for _ in range(300):
            if game.hand_outcome() is not None:
                if game.outcome() is not None:
                    break
                game.next_hand()
            for seat in game.seats:
                view = game.view(seat)
                for level in BOT_LEVELS:
                    action = choose_action(level, view, random.Random(rng.random()), budget=QUICK)
                    if seat == game.current:
                        assert action is not None, (level, view)
                        checked_turns += 1
                    if action is not None:
                        assert action in view.legal, (level, action, view.legal)
                        assert action in game.legal_actions(seat)
            # Drive the game on with one of the bots' choices or a random legal action.
            level = BOT_LEVELS[rng.randrange(len(BOT_LEVELS))]
            action = choose_action(level, game.view(game.current), rng, budget=QUICK)
            assert action is not None
            if rng.random() < 0.3:
                action = rng.choice(list(game.legal_actions(game.current)))
            game.apply(action)
    assert checked_turns > 600


def test_unknown_level_is_refused() -> None:
    game = make_game(["R5 G7", "B1 B2"], "R3")
    with pytest.raises(ValueError, match="unknown bot level"):
        choose_action("grandmaster", game.view("P1"), random.Random(0))


def test_easy_returns_none_off_turn_with_nothing_to_do() -> None:
    game = make_game(["R5 G7", "B1 B2"], "R3")
    assert game.view("P2").legal == ()
    assert choose_action("easy", game.view("P2"), random.Random(0)) is None
    assert choose_action("normal", game.view("P2"), random.Random(0)) is None


def test_easy_acts_off_turn_only_sometimes() -> None:
    """P2 forgot UNO: easy at P4 (off turn) may catch, but does not always."""
    game = make_game(["R5 G7 G8", "B1", "Y1 Y2 Y3", "G1 G2"], "R3", current=2, uno_open=1)
    picks = [choose_action("easy", game.view("P4"), random.Random(seed)) for seed in range(200)]
    acted = [p for p in picks if p is not None]
    assert all(p == Catch("P4", "P2") for p in acted)
    assert 0 < len(acted) < len(picks)


# ---------------------------------------------------------------------------------- UNO


def test_normal_says_uno_with_its_next_to_last_card() -> None:
    """R17: with two cards, normal plays with uno=True."""
    game = make_game(["R5 G7", "B1 B2 B3"], "R3")
    action = normal(game, "P1")
    assert action == PlayCard("P1", Card.parse("R5"), uno=True)


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
@pytest.mark.parametrize("card", ["R7", "R0"])
def test_no_level_says_uno_with_a_card_that_moves_hands(level: str, card: str) -> None:
    """R15 (7-0): a 7 or a 0 moves hands, and every seat's UNO is cleared with it; said with it,
    it is void (found play-testing: "Bot 1 played Red 7 — Bot 1: UNO! — Bot 1 swapped hands
    with you", and the hint advised "play Yellow 7 and swap with Bot 2, saying UNO")."""
    rules = RuleSet.preset("house", seven_zero=True, draw_until_playable=False)
    game = make_game([f"{card} B9", "B1 B2 B3", "G1 G2 G3 G4"], "R3", rules=rules)
    action = choose_action(level, game.view("P1"), random.Random(0), budget=QUICK)
    assert isinstance(action, PlayCard) and action.card == Card.parse(card) and not action.uno, action


def test_normal_says_uno_for_a_wild_too() -> None:
    game = make_game(["W G7", "B1 B2 B3"], "R3")
    action = normal(game, "P1")
    assert isinstance(action, PlayCard) and action.uno and action.card == Card.parse("W")
    assert action.color is Color.GREEN


def test_normal_calls_uno_if_it_has_not() -> None:
    """R17: one card, UNO unsaid (it was open to a catch): normal calls it, even off turn."""
    game = make_game(["R5 G7 G8", "B1", "Y1 Y2 Y3", "G1 G2"], "R3", current=2, uno_open=1)
    assert normal(game, "P2") == CallUno("P2")


def test_normal_catches_a_forgotten_uno() -> None:
    game = make_game(["R5 G7 G8", "B1", "Y1 Y2 Y3", "G1 G2"], "R3", current=2, uno_open=1)
    assert normal(game, "P3") == Catch("P3", "P2")  # on its own turn, before playing
    assert normal(game, "P4") == Catch("P4", "P2")  # off turn
    assert normal(game, "P1") == Catch("P1", "P2")


def test_normal_never_makes_a_false_catch() -> None:
    """With a false-catch penalty, catching a seat that said UNO is legal but costs: normal
    doesn't."""
    rules = RuleSet.preset("official", false_catch_penalty=2)
    game = make_game(["R5 G7 G8", "B1", "Y1 Y2 Y3", "G1 G2"], "R3", current=2, rules=rules,
                     uno_said=[False, True, False, False])
    assert Catch("P4", "P2") in game.legal_actions("P4")
    assert normal(game, "P4") is None
    action = normal(game, "P3")
    assert not isinstance(action, Catch)


# ---------------------------------------------------------------------------------- what it plays


def test_normal_plays_coloured_cards_before_wilds() -> None:
    game = make_game(["W W+4 R1 G2 B3", "B1 B2 B3"], "R5")
    action = normal(game, "P1")
    assert action == PlayCard("P1", Card.parse("R1"))


def test_normal_names_the_colour_it_holds_most() -> None:
    game = make_game(["W B1 B2 G3 Y4", "B5 B6 B7"], "R5")
    action = normal(game, "P1")
    assert action == PlayCard("P1", Card.parse("W"), Color.BLUE)


def test_normal_names_the_starting_wilds_colour_it_holds_most() -> None:
    """R6: a Wild turned up: the first player names the colour."""
    game = make_game(["Y1 G2 Y3 Y4 B1", "B5 B6 B7"], "W", color=None, awaiting_color=True)
    assert normal(game, "P1") == ChooseColor("P1", Color.YELLOW)


def test_normal_plays_a_wild_draw_four_when_it_must() -> None:
    """Only wilds play and it holds no red: the Wild Draw Four is no bluff."""
    game = make_game(["W W+4 G2 G3", "B1 B2 B3"], "R5")
    action = normal(game, "P1")
    assert action == PlayCard("P1", Card.parse("W+4"), Color.GREEN)


def test_normal_never_bluffs_a_wild_draw_four() -> None:
    """R8/R12: it drew a Wild Draw Four but holds red: it keeps it and passes."""
    game = make_game(["W+4 R1 G2", "B1 B2 B3"], "R5", has_drawn=True, drawn="W+4")
    legal = list(game.legal_actions("P1"))
    assert any(isinstance(a, PlayCard) for a in legal)
    assert normal(game, "P1") == Pass("P1")


def test_normal_plays_the_card_it_drew_when_it_can() -> None:
    game = make_game(["R1 G2 G3", "B1 B2 B3"], "R5", has_drawn=True, drawn="R1")
    assert normal(game, "P1") == PlayCard("P1", Card.parse("R1"))


def test_normal_draws_when_nothing_plays() -> None:
    game = make_game(["G2 G3 B4", "B1 B2 B3"], "R5")
    assert normal(game, "P1") == Draw("P1")


def test_normal_hits_a_next_player_close_to_winning() -> None:
    """P2 holds one card: an action card beats a number card of the same colour."""
    calm = make_game(["R1 R2 R+2 RS G5", "B1 B2 B3 B4 B5", "Y1 Y2 Y3 Y4"], "R5")
    assert normal(calm, "P1") == PlayCard("P1", Card.parse("R2"))  # the action cards are kept
    threat = make_game(["R1 R2 R+2 RS G5", "B1", "Y1 Y2 Y3 Y4"], "R5")
    assert normal(threat, "P1") == PlayCard("P1", Card.parse("R+2"))


def test_normal_stacks_draw_twos_when_allowed() -> None:
    """R14 (house): facing a +2 it answers with its own."""
    game = make_game(["G2 B+2 Y4", "B1 B2 B3"], "R+2", rules=RuleSet.preset("house"),
                     pending=2, pending_rank="+2")
    assert normal(game, "P1") == PlayCard("P1", Card.parse("B+2"))


def test_normal_draws_the_pending_total_when_it_cannot_stack() -> None:
    game = make_game(["G2 Y4", "B1 B2 B3"], "R+2", rules=RuleSet.preset("house"),
                     pending=2, pending_rank="+2")
    assert normal(game, "P1") == Draw("P1")


def test_normal_swaps_with_the_seat_holding_fewest_cards() -> None:
    """R15 7-0: a 7 swaps hands with the seat that has the fewest cards."""
    rules = RuleSet.preset("official", seven_zero=True)
    game = make_game(["R7 G2 G3 G4 G5", "B1 B2 B3", "Y1 Y2", "G6 G7 G8"], "R5", rules=rules)
    assert normal(game, "P1") == PlayCard("P1", Card.parse("R7"), target="P3")


def test_normal_jumps_in() -> None:
    """R15 jump-in: it holds the very card on top, off turn."""
    rules = RuleSet.preset("official", jump_in=True)
    game = make_game(["G2 G3", "B1 B2 B3", "R5 Y2 Y3", "G6 G7 G8"], "R5", rules=rules)
    assert normal(game, "P3") == JumpIn("P3", Card.parse("R5"))


# ---------------------------------------------------------------------------------- challenges


def challenge_game(offender_hand: str, my_hand: str) -> Game:
    """P2 faces P1's Wild Draw Four played on red (colour now green)."""
    return make_game([offender_hand, my_hand, "Y1 Y2 Y3 Y4 Y5 Y6 Y7"], "W+4", color="G",
                     current=1, pending=4, pending_rank="W+4", challenge=[0, "R" in offender_hand, "R"])


def test_challenge_threshold_is_the_break_even_point() -> None:
    """A failed challenge costs 6 cards, accepting 4: break even at p = 1/3."""
    p = CHALLENGE_THRESHOLD
    assert 6 * (1 - p) == pytest.approx(4)


def test_challenge_odds_grow_with_the_offenders_hand() -> None:
    small = challenge_odds(challenge_game("B1", "G1 G2 G3").view("P2"))
    large = challenge_odds(challenge_game("B1 B2 B3 B4 Y8 Y9 G5", "G1 G2 G3").view("P2"))
    assert 0 < small < large < 1


def test_challenge_odds_fall_when_we_hold_the_colour() -> None:
    few = challenge_odds(challenge_game("B1 B2 B3", "G1 G2 G3").view("P2"))
    many = challenge_odds(challenge_game("B1 B2 B3", "R1 R2 R3 R4 R6 R7 R8 R9 R+2 RS").view("P2"))
    assert many < few


def test_challenge_odds_are_zero_when_no_card_of_the_colour_is_unseen() -> None:
    game = challenge_game("B1 B2 B3", "G1")
    view = game.view("P2")
    reds_held = dataclasses.replace(view, hand=tuple(c for c in full_deck() if c.color is Color.RED))
    assert challenge_odds(reds_held) == 0.0


def test_challenge_odds_match_the_hypergeometric_formula() -> None:
    """Offender with h cards drawn from U unseen, k of them red: 1 - C(U-k, h) / C(U, h)."""
    from math import comb

    game = challenge_game("B1 B2", "G1 G2 G3")
    view = game.view("P2")
    unseen = view.draw_pile + sum(view.hand_sizes) - len(view.hand or ())
    k = 25 - 0 - 1  # no red held; one red lies under the +4; the discard pile holds only the +4
    expected = 1 - comb(unseen - k, 2) / comb(unseen, 2)
    assert challenge_odds(view) == pytest.approx(expected)


def test_normal_accepts_a_wild_draw_four_from_a_one_card_hand() -> None:
    """R12: one card left to the offender: P(it is red) < 1/3, so accept."""
    game = challenge_game("B1", "G1 G2 G3")
    view = game.view("P2")
    assert challenge_odds(view) < CHALLENGE_THRESHOLD
    assert not should_challenge(view)
    assert normal(game, "P2") == Accept("P2")


def test_normal_challenges_a_wild_draw_four_from_a_big_hand() -> None:
    game = challenge_game("B1 B2 B3 B4 Y8 Y9 G5", "G1 G2 G3")
    view = game.view("P2")
    assert challenge_odds(view) > CHALLENGE_THRESHOLD
    assert normal(game, "P2") == Challenge("P2")


def test_no_challenge_odds_without_a_challenge() -> None:
    game = make_game(["R5 G7", "B1 B2"], "R3")
    assert challenge_odds(game.view("P1")) == 0.0
