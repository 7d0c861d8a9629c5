"""engine.tracker: the public history one seat remembers, and what it can infer.

Scenario tests build a real deal (``deal_rng``) so that every tracker sees the hand from its
start; property tests play random seeded games under random rules and check, after every
action, that no tracker knows something false: its unseen cards are exactly the other hands and
the draw pile, its known cards are in the hands it places them in, and no seat holds a card its
"known not to hold" facts exclude.
"""

from __future__ import annotations

import random
from collections import Counter

from enginekit import c, rule_sets
from hypothesis import given, settings
from hypothesis import strategies as st
from kit.deck import cards, deal_rng, seats

from engine import Card, Color, Event, Game, Rank, RuleSet, Tracker
from engine.actions import Action, CallUno, Catch, Challenge, Draw, JumpIn, Pass, PlayCard
from engine.bots.odds import Odds
from engine.tracker import ChallengeRecord, DrewCards, NotHeld, PassRecord, Played

OFFICIAL = RuleSet.preset("official", target_score=None)
HOUSE = RuleSet.preset("house", target_score=None)
NONE_PLAYABLE = "B1 G2 B3 G4 Y6 Y7 B8"  # nothing goes on a R5
WILDS = frozenset({Rank.WILD, Rank.WILD_DRAW_FOUR})




class Table:
    """A real game of three seats A, B, C where A plays first, and a tracker per seat."""

    def __init__(self, rules: RuleSet, hand_a: str, turn: str = "R5",
                 hand_b: str = "Y1 Y2 Y3 Y4 Y5 Y8 Y9", hand_c: str = "") -> None:
        dealer = "C" if rules.first_to_left else "B"  # so that A starts (R5)
        self.game = Game(seats(3), rules, deal_rng(3, [hand_a, hand_b, hand_c], turn), dealer=dealer)
        assert self.game.current == "A"
        self.trackers = {seat: Tracker(seat, self.game.seats, rules) for seat in self.game.seats}
        self.feed(self.game.deal_events)

    def feed(self, events: list[Event]) -> None:
        for seat, tracker in self.trackers.items():
            tracker.feed(event.for_seat(seat) for event in events)

    def apply(self, action: Action) -> list[Event]:
        events = self.game.apply(action)
        self.feed(events)
        return events


# ---------------------------------------------------------------------------- what is inferred


def test_R9_a_seat_that_drew_several_held_nothing_playable_until_the_last() -> None:
    table = Table(HOUSE, NONE_PLAYABLE, turn="R5 Y3 B4 R9")
    table.apply(Draw("A"))
    watcher = table.trackers["B"]
    assert watcher.draws == [DrewCards("A", 3, "draw")]
    assert not watcher.not_held("A")  # the last card drawn is playable: not known which yet
    table.apply(PlayCard("A", c("R9")))
    assert watcher.plays[-1] == Played("A", c("R9"), Color.RED)
    assert watcher.not_held("A") == NotHeld(frozenset({Color.RED}), WILDS | {Rank.FIVE})
    assert all(watcher.could_hold("A", card) for card in table.game.hand("A"))
    assert not watcher.could_hold("A", c("R1")) and not watcher.could_hold("A", c("W"))
    assert watcher.could_hold("A", c("B5")) is False and watcher.could_hold("A", c("B6"))
    assert not table.trackers["A"].not_held("A")  # its own hand it sees


def test_R9_facts_are_dropped_when_the_seat_draws_unseen_cards() -> None:
    table = Table(HOUSE, NONE_PLAYABLE, turn="R5 Y3 R9", hand_b="R+2 Y1 Y2 Y3 Y4 Y5 Y8",
                  hand_c="R3 G1 G5 G6 G7 G8 G9")
    table.apply(Draw("A"))
    table.apply(PlayCard("A", c("R9")))
    assert table.trackers["C"].not_held("A")
    table.apply(PlayCard("C", c("R3")))  # house: play runs A, C, B
    table.apply(PlayCard("B", c("R+2")))
    table.apply(Draw("A"))  # A holds no Draw Two to stack: it draws 2, cards nobody saw
    assert table.trackers["C"].draws[-1] == DrewCards("A", 2, "draw_two")
    assert not table.trackers["C"].not_held("A")


