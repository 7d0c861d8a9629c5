"""A room's seats and their people as plain data, for the room's record (``Room.to_record``),
the quick test of whether that record changed (``Room.record_key``), and back again
(``Room.from_record``)."""

from __future__ import annotations

import logging
import operator
from collections.abc import Iterable, Mapping
from typing import Any

from .table import Seat, Session, Table

log = logging.getLogger("uno.server")
# What a room's record keeps of its seats and their people, named once.
SEAT_FIELDS = ("id", "name", "kind", "level", "away", "timeouts")
SESSION_FIELDS = ("sid", "secret", "name", "lang")
_seat_values = operator.attrgetter(*SEAT_FIELDS)
_session_values = operator.attrgetter(*SESSION_FIELDS)


def seat_names(seats: Iterable[Seat]) -> dict[str, str]:
    """Who sits where, by seat id (the names of the recent past, server/publish.py)."""
    return {seat.id: seat.name for seat in seats}


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
