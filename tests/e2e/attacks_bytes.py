"""Attacks with bytes and malformed messages: each connects on its own, does one hostile thing
and raises ``AssertionError`` unless the server answers as docs/PROTOCOL.md promises."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import msgpack
import trio
from attack_table import (
    PROTOCOL_CODES,
    bad_text,
)
from kit.server import ServerProcess
from kit.wire import Wire

from protocol import (
    PROTOCOL_VERSION,
)


async def expect_fatal(wire: Wire, code: str, server: ServerProcess | None) -> None:
    """The server answers with a fatal ``error`` carrying ``code``, then hangs up (no bye)."""
    log = await wire.until_closed()
    errors = [m for m in log if m.get("type") == "error"]
    assert errors and errors[-1]["code"] == code and errors[-1]["fatal"], log[-3:]
    assert log[-1] is errors[-1], f"something came after the fatal error: {log[-1]}"
    if server is not None:
        assert (why := await server.wait_close_reason(wire.port)) == code, why


async def attack_random_bytes(port: int, server: ServerProcess | None = None, seed: int = 0,
                              size: int = 4096) -> str:
    """Random bytes: each message that happens to decode is refused with a protocol code, and
    the connection ends with a fatal error (or for flooding, or at the handshake deadline)."""
    rng = random.Random(seed)
    wire = await Wire.open(port)
    try:
        await wire.send_raw(rng.randbytes(size))
        log = await wire.until_closed()
    finally:
        await wire.aclose()
    for message in log:
        kind = message.get("type")
        assert kind in ("error", "bye", "pong"), message
        if kind == "error":
            assert message["code"] in PROTOCOL_CODES, message
    last = log[-1] if log else {}
    ending = last.get("code") if last.get("type") == "error" else last.get("reason")
    assert (last.get("type") == "error" and last["fatal"]) or ending in ("flood", "handshake_timeout"), log
    if server is not None:
        assert (why := await server.wait_close_reason(wire.port)) == ending, why
    assert isinstance(ending, str)
    return ending


async def attack_oversized(port: int, server: ServerProcess | None = None) -> None:
    """A message over 64 KiB: ``too_large``, fatal."""
    wire = await Wire.open(port)
    try:
        await wire.hello()
        await wire.send({"type": "chat", "text": "x" * 70_000})
        await expect_fatal(wire, "too_large", server)
    finally:
        await wire.aclose()


async def attack_huge_header(port: int, server: ServerProcess | None = None) -> None:
    """A str header announcing 4 GiB, then 64 KiB of it: ``too_large``."""
    wire = await Wire.open(port)
    try:
        await wire.hello()
        await wire.send_raw(b"\x81\xa4type\xdb\xff\xff\xff\xff" + b"x" * 70_000)
        await expect_fatal(wire, "too_large", server)
    finally:
        await wire.aclose()


HUGE_HEADERS = (b"\x82\xa4type\xa4chat\xa4text\xdb\xff\xff\xff\xff",  # str32 of 4 GiB
                b"\x82\xa4type\xa4chat\xa4text\xc6\x00\x01\x00\x00",  # bin32 of 64 KiB
                b"\x81\xa4type\xda\xff\xff")  # str16 of 65535 bytes after a few


async def attack_huge_header_alone(port: int, header: bytes, heartbeat: float,
                                   server: ServerProcess | None = None) -> float:
    """A header announcing more than a message may hold, and nothing after it: the fatal
    ``too_large`` at once, long before the heartbeat would drop the connection. Returns the
    seconds the answer took."""
    wire = await Wire.open(port)
    try:
        await wire.hello()
        began = trio.current_time()
        await wire.send_raw(header)
        with trio.fail_after(heartbeat / 2):
            await expect_fatal(wire, "too_large", server)
        return trio.current_time() - began
    finally:
        await wire.aclose()


@dataclass(frozen=True)
class BadValue:
    name: str
    data: bytes
    code: str
    fatal: bool


BAD_VALUES = (
    BadValue("an array header of 2 million items", b"\xdd\x00\x20\x00\x00", "bad_encoding", True),
    BadValue("a map header of 4 billion entries", b"\xdf\xff\xff\xff\xff", "bad_encoding", True),
    BadValue("arrays nested 100000 deep", b"\x91" * 100_000 + b"\xc0", "bad_encoding", True),
    BadValue("maps nested 3000 deep", b"\x81\xa1a" * 3000 + b"\xc0", "bad_encoding", True),
    BadValue("a byte msgpack never uses", b"\xc1", "bad_encoding", True),
    BadValue("invalid UTF-8 in a str", b"\x81\xa4type\xa3\xed\xa0\x80", "bad_encoding", True),
    BadValue("a map with an int key", b"\x81\x01\x01", "bad_encoding", True),
    BadValue("60000 nils (a big value under the limit)", msgpack.packb([None] * 60_000),
             "not_a_map", False),
    BadValue("a hello-sized map with 5000 extra keys",
             msgpack.packb({"type": "chat", "text": "hi", **{f"k{i}": i for i in range(5000)}}),
             "extra_field", False),
    BadValue("a bin value", msgpack.packb({"type": "chat", "text": b"hi"}, use_bin_type=True),
             "bad_field", False),
    BadValue("an ext value", msgpack.packb({"type": "chat", "text": msgpack.ExtType(1, b"hi")}),
             "bad_field", False),
)


async def attack_bad_value(port: int, bad: BadValue, server: ServerProcess | None = None) -> None:
    """A huge, deeply nested or otherwise undecodable value: the documented code; fatal ones
    end the connection, the others leave it usable."""
    wire = await Wire.open(port)
    try:
        await wire.hello()
        await wire.send_raw(bad.data)
        if bad.fatal:
            await expect_fatal(wire, bad.code, server)
        else:
            await wire.error(bad.code)
            await wire.usable()
    finally:
        await wire.aclose()


WRONG_MESSAGES: tuple[tuple[Any, str], ...] = (
    (5, "not_a_map"),
    ([1, 2, 3], "not_a_map"),
    ({"kind": "draw"}, "missing_field"),
    ({"type": 7}, "missing_field"),
    ({"type": "teleport"}, "unknown_type"),
    ({"type": "welcome"}, "unknown_type"),  # a server message
    ({"type": "create_room"}, "missing_field"),
    ({"type": "create_room", "name": 5}, "bad_field"),
    ({"type": "create_room", "name": "x", "seats": "4"}, "bad_field"),
    ({"type": "create_room", "name": "x", "seats": 11}, "bad_field"),
    ({"type": "create_room", "name": "x", "seats": True}, "bad_field"),
    ({"type": "create_room", "name": "x", "turn_timeout": float("inf")}, "bad_field"),
    ({"type": "create_room", "name": "x", "rules": {"a": [1]}}, "bad_field"),
    ({"type": "create_room", "name": "x", "colour": "red"}, "extra_field"),
    ({"type": "join_room", "room": ["1"]}, "bad_field"),
    ({"type": "join_room", "room": "1" * 100}, "bad_field"),
    ({"type": "ping", "nonce": "x"}, "bad_field"),
    ({"type": "ping", "nonce": 2**64 - 1}, "bad_field"),
    ({"type": "ping", "nonce": -1}, "bad_field"),
    ({"type": "chat", "text": None}, "bad_field"),
    ({"type": "action", "kind": "draw"}, "not_allowed_now"),  # in the lobby
    ({"type": "hello", "version": PROTOCOL_VERSION, "name": "again"}, "not_allowed_now"),
)


def expected_ref(value: Any) -> str | None:
    """The ``ref`` of the error refusing ``value``: its type, when that is a short clean str."""
    kind = value.get("type") if isinstance(value, dict) else None
    return kind if isinstance(kind, str) and 0 < len(kind) <= 32 and not bad_text(kind) else None


async def attack_wrong_messages(port: int, messages: Sequence[tuple[Any, str]] = WRONG_MESSAGES
                                ) -> None:
    """Valid msgpack, wrong messages (wrong types, unknown types, missing and extra fields):
    each is refused with its code, nothing else happens, and the connection stays usable."""
    wire = await Wire.open(port)
    try:
        await wire.hello()
        for value, code in messages:
            await wire.send(value)
            error = await wire.error(code)
            assert error["ref"] == expected_ref(value), (value, error)  # what was refused
        await wire.usable()
        await wire.send({"type": "list_rooms"})
        await wire.expect("rooms")
        assert [m["type"] for m in wire.log].count("error") == len(messages)
    finally:
        await wire.aclose()
