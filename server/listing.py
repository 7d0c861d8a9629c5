"""The lobby's room list: as many rooms as one ``rooms`` message holds.

A summary takes from about 150 bytes to over 1 KiB (names, rule options, up to ten seats), so a
server with a few hundred rooms cannot list them all in one 64 KiB message. The list keeps the
rooms a newcomer can join first (waiting, with a free seat, no password), then the others, each
group in the server's order, up to ``MESSAGE_BUDGET``; ``Rooms.more`` says how many were left out.

Summaries are made only for the rooms that fit: the cost of a ``list_rooms`` is bounded by one
message's worth of summaries (2000 summaries took 88 ms to build; one message holds 100 to 400),
however many rooms the server holds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import msgpack

from protocol import MAX_ROOMS_LISTED, MESSAGE_BUDGET, Rooms, RoomSummary

_ARRAY_HEADER = 5  # the most bytes msgpack takes to announce an array

Listed = tuple[bool, Callable[[], RoomSummary]]
"""A room as the list sees it: whether a newcomer can join it, and how to summarise it."""


def room_list(rooms: Iterable[Listed]) -> Rooms:
    """The ``rooms`` message for these rooms (in the server's order)."""
    listed = list(rooms)
    order = sorted(range(len(listed)), key=lambda i: not listed[i][0])  # (stable: joinable first)
    kept: list[tuple[int, RoomSummary]] = []
    used = _ARRAY_HEADER
    for i in order:
        if len(kept) == MAX_ROOMS_LISTED:
            break
        summary = listed[i][1]()
        size = len(msgpack.packb(summary.to_wire()))
        if used + size > MESSAGE_BUDGET:
            break
        kept.append((i, summary))
        used += size
    kept.sort(key=lambda entry: entry[0])  # back in the server's order
    return Rooms(rooms=tuple(summary for _, summary in kept), more=len(listed) - len(kept))
