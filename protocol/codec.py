"""Engine values on the wire: cards as text (``R7``, ``W+4``), colours as letters, actions, views
and events as maps. Decoding checks every field and raises ``ProtocolError(BAD_FIELD)``.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import typing
from collections.abc import Iterable, Sequence
from typing import Any

from engine import events as ev
from engine.actions import (
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
from engine.cards import CARD_KINDS, Card, Color
from engine.game import Game
from engine.rules import RuleSet
from engine.view import View

from .errors import BAD_FIELD, ProtocolError
from .kinds import ActionKind
from .messages import Act

_KIND_OF_ACTION: dict[type, str] = {
    PlayCard: "play", JumpIn: "jump_in", Draw: "draw", KeepDrawing: "keep_drawing", Pass: "pass",
    ChooseColor: "choose_color", Challenge: "challenge", Accept: "accept", CallUno: "call_uno",
    Catch: "catch",
}

EVENT_TYPES: dict[str, type] = {
    re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower(): cls
    for cls in typing.get_args(ev.Event)
}
_EVENT_NAME = {cls: name for name, cls in EVENT_TYPES.items()}


def _bad(name: str, why: str) -> ProtocolError:
    return ProtocolError(BAD_FIELD, f"field {name!r}: {why}")


def card_from_wire(text: Any, name: str = "card") -> Card:
    """The card written exactly as the protocol writes cards: capitals, no spaces (``R7``, not
    ``r7``), as colours are (``Card.parse``, which people type into, is more lenient)."""
    if not isinstance(text, str) or len(text) > 3:
        raise _bad(name, "expected a card such as R7, B+2, W or W+4")
    card = _CARD_BY_TEXT.get(text)
    if card is None:
        raise _bad(name, f"not a card (cards are written in capitals, e.g. R7): {text!r}")
    return card


def color_from_wire(text: Any, name: str = "color") -> Color:
    if not isinstance(text, str):
        raise _bad(name, "expected R, Y, G or B")
    try:
        return Color(text)
    except ValueError:
        raise _bad(name, "expected R, Y, G or B") from None


# ---------------------------------------------------------------------------- actions


def action_to_act(action: Action) -> Act:
    """The ``action`` message for an engine action (the seat is implied by the connection)."""
    card = getattr(action, "card", None)
    color = getattr(action, "color", None)
    return Act(
        kind=ActionKind(_KIND_OF_ACTION[type(action)]),
        card=None if card is None else str(card),
        color=None if color is None else color.value,
        target=getattr(action, "target", None),
        uno=getattr(action, "uno", False),
    )


def action_to_wire(action: Action) -> dict[str, Any]:
    """An action as a compact map: ``kind`` plus only the fields it uses."""
    wire: dict[str, Any] = {"kind": _KIND_OF_ACTION[type(action)]}
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


def action_from_act(act: Act, seat: str) -> Action:
    """The engine action that ``act`` asks for, made for ``seat``. Fields the kind does not use
    must be left out (or nil/false)."""
    kind = act.kind
    used = _USED_FIELDS[kind]
    for name in ("card", "color", "target", "uno"):
        if name not in used and getattr(act, name) not in (None, False):
            raise _bad(name, f"not used by {kind!r}")
    if kind in ("play", "jump_in"):
        if act.card is None:
            raise _bad("card", f"{kind!r} needs a card")
        card = card_from_wire(act.card)
        color = None if act.color is None else color_from_wire(act.color)
        if kind == "play":
            return PlayCard(seat, card, color, act.target, act.uno)
        return JumpIn(seat, card, act.target, act.uno)
    if kind == "choose_color":
        if act.color is None:
            raise _bad("color", "choose_color needs a colour")
        return ChooseColor(seat, color_from_wire(act.color))
    if kind == "catch":
        if act.target is None:
            raise _bad("target", "catch needs a target seat")
        return Catch(seat, act.target)
    simple: Any = {"draw": Draw, "keep_drawing": KeepDrawing, "pass": Pass,
                            "challenge": Challenge, "accept": Accept, "call_uno": CallUno}[kind]
    action: Action = simple(seat)
    return action


_USED_FIELDS = {
    "play": ("card", "color", "target", "uno"),
    "jump_in": ("card", "target", "uno"),
    "choose_color": ("color",),
    "catch": ("target",),
    "draw": (), "keep_drawing": (), "pass": (), "challenge": (), "accept": (), "call_uno": (),
}


def action_from_wire(data: Any, seat: str, name: str = "action") -> Action:
    if not isinstance(data, dict):
        raise _bad(name, "expected a map")
    try:
        act = Act.from_wire(data)
    except ProtocolError as exc:
        raise _bad(name, exc.message) from None
    return action_from_act(act, seat)


# ---------------------------------------------------------------------------- generic values


def to_wire(value: Any) -> Any:
    """Engine values as plain msgpack data."""
    if value is None or isinstance(value, bool | int | str | float):
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Color):
        return value.value
    if isinstance(value, tuple | list):
        return [to_wire(v) for v in value]
    if isinstance(value, RuleSet):
        return value.to_dict()
    if type(value) in _KIND_OF_ACTION:
        return action_to_wire(value)
    if dataclasses.is_dataclass(value):
        return {f.name: to_wire(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot put {type(value).__name__} on the wire")


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _from_wire(hint: Any, value: Any, name: str, seat: str | None) -> Any:
    """Decode ``value`` as the type ``hint``, checking it completely."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return None
        (inner,) = [o for o in options if o is not type(None)] or [hint]
        return _from_wire(inner, value, name, seat)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple) or len(value) > 512:
            raise _bad(name, "expected an array")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_wire(args[0], v, f"{name}[{i}]", seat) for i, v in enumerate(value))
        if len(value) != len(args):
            raise _bad(name, f"expected {len(args)} items")
        return tuple(_from_wire(a, v, f"{name}[{i}]", seat) for i, (a, v) in
                     enumerate(zip(args, value, strict=True)))
    if hint is Card:
        return card_from_wire(value, name)
    if hint is Color:
        return color_from_wire(value, name)
    if hint is bool:
        if not isinstance(value, bool):
            raise _bad(name, "expected true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > 2**31:
            raise _bad(name, "expected an integer")
        return value
    if hint is str:
        if not isinstance(value, str) or len(value) > 64:
            raise _bad(name, "expected a short string")
        return value
    if hint is RuleSet:
        if not isinstance(value, dict):
            raise _bad(name, "expected a map of rule options")
        try:
            return RuleSet.from_dict(value)
        except (TypeError, ValueError) as exc:
            raise _bad(name, str(exc)) from None
    if hint is Action:  # pragma: no cover - handled through the Union branch
        raise AssertionError
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _dataclass_from_wire(hint, value, name, seat)
    raise TypeError(f"no decoder for {hint!r}")


def _dataclass_from_wire(cls: type, value: Any, name: str, seat: str | None) -> Any:
    if not isinstance(value, dict):
        raise _bad(name, "expected a map")
    fields = [f.name for f in dataclasses.fields(cls)]
    if set(value) != set(fields):
        raise _bad(name, f"expected the fields {', '.join(fields)}")
    hints = _hints(cls)
    return cls(**{f: _from_wire(hints[f], value[f], f"{name}.{f}", seat) for f in fields})


# ---------------------------------------------------------------------------- views and events


# Text of every card kind, looked up instead of formatted: views carry dozens of cards per seat.
CARD_TEXT: dict[Card, str] = {card: str(card) for card in CARD_KINDS}
_CARD_BY_TEXT: dict[str, Card] = {text: card for card, text in CARD_TEXT.items()}


@functools.lru_cache(maxsize=64)
def _rules_to_wire(rules: RuleSet) -> dict[str, Any]:
    """A rule set's map, made once per rule set (callers must not change it)."""
    return rules.to_dict()


def view_to_wire(view: View) -> dict[str, Any]:
    """The view as a map (written out by hand: the server does this for every seat at every move)."""
    hand_result = view.hand_result
    outcome = view.outcome
    return {
        "seat": view.seat,
        "seats": list(view.seats),
        "rules": _rules_to_wire(view.rules),
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "hand": None if view.hand is None else [CARD_TEXT[c] for c in view.hand],
        "hand_sizes": list(view.hand_sizes),
        "top": CARD_TEXT[view.top],
        "color": None if view.color is None else view.color.value,
        "direction": view.direction,
        "current": view.current,
        "pending_draw": view.pending_draw,
        "challenge_from": view.challenge_from,
        "challenge_color": None if view.challenge_color is None else view.challenge_color.value,
        "awaiting_color": view.awaiting_color,
        "has_drawn": view.has_drawn,
        "drawn": None if view.drawn is None else CARD_TEXT[view.drawn],
        "uno_said": list(view.uno_said),
        "uno_open": view.uno_open,
        "draw_pile": view.draw_pile,
        "discard_pile": view.discard_pile,
        "scores": list(view.scores),
        "hand_result": None if hand_result is None else {
            "winner": hand_result.winner, "points": hand_result.points,
            "hands": [[CARD_TEXT[c] for c in hand] for hand in hand_result.hands]},
        "outcome": None if outcome is None else {"winner": outcome.winner,
                                                  "scores": list(outcome.scores)},
        "legal": actions_to_wire(view.legal),
    }


def seat_views_to_wire(game: Game, seats: Sequence[str | None]) -> list[dict[str, Any]]:
    """``view_to_wire(game.view(seat))`` for each of ``seats`` (None: a spectator), with the part
    every seat sees made only once: the server does this at every move. The maps share their
    public values (and spectators one map), so none may be changed afterwards."""
    public = view_to_wire(game.view(None))
    views = []
    for seat in seats:
        if seat is None:
            views.append(public)
            continue
        view = public.copy()
        view["seat"] = seat
        view["hand"] = [CARD_TEXT[c] for c in game.hand(seat)]
        drawn = game.drawn(seat)
        view["drawn"] = None if drawn is None else CARD_TEXT[drawn]
        view["legal"] = actions_to_wire(game.legal_actions(seat))
        views.append(view)
    return views


def view_from_wire(data: Any) -> View:
    """A ``View`` from the wire, every field checked; ``legal`` actions get the view's seat."""
    if not isinstance(data, dict):
        raise _bad("view", "expected a map")
    fields = [f.name for f in dataclasses.fields(View)]
    if set(data) != set(fields):
        raise _bad("view", f"expected the fields {', '.join(fields)}")
    seat = data["seat"]
    if seat is not None and not isinstance(seat, str):
        raise _bad("view.seat", "expected a string or nil")
    hints = _hints(View)
    values: dict[str, Any] = {}
    for f in fields:
        if f == "legal":
            if not isinstance(data[f], list) or len(data[f]) > 512:
                raise _bad("view.legal", "expected an array")
            if data[f] and seat is None:
                raise _bad("view.legal", "a spectator has no actions")
            values[f] = tuple(action_from_wire(a, seat or "", f"view.legal[{i}]")
                              for i, a in enumerate(data[f]))
        else:
            values[f] = _from_wire(hints[f], data[f], f"view.{f}", seat)
    return View(**values)


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
    hints = _hints(cls)
    converters: dict[Any, Any] = {str: None, str | None: None, int: None, bool: None,
                                  Card: _card_text, Card | None: _card_text,
                                  Color: _color_letter, Color | None: _color_letter,
                                  tuple[Card, ...] | None: _cards_text}
    return tuple((f.name, converters.get(hints[f.name], to_wire))
                 for f in dataclasses.fields(cls))


def event_from_wire(data: Any) -> ev.Event:
    if not isinstance(data, dict):
        raise _bad("event", "expected a map")
    type_name = data.get("type")
    cls = EVENT_TYPES.get(type_name) if isinstance(type_name, str) else None
    if cls is None:
        raise _bad("event", "unknown event type")
    body = {k: v for k, v in data.items() if k != "type"}
    event: ev.Event = _dataclass_from_wire(cls, body, f"event.{data['type']}", None)
    return event


__all__ = [
    "EVENT_TYPES",
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
