"""The test client: the real protocol ``Link`` over any trio stream (memory or socket).

It logs every message, answers the server's pings, and keeps its token, seat, room and last view.
Read it in the test's own task (``recv``, ``expect``, ``play``...) or start a background reader
(``read_in``) and wait on the log (``wait_for``, ``request``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

import msgpack
import trio

from client.link import ConnectionLost, Link
from engine.bots import choose_action
from protocol import (
    CreateRoom,
    Error,
    Events,
    Joined,
    JoinRoom,
    ListRooms,
    Message,
    Ping,
    Pong,
    RoomInfo,
    Rooms,
    RoomUpdate,
    Sync,
    ViewMsg,
    Welcome,
    codec,
)

M = TypeVar("M", bound=Message)
LOOPBACK = "127.0.0.1"


def view_in(message: Message) -> dict[str, Any] | None:
    """The view a message carries: a ``view`` message's, or an ``events`` message's."""
    if isinstance(message, ViewMsg):
        return message.view
    if isinstance(message, Events):
        return message.view
    return None


def bot_act(view: dict[str, Any], rng: random.Random, level: str = "normal") -> Message | None:
    """The move a bot of ``level`` makes on ``view`` (wire form), as an ``action`` message."""
    action = choose_action(level, codec.view_from_wire(view), rng)
    return None if action is None else codec.action_to_act(action)


class Client:
    """One client: sends messages, reads them in order, keeps a log.

    ``auto_pong`` answers the server's pings while reading (a live client); turn it off to play a
    silent one.
    """

    def __init__(self, stream: trio.abc.Stream, name: str) -> None:
        self.link = Link(stream)
        self.name = name
        self.log: list[Message] = []
        self.times: list[float] = []  # when each message of the log arrived (trio's clock)
        self.auto_pong = True
        self.token: str | None = None
        self.seat: str | None = None
        self.room: RoomInfo | None = None
        self.view: dict[str, Any] | None = None  # the last view received (wire form)
        self.lost: ConnectionLost | None = None
        self._changed = trio.Event()

    @classmethod
    async def tcp(cls, port: int, name: str, host: str = LOOPBACK) -> Client:
        """A client connected to ``host:port`` (it has not said hello yet)."""
        return cls(await trio.open_tcp_stream(host, port), name)

    @classmethod
    async def connect(cls, nursery: trio.Nursery, port: int, name: str, token: str | None = None,
                      host: str = LOOPBACK) -> Client:
        """A client at ``host:port`` that said hello and reads in the background (``read_in``)."""
        client = await cls.tcp(port, name, host)
        await client.hello(token)
        client.read_in(nursery)
        return client

    # ------------------------------------------------------------------ sending

    async def send(self, message: Message) -> None:
        await self.link.send(message)

    async def send_raw(self, data: bytes) -> None:
        """Bytes straight to the server, past the client's own protocol checks."""
        await self.link.stream.send_all(data)

    async def send_wire(self, wire: Any) -> None:
        """Any msgpack value straight to the server, past the client's own protocol checks."""
        await self.send_raw(msgpack.packb(wire))

    async def hello(self, token: str | None = None, instance: str | None = None,
                    attempt: int = 0, bot: bool = False) -> Welcome:
        welcome = await self.link.hello(self.name, token, instance=instance, attempt=attempt, bot=bot)
        self.token = welcome.token
        self.log.append(welcome)
        self.times.append(trio.current_time())
        return welcome

    async def aclose(self) -> None:
        await self.link.aclose()

    # ------------------------------------------------------------------ reading in this task

    async def recv(self) -> Message:
        message = await self.link.receive()
        await self._took(message)
        return message

    async def _took(self, message: Message) -> None:
        self.log.append(message)
        self.times.append(trio.current_time())
        if isinstance(message, Joined):
            self.seat, self.room = message.seat, message.room
        elif isinstance(message, RoomUpdate):
            self.room = message.room
        elif view_in(message) is not None:
            self.view = view_in(message)
        elif isinstance(message, Ping) and self.auto_pong:
            await self.send(Pong(nonce=message.nonce))

    async def expect(self, kind: type[M], where: Callable[[M], bool] | None = None) -> M:
        """Read until a ``kind`` message (for which ``where`` holds) arrives; return it."""
        while True:
            message = await self.recv()
            if isinstance(message, kind) and (where is None or where(message)):
                return message
            if isinstance(message, Error) and kind is not Error:
                raise AssertionError(f"{self.name} got {message!r} waiting for {kind.__name__}")

    async def error(self, code: str) -> Error:
        """The next error message, which must carry ``code``."""
        error = await self.expect(Error)
        assert error.code == code, error
        return error

    async def closed(self) -> ConnectionLost:
        """Read until the server hangs up; the ``ConnectionLost`` (with its ``bye``, if any)."""
        try:
            while True:
                await self.recv()
        except ConnectionLost as lost:
            self.lost = lost
            return lost

    async def create(self, name: str = "table", **options: Any) -> Joined:
        options.setdefault("bot_delay", 0)
        options.setdefault("turn_timeout", 0)
        await self.send(CreateRoom(name=name, **options))
        return await self.expect(Joined)

    async def join(self, room: str, **options: Any) -> Joined:
        await self.send(JoinRoom(room=room, **options))
        return await self.expect(Joined)

    async def rooms(self) -> Rooms:
        """The open rooms, asked for now (``list_rooms``); the connection works both ways."""
        await self.send(ListRooms())
        return await self.expect(Rooms)

    async def my_turn(self) -> dict[str, Any]:
        """Wait for a view (in a ``view`` or ``events`` message) in which this seat may act on
        its turn; return the view."""
        await self.expect(Message, lambda m: self.is_my_turn(view_in(m)))
        assert self.view is not None
        return self.view

    def is_my_turn(self, view: dict[str, Any] | None) -> bool:
        return (view is not None and view["current"] == self.seat and bool(view["legal"])
                and view["outcome"] is None)

    async def play(self, until: Callable[[Message], bool], rng: random.Random | None = None,
                   think: float = 0.05, now: bool = False) -> Message:
        """Play this seat with the normal bot until a message satisfies ``until``; return it.
        Each move takes ``think`` seconds (people do not send 40 messages a second). A refused
        (stale) move is simply followed by the next view's move. ``now``: act on the last view
        received first."""
        rng = rng or random.Random(0)
        while True:
            if now:
                message: Message = ViewMsg(view=self.view or {})
                now = False
            else:
                message = await self.recv()
                if until(message):
                    return message
            wire = view_in(message)
            if wire and wire["legal"] and wire["seat"]:
                act = bot_act(wire, rng)
                if act is not None:
                    await trio.sleep(think)
                    await self.send(act)

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        """Every event received so far (of type ``kind``), in order."""
        out: list[dict[str, Any]] = []
        for message in self.log:
            if isinstance(message, Events):
                out.extend(e for e in message.events if kind is None or e["type"] == kind)
        return out

    def errors(self) -> list[Error]:
        return [m for m in self.log if isinstance(m, Error)]

    def chats(self) -> list[Any]:
        return [m for m in self.log if m.TYPE == "chat"]

    # ------------------------------------------------------------------ a background reader

    def read_in(self, nursery: trio.Nursery) -> None:
        """Read in a background task of ``nursery`` from now on; wait with ``wait_for``."""
        nursery.start_soon(self._read)

    async def _read(self) -> None:
        try:
            while True:
                await self.recv()
                self._changed.set()
                self._changed = trio.Event()
        except ConnectionLost as lost:
            self.lost = lost
            self._changed.set()

    async def wait_for(self, predicate: Callable[[Message], bool], after: int | None = None,
                       timeout: float | None = 10.0) -> Message:
        """The first message (from index ``after`` of the log on; default: from now) for which
        ``predicate`` holds, read by the background reader. ``timeout``: None leaves the bound to
        the caller."""
        return self.log[await self.wait_for_index(predicate, after, timeout)]

    async def wait_for_index(self, predicate: Callable[[Message], bool], after: int | None = None,
                             timeout: float | None = 10.0) -> int:
        """As ``wait_for``; the message's index in the log (``times[index]``: when it came)."""
        index = len(self.log) if after is None else after
        with trio.fail_after(float("inf") if timeout is None else timeout):
            while True:
                while index < len(self.log):
                    index += 1
                    if predicate(self.log[index - 1]):
                        return index - 1
                if self.lost is not None:
                    raise AssertionError(f"{self.name} lost its connection: {self.lost.reason}")
                await self._changed.wait()

    async def request(self, message: Message, answer: type[Message],
                      where: Callable[[Any], bool] | None = None, timeout: float = 10.0) -> Any:
        """Send ``message``; the first ``answer`` (for which ``where`` holds) after it. An
        ``error`` about ``message`` fails."""
        mark = len(self.log)
        await self.send(message)

        def matches(m: Message) -> bool:
            if isinstance(m, Error) and m.ref == message.TYPE and answer is not Error:
                raise AssertionError(f"{self.name}: {message.TYPE} refused: {m}")
            return isinstance(m, answer) and (where is None or where(m))

        return await self.wait_for(matches, mark, timeout)

    async def fresh_view(self) -> dict[str, Any]:
        """A view asked for now (``sync``)."""
        msg = await self.request(Sync(), ViewMsg)
        return dict(msg.view)
