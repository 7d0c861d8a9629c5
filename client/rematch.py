"""The rematch at the end of a match, on this client: the seat order we would propose, the
message a key sends, and the line that says who has accepted."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from protocol import REMATCH_ORDERS, Rematch, RoomInfo, SeatInfo, SeatKind, clean_text

from .i18n import names_and, t


@dataclass
class RematchChoice:
    clock: Callable[[], float] = time.monotonic
    order: str = REMATCH_ORDERS[0]  # ours, until someone accepts first (then theirs holds)
    answer: Rematch | None = None  # ours, sent and not yet seen in the room (``again``)
    answered_at: float = 0.0  # when (``clock``)

    def next_order(self, room: RoomInfo | None, me: str | None) -> Rematch | str:
        """``o``: the next seat order. Once someone has accepted, the first to has chosen it: if
        that is us (``me``), the acceptance again with the next order; else the notice that
        their choice holds, naming them (found play-testing: "the first to accept chose it" left
        one who had accepted second asking whom) ("" before anyone has accepted)."""
        chosen = None if room is None else room.rematch_order
        if chosen is not None and room is not None and room.rematch[:1] != (me,):
            first = next((s.name for s in room.seats if s.seat in room.rematch[:1]), "?")
            return t("rematch_order_fixed", name=clean_text(first))
        self.order = REMATCH_ORDERS[(REMATCH_ORDERS.index(chosen or self.order) + 1) % len(REMATCH_ORDERS)]
        return self.accept() if chosen is not None else ""

    def accept(self) -> Rematch:
        self.answer, self.answered_at = Rematch(order=self.order, accept=True), self.clock()
        return self.answer

    def decline(self) -> Rematch:
        self.answer, self.answered_at = Rematch(accept=False), self.clock()
        return self.answer

    def slow(self, after: float) -> bool:
        """Whether our answer has gone unseen in the room for ``after`` seconds (found re-checking
        on a stalled link: m showed nothing for 15 s, "Rematch? m yes" still on the screen)."""
        return self.answer is not None and self.clock() - self.answered_at >= after

    def seen(self, room: RoomInfo, me: str | None) -> None:
        """The room shows our acceptance (it arrived), or a match on (the rematch is over)."""
        if me in room.rematch or room.started:
            self.answer = None

    def again(self, room: RoomInfo, me: str | None) -> Rematch | None:
        """Back in our seat at a match's end after the link dropped: our answer, to send again if
        the room does not show it (found play-testing on a stalled link: m was lost without a
        word, and the others waited for it)."""
        answer, self.answer = self.answer, None
        return None if answer is None or me is None or me in room.rematch else answer

    @staticmethod
    def order_line(room: RoomInfo | None) -> str:
        """The seat order someone's acceptance chose, on a line of its own ("" before)."""
        if room is None or room.rematch_order is None:
            return ""
        return t("rematch_order_now", order=t("rematch_order_" + room.rematch_order))

    @staticmethod
    def newcomers(room: RoomInfo | None, played: Sequence[str], me: str | None,
                  picked: str | None = None) -> str:
        """Who else (not ``me``, told "You have a seat for the next match": found play-testing,
        "Eve sat down: plays in the rematch" on Eve's screen) sat down since the match ended, to
        play in the rematch ("" if nobody): the board of the match gone by shows only its own
        seats (found play-testing). A bot the host added is named with its level, marked "›" if
        ``picked`` (the host's pick, which b changes: found play-testing, + added one, and
        nothing showed it, nor what b did to it)."""
        if room is None:
            return ""
        names = [("› " if s.seat == picked else "") + clean_text(s.name)
                 + (f" ({t('level_' + s.level)})" if s.kind is SeatKind.BOT and s.level else "")
                 for s in room.seats if s.seat not in played and s.seat != me]
        if not names:
            return ""
        return t("rematch_newcomer" if len(names) == 1 else "rematch_newcomers", names=names_and(names))

    @staticmethod
    def freed(room: RoomInfo | None, played: Sequence[str], known: Mapping[str, SeatInfo]) -> str:
        """The bots of the match whose seats the host has freed since: nobody plays those in the
        rematch ("" if none; found play-testing: the row only lost its level, and nobody could
        tell the seat was going); and the people of the match who left since: a bot plays their
        seats (found play-testing: a couple's rematch, Dani gone, began against a bot unsaid)."""
        here = {s.seat for s in room.seats} if room is not None else set()
        # (a seat whose place one who sat down took, as the server seats them, is not freed nor a
        # bot's: found re-checking, "Eva sat down: plays in the rematch", then "Bot 3's seat is
        # free"; and "Fay sat down: plays in the rematch", then "Bea left: a bot plays that seat")
        taken = {i for i, s in enumerate(room.seats) if s.seat not in played} if room is not None else set()
        gone = [known[s] for i, s in enumerate(played) if room is not None and s not in here and s in known
                and i not in taken]
        lines = []
        for kind, one, many in ((SeatKind.BOT, "rematch_freed", "rematch_freed_many"),
                                (SeatKind.HUMAN, "rematch_bot_for", "rematch_bot_for_many")):
            names = [clean_text(s.name) for s in gone if s.kind is kind]
            if names:
                lines.append(t(one if len(names) == 1 else many, names=names_and(names)))
        return ". ".join(lines)

    def line(self, room: RoomInfo | None, me: str | None, played: Sequence[str],
             short: bool = False, plain: bool = False) -> str:
        """Who has accepted and who is still to (of those who played the match, ``played``: one
        who sat down after it is not asked), in the seat order in force (left out if ``short``,
        for a narrow screen: ``order_line`` says it then); or the offer. ``plain``: in plain
        mode's words, the commands to type."""
        asked = "plain_" if plain else ""
        if room is None or room.rematch_order is None:
            return t(asked + "rematch_offer", order=t("rematch_order_" + self.order))
        # (we are "you", first: "accepted by Zoe" on Zoe's own screen read as someone else)
        people = sorted((s for s in room.seats if s.kind is SeatKind.HUMAN), key=lambda s: s.seat != me)
        done = [t("rematch_by_you") if s.seat == me else clean_text(s.name)
                for s in people if s.seat in room.rematch]
        # (one offline too, whom the server waits for while the countdown runs: found
        # play-testing, "waiting for -" while Ben's link was down)
        waiting = [t("rematch_you_to_answer") if s.seat == me
                   else clean_text(s.name) + ("" if s.connected else f" ({t('flag_off')})")
                   for s in people
                   if s.seat not in room.rematch and (s.connected or room.rematch) and not s.away
                   and s.seat in played]
        key = "rematch_you_accepted" if me in room.rematch else asked + "rematch_accepted"
        said = dict(order=t("rematch_order_" + room.rematch_order), names=names_and(done),
                    waiting=names_and(waiting) or "-")
        return t(key + "_short" if short else key, **said)
