"""The lobby's room list fits in one message however many rooms a server holds: the rooms a
newcomer can join come first, and ``more`` counts the ones left out."""

from __future__ import annotations

from collections.abc import Callable

import msgpack
import trio
from kit.harness import Harness

from engine import RuleSet
from protocol import (
    MAX_MESSAGE_BYTES,
    MAX_ROOMS_LISTED,
    CreateRoom,
    ListRooms,
    Rooms,
    RoomSummary,
    SeatInfo,
    SeatKind,
)
from server.listing import room_list

HOUSE = RuleSet.preset("house").to_dict()


def summary(n: int, *, started: bool = False, seated: int = 4) -> RoomSummary:
    """A room summary near its largest: long names, every rule option, a full table."""
    seats = tuple(SeatInfo(seat=str(i), name=f"Jugadora número {n:04}-{i}", kind=SeatKind.HUMAN,
                           hands=12345, hands_won=2345) for i in range(seated))
    return RoomSummary(id=f"r{n}", name=f"La mesa del viernes por la {n:05}", host="Anfitriona " + "x" * 10,
                       players=seated, seats=10 if not started else seated, bots=0, spectators=3,
                       preset="house", started=started, password=False, rules=HOUSE, turn_timeout=30.0,
                       seated=seats)


def wire_size(message: Rooms) -> int:
    return len(msgpack.packb({"type": "rooms", "seq": 2**31, **message.to_wire()}))


def listed(rooms: list[RoomSummary]) -> list[tuple[bool, Callable[[], RoomSummary]]]:
    return [(not room.started, lambda room=room: room) for room in rooms]  # type: ignore[misc]


def test_a_short_list_is_sent_whole_in_the_servers_order() -> None:
    rooms = [summary(n, started=n % 2 == 0) for n in range(10)]
    listing = room_list(listed(rooms))
    assert listing.rooms == tuple(rooms) and listing.more == 0


def test_a_long_list_fills_one_message_with_the_joinable_rooms_first() -> None:
    rooms = [summary(n, started=n % 3 != 0) for n in range(900)]
    assert wire_size(Rooms(rooms=tuple(rooms[:MAX_ROOMS_LISTED]))) > MAX_MESSAGE_BYTES  # the old way
    made: list[int] = []

    def counted(room: RoomSummary) -> Callable[[], RoomSummary]:
        def make() -> RoomSummary:
            made.append(1)
            return room
        return make

    listing = room_list((not room.started, counted(room)) for room in rooms)
    assert wire_size(listing) <= MAX_MESSAGE_BYTES
    assert len(made) == len(listing.rooms) + 1  # only the summaries that fit (and the first that did not)
    assert listing.more == len(rooms) - len(listing.rooms) > 0
    joinable = [r for r in rooms if not r.started]
    assert all(not r.started for r in listing.rooms)  # here they are more than fit
    assert list(listing.rooms) == joinable[:len(listing.rooms)]  # in the server's order
    assert Rooms.from_wire(msgpack.unpackb(msgpack.packb(listing.to_wire()))) == listing


async def test_a_server_with_hundreds_of_rooms_still_lists_them(harness: Harness,
                                                               autojump_clock: object) -> None:
    """Before: the summaries of 500 rooms were over 64 KiB, so `list_rooms` got an
    internal_error once a server held a few hundred rooms."""
    with trio.fail_after(600):
        srv = await harness.server(max_rooms_per_address=1000, heartbeat_timeout=3600, ping_interval=3600)
        for n in range(300):
            host = await harness.client(srv, f"Anfitriona {n:03}")
            await host.create(name=f"La mesa del viernes {n:03}", preset="house", seats=10, bots=2)
        newcomer = await harness.client(srv, "Luis")
        await newcomer.send(ListRooms())
        listing = await newcomer.expect(Rooms)
        assert len(listing.rooms) + listing.more == 300 and len(listing.rooms) >= 100
        first = listing.rooms[0]
        assert first.seated and first.seated[0].name == "Anfitriona 000"  # (before the bots)
        assert [s.kind for s in first.seated].count(SeatKind.BOT) == 2
        await newcomer.send(CreateRoom(name="mine"))  # and the server goes on serving
