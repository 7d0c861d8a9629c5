"""Turn timeouts: the server plays a late seat's turn (pending choices included), and after three
timeouts in a row the seat is away and played at once, until its person acts or syncs again."""

from __future__ import annotations

import msgpack
import pytest
import trio
from srvkit import Harness, game_of, next_move_after, rig, view_in

from protocol import Act, Error, Events, RoomUpdate, Start, Sync


async def test_a_late_turn_is_played_at_the_deadline(harness: Harness, monkeypatch: pytest.MonkeyPatch,
                                                     autojump_clock: object) -> None:
    with trio.fail_after(300):
        rig(monkeypatch, ["G1 G1 G3 G3 G5 G5 G7", "B2 B4 Y3 R4 R5 R6 R7"], "B9", dealer=0)
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, turn_timeout=30)
        await ann.send(Start())
        waited, events = await next_move_after(ann)
        assert waited == pytest.approx(30)
        played = events.events[0]
        assert played["type"] == "card_played" and played["card"] in ("B2", "B4")
        assert len(game_of(srv).hand(ann.seat or "")) == 6
        # The next turn has its own 30 seconds.
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(30)


async def test_no_timeout_when_turned_off(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(1000):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, turn_timeout=0)
        await ann.send(Start())
        await ann.my_turn()
        game = game_of(srv)
        before = game.snapshot()
        with trio.move_on_after(600):
            await ann.expect(Events)
            raise AssertionError("something moved")
        assert game.snapshot() == before
        assert ann.view is not None and view_in(ann.log[-1]) is None  # only pings since


async def test_a_timeout_names_a_starting_wilds_colour(harness: Harness,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       autojump_clock: object) -> None:
    with trio.fail_after(300):
        rig(monkeypatch, ["G1 G1 G3 G3 G5 G5 G7", "R2 R4 R3 R4 R5 R6 B7"], "W", dealer=0)
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, turn_timeout=30)
        await ann.send(Start())
        view = await ann.my_turn()
        assert view["awaiting_color"] and view["color"] is None
        waited, events = await next_move_after(ann, began=trio.current_time())
        assert waited == pytest.approx(30)
        chosen = events.events[0]
        assert chosen == {"type": "color_chosen", "seat": ann.seat, "color": "R"}  # ann's colour
        # ...and the rest of the turn is played too: a red card, and the bot's turn.
        played = await ann.expect(Events)
        assert played.events[0]["type"] == "card_played" and played.events[0]["card"][0] == "R"
        assert played.current == "1"


async def test_a_timeout_answers_a_wild_draw_four(harness: Harness, monkeypatch: pytest.MonkeyPatch,
                                                  autojump_clock: object) -> None:
    with trio.fail_after(300):
        # The bot (seat 1) starts and can play nothing but its Wild Draw Four (no bluff).
        rig(monkeypatch, ["W+4 G1 G1 G3 G3 G5 G5", "R2 R4 R3 R4 R5 R6 B7"], "B9", dealer=1)
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, turn_timeout=30)
        await ann.send(Start())
        view = await ann.my_turn()
        assert view["challenge_from"] == "1" and view["top"] == "W+4"
        assert {a["kind"] for a in view["legal"]} == {"challenge", "accept"}
        waited, events = await next_move_after(ann, began=trio.current_time())
        assert waited == pytest.approx(30)
        answer = events.events[0]
        assert answer["type"] in ("challenged", "drew") and answer["seat"] == ann.seat
        if answer["type"] == "drew":
            assert answer["reason"] == "wild_draw_four" and answer["count"] == 4


def away_flag(update: RoomUpdate, seat: str | None) -> bool:
    return next(s.away for s in update.room.seats if s.seat == seat)


@pytest.mark.parametrize("comeback", ["sync", "action"])
async def test_three_timeouts_make_a_seat_away_until_its_person_is_back(
        harness: Harness, autojump_clock: object, comeback: str) -> None:
    with trio.fail_after(1000):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, turn_timeout=30, bot_delay=1)
        await ann.send(Start())
        for _ in range(srv.config.away_after - 1):
            waited, _ = await next_move_after(ann)
            assert waited == pytest.approx(30)
        assert not [m for m in ann.log if isinstance(m, RoomUpdate) and away_flag(m, ann.seat)]
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(30)
        update = next(m for m in ann.log if isinstance(m, RoomUpdate) and away_flag(m, ann.seat))
        assert update.room.seats[1].connected  # away, not gone
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(0)  # away: played at once
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(0)

        if comeback == "sync":
            await ann.send(Sync())
        else:  # any action, even a refused one, says "I'm back"
            await ann.send_raw(msgpack.packb({"type": "action", "kind": "call_uno"}))
        back = await ann.expect(RoomUpdate)
        assert not away_flag(back, ann.seat)
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(30)  # the turn waits for ann again
        if comeback == "action":
            assert any(m.code == "cannot_call_uno" for m in ann.log if isinstance(m, Error))


async def test_acting_resets_the_count_of_timeouts(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(1000):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, turn_timeout=30, bot_delay=1)
        await ann.send(Start())
        for _ in range(3):
            for _ in range(srv.config.away_after - 1):
                waited, _ = await next_move_after(ann)
                assert waited == pytest.approx(30)
            await ann.send(Act(kind="call_uno"))  # refused, but ann is clearly there
            await ann.error("cannot_call_uno")
        assert not [m for m in ann.log if isinstance(m, RoomUpdate) and away_flag(m, ann.seat)]
