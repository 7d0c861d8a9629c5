"""The statistics of one server (server/stats.py), kept beside its rooms, in two files:

- ``DIR/stats.json``, the totals: ``{"version": 1, "rules": {RULES: {PLAYER: {FIELD: N, ...}}},
  "log": "stats-G.log"}``, written whole (a temporary file renamed over the old one, so a reader
  never sees half a file);
- ``DIR/stats-G.log``, the additions since: one JSON object per hand or match that ended,
  ``{"rules": RULES, "add": {PLAYER: {FIELD: N, ...}}}``, each written after a newline in one
  ``write`` (a line cut short by a crash is skipped, and the next one starts on a line of its own).

Speed: adding a hand's counts costs one short append, whatever the number of players kept. Reading,
adding and rewriting the whole file, as it was first done, took 15 ms a hand with 1,000 players
(bench/server_load.py's names), on the server's one thread. When the log passes
``COMPACT_BYTES`` its additions are folded into a new ``stats.json`` that names the next log
(``G + 1``), and the old log is deleted: a crash between the two leaves an old log that no
``stats.json`` names, which is never read again.

A ``stats.json`` that cannot be read is renamed ``stats.json.corrupt-STAMP`` (said at ERROR
level), with its logs, and counting starts again from nothing. So does a missing one: counting
starts afresh in a log no file has, so that a log left beside no ``stats.json`` (deleted to
start again) is never counted twice.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .persist import DIR_MODE, FILE_MODE
from .stats import Counts

try:
    import fcntl
except ImportError:  # not on Unix: one server per directory, then
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("uno.server")
STATS_NAME = "stats.json"
LOCK_NAME = "stats.lock"
STATS_VERSION = 1
FIRST_LOG = "stats-0.log"
LOG_PATTERN = re.compile(r"stats-(\d+)\.log")
COMPACT_BYTES = 1 << 20  # the additions log is folded into stats.json past this size

Table = dict[str, dict[str, Counts]]  # rules -> player -> counts


def _fold(table: Table, rules: str, counts: Mapping[str, Counts]) -> None:
    players = table.setdefault(rules, {})
    for player, more in counts.items():
        players.setdefault(player, Counts()).add(more)


def _fold_log(table: Table, data: bytes) -> None:
    """Add every whole addition in ``data`` (a stretch of a log) to ``table``."""
    for line in data.split(b"\n"):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            counts = {str(player): Counts.from_record(c) for player, c in entry["add"].items()}
            rules = str(entry["rules"])
        except (AttributeError, KeyError, TypeError, ValueError, OverflowError):
            continue  # a line cut short by a crash (or damaged by hand)
        _fold(table, rules, counts)


def _read_totals(path: Path) -> tuple[Table, str] | None:
    """The totals in ``stats.json`` and the name of the log of the additions since; None if
    there is no ``stats.json`` (a log without one is left over from counts set aside or deleted,
    and never read)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    try:
        data = json.loads(text)
        if data.get("version") != STATS_VERSION:
            raise ValueError(f"version {data.get('version')!r}")
        log_name = str(data.get("log", FIRST_LOG))  # (files written before the log had none)
        if not LOG_PATTERN.fullmatch(log_name):
            raise ValueError(f"log {log_name!r}")
        table = {str(rules): {str(player): Counts.from_record(c) for player, c in players.items()}
                 for rules, players in data["rules"].items()}
        return table, log_name
    except (AttributeError, KeyError, TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"{path}: not a statistics file ({exc})") from None


def _unused_log(directory: Path) -> str:
    """A log name no file has: counting that starts afresh never reads an older log."""
    numbers = [int(m.group(1)) for p in directory.iterdir() if (m := LOG_PATTERN.fullmatch(p.name))]
    return f"stats-{max(numbers) + 1}.log" if numbers else FIRST_LOG


def read_stats(directory: str | os.PathLike[str]) -> Table:
    """The statistics kept in ``directory`` (none if it has no file). Raises ``ValueError`` for
    a file that is not a statistics file, ``OSError`` for one that cannot be read."""
    path = Path(directory) / STATS_NAME
    for _ in range(3):  # (a server may fold the log into a new stats.json as we read)
        totals = _read_totals(path)
        if totals is None:
            return {}
        table, log_name = totals
        try:
            _fold_log(table, (Path(directory) / log_name).read_bytes())
        except FileNotFoundError:
            again = _read_totals(path)
            if again is not None and again[1] != log_name:
                continue  # folded meanwhile: read the new totals
        return table
    return table


