"""``uno bots`` and the UNO call's grace (issue 13): a bot client never catches inside the
window (the server would refuse it); it holds the catch and makes it as the window closes."""

from __future__ import annotations

import pytest
import trio
import trio.testing
from kit.client import Client
from kit.unograce import caught, deal, down_to_one

from client.botclient import BotClient, BotOptions
from client.link import Link
from protocol import Events, Start, ViewMsg
from server import ServerConfig, UnoServer


@pytest.mark.parametrize("grace", [0.75, 0.0])
async def test_a_bot_client_catches_once_the_grace_is_over(autojump_clock: object,
                                                           grace: float) -> None:
    with trio.fail_after(60):
        async with trio.open_nursery() as nursery:
            server = UnoServer(ServerConfig(deal_rng=deal(), next_hand_delay=0, uno_grace=grace))
            await nursery.start(server.serve)

            def pipe() -> trio.abc.Stream:
                ours, theirs = trio.testing.memory_stream_pair()
                nursery.start_soon(server.handle_stream, theirs)
                return ours

            async def connect() -> Link:
                return Link(pipe())

            ann = Client(pipe(), "ann")
            await ann.hello()
            room = (await ann.create(seats=2)).room.id
            bob = BotClient(connect, "Bob", BotOptions(room=room, seed=1))
            nursery.start_soon(bob.run)
            await bob.seated.wait()
            await ann.send(Start())
            await ann.expect(ViewMsg)
            fell = await down_to_one(ann)
            events = await ann.expect(Events, caught)
            assert trio.current_time() - fell == pytest.approx(grace, abs=0.05)
            assert events.events[0]["seat"] == bob.result.seat
            assert bob.result.refused == 0  # it never sent a catch the server refused
            nursery.cancel_scope.cancel()
