"""One connection: heartbeats, the handshake deadline, slow readers, bad input, floods. Whatever a
client sends, the server and everybody else go on."""

from __future__ import annotations

import logging
import random
from collections import Counter

import msgpack
import pytest
import trio
import trio.testing
from kit.closes import Close, closed, closes
from kit.harness import Harness, game_of, is_match_end, only_room

from client.link import HandshakeRefused
from engine import full_deck
from protocol import (
    PROTOCOL_VERSION,
    Error,
    ListRooms,
    Ping,
    Pong,
    Rooms,
    RoomUpdate,
    Start,
    ViewMsg,
)
from protocol.errors import BAD_FIELD, VERSION_MISMATCH
from server.errors import INTERNAL

# ---------------------------------------------------------------------------- heartbeats


async def test_a_silent_connection_is_pinged_then_dropped(harness: Harness,
                                                          autojump_clock: object) -> None:
    with trio.fail_after(100):
        srv = await harness.server()
        ann = await harness.client(srv)
        ann.auto_pong = False
        await trio.sleep(1)
        await ann.send(ListRooms())  # the last sign of life
        last = trio.current_time()
        await ann.expect(Rooms)
        lost = await ann.closed()
        assert lost.bye is not None and lost.bye.reason == "timeout"
        pings = [m for m in ann.log if isinstance(m, Ping)]
        assert ann.log[-1] == pings[-1] and len(pings) == 2  # at 5 and 10 seconds of silence
        assert trio.current_time() - last == pytest.approx(srv.config.heartbeat_timeout)


async def test_the_log_says_why_a_connection_closed_in_the_form_the_kit_reads(
        harness: Harness, autojump_clock: object, caplog: pytest.LogCaptureFixture) -> None:
    # The end-to-end tests read close reasons from a server's log with ``kit.closes``.
    caplog.set_level(logging.INFO, logger="uno.server")
    with trio.fail_after(100):
        srv = await harness.server()
        ann = harness.connect(srv, "ann", address="192.0.2.9:4242")
        await ann.hello()
        ann.auto_pong = False
        await ann.closed()
        await trio.testing.wait_all_tasks_blocked()
    log = "\n".join(r.getMessage() for r in caplog.records)
    assert Close("192.0.2.9", 4242, None) in closes(log)  # opened
    assert Close("192.0.2.9", 4242, "timeout", "ann") in closes(log)
    assert closed(log, "ann") == ["timeout"]


