"""A random source that nobody can predict and that a snapshot can keep: ``KeyedRandom``.

``random.SystemRandom`` cannot be predicted, but it has no state, so a game restored from disk
cannot repeat what the original did after its snapshot (a reshuffle, the next deal). The
Mersenne Twister of ``random.Random`` can be repeated, but a player who has seen enough of its
output could work out the next shuffles. ``KeyedRandom`` is both: keyed BLAKE2b over a counter
(a pseudo-random function), with a 32-byte secret key drawn from the operating system. Its whole
state is the key and the counter, so a snapshot of it is small.
"""

from __future__ import annotations

import hashlib
import os
import random
from typing import Any

KEY_BYTES = 32
STATE_KIND = "blake2b-ctr"


class KeyedRandom(random.Random):
    """``random.Random``'s methods (``shuffle``, ``randrange``...) over keyed BLAKE2b in counter
    mode. Every ``getrandbits`` call hashes the next counter value; nothing is buffered, so the
    state is exactly ``(key, counter)``."""

    _key: bytes
    _counter: int

    def __init__(self, key: bytes | None = None, counter: int = 0) -> None:
        super().__init__()  # calls seed(): a fresh random key
        if key is not None:
            self.setstate((STATE_KIND, key.hex(), counter))

    def seed(self, a: Any = None, version: int = 2) -> None:
        """A fresh key from the operating system (``a`` None), or one derived from ``a``."""
        if a is None:
            key = os.urandom(KEY_BYTES)
        else:
            text = a if isinstance(a, bytes) else repr(a).encode()
            key = hashlib.blake2b(text, digest_size=KEY_BYTES).digest()
        self._key, self._counter = key, 0
        self.gauss_next = None

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        blocks = bytearray()
        while len(blocks) * 8 < k:
            blocks += hashlib.blake2b(self._counter.to_bytes(16, "big"), key=self._key).digest()
            self._counter += 1
        return int.from_bytes(blocks, "big") >> (len(blocks) * 8 - k) if k else 0

    def random(self) -> float:
        return self.getrandbits(53) * (2.0 ** -53)

    def getstate(self) -> tuple[str, str, int]:  # type: ignore[override]
        return (STATE_KIND, self._key.hex(), self._counter)

    def setstate(self, state: Any) -> None:
        """Take a state from ``getstate``; raise ``ValueError`` for anything else."""
        try:
            kind, key_hex, counter = state
            key = bytes.fromhex(key_hex)
        except (TypeError, ValueError):
            raise ValueError(f"not a {STATE_KIND} state") from None
        if kind != STATE_KIND or len(key) != KEY_BYTES:
            raise ValueError(f"not a {STATE_KIND} state")
        if type(counter) is not int or not 0 <= counter < 1 << 128:
            raise ValueError("the counter must be an int from 0 to 2**128 - 1")
        self._key, self._counter = key, counter
        self.gauss_next = None
