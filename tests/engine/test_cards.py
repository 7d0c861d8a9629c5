"""R1: the deck; the text form and repr of cards."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import pytest

from engine import CARD_KINDS, DECK_SIZE, Card, Color, Rank, full_deck


def test_R1_deck_has_108_cards() -> None:
    deck = full_deck()
    assert len(deck) == DECK_SIZE == 108


def test_R1_deck_composition_per_colour() -> None:
    counts = Counter(full_deck())
    for color in Color:
        assert counts[Card(color, Rank.ZERO)] == 1
        for rank in (Rank.ONE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
                     Rank.EIGHT, Rank.NINE, Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO):
            assert counts[Card(color, rank)] == 2
        assert sum(n for card, n in counts.items() if card.color is color) == 25
    assert counts[Card(None, Rank.WILD)] == 4
    assert counts[Card(None, Rank.WILD_DRAW_FOUR)] == 4


def test_R1_fifty_four_kinds() -> None:
    assert len(CARD_KINDS) == 54
    assert set(CARD_KINDS) == set(full_deck())


@pytest.mark.parametrize("card", CARD_KINDS, ids=str)
def test_text_form_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card


@pytest.mark.parametrize("card", CARD_KINDS, ids=str)
def test_repr_is_pasteable(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("R7", Card(Color.RED, Rank.SEVEN)),
        ("G0", Card(Color.GREEN, Rank.ZERO)),
        ("BS", Card(Color.BLUE, Rank.SKIP)),
        ("YR", Card(Color.YELLOW, Rank.REVERSE)),
        ("R+2", Card(Color.RED, Rank.DRAW_TWO)),
        ("W", Card(None, Rank.WILD)),
        ("W+4", Card(None, Rank.WILD_DRAW_FOUR)),
        (" b9 ", Card(Color.BLUE, Rank.NINE)),
    ],
)
def test_text_form_examples(text: str, card: Card) -> None:
    assert Card.parse(text) == card


@pytest.mark.parametrize("text", ["", "R", "X7", "R10", "RW", "W+2", "+4", "R+4", "7R", "RR7"])
def test_parse_rejects_non_cards(text: str) -> None:
    with pytest.raises(ValueError):
        Card.parse(text)


def test_wild_has_no_colour_and_coloured_cards_need_one() -> None:
    with pytest.raises(ValueError):
        Card(Color.RED, Rank.WILD)
    with pytest.raises(ValueError):
        Card(None, Rank.SEVEN)


@pytest.mark.parametrize(("color", "rank"), [("R", Rank.SEVEN), (Color.RED, "7"), (None, None),
                                             ([], Rank.SEVEN), (Color.RED, {})])
def test_card_of_wrong_types_is_a_value_error(color: object, rank: object) -> None:
    with pytest.raises(ValueError):
        Card(color, rank)  # type: ignore[arg-type]


def test_one_instance_per_kind() -> None:
    card = Card(Color.RED, Rank.SEVEN)
    assert card is Card.parse("R7") is Card.parse("r7")
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert card != Card.parse("R8") and card != "R7"
    assert len({*full_deck()}) == 54


def test_color_parse_and_repr() -> None:
    assert Color.parse("r") is Color.RED
    assert Color.parse("Blue") is Color.BLUE
    with pytest.raises(ValueError):
        Color.parse("purple")
    assert eval(repr(Color.GREEN), {"Color": Color}) is Color.GREEN
    assert eval(repr(Rank.DRAW_TWO), {"Rank": Rank}) is Rank.DRAW_TWO


def test_R19_rank_points() -> None:
    assert [Card.parse(f"R{i}").points for i in range(10)] == list(range(10))
    assert Card.parse("GS").points == Card.parse("GR").points == Card.parse("G+2").points == 20
    assert Card.parse("W").points == Card.parse("W+4").points == 50