def test_the_facts_before_each_play_are_what_was_known_as_it_was_chosen() -> None:
    """C's Red 3 and B's Red Draw Two were chosen while A was known to lack red (its R9 draw);
    since, A drew two unseen cards, and nothing is known of it now."""
    table = Table(HOUSE, NONE_PLAYABLE, turn="R5 Y3 R9", hand_b="R+2 Y1 Y2 Y3 Y4 Y5 Y8",
                  hand_c="R3 G1 G5 G6 G7 G8 G9")
    table.apply(Draw("A"))
    table.apply(PlayCard("A", c("R9")))
    table.apply(PlayCard("C", c("R3")))
    table.apply(PlayCard("B", c("R+2")))
    table.apply(Draw("A"))
    watcher = table.trackers["B"]
    log = watcher.log
    at = {(r.seat, str(r.card)): i for i, r in enumerate(log) if isinstance(r, Played)}
    lacks = NotHeld(frozenset({Color.RED}), WILDS | {Rank.FIVE})
    assert not watcher.facts_before(at["A", "R9"])["A"]  # (its draws were unplayable till then)
    assert watcher.facts_before(at["C", "R3"])["A"] == lacks
    assert watcher.facts_before(at["B", "R+2"])["A"] == lacks
    assert not watcher.not_held("A")  # now: A drew two unseen cards


def test_R13_a_strict_wild_draw_four_says_its_player_held_no_card_of_the_colour() -> None:
    table = Table(HOUSE, "W+4 B1 G2 B3 G4 Y6 Y7")
    table.apply(PlayCard("A", c("W+4"), Color.BLUE))
    for seat in ("B", "C"):
        assert table.trackers[seat].not_held("A") == NotHeld(frozenset({Color.RED}))


def test_R12_a_lost_challenge_says_the_offender_held_no_card_of_the_colour() -> None:
    table = Table(OFFICIAL, "W+4 B1 G2 B3 G4 Y6 Y7")
    table.apply(PlayCard("A", c("W+4"), Color.GREEN))
    assert not table.trackers["C"].not_held("A")  # a bluff is allowed: nothing known yet
    table.apply(Challenge("B"))
    for seat in ("B", "C"):
        tracker = table.trackers[seat]
        assert tracker.challenges == [ChallengeRecord("B", "A", False, Color.RED)]
        assert tracker.not_held("A") == NotHeld(frozenset({Color.RED}))
        assert tracker.draws[-1] == DrewCards("B", 6, "challenge")


def test_R12_a_won_challenge_leaves_nothing_known_not_held() -> None:
    table = Table(OFFICIAL, "W+4 R1 G2 B3 G4 Y6 Y7")
    table.apply(PlayCard("A", c("W+4"), Color.GREEN))
    table.apply(Challenge("B"))
    tracker = table.trackers["C"]
    assert tracker.challenges == [ChallengeRecord("B", "A", True, Color.RED)]
    assert tracker.draws[-1] == DrewCards("A", 4, "challenge")
    assert not tracker.not_held("A")


def test_R12_the_challenger_knows_the_hand_it_was_shown_and_the_others_do_not() -> None:
    table = Table(OFFICIAL, "W+4 R1 G2 B3 G4 Y6 Y7")
    table.apply(PlayCard("A", c("W+4"), Color.GREEN))
    table.apply(Challenge("B"))  # guilty: A shows R1 G2 B3 G4 Y6 Y7, then draws 4 unseen
    shown = Counter(cards("R1 G2 B3 G4 Y6 Y7"))
    challenger, other = table.trackers["B"], table.trackers["C"]
    assert challenger.known_held("A") == shown
    assert other.known_held("A") == Counter()
    assert challenger.unplaced() == challenger.unseen() - shown
    for seat in ("B", "C"):  # neither plays: back to A
        table.apply(Draw(seat))
        if table.game.current == seat:
            table.apply(Pass(seat))
    assert table.game.current == "A" and table.game.color is Color.GREEN
    table.apply(PlayCard("A", c("G2")))  # a card it was seen to hold comes off what is known
    assert challenger.known_held("A") == shown - Counter([c("G2")])


