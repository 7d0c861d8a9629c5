"""The log of the match in words, and the chat under it.
"""

from __future__ import annotations

from protocol import clean_text

from .board import BesideBoard
from .draw import Line, wrap


class LogChat(BesideBoard):
    """The log of the match (the scores at a hand's end), and the chat."""

    def log(self, width: int, height: int) -> list[Line]:
        m = self.model
        view = m.table.view
        if view is not None and (view.hand_result is not None or view.outcome is not None):
            return self.board.scores(width, height)
        lines: list[Line] = []
        for entry in m.transcript.log[-height:]:
            lines += [[("", " " + part)] for part in wrap(entry, width - 1)]
        return lines[-height:] if height > 0 else lines

    def chat(self, width: int, height: int) -> list[Line]:
        lines: list[Line] = []
        for source, text in self.model.transcript.chat:
            for i, part in enumerate(wrap(f"{clean_text(source)}: {clean_text(text)}", width - 1)):
                lines.append([("bold" if i == 0 else "", " " + part)])
        return lines[-height:] if height > 0 else []
