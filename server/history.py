"""The history of finished hands: each room's recent ones in memory (for the ``get_replay``
message) and every server's in its state directory (for `uno replay`).

When a hand ends, ``hand_over`` makes its replay (protocol/replays.py) from the room's match
(``JournaledGame.hand_record``), its seats and who left one during the hand (noted as it happened,
``seat_changes_hands``: the replay names who made each move), keeps it in the room's
``RoomReplays`` and hands it to the server's ``HistoryStore``, ``DIR/history.sqlite3``: one row
per hand, its summary in columns for the list and the document itself, the oldest dropped past
``limit`` rows. The database is apart from the rooms' (which one server holds exclusively), so
that `uno replay` can read it while the server runs. Only finished hands are ever written or
served: a replay holds no random source (engine/replay.py), so none lets anyone predict a later deal.

Writing is a row and a commit at the end of a hand, never on a move: a hand is some 60 moves
(bench/server_load.py --state-dir shows no change in ``ratio_persist``).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from engine import Game
from engine.events import StandInReason
from protocol import SeatKind
from protocol.replays import MAX_STOOD_IN, Replay, ReplayInfo, ReplayPlayer, StoodIn

from .journal import JournaledGame
from .persist import DIR_MODE, FILE_MODE, StoreError

if TYPE_CHECKING:
    from .people import Seat
    from .room import Room

log = logging.getLogger("uno.server")

HISTORY_NAME = "history.sqlite3"
ROOM_REPLAYS = 20  # finished hands of its match a room keeps for `get_replay`


def hand_over(room: Room) -> None:
    """The room's hand just ended: keep its replay in the room and on disk."""
    replay = make_replay(room)
    if replay is None or room.replays.has(replay.info.hand_number):
        return  # (kept already: a hand ends once)
    room.replays.add(replay)
    history = room.server.history
    if history is not None:
        history.keep(replay)


def make_replay(room: Room) -> Replay | None:
    game = room.game
    record = None if game is None else getattr(game, "hand_record", lambda: None)()
    if game is None or record is None:
        return None
    result, outcome = game.hand_outcome(), game.outcome()
    assert result is not None
    seats = {seat.id: seat for seat in room.seats}
    players = [ReplayPlayer(seat=seat_id, name=seat_id, kind=SeatKind.HUMAN) if seat_id not in seats
               else replay_player(seats[seat_id])  # (a seat always stays while its match is on)
               for seat_id in game.seats]
    noted = game if isinstance(game, JournaledGame) else None  # (who made the moves)
    stood_in = () if noted is None else noted.stood_in[:MAX_STOOD_IN]
    info = ReplayInfo(
        ended=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), table=room.settings.name,
        match=f"{room.id}-{int(getattr(game, 'started', 0) * 1000)}",
        hand_number=game.hand_number, players=tuple(players), winner=result.winner,
        points=result.points, scores=tuple(game.scores),
        match_winner=None if outcome is None else outcome.winner,
        earlier=noted.earlier if noted is not None else (),
        stood_in=tuple(StoodIn(after=after, seat=seat, reason=StandInReason(reason))
                       for after, seat, reason in stood_in))
    return Replay(info, record, hand_text=getattr(game, "record_text", lambda: None)())


def replay_player(seat: Seat) -> ReplayPlayer:
    """Who sits at ``seat`` now, as a replay names them."""
    return ReplayPlayer(seat=seat.id, name=seat.name, kind=SeatKind(seat.kind),
                        level=seat.level if seat.kind == "bot" else None)


def seat_changes_hands(game: Game | None, seat: Seat) -> None:
    """``seat`` changes hands during a match (a late arrival takes a bot's seat, a person leaves
    it to a bot): the hand being played notes who made its moves so far. (Found play-testing:
    without it, the replay credited Kim with the moves Bot 1 had made before she sat down.)"""
    if isinstance(game, JournaledGame):
        game.seat_left(replay_player(seat))


