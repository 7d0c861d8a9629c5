"""What a well-behaved player checks at a table under attack: the text that may reach a terminal,
every view adding up to the whole deck, and a live table (``LiveTable``) that plays on and
measures its latency while attacks run."""

from __future__ import annotations

import math
import random
import unicodedata
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import trio
from kit.client import Client, bot_act
from kit.harness import HAND_ENDED, own_move

from engine import full_deck
from protocol import (
    CODES,
    Act,
    CreateRoom,
    Error,
    Events,
    Joined,
    Ping,
    RoomUpdate,
    Start,
    ViewMsg,
)
from server.errors import INTERNAL

DECK = len(full_deck())
PROTOCOL_CODES = frozenset(CODES)
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


# Hostile text: names and chat lines the server must refuse (or clean) before any terminal.
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
        finished = False
        try:
            await self._play(client)
            finished = True
        finally:
            if not finished:  # (printed, so shown if the test fails: where it stood)
                r = self.report
                print(f"--- table {self.name} cut short: stop={self.stop.is_set()} hands={r.hands} "
                      f"actions={r.actions} errors={r.errors[-5:]} problems={r.problems[:3]}; last messages:")
                for message in [m for m in client.log if not isinstance(m, Ping)][-10:]:
                    print(f"    {message!r:.1500}")
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
                # (a draw that needed a reshuffle comes after it: looking only at the first event
                # left the table waiting for its move's answer forever, about one run in 40)
                if sent_at is not None and own_move(message, self.seat):
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
