"""Accepting connections, quietly when the process runs out of file descriptors.

``trio.serve_listeners`` logs an error with a traceback every time ``accept`` fails for lack of
descriptors, and retries every 100 ms: about ten tracebacks a second for as long as the limit is
reached. Here the retries are the same, but the log gets one warning per ``WARN_EVERY`` seconds,
saying how many connections could not be taken meanwhile.
"""

from __future__ import annotations

import errno
import logging
import math
import os
from collections.abc import Awaitable, Callable
from typing import Any, Final

import trio

log = logging.getLogger("uno.server")

# Errors of accept(2) that mean the system (or this process) is out of something for now.
OUT_OF_RESOURCES: Final = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOMEM, errno.ENOBUFS})
RETRY_AFTER: Final = 0.1  # seconds between tries while accept fails so
WARN_EVERY: Final = 10.0  # seconds between warnings while it keeps failing


class AcceptWarnings:
    """Counts failed accepts and says so at most once per ``WARN_EVERY`` seconds."""

    def __init__(self) -> None:
        self._warned_at = -math.inf
        self._failed = 0  # failures since the last warning

    def failed(self, exc: OSError, now: float) -> None:
        self._failed += 1
        if now - self._warned_at < WARN_EVERY:
            return
        code = errno.errorcode.get(exc.errno or 0, str(exc.errno))
        log.warning("cannot accept connections: %s (%s); %d attempt(s) failed since the last "
                    "warning; retrying every %.1f s", code, os.strerror(exc.errno or 0),
                    self._failed, RETRY_AFTER)
        self._warned_at = now
        self._failed = 0

    def recovered(self) -> None:
        if self._warned_at > -math.inf:
            log.info("accepting connections again")
        self._warned_at = -math.inf
        self._failed = 0


async def serve_listener(listener: trio.abc.Listener[Any],
                         handler: Callable[[Any], Awaitable[object]],
                         nursery: trio.Nursery) -> None:
    """Accept connections on ``listener`` forever; each is served by ``handler`` in
    ``nursery`` and closed when the handler returns."""
    warnings = AcceptWarnings()
    async with listener:
        while True:
            try:
                stream = await listener.accept()
            except OSError as exc:
                if exc.errno not in OUT_OF_RESOURCES:
                    raise
                warnings.failed(exc, trio.current_time())
                await trio.sleep(RETRY_AFTER)
                continue
            warnings.recovered()
            nursery.start_soon(_serve, stream, handler)


async def _serve(stream: Any, handler: Callable[[Any], Awaitable[object]]) -> None:
    try:
        await handler(stream)
    finally:
        await trio.aclose_forcefully(stream)
