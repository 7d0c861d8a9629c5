"""Views travel as changes: the server's connection sends only the fields of a view that changed
since the last one it sent, and the client's connection fills the rest back in, so that both
applications only ever see whole views. Also: ``seat_views_to_wire`` (every seat's view, the public
part made once) gives exactly each seat's own view."""

from __future__ import annotations

import random
from typing import Any

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st
from protocol_samples import FUZZ, pair, receive_one

import protocol
from engine import Color, Game, RuleSet
from engine.actions import ChooseColor
from protocol import State, codec

RULES = {
    "official": RuleSet.preset("official", target_score=200),
    "house": RuleSet.preset("house", target_score=200),
    "seven_zero-jump_in": RuleSet.preset("official", seven_zero=True, jump_in=True,
                                         false_catch_penalty=2, target_score=200),
}


def random_games(rules: RuleSet, seats: int, seed: int, steps: int = 400) -> Any:
    """A seeded game and its seats, yielded after every change (any seat may act, as in play)."""
    names = [str(i) for i in range(1, seats + 1)]
    game = Game(names, rules, random.Random(seed))
    choose = random.Random(seed)
    yield game, names
    for _ in range(steps):
        if game.outcome() is not None:
            return
        if game.hand_outcome() is not None:
            game.next_hand()
        else:
            seat = game.current if choose.random() < 0.8 else choose.choice(names)
            legal = list(game.legal_actions(seat))
            if not legal:
                continue
            game.apply(choose.choice(legal))
        yield game, names


@pytest.mark.parametrize("preset", list(RULES))
@pytest.mark.parametrize("seats", [2, 4, 7])
def test_seat_views_are_each_seats_own_view(preset: str, seats: int) -> None:
    compared = 0
    for game, names in random_games(RULES[preset], seats, seed=seats):
        audience: list[str | None] = [*names, None]
        views = codec.seat_views_to_wire(game, audience)
        assert views == [codec.view_to_wire(game.view(seat)) for seat in audience]
        compared += 1
    assert compared > 100


def send_through(client: protocol.Connection, server: protocol.Connection,
                 message: protocol.Message) -> tuple[dict[str, Any], protocol.Message]:
    """What went on the wire, and what the client took out of it."""
    data = server.send(message)
    return msgpack.unpackb(data), receive_one(client, data)


def test_events_carry_the_changes_and_the_client_sees_whole_views() -> None:
    client, server = pair(State.PLAYER)
    whole = changed = 0
    last: dict[str, Any] | None = None
    for game, _ in random_games(RULES["seven_zero-jump_in"], 4, seed=11):
        view = codec.view_to_wire(game.view("2"))
        if last is None:
            wire, got = send_through(client, server, protocol.ViewMsg(view=view))
            assert wire["view"] == view
        else:
            message = protocol.Events(events=(), current=game.current, view=view)
            wire, got = send_through(client, server, message)
            # on the wire: exactly the fields that changed, with their new values
            assert wire["view"] == {k: v for k, v in view.items() if last[k] != v}
            whole += len(msgpack.packb(view))
            changed += len(msgpack.packb(wire["view"]))
        assert isinstance(got, protocol.ViewMsg | protocol.Events)
        assert got.view == view  # the client's side filled the rest back in
        last = view
    assert not client.gap
    assert changed < whole / 2


def test_a_view_starts_whole_at_each_stay_at_a_table() -> None:
    client, server = pair(State.LOBBY)
    room = protocol.RoomInfo(id="1", name="t", host="a", host_seat="1", max_seats=2, seats=(),
                             spectators=0, preset="official", rules={}, turn_timeout=30.0,
                             bot_delay=0.0, password=False, started=True)
    first = {"seat": "1", "current": "1", "hand": ["R1"]}
    second = {"seat": "1", "current": "2", "hand": ["R1"]}
    for _ in range(2):
        receive_one(client, server.send(protocol.Joined(room=room, role="player", seat="1")))
        # No view sent yet on this stay: an events message's view goes whole.
        wire, got = send_through(client, server, protocol.Events(events=(), view=first))
        assert wire["view"] == first and isinstance(got, protocol.Events) and got.view == first
        wire, got = send_through(client, server, protocol.Events(events=(), view=second))
        assert wire["view"] == {"current": "2"}
        assert isinstance(got, protocol.Events) and got.view == second
        # Leaving forgets the view on both sides.
        receive_one(client, server.send(protocol.Left(reason="left")))
        assert client.state is server.state is State.LOBBY


def test_an_events_message_without_a_view_changes_nothing() -> None:
    client, server = pair(State.PLAYER)
    view = {"seat": "1", "current": "1"}
    send_through(client, server, protocol.ViewMsg(view=view))
    wire, got = send_through(client, server, protocol.Events(events=({"type": "x"},)))
    assert wire["view"] is None and isinstance(got, protocol.Events) and got.view is None
    wire, got = send_through(client, server, protocol.Events(events=(), view=view))
    assert wire["view"] == {}  # nothing changed since the last view sent
    assert isinstance(got, protocol.Events) and got.view == view


_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.sampled_from(["R1", "G+2"]),
                    st.lists(st.integers(0, 3), max_size=3),
                    st.lists(st.fixed_dictionaries({"kind": st.sampled_from(["play", "draw"])}),
                             max_size=2))
_VIEWS = st.fixed_dictionaries({key: _VALUES for key in ("seat", "hand", "top", "legal", "current")})


@FUZZ
@given(views=st.lists(st.tuples(st.booleans(), _VIEWS), min_size=1, max_size=12))
def test_any_sequence_of_views_arrives_whole(views: list[tuple[bool, dict[str, Any]]]) -> None:
    client, server = pair(State.SPECTATOR)
    for whole, view in views:
        message: protocol.Message = (protocol.ViewMsg(view=view) if whole
                                     else protocol.Events(events=(), view=view))
        _, got = send_through(client, server, message)
        assert isinstance(got, protocol.ViewMsg | protocol.Events)
        assert got.view == view


def test_actions_are_encoded_as_by_action_to_wire_even_when_the_cache_starts_over() -> None:
    for game, names in random_games(RULES["seven_zero-jump_in"], 4, seed=3, steps=60):
        for seat in names:
            legal = list(game.legal_actions(seat))
            assert codec.actions_to_wire(legal) == [codec.action_to_wire(a) for a in legal]
    # Actions made anew each time (here: 20000 of them) never make the cache grow without end.
    fresh = [ChooseColor("1", Color.RED) for _ in range(20_000)]
    assert codec.actions_to_wire(fresh) == [{"kind": "choose_color", "color": "R"}] * 20_000
    assert len(codec._ACTION_WIRE) <= 8192


def test_send_events_gives_the_bytes_of_sending_the_events_message() -> None:
    server_a, server_b = protocol.Connection(protocol.Role.SERVER), protocol.Connection(
        protocol.Role.SERVER)
    server_a.state = server_b.state = State.PLAYER
    views = [{"seat": "1", "current": str(n % 2)} for n in range(4)]
    for n, view in enumerate(views):
        events = ({"type": "turn_started", "seat": str(n)},)
        message = protocol.Events(events=events, current="1", deadline=12.5, view=view)
        assert server_a.send(message) == server_b.send_events(events, "1", 12.5, view)
    with pytest.raises(protocol.LocalProtocolError):
        protocol.Connection(protocol.Role.CLIENT).send_events((), None, None, None)
