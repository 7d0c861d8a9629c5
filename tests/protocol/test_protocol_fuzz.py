"""Hypothesis: whatever bytes arrive, ``next_event`` raises nothing but ``ProtocolError``; a fatal
one sticks and closes the session; a non-fatal one leaves the connection usable."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from protocol_samples import (
    CLIENT_SAMPLES,
    CLIENT_TYPES,
    FUZZ,
    SERVER_SAMPLES,
    SERVER_TYPES,
    a_state_allowing,
    chunked,
    msgpack_values,
    pack,
    raw,
    receive_one,
)

import protocol
from protocol import CODES, NEED_DATA, Connection, Message, ProtocolError, Role, Sender, State

ROLES = st.sampled_from(list(Role))
_SMALL_VALUES = msgpack_values(3)
_VALUES = msgpack_values(8)
_KEYS = st.text(max_size=8)
_TYPES = st.text(max_size=12) | _SMALL_VALUES
STATES = st.sampled_from(list(State))


def drain(conn: Connection, chunks: list[bytes]) -> tuple[list[Message], list[ProtocolError]]:
    """Feed every chunk and read until NEED_DATA or a fatal error; check how errors behave."""
    messages: list[Message] = []
    errors: list[ProtocolError] = []
    for chunk in chunks:
        if chunk:  # (b"" would be the end of the stream)
            conn.receive_data(chunk)
        while True:
            try:
                event = conn.next_event()
            except ProtocolError as exc:
                assert exc.code in CODES
                errors.append(exc)
                if exc.fatal:
                    assert conn.state is State.CLOSED
                    for _ in range(2):  # sticks, even with more bytes
                        conn.receive_data(b"\x90")
                        try:
                            conn.next_event()
                        except ProtocolError as again:
                            assert again is exc
                        else:
                            raise AssertionError("a fatal error did not stick") from None
                    return messages, errors
                continue
            if event is NEED_DATA:
                break
            assert isinstance(event, Message)
            messages.append(event)
    return messages, errors


@FUZZ
@given(ROLES, STATES, st.binary(max_size=600), st.lists(st.integers(0, 10**4), max_size=8))
def test_random_bytes_in_random_reads(role: Role, state: State, data: bytes, cuts: list[int]) -> None:
    conn = Connection(role)
    conn.state = state
    drain(conn, chunked(data, cuts))


# Bytes that start like real messages, then go wrong.
_PREFIXES = ([pack(raw(m, 1)) for m in SERVER_SAMPLES.values()]
             + [pack(raw(m)) for m in CLIENT_SAMPLES.values()])


@FUZZ
@given(ROLES, STATES, st.sampled_from(_PREFIXES), st.integers(0, 10**4), st.binary(max_size=40),
       st.lists(st.integers(0, 10**4), max_size=4))
def test_corrupted_real_messages(role: Role, state: State, good: bytes, at: int, junk: bytes,
                                 cuts: list[int]) -> None:
    at %= len(good) + 1
    data = good[:at] + junk + good[at + len(junk):] + good
    conn = Connection(role)
    conn.state = state
    drain(conn, chunked(data, cuts))


@settings(FUZZ, max_examples=80)
@given(ROLES, STATES, st.lists(_VALUES, min_size=1, max_size=3))
def test_random_msgpack_values(role: Role, state: State, values: list[Any]) -> None:
    conn = Connection(role)
    conn.state = state
    messages, errors = drain(conn, [b"".join(pack(v) for v in values)])
    assert len(messages) + len(errors) == len(values)  # nothing fatal in well-formed msgpack
    assert not any(e.fatal for e in errors)


def _message_map(sender: Sender, name: str) -> st.SearchStrategy[dict[str, Any]]:
    """Maps with a real type name and any of its real fields, holding anything at all."""
    types = CLIENT_TYPES if sender is Sender.CLIENT else SERVER_TYPES
    base: dict[str, Any] = {"type": st.just(name)}
    if sender is Sender.SERVER:
        base["seq"] = st.just(1)
    fields = {f: _SMALL_VALUES for f in types[name].__dataclass_fields__}
    return st.tuples(st.just(sender), st.fixed_dictionaries(base, optional=fields))


_MESSAGE_MAPS = st.one_of(
    [_message_map(Sender.CLIENT, name) for name in sorted(CLIENT_TYPES)]
    + [_message_map(Sender.SERVER, name) for name in sorted(SERVER_TYPES)])


@FUZZ
@given(_MESSAGE_MAPS)
def test_messages_with_random_field_values(case: tuple[Sender, dict[str, Any]]) -> None:
    sender, wire = case
    conn = Connection(Role.SERVER if sender is Sender.CLIENT else Role.CLIENT)
    conn.state = a_state_allowing(sender, wire["type"])
    conn.receive_data(pack(wire))
    try:
        message = conn.next_event()
    except ProtocolError as exc:
        assert exc.code in {"missing_field", "extra_field", "bad_field", "version_mismatch"}
        assert exc.fatal == (exc.code == "version_mismatch")
        if exc.fatal:
            return
    else:
        assert isinstance(message, Message)
        assert message == protocol.decode_message(wire, sender)  # the same check, no matter how
    if conn.state is State.CLOSED:  # a valid bye, or a valid fatal error
        return
    ping = protocol.Ping(nonce=3)
    assert receive_one(conn, pack(raw(ping, 2) if sender is Sender.SERVER else raw(ping))) == ping


_MUTATIONS = st.sampled_from(["drop", "add", "replace", "retype", "wrap", "unwrap"])
_PICK = st.integers(0, 10**6)


@FUZZ
@given(st.sampled_from([Sender.CLIENT, Sender.SERVER]), st.data())
def test_mutated_valid_messages(sender: Sender, data: st.DataObject) -> None:
    samples = CLIENT_SAMPLES if sender is Sender.CLIENT else SERVER_SAMPLES
    names = sorted(samples)
    name = names[data.draw(_PICK) % len(names)]
    message = samples[name]
    wire = raw(message, 1) if sender is Sender.SERVER else raw(message)
    keys = [k for k in wire if k not in ("type", "seq")]
    mutation = data.draw(_MUTATIONS)
    expected: set[str]
    value: Any = wire
    if mutation == "drop" and keys:
        del wire[keys[data.draw(_PICK) % len(keys)]]
        expected = {"missing_field", "ok"}
    elif mutation == "add":
        wire["x_" + data.draw(_KEYS)] = data.draw(_SMALL_VALUES)
        expected = {"extra_field"}
    elif mutation == "replace" and keys:
        wire[keys[data.draw(_PICK) % len(keys)]] = data.draw(_VALUES)
        expected = {"bad_field", "missing_field", "extra_field", "version_mismatch", "ok"}
    elif mutation == "retype":
        wire["type"] = data.draw(_TYPES)
        expected = {"unknown_type", "missing_field", "ok"}
    elif mutation == "wrap":
        value = [[wire], list(wire.items()), name, None, 0][data.draw(_PICK) % 5]
        expected = {"not_a_map"}
    else:
        value = list(wire.values())
        expected = {"not_a_map"}
    conn = Connection(Role.SERVER if sender is Sender.CLIENT else Role.CLIENT)
    conn.state = a_state_allowing(sender, name)
    conn.receive_data(pack(value))
    try:
        got = conn.next_event()
    except ProtocolError as exc:
        if exc.code == "not_allowed_now":  # a retyped message that the state does not allow
            assert mutation == "retype"
        else:
            assert exc.code in expected, (mutation, exc)
        assert exc.fatal == (exc.code == "version_mismatch")
        if exc.fatal:
            return
    else:
        assert "ok" in expected, (mutation, got)
    if conn.state is State.CLOSED:  # a valid bye, or a valid fatal error
        return
    ping = protocol.Ping(nonce=3)
    assert receive_one(conn, pack(raw(ping, 2) if sender is Sender.SERVER else raw(ping))) == ping
