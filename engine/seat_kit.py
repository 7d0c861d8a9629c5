"""The actions and events that name one seat, each built once, and the one builder of plays.

A frozen dataclass takes a microsecond or more to build, and a hand makes the same few hundred of
them thousands of times: the engine hands out shared instances instead. They are values that
depend on the seat's name only, so the games with a seat of that name share them (``seat_kit``),
and sharing them is invisible to callers.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    Draw,
    JumpIn,
    KeepDrawing,
    Pass,
    PlayCard,
)
from .cards import Card, Color
from .events import CardPlayed, DrawReason, Drew, Passed, Skipped, TurnStarted
from .hand import BIT, COLORS

_NO_TARGET: tuple[str | None, ...] = (None,)


def build_plays(kind: type[PlayCard] | type[JumpIn], seat: str, card: Card, two_left: bool,
                targets: Sequence[str | None] = _NO_TARGET) -> tuple[Action, ...]:
    """Every way ``seat`` may play ``card`` as ``kind``: a wild's in the four colours (in the
    order of ``COLORS``), a 7's under 7-0 naming each of ``targets``; with two cards in hand
    (``two_left``), with and without saying UNO."""
    unos = (False, True) if two_left else (False,)
    if kind is JumpIn:
        return tuple(JumpIn(seat, card, t, u) for t in targets for u in unos)
    colors: tuple[Color | None, ...] = COLORS if card.color is None else (None,)
    return tuple(PlayCard(seat, card, c, t, u) for c in colors for t in targets for u in unos)


class SeatKit:
    """The immutable actions and events that name ``seat``."""

    __slots__ = (
        "accept",
        "call_uno",
        "catches",
        "challenge",
        "draw",
        "drew",
        "keep_drawing",
        "pass_",
        "passed",
        "played",
        "plays",
        "plays_two",
        "seat",
        "skipped",
        "turn_started",
    )

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.draw = Draw(seat)
        self.pass_ = Pass(seat)
        self.keep_drawing = KeepDrawing(seat)
        self.challenge = Challenge(seat)
        self.accept = Accept(seat)
        self.call_uno = CallUno(seat)
        self.turn_started = TurnStarted(seat)
        self.passed = Passed(seat)
        self.skipped = Skipped(seat)
        self.catches: dict[str, Catch] = {}  # by target
        # The PlayCard actions by card bit (see hand.BIT), with a hand of any size but 2 and with
        # 2. A 7 under 7-0 names the seat it swaps with, which depends on the game: the legal
        # actions build those themselves and never look them up here.
        self.plays = {bit: build_plays(PlayCard, seat, card, False) for card, bit in BIT.items()}
        self.plays_two = {bit: build_plays(PlayCard, seat, card, True) for card, bit in BIT.items()}
        self.played: dict[Color, dict[Card, CardPlayed]] = {c: {} for c in COLORS}  # by colour after
        self.drew: dict[DrawReason, dict[Card, Drew]] = {}  # one card drawn, by reason and card

    def catch(self, target: str) -> Catch:
        action = self.catches.get(target)
        if action is None:
            action = self.catches[target] = Catch(self.seat, target)
        return action

    def card_played(self, card: Card, color: Color) -> CardPlayed:
        event = self.played[color].get(card)
        if event is None:
            event = self.played[color][card] = CardPlayed(self.seat, card, color)
        return event

    def drew_one(self, card: Card, reason: DrawReason) -> Drew:
        by_card = self.drew.get(reason)
        if by_card is None:
            by_card = self.drew[reason] = {}
        event = by_card.get(card)
        if event is None:
            event = by_card[card] = Drew(self.seat, 1, (card,), reason)
        return event


_KITS: dict[str, SeatKit] = {}
_MAX_KITS = 256  # a kit fully grown holds some 600 small objects: keep a few seat names' worth


def seat_kit(seat: str) -> SeatKit:
    kit = _KITS.get(seat)
    if kit is None:
        if len(_KITS) >= _MAX_KITS:
            _KITS.clear()
        kit = _KITS[seat] = SeatKit(seat)
    return kit
