"""A match that notes what changed it, so that the store can write a move instead of the game.

A room's match is a ``JournaledGame``: while its ``journal`` is a list (the store sets one when
it writes a snapshot), every successful ``apply``, ``push`` and ``next_hand`` is noted there as an
entry of plain data. The store writes each new entry as it comes (one small row) and the whole
game only now and then; on restore it replays the entries through the engine, which does exactly
what it did the first time: its random source is in the snapshot (``engine.KeyedRandom``).

An entry is a JSON list: ``["next_hand"]``, or the acting seat and the action in its one wire
form (protocol/actions.py: the body of an ``action`` message), e.g.
``["2", {"kind": "play", "card": "W", "color": "R"}]``. Entries of the form written before
(still read: a state directory outlives an upgrade) are the action's class name and its fields
in order, e.g. ``["PlayCard", "2", "W", "R", null, false]``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import Action, Card, Color, Event, Game
from protocol import ProtocolError
from protocol.actions import ACTION_CLASSES, action_from_wire, action_to_wire

NEXT_HAND = "next_hand"
_NEXT_HAND_ENTRY = (NEXT_HAND,)
# The entry of each action seen lately: the engine makes each seat's actions once, so a few
# hundred entries make most games' moves, and the store's log keeps each one's text (movelog).
_ENTRIES: dict[Action, tuple[str, dict[str, Any]]] = {}
_MAX_ENTRIES = 4096


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


def action_entry(action: Action) -> tuple[str, dict[str, Any]]:
    """The journal entry of ``action``: its seat and its wire form (shared: nobody changes it)."""
    entry = _ENTRIES.get(action)
    if entry is None:
        if len(_ENTRIES) >= _MAX_ENTRIES:  # (actions made anew each time would fill it)
            _ENTRIES.clear()
        entry = _ENTRIES[action] = (action.seat, action_to_wire(action))
    return entry


def action_from_entry(entry: list[Any]) -> Action:
    """The action of a journal entry read back, in either form. Raises ``ValueError``."""
    if len(entry) == 2 and isinstance(entry[1], dict):
        seat, wire = entry
        if not isinstance(seat, str):
            raise ValueError(f"not a journal entry: {entry!r}")
        try:
            return action_from_wire(wire, seat)
        except ProtocolError as exc:
            raise ValueError(f"not a journal entry: {entry!r} ({exc})") from None
    return _action_from_old_entry(entry)


# ---------------------------------------------------------------------------- the form before

_OLD_KINDS: dict[str, type] = {cls.__name__: cls for cls in ACTION_CLASSES}
_OLD_FIELDS = {name: tuple(f.name for f in dataclasses.fields(cls)) for name, cls in _OLD_KINDS.items()}


def _action_from_old_entry(entry: list[Any]) -> Action:
    """``[class name, *fields]`` (cards and colours in their text form), as written before."""
    name, *values = entry
    fields = _OLD_FIELDS.get(name) if isinstance(name, str) else None
    if fields is None or len(values) != len(fields):
        raise ValueError(f"not a journal entry: {entry!r}")
    kwargs: dict[str, Any] = {}
    for field, value in zip(fields, values, strict=True):
        if field == "card":
            value = Card.parse(value) if isinstance(value, str) else value
        elif field == "color" and value is not None:
            value = Color(value)
        kwargs[field] = value
    action: Action = _OLD_KINDS[name](**kwargs)
    return action
