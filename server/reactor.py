"""One task that reads every client socket, instead of one task per connection.

With a task per connection, each message woke its connection's task: trio's scheduling, and
arming the socket in trio's epoll again for the next wait, cost about as much as handling the
message (54 µs of 128 per move in a fan-out experiment; see bench/server_load.py for the whole
server). Here the sockets stay registered in an epoll set of our own (level-triggered, so nothing
is missed); one task waits for that set to be readable and then reads each ready socket in turn,
a bounded batch per step so that timers and other tasks keep their turn.

Linux only (``select.epoll``); elsewhere ``Reactor.available()`` is false and every connection
reads in its own task.
"""

from __future__ import annotations

import contextlib
import logging
import select
from collections.abc import Callable

import trio

log = logging.getLogger("uno.server")

BATCH = 64  # sockets read per step at most


class Reactor:
    def __init__(self) -> None:
        self._epoll = select.epoll()
        self._readers: dict[int, Callable[[], None]] = {}

    @staticmethod
    def available() -> bool:
        return hasattr(select, "epoll")

    def add(self, fd: int, on_readable: Callable[[], None]) -> None:
        """Call ``on_readable()`` whenever ``fd`` has something to read (or has ended)."""
        self._epoll.register(fd, select.EPOLLIN)
        self._readers[fd] = on_readable

    def remove(self, fd: int) -> None:
        """Stop watching ``fd``: before it is closed (a closed descriptor's number is reused)."""
        if self._readers.pop(fd, None) is not None:
            # (OSError: the descriptor is closed already, and the kernel dropped it by itself;
            # ValueError: the reactor itself is closed, with the server)
            with contextlib.suppress(OSError, ValueError):
                self._epoll.unregister(fd)

    async def run(self) -> None:
        try:
            while True:
                await trio.lowlevel.wait_readable(self._epoll.fileno())
                for fd, _ in self._epoll.poll(0, BATCH):
                    reader = self._readers.get(fd)  # (None: removed earlier in this batch)
                    if reader is None:
                        continue
                    try:
                        reader()
                    except Exception:  # a bug must cost one connection, never the others
                        log.exception("reading descriptor %d failed; no longer read", fd)
                        self.remove(fd)
        finally:
            self._epoll.close()
