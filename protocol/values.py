"""Engine values by their types, for the records without an encoder of their own (events, a
view's fields): ``to_wire`` writes any engine value as plain msgpack data, ``from_wire`` reads
one back by its type hint, checking it completely with the same field specs as the messages.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from typing import Any

from engine.actions import Action
from engine.cards import Card, Color
from engine.rules import RuleSet

from .actions import ACTION_CLASSES, action_to_wire
from .cards import CARD_TEXT, card_from_wire, color_from_wire
from .errors import bad_field
from .fields import Bool, Int, Str

MAX_ITEMS = 512  # items of an array in an event or a view
_BOOL = Bool()
_INT = Int(-2**31, 2**31)
_STR = Str(64)


def to_wire(value: Any) -> Any:
    """Engine values as plain msgpack data."""
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Card):
        return CARD_TEXT[value]
    if isinstance(value, Color):
        return value.value
    if isinstance(value, tuple | list):
        return [to_wire(v) for v in value]
    if isinstance(value, RuleSet):
        return value.to_dict()
    if isinstance(value, ACTION_CLASSES):
        return action_to_wire(typing.cast(Action, value))
    if dataclasses.is_dataclass(value):
        return {f.name: to_wire(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot put {type(value).__name__} on the wire")


@functools.cache
def hints(cls: type) -> dict[str, Any]:
    """The type hints of a record class (cached: a record arrives at every move)."""
    return typing.get_type_hints(cls)


def from_wire(hint: Any, value: Any, name: str) -> Any:
    """Decode ``value`` as the type ``hint``, checking it completely."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        (inner,) = [o for o in options if o is not type(None)] or [hint]
        return from_wire(inner, value, name)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple) or len(value) > MAX_ITEMS:
            raise bad_field(name, "expected an array")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_wire(args[0], v, f"{name}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise bad_field(name, f"expected {len(args)} items")
        return tuple(from_wire(a, v, f"{name}[{i}]") for i, (a, v) in
                     enumerate(zip(args, value, strict=True)))
    if hint is Card:
        return card_from_wire(value, name)
    if hint is Color:
        return color_from_wire(value, name)
    if hint is bool:
        return _BOOL.check(name, value)
    if hint is int:
        return _INT.check(name, value)
    if hint is str:
        return _STR.check(name, value)
    if hint is RuleSet:
        if not isinstance(value, dict):
            raise bad_field(name, "expected a map of rule options")
        try:
            return RuleSet.from_dict(value)
        except (TypeError, ValueError) as exc:
            raise bad_field(name, str(exc)) from None
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return record_from_wire(hint, value, name)
    raise TypeError(f"no decoder for {hint!r}")


def record_fields(cls: type, value: Any, name: str) -> list[str]:
    """The field names of the record class ``cls``, once ``value`` is a map of exactly those."""
    if not isinstance(value, dict):
        raise bad_field(name, "expected a map")
    fields = [f.name for f in dataclasses.fields(cls)]
    if set(value) != set(fields):
        raise bad_field(name, f"expected the fields {', '.join(fields)}")
    return fields


def record_from_wire(cls: type, value: Any, name: str) -> Any:
    """An instance of the dataclass ``cls`` from its map, every field checked by its hint."""
    fields = record_fields(cls, value, name)
    types_of = hints(cls)
    return cls(**{f: from_wire(types_of[f], value[f], f"{name}.{f}") for f in fields})


__all__ = ["MAX_ITEMS", "from_wire", "hints", "record_fields", "record_from_wire", "to_wire"]
