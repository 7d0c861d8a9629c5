"""Whether SQLite's write-ahead log can be read in full: ``wal_fault(path)``.

SQLite reads a WAL up to its first frame that fails its checksum and silently ignores the rest:
garbage in the log (a bad disk, a stray write) loses every commit after it with no error at all,
and garbage in its header loses the whole log. So before the store opens the database, it walks
the log the way SQLite does (https://sqlite.org/fileformat.html#the_write_ahead_log) and looks
at where the valid frames end. What may follow them in a sound log:

- nothing;
- the last frame written, torn: its 24-byte header without its page, or over the page of an older
  frame (a kill between the two writes of a frame: that transaction never committed);
- frames of an earlier generation of the log: after a checkpoint SQLite writes the log again from
  its start, with the first salt one higher, and older frames stay behind the newer ones.

Anything else (a header that is not one, a frame of this generation that fails its checksum,
bytes that are no frame of an earlier generation) means commits may have been lost.
"""

from __future__ import annotations

import os
import struct

_MAGIC = (0x377F0682, 0x377F0683)  # checksums over little-endian / big-endian words
_VERSION = 3007000
_HEADER = struct.Struct(">8I")
_FRAME_HEADER = struct.Struct(">6I")
_MASK = 0xFFFFFFFF
# How many generations back a frame left behind by earlier ones may be (each checkpoint that
# restarts the log is one; random bytes pass this test once in 4096).
_OLDEST_GENERATION = 1 << 20


def wal_fault(path: str | os.PathLike[str]) -> str | None:
    """Why the WAL at ``path`` cannot be read in full, or None if it can (or does not exist)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    if not data:
        return None
    if len(data) < _HEADER.size:
        return f"the log is {len(data)} bytes long, shorter than its header"
    magic, version, page_size, _, salt1, salt2, sum1, sum2 = _HEADER.unpack_from(data)
    if magic not in _MAGIC or version != _VERSION:
        return "the log does not begin with a WAL header"
    if page_size < 512 or page_size > 65536 or page_size & (page_size - 1):
        return f"the log's header gives a page size of {page_size}"
    words = ">" if magic & 1 else "<"
    if _checksum(data[:24], words, 0, 0) != (sum1, sum2):
        return "the log's header fails its checksum"
    frame_size = _FRAME_HEADER.size + page_size
    offset, sums = _HEADER.size, (sum1, sum2)
    while offset + frame_size <= len(data):
        page, _, f_salt1, f_salt2, f_sum1, f_sum2 = _FRAME_HEADER.unpack_from(data, offset)
        if page == 0 or (f_salt1, f_salt2) != (salt1, salt2):
            break
        frame_sums = _checksum(data[offset:offset + 8], words, *sums)
        frame_sums = _checksum(data[offset + 24:offset + frame_size], words, *frame_sums)
        if frame_sums != (f_sum1, f_sum2):
            break
        offset, sums = offset + frame_size, frame_sums
    return _fault_after(data, offset, frame_size, salt1, salt2)


def _fault_after(data: bytes, offset: int, frame_size: int, salt1: int, salt2: int) -> str | None:
    """What follows the last valid frame, at ``offset``: a fault, or None if a sound log may end
    so (see the module's docstring)."""
    rest = len(data) - offset
    if rest == 0:
        return None
    if rest < _FRAME_HEADER.size:
        return f"{rest} stray bytes after the last frame"
    _, _, f_salt1, f_salt2, _, _ = _FRAME_HEADER.unpack_from(data, offset)
    if (f_salt1, f_salt2) == (salt1, salt2):
        # A frame of this generation that fails: the last one written, torn (its header written,
        # not its page), is how a killed writer leaves a transaction that did not commit; any
        # frame of this generation after it means commits were lost.
        after = offset + frame_size
        if after + _FRAME_HEADER.size <= len(data):
            _, _, n_salt1, n_salt2, _, _ = _FRAME_HEADER.unpack_from(data, after)
            if (n_salt1, n_salt2) == (salt1, salt2):
                return f"frame {(offset - _HEADER.size) // frame_size + 1} fails its checksum"
        if after >= len(data):
            return None
        offset, rest = after, len(data) - after
        if rest < _FRAME_HEADER.size:
            return f"{rest} stray bytes after the last frame"
        _, _, f_salt1, f_salt2, _, _ = _FRAME_HEADER.unpack_from(data, offset)
    if 1 <= (salt1 - f_salt1) & _MASK <= _OLDEST_GENERATION and rest % frame_size in (0, _FRAME_HEADER.size):
        return None  # frames of an earlier generation of the log, left behind
    return f"bytes that are no frame at offset {offset}"


def _checksum(data: bytes, words: str, s1: int, s2: int) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), continuing from (s1, s2)."""
    values = struct.unpack(f"{words}{len(data) // 4}I", data)
    for i in range(0, len(values), 2):
        s1 = (s1 + values[i] + s2) & _MASK
        s2 = (s2 + values[i + 1] + s1) & _MASK
    return s1, s2
