"""The sans-IO connection: bytes in, messages out, and back. No sockets, no clocks.

Both ends keep the same session state. Only a few messages move it, listed in ``TRANSITIONS``;
``CLIENT_SENDS`` and ``SERVER_SENDS`` say which messages each side may send in each state. A
message the state does not allow is refused: a ``ProtocolError`` when it comes from the peer, a
``LocalProtocolError`` when our own side tries to send it.
"""

from __future__ import annotations

import dataclasses
import enum
import threading
from typing import Any, Final

import msgpack

from .errors import (
    BAD_ENCODING,
    MISSING_FIELD,
    NOT_ALLOWED_NOW,
    TOO_LARGE,
    VERSION_MISMATCH,
    LocalProtocolError,
    ProtocolError,
)
from .fields import is_clean_text
from .headers import HeaderWalk, TooLong
from .limits import MAX_MESSAGE_BYTES, MAX_REF, PROTOCOL_VERSION
from .messages import Bye, Error, Events, Joined, Message, Sender, ViewMsg, decode_message


class Role(enum.Enum):
    CLIENT = "client"
    SERVER = "server"


class State(enum.Enum):
    HANDSHAKE = "handshake"  # connected; the client must say hello
    GREETING = "greeting"  # hello sent; waiting for welcome
    LOBBY = "lobby"
    PLAYER = "player"  # seated in a room
    SPECTATOR = "spectator"  # watching a room
    CLOSED = "closed"


class _NeedData:
    def __repr__(self) -> str:
        return "NEED_DATA"


NEED_DATA: Final = _NeedData()


@dataclasses.dataclass(frozen=True, slots=True)
class ConnectionClosed:
    """The event after the peer's last message once the stream has ended (``receive_data(b"")``),
    as in h11: ``next_event`` returns it from then on. (A message cut off by the end is the peer's
    error instead: a fatal ``ProtocolError``.)"""

_ALWAYS = frozenset({"ping", "pong"})
_IN_ROOM_SERVER = frozenset({"rooms", "room", "view", "events", "history", "chat", "left", "error",
                             "bye", "uno_grace"})
# A member of a room may ask for a finished hand's replay (issue 13)
_REPLAYS_CLIENT, _REPLAYS_SERVER = frozenset({"get_replay"}), frozenset({"replay"})
# Once welcomed, a client closing on purpose may say so (its seat kept, the table told it quit)
_QUIT = frozenset({"quit"})

CLIENT_SENDS: dict[State, frozenset[str]] = {
    State.HANDSHAKE: _ALWAYS | {"hello"},
    State.GREETING: _ALWAYS,
    State.LOBBY: _ALWAYS | _QUIT | {"list_rooms", "create_room", "join_room", "chat"},
    State.PLAYER: _ALWAYS | {"leave_room", "action", "sync", "add_bot", "remove_bot", "set_rules",
                             "set_bot_level", "start", "chat", "list_rooms", "back", "away", "rematch",
                             "more_time"}
    | _REPLAYS_CLIENT | _QUIT,
    State.SPECTATOR: _ALWAYS | {"leave_room", "sync", "chat", "list_rooms", "take_seat"}
    | _REPLAYS_CLIENT | _QUIT,
    State.CLOSED: frozenset(),
}

SERVER_SENDS: dict[State, frozenset[str]] = {
    State.HANDSHAKE: _ALWAYS | {"error", "bye"},
    State.GREETING: _ALWAYS | {"welcome", "error", "bye"},
    State.LOBBY: _ALWAYS | {"rooms", "joined", "chat", "error", "bye"},
    State.PLAYER: _ALWAYS | _IN_ROOM_SERVER | _REPLAYS_SERVER,
    # seated late, or waiting
    State.SPECTATOR: _ALWAYS | _IN_ROOM_SERVER | _REPLAYS_SERVER | {"joined", "queued"},
    State.CLOSED: frozenset(),
}

