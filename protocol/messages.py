"""Every message of the protocol, as frozen dataclasses checked on construction.

On the wire a message is one msgpack map: ``{"type": <name>, <field>: <value>, ...}``; messages
from the server also carry ``"seq"`` (added by ``Connection``). Fields with a default may be
left out; any other missing field, any extra field or any mistyped field is a ``ProtocolError``.
The names of client and server messages live in two separate namespaces (both have ``chat``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.bots import BOT_LEVELS as BOT_LEVELS  # (the engine's, here too)
from engine.bots import DEFAULT_BOT_LEVEL as DEFAULT_BOT_LEVEL
from engine.state import MAX_SEATS, MIN_SEATS

from .cards import COLOR_LETTERS as COLOR_LETTERS  # (the engine's colours, spelt for the wire)
from .cards import CardText
from .fields import Bool, Choice, Int, List, Map, Optional, Scalar, Str
from .kinds import ActionKind, LeftReason, RoomRole
from .limits import (
    DEFAULT_BOT_DELAY,
    DEFAULT_TURN_TIMEOUT,
    HISTORY_BATCHES,
    HISTORY_CHAT,
    LANGUAGES,
    LATE_JOIN,
    MAX_CHAT,
    MAX_ERROR_TEXT,
    MAX_INSTANCE,
    MAX_PASSWORD,
    MAX_REF,
    MAX_REPLAY_BYTES,
    MAX_ROOM_NAME,
    MAX_ROOMS_LISTED,
    MAX_SERVER_ID,
    MAX_SERVER_NAME,
    MAX_TOKEN,
    PRESET_NAMES,
    REMATCH_ORDERS,
)
from .records import BOT_DELAY, LEVEL, NAME, ROOM_ID, SEAT, SECONDS
from .records import ChatLine as ChatLine
from .records import RoomInfo as RoomInfo
from .records import RoomSummary as RoomSummary
from .records import SeatInfo as SeatInfo
from .registry import Message as Message
from .registry import Sender as Sender
from .registry import decode_message as decode_message
from .registry import message
from .registry import message_types as message_types
from .structs import Struct as Struct
from .structs import _StructSpec as _StructSpec  # (for the tests' message strategies)
from .structs import nested, spec

# ---------------------------------------------------------------------------- messages


# --- both ways


@message("ping", Sender.BOTH)
@dataclass(frozen=True, slots=True)
class Ping(Message):
    """Are you there? Answer with a ``pong`` carrying the same nonce."""

    nonce: int = spec(Int(0, 2**31 - 1))


@message("pong", Sender.BOTH)
@dataclass(frozen=True, slots=True)
class Pong(Message):
    nonce: int = spec(Int(0, 2**31 - 1))


# --- client to server


@message("hello", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Hello(Message):
    """First message of a connection. ``token`` resumes an earlier session and its seat.
    ``instance`` (the client program's own random name) and ``attempt`` (its count of the
    connections it opened) let the server tell a stale connection of the same program, given up
    on and delivered late, from a newer one: the stale one does not take the seat. ``bot``: the
    program plays by itself (``uno bots``), so the host's role never passes to it from a person."""

    version: int = spec(Int(0, 2**31 - 1))
    name: str = spec(NAME)
    lang: str = spec(Str(2, choices=LANGUAGES), "en")
    token: str | None = spec(Optional(Str(MAX_TOKEN, 1)), None)
    instance: str | None = spec(Optional(Str(MAX_INSTANCE, 1)), None)
    attempt: int = spec(Int(0, 2**31 - 1), 0)
    bot: bool = spec(Bool(), False)


