"""What the room said: the log of the match in words, and the chat."""

from __future__ import annotations

from typing import TypeVar

from protocol import clean_text

T = TypeVar("T")

LOG_LINES = 200
CHAT_LINES = 100


class Transcript:
    def __init__(self) -> None:
        self.log: list[str] = []
        self.logged_hand: int | None = None  # the last hand whose deal is in the log
        self.winning_play = ""  # the log line of the play that ended the last hand
        self.chat: list[tuple[str, str]] = []
        # lines ever logged and said (plain mode prints each new one once)
        self.logged = self.spoken = 0

    def add(self, lines: list[str]) -> None:
        self.log.extend(lines)
        self.logged += len(lines)
        del self.log[:-LOG_LINES]

    def replace(self, lines: list[str], chat: list[tuple[str, str]]) -> None:
        """The room's recent past (on joining or coming back) becomes the log and the chat. The
        lines counted as new are those after the ones we had (plain mode said the whole past
        again when a spectator took a seat)."""
        log, self.log = self.log, lines[-LOG_LINES:]
        self.logged += len(self.log) - _overlap(log, self.log)
        said, self.chat = self.chat, [(clean_text(source), clean_text(text)) for source, text in chat]
        del self.chat[:-CHAT_LINES]
        self.spoken += len(self.chat) - _overlap(said, self.chat)

    def said(self, source: str, text: str) -> None:
        self.chat.append((clean_text(source), clean_text(text)))
        self.spoken += 1
        del self.chat[:-CHAT_LINES]

    def clear_log(self) -> None:
        self.log.clear()
        self.logged_hand = None


def _overlap(old: list[T], new: list[T]) -> int:
    """How many of ``new``'s first items ``old`` already had: ``new`` up to the last place where
    it repeats the end of ``old`` (as much of it as fits there); 0 when it never does."""
    if not old:
        return 0
    for end in range(len(new), 0, -1):
        size = min(len(old), end)
        if new[end - size:end] == old[-size:]:
            return end
    return 0
