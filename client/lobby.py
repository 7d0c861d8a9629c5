"""The lobby: the server's tables, and the one under the cursor."""

from __future__ import annotations

from protocol import RoomSummary


class Lobby:
    def __init__(self) -> None:
        self.rooms: tuple[RoomSummary, ...] = ()
        self.more = 0  # tables the server left out of its list (it fills one message)
        self.index = 0
        self.listed = False  # a list has come (before it, no tables is not "no tables yet")

    def set(self, rooms: tuple[RoomSummary, ...], more: int = 0) -> None:
        self.listed = True
        self.rooms = rooms
        self.more = more
        self.index = min(self.index, max(0, len(rooms) - 1))

    def move(self, delta: int) -> None:
        if self.rooms:
            self.index = (self.index + delta) % len(self.rooms)

    @property
    def selected(self) -> RoomSummary | None:
        return self.rooms[self.index] if self.rooms else None
