"""How a table describes itself on the wire: its line in the lobby's list (``RoomSummary``) and
the whole of it for its members (``RoomInfo``), with each seat and its player's record under the
table's rules (``SeatInfo``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import protocol

from .people import Seat
from .stats import player_key, rules_name

if TYPE_CHECKING:
    from .table import Table


def room_summary(table: Table) -> protocol.RoomSummary:
    settings, humans = table.settings, len(table.humans())
    return protocol.RoomSummary(
        id=table.id, name=settings.name, host=_host_name(table),
        # (a match started with fewer seats than the table has is listed with the match's: found
        # play-testing, "3/4 … playing", and one who joined found no seat 4 until its end)
        players=humans, seats=len(table.seats) if table.started else settings.max_seats,
        bots=len(table.seats) - humans, spectators=len(table.spectators),
        preset=settings.preset, started=table.started,
        password=settings.password is not None, rules=table.rules.to_dict(),
        turn_timeout=settings.turn_timeout, seated=_seat_infos(table),
        late_join=settings.late_join, match_over=table.match_over,
    )


def room_info(table: Table) -> protocol.RoomInfo:
    settings = table.settings
    host_seat = table.seat_of(table.host) if table.host is not None else None
    return protocol.RoomInfo(
        id=table.id, name=settings.name, host=_host_name(table),
        host_seat=None if host_seat is None else host_seat.id,
        max_seats=settings.max_seats,
        seats=_seat_infos(table),
        spectators=len(table.spectators), preset=settings.preset,
        rules=table.rules.to_dict(), turn_timeout=settings.turn_timeout,
        bot_delay=settings.bot_delay, password=settings.password is not None,
        started=table.started, bot_level=settings.bot_level,
        late_join=settings.late_join, queue=len(table.queue),
        rematch=tuple(table.votes.accepted), rematch_order=table.votes.order,
        match_over=table.match_over,
    )


def _seat_infos(table: Table) -> tuple[protocol.SeatInfo, ...]:
    return tuple(
        protocol.SeatInfo(seat=s.id, name=s.name, kind=protocol.SeatKind(s.kind),
                          level=s.level if s.kind == "bot" else None,
                          connected=s.connected, away=s.away, quit=s.quit,
                          **_seat_stats(table, s))
        for s in table.seats)


def _seat_stats(table: Table, seat: Seat) -> dict[str, int | None]:
    """The lobby's line of a seat (``protocol.SeatInfo.hands``): its player's hands under the rules."""
    stats = table.server.stats
    if stats is None:
        return {}
    rules = rules_name(table.settings.preset, table.settings.overrides)
    counts = stats.counts(rules, player_key(seat.kind, seat.name, seat.level))
    return {"hands": 0, "hands_won": 0} if counts is None else {
        "hands": counts.hands, "hands_won": counts.hands_won}


def _host_name(table: Table) -> str:
    return table.host.name if table.host is not None else "-"
