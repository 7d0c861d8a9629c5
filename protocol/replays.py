"""The replay format: one finished hand as a JSON document (docs/REPLAY.md), for a file
(`uno replay --export`) and for the ``replay`` message alike.

A document is read like a network message, since it may come from anyone: ``load_replay``
checks its size, that it is JSON, the format's name and version, every field (names are shown
text: the same rules as the protocol's), and then replays the hand through the engine
(``engine.replay.replay_hand``) and checks that the result written in it is the hand's. Anything
else raises ``ReplayError`` with a message for a person.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.events import HandEnded, StandInReason, TurnStarted
from engine.replay import HandRecord, Position, ReplayError, replay_hand

from .errors import ProtocolError
from .fields import Choice, Int, List, Optional, Str
from .kinds import SeatKind
from .limits import MAX_NAME, MAX_REPLAY_BYTES, MAX_ROOM_NAME
from .messages import BOT_LEVELS, Struct
from .structs import nested, spec

FORMAT = "uno-replay"
REPLAY_VERSION = 3  # the version written
READ_VERSIONS = (1, 2, REPLAY_VERSION)  # version 1 lacks ``earlier``, 2 ``stood_in``
MAX_EARLIER = 64  # a hand's seats changing hands that a replay tells (server/history.py)
MAX_STOOD_IN = 500  # ... and the turns a stand-in played (past these, the first are kept)
_SEAT = Str(16, 1)
_TOP_KEYS = ("format", "version", "hand")


@dataclass(frozen=True, slots=True)
class ReplayPlayer(Struct):
    """Who sat at a seat during the hand: ``kind`` human or bot, ``level`` a bot's."""

    seat: str = spec(_SEAT)
    name: str = spec(Str(MAX_NAME, 1, text=True))
    kind: SeatKind = spec(Choice(SeatKind))
    level: str | None = spec(Optional(Str(8, choices=BOT_LEVELS)), None)


@dataclass(frozen=True, slots=True)
class EarlierPlayer(Struct):
    """Who sat at a seat before it changed hands during the hand: ``player``, who made its moves
    up to move ``until`` (the number of the hand's actions made when they left; 0: none)."""

    until: int = spec(Int(0, 100_000))
    player: ReplayPlayer = nested(ReplayPlayer)


@dataclass(frozen=True, slots=True)
class StoodIn(Struct):
    """A turn the stand-in played for ``seat`` (``reason``: its person was away, or let the time
    run out), from the hand's action number ``after`` + 1 to the turn's end."""

    after: int = spec(Int(0, 100_000))
    seat: str = spec(_SEAT)
    reason: StandInReason = spec(Choice(StandInReason))


@dataclass(frozen=True, slots=True)
class ReplayInfo(Struct):
    """What a replay says about its hand besides the moves: when it ended (UTC, ISO 8601), the
    table's name, the match (``match``: the server's name for it, the same for every hand of it)
    and the hand's number in it, the players, and the result (written for lists; checked against
    the replayed hand when read). ``players`` are who sat at each seat at the end of the hand;
    ``earlier``, who sat at a seat before, in the order they left it; ``stood_in``, the turns a
    stand-in played, in order."""

    ended: str = spec(Str(32, 1))
    table: str = spec(Str(MAX_ROOM_NAME, 1, text=True))
    match: str = spec(Str(64, 1))
    hand_number: int = spec(Int(1, 10_000))
    players: tuple[ReplayPlayer, ...] = nested(ReplayPlayer, many=10)
    winner: str = spec(_SEAT)
    points: int = spec(Int(0, 100_000))
    scores: tuple[int, ...] = spec(List(Int(0, 1_000_000), 10))
    match_winner: str | None = spec(Optional(_SEAT), None)
    earlier: tuple[EarlierPlayer, ...] = nested(EarlierPlayer, many=MAX_EARLIER, empty=True)
    stood_in: tuple[StoodIn, ...] = nested(StoodIn, many=MAX_STOOD_IN, empty=True)


