"""How a connection's bytes travel: the one seam between a ``Peer`` and its stream.

``Transport`` is the default, for any trio stream (the tests' memory streams, sockets where
there is no reactor): it reads with ``receive_some`` in the connection's own task, and writes
with a writer task that sends what is queued, in order.

``SocketTransport`` is the fast path, for a socket on POSIX (where sockets are files):

- A message is written straight away with ``os.write`` when nothing is queued before it: the
  kernel almost always takes it whole. Only the rest of a partial write, and what comes after
  it, waits for the writer task. Handing every message to a task instead cost about three times
  the write itself (sending is the server's hottest path: every move is one message to every
  seat).
- Reading is the server's reactor's (server/reactor.py) when one runs: one task reads every
  socket, which saves the wake-up of a task per message (see bench/server_load.py for what it
  buys the whole server). Without a reactor the socket is read as any stream.

Nobody ever waits for a slow client: ``write`` says when the queue is full, and the connection
drops it.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable

import trio

from .reactor import Reactor

log = logging.getLogger("uno.server")
RECEIVE_SIZE = 65536
# Hanging up: how long, and how many bytes, the client's unread input is read and thrown away
# after the write side is shut, so that the kernel does not reset the connection (see hang_up).
LINGER_SECONDS = 1.0
LINGER_BYTES = 1 << 20

Take = Callable[[bytes], bool]  # acts on bytes read; False once nothing more is to be read


class Transport:
    def __init__(self, stream: trio.abc.Stream, max_queued: int,
                 broken: Callable[[], None]) -> None:
        self.stream = stream
        self._max_queued = max_queued
        self._broken = broken  # called once a write failed: the other end is gone
        self.queued: deque[bytes] = deque()  # bytes waiting for the writer task, in order
        self._writer_busy = False  # the writer task is sending: new bytes queue behind it
        self.unwritable = False  # a write failed
        self._writer_wakeup = trio.lowlevel.ParkingLot()

    # ------------------------------------------------------------------ writing

    def write(self, data: bytes) -> bool:
        """Send ``data`` without waiting (after what is queued); False if the queue is full."""
        if self.unwritable:
            return True
        if len(self.queued) >= self._max_queued:
            return False
        self.queued.append(data)
        self._writer_wakeup.unpark_all()
        return True

    def wake_writer(self) -> None:
        """To flush what is queued, then stop (the connection is closing)."""
        self._writer_wakeup.unpark_all()

    def _write_failed(self) -> None:
        self.unwritable = True
        self.queued.clear()
        self._broken()

    async def write_loop(self, closed: Callable[[], bool]) -> None:
        """The writer task: sends what is queued until the connection is ``closed()`` and
        nothing is left."""
        try:
            while True:
                if not self.queued:
                    if closed():
                        return
                    await self._writer_wakeup.park()
                    continue
                data = b"".join(self.queued)
                self.queued.clear()
                self._writer_busy = True
                await self.stream.send_all(data)
                self._writer_busy = False
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            self._write_failed()

    # ------------------------------------------------------------------ reading

    async def read_loop(self, take: Take, closed: Callable[[], bool]) -> None:
        """Hand what arrives to ``take`` until the stream ends, ``take`` says stop, or the
        connection is ``closed()``."""
        while not closed():
            try:
                data = await self.stream.receive_some(RECEIVE_SIZE)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                return
            if not take(bytes(data)):  # (b"": the end, which the connection tells)
                return

    # ------------------------------------------------------------------ the end

    async def hang_up(self) -> None:
        """Close the stream so that the last messages (a ``bye`` above all) arrive.

        A socket closed while the client's input is still unread makes the kernel reset the
        connection, and a reset throws away what the client had not yet read. So on a socket the
        write side is shut first (the client reads everything, then the end), its input is read
        and thrown away until it closes too, or for at most LINGER_SECONDS and LINGER_BYTES,
        and only then is the socket closed."""
        if isinstance(self.stream, trio.SocketStream) and not self.unwritable:
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


class SocketTransport(Transport):
    def __init__(self, stream: trio.SocketStream, max_queued: int, broken: Callable[[], None],
                 reactor: Reactor | None, label: str) -> None:
        super().__init__(stream, max_queued, broken)
        self._fd = stream.socket.fileno()
        self._reactor = reactor
        self._label = label  # the client's address, for the log

    def write(self, data: bytes) -> bool:
        if self.unwritable:
            return True
        if not self.queued and not self._writer_busy:
            try:
                written = os.write(self._fd, data)
            except BlockingIOError:
                written = 0
            except OSError:  # reset or gone (SIGPIPE is ignored by Python: an error instead)
                self._write_failed()
                return True
            if written == len(data):
                return True
            data = data[written:]
        return super().write(data)

    async def read_loop(self, take: Take, closed: Callable[[], bool]) -> None:
        reactor = self._reactor
        if reactor is None:
            await super().read_loop(take, closed)
            return
        fd = self._fd
        ended = trio.Event()

        def readable() -> None:
            try:
                data = os.read(fd, RECEIVE_SIZE)
            except BlockingIOError:  # (nothing after all)
                return
            except OSError:  # a reset connection ends like a closed one
                data = b""
            try:
                more = take(data)
            except Exception:  # a bug must cost one connection, never the server
                log.exception("connection from %s failed", self._label)
                more = False
            if not more:
                reactor.remove(fd)
                ended.set()

        reactor.add(fd, readable)
        try:
            await ended.wait()
        finally:
            reactor.remove(fd)


def transport_for(stream: trio.abc.Stream, max_queued: int, broken: Callable[[], None],
                  reactor: Reactor | None, label: str) -> Transport:
    """The fast path for a socket on POSIX, else the default."""
    if isinstance(stream, trio.SocketStream) and os.name == "posix":
        return SocketTransport(stream, max_queued, broken, reactor, label)
    return Transport(stream, max_queued, broken)
