"""A seat's hand, and the card kinds as bits of an int: R7's matching and R13's strict +4 as tables.

A ``Hand`` keeps its cards and, beside them, the set of kinds it holds as bits (``BIT``). The cards
a seat may play are then one ``&`` away, whatever the size of the hand: ``Hand`` is the only place
where the two must agree, so the cards change only through ``add``, ``add_all`` and ``remove``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CARD_KINDS, Card, Color, Rank

COLORS = tuple(Color)
WILD_DRAW_FOUR_CARD = Card(None, Rank.WILD_DRAW_FOUR)

BIT: dict[Card, int] = {card: 1 << i for i, card in enumerate(CARD_KINDS)}
_CARD_OF_BIT: dict[int, Card] = {bit: card for card, bit in BIT.items()}
WILD_DRAW_FOUR_BIT = BIT[WILD_DRAW_FOUR_CARD]
# The kinds of one colour (None: the wilds), for R12's guilt and R13's strict +4.
COLOR_BITS: dict[Color | None, int] = {
    color: sum(bit for card, bit in BIT.items() if card.color is color) for color in (*COLORS, None)
}
# R7 as a table: MATCHING_BITS[colour in play][top card's rank] holds every kind that may be
# played on it: the colour, the number or symbol, the wilds.
MATCHING_BITS: dict[Color | None, dict[Rank, int]] = {
    color: {rank: sum(bit for card, bit in BIT.items()
                      if card.color is None or card.color is color or card.rank is rank)
            for rank in Rank}
    for color in (*COLORS, None)
}
SEVENS = MATCHING_BITS[None][Rank.SEVEN] & ~COLOR_BITS[None]  # the four 7s


def kinds_of(cards: Iterable[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= BIT[card]
    return bits


def cards_of(bits: int) -> list[Card]:
    """The kinds in ``bits``, in the order of ``CARD_KINDS``."""
    cards = []
    while bits:
        bit = bits & -bits  # the lowest one
        bits ^= bit
        cards.append(_CARD_OF_BIT[bit])
    return cards


def matches(card: Card, color: Color | None, top_rank: Rank) -> bool:
    """R7: the colour in play, or the top card's number or symbol, or a wild."""
    return bool(BIT[card] & MATCHING_BITS[color][top_rank])


class Hand:
    """One seat's cards (``cards``, in the order they came) and the kinds among them (``bits``).

    ``strict`` below means R13: a Wild Draw Four is refused while the hand holds the colour in
    play.
    """

    __slots__ = ("bits", "cards")

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self.cards: list[Card] = list(cards)
        self.bits = kinds_of(self.cards)

    def copy(self) -> Hand:
        hand = Hand.__new__(Hand)
        hand.cards = list(self.cards)
        hand.bits = self.bits
        return hand

    def add(self, card: Card) -> None:
        self.cards.append(card)
        self.bits |= BIT[card]

    def add_all(self, cards: list[Card]) -> None:
        self.cards.extend(cards)
        self.bits |= kinds_of(cards)

    def remove(self, card: Card) -> None:
        """Take one copy of ``card`` out (``ValueError`` if there is none)."""
        cards = self.cards
        cards.remove(card)
        if card not in cards:  # its last copy
            self.bits ^= BIT[card]

    def holds_color(self, color: Color | None) -> bool:
        return bool(self.bits & COLOR_BITS[color])

    def playable(self, color: Color | None, top_rank: Rank, strict: bool) -> int:
        """The kinds held that may be played normally (no draw pending) on ``top_rank`` in
        ``color``: R7, and R13 if ``strict``."""
        held = self.bits
        bits = held & MATCHING_BITS[color][top_rank]
        if bits & WILD_DRAW_FOUR_BIT and strict and held & COLOR_BITS[color]:
            bits ^= WILD_DRAW_FOUR_BIT
        return bits

    def may_play(self, card: Card, color: Color | None, top_rank: Rank, strict: bool) -> bool:
        """Whether ``card`` (held or about to be) may be played normally by this hand."""
        return (bool(BIT[card] & MATCHING_BITS[color][top_rank])
                and not (card is WILD_DRAW_FOUR_CARD and strict and self.bits & COLOR_BITS[color]))

    def __repr__(self) -> str:
        return f"Hand({self.cards!r})"
