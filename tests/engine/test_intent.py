"""engine.bots.intent: the plays a seat chose, the hand it chose them from, and how likely a
sampled hand makes them; engine.determinize's deals drawn by that likelihood."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from kit.deck import seats

from engine import Action, Card, Color, Game, Rank, RuleSet, Tracker, View
from engine.bots import Bot, hard, intent
from engine.determinize import Determinizer
from engine.selfplay import make_bots, play_game

OFFICIAL = RuleSet.preset("official", target_score=None)


def _play_hand(rules: RuleSet, deal: int, on_turn: Callable[[Bot, View, Game], None]) -> None:
    """Four ``hard`` play one hand; ``on_turn`` sees each seat's view (and the game) before it acts."""
    names = seats(4)
    game = Game(names, rules, random.Random(deal))
    bots = make_bots(["hard"] * 4, names, rules, random.Random(deal), None)

    def turn(bot: Bot, view: View) -> Action | None:
        on_turn(bot, view, game)
        return bot.act(view)

    play_game(game, bots, turn=turn, max_hands=1)


def test_each_play_chosen_is_read_with_the_hand_it_was_chosen_from() -> None:
    """Four ``hard`` play whole hands; at each of A's turns, every play ``choices`` finds was made
    from exactly the seat's hand now plus the cards it played since, in the position recorded
    as it chose (the danger of the seat it would hit, whether a seat held two cards or fewer),
    the card went on what was in play, and the likelihood of the real hand is a probability."""
    checked = []
    for deal in range(6):
        # per seat, before each of its turns: its hand, the victim's danger, any threats
        held: dict[str, list[tuple[Counter[Card], float, bool]]] = {}

        def on_turn(bot: Bot, view: View, game: Game,
                    held: dict[str, list[tuple[Counter[Card], float, bool]]] = held) -> None:
            seat, names = bot.seat, view.seats
            if view.current != seat:
                return
            victim = names[(names.index(seat) + view.direction) % len(names)]
            threats = any(view.size_of(s) <= 2 for s in names if s != seat)
            held.setdefault(seat, []).append(
                (Counter(game.hand(seat)), hard.danger(view.size_of(victim)), threats))
            if seat != "A":
                return
            for choice in intent.choices(view, bot.tracker):
                other = names[choice.seat]
                then = Counter([*game.hand(other), *choice.later, choice.card])
                # (the last such turn: one that drew a card and played it left the hand as it was)
                was = next(((d, t) for hand, d, t in reversed(held[other]) if hand == then), None)
                assert was == (choice.victim_danger, choice.threats), (choice, game.hand(other))
                assert choice.card.color is None or choice.card.color is choice.color \
                    or choice.card.rank is choice.rank
                assert 0 < choice.likelihood(game.hand(other)) <= 1
                checked.append(choice)

        _play_hand(OFFICIAL, deal, on_turn)
    assert len(checked) > 50


def _choice(card: Card, color: Color, rank: Rank) -> intent.Choice:
    return intent.Choice(seat=1, card=card, color=color, rank=rank, later=(), victim_danger=0.1,
                         threats=False, seats=4)


def test_a_hand_that_explains_the_play_is_likelier() -> None:
    """Red 2 played on Red 5: from Red 9 and Blue 1 it is as good as Red 9 (both keep a red);
    from three blues, Blue 5 would have moved to blue, which ``hard`` prefers, so Red 2 is
    unlikely."""
    choice = _choice(Card(Color.RED, Rank.TWO), Color.RED, Rank.FIVE)
    fits = choice.likelihood([Card(Color.RED, Rank.NINE), Card(Color.BLUE, Rank.ONE)])
    misfits = choice.likelihood([Card(Color.BLUE, Rank.FIVE), Card(Color.BLUE, Rank.SEVEN),
                                 Card(Color.BLUE, Rank.EIGHT)])
    assert fits > 0.4
    assert misfits < 0.1
    # the only playable card: it says nothing
    assert choice.likelihood([Card(Color.GREEN, Rank.ONE)]) == 1.0


def test_no_choices_with_7_0() -> None:
    """Hands move in a 7-0 exchange: a seat's hand now says nothing of the hand it chose from."""
    found: list[intent.Choice] = []

    def on_turn(bot: Bot, view: View, game: Game) -> None:
        if bot.seat == "A" and view.current == "A":
            found.extend(intent.choices(view, bot.tracker))

    _play_hand(RuleSet.preset("official", target_score=None, seven_zero=True), 3, on_turn)
    assert not found


HOUSE = RuleSet.preset("house", target_score=None)


def test_under_draw_until_playable_each_play_chosen_is_read_with_its_hand() -> None:
    """The plays are read under R9 too (once they were not: the model lacked ``hard``'s terms of
    the others' hands, which weigh most there), each from the seat's hand now plus the cards it
    played since."""
    checked = []
    for deal in range(4):
        held: dict[str, list[Counter[Card]]] = {}

        def on_turn(bot: Bot, view: View, game: Game,
                    held: dict[str, list[Counter[Card]]] = held) -> None:
            if view.current != bot.seat:
                return
            held.setdefault(bot.seat, []).append(Counter(game.hand(bot.seat)))
            if bot.seat != "A":
                return
            for choice in intent.choices(view, bot.tracker):
                other = view.seats[choice.seat]
                then = Counter([*game.hand(other), *choice.later, choice.card])
                assert then in held[other], (choice, game.hand(other))
                checked.append(choice)

        _play_hand(HOUSE, deal, on_turn)
    assert len(checked) > 100


def test_the_model_names_the_card_hard_chose() -> None:
    """From the real hands, the model gives the card ``hard`` played a chance of a half or more
    (so: its likeliest) in most plays, with ``hard``'s terms of the others' hands as the seat
    knew them then (the old model, of its own hand only: 77% official, 62% house)."""
    for rules, share in ((OFFICIAL, 0.82), (HOUSE, 0.75)):
        chances: list[float] = []

        def on_turn(bot: Bot, view: View, game: Game, chances: list[float] = chances) -> None:
            if bot.seat == "A" and view.current == "A":
                chances.extend(choice.likelihood(game.hand(view.seats[choice.seat]))
                               for choice in intent.choices(view, bot.tracker))

        for deal in range(6):
            _play_hand(rules, deal, on_turn)
        assert sum(p >= 0.5 for p in chances) / len(chances) >= share, rules


def test_the_deals_follow_the_likelihood_and_keep_the_view() -> None:
    """A likelihood that only a seat B without red satisfies: drawn from 8 deals each, most deals
    give B no red; without it, few do (a hand of 7 lacks a colour about one time in eight)."""
    game = Game(seats(4), OFFICIAL, random.Random(5))
    view = game.view("A")
    tracker = Tracker.from_view(view)

    def no_red(hands: object) -> float:
        assert isinstance(hands, list)
        return 0.0 if any(c.color is Color.RED for c in hands[1]) else 1.0

    weighed = Determinizer(view, tracker, likelihood=no_red, draws=8)
    plain = Determinizer(view, tracker)
    rng = random.Random(1)
    share = {}
    for name, dealer in (("weighed", weighed), ("plain", plain)):
        deals = [dealer.deal(rng) for _ in range(200)]
        assert all(dealt.view("A") == view for dealt in deals)
        share[name] = sum(not dealt._hands[1].holds_color(Color.RED) for dealt in deals) / len(deals)
    assert share["weighed"] > 0.5 > 0.25 > share["plain"]
