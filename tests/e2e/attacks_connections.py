"""Attacks on the server's resources: silent, slow and never-reading connections, floods, a full
server, room slots (docs/SECURITY.md)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

import msgpack
import trio
from attack_table import BAD_NAMES
from kit.server import ServerProcess
from kit.wire import Wire

from protocol import (
    PROTOCOL_VERSION,
)
from protocol.errors import BAD_FIELD

LATE = 4.0  # seconds a server beside a playing table may be late closing at a deadline (loaded CI)

async def attack_silent_handshake(port: int, handshake_timeout: float, data: bytes = b"",
                                  server: ServerProcess | None = None) -> float:
    """A connection that never finishes its hello (sends nothing, or ``data``: part of one):
    ``bye`` with reason ``handshake_timeout`` at the deadline, then the server hangs up."""
    began = trio.current_time()  # (before the connection: a client slow to go on after it would
    wire = await Wire.open(port)  # make the deadline look early)
    try:
        if data:
            await wire.send_raw(data)
        with trio.fail_after(handshake_timeout + 5):
            log = await wire.until_closed()
    finally:
        await wire.aclose()
    took = trio.current_time() - began
    assert [m["type"] for m in log] == ["bye"] and log[0]["reason"] == "handshake_timeout", log
    assert handshake_timeout - 0.2 <= took <= handshake_timeout + LATE, took
    if server is not None:
        assert (why := await server.wait_close_reason(wire.port)) == "handshake_timeout", why
    return took


async def attack_bad_hellos(port: int, handshake_timeout: float) -> None:
    """Hellos with bad names are refused (``bad_field``) without ending the handshake, and
    do not extend it: the deadline still closes the connection."""
    wire = await Wire.open(port)
    began = trio.current_time()
    try:
        for name in BAD_NAMES:
            await wire.send({"type": "hello", "version": PROTOCOL_VERSION, "name": name})
            assert (await wire.error(BAD_FIELD))["ref"] == "hello"
        with trio.fail_after(handshake_timeout + 5):
            log = await wire.until_closed()
    finally:
        await wire.aclose()
    assert log[-1]["type"] == "bye" and log[-1]["reason"] == "handshake_timeout"
    assert trio.current_time() - began <= handshake_timeout + LATE


async def attack_trickle(port: int, heartbeat: float, server: ServerProcess | None = None) -> float:
    """After hello, a byte of a message now and then, never a whole message (slowloris): the
    bytes are no sign of life, so the heartbeat drops the connection (``bye`` ``timeout``)."""
    wire = await Wire.open(port)
    try:
        await wire.hello()
        began = trio.current_time()
        data = msgpack.packb({"type": "chat", "text": "y" * 150})
        with trio.fail_after(heartbeat + 10):
            async with trio.open_nursery() as nursery:
                async def trickle() -> None:
                    for byte in data:
                        await trio.sleep(heartbeat / 10)
                        try:
                            await wire.send_raw(bytes([byte]))
                        except (trio.BrokenResourceError, trio.ClosedResourceError):
                            return

                nursery.start_soon(trickle)
                await wire.until_closed()
                nursery.cancel_scope.cancel()
        took = trio.current_time() - began
    finally:
        await wire.aclose()
    bye = wire.bye()
    assert bye is not None and bye["reason"] == "timeout", wire.log
    assert took <= heartbeat + LATE, took
    if server is not None:
        assert (why := await server.wait_close_reason(wire.port)) == "timeout", why
    return took


async def attack_never_reads(port: int, room: str, server: ServerProcess,
                             bound: float = 60.0) -> float:
    """A spectator of a live table that never reads (and keeps asking for views): its queue
    fills and it is dropped without a ``bye``; the table is never held up."""
    wire = await Wire.open(port, rcvbuf=4096)
    began = trio.current_time()
    try:
        await wire.hello("sloth")
        await wire.send({"type": "join_room", "room": room, "spectate": True})
        await wire.expect("joined")
        # From now on: read nothing, ask for a view 30 times a second (under the flood limit).
        with trio.fail_after(bound):
            while server.close_reason(wire.port) is None:
                try:
                    await wire.send({"type": "sync"})
                except (trio.BrokenResourceError, trio.ClosedResourceError):
                    break
                await trio.sleep(1 / 30)
            reason = await server.wait_close_reason(wire.port)
        took = trio.current_time() - began
        assert reason == "slow", reason
        with trio.fail_after(10):
            log = await wire.until_closed()  # what the kernel had buffered, then the end
        assert not [m for m in log if m.get("type") == "bye"], "a slow reader gets no bye"
    finally:
        await wire.aclose()
    return took


IDLE_SOCKET_WELCOMES: list[float] = []  # seconds a fresh client waited for welcome (for reports)


async def attack_idle_sockets(port: int, count: int, handshake_timeout: float,
                              check: Callable[[], Any] | None = None) -> list[str]:
    """``count`` connections that say nothing. While they are open the server serves (a fresh
    client is welcomed at once, and ``check`` runs); at the handshake deadline each gets
    ``bye`` ``handshake_timeout`` and is closed."""
    wires: list[Wire] = []
    endings: list[str] = []
    try:
        for _ in range(count):
            wires.append(await Wire.open(port))
        opened = trio.current_time()
        # served meanwhile: a new client is welcomed at once (a few seconds on a busy machine)
        fresh = await Wire.open(port)
        try:
            asked = trio.current_time()
            with trio.fail_after(5):
                await fresh.hello("fresh")
                await fresh.usable()
            IDLE_SOCKET_WELCOMES.append(trio.current_time() - asked)
        finally:
            await fresh.aclose()
        if check is not None:
            await check()

        async def ending(wire: Wire) -> None:
            log = await wire.until_closed()
            endings.append(log[-1]["reason"] if log and log[-1].get("type") == "bye"
                           else f"no bye: {log}")

        with trio.fail_after(handshake_timeout + 15):
            async with trio.open_nursery() as nursery:
                for wire in wires:
                    nursery.start_soon(ending, wire)
        assert trio.current_time() - opened <= handshake_timeout + 10
    finally:
        for wire in wires:
            wire.stream.socket.close()
    return endings


async def attack_flood(port: int, burst: int = 120, rate: float = 40.0,
                       server: ServerProcess | None = None, junk: bool = False) -> None:
    """Many messages at once from one connection (pings, or invalid ones): at most ``burst``
    are answered (and ``rate`` a second more, for the time the server took to read them), then
    ``bye`` ``flood`` and the end."""
    wire = await Wire.open(port)
    try:
        await wire.hello()
        data = b"".join(msgpack.packb(0 if junk else {"type": "ping", "nonce": i})
                        for i in range(burst * 4))
        began = trio.current_time()
        with suppress(trio.BrokenResourceError):
            await wire.send_raw(data)
        log = await wire.until_closed()
        took = trio.current_time() - began
    finally:
        await wire.aclose()
    answers = [m for m in log if m.get("type") in ("pong", "error")]
    assert len(answers) <= burst + int(rate * took), (len(answers), took)
    assert log[-1].get("type") == "bye" and log[-1]["reason"] == "flood", log[-2:]
    if server is not None:
        assert (why := await server.wait_close_reason(wire.port)) == "flood", why


async def attack_chat_flood(port: int, burst: int = 5) -> None:
    """Chat faster than about one line a second: the lines past the burst are refused with
    ``rate_limited``; the connection stays."""
    wire = await Wire.open(port)
    try:
        await wire.hello("chatterbox")
        for i in range(burst + 3):
            await wire.send({"type": "chat", "text": f"line {i}"})
        await wire.usable()
        codes = [m["code"] for m in wire.log if m["type"] == "error"]
        assert codes == ["rate_limited"] * 3, codes
    finally:
        await wire.aclose()


async def attack_server_full(port: int, max_connections: int) -> None:
    """More connections than ``max_connections``: the extra ones get ``bye`` ``server_full``."""
    wires = []
    try:
        for _ in range(max_connections):
            wire = await Wire.open(port)
            await wire.usable()  # counted by the server now
            wires.append(wire)
        extra = await Wire.open(port)
        wires.append(extra)
        log = await extra.until_closed()
        assert [(m["type"], m.get("reason")) for m in log] == [("bye", "server_full")], log
    finally:
        for wire in wires:
            await wire.aclose()


ROOM_SLOT_SOURCE = "127.0.0.66"  # the address the room-slot attacker connects from


async def attack_room_slots(port: int, attempts: int, source: str = ROOM_SLOT_SOURCE
                            ) -> list[str]:
    """Over fresh connections from ``source``: open a room with one bot and an hour's turn
    clock, start the match, drop; ``attempts`` times. Past the rooms one address may have open,
    each ``create_room`` gets ``too_many_rooms`` (``ref`` ``create_room``, not fatal). Returns
    each attempt's answer (``joined`` or the error's code), in order."""
    answers = []
    for n in range(attempts):
        wire = await Wire.open(port, source=source)
        try:
            await wire.hello(f"slot{n}")
            await wire.send({"type": "create_room", "name": f"slot {n}", "seats": 2, "bots": 1,
                             "turn_timeout": 3600, "bot_delay": 0})
            answer = await wire.expect_one_of("joined", "error")
            if answer["type"] == "error":
                assert answer["ref"] == "create_room" and not answer["fatal"], answer
                answers.append(answer["code"])
                continue
            await wire.send({"type": "start"})
            await wire.expect("view")
            answers.append("joined")
        finally:
            await wire.aclose()
    return answers


async def slot_rooms(port: int) -> list[str]:
    """The names of the room-slot attacker's rooms still open."""
    wire = await Wire.open(port)
    try:
        await wire.hello("counter")
        await wire.send({"type": "list_rooms"})
        rooms = (await wire.expect("rooms"))["rooms"]
    finally:
        await wire.aclose()
    return [r["name"] for r in rooms if r["name"].startswith("slot ")]
