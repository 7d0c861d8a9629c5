"""Helpers for attacking a real server over 127.0.0.1: the server as a subprocess, raw and
well-behaved clients, a well-behaved table that plays on and measures its latency, and the
attacks themselves.

Each ``attack_*`` coroutine connects on its own, does one hostile thing and raises
``AssertionError`` unless the server answers as docs/PROTOCOL.md and docs/SECURITY.md promise.
They are used by tests/e2e/test_hostile.py and by bench/soak.py (which puts this folder and
tests/ on ``sys.path``). The server process and the clients are the test kit's (tests/kit).
"""

from __future__ import annotations

import math
import random
import unicodedata
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import msgpack
import trio
from kit.client import Client, bot_act
from kit.harness import MOVES
from kit.server import ServerProcess
from kit.wire import Wire

from engine import events as ev
from engine import full_deck
from protocol import (
    CODES,
    PROTOCOL_VERSION,
    Act,
    CreateRoom,
    Error,
    Events,
    Joined,
    JoinRoom,
    RoomUpdate,
    Start,
    ViewMsg,
    codec,
)
from protocol.errors import BAD_FIELD, NOT_ALLOWED_NOW
from server.errors import ALREADY_STARTED, INTERNAL

DECK = len(full_deck())
PROTOCOL_CODES = frozenset(CODES)
HAND_ENDED = next(name for name, cls in codec.EVENT_TYPES.items() if cls is ev.HandEnded)
# Unicode categories and code points that must never reach a terminal (docs/PROTOCOL.md, Limits).
BAD_CATEGORIES = {"Cc", "Cs", "Co", "Cn", "Cf", "Zl", "Zp"}
DIRECTION_CONTROLS = {0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}
INVISIBLE = {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800}  # letters and symbols that show as nothing
MAX_MARKS = 4  # combining marks in a row on one character


def bad_text(text: str) -> list[str]:
    """The characters of ``text`` that must never reach another player's terminal (and marks
    piled on one character past the limit)."""
    bad = [c for c in text if unicodedata.category(c) in BAD_CATEGORIES
           or ord(c) in DIRECTION_CONTROLS or ord(c) in INVISIBLE]
    marks = 0
    for c in unicodedata.normalize("NFC", text):
        marks = marks + 1 if unicodedata.category(c).startswith("M") else 0
        if marks > MAX_MARKS:
            bad.append(c)
    return bad


def strings_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (*strings_in(k), *strings_in(v))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings_in(v)]
    if hasattr(value, "to_wire"):
        return strings_in(value.to_wire())
    return []


def check_view(view: dict[str, Any], seat: str | None) -> list[str]:
    """What is wrong with a view: cards lost or made up, another seat's cards shown."""
    problems = []
    total = sum(view["hand_sizes"]) + view["draw_pile"] + view["discard_pile"]
    if total != DECK:
        problems.append(f"{total} cards in play, not {DECK}")
    if seat is None:
        if view["hand"] is not None:
            problems.append("a spectator sees a hand")
    elif len(view["hand"]) != view["hand_sizes"][view["seats"].index(seat)]:
        problems.append("the hand does not match its size")
    return problems


def p99(samples: Sequence[float]) -> float:
    if not samples:
        return math.nan
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


# ---------------------------------------------------------------------------- the table


@dataclass
class TableReport:
    hands: int = 0  # hands that ended at this table
    actions: int = 0
    latencies: list[float] = field(default_factory=list)  # action sent -> its events received
    errors: list[str] = field(default_factory=list)  # codes of refused messages
    problems: list[str] = field(default_factory=list)  # broken promises seen from the table


