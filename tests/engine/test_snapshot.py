"""Snapshots (engine/snapshot.py): every reachable position restores; anything no game could
reach is refused with a ``SnapshotError``; ``KeyedRandom`` keeps a game repeatable after a
restore without being predictable."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.deck import seats, stacked_game
from test_properties import choose, rulesets, seeds, tables

from engine import Game, KeyedRandom, RuleSet, SnapshotError
from engine.snapshot import KEYS

# ---------------------------------------------------------------------------- reachable positions


def round_trip(game: Game) -> None:
    data = game.snapshot()
    assert list(data) == list(KEYS)
    again = Game.restore(json.loads(json.dumps(data)))  # as it comes back from a file
    assert again.snapshot() == data


@settings(max_examples=60, deadline=None)
@given(n=tables, rules=rulesets, seed=seeds, keyed=st.booleans())
def test_every_reachable_position_restores(n: int, rules: RuleSet, seed: int, keyed: bool) -> None:
    """Whole matches (a few hands each), the snapshot of every position in them restored."""
    rng = random.Random(seed)
    source = KeyedRandom(seed.to_bytes(32, "big")) if keyed else random.Random(seed + 1)
    game = Game(seats(n), rules, source)
    for _ in range(3):
        for _ in range(3000):
            round_trip(game)
            if game.hand_outcome() is not None:
                break
            game.apply(choose(game, rng, {s: list(game.legal_actions(s)) for s in game.seats}))
        round_trip(game)
        if game.outcome() is not None:
            break
        game.next_hand()


def test_a_restored_keyed_game_repeats_the_original_across_deals() -> None:
    """The random source is in the snapshot: the restored game reshuffles and deals alike."""
    rng = random.Random(5)
    game = Game(seats(4), RuleSet(target_score=None), KeyedRandom(bytes(32)))
    copy_ = Game.restore(game.snapshot())
    for _ in range(3000):
        if game.hand_outcome() is not None:
            break
        action = choose(game, rng, {s: list(game.legal_actions(s)) for s in game.seats})
        assert game.apply(action) == copy_.apply(action)
    assert game.snapshot() == copy_.snapshot()


def test_a_position_built_from_the_documented_format() -> None:
    """A 2-seat position written from the docstring alone: A to play on a red 5."""
    hands = [["R7", "B1"], ["Y1", "Y2", "G3"]]
    draw = [str(c) for c in Game(seats(2), RuleSet(), random.Random(0)).all_cards()]
    for card in ["R7", "B1", "Y1", "Y2", "G3", "R5"]:
        draw.remove(card)
    data: dict[str, Any] = {
        "version": 1, "seats": ["A", "B"], "rules": RuleSet().to_dict(),
        "rng": {"kind": "blake2b-ctr", "key": "00" * 32, "counter": 0},
        "scores": [0, 0], "hand_number": 1, "dealer": 1, "match_winner": None,
        "match_scores": None, "hands": hands, "draw": draw, "discard": ["R5"], "color": "R",
        "direction": 1, "current": 0, "pending": 0, "pending_rank": None, "challenge": None,
        "awaiting_color": False, "has_drawn": False, "drawn": None, "uno_said": [False, False],
        "uno_open": None, "hand_winner": None, "hand_points": None,
    }
    game = Game.restore(data)
    assert game.current == "A" and [str(c) for c in game.hand("A")] == ["R7", "B1"]
    assert game.snapshot() == data


# ---------------------------------------------------------------------------- refusals


def position() -> dict[str, Any]:
    """A: R+2 R1 R2, B: W+4 G3 (said nothing), C: Y4 Y5; R5 on top; A's turn; official rules."""
    return stacked_game(["R+2 R1 R2", "W+4 G3", "Y4 Y5"], "R5", seed=3).snapshot()


def _set(**fields: Any) -> Callable[[dict[str, Any]], None]:
    return lambda data: data.update(fields)


def _eight_wild_draw_fours(data: dict[str, Any]) -> None:
    draw = data["draw"]
    for card in ("R9", "G9", "B9", "Y9"):
        draw[draw.index(card)] = "W+4"