async def test_pongs_keep_a_connection_alive(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(1000):
        srv = await harness.server()
        ann = await harness.client(srv)  # answers pings
        with trio.move_on_after(300):
            await ann.expect(Rooms)  # nothing but pings will come
        pings = [m for m in ann.log if isinstance(m, Ping)]
        assert len(pings) >= 300 / srv.config.heartbeat_timeout
        await ann.rooms()


async def test_the_handshake_has_a_deadline(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(100):
        srv = await harness.server()
        ann = harness.connect(srv)
        began = trio.current_time()
        lost = await ann.closed()
        assert lost.bye is not None and lost.bye.reason == "handshake_timeout"
        assert trio.current_time() - began == pytest.approx(srv.config.handshake_timeout)


async def test_pings_before_hello_are_answered_but_do_not_extend_the_handshake(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(100):
        srv = await harness.server()
        ann = harness.connect(srv)
        began = trio.current_time()
        await ann.send(Ping(nonce=7))
        assert await ann.expect(Pong) == Pong(nonce=7)
        await trio.sleep(srv.config.handshake_timeout / 2)
        await ann.send(Ping(nonce=8))
        assert await ann.expect(Pong) == Pong(nonce=8)
        lost = await ann.closed()
        assert lost.bye is not None and lost.bye.reason == "handshake_timeout"
        assert trio.current_time() - began == pytest.approx(srv.config.handshake_timeout)
        bob = harness.connect(srv, "bob")  # the server is fine
        await bob.send(Ping(nonce=1))
        await bob.expect(Pong)
        assert not (await bob.hello()).resumed


async def test_a_client_that_never_reads_is_dropped_and_nobody_waits(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(100):
        srv = await harness.server(outgoing_queue=8)
        ann = await harness.client(srv, "ann")
        room_id = (await ann.create(bots=1, rules={"target_score": 100})).room.id
        slow = await harness.client(srv, "slow", pair=trio.testing.lockstep_stream_pair)
        await slow.join(room_id, spectate=True)
        peer = next(p for p in srv.peers if p.name == "slow")
        await ann.expect(RoomUpdate, lambda m: m.room.spectators == 1)
        # From now on slow reads nothing: every message for it waits in its queue.
        began = trio.current_time()
        await ann.send(Start())
        await ann.play(lambda m: isinstance(m, RoomUpdate) and m.room.spectators == 0)
        assert trio.current_time() - began < 2  # a few moves: nobody waited for slow
        assert peer.closed and peer.close_reason == "slow" and peer not in srv.peers
        await ann.play(is_match_end)  # ann's match goes on


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(("wire", "code"), [
    (5, "not_a_map"),
    ([1, 2], "not_a_map"),
    ({"kind": "draw"}, "missing_field"),
    ({"type": 3}, "missing_field"),
    ({"type": "teleport"}, "unknown_type"),
    ({"type": "welcome"}, "unknown_type"),  # a server message
    ({"type": "create_room"}, "missing_field"),
    ({"type": "create_room", "name": "x", "colour": "red"}, "extra_field"),
    ({"type": "create_room", "name": "x", "seats": "4"}, "bad_field"),
    ({"type": "create_room", "name": "x", "turn_timeout": float("nan")}, "bad_field"),
    ({"type": "join_room", "room": "x" * 100}, "bad_field"),
    ({"type": "action", "kind": "draw"}, "not_allowed_now"),
    ({"type": "hello", "version": PROTOCOL_VERSION, "name": "again"}, "not_allowed_now"),
    ({"type": "chat", "text": ""}, "bad_field"),
])
async def test_an_invalid_message_gets_a_stable_code(harness: Harness, autojump_clock: object,
                                                     wire: object, code: str) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv)
        await ann.send_wire(wire)
        error = await ann.error(code)
        assert not error.fatal
        await ann.rooms()
        await ann.create()  # and more than usable


@pytest.mark.parametrize(("data", "code"), [
    (b"\xc1", "bad_encoding"),  # a byte msgpack never uses
    (b"\xdf\xff\xff\xff\xff", "bad_encoding"),  # a map of four billion entries
    (msgpack.packb({"type": "chat", "text": "x" * 70_000}), "too_large"),
])
async def test_undecodable_bytes_end_the_connection_with_a_fatal_error(
        harness: Harness, autojump_clock: object, data: bytes, code: str) -> None:
    with trio.fail_after(30):
        srv, (ann, mallory) = await harness.table("ann", bots=1, rules={"target_score": 100},
                                                  spectators=["mallory"])
        await ann.send(Start())
        await mallory.send_raw(data)
        error = await mallory.expect(Error)
        assert error.code == code and error.fatal
        await mallory.closed()
        assert mallory.lost is not None and mallory.lost.bye is None
        assert not srv.rooms[only_room(srv).id].spectators
        await ann.play(is_match_end)  # the match was never disturbed


async def test_another_protocol_version_is_refused(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = harness.connect(srv)
        with pytest.raises(HandshakeRefused) as refused:
            await ann.link.hello("ann", version=PROTOCOL_VERSION + 1)
        assert refused.value.error.code == VERSION_MISMATCH and refused.value.error.fatal
        await ann.closed()


@pytest.mark.parametrize("name", ["You", "tú", " TU ", "Bot", "bot 3", "Bot7", "Kim (bot)"])
async def test_a_name_the_table_uses_itself_is_refused_and_a_corrected_hello_welcomed(
        harness: Harness, autojump_clock: object, name: str) -> None:
    """Found play-testing: one named "You" read as every player's own moves in everyone's log,
    one named "Bot 1" as a bot."""
    with trio.fail_after(30):
        srv = await harness.server()
        ann = harness.connect(srv)
        with pytest.raises(HandshakeRefused) as refused:
            await ann.link.hello(name)
        assert refused.value.error.code == BAD_FIELD and not refused.value.error.fatal
        assert (await ann.link.hello("Youssef")).name == "Youssef"


async def test_a_flood_is_disconnected_and_the_others_play_on(harness: Harness,
                                                              autojump_clock: object) -> None:
    with trio.fail_after(100):
        srv, (ann, mallory) = await harness.table("ann", bots=1, rules={"target_score": 100},
                                                  spectators=["mallory"])
        await ann.send(Start())
        burst = srv.config.message_burst
        await mallory.send_raw(b"".join(msgpack.packb({"type": "ping", "nonce": i})
                                        for i in range(burst + 10)))
        lost = await mallory.closed()
        assert lost.bye is not None and lost.bye.reason == "flood"
        assert len([m for m in mallory.log if isinstance(m, Pong)]) <= burst
        await ann.play(is_match_end)


async def test_invalid_messages_count_towards_the_flood_limit(harness: Harness,
                                                               autojump_clock: object) -> None:
    with trio.fail_after(100):
        srv = await harness.server()
        mallory = await harness.client(srv, "mallory")
        await mallory.send_raw(msgpack.packb(0) * (srv.config.message_burst + 10))
        lost = await mallory.closed()
        assert lost.bye is not None and lost.bye.reason == "flood"


async def test_a_steady_rate_below_the_limit_is_fine(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(1000):
        srv = await harness.server()
        ann = await harness.client(srv)
        for i in range(4 * srv.config.message_burst):
            await ann.send(Ping(nonce=i))
            await trio.sleep(1.2 / srv.config.message_rate)
        await ann.rooms()


# ---------------------------------------------------------------------------- hostile clients


def junk(rng: random.Random, seats: list[str]) -> object:
    """A random message: mostly well-formed actions with random content, some nonsense."""
    cards = [str(c) for c in full_deck()] + ["X9", "", "R", "W+5"]
    kind = rng.choice(["play", "jump_in", "draw", "keep_drawing", "pass", "choose_color",
                       "challenge", "accept", "call_uno", "catch", "nope"])
    roll = rng.random()
    if roll < 0.7:
        wire: dict[str, object] = {"type": "action", "kind": kind}
        for field, values in (("card", cards), ("color", ["R", "Y", "G", "B", "W", 3]),
                              ("target", [*seats, "99", ""]), ("uno", [True, False, 1])):
            if rng.random() < 0.4:
                wire[field] = rng.choice(values)
        return wire
    if roll < 0.8:
        return {"type": rng.choice(["sync", "list_rooms", "add_bot", "start", "set_rules",
                                    "remove_bot", "create_room", "join_room", "hello"])}
    if roll < 0.9:
        return {"type": "chat", "text": rng.choice(["hi", "\x1b[2J", "x" * 300, 5])}
    return rng.choice([None, 1.5, [], {}, {"type": None}, "action", {"type": "action",
                                                                    "kind": ["draw"]}])


async def test_a_hostile_player_cannot_corrupt_the_room(harness: Harness,
                                                        autojump_clock: object) -> None:
    with trio.fail_after(20_000):
        srv, (ann, mallory) = await harness.table("ann", "mallory", bots=1, turn_timeout=5,
                                                  rules={"target_score": 100}, start=True)
        rng = random.Random(7)
        game = game_of(srv)
        done = trio.Event()

        async def attack() -> None:
            seats = [s.seat for s in (mallory.room.seats if mallory.room else ())]
            while not done.is_set():
                await mallory.send_wire(junk(rng, seats))
                assert Counter(game.all_cards()) == Counter(full_deck())
                await trio.sleep(0.1)

        async def drain() -> None:
            while True:
                await mallory.recv()

        async def play() -> None:
            await ann.play(is_match_end)
            done.set()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(attack)
            nursery.start_soon(drain)
            await play()
            nursery.cancel_scope.cancel()
        outcome = game.outcome()
        assert outcome is not None and max(outcome.scores) >= 100
        assert Counter(game.all_cards()) == Counter(full_deck())
        errors = Counter(m.code for m in mallory.log if isinstance(m, Error))
        assert errors["not_your_turn"] and errors["bad_field"] and errors["missing_field"]
        assert INTERNAL not in errors
        # mallory is still connected (the attack kept under the rate limit) and so is ann.
        assert all(s.connected for s in only_room(srv).seats)
        await mallory.rooms()
        await ann.rooms()
        fresh = await harness.client(srv, "fresh")
        await fresh.create(bots=1)
        await fresh.send(Start())
        await fresh.expect(ViewMsg)
