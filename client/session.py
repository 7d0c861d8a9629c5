"""The connection as the player sees it: where it goes, how it is going, who we are there."""

from __future__ import annotations

from protocol import Message, Welcome, clean_text

from .enums import Status

NAME_LENGTH = 24


# ``bye`` reasons of a server that stops and may come back (docs/PROTOCOL.md): the retries go on.
ANNOUNCED_STOPS = ("shutdown", "table_kept")


class Session:
    """The connection's state, told by the app (``connecting``, ``lost``, ``failed``) and by the
    server's ``welcome``."""

    def __init__(self, name: str) -> None:
        self.name = clean_text(name)[:NAME_LENGTH] or "Player"
        self.status = Status.IDLE
        self.address = ""
        self.attempt = 0
        self.reason = ""
        self.retry_at: float | None = None
        self.server_name = ""
        self.ever_connected = False
        self.token: str | None = None
        self.server_id: str | None = None  # the server's identity (welcome.server_id)
        self.hosted = False  # the server is a player's `uno host` (welcome.hosted)
        self.failure = ""  # what the server said when it refused us (FAILED)
        self.gave_up = False  # FAILED because the address never answered

    @property
    def connected(self) -> bool:
        return self.status is Status.CONNECTED

    def connecting(self, address: str, attempt: int) -> None:
        self.address = address
        self.attempt = attempt
        self.retry_at = None
        if self.status is not Status.LOST:
            self.status = Status.CONNECTING

    def lost(self, reason: str, retry_at: float) -> None:
        # the server said it stops (a host keeping the match for later): the refusals of the
        # tries that follow must not hide why the connection went
        if not (self.status is Status.LOST and self.reason in ANNOUNCED_STOPS):
            self.reason = reason
        self.status = Status.LOST
        self.retry_at = retry_at

    def failed(self, reason: str, detail: str = "", *, gave_up: bool = False) -> None:
        self.status = Status.FAILED
        self.reason = reason
        self.failure = clean_text(detail)
        self.gave_up = gave_up
        self.retry_at = None

    def welcomed(self, message: Welcome) -> None:
        self.status = Status.CONNECTED
        self.ever_connected = True
        self.attempt = 0
        self.reason = ""
        self.server_name = clean_text(message.server)
        self.token = message.token
        self.server_id = message.server_id or None
        self.name = clean_text(message.name)
        self.hosted = message.hosted


class Outbox:
    """The messages queued for the server; the app takes and sends them."""

    def __init__(self, session: Session) -> None:
        self._session = session
        self._messages: list[Message] = []

    def send(self, message: Message) -> bool:
        """Queue ``message`` if connected (a key pressed while disconnected sends nothing)."""
        if not self._session.connected:
            return False
        self._messages.append(message)
        return True

    @property
    def connected(self) -> bool:
        return self._session.connected

    def append(self, message: Message) -> None:
        """Queue ``message`` whatever the state (an answer to the server, a ping)."""
        self._messages.append(message)

    def take(self) -> list[Message]:
        out, self._messages = self._messages, []
        return out

    def clear(self) -> None:
        self._messages.clear()

    def __len__(self) -> int:
        return len(self._messages)