class LiveTable:
    """A well-behaved table: one person (this client, playing the normal bot's moves on its own
    turns) and ``bots`` server bots with no delay, playing hand after hand until told to stop;
    it then finishes the hand in progress. Everything it sees is checked: every view adds up to
    the whole deck and shows no other hand, the seats never change, no message is missed, and
    no request of its own is refused but for a stale move."""

    def __init__(self, port: int, name: str = "table", bots: int = 3, seed: int = 0,
                 think: float = 0.03) -> None:
        self.port = port
        self.think = think  # seconds before each move: people do not send 40 messages a second
        self.name = name
        self.bots = bots
        self.rng = random.Random(seed)
        self.report = TableReport()
        self.room_id: str | None = None
        self.seat: str | None = None
        self.seats: list[tuple[str, str, str]] | None = None  # (seat, name, kind), at the start
        self.started = trio.Event()
        self.stop = trio.Event()
        self.done = trio.Event()

    async def run(self) -> None:
        client = await Client.tcp(self.port, self.name)
        try:
            await self._play(client)
        finally:
            await client.aclose()
            self.done.set()

    async def _play(self, client: Client) -> None:
        report = self.report
        await client.hello()
        await client.send(CreateRoom(name=f"{self.name} room", seats=self.bots + 1, bots=self.bots,
                                   bot_delay=0, turn_timeout=30))
        sent_at: float | None = None
        acted_on = -1
        views = 0
        hand_over_after_stop = False
        while not hand_over_after_stop:
            message = await client.recv()  # it answers pings
            conn = client.link.conn
            if conn.gap:
                report.problems.append(f"a message was missed before seq {conn.received_seq}")
                conn.gap = False
            for text in strings_in(message):
                if bad_text(text):
                    report.problems.append(f"control characters reached the table: {text!r}")
            if isinstance(message, Joined):
                self.seat, self.room_id = message.seat, message.room.id
                await client.send(Start())
            elif isinstance(message, RoomUpdate):
                seats = [(s.seat, s.name, s.kind) for s in message.room.seats]
                if message.room.started and self.seats is None:
                    self.seats = seats
                elif self.seats is not None and seats != self.seats:
                    report.problems.append(f"the seats changed: {seats} != {self.seats}")
                for s in message.room.seats:
                    if s.seat == self.seat and (not s.connected or s.away):
                        report.problems.append(f"our seat was shown as dropped or away: {s}")
            elif isinstance(message, Error):
                report.errors.append(message.code)
                if message.ref == Act.TYPE and sent_at is not None:
                    report.latencies.append(trio.current_time() - sent_at)
                    sent_at, acted_on = None, -1
            view = message.view if isinstance(message, ViewMsg | Events) else None
            if isinstance(message, Events):
                first = message.events[0] if message.events else {}
                if sent_at is not None and first.get("type") in MOVES and first.get("seat") == self.seat:
                    report.latencies.append(trio.current_time() - sent_at)
                    sent_at = None
                ended = sum(1 for e in message.events if e["type"] == HAND_ENDED)
                report.hands += ended
                if ended and self.stop.is_set():
                    hand_over_after_stop = True
            if view is None:
                continue
            views += 1
            report.problems.extend(check_view(view, self.seat))
            if view["outcome"] is not None:  # a match is over: start another one
                if not self.stop.is_set():
                    await client.send(Start())
                continue
            if view["current"] != self.seat or not view["legal"] or sent_at is not None \
                    or acted_on == views:
                continue
            act = bot_act(view, self.rng)
            if act is None:
                continue
            acted_on = views
            await trio.sleep(self.think)
            sent_at = trio.current_time()
            report.actions += 1
            self.started.set()
            await client.send(act)

    def check(self) -> None:
        """Raise unless the table played on unharmed."""
        report = self.report
        assert not report.problems, report.problems[:10]
        assert report.hands >= 1, "no hand was finished"
        unexpected = [c for c in report.errors if c in PROTOCOL_CODES or c == INTERNAL]
        assert not unexpected, unexpected
        # Stale moves (a bot called UNO or caught someone just before ours) are rare and harmless.
        assert len(report.errors) <= max(2, report.actions // 50), report.errors


@asynccontextmanager
async def table_playing(port: int, bound: float = 60.0, **options: Any) -> AsyncIterator[LiveTable]:
    """A ``LiveTable`` playing in the background; on exit it finishes its hand and is checked."""
    table = LiveTable(port, **options)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(table.run)
        with trio.fail_after(10):
            await table.started.wait()
        yield table
        table.stop.set()
        with trio.fail_after(bound):
            await table.done.wait()
    table.check()


# ---------------------------------------------------------------------------- attacks: bytes


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


# ---------------------------------------------------------------------------- attacks: connections


async def attack_silent_handshake(port: int, handshake_timeout: float, data: bytes = b"",
                                  server: ServerProcess | None = None) -> float:
    """A connection that never finishes its hello (sends nothing, or ``data``: part of one):
    ``bye`` with reason ``handshake_timeout`` at the deadline, then the server hangs up."""
    wire = await Wire.open(port)
    began = trio.current_time()
    try:
        if data:
            await wire.send_raw(data)
        with trio.fail_after(handshake_timeout + 5):
            log = await wire.until_closed()
    finally:
        await wire.aclose()
    took = trio.current_time() - began
    assert [m["type"] for m in log] == ["bye"] and log[0]["reason"] == "handshake_timeout", log
    assert handshake_timeout - 0.2 <= took <= handshake_timeout + 2, took
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
    assert trio.current_time() - began <= handshake_timeout + 2


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
    assert took <= heartbeat + 2, took
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


# ---------------------------------------------------------------------------- attacks: seats


BAD_NAMES = (
    "\x1b[2J\x1b[Hpwned",  # ESC: clear the screen
    "ann\x07",  # BEL
    "\x9b31mred",  # C1 CSI
    "evil\u202eroF",  # right-to-left override
    "a\u2066b\u2069",  # isolates
    "x\u200fy",  # right-to-left mark
    "tab\there",
    "new\nline",
    "del\x7f",
    "\ue000private",  # private use
    "x" * 25,  # overlong
    "",
)
BAD_TEXTS = (
    "\x1b]0;owned\x07",  # set the terminal's title
    "\x1b[31mred\x1b[0m",
    "\x9b2J",
    "cr\rover",
    "\u202egnp.exe",
    "\u2067isolate\u2069",
    "\x00nul",
    "\U0010ffff",  # a noncharacter (Cn)
    "z" * 201,  # overlong
    "",
)
# Text that holds nothing a terminal acts on, but does not show as what it is.
INVISIBLE_NAMES = (
    "ann\u200b",  # a zero-width space: "ann" again
    "a\u200db",  # a zero-width joiner
    "\u2060ann",  # a word joiner
    "tag\U000e0061\U000e007f",  # tag characters
    "\u3164",  # the Hangul filler: a name that looks blank
    "\u115f\u1160",
    "\u2800",  # the blank Braille pattern
    "   ",
    "x" + "\u0301" * 23,  # marks piled over the lines around
    "\u0308ann",  # a mark with nothing under it
)
INVISIBLE_TEXTS = (
    "one\u2028two",  # a line separator
    "one\u2029two",  # a paragraph separator
    "hi\u200bthere",
    "\ufeffbom",
    "\u3164\u3164",
    " ",
    "Z" + "\u0336\u0337\u0338\u0334\u0335" * 30,  # 150 combining marks
    "tags\U000e0041\U000e0042",
)


@dataclass
class Snapshot:
    views: dict[str, dict[str, Any]]
    seats: list[tuple[str, str, str, bool, bool]]
    host: str


class SeatedRoom:
    """A room of three people and no bots and no clock, so that it only changes when one of them
    acts: ``victim`` (the host) and two seated attackers, ``mallory`` and ``eve``. ``ready``
    plays (well-behaved) moves until it is an attacker's turn with nothing pending, and names
    the attacker on turn and the other one."""

    def __init__(self, players: dict[str, Client]) -> None:
        self.players = players
        self.room_id = ""
        self.on_turn: Client
        self.off_turn: Client

    @classmethod
    async def open(cls, nursery: trio.Nursery, port: int, tag: str = "") -> SeatedRoom:
        victim = await Client.connect(nursery, port, f"victim{tag}")
        joined = await victim.request(
            CreateRoom(name=f"seated{tag}", seats=3, bots=0, bot_delay=0, turn_timeout=0,
                       rules={"target_score": None}), Joined)
        room = cls({"victim": victim})
        room.room_id = joined.room.id
        for name in ("mallory", "eve"):
            player = await Client.connect(nursery, port, f"{name}{tag}")
            await player.request(JoinRoom(room=room.room_id), Joined)
            room.players[name] = player
        await victim.request(Start(), ViewMsg)
        return room

    async def ready(self, rng: random.Random) -> None:
        for _ in range(200):
            views = {name: await p.fresh_view() for name, p in self.players.items()}
            current = views["victim"]["current"]
            name = next(n for n, p in self.players.items() if p.seat == current)
            view = views[name]
            plain = not (view["awaiting_color"] or view["challenge_from"] or view["pending_draw"]
                         or view["has_drawn"])
            if name != "victim" and plain and view["hand_result"] is None:
                self.on_turn = self.players[name]
                self.off_turn = self.players["eve" if name == "mallory" else "mallory"]
                return
            assert view["hand_result"] is None, "the hand ended while getting ready"
            act = bot_act(view, rng)
            assert act is not None
            player = self.players[name]
            await player.request(act, Events,
                                 lambda m, seat=player.seat: bool(m.events)
                                 and m.events[0].get("seat") == seat)
        raise AssertionError("never an attacker's plain turn")

    async def snapshot(self) -> Snapshot:
        views = {name: await p.fresh_view() for name, p in self.players.items()}
        victim = self.players["victim"]
        assert victim.room is not None
        seats = [(s.seat, s.name, s.kind, s.connected, s.away) for s in victim.room.seats]
        return Snapshot(views, seats, victim.room.host)


async def refused(wire_or_player: Client, message: Any, codes: Sequence[str]) -> Error:
    """Send a raw ``message`` as a seated player; the error it gets, whose code is in ``codes``."""
    player = wire_or_player
    mark = len(player.log)
    await player.send_wire(message)
    error = await player.wait_for(lambda m: isinstance(m, Error | Events), mark)
    assert isinstance(error, Error), f"{message} was accepted: {error}"
    assert error.code in codes and not error.fatal, (message, error)
    return error


async def attack_seats(port: int, seed: int = 0) -> dict[str, int]:
    """Seated attackers try what the rules forbid: moves out of turn, for another seat, with a
    card not held, replayed; host commands; forged and guessed tokens; a second connection
    taking a seat without its token. Every attempt gets its documented refusal and the room
    (every seat's view, the seats, the host) is exactly as before."""
    rng = random.Random(seed)
    codes: Counter[str] = Counter()
    async with trio.open_nursery() as nursery:
        room = await SeatedRoom.open(nursery, port, f"-{seed}")
        await room.ready(rng)
        on, off, victim = room.on_turn, room.off_turn, room.players["victim"]
        name_of = {id(p): name for name, p in room.players.items()}
        draw = {"type": "action", "kind": "draw"}
        before = await room.snapshot()
        hand = before.views[name_of[id(on)]]["hand"]
        other_hand = before.views[name_of[id(off)]]["hand"]
        not_held = next(c for c in ("R0", "Y0", "G0", "B0", "R5", "G7", "B9", "Y2", "W", "W+4")
                        if c not in hand)
        attempts: list[tuple[Client, Any, tuple[str, ...]]] = [
            # out of turn
            (off, {"type": "action", "kind": "play", "card": other_hand[0],
                   "color": "R" if other_hand[0].startswith("W") else None}, ("not_your_turn",)),
            (off, draw, ("not_your_turn",)),
            (off, {"type": "action", "kind": "pass"}, ("not_your_turn",)),
            (off, {"type": "action", "kind": "challenge"}, ("not_your_turn",)),
            # for another seat: actions name no seat; a seat field is refused
            (off, {**draw, "seat": on.seat}, ("extra_field",)),
            (off, {**draw, "player": on.seat}, ("extra_field",)),
            (on, {"type": "action", "kind": "play", "card": hand[0], "seat": victim.seat},
             ("extra_field",)),
            (off, {"type": "action", "kind": "catch", "target": "99"}, ("unknown_seat", "bad_target",
                                                                        "not_catchable")),
            # a card not held, and cards that do not exist
            (on, {"type": "action", "kind": "play", "card": not_held,
                  "color": "G" if not_held.startswith("W") else None}, ("card_not_in_hand",)),
            (on, {"type": "action", "kind": "play", "card": other_hand[-1],
                  "color": "G" if other_hand[-1].startswith("W") else None}
             if other_hand[-1] not in hand else
             {"type": "action", "kind": "play", "card": not_held}, ("card_not_in_hand", "bad_color")),
            (on, {"type": "action", "kind": "play", "card": "X9"}, ("bad_field",)),
            # a card held, written in lower case (cards are written in capitals, as colours are)
            (on, {"type": "action", "kind": "play", "card": hand[0].lower(),
                  "color": "R" if hand[0].startswith("W") else None}, ("bad_field",)),
            (on, {"type": "action", "kind": "play", "card": "R10"}, ("bad_field",)),
            (on, {"type": "action", "kind": "teleport"}, ("bad_field",)),
            (on, {"type": "action", "kind": "pass"}, ("cannot_pass",)),
            # host commands by a guest
            (off, {"type": "start"}, ("not_host", "already_started")),
            (off, {"type": "add_bot"}, ("not_host", "already_started")),
            (off, {"type": "remove_bot", "seat": victim.seat}, ("not_host", "already_started")),
            (off, {"type": "set_rules", "preset": "house"}, ("not_host", "already_started")),
        ]
        for player, message, allowed in attempts:
            codes[(await refused(player, message, allowed)).code] += 1
        assert await room.snapshot() == before, "an attack changed the room"

        # Replayed: the draw is accepted once; sent again (and again) it is refused.
        await on.request(Act(kind="draw"), Events, lambda m: m.events[0].get("seat") == on.seat)
        after_draw = await room.snapshot()
        for _ in range(3):
            codes[(await refused(on, draw, ("cannot_draw", "not_your_turn"))).code] += 1
        assert await room.snapshot() == after_draw, "a replayed move changed the room"

        # Tokens: guessed ones, and the victim's id with a forged secret, resume nothing.
        assert victim.token is not None
        sid = victim.token.split(".")[0]
        forged = [f"{rng.getrandbits(64):016x}.{rng.getrandbits(128):032x}",
                  f"{sid}.{rng.getrandbits(128):032x}", f"{sid}.", f"{sid}.{'0' * 32}",
                  f"{sid}.{victim.token.split('.')[1][:-1]}", sid, victim.token + "0",
                  victim.token.upper() if victim.token.upper() != victim.token else sid + ".X"]
        for token in forged:
            thief = await Wire.open(port)
            try:
                welcome = await thief.hello("victim", token)
                assert not welcome["resumed"] and welcome["token"] not in (token, victim.token)
                await thief.usable()
                codes["not_resumed"] += 1
            finally:
                await thief.aclose()
        # A second connection with the victim's name and no token cannot take the seat.
        mark = len(victim.log)
        thief = await Wire.open(port)
        try:
            await thief.hello(victim.name)
            await thief.send({"type": "join_room", "room": room.room_id})
            codes[(await thief.error(ALREADY_STARTED))["code"]] += 1
            await thief.send({"type": "join_room", "room": room.room_id, "spectate": True})
            joined = await thief.expect("joined")
            assert joined["role"] == "spectator" and joined["seat"] is None
            view = (await thief.expect("view"))["view"]
            assert view["seat"] is None and view["hand"] is None and view["legal"] == []
            await thief.send({"type": "action", "kind": "draw"})
            codes[(await thief.error(NOT_ALLOWED_NOW))["code"]] += 1
        finally:
            await thief.aclose()
        await victim.wait_for(lambda m: isinstance(m, RoomUpdate) and m.room.spectators == 0,
                              after=mark)
        assert await room.snapshot() == after_draw, "the room changed"
        assert all(p.lost is None for p in room.players.values())  # nobody was replaced
        nursery.cancel_scope.cancel()
    for player in room.players.values():
        await player.aclose()
    return dict(codes)


async def attack_text(port: int, tag: str = "", names: Sequence[str] = BAD_NAMES,
                      texts: Sequence[str] = BAD_TEXTS) -> int:
    """Names, chat and room names with escape sequences, control characters, direction
    overrides and overlong text (or any other ``names`` and ``texts``) are refused with
    ``bad_field``: none of it reaches anyone; a later clean line does. Returns how many were
    refused."""
    refusals = 0
    async with trio.open_nursery() as nursery:
        listener = await Client.connect(nursery, port, f"listener{tag}")
        lobby = await Client.connect(nursery, port, f"lobby{tag}")
        speaker_name = f"speaker{tag}"[:24]
        joined = await listener.request(CreateRoom(name=f"chat{tag}", seats=3, bots=1), Joined)
        speaker = await Wire.open(port)
        try:
            for name in names:  # refused; the handshake goes on
                await speaker.send({"type": "hello", "version": PROTOCOL_VERSION, "name": name})
                await speaker.error(BAD_FIELD)
                refusals += 1
            await speaker.hello(speaker_name)
            for text in texts:  # in the lobby
                await speaker.send({"type": "chat", "text": text})
                await speaker.error(BAD_FIELD)
                refusals += 1
            for name in (*(n for n in names if n != "x" * 25), "y" * 33):  # (25 x: a fine room)
                await speaker.send({"type": "create_room", "name": name or "", "seats": 2})
                await speaker.error(BAD_FIELD)
                refusals += 1
            await speaker.send({"type": "join_room", "room": joined.room.id})
            await speaker.expect("joined")
            for text in texts:  # in the room
                await speaker.send({"type": "chat", "text": text})
                await speaker.error(BAD_FIELD)
                refusals += 1
            await speaker.send({"type": "chat", "text": "clean line"})
            await speaker.expect("chat")
        finally:
            await speaker.aclose()
        # (other people may chat in the lobby meanwhile: only the speaker's lines count)
        said = await listener.wait_for(lambda m: m.TYPE == "chat" and m.source == speaker_name,
                                       after=0)
        assert said.text == "clean line", said
        assert [c for c in listener.chats() if c.source == speaker_name] == [said]
        assert [c for c in lobby.chats() if c.source == speaker_name] == []
        for player in (listener, lobby):
            for message in player.log:
                for text in strings_in(message):
                    assert not bad_text(text), (player.name, message)
        nursery.cancel_scope.cancel()
    await listener.aclose()
    await lobby.aclose()
    return refusals


async def spectate_and_act(port: int, room: str) -> None:
    """A spectator of a live table sends moves: ``not_allowed_now``, and nothing happens."""
    wire = await Wire.open(port)
    wire.auto_pong = True
    try:
        await wire.hello("kibitzer")
        await wire.send({"type": "join_room", "room": room, "spectate": True})
        await wire.expect("joined")
        for kind in ("draw", "pass", "call_uno"):
            await wire.send({"type": "action", "kind": kind})
            await wire.error(NOT_ALLOWED_NOW)
        await wire.send({"type": "join_room", "room": room})  # a seat, from a spectator
        await wire.error(NOT_ALLOWED_NOW)
    finally:
        await wire.aclose()


# ---------------------------------------------------------------------------- all at once


@dataclass
class Barrage:
    """Counts of a round of attacks (``run_barrage``)."""

    rounds: int = 0
    attacks: int = 0
    failures: list[str] = field(default_factory=list)


async def run_barrage(port: int, table_room: str, server: ServerProcess, handshake_timeout: float,
                      stop: trio.Event, result: Barrage, idle_sockets: int = 200) -> None:
    """Every attack, round after round, until ``stop``; failures are collected, not raised."""
    while not stop.is_set():
        await barrage_round(port, table_room, server, handshake_timeout, result, idle_sockets)


async def barrage_round(port: int, table_room: str, server: ServerProcess, handshake_timeout: float,
                        result: Barrage, idle_sockets: int = 200) -> None:
    """Every attack once, all at the same time."""
    seed = result.rounds
    attacks: list[tuple[str, Callable[[], Any]]] = [
        ("random bytes", lambda: attack_random_bytes(port, server, seed)),
        ("oversized", lambda: attack_oversized(port, server)),
        ("huge header", lambda: attack_huge_header(port, server)),
        *((bad.name, partial(attack_bad_value, port, bad, server)) for bad in BAD_VALUES),
        ("wrong messages", lambda: attack_wrong_messages(port)),
        ("silent handshake", lambda: attack_silent_handshake(port, handshake_timeout)),
        ("bad hellos", lambda: attack_bad_hellos(port, handshake_timeout)),
        ("idle sockets", lambda: attack_idle_sockets(port, idle_sockets, handshake_timeout)),
        ("flood", lambda: attack_flood(port, server=server)),
        ("junk flood", lambda: attack_flood(port, server=server, junk=True)),
        ("chat flood", lambda: attack_chat_flood(port)),
        ("seats", lambda: attack_seats(port, seed)),
        ("text", lambda: attack_text(port, f"-{seed}")),
        ("spectator moves", lambda: spectate_and_act(port, table_room)),
        ("never reads", lambda: attack_never_reads(port, table_room, server)),
    ]

    async def one(name: str, attack: Callable[[], Any]) -> None:
        result.attacks += 1
        try:
            with trio.fail_after(handshake_timeout + 60):
                await attack()
        except Exception as exc:  # collected: the soak reports them
            result.failures.append(f"{name}: {exc!r}"[:300])

    async with trio.open_nursery() as nursery:
        for name, attack in attacks:
            nursery.start_soon(one, name, attack)
    result.rounds += 1


def raise_fd_limit(needed: int) -> None:
    """Raise this process's soft limit of open files to ``needed`` (if the hard limit allows)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))


