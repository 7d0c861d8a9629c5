"""Room slots: rooms are limited, so no client may keep them. A match whose people have all
dropped ends after a grace, and one client address may have only so many rooms open at once, so
that a newcomer can always open a room."""

from __future__ import annotations

import json

import trio
from kit.harness import Harness

from protocol import CreateRoom, Error, Joined, ListRooms, Rooms, Start, ViewMsg
from server.config import ServerConfig
from server.room import Room

MALLORY = "192.0.2.66"
NEWCOMER = "192.0.2.7"


async def test_a_match_whose_people_all_dropped_ends_after_the_grace(
        harness: Harness, autojump_clock: object) -> None:
    grace = ServerConfig().abandoned_match_grace
    assert 60 <= grace <= 600  # long enough to come back from a dropped link, and bounded
    with trio.fail_after(3 * grace):
        srv = await harness.server(heartbeat_timeout=3600, ping_interval=3600)
        ann = await harness.client(srv, "ann")
        room = (await ann.create(name="long", seats=2, bots=1, turn_timeout=3600)).room.id
        await ann.send(Start())
        await ann.expect(ViewMsg)
        bob = await harness.client(srv, "bob")  # bob's match: bob comes back in time
        bobs = (await bob.create(name="kept", seats=2, bots=1, turn_timeout=3600)).room.id
        await bob.send(Start())
        await bob.expect(ViewMsg)
        await ann.link.aclose()
        await bob.link.aclose()
        await trio.sleep(grace - 5)
        assert set(srv.rooms) == {room, bobs}  # the seats still wait
        again = harness.connect(srv, "bob")
        assert (await again.hello(bob.token)).resumed
        await trio.sleep(10)
        assert set(srv.rooms) == {bobs}  # nobody came back to ann's: it ended
        late = harness.connect(srv, "ann")
        assert not (await late.hello(ann.token)).resumed


async def test_one_address_may_have_only_so_many_rooms_open(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(300):
        srv = await harness.server(max_rooms_per_address=2, heartbeat_timeout=3600,
                                   ping_interval=3600)
        ann = await harness.client(srv, "ann", address=f"{MALLORY}:4001")
        bob = await harness.client(srv, "bob", address=f"{MALLORY}:4002")
        await ann.create(name="one")
        await bob.create(name="two")
        cat = await harness.client(srv, "cat", address=f"{MALLORY}:4003")
        await cat.send(CreateRoom(name="three"))
        error = await cat.expect(Error)
        assert (error.code, error.ref) == ("too_many_rooms", "create_room")
        dan = await harness.client(srv, "dan", address=f"{NEWCOMER}:5000")
        await dan.create(name="elsewhere")  # another address is not held back
        await ann.send(ListRooms())
        assert len((await ann.expect(Rooms)).rooms) == 3
        await bob.link.aclose()  # bob's room closes (60 s later): the address may open one more
        await trio.sleep(ServerConfig().abandoned_room_grace + 1)
        await cat.create(name="three")


async def test_a_restored_room_still_counts_for_the_address_that_opened_it(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv = await harness.server(max_rooms_per_address=1)
        ann = await harness.client(srv, "ann", address=f"{MALLORY}:4001")
        room = srv.rooms[(await ann.create(name="one")).room.id]
        record = json.loads(json.dumps(room.to_record()))
        assert Room.from_record(srv, record).origin == MALLORY
        del record["origin"]  # a record written before the origin was kept
        assert Room.from_record(srv, record).origin is None


async def test_rooms_opened_and_dropped_by_one_client_never_shut_others_out(
        harness: Harness, autojump_clock: object) -> None:
    """The attack: over fresh connections, open a room with a bot and a long clock, start it,
    drop; again and again. The attacker soon gets ``too_many_rooms``; newcomers open rooms
    during the attack and after it, and the attacker's matches end after the grace."""
    with trio.fail_after(3600):
        srv = await harness.server(max_rooms=8, max_rooms_per_address=5,
                                   heartbeat_timeout=3600, ping_interval=3600)
        codes = []
        for n in range(20):
            mallory = await harness.client(srv, f"m{n}", address=f"{MALLORY}:{6000 + n}")
            await mallory.send(CreateRoom(name=f"slot {n}", seats=2, bots=1, turn_timeout=3600,
                                          bot_delay=0))
            answer = await mallory.expect(Joined | Error)  # type: ignore[arg-type]
            if isinstance(answer, Joined):
                await mallory.send(Start())
                await mallory.expect(ViewMsg)
                codes.append("joined")
            else:
                codes.append(answer.code)
            await mallory.link.aclose()
        assert codes == ["joined"] * 5 + ["too_many_rooms"] * 15
        for n in range(3):  # during the attack: newcomers (from other addresses) get rooms
            newcomer = await harness.client(srv, f"new{n}", address=f"192.0.2.{10 + n}:7000")
            await newcomer.create(name=f"fair {n}")
        await trio.sleep(ServerConfig().abandoned_match_grace + 1)
        assert not [r for r in srv.rooms.values() if r.origin == MALLORY]  # all ended
        again = await harness.client(srv, "m", address=f"{MALLORY}:6100")
        await again.create(name="after")  # and after it, even the attacker's address
