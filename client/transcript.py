"""What the room said: the log of the match in words, and the chat."""

from __future__ import annotations

from typing import Any, TypeVar

from protocol import clean_text

from .i18n import Told, told_again

T = TypeVar("T")

LOG_LINES = 200
CHAT_LINES = 100
UNHEARD_KEPT = 3  # our chat lines kept until the table's echo of them (said again past a dead link)


class Transcript:
    def __init__(self) -> None:
        self.log: list[str] = []
        self.logged_hand: int | None = None  # the last hand whose deal is in the log
        self.past_mid_hand = False  # the log is a history that began after a deal it did not hold
        self.first_names: dict[str, Any] = {}  # then, who sat where as that history began
        self.winning_play = ""  # the log line of the play that ended the last hand
        self.chat: list[tuple[str, str]] = []
        # Our chat lines sent whose echo the table has not sent back: a link that died with them
        # lost them (found play-testing: lines typed on a frozen client, at its thaw, vanished)
        self.unheard: list[str] = []
        self.unheard_since: float | None = None  # when the first of them was sent (``sent``)
        # lines ever logged and said (plain mode prints each new one once)
        self.logged = self.spoken = 0
        self.pasts = 0  # the pasts told (``replace``) that brought new lines: plain mode frames them
        self.turns = 0  # the turns begun (``turn_started`` events): plain mode says whose, each
        self._notes: set[str] = set()  # the notes put after the last past told (``replace``)
        # Scrolled back: how many of the newest log lines are below the one shown last (0: the
        # end); and the first and last lines the table drew (their places in ``log``), for paging.
        self.back = 0
        self.drawn = (0, 0)

    def add(self, lines: list[str]) -> None:
        for line in lines:  # (a line that says anew what the last said takes its place)
            mark = line.replaces if isinstance(line, Told) else ""
            last = self.log[-1] if self.log else ""
            if mark and isinstance(last, Told) and last.replaces == mark:
                self.log[-1] = line
            else:
                self.log.append(line)
        self.logged += len(lines)
        del self.log[:-LOG_LINES]
        if self.back:  # what the player scrolled back to stays where it is
            self.scroll(len(lines))

    def put_first(self, lines: list[str]) -> None:
        """Lines older than the whole log (the deal of the hand a history began in the middle
        of): at its top, not counted as new (plain mode said the lines after them already)."""
        self.log[:0] = lines
        del self.log[:-LOG_LINES]

    def scroll(self, lines: int) -> None:
        """Scroll the log ``lines`` back (to older lines) or, below 0, forward to the end."""
        self.back = max(0, min(self.back + lines, len(self.log) - 1))

    def page_back(self) -> None:
        """A page back: the oldest line drawn comes last (and stays in sight)."""
        first, last = self.drawn
        if first > 0:
            self._bottom(min(first, last - 1))

    def page_forward(self) -> None:
        """A page forward: the newest line drawn comes first (and stays in sight)."""
        first, last = self.drawn
        self._bottom(last + max(1, last - first))
        if self.back == 1:  # the row that would say so shows that line itself at the end
            self.back = 0

    def _bottom(self, index: int) -> None:
        """Scroll so that the line at ``index`` in ``log`` is the last shown (or the end)."""
        self.back = max(0, len(self.log) - 1 - index)

    def to_end(self) -> None:
        """Back to the newest lines."""
        self.back = 0

    def replace(self, lines: list[str], chat: list[tuple[str, str]],
                notes: list[str] | None = None) -> list[str]:
        """The room's recent past (on joining or coming back) becomes the log and the chat, with
        ``notes`` after it: the client's own lines on it (who was already away, what the stand-in
        did), always new. The lines counted as new are those after the ones we had (plain mode
        said the whole past again when a spectator took a seat); the notes of a past told before
        are not looked for in this one (found play-testing: back from a dropped link, plain mode
        said 58 lines heard already). Returns our chat lines the table did not hear, to say again."""
        notes = notes or []
        log, self.log = self.log, [*lines, *notes][-LOG_LINES:]
        self.to_end()
        past = self.log[:len(self.log) - len(notes)]
        new = len(past) - _heard([line for line in log if line not in self._notes], past) + len(notes)
        self._notes = set(notes)
        self.logged += new
        self.pasts += new > 0
        heard = {text for _, text in chat}
        self.unheard = [text for text in self.unheard if text not in heard]
        said, self.chat = self.chat, [(clean_text(source), clean_text(text)) for source, text in chat]
        del self.chat[:-CHAT_LINES]
        self.spoken += len(self.chat) - _overlap(said, self.chat)
        return list(self.unheard)

    def sent(self, text: str, at: float) -> None:
        """Our chat line ``text`` went to the table at ``at`` (unheard until its echo comes back)."""
        if not self.unheard:
            self.unheard_since = at
        self.unheard = [*self.unheard, text][-UNHEARD_KEPT:]

    def slow(self, now: float, after: float) -> bool:
        """Whether a chat line of ours has waited ``after`` seconds for its echo (found play-testing
        on a stalled link: a line sent showed nowhere for 20 s, nor that it was on its way)."""
        return bool(self.unheard) and self.unheard_since is not None and now - self.unheard_since >= after

    def said(self, source: str, text: str) -> None:
        if text in self.unheard:  # (our own, heard: ``sent``)
            self.unheard.remove(text)
        self.chat.append((clean_text(source), clean_text(text)))
        self.spoken += 1
        del self.chat[:-CHAT_LINES]

    def retell(self) -> None:
        """The log in the language chosen now (F2): every line made to be said again is (the
        chat is people's own words)."""
        self.log = [told_again(line) for line in self.log]
        self._notes = {told_again(note) for note in self._notes}
        self.winning_play = told_again(self.winning_play)

    def clear(self) -> None:
        """Forget the room's log and chat: we left it, or sat at another (found play-testing: the
        table's chat stayed on the lobby's screen, and the next table's)."""
        self.log.clear()
        self.chat.clear()
        self.unheard.clear()
        self.to_end()
        self.logged_hand = None
        self.past_mid_hand = False


