"""Server tests: an in-process ``UnoServer``, clients over memory streams and over real sockets
(every test that takes ``harness`` runs both ways; the sockets take the path production uses:
the reactor and direct writes), and (in every test that waits) pytest-trio's
``autojump_clock``, so turn timeouts and heartbeats take no real time.

``fail_after`` bounds are in the clock's (virtual) seconds: a test that hangs jumps straight to
its bound and fails at once. The helpers live in the test kit (``tests/kit``).
"""

from __future__ import annotations

import pytest
import trio
import trio.testing
from kit.client import Client
from kit.harness import Harness, StreamPair

from server import UnoServer


def socket_stream_pair() -> tuple[trio.abc.Stream, trio.abc.Stream]:
    """Two ends of a real socket: the server serves it by the path production uses."""
    ours, theirs = trio.socket.socketpair()
    return trio.SocketStream(ours), trio.SocketStream(theirs)


PAIRS: dict[str, StreamPair] = {"memory": trio.testing.memory_stream_pair,
                                "socket": socket_stream_pair}


class PairHarness(Harness):
    """The kit's harness, with clients over ``pair`` streams unless a test asks for others."""

    def __init__(self, nursery: trio.Nursery, pair: StreamPair) -> None:
        super().__init__(nursery)
        self.pair = pair

    def connect(self, srv: UnoServer, name: str = "ann", pair: StreamPair | None = None,
                address: str = "memory") -> Client:
        return super().connect(srv, name, pair or self.pair, address)

    async def client(self, srv: UnoServer, name: str = "ann", pair: StreamPair | None = None,
                     address: str = "memory") -> Client:
        return await super().client(srv, name, pair or self.pair, address)


@pytest.fixture(params=sorted(PAIRS))
def harness(request: pytest.FixtureRequest, nursery: trio.Nursery) -> Harness:
    return PairHarness(nursery, PAIRS[request.param])
