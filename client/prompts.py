"""The prompt line: questions waiting for an answer (quit, leave, the host's quit), the text
being typed (chat, a table's password), and the notice of the last key."""

from __future__ import annotations

from protocol import MAX_CHAT
from protocol.limits import MAX_PASSWORD

from .enums import Prompt


class Prompts:
    def __init__(self) -> None:
        self.confirm_quit = False
        self.confirm_host_quit = False  # the host quits a match: end it for everyone, or keep it?
        self.confirm_leave = False
        self.text_prompt: Prompt | None = None  # CHAT or PASSWORD while typing
        self.input_text = ""
        self.password_room: str | None = None
        self.password_spectate = False  # the password prompt is for watching (or a seat later)
        self.notice = ""
        self.notice_seen = ""  # the notice on screen when the last key was pressed (it went then)
        self.notice_till_deal = ""  # a notice that goes when a hand is dealt (the log has it too)
        self.show_help = False  # the help screen is open
        # its page (PgDn, PgUp), and how many there were when it was drawn last: a short
        # terminal's help runs over several (at 60x20 the keys of a hand were out of reach)
        self.help_page, self.help_pages = 0, 1

    def open_help(self) -> None:
        """Open the help at its first page."""
        self.show_help, self.help_page = True, 0

    def close_help(self) -> None:
        self.show_help, self.help_page = False, 0

    def turn_help_page(self, step: int) -> None:
        """A page on (1) or back (-1); on from the last page, or back from the first, closes the
        help (found play-testing: PgUp left a one-page help open that said any key closes it)."""
        page = self.help_page + step
        if not 0 <= page < self.help_pages:
            self.close_help()
        else:
            self.help_page = page

    @property
    def confirming(self) -> Prompt | None:
        """The question asked, if any: it takes every key."""
        if self.show_help:
            return Prompt.HELP
        if self.confirm_host_quit:
            return Prompt.HOST_QUIT
        if self.confirm_quit:
            return Prompt.QUIT
        if self.confirm_leave:
            return Prompt.LEAVE
        return None

    def open_text(self, prompt: Prompt) -> None:
        self.text_prompt, self.input_text = prompt, ""

    def open_password(self, room: str | None, spectate: bool = False) -> None:
        """The password of table ``room`` to join it; None: of the new table (plain mode's form,
        where a password typed after its field's number stayed on screen: found play-testing)."""
        self.password_room, self.password_spectate = room, spectate
        self.open_text(Prompt.PASSWORD)

    def close_text(self) -> tuple[Prompt | None, str]:
        """Close the text prompt; what it was, and the text typed (stripped)."""
        prompt, text = self.text_prompt, self.input_text.strip()
        self.text_prompt, self.input_text = None, ""
        return prompt, text

    def type_text(self, text: str) -> None:
        limit = MAX_CHAT if self.text_prompt is Prompt.CHAT else MAX_PASSWORD
        self.input_text = (self.input_text + text)[:limit]

    def backspace(self, whole: bool = False) -> None:
        self.input_text = "" if whole else self.input_text[:-1]
