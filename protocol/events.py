"""Events on the wire: ``{"type": <name>, <field>: <value>, ...}``, the name being the event
class's in snake case (``CardPlayed`` → ``card_played``). One encoder, one decoder."""

from __future__ import annotations

import dataclasses
import functools
import re
import typing
from typing import Any

from engine import events as ev
from engine.cards import Card, Color

from .cards import CARD_TEXT
from .errors import bad_field
from .values import hints, record_from_wire, to_wire

EVENT_TYPES: dict[str, type] = {
    re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower(): cls
    for cls in typing.get_args(ev.Event)
}
_EVENT_NAME = {cls: name for name, cls in EVENT_TYPES.items()}


def event_to_wire(event: ev.Event) -> dict[str, Any]:
    cls: type = type(event)  # (as plain ``type``: mypy finds the event classes unhashable)
    data: dict[str, Any] = {"type": _EVENT_NAME[cls]}
    for name, convert in _event_fields(cls):
        value = getattr(event, name)
        data[name] = value if convert is None or value is None else convert(value)
    return data


def _card_text(card: Card) -> str:
    return CARD_TEXT[card]


def _color_letter(color: Color) -> str:
    return color.value


def _cards_text(cards: tuple[Card, ...]) -> list[str]:
    return [CARD_TEXT[card] for card in cards]


@functools.cache
def _event_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """Each field of an event class, with what makes its wire value (None: the value as it is)."""
    types_of = hints(cls)
    converters: dict[Any, Any] = {str: None, str | None: None, int: None, bool: None,
                                  Card: _card_text, Card | None: _card_text,
                                  Color: _color_letter, Color | None: _color_letter,
                                  tuple[Card, ...] | None: _cards_text}
    return tuple((f.name, converters.get(types_of[f.name], to_wire))
                 for f in dataclasses.fields(cls))


def event_from_wire(data: Any) -> ev.Event:
    if not isinstance(data, dict):
        raise bad_field("event", "expected a map")
    type_name = data.get("type")
    cls = EVENT_TYPES.get(type_name) if isinstance(type_name, str) else None
    if cls is None:
        raise bad_field("event", "unknown event type")
    body = {k: v for k, v in data.items() if k != "type"}
    event: ev.Event = record_from_wire(cls, body, f"event.{data['type']}")
    return event


__all__ = ["EVENT_TYPES", "event_from_wire", "event_to_wire"]
