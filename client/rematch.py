"""The rematch at the end of a match, on this client: the seat order we would propose, the
message a key sends, and the line that says who has accepted."""

from __future__ import annotations

from dataclasses import dataclass

from protocol import REMATCH_ORDERS, Rematch, RoomInfo, SeatKind, clean_text

from .i18n import t


@dataclass
class RematchChoice:
    order: str = REMATCH_ORDERS[0]  # ours, until someone accepts first (then theirs holds)

    def next_order(self, room: RoomInfo | None) -> str:
        """``o``: the next seat order; once someone has accepted, their choice holds (and the
        notice to show says so, else "")."""
        if room is None or room.rematch_order is None:
            self.order = REMATCH_ORDERS[(REMATCH_ORDERS.index(self.order) + 1) % len(REMATCH_ORDERS)]
            return ""
        return t("rematch_order_fixed", order=t("rematch_order_" + room.rematch_order))

    def accept(self) -> Rematch:
        return Rematch(order=self.order, accept=True)

    @staticmethod
    def decline() -> Rematch:
        return Rematch(accept=False)

    def line(self, room: RoomInfo | None, me: str | None, short: bool = False) -> str:
        """Who has accepted and who is still to, in the order in force (left out if ``short``:
        for a narrow screen, where who is still to answer matters more); or the offer."""
        if room is None or room.rematch_order is None:
            return t("rematch_offer", order=t("rematch_order_" + self.order))
        people = [s for s in room.seats if s.kind is SeatKind.HUMAN]
        done = [clean_text(s.name) for s in people if s.seat in room.rematch]
        waiting = [clean_text(s.name) for s in people if s.seat not in room.rematch and s.connected]
        key = "rematch_you_accepted" if me in room.rematch else "rematch_accepted"
        said = dict(order=t("rematch_order_" + room.rematch_order), names=", ".join(done),
                    waiting=", ".join(waiting) or "-")
        return t(key + "_short" if short else key, **said)
