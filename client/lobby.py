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
        chosen = self.selected
        self.listed = True
        self.rooms = rooms
        self.more = more
        # The cursor stays on its table when the list is refreshed under it (it is, every few
        # seconds): Enter must not join another one.
        ids = [room.id for room in rooms]
        if chosen is not None and chosen.id in ids:
            self.index = ids.index(chosen.id)
        else:
            self.index = min(self.index, max(0, len(rooms) - 1))

    def move(self, delta: int) -> None:
        """The cursor up or down the list, stopping at its ends (found play-testing: ↑ on the
        first table wrapped round to the last, and Enter asked the password of another's)."""
        if self.rooms:
            self.index = max(0, min(len(self.rooms) - 1, self.index + delta))

    @property
    def selected(self) -> RoomSummary | None:
        return self.rooms[self.index] if self.rooms else None
