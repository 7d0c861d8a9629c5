"""What one seat may know of a game, and the results of hands and matches."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card, Color
from .rules import RuleSet


@dataclass(frozen=True, slots=True)
class HandResult:
    """The hand is over: ``winner`` emptied their hand and scored ``points`` (R18, R19).

    In a view, ``hands`` shows what every seat still held, in seat order: the cards the points
    were counted from, shown to everybody once the hand is over (as at a real table)."""

    winner: str
    points: int
    hands: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """The match is over: ``winner`` reached the target, or won the single hand (R20)."""

    winner: str
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class View:
    """A seat's knowledge of the game. ``seat`` and ``hand`` are None for a spectator.

    Per-seat tuples (``hand_sizes``, ``uno_said``, ``scores``) follow the order of ``seats``.
    ``legal`` lists the actions this seat may take now (empty for a spectator).
    """

    seat: str | None
    seats: tuple[str, ...]
    rules: RuleSet
    hand_number: int
    dealer: str
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    top: Card
    color: Color | None  # None only while the first player chooses a starting Wild's colour
    direction: int  # +1: seat order ("clockwise"); -1: the other way
    current: str
    pending_draw: int  # cards the current player must draw unless they stack
    challenge_from: str | None  # seat whose Wild Draw Four awaits challenge or accept (R12)
    challenge_color: Color | None  # colour in play when that Wild Draw Four was played
    awaiting_color: bool  # the current player must name the starting Wild's colour (R6)
    has_drawn: bool  # the current player drew this turn and may still play
    drawn: Card | None  # the card you drew this turn under R8 (own view only)
    uno_said: tuple[bool, ...]
    uno_open: str | None  # seat that can be caught for a forgotten UNO right now (R17)
    draw_pile: int
    discard_pile: int
    scores: tuple[int, ...]
    hand_result: HandResult | None
    outcome: MatchOutcome | None
    legal: tuple[Action, ...]

    def size_of(self, seat: str) -> int:
        return self.hand_sizes[self.seats.index(seat)]
