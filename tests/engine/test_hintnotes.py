"""engine.bots.hintnotes: the few words on why the hint's move is good."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position
from test_bots import make_game
from test_properties import rulesets, seeds, tables

from engine import Card, Color, Draw, Game, Pass, PlayCard, RuleSet, Tracker
from engine.bots import hint
from engine.bots.expert import Playouts
from engine.bots.hintnotes import Note, notes
from engine.cards import full_deck
from engine.determinize import determinize


def test_a_card_that_hits_a_seat_about_to_go_out_stops_it() -> None:
    game = make_game(["RS R1 G2", "B5"], "R3")
    view = game.view("P1")
    assert notes(view, None, PlayCard("P1", Card.parse("RS"))) == (Note("stops", ("P2",), count=1),)
    assert notes(view, None, PlayCard("P1", Card.parse("R1"))) == ()


def test_a_zero_under_seven_zero_says_whose_hand_one_takes_and_nothing_of_the_colours_held() -> None:
    """Found play-testing: "play Yellow 0 — … Why: you keep 2 yellow cards", of a 0 that passed
    them on to the next seat (R15: each takes the hand of the seat before it)."""
    rules = RuleSet.preset("house", seven_zero=True)
    game = make_game(["Y0 Y1 Y2 R5", "B5 B6 B7", "G1 G2 G3 G4 G5"], "Y3", rules=rules)
    view = game.view("P1")
    assert notes(view, None, PlayCard("P1", Card.parse("Y0"))) == (Note("rotate", ("P3",), count=5),)
    official = make_game(["Y0 G1 G2 R5", "B5 B6 B7", "G1 G2 G3 G4 G5"], "Y3").view("P1")
    assert notes(official, None, PlayCard("P1", Card.parse("Y0"))) == ()  # (no 7-0: it stays)


def test_a_wild_naming_a_colour_held_says_how_many() -> None:
    game = make_game(["W G1 G2 R5", "B5 B6 B7"], "R3")
    view = game.view("P1")
    assert notes(view, None, PlayCard("P1", Card.parse("W"), Color.GREEN)) == (
        Note("holds", color=Color.GREEN, count=2),)
    assert notes(view, None, PlayCard("P1", Card.parse("W"), Color.BLUE)) == ()


def test_a_card_changing_the_colour_to_one_held_says_how_many_more() -> None:
    """Found play-testing: most hints gave only figures ("play Green 3 — 26%…")."""
    game = make_game(["G3 G1 G2 G3 R5", "B5 B6 B7"], "R3")
    view = game.view("P1")
    assert notes(view, None, PlayCard("P1", Card.parse("G3"))) == (Note("holds", color=Color.GREEN, count=3),)
    assert notes(view, None, PlayCard("P1", Card.parse("R5"))) == ()  # (red stays in play)


def drew_on_green() -> tuple[Game, Tracker]:
    """P1 plays green; P2 and P3 draw rather than play on it (official rules), and pass."""
    game = make_game(["G1 W R5 G6", "B5 B6 Y7", "Y1 Y2 B1"], "G3")
    tracker = Tracker.from_view(game.view("P1"))
    for action in (PlayCard("P1", Card.parse("G1")), Draw("P2"), Pass("P2"), Draw("P3"), Pass("P3")):
        tracker.feed(event.for_seat("P1") for event in game.apply(action))
    return game, tracker


def test_the_seats_that_drew_on_a_colour_seem_to_lack_it() -> None:
    game, tracker = drew_on_green()
    view = game.view("P1")
    assert notes(view, tracker, PlayCard("P1", Card.parse("G6"))) == (
        Note("lacks", ("P2", "P3"), Color.GREEN),)
    assert notes(view, tracker, PlayCard("P1", Card.parse("W"), Color.RED)) == ()
    assert notes(view, None, PlayCard("P1", Card.parse("G6"))) == ()  # (no memory: nothing known)


def test_a_sevens_swap_says_the_hand_it_takes() -> None:
    game = make_game(["R7 G2 B3 Y9", "B5 B6", "Y1 Y2 Y3 Y4"], "R3", rules=RuleSet.preset("house"),
                     current=0)
    view = game.view("P1")
    swap = PlayCard("P1", Card.parse("R7"), None, "P2")
    assert notes(view, None, swap)[0] == Note("swap", ("P2",), count=2)
    # (a hand no smaller than ours, once the 7 is played, is no reason: found play-testing)
    assert notes(view, None, PlayCard("P1", Card.parse("R7"), None, "P3")) == ()
    # a 7 that changes the colour keeps none of ours: no "you keep 2 green cards" (found
    # play-testing, of a Green 7 that gave them away)
    sevens = RuleSet.preset("house", seven_zero=True)
    green = make_game(["G7 G2 G3 Y9", "B5 B6", "Y1 Y2 Y3 Y4"], "R7", rules=sevens)
    swap = PlayCard("P1", Card.parse("G7"), None, "P3")
    kinds = {note.kind for note in notes(green.view("P1"), None, swap)}
    assert "holds" not in kinds, kinds


def test_drawing_says_the_card_next_best_would_give_the_turn_to_a_seat_about_to_go_out() -> None:
    """Found play-testing: "draw — wins 20%; next best: play Red Reverse, 16%", and nothing said
    the Reverse would hand the turn to Bot 1, who had two cards (P1 first, play to P2)."""
    game = make_game(["RR R1 G2", "B5 B6 B7 B8", "Y1 Y2"], "R3")
    view = game.view("P1")
    reverse, one = PlayCard("P1", Card.parse("RR")), PlayCard("P1", Card.parse("R1"))
    assert notes(view, None, Draw("P1"), reverse) == (Note("gives", ("P3",), count=2, card=Card.parse("RR")),)
    assert notes(view, None, Draw("P1"), one) == ()  # (the draw gives P2 the turn as the 1 does)
    assert notes(view, None, Draw("P1")) == ()
    close = make_game(["RR R1 G2", "B5", "Y1 Y2"], "R3")  # (P2 as close to going out: no reason)
    assert notes(close.view("P1"), None, Draw("P1"), reverse) == ()


def test_a_wild_draw_four_that_is_a_bluff_says_so() -> None:
    """Found play-testing: the hint advised a bluff without a word of the risk."""
    four = PlayCard("P1", Card.parse("W+4"), Color.BLUE)
    game = make_game(["W+4 R1 G2", "B5 B6 B7 B8", "Y1 Y2"], "R3")
    assert notes(game.view("P1"), None, four)[0] == Note("bluff", color=Color.RED)
    honest = make_game(["W+4 G1 G2", "B5 B6 B7 B8", "Y1 Y2"], "R3")
    assert notes(honest.view("P1"), None, four) == ()
    # stacked on a draw it cannot be challenged (R15), so it is no bluff (found play-testing:
    # "a bluff: you hold green, and challenged you draw 4" of a Wild Draw Four stacked on a +2)
    stacking = RuleSet.preset("official", stack_wild_draw_four=True)
    stacked = make_game(["W+4 R1 G2", "B5 B6 B7 B8", "Y1 Y2"], "R+2", rules=stacking, pending=2,
                        pending_rank="+2")
    assert four in stacked.view("P1").legal
    assert notes(stacked.view("P1"), None, four) == ()


def test_a_wild_played_on_a_colour_is_no_sign_of_lacking_it() -> None:
    """Found play-testing: "Marta seems to have no red", of one who had played a Wild on red
    holding four (her hint advised it): only a draw on a colour says so."""
    game = make_game(["R1 R2 G6", "W R5 R6 R7", "R9 Y2 B1"], "R3")
    tracker = Tracker.from_view(game.view("P1"))
    for action in (PlayCard("P1", Card.parse("R1")), PlayCard("P2", Card.parse("W"), Color.RED),
                   PlayCard("P3", Card.parse("R9"))):
        tracker.feed(event.for_seat("P1") for event in game.apply(action))
    assert notes(game.view("P1"), tracker, PlayCard("P1", Card.parse("R2"))) == ()


def test_facing_a_wild_draw_four_the_notes_speak_of_its_player_and_the_cost() -> None:
    """Found play-testing: the hint to challenge or accept said no why."""
    from engine import Accept, Challenge

    game = make_game(["W+4 R1 G2 B3 Y4 G5", "B5 B6", "Y1 Y2"], "R3")
    game.apply(PlayCard("P1", Card.parse("W+4"), Color.BLUE))  # a bluff: P1 holds red
    view = game.view("P2")
    assert notes(view, None, Challenge("P2")) == (Note("kept", ("P1",), Color.RED, 5),)
    assert notes(view, None, Accept("P2")) == (Note("costs", count=4),)
    small = make_game(["W+4 G2", "B5 B6", "Y1 Y2"], "R3")
    small.apply(PlayCard("P1", Card.parse("W+4"), Color.BLUE))
    assert notes(small.view("P2"), None, Challenge("P2")) == ()  # (one card: no reason in it)


def test_the_hint_carries_the_notes_of_its_move() -> None:
    game, tracker = drew_on_green()
    found = hint(game.view("P1"), random.Random(1), tracker, Playouts(30))
    assert found is not None and found.reason == "search"
    assert found.notes == notes(game.view("P1"), tracker, found.action)


@settings(max_examples=40, deadline=None)
@given(players=tables, rules=rulesets, seed=seeds, steps=st.integers(0, 150), data=st.data())
def test_the_notes_never_depend_on_a_hidden_card(players: int, rules: RuleSet, seed: int, steps: int,
                                                 data: st.DataObject) -> None:
    game, trackers = position(players, rules, seed, steps)
    seat = data.draw(st.sampled_from(game.seats))
    view, tracker = game.view(seat), trackers[seat]
    other = determinize(view, tracker, random.Random(seed + 1)).view(seat)
    for action in view.legal:
        assert notes(view, tracker, action) == notes(other, tracker, action)


def test_a_move_giving_the_turn_to_a_seat_about_to_go_out_speaks_of_that_seat_alone() -> None:
    """Found play-testing: "play Green Reverse … Why: Bot 1 seems to have no green", the Reverse
    handing the turn to Bot 3, on UNO, and Bot 1 playing last after it."""
    game = make_game(["G1 GR G6 R5", "B5 B6 Y7", "Y1 Y2 B1", "B9"], "G3")
    tracker = Tracker.from_view(game.view("P1"))
    for action in (PlayCard("P1", Card.parse("G1")), Draw("P2"), Pass("P2"), Draw("P3"), Pass("P3"),
                   Draw("P4"), Pass("P4")):
        tracker.feed(event.for_seat("P1") for event in game.apply(action))
    view = game.view("P1")
    assert view.size_of("P4") == 2
    reverse, six = PlayCard("P1", Card.parse("GR")), PlayCard("P1", Card.parse("G6"))
    assert notes(view, tracker, reverse) == (Note("lacks", ("P4",), Color.GREEN, count=2),)
    assert notes(view, tracker, six) == (Note("lacks", ("P2", "P3", "P4"), Color.GREEN),)


def test_a_wild_draw_four_from_one_known_to_lack_the_colour_is_not_said_to_be_likely_a_bluff() -> None:
    """Found play-testing: a seat drew until a card could go (R9), so held no red, and played a
    Wild Draw Four; the hint to challenge it said "most hands that big hold some red"."""
    from engine import Challenge, Draw

    rules = RuleSet.preset("official", draw_until_playable=True)
    hands = ["G1 G2 B7 B4 Y5 Y6", "B5 B6", "Y1 Y2"]
    pool = [str(card) for card in full_deck()]
    for text in [*" ".join(hands).split(), "R3"]:
        pool.remove(text)
    pool.remove("W+4")
    pool.remove("G9")
    game = make_game(hands, "R3", rules=rules, draw=[*pool, "W+4", "G9"])  # (G9, then W+4)
    tracker = Tracker.from_view(game.view("P2"))
    for action in (Draw("P1"), PlayCard("P1", Card.parse("W+4"), Color.BLUE)):
        tracker.feed(event.for_seat("P2") for event in game.apply(action))
    view = game.view("P2")
    assert Color.RED in tracker.not_held("P1").colors and view.size_of("P1") == 7
    assert notes(view, tracker, Challenge("P2")) == ()
    assert notes(view, None, Challenge("P2")) == (Note("kept", ("P1",), Color.RED, 7),)
