"""The protocol's numbers and choices: its version, the sizes and counts a message may hold, and
the values some fields take. Messages (protocol/messages.py), replays and both ends read them
here, once."""

from __future__ import annotations

import re

from engine.rules import PRESETS

from .kinds import ActionKind

PROTOCOL_VERSION = 5
MAX_MESSAGE_BYTES = 64 * 1024
# what a message the server fills to the limit (a history, a room list) may take, leaving room
# for its type and seq
MESSAGE_BUDGET = MAX_MESSAGE_BYTES - 512
MAX_ROOMS_LISTED = 500  # summaries in one `rooms` message
MAX_NAME = 24
LEFT_MARK = " (bot)"  # on the name of a seat whose person left during a match (a bot plays on)


def left_seat_name(name: str) -> str:
    """The name a seat takes when its person leaves during a match: theirs, marked, within
    ``MAX_NAME`` (a client reads from ``history.names`` that they left); a name cut for it ends
    with "…" (found play-testing: "Hal the Magnificen (bot)")."""
    room = MAX_NAME - len(LEFT_MARK)
    return f"{name if len(name) <= room else name[:room - 1] + '…'}{LEFT_MARK}"


SELF_WORDS = ("you", "tú", "tu")  # what the table calls each player, to themselves


def reserved_name(name: str) -> bool:
    """Whether a person may not play under ``name`` (in any capitals and spacing): the word the
    table says to each player for themselves, a server's bot's ("Bot", "Bot 3"), or a seat left
    to a bot ("Kim (bot)"). Found play-testing: one named "You" read as every player's own moves
    in everyone's log ("You played a Wild Draw Four on you"), and one named "Bot 1" as a bot."""
    folded = " ".join(name.split()).casefold()
    return (folded in SELF_WORDS or re.fullmatch(r"bot ?\d*", folded) is not None
            or folded.endswith(LEFT_MARK))


MAX_CHAT = 200
MAX_ROOM_NAME = 32
MAX_PASSWORD = 64
MAX_SERVER_NAME = 64  # welcome.server: the name a server gives itself
MAX_ERROR_TEXT = 300  # the words of an ``error`` or a ``bye``
MAX_SECONDS = 3600  # a time a message carries: a room's time for a turn (0: none), a deadline
MAX_BOT_DELAY = 10  # how long a room's bots think before a move, in seconds
DEFAULT_TURN_TIMEOUT = 30.0
DEFAULT_BOT_DELAY = 1.0
DEFAULT_UNO_GRACE = 0.75  # a server's seconds before a catch counts (``uno_grace``)
MAX_TOKEN = 64
MAX_INSTANCE = 32  # a client program's name for itself (``hello.instance``)
HISTORY_BATCHES = 60  # changes at the table a ``history`` message may hold
HISTORY_CHAT = 40  # chat lines a ``history`` message may hold
MAX_SERVER_ID = 32  # welcome.server_id (a server makes 32 hex digits)
MAX_REF = 32  # an error's ``ref``: a message type
MAX_COUNT = 10**9  # a statistics count (``SeatInfo.hands``)
MAX_REPLAY_BYTES = 60_000  # a replay document (protocol/replays.py): it fits in a message
LANGUAGES = ("en", "es")
PRESET_NAMES: tuple[str, ...] = tuple(PRESETS)  # the engine's presets, by name
# When a late arrival takes over a bot's seat during a match: at once, or when the next hand
# is dealt (the host's choice, ``late_join`` of a room).
LATE_JOIN = ("now", "next_hand")
REMATCH_ORDERS = ("keep", "random", "winner_deals")  # a rematch's seat order (``rematch``)
ACTION_KINDS: tuple[str, ...] = tuple(kind.value for kind in ActionKind)
