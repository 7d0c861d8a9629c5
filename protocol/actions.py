"""Actions on the wire. An action has one wire form, the body of an ``action`` message (``Act``):
``kind`` and the fields that kind uses. A view's ``legal`` list holds the same maps with only the
fields used (``action_to_wire``), so that a client sends one of them back as it is.

One encoder (``action_to_wire``; ``action_to_act`` is its map as a message) and one decoder
(``action_from_act``; ``action_from_wire`` reads a map as an ``Act`` first). The ``Act`` message
checks every field's form (a card, a colour letter, a seat); the decoder checks that the kind
uses the fields given.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import engine.actions
from engine.actions import Action
from engine.cards import Color

from .cards import CARD_BY_TEXT, CARD_TEXT
from .errors import ProtocolError, bad_field
from .kinds import ActionKind
from .messages import Act

_KIND_OF_ACTION: dict[type, ActionKind] = {
    engine.actions.PlayCard: ActionKind.PLAY, engine.actions.JumpIn: ActionKind.JUMP_IN,
    engine.actions.Draw: ActionKind.DRAW, engine.actions.KeepDrawing: ActionKind.KEEP_DRAWING,
    engine.actions.Pass: ActionKind.PASS, engine.actions.ChooseColor: ActionKind.CHOOSE_COLOR,
    engine.actions.Challenge: ActionKind.CHALLENGE, engine.actions.Accept: ActionKind.ACCEPT,
    engine.actions.CallUno: ActionKind.CALL_UNO, engine.actions.Catch: ActionKind.CATCH,
}
_ACTION_OF_KIND: dict[ActionKind, type] = {kind: cls for cls, kind in _KIND_OF_ACTION.items()}
ACTION_CLASSES: tuple[type, ...] = tuple(_KIND_OF_ACTION)  # (for isinstance)

# The fields each kind uses (PROTOCOL.md, "Actions"); the others must be left out (or nil/false).
_USED_FIELDS: dict[ActionKind, tuple[str, ...]] = {
    ActionKind.PLAY: ("card", "color", "target", "uno"),
    ActionKind.JUMP_IN: ("card", "target", "uno"),
    ActionKind.CHOOSE_COLOR: ("color",),
    ActionKind.CATCH: ("target",),
    ActionKind.DRAW: (), ActionKind.KEEP_DRAWING: (), ActionKind.PASS: (),
    ActionKind.CHALLENGE: (), ActionKind.ACCEPT: (), ActionKind.CALL_UNO: (),
}
_NEEDED_FIELD: dict[ActionKind, tuple[str, str]] = {  # the field a kind cannot do without
    ActionKind.PLAY: ("card", "'play' needs a card"),
    ActionKind.JUMP_IN: ("card", "'jump_in' needs a card"),
    ActionKind.CHOOSE_COLOR: ("color", "choose_color needs a colour"),
    ActionKind.CATCH: ("target", "catch needs a target seat"),
}


# ---------------------------------------------------------------------------- encoding


def action_to_wire(action: Action) -> dict[str, Any]:
    """An action as a compact map: ``kind`` plus only the fields it uses (in the order of
    ``Act``'s fields), as views list them in ``legal``."""
    wire: dict[str, Any] = {"kind": _KIND_OF_ACTION[type(action)].value}
    card = getattr(action, "card", None)
    if card is not None:
        wire["card"] = CARD_TEXT[card]
    color = getattr(action, "color", None)
    if color is not None:
        wire["color"] = color.value
    target = getattr(action, "target", None)
    if target is not None:
        wire["target"] = target
    if getattr(action, "uno", False):
        wire["uno"] = True
    return wire


def action_to_act(action: Action) -> Act:
    """The ``action`` message for an engine action, such as one of a view's ``legal`` actions
    (the seat is implied by the connection)."""
    return Act(**action_to_wire(action))


# The wire maps of the actions seen lately, by identity: the engine makes each seat's actions
# once, and views list them at every move. (The action is kept with its map, so that its id
# cannot be reused while it is here; the maps are shared, so nobody may change them.)
_ACTION_WIRE: dict[int, tuple[Action, dict[str, Any]]] = {}


def actions_to_wire(actions: Iterable[Action]) -> list[dict[str, Any]]:
    """``[action_to_wire(a) for a in actions]``, each map made once per action."""
    known = _ACTION_WIRE
    wired = []
    for action in actions:
        entry = known.get(id(action))
        if entry is None or entry[0] is not action:
            if len(known) >= 8192:  # (actions made anew each time would fill it: start over)
                known.clear()
            entry = known[id(action)] = (action, action_to_wire(action))
        wired.append(entry[1])
    return wired


# ---------------------------------------------------------------------------- decoding


def action_from_act(act: Act, seat: str) -> Action:
    """The engine action that ``act`` asks for, made for ``seat``. Fields the kind does not use
    must be left out (or nil/false); the message has checked the form of the others."""
    kind = act.kind
    used = _USED_FIELDS[kind]
    for name in ("card", "color", "target", "uno"):
        if name not in used and getattr(act, name) not in (None, False):
            raise bad_field(name, f"not used by {kind.value!r}")
    needed = _NEEDED_FIELD.get(kind)
    if needed is not None and getattr(act, needed[0]) is None:
        raise bad_field(*needed)
    cls = _ACTION_OF_KIND[kind]
    card = None if act.card is None else CARD_BY_TEXT[act.card]
    color = None if act.color is None else Color(act.color)
    action: Action
    if kind is ActionKind.PLAY:
        action = cls(seat, card, color, act.target, act.uno)
    elif kind is ActionKind.JUMP_IN:
        action = cls(seat, card, act.target, act.uno)
    elif kind is ActionKind.CHOOSE_COLOR:
        action = cls(seat, color)
    elif kind is ActionKind.CATCH:
        action = cls(seat, act.target)
    else:
        action = cls(seat)
    return action


def action_from_wire(data: Any, seat: str, name: str = "action") -> Action:
    """``action_from_act`` of the map ``data`` read as an ``Act``; every refusal is a
    ``bad_field`` naming ``name`` (an entry of a view's ``legal``, say)."""
    if not isinstance(data, dict):
        raise bad_field(name, "expected a map")
    try:
        act = Act.from_wire(data)
    except ProtocolError as exc:
        raise bad_field(name, exc.message) from None
    return action_from_act(act, seat)


__all__ = ["ACTION_CLASSES", "action_from_act", "action_from_wire", "action_to_act", "action_to_wire",
           "actions_to_wire"]
