"""A hand played again: its first position, its actions and its reshuffles, and every position.

A hand's record needs no random source, so it can be shown to anybody: the position just after
the deal (a snapshot, engine/snapshot.py, whose ``rng`` is null), every action in order, and the
draw pile after each reshuffle of the discards (R16) as the game noted it
(``GameState.shuffle_log``). The random source itself is never written down: with it, anyone could
work out the deals of the hands still to come in the match. ``replay_hand`` restores the first
position with ``WrittenShuffles``, a source that gives back the noted piles in order, and carries
out each action through the checked ``Game.apply``, so a damaged or forged record is refused with
a ``ReplayError`` naming the fault instead of showing positions no game could reach.

An action is written as a JSON list: its class name and its fields in order, cards and colours in
their text form, e.g. ``["PlayCard", "2", "W", "R", null, false]`` (``action_to_data``).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    KeepDrawing,
    Pass,
    PlayCard,
)
from .cards import Card, Color, Rank
from .events import (
    Dealt,
    DirectionChanged,
    DrawReason,
    Drew,
    Event,
    HandStarted,
    Skipped,
    StartingCard,
    TurnStarted,
)
from .game import Game
from .snapshot import SnapshotError
from .state import HAND_SIZE

_KINDS: dict[str, type] = {cls.__name__: cls for cls in (
    PlayCard, JumpIn, Draw, KeepDrawing, Pass, ChooseColor, Challenge, Accept, CallUno, Catch)}
_FIELDS = {name: tuple(f.name for f in dataclasses.fields(cls)) for name, cls in _KINDS.items()}
RECORD_KEYS = ("start", "actions", "shuffles")


class ReplayError(ValueError):
    """Raised when a hand's record is damaged: it does not replay as a hand of UNO. ``kind`` says
    why in a word a program can put in its own language: ``damaged`` (the record; the message says
    how), and for a replay file (protocol/replays.py) ``too_large``, ``not_replay`` (not one at
    all) or ``version`` (of a version this program does not read)."""

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


def action_to_data(action: Action) -> list[Any]:
    """``action`` as a JSON list (see the module's docstring)."""
    name = type(action).__name__
    return [name, *(_to_data(getattr(action, field)) for field in _FIELDS[name])]


def _to_data(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Color):
        return value.value
    return value


def action_from_data(data: Any) -> Action:
    """The action ``action_to_data`` wrote; ``ReplayError`` for anything else (wrong kind, count
    or type of a field). Whether the action is legal is the game's business."""
    if not isinstance(data, list) or not data or not isinstance(data[0], str):
        raise ReplayError(f"not an action: {data!r:.80}")
    name, *values = data
    fields = _FIELDS.get(name)
    if fields is None or len(values) != len(fields):
        raise ReplayError(f"not an action: {data!r:.80}")
    kwargs: dict[str, Any] = {}
    for field, value in zip(fields, values, strict=True):
        kwargs[field] = _field_from_data(field, value)
    action: Action = _KINDS[name](**kwargs)
    return action


def _field_from_data(field: str, value: Any) -> Any:
    if field == "card":
        return _card(value)
    if field == "color":
        if value is None:
            return None
        try:
            return Color(value)
        except ValueError:
            raise ReplayError(f"not a colour: {value!r:.20}") from None
    if field == "uno":
        if type(value) is not bool:
            raise ReplayError("uno is true or false")
        return value
    if field == "target" and value is None:
        return None
    if not isinstance(value, str):  # seat, target
        raise ReplayError(f"{field} is a seat id")
    return value


def _card(value: Any) -> Card:
    try:
        if not isinstance(value, str):
            raise ValueError
        card = Card.parse(value)
    except ValueError:
        raise ReplayError(f"not a card: {value!r:.20}") from None
    if str(card) != value:  # the exact text form only
        raise ReplayError(f"not a card: {value!r:.20}")
    return card


class WrittenShuffles(random.Random):
    """The random source of a replayed hand: each ``shuffle`` gives the next written-down pile,
    which must hold exactly the cards being shuffled. Nothing else is random within a hand."""

    def __init__(self, piles: Sequence[Sequence[Card]]) -> None:
        super().__init__(0)
        self._piles: Iterator[Sequence[Card]] = iter(piles)
        self.left = len(piles)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        pile = next(self._piles, None)
        if pile is None:
            raise ReplayError("the hand reshuffles more often than its record says")
        if Counter(pile) != Counter(x):
            raise ReplayError("a reshuffled pile does not hold the discarded cards")
        self.left -= 1
        x[:] = pile

    def getrandbits(self, k: int) -> int:
        raise ReplayError("a replayed hand draws on nothing random but its reshuffles")

    def random(self) -> float:
        raise ReplayError("a replayed hand draws on nothing random but its reshuffles")

    def getstate(self) -> Any:
        raise NotImplementedError  # nothing to keep: a snapshot of a replayed game has no rng


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand: ``start`` the snapshot just after its deal (``rng`` null), then ``actions``,
    with ``shuffles`` the draw pile after each reshuffle, top card last."""

    start: dict[str, Any]
    actions: tuple[Action, ...]
    shuffles: tuple[tuple[Card, ...], ...]

    def to_data(self) -> dict[str, Any]:
        return {"start": self.start, "actions": [action_to_data(a) for a in self.actions],
                "shuffles": [[str(c) for c in pile] for pile in self.shuffles]}

    @classmethod
    def from_data(cls, data: Any) -> HandRecord:
        """The record ``to_data`` wrote; ``ReplayError`` for a wrong shape (``replay_hand``
        checks that it plays)."""
        if not isinstance(data, dict) or set(data) != set(RECORD_KEYS):
            raise ReplayError(f"a hand's record has exactly the keys {', '.join(RECORD_KEYS)}")
        start, actions, shuffles = data["start"], data["actions"], data["shuffles"]
        if not isinstance(start, dict) or start.get("rng") is not None:
            raise ReplayError("start is a snapshot without a random source")
        if not isinstance(actions, list) or not isinstance(shuffles, list):
            raise ReplayError("actions and shuffles are lists")
        piles = []
        for pile in shuffles:
            if not isinstance(pile, list):
                raise ReplayError("a reshuffled pile is a list of cards")
            piles.append(tuple(_card(c) for c in pile))
        return cls(start, tuple(action_from_data(a) for a in actions), tuple(piles))


@dataclass(frozen=True, slots=True)
class Position:
    """One position of a replayed hand: ``game`` as it stands after ``action`` (None for the
    deal) and the ``events`` it made."""

    game: Game
    action: Action | None
    events: tuple[Event, ...]


def replay_hand(record: HandRecord) -> list[Position]:
    """Every position of the hand, from its deal to its end; ``ReplayError`` if the record does
    not replay exactly (a bad snapshot, an action the rules refuse, reshuffles that do not fit, a
    hand that does not end with its last action)."""
    return [Position(_copy(game), action, events) for game, action, events in _steps(record)]


def hand_so_far(record: HandRecord) -> tuple[Game, list[tuple[Event, ...]]]:
    """A hand still being played (a server restarted in it): its first position and the events
    of each of its actions so far, without the copy of every position ``replay_hand`` makes;
    ``ReplayError`` as ``replay_hand`` for a record that does not replay."""
    steps = _steps(record, whole=False)
    first, _, _ = next(steps)
    start = _copy(first)
    return start, [events for _, _, events in steps]


def deal_events(start: Game) -> list[Event]:
    """The events the deal of ``start``'s hand told (``start``: its first position, just after the
    deal, as ``hand_so_far`` gives it): the hand's start, each seat's seven cards, the first card
    and what it did (R6), and the first turn. ``Game``'s deal tells the same, but for a Wild Draw
    Four turned up and put back, which no position keeps."""
    seats, top = start.seats, start.top
    direction = -start.direction if top.rank is Rank.REVERSE else start.direction
    first = seats[(seats.index(start.dealer) + direction) % len(seats)]
    events: list[Event] = [HandStarted(start.hand_number, start.dealer, direction)]
    events += [Dealt(seat, HAND_SIZE, start.hand(seat)[:HAND_SIZE]) for seat in seats]
    events.append(StartingCard(top))
    if top.rank is Rank.DRAW_TWO:  # the first seat's two cards came after its seven
        drawn = start.hand(first)[HAND_SIZE:]
        events += [Drew(first, len(drawn), drawn, DrawReason.DRAW_TWO), Skipped(first)]
    elif top.rank is Rank.REVERSE:
        events.append(DirectionChanged(start.direction))
    elif top.rank is Rank.SKIP:
        events.append(Skipped(first))
    events.append(TurnStarted(start.current))
    return events


def _steps(record: HandRecord, *, whole: bool = True,
           ) -> Iterator[tuple[Game, Action | None, tuple[Event, ...]]]:
    """The hand's game after its deal and after each action (one game, changed as it goes), with
    the action and its events; checked to the end of the hand if ``whole``."""
    try:
        game = Game.restore(record.start)
    except SnapshotError as exc:
        raise ReplayError(f"the first position: {exc}") from None
    if game.hand_outcome() is not None:
        raise ReplayError("the first position is a hand already over")
    rng = WrittenShuffles(record.shuffles)
    game._rng = rng
    yield game, None, ()
    for number, action in enumerate(record.actions):
        if game.hand_outcome() is not None:
            raise ReplayError(f"action {number} comes after the end of the hand")
        try:
            events = game.apply(action)
        except ValueError as exc:  # a RuleError, or a ReplayError from the shuffles
            raise ReplayError(f"action {number} ({type(action).__name__}): {exc}") from None
        yield game, action, tuple(events)
    if not whole:
        return
    if game.hand_outcome() is None:
        raise ReplayError("the hand does not end with its last action")
    if rng.left:
        raise ReplayError("the record has reshuffles the hand never made")


def _copy(game: Game) -> Game:
    return Game.restore(game.snapshot())


def start_of(game: Game) -> dict[str, Any]:
    """The snapshot that starts a hand's record: ``game`` just after a deal, without its random
    source."""
    data = game.snapshot()
    data["rng"] = None
    return data
