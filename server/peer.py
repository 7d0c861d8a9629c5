"""One client connection: a reader task, a single writer task fed by a bounded channel, and a
heartbeat. Nobody ever waits for a slow client: when its queue is full, it is dropped.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import trio

from protocol import (
    NEED_DATA,
    Bye,
    Connection,
    Hello,
    LocalProtocolError,
    Message,
    Ping,
    ProtocolError,
    Role,
    State,
)

from .ratelimit import TokenBucket

if TYPE_CHECKING:
    from .app import Session, UnoServer

log = logging.getLogger("uno.server")
RECEIVE_SIZE = 65536


class Peer:
    def __init__(self, server: UnoServer, stream: trio.abc.Stream, address: str) -> None:
        self.server = server
        self.config = server.config
        self.stream = stream
        self.address = address
        self.conn = Connection(Role.SERVER)
        self.session: Session | None = None
        self.closed = False
        self.close_reason = ""
        now = trio.current_time()
        self.last_seen = now
        self.flood = TokenBucket(self.config.message_rate, self.config.message_burst, now)
        self.chat = TokenBucket(self.config.chat_rate, self.config.chat_burst, now)
        self._outbox, self._outbox_reader = trio.open_memory_channel[bytes](self.config.outgoing_queue)
        self._read_scope = trio.CancelScope()
        self._write_scope = trio.CancelScope()
        self._ping_nonce = 0
        self.greeted = trio.Event()  # set once the handshake succeeded

    @property
    def name(self) -> str:
        return self.session.name if self.session is not None else "?"

    # ------------------------------------------------------------------ sending

    def send(self, message: Message) -> None:
        """Queue ``message`` without waiting. A client whose queue is full is dropped."""
        if self.closed:
            return
        try:
            data = self.conn.send(message)
        except LocalProtocolError:
            log.exception("not sending %s to %s in state %s", message.TYPE, self.address,
                          self.conn.state.value)
            return
        try:
            self._outbox.send_nowait(data)
        except trio.WouldBlock:
            self.close("slow", notify=False)

    def close(self, reason: str, message: str = "", *, notify: bool = True) -> None:
        """Say ``bye`` (when possible), flush what is queued, then hang up."""
        if self.closed:
            return
        if notify and self.conn.state is not State.CLOSED:
            self.send(Bye(reason=reason, message=message))
        self.closed = True
        self.close_reason = reason
        self._outbox.close()
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
            with trio.move_on_after(1) as scope:
                scope.shield = True
                await self.stream.aclose()
            log.info("connection from %s closed (%s, %s)", self.address, self.name,
                     self.close_reason or "eof")

    async def _write_loop(self) -> None:
        with self._write_scope:
            try:
                async for data in self._outbox_reader:
                    await self.stream.send_all(data)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                self.close("broken", notify=False)

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
            await trio.sleep_until(min(ping_at, drop_at))

    async def _read_loop(self) -> None:
        while not self.closed:
            try:
                data = await self.stream.receive_some(RECEIVE_SIZE)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                return
            if not data:
                return
            self.conn.receive_data(bytes(data))
            while not self.closed:
                try:
                    message = self.conn.next_event()
                except ProtocolError as exc:
                    if exc.fatal:  # the fatal error is the last word: flush it, then hang up
                        self.send(self.conn.error_for(exc))
                        self.close(exc.code)
                        return
                    # A whole message, if a wrong one: a sign of life, counted against the rate.
                    self.last_seen = trio.current_time()
                    if not self._within_rate():
                        return
                    self.send(self.conn.error_for(exc))
                    continue
                if message is NEED_DATA:
                    break  # (bytes of an unfinished message are no sign of life: no slowloris)
                assert isinstance(message, Message)
                self.last_seen = trio.current_time()
                if not self._within_rate():
                    return
                if isinstance(message, Hello):
                    self.server.hello(self, message)
                else:
                    self.server.dispatch(self, message)

    def _within_rate(self) -> bool:
        if self.flood.take(trio.current_time()):
            return True
        self.close("flood", "too many messages")
        return False
