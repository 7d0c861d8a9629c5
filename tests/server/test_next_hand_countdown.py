"""Between hands the deadline counts down to the next deal, so the scores on screen can say when
the next hand comes; the view then shows every hand's remaining cards."""

from __future__ import annotations

import pytest
import trio
from kit.client import view_in
from kit.harness import Harness

from protocol import Away, Back, Error, Events, Message, MoreTime, Start, Sync, ViewMsg


def hand_over(message: Message) -> bool:
    view = view_in(message)
    return view is not None and view.get("hand_result") is not None


async def test_between_hands_the_deadline_counts_to_the_next_deal(harness: Harness,
                                                                  autojump_clock: object) -> None:
    with trio.fail_after(600):
        srv = await harness.server(next_hand_delay=5)
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, turn_timeout=30)
        await ann.send(Start())
        ended = await ann.play(hand_over)
        assert ended.deadline == pytest.approx(5)  # type: ignore[attr-defined]
        await trio.sleep(2)
        await ann.send(Sync())
        synced = await ann.expect(ViewMsg)
        assert synced.deadline == pytest.approx(3)
        result = synced.view["hand_result"]
        assert result is not None and len(result["hands"]) == 2
        assert result["hands"][synced.view["seats"].index(result["winner"])] == []


@pytest.mark.parametrize(("bots", "pause"), [(3, 5.0), (5, 6.0), (9, 8.0)])
async def test_a_bigger_table_gets_longer_to_read_the_scores(harness: Harness, autojump_clock: object,
                                                             bots: int, pause: float) -> None:
    """Found play-testing: 5 s was short to read the ten rows of a ten-seat table's board."""
    with trio.fail_after(600):
        srv = await harness.server(next_hand_delay=5)
        ann = await harness.client(srv, "ann")
        await ann.create(bots=bots, seats=bots + 1, turn_timeout=30)
        await ann.send(Start())
        ended = await ann.play(hand_over)
        assert ended.deadline == pytest.approx(pause)  # type: ignore[attr-defined]


async def test_a_person_holds_the_next_deal_back_with_more_time(harness: Harness,
                                                                autojump_clock: object) -> None:
    """Found play-testing twice: 5 s was too short to read who held what, and nothing held the
    next deal back. ``more_time`` adds 15 s to everyone's countdown, up to 60 s in all; asked
    during a hand, there is no deal to hold."""
    with trio.fail_after(600):
        srv = await harness.server(next_hand_delay=5)
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, turn_timeout=30)
        await ann.send(Start())
        await ann.expect(ViewMsg)
        await ann.send(MoreTime())
        refused = await ann.expect(Error)
        assert refused.code == "no_more_time" and refused.ref == "more_time"
        ended = await ann.play(hand_over)
        since = trio.current_time()
        assert ended.deadline == pytest.approx(5)  # type: ignore[attr-defined]
        for total in (20, 35, 50, 65):
            await ann.send(MoreTime())
            held = await ann.expect(ViewMsg)
            assert held.deadline == pytest.approx(total, abs=0.01), held
        await ann.send(MoreTime())
        assert (await ann.expect(Error)).code == "no_more_time"  # (60 s more at most)
        await ann.expect(Events, lambda m: any(e["type"] == "hand_started" for e in m.events))
        assert trio.current_time() - since == pytest.approx(65, abs=0.1)


async def test_the_countdown_to_the_next_deal_runs_on_when_one_steps_away_and_back(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: stepping away and back between hands started the countdown again, with
    the time asked for in it: anyone could hold the next deal without end. (Everyone away, no hand
    is dealt: back, the countdown starts afresh, and more time may be asked again.)"""
    with trio.fail_after(600):
        srv = await harness.server(next_hand_delay=5)
        srv, (ann, bob) = await harness.table("ann", "bob", srv=srv, seats=2, turn_timeout=30)
        await ann.send(Start())
        async with trio.open_nursery() as nursery:
            for player in (ann, bob):
                nursery.start_soon(player.play, hand_over)
        for _ in range(4):
            await ann.send(MoreTime())
            await ann.expect(ViewMsg)
        await trio.sleep(10)  # (within the heartbeat's 15 s)
        await bob.send(Away())
        await bob.send(Back())
        await ann.send(Sync())
        synced = await ann.expect(ViewMsg)
        assert synced.deadline == pytest.approx(55, abs=0.1), synced
        await ann.send(MoreTime())
        assert (await ann.expect(Error)).code == "no_more_time"
