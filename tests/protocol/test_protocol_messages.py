"""Every message round-trips through a pair of connections; mistakes in a message are refused with
the right stable code, and the connection stays usable after every non-fatal refusal."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st
from protocol_samples import (
    CLIENT_SAMPLES,
    CLIENT_TYPES,
    QUICK,
    SERVER_SAMPLES,
    SERVER_TYPES,
    a_state_allowing,
    pack,
    pair,
    raw,
    receive_one,
    refusal,
    samples,
    sender_receiver,
    struct_strategy,
)

import protocol
from protocol import MAX_MESSAGE_BYTES, LocalProtocolError, Message, Sender
from protocol.connection import Connection, Role, State
from protocol.fields import Bool, Float, Int, List, Map, Optional, Scalar, Spec, Str
from protocol.messages import _StructSpec

ALL = [(Sender.CLIENT, name) for name in CLIENT_TYPES] + [(Sender.SERVER, name) for name in SERVER_TYPES]
IDS = [f"{sender.value}-{name}" for sender, name in ALL]
VERSION = protocol.PROTOCOL_VERSION


def test_the_samples_cover_every_message() -> None:
    assert set(CLIENT_SAMPLES) == set(CLIENT_TYPES)
    assert set(SERVER_SAMPLES) == set(SERVER_TYPES)
    for sender, name in ALL:
        assert type(samples(sender)[name]) is protocol.message_types(sender)[name]


def _round_trip(sender: Sender, message: Message) -> None:
    state = a_state_allowing(sender, message.TYPE)
    out, into = sender_receiver(sender, state)
    data = out.send(message)
    assert len(data) <= MAX_MESSAGE_BYTES
    got = receive_one(into, data)
    assert got == message
    assert type(got) is type(message)
    assert into.state is out.state  # both ends moved the same way
    if sender is Sender.SERVER:
        assert msgpack.unpackb(data)["seq"] == out.sent_seq == into.received_seq == 1
        assert not into.gap


@pytest.mark.parametrize(("sender", "name"), ALL, ids=IDS)
def test_every_sample_round_trips(sender: Sender, name: str) -> None:
    _round_trip(sender, samples(sender)[name])


@pytest.mark.parametrize(("sender", "name"), ALL, ids=IDS)
def test_fields_with_defaults_may_be_left_out(sender: Sender, name: str) -> None:
    cls = protocol.message_types(sender)[name]
    message = samples(sender)[name]
    required = {f.name: getattr(message, f.name) for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    wire = {"type": name, **{k: v.to_wire() if isinstance(v, protocol.messages.Struct) else v
                             for k, v in raw(message).items() if k in required}}
    state = a_state_allowing(sender, name)
    _, into = sender_receiver(sender, state)
    if sender is Sender.SERVER:
        wire["seq"] = 1
    got = receive_one(into, pack(wire))
    assert got == cls.from_wire(wire, ignore=("type", "seq"))
    for f in dataclasses.fields(cls):
        if f.name not in required:
            default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
            assert getattr(got, f.name) == default


@pytest.mark.parametrize(("sender", "name"), ALL, ids=IDS)
@QUICK
@given(data=st.data())
def test_random_valid_messages_round_trip(sender: Sender, name: str, data: st.DataObject) -> None:
    message = data.draw(struct_strategy(protocol.message_types(sender)[name]))
    if isinstance(message, protocol.Hello):  # another version is refused: see test_protocol_states
        message = dataclasses.replace(message, version=protocol.PROTOCOL_VERSION)
    _round_trip(sender, message)


@pytest.mark.parametrize("record", [protocol.RoomSummary, protocol.SeatInfo, protocol.RoomInfo])
@QUICK
@given(data=st.data())
def test_records_round_trip(record: type[Any], data: st.DataObject) -> None:
    value = data.draw(struct_strategy(record))
    assert record.from_wire(msgpack.unpackb(pack(value.to_wire()))) == value


# ---------------------------------------------------------------------------- mistakes


def _spec(cls: type[Message], field: str) -> Spec:
    spec: Spec = {f.name: f.metadata["spec"] for f in dataclasses.fields(cls)}[field]
    return spec


def wrong_values(spec: Spec) -> list[Any]:
    """Values of the wrong type (or out of bounds) for ``spec``: each must be ``bad_field``."""
    anything = [msgpack.ExtType(1, b"x"), {"deep": [[[[[[1]]]]]]}]
    if isinstance(spec, Optional):
        return [v for v in wrong_values(spec.inner) if v is not None]
    if isinstance(spec, Str):
        out = [None, 5, True, 1.5, b"bytes", ["x"], *anything]
        out += ["nope"] if spec.choices else ["x" * (spec.max_len + 1)]
        if spec.min_len and not spec.choices:
            out.append("")
        return out
    if isinstance(spec, Int):
        return [None, True, False, 1.0, "1", b"1", math.nan, spec.lo - 1, spec.hi + 1, *anything]
    if isinstance(spec, Float):
        return [None, True, "1", b"1", math.nan, math.inf, -math.inf, spec.lo - 1, spec.hi + 1,
                [1.0], *anything]
    if isinstance(spec, Bool):
        return [None, 0, 1, "true", b"\x01", 1.0, *anything]
    if isinstance(spec, List):
        return [None, 5, "x", b"x", {"a": 1}, [None] * (spec.max_items + 1), [5], msgpack.ExtType(1, b"")]
    if isinstance(spec, Map):
        out = [None, 5, "x", b"x", [1], {str(i): 0 for i in range(spec.max_items + 1)},
               msgpack.ExtType(1, b"")]
        if isinstance(spec.values, Scalar):  # else the codec checks keys and values
            out += [{"a": [1]}, {"a": {"b": 1}}, {"a": math.nan}, {"a": "x" * 65}, {"a": b"x"},
                    {"a": msgpack.ExtType(1, b"")}, {"k" * 65: 0}, {b"bytes key": 0}]
        return out
    if isinstance(spec, _StructSpec):
        return [None, 5, "x", b"x", [{}], msgpack.ExtType(1, b"")]
    raise AssertionError(spec)


def _mistakes(cls: type[Message]) -> list[tuple[str, Any]]:
    out = []
    for f in dataclasses.fields(cls):
        if "struct" in f.metadata:
            _, many, optional = f.metadata["struct"]
            values: list[Any] = [5, "x", b"x", msgpack.ExtType(1, b""), True]
            values += [[5], ["x"], [[]], [None] * (many + 1)] if many else [[{}]]
            values += [] if optional or many else [None]
        else:
            values = wrong_values(_spec(cls, f.name))
        out += [(f.name, v) for v in values]
    return out


def _then_valid(sender: Sender, into: Connection) -> None:
    """A valid message after a refused one still decodes: the connection is usable."""
    ping = protocol.Ping(nonce=1)
    wire = raw(ping, into.received_seq + 1) if sender is Sender.SERVER else raw(ping)
    assert receive_one(into, pack(wire)) == ping


@pytest.mark.parametrize(("sender", "name"), ALL, ids=IDS)
def test_a_mistyped_field_is_bad_field(sender: Sender, name: str) -> None:
    message = samples(sender)[name]
    mistakes = _mistakes(type(message))
    assert mistakes or not dataclasses.fields(message)
    for field, value in mistakes:
        _, into = sender_receiver(sender, a_state_allowing(sender, name))
        seq = 1 if sender is Sender.SERVER else None
        exc = refusal(into, pack(raw(message, seq, **{field: value})))
        if (name, field) == ("hello", "version") and type(value) is int:
            # Any other whole number is another protocol version: fatal, named in the message.
            assert (exc.code, exc.fatal) == ("version_mismatch", True)
            assert str(value) in exc.message
            assert f"version {protocol.PROTOCOL_VERSION}" in exc.message
            continue
        assert (exc.code, exc.fatal) == ("bad_field", False), (field, value, exc)
        assert field in exc.message
        _then_valid(sender, into)


@pytest.mark.parametrize(("sender", "name"), ALL, ids=IDS)
def test_missing_and_extra_fields(sender: Sender, name: str) -> None:
    message = samples(sender)[name]
    cls = type(message)
    state = a_state_allowing(sender, name)
    seq = 1 if sender is Sender.SERVER else None
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            _, into = sender_receiver(sender, state)
            wire = raw(message, seq)
            del wire[f.name]
            exc = refusal(into, pack(wire))
            assert (exc.code, exc.fatal) == ("missing_field", False)
            assert f.name in exc.message
            _then_valid(sender, into)
    for extra in ("zz", "Type", "seq" if sender is Sender.CLIENT else "nonce2", ""):
        _, into = sender_receiver(sender, state)
        exc = refusal(into, pack(raw(message, seq, **{extra: 1})))
        assert (exc.code, exc.fatal) == ("extra_field", False), extra
        _then_valid(sender, into)
    _, into = sender_receiver(sender, state)
    wire = raw(message, seq)
    wire[b"bin key"] = 1
    assert refusal(into, pack(wire)).code == "extra_field"
    _then_valid(sender, into)


def test_mistakes_inside_records() -> None:
    summary = protocol_samples_summary()
    for sender_state, wire, code in [
        (State.LOBBY, {"type": "rooms", "seq": 1, "rooms": [{**summary, "extra": 1}]}, "extra_field"),
        (State.LOBBY, {"type": "rooms", "seq": 1, "rooms": [{k: v for k, v in summary.items()
                                                           if k != "host"}]}, "missing_field"),
        (State.LOBBY, {"type": "rooms", "seq": 1, "rooms": [{**summary, "players": "2"}]}, "bad_field"),
        (State.LOBBY, {"type": "rooms", "seq": 1, "rooms": [{**summary, "name": "a\x1b[2Jb"}]},
         "bad_field"),
    ]:
        client, _ = pair(sender_state)
        exc = refusal(client, pack(wire))
        assert (exc.code, exc.fatal) == (code, False)
        _then_valid(Sender.SERVER, client)


def protocol_samples_summary() -> dict[str, Any]:
    return SERVER_SAMPLES["rooms"].to_wire()["rooms"][0]  # type: ignore[no-any-return]


@pytest.mark.parametrize("sender", [Sender.CLIENT, Sender.SERVER])
def test_unknown_type_and_bad_type_field(sender: Sender) -> None:
    state = State.LOBBY
    seq = {"seq": 1} if sender is Sender.SERVER else {}
    cases = [
        ({"type": "teleport", **seq}, "unknown_type"),
        ({"type": "", **seq}, "unknown_type"),
        ({"type": "HELLO", **seq}, "unknown_type"),
        ({"type": "welcome" if sender is Sender.CLIENT else "hello", **seq}, "unknown_type"),
        ({"nonce": 1, **seq}, "missing_field"),
        ({"type": None, **seq}, "missing_field"),
        ({"type": 5, **seq}, "missing_field"),
        ({"type": b"ping", "nonce": 1, **seq}, "missing_field"),
        ({"type": ["ping"], **seq}, "missing_field"),
        ([], "not_a_map"),
        (["ping", 1], "not_a_map"),
        ("ping", "not_a_map"),
        (None, "not_a_map"),
        (7, "not_a_map"),
        (b"\x81", "not_a_map"),
        (msgpack.ExtType(5, b"ping"), "not_a_map"),
        (math.nan, "not_a_map"),
    ]
    for value, code in cases:
        _, into = sender_receiver(sender, state)
        exc = refusal(into, pack(value))
        assert (exc.code, exc.fatal) == (code, False), value
        _then_valid(sender, into)


def test_server_messages_need_an_integer_seq() -> None:
    for seq in (None, "1", 1.0, True, [1]):
        client, _ = pair(State.LOBBY)
        wire = raw(protocol.Ping(nonce=1))
        if seq is not None:
            wire["seq"] = seq
        exc = refusal(client, pack(wire))
        assert (exc.code, exc.fatal) == ("missing_field", False)
        _then_valid(Sender.SERVER, client)


def test_decode_message_checks_without_a_connection() -> None:
    assert protocol.decode_message({"type": "ping", "nonce": 3}, Sender.CLIENT) == protocol.Ping(nonce=3)
    with pytest.raises(protocol.ProtocolError) as info:
        protocol.decode_message({"type": "ping", "nonce": 3, "seq": 1}, Sender.CLIENT)
    assert info.value.code == "extra_field"


def test_quit_and_the_seat_that_quit() -> None:
    """``quit`` (a client closing on purpose: keep my seat) has no fields, is sent once welcomed,
    and the table reads it in ``SeatInfo.quit``, false when an older server leaves it out."""
    assert protocol.decode_message({"type": "quit"}, Sender.CLIENT) == protocol.Quit()
    assert protocol.Quit().to_wire() == {}
    with pytest.raises(protocol.ProtocolError) as info:
        protocol.decode_message({"type": "quit", "seat": "1"}, Sender.CLIENT)
    assert info.value.code == "extra_field"
    with pytest.raises(protocol.ProtocolError) as info:
        protocol.decode_message({"type": "quit"}, Sender.SERVER)  # (the server sends bye)
    assert info.value.code == "unknown_type"
    for state in (State.LOBBY, State.PLAYER, State.SPECTATOR):
        assert "quit" in protocol.CLIENT_SENDS[state]
    for state in (State.HANDSHAKE, State.GREETING, State.CLOSED):
        assert "quit" not in protocol.CLIENT_SENDS[state]
    server = Connection(Role.SERVER)
    server.receive_data(pack({"type": "quit"}))
    with pytest.raises(protocol.ProtocolError) as info:
        server.next_event()  # before the handshake
    assert (info.value.code, info.value.ref) == ("not_allowed_now", "quit")
    seat = {"seat": "2", "name": "Luis", "kind": "human", "connected": False}
    assert not protocol.SeatInfo.from_wire(seat).quit
    assert protocol.SeatInfo.from_wire(seat | {"quit": True}).quit
    assert protocol.SeatInfo(seat="2", name="Luis", kind="human", quit=True).to_wire()["quit"] is True
    with pytest.raises(protocol.ProtocolError) as info:
        protocol.SeatInfo.from_wire(seat | {"quit": "yes"})
    assert info.value.code == "bad_field"


def test_a_room_summary_says_when_a_late_arrival_sits() -> None:
    """``RoomSummary.late_join``: one of ``LATE_JOIN``; nil (not said) when an older server
    leaves it out."""
    wire = SERVER_SAMPLES["rooms"].to_wire()["rooms"][0]
    assert wire["late_join"] == "next_hand"
    assert protocol.RoomSummary.from_wire(wire).late_join == "next_hand"
    del wire["late_join"]
    assert protocol.RoomSummary.from_wire(wire).late_join is None
    for value in ("later", 1, True):
        with pytest.raises(protocol.ProtocolError) as info:
            protocol.RoomSummary.from_wire(wire | {"late_join": value})
        assert info.value.code == "bad_field"


def test_messages_are_checked_when_built() -> None:
    with pytest.raises(protocol.ProtocolError) as info:
        protocol.Hello(version=VERSION, name="x" * 25)
    assert info.value.code == "bad_field"
    with pytest.raises(protocol.ProtocolError):
        protocol.Say(text="")
    with pytest.raises(protocol.ProtocolError):
        protocol.CreateRoom(name="r", seats=11)


# ---------------------------------------------------------------------------- text and limits

BAD_TEXT = ["a\x00b", "\x1b[2J", "red\x1b[31m", "bell\x07", "del\x7f", "csi\x9b31m", "line\nbreak",
            "cr\rx", "tab\tx", "\u202eevil", "\u2066iso", "\u200fmark", "\u061calm", "private\ue000",
            "unassigned\U000e0fff"]
GOOD_NAMES = ["Zoë", "日本語の名前", "🙂" * 24, "x" * 24, "A B-C_d.e", "Ω"]


@pytest.mark.parametrize("text", BAD_TEXT)
def test_control_characters_are_refused_in_names_and_chat(text: str) -> None:
    for wire, state, role in [
        (raw(protocol.Hello(version=VERSION, name="a"), name=text[:24]), State.HANDSHAKE, Role.SERVER),
        (raw(protocol.Say(text="a"), text=text), State.LOBBY, Role.SERVER),
        (raw(protocol.CreateRoom(name="a"), name=text), State.LOBBY, Role.SERVER),
        (raw(protocol.ChatMsg(source="a", text="b", scope="lobby"), seq=1, source=text[:24]),
         State.LOBBY, Role.CLIENT),
        (raw(protocol.ChatMsg(source="a", text="b", scope="lobby"), seq=1, text=text),
         State.LOBBY, Role.CLIENT),
        (raw(protocol.Welcome(server="s", version="1", protocol=1, token="t", name="a"), seq=1,
             name=text[:24]), State.GREETING, Role.CLIENT),
    ]:
        conn = Connection(role)
        conn.state = state
        exc = refusal(conn, pack(wire))
        assert (exc.code, exc.fatal) == ("bad_field", False), wire
    with pytest.raises(protocol.ProtocolError):
        protocol.Say(text=text)
    assert not protocol.is_clean_text(text)
    assert protocol.is_clean_text(protocol.clean_text(text))


@pytest.mark.parametrize("name", GOOD_NAMES)
def test_names_of_up_to_24_characters_are_accepted(name: str) -> None:
    _, server = pair(State.HANDSHAKE)
    assert receive_one(server, pack(raw(protocol.Hello(version=VERSION, name="a"), name=name))).name == name  # type: ignore[attr-defined]


def test_a_name_of_25_characters_is_refused() -> None:
    assert protocol.MAX_NAME == 24
    for name in ("x" * 25, "é" * 25, "🙂" * 25, ""):
        _, server = pair(State.HANDSHAKE)
        exc = refusal(server, pack(raw(protocol.Hello(version=VERSION, name="a"), name=name)))
        assert (exc.code, exc.fatal) == ("bad_field", False)
        with pytest.raises(protocol.ProtocolError):
            protocol.Hello(version=VERSION, name=name)


def test_chat_is_at_most_200_characters() -> None:
    assert protocol.MAX_CHAT == 200
    _, server = pair(State.LOBBY)
    assert receive_one(server, pack(raw(protocol.Say(text="x" * 200)))) == protocol.Say(text="x" * 200)
    exc = refusal(server, pack(raw(protocol.Say(text="x"), text="x" * 201)))
    assert exc.code == "bad_field"


def _chat_of_size(size: int) -> bytes:
    """A chat message (its text far too long) packed to exactly ``size`` bytes."""
    head = len(pack({"type": "chat", "text": ""}))
    for n in range(size - head - 5, size - head + 1):
        data = pack({"type": "chat", "text": "x" * n})
        if len(data) == size:
            return data
    raise AssertionError(size)


def test_a_message_of_exactly_64_kib_is_read_one_byte_more_is_fatal() -> None:
    _, server = pair(State.LOBBY)
    exc = refusal(server, _chat_of_size(MAX_MESSAGE_BYTES))
    assert (exc.code, exc.fatal) == ("bad_field", False)  # read whole, refused for its text
    _then_valid(Sender.CLIENT, server)

    _, server = pair(State.LOBBY)
    exc = refusal(server, _chat_of_size(MAX_MESSAGE_BYTES + 1) + pack(raw(protocol.Ping(nonce=1))))
    assert (exc.code, exc.fatal) == ("too_large", True)
    assert server.state is State.CLOSED


@pytest.mark.parametrize("chunk", [1, 1000, 65536, 10**6])
def test_an_oversized_message_is_fatal_however_it_arrives(chunk: int) -> None:
    data = pack({"type": "chat", "text": "x" * 200_000})
    _, server = pair(State.LOBBY)
    with pytest.raises(protocol.ProtocolError) as info:
        for i in range(0, len(data), chunk):
            server.receive_data(data[i:i + chunk])
            assert server.next_event() is protocol.NEED_DATA
    assert (info.value.code, info.value.fatal) == ("too_large", True)
    assert server.state is State.CLOSED
    for _ in range(3):  # the same error every time from now on
        with pytest.raises(protocol.ProtocolError) as again:
            server.next_event()
        assert again.value is info.value


def test_huge_and_deep_values() -> None:
    cases: list[tuple[bytes, str, bool]] = [
        (pack({"type": "chat", "text": "x", "junk": list(range(40_000))}), "too_large", True),
        (pack({"type": "chat", "text": "x", "junk": {str(i): i for i in range(20_000)}}), "too_large", True),
        (pack({"type": "chat", "text": "x", "junk": b"\0" * 70_000}), "too_large", True),
        (b"\xdd\xff\xff\xff\xff", "bad_encoding", True),  # an array header claiming 4 billion items
        (b"\x91" * 5000 + b"\xc0", "bad_encoding", True),  # nested too deep for the decoder
        (pack({"type": "chat", "text": "x", "deep": _nest(200)}), "extra_field", False),
        (pack({"type": "chat", "text": _nest(200)}), "bad_field", False),
    ]
    # The bound, exactly (docs/PROTOCOL.md: deeper than 1024 levels is fatal): the message's map
    # and 1023 arrays in it are 1024 levels, one array more is too deep.
    chat = pack({"type": "chat", "text": 0})[:-1]  # (msgpack itself will not pack so deep)
    cases += [(chat + b"\x91" * 1023 + b"\xc0", "bad_field", False),
              (chat + b"\x91" * 1024 + b"\xc0", "bad_encoding", True)]
    for data, code, fatal in cases:
        _, server = pair(State.LOBBY)
        exc = refusal(server, data)
        assert (exc.code, exc.fatal) == (code, fatal), data[:20]
        if not fatal:
            _then_valid(Sender.CLIENT, server)


def _nest(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def test_undecodable_bytes_are_fatal() -> None:
    for data in (b"\xc1", b"\xa3\xff\xfe\xfd", pack({"type": "chat", 1: "x"}),
                 pack({"type": "chat", "text": "x", "inner": {2: 1}})):
        _, server = pair(State.LOBBY)
        exc = refusal(server, data + pack(raw(protocol.Ping(nonce=1))))
        assert (exc.code, exc.fatal) == ("bad_encoding", True), data
        assert server.state is State.CLOSED
        with pytest.raises(protocol.ProtocolError) as again:
            server.next_event()
        assert again.value is exc


def test_sending_a_message_over_64_kib_is_a_local_error() -> None:
    big = protocol.Rooms(rooms=tuple(
        protocol.RoomSummary(id=str(i), name="n" * 32, host="h" * 24, players=1, seats=2, bots=0,
                             spectators=0, preset="official", started=False, password=False)
        for i in range(500)))
    client, server = pair(State.LOBBY)
    with pytest.raises(LocalProtocolError):
        server.send(big)
    assert server.state is State.LOBBY
    # Nothing was sent, so no sequence number was used up: the client sees no gap.
    receive_one(client, server.send(protocol.Ping(nonce=1)))
    assert (client.received_seq, client.gap) == (1, False)


def test_the_server_may_answer_a_fatal_error_then_close() -> None:
    client, server = pair(State.LOBBY)
    exc = refusal(server, b"\xc1")
    assert server.state is State.CLOSED
    error = receive_one(client, server.send(server.error_for(exc)))
    assert isinstance(error, protocol.Error)
    assert (error.code, error.fatal) == ("bad_encoding", True)
    assert client.state is State.CLOSED
    assert server.send(protocol.Bye(reason="bad_encoding"))  # a bye may follow
    with pytest.raises(LocalProtocolError):  # but nothing else
        server.send(protocol.Ping(nonce=1))
    with pytest.raises(protocol.ProtocolError) as again:  # and the bytes still are not read
        server.next_event()
    assert again.value is exc


def test_the_client_cannot_send_server_messages_and_back() -> None:
    client, server = pair(State.LOBBY)
    with pytest.raises(LocalProtocolError):
        client.send(SERVER_SAMPLES["rooms"])
    with pytest.raises(LocalProtocolError):
        server.send(CLIENT_SAMPLES["list_rooms"])
    # The two chat messages share a wire name but not a class.
    with pytest.raises(LocalProtocolError):
        client.send(SERVER_SAMPLES["chat"])
    with pytest.raises(LocalProtocolError):
        server.send(CLIENT_SAMPLES["chat"])
