"""The message registry: every message type under its wire name, per sender, and the decoder
that checks one decoded msgpack value as a message (protocol/messages.py declares the types)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from .errors import MISSING_FIELD, NOT_A_MAP, UNKNOWN_TYPE, ProtocolError
from .structs import Struct


class Sender(enum.Enum):
    CLIENT = "client"
    SERVER = "server"
    BOTH = "both"


@dataclass(frozen=True, slots=True)
class Message(Struct):
    TYPE: ClassVar[str] = ""
    SENDER: ClassVar[Sender] = Sender.BOTH


_REGISTRY: dict[Sender, dict[str, type[Message]]] = {Sender.CLIENT: {}, Sender.SERVER: {}}

M = TypeVar("M", bound=type[Message])


def message(type_name: str, sender: Sender) -> Any:
    """Class decorator: registers a message type under its wire name."""

    def register(cls: M) -> M:
        cls.TYPE = type_name
        cls.SENDER = sender
        for side in (Sender.CLIENT, Sender.SERVER):
            if sender in (side, Sender.BOTH):
                assert type_name not in _REGISTRY[side], type_name
                _REGISTRY[side][type_name] = cls
        return cls

    return register


def message_types(sender: Sender) -> dict[str, type[Message]]:
    """The messages ``sender`` may send, by wire name."""
    return dict(_REGISTRY[sender])


def decode_message(data: Any, sender: Sender) -> Message:
    """Check one decoded msgpack value as a message sent by ``sender``."""
    if not isinstance(data, dict):
        raise ProtocolError(NOT_A_MAP, "a message must be a map")
    type_name = data.get("type")
    if not isinstance(type_name, str):
        raise ProtocolError(MISSING_FIELD, "a message needs a string 'type'")
    cls = _REGISTRY[sender].get(type_name)
    if cls is None:
        raise ProtocolError(UNKNOWN_TYPE, f"unknown message type {type_name[:32]!r}")
    ignore = ("type", "seq") if sender is Sender.SERVER else ("type",)
    return cls.from_wire(data, ignore=ignore)
