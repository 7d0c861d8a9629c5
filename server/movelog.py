"""The moves since each room's last whole record: ``DIR/moves.log``, appended to with one
``write`` per move.

A line is a JSON array ``[room id, generation, number, entry]`` and a newline: ``entry`` is a
journal entry (server/journal.py); ``generation`` names the room's record the move follows (the
store gives each whole record a new one, so the moves of older records are simply out of date);
``number`` counts from 0 within it. A ``write`` reaches the operating system before it returns,
which survives the process being killed, as a SQLite commit does; it costs a few microseconds
where a commit costs tens (and, now and then, a checkpoint's fsyncs).

The file only grows; past ``COMPACT_AT`` bytes it is written again with the lines that are not
out of date (kept in memory, at most a few dozen per room), into a new file renamed over it.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

LOG_NAME = "moves.log"
COMPACT_AT = 8 << 20  # bytes
_ENCODER = json.JSONEncoder(separators=(",", ":"))  # built once: dumps() builds one per call


class LogFault(Exception):
    """Raised when the log cannot be read in full (a line that is not one, a missing move)."""


def read_log(path: Path) -> tuple[dict[tuple[str, int], list[bytes]], str | None]:
    """The log's lines by (room id, generation), in order; and a warning about a torn last line
    (a write cut short by a power cut: that move was never acknowledged), else None.
    Raises ``LogFault`` for anything else that is not a sound log."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}, None
    lines = data.split(b"\n")
    torn = lines.pop()  # b"" after the last newline, unless the last write was cut short
    warning = f"its last line is cut short ({len(torn)} bytes): ignored" if torn else None
    out: dict[tuple[str, int], list[bytes]] = {}
    for number, line in enumerate(lines, 1):
        try:
            room, gen, seq, entry = json.loads(line)
            valid = (isinstance(room, str) and type(gen) is int and type(seq) is int
                     and isinstance(entry, list))
        except (ValueError, TypeError):
            valid = False
        if not valid:
            raise LogFault(f"line {number} of {path.name} is not a move")
        moves = out.setdefault((room, gen), [])
        if seq != len(moves):
            raise LogFault(f"line {number} of {path.name}: room {room} lacks moves before it")
        moves.append(line + b"\n")
    return out, warning


def prefix(room: str, gen: int) -> str:
    """The start of the lines of ``room``'s moves in generation ``gen``, for ``encode``."""
    return _ENCODER.encode([room, gen])[:-1] + ","


# The text of each entry seen lately, by identity: the journal makes each action's entry once
# (server/journal.py), and a few hundred make most games' moves. Noting and encoding a move so
# costs some 1.1 µs, against 5 µs to make and encode each entry anew. (The entry is kept with
# its text, so that its id cannot be reused while it is here; entries are never changed.)
_ENTRY_TEXT: dict[int, tuple[Any, str]] = {}
_MAX_ENTRY_TEXTS = 4096


def encode(start: str, seq: int, entry: Any) -> bytes:
    """The line of move ``seq`` (``start`` from ``prefix``); ``entry`` a tuple or a list."""
    known = _ENTRY_TEXT.get(id(entry))
    if known is None or known[0] is not entry:
        if len(_ENTRY_TEXT) >= _MAX_ENTRY_TEXTS:
            _ENTRY_TEXT.clear()
        known = _ENTRY_TEXT[id(entry)] = (entry, _ENCODER.encode(entry))
    return f"{start}{seq},{known[1]}]\n".encode()


def decode(line: bytes) -> Any:
    """The entry of a line that ``read_log`` accepted or ``encode`` made."""
    return json.loads(line)[3]


class MoveLog:
    """The open log: ``append`` lines, ``rewrite`` it with only the lines still needed."""

    def __init__(self, path: Path, mode: int) -> None:
        self.path = path
        self._mode = mode
        self._fd = self._open(path)
        self.size = os.fstat(self._fd).st_size

    def _open(self, path: Path) -> int:
        return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, self._mode)

    def append(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        self.size += len(data)

    def rewrite(self, lines: list[bytes]) -> None:
        """Replace the log by ``lines``: a new file, renamed over the old one."""
        data = b"".join(lines)
        new = self.path.with_name(self.path.name + ".new")
        fd = os.open(new, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, self._mode)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.replace(new, self.path)
        os.close(self._fd)
        self._fd = self._open(self.path)
        self.size = len(data)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._fd)
