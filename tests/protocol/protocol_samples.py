"""Shared by the protocol tests: one sample of every message, hypothesis strategies built from the
field specs, and helpers that put a pair of connections in a given session state."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import unicodedata
from typing import Any

import msgpack
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import protocol
from protocol import (
    NEED_DATA,
    Connection,
    Message,
    ProtocolError,
    Role,
    RoomInfo,
    RoomSummary,
    SeatInfo,
    Sender,
    State,
)
from protocol.connection import CLIENT_SENDS, SERVER_SENDS
from protocol.fields import Bool, Float, Int, List, Map, Optional, Scalar, Spec, Str, text_problem
from protocol.messages import _StructSpec

FUZZ = settings(max_examples=100, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
QUICK = settings(max_examples=25, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

CLIENT_TYPES = protocol.message_types(Sender.CLIENT)
SERVER_TYPES = protocol.message_types(Sender.SERVER)
RECORDS: tuple[type[protocol.messages.Struct], ...] = (RoomSummary, SeatInfo, RoomInfo)

RULES = {"first_to_left": True, "draw_until_playable": False, "wild_draw_four": "challenge",
         "stack_draw_two": False, "stack_wild_draw_four": False, "seven_zero": True,
         "jump_in": True, "uno_penalty": 2, "false_catch_penalty": 0, "target_score": 500}

SUMMARY = RoomSummary(id="7", name="Friday night", host="Zoë", players=2, seats=4, bots=1,
                      spectators=3, preset="house", started=True, password=False,
                      rules={"jump_in": True}, turn_timeout=45.0, late_join="next_hand")
SEATS = (
    SeatInfo(seat="1", name="Zoë", kind="human"),
    SeatInfo(seat="2", name="Bot 1", kind="bot", level="easy"),
    SeatInfo(seat="3", name="Max", kind="human", connected=False, away=True, quit=True),
)
ROOM = RoomInfo(id="7", name="Friday night", host="Zoë", host_seat="1", max_seats=4, seats=SEATS,
                spectators=3, preset="house", rules=RULES, turn_timeout=30.0, bot_delay=1.0,
                password=True, started=True, bot_level="easy", late_join="next_hand", queue=2,
                rematch=("1", "3"), rematch_order="random")
EVENTS = (
    {"type": "card_played", "seat": "1", "card": "R7", "color": "R", "jump_in": False},
    {"type": "drew", "seat": "2", "count": 2, "cards": None, "reason": "draw_two"},
    {"type": "turn_started", "seat": "3"},
)

# One sample of every message, with every field away from its default where possible.
CLIENT_SAMPLES: dict[str, Message] = {
    "ping": protocol.Ping(nonce=7),
    "pong": protocol.Pong(nonce=7),
    "hello": protocol.Hello(version=protocol.PROTOCOL_VERSION, name="Zoë", lang="es", token="abc.def"),
    "list_rooms": protocol.ListRooms(),
    "create_room": protocol.CreateRoom(name="Friday night", preset="house",
                                       rules={"seven_zero": True, "uno_penalty": 4}, seats=6,
                                       bots=2, bot_level="easy", turn_timeout=20.5, bot_delay=0.5,
                                       password="hunter2", late_join="next_hand"),
    "join_room": protocol.JoinRoom(room="7", password="hunter2", spectate=True),
    "leave_room": protocol.LeaveRoom(),
    "add_bot": protocol.AddBot(level="easy"),
    "remove_bot": protocol.RemoveBot(seat="2"),
    "set_bot_level": protocol.SetBotLevel(seat="3", level="easy"),
    "set_rules": protocol.SetRules(preset="official", rules={"jump_in": True}, turn_timeout=0.0,
                                   bot_delay=2.0, bot_level="easy", late_join="next_hand"),
    "start": protocol.Start(fill=True),
    "rematch": protocol.Rematch(order="winner_deals", accept=False),
    "take_seat": protocol.TakeSeat(seat="2", cancel=True),
    "action": protocol.Act(kind="play", card="R7", target="3", uno=True),
    "sync": protocol.Sync(),
    "get_replay": protocol.GetReplay(hand=2),
    "back": protocol.Back(),
    "away": protocol.Away(),
    "more_time": protocol.MoreTime(),
    "quit": protocol.Quit(),
    "chat": protocol.Say(text="good game 🙂"),
}
SERVER_SAMPLES: dict[str, Message] = {
    "ping": protocol.Ping(nonce=2**31 - 1),
    "pong": protocol.Pong(nonce=0),
    "welcome": protocol.Welcome(server="UNO server", version="0.1.0", protocol=protocol.PROTOCOL_VERSION,
                                token="0123456789abcdef.00112233445566778899aabbccddeeff",
                                name="Zoë (2)", resumed=True),
    "error": protocol.Error(code="not_your_turn", message="it is Max's turn", ref="action",
                            fatal=False),
    "rooms": protocol.Rooms(rooms=(SUMMARY, dataclasses.replace(SUMMARY, id="8", password=True))),
    "joined": protocol.Joined(room=ROOM, role="player", seat="1"),
    "room": protocol.RoomUpdate(room=ROOM),
    "left": protocol.Left(reason="room_closed"),
    "queued": protocol.Queued(position=2, seat="3"),
    "replay": protocol.ReplayMsg(hand=2, replay='{"format":"uno-replay","version":1}'),
    "uno_grace": protocol.UnoGrace(seat="2", seconds=0.75),
    "view": protocol.ViewMsg(view={"seat": "1", "seats": ["1", "2"], "top": "R7"}, deadline=12.5),
    "events": protocol.Events(events=EVENTS, current="3", deadline=29.0,
                              view={"seat": "1", "seats": ["1", "2"], "top": "R7"}),
    "history": protocol.History(events=(EVENTS, EVENTS[:1]),
                                chat=(protocol.ChatLine(source="Max", text="¡hola!"),)),
    "chat": protocol.ChatMsg(source="Max", text="¡hola!", scope="room"),
    "bye": protocol.Bye(reason="shutdown", message="the server is shutting down"),
}


def samples(sender: Sender) -> dict[str, Message]:
    return CLIENT_SAMPLES if sender is Sender.CLIENT else SERVER_SAMPLES


def sends(sender: Sender) -> dict[State, frozenset[str]]:
    return CLIENT_SENDS if sender is Sender.CLIENT else SERVER_SENDS


def a_state_allowing(sender: Sender, type_name: str) -> State:
    """The first session state in which ``sender`` may send ``type_name``."""
    for state, allowed in sends(sender).items():
        if type_name in allowed:
            return state
    raise AssertionError(f"{type_name} is never allowed")


def pair(state: State = State.LOBBY) -> tuple[Connection, Connection]:
    """A (client, server) pair of connections, both in ``state``."""
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    client.state = server.state = state
    return client, server


def sender_receiver(sender: Sender, state: State) -> tuple[Connection, Connection]:
    client, server = pair(state)
    return (client, server) if sender is Sender.CLIENT else (server, client)


def raw(message: Message, seq: int | None = None, /, **changes: Any) -> dict[str, Any]:
    """``message`` as the plain map that goes on the wire (``seq`` added if given)."""
    wire: dict[str, Any] = {"type": message.TYPE, **message.to_wire()}
    if seq is not None:
        wire["seq"] = seq
    wire.update(changes)
    return wire


def pack(value: Any) -> bytes:
    data: bytes = msgpack.packb(value, use_bin_type=True)
    return data


def chunked(data: bytes, cuts: list[int]) -> list[bytes]:
    """``data`` cut at the given offsets (taken modulo its length)."""
    points = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    return [data[a:b] for a, b in itertools.pairwise(points)]


def receive_all(conn: Connection, data: bytes = b"") -> list[Message]:
    """Feed ``data`` and take every complete message (a ProtocolError propagates)."""
    if data:
        conn.receive_data(data)
    out: list[Message] = []
    while True:
        event = conn.next_event()
        if event is NEED_DATA:
            return out
        assert isinstance(event, Message)
        out.append(event)


def receive_one(conn: Connection, data: bytes) -> Message:
    messages = receive_all(conn, data)
    assert len(messages) == 1, messages
    return messages[0]


def refusal(conn: Connection, data: bytes) -> ProtocolError:
    """The ProtocolError that ``data`` causes (it must cause one)."""
    conn.receive_data(data)
    try:
        event = conn.next_event()
    except ProtocolError as exc:
        return exc
    raise AssertionError(f"accepted: {event!r}")


# ---------------------------------------------------------------------------- strategies

_SAFE_CHARS = st.characters(exclude_categories=("Cs",))  # surrogates cannot be UTF-8 encoded
# Text people may show each other: letters, numbers, punctuation, symbols, spaces and a few
# combining marks, in NFC, not blank (protocol/fields.py ``text_problem``).
_CLEAN_CHARS = st.characters(categories=("L", "N", "P", "S", "Zs", "Mn"),
                             exclude_characters="\u115f\u1160\u3164\uffa0\u2800")


def _clean_text(min_size: int, max_size: int) -> st.SearchStrategy[str]:
    return st.text(_CLEAN_CHARS, min_size=min_size, max_size=max_size).map(
        lambda t: unicodedata.normalize("NFC", t)).filter(
        lambda t: min_size <= len(t) <= max_size and (not t or text_problem(t) is None))
_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1),
    st.floats(allow_nan=False, allow_infinity=False), st.text(_SAFE_CHARS, max_size=64),
)


def strategy(spec: Spec) -> st.SearchStrategy[Any]:
    """Valid values for a field spec (lists kept short so messages stay small)."""
    if isinstance(spec, Str):
        if spec.choices is not None:
            return st.sampled_from(spec.choices)
        if spec.text:
            return _clean_text(spec.min_len, spec.max_len)
        return st.text(_SAFE_CHARS, min_size=spec.min_len, max_size=spec.max_len)
    if isinstance(spec, Int):
        return st.integers(spec.lo, spec.hi)
    if isinstance(spec, Float):
        return st.floats(spec.lo, spec.hi, allow_nan=False)
    if isinstance(spec, Bool):
        return st.booleans()
    if isinstance(spec, Optional):
        return st.none() | strategy(spec.inner)
    if isinstance(spec, List):
        return st.lists(strategy(spec.item), max_size=min(spec.max_items, 3)).map(tuple)
    if isinstance(spec, Map):
        values = strategy(spec.values) if spec.values is not None else (
            _SCALARS | st.lists(_SCALARS, max_size=3))
        return st.dictionaries(st.text(_SAFE_CHARS, max_size=64), values,
                               max_size=min(spec.max_items, 5))
    if isinstance(spec, Scalar):
        return _SCALARS.filter(lambda v: not isinstance(v, str) or len(v) <= 64)
    if isinstance(spec, _StructSpec):
        return struct_strategy(spec.struct)
    raise AssertionError(f"no strategy for {spec!r}")


@functools.cache
def struct_strategy(cls: type[Any]) -> st.SearchStrategy[Any]:
    return st.builds(cls, **{f.name: strategy(f.metadata["spec"]) for f in dataclasses.fields(cls)})


@functools.cache
def msgpack_values(max_leaves: int = 20) -> st.SearchStrategy[Any]:
    """Any value msgpack can carry, including bin, ext, NaN and nesting."""
    leaves = st.one_of(
        st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1), st.floats(),
        st.text(_SAFE_CHARS, max_size=30), st.binary(max_size=30),
        st.builds(msgpack.ExtType, st.integers(0, 127), st.binary(max_size=8)),
    )
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
            st.text(_SAFE_CHARS, max_size=10), inner, max_size=5),
        max_leaves=max_leaves,
    )
