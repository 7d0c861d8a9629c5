"""A look at the headers of a msgpack value that has not all arrived yet.

msgpack's ``Unpacker`` waits for the whole body of a str, bin or ext value before it checks the
length its header announced, so a header announcing 4 GiB, followed by nothing, would be met only
by the heartbeat. ``HeaderWalk`` follows the headers of such an unfinished value as its bytes
arrive (skipping bodies without keeping them) and says at once when one announces more than can
fit in a message. It costs nothing for values that arrive whole: the connection starts one only
when a value is cut off at the end of what has arrived.
"""

from __future__ import annotations

import struct
from typing import Final

# First byte -> (header size, size of the length that follows the first byte, kind), for the
# first bytes whose value is not fixed by the byte alone. Kinds: "body" (str, bin, ext: a body of
# that many bytes follows; ext adds a type byte to the header), "array", "map".
_SIZED: Final[dict[int, tuple[int, int, str]]] = {
    0xC4: (2, 1, "body"), 0xC5: (3, 2, "body"), 0xC6: (5, 4, "body"),  # bin 8/16/32
    0xC7: (3, 1, "body"), 0xC8: (4, 2, "body"), 0xC9: (6, 4, "body"),  # ext 8/16/32
    0xD9: (2, 1, "body"), 0xDA: (3, 2, "body"), 0xDB: (5, 4, "body"),  # str 8/16/32
    0xDC: (3, 2, "array"), 0xDD: (5, 4, "array"),
    0xDE: (3, 2, "map"), 0xDF: (5, 4, "map"),
}
# First byte -> whole size, for fixed-size values: nil, bools, numbers, fixext.
_FIXED: Final[dict[int, int]] = {
    0xC0: 1, 0xC2: 1, 0xC3: 1, 0xCA: 5, 0xCB: 9, 0xCC: 2, 0xCD: 3, 0xCE: 5, 0xCF: 9,
    0xD0: 2, 0xD1: 3, 0xD2: 5, 0xD3: 9, 0xD4: 3, 0xD5: 4, 0xD6: 6, 0xD7: 10, 0xD8: 18,
}
_LENGTH: Final = {1: struct.Struct(">B"), 2: struct.Struct(">H"), 4: struct.Struct(">I")}


class TooLong(Exception):
    """Raised when a header announces a value that cannot end within the limit."""


class HeaderWalk:
    """Follows one msgpack value's headers from its first byte, fed its bytes in order.

    ``feed`` raises ``TooLong`` as soon as a header announces a body (or a number of items, each
    at least a byte) that would end the value more than ``limit`` bytes after its start. Bytes
    that cannot be a msgpack value stop the walk: the decoder reports those itself."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._offset = 0  # bytes of the value consumed so far (headers and skipped bodies)
        self._skip = 0  # bytes of a body still to pass over
        self._pending = b""  # the start of a header not yet complete
        self._open = [1]  # items still to come in each open container (the value itself first)
        self._stopped = False

    def feed(self, data: bytes) -> None:
        if self._stopped or not data:
            return
        if self._skip:
            passed = min(self._skip, len(data))
            self._skip -= passed
            self._offset += passed
            data = data[passed:]
            if not data:
                return
        data = self._pending + data
        self._pending = b""
        i, end = 0, len(data)
        while i < end and self._open:
            first = data[i]
            sized = _SIZED.get(first)
            if sized is not None:
                size, width, kind = sized
                if i + size > end:
                    break  # the rest of this header comes later
                (count,) = _LENGTH[width].unpack_from(data, i + 1)
            elif first <= 0x7F or first >= 0xE0:
                size, kind, count = 1, "scalar", 0
            elif first <= 0x8F:
                size, kind, count = 1, "map", first & 0x0F
            elif first <= 0x9F:
                size, kind, count = 1, "array", first & 0x0F
            elif first <= 0xBF:
                size, kind, count = 1, "body", first & 0x1F
            elif first in _FIXED:
                size, kind, count = _FIXED[first], "scalar", 0
            else:  # 0xc1: never used; the decoder refuses it
                self._stopped = True
                return
            if kind == "map":
                count *= 2
            if kind != "scalar" and self._offset + size + count > self.limit:
                raise TooLong(f"a header announces {count} {'bytes' if kind == 'body' else 'items'}")
            if kind == "scalar" and i + size > end:  # a number cut off: pass over the rest later
                self._skip = i + size - end
                self._offset += end - i
                i = end
                self._done()
                break
            i += size
            self._offset += size
            if kind == "body":
                passed = min(count, end - i)
                i += passed
                self._offset += passed
                self._skip = count - passed
                self._done()
                if self._skip:
                    break
            elif kind == "scalar" or count == 0:
                self._done()
            else:
                self._open[-1] -= 1
                self._open.append(count)
        self._pending = data[i:] if self._open and i < end else b""

    def _done(self) -> None:
        """One item is complete: count it in its container, and close containers now full."""
        open_ = self._open
        open_[-1] -= 1
        while open_ and open_[-1] == 0:
            open_.pop()


__all__ = ["HeaderWalk", "TooLong"]
