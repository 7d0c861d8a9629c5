"""The server's own process stopped for a while (a ``uno host`` on a laptop that slept, a
SIGSTOP): the time it lost is nobody's. A turn on then does not time out as the server wakes,
and no connection is dropped as silent (server/clock.py's ``STALLED``)."""

from __future__ import annotations

import random

import trio
import trio.testing
from kit.client import bot_act
from kit.harness import Harness, game_of, only_room

from protocol import Error, Events, ViewMsg


async def test_a_turn_and_the_links_outlive_the_servers_own_stop(
        harness: Harness, autojump_clock: trio.testing.MockClock) -> None:
    """Found play-testing: the host's program slept 40 s; the turn on then timed out as it woke,
    the move its player had sent meanwhile was refused, and the links were dropped."""
    with trio.fail_after(300):
        srv, (ann, bob) = await harness.table("ann", "bob", start=True, turn_timeout=30)
        await bob.expect(ViewMsg)  # (ann, the host, has read hers)
        player = ann if game_of(srv).current == ann.seat else bob
        view = player.view
        assert view is not None and player.is_my_turn(view)
        autojump_clock.jump(45)  # (the whole process stopped: every timer is 15 s or more late)
        await trio.testing.wait_all_tasks_blocked()
        room = only_room(srv)
        assert all(seat.connected and not seat.away for seat in room.humans())
        move = bot_act(view, random.Random(1))
        assert move is not None
        await player.send(move)
        done = await player.expect(Events | Error)  # type: ignore[arg-type]
        assert isinstance(done, Events) and not any(e["type"] == "stand_in" for e in done.events), done
