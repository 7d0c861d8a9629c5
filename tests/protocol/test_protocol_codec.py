"""The codec: views, events (redacted and not) and actions from real seeded games round-trip
through msgpack and through real messages; decoding checks everything and raises only
``ProtocolError``."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st
from protocol_samples import FUZZ, msgpack_values, pair, receive_one

import protocol
from engine import CARD_KINDS, Action, Card, Color, Game, RuleSet, View
from engine import events as ev
from engine.actions import ChooseColor, Draw, KeepDrawing, PlayCard
from protocol import ACTION_KINDS, ProtocolError, State, codec


@dataclass(frozen=True)
class Match:
    """One seeded game, and how its moves are chosen: ``hoard`` draws whenever it may."""

    rules: RuleSet
    seats: int
    seed: int
    policy: str = "random"
    max_steps: int = 500


MATCHES = {
    "official": Match(RuleSet.preset("official", target_score=None), 4, 1),
    "official-10": Match(RuleSet.preset("official", uno_penalty=4, target_score=100), 10, 2),
    "house": Match(RuleSet.preset("house", target_score=None), 3, 3),
    "house-hoarding": Match(RuleSet.preset("house", target_score=None), 10, 2, "hoard", 300),
    "seven_zero-jump_in-wild_start": Match(RuleSet.preset("official", seven_zero=True, jump_in=True), 4, 17),
    "seven_zero-jump_in-catching": Match(
        RuleSet.preset("official", seven_zero=True, jump_in=True, false_catch_penalty=2,
                       stack_wild_draw_four=True, target_score=None), 6, 5),
    "house-seven_zero-jump_in": Match(
        RuleSet.preset("house", seven_zero=True, jump_in=True, stack_wild_draw_four=True,
                       first_to_left=True, target_score=150), 5, 6),
    "two-seats": Match(RuleSet.preset("official", seven_zero=True, jump_in=True, target_score=None), 2, 7),
}


@dataclass
class Step:
    seat: str
    views: dict[str | None, View]
    legal: list[Action]
    events: list[ev.Event]


@functools.cache
def play(name: str) -> tuple[tuple[str, ...], list[Step], list[ev.Event]]:
    """The seats, every step, and every event of one match (views are taken before each move)."""
    match = MATCHES[name]
    seats = tuple(str(i) for i in range(1, match.seats + 1))
    game = Game(seats, match.rules, random.Random(match.seed))
    choose = random.Random(f"{name}-moves")
    steps: list[Step] = []
    events = list(game.deal_events)
    for n in range(match.max_steps):
        if game.outcome() is not None:
            break
        if game.hand_outcome() is not None:
            events += game.next_hand()
            continue
        seat = game.current if choose.random() < 0.75 else choose.choice(seats)
        legal = list(game.legal_actions(seat))
        if not legal:
            continue
        draws = [a for a in legal if isinstance(a, Draw | KeepDrawing)]
        if match.policy == "hoard" and draws and choose.random() < 0.9:
            action = draws[0]
        else:
            action = choose.choice(legal)
        # Every seat's view now and then, else the actor's and the spectators'.
        viewers: list[str | None] = [*seats, None] if n % 25 == 0 else [seat, None]
        happened = game.apply(action)
        steps.append(Step(seat, {v: game.view(v) for v in viewers}, legal, happened))
        events += happened
    return seats, steps, events


def through_msgpack(value: Any) -> Any:
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True))


def test_the_matches_cover_every_event_and_action_kind() -> None:
    event_types: Counter[str] = Counter()
    action_kinds: Counter[str] = Counter()
    for name in MATCHES:
        _, steps, events = play(name)
        event_types.update(codec.event_to_wire(e)["type"] for e in events)
        action_kinds.update(codec.action_to_wire(a)["kind"] for s in steps for a in s.legal)
    assert set(event_types) == set(codec.EVENT_TYPES) - {"stand_in"}  # (the server's, not Game's)
    assert set(action_kinds) == set(ACTION_KINDS)


def test_the_stand_in_event_round_trips() -> None:
    event = ev.StandIn("2", "timeout")
    wire = codec.event_to_wire(event)
    assert wire == {"type": "stand_in", "seat": "2", "reason": "timeout"}
    assert codec.event_from_wire(through_msgpack(wire)) == event


@pytest.mark.parametrize("name", list(MATCHES))
def test_views_round_trip(name: str) -> None:
    _, steps, _ = play(name)
    for step in steps:
        for viewer, view in step.views.items():
            wire = codec.view_to_wire(view)
            assert codec.view_from_wire(through_msgpack(wire)) == view
            assert set(wire) == {f.name for f in dataclasses.fields(View)}
            if viewer is None:
                assert wire["hand"] is None and wire["legal"] == [] and wire["drawn"] is None
            else:
                assert len(wire["hand"]) == view.size_of(viewer)


@pytest.mark.parametrize("name", list(MATCHES))
def test_events_round_trip_redacted_for_every_seat(name: str) -> None:
    seats, _, events = play(name)
    for event in events:
        for viewer in (*seats, None):
            seen = event.for_seat(viewer)
            wire = codec.event_to_wire(seen)
            assert codec.event_from_wire(through_msgpack(wire)) == seen
            if isinstance(seen, ev.Dealt | ev.Drew) and viewer != seen.seat:
                assert wire["cards"] is None  # nobody sees another seat's cards
            if isinstance(seen, ev.HandsExchanged):
                assert all(cards is None for s, _, cards in wire["hands"] if s != viewer)
        full = codec.event_to_wire(event)
        assert codec.event_from_wire(through_msgpack(full)) == event
        assert full["type"] in codec.EVENT_TYPES


@pytest.mark.parametrize("name", list(MATCHES))
def test_actions_round_trip(name: str) -> None:
    _, steps, _ = play(name)
    for step in steps:
        for action in step.legal:
            wire = codec.action_to_wire(action)
            assert codec.action_from_wire(through_msgpack(wire), step.seat) == action
            act = codec.action_to_act(action)
            assert codec.action_from_act(act, step.seat) == action
            # Only the fields the kind uses are written.
            assert all(v is not None and v is not False for v in wire.values())


@pytest.mark.parametrize("name", ["seven_zero-jump_in-catching", "house-hoarding"])
def test_views_and_events_travel_in_real_messages(name: str) -> None:
    _, steps, _ = play(name)
    client, server = pair(State.PLAYER)
    for step in steps[:150]:
        view = step.views[step.seat]
        message = protocol.ViewMsg(view=codec.view_to_wire(view), deadline=29.5)
        got = receive_one(client, server.send(message))
        assert isinstance(got, protocol.ViewMsg)
        assert codec.view_from_wire(got.view) == view
        redacted = [e.for_seat(step.seat) for e in step.events]
        batch = protocol.Events(events=tuple(codec.event_to_wire(e) for e in redacted),
                                current=view.current, deadline=30.0)
        got = receive_one(client, server.send(batch))
        assert isinstance(got, protocol.Events)
        assert [codec.event_from_wire(e) for e in got.events] == redacted
        for action in step.legal:
            act = receive_one(server, client.send(codec.action_to_act(action)))
            assert isinstance(act, protocol.Act)
            assert codec.action_from_act(act, step.seat) == action
    assert not client.gap


# ---------------------------------------------------------------------------- cards and actions


def test_every_card_and_colour() -> None:
    for card in CARD_KINDS:
        assert codec.card_from_wire(str(card)) is card
        assert codec.to_wire(card) == str(card)
    assert {str(c) for c in CARD_KINDS} >= {"R7", "G0", "BS", "YR", "R+2", "W", "W+4"}
    for color in Color:
        assert codec.color_from_wire(color.value) is color
    for bad in ("R10", "X7", "W+2", "RW", "", "R", "+2", "W+4+", 7, None, b"R7", ["R7"], "R 7"):
        with pytest.raises(ProtocolError) as info:
            codec.card_from_wire(bad)
        assert info.value.code == "bad_field"
    for bad_color in ("r", "red", "W", "", None, 1, b"R"):
        with pytest.raises(ProtocolError):
            codec.color_from_wire(bad_color)


@pytest.mark.parametrize(("wire", "why"), [
    ({"kind": "play"}, "needs a card"),
    ({"kind": "jump_in"}, "needs a card"),
    ({"kind": "choose_color"}, "needs a colour"),
    ({"kind": "catch"}, "needs a target"),
    ({"kind": "draw", "card": "R7"}, "not used"),
    ({"kind": "pass", "uno": True}, "not used"),
    ({"kind": "jump_in", "card": "R7", "color": "R"}, "not used"),
    ({"kind": "choose_color", "color": "R", "target": "2"}, "not used"),
    ({"kind": "play", "card": "R77"}, ""),
    ({"kind": "play", "card": "Q7"}, "not a card"),
    ({"kind": "play", "card": "W", "color": "P"}, ""),
    ({"kind": "fly"}, ""),
    ({"kind": "play", "card": "R7", "seat": "1"}, "unexpected field"),
    ({"card": "R7"}, "missing"),
    ([], "map"),
])
def test_bad_actions(wire: Any, why: str) -> None:
    with pytest.raises(ProtocolError) as info:
        codec.action_from_wire(wire, "1")
    assert info.value.code == "bad_field"
    assert why in info.value.message


def test_an_action_message_names_no_seat() -> None:
    # The seat is the sender's own: it is never read from the message.
    act = codec.action_to_act(PlayCard("9", Card.parse("W+4"), Color.GREEN, None, True))
    assert act.to_wire() == {"kind": "play", "card": "W+4", "color": "G", "target": None, "uno": True}
    assert codec.action_from_act(act, "3") == PlayCard("3", Card.parse("W+4"), Color.GREEN, None, True)
    assert codec.action_to_wire(ChooseColor("2", Color.BLUE)) == {"kind": "choose_color", "color": "B"}


def test_a_spectator_view_has_no_actions() -> None:
    _, steps, _ = play("official")
    wire = codec.view_to_wire(steps[0].views[None])
    wire["legal"] = [{"kind": "draw"}]
    with pytest.raises(ProtocolError) as info:
        codec.view_from_wire(wire)
    assert info.value.code == "bad_field"


# ---------------------------------------------------------------------------- decoding garbage

_VIEWS = [codec.view_to_wire(v) for name in ("seven_zero-jump_in-catching", "house")
          for s in play(name)[1][:40:8] for v in s.views.values()]
_EVENTS = [codec.event_to_wire(e.for_seat(viewer)) for name in MATCHES
           for e in play(name)[2][:60] for viewer in ("1", None)]
_EVENTS += [codec.event_to_wire(e) for name in MATCHES for e in play(name)[2]
            if isinstance(e, ev.HandsExchanged | ev.Caught | ev.Challenged | ev.HandEnded)][:40]
_ACTIONS = [codec.action_to_wire(a) for s in play("seven_zero-jump_in-catching")[1][:80]
            for a in s.legal]
_VALUES = msgpack_values(6)
_MUTATIONS = st.sampled_from(["replace", "drop", "add", "replace_inner", "whole"])
_PICK = st.integers(0, 10**6)


def _mutate(data: st.DataObject, wire: dict[str, Any]) -> Any:
    wire = dict(wire)
    choice = data.draw(_MUTATIONS)
    keys = sorted(wire)
    key = keys[data.draw(_PICK) % len(keys)]
    if choice == "replace":
        wire[key] = data.draw(_VALUES)
    elif choice == "drop":
        del wire[key]
    elif choice == "add":
        wire["x_" + key] = data.draw(_VALUES)
    elif choice == "replace_inner" and isinstance(wire[key], list) and wire[key]:
        inner = list(wire[key])
        inner[data.draw(_PICK) % len(inner)] = data.draw(_VALUES)
        wire[key] = inner
    elif choice == "whole":
        return data.draw(_VALUES)
    return through_msgpack(wire)


def _only_protocol_errors(decode: Any, value: Any) -> None:
    try:
        decode(value)
    except ProtocolError as exc:
        assert exc.code == "bad_field"


@FUZZ
@given(st.data())
def test_mutated_views_raise_only_protocol_errors(data: st.DataObject) -> None:
    _only_protocol_errors(codec.view_from_wire, _mutate(data, _VIEWS[data.draw(_PICK) % len(_VIEWS)]))


@FUZZ
@given(st.data())
def test_mutated_events_raise_only_protocol_errors(data: st.DataObject) -> None:
    _only_protocol_errors(codec.event_from_wire, _mutate(data, _EVENTS[data.draw(_PICK) % len(_EVENTS)]))


@FUZZ
@given(st.data())
def test_mutated_actions_raise_only_protocol_errors(data: st.DataObject) -> None:
    wire = _mutate(data, _ACTIONS[data.draw(_PICK) % len(_ACTIONS)])
    _only_protocol_errors(lambda w: codec.action_from_wire(w, "1"), wire)


def test_mistyped_view_fields() -> None:
    view = _VIEWS[0]
    for field in view:
        for bad in (b"x", msgpack.ExtType(1, b""), {"a": 1}, [[[]]], "x" * 65, 2**40, 1.5, True):
            wire = {**view, field: bad}
            if field in ("awaiting_color", "has_drawn") and isinstance(bad, bool):
                continue
            with pytest.raises(ProtocolError) as info:
                codec.view_from_wire(wire)
            assert info.value.code == "bad_field", (field, bad)
    for broken in ({**view, "rules": {**view["rules"], "uno_penalty": 99}},
                   {**view, "rules": {"no_such_rule": True}},
                   {**view, "rules": {"wild_draw_four": "maybe"}},
                   {**view, "rules": {"target_score": True}},
                   {k: v for k, v in view.items() if k != "top"},
                   {**view, "extra": 1}):
        with pytest.raises(ProtocolError):
            codec.view_from_wire(broken)


def test_unknown_or_malformed_events() -> None:
    for bad in ({"type": "teleported", "seat": "1"}, {"type": ["dealt"]}, {"seat": "1"},
                {"type": {"a": 1}}, {"type": "turn_started"},
                {"type": "turn_started", "seat": "1", "extra": 1}, "turn_started", None):
        with pytest.raises(ProtocolError) as info:
            codec.event_from_wire(bad)
        assert info.value.code == "bad_field"
