"""Framing: msgpack values delimit themselves, so however the bytes are cut into reads, the same
messages come out, in the same order, with the session moving between them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from protocol_samples import CLIENT_SAMPLES, FUZZ, SERVER_SAMPLES, chunked, receive_all

import protocol
from protocol import MAX_MESSAGE_BYTES, NEED_DATA, Connection, Message, Role, State

ROOM = SERVER_SAMPLES["room"].room  # type: ignore[attr-defined]

# What the server says in a session, from the handshake to the goodbye.
SERVER_STREAM: list[Message] = [
    SERVER_SAMPLES["welcome"], SERVER_SAMPLES["rooms"],
    protocol.Joined(room=ROOM, role="player", seat="1"),
    SERVER_SAMPLES["room"], SERVER_SAMPLES["view"], SERVER_SAMPLES["events"],
    SERVER_SAMPLES["events"], SERVER_SAMPLES["chat"], SERVER_SAMPLES["error"], SERVER_SAMPLES["ping"],
    SERVER_SAMPLES["pong"], protocol.Left(reason="left"),
    protocol.Joined(room=ROOM, role="spectator"), SERVER_SAMPLES["view"], SERVER_SAMPLES["events"],
    protocol.Left(reason="room_closed"), protocol.ChatMsg(source="Max", text="bye!", scope="lobby"),
    SERVER_SAMPLES["bye"],
]

# What a client says; the server's own sends (which move its state) happen after message i.
CLIENT_STREAM: list[Message] = [
    CLIENT_SAMPLES["hello"], CLIENT_SAMPLES["ping"], CLIENT_SAMPLES["list_rooms"],
    CLIENT_SAMPLES["create_room"], CLIENT_SAMPLES["add_bot"], CLIENT_SAMPLES["remove_bot"],
    CLIENT_SAMPLES["set_rules"], CLIENT_SAMPLES["start"], CLIENT_SAMPLES["action"],
    protocol.Act(kind="draw"), protocol.Act(kind="choose_color", color="G"), CLIENT_SAMPLES["sync"],
    CLIENT_SAMPLES["chat"], CLIENT_SAMPLES["leave_room"], CLIENT_SAMPLES["join_room"],
    CLIENT_SAMPLES["sync"], CLIENT_SAMPLES["pong"], CLIENT_SAMPLES["leave_room"],
    CLIENT_SAMPLES["chat"],
]
SERVER_MOVES: dict[int, Callable[[Connection], object]] = {
    0: lambda server: server.send(SERVER_SAMPLES["welcome"]),
    3: lambda server: server.send(protocol.Joined(room=ROOM, role="player", seat="1")),
    13: lambda server: server.send(protocol.Left(reason="left")),
    14: lambda server: server.send(protocol.Joined(room=ROOM, role="spectator")),
    17: lambda server: server.send(protocol.Left(reason="left")),
}


# A shorter one, for the test that cuts at every offset.
SHORT_STREAM: list[Message] = [
    SERVER_STREAM[0], SERVER_STREAM[2], SERVER_SAMPLES["events"], protocol.Left(reason="left"),
    SERVER_SAMPLES["bye"],
]


def _encode_server_stream(messages: list[Message]) -> bytes:
    server = Connection(Role.SERVER)
    server.state = State.GREETING
    return b"".join(server.send(m) for m in messages)


def _encode_client_stream() -> bytes:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    out = b""
    for i, message in enumerate(CLIENT_STREAM):
        data = client.send(message)
        out += data
        assert receive_all(server, data) == [message]
        move = SERVER_MOVES.get(i)
        if move is not None:
            client.receive_data(move(server))  # type: ignore[arg-type]
            receive_all(client)
    return out


SERVER_BYTES = _encode_server_stream(SERVER_STREAM)
SHORT_BYTES = _encode_server_stream(SHORT_STREAM)
CLIENT_BYTES = _encode_client_stream()


def decode_server_stream(chunks: list[bytes]) -> list[Message]:
    client = Connection(Role.CLIENT)
    client.state = State.GREETING
    out: list[Message] = []
    for chunk in chunks:
        out += receive_all(client, chunk)
    assert client.state is State.CLOSED
    assert (client.received_seq, client.gap) == (len(out), False)
    return out


def decode_client_stream(chunks: list[bytes]) -> list[Message]:
    server = Connection(Role.SERVER)
    out: list[Message] = []
    for chunk in chunks:
        if chunk:  # (b"" would be the end of the stream)
            server.receive_data(chunk)
        while (event := server.next_event()) is not NEED_DATA:
            assert isinstance(event, Message)
            move = SERVER_MOVES.get(len(out))
            out.append(event)
            if move is not None:
                move(server)
    assert server.state is State.LOBBY
    return out


def test_all_at_once() -> None:
    assert decode_server_stream([SERVER_BYTES]) == SERVER_STREAM
    assert decode_client_stream([CLIENT_BYTES]) == CLIENT_STREAM


def test_one_byte_at_a_time() -> None:
    assert decode_server_stream([bytes([b]) for b in SERVER_BYTES]) == SERVER_STREAM
    assert decode_client_stream([bytes([b]) for b in CLIENT_BYTES]) == CLIENT_STREAM


def test_split_in_two_at_every_offset() -> None:
    for i in range(len(SHORT_BYTES) + 1):
        assert decode_server_stream([SHORT_BYTES[:i], SHORT_BYTES[i:]]) == SHORT_STREAM, i
    for i in range(len(CLIENT_BYTES) + 1):
        assert decode_client_stream([CLIENT_BYTES[:i], CLIENT_BYTES[i:]]) == CLIENT_STREAM, i


@settings(FUZZ, max_examples=60)
@given(st.lists(st.integers(0, 10**6), max_size=40), st.lists(st.integers(0, 10**6), max_size=40))
def test_any_cutting(server_cuts: list[int], client_cuts: list[int]) -> None:
    assert decode_server_stream(chunked(SERVER_BYTES, server_cuts)) == SERVER_STREAM
    assert decode_client_stream(chunked(CLIENT_BYTES, client_cuts)) == CLIENT_STREAM


def test_a_message_is_only_returned_once_complete() -> None:
    client = Connection(Role.CLIENT)
    client.state = State.GREETING
    first = _encode_server_stream(SERVER_STREAM[:1])
    for i in range(len(first)):
        client.receive_data(first[i:i + 1])
        if i < len(first) - 1:
            assert client.next_event() is NEED_DATA
            assert client.state is State.GREETING
    assert client.next_event() == SERVER_STREAM[0]
    assert client.next_event() is NEED_DATA


@pytest.mark.parametrize("chunk", [None, 1 << 20, 65536, 65535, 4096, 777])
def test_more_than_64_kib_of_messages_in_one_read(chunk: int | None) -> None:
    # Many messages, some close to the limit, so messages straddle every internal buffer edge.
    big_text = "é" * 150
    big = protocol.Events(events=tuple({"type": "chat_like", "text": big_text, "n": i}
                                       for i in range(200)))
    server = Connection(Role.SERVER)
    server.state = State.PLAYER
    messages: list[Message] = []
    for i in range(40):
        messages += [protocol.Ping(nonce=i), big if i % 3 == 0 else SERVER_SAMPLES["events"]]
    big_size = len(server.send(big))
    server.sent_seq = 0
    data = b"".join(server.send(m) for m in messages)
    assert 60_000 < big_size <= MAX_MESSAGE_BYTES
    assert len(data) > 10 * MAX_MESSAGE_BYTES
    client = Connection(Role.CLIENT)
    client.state = State.PLAYER
    step = chunk or len(data)
    got: list[Message] = []
    for i in range(0, len(data), step):
        got += receive_all(client, data[i:i + step])
    assert got == messages
    assert (client.received_seq, client.gap) == (len(messages), False)


def test_a_thousand_small_messages_in_one_read() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    client.state = server.state = State.LOBBY
    data = b"".join(server.send(protocol.Ping(nonce=i)) for i in range(1000))
    assert receive_all(client, data) == [protocol.Ping(nonce=i) for i in range(1000)]
    assert client.received_seq == 1000
