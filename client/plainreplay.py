"""Plain mode's replay of the hand just over: the full screen's viewer (client/replayview.py) as
lines. The ``Replayer`` holds the position and the point of view; each command typed says what
changed: a move on (Enter, or "next") says that move's log lines and the cards held after it,
"previous" and "first" go back, "all" says the rest of the hand, "seat" and "open" change whose
cards are said, "back" (or "quit") returns to the table, which went on meanwhile. No I/O.
"""

from __future__ import annotations

from .i18n import card_name, t
from .plainview import counted_line, scores_line, sentence, spoken
from .plainwords import words
from .replayer import OPEN, Replayer


class PlainReplay:
    def __init__(self, replayer: Replayer, *, at_table: bool = True) -> None:
        """``at_table``: the replay command's, which goes back to the table; else `uno replay`'s,
        which ends."""
        self.replayer = replayer
        self.done = False
        self._alone = "" if at_table else "_alone"

    @property
    def moves(self) -> int:
        return len(self.replayer.positions) - 1

    def opening(self) -> list[str]:
        """What is said as the replay opens: what it is and how to step, then the deal."""
        r = self.replayer
        info = r.replay.info
        return [t("plain_replay_on" + self._alone, n=info.hand_number, moves=self.moves, who=self._who()),
                self._position(r.said(0))]

    def run(self, line: str) -> list[str]:
        """One line typed while the replay is open: the lines to say back."""
        r = self.replayer
        word = line.strip().lower()
        if not word or word in words("next"):
            if r.at_end:
                return [t("plain_replay_past_end" + self._alone)]
            r.step(1)
            return [self._position(r.said(r.index))]
        if word in words("previous"):
            r.step(-1)
            return [self._position([])]
        if word in words("first"):
            r.first()
            return [self._position(r.said(0))]
        if word in words("all"):
            said = [spoken(sentence(line)) for index in range(r.index + 1, self.moves + 1)
                    for line in r.said(index)]
            r.last()
            return [*said, self._position([])]
        if word in words("seat"):
            r.next_seat()
            return [self._position([])]
        if word in words("open"):
            r.toggle_open()
            return [self._position([])]
        if word in words("back") or word in words("quit"):
            self.done = True
            return [t("plain_replay_closed" + self._alone)]
        if word in words("help"):
            return [t("plain_replay_help" + self._alone)]
        return [t("plain_unknown", text=line.strip()), t("plain_replay_help" + self._alone)]

    def _who(self) -> str:
        r = self.replayer
        return t("replay_open") if r.seat == OPEN else t("replay_pov", name=r.name(r.seats[r.seat]))

    def _position(self, said: list[str]) -> str:
        """The move's lines, where the replay is and the cards held (the point of view's)."""
        r = self.replayer
        hands = "; ".join(t("plain_replay_hand" + ("_one" if len(cards) == 1 else ""), name=r.name(seat),
                            n=len(cards), cards=", ".join(card_name(card) for card in cards)) if cards
                          else t("plain_replay_no_cards", name=r.name(seat))  # (not "holds 0: -")
                          for seat, cards in r.hands())
        parts = [*said, t("replay_step", i=r.index, n=self.moves).capitalize(), hands]
        if r.at_end:  # (what each hand left, and the match's scores: found play-testing, the
            parts.append(t("plain_replay_end"))  # others' cards only after "open", no scores)
            view = r.model.table.view
            if view is not None and view.hand_result is not None:
                parts += [scores_line(r.name, view.seats, view.scores),  # (the table's order)
                          counted_line(r.name, view.seats, view.hand_result)]
        return spoken(" ".join(sentence(part) for part in parts))  # (found play-testing: "↻ clockwise"
        # was read out with its arrow, where the live lines say "clockwise")
