"""The kinds of state the client model is in: connection status, screen, prompt; a LAN server."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Status(enum.Enum):
    IDLE = "idle"  # not connected and not trying (choosing a server)
    CONNECTING = "connecting"
    CONNECTED = "connected"
    LOST = "lost"  # the connection dropped; retrying
    FAILED = "failed"  # given up: the seat was taken over, or the server refused us


class Screen(enum.Enum):
    BROWSE = "browse"  # choosing a server (``uno join`` without an address)
    CONNECTING = "connecting"
    LOBBY = "lobby"
    CREATE = "create"  # the new-table form
    WAITING = "waiting"  # in a room before the start
    TABLE = "table"


class Prompt(enum.Enum):
    NONE = "none"
    QUIT = "quit"
    HOST_QUIT = "host_quit"  # the host quits a match: end it for everyone, or keep it for later
    LEAVE = "leave"  # leave the table? (a confirmation, like QUIT)
    CHAT = "chat"
    PASSWORD = "password"
    COLOR = "color"  # the colour of the wild being played
    START_COLOR = "start_color"  # the colour of a Wild turned up as the first card (R6)
    SEAT = "seat"  # whom a 7 swaps hands with (R15)
    CHALLENGE = "challenge"  # challenge or accept a Wild Draw Four (R12)
    HELP = "help"  # the help screen (the keys bound now): any key closes it


@dataclass(frozen=True)
class ServerEntry:
    """A server found on the LAN."""

    name: str
    host: str
    port: int
    tables: int = 0
    free_seats: int = 0
    rules: str = ""
    players: int = 0
