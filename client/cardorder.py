"""The order of the cards of a hand on screen (the table's, the board's, the replay's, a hand
a challenge shows): by colour, wilds last, then by rank."""

from __future__ import annotations

from engine.cards import Card, Color

_COLOR_ORDER = {Color.RED: 0, Color.YELLOW: 1, Color.GREEN: 2, Color.BLUE: 3, None: 4}
_RANK_ORDER = {rank: i for i, rank in enumerate(
    ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "W", "W+4"])}


def card_sort_key(card: Card) -> tuple[int, int]:
    """The hand's order on screen: by colour (wilds last), then by rank."""
    return _COLOR_ORDER[card.color], _RANK_ORDER[card.rank.value]
