"""The session state machine: what each side may send in each state, the transitions, closing,
the handshake's version check, and sequence numbers."""

from __future__ import annotations

import dataclasses

import msgpack
import protocol_samples as ps
import pytest

import protocol
from protocol import LocalProtocolError, Message, Sender
from protocol.connection import CLIENT_SENDS, NEED_DATA, SERVER_SENDS, TRANSITIONS, Connection, Role, State

STATES = list(State)
VERSION = protocol.PROTOCOL_VERSION


def expected_next(state: State, message: Message) -> State:
    if isinstance(message, protocol.Bye) or (isinstance(message, protocol.Error) and message.fatal):
        return State.CLOSED
    key = f"joined:{message.role}" if isinstance(message, protocol.Joined) else message.TYPE
    return TRANSITIONS.get((state, key), state)


def test_the_tables_cover_every_state_and_only_known_messages() -> None:
    assert set(CLIENT_SENDS) == set(SERVER_SENDS) == set(State)
    for state in State:
        assert CLIENT_SENDS[state] <= set(protocol.message_types(Sender.CLIENT))
        assert SERVER_SENDS[state] <= set(protocol.message_types(Sender.SERVER))
    assert CLIENT_SENDS[State.CLOSED] == SERVER_SENDS[State.CLOSED] == frozenset()
    for (state, key), target in TRANSITIONS.items():
        assert key.split(":")[0] in CLIENT_SENDS[state] | SERVER_SENDS[state]
        assert target is not State.CLOSED


@pytest.mark.parametrize("sender", [Sender.CLIENT, Sender.SERVER])
@pytest.mark.parametrize("state", STATES, ids=[s.value for s in STATES])
def test_allowed_messages_pass_and_others_are_refused(sender: Sender, state: State) -> None:
    allowed = ps.sends(sender)[state]
    for name, message in ps.samples(sender).items():
        out, into = ps.sender_receiver(sender, state)
        if name in allowed:
            got = ps.receive_one(into, out.send(message))
            assert got == message
            assert out.state is into.state is expected_next(state, message), name
            continue
        with pytest.raises(LocalProtocolError):
            out.send(message)
        assert out.state is state
        assert out.sent_seq == 0
        seq = 1 if sender is Sender.SERVER else None
        exc = ps.refusal(into, ps.pack(ps.raw(message, seq)))
        assert (exc.code, exc.fatal) == ("not_allowed_now", False), (state, name)
        assert into.state is state
        if "ping" in allowed:  # still usable
            ping = protocol.Ping(nonce=5)
            assert ps.receive_one(into, ps.pack(ps.raw(ping, 2) if seq else ps.raw(ping))) == ping


def test_every_transition() -> None:
    for (state, key), target in TRANSITIONS.items():
        name, _, role = key.partition(":")
        sender = Sender.CLIENT if name in CLIENT_SENDS[state] else Sender.SERVER
        message = ps.samples(sender)[name]
        if role:
            message = dataclasses.replace(message, role=role,  # type: ignore[type-var]
                                          seat="1" if role == "player" else None)
        out, into = ps.sender_receiver(sender, state)
        ps.receive_one(into, out.send(message))
        assert out.state is into.state is target, key


