"""Durable rooms: every room kept in one sqlite3 row, so that a server killed at any moment comes
back with the same tables, the same hands and the same resume tokens.

One row per room holds a JSON record: the settings, the seats (with their people's session id and
secret, so tokens keep working), the host, and ``Game.snapshot()``. The room writes its row
synchronously, in one transaction, before it queues the message that reveals a change (see
``Room._save``); nothing is sent before the handler that queued it returns, so a client never
sees a state the disk does not hold.

Durability: WAL journal with ``synchronous=NORMAL``. A commit then reaches the operating system
(a ``write`` to the WAL file) without an ``fsync``; that survives the server process being killed
(SIGKILL, a crash), which is what this is for, and it keeps a write at about a tenth of a
millisecond. A power cut may lose the last moves, never the database's consistency.
``locking_mode=EXCLUSIVE`` keeps the file locked while the server runs, so a second server
given the same directory fails at start instead of corrupting the first one's rooms.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import Game
from protocol import BOT_LEVELS, LATE_JOIN

if TYPE_CHECKING:
    from .app import Session, UnoServer
    from .room import Room

log = logging.getLogger("uno.server")

RECORD_VERSION = 1
DB_NAME = "rooms.sqlite3"


class StoreError(Exception):
    """Raised when the state directory cannot be used (not writable, or in use by another server)."""


def default_state_dir(environ: dict[str, str] | None = None) -> Path:
    """Where ``uno host`` keeps its rooms: ``$XDG_DATA_HOME/uno/server`` or
    ``~/.local/share/uno/server``."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "uno" / "server"


class RoomStore:
    """The rooms of one server, in ``DIR/rooms.sqlite3``. All calls are synchronous and quick."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.path = self.directory / DB_NAME
        self._failing = False
        try:
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            raise StoreError(f"cannot use {self.directory}: {exc}") from None
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as exc:
            if _locked(exc):
                raise StoreError(f"{self.path} is in use by another server") from None
            self._set_aside(exc)
            try:
                self._db = self._open()
            except sqlite3.Error as exc2:
                raise StoreError(f"cannot use {self.path}: {exc2}") from None
        except sqlite3.Error as exc:
            raise StoreError(f"cannot use {self.path}: {exc}") from None

    def _open(self) -> sqlite3.Connection:
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)  # private: it holds resume secrets
        os.close(fd)
        db = sqlite3.connect(self.path, isolation_level=None, timeout=0)
        try:
            db.execute("PRAGMA locking_mode=EXCLUSIVE")
            mode = db.execute("PRAGMA journal_mode=WAL").fetchone()
            if mode is None or str(mode[0]).lower() != "wal":
                raise sqlite3.DatabaseError(f"journal mode {mode!r} instead of wal")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("BEGIN IMMEDIATE")  # takes the exclusive lock and keeps it
            db.execute("CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, data TEXT NOT NULL)")
            db.execute("COMMIT")
            check = db.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check!r}")
        except BaseException:
            db.close()
            raise
        return db

    def _set_aside(self, exc: Exception) -> None:
        """A file that is not a sound database is renamed (kept for a post-mortem), not deleted."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        log.error("state database %s is unreadable (%s): set aside as *.corrupt-%s; starting empty",
                  self.path, exc, stamp)
        for suffix in ("", "-wal", "-shm"):
            source = Path(f"{self.path}{suffix}")
            with contextlib.suppress(FileNotFoundError):
                source.rename(f"{self.path}{suffix}.corrupt-{stamp}")

    # ------------------------------------------------------------------ rows

    def put(self, room_id: str, record: dict[str, Any]) -> None:
        data = json.dumps(record, separators=(",", ":"), allow_nan=False)
        self._db.execute("INSERT OR REPLACE INTO rooms (id, data) VALUES (?, ?)", (room_id, data))

    def delete(self, room_id: str) -> None:
        self._db.execute("DELETE FROM rooms WHERE id = ?", (room_id,))

    def records(self) -> list[tuple[str, dict[str, Any] | None]]:
        """Every row: (room id, record), the record None when it cannot be read."""
        rows = []
        for room_id, data in self._db.execute("SELECT id, data FROM rooms").fetchall():
            try:
                record = json.loads(data)
                if not isinstance(record, dict) or record.get("version") != RECORD_VERSION:
                    raise ValueError("not a room record of this version")
            except (TypeError, ValueError) as exc:
                log.error("room %s: unreadable record (%s)", room_id, exc)
                record = None
            rows.append((str(room_id), record))
        return rows

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()

    # ------------------------------------------------------------------ rooms

    def save_room(self, room: Room) -> None:
        """Write ``room`` as it is now. A failure is logged, not raised: the game goes on (and the
        next change tries again)."""
        try:
            self.put(room.id, room_record(room))
        except (sqlite3.Error, ValueError, TypeError) as exc:
            if not self._failing:
                log.error("room %s: cannot save the room: %s", room.id, exc)
            self._failing = True
        else:
            if self._failing:
                log.warning("rooms are saved again")
            self._failing = False

    def forget_room(self, room_id: str) -> None:
        try:
            self.delete(room_id)
        except sqlite3.Error as exc:
            log.error("room %s: cannot delete the room: %s", room_id, exc)


