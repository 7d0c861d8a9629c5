"""Checked records: frozen dataclasses whose fields carry a spec (``spec``, ``nested``), checked
on construction, with ``to_wire`` and ``from_wire``. Messages and the records they hold are made
of these (messages.py)."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .errors import EXTRA_FIELD, MISSING_FIELD, NOT_A_MAP, ProtocolError
from .fields import List, Optional, Spec

T = TypeVar("T", bound="Struct")


def spec(s: Spec, default: Any = dataclasses.MISSING, *, factory: Any = dataclasses.MISSING) -> Any:
    """A dataclass field checked by ``s``; with a default, it may be left out on the wire."""
    return field(default=default, default_factory=factory, metadata={"spec": s})


@dataclass(frozen=True, slots=True)
class Struct:
    """A checked record: built from trusted code or from wire data, always validated."""

    def __post_init__(self) -> None:
        cls: type = type(self)  # (as plain ``type``: mypy finds a Struct class unhashable)
        for name, field_spec in _specs(cls):
            value = getattr(self, name)
            checked = field_spec.check(name, value)
            if checked is not value:
                object.__setattr__(self, name, checked)

    def to_wire(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        cls: type = type(self)
        for name, holds_records in _wire_plan(cls):
            value = getattr(self, name)
            if isinstance(value, tuple):
                value = [v.to_wire() for v in value] if holds_records else list(value)
            elif holds_records and value is not None:
                value = value.to_wire()
            out[name] = value
        return out

    @classmethod
    def from_wire(cls: type[T], data: Any, *, ignore: tuple[str, ...] = ()) -> T:
        if not isinstance(data, dict):
            raise ProtocolError(NOT_A_MAP, f"{cls.__name__} must be a map")
        plain: type = cls  # (as plain ``type``: mypy finds a Struct class unhashable)
        names, plan = _reading_plan(plain)
        for key in data:
            if key not in names and key not in ignore:
                raise ProtocolError(EXTRA_FIELD, f"unexpected field {str(key)[:32]!r}")
        values: dict[str, Any] = {}
        for name, nested, required in plan:
            if name in data:
                value = data[name]
                if nested is not None:
                    value = _from_wire_nested(nested, name, value)
                values[name] = value
            elif required:
                raise ProtocolError(MISSING_FIELD, f"missing field {name!r}")
        return cls(**values)


@functools.cache
def _reading_plan(cls: type) -> tuple[frozenset[str], tuple[tuple[str, Any, bool], ...]]:
    """The field names, and for each field: its name, its ``nested`` record info (or None) and
    whether it must be given (cached: a message arrives at every move)."""
    fields = dataclasses.fields(cls)
    return frozenset(f.name for f in fields), tuple(
        (f.name, f.metadata.get("struct"),
         f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
        for f in fields)


@functools.cache
def _specs(cls: type) -> tuple[tuple[str, Spec], ...]:
    """Each field's name and spec (cached: messages are built and sent on every move)."""
    return tuple((f.name, f.metadata["spec"]) for f in dataclasses.fields(cls))


@functools.cache
def _wire_plan(cls: type) -> tuple[tuple[str, bool], ...]:
    """Each field's name, and whether it holds records (``nested``) rather than plain values."""
    return tuple((f.name, "struct" in f.metadata) for f in dataclasses.fields(cls))


def nested(struct: type[Struct], *, many: int = 0, optional: bool = False, empty: bool = False) -> Any:
    """A field holding a Struct (or, with ``many``, an array of at most that many; with
    ``empty``, an array that may be left out: then empty)."""
    inner: Spec = _StructSpec(struct)
    if many:
        inner = List(inner, many)
    if optional:
        inner = Optional(inner)
    default = None if optional else dataclasses.MISSING
    factory: Any = tuple if empty else dataclasses.MISSING
    return field(default=default, default_factory=factory,
                 metadata={"spec": inner, "struct": (struct, many, optional)})


class _StructSpec(Spec):
    def __init__(self, struct: type[Struct]) -> None:
        self.struct = struct
        self.doc = f"`{struct.__name__}`"

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, self.struct):
            raise self.fail(name, f"expected {self.struct.__name__}")
        return value


def _from_wire_nested(info: tuple[type[Struct], int, bool], name: str, value: Any) -> Any:
    struct, many, optional = info
    if value is None and optional:
        return None
    if many:
        if not isinstance(value, list | tuple):
            raise Spec.fail(name, "expected an array")
        if len(value) > many:
            raise Spec.fail(name, f"at most {many} items")
        return tuple(_record_from_wire(struct, f"{name}[{i}]", item) for i, item in enumerate(value))
    return _record_from_wire(struct, name, value)


def _record_from_wire(struct: type[Struct], name: str, value: Any) -> Struct:
    # A field that should hold a record but holds something else is a mistyped field.
    if not isinstance(value, dict):
        raise Spec.fail(name, f"expected a {struct.__name__} map")
    return struct.from_wire(value)


__all__ = ["Struct", "nested", "spec"]
