"""The closed sets of words the protocol uses, as ``str`` enums.

Each member's value is its wire string, and a member is a ``str``: it packs to the same bytes, and
compares equal to the plain string (``SeatKind.BOT == "bot"``). Messages hold members: a field
given a plain string is turned into its member when the message is built.
"""

from __future__ import annotations

import enum


class ActionKind(enum.StrEnum):
    """``action.kind``: which move (see PROTOCOL.md, "Actions")."""

    PLAY = "play"
    JUMP_IN = "jump_in"
    DRAW = "draw"
    KEEP_DRAWING = "keep_drawing"
    PASS = "pass"
    CHOOSE_COLOR = "choose_color"
    CHALLENGE = "challenge"
    ACCEPT = "accept"
    CALL_UNO = "call_uno"
    CATCH = "catch"


class SeatKind(enum.StrEnum):
    """``SeatInfo.kind``: who sits there."""

    HUMAN = "human"
    BOT = "bot"


class RoomRole(enum.StrEnum):
    """``joined.role``: at a seat, or watching."""

    PLAYER = "player"
    SPECTATOR = "spectator"


class LeftReason(enum.StrEnum):
    """``left.reason``: why you are back in the lobby."""

    LEFT = "left"  # you asked
    ROOM_CLOSED = "room_closed"  # the room is gone


__all__ = ["ActionKind", "LeftReason", "RoomRole", "SeatKind"]