# (state, message) -> next state. "joined" is split by its role.
TRANSITIONS: dict[tuple[State, str], State] = {
    (State.HANDSHAKE, "hello"): State.GREETING,
    (State.GREETING, "welcome"): State.LOBBY,
    (State.GREETING, "error"): State.HANDSHAKE,  # the hello was refused: the client may try again
    (State.LOBBY, "joined:player"): State.PLAYER,
    (State.LOBBY, "joined:spectator"): State.SPECTATOR,
    (State.PLAYER, "left"): State.LOBBY,
    (State.SPECTATOR, "left"): State.LOBBY,
    (State.SPECTATOR, "joined:player"): State.PLAYER,  # a late arrival takes a seat
}
# Also: "bye", and an "error" with fatal=true, close the session from any state.
_MOVES_STATE = frozenset({"bye", "error", "joined"} | {name for _, name in TRANSITIONS})


class Connection:
    """One end of a connection. ``receive_data`` takes bytes (``b""`` for end of stream),
    ``next_event`` returns the next message, ``NEED_DATA``, or ``ConnectionClosed`` once the stream
    has ended, and ``send`` turns a message to bytes.
    """

    def __init__(self, role: Role) -> None:
        self.role = role
        self.state = State.HANDSHAKE
        self._peer = Sender.SERVER if role is Role.CLIENT else Sender.CLIENT
        self._unpacker = msgpack.Unpacker(
            max_buffer_size=MAX_MESSAGE_BYTES, strict_map_key=True, raw=False,
        )
        self._inbox = bytearray()
        self._fed = 0  # bytes given to the unpacker so far
        self._message_start = 0  # unpacker offset where the next message begins
        self._last_chunk = b""  # the bytes fed last, which end at offset ``_fed``
        self._walk: HeaderWalk | None = None  # the headers of a message cut off so far
        self._failure: ProtocolError | None = None
        self._eof = False
        self.sent_seq = 0  # server: the last seq sent
        self.received_seq = 0  # client: the last seq received
        self.gap = False  # client: a seq was skipped; ask for a fresh view (``sync``)
        self._view: dict[str, Any] | None = None  # the last whole view sent or received
        self._own = Sender.CLIENT if role is Role.CLIENT else Sender.SERVER
        self._may_send = self._allowed(self._own)

    # ------------------------------------------------------------------ receiving

    def receive_data(self, data: bytes) -> None:
        """Bytes from the peer, in order; ``b""``: the stream has ended (nothing may follow)."""
        if not data:
            self._eof = True
            return
        if self._eof and self._failure is None:
            raise LocalProtocolError("bytes received after the end of the stream")
        self._inbox += data

    def next_event(self) -> Message | _NeedData | ConnectionClosed:
        """The next complete message from the peer, ``NEED_DATA``, or, once the stream has ended
        after the last whole message, ``ConnectionClosed`` (on every call from then on).

        Raises ``ProtocolError``: a fatal one (bad bytes, oversized message, a message cut off by
        the end of the stream) again on every later call; any other refuses just that message,
        and the next call goes on with the next one.
        """
        if self._failure is not None:
            raise self._failure
        while True:
            if self._fed == self._unpacker.tell() and not self._feed():  # (nothing buffered:
                return self._out_of_data()  # feeding first saves raising OutOfData each message)
            try:
                obj = self._unpacker.unpack()
            except msgpack.OutOfData:
                self._walk_cut_message()
                if not self._feed():
                    return self._out_of_data()
                continue
            except Exception as exc:  # any decode failure: the stream is unusable from here on
                raise self._fail(BAD_ENCODING, f"undecodable bytes ({type(exc).__name__})") from None
            self._walk = None
            end = self._unpacker.tell()
            size, self._message_start = end - self._message_start, end
            if size > MAX_MESSAGE_BYTES:
                raise self._fail(TOO_LARGE, f"message over {MAX_MESSAGE_BYTES} bytes")
            return self._accept(obj)

    def _out_of_data(self) -> _NeedData | ConnectionClosed:
        """What ``next_event`` says when every byte received is read: wait for more, or the end."""
        if not self._eof:
            return NEED_DATA
        if self._fed != self._message_start:  # (bytes of the next message came, not all of it)
            raise self._fail(BAD_ENCODING, "the stream ended inside a message")
        return _CLOSED

    def _feed(self) -> bool:
        if not self._inbox:
            return False
        buffered = self._fed - self._unpacker.tell()
        room = MAX_MESSAGE_BYTES - buffered
        if room <= 0:
            raise self._fail(TOO_LARGE, f"message over {MAX_MESSAGE_BYTES} bytes")
        if len(self._inbox) <= room:
            chunk = bytes(self._inbox)
            self._inbox.clear()
        else:
            chunk = bytes(self._inbox[:room])
            del self._inbox[:room]
        self._unpacker.feed(chunk)
        self._fed += len(chunk)
        self._last_chunk = chunk
        if self._walk is not None:
            self._walk_feed(chunk)
        return True

    def _walk_cut_message(self) -> None:
        """The message begun at ``_message_start`` is cut off: follow its headers from now on, so
        that one announcing more than a message may hold is refused at once, not after 64 KiB.
        (It began in the last chunk: an earlier cut would have started the walk already.)"""
        if self._walk is not None:
            return
        self._walk = HeaderWalk(MAX_MESSAGE_BYTES)
        start = self._message_start - (self._fed - len(self._last_chunk))
        self._walk_feed(self._last_chunk[max(0, start):])

    def _walk_feed(self, data: bytes) -> None:
        assert self._walk is not None
        try:
            self._walk.feed(data)
        except TooLong as exc:
            raise self._fail(TOO_LARGE, f"message over {MAX_MESSAGE_BYTES} bytes: {exc}") from None

    def _fail(self, code: str, text: str) -> ProtocolError:
        """A fatal error: the session is closed; only an ``error`` or ``bye`` may still be sent."""
        self._failure = ProtocolError(code, text, fatal=True)
        self.state = State.CLOSED
        return self._failure

    def _accept(self, obj: Any) -> Message:
        try:
            return self._check(obj)
        except ProtocolError as exc:
            if exc.ref is None:
                exc.ref = _type_of(obj)
            raise

    def _check(self, obj: Any) -> Message:
        seq = None
        if self._peer is Sender.SERVER and isinstance(obj, dict):
            seq = obj.get("seq")
            if not isinstance(seq, int) or isinstance(seq, bool):
                raise ProtocolError(MISSING_FIELD, "server messages carry an integer 'seq'")
        if self.state is State.HANDSHAKE and self._peer is Sender.CLIENT and isinstance(obj, dict):
            # Checked before the rest of the hello: another version's hello may have other fields.
            version = obj.get("version")
            if (obj.get("type") == "hello" and isinstance(version, int)
                    and not isinstance(version, bool) and version != PROTOCOL_VERSION):
                raise self._fail(
                    VERSION_MISMATCH,
                    f"this server speaks protocol version {PROTOCOL_VERSION}; "
                    f"the client speaks version {version}",
                )
        message = decode_message(obj, self._peer)
        if message.TYPE not in self._allowed(self._peer)[self.state]:
            raise ProtocolError(
                NOT_ALLOWED_NOW, f"{message.TYPE!r} is not allowed in state {self.state.value!r}"
            )
        if seq is not None:
            if seq != self.received_seq + 1:
                self.gap = True
            self.received_seq = seq
        if isinstance(message, ViewMsg):
            self._view = message.view
        elif isinstance(message, Events) and message.view is not None:
            self._view = {**self._view, **message.view} if self._view is not None else message.view
            message = dataclasses.replace(message, view=self._view)
        if message.TYPE in _MOVES_STATE:
            self._move(message)
        return message

    # ------------------------------------------------------------------ sending

    def send(self, message: Message) -> bytes:
        """The bytes of ``message``. Raises ``LocalProtocolError`` if our side may not send it."""
        if type(message) is Events:
            return self.send_events(message.events, message.current, message.deadline,
                                    message.view)
        type_name = message.TYPE
        if message.SENDER is not self._own and message.SENDER is not Sender.BOTH:
            raise LocalProtocolError(f"a {self.role.value} cannot send {type_name!r}")
        if type_name not in self._may_send[self.state] and not (
                self._failure is not None and type_name in ("error", "bye")):  # last words
            raise LocalProtocolError(f"cannot send {type_name!r} in state {self.state.value!r}")
        wire: dict[str, Any] = {"type": type_name}
        wire.update(message.to_wire())
        view = None
        if self._own is Sender.SERVER:
            wire["seq"] = self.sent_seq + 1
            if type_name == "view":
                view = wire["view"]
        data = _pack(wire)
        if len(data) > MAX_MESSAGE_BYTES:  # not sent: its seq is not used up
            raise LocalProtocolError(f"{type_name!r} is {len(data)} bytes, over the limit")
        if self._own is Sender.SERVER:
            self.sent_seq += 1
            if view is not None:
                self._view = view  # (the caller must not change it from now on)
        if type_name in _MOVES_STATE:
            self._move(message)
        return data

    def send_events(self, events: tuple[dict[str, Any], ...], current: str | None,
                    deadline: float | None, view: dict[str, Any] | None) -> bytes:
        """The bytes of ``Events(events=events, current=current, deadline=deadline, view=view)``
        without making that message: the server sends one to every seat at every move. The
        values are not checked again: the server makes them with the codec."""
        if self._own is not Sender.SERVER or "events" not in self._may_send[self.state]:
            raise LocalProtocolError(f"cannot send 'events' in state {self.state.value!r}")
        seq = self.sent_seq + 1
        data = _pack({"type": "events", "events": events, "current": current,
                      "deadline": deadline,
                      "view": None if view is None else _changes(self._view, view), "seq": seq})
        if len(data) > MAX_MESSAGE_BYTES:  # not sent: its seq is not used up
            raise LocalProtocolError(f"'events' is {len(data)} bytes, over the limit")
        self.sent_seq = seq
        if view is not None:
            self._view = view  # (the caller must not change it from now on)
        return data

    def error_for(self, exc: ProtocolError, ref: str | None = None) -> Error:
        """The ``error`` message that answers ``exc`` (server side); its ``ref`` is ``ref``, else
        the refused message's type when it is known."""
        return Error(code=exc.code, message=exc.message[:300],
                     ref=ref if ref is not None else exc.ref, fatal=exc.fatal)

    # ------------------------------------------------------------------ state

    @staticmethod
    def _allowed(sender: Sender) -> dict[State, frozenset[str]]:
        return CLIENT_SENDS if sender is Sender.CLIENT else SERVER_SENDS

    def _move(self, message: Message) -> None:
        if isinstance(message, Bye) or (isinstance(message, Error) and message.fatal):
            self.state = State.CLOSED
            self._view = None
            return
        key = message.TYPE
        if isinstance(message, Joined):
            key = f"joined:{message.role}"
        state = TRANSITIONS.get((self.state, key), self.state)
        if state is not self.state:
            self._view = None  # a view belongs to one stay at one table
        self.state = state


