"""Cards and colours on the wire: a card as its text (``R7``, ``B+2``, ``W``, ``W+4``), exactly as
the protocol writes it (capitals, no spaces), and a colour as its letter (``R``, ``Y``, ``G``,
``B``). The engine owns both (``engine.cards``); this module only spells them.
"""

from __future__ import annotations

from typing import Any

from engine.cards import CARD_KINDS, Card, Color

from .errors import bad_field
from .fields import Str

# Text of every card kind, looked up instead of formatted: views carry dozens of cards per seat.
CARD_TEXT: dict[Card, str] = {card: str(card) for card in CARD_KINDS}
CARD_BY_TEXT: dict[str, Card] = {text: card for card, text in CARD_TEXT.items()}
COLOR_LETTERS: tuple[str, ...] = tuple(color.value for color in Color)  # R, Y, G, B

_CARD_EXPECTED = "expected a card such as R7, B+2, W or W+4"
_COLOR_EXPECTED = f"expected {', '.join(COLOR_LETTERS[:-1])} or {COLOR_LETTERS[-1]}"


def card_problem(text: Any) -> str | None:
    """Why ``text`` is not a card as the protocol writes cards, or None."""
    if not isinstance(text, str) or len(text) > 3:
        return _CARD_EXPECTED
    if text not in CARD_BY_TEXT:
        return f"not a card (cards are written in capitals, e.g. R7): {text!r}"
    return None


def card_from_wire(text: Any, name: str = "card") -> Card:
    """The card written exactly as the protocol writes cards: capitals, no spaces (``R7``, not
    ``r7``), as colours are (``Card.parse``, which people type into, is more lenient)."""
    card = CARD_BY_TEXT.get(text) if isinstance(text, str) else None
    if card is None:
        raise bad_field(name, card_problem(text) or _CARD_EXPECTED)
    return card


def color_from_wire(text: Any, name: str = "color") -> Color:
    if not isinstance(text, str):
        raise bad_field(name, _COLOR_EXPECTED)
    try:
        return Color(text)
    except ValueError:
        raise bad_field(name, _COLOR_EXPECTED) from None


class CardText(Str):
    """A message field holding a card's text (``action.card``): checked here, once."""

    def __init__(self) -> None:
        super().__init__(3, 1, choices=CARD_TEXT.values())
        self.doc = 'str, a card in card notation (see "Cards")'

    def check(self, name: str, value: Any) -> Any:
        problem = card_problem(value)
        if problem is not None:
            raise self.fail(name, problem)
        return value


__all__ = ["CARD_BY_TEXT", "CARD_TEXT", "COLOR_LETTERS", "CardText", "card_from_wire",
           "card_problem", "color_from_wire"]