def test_R8_a_pass_after_a_draw_tells_whether_the_drawn_card_could_be_played() -> None:
    table = Table(OFFICIAL, NONE_PLAYABLE, turn="R5 B9 R7")
    table.apply(Draw("A"))  # B9 does not go on R5: the turn ends with the draw
    table.apply(Draw("B"))  # R7 goes, and B keeps it
    table.apply(Pass("B"))
    for tracker in table.trackers.values():
        assert tracker.passes == [PassRecord("A", 1, False), PassRecord("B", 1, True)]
        assert [d.seat for d in tracker.draws] == ["A", "B"]
    # Drawing is allowed with a playable card (R8): nothing is known about the hands.
    assert not table.trackers["C"].not_held("A") and not table.trackers["C"].not_held("B")


def test_R15_a_seven_tells_each_side_where_its_old_hand_went() -> None:
    rules = RuleSet.preset("official", seven_zero=True, target_score=None)
    table = Table(rules, "R7 R1 B1 G2 B3 G4 Y6")
    old_b = Counter(table.game.hand("B"))
    table.apply(PlayCard("A", c("R7"), target="B"))
    a, b, c_ = (table.trackers[s] for s in "ABC")
    assert a.known_held("B") == Counter(cards("R1 B1 G2 B3 G4 Y6"))
    assert b.known_held("A") == old_b
    assert not c_.known_held("A") and not c_.known_held("B")
    assert a.unplaced() == a.unseen() - a.known_held("B")
    table.apply(PlayCard("B", c("R1")))
    assert a.known_held("B") == Counter(cards("B1 G2 B3 G4 Y6"))
    # a card played is gone from what is known, not kept at 0 (found play-testing: the odds
    # read the 0 as a card held, and a Wild Draw Four from a seat known to lack red was
    # challenged as a sure bluff)
    assert c("R1") not in a.known_held("B")
    odds = Odds.of(table.game.view("A"), a)
    assert odds.lacks("B", lambda card: card.color is Color.RED) == 1.0


def test_R15_a_zero_passes_the_known_cards_along_the_direction_of_play() -> None:
    rules = RuleSet.preset("official", seven_zero=True, target_score=None)
    table = Table(rules, "R0 R1 B1 G2 B3 G4 Y6")
    table.apply(PlayCard("A", c("R0")))
    assert table.trackers["A"].known_held("B") == Counter(cards("R1 B1 G2 B3 G4 Y6"))
    assert table.trackers["B"].hand is not None
    assert Counter(table.trackers["B"].hand) == Counter(cards("R1 B1 G2 B3 G4 Y6"))


def test_the_tracker_reads_no_other_seats_cards_even_when_given_them() -> None:
    """Fed the unredacted events, a seat's tracker knows exactly what it knows from its own."""
    rules = RuleSet.preset("official", seven_zero=True, jump_in=True, target_score=None)
    game = Game(seats(4), rules, random.Random(7))
    own, given = Tracker("B", game.seats, rules), Tracker("B", game.seats, rules)
    rng = random.Random(7)
    events = game.deal_events
    for _ in range(400):
        own.feed(e.for_seat("B") for e in events)
        given.feed(events)
        assert (own.hand, own.unseen(), own.log) == (given.hand, given.unseen(), given.log)
        for seat in game.seats:
            assert own.known_held(seat) == given.known_held(seat)
            assert own.not_held(seat) == given.not_held(seat)
        if game.hand_outcome() is not None:
            break
        events = game.apply(_pick(game, rng))


def test_a_tracker_made_mid_hand_from_a_view_knows_only_what_the_view_shows() -> None:
    """A bot that takes a seat mid-hand starts from the view: its own cards, the sizes, the top
    card and colour; it then follows the hand, and a new match (other seats) is not its own."""
    rules = RuleSet.preset("house", target_score=None)
    game = Game(seats(4), rules, random.Random(11))
    rng = random.Random(11)
    for _ in range(12):
        game.apply(_pick(game, rng))
        if game.hand_outcome() is not None:
            break
    view = game.view("C")
    late = Tracker.from_view(view)
    assert late.follows(view) and not late.follows(Game(seats(3), rules, random.Random(1)).view("C"))
    assert late.hand is not None and Counter(late.hand) == Counter(game.hand("C"))
    for seat in game.seats:
        assert late.size_of(seat) == len(game.hand(seat))
        assert not late.known_held(seat) or seat == "C"
    hands = Counter(c for s in game.seats if s != "C" for c in game.hand(s))
    assert not hands - late.unseen()  # everything the others hold is unseen to it
    for _ in range(40):  # and it goes on following the hand without knowing anything false
        if game.hand_outcome() is not None:
            break
        late.feed(e.for_seat("C") for e in game.apply(_pick(game, rng)))
        assert late.hand is not None and Counter(late.hand) == Counter(game.hand("C"))
        for seat in game.seats:
            assert late.size_of(seat) == len(game.hand(seat))


