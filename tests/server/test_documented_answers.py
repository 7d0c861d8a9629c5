"""What docs/PROTOCOL.md, "Things a client writer needs to know", says a client will see: each
claim, checked against the server."""

from __future__ import annotations

import pytest
import trio
from kit.harness import HAND_ENDED, MATCH_ENDED, Harness, carries, is_hand_end, next_move_after

from protocol import (
    Events,
    JoinRoom,
    Message,
    RoomUpdate,
    Start,
    Sync,
    ViewMsg,
)
from server.errors import WRONG_PASSWORD


async def test_after_a_hand_and_after_a_match(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(3000):
        srv = await harness.server(next_hand_delay=5)
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, rules={"target_score": 1})  # the first hand ends the match...
        await ann.send(Start())
        await ann.expect(ViewMsg)
        ended: Message = await ann.play(is_hand_end, now=True)
        assert isinstance(ended, Events) and ended.deadline is None
        view = ann.view
        assert view is not None
        winner = next(e for e in ended.events if e["type"] == HAND_ENDED)["winner"]
        assert view["current"] == winner and view["legal"] == [] and view["hand_result"]
        assert any(e["type"] == MATCH_ENDED for e in ended.events)
        update = await ann.expect(RoomUpdate)
        assert update.room.started is False  # the match is over: the host may start again
        # (the lobby's list says so: found play-testing, it read "waiting", as a table not begun)
        (summary,) = (await (await harness.client(srv, "bob")).rooms()).rooms
        assert summary.match_over is True and summary.started is False
        assert update.room.match_over is True  # (and the room's members are told)
        assert view["outcome"] is not None and max(view["scores"]) > 0
        await ann.send(Start())
        fresh = await ann.expect(ViewMsg)
        assert fresh.view["scores"] == [0, 0] and fresh.view["outcome"] is None


async def test_the_next_hand_is_dealt_after_the_pause(harness: Harness,
                                                      autojump_clock: object) -> None:
    with trio.fail_after(3000):
        srv = await harness.server(next_hand_delay=5)
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, rules={"target_score": 100_000})
        await ann.send(Start())
        await ann.expect(ViewMsg)
        await ann.play(is_hand_end, now=True)
        ended_at = trio.current_time()
        deal = await ann.expect(Events, carries("hand_started"))
        assert trio.current_time() - ended_at == pytest.approx(5)
        assert deal.view is not None  # (only a match's first deal comes without its view)


async def test_sync_while_away_sends_the_room_then_the_view(harness: Harness,
                                                           autojump_clock: object) -> None:
    with trio.fail_after(3000):
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, bot_delay=1)
        await ann.send(Start())
        for _ in range(srv.config.away_after):
            await next_move_after(ann)
        await ann.expect(RoomUpdate, lambda m: m.room.seats[0].away)  # (after the turn's events)
        mark = len(ann.log)
        await ann.send(Sync())
        await ann.expect(ViewMsg)
        kinds = [type(m) for m in ann.log[mark:] if isinstance(m, RoomUpdate | ViewMsg)]
        assert kinds[:2] == [RoomUpdate, ViewMsg]
        room = next(m for m in ann.log[mark:] if isinstance(m, RoomUpdate))
        assert not room.room.seats[0].away


async def test_watching_a_room_with_a_password_needs_it(harness: Harness,
                                                        autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        room = (await ann.create(bots=1, password="pw")).room.id
        bob = await harness.client(srv, "bob")
        await bob.send(JoinRoom(room=room, spectate=True))
        assert (await bob.error(WRONG_PASSWORD)).ref == "join_room"
        assert (await bob.join(room, spectate=True, password="pw")).role == "spectator"
