"""What a seat can do. Every action names the seat that acts; the game checks it is allowed."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Color


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card on your turn (R7). ``color`` is the declared colour of a wild and must be None
    otherwise; ``target`` is the seat a 7 swaps hands with under 7-0 (R15); ``uno`` says UNO with
    the next-to-last card (R17)."""

    seat: str
    card: Card
    color: Color | None = None
    target: str | None = None
    uno: bool = False


@dataclass(frozen=True, slots=True)
class JumpIn:
    """Play a card identical to the top card out of turn (R15); play continues from you."""

    seat: str
    card: Card
    target: str | None = None
    uno: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw on your turn: one card (R8), until a playable one (R9), or a pending total (R10, R14)."""

    seat: str


@dataclass(frozen=True, slots=True)
class KeepDrawing:
    """Under draw-until-playable (R9): draw one more card although you could play."""

    seat: str


@dataclass(frozen=True, slots=True)
class Pass:
    """End your turn after drawing a playable card you keep (R8)."""

    seat: str


@dataclass(frozen=True, slots=True)
class ChooseColor:
    """Name the colour of a Wild turned up as the starting card (R6)."""

    seat: str
    color: Color


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw Four just played on you (R12)."""

    seat: str


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the Wild Draw Four just played on you: draw and lose the turn (R12)."""

    seat: str


@dataclass(frozen=True, slots=True)
class CallUno:
    """Say UNO: with one card left, or with two on your turn before playing (R17)."""

    seat: str


@dataclass(frozen=True, slots=True)
class Catch:
    """Catch ``target``, who is down to one card without having said UNO (R17)."""

    seat: str
    target: str


Action = PlayCard | JumpIn | Draw | KeepDrawing | Pass | ChooseColor | Challenge | Accept | CallUno | Catch

# Actions that take or end a turn; they close the window for catching a forgotten UNO (R17).
TURN_ACTIONS = (PlayCard, JumpIn, Draw, KeepDrawing, Pass, ChooseColor, Challenge, Accept)

# What ``engine`` re-exports.
__all__ = ["Accept", "Action", "CallUno", "Catch", "Challenge", "ChooseColor", "Draw", "JumpIn",
           "KeepDrawing", "Pass", "PlayCard"]
