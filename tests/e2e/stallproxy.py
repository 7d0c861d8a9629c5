"""A TCP proxy on 127.0.0.1 that can stall, as a link that hangs without closing does (a Wi-Fi
that drops out behind a VPN or an ssh tunnel, a proxy that holds its connections).

Between a client and a server, ``StallingProxy(upstream_port)`` passes bytes both ways. Once
``stall()`` is called, it holds every byte of every connection and every new connection too:
accepted, never passed on. ``release()`` ends the stall in the worst order a real link can
deliver: the newest connection first (the one the client is waiting on), and only once the
server has answered it the older ones, each with whatever its client sent before giving it up.
That is how a friend lost his seat to his own stale connections, found play-testing.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable


class _Link:
    """One connection through the proxy: the client's socket and, once passed on, the server's."""

    def __init__(self, client: socket.socket) -> None:
        self.client = client
        self.upstream: socket.socket | None = None
        self.paused = False
        self.answered = threading.Event()  # the server sent something back


class StallingProxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Condition()
        self._links: list[_Link] = []
        self._held: list[_Link] = []  # accepted while stalled, not passed on yet
        self._stalled = False
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def held(self) -> int:
        """Connections accepted during the stall (the client's tries to come back)."""
        with self._lock:
            return len(self._held)

    def stall(self) -> None:
        with self._lock:
            self._stalled = True
            for link in self._links:
                link.paused = True

    def release(self, timeout: float = 10.0) -> None:
        """End the stall: the newest held connection first; once the server answered it (or
        ``timeout`` passed), every other connection, older first."""
        with self._lock:
            self._stalled = False
            held, self._held = self._held, []
        if held:
            newest = held.pop()
            self._pass_on(newest)
            newest.answered.wait(timeout)
        with self._lock:
            for link in self._links:
                link.paused = False
            self._lock.notify_all()
        for link in held:
            self._pass_on(link)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            links = list(self._links) + self._held
            self._lock.notify_all()
        self._listener.close()
        for link in links:
            for sock in (link.client, link.upstream):
                if sock is not None:
                    sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            link = _Link(client)
            with self._lock:
                if self._stalled:
                    self._held.append(link)
                    continue
            self._pass_on(link)

    def _pass_on(self, link: _Link) -> None:
        try:
            link.upstream = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=5)
            link.upstream.settimeout(None)
        except OSError:
            link.client.close()
            return
        with self._lock:
            self._links.append(link)
        threading.Thread(target=self._pump, args=(link, link.client, link.upstream), daemon=True).start()
        threading.Thread(target=self._pump, args=(link, link.upstream, link.client), daemon=True).start()

    def _pump(self, link: _Link, source: socket.socket, sink: socket.socket) -> None:
        """Bytes from ``source`` to ``sink``, held while the link is paused; the end of one
        direction is passed on as such."""
        downstream = source is link.upstream
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            with self._lock:  # (bytes read as the stall began wait for its end too)
                self._lock.wait_for(lambda: not link.paused or self._closed)
                if self._closed:
                    return
            if not data:
                with contextlib.suppress(OSError):
                    sink.shutdown(socket.SHUT_WR)
                return
            try:
                sink.sendall(data)
            except OSError:
                return
            if downstream:
                link.answered.set()


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    """Poll ``condition()`` until it holds, for at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"waited {timeout} s for {what}"
        time.sleep(0.05)
