"""Cards, colours and ranks, and the 108-card deck (R1).

Text notation (round-trips through ``Card.parse(str(card))``):

* a coloured card is its colour letter followed by its rank:
  ``R`` red, ``Y`` yellow, ``G`` green, ``B`` blue; ranks ``0``-``9``, ``S`` skip,
  ``R`` reverse, ``+2`` draw two. Examples: ``R7``, ``G0``, ``BS``, ``YR``, ``R+2``.
* the two wilds have no colour: ``W`` (wild) and ``W+4`` (wild draw four).

A wild's declared colour is never stored on the card: it travels in the action that plays it
and in the game state (``Game.color``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

_INTERNED: dict[tuple[object, object], Card] = {}


class _Singletons(enum.Enum):
    """An enum whose members hash by identity, with a pasteable repr (``Color.RED``)."""

    # Members are singletons: identity hashing (in C) is correct and much faster than Enum's.
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Color(_Singletons):
    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    @classmethod
    def parse(cls, text: str) -> Color:
        """Accept a letter (``R``) or a name (``red``), any case."""
        key = text.strip().upper()
        for color in cls:
            if key in (color.value, color.name):
                return color
        raise ValueError(f"not a colour: {text!r}")


class Rank(_Singletons):
    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    SKIP = "S"
    REVERSE = "R"
    DRAW_TWO = "+2"
    WILD = "W"
    WILD_DRAW_FOUR = "W+4"

    @property
    def is_wild(self) -> bool:
        return self in WILD_RANKS

    @property
    def is_number(self) -> bool:
        return self in _NUMBER_RANKS

    @property
    def points(self) -> int:
        """Scoring value of a card of this rank (R19)."""
        return _POINTS[self]


WILD_RANKS = frozenset({Rank.WILD, Rank.WILD_DRAW_FOUR})
_NUMBER_RANKS = (
    Rank.ZERO, Rank.ONE, Rank.TWO, Rank.THREE, Rank.FOUR,
    Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
)
_POINTS = {rank: int(rank.value) for rank in _NUMBER_RANKS}
_POINTS.update({Rank.SKIP: 20, Rank.REVERSE: 20, Rank.DRAW_TWO: 20,
                Rank.WILD: 50, Rank.WILD_DRAW_FOUR: 50})
COLORED_RANKS = tuple(rank for rank in Rank if not rank.is_wild)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. Wilds have ``color=None``; every other card has a colour.

    There is one instance per kind (``Card(c, r) is Card(c, r)``), so equality and hashing are
    identity, done in C.
    """

    color: Color | None
    rank: Rank

    def __new__(cls, color: Color | None, rank: Rank) -> Card:
        try:
            card = _INTERNED.get((color, rank))
        except TypeError:  # unhashable: no card, and the checks below say so as a ValueError
            card = None
        if card is None:
            if not isinstance(rank, Rank) or (color is not None and not isinstance(color, Color)):
                raise ValueError(f"not a card: {color!r} {rank!r}")
            if rank.is_wild != (color is None):
                raise ValueError(f"{rank.name} with colour {color} is not a card")
            card = object.__new__(cls)
            _INTERNED[(color, rank)] = card
        return card

    def __reduce__(self) -> tuple[type[Card], tuple[Color | None, Rank]]:
        return (Card, (self.color, self.rank))

    @property
    def is_wild(self) -> bool:
        return self.color is None

    @property
    def points(self) -> int:
        return self.rank.points

    def __str__(self) -> str:
        if self.color is None:
            return self.rank.value
        return self.color.value + self.rank.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """The card for a text form such as ``R7``, ``B+2``, ``W`` or ``W+4`` (case-insensitive)."""
        card = _BY_TEXT.get(text.strip().upper())
        if card is None:
            raise ValueError(f"not a card: {text!r}")
        return card


def _all_kinds() -> Iterator[Card]:
    for color in Color:
        for rank in COLORED_RANKS:
            yield Card(color, rank)
    yield Card(None, Rank.WILD)
    yield Card(None, Rank.WILD_DRAW_FOUR)


# The 54 distinct cards, shared instances: the deck, parsing and the engine all reuse them.
CARD_KINDS: tuple[Card, ...] = tuple(_all_kinds())
_BY_TEXT = {str(card): card for card in CARD_KINDS}


def _copies(card: Card) -> int:
    if card.is_wild:
        return 4
    return 1 if card.rank is Rank.ZERO else 2


_DECK: tuple[Card, ...] = tuple(card for card in CARD_KINDS for _ in range(_copies(card)))


def full_deck() -> list[Card]:
    """The 108 cards of R1, in a fixed order (shuffle it yourself)."""
    return list(_DECK)


DECK_SIZE = len(_DECK)  # 108
