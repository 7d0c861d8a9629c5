"""The rules of UNO, pure and deterministic: no sockets, clocks, threads or event loops."""

from .actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    KeepDrawing,
    Pass,
    PlayCard,
)
from .cards import CARD_KINDS, DECK_SIZE, Card, Color, Rank, full_deck
from .errors import RuleError
from .events import DrawReason, Event, StandInReason
from .game import Game, LegalActions
from .rng import KeyedRandom
from .rules import PRESETS, RuleSet, WildDrawFour
from .snapshot import SnapshotError
from .tracker import NotHeld, Tracker
from .view import HandResult, MatchOutcome, View

__all__ = [
    "CARD_KINDS",
    "DECK_SIZE",
    "PRESETS",
    "Accept",
    "Action",
    "CallUno",
    "Card",
    "Catch",
    "Challenge",
    "ChooseColor",
    "Color",
    "Draw",
    "DrawReason",
    "Event",
    "Game",
    "HandResult",
    "JumpIn",
    "KeepDrawing",
    "KeyedRandom",
    "LegalActions",
    "MatchOutcome",
    "NotHeld",
    "Pass",
    "PlayCard",
    "Rank",
    "RuleError",
    "RuleSet",
    "SnapshotError",
    "StandInReason",
    "Tracker",
    "View",
    "WildDrawFour",
    "full_deck",
]
