"""The rules of UNO, pure and deterministic: no sockets, clocks, threads or event loops."""

from . import actions
from .actions import *  # noqa: F403 (the actions, as actions.__all__ lists them)
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
    *actions.__all__,
    "CARD_KINDS",
    "DECK_SIZE",
    "PRESETS",
    "Card",
    "Color",
    "DrawReason",
    "Event",
    "Game",
    "HandResult",
    "KeyedRandom",
    "LegalActions",
    "MatchOutcome",
    "NotHeld",
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
