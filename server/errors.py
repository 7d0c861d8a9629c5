"""Codes of the ``error`` messages the server sends for refused requests (beyond the protocol's
and the engine's own codes). They are stable: clients may depend on them."""

from __future__ import annotations

RATE_LIMITED = "rate_limited"  # chat too fast
NO_SUCH_ROOM = "no_such_room"
ROOM_FULL = "room_full"
WRONG_PASSWORD = "wrong_password"
NOT_HOST = "not_host"  # only the room's host may do that
ALREADY_STARTED = "already_started"  # the match is on: join as a spectator, or wait
NOT_STARTED = "not_started"  # no game yet
NOT_ENOUGH_PLAYERS = "not_enough_players"
BAD_RULES = "bad_rules"
NO_SUCH_SEAT = "no_such_seat"
SERVER_FULL = "server_full"
TOO_MANY_ROOMS = "too_many_rooms"  # this address has opened as many rooms as it may at once
INTERNAL = "internal_error"  # a bug on the server's side; the request had no effect

SERVER_CODES = (RATE_LIMITED, NO_SUCH_ROOM, ROOM_FULL, WRONG_PASSWORD, NOT_HOST, ALREADY_STARTED,
                NOT_STARTED, NOT_ENOUGH_PLAYERS, BAD_RULES, NO_SUCH_SEAT, SERVER_FULL, TOO_MANY_ROOMS,
                INTERNAL)


class Refused(Exception):
    """Raised by lobby and room code to refuse a request; becomes an ``error`` message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