REFUSED: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "eight wild draw fours": (_eight_wild_draw_fours, "not the 108 of the deck: too many W\\+4×4"),
    "a card missing": (lambda d: d["draw"].pop(), "missing"),
    "a lower-case card": (lambda d: d["hands"][0].__setitem__(1, "r1"), "not a card: 'r1'"),
    "current seat 99": (_set(current=99), "current \\(a seat index\\) is an int from 0 to 2"),
    "current true": (_set(current=True), "current"),
    "dealer -1": (_set(dealer=-1), "dealer"),
    "direction 2": (_set(direction=2), "direction is 1 or -1"),
    "hand number 0": (_set(hand_number=0), "hand_number"),
    "negative score": (_set(scores=[0, -5, 0]), "scores\\[1\\]"),
    "too few scores": (_set(scores=[0, 0]), "scores has 2 entries for 3 seats"),
    "a hand too few": (lambda d: d["hands"].pop(), "hands has 2 entries"),
    "colour X": (_set(color="X"), "color is one of R, Y, G, B, null"),
    "colour unlike the top card": (_set(color="B"), "the colour in play is R"),
    "colour null without a starting wild": (_set(color=None), "color is null only"),
    "pending without a draw card": (_set(pending=2, pending_rank="+2"), "top card's \\+2"),
    "odd pending": (_set(pending=3), "even count"),
    "pending rank alone": (_set(pending_rank="+2"), "pending_rank without"),
    "pending rank 7": (_set(pending_rank="7"), "pending_rank is null"),
    "challenge out of nowhere": (_set(challenge=[2, True, "R"]), "a challenge answers"),
    "awaiting colour on a red 5": (_set(awaiting_color=True), "awaiting_color only"),
    "drawn without drawing": (_set(drawn="R1"), "drawn is a card"),
    "drawn not held": (_set(has_drawn=True, drawn="G9"), "drawn is a card"),
    "has drawn without the card (R8)": (_set(has_drawn=True), "has_drawn comes with"),
    "UNO said with three cards": (_set(uno_said=[True, False, False]), "seat 0 said UNO with 3"),
    "UNO said off turn with two": (_set(uno_said=[False, True, False]), "seat 1 said UNO with 2"),
    "uno open with two cards": (_set(uno_open=1), "uno_open names"),
    "a hand won by a seat with cards": (_set(hand_winner="A", hand_points=10), "winner still holds"),
    "points without a winner": (_set(hand_points=10), "hand_points without"),
    "a winner who is no seat": (_set(hand_winner="Z", hand_points=0), "hand_winner is one of"),
    "a match won mid-hand": (_set(match_winner="A", match_scores=[0, 0, 0]), "the match is won"),
    "match scores alone": (_set(match_scores=[0, 0, 0]), "match_scores without"),
    "an unknown field": (_set(extra=1), "unknown: \\['extra'\\]"),
    "a missing field": (lambda d: d.pop("drawn"), "missing: \\['drawn'\\]"),
    "version 2": (_set(version=2), "unknown snapshot version 2"),
    "duplicate seats": (_set(seats=["A", "A", "C"]), "distinct"),
    "bad rules": (_set(rules={"no_such_rule": True}), "rules: unknown rule options"),
    "a broken random state": (_set(rng=[3, [1, 2], None]), "rng: not a random state"),
    "a short key": (_set(rng={"kind": "blake2b-ctr", "key": "00", "counter": 0}), "rng: the key"),
    "a negative counter": (_set(rng={"kind": "blake2b-ctr", "key": "00" * 32, "counter": -1}),
                           "rng: not a random state"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_an_unreachable_snapshot_is_refused(case: str) -> None:
    data = position()
    Game.restore(copy.deepcopy(data))  # the untouched position is fine
    change, message = REFUSED[case]
    change(data)
    with pytest.raises(SnapshotError, match=message) as caught:
        Game.restore(data)
    assert isinstance(caught.value, ValueError)


def test_a_challenge_is_checked_against_the_rules_and_the_seats() -> None:
    # B played W+4 on A's R5 (B held no red: innocent); C may challenge.
    data = stacked_game(["R1 R2", "G3 G4", "Y4 Y5"], "W+4", under_top="R5", color="G", current="C",
                        pending=4, pending_rank="W+4", challenge=[1, False, "R"]).snapshot()
    Game.restore(copy.deepcopy(data))
    for bad, message in [({"challenge": [0, False, "R"]}, "the challenger is the seat after"),
                         ({"pending": 8}, "a challenge answers a single W\\+4"),
                         ({"rules": {**data["rules"], "wild_draw_four": "strict"}},
                          "under the challenge rule")]:
        with pytest.raises(SnapshotError, match=message):
            Game.restore({**data, **bad})


def test_not_a_dict_is_refused() -> None:
    with pytest.raises(SnapshotError, match="a snapshot is a dict"):
        Game.restore([])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- KeyedRandom


def test_keyed_random_repeats_from_its_state_and_differs_by_key() -> None:
    a = KeyedRandom(bytes(32))
    b = KeyedRandom()
    b.setstate(a.getstate())
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
    deck_a, deck_b = list(range(108)), list(range(108))
    a.shuffle(deck_a)
    b.shuffle(deck_b)
    assert deck_a == deck_b
    other = list(range(108))
    KeyedRandom(bytes(31) + b"\x01").shuffle(other)
    assert other != deck_a
    assert copy.deepcopy(a).getrandbits(300) == a.getrandbits(300)
    assert 0 <= a.getrandbits(1) <= 1 and a.getrandbits(0) == 0
    assert KeyedRandom().getstate() != KeyedRandom().getstate()  # a fresh key each time


def test_keyed_random_refuses_other_states() -> None:
    for state in [(3, (1,) * 625, None), ("blake2b-ctr", "zz" * 32, 0), ("other", "00" * 32, 0),
                  ("blake2b-ctr", "00" * 32, 1.5)]:
        with pytest.raises(ValueError):
            KeyedRandom().setstate(state)
