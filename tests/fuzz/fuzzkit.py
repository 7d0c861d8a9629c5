"""The fuzz targets, shared by the hypothesis tests (test_fuzz_*.py) and the atheris script
(atheris_targets.py):

- ``decode_stream``: bytes, in reads of any size, into the server's ``Connection``: nothing but
  ``ProtocolError`` comes out, a fatal error sticks, and every call returns (no hang).
- ``serve_script``: an in-process ``UnoServer`` over memory streams. A well-behaved player has a
  table with a bot and a match in play; a fuzzed client sends a script of steps (raw bytes,
  messages of every type with plausible or absurd fields, legal moves taken from its own view,
  possibly altered, pauses, a reader that stops reading). Afterwards the server must still
  serve the player (ping, sync, a move), the match must hold the whole deck, and no exception
  may have reached the server's catch-alls (they log at ERROR; nothing may be logged there).

The server runs under trio's ``MockClock`` with autojump: heartbeats and turn clocks take no
real time, and a script that hangs the server would show as a ``TooSlowError``.
"""

from __future__ import annotations

import logging
import os
from collections import Counter
from dataclasses import fields
from typing import Any

import msgpack
import trio
import trio.testing
from kit.client import Client
from kit.wire import Wire

from engine import full_deck
from protocol import (
    CODES,
    NEED_DATA,
    PROTOCOL_VERSION,
    Act,
    Connection,
    CreateRoom,
    Error,
    Events,
    Hello,
    Joined,
    Message,
    Ping,
    Pong,
    ProtocolError,
    Role,
    Start,
    Sync,
    ViewMsg,
)
from protocol.messages import Sender, message_types
from server import ServerConfig, UnoServer
from server.errors import INTERNAL

# Budgets: the normal test suite runs a few examples; `make fuzz` sets FUZZ_EXAMPLES higher.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "40"))

CLIENT_MESSAGES = message_types(Sender.CLIENT)
FIELDS = {name: [f.name for f in fields(cls)] for name, cls in CLIENT_MESSAGES.items()}
CARDS = sorted({str(card) for card in full_deck()})
POOL: dict[str, list[Any]] = {
    "version": [1, 1, 1, 2, 0, "1", None],
    "name": ["mallory", "m", "x" * 24, "x" * 25, "\x1b[2J", "", "Zoë", 5],
    "lang": ["en", "es", "xx", None],
    "token": [None, "a.b", "0" * 16 + "." + "0" * 32, "x" * 65, ""],
    "instance": [None, "b0b", "x" * 32, "x" * 33, "", 7],
    "attempt": [0, 1, 2**31 - 1, 2**31, -1, "1", None],
    "bot": [True, False, 1, None],
    "room": ["1", "2", "99", "", None],
    "spectate": [True, False, 1],
    "late_join": ["now", "next_hand", "later", None],
    "cancel": [False, True, 1],
    "fill": [True, False, None],
    "order": ["keep", "random", "winner_deals", "shuffle", None],
    "accept": [True, False, 1],
    "password": [None, "pw", ""],
    "preset": ["official", "house", "x", None],
    "rules": [{}, {"target_score": 50}, {"seven_zero": True, "jump_in": True},
              {"stack_draw_two": True, "stack_wild_draw_four": True}, {"target_score": None},
              {"bogus": 1}, {"uno_penalty": 99}, []],
    "seats": [2, 3, 4, 10, 11, 1, "4"],
    "bots": [0, 1, 2, 9, -1],
    "bot_level": ["easy", "normal", "x"],
    "turn_timeout": [0, 0.5, 30, 3600, -1, float("nan")],
    "bot_delay": [0, 0.1, 11],
    "level": ["easy", "normal", "hard"],
    "seat": ["1", "2", "3", "99", ""],
    "kind": ["play", "jump_in", "draw", "keep_drawing", "pass", "choose_color", "challenge",
             "accept", "call_uno", "catch", "nope", None],
    "card": [*CARDS, "X9", "R10", "", None, 7],
    "color": ["R", "Y", "G", "B", "W", None, "r"],
    "target": ["1", "2", "3", "99", None, ""],
    "uno": [True, False, None, 1],
    "text": ["hi", "\x1b[2J", "\u202e", "x" * 200, "x" * 201, ""],
    "nonce": [0, 1, 2**31 - 1, 2**31, -1],
    "hand": [1, 2, 10_000, 0, 10_001, "1", None],  # get_replay
}
PROTOCOL_CODES = {*CODES, INTERNAL}


def decode_stream(chunks: list[bytes]) -> int:
    """Feed ``chunks`` to a server-side ``Connection`` and read everything out. Raises anything
    but ``ProtocolError`` (the finding), or ``AssertionError`` if the decoder misbehaves.
    Returns how many messages came out."""
    conn = Connection(Role.SERVER)
    fatal: ProtocolError | None = None
    count = 0
    for chunk in chunks:
        if not chunk:  # (b"" would be the end of the stream)
            continue
        conn.receive_data(chunk)
        for _ in range(len(chunk) + 2):  # every message takes at least one byte: no hang
            try:
                event = conn.next_event()
            except ProtocolError as exc:
                if fatal is not None:
                    assert exc is fatal, "a fatal error must stick"
                    break
                if exc.fatal:
                    fatal = exc
                    break
                continue
            if event is NEED_DATA:
                break
            assert fatal is None, "a message came out after a fatal error"
            count += 1
        else:
            raise AssertionError("next_event never ran out of data")
        if fatal is not None:
            try:
                conn.next_event()
            except ProtocolError as again:
                assert again is fatal
            else:
                raise AssertionError("a fatal error did not stick")
            break
    return count


