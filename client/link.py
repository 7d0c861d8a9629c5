"""A client's end of a connection: the sans-IO protocol over a trio stream."""

from __future__ import annotations

import trio

from protocol import (
    NEED_DATA,
    PROTOCOL_VERSION,
    Bye,
    Connection,
    ConnectionClosed,
    Error,
    Hello,
    Message,
    Role,
    Welcome,
)


class ConnectionLost(Exception):
    """Raised when the server closed the connection (``bye`` holds its last word, if any)."""

    def __init__(self, reason: str, bye: Bye | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.bye = bye


class HandshakeRefused(Exception):
    """Raised when the server answers hello with an error (e.g. a protocol version mismatch)."""

    def __init__(self, error: Error) -> None:
        super().__init__(error.message)
        self.error = error


class Link:
    """Send and receive whole messages. One task may send while another receives."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        self.stream = stream
        self.conn = Connection(Role.CLIENT)
        self._send_lock = trio.Lock()

    async def send(self, message: Message) -> None:
        async with self._send_lock:
            data = self.conn.send(message)
            try:
                await self.stream.send_all(data)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                raise ConnectionLost("broken") from exc

    async def receive(self) -> Message:
        """The next message from the server. Raises ``ConnectionLost`` at the end of the stream,
        and ``ProtocolError`` if the server sends something invalid."""
        while True:
            event = self.conn.next_event()
            if isinstance(event, ConnectionClosed):
                raise ConnectionLost("eof")
            if event is not NEED_DATA:
                assert isinstance(event, Message)
                if isinstance(event, Bye):
                    raise ConnectionLost(event.reason, event)
                return event
            try:
                data = await self.stream.receive_some(65536)
            except (trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                raise ConnectionLost("broken") from exc
            self.conn.receive_data(bytes(data))  # (b"": the end, met as ConnectionClosed)

    async def hello(self, name: str, token: str | None = None, lang: str = "en",
                    version: int = PROTOCOL_VERSION, instance: str | None = None,
                    attempt: int = 0, bot: bool = False) -> Welcome:
        await self.send(Hello(version=version, name=name, lang=lang, token=token, instance=instance,
                              attempt=attempt, bot=bot))
        while True:
            message = await self.receive()
            if isinstance(message, Welcome):
                return message
            if isinstance(message, Error):
                raise HandshakeRefused(message)

    async def aclose(self) -> None:
        with trio.move_on_after(1) as scope:
            scope.shield = True
            await self.stream.aclose()


async def open_link(host: str, port: int) -> Link:
    stream = await trio.open_tcp_stream(host, port)
    return Link(stream)


def failure_reason(exc: Exception) -> str:
    """Why a connection attempt failed, as a ``reason_*`` key of client/i18n.py."""
    import socket

    causes = getattr(exc.__cause__, "exceptions", ())  # trio: every address tried, each failed
    if isinstance(exc, ConnectionRefusedError) or (
            causes and all(isinstance(cause, ConnectionRefusedError) for cause in causes)):
        return "refused"
    if isinstance(exc, socket.gaierror):
        return "unknown_host"
    if isinstance(exc, OSError):
        return "unreachable"
    return "broken"


async def tcp_connect(host: str, port: int) -> trio.abc.Stream:
    return await trio.open_tcp_stream(host, port)
