"""Engine values on the wire, in one namespace: each concept has its module (``cards``,
``actions``, ``views``, ``events``, and ``values`` for the records without an encoder of their
own), with one encoder and one decoder. Decoding checks every field and raises
``ProtocolError(BAD_FIELD)``.
"""

from __future__ import annotations

from .actions import (
    _ACTION_WIRE,
    _USED_FIELDS,
    action_from_act,
    action_from_wire,
    action_to_act,
    action_to_wire,
    actions_to_wire,
)
from .cards import CARD_TEXT, card_from_wire, color_from_wire
from .events import EVENT_TYPES, event_from_wire, event_to_wire
from .values import to_wire
from .views import seat_views_to_wire, view_from_wire, view_to_wire

__all__ = [
    "CARD_TEXT",
    "EVENT_TYPES",
    "_ACTION_WIRE",
    "_USED_FIELDS",
    "action_from_act",
    "action_from_wire",
    "action_to_act",
    "action_to_wire",
    "actions_to_wire",
    "card_from_wire",
    "color_from_wire",
    "event_from_wire",
    "event_to_wire",
    "seat_views_to_wire",
    "to_wire",
    "view_from_wire",
    "view_to_wire",
]
