"""One client connection: its reading (by the server's reactor on Linux, else by a task of its
own), a writer for what the socket cannot take at once, and a heartbeat. Nobody ever waits for a
slow client: when its queue is full, it is dropped.

Sending is the server's hottest path (every move is one message to every seat), so on a real
socket a message is written straight away when nothing is queued before it: the kernel almost
always takes it whole. Only the rest of a partial write, and what comes after it, waits for the
writer task. Handing every message to a task instead cost about three times the write itself.
"""

from __future__ import annotations

import logging
import math
import os
from collections import deque
from typing import Any, Generic, Protocol, TypeVar

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

from .config import ServerConfig
from .ratelimit import TokenBucket
from .reactor import Reactor

log = logging.getLogger("uno.server")
RECEIVE_SIZE = 65536
# Hanging up: how long, and how many bytes, the client's unread input is read and thrown away
# after the write side is shut, so that the kernel does not reset the connection (see _hang_up).
LINGER_SECONDS = 1.0
LINGER_BYTES = 1 << 20


class Named(Protocol):
    """What a connection knows of the person on it (a ``Session``: server/table.py)."""

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
        self.stream = stream
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
        # A socket's descriptor, for direct reads and writes (on POSIX, where sockets are files);
        # other streams (tests' memory streams) go through trio's stream methods.
        self._fd = (stream.socket.fileno()
                    if isinstance(stream, trio.SocketStream) and os.name == "posix" else None)
        self._queued: deque[bytes] = deque()  # bytes waiting for the writer task, in order
        self._writer_busy = False  # the writer task is sending: new bytes queue behind it
        self._unwritable = False  # a write failed: the other end is gone
        self._writer_wakeup = trio.lowlevel.ParkingLot()
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
            self._not_sent(message.TYPE)
            return
        if not self._unwritable:
            self._write(data)

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
        if not self._unwritable:
            self._write(data)

    def _not_sent(self, type_name: str) -> None:
        log.exception("not sending %s to %s in state %s", type_name, self.address,
                      self.conn.state.value)

    def _write(self, data: bytes) -> None:
        if self._fd is not None and not self._queued and not self._writer_busy:
            try:
                written = os.write(self._fd, data)
            except BlockingIOError:
                written = 0
            except OSError:  # reset or gone (SIGPIPE is ignored by Python: an error instead)
                self._write_failed()
                return
            if written == len(data):
                return
            data = data[written:]
        if len(self._queued) >= self.config.outgoing_queue:
            self.close("slow", notify=False)
            return
        self._queued.append(data)
        self._writer_wakeup.unpark_all()

    def _write_failed(self) -> None:
        """The other end is gone. Nothing more can reach it, but what it sent before going is
        still read and acted on (its last message may be a leave) until the reader meets the end
        of the stream, which a reset connection gives at once."""
        self._unwritable = True
        self._queued.clear()
        self.close_reason = self.close_reason or "broken"

    def close(self, reason: str, message: str = "", *, notify: bool = True) -> None:
        """Say ``bye`` (when possible), flush what is queued, then hang up."""
        if self.closed:
            return
        if notify and self.conn.state is not State.CLOSED:
            self.send(Bye(reason=reason, message=message))
        self.closed = True
        self.close_reason = self.close_reason or reason
        self._writer_wakeup.unpark_all()  # to flush what is queued, then stop
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
                await self._hang_up()

    async def _hang_up(self) -> None:
        """Close the stream so that the last messages (a ``bye`` above all) arrive.

        A socket closed while the client's input is still unread makes the kernel reset the
        connection, and a reset throws away what the client had not yet read. So on a socket the
        write side is shut first (the client reads everything, then the end), its input is read
        and thrown away until it closes too, or for at most LINGER_SECONDS and LINGER_BYTES,
        and only then is the socket closed."""
        if isinstance(self.stream, trio.SocketStream) and not self._unwritable:
            with trio.move_on_after(LINGER_SECONDS):
                try:
                    await self.stream.send_eof()
                    drained = 0
                    while drained < LINGER_BYTES:
                        data = await self.stream.receive_some(RECEIVE_SIZE)
                        if not data:
                            break
                        drained += len(data)
                except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                    pass  # already gone: nothing to wait for
        with trio.move_on_after(1):
            await self.stream.aclose()

    async def _write_loop(self) -> None:
        with self._write_scope:
            try:
                while True:
                    if not self._queued:
                        if self.closed:
                            return
                        await self._writer_wakeup.park()
                        continue
                    data = b"".join(self._queued)
                    self._queued.clear()
                    self._writer_busy = True
                    await self.stream.send_all(data)
                    self._writer_busy = False
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                self._write_failed()

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

    async def _receive(self) -> bytes:
        """The next bytes the client sent; empty at the end of the stream.

        On a socket this waits for it to be readable and reads it directly, which costs less
        than ``receive_some`` (its wrappers doubled the cost of a read)."""
        if self._fd is None:
            return bytes(await self.stream.receive_some(RECEIVE_SIZE))
        while True:
            await trio.lowlevel.wait_readable(self._fd)  # (a checkpoint: never a busy loop)
            try:
                return os.read(self._fd, RECEIVE_SIZE)
            except BlockingIOError:  # woken, but the bytes went elsewhere: wait again
                continue
            except OSError as exc:  # a reset connection ends like a closed one
                raise trio.BrokenResourceError from exc

    async def _read_loop(self) -> None:
        reactor = self.server.reactor
        if self._fd is not None and reactor is not None:
            await self._read_by_reactor(reactor, self._fd)
            return
        while not self.closed:
            try:
                data = await self._receive()
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                return
            if not data or not self._take(data):
                return

    async def _read_by_reactor(self, reactor: Reactor, fd: int) -> None:
        """Let the server's reactor read this socket (see server/reactor.py) until it ends."""
        ended = trio.Event()

        def readable() -> None:
            try:
                data = os.read(fd, RECEIVE_SIZE)
            except BlockingIOError:  # (nothing after all)
                return
            except OSError:  # a reset connection ends like a closed one
                data = b""
            try:
                more = bool(data) and self._take(data)
            except Exception:  # a bug must cost one connection, never the server
                log.exception("connection from %s failed", self.address)
                more = False
            if not more:
                reactor.remove(fd)
                ended.set()

        reactor.add(fd, readable)
        try:
            await ended.wait()
        finally:
            reactor.remove(fd)

    def _take(self, data: bytes) -> bool:
        """Act on the messages in ``data``; False once nothing more is to be read."""
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
