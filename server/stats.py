"""Statistics per player and per rule set, counted from the events a room's match already makes
(engine/events.py): matches and hands played and won, points, the turns of the hands played
(the average hand length is in turns: ``TurnStarted`` events), UNO calls missed (penalised:
``Drew`` with reason ``uno_penalty``) and catches made (``Caught`` that was not a false catch),
challenges of a Wild Draw Four won and lost (by the challenger: ``Challenged.guilty``).

People are counted by name, bots by level (``bot:LEVEL``), whatever their seat's name. A room
feeds each change's events to its ``Tally`` (a few integer additions per move: nothing is
written then); the totals reach the store (server/statstore.py) when a hand or a match ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Protocol

import engine
from engine.events import (
    Caught,
    Challenged,
    DrawReason,
    Drew,
    HandEnded,
    HandStarted,
    MatchEnded,
    TurnStarted,
)

BOT_PREFIX = "bot:"  # the key of a bot level's statistics: ``bot:normal``


@dataclass(slots=True)
class Counts:
    """One player's totals under one rule set."""

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    points: int = 0
    turns: int = 0  # the turns of every hand played (their average: ``hand_length``)
    uno_missed: int = 0
    catches: int = 0
    challenges_won: int = 0
    challenges_lost: int = 0

    def add(self, other: Counts) -> None:
        for name in FIELDS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def hand_length(self) -> float:
        """The average hand length, in turns."""
        return self.turns / self.hands if self.hands else 0.0

    def to_record(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in FIELDS}

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Counts:
        """Raises ``TypeError`` or ``ValueError`` for a bad record (missing fields count 0)."""
        values = {name: int(record.get(name, 0)) for name in FIELDS}
        if any(v < 0 for v in values.values()):
            raise ValueError("a negative count")
        return cls(**values)


FIELDS = tuple(f.name for f in fields(Counts))


class SeatLike(Protocol):
    """What the counting needs of a room's seat (server/table.py)."""

    id: str
    name: str
    kind: str
    level: str


def by_player(counts: Mapping[str, Counts], seats: Iterable[SeatLike]) -> dict[str, Counts]:
    """A hand's or match's ``counts`` by seat id, by player: whoever sits in the seat now (a late
    arrival, a bot after a leave) gets its counts; bots of one level add up."""
    players: dict[str, Counts] = {}
    for seat in seats:
        more = counts.get(seat.id)
        if more is not None:
            players.setdefault(player_key(seat.kind, seat.name, seat.level), Counts()).add(more)
    return players


def player_key(kind: str, name: str, level: str) -> str:
    """Whose statistics a seat's play counts in: a person's name, or a bot's level."""
    return BOT_PREFIX + level if kind == "bot" else name


def rules_name(preset: str, overrides: Mapping[str, Any]) -> str:
    """The rule set's name: the preset's, with the options changed from it (sorted)."""
    base = engine.PRESETS[preset].to_dict() if preset in engine.PRESETS else {}
    changed = sorted((k, v) for k, v in overrides.items() if base.get(k) != v)
    if not changed:
        return preset
    return preset + " " + ",".join(f"{k}={_short(v)}" for k, v in changed)


def rules_of_name(name: str) -> tuple[str, dict[str, Any]]:
    """The preset and the options changed that ``rules_name`` wrote as ``name``."""
    preset, _, changed = name.partition(" ")
    overrides: dict[str, Any] = {}
    for pair in filter(None, changed.split(",")):
        option, _, text = pair.partition("=")
        overrides[option] = _LONG.get(text, int(text) if text.isdigit() else text)
    return preset, overrides


def _short(value: Any) -> str:
    if value is True:
        return "on"
    if value is False:
        return "off"
    if value is None:  # (a target of none: single hands)
        return "none"
    return str(value)


_LONG: dict[str, Any] = {"on": True, "off": False, "none": None}  # (what ``_short`` wrote)


class Tally:
    """The counts of the hand in play, by seat id, fed with the match's events. ``feed`` returns
    the counts of each hand or match that ended in them, for the store."""

    def __init__(self) -> None:
        self.hand: dict[str, Counts] = {}
        self.turns = 0

    def _of(self, seat: str) -> Counts:
        counts = self.hand.get(seat)
        if counts is None:
            counts = self.hand[seat] = Counts()
        return counts

    def feed(self, events: Iterable[engine.Event],
             seats: Sequence[str]) -> list[dict[str, Counts]]:
        """Count ``events`` (``seats``: the match's seat ids); what ended in them, each as the
        counts to add by seat id."""
        done: list[dict[str, Counts]] = []
        for e in events:
            if isinstance(e, TurnStarted):
                self.turns += 1
            elif isinstance(e, Drew):
                if e.reason == DrawReason.UNO_PENALTY:
                    self._of(e.seat).uno_missed += 1
            elif isinstance(e, Caught):
                if not e.false_catch:
                    self._of(e.seat).catches += 1
            elif isinstance(e, Challenged):
                counts = self._of(e.seat)
                if e.guilty:
                    counts.challenges_won += 1
                else:
                    counts.challenges_lost += 1
            elif isinstance(e, HandStarted):
                self.hand, self.turns = {}, 0
            elif isinstance(e, HandEnded):
                done.append(self._hand_over(e, seats))
            elif isinstance(e, MatchEnded):
                done.append({seat: Counts(matches=1, matches_won=int(seat == e.winner))
                             for seat in seats})
        return done

    def _hand_over(self, event: HandEnded, seats: Sequence[str]) -> dict[str, Counts]:
        result = {}
        for seat in seats:
            counts = self._of(seat)
            counts.hands, counts.turns = 1, self.turns
            if seat == event.winner:
                counts.hands_won, counts.points = 1, event.points
            result[seat] = counts
        self.hand, self.turns = {}, 0
        return result

    # ---- the hand in play, in the room's record (a restart in the middle of a hand)

    def to_record(self) -> dict[str, Any]:
        return {"turns": self.turns,
                "seats": {seat: counts.to_record() for seat, counts in self.hand.items()}}

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | None) -> Tally:
        tally = cls()
        if record is not None:
            tally.turns = int(record["turns"])
            tally.hand = {str(seat): Counts.from_record(c) for seat, c in record["seats"].items()}
        return tally
