"""The statistics of one server (server/stats.py), kept beside its rooms: ``DIR/stats.json``,
``{"version": 1, "rules": {RULES: {PLAYER: {FIELD: N, ...}}}}``.

Written whole (a temporary file renamed over the old one, so a reader never sees half a file)
when a hand or a match ends, never on a move. A file that cannot be read is renamed
``stats.json.corrupt-STAMP`` (said at ERROR level) and counting starts again from nothing.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .stats import Counts

try:
    import fcntl
except ImportError:  # not on Unix: one server per directory, then
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("uno.server")
STATS_NAME = "stats.json"
LOCK_NAME = "stats.lock"
STATS_VERSION = 1
FILE_MODE = 0o600

Table = dict[str, dict[str, Counts]]  # rules -> player -> counts


def read_stats(directory: str | os.PathLike[str]) -> Table:
    """The statistics kept in ``directory`` (none if it has no file). Raises ``ValueError`` for
    a file that is not a statistics file, ``OSError`` for one that cannot be read."""
    path = Path(directory) / STATS_NAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        data = json.loads(text)
        if data.get("version") != STATS_VERSION:
            raise ValueError(f"version {data.get('version')!r}")
        return {str(rules): {str(player): Counts.from_record(c) for player, c in players.items()}
                for rules, players in data["rules"].items()}
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: not a statistics file ({exc})") from None


class StatsStore:
    """A server's statistics in ``DIR/stats.json``. Each ``add`` reads the file, adds and writes
    it back under a lock (``DIR/stats.lock``, ``flock``), so that two servers sharing the
    directory (two ``uno host`` at once: the second keeps no rooms, but counts) lose nothing."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.path = self.directory / STATS_NAME
        self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        with self._locked():
            self.table = self._read()  # as this server last read or wrote it

    def _read(self) -> Table:
        try:
            return read_stats(self.directory)
        except (OSError, ValueError) as exc:
            aside = self.path.with_name(f"{STATS_NAME}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
            log.error("statistics set aside as %s: %s", aside.name, exc)
            with contextlib.suppress(OSError):
                self.path.rename(aside)
            return {}

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
        """Add each player's ``counts`` under ``rules`` to the file."""
        try:
            with self._locked():
                table = self._read()
                players = table.setdefault(rules, {})
                for player, more in counts.items():
                    players.setdefault(player, Counts()).add(more)
                self._write(table)
                self.table = table
        except OSError as exc:  # statistics must never stop a match
            log.error("statistics not written: %s", exc)

    def _write(self, table: Table) -> None:
        data: dict[str, Any] = {
            "version": STATS_VERSION,
            "rules": {rules: {p: c.to_record() for p, c in players.items()}
                      for rules, players in table.items()},
        }
        tmp = self.path.with_name(STATS_NAME + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, FILE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
        os.replace(tmp, self.path)
