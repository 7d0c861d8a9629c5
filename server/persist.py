"""Durable rooms: every room kept in ``DIR``, so that a server killed at any moment comes back
with the same tables, the same hands and the same resume tokens.

One sqlite3 row per room (``DIR/rooms.sqlite3``, table ``rooms``) holds a JSON record: the
settings, the seats (with their people's session id and secret, so tokens keep working), the
host, ``Game.snapshot()`` and the seconds left on the turn then (``Room.to_record``; a turn that
a move logged after it began had its whole time), and in the column ``hand`` the record of the
hand being played (server/journal.py), for its replay. A move only appends a line to ``DIR/moves.log``
(server/movelog.py: the action, server/journal.py). The record is written whole when anything
but the match changes and every ``SNAPSHOT_EVERY`` moves; each whole record gets a new
generation, which makes the moves logged before it out of date. On restore the moves of the
record's generation are replayed through the engine on top of its snapshot. The room writes
synchronously, before it queues the message that reveals a change (see ``Room._save``); nothing
is sent before the handler that queued it returns, so a client never sees a state the disk does
not hold.

Durability: SQLite in WAL mode with ``synchronous=NORMAL``, and the log's plain ``write``: both
reach the operating system without an ``fsync``; that survives the server process being killed
(SIGKILL, a crash), which is what this is for. A move costs one ``write`` of some 60 bytes. A
power cut may lose the last moves, never the database's consistency. ``DIR/rooms.lock``
(``flock``) and ``locking_mode=EXCLUSIVE`` keep a second server given the same directory from
starting instead of corrupting the first one's rooms.

State that cannot be read in full (a database that fails its check, a WAL with garbage in it,
see server/wal.py, a damaged move log, moves that follow a record the database lacks) is never
half used: the database, its ``-wal``/``-shm`` and the log are renamed ``*.corrupt-STAMP``, the
server says so at ERROR level (``uno server`` logs to stderr) and starts with no rooms.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import IO, Any, Protocol

from engine import Game

from . import movelog
from .journal import JournaledGame
from .movelog import LogFault, MoveLog
from .wal import wal_fault

try:
    import fcntl
except ImportError:  # not on Unix: SQLite's own lock still keeps a second server out
    fcntl = None  # type: ignore[assignment]



class Recorded(Protocol):
    """What the store needs of a room (server/room.py)."""

    id: str

    @property
    def game(self) -> Game | None: ...

    def record_key(self) -> tuple[Any, ...]:
        """What the record keeps but the game: equal keys, equal records."""

    def to_record(self) -> dict[str, Any]:
        """The whole record: everything needed to rebuild the room, as plain data."""

log = logging.getLogger("uno.server")

RECORD_VERSION = 1
DB_NAME = "rooms.sqlite3"
LOCK_NAME = "rooms.lock"
DB_SUFFIXES = ("", "-wal", "-shm")  # the database and SQLite's files beside it
DIR_MODE, FILE_MODE = 0o700, 0o600  # private: the files hold resume secrets and passwords
HAND_KEY = "hand"  # the record's hand being played (server/history.py), in its own column
SNAPSHOT_EVERY = 64  # moves between two whole records of a room (a restore replays fewer)


class StoreError(Exception):
    """Raised when the state directory cannot be used (not writable, or in use by another server)."""


def default_state_dir(environ: dict[str, str] | None = None) -> Path:
    """Where ``uno host`` keeps its rooms: ``$XDG_DATA_HOME/uno/server`` or
    ``~/.local/share/uno/server``."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "uno" / "server"


class _Saved:
    """A room's last whole record: its generation (see server/movelog.py), the log lines of the
    moves after it, and, once this server wrote it, ``record_key()`` of the room then, the game,
    and how many of the game's journal entries are in the log."""

    __slots__ = ("game", "gen", "lines", "meta", "prefix", "written")

    def __init__(self, gen: int, lines: list[bytes] | None = None) -> None:
        self.gen = gen
        self.prefix: str | None = None  # of its log lines (movelog.prefix)
        self.lines = lines if lines is not None else []
        self.meta: tuple[Any, ...] | None = None  # record_key()
        self.game: JournaledGame | None = None
        self.written = 0


