"""Many clients doing random things in random order (create, join, watch, leave, host commands,
moves, chat, drops and comebacks): the server's state stays consistent at every quiet moment, no
request fails inside the server, and nothing is logged as an error."""

from __future__ import annotations

import logging
import random
from collections import Counter
from typing import Any

import pytest
import trio
from kit.client import Client
from kit.harness import Harness

from client.link import ConnectionLost
from engine import full_deck
from protocol import CLIENT_SENDS, Error, State
from server import UnoServer
from server.errors import INTERNAL


def check_consistency(srv: UnoServer) -> None:
    for room in srv.rooms.values():
        assert not room.closed
        ids = [s.id for s in room.seats]
        assert len(ids) == len(set(ids)) <= room.settings.max_seats
        assert any(s.kind == "human" for s in room.seats) or room.spectators
        for seat in room.seats:
            if seat.kind == "bot":
                assert seat.session is None
            else:
                assert seat.session is not None
                assert seat.session.room is room and seat.session.seat is seat
                assert srv.sessions.get(seat.session.sid) is seat.session
        for session in room.spectators:
            assert session.room is room and session.seat is None and session.peer is not None
        assert len(room.spectators) == len(set(map(id, room.spectators)))
        if room.host is not None:
            assert room.seat_of(room.host) is not None
        if room.game is not None:
            assert Counter(room.game.all_cards()) == Counter(full_deck())
            if room.started:
                assert [s.id for s in room.seats] == list(room.game.seats)
    for session in srv.sessions.values():
        if session.room is not None:
            assert session.room.id in srv.rooms and srv.rooms[session.room.id] is session.room
            assert session.seat in session.room.seats or session in session.room.spectators
        elif session.peer is None:
            raise AssertionError(f"{session.name}: no room, no connection, not released")
        peer = session.peer
        if peer is not None and not peer.closed:
            assert peer.session is session
            expected = State.LOBBY
            if session.room is not None:
                expected = State.SPECTATOR if session.seat is None else State.PLAYER
            assert peer.conn.state is expected, (session.name, peer.conn.state)


def random_request(rng: random.Random, srv: UnoServer, client: Client) -> Any:
    room_ids = list(srv.rooms) or ["1"]
    seats = [s.seat for s in client.room.seats] if client.room else []
    seats = seats or ["1", "2"]
    view = client.view
    choices: list[Any] = [
        {"type": "list_rooms"},
        {"type": "create_room", "name": "r", "seats": rng.randint(2, 5), "bots": rng.randint(0, 2),
         "turn_timeout": rng.choice([0, 5]), "bot_delay": rng.choice([0, 0.5]),
         "rules": rng.choice([{}, {"target_score": 50}, {"seven_zero": True, "jump_in": True}])},
        {"type": "join_room", "room": rng.choice(room_ids), "spectate": rng.random() < 0.3},
        {"type": "leave_room"},
        {"type": "add_bot"},
        {"type": "remove_bot", "seat": rng.choice(seats)},
        {"type": "set_rules", "preset": rng.choice(["official", "house"]),
         "rules": {"target_score": 50}},
        {"type": "start"},
        {"type": "sync"},
        {"type": "chat", "text": "hi"},
        {"type": "action", "kind": rng.choice(["draw", "pass", "call_uno"])},
    ]
    if view is not None and view.get("legal"):
        choices += [{"type": "action", **rng.choice(view["legal"])}] * 6
    state = client.link.conn.state
    fitting = [c for c in choices if c["type"] in CLIENT_SENDS[state]]
    if fitting and rng.random() < 0.9:  # now and then, something not allowed now
        return rng.choice(fitting)
    return rng.choice(choices)


@pytest.mark.parametrize("seed", range(4))
async def test_random_clients_keep_the_server_consistent(
        harness: Harness, autojump_clock: object, caplog: pytest.LogCaptureFixture,
        seed: int) -> None:
    caplog.set_level(logging.ERROR, logger="uno.server")
    rng = random.Random(seed)
    with trio.fail_after(100_000):
        srv = await harness.server()
        clients: list[Client] = []
        errors: Counter[str] = Counter()
        async with trio.open_nursery() as nursery:

            async def drain(client: Client) -> None:
                try:
                    while True:
                        message = await client.recv()
                        if isinstance(message, Error):
                            errors[message.code] += 1
                except (ConnectionLost, trio.ClosedResourceError, trio.BrokenResourceError):
                    pass

            async def connect(token: str | None = None) -> None:
                client = harness.connect(srv, f"p{len(clients)}")
                await client.hello(token)
                clients.append(client)
                nursery.start_soon(drain, client)

            for _ in range(4):
                await connect()
            for _ in range(400):
                if not clients:
                    await connect()
                client = rng.choice(clients)
                roll = rng.random()
                if roll < 0.03 and len(clients) > 1:  # drop
                    clients.remove(client)
                    await client.link.aclose()
                elif roll < 0.06:  # come back, or somebody new
                    old = rng.choice([c.token for c in clients] + [None, None])
                    await connect(old)
                else:
                    try:
                        await client.send_wire(random_request(rng, srv, client))
                    except (ConnectionLost, trio.ClosedResourceError, trio.BrokenResourceError):
                        clients.remove(client)
                await trio.sleep(rng.choice([0.05, 0.05, 1, 7]))
                check_consistency(srv)
            nursery.cancel_scope.cancel()
        assert INTERNAL not in errors
        assert sum(errors.values()) > 0 and srv.rooms is not None
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
