"""What happened, as returned by ``Game.apply``. ``event.for_seat(seat)`` redacts an event for one
seat: a card someone draws is shown to that seat only; everybody else learns how many were drawn;
the hand shown to settle a challenge is shown to the challenger (and its owner) only.
``for_seat(None)`` is the spectators' version.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card, Color


class DrawReason(enum.StrEnum):
    """Why a seat drew (``Drew.reason``); the values are the wire's strings."""

    DRAW = "draw"  # its own draw (R8, R9)
    KEEP_DRAWING = "keep_drawing"  # one more under draw-until-playable (R9)
    DRAW_TWO = "draw_two"  # a Draw Two's total (R10, R14)
    WILD_DRAW_FOUR = "wild_draw_four"  # a Wild Draw Four's total (R10, R12, R15)
    CHALLENGE = "challenge"  # a challenge lost, by either side (R12)
    UNO_PENALTY = "uno_penalty"  # caught without saying UNO (R17)
    FALSE_CATCH = "false_catch"  # a catch of a seat that could not be caught (R17 option)


class StandInReason(enum.StrEnum):
    """Why a stand-in moves for a seat (``StandIn.reason``); the values are the wire's strings."""

    TIMEOUT = "timeout"  # the turn's time ran out
    AWAY = "away"  # the seat's person is away


@dataclass(frozen=True, slots=True)
class _Public:
    def for_seat(self, viewer: str | None) -> Event:
        return self  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class HandStarted(_Public):
    hand_number: int
    dealer: str
    direction: int


@dataclass(frozen=True, slots=True)
class Dealt:
    """``cards`` is None for every seat but ``seat``."""

    seat: str
    count: int
    cards: tuple[Card, ...] | None

    def for_seat(self, viewer: str | None) -> Event:
        return self if viewer == self.seat else Dealt(self.seat, self.count, None)


@dataclass(frozen=True, slots=True)
class StartingCard(_Public):
    """The card turned up to start the discard pile (R3, R6). ``returned`` means a Wild Draw Four
    that went back into the pile."""

    card: Card
    returned: bool = False


@dataclass(frozen=True, slots=True)
class TurnStarted(_Public):
    seat: str


@dataclass(frozen=True, slots=True)
class CardPlayed(_Public):
    """``color`` is the colour in play after the card (the declared colour for a wild)."""

    seat: str
    card: Card
    color: Color
    jump_in: bool = False


@dataclass(frozen=True, slots=True)
class ColorChosen(_Public):
    seat: str
    color: Color


@dataclass(frozen=True, slots=True)
class Drew:
    """``reason``: a ``DrawReason``. ``cards`` is None for every seat but ``seat``.

    ``reason`` is annotated ``str`` (a ``DrawReason`` is one) while protocol/ decodes it by its
    annotation as a plain string: the values are the same on the wire."""

    seat: str
    count: int
    cards: tuple[Card, ...] | None
    reason: str

    def for_seat(self, viewer: str | None) -> Event:
        return self if viewer == self.seat else Drew(self.seat, self.count, None, self.reason)


@dataclass(frozen=True, slots=True)
class DrawSkipped(_Public):
    """Nothing was left to draw, even after reshuffling (R16)."""

    seat: str


@dataclass(frozen=True, slots=True)
class Reshuffled(_Public):
    """The discard pile but its top card became the draw pile (R16)."""

    count: int


@dataclass(frozen=True, slots=True)
class Passed(_Public):
    seat: str


@dataclass(frozen=True, slots=True)
class Skipped(_Public):
    """``seat`` loses its turn."""

    seat: str


@dataclass(frozen=True, slots=True)
class DirectionChanged(_Public):
    direction: int


@dataclass(frozen=True, slots=True)
class Challenged:
    """``seat`` challenged ``target``'s Wild Draw Four; ``guilty`` says who draws (R12). ``hand``
    is the hand ``target`` showed ``seat`` to settle it (Mattel), before any card it draws for
    it: None for every seat but those two."""

    seat: str
    target: str
    guilty: bool
    hand: tuple[Card, ...] | None = None

    def for_seat(self, viewer: str | None) -> Event:
        if viewer == self.seat or viewer == self.target or self.hand is None:
            return self
        return Challenged(self.seat, self.target, self.guilty, None)


@dataclass(frozen=True, slots=True)
class UnoCalled(_Public):
    seat: str


@dataclass(frozen=True, slots=True)
class Caught(_Public):
    """``seat`` caught ``target``. ``false_catch``: the target was not open to a catch."""

    seat: str
    target: str
    false_catch: bool = False


@dataclass(frozen=True, slots=True)
class HandsExchanged:
    """A 7 (``target`` set) or a 0 (``target`` None) moved hands (R15). ``hands`` lists each seat
    whose hand changed with its new count and, for the viewer only, its new cards."""

    seat: str
    target: str | None
    hands: tuple[tuple[str, int, tuple[Card, ...] | None], ...]

    def for_seat(self, viewer: str | None) -> Event:
        hidden = tuple(
            (seat, count, cards if seat == viewer else None) for seat, count, cards in self.hands
        )
        return HandsExchanged(self.seat, self.target, hidden)

    def sources(self, seats: Sequence[str], direction: int) -> dict[str, str]:
        """Whose hand each seat whose hand moved holds now (``seats`` in seat order, ``direction``
        the play's): after a 7 its two seats each other's, after a 0 every seat the hand of the
        seat before it in the direction of play (R15)."""
        if self.target is not None:
            return {self.seat: self.target, self.target: self.seat}
        n = len(seats)
        return {s: seats[(i - direction) % n] for i, s in enumerate(seats)}


@dataclass(frozen=True, slots=True)
class StandIn(_Public):
    """The moves after this event, up to the end of the turn, are made for ``seat`` by a stand-in
    (``engine.bots.stand_in``): ``reason`` a ``StandInReason`` (annotated ``str`` as
    ``Drew.reason`` is). ``Game`` never makes this event: the server adds it."""

    seat: str
    reason: str


@dataclass(frozen=True, slots=True)
class HandEnded(_Public):
    """``points`` won by ``winner`` (R19); ``scores`` after the hand, in seat order."""

    winner: str
    points: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded(_Public):
    winner: str
    scores: tuple[int, ...]


Event = (
    HandStarted | Dealt | StartingCard | TurnStarted | CardPlayed | ColorChosen | Drew
    | DrawSkipped | Reshuffled | Passed | Skipped | DirectionChanged | Challenged | UnoCalled
    | Caught | HandsExchanged | StandIn | HandEnded | MatchEnded
)


def is_public(event: Event) -> bool:
    """Whether everybody sees ``event`` as it is (its ``for_seat`` gives it back unchanged)."""
    return isinstance(event, _Public)
