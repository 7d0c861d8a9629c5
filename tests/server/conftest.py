"""Server tests: an in-process ``UnoServer``, clients over memory streams, and (in every test that
waits) pytest-trio's ``autojump_clock``, so turn timeouts and heartbeats take no real time.

``fail_after`` bounds are in the clock's (virtual) seconds: a test that hangs jumps straight to
its bound and fails at once. The helpers live in the test kit (``tests/kit``).
"""

from __future__ import annotations

import pytest
import trio
from kit.harness import Harness


@pytest.fixture
def harness(nursery: trio.Nursery) -> Harness:
    return Harness(nursery)