def test_a_whole_session_moves_both_ends_alike() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    assert client.state is server.state is State.HANDSHAKE

    def c2s(message: Message) -> None:
        assert ps.receive_one(server, client.send(message)) == message

    def s2c(message: Message) -> None:
        assert ps.receive_one(client, server.send(message)) == message

    c2s(protocol.Hello(version=VERSION, name="Zoë"))
    assert client.state is server.state is State.GREETING
    s2c(protocol.Ping(nonce=1))
    c2s(protocol.Pong(nonce=1))
    s2c(ps.SERVER_SAMPLES["welcome"])
    assert client.state is server.state is State.LOBBY
    c2s(protocol.ListRooms())
    s2c(ps.SERVER_SAMPLES["rooms"])
    c2s(ps.CLIENT_SAMPLES["create_room"])
    assert client.state is State.LOBBY  # only the server's answer moves the session
    s2c(ps.SERVER_SAMPLES["error"])
    assert client.state is State.LOBBY  # a refusal does not move it either
    c2s(ps.CLIENT_SAMPLES["create_room"])
    s2c(protocol.Joined(room=ps.SERVER_SAMPLES["room"].room, role="player", seat="1"))  # type: ignore[attr-defined]
    assert client.state is server.state is State.PLAYER
    for name in ("add_bot", "remove_bot", "set_rules", "start", "action", "sync", "chat"):
        c2s(ps.CLIENT_SAMPLES[name])
    for name in ("room", "view", "events", "chat"):
        s2c(ps.SERVER_SAMPLES[name])
    c2s(protocol.LeaveRoom())
    s2c(protocol.Left(reason="left"))
    assert client.state is server.state is State.LOBBY
    c2s(protocol.JoinRoom(room="7", spectate=True))
    s2c(protocol.Joined(room=ps.SERVER_SAMPLES["room"].room, role="spectator"))  # type: ignore[attr-defined]
    assert client.state is server.state is State.SPECTATOR
    c2s(protocol.Sync())
    s2c(ps.SERVER_SAMPLES["view"])
    s2c(protocol.Left(reason="room_closed"))
    assert client.state is server.state is State.LOBBY
    s2c(protocol.Bye(reason="shutdown"))
    assert client.state is server.state is State.CLOSED
    assert (client.received_seq, server.sent_seq, client.gap) == (14, 14, False)


@pytest.mark.parametrize("state", [s for s in STATES if "bye" in SERVER_SENDS[s]],
                         ids=lambda s: s.value)
def test_bye_and_a_fatal_error_close_from_any_state(state: State) -> None:
    for message in (protocol.Bye(reason="timeout"),
                    protocol.Error(code="too_large", message="no", fatal=True)):
        client, server = ps.pair(state)
        ps.receive_one(client, server.send(message))
        assert client.state is server.state is State.CLOSED
        with pytest.raises(LocalProtocolError):
            client.send(protocol.Ping(nonce=1))
        exc = ps.refusal(client, ps.pack(ps.raw(protocol.Ping(nonce=1), 2)))
        assert exc.code == "not_allowed_now"
    client, server = ps.pair(state)
    ps.receive_one(client, server.send(protocol.Error(code="bad_field", message="no")))
    assert client.state is server.state is TRANSITIONS.get((state, "error"), state)


def test_another_protocol_version_is_refused_naming_both() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    # A later version's hello may look different: the version is all that is read.
    later = protocol.PROTOCOL_VERSION + 1
    hello = {"type": "hello", "version": later, "name": "Zoë", "caps": ["x"], "lang": 5}
    exc = ps.refusal(server, ps.pack(hello) + ps.pack(ps.raw(protocol.Ping(nonce=1))))
    assert (exc.code, exc.fatal) == ("version_mismatch", True)
    assert str(protocol.PROTOCOL_VERSION) in exc.message and str(later) in exc.message
    assert server.state is State.CLOSED
    with pytest.raises(protocol.ProtocolError) as again:
        server.next_event()
    assert again.value is exc
    client.state = State.GREETING
    error = ps.receive_one(client, server.send(server.error_for(exc, ref="hello")))
    assert isinstance(error, protocol.Error)
    assert (error.code, error.fatal, error.ref) == ("version_mismatch", True, "hello")
    assert f"version {protocol.PROTOCOL_VERSION}" in error.message
    assert f"version {later}" in error.message
    assert client.state is State.CLOSED


def test_a_refused_hello_may_be_sent_again() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    client.send(protocol.Hello(version=VERSION, name="Zoë"))  # the server never gets this one...
    assert client.state is State.GREETING
    exc = ps.refusal(server, ps.pack({"type": "hello", "version": VERSION, "name": "\x1b[2J"}))  # ...but this
    assert (exc.code, exc.fatal) == ("bad_field", False)
    assert server.state is State.HANDSHAKE
    ps.receive_one(client, server.send(server.error_for(exc, ref="hello")))
    assert client.state is server.state is State.HANDSHAKE  # both ends agree: say hello again
    hello = protocol.Hello(version=VERSION, name="Zoë")
    assert ps.receive_one(server, client.send(hello)) == hello
    ps.receive_one(client, server.send(ps.SERVER_SAMPLES["welcome"]))
    assert client.state is server.state is State.LOBBY


