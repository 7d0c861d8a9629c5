"""engine.bots.expert: the search over the hidden cards, and the hint built on it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position
from test_bot_hard import _named_green
from test_bots import RULE_VARIANTS, make_game
from test_properties import rulesets, seeds, tables

from engine import Accept, CallUno, Card, Catch, Color, Draw, Game, PlayCard, RuleSet, Tracker
from engine.bots import BOT_LEVELS, Bot, CpuTime, Hint, Playouts, choose_action, expert, hint, hintnotes
from engine.bots.expert import search
from engine.determinize import determinize

QUICK = Playouts(3)


@settings(max_examples=60, deadline=None)
@given(players=tables, rules=rulesets, seed=seeds, steps=st.integers(0, 150), data=st.data())
def test_the_same_view_gives_the_same_move_whatever_the_hidden_cards(
        players: int, rules: RuleSet, seed: int, steps: int, data: st.DataObject) -> None:
    """Two games that agree on everything the seat sees (the second is the first with the unseen
    cards dealt again) and differ in the cards it cannot see: the same move, for a fixed seed."""
    game, trackers = position(players, rules, seed, steps)
    seat = data.draw(st.sampled_from(game.seats))
    view, tracker = game.view(seat), trackers[seat]
    other = determinize(view, tracker, random.Random(seed + 1))
    assert other.view(seat) == view
    hidden = [s for s in game.seats if s != seat]
    if view.hand_result is None and tracker.unplaced().total() >= 10:  # (else maybe no other deal)
        assert ([game.hand(s) for s in hidden] + [game.snapshot()["draw"]]
                != [other.hand(s) for s in hidden] + [other.snapshot()["draw"]])
    first = choose_action("expert", view, random.Random(seed), tracker, budget=QUICK)
    second = choose_action("expert", other.view(seat), random.Random(seed), tracker, budget=QUICK)
    assert first == second


@settings(max_examples=60, deadline=None)
@given(players=tables, rules=rulesets, seed=seeds, steps=st.integers(0, 150))
def test_expert_returns_a_legal_action_under_every_rule_option(
        players: int, rules: RuleSet, seed: int, steps: int) -> None:
    game, trackers = position(players, rules, seed, steps)
    for seat in game.seats:
        view = game.view(seat)
        for tracker in (trackers[seat], None):
            action = choose_action("expert", view, random.Random(seed), tracker, budget=QUICK)
            if action is not None:
                assert action in game.legal_actions(seat)
            elif seat == game.current and game.hand_outcome() is None:
                raise AssertionError(f"expert did nothing on its turn: {view}")


def test_expert_is_the_strongest_level() -> None:
    assert BOT_LEVELS[-1] == "expert"


def test_a_forced_move_is_answered_without_a_search() -> None:
    game = make_game(["R5 G7 B9", "B1 B2 G3"], "Y3", rules=RuleSet.preset("house"))  # R9: must draw
    view = game.view("P1")
    assert view.legal == (Draw("P1"),)
    found = search(view, random.Random(0), None, 10.0)  # ten seconds it does not take
    assert found.rounds == 0 and found.action == Draw("P1")


def test_expert_says_uno_and_catches_at_once() -> None:
    game = make_game(["R5", "B1 B2"], "R3", current=1, uno_said=[False, False], uno_open=0)
    assert search(game.view("P1"), random.Random(0), None, 10.0).action == CallUno("P1")
    assert search(game.view("P2"), random.Random(0), None, 10.0).action == Catch("P2", "P1")


def test_expert_says_uno_with_its_next_to_last_card() -> None:
    game = make_game(["R5 G7", "B1 B2 B3"], "R3")
    action = choose_action("expert", game.view("P1"), random.Random(0), budget=QUICK)
    assert isinstance(action, PlayCard) and action.uno


def test_expert_hits_the_next_seat_about_to_win() -> None:
    """P2 holds one card; a Draw Two keeps it from going out, a 5 does not."""
    game = make_game(["R5 R+2 G7 Y8", "R9", "B1 B2 B3 B4"], "R3", uno_said=[False, True, False])
    action = choose_action("expert", game.view("P1"), random.Random(0), budget=Playouts(200))
    assert isinstance(action, PlayCard) and str(action.card) == "R+2"


def test_every_challenge_decision_is_a_search_candidate() -> None:
    rules = RULE_VARIANTS["official"]
    game = make_game(["R5 G7 B1", "Y1 Y2 Y3 Y4 Y5 Y6 Y7"], "W+4", color="G", current=1, rules=rules,
                     pending=4, pending_rank="W+4", challenge=[0, True, "R"])
    found = search(game.view("P2"), random.Random(0), None, Playouts(20))
    assert {r.action for r in found.ranked} == set(game.view("P2").legal)
    assert found.action in (Accept("P2"), *game.view("P2").legal)


def test_a_bot_passes_its_budget_and_its_tracker_to_the_search() -> None:
    game = Game(("A", "B", "C", "D"), RuleSet.preset("official"), random.Random(3))
    bot = Bot("expert", "A", game.seats, game.rules, random.Random(1), budget=CpuTime(0.01))
    bot.observe(event.for_seat("A") for event in game.deal_events)
    assert isinstance(bot.tracker, Tracker) and bot.tracker.hand == game.hand("A")
    while game.current != "A":
        game.apply(game.turn_actions()[0])
    assert bot.act(game.view("A")) in game.legal_actions("A")


def test_the_hint_is_the_search_s_move_with_its_figures() -> None:
    game = make_game(["R5 R+2 G7 Y8", "R9", "B1 B2 B3 B4"], "R3", uno_said=[False, True, False])
    found = hint(game.view("P1"), random.Random(0), None, Playouts(100))
    assert isinstance(found, Hint) and found.reason == "search"
    assert found.action in game.view("P1").legal and found.samples >= 100
    assert found.win_rate is not None and 0.0 <= found.win_rate <= 1.0
    assert found.runner_up in game.view("P1").legal and found.runner_up != found.action
    assert found.runner_up_rate is not None and found.runner_up_rate <= 1.0
    # the runner-up's reasons too, for a hint that names it first (too close to call)
    view = game.view("P1")
    assert found.notes == hintnotes.notes(view, None, found.action, found.runner_up)
    assert found.runner_up_notes == hintnotes.notes(view, None, found.runner_up, found.action)


def test_the_hint_for_a_card_chosen_is_the_best_way_to_play_that_card() -> None:
    """Asked at the colour question of a wild, the hint names a colour for that wild (it showed
    the turn's best move, another card, under the question)."""
    game = make_game(["R5 W G7 Y8", "R9 R1", "B1 B2 B3 B4"], "R3")
    wild = Card.parse("W")
    found = hint(game.view("P1"), random.Random(0), None, Playouts(60), card=wild)
    assert isinstance(found, Hint) and found.reason == "search"
    assert isinstance(found.action, PlayCard) and found.action.card == wild and found.action.color
    assert isinstance(found.runner_up, PlayCard) and found.runner_up.card == wild


def test_the_hint_for_a_single_legal_move_is_only() -> None:
    game = make_game(["R5 G7 B9", "B1 B2 G3"], "Y3", rules=RuleSet.preset("house"))
    assert hint(game.view("P1"), random.Random(0)) == Hint(Draw("P1"), "only")
    assert hint(game.view("P2"), random.Random(0)) is None  # off turn, nothing to do


def test_the_hint_for_the_one_move_besides_saying_uno_is_only() -> None:
    """With two cards and nothing to play (house rules) the legal moves are drawing and saying
    UNO: the hint said "draw — what the expert bot plays", which told the player nothing."""
    game = make_game(["R5 G7", "B1 B2 G3"], "Y3", rules=RuleSet.preset("house"))
    legal = game.view("P1").legal
    assert Draw("P1") in legal and any(isinstance(a, CallUno) for a in legal)
    assert hint(game.view("P1"), random.Random(0)) == Hint(Draw("P1"), "only")


def test_the_search_deals_a_seat_a_card_of_the_colour_it_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """B named green with a wild and has played no green since: every deal of the search gives it
    a green card (a player names a colour it holds); without the belief, some deals do not."""
    game, bots = _named_green()
    view, tracker, rng = game.view("A"), bots[0].tracker, random.Random(5)

    def greenless() -> int:
        dealer = expert.deals(view, tracker)
        return sum(not any(c.color is Color.GREEN for c in dealer.deal(rng).hand("B"))
                   for _ in range(100))

    assert greenless() == 0
    monkeypatch.setattr(expert, "NAMED_BELIEFS", False)
    assert greenless() > 10


@pytest.mark.parametrize(("b_holds", "best"), [(Color.GREEN, "R7"), (Color.RED, "G5")])
def test_the_search_counts_each_deal_by_its_weight(
        monkeypatch: pytest.MonkeyPatch, b_holds: Color, best: str) -> None:
    """P2, next, has one card; P1 plays R7 (leaving red) or G5 (green). Weighing only the deals in
    which P2's card is of ``b_holds`` (as an opponent model would), the search plays the card P2
    cannot answer, whichever hard would play."""
    game = make_game(["R7 G5", "B1", "Y1 Y2 Y3", "B2 B3 B4"], "R5", uno_said=[False, True, False, False])

    def b_card_is(hands: list[list[Card]]) -> float:
        card = hands[1][0]
        return 1.0 if card.color is b_holds and card.rank.value not in ("5", "7") else 0.0

    monkeypatch.setattr(expert, "_weigher", lambda view, tracker: b_card_is)
    found = search(game.view("P1"), random.Random(1), None, Playouts(200))
    assert found.action == PlayCard("P1", Card.parse(best), uno=True)


def test_a_deal_s_weight_counts_as_often_as_its_size() -> None:
    """Each value counts by its weight: the mean is the weighted one, a weight of 0 counts for
    nothing, and with equal weights the error is the sample's (mean over s / sqrt(n))."""
    tally = expert.Tally()
    for x, w in ((1.0, 3.0), (0.0, 1.0), (5.0, 0.0)):
        tally.add(x, w)
    assert tally.n == 3 and tally.mean == pytest.approx(0.75)
    values = [0.5, -0.25, 1.0, 0.0, 0.75]
    plain, scaled = expert.Tally(), expert.Tally()
    for x in values:
        plain.add(x)
        scaled.add(x, 7.0)
    mean = sum(values) / len(values)
    sd = (sum((x - mean) ** 2 for x in values) / (len(values) - 1)) ** 0.5
    assert plain.confidence() == pytest.approx(mean / (sd / len(values) ** 0.5))
    assert scaled.confidence() == pytest.approx(plain.confidence())


def test_a_wild_draw_four_from_a_seat_known_to_lack_the_colour_is_never_challenged() -> None:
    """Found play-testing: the seat had drawn until a card could go (R9), so held no red, then
    played a Wild Draw Four; the hint advised challenging it (the playouts part ways with the
    cards drawn, and noise passed for a gain). A sure loss is no candidate."""
    from engine import Challenge
    from engine.cards import full_deck

    rules = RuleSet.preset("official", draw_until_playable=True, seven_zero=True)
    hands = ["G1 G2 B7 B4 Y5 Y6", "B5 B6 R1 R2", "Y1 Y2"]
    pool = [str(card) for card in full_deck()]
    for text in [*" ".join(hands).split(), "R3", "W+4", "G9"]:
        pool.remove(text)
    game = make_game(hands, "R3", rules=rules, draw=[*pool, "W+4", "G9"])  # (G9, then W+4)
    tracker = Tracker.from_view(game.view("P2"))
    for action in (Draw("P1"), PlayCard("P1", Card.parse("W+4"), Color.BLUE)):
        tracker.feed(event.for_seat("P2") for event in game.apply(action))
    view = game.view("P2")
    assert Challenge("P2") in view.legal and Color.RED in tracker.not_held("P1").colors
    for seed in range(5):
        found = search(view, random.Random(seed), tracker, Playouts(60))
        assert all(not isinstance(r.action, Challenge) for r in found.ranked), seed
    assert any(isinstance(r.action, Challenge)  # (without what the tracker knows, it is one)
               for r in search(view, random.Random(0), None, Playouts(20)).ranked)


def test_the_hint_facing_a_wild_draw_four_known_to_be_honest_says_a_challenge_loses() -> None:
    """Found play-testing: "accept the +4 — the only move", under "y challenge" (a challenge is
    legal; the search leaves it out as a sure loss): the hint says that, not that it is the one."""
    from engine import Challenge
    from engine.cards import full_deck

    rules = RuleSet.preset("official", draw_until_playable=True)
    hands = ["G1 G2 B7 B4 Y5 Y6", "B5 B6 R1 R2", "Y1 Y2"]
    pool = [str(card) for card in full_deck()]
    for text in [*" ".join(hands).split(), "R3", "W+4", "G9"]:
        pool.remove(text)
    game = make_game(hands, "R3", rules=rules, draw=[*pool, "W+4", "G9"])
    tracker = Tracker.from_view(game.view("P2"))
    for action in (Draw("P1"), PlayCard("P1", Card.parse("W+4"), Color.BLUE)):
        tracker.feed(event.for_seat("P2") for event in game.apply(action))
    view = game.view("P2")
    assert Challenge("P2") in view.legal
    assert hint(view, random.Random(0), tracker) == Hint(Accept("P2"), "sure")


def test_with_one_card_that_cannot_go_and_no_catch_open_the_search_draws() -> None:
    """Found play-testing: "say UNO" to one whose one card (an exchange's, open to no catch)
    could not go; drawing was the move (and undoes an UNO said). Open to a catch, UNO first."""
    game = make_game(["R+2", "B1 B2 G3"], "YS", uno_said=[False, False])
    view = game.view("P1")
    assert any(isinstance(a, CallUno) for a in view.legal) and view.uno_open is None
    assert not isinstance(search(view, random.Random(0), None, Playouts(20)).action, CallUno)
    open_game = make_game(["R+2", "B1 B2 G3"], "YS", uno_said=[False, False], uno_open=0)
    assert search(open_game.view("P1"), random.Random(0), None, 10.0).action == CallUno("P1")


def test_facing_a_wild_draw_four_a_catch_open_elsewhere_is_no_sure_loss_of_a_challenge() -> None:
    """The hint's "a challenge would lose" is of accepting alone: a catch answered at once, facing
    a Wild Draw Four, keeps its own reason."""
    game = make_game(["R5 G7 B9", "B1", "Y1 Y2"], "W+4", color="R", current=0, uno_said=[False] * 3,
                     uno_open=1, challenge=[2, True, "R"], pending=4, pending_rank="W+4")
    view = game.view("P1")
    found = hint(view, random.Random(0))
    assert found is not None and found.action == Catch("P1", "P2") and found.reason == "level", found


def test_the_search_does_not_draw_on_past_a_card_that_goes() -> None:
    """R9 lets a player draw on past a card that can be played; the sampled deals favoured it
    (see ``expert.KEEP_DRAWING``) and the hint said "keep drawing" eight times over (found
    play-testing). With a card to play, drawing on is no candidate; with none, it is the move."""
    from engine import KeepDrawing
    from engine.bots.expert import _candidates

    house = RuleSet.preset("house")
    drawn = make_game(["R5 G7 Y9", "B1 B2 G3"], "Y3", rules=house, has_drawn=True)
    view = drawn.view("P1")
    assert KeepDrawing("P1") in view.legal
    assert KeepDrawing("P1") not in _candidates(view)
    found = hint(view, random.Random(0), budget=Playouts(20))
    assert found is not None and isinstance(found.action, PlayCard) and found.action.card == Card.parse("Y9")
    assert found.reason == "no_draw_on"  # (not "the only move": drawing on is a move too)