@message("list_rooms", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class ListRooms(Message):
    pass


@message("create_room", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class CreateRoom(Message):
    """Create a room and sit in it as its host. ``rules`` overrides options of ``preset``;
    ``turn_timeout`` 0 turns turn timeouts off."""

    name: str = spec(Str(MAX_ROOM_NAME, 1, text=True))
    preset: str = spec(Str(16, choices=PRESET_NAMES), "official")
    rules: dict[str, Any] = spec(Map(32, Scalar()), factory=dict)
    seats: int = spec(Int(MIN_SEATS, MAX_SEATS), 4)
    bots: int = spec(Int(0, 9), 0)
    bot_level: str = spec(LEVEL, DEFAULT_BOT_LEVEL)
    turn_timeout: float = spec(SECONDS, DEFAULT_TURN_TIMEOUT)
    bot_delay: float = spec(BOT_DELAY, DEFAULT_BOT_DELAY)
    password: str | None = spec(Optional(Str(MAX_PASSWORD, 1)), None)
    late_join: str = spec(Str(10, choices=LATE_JOIN), "now")


@message("join_room", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class JoinRoom(Message):
    room: str = spec(ROOM_ID)
    password: str | None = spec(Optional(Str(MAX_PASSWORD, 1)), None)
    spectate: bool = spec(Bool(), False)


@message("leave_room", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class LeaveRoom(Message):
    pass


@message("add_bot", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class AddBot(Message):
    """Host only, before the start: a bot of ``level`` (None: the room's ``bot_level``)."""

    level: str | None = spec(Optional(LEVEL), None)


@message("set_bot_level", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class SetBotLevel(Message):
    """Host only, before the start: the level of the bot at ``seat``."""

    seat: str = spec(SEAT)
    level: str = spec(LEVEL)


@message("remove_bot", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class RemoveBot(Message):
    seat: str = spec(SEAT)


@message("set_rules", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class SetRules(Message):
    """Host only, before the start: a preset and overrides, and optionally the timing."""

    preset: str = spec(Str(16, choices=PRESET_NAMES))
    rules: dict[str, Any] = spec(Map(32, Scalar()), factory=dict)
    turn_timeout: float | None = spec(Optional(SECONDS), None)
    bot_delay: float | None = spec(Optional(BOT_DELAY), None)
    bot_level: str | None = spec(Optional(LEVEL), None)
    late_join: str | None = spec(Optional(Str(10, choices=LATE_JOIN)), None)


@message("start", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Start(Message):
    """Host only: start the match. ``fill``: bots (of the room's ``bot_level``) take the empty
    seats first; else the match is played by the seats taken (at least 2). After a match, the
    rematch at once, in the seat order an acceptance chose, else ``order`` (as ``rematch``'s)."""

    fill: bool = spec(Bool(), False)
    order: str | None = spec(Optional(Str(12, choices=REMATCH_ORDERS)), None)


@message("rematch", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Rematch(Message):
    """After a match: accept another with the same seats and rules, or (``accept`` false)
    decline it and leave the table. The first acceptance chooses ``order``."""

    order: str = spec(Str(12, choices=REMATCH_ORDERS), "keep")
    accept: bool = spec(Bool(), True)


@message("take_seat", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class TakeSeat(Message):
    """A spectator asks for a seat: a free one, or a bot's (``seat``: that bot's, if given). The
    answer is ``joined`` (seated now) or ``queued`` (waiting). ``cancel`` leaves the line."""

    seat: str | None = spec(Optional(SEAT), None)
    cancel: bool = spec(Bool(), False)


@message("action", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Act(Message):
    """A move in the game, for the sender's own seat. Which fields matter depends on ``kind``:
    ``play``/``jump_in`` take ``card`` (and ``color`` for a wild, ``target`` for a 7 under 7-0,
    ``uno`` to say UNO with it); ``choose_color`` takes ``color``; ``catch`` takes ``target``."""

    kind: ActionKind = spec(Choice(ActionKind))
    card: str | None = spec(Optional(CardText()), None)
    color: str | None = spec(Optional(Str(1, choices=COLOR_LETTERS)), None)
    target: str | None = spec(Optional(SEAT), None)
    uno: bool = spec(Bool(), False)


@message("sync", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Sync(Message):
    """Ask for a fresh ``view`` (after a gap in ``seq``)."""


@message("back", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Back(Message):
    """I am here: your seat, marked away (``SeatInfo.away``), is played by you again. Any
    ``action`` or ``sync`` says the same; ``back`` says it without asking for anything else."""


@message("away", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Away(Message):
    """I step away: the stand-in plays my seat's turns, at a bot's pace, until I am back
    (``back``, any ``action`` or ``sync``)."""


@message("more_time", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class MoreTime(Message):
    """Between two hands of a match, hold the next deal back a while longer (to read the board):
    the server adds some seconds to the countdown of every view, a few times per pause at most."""


@message("quit", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Quit(Message):
    """I am closing my client, on purpose: keep my seat (as for a lost connection) and tell the
    table I quit rather than lost the connection. The server says ``bye`` (``quit``) and closes
    the connection; a ``hello`` with the token takes the seat back."""


@message("chat", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class Say(Message):
    """Chat to the lobby, or to the room you are in."""

    text: str = spec(Str(MAX_CHAT, 1, text=True))


# --- client to server: replays (issue 13)


@message("get_replay", Sender.CLIENT)
@dataclass(frozen=True, slots=True)
class GetReplay(Message):
    """Ask for the replay of finished hand ``hand`` (its number) of the match of your room."""

    hand: int = spec(Int(1, 10_000))


# --- server to client


@message("welcome", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class Welcome(Message):
    """The handshake succeeded. Keep ``token``: sending it in a later ``hello`` takes your seat
    back. ``resumed`` tells whether a seat was found for the token you sent; ``kept``, that it
    holds a seat in a match kept for later that is not open yet (you are put back in it when the
    host opens it). ``server_id`` names the server whatever address reached it (kept across its
    restarts): keep tokens by it. ``hosted``: the server runs in a player's ``uno host``, and
    stops when its host does."""

    server: str = spec(Str(MAX_SERVER_NAME, 1, text=True))
    version: str = spec(Str(32, 1))
    protocol: int = spec(Int(0, 2**31 - 1))
    token: str = spec(Str(MAX_TOKEN, 1))
    name: str = spec(NAME)
    resumed: bool = spec(Bool(), False)
    server_id: str = spec(Str(MAX_SERVER_ID), "")
    kept: bool = spec(Bool(), False)
    hosted: bool = spec(Bool(), False)


@message("error", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class Error(Message):
    """A request was refused. ``ref`` is the refused message's type, when known. After a
    ``fatal`` error the server closes the connection."""

    code: str = spec(Str(32, 1))
    message: str = spec(Str(MAX_ERROR_TEXT))
    ref: str | None = spec(Optional(Str(MAX_REF)), None)
    fatal: bool = spec(Bool(), False)


@message("rooms", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class Rooms(Message):
    rooms: tuple[RoomSummary, ...] = nested(RoomSummary, many=MAX_ROOMS_LISTED)
    more: int = spec(Int(0, 1_000_000), 0)  # rooms left out of the list (it fills one message)


@message("joined", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class Joined(Message):
    """You are in ``room``, as a ``player`` (at ``seat``) or a ``spectator``."""

    room: RoomInfo = nested(RoomInfo)
    role: RoomRole = spec(Choice(RoomRole))
    seat: str | None = spec(Optional(SEAT), None)


@message("room", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class RoomUpdate(Message):
    """The room changed: somebody came, left, dropped, came back; rules or bots changed."""

    room: RoomInfo = nested(RoomInfo)


@message("queued", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class Queued(Message):
    """You (a spectator) wait for a seat: ``position`` in the line (1 first, 0: not in it any
    more); ``seat``: the bot's seat you take when the next hand is dealt (nil: none is free)."""

    position: int = spec(Int(0, 10_000))
    seat: str | None = spec(Optional(SEAT), None)


@message("left", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class Left(Message):
    """You are back in the lobby. ``reason``: ``left`` or ``room_closed`` (a connection replaced
    by a newer one gets ``bye`` ``replaced`` instead)."""

    reason: LeftReason = spec(Choice(LeftReason))


@message("view", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class ViewMsg(Message):
    """The whole game as your seat may see it (see PROTOCOL.md, "The view")."""

    view: dict[str, Any] = spec(Map(64))
    deadline: float | None = spec(Optional(SECONDS), None)


@message("events", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class Events(Message):
    """What just happened, redacted for your seat, in order, and ``view``: your whole view after
    it (as in the ``view`` message). ``deadline`` is the current turn's."""

    events: tuple[dict[str, Any], ...] = spec(List(Map(16), 512))
    current: str | None = spec(Optional(SEAT), None)
    deadline: float | None = spec(Optional(SECONDS), None)
    view: dict[str, Any] | None = spec(Optional(Map(64)), None)


@message("history", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class History(Message):
    """What happened lately in the room you just joined or came back to, oldest first:
    ``events``, the recent changes at the table (each the ``events`` of one ``events`` message,
    redacted for you), and ``chat``, the recent chat of the room. ``names``, one per batch of
    ``events``: who sat where then (seat id to name), since seats change hands (a bot's taken
    over, a person left) and the past must not be told with today's names."""

    events: tuple[tuple[dict[str, Any], ...], ...] = spec(List(List(Map(16), 512), HISTORY_BATCHES))
    chat: tuple[ChatLine, ...] = nested(ChatLine, many=HISTORY_CHAT)
    names: tuple[dict[str, Any], ...] = spec(List(Map(16), HISTORY_BATCHES), ())


@message("chat", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class ChatMsg(Message):
    """``scope`` is ``lobby`` or ``room``; ``source`` is the speaker's name."""

    source: str = spec(NAME)
    text: str = spec(Str(MAX_CHAT, 1, text=True))
    scope: str = spec(Str(8, choices=("lobby", "room")))


@message("bye", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class Bye(Message):
    """The server closes the connection; ``reason`` e.g. ``shutdown``, ``timeout``, ``flood``."""

    reason: str = spec(Str(32, 1))
    message: str = spec(Str(MAX_ERROR_TEXT), "")


# --- server to client: replays (issue 13)


@message("replay", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class ReplayMsg(Message):
    """The answer to ``get_replay``: ``replay`` is the hand's replay document, the text of a
    replay file (docs/REPLAY.md); read it as untrusted input, like any message."""

    hand: int = spec(Int(1, 10_000))
    replay: str = spec(Str(MAX_REPLAY_BYTES, 1))


# ---- the UNO call's grace (issue 13): who may not be caught yet, and for how long


@message("uno_grace", Sender.SERVER)
@dataclass(frozen=True, slots=True)
class UnoGrace(Message):
    """``seat`` went down to one card without saying UNO: a catch of it counts only after
    ``seconds`` more (until then the server refuses it with ``catch_too_early``). ``seconds`` 0:
    that window has closed (the seat said UNO, the next player moved, or the time ran out)."""

    seat: str = spec(SEAT)
    seconds: float = spec(SECONDS)