class StatsStore:
    """A server's statistics in ``DIR`` (see the module). Each ``add`` first reads what other
    servers sharing the directory appended since (two ``uno host`` at once: the second keeps no
    rooms, but counts), then appends its own, under a lock (``DIR/stats.lock``, ``flock``), so
    that nothing is lost or counted twice."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.path = self.directory / STATS_NAME
        self.directory.mkdir(parents=True, exist_ok=True, mode=DIR_MODE)
        self.table: Table = {}  # as this server last read or wrote it
        self._totals: tuple[int, int, int] | None = None  # the stats.json that table is from
        self._log_name, self._log_read = FIRST_LOG, 0  # its log, and how far table has it
        with self._locked():
            self._catch_up()

    def counts(self, rules: str, player: str) -> Counts | None:
        """``player``'s counts under ``rules``, as of this server's last write (quick: the
        lobby asks at every change of a room)."""
        return self.table.get(rules, {}).get(player)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        fd = os.open(self.directory / LOCK_NAME, os.O_RDWR | os.O_CREAT, FILE_MODE)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # (and the lock with it)

    def add(self, rules: str, counts: Mapping[str, Counts]) -> None:
        """Add each player's ``counts`` under ``rules``."""
        line = json.dumps({"rules": rules, "add": {p: c.to_record() for p, c in counts.items()}},
                          separators=(",", ":"))
        try:
            with self._locked():
                self._catch_up()
                fd = os.open(self.directory / self._log_name,
                             os.O_WRONLY | os.O_CREAT | os.O_APPEND, FILE_MODE)
                try:
                    data = ("\n" + line).encode()
                    written = os.write(fd, data)
                finally:
                    os.close(fd)
                self._log_read += written  # (a part line is skipped by every reader)
                if written != len(data):
                    raise OSError(f"{written} of {len(data)} bytes written (is the disk full?)")
                _fold(self.table, rules, counts)
                if self._log_read > COMPACT_BYTES:
                    self._compact()
        except Exception as exc:  # statistics must never stop a match
            log.error("statistics not written: %s", exc)

    def _catch_up(self) -> None:
        """Bring ``table`` up to the files: the additions appended since it last read the log
        (usually none), or everything if ``stats.json`` was rewritten meanwhile."""
        try:
            info = self.path.stat()
            totals: tuple[int, int, int] | None = (info.st_ino, info.st_mtime_ns, info.st_size)
        except FileNotFoundError:
            totals = None
        if totals is None or totals != self._totals:
            try:
                read = _read_totals(self.path)
            except (OSError, ValueError) as exc:
                self._set_aside(exc)
                read = None
            if read is None:  # none (or set aside): counting starts afresh, in a log of its own
                self.table = {}
                self._write_totals(_unused_log(self.directory))
                return
            (self.table, self._log_name), self._totals, self._log_read = read, totals, 0
        try:
            with open(self.directory / self._log_name, "rb") as f:
                f.seek(self._log_read)
                fresh = f.read()
        except FileNotFoundError:
            return
        _fold_log(self.table, fresh)
        self._log_read += len(fresh)

    def _compact(self) -> None:
        """Fold the log into a new ``stats.json`` that names the next log; delete the old one."""
        old = self._log_name
        found = LOG_PATTERN.fullmatch(old)
        self._write_totals(f"stats-{int(found.group(1)) + 1 if found else 0}.log")
        with contextlib.suppress(FileNotFoundError):
            (self.directory / old).unlink()

    def _write_totals(self, log_name: str) -> None:
        data: dict[str, Any] = {
            "version": STATS_VERSION,
            "rules": {rules: {p: c.to_record() for p, c in players.items()}
                      for rules, players in self.table.items()},
            "log": log_name,
        }
        tmp = self.path.with_name(STATS_NAME + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
        os.replace(tmp, self.path)
        info = self.path.stat()
        self._totals = (info.st_ino, info.st_mtime_ns, info.st_size)
        self._log_name, self._log_read = log_name, 0

    def _set_aside(self, problem: Exception) -> None:
        """``stats.json`` cannot be read: rename it and its logs ``*.corrupt-STAMP``."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{STATS_NAME}.corrupt-{stamp}")
        log.error("statistics set aside as %s: %s", aside.name, problem)
        with contextlib.suppress(OSError):
            self.path.rename(aside)
        for path in self.directory.iterdir():
            if LOG_PATTERN.fullmatch(path.name):
                with contextlib.suppress(OSError):
                    path.rename(path.with_name(f"{path.name}.corrupt-{stamp}"))