# ---------------------------------------------------------------------------- properties


def _pick(game: Game, rng: random.Random) -> Action:
    """A random legal action: mostly the current seat's (plays preferred so hands end), now and
    then another seat's off-turn one (UNO, catch, jump in)."""
    off = [a for s in game.seats if s != game.current for a in game.legal_actions(s)]
    if off and rng.random() < 0.15:
        return rng.choice(off)
    mine = [a for a in game.legal_actions(game.current) if not isinstance(a, CallUno | Catch)]
    plays = [a for a in mine if isinstance(a, PlayCard | JumpIn)]
    if plays and rng.random() < 0.7:
        return rng.choice(plays)
    return rng.choice(mine)


def _check(game: Game, trackers: dict[str | None, Tracker], facts: Counter[str]) -> None:
    data = game.snapshot()
    draw = Counter(Card.parse(text) for text in data["draw"])
    hands = {seat: Counter(game.hand(seat)) for seat in game.seats}
    for viewer, tracker in trackers.items():
        others = sum((hands[s] for s in game.seats if s != viewer), Counter())
        assert tracker.unseen() == others + draw
        if viewer is not None:
            assert tracker.hand is not None and Counter(tracker.hand) == hands[viewer]
        assert not draw - tracker.unplaced()  # the draw pile is never placed in a hand
        for seat in game.seats:
            assert tracker.size_of(seat) == len(game.hand(seat))
            assert not tracker.known_held(seat) - hands[seat], f"{viewer} misplaces {seat}'s cards"
            lacks = tracker.not_held(seat)
            for card in hands[seat]:
                assert not lacks.excludes(card), f"{viewer} thinks {seat} lacks {card}: {lacks}"
            facts["not_held"] += bool(lacks)
            facts["known_held"] += bool(tracker.known_held(seat))


def play_and_check(players: int, rules: RuleSet, seed: int, steps: int = 600) -> Counter[str]:
    """Play a seeded random game, feeding every seat's tracker (and a spectator's) the events as
    redacted for it, one ``apply`` at a time, and check them all after each; count the facts."""
    game = Game(seats(players), rules, random.Random(seed))
    trackers: dict[str | None, Tracker] = {s: Tracker(s, game.seats, rules) for s in game.seats}
    trackers[None] = Tracker(None, game.seats, rules)
    rng = random.Random(seed)
    facts: Counter[str] = Counter()
    events = game.deal_events
    for _ in range(steps):
        for viewer, tracker in trackers.items():
            tracker.feed(event.for_seat(viewer) for event in events)
        _check(game, trackers, facts)
        if game.hand_outcome() is not None:
            if game.outcome() is not None:
                break
            events = game.next_hand()
            continue
        events = game.apply(_pick(game, rng))
    return facts


rulesets = rule_sets(4, 2, 150)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 10), rules=rulesets, seed=st.integers(0, 2**32 - 1))
def test_no_tracker_ever_knows_something_false(players: int, rules: RuleSet, seed: int) -> None:
    play_and_check(players, rules, seed)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1),
       preset=st.sampled_from(["official", "house"]))
def test_no_tracker_ever_knows_something_false_under_the_presets(players: int, seed: int,
                                                                  preset: str) -> None:
    play_and_check(players, RuleSet.preset(preset, seven_zero=True), seed)


def test_the_properties_are_not_vacuous() -> None:
    """Over a few seeded games the trackers do know things: facts under R9 and strict +4 (house),
    after lost challenges (official), and cards placed by 7-0 exchanges."""
    house = sum((play_and_check(4, HOUSE, seed) for seed in range(4)), Counter())
    official = sum((play_and_check(3, OFFICIAL, seed) for seed in range(10)), Counter())
    swaps = sum((play_and_check(4, RuleSet.preset("official", seven_zero=True), seed)
                 for seed in range(4)), Counter())
    assert house["not_held"] > 0 and official["not_held"] > 0 and swaps["known_held"] > 0
