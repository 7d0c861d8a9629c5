"""Replays of hands (engine/replay.py): every position of random hands under random rules is
rebuilt exactly from the record, which holds no random source; a damaged record is refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.deck import seats
from test_properties import choose, rulesets, seeds, tables

from engine import Game, KeyedRandom, RuleSet
from engine.actions import Draw, PlayCard
from engine.cards import Card, Rank
from engine.events import StartingCard
from engine.replay import (
    HandRecord,
    ReplayError,
    action_from_data,
    action_to_data,
    deal_events,
    hand_so_far,
    replay_hand,
    start_of,
)


def _without_rng(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "rng": None}


def play_hand(game: Game, rng: random.Random) -> tuple[HandRecord, list[dict[str, Any]]]:
    """Play the hand on from its deal; its record and the snapshot of every position."""
    game.shuffle_log = []
    start = start_of(game)
    actions, positions = [], [_without_rng(game.snapshot())]
    for _ in range(3000):
        if game.hand_outcome() is not None:
            break
        action = choose(game, rng, {s: list(game.legal_actions(s)) for s in game.seats})
        game.apply(action)
        actions.append(action)
        positions.append(_without_rng(game.snapshot()))
    record = HandRecord(start, tuple(actions), tuple(tuple(p) for p in game.shuffle_log))
    game.shuffle_log = None
    return record, positions


@settings(max_examples=60, deadline=None)
@given(n=tables, rules=rulesets, seed=seeds, hands=st.integers(1, 3))
def test_every_position_of_random_hands_is_rebuilt_exactly(
        n: int, rules: RuleSet, seed: int, hands: int) -> None:
    """Hands of a match under random rules: the record, through JSON as a file carries it,
    replays to exactly the positions the game went through, without the random key."""
    rng = random.Random(seed)
    game = Game(seats(n), rules, KeyedRandom(seed.to_bytes(32, "big")))
    for _ in range(hands):
        record, positions = play_hand(game, rng)
        data = json.loads(json.dumps(record.to_data()))
        assert "blake2b" not in json.dumps(data)  # no key in it
        again = replay_hand(HandRecord.from_data(data))
        assert [p.game.snapshot() for p in again] == positions
        if game.outcome() is not None:
            break
        game.next_hand()


def _small_world_record(key: bytes = bytes(32)) -> tuple[HandRecord, Game]:
    """A 10-seat hand that reshuffles (a record with written-down piles), and its game after it."""
    for seed in range(50):
        game = Game(seats(10), RuleSet(), KeyedRandom(key))
        record, _ = play_hand(game, random.Random(seed))
        if record.shuffles:
            return record, game
    raise AssertionError("no hand reshuffled")


def test_the_record_holds_no_key_and_replays_without_one() -> None:
    """The match's random key (which deals its next hands) is nowhere in the record, at no
    counter: the record alone decides the replayed hand, reshuffles included."""
    key = bytes(range(32))
    record, game = _small_world_record(key)
    text = json.dumps(record.to_data())
    assert key.hex() not in text and "blake2b" not in text and record.start["rng"] is None
    replayed = replay_hand(HandRecord.from_data(json.loads(text)))
    assert _without_rng(replayed[-1].game.snapshot()) == _without_rng(game.snapshot())
    assert replayed[-1].game.snapshot()["rng"] is None  # nothing random to give away either


def test_a_hand_still_being_played_replays_to_its_last_action() -> None:
    """``hand_so_far``: a hand cut short (a server restart) replays as far as it went, with the
    same events; as a whole hand it is refused."""
    game = Game(seats(4), RuleSet(), KeyedRandom(bytes(32)))
    record, positions = play_hand(game, random.Random(3))
    cut = HandRecord(record.start, record.actions[:10], record.shuffles)
    with pytest.raises(ReplayError, match="does not end"):
        replay_hand(cut)
    start, events = hand_so_far(cut)
    assert start.snapshot() == positions[0] and len(events) == 10
    assert events == [p.events for p in replay_hand(record)[1:11]]
    with pytest.raises(ReplayError):
        hand_so_far(HandRecord(record.start, (record.actions[1],), record.shuffles))  # out of turn


def test_R6_the_deal_is_told_again_from_the_hand_s_first_position() -> None:
    """``deal_events`` (a hand told again after a restart) gives the events the deal told, the
    first card's effect too: a Draw Two's two cards and lost turn, a Reverse, a Skip; all but a
    Wild Draw Four put back, which no position keeps. Two to ten seats, both presets, and every
    kind of first card among the deals."""
    seen = set()
    for seed in range(400):
        n = 2 + seed % 9
        game = Game(seats(n), RuleSet.preset(("official", "house")[seed % 2]), random.Random(seed))
        told = [e for e in game.deal_events if not (isinstance(e, StartingCard) and e.returned)]
        assert deal_events(Game.restore(start_of(game))) == told, seed
        seen.add(game.top.rank)
    assert {Rank.DRAW_TWO, Rank.REVERSE, Rank.SKIP, Rank.WILD, Rank.FIVE} <= seen


def test_actions_round_trip_and_bad_ones_are_refused() -> None:
    for action in (PlayCard("1", Card.parse("W"), None, None, True), Draw("2")):
        assert action_from_data(json.loads(json.dumps(action_to_data(action)))) == action
    for bad in ([], ["Nope", "1"], ["Draw"], ["Draw", 3], ["PlayCard", "1", "Q9", None, None, False],
                ["PlayCard", "1", "R7", "purple", None, False], ["PlayCard", "1", "r7", None, None, 0],
                "Draw", None):
        with pytest.raises(ReplayError):
            action_from_data(bad)


@pytest.mark.parametrize("damage", [
    "drop_last", "extra_action", "swap_pile", "extra_pile", "drop_pile", "bad_start", "keyed_start",
    "finished_start",
])
def test_a_damaged_record_is_refused(damage: str) -> None:
    record, _ = _small_world_record()
    data = json.loads(json.dumps(record.to_data()))
    if damage == "drop_last":
        data["actions"].pop()
    elif damage == "extra_action":
        data["actions"].append(data["actions"][-1])
    elif damage == "swap_pile":
        pile = data["shuffles"][0]
        pile[0] = "W+4" if pile[0] != "W+4" else "R1"
    elif damage == "extra_pile":
        data["shuffles"].append(data["shuffles"][0])
    elif damage == "drop_pile":
        data["shuffles"].pop()
    elif damage == "bad_start":
        data["start"]["hands"][0].append("R1")
    elif damage == "keyed_start":
        data["start"]["rng"] = {"kind": "blake2b-ctr", "key": "00" * 32, "counter": 0}
    elif damage == "finished_start":
        data["start"] = replay_hand(record)[-1].game.snapshot()
    with pytest.raises(ReplayError):
        replay_hand(HandRecord.from_data(data))
