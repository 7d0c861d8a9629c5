"""A room as plain data, for the store (server/persist.py): its record (``to_record``), the quick
test of whether that record changed (``record_key``), and the room again (``from_record``), with
its seats and their people."""

from __future__ import annotations

import logging
import operator
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from . import play
from .journal import NEXT_HAND, JournaledGame
from .people import Seat, Session
from .persist import RECORD_VERSION
from .settings import RoomSettings
from .stats import Tally
from .table import RoomOwner, Table

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("uno.server")
# What a room's record keeps of its seats and their people, named once.
SEAT_FIELDS = ("id", "name", "kind", "level", "away", "timeouts")
SESSION_FIELDS = ("sid", "secret", "name", "lang")
_seat_values = operator.attrgetter(*SEAT_FIELDS)
_session_values = operator.attrgetter(*SESSION_FIELDS)


def seats_key(seats: Iterable[Seat]) -> tuple[Any, ...]:
    """The seats and their people as flat tuples: equal keys, equal records."""
    return tuple((_seat_values(seat), None if seat.session is None else _session_values(seat.session))
                 for seat in seats)


def seats_to_record(seats: Iterable[Seat]) -> list[dict[str, Any]]:
    return [{**dict(zip(SEAT_FIELDS, _seat_values(seat), strict=True)),
             "session": None if seat.session is None
             else dict(zip(SESSION_FIELDS, _session_values(seat.session), strict=True))}
            for seat in seats]


def seats_from_record(room: Table, known: Mapping[str, Session], entries: Iterable[Any]
                      ) -> tuple[list[Seat], dict[str, Session], list[tuple[Session, Seat]]]:
    """The seats of a record, the sessions made for their people (all disconnected for now),
    and the people already back in the lobby with their token (``known``: the server's
    sessions), to be seated once the whole record has been read. Raises ``KeyError``,
    ``TypeError`` or ``ValueError`` for a bad entry."""
    seats: list[Seat] = []
    sessions: dict[str, Session] = {}
    returning: list[tuple[Session, Seat]] = []
    for entry in entries:
        seat = Seat(str(entry["id"]), str(entry["name"]), str(entry["kind"]),
                    level=str(entry["level"]), away=bool(entry["away"]),
                    timeouts=int(entry["timeouts"]))
        if seat.kind not in ("human", "bot"):
            raise ValueError(f"seat {seat.id}: unknown kind {seat.kind!r}")
        who = entry["session"]
        if who is not None:
            sid = str(who["sid"])
            back = known.get(sid)
            if (back is not None and back.room is None and sid not in sessions
                    and back.secret == str(who["secret"])):
                sessions[sid] = back
                returning.append((back, seat))
            elif sid in sessions or back is not None:
                log.warning("room %s: session %s holds two seats; seat %s keeps none",
                            room.id, sid, seat.id)
            else:
                session = Session(sid, str(who["secret"]), str(who["name"]),
                                  str(who["lang"]), room=room, seat=seat)
                sessions[sid] = session
                seat.session = session
        seats.append(seat)
    return seats, sessions, returning


def record_key(room: Room) -> tuple[Any, ...]:
    """What ``to_record`` keeps but the game, as tuples: equal keys, equal records (a third
    of the cost of building the record; the store tests it on every move)."""
    return (room.id, room.settings.key(), None if room.host is None else room.host.sid,
            room.next_seat_number, seats_key(room.seats), tuple(room.votes.accepted), room.votes.order)


def to_record(room: Room, *, with_game: bool = True) -> dict[str, Any]:
    """Everything needed to rebuild the room, as plain data (``with_game``: its match's
    snapshot too, else what a move leaves as it was). Spectators are not kept."""
    record: dict[str, Any] = {
        "version": RECORD_VERSION,
        "id": room.id,
        "settings": room.settings.to_record(),
        "seats": seats_to_record(room.seats),
        "host": None if room.host is None else room.host.sid,
        "next_seat": room.next_seat_number,
        "origin": room.origin,  # (so that a restored room still counts for its address)
        # who accepted the rematch, in order, and the order chosen (found play-testing: a restart
        # forgot them, and its countdown, and those who had said yes were asked again)
        "rematch": {"accepted": list(room.votes.accepted), "order": room.votes.order}
        if room.votes.accepted else None,
    }
    if with_game:
        record["game"] = None if room.game is None else room.game.snapshot()
        record["hand"] = room.game.hand_text() if isinstance(room.game, JournaledGame) else None
        record["turn_left"] = room.clock.turn_left()  # (the moves after it may reset it)
        record["tally"] = room.tally.to_record()
    return record


def from_record(cls: type[Room], server: RoomOwner, record: dict[str, Any],
                moves: Iterable[Any] = ()) -> Room:
    """The room ``record`` describes, with its people's sessions (all disconnected for now)
    added to ``server.sessions``; its match is the record's snapshot with ``moves`` (the
    store's for the room) replayed. Raises ``KeyError``, ``TypeError`` or ``ValueError`` for
    a bad record or move (and then changes nothing)."""
    room = cls(server, str(record["id"]), RoomSettings.from_record(record["settings"]))
    game = None if record["game"] is None else JournaledGame.restore(record["game"])
    left = record.get("turn_left")  # (records written before it was kept lack it)
    turn_left = None if left is None else max(0.0, float(left))
    room.tally = Tally.from_record(record.get("tally"))  # (older records lack it)
    if game is not None:
        assert isinstance(game, JournaledGame)
        game.resume_hand(record.get("hand"))  # (records written before it was kept lack it)
    for number, entry in enumerate(moves):
        if game is None:
            raise ValueError("moves without a match")
        assert isinstance(game, JournaledGame)
        try:
            events = game.replay(entry)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"its move {number} cannot be replayed: {exc}") from None
        room.tally.feed(events, game.seats)  # (what ended then was counted then)
        if play.turn_changed(events) or entry == [NEXT_HAND]:
            turn_left = None  # a turn began after the record: it had its whole time then
    seats, sessions, returning = seats_from_record(room, server.sessions, record["seats"])
    room.seats.extend(seats)
    if (game is not None and game.outcome() is None
            and not set(game.seats) <= {seat.id for seat in room.seats}):
        raise ValueError("the match in progress has seats the room does not")
    rematch = record.get("rematch")  # (None: nobody had accepted, or an older record)
    if rematch is not None:  # (of the seats still there: one freed since has no say)
        for seat_id in rematch["accepted"]:
            if any(seat.id == seat_id for seat in room.seats):
                room.votes.accept(str(seat_id), str(rematch["order"]))
    room.game = game
    for session, seat in returning:  # (only now: a bad record must change nothing)
        session.room, session.seat, seat.session = room, seat, session
    room.saved_turn_left = turn_left
    room.host = sessions.get(record["host"]) if record["host"] is not None else None
    room.next_seat_number = int(record["next_seat"])
    room.origin = None if record.get("origin") is None else str(record["origin"])  # (None: an old record)
    server.sessions.update(sessions)
    return room
