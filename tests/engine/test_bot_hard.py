"""The ``hard`` level (engine/bots/hard.py): legal everywhere, Wild Draw Fours by the odds, the
colours it names, and it never reads a card its seat cannot see."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from enginekit import HOUSE, OFFICIAL, c, rule_sets
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.deck import stacked_game

from engine import (
    Accept,
    Action,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Game,
    PlayCard,
    Rank,
    RuleSet,
)
from engine.bots import (
    BOT_LEVELS,
    CHALLENGE_THRESHOLD,
    Bot,
    Playouts,
    bluff_odds,
    choose_action,
    hard,
)
from engine.bots.hard import Table, _bluff_ok, named_colors
from engine.events import ColorChosen, Dealt, Event, HandStarted, StartingCard, TurnStarted
from engine.selfplay import make_bots, seat_names, tell


def bot_at(game: Game, seat: str, level: str = "hard") -> Bot:
    """A bot for ``seat`` of a stacked game, told the position as if the hand had just been dealt
    (its own cards, every seat's count, the top card, the colour in play, whose turn it is)."""
    bot = Bot(level, seat, game.seats, game.rules, random.Random(0))
    events: list[Event] = [HandStarted(game.hand_number, game.dealer, game.direction)]
    events += [Dealt(s, len(game.hand(s)), game.hand(s)) for s in game.seats]
    events.append(StartingCard(game.top))
    if game.color is not None and game.color is not game.top.color:
        events.append(ColorChosen(game.current, game.color))
    events.append(TurnStarted(game.current))
    bot.observe(event.for_seat(seat) for event in events)
    return bot


def apply(game: Game, bots: Iterable[Bot], action: Action) -> None:
    tell(tuple(bots), game.apply(action))


QUICK = Playouts(2)  # a searching level's budget here: two sampled deals a move

# ---------------------------------------------------------------------------------- always legal

@settings(max_examples=30, deadline=None)
@given(rules=st.one_of(rule_sets(4, 2, 500), st.sampled_from([OFFICIAL, HOUSE])),
       players=st.integers(2, 6), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_every_level_returns_a_legal_action_from_random_positions(
        rules: RuleSet, players: int, seed: int, steps: int) -> None:
    """From a random position (random legal moves), every level of every seat returns one of its
    legal actions, with a fed tracker and without; on its own turn it never returns None."""
    rng = random.Random(seed)
    seats = seat_names(players)
    game = Game(seats, rules, rng)
    bots = {level: make_bots([level] * players, seats, rules, random.Random(seed), QUICK)
            for level in BOT_LEVELS}
    every = tuple(bot for row in bots.values() for bot in row)
    tell(every, game.deal_events)
    for step in range(steps + 1):
        if game.hand_outcome() is not None:
            if game.outcome() is not None:
                break
            tell(every, game.next_hand())
        if step % 4 == 0 or step == steps:
            for level, row in bots.items():
                for bot in row:
                    view = game.view(bot.seat)
                    for action in (bot.act(view), choose_action(level, view, rng, budget=QUICK)):
                        if bot.seat == game.current:
                            assert action is not None, (level, view)
                        if action is not None:
                            assert action in view.legal, (level, action, view.legal)
        apply(game, every, rng.choice(list(game.legal_actions(game.current))))


# ---------------------------------------------------------------------------------- Wild Draw Four


def test_R12_hard_accepts_when_the_offender_cannot_have_held_the_colour() -> None:
    """Under draw-until-playable (R9) the offender drew until the Wild Draw Four came, so nothing
    it held was red: an eleven-card hand, yet no bluff. From the view alone hard would challenge."""
    rules = RuleSet.preset("official", draw_until_playable=True)
    game = stacked_game(["G1 G2 G3 G4 G6 G7 B1 B2 B3 B4 Y1", "G9 B9 Y9", "Y2 Y3 Y4"], "R5",
                        rules=rules, draw="W+4", direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, Draw("A"))
    apply(game, bots, PlayCard("A", c("W+4"), Color.GREEN))
    view = game.view("B")
    assert view.challenge_from == "A" and game.hand("A")  # eleven cards, none red
    assert bots[1].act(view) == Accept("B")
    assert bluff_odds(view, bots[1].tracker) == 0.0
    assert bluff_odds(view) > 0.5  # from the view alone, a bluff looks likely


def test_R12_hard_challenges_only_when_nearly_sure_of_a_bluff() -> None:
    """Players bluff a Wild Draw Four less often than ``BLUFF_RATIO`` says (measured: challenging
    at the break-even odds lost hands), so hard challenges only when nearly sure: from the view
    alone, an eleven-card offender more likely than not bluffed, and hard still accepts."""
    rules = RuleSet.preset("official", draw_until_playable=True)
    game = stacked_game(["G1 G2 G3 G4 G6 G7 B1 B2 B3 B4 Y1", "G9 B9 Y9", "Y2 Y3 Y4"], "R5",
                        rules=rules, draw="W+4", direction=1)
    apply(game, (), Draw("A"))
    apply(game, (), PlayCard("A", c("W+4"), Color.GREEN))
    view = game.view("B")
    assert CHALLENGE_THRESHOLD < bluff_odds(view) < hard.CHALLENGE_AT
    assert choose_action("hard", view, random.Random(0)) == Accept("B")


def test_R12_hard_challenges_when_the_offender_must_have_held_the_colour() -> None:
    """B's 7 gave A the hand with R1 and the Wild Draw Four (R15): when A plays it on red, B knows
    A held red, though two cards left would make a bluff unlikely by the counts alone."""
    rules = RuleSet.preset("official", seven_zero=True)
    game = stacked_game(["B5 B6 Y7", "R7 R1 W+4 G2", "R3 Y5 Y6"], "R5", rules=rules,
                        current="B", direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, PlayCard("B", c("R7"), target="A"))
    apply(game, bots, PlayCard("C", c("R3")))
    apply(game, bots, PlayCard("A", c("W+4"), Color.GREEN))
    view = game.view("B")
    assert view.challenge_from == "A" and c("R1") in game.hand("A")
    assert bots[1].act(view) == Challenge("B")
    assert choose_action("hard", view, random.Random(0)) == Accept("B")  # no tracker


def _bluff_position(hand: str) -> Game:
    """A (hard) holds red and a Wild Draw Four; B, next, is down to one card."""
    return stacked_game([hand, "Y9", "G1 G2 G3 G4 G5"], "R5", rules=OFFICIAL, direction=1)


def test_R12_hard_bluffs_only_when_the_victim_would_not_challenge() -> None:
    """With two cards left, a bluff is what the victim cannot tell from an honest +4; with twelve,
    it would challenge (a big hand nearly always holds the colour), so hard does not bluff."""
    small = _bluff_position("W+4 R2 B3")
    big = _bluff_position("W+4 R2 B3 B4 B6 B7 Y1 Y2 Y3 G7 G8 G9")
    assert _bluff_ok(Table.make(small.view("A"), bot_at(small, "A").tracker))
    assert not _bluff_ok(Table.make(big.view("A"), bot_at(big, "A").tracker))
    for seed in range(5):
        bot = bot_at(big, "A")
        bot.rng.seed(seed)
        action = bot.act(big.view("A"))
        assert not (isinstance(action, PlayCard) and action.card.rank is Rank.WILD_DRAW_FOUR)


def test_R13_hard_never_bluffs_under_the_strict_rule() -> None:
    game = stacked_game(["W+4 R2 B3", "Y9", "G1 G2"], "R5", rules=HOUSE,
                        direction=1)
    assert not _bluff_ok(Table.make(game.view("A"), bot_at(game, "A").tracker))


# ---------------------------------------------------------------------------------- colours


def test_R6_hard_names_its_strongest_colour_for_a_starting_wild() -> None:
    game = stacked_game(["B1 B2 G3 Y4", "R1 R2", "G1 G2"], "W", rules=OFFICIAL, color=None,
                        awaiting_color=True, direction=1)
    assert bot_at(game, "A").act(game.view("A")) == ChooseColor("A", Color.BLUE)


def test_R10_hard_names_the_colour_the_next_seat_is_known_to_lack() -> None:
    """Under R9, B drew past Y1 to G7 on G5: it held no green. A, with two wilds and nothing else
    to prefer, names green, and would name what it holds most without the tracker."""
    rules = RuleSet.preset("house", stack_draw_two=False)
    game = stacked_game(["W W", "Y3 B4", "G8 Y8 R9"], "G5", rules=rules, draw="Y1 G7",
                        current="B", direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, Draw("B"))
    apply(game, bots, PlayCard("B", c("G7")))
    apply(game, bots, PlayCard("C", c("G8")))
    view = game.view("A")
    assert bots[2].tracker.not_held("B").colors == {Color.GREEN}
    action = bots[0].act(view)
    assert isinstance(action, PlayCard) and action.color is Color.GREEN


def test_hard_plays_its_strongest_colour_with_a_wild() -> None:
    game = stacked_game(["W B1 B2 B3", "Y1 Y2 Y3 Y4 Y5 Y6", "G1 G2 G3 G4 G5 G6"], "R5",
                        rules=OFFICIAL, direction=1)
    action = bot_at(game, "A").act(game.view("A"))
    assert isinstance(action, PlayCard) and action.card.rank is Rank.WILD
    assert action.color is Color.BLUE


# ---------------------------------------------------------------------------------- no peeking


def test_hard_ignores_cards_of_other_seats_it_is_given() -> None:
    """A bot fed every event unredacted (every seat's deals and draws) plays exactly like one fed
    its seat's events: it never reads a card its seat cannot see."""
    for preset in ("official", "house"):
        rules = RuleSet.preset(preset, target_score=None)
        for seed in range(6):
            seats = seat_names(4)
            game = Game(seats, rules, random.Random(seed))
            fair = make_bots(["hard"] * 4, seats, rules, random.Random(seed))
            peeking = make_bots(["hard"] * 4, seats, rules, random.Random(seed))
            tell(fair, game.deal_events)
            for bot in peeking:
                bot.observe(game.deal_events)
            decisions = 0
            while game.hand_outcome() is None:
                chosen: Action | None = None
                for mine, theirs in zip(fair, peeking, strict=True):
                    view = game.view(mine.seat)
                    if view.legal:
                        decisions += 1
                        action = mine.act(view)
                        assert action == theirs.act(view)
                        if mine.seat == game.current:
                            chosen = action
                assert chosen is not None
                events = game.apply(chosen)
                tell(fair, events)
                for bot in peeking:
                    bot.observe(events)
            assert decisions > 20


# ---------------------------------------------------------------------------------- drawing


def test_R8_hard_draws_rather_than_spend_its_only_playable_wild_from_a_big_hand() -> None:
    hand = "W R1 R2 B3 B4 G5 G6"
    game = stacked_game([hand, "Y1 Y2 Y3 Y4", "G1 G2 G3 G4"], "Y9", rules=OFFICIAL, direction=1)
    assert bot_at(game, "A").act(game.view("A")) == Draw("A")
    small = stacked_game(["W R1 R2", "Y1 Y2 Y3 Y4", "G1 G2 G3 G4"], "Y9", rules=OFFICIAL,
                         direction=1)
    assert isinstance(bot_at(small, "A").act(small.view("A")), PlayCard)
    house = stacked_game([hand, "Y1 Y2 Y3 Y4", "G1 G2 G3 G4"], "Y9",
                         rules=HOUSE, direction=1)
    assert isinstance(bot_at(house, "A").act(house.view("A")), PlayCard)  # R9: must play


def test_R8_hard_keeps_two_wilds_by_drawing_but_spends_one_of_three() -> None:
    two = stacked_game(["W W+4 R1 R2 B3 B4 G5", "Y1 Y2 Y3 Y4", "G1 G2 G3 G4"], "Y9",
                       rules=OFFICIAL, direction=1)
    assert bot_at(two, "A").act(two.view("A")) == Draw("A")
    three = stacked_game(["W W W+4 R1 R2 B3 B4", "Y1 Y2 Y3 Y4", "G1 G2 G3 G4"], "Y9",
                         rules=OFFICIAL, direction=1)
    play = bot_at(three, "A").act(three.view("A"))
    assert isinstance(play, PlayCard) and play.card.color is None


def test_hard_with_two_cards_names_the_colour_of_its_last_one_over_blocking_a_threat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """B, one card from UNO, drew on blue and played the drawn card: it is believed to hold no
    blue. A holds G4 and a wild: naming green leaves G4 playable next turn (it goes out) and
    beats naming blue to block B. Without the weight of the last card, A would block."""
    game = stacked_game(["B3 G4 W", "Y1 Y2", "B8 G1 G2 G3"], "B5", rules=OFFICIAL, draw="B9",
                        direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, PlayCard("A", c("B3")))
    apply(game, bots, Draw("B"))
    apply(game, bots, PlayCard("B", c("B9")))
    apply(game, bots, PlayCard("C", c("B8")))
    view = game.view("A")
    assert bots[0].act(view) == PlayCard("A", c("W"), Color.GREEN, uno=True)
    monkeypatch.setattr(hard, "W_LAST", 0.0)
    assert bots[0].act(view) == PlayCard("A", c("W"), Color.BLUE, uno=True)


@pytest.mark.parametrize("rules", [OFFICIAL, HOUSE], ids=["official", "house"])
def test_hard_heads_up_with_three_cards_leaves_two_that_go_one_after_the_other(
        rules: RuleSet, monkeypatch: pytest.MonkeyPatch) -> None:
    """Heads-up on R5 with R1 R8 B8: R1 leaves R8 then B8, out in two turns of ours; R8 keeps a
    second 8 but leaves R1 and B8, which do not follow each other. At four seats, and without
    the weight of the chain, the 8 is played."""
    game = stacked_game(["R1 R8 B8", "Y1 Y2 G3 G4 B6"], "R5", rules=rules)
    bot = bot_at(game, "A")
    assert bot.act(game.view("A")) == PlayCard("A", c("R1"))
    four = stacked_game(["R1 R8 B8", "Y1 Y2 G3 G4 B6", "Y3 Y4 G5 G6 B7", "Y5 Y6 G7 G8 B9"], "R5",
                        rules=rules)
    assert bot_at(four, "A").act(four.view("A")) == PlayCard("A", c("R8"))
    monkeypatch.setattr(hard, "W_CHAIN", 0.0)
    assert bot.act(game.view("A")) == PlayCard("A", c("R8"))


def test_R8_a_seat_that_drew_is_believed_to_have_held_nothing_playable() -> None:
    """B drew on A's G7 and passed with the drawn card: hard believes B holds no green, no 7 and
    no wild (the tracker alone knows nothing under R8)."""
    game = stacked_game(["G7 R2 R3", "Y3 B4", "G1 G2 G3"], "G5", rules=OFFICIAL, draw="R1",
                        direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, PlayCard("A", c("G7")))
    apply(game, bots, Draw("B"))
    tracker = bots[2].tracker
    assert not tracker.not_held("B")
    assert Table.make(game.view("C"), tracker).p_stuck("B", Color.GREEN, Rank.SEVEN) == 1.0
    assert Table.make(game.view("C"), None).p_stuck("B", Color.GREEN, Rank.SEVEN) < 0.5


def test_R8_a_seat_that_played_a_wild_is_believed_to_have_held_nothing_else_that_went() -> None:
    """B played a wild on A's G7 without drawing: hard believes B's cards lack green and 7s (a
    player spends a wild when nothing else goes), but not wilds; the tracker alone knows nothing."""
    game = stacked_game(["G7 R2 R3", "W Y3 B4 Y7", "G1 G2 G3"], "G5", rules=OFFICIAL, direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, PlayCard("A", c("G7")))
    apply(game, bots, PlayCard("B", c("W"), Color.YELLOW))
    tracker = bots[2].tracker
    assert not tracker.not_held("B")
    lacks, fresh = hard.soft_facts(tracker)["B"]
    assert (lacks.colors, lacks.ranks, fresh) == ({Color.GREEN}, {Rank.SEVEN}, 0)


def test_R8_a_wild_played_after_drawing_keeps_the_draw_s_belief() -> None:
    """B drew on A's G7 and played the wild it drew: its other cards are believed to lack what
    the draw says (green, 7s and wilds), not only what the wild says."""
    game = stacked_game(["G7 R2 R3", "Y3 B4 Y7", "G1 G2 G3"], "G5", rules=OFFICIAL, draw="W",
                        direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, PlayCard("A", c("G7")))
    apply(game, bots, Draw("B"))
    apply(game, bots, PlayCard("B", c("W"), Color.YELLOW))
    lacks, fresh = hard.soft_facts(bots[2].tracker)["B"]
    assert lacks.colors == {Color.GREEN} and Rank.WILD in lacks.ranks and fresh == 0


def test_R12_a_wild_draw_four_shown_to_be_a_bluff_leaves_no_belief() -> None:
    """B bluffed a Wild Draw Four on green and C's challenge showed it: B held green, so no
    belief that it lacked green is left."""
    game = stacked_game(["G7 R2 R3", "W+4 G9 B4 Y7", "G1 G2 G3"], "G5", rules=OFFICIAL, direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, PlayCard("A", c("G7")))
    apply(game, bots, PlayCard("B", c("W+4"), Color.YELLOW))
    assert "B" in hard.soft_facts(bots[0].tracker)
    apply(game, bots, Challenge("C"))
    assert "B" not in hard.soft_facts(bots[0].tracker)


# ---------------------------------------------------------------------------------- beliefs


def _named_green() -> tuple[Game, list[Bot]]:
    """B named green with a wild, C followed in green; A, to play, can stay in green (G5) or
    change to yellow by the rank (Y2), with one card of each colour left after either."""
    rules = RuleSet.preset("house", stack_draw_two=False)
    game = stacked_game(["G5 G7 Y2 Y8", "W G1 G3 B6 B7", "R2 G2 R6 R7"], "R4", rules=rules,
                        current="B", direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, PlayCard("B", c("W"), Color.GREEN))
    apply(game, bots, PlayCard("C", c("G2")))
    return game, bots


def test_R7_hard_believes_a_seat_holds_the_colour_it_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A player names a colour it holds: B is taken to hold green, so A leaves it yellow. Without
    the belief A would stay in green."""
    game, bots = _named_green()
    view = game.view("A")
    assert named_colors(bots[0].tracker) == {"B": (Color.GREEN, hard.NAMED_LACK)}
    assert Table.make(view, bots[0].tracker).p_lacks("B", Color.GREEN) == 0.0
    assert bots[0].act(view) == PlayCard("A", c("Y2"))
    monkeypatch.setattr(hard, "NAMED_LACK", 1.0)
    monkeypatch.setattr(hard, "SWITCH_LACK", 1.0)
    assert Table.make(view, bots[0].tracker).p_lacks("B", Color.GREEN) > 0.1
    assert bots[0].act(view) == PlayCard("A", c("G5"))


def test_R7_the_belief_ends_when_the_seat_plays_the_colour_it_named() -> None:
    game, bots = _named_green()
    apply(game, bots, PlayCard("A", c("G5")))
    apply(game, bots, PlayCard("B", c("G1")))
    assert "B" not in named_colors(bots[0].tracker)


def test_R7_hard_believes_a_seat_that_changed_colour_by_the_rank_holds_that_colour(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """C stayed in red, B changed it to blue with a 6: a player changes to a colour it holds, so B
    is believed likelier to hold blue than the counts alone say (less sure than of a colour it
    named)."""
    game = stacked_game(["G5 G7 Y2 Y8", "B6 B1 B3 G6 G8", "R2 G2 R6 R7"], "R4", rules=OFFICIAL,
                        current="C", direction=-1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, PlayCard("C", c("R6")))
    apply(game, bots, PlayCard("B", c("B6")))
    assert named_colors(bots[0].tracker) == {"B": (Color.BLUE, hard.SWITCH_LACK)}
    factor = hard.SWITCH_LACK
    assert hard.NAMED_LACK < factor < 1.0
    believed = Table.make(game.view("A"), bots[0].tracker).p_lacks("B", Color.BLUE)
    monkeypatch.setattr(hard, "SWITCH_LACK", 1.0)
    counted = Table.make(game.view("A"), bots[0].tracker).p_lacks("B", Color.BLUE)
    assert 0.0 < believed == pytest.approx(counted * factor)


def test_R9_hard_weighs_a_seat_about_to_go_out_more_under_draw_until_playable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """B drew past R2 to Y8 on Y5 (R9): its other card is not yellow. With B at two cards, A leaves
    yellow (Y8, by the rank) rather than stay in its red: a stuck seat draws several cards here,
    so the threat weighs more (``W_THREAT_R9``); at the R8 weight A would keep to red."""
    rules = RuleSet.preset("house", stack_draw_two=False)
    game = stacked_game(["R1 R3 R4 Y8 B6", "G1", "R8 G9 B9 B7"], "Y5", rules=rules,
                        draw="R2 Y8", current="B", direction=1)
    bots = [bot_at(game, seat) for seat in game.seats]
    apply(game, bots, Draw("B"))
    apply(game, bots, PlayCard("B", c("Y8")))
    apply(game, bots, PlayCard("C", c("R8")))
    view = game.view("A")
    assert view.size_of("B") == 2 and bots[0].tracker.not_held("B").colors == {Color.YELLOW}
    assert bots[0].act(view) == PlayCard("A", c("Y8"))
    monkeypatch.setattr(hard, "W_THREAT_R9", hard.W_THREAT)
    assert bots[0].act(view) == PlayCard("A", c("R4"))