class RoomReplays:
    """A room's finished hands of its current match, by hand number, the last ``ROOM_REPLAYS``."""

    def __init__(self) -> None:
        self._hands: OrderedDict[int, Replay] = OrderedDict()
        self._texts: dict[int, str] = {}

    def add(self, replay: Replay) -> None:
        number = replay.info.hand_number
        self._hands[number] = replay
        while len(self._hands) > ROOM_REPLAYS:
            old, _ = self._hands.popitem(last=False)
            self._texts.pop(old, None)

    def has(self, hand_number: int) -> bool:
        return hand_number in self._hands

    def clear(self) -> None:
        self._hands.clear()
        self._texts.clear()

    def text(self, hand_number: int) -> str | None:
        """The document of that finished hand, or None."""
        replay = self._hands.get(hand_number)
        if replay is None:
            return None
        text = self._texts.get(hand_number)
        if text is None:
            text = self._texts[hand_number] = replay.to_text()
        return text


@dataclass(frozen=True, slots=True)
class KeptHand:
    """One line of the history: its id, when it ended, the table, who played (people first: a
    list of seven bots and three people cut at "Bot 3, Bot…" named none of them), the winner (a
    name) and the points. ``players``: a seat's players each, in the order they sat there (found
    play-testing: Kim took over Bot 1's seat mid-hand, and the list named Kim, not Bot 1)."""

    id: int
    ended: str
    table: str
    players: tuple[tuple[str, ...], ...]
    winner: str
    points: int
    hand_number: int


_SCHEMA = ("CREATE TABLE IF NOT EXISTS hands (id INTEGER PRIMARY KEY AUTOINCREMENT,"
           " ended TEXT NOT NULL, table_name TEXT NOT NULL, players TEXT NOT NULL,"
           " winner TEXT NOT NULL, points INTEGER NOT NULL, hand INTEGER NOT NULL,"
           " match TEXT NOT NULL, data TEXT NOT NULL)")


class HistoryStore:
    """The finished hands in ``DIR/history.sqlite3``, at most ``limit`` of them. A failure to
    write is logged, never raised: the game goes on."""

    def __init__(self, directory: str | os.PathLike[str], limit: int, *,
                 readonly: bool = False) -> None:
        self.path = Path(directory) / HISTORY_NAME
        self.limit = max(1, limit)
        if readonly:
            self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=2)
            return
        try:
            Path(directory).mkdir(parents=True, exist_ok=True, mode=DIR_MODE)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, FILE_MODE)  # private, as the rooms
            os.close(fd)
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=2)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(_SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(f"cannot keep the history in {self.path}: {exc}") from None

    def keep(self, replay: Replay) -> int | None:
        """Write ``replay``; its id (None if it could not be written)."""
        info = replay.info
        try:
            cursor = self._db.execute(
                "INSERT INTO hands (ended, table_name, players, winner, points, hand, match, data)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (info.ended, info.table, json.dumps(_players_column(replay)),
                 replay.name_of(info.winner), info.points, info.hand_number, info.match,
                 replay.to_text()))
            self._db.execute("DELETE FROM hands WHERE id <= ?",
                             ((cursor.lastrowid or 0) - self.limit,))
        except sqlite3.Error as exc:
            log.error("cannot keep the hand in %s: %s", self.path, exc)
            return None
        return cursor.lastrowid

    def hands(self) -> list[KeptHand]:
        """Every kept hand, the oldest first."""
        rows = self._db.execute("SELECT id, ended, table_name, players, winner, points, hand"
                                " FROM hands ORDER BY id").fetchall()
        kept = []
        for row in rows:
            with contextlib.suppress(ValueError, TypeError):
                players = tuple(tuple(map(str, names)) if isinstance(names, list) else (str(names),)
                                for names in json.loads(row[3]))
                kept.append(KeptHand(int(row[0]), str(row[1]), str(row[2]), players,
                                     str(row[4]), int(row[5]), int(row[6])))
        return kept

    def text(self, hand_id: int) -> str | None:
        """The document of kept hand ``hand_id``, or None."""
        row = self._db.execute("SELECT data FROM hands WHERE id = ?", (hand_id,)).fetchone()
        return None if row is None else str(row[0])

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self._db.close()


def _players_column(replay: Replay) -> list[str | list[str]]:
    """The ``players`` column: each seat's players' names, the seats a person played first. A
    seat one player played throughout is their name alone, as every seat was before (a hand with
    no seat changing hands is written as it was: older rows and an older `uno replay` agree)."""
    seats = [replay.players_at(player.seat) for player in replay.info.players]
    seats.sort(key=lambda players: all(p.kind is not SeatKind.HUMAN for p in players))
    return [players[0].name if len(players) == 1 else [p.name for p in players] for players in seats]