SLACK = 4  # lines of a past told that the log may lack between two it has (``_heard``)


def _heard(log: list[str], past: list[str]) -> int:
    """How many of ``past``'s first lines the ``log`` holds already. The log also holds lines of
    its own, anywhere (who stepped away or came back, a hand's end said its way, a stack's total):
    those are left out, and the last lines heard are looked for in the past, in order, with up to
    ``SLACK`` lines between them that the log said another way (found play-testing: back from a
    dropped link, plain mode said 80 lines heard already). Of the places where they are, the
    closest together; then the latest when three lines were heard, the earliest when fewer (a
    line that repeats, "Bot 2 drew a card", must not hide what followed it)."""
    told = set(past)
    heard = [line for line in log if line in told]
    if not heard:
        return 0
    for tail in (heard[-3:], heard[-1:]):
        spans = {end: span for end in range(1, len(past) + 1)
                 if (span := _span(tail, past, end)) is not None and span <= len(tail) + SLACK}
        if spans:
            tightest = min(spans.values())
            ends = [end for end, span in spans.items() if span == tightest]
            return ends[-1] if len(tail) == 3 else ends[0]
    return 0


def _span(tail: list[str], past: list[str], end: int) -> int | None:
    """How many lines of ``past`` up to ``end`` hold ``tail`` in order, its last at ``end - 1``,
    each of the others as late as it can be; None if they are not there."""
    at = end - 1
    if past[at] != tail[-1]:
        return None
    for item in reversed(tail[:-1]):
        at -= 1
        while at >= 0 and past[at] != item:
            at -= 1
        if at < 0:
            return None
    return end - at


def _overlap(old: list[T], new: list[T]) -> int:
    """How many of ``new``'s first items ``old`` already had: up to the first place where all of
    ``old`` appears in ``new`` (the earliest: a line that repeats, "Bot 2 drew a card", must not
    hide what followed it), else the longest start of ``new`` that ends ``old``; 0 when neither."""
    if not old:
        return 0
    size = len(old)
    for end in range(size, len(new) + 1):
        if new[end - size:end] == old:
            return end
    for end in range(min(size - 1, len(new)), 0, -1):
        if new[:end] == old[-end:]:
            return end
    return 0
