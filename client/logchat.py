"""The log of the match in words, and the chat under it.
"""

from __future__ import annotations

from protocol import clean_text

from .board import BesideBoard
from .draw import Line, fit, wrap
from .i18n import t


class LogChat(BesideBoard):
    """The log of the match (the scores at a hand's end), and the chat."""

    def log(self, width: int, height: int) -> list[Line]:
        m = self.model
        transcript = m.transcript
        if m.table.hand_over and not transcript.back:
            # The board, in the log's place: its last line is the log's newest, so that PgUp reads
            # the log back from the one before (found play-testing: PgUp showed nothing there)
            transcript.drawn = (len(transcript.log) - 1, len(transcript.log) - 1)
            return self.board.scores(width, height)
        log, back = transcript.log, transcript.back
        room = height - 1 if back else height  # scrolled back: the last row says what is below
        # The entries that end at the one scrolled back to, upward; then, scrolled back to the
        # oldest, as many newer ones as fill the room.
        shown: list[tuple[int, list[str]]] = []
        used, first = 0, len(log) - back
        while first > 0 and used < room:
            first -= 1
            shown.insert(0, (first, wrap(log[first], width - 1)))
            used += len(shown[0][1])
        while shown and shown[-1][0] + 1 < len(log):
            parts = wrap(log[shown[-1][0] + 1], width - 1)
            if used + len(parts) > room:
                break
            shown.append((shown[-1][0] + 1, parts))
            used += len(parts)
        cut: list[str] = []
        if used > room and len(shown) > 1:
            # The oldest entry would be cut at its top: its start instead, which says what
            # happened, and "…" (found play-testing, three times: a top row "turn", then "… turn",
            # read as half a message; and left out, four blank rows hid the Wild Draw Four that
            # had cost four cards). PgUp reads it whole: it is not counted as drawn.
            cut = shown.pop(0)[1]
            used -= len(cut)
        transcript.drawn = (shown[0][0], shown[-1][0]) if shown else (0, 0)
        lines: list[Line] = [[("", " " + part)] for _, parts in shown for part in parts]
        if used > room and room > 0:
            # One entry taller than the log: its start, which says what happened, and "…" (found
            # play-testing at 60x20: "You challenged Eva's +4: innocent —" was never in sight,
            # only the cards drawn; and paging back went to the entry before)
            lines = _start_of(lines, room, width)
        elif shown and shown[0][0] > 0:  # (older entries above: the newest stay at the bottom)
            free = room - used
            start = _start_of([[("", " " + part)] for part in cut], free, width) if cut and free else []
            blank: list[Line] = [[("", "")] for _ in range(free - len(start))]
            lines = blank + start + lines
        newer = len(log) - 1 - shown[-1][0] if shown else 0
        if newer and height > 0:
            said = t("log_newer_one") if newer == 1 else t("log_newer", n=newer)
            lines = [*lines[:height - 1], [("class:notice", fit(" " + said, width))]]
        return lines[-height:] if height > 0 else []

    def chat(self, width: int, height: int) -> list[Line]:
        """The newest messages that fit whole, the newest at the bottom; an older one that would
        be cut at its top is left out, its rows blank (found play-testing: "largo?" above the
        newest, the end of a message without its start or its speaker)."""
        if height <= 0:
            return []
        messages: list[list[Line]] = []
        for source, text in self.model.transcript.chat:
            parts = wrap(f"{clean_text(source)}: {clean_text(text)}", width - 1)
            messages.append([[("bold" if i == 0 else "", " " + part)] for i, part in enumerate(parts)])
        if messages and len(messages[-1]) > height:  # (its start, who says it, and "…": found
            # play-testing, a message of 200 characters showed its last words under nobody's name)
            return _start_of(messages[-1], height, width)
        lines: list[Line] = []
        while messages and len(lines) + len(messages[-1]) <= height:
            lines = messages.pop() + lines
        blank: list[Line] = [[("", "")] for _ in range(height - len(lines))]  # (the newest at the bottom)
        return blank + lines


def _start_of(lines: list[Line], rows: int, width: int) -> list[Line]:
    """The first ``rows`` of an entry's ``lines`` (one fragment each), the last ending in "…"."""
    style, text = lines[rows - 1][0][:2]
    return [*lines[:rows - 1], [(style, fit(text + " …", width))]]
