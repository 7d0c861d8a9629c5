"""One client connection: the protocol's state, rate limits and a heartbeat over a transport
(server/transport.py: how the bytes travel). Nobody ever waits for a slow client: when its queue
is full, it is dropped.
"""

from __future__ import annotations

import logging
import math
from typing import Any, Generic, Protocol, TypeVar

import trio

from protocol import (
    NEED_DATA,
    Bye,
    Connection,
    ConnectionClosed,
    Hello,
    LocalProtocolError,
    Message,
    Ping,
    ProtocolError,
    Role,
    State,
)

from .clock import STALLED
from .config import ServerConfig
from .ratelimit import TokenBucket
from .reactor import Reactor
from .transport import transport_for

log = logging.getLogger("uno.server")


class Named(Protocol):
    """What a connection knows of the person on it (a ``Session``: server/people.py)."""

    @property
    def name(self) -> str: ...


S = TypeVar("S", bound=Named)


class PeerOwner(Protocol[S]):
    """What a connection needs of its server (server/app.py)."""

    @property
    def config(self) -> ServerConfig: ...

    @property
    def reactor(self) -> Reactor | None: ...

    def hello(self, peer: Peer[S], hello: Hello) -> None: ...

    def dispatch(self, peer: Peer[S], message: Message) -> None: ...

    def peer_gone(self, peer: Peer[S]) -> None: ...


class Peer(Generic[S]):
    def __init__(self, server: PeerOwner[S], stream: trio.abc.Stream, address: str) -> None:
        self.server = server
        self.config = server.config
        self.address = address
        self.host = address.rsplit(":", 1)[0]  # the client's address without its port
        self.conn = Connection(Role.SERVER)
        self.session: S | None = None
        self.closed = False
        self.close_reason = ""
        now = trio.current_time()
        self.last_seen = now
        self.flood = TokenBucket(self.config.message_rate, self.config.message_burst, now)
        self.chat = TokenBucket(self.config.chat_rate, self.config.chat_burst, now)
        self.transport = transport_for(stream, self.config.outgoing_queue, self._write_failed,
                                       server.reactor, address)
        self._read_scope = trio.CancelScope()
        self._write_scope = trio.CancelScope()
        self._ping_nonce = 0
        self.greeted = trio.Event()  # set once the handshake succeeded

    @property
    def name(self) -> str:
        return self.session.name if self.session is not None else "?"

    @property
    def in_room(self) -> bool:
        """Whether the client was told it joined a room (so may be sent a room's messages)."""
        return self.conn.state in (State.PLAYER, State.SPECTATOR)

    # ------------------------------------------------------------------ sending

    def send(self, message: Message) -> None:
        """Queue ``message`` without waiting. A client whose queue is full is dropped."""
        if self.closed:
            return
        try:
            data = self.conn.send(message)
        except LocalProtocolError:
            self._not_sent(message.TYPE)
            return
        if not self.transport.write(data):
            self.close("slow", notify=False)

    def send_events(self, events: tuple[dict[str, Any], ...], current: str | None,
                    deadline: float | None, view: dict[str, Any] | None) -> None:
        """``send(Events(...))``, made straight from these values (see ``Connection.send_events``)."""
        if self.closed:
            return
        try:
            data = self.conn.send_events(events, current, deadline, view)
        except LocalProtocolError:
            self._not_sent("events")
            return
        if not self.transport.write(data):
            self.close("slow", notify=False)

    def _not_sent(self, type_name: str) -> None:
        log.exception("not sending %s to %s in state %s", type_name, self.address,
                      self.conn.state.value)

    def _write_failed(self) -> None:
        """The other end is gone. Nothing more can reach it, but what it sent before going is
        still read and acted on (its last message may be a leave) until the reader meets the end
        of the stream, which a reset connection gives at once."""
        self.close_reason = self.close_reason or "broken"

    def close(self, reason: str, message: str = "", *, notify: bool = True) -> None:
        """Say ``bye`` (when possible), flush what is queued, then hang up."""
        if self.closed:
            return
        if notify and self.conn.state is not State.CLOSED:
            self.send(Bye(reason=reason, message=message))
        self.closed = True
        self.close_reason = self.close_reason or reason
        self.transport.wake_writer()  # to flush what is queued, then stop
        self._read_scope.cancel()
        self._write_scope.deadline = trio.current_time() + (
            self.config.flush_timeout if notify else 0)

    # ------------------------------------------------------------------ tasks

    async def run(self) -> None:
        log.info("connection from %s", self.address)
        try:
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._write_loop)
                with self._read_scope:
                    async with trio.open_nursery() as inner:
                        inner.start_soon(self._heartbeat)
                        await self._read_loop()
                        inner.cancel_scope.cancel()
                self.close("closed", notify=False)
        finally:
            self.closed = True
            self.server.peer_gone(self)
            log.info("connection from %s closed (%s, %s)", self.address, self.name,
                     self.close_reason or "eof")
            with trio.CancelScope(shield=True):
                await self.transport.hang_up()

    async def _write_loop(self) -> None:
        with self._write_scope:
            await self.transport.write_loop(lambda: self.closed)

    async def _heartbeat(self) -> None:
        config = self.config
        with trio.move_on_after(config.handshake_timeout):
            await self.greeted.wait()
        if not self.greeted.is_set():
            self.close("handshake_timeout", "the handshake took too long")
            return
        last_ping = -math.inf
        while True:
            # Ping after ping_interval of silence (and again every ping_interval), drop after
            # heartbeat_timeout. A message meanwhile moves both later: waking early is harmless.
            now = trio.current_time()
            drop_at = self.last_seen + config.heartbeat_timeout
            if now >= drop_at:
                self.close("timeout", "no message for too long")
                return
            ping_at = max(self.last_seen, last_ping) + config.ping_interval
            if now >= ping_at:
                self._ping_nonce += 1
                self.send(Ping(nonce=self._ping_nonce))
                last_ping = now
                ping_at = now + config.ping_interval
            wake_at = min(ping_at, drop_at)
            await trio.sleep_until(wake_at)
            late = trio.current_time() - wake_at
            if late > STALLED:  # the server was stopped, not the client silent (server/clock.py):
                self.last_seen = trio.current_time() - config.ping_interval  # a ping now, and its time

    async def _read_loop(self) -> None:
        await self.transport.read_loop(self._take, lambda: self.closed)

    def _take(self, data: bytes) -> bool:
        """Act on the messages in ``data`` (``b""``: the end of the stream); False once nothing
        more is to be read."""
        self.conn.receive_data(data)
        while not self.closed:
            try:
                message = self.conn.next_event()
            except ProtocolError as exc:
                if exc.fatal:  # the fatal error is the last word: flush it, then hang up
                    self.send(self.conn.error_for(exc))
                    self.close(exc.code)
                    return False
                # A whole message, if a wrong one: a sign of life, counted against the rate.
                self.last_seen = trio.current_time()
                if not self._within_rate():
                    return False
                self.send(self.conn.error_for(exc))
                continue
            if isinstance(message, ConnectionClosed):
                return False
            if message is NEED_DATA:
                return True  # (bytes of an unfinished message are no sign of life: no slowloris)
            assert isinstance(message, Message)
            self.last_seen = trio.current_time()
            if not self._within_rate():
                return False
            if isinstance(message, Hello):
                self.server.hello(self, message)
            else:
                self.server.dispatch(self, message)
        return False

    def _within_rate(self) -> bool:
        if self.flood.take(trio.current_time()):
            return True
        self.close("flood", "too many messages")
        return False
