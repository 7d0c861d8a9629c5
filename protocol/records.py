"""The records that messages carry (a seat, a line of the room list, a room, a line of chat), and
the field types they share with the messages (protocol/messages.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.bots import BOT_LEVELS, DEFAULT_BOT_LEVEL
from engine.state import MAX_SEATS, MIN_SEATS

from .fields import Bool, Choice, Float, Int, List, Map, Optional, Scalar, Str
from .kinds import SeatKind
from .limits import (
    LATE_JOIN,
    MAX_BOT_DELAY,
    MAX_CHAT,
    MAX_COUNT,
    MAX_NAME,
    MAX_ROOM_NAME,
    MAX_SECONDS,
    REMATCH_ORDERS,
)
from .structs import Struct, nested, spec

NAME = Str(MAX_NAME, 1, text=True)
SEAT = Str(16, 1)
ROOM_ID = Str(16, 1)
SECONDS = Float(0, MAX_SECONDS)
BOT_DELAY = Float(0, MAX_BOT_DELAY)
LEVEL = Str(8, choices=BOT_LEVELS)  # a bot's level


@dataclass(frozen=True, slots=True)
class SeatInfo(Struct):
    """A seat at a table. ``kind`` is ``human`` or ``bot``; ``away`` means the stand-in plays
    for a person who missed several turns, until they are back; ``connected`` is false while a
    person is disconnected."""

    seat: str = spec(SEAT)
    name: str = spec(NAME)
    kind: SeatKind = spec(Choice(SeatKind))
    level: str | None = spec(Optional(LEVEL), None)
    connected: bool = spec(Bool(), True)
    away: bool = spec(Bool(), False)
    # statistics (issue 13): this seat's player (a bot: its level) under the room's rules; nil: none kept
    hands: int | None = spec(Optional(Int(0, MAX_COUNT)), None)
    hands_won: int | None = spec(Optional(Int(0, MAX_COUNT)), None)
    # not connected because its person closed their client (``quit``), not because the
    # connection was lost: the seat waits for them all the same
    quit: bool = spec(Bool(), False)


@dataclass(frozen=True, slots=True)
class RoomSummary(Struct):
    """One line of the room list."""

    id: str = spec(ROOM_ID)
    name: str = spec(Str(MAX_ROOM_NAME, 1, text=True))
    host: str = spec(NAME)
    players: int = spec(Int(0, 10))
    seats: int = spec(Int(MIN_SEATS, MAX_SEATS))
    bots: int = spec(Int(0, 10))
    spectators: int = spec(Int(0, 10_000))
    preset: str = spec(Str(16, 1))
    started: bool = spec(Bool())
    password: bool = spec(Bool())
    rules: dict[str, Any] = spec(Map(32, Scalar()), factory=dict)
    turn_timeout: float | None = spec(Optional(SECONDS), None)
    # who sits there, with the statistics the server keeps of each (the lobby's line per player)
    seated: tuple[SeatInfo, ...] = nested(SeatInfo, many=MAX_SEATS, empty=True)
    # when a late arrival sits (as ``RoomInfo.late_join``); nil: not said (an older server)
    late_join: str | None = spec(Optional(Str(10, choices=LATE_JOIN)), None)
    # a match has ended, and its players answer the rematch (``started`` is false then)
    match_over: bool = spec(Bool(), False)


@dataclass(frozen=True, slots=True)
class RoomInfo(Struct):
    """Everything about a room but the game itself."""

    id: str = spec(ROOM_ID)
    name: str = spec(Str(MAX_ROOM_NAME, 1, text=True))
    host: str = spec(NAME)
    host_seat: str | None = spec(Optional(SEAT))
    max_seats: int = spec(Int(MIN_SEATS, MAX_SEATS))
    seats: tuple[SeatInfo, ...] = nested(SeatInfo, many=MAX_SEATS)
    spectators: int = spec(Int(0, 10_000))
    preset: str = spec(Str(16, 1))
    rules: dict[str, Any] = spec(Map(32, Scalar()))
    turn_timeout: float = spec(SECONDS)
    bot_delay: float = spec(BOT_DELAY)
    password: bool = spec(Bool())
    started: bool = spec(Bool())
    bot_level: str = spec(LEVEL, DEFAULT_BOT_LEVEL)
    late_join: str = spec(Str(10, choices=LATE_JOIN), "now")
    queue: int = spec(Int(0, 10_000), 0)
    rematch: tuple[str, ...] = spec(List(SEAT, 10), ())  # seats that accepted a rematch
    rematch_order: str | None = spec(Optional(Str(12, choices=REMATCH_ORDERS)), None)
    match_over: bool = spec(Bool(), False)  # (as ``RoomSummary.match_over``)


@dataclass(frozen=True, slots=True)
class ChatLine(Struct):
    """One line of a room's chat, as a ``chat`` message had it."""

    source: str = spec(NAME)
    text: str = spec(Str(MAX_CHAT, 1, text=True))
