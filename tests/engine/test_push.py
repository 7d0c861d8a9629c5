"""The fast paths ``Game.push`` and ``Game.turn_actions``, and the objects the engine shares
between games.

``push`` carries out an action taken from ``legal_actions`` without checking it again; it must
do exactly what ``apply`` does. Actions and events naming a seat are shared between games with a
seat of that name: what one game lists must never leak into another game's rules.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.deck import seats, stacked_game

from engine import Action, Card, Game, PlayCard, RuleError, RuleSet, WildDrawFour

PRESETS = ("official", "house")


def play_hand(game: Game, rng: random.Random, push: bool) -> list[tuple[Action, list[object]]]:
    """Random legal actions of the seat to move until the hand ends (or 3000 moves)."""
    trail: list[tuple[Action, list[object]]] = []
    while game.hand_outcome() is None and len(trail) < 3000:
        action = rng.choice(list(game.legal_actions(game.current)))
        events = game.push(action) if push else game.apply(action)
        trail.append((action, list(events)))
    return trail


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 10), preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**32 - 1))
def test_push_does_what_apply_does(n: int, preset: str, seed: int) -> None:
    rules = RuleSet.preset(preset, target_score=None)
    checked = Game(seats(n), rules, random.Random(seed))
    fast = Game(seats(n), rules, random.Random(seed))
    assert play_hand(checked, random.Random(seed + 1), push=False) == \
        play_hand(fast, random.Random(seed + 1), push=True)
    assert checked.snapshot() == fast.snapshot()


@pytest.mark.parametrize("preset", PRESETS)
def test_an_action_listed_by_another_game_is_checked(preset: str) -> None:
    """Games with the same seat names list the very same action objects; one listed by one game
    is carried out by another only if that game's rules and state allow it."""
    rules = RuleSet.preset(preset, target_score=None)
    for seed in range(20):
        one = Game(seats(3), rules, random.Random(seed))
        other = Game(seats(3), rules, random.Random(seed + 100))
        other_legal = list(other.legal_actions(other.current))
        for action in one.legal_actions(one.current):
            if action in other_legal:
                continue
            before = other.snapshot()
            with pytest.raises(RuleError):
                other.apply(action)
            assert other.snapshot() == before


def test_a_seven_listed_without_7_0_does_not_leak_into_a_7_0_game() -> None:
    """R15: under 7-0 a 7 names the seat it swaps with; a game without 7-0 plays it plainly."""
    plain = stacked_game(["R7 R1 G2", "B1 B2 B3"], top="R5")
    assert PlayCard("A", Card.parse("R7")) in list(plain.legal_actions("A"))
    swaps = stacked_game(["R7 R1 G2", "B1 B2 B3"], top="R5",
                         rules=RuleSet.preset("official", seven_zero=True))
    listed = [a for a in swaps.legal_actions("A") if isinstance(a, PlayCard) and a.card.rank.value == "7"]
    assert listed == [PlayCard("A", Card.parse("R7"), target="B")]


def test_strict_wild_draw_four_follows_the_hand_of_this_game() -> None:
    """R13: the same seat name in two games holding different colours."""
    strict = RuleSet.preset("official", wild_draw_four=WildDrawFour.STRICT)
    holds = stacked_game(["W+4 R1 G2", "B1 B2 B3"], top="R5", rules=strict)
    lacks = stacked_game(["W+4 Y1 G2", "B1 B2 B3"], top="R5", rules=strict)
    assert not any(isinstance(a, PlayCard) and a.card.is_wild for a in holds.legal_actions("A"))
    assert sum(isinstance(a, PlayCard) and a.card.is_wild for a in lacks.legal_actions("A")) == 4


@settings(max_examples=25, deadline=None)
@given(n=st.integers(2, 10), preset=st.sampled_from(PRESETS), seed=st.integers(0, 2**32 - 1))
def test_turn_actions_lists_the_current_seats_legal_actions(n: int, preset: str, seed: int) -> None:
    game = Game(seats(n), RuleSet.preset(preset, target_score=None), random.Random(seed))
    rng = random.Random(seed)
    for _ in range(200):
        listed = game.turn_actions()
        assert listed == list(game.legal_actions(game.current))
        if game.hand_outcome() is not None:
            assert listed == []
            break
        listed.clear()  # a copy: the game's own list is untouched
        assert game.turn_actions() == list(game.legal_actions(game.current))
        game.push(rng.choice(game.turn_actions()))
