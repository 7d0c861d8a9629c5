"""What each seat may see: views, redacted events; snapshots and the LegalActions view."""

from __future__ import annotations

import json
import random

import pytest
from enginekit import c
from kit.deck import cards, seats, stacked_game

from engine import Color, Game, RuleError, RuleSet
from engine.actions import Draw, PlayCard
from engine.events import Dealt, Drew, HandsExchanged, Reshuffled, StartingCard


def test_view_shows_own_hand_only() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2 Y3", "G1"], "R5")
    view = game.view("B")
    assert view.seat == "B" and view.hand == tuple(cards("Y1 Y2 Y3"))
    assert view.hand_sizes == (2, 3, 1) and view.size_of("C") == 1
    assert view.top == c("R5") and view.color is Color.RED and view.current == "A"
    assert view.legal == ()  # not B's turn, nothing off-turn to do
    own = game.view("A")
    assert own.hand == tuple(cards("R9 B1"))
    assert set(own.legal) == set(game.legal_actions("A"))


def test_spectator_view_has_no_hand_and_no_legal_actions() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2 Y3", "G1"], "R5")
    view = game.view(None)
    assert view.seat is None and view.hand is None and view.legal == ()
    assert view.drawn is None


def test_drawn_card_is_shown_to_the_drawer_only() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2 Y3", "G1"], "R5", draw="R3")
    events = game.apply(Draw("A"))
    assert game.view("A").drawn == c("R3")
    assert game.view("B").drawn is None and game.view(None).drawn is None
    drew = events[0]
    assert isinstance(drew, Drew)
    assert drew.for_seat("A") == drew
    assert drew.for_seat("B") == Drew("A", 1, None, "draw")
    assert drew.for_seat(None) == Drew("A", 1, None, "draw")


def test_dealt_events_are_redacted() -> None:
    game = Game(seats(4), rng=random.Random(1))
    for event in game.deal_events:
        if isinstance(event, Dealt):
            assert event.for_seat(event.seat).cards == game.hand(event.seat)
            other = next(s for s in game.seats if s != event.seat)
            assert event.for_seat(other).cards is None
            assert event.for_seat(None) == Dealt(event.seat, 7, None)
        else:
            assert event.for_seat("A") is event


def test_hands_exchanged_is_redacted() -> None:
    game = stacked_game(["R7 B1 B2", "Y1 Y2", "G1 G2 G3"], "R5", rules=RuleSet(seven_zero=True))
    (event,) = [e for e in game.apply(PlayCard("A", c("R7"), target="C"))
                if isinstance(e, HandsExchanged)]
    assert event.for_seat("A").hands == (("A", 3, tuple(cards("G1 G2 G3"))), ("C", 2, None))
    assert event.for_seat("C").hands == (("A", 3, None), ("C", 2, tuple(cards("B1 B2"))))
    assert event.for_seat("B").hands == (("A", 3, None), ("C", 2, None))
    assert event.for_seat(None).hands == (("A", 3, None), ("C", 2, None))


def test_public_events_are_the_same_for_everyone() -> None:
    event = StartingCard(c("R5"))
    assert event.for_seat("A") is event and event.for_seat(None) is event


def test_legal_actions_view_supports_in_iter_len_bool() -> None:
    game = stacked_game(["R9 B1", "Y1 Y2 Y3", "G1"], "R5")
    legal = game.legal_actions("A")
    listed = list(legal)
    assert len(legal) == len(listed) and bool(legal)
    assert all(action in legal for action in listed)
    assert PlayCard("A", c("R9")) in legal and Draw("A") in legal
    assert "Draw A" not in legal and None not in legal
    assert Draw(["A"]) not in legal  # type: ignore[arg-type]  # an unhashable seat is no error
    assert not game.legal_actions("B") and len(game.legal_actions("B")) == 0
    assert Draw("A") not in game.legal_actions("B")  # another seat's action
    assert repr(legal).startswith("<LegalActions [")
    game.apply(PlayCard("A", c("R9")))
    assert PlayCard("A", c("B1")) not in legal  # it is live: A's turn is over


def test_snapshot_is_plain_json_and_restores() -> None:
    game = Game(seats(5), RuleSet.preset("house", seven_zero=True), random.Random(9))
    data = game.snapshot()
    assert json.loads(json.dumps(data)) == data
    copy = Game.restore(json.loads(json.dumps(data)))
    assert copy.snapshot() == data
    assert copy.view("B") == game.view("B")


def test_restore_refuses_bad_snapshots() -> None:
    data = Game(seats(3), rng=random.Random(1)).snapshot()
    with pytest.raises(ValueError):
        Game.restore({**data, "version": 2})
    with pytest.raises(ValueError):
        Game.restore({**data, "draw": data["draw"][1:]})


def test_system_random_game_snapshots() -> None:
    game = Game(seats(2), rng=random.SystemRandom())
    data = game.snapshot()
    assert data["rng"] is None
    assert Game.restore(data).view("A") == game.view("A")


def test_R2_ten_players_full_table() -> None:
    game = Game(seats(10), RuleSet.preset("house"), random.Random(4), dealer="J")
    view = game.view(None)
    assert len(view.hand_sizes) == 10 and game.card_count() == 108
    assert view.draw_pile + view.discard_pile + sum(view.hand_sizes) == 108


def test_R16_restore_before_a_reshuffle_continues_identically() -> None:
    game = stacked_game(["G9 B1", "Y1 Y2", "G1 G2"], "R5", rest="discard", seed=3,
                        rules=RuleSet(draw_until_playable=True))
    copy = Game.restore(game.snapshot())
    events = game.apply(Draw("A"))
    assert any(isinstance(e, Reshuffled) for e in events)
    assert copy.apply(Draw("A")) == events
    assert copy.snapshot() == game.snapshot()


def test_listed_action_objects_are_rechecked_once_stale() -> None:
    """apply may trust the very objects legal_actions listed, but only for the state it listed
    them in: kept from an earlier state, they are checked again."""
    game = stacked_game(["R9 R8 B1", "Y1 R2 Y3", "G1 G2"], "R5")
    old = list(game.legal_actions("A"))
    play_r9 = next(a for a in old if isinstance(a, PlayCard) and a.card == c("R9"))
    draw = next(a for a in old if isinstance(a, Draw))
    game.apply(play_r9)
    before = game.snapshot()
    for stale in (draw, play_r9):
        with pytest.raises(RuleError) as info:
            game.apply(stale)
        assert info.value.code in ("not_your_turn", "card_not_in_hand")
        assert game.snapshot() == before
    list(game.legal_actions("A"))  # listed again in the new state: still refused
    with pytest.raises(RuleError):
        game.apply(draw)