class RoomStore:
    """The rooms of one server, in ``DIR/rooms.sqlite3`` and ``DIR/moves.log``. All calls are
    synchronous and quick."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.path = self.directory / DB_NAME
        self.log_path = self.directory / movelog.LOG_NAME
        self.set_aside: list[Path] = []  # files found unreadable at the start, renamed
        self._failing = False
        self._rooms: dict[str, _Saved] = {}
        try:
            self.directory.mkdir(parents=True, exist_ok=True, mode=DIR_MODE)
        except OSError as exc:
            raise StoreError(f"cannot use {self.directory}: {exc}") from None
        self._tighten(self.directory)
        self._lock = self._take_lock()
        try:
            for name in (*(f"{DB_NAME}{suffix}" for suffix in DB_SUFFIXES), movelog.LOG_NAME):
                self._tighten(self.directory / name)
            self._db = self._open_all()
            self._log = MoveLog(self.log_path, FILE_MODE)
            self._log.rewrite([line for saved in self._rooms.values() for line in saved.lines])
        except BaseException:
            with contextlib.suppress(AttributeError, sqlite3.Error):
                self._db.close()
            self._release_lock()
            raise

    def _open_all(self) -> sqlite3.Connection:
        """Open the database and read the move log: all of it, or (set aside) none of it."""
        fault = wal_fault(f"{self.path}-wal")
        if fault is not None:
            self._set_aside(f"its write-ahead log cannot be read in full: {fault}")
        try:
            moves, torn = movelog.read_log(self.log_path)
        except LogFault as exc:
            self._set_aside(str(exc))
            moves, torn = {}, None
        if torn is not None:
            log.warning("%s: %s", self.log_path, torn)
        try:
            db = self._open()
        except sqlite3.DatabaseError as exc:
            if _locked(exc):
                raise StoreError(f"{self.path} is in use by another server") from None
            self._set_aside(str(exc))
            moves = {}
            try:
                db = self._open()
            except sqlite3.Error as exc2:
                raise StoreError(f"cannot use {self.path}: {exc2}") from None
        except sqlite3.Error as exc:
            raise StoreError(f"cannot use {self.path}: {exc}") from None
        gens = db.execute("SELECT id, gen FROM rooms").fetchall()
        current = {str(room_id): gen for room_id, gen in gens}
        ahead = sorted(room for room, gen in moves if room in current and gen > current[room])
        if ahead:  # moves logged after a record that the database lacks: commits were lost
            db.close()
            self._set_aside(f"the database lacks the records that room {ahead[0]}'s moves follow")
            moves = {}
            db = self._open()
            gens = []
        self._next_gen = 1 + max([gen for _, gen in gens] + [gen for _, gen in moves], default=0)
        for room_id, gen in gens:  # the moves of older records are out of date: dropped
            self._rooms[str(room_id)] = _Saved(gen, moves.get((str(room_id), gen), []))
        return db

    def _take_lock(self) -> IO[bytes] | None:
        """Hold ``DIR/rooms.lock`` while the store is open: before anything reads the files, a
        second server stops here (and so never inspects a WAL that the first one is writing)."""
        if fcntl is None:
            return None
        try:
            fd = os.open(self.directory / LOCK_NAME, os.O_RDWR | os.O_CREAT, FILE_MODE)
        except OSError as exc:
            raise StoreError(f"cannot use {self.directory}: {exc}") from None
        lock = os.fdopen(fd, "r+b")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            raise StoreError(f"{self.path} is in use by another server") from None
        return lock

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.close()  # closing the file releases the flock
            self._lock = None

    @staticmethod
    def _tighten(path: Path) -> None:
        """Make an existing ``path`` private: SECURITY.md promises 0700 and 0600. It says so when
        it changes a mode, and warns when it cannot."""
        try:
            current = stat.S_IMODE(os.stat(path).st_mode)
        except FileNotFoundError:
            return
        if not current & 0o077:
            return
        try:
            os.chmod(path, current & ~0o077)
        except OSError as exc:
            log.error("%s is open to other users (mode %o) and cannot be made private: %s",
                      path, current, exc)
        else:
            log.warning("%s was open to other users (mode %o): made private (%o)", path, current,
                        current & ~0o077)

    def _open(self) -> sqlite3.Connection:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, FILE_MODE)  # private: it holds resume secrets
        os.close(fd)
        db = sqlite3.connect(self.path, isolation_level=None, timeout=0)
        try:
            db.execute("PRAGMA locking_mode=EXCLUSIVE")
            mode = db.execute("PRAGMA journal_mode=WAL").fetchone()
            if mode is None or str(mode[0]).lower() != "wal":
                raise sqlite3.DatabaseError(f"journal mode {mode!r} instead of wal")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("BEGIN IMMEDIATE")  # takes the exclusive lock and keeps it
            db.execute("CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, data TEXT NOT NULL,"
                       " gen INTEGER NOT NULL DEFAULT 0)")
            db.execute("CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)")
            columns = [row[1] for row in db.execute("PRAGMA table_info(rooms)")]
            if "gen" not in columns:  # a database from before the move log
                db.execute("ALTER TABLE rooms ADD COLUMN gen INTEGER NOT NULL DEFAULT 0")
            if "hand" not in columns:  # ... or before the history of hands
                db.execute("ALTER TABLE rooms ADD COLUMN hand TEXT")
            db.execute("COMMIT")
            check = db.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check!r}")
        except BaseException:
            db.close()
            raise
        return db

    def _set_aside(self, why: str) -> None:
        """State that cannot be read in full is renamed (kept for a post-mortem), never deleted
        and never half used: the server starts with no rooms, and says so loudly."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        tail, n = f".corrupt-{stamp}", 1
        while any(Path(f"{self.path}{suffix}{tail}").exists()
                  for suffix in (*DB_SUFFIXES, movelog.LOG_NAME)):
            n += 1
            tail = f".corrupt-{stamp}-{n}"
        sources = [Path(f"{self.path}{suffix}") for suffix in DB_SUFFIXES] + [self.log_path]
        for source in sources:
            with contextlib.suppress(FileNotFoundError):
                source.rename(f"{source}{tail}")
                self.set_aside.append(Path(f"{source}{tail}"))
        names = ", ".join(p.name for p in self.set_aside) or "nothing"
        log.error("THE SAVED ROOMS CANNOT BE READ IN FULL: %s: %s. Set aside in %s: %s. "
                  "The server starts with no rooms.", self.path, why, self.directory, names)

    # ------------------------------------------------------------------ rows

    def put(self, room_id: str, record: dict[str, Any]) -> None:
        """Write ``record`` whole, under a new generation: the room's moves logged before it
        are part of it now. Its ``hand`` (the hand's record as JSON text, server/journal.py)
        has a column of its own: inside the record it would be escaped again at every write."""
        hand = record.get(HAND_KEY)
        data = json.dumps({k: v for k, v in record.items() if k != HAND_KEY},
                          separators=(",", ":"), allow_nan=False)
        gen = self._next_gen
        self._db.execute("INSERT OR REPLACE INTO rooms (id, data, gen, hand) VALUES (?, ?, ?, ?)",
                         (room_id, data, gen, hand if isinstance(hand, str) else None))
        if room_id not in self._rooms and room_id.isdigit():  # (its first write here)
            self._db.execute("INSERT INTO counters (name, value) VALUES ('room', ?) ON CONFLICT(name)"
                             " DO UPDATE SET value = max(value, excluded.value)", (int(room_id),))
        self._next_gen += 1
        self._rooms[room_id] = _Saved(gen)
        if self._log.size > movelog.COMPACT_AT:
            self._log.rewrite([line for saved in self._rooms.values() for line in saved.lines])

    def append(self, room_id: str, first: int, entries: list[Any]) -> None:
        """Log moves ``first``, ``first + 1``... after the room's record (one ``write``)."""
        saved = self._rooms[room_id]
        if first != len(saved.lines):
            raise ValueError(f"room {room_id} has {len(saved.lines)} moves logged, not {first}")
        start = movelog.prefix(room_id, saved.gen) if saved.prefix is None else saved.prefix
        saved.prefix = start
        lines = [movelog.encode(start, first + i, entry) for i, entry in enumerate(entries)]
        self._log.append(lines[0] if len(lines) == 1 else b"".join(lines))
        saved.lines.extend(lines)

    def delete(self, room_id: str) -> None:
        self._db.execute("DELETE FROM rooms WHERE id = ?", (room_id,))
        self._rooms.pop(room_id, None)  # its logged moves are out of date

    def highest_room(self) -> int:
        """The highest room number ever written here (0: none), of rooms deleted since too: a new
        room never takes the id of one a client may still hold a seat in (found play-testing: a
        returning guest was told "Your seat was given up" of a new table that had its old id)."""
        row = self._db.execute("SELECT value FROM counters WHERE name = 'room'").fetchone()
        return 0 if row is None else int(row[0])

    def records(self) -> list[tuple[str, dict[str, Any] | None]]:
        """Every row: (room id, record), the record None when it cannot be read; in the order the
        rooms were opened (found play-testing: restored in the order last written, the lobby's
        tables changed places at each restart)."""
        rows = []
        rooms = self._db.execute("SELECT id, data, hand FROM rooms ORDER BY length(id), id").fetchall()
        for room_id, data, hand in rooms:
            try:
                record = json.loads(data)
                if not isinstance(record, dict) or record.get("version") != RECORD_VERSION:
                    raise ValueError("not a room record of this version")
                if hand is not None:
                    record[HAND_KEY] = hand
            except (TypeError, ValueError) as exc:
                log.error("ROOM %s CANNOT BE READ (%s): it is not restored; its record is kept",
                          room_id, exc)
                record = None
            rows.append((str(room_id), record))
        return rows

    def moves(self, room_id: str) -> list[Any]:
        """The journal entries of the room's moves since its record was written, in order."""
        saved = self._rooms.get(room_id)
        return [] if saved is None else [movelog.decode(line) for line in saved.lines]

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error, AttributeError):
            self._db.close()
        with contextlib.suppress(AttributeError):
            self._log.close()
        self._release_lock()

    # ------------------------------------------------------------------ rooms

    def save_room(self, room: Recorded) -> None:
        """Write ``room`` as it is now: its new moves when only its match changed, else (and
        every ``SNAPSHOT_EVERY`` moves) its whole record. A failure is logged, not raised: the
        game goes on (and the next change tries again, whole)."""
        try:
            self._save(room)
        except (OSError, sqlite3.Error, ValueError, TypeError) as exc:
            saved = self._rooms.get(room.id)
            if saved is not None:
                saved.game = None  # the next save is a whole one
            if not self._failing:
                log.error("room %s: cannot save the room: %s", room.id, exc)
            self._failing = True
        else:
            if self._failing:
                log.warning("rooms are saved again")
            self._failing = False

    def _save(self, room: Recorded) -> None:
        meta = room.record_key()
        game = room.game if isinstance(room.game, JournaledGame) else None
        saved = self._rooms.get(room.id)
        journal = None if game is None else game.journal
        if (saved is not None and game is not None and saved.game is game and journal is not None
                and len(journal) < SNAPSHOT_EVERY and saved.meta == meta):
            if len(journal) > saved.written:
                self.append(room.id, saved.written, journal[saved.written:])
                saved.written = len(journal)
            return
        self.put(room.id, room.to_record())
        saved = self._rooms[room.id]
        saved.meta, saved.game = meta, game
        if game is not None:
            game.journal = []

    def forget_room(self, room_id: str) -> None:
        try:
            self.delete(room_id)
        except sqlite3.Error as exc:
            log.error("room %s: cannot delete the room: %s", room_id, exc)


def _locked(exc: sqlite3.Error) -> bool:
    return "locked" in str(exc) or "busy" in str(exc)