def test_a_version_that_is_not_a_number_is_a_bad_field() -> None:
    for version in ("1", "2", True, 1.0, None):
        server = Connection(Role.SERVER)
        exc = ps.refusal(server, ps.pack({"type": "hello", "version": version, "name": "Zoë"}))
        assert (exc.code, exc.fatal) == ("bad_field", False), version
        assert server.state is State.HANDSHAKE
        hello = protocol.Hello(version=VERSION, name="Zoë")
        assert ps.receive_one(server, ps.pack(ps.raw(hello))) == hello


def test_a_second_hello_is_not_allowed() -> None:
    _, server = ps.pair(State.LOBBY)
    exc = ps.refusal(server, ps.pack(ps.raw(protocol.Hello(version=VERSION, name="x"))))
    assert (exc.code, exc.fatal) == ("not_allowed_now", False)


def test_end_of_stream() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    data = client.send(protocol.Hello(version=VERSION, name="Zoë"))
    server.receive_data(data)
    server.receive_data(b"")
    assert isinstance(server.next_event(), protocol.Hello)  # the bytes before the end are read
    assert server.next_event() == protocol.ConnectionClosed()
    assert server.next_event() == protocol.ConnectionClosed()  # and again, as in h11
    with pytest.raises(LocalProtocolError):
        server.receive_data(b"\x80")  # nothing may follow the end


def test_a_message_cut_off_by_the_end_of_stream_is_the_peers_error() -> None:
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    data = client.send(protocol.Hello(version=protocol.PROTOCOL_VERSION, name="Zoë"))
    server.receive_data(data[:-1])
    assert server.next_event() is NEED_DATA
    server.receive_data(b"")
    with pytest.raises(protocol.ProtocolError) as exc:
        server.next_event()
    assert (exc.value.code, exc.value.fatal) == ("bad_encoding", True)
    assert server.state is State.CLOSED
    with pytest.raises(protocol.ProtocolError):  # it sticks
        server.next_event()


# ---------------------------------------------------------------------------- sequence numbers


def _from_server(seqs: list[int]) -> Connection:
    client, _ = ps.pair(State.LOBBY)
    for seq in seqs:
        ping = protocol.Ping(nonce=seq)
        assert ps.receive_one(client, ps.pack(ps.raw(ping, seq))) == ping
    return client


def test_the_client_tracks_the_sequence() -> None:
    client, server = ps.pair(State.PLAYER)
    for n in range(1, 6):
        ps.receive_one(client, server.send(protocol.Ping(nonce=n)))
        assert (client.received_seq, server.sent_seq, client.gap) == (n, n, False)


def test_a_skipped_number_is_a_gap() -> None:
    client = _from_server([1, 2, 4])
    assert (client.received_seq, client.gap) == (4, True)
    client.gap = False  # the client asked for a fresh view
    ps.receive_one(client, ps.pack(ps.raw(protocol.Ping(nonce=1), 5)))
    assert client.gap is False


@pytest.mark.parametrize("seqs", [[2], [1, 1], [1, 3, 2], [1, 2, 100]])
def test_anything_but_the_next_number_is_a_gap(seqs: list[int]) -> None:
    assert _from_server(seqs).gap is True


def test_a_refused_server_message_counts_as_missed() -> None:
    client, server = ps.pair(State.LOBBY)
    ps.receive_one(client, server.send(protocol.Ping(nonce=1)))
    exc = ps.refusal(client, ps.pack(ps.raw(protocol.Ping(nonce=2), 2, nonce="two")))
    assert exc.code == "bad_field"
    server.sent_seq = 2
    ps.receive_one(client, server.send(protocol.Ping(nonce=3)))
    assert (client.received_seq, client.gap) == (3, True)


def test_only_server_messages_carry_seq() -> None:
    client, server = ps.pair(State.PLAYER)
    data = client.send(protocol.Sync())
    assert msgpack.unpackb(data) == {"type": "sync"}
    assert server.received_seq == 0 and client.sent_seq == 0
    ps.receive_one(server, data)
    assert msgpack.unpackb(server.send(protocol.Ping(nonce=9))) == {"type": "ping", "nonce": 9, "seq": 1}
