"""Accepting connections at the descriptor limit: the server retries, serves again as soon as it
can, and logs one warning per interval instead of a traceback per retry."""

from __future__ import annotations

import errno
import logging
from typing import Any

import pytest
import trio
import trio.testing
from kit.client import Client

from server import ServerConfig, UnoServer
from server.accept import RETRY_AFTER, WARN_EVERY


class ExhaustedListener(trio.abc.Listener[trio.abc.Stream]):
    """A listener whose ``accept`` fails with EMFILE until ``recover`` is set, then hands out
    the server ends of memory streams."""

    def __init__(self) -> None:
        self.recover = trio.Event()
        self.failures = 0
        self.pending: list[trio.abc.Stream] = []
        self.arrived = trio.Event()

    async def accept(self) -> trio.abc.Stream:
        await trio.sleep(0)
        if not self.recover.is_set():
            self.failures += 1
            raise OSError(errno.EMFILE, "Too many open files")
        while not self.pending:
            await self.arrived.wait()
            self.arrived = trio.Event()
        return self.pending.pop()

    def connect(self) -> trio.abc.Stream:
        client_end, server_end = trio.testing.memory_stream_pair()
        self.pending.append(server_end)
        self.arrived.set()
        return client_end

    async def aclose(self) -> None:
        pass


async def test_at_the_descriptor_limit_one_warning_per_interval_and_no_tracebacks(
        nursery: trio.Nursery, autojump_clock: Any, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    listener = ExhaustedListener()
    srv = UnoServer(ServerConfig(seed=1))
    await nursery.start(srv.serve, [listener])
    seconds = 6 * WARN_EVERY
    with trio.fail_after(seconds + 30):
        await trio.sleep(seconds)
        assert listener.failures >= seconds / RETRY_AFTER * 0.9  # it kept trying
        warnings = [r for r in caplog.records if "cannot accept" in r.getMessage()]
        assert 6 <= len(warnings) <= 7, len(warnings)
        assert all(r.levelno == logging.WARNING and r.exc_info is None for r in warnings)
        assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
        assert "EMFILE" in warnings[0].getMessage()
        listener.recover.set()  # descriptors are free again: the next client is served
        client = Client(listener.connect(), "ann")
        await client.hello()
        assert any("accepting connections again" in r.getMessage() for r in caplog.records)