# ---------------------------------------------------------------------------- the server


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def build_message(kind: str, picks: list[int], extra: bool) -> dict[str, Any]:
    """A message of type ``kind`` with field values from ``POOL`` chosen by ``picks`` (a pick of
    0 leaves the field out); ``extra`` adds a key the message does not define."""
    message: dict[str, Any] = {"type": kind}
    names = FIELDS.get(kind, [])
    for index, name in enumerate(names):
        pick = picks[index % len(picks)] if picks else 0
        values = POOL.get(name, [None])
        if pick:
            message[name] = values[(pick - 1) % len(values)]
    if extra:
        message["seat" if "seat" not in message else "player"] = "1"
    return message


class _Fuzzed:
    """The fuzzed client's end: a raw ``Wire`` whose reader runs all along and keeps the view."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        self.wire = Wire(stream)
        self.view: dict[str, Any] | None = None
        self.closed = False

    async def read(self) -> None:
        while (message := await self.wire.recv()) is not None:
            assert isinstance(message.get("seq"), int), message
            view = message.get("view")
            if isinstance(view, dict):
                self.view = view
            self.wire.log.clear()  # a long script would keep every message
        self.closed = True

    async def send(self, data: bytes) -> None:
        if self.closed:
            return
        try:
            await self.wire.send_raw(data)
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            self.closed = True


async def _step(client: _Fuzzed, step: tuple[Any, ...]) -> None:
    kind = step[0]
    if kind == "message":
        _, name, picks, extra = step
        await client.send(msgpack.packb(build_message(name, picks, extra)))
    elif kind == "legal":  # one of the moves our view allows, maybe altered
        _, index, change = step
        legal = (client.view or {}).get("legal") or []
        if legal:
            action = {"type": "action", **legal[index % len(legal)]}
            if change is not None:
                action[change[0]] = change[1]
            await client.send(msgpack.packb(action))
    elif kind == "raw":
        await client.send(step[1])
    elif kind == "pause":
        await trio.sleep(step[1])
    elif kind == "stall":  # stop reading for a while (the queue may fill)
        client.wire.reading = trio.Event()
        await trio.sleep(step[1])
        client.wire.reading.set()


async def _sit(srv: UnoServer, nursery: trio.Nursery) -> Client:
    """A well-behaved player at table "1" with a bot, match started, no clock. Its reader runs
    all along (it answers pings), so a long script never makes it look dead."""
    mine, theirs = trio.testing.memory_stream_pair()
    nursery.start_soon(srv.handle_stream, theirs)
    player = Client(mine, "player")
    await player.hello()
    player.read_in(nursery)
    mark = len(player.log)
    await player.send(CreateRoom(name="table", seats=4, bots=1, bot_delay=0, turn_timeout=0))
    await _next(player, Joined, mark)
    mark = len(player.log)
    await player.send(Start())
    await _next(player, ViewMsg, mark)
    return player


async def _next(player: Client, kind: Any, after: int) -> Any:
    """The first ``kind`` message from index ``after`` of the log; a refusal fails (but for a
    stale move's)."""

    def wanted(message: Message) -> bool:
        if isinstance(message, Error) and kind is not Error and (
                message.ref != Act.TYPE or message.code in PROTOCOL_CODES):
            raise AssertionError(f"the player was refused: {message}")
        return isinstance(message, kind)

    return await player.wait_for(wanted, after, timeout=None)


async def _still_served(player: Client) -> None:
    """Ping, sync, and a move on its turn if it has one: all answered."""
    mark = len(player.log)
    await player.send(Ping(nonce=99))
    await _next(player, Pong, mark)
    mark = len(player.log)
    await player.send(Sync())
    view = (await _next(player, ViewMsg, mark)).view
    if view["legal"] and view["current"] == view["seat"] and view["outcome"] is None:
        mark = len(player.log)
        await player.send_wire({"type": Act.TYPE, **view["legal"][0]})
        # its events (or, rarely, a refusal of a stale move: a bot just called UNO)
        await _next(player, Events | Error, mark)


async def _serve_script(script: list[tuple[Any, ...]], hello_first: bool) -> None:
    srv = UnoServer(ServerConfig(seed=7, next_hand_delay=0, outgoing_queue=64))
    async with trio.open_nursery() as nursery:
        await nursery.start(srv.serve)
        player = await _sit(srv, nursery)
        mine, theirs = trio.testing.memory_stream_pair()
        nursery.start_soon(srv.handle_stream, theirs)
        fuzz = _Fuzzed(mine)
        nursery.start_soon(fuzz.read)
        if hello_first:
            await fuzz.send(msgpack.packb({"type": Hello.TYPE, "version": PROTOCOL_VERSION, "name": "fuzz"}))
        for step in script:
            await _step(fuzz, step)
            await trio.sleep(0)
        await trio.sleep(1)
        with trio.fail_after(60):
            await _still_served(player)
        for room in srv.rooms.values():
            if room.game is not None:
                assert Counter(room.game.all_cards()) == Counter(full_deck())
        nursery.cancel_scope.cancel()


def serve_script(script: list[tuple[Any, ...]], hello_first: bool = True) -> None:
    """Run ``script`` against a fresh in-process server (see the module's docstring)."""
    errors = _Errors()
    logger = logging.getLogger("uno.server")
    logger.addHandler(errors)
    try:
        trio.run(_serve_script, script, hello_first,
                 clock=trio.testing.MockClock(autojump_threshold=0))
    finally:
        logger.removeHandler(errors)
    assert not errors.records, [r.getMessage() for r in errors.records][:5]