@dataclass(frozen=True)
class Replay:
    """A finished hand: ``info`` and its ``record``. ``positions`` (replayed once, on demand)
    are every position from the deal to the end."""

    info: ReplayInfo
    record: HandRecord
    _positions: list[Position] = field(default_factory=list, compare=False, repr=False)
    # ``record.to_data()`` as JSON text, when whoever made the replay has it already (the
    # server's game keeps it: converting a long hand again cost it about a millisecond)
    hand_text: str | None = field(default=None, compare=False, repr=False)

    def positions(self) -> list[Position]:
        if not self._positions:
            self._positions.extend(replay_hand(self.record))
        return self._positions

    def player(self, seat: str, move: int | None = None) -> ReplayPlayer | None:
        """Who made move ``move`` (counting from 1, as the viewer does: move i made position i;
        0, the deal) at ``seat``: the first of those who left it after that move, else who sat
        there at the end; None: no such seat. ``move`` None: at the end."""
        if move is not None:
            for earlier in self.info.earlier:
                if earlier.player.seat == seat and earlier.until >= move:
                    return earlier.player
        return next((player for player in self.info.players if player.seat == seat), None)

    def players_at(self, seat: str) -> tuple[ReplayPlayer, ...]:
        """Everyone who played at ``seat`` during the hand, in order: those who left it (the
        first from the deal), then who sat there at the end."""
        last = self.player(seat)
        return (*(e.player for e in self.info.earlier if e.player.seat == seat),
                *(() if last is None else (last,)))

    def name_of(self, seat: str, move: int | None = None) -> str:
        """The name of ``player(seat, move)`` (the seat's id if there is none)."""
        player = self.player(seat, move)
        return seat if player is None else player.name

    def stand_in_at(self, move: int) -> StoodIn | None:
        """The stand-in's turn that move ``move`` (counting from 1) is part of; None: a move its
        seat's player made."""
        stood = next((s for s in reversed(self.info.stood_in) if s.after < move), None)
        if stood is None:
            return None
        positions = self.positions()
        for k in range(stood.after + 1, move):  # (the turn passed on before move ``move``?)
            if any(isinstance(event, TurnStarted | HandEnded) for event in positions[k].events):
                return None
        return stood

    def changes_of_hands(self) -> list[tuple[int, ReplayPlayer, ReplayPlayer]]:
        """Each time a seat changed hands, in order: after which move (0: the deal), who left it
        and who sat down."""
        earlier, changes = self.info.earlier, []
        for number, left in enumerate(earlier):
            seat = left.player.seat
            after = next((e.player for e in earlier[number + 1:] if e.player.seat == seat),
                         self.player(seat))
            assert after is not None  # (``_check_result``: every seat has a player)
            changes.append((left.until, left.player, after))
        return changes

    def to_data(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": REPLAY_VERSION, **self.info.to_wire(),
                "hand": self.record.to_data()}

    def to_text(self) -> str:
        """The document as a file holds it (compact JSON, one line)."""
        head = json.dumps({"format": FORMAT, "version": REPLAY_VERSION, **self.info.to_wire()},
                          separators=(",", ":"), ensure_ascii=False, allow_nan=False)
        hand = self.hand_text or json.dumps(self.record.to_data(), separators=(",", ":"),
                                            ensure_ascii=False, allow_nan=False)
        return f'{head[:-1]},"hand":{hand}}}'



def load_replay(text: str | bytes) -> Replay:
    """The replay ``text`` holds, checked through and through (see the module's docstring)."""
    if len(text) > MAX_REPLAY_BYTES:
        raise ReplayError(f"too large for a replay (over {MAX_REPLAY_BYTES} bytes)", "too_large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # (UnicodeDecodeError is a ValueError)
        raise ReplayError("not an UNO replay: it is not JSON", "not_replay") from None
    return replay_from_data(data)


def replay_from_data(data: Any) -> Replay:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError("not an UNO replay (no \"format\": \"uno-replay\")", "not_replay")
    version = data.get("version")
    if type(version) is not int or version not in READ_VERSIONS:
        raise ReplayError(f"a replay of version {version!r:.12}: this uno reads versions "
                          f"{', '.join(map(str, READ_VERSIONS))}", "version")
    try:
        info = ReplayInfo.from_wire({k: v for k, v in data.items() if k not in _TOP_KEYS})
    except ProtocolError as exc:
        raise ReplayError(f"a damaged replay: {exc}") from None
    replay = Replay(info, HandRecord.from_data(data.get("hand")))
    _check_result(replay)
    return replay


def _check_result(replay: Replay) -> None:
    """Replay the hand; what the document says of it must be what happened."""
    positions = replay.positions()
    first, last = positions[0].game, positions[-1].game
    info = replay.info
    if [p.seat for p in info.players] != list(first.seats):
        raise ReplayError("a damaged replay: its players are not the hand's seats")
    untils = [earlier.until for earlier in info.earlier]
    if (untils != sorted(untils) or any(until > len(positions) - 1 for until in untils)
            or any(earlier.player.seat not in first.seats for earlier in info.earlier)):
        raise ReplayError("a damaged replay: its earlier players are not the hand's")
    afters = [stood.after for stood in info.stood_in]
    if (afters != sorted(afters) or any(after >= len(positions) - 1 for after in afters)
            or any(stood.seat not in first.seats for stood in info.stood_in)):
        raise ReplayError("a damaged replay: its stand-in's turns are not the hand's")
    result, outcome = last.hand_outcome(), last.outcome()
    assert result is not None  # replay_hand checks the hand ends
    if (result.winner, result.points, list(info.scores)) != (info.winner, info.points, last.scores):
        raise ReplayError("a damaged replay: its result is not the hand's")
    if info.match_winner != (None if outcome is None else outcome.winner):
        raise ReplayError("a damaged replay: its match result is not the hand's")
    if info.hand_number != first.hand_number:
        raise ReplayError("a damaged replay: its hand number is not the hand's")
