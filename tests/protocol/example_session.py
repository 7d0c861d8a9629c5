"""The example session of docs/PROTOCOL.md, recorded from a real server.

An in-process ``UnoServer`` (seeded deck and bots, a mock clock that jumps when everything
waits, a fixed resume token and server id) serves Zoë over a memory stream; every byte that
crosses, both ways, is kept message by message. Bob opened a room before, so that Zoë has one to see.

Zoë says hello, lists the rooms, opens a two-seat room with a bot, starts it, sees the deal and
the bot's move, tries a card that does not match, and answers the server's ping.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import msgpack
import trio
import trio.testing

import protocol
import server.tokens
from server import ServerConfig, UnoServer

SEED = 4  # a deal where the bot plays a number card first, and Zoë holds a card that misses
TOKEN = ("9f86d081884c7d65", "5e884898da28047151d0e56f8dc62927")
SERVER_ID = "4b227777d4dd1fc61c6f884f48641d02"
CLIENT, SERVER = "client → server", "server → client"


class Recorder:
    """Zoë's end of the connection: sends and receives whole messages, keeping their bytes."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        self.stream = stream
        self.conn = protocol.Connection(protocol.Role.CLIENT)
        self.unpacker = msgpack.Unpacker(raw=False)
        self.pending = b""  # bytes received and not yet split into messages
        self.shown: list[tuple[str, bytes]] = []

    async def send(self, message: protocol.Message) -> None:
        data = self.conn.send(message)
        self.shown.append((CLIENT, data))
        await self.stream.send_all(data)

    async def receive(self) -> protocol.Message:
        while True:
            start = self.unpacker.tell()
            try:
                self.unpacker.unpack()
            except msgpack.OutOfData:
                data = await self.stream.receive_some(65536)
                assert data, "the server hung up"
                self.unpacker.feed(data)
                self.pending += data
                continue
            size = self.unpacker.tell() - start
            data, self.pending = self.pending[:size], self.pending[size:]
            self.conn.receive_data(data)
            message = self.conn.next_event()
            assert isinstance(message, protocol.Message) and self.conn.next_event() is protocol.NEED_DATA
            self.shown.append((SERVER, data))
            return message

    async def expect(self, kind: type[protocol.Message]) -> Any:
        message = await self.receive()
        assert isinstance(message, kind), message
        return message


@contextmanager
def fixed_token() -> Iterator[None]:
    real = server.tokens.new_token
    server.tokens.new_token = lambda: TOKEN
    try:
        yield
    finally:
        server.tokens.new_token = real


async def _session() -> list[tuple[str, bytes]]:
    srv = UnoServer(ServerConfig(seed=SEED))
    srv.server_id = SERVER_ID  # (a random one each run, without a state directory)
    async with trio.open_nursery() as nursery:
        await nursery.start(srv.serve)

        bob_end, bob_server = trio.testing.memory_stream_pair()
        nursery.start_soon(srv.handle_stream, bob_server, "192.0.2.20:50000")
        bob = Recorder(bob_end)
        await bob.send(protocol.Hello(version=protocol.PROTOCOL_VERSION, name="Bob"))
        await bob.expect(protocol.Welcome)
        await bob.send(protocol.CreateRoom(name="Bob's table", preset="house", bots=2))
        await bob.expect(protocol.Joined)

        zoe_end, zoe_server = trio.testing.memory_stream_pair()
        nursery.start_soon(srv.handle_stream, zoe_server, "192.0.2.10:50001")
        zoe = Recorder(zoe_end)
        with fixed_token():
            await zoe.send(protocol.Hello(version=protocol.PROTOCOL_VERSION, name="Zoë"))
            await zoe.expect(protocol.Welcome)
        await zoe.send(protocol.ListRooms())
        await zoe.expect(protocol.Rooms)
        await zoe.send(protocol.CreateRoom(name="Zoë's room", seats=2, bots=1))
        joined = await zoe.expect(protocol.Joined)
        await zoe.expect(protocol.RoomUpdate)
        await zoe.send(protocol.Start())
        await zoe.expect(protocol.RoomUpdate)
        deal = await zoe.expect(protocol.Events)
        assert deal.view is None  # the deal comes without a view; the whole view follows
        first = await zoe.expect(protocol.ViewMsg)
        assert first.view["current"] != joined.seat, "the bot must play first: change SEED"
        moved = await zoe.expect(protocol.Events)  # the bot's move, after its delay
        view = zoe.conn._view
        assert view is not None and view["current"] == joined.seat
        misses = [card for card in view["hand"] if not card.startswith("W")
                  and card[0] != view["color"] and card[1:] != view["top"][1:]]
        assert misses and moved.events[0]["type"] == "card_played", "change SEED"
        await zoe.send(protocol.Act(kind="play", card=misses[0]))
        assert (await zoe.expect(protocol.Error)).code == "does_not_match"
        ping = await zoe.expect(protocol.Ping)  # after 5 s of silence
        await zoe.send(protocol.Pong(nonce=ping.nonce))
        nursery.cancel_scope.cancel()
    return zoe.shown


def example_session() -> list[tuple[str, bytes]]:
    """(direction, bytes) of every message of Zoë's session, in order."""
    return trio.run(_session, clock=trio.testing.MockClock(autojump_threshold=0))
