"""The browse screen: the servers found on the LAN, and an address typed by hand."""

from __future__ import annotations

from protocol.address import parse_address

from .enums import ServerEntry

ADDRESS_LENGTH = 100


class ServerList:
    def __init__(self) -> None:
        self.browsing = False
        self.entries: list[ServerEntry] = []
        self.index = 0
        self.address_text = ""
        self.discovery_state = "searching"  # searching | unavailable | off (--no-discovery)
        self.connect_request: tuple[str, int] | None = None  # the server chosen: the app connects

    @property
    def none_key(self) -> str:
        """The text that says no server is listed: searching still, discovery unavailable here,
        or switched off (``--no-discovery``: found play-testing, "not available here" read as
        broken)."""
        state = self.discovery_state
        return "browse_" + state if state in ("unavailable", "off") else "browse_none"

    def set(self, entries: list[ServerEntry]) -> None:
        self.entries = entries
        self.index = min(self.index, max(0, len(entries) - 1))

    def move(self, delta: int) -> None:
        if self.entries:
            self.index = (self.index + delta) % len(self.entries)

    def type_text(self, text: str) -> None:
        self.address_text = (self.address_text + text.strip())[:ADDRESS_LENGTH]

    def backspace(self, whole: bool = False) -> None:
        self.address_text = "" if whole else self.address_text[:-1]

    def choose(self) -> None:
        """Enter: the address typed, else the server under the cursor. Raises ``ValueError`` for
        an address that does not parse."""
        if self.address_text:
            self.connect_request = parse_address(self.address_text)
        elif self.entries:
            entry = self.entries[self.index]
            self.connect_request = (entry.host, entry.port)
        else:
            return
        self.browsing = False
