"""Staying connected: backoff between tries, the same hand after the connection is killed under a
running client, and the seat taken back by a new client from the token kept on disk."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import trio
import trio.testing
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput

from client.app import FIRST_DELAY, MAX_DELAY, ClientApp, ClientOptions, HostOptions
from client.model import Screen, Status
from client.state import TokenStore
from protocol import CreateRoom, Message, ViewMsg, Welcome
from server import ServerConfig, UnoServer

TABLE = CreateRoom(name="Mesa", bots=3, bot_delay=10.0, turn_timeout=0.0)


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe_input:
        yield pipe_input


def new_app(pipe: PipeInput, **options: object) -> ClientApp:
    return ClientApp(ClientOptions(name="Ana", **options), input=pipe, output=DummyOutput())  # type: ignore[arg-type]


def record(app: ClientApp) -> list[Message]:
    """Every message the model is given, from now on."""
    received: list[Message] = []
    apply = app.model.apply

    def recording(message: Message) -> None:
        received.append(message)
        apply(message)

    app.model.apply = recording  # type: ignore[method-assign]
    return received


def resumed_with_a_view(received: list[Message]) -> bool:
    welcomes = [i for i, m in enumerate(received) if isinstance(m, Welcome) and m.resumed]
    return bool(welcomes) and any(isinstance(m, ViewMsg) for m in received[welcomes[0]:])


async def until(condition: Callable[[], bool], what: str) -> None:
    while not condition():
        await trio.sleep(0.01)


async def test_retries_back_off_from_100_ms_doubling_to_5_s(pipe: PipeInput, autojump_clock: object) -> None:
    tries: list[float] = []

    async def refuse(host: str, port: int) -> trio.abc.Stream:
        tries.append(trio.current_time())
        raise ConnectionRefusedError("refused")

    app = new_app(pipe, address=("192.0.2.1", 7777), connect=refuse)
    with trio.move_on_after(30):
        await app._connection_loop("192.0.2.1", 7777)
    gaps = [round(b - a, 3) for a, b in itertools.pairwise(tries)]
    assert gaps[:8] == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0]
    assert FIRST_DELAY == 0.1 and MAX_DELAY == 5.0
    assert app.model.status is Status.LOST and app.model.reason == "refused"


class MemoryNet:
    """Connections to an in-process server over memory streams; the server ends can be cut."""

    def __init__(self, server: UnoServer, nursery: trio.Nursery) -> None:
        self.server, self.nursery = server, nursery
        self.server_ends: list[trio.abc.Stream] = []

    async def connect(self, host: str, port: int) -> trio.abc.Stream:
        client_end, server_end = trio.testing.memory_stream_pair()
        self.server_ends.append(server_end)
        self.nursery.start_soon(self.server.handle_stream, server_end)
        return client_end

    async def cut(self) -> None:
        await self.server_ends[-1].aclose()


async def seated_app(pipe: PipeInput, net: MemoryNet, nursery: trio.Nursery, **options: object) -> ClientApp:
    app = new_app(pipe, address=("memory", 1), connect=net.connect, **options)
    nursery.start_soon(app._connection_loop, "memory", 1)
    return app


async def test_a_killed_connection_comes_back_to_the_same_hand(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object) -> None:
    server = UnoServer(ServerConfig(seed=11))
    await nursery.start(server.serve)
    net = MemoryNet(server, nursery)
    with trio.fail_after(60):
        app = await seated_app(pipe, net, nursery)
        model = app.model
        model.auto_create, model.auto_start = TABLE, True
        await until(lambda: model.view is not None, "the deal")
        assert model.view is not None and model.view.hand is not None
        seat, hand, number = model.seat, sorted(map(str, model.view.hand)), model.view.hand_number

        received = record(app)
        await net.cut()
        await until(lambda: model.status is Status.LOST, "the drop noticed")
        assert model.screen is Screen.TABLE  # still on screen, with a banner
        await until(lambda: resumed_with_a_view(received), "back, with a fresh view")
        assert len(net.server_ends) == 2 and model.status is Status.CONNECTED
        assert model.seat == seat and model.view.hand_number == number
        assert sorted(map(str, model.view.hand or ())) == hand
        assert model.log.count(model.log[0]) == 1 and model.log[0].startswith("Hand 1")  # kept


async def test_a_new_client_takes_the_seat_back_with_the_token_on_disk(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object, tmp_path: Path) -> None:
    server = UnoServer(ServerConfig(seed=12))
    await nursery.start(server.serve)
    net = MemoryNet(server, nursery)
    store = TokenStore(tmp_path / "uno")
    with trio.fail_after(60):
        first = new_app(pipe, address=("memory", 1), connect=net.connect, tokens=store)
        first.model.auto_create, first.model.auto_start = TABLE, True
        async with trio.open_nursery() as process:  # the first client's "process"
            process.start_soon(first._connection_loop, "memory", 1)
            await until(lambda: first.model.view is not None, "the deal")
            process.cancel_scope.cancel()  # killed: its connection goes with it
        assert first.model.view is not None and first.model.view.hand is not None
        hand, seat = sorted(map(str, first.model.view.hand)), first.model.seat
        assert store.load("memory:1") == first.model.token
        ana = server.rooms["1"].seats[-1]  # the bots sat down first
        assert ana.name == "Ana"
        await until(lambda: not ana.connected, "the server saw the client go")

        second = new_app(pipe, address=("memory", 1), connect=net.connect, tokens=store)
        received = record(second)
        nursery.start_soon(second._connection_loop, "memory", 1)
        await until(lambda: resumed_with_a_view(received), "the seat back")
        assert second.model.seat == seat
        assert sorted(map(str, second.model.view.hand or ())) == hand  # type: ignore[union-attr]


def test_the_running_app_reconnects_over_tcp_to_the_same_hand(pipe: PipeInput) -> None:
    """The whole client (prompt-toolkit on asyncio, trio as a guest, a real TCP server on
    127.0.0.1 in the same process); its connection is killed under it."""
    host = HostOptions(table="Mesa", create=TABLE, port=0, bind="127.0.0.1", seed=3,
                       discovery=False, start=True)
    app = new_app(pipe, host=host)
    model = app.model
    seen: list[Status] = []

    async def wait(condition: Callable[[], bool], what: str) -> None:
        async with asyncio.timeout(10):
            while not condition():
                seen.append(model.status)
                await asyncio.sleep(0.005)

    async def main() -> int:
        running = asyncio.ensure_future(app.run())
        await wait(lambda: model.view is not None and model.view.hand is not None, "the deal")
        assert model.view is not None and model.view.hand is not None
        hand, number = sorted(map(str, model.view.hand)), model.view.hand_number
        assert app.port and app.server is not None
        seen.clear()
        received = record(app)
        app.drop_connection()
        await wait(lambda: model.status is Status.LOST, "the drop")
        await wait(lambda: resumed_with_a_view(received), "back, with a fresh view")
        assert model.view is not None
        assert sorted(map(str, model.view.hand or ())) == hand and model.view.hand_number == number
        pipe.send_text("qy")  # quit: the app ends, and trio with it
        return await asyncio.wait_for(running, 10)

    assert asyncio.run(main()) == 0
    assert Status.LOST in seen
