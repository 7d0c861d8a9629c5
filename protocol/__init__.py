"""The wire protocol: msgpack messages over a byte stream, sans-IO (no sockets, no clocks).

See docs/PROTOCOL.md for the full description.
"""

from . import codec
from .connection import CLIENT_SENDS, NEED_DATA, SERVER_SENDS, TRANSITIONS, Connection, Role, State
from .errors import CODES, LocalProtocolError, ProtocolError
from .fields import clean_text, is_clean_text
from .messages import (
    ACTION_KINDS,
    BOT_LEVELS,
    HISTORY_BATCHES,
    HISTORY_CHAT,
    LANGUAGES,
    LATE_JOIN,
    MAX_CHAT,
    MAX_MESSAGE_BYTES,
    MAX_NAME,
    PRESET_NAMES,
    PROTOCOL_VERSION,
    Act,
    AddBot,
    Back,
    Bye,
    ChatLine,
    ChatMsg,
    CreateRoom,
    Error,
    Events,
    Hello,
    History,
    Joined,
    JoinRoom,
    LeaveRoom,
    Left,
    ListRooms,
    Message,
    Ping,
    Pong,
    Queued,
    RemoveBot,
    RoomInfo,
    Rooms,
    RoomSummary,
    RoomUpdate,
    Say,
    SeatInfo,
    Sender,
    SetRules,
    Start,
    Sync,
    TakeSeat,
    ViewMsg,
    Welcome,
    decode_message,
    message_types,
)

__all__ = [
    "ACTION_KINDS", "BOT_LEVELS", "CLIENT_SENDS", "CODES", "HISTORY_BATCHES", "HISTORY_CHAT",
    "LANGUAGES", "LATE_JOIN", "MAX_CHAT", "MAX_MESSAGE_BYTES", "MAX_NAME", "NEED_DATA",
    "PRESET_NAMES", "PROTOCOL_VERSION", "SERVER_SENDS", "TRANSITIONS", "Act", "AddBot", "Back",
    "Bye", "ChatLine", "ChatMsg", "Connection", "CreateRoom", "Error", "Events", "Hello", "History",
    "JoinRoom", "Joined", "LeaveRoom", "Left", "ListRooms", "LocalProtocolError", "Message", "Ping",
    "Pong", "ProtocolError", "Queued", "RemoveBot", "Role", "RoomInfo", "RoomSummary", "RoomUpdate",
    "Rooms", "Say", "SeatInfo", "Sender", "SetRules", "Start", "State", "Sync", "TakeSeat",
    "ViewMsg", "Welcome", "clean_text", "codec", "decode_message", "is_clean_text", "message_types",
]