def _locked(exc: sqlite3.Error) -> bool:
    return "locked" in str(exc) or "busy" in str(exc)


# ---------------------------------------------------------------------- records


def room_record(room: Room) -> dict[str, Any]:
    """Everything needed to rebuild ``room``, as plain data. Spectators are not kept."""
    settings = room.settings
    return {
        "version": RECORD_VERSION,
        "id": room.id,
        "settings": {
            "name": settings.name, "preset": settings.preset, "overrides": settings.overrides,
            "max_seats": settings.max_seats, "turn_timeout": settings.turn_timeout,
            "bot_delay": settings.bot_delay, "password": settings.password,
            "bot_level": settings.bot_level, "late_join": settings.late_join,
        },
        "seats": [
            {
                "id": seat.id, "name": seat.name, "kind": seat.kind, "level": seat.level,
                "away": seat.away, "timeouts": seat.timeouts,
                "session": None if seat.session is None else {
                    "sid": seat.session.sid, "secret": seat.session.secret,
                    "name": seat.session.name, "lang": seat.session.lang,
                },
            }
            for seat in room.seats
        ],
        "host": None if room.host is None else room.host.sid,
        "next_seat": room._next_seat_number,
        "game": None if room.game is None else room.game.snapshot(),
    }


def rebuild_room(server: UnoServer, record: dict[str, Any]) -> Room:
    """The room ``record`` describes, with its people's sessions (all disconnected for now) added
    to ``server.sessions``. Raises ``KeyError``, ``TypeError`` or ``ValueError`` for a bad record
    (and then changes nothing)."""
    from .app import Session
    from .room import Room, RoomSettings, Seat

    s = record["settings"]
    settings = RoomSettings(
        name=str(s["name"]), preset=str(s["preset"]), overrides=dict(s["overrides"]),
        max_seats=int(s["max_seats"]), turn_timeout=float(s["turn_timeout"]),
        bot_delay=float(s["bot_delay"]),
        password=None if s["password"] is None else str(s["password"]),
        # (records written before these two settings existed lack them)
        bot_level=_choice(s.get("bot_level", "normal"), BOT_LEVELS),
        late_join=_choice(s.get("late_join", "now"), LATE_JOIN),
    )
    room = Room(server, str(record["id"]), settings)
    game = None if record["game"] is None else Game.restore(record["game"])
    sessions: dict[str, Session] = {}
    for entry in record["seats"]:
        seat = Seat(str(entry["id"]), str(entry["name"]), str(entry["kind"]),
                    level=str(entry["level"]), away=bool(entry["away"]),
                    timeouts=int(entry["timeouts"]))
        if seat.kind not in ("human", "bot"):
            raise ValueError(f"seat {seat.id}: unknown kind {seat.kind!r}")
        who = entry["session"]
        if who is not None:
            sid = str(who["sid"])
            if sid in sessions or sid in server.sessions:
                log.warning("room %s: session %s holds two seats; seat %s keeps none",
                            room.id, sid, seat.id)
            else:
                session = Session(sid, str(who["secret"]), str(who["name"]), str(who["lang"]),
                                  room=room, seat=seat)
                sessions[sid] = session
                seat.session = session
        room.seats.append(seat)
    if (game is not None and game.outcome() is None
            and not set(game.seats) <= {seat.id for seat in room.seats}):
        raise ValueError("the match in progress has seats the room does not")
    room.game = game
    room.host = sessions.get(record["host"]) if record["host"] is not None else None
    room._next_seat_number = int(record["next_seat"])
    server.sessions.update(sessions)
    return room


def _choice(value: Any, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValueError(f"{value!r} is not one of {', '.join(choices)}")
    return str(value)
