"""Why the server refuses a request (beyond the protocol's and the engine's own reasons): one
``Refused`` subclass per cause, each with a stable ``code``. A refusal becomes an ``error``
message carrying that code; clients may depend on the codes, so they never change once published.
"""

from __future__ import annotations

from engine import RuleError
from protocol import Error, ProtocolError
from protocol.limits import MAX_ERROR_TEXT


class Refused(Exception):
    """Raised by lobby and room code to refuse a request; the request changed nothing."""

    code = "refused"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class RateLimited(Refused):
    """Raised when a person chats faster than their connection's chat allowance."""

    code = "rate_limited"


class NoSuchRoom(Refused):
    """Raised when a request names a room that is not open, or needs a room its sender is not in."""

    code = "no_such_room"


class RoomFull(Refused):
    """Raised when a person or a bot would sit in a room whose every seat is taken (by people),
    or a new room would leave no seat for its creator."""

    code = "room_full"


class WrongPassword(Refused):
    """Raised when a join gives a password that is not the room's."""

    code = "wrong_password"


class NotHost(Refused):
    """Raised when anyone but the room's host sends a host command."""

    code = "not_host"


class AlreadyStarted(Refused):
    """Raised when a request needs the match not to be on (join as a player, add or remove a
    seat, change the rules, start): watch it, or wait."""

    code = "already_started"


class NotStarted(Refused):
    """Raised when a move is sent where there is no game for the sender to play."""

    code = "not_started"


class NotEnoughPlayers(Refused):
    """Raised when a match would start with fewer than two seats."""

    code = "not_enough_players"


class BadRules(Refused):
    """Raised when a room's preset or rule overrides are not ones the engine knows."""

    code = "bad_rules"


class NoSuchSeat(Refused):
    """Raised when a request names a seat that is not there, or not of the kind it needs (a
    bot's seat to take, a bot or a dropped person to remove)."""

    code = "no_such_seat"


class NotABot(Refused):
    """Raised when a bot's level is set for a seat that a person holds."""

    code = "not_a_bot"


class ServerFull(Refused):
    """Raised when a room would be opened on a server that has as many as it may hold."""

    code = "server_full"


class TooManyRooms(Refused):
    """Raised when an address that has opened as many rooms as it may at once opens another."""

    code = "too_many_rooms"


class NoRematch(Refused):
    """Raised when a rematch is asked for where there is none to have: no match over, or the
    sender did not play in it."""

    code = "no_rematch"


class Internal(Refused):
    """Raised when the server fails on a request (a bug on the server's side): the dispatcher
    answers any other exception with one. The request had no effect."""

    code = "internal_error"


class NoReplay(Refused):
    """Raised when ``get_replay`` names no finished hand of the room's match (a hand still
    being played included), or the server keeps no history (``--no-history``)."""

    code = "no_replay"


class ReplayTooLarge(Refused):
    """Raised when a hand's replay does not fit in a message."""

    code = "replay_too_large"


class CatchTooEarly(Refused):
    """Raised when a player is caught for a forgotten UNO inside the grace that follows their
    going down to one card (``ServerConfig.uno_grace``): they may still say it."""

    code = "catch_too_early"


class CatchTooLate(Refused):
    """Raised when a catch arrives just after its player said UNO (or the next player moved):
    it crossed that move on the way, and is refused, not a false catch (found play-testing: a c
    sent with the other's u cost the catcher 2 cards where false catches cost them)."""

    code = "catch_too_late"


class NoMoreTime(Refused):
    """Raised when more time is asked where no deal waits (not between two hands of a match), or
    once the pause has been held back as long as it may be (``ServerConfig.more_time_limit``)."""

    code = "no_more_time"


CAUSES: tuple[type[Refused], ...] = (
    RateLimited, NoSuchRoom, RoomFull, WrongPassword, NotHost, AlreadyStarted, NotStarted,
    NotEnoughPlayers, BadRules, NoSuchSeat, NotABot, ServerFull, TooManyRooms, NoRematch, Internal,
    NoReplay, ReplayTooLarge, CatchTooEarly, CatchTooLate, NoMoreTime)
SERVER_CODES = tuple(cause.code for cause in CAUSES)
# The codes by name, for whoever compares codes (tests), in the order of CAUSES.
(RATE_LIMITED, NO_SUCH_ROOM, ROOM_FULL, WRONG_PASSWORD, NOT_HOST, ALREADY_STARTED, NOT_STARTED,
 NOT_ENOUGH_PLAYERS, BAD_RULES, NO_SUCH_SEAT, NOT_A_BOT, SERVER_FULL, TOO_MANY_ROOMS, NO_REMATCH,
 INTERNAL, NO_REPLAY, REPLAY_TOO_LARGE, CATCH_TOO_EARLY, CATCH_TOO_LATE, NO_MORE_TIME) = SERVER_CODES


def refusal(exc: RuleError | ProtocolError | Refused, ref: str) -> Error:
    """The ``error`` answering a refused request: every refusal carries a stable ``code``."""
    return Error(code=exc.code, message=str(exc)[:MAX_ERROR_TEXT], ref=ref)
