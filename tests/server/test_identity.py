"""The server's identity (``welcome.server_id``, server/identity.py) and rooms kept for later
(``ServerConfig.restore_rooms``, ``UnoServer.kept_rooms``, ``UnoServer.close_room``): what
``uno host`` builds its resume offer and its "end for everyone / keep for later" on."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest
import trio
from kit.harness import Harness, stoppable_server

from protocol import Events, Joined, Left, ListRooms, Rooms, Start, ViewMsg
from server import UnoServer
from server.identity import ID_FILE, server_id


def test_the_id_is_kept_in_the_state_directory(tmp_path: Path) -> None:
    first = server_id(tmp_path / "state")
    assert re.fullmatch(r"[0-9a-f]{32}", first)
    assert server_id(tmp_path / "state") == first
    assert (tmp_path / "state" / ID_FILE).read_text().strip() == first
    assert server_id(tmp_path / "other") != first
    assert server_id(None) != server_id(None)  # no directory: a new id each run


def test_a_damaged_id_file_is_replaced(tmp_path: Path) -> None:
    (tmp_path / ID_FILE).write_text("not an id\x1b[31m")
    fresh = server_id(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{32}", fresh) and server_id(tmp_path) == fresh


async def serve(nursery: trio.Nursery, state: Path | None,
                **config: Any) -> tuple[UnoServer, trio.CancelScope]:
    return await stoppable_server(nursery, state_dir=None if state is None else str(state), **config)


async def stop(srv: UnoServer, scope: trio.CancelScope) -> None:
    """The server stops: its disk first (as in test_persist's ``crash``), then its tasks."""
    if srv.store is not None:
        srv.store.close()
        srv.store = None
    scope.cancel()
    await trio.sleep(0)


async def test_welcome_says_whether_the_server_is_a_players_uno_host(harness: Harness,
                                                                    autojump_clock: object) -> None:
    """A friend whose connection is refused is told "its host must open it again" only where a
    host can (found play-testing: said on a dedicated server killed with kill -9)."""
    with trio.fail_after(10):
        for hosted in (False, True):
            srv, scope = await serve(harness.nursery, None, hosted=hosted)
            assert (await harness.connect(srv, "ann").hello()).hosted is hosted
            await stop(srv, scope)


async def test_welcome_carries_the_same_id_after_a_restart(harness: Harness, tmp_path: Path,
                                                           autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, scope = await serve(harness.nursery, tmp_path)
        first = await (harness.connect(srv, "ann")).hello()
        assert first.server_id == srv.server_id and len(first.server_id) == 32
        await stop(srv, scope)
        again, scope = await serve(harness.nursery, tmp_path)
        assert (await harness.connect(again, "ann").hello()).server_id == first.server_id
        await stop(again, scope)
        other, scope = await serve(harness.nursery, None)
        assert (await harness.connect(other, "ann").hello()).server_id != first.server_id
        await stop(other, scope)


async def test_a_kept_room_names_the_hand_being_played(harness: Harness, tmp_path: Path,
                                                      autojump_clock: object) -> None:
    """Found play-testing: the offer said "hand 1" of a match kept in hand 2 (the room's whole
    record is written now and then; the moves since it count the deals too)."""
    with trio.fail_after(600):
        srv, scope = await serve(harness.nursery, tmp_path)
        _, (ann,) = await harness.table("ann", srv=srv, name="Root's table", bots=1, start=True)
        await ann.play(lambda m: isinstance(m, Events) and any(
            e["type"] == "hand_started" and e["hand_number"] == 2 for e in m.events), now=True)
        await stop(srv, scope)
        srv, scope = await serve(harness.nursery, tmp_path, restore_rooms=False)
        (kept,) = srv.kept_rooms()
        assert kept.hand_number == 2
        await stop(srv, scope)


async def test_kept_rooms_stay_on_disk_until_asked_for(harness: Harness, tmp_path: Path,
                                                       autojump_clock: object) -> None:
    """``uno host`` opens its server with ``restore_rooms=False``: the last match is listed as
    kept (with the host's token), new rooms never take its id, and ``--resume`` brings it back."""
    with trio.fail_after(120):
        srv, scope = await serve(harness.nursery, tmp_path)
        _, (ann,) = await harness.table("ann", srv=srv, name="Root's table", bots=3, start=True)
        await stop(srv, scope)

        srv, scope = await serve(harness.nursery, tmp_path, restore_rooms=False)
        assert srv.rooms == {}
        (kept,) = srv.kept_rooms()
        assert (kept.id, kept.name, kept.hand_number, kept.host_token) == ("1", "Root's table", 1, ann.token)
        assert kept.guests == ()  # (bots are not who waits for it)
        bea = harness.connect(srv, "bea")
        assert (await bea.hello(ann.token)).resumed is False  # the kept seat is not open
        joined = await bea.create(name="Mesa", bots=1)
        assert joined.room.id == "2" and joined.room.name == "Mesa"
        assert [room.id for room in srv.kept_rooms()] == ["1"]
        await stop(srv, scope)

        srv, scope = await serve(harness.nursery, tmp_path, restore_rooms=("1",))
        assert list(srv.rooms) == ["1"] and [r.id for r in srv.kept_rooms()] == ["2"]
        back = harness.connect(srv, "ann")
        assert (await back.hello(ann.token)).resumed
        assert (await back.expect(Joined)).room.name == "Root's table"
        await stop(srv, scope)


async def test_close_room_ends_the_match_for_everyone_and_forgets_it(
        harness: Harness, tmp_path: Path, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, scope = await serve(harness.nursery, tmp_path)
        ann = await harness.client(srv, "ann")
        room = (await ann.create(bots=1, seats=3)).room.id
        bob = await harness.client(srv, "bob")
        await bob.join(room)
        await ann.send(Start())
        srv.close_room(room)
        assert (await bob.expect(Left)).reason == "room_closed"
        await bob.send(ListRooms())
        assert (await bob.expect(Rooms)).rooms == ()
        assert srv.kept_rooms() == [] and srv.store is not None and srv.store.records() == []
        await stop(srv, scope)
        # ... and its id is never given to a new room (found play-testing: a guest whose client
        # held a seat in room 1 was told "Your seat was given up" of the next server's new room 1)
        srv, scope = await serve(harness.nursery, tmp_path)
        cai = await harness.client(srv, "cai")
        assert (await cai.create(bots=1)).room.id == str(int(room) + 1)
        await stop(srv, scope)


async def test_a_kept_room_can_be_opened_while_serving(harness: Harness, tmp_path: Path,
                                                       autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, scope = await serve(harness.nursery, tmp_path)
        _, (ann,) = await harness.table("ann", srv=srv, name="Root's table", bots=1, start=True)
        await stop(srv, scope)
        srv, scope = await serve(harness.nursery, tmp_path, restore_rooms=False)
        assert srv.restore_room("7") is False  # no such room kept
        assert srv.restore_room("1") is True and list(srv.rooms) == ["1"] and srv.kept_rooms() == []
        back = harness.connect(srv, "ann")
        assert (await back.hello(ann.token)).resumed
        await stop(srv, scope)


async def test_a_friend_back_before_the_kept_room_keeps_the_seat_when_it_opens(
        harness: Harness, tmp_path: Path, autojump_clock: object) -> None:
    """``uno host`` offers the kept match; a friend's client reconnects meanwhile (to the lobby:
    the room is not open) and keeps its token, so when the host brings the room back the friend
    is put back in the same seat at once, not left in the lobby with a seat nobody can take."""
    with trio.fail_after(60):
        srv, scope = await serve(harness.nursery, tmp_path)
        ann = await harness.client(srv, "ann")
        room = (await ann.create(name="Root's table", bots=1, seats=3)).room.id
        bob = await harness.client(srv, "bob")
        seat = (await bob.join(room)).seat
        await ann.send(Start())
        await bob.expect(ViewMsg)
        await stop(srv, scope)

        srv, scope = await serve(harness.nursery, tmp_path, restore_rooms=False)
        sid = bob.token.partition(".")[0]
        forged = await harness.connect(srv, "eve").hello(f"{sid}.{'0' * 22}")
        assert not forged.token.startswith(sid + ".")  # the seat's id without its secret: nothing
        back = harness.connect(srv, "bob")
        welcome = await back.hello(bob.token)
        assert welcome.resumed is False and welcome.token == bob.token  # the room is not open
        assert welcome.kept  # (the client says the seat waits, not that it was lost)
        assert srv.restore_room(room)
        joined = await back.expect(Joined)
        assert (joined.room.id, joined.role, joined.seat) == (room, "player", seat)
        await back.expect(ViewMsg)
        host = harness.connect(srv, "ann")
        assert (await host.hello(ann.token)).resumed  # the host's seat is there too
        assert not (await harness.connect(srv, "eve").hello()).kept
        await stop(srv, scope)


async def test_friends_back_before_the_kept_room_are_each_told_it_once_it_opens(
        harness: Harness, tmp_path: Path, autojump_clock: object,
        caplog: pytest.LogCaptureFixture) -> None:
    """Found play-testing: two friends waited in the lobby for a kept room; when it opened, the
    first one's return announced the room to the second, whose connection was not in it yet
    (an error logged: "not sending room ... in state lobby"). A friend who reconnects again while
    waiting is still told the seat waits."""
    with trio.fail_after(60):
        srv, scope = await serve(harness.nursery, tmp_path)
        ann = await harness.client(srv, "ann")
        room = (await ann.create(name="Root's table", seats=3)).room.id
        friends = [await harness.client(srv, name) for name in ("bob", "cid")]
        for friend in friends:
            await friend.join(room)
        await ann.send(Start())
        await friends[1].expect(ViewMsg)
        await stop(srv, scope)

        srv, scope = await serve(harness.nursery, tmp_path, restore_rooms=False)
        backs = []
        for friend in friends:
            back = harness.connect(srv, friend.name)
            assert (await back.hello(friend.token)).kept
            backs.append(back)
        again = harness.connect(srv, "cid")
        assert (await again.hello(friends[1].token)).kept  # (replaces the first connection)
        backs[1] = again
        with caplog.at_level(logging.ERROR, logger="uno.server"):
            assert srv.restore_room(room)
            for back in backs:
                assert (await back.expect(Joined)).role == "player"
                await back.expect(ViewMsg)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
        await stop(srv, scope)


async def test_a_kept_room_names_who_else_sat_there(harness: Harness, tmp_path: Path,
                                                  autojump_clock: object) -> None:
    """Found play-testing: after ``kill -9`` and ``uno host`` again, the host was offered the kept
    match without a word of who waited for it; the offer names them (the host and bots aside)."""
    with trio.fail_after(120):
        srv, scope = await serve(harness.nursery, tmp_path)
        await harness.table("ann", "bea", "cai", srv=srv, name="Root's table", bots=1, start=True)
        await stop(srv, scope)
        srv, scope = await serve(harness.nursery, tmp_path, restore_rooms=False)
        (kept,) = srv.kept_rooms()
        assert kept.guests == ("bea", "cai")
        await stop(srv, scope)
