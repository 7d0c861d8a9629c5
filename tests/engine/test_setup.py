"""R2-R6 from real deals: players, the deal, the dealer, the first player, the starting card."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from enginekit import HOUSE, OFFICIAL
from kit.deck import ArrangedRandom, cards, deal_rng, of_type, put_on_top, seats

from engine import Card, Color, Game, RuleSet, full_deck
from engine import events as ev
from engine.actions import CallUno, Catch, ChooseColor, Draw, PlayCard
from engine.errors import ColorPending, HandInProgress, MatchOver


@pytest.mark.parametrize("n", [0, 1, 11])
def test_R2_seat_count_refused(n: int) -> None:
    with pytest.raises(ValueError):
        Game([f"p{i}" for i in range(n)])


@pytest.mark.parametrize("n", range(2, 11))
def test_R2_R3_deal_for_2_to_10_players(n: int) -> None:
    game = Game(seats(n), rng=random.Random(n))
    for seat in game.seats:
        assert len(game.hand(seat)) == 7
    view = game.view(None)
    assert view.discard_pile == 1
    assert view.draw_pile == 108 - 7 * n - 1 - _drawn_at_start(game)
    assert Counter(game.all_cards()) == Counter(full_deck())


def _drawn_at_start(game: Game) -> int:
    return sum(e.count for e in of_type(game.deal_events, ev.Drew))


def test_R2_seat_ids_must_be_distinct_nonempty() -> None:
    with pytest.raises(ValueError):
        Game(["a", "a"])
    with pytest.raises(ValueError):
        Game(["a", ""])


def test_R3_deal_gives_chosen_hands_and_turns_the_top_card() -> None:
    rng = deal_rng(3, ["R1 R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4 G5 G6 G7"], "Y8")
    game = Game(seats(3), OFFICIAL, rng, dealer="C")
    assert game.hand("A") == tuple(cards("R1 R2 R3 R4 R5 R6 R7"))
    assert game.hand("B") == tuple(cards("G1 G2 G3 G4 G5 G6 G7"))
    assert game.top == Card.parse("Y8") and game.color is Color.YELLOW
    events = game.deal_events
    assert isinstance(events[0], ev.HandStarted)
    assert [e.seat for e in of_type(events, ev.Dealt)] == ["A", "B", "C"]
    assert of_type(events, ev.StartingCard) == [ev.StartingCard(Card.parse("Y8"))]
    assert events[-1] == ev.TurnStarted("A")  # dealer C, the left is A


def test_R4_first_dealer_random_or_chosen() -> None:
    dealers = {Game(seats(4), rng=random.Random(s)).dealer for s in range(40)}
    assert dealers == set(seats(4))
    assert Game(seats(4), rng=random.Random(1), dealer="C").dealer == "C"


def _finish_hand(game: Game) -> None:
    """Play the hand out with a simple policy (play the first legal card, else draw/pass)."""
    rng = random.Random(7)
    for _ in range(5000):
        if game.hand_outcome() is not None:
            return
        legal = list(game.legal_actions(game.current))
        plays = [a for a in legal if isinstance(a, PlayCard)]
        turn = [a for a in legal if not isinstance(a, (CallUno, Catch))]
        game.apply(rng.choice(plays) if plays else rng.choice(turn))
    raise AssertionError("the hand did not end")


def test_R4_dealer_rotates_across_hands_and_next_hand() -> None:
    game = Game(seats(3), RuleSet(target_score=100_000), random.Random(3), dealer="B")
    with pytest.raises(HandInProgress) as info:
        game.next_hand()
    assert info.value.code == "hand_in_progress"
    dealers = [game.dealer]
    for hand in range(2, 6):
        _finish_hand(game)
        assert game.outcome() is None
        events = game.next_hand()
        assert game.hand_number == hand
        assert events is game.deal_events
        assert isinstance(events[0], ev.HandStarted) and events[0].dealer == game.dealer
        assert events[0].hand_number == hand
        dealers.append(game.dealer)
        assert game.hand_outcome() is None
        assert all(len(game.hand(s)) >= 7 for s in game.seats)
        assert Counter(game.all_cards()) == Counter(full_deck())
    assert dealers == ["B", "C", "A", "B", "C"]


def test_R4_R20_next_hand_after_match_over() -> None:
    game = Game(seats(2), RuleSet(target_score=None), random.Random(5))
    _finish_hand(game)
    assert game.outcome() is not None
    with pytest.raises(MatchOver) as info:
        game.next_hand()
    assert info.value.code == "match_over"


HANDS5 = ["R1 R2 R3 R4 R6 R7 G6", "Y1 Y2 Y3 Y4 Y6 Y7 G7", "B1 B2 B3 B4 B6 B7 G8",
          "R8 R9 Y8 Y9 B8 B9 G9", "R1 Y1 B1 R2 Y2 B2 G1"]


@pytest.mark.parametrize(("rules", "order"), [(OFFICIAL, "BCDEA"), (HOUSE, "EDCBA")])
def test_R5_first_player_dealer_left_or_right(rules: RuleSet, order: str) -> None:
    game = Game(seats(5), rules, deal_rng(5, HANDS5, "G5"), dealer="A")
    direction = 1 if rules.first_to_left else -1
    assert game.direction == direction
    assert game.deal_events[0] == ev.HandStarted(1, "A", direction)
    played = []
    for _ in range(5):  # every seat plays its one green card, in the direction of play
        seat = game.current
        played.append(seat)
        card = next(c for c in game.hand(seat) if c.color is Color.GREEN)
        game.apply(PlayCard(seat, card))
    assert "".join(played) == order


@pytest.mark.parametrize("rules", [OFFICIAL, HOUSE])
def test_R5_first_to_left_option_with_dealer_at_the_edge(rules: RuleSet) -> None:
    game = Game(seats(4), rules, deal_rng(4, turn="G5"), dealer="D" if rules.first_to_left else "A")
    assert game.current == ("A" if rules.first_to_left else "D")


def test_R6_starting_wild_draw_four_returned_and_another_turned() -> None:
    # The W+4 is turned first; it goes back, the pile is reshuffled (arranged: Y3 on top).
    rng = deal_rng(3, [], "W+4", put_on_top("Y3"))
    game = Game(seats(3), OFFICIAL, rng, dealer="A")
    starts = of_type(game.deal_events, ev.StartingCard)
    assert starts == [ev.StartingCard(Card.parse("W+4"), returned=True), ev.StartingCard(Card.parse("Y3"))]
    assert game.top == Card.parse("Y3") and game.color is Color.YELLOW
    assert rng.shuffles == 2
    assert game.view(None).discard_pile == 1
    assert Counter(game.all_cards()) == Counter(full_deck())
    assert game.current == "B"


def test_R6_starting_wild_draw_four_twice() -> None:
    rng = deal_rng(2, [], "W+4", put_on_top("W+4"), put_on_top("B2"))
    game = Game(seats(2), OFFICIAL, rng, dealer="A")
    starts = of_type(game.deal_events, ev.StartingCard)
    assert [s.returned for s in starts] == [True, True, False]
    assert game.top == Card.parse("B2")


@pytest.mark.parametrize("rules", [OFFICIAL, HOUSE])
def test_R6_starting_wild_first_player_chooses_colour(rules: RuleSet) -> None:
    game = Game(seats(3), rules, deal_rng(3, [], "W"), dealer="B")
    first = "C" if rules.first_to_left else "A"
    assert game.current == first
    assert game.color is None
    view = game.view(first)
    assert view.awaiting_color
    assert set(view.legal) == {ChooseColor(first, c) for c in Color}
    with pytest.raises(ColorPending) as info:
        game.apply(Draw(first))
    assert info.value.code == "color_pending"
    events = game.apply(ChooseColor(first, Color.GREEN))
    assert game.color is Color.GREEN and game.current == first
    assert not game.view(first).awaiting_color
    assert events == [ev.ColorChosen(first, Color.GREEN)]
    # now the first player plays normally on green
    assert any(isinstance(a, (PlayCard, Draw)) for a in game.legal_actions(first))


@pytest.mark.parametrize("rules", [OFFICIAL, HOUSE])
def test_R6_starting_draw_two_first_player_draws_two_and_loses_turn(rules: RuleSet) -> None:
    rng = deal_rng(4, [], "B+2 G7 G8")
    game = Game(seats(4), rules, rng, dealer="A")
    first, after = ("B", "C") if rules.first_to_left else ("D", "C")
    assert len(game.hand(first)) == 9
    assert game.hand(first)[-2:] == tuple(cards("G7 G8"))
    assert ev.Drew(first, 2, tuple(cards("G7 G8")), "draw_two") in game.deal_events
    assert ev.Skipped(first) in game.deal_events
    assert game.current == after
    assert game.pending_draw == 0


@pytest.mark.parametrize("rules", [OFFICIAL, HOUSE])
def test_R6_starting_reverse_dealer_plays_first_direction_flips(rules: RuleSet) -> None:
    game = Game(seats(5), rules, deal_rng(5, HANDS5, "GR"), dealer="C")
    assert game.current == "C"
    expected = -1 if rules.first_to_left else 1
    assert game.direction == expected
    assert ev.DirectionChanged(expected) in game.deal_events
    assert all(len(game.hand(s)) == 7 for s in game.seats)
    # play runs the other way, starting with the dealer
    played = []
    for _ in range(3):
        seat = game.current
        played.append(seat)
        game.apply(PlayCard(seat, next(c for c in game.hand(seat) if c.color is Color.GREEN)))
    assert "".join(played) == ("CBA" if rules.first_to_left else "CDE")


def test_R6_R11_starting_reverse_two_players() -> None:
    game = Game(seats(2), OFFICIAL, deal_rng(2, [], "GR"), dealer="B")
    assert game.current == "B"  # the dealer plays first


@pytest.mark.parametrize("rules", [OFFICIAL, HOUSE])
def test_R6_starting_skip_first_player_skipped(rules: RuleSet) -> None:
    game = Game(seats(4), rules, deal_rng(4, [], "YS"), dealer="A")
    first, after = ("B", "C") if rules.first_to_left else ("D", "C")
    assert ev.Skipped(first) in game.deal_events
    assert game.current == after
    assert all(len(game.hand(s)) == 7 for s in game.seats)


def test_R6_arranged_random_keeps_cards() -> None:
    rng = ArrangedRandom(lambda deck: deck[:-1])
    with pytest.raises(AssertionError):
        rng.shuffle(full_deck())
