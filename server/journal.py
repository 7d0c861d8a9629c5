"""A match that notes what changed it, so that the store can write a move instead of the game.

A room's match is a ``JournaledGame``: while its ``journal`` is a list (the store sets one when
it writes a snapshot), every successful ``apply``, ``push`` and ``next_hand`` is noted there as an
entry of plain data. The store writes each new entry as it comes (one small row) and the whole
game only now and then; on restore it replays the entries through the engine, which does exactly
what it did the first time: its random source is in the snapshot (``engine.KeyedRandom``).

An entry is a JSON list: ``["next_hand"]``, or the action's class name and its fields in order
(cards and colours in their text form), e.g. ``["PlayCard", "2", "W", "R", null, false]``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import (
    Accept,
    Action,
    CallUno,
    Card,
    Catch,
    Challenge,
    ChooseColor,
    Color,
    Draw,
    Event,
    Game,
    JumpIn,
    KeepDrawing,
    Pass,
    PlayCard,
)

NEXT_HAND = "next_hand"
_KINDS: dict[str, type] = {cls.__name__: cls for cls in (
    PlayCard, JumpIn, Draw, KeepDrawing, Pass, ChooseColor, Challenge, Accept, CallUno, Catch)}
_FIELDS = {name: tuple(f.name for f in dataclasses.fields(cls)) for name, cls in _KINDS.items()}
_NEXT_HAND_ENTRY = (NEXT_HAND,)


class JournaledGame(Game):
    """A ``Game`` that notes each change in ``journal`` (when it is a list)."""

    journal: list[tuple[Any, ...]] | None = None

    def apply(self, action: Action) -> list[Event]:
        events = super().apply(action)  # raises with nothing changed: nothing to note
        if self.journal is not None:
            self.journal.append(action_entry(action))
        return events

    def push(self, action: Action) -> list[Event]:
        events = super().push(action)
        if self.journal is not None:
            self.journal.append(action_entry(action))
        return events

    def next_hand(self) -> list[Event]:
        events = super().next_hand()
        if self.journal is not None:
            self.journal.append(_NEXT_HAND_ENTRY)
        return events

    def replay(self, entry: Any) -> list[Event]:
        """Carry out a journal ``entry`` again; its events. Raises ``ValueError`` (a
        ``RuleError`` is one) for an entry that is not one, or that the game refuses."""
        if not isinstance(entry, list) or not entry:
            raise ValueError(f"not a journal entry: {entry!r}")
        if entry == [NEXT_HAND]:
            return self.next_hand()
        return self.apply(action_from_entry(entry))


def action_entry(action: Action) -> tuple[Any, ...]:
    name = type(action).__name__
    return (name, *(_to_data(getattr(action, field)) for field in _FIELDS[name]))


def _to_data(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Color):
        return value.value
    return value


def action_from_entry(entry: list[Any]) -> Action:
    name, *values = entry
    fields = _FIELDS.get(name) if isinstance(name, str) else None
    if fields is None or len(values) != len(fields):
        raise ValueError(f"not a journal entry: {entry!r}")
    kwargs: dict[str, Any] = {}
    for field, value in zip(fields, values, strict=True):
        if field == "card":
            value = Card.parse(value) if isinstance(value, str) else value
        elif field == "color" and value is not None:
            value = Color(value)
        kwargs[field] = value
    action: Action = _KINDS[name](**kwargs)
    return action