def _type_of(obj: Any) -> str | None:
    """The ``type`` a decoded message claims, when it can be named back safely in ``ref``: a
    str of at most MAX_REF characters with no control characters."""
    if not isinstance(obj, dict):
        return None
    name = obj.get("type")
    if isinstance(name, str) and 0 < len(name) <= MAX_REF and is_clean_text(name):
        return name
    return None


_CLOSED: Final = ConnectionClosed()
_ABSENT: Final = object()
_packers = threading.local()


def _pack(message: dict[str, Any]) -> bytes:
    """``msgpack.packb(message)``, with one packer per thread: ``packb`` makes a new packer, with a
    256 KiB buffer, for every message, which cost more than the packing itself."""
    try:
        packer = _packers.packer
    except AttributeError:
        packer = _packers.packer = msgpack.Packer(use_bin_type=True)
    data: bytes = packer.pack(message)
    return data


def _changes(shown: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
    """The fields of ``view`` that differ from ``shown`` (all of them when nothing was shown)."""
    if shown is None:
        return view
    changes = {}
    get = shown.get
    for name, value in view.items():
        old = get(name, _ABSENT)
        if old is not value and old != value:  # (a shared value, like the rules, is not compared)
            changes[name] = value
    return changes


__all__ = [
    "CLIENT_SENDS",
    "NEED_DATA",
    "SERVER_SENDS",
    "TRANSITIONS",
    "Connection",
    "ConnectionClosed",
    "Role",
    "State",
]

