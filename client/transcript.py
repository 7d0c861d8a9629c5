"""What the room said: the log of the match in words, and the chat."""

from __future__ import annotations

from protocol import clean_text

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
        """The room's recent past (on joining or coming back) becomes the log and the chat."""
        self.log = lines[-LOG_LINES:]
        self.logged += len(self.log)
        self.chat = [(clean_text(source), clean_text(text)) for source, text in chat]
        self.spoken += len(self.chat)
        del self.chat[:-CHAT_LINES]

    def said(self, source: str, text: str) -> None:
        self.chat.append((clean_text(source), clean_text(text)))
        self.spoken += 1
        del self.chat[:-CHAT_LINES]

    def clear_log(self) -> None:
        self.log.clear()
        self.logged_hand = None
