"""The terminal's bell rings when your turn starts, unless ``--no-bell``: the running client over
memory streams to an in-process server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import trio
import trio.testing
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput

from client.app import ClientApp, ClientOptions
from protocol import CreateRoom
from server import ServerConfig, UnoServer

TABLE = CreateRoom(name="Mesa", bots=1, bot_delay=1.0, turn_timeout=0.0)


class BellOutput(DummyOutput):
    def __init__(self) -> None:
        self.bells = 0

    def bell(self) -> None:
        self.bells += 1


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe_input:
        yield pipe_input


@pytest.mark.parametrize("bell", [True, False])
async def test_the_bell_rings_when_your_turn_starts(pipe: PipeInput, nursery: trio.Nursery,
                                                   autojump_clock: object, bell: bool) -> None:
    server = UnoServer(ServerConfig(seed=5, next_hand_delay=0))
    await nursery.start(server.serve)

    async def connect(host: str, port: int) -> trio.abc.Stream:
        client_end, server_end = trio.testing.memory_stream_pair()
        nursery.start_soon(server.handle_stream, server_end)
        return client_end

    output = BellOutput()
    app = ClientApp(ClientOptions(name="Ana", address=("memory", 1), connect=connect, bell=bell),
                    input=pipe, output=output)
    app.model.host.auto_create, app.model.host.auto_start = TABLE, True
    nursery.start_soon(app.connection.run, "memory", 1)
    with trio.fail_after(120):
        while not app.model.table.my_turn:
            await trio.sleep(0.01)
        await trio.sleep(0.1)
    assert output.bells == (1 if bell else 0)
