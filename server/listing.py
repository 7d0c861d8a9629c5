"""The lobby's room list: as many rooms as one ``rooms`` message holds.

A summary takes from about 150 bytes to over 1 KiB (names, rule options, up to ten seats), so a
server with a few hundred rooms cannot list them all in one 64 KiB message. The list keeps the
rooms a newcomer can join first (waiting, with a free seat, no password), then the others, each
group in the server's order, up to ``MESSAGE_BUDGET``; ``Rooms.more`` says how many were left out.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgpack

from protocol import MAX_ROOMS_LISTED, MESSAGE_BUDGET, Rooms, RoomSummary

_ARRAY_HEADER = 5  # the most bytes msgpack takes to announce an array


def room_list(summaries: Iterable[RoomSummary]) -> Rooms:
    """The ``rooms`` message for these summaries (in the server's order)."""
    rooms = list(summaries)
    sizes = [len(msgpack.packb(room.to_wire())) for room in rooms]
    if len(rooms) <= MAX_ROOMS_LISTED and sum(sizes) + _ARRAY_HEADER <= MESSAGE_BUDGET:
        return Rooms(rooms=tuple(rooms))
    order = sorted(range(len(rooms)), key=lambda i: not _joinable(rooms[i]))  # (stable)
    kept: list[int] = []
    used = _ARRAY_HEADER
    for i in order:
        if len(kept) == MAX_ROOMS_LISTED or used + sizes[i] > MESSAGE_BUDGET:
            break
        kept.append(i)
        used += sizes[i]
    kept.sort()  # back in the server's order
    return Rooms(rooms=tuple(rooms[i] for i in kept), more=len(rooms) - len(kept))


def _joinable(room: RoomSummary) -> bool:
    return not room.started and not room.password and room.players + room.bots < room.seats
