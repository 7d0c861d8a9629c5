"""An in-process ``UnoServer`` for the server tests: clients over memory streams (or any
stream pair), and helpers that read a room, a game and the moves of a seat."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import trio
import trio.testing

from engine import Game
from engine import events as ev
from kit.client import Client, bot_act, view_in
from protocol import PROTOCOL_VERSION, Events, Hello, Message, Start, ViewMsg, codec
from server import ServerConfig, UnoServer
from server.room import Room

StreamPair = Callable[[], tuple[trio.abc.Stream, trio.abc.Stream]]
DealRng = Callable[[str], random.Random]  # a ``ServerConfig.deal_rng``

BOUND = 120.0  # virtual seconds: the default ``fail_after`` of helpers


def event_name(cls: type) -> str:
    """The wire name (``type``) of an engine event class."""
    return next(name for name, kind in codec.EVENT_TYPES.items() if kind is cls)


# the wire names of the events that are a seat's move
MOVES = frozenset(event_name(cls) for cls in (ev.CardPlayed, ev.Drew, ev.Passed, ev.ColorChosen,
                                              ev.Challenged, ev.UnoCalled, ev.Caught))
STAND_IN = event_name(ev.StandIn)
RESHUFFLED = event_name(ev.Reshuffled)
TURN_STARTED = event_name(ev.TurnStarted)
HAND_ENDED = event_name(ev.HandEnded)
MATCH_ENDED = event_name(ev.MatchEnded)


def carries(kind: str) -> Callable[[Message], bool]:
    """Whether a message is an ``events`` message with an event of type ``kind``."""

    def holds(message: Message) -> bool:
        return isinstance(message, Events) and any(e["type"] == kind for e in message.events)

    return holds


is_match_end = carries(MATCH_ENDED)
is_hand_end = carries(HAND_ENDED)


def own_move(message: Message, seat: str | None) -> bool:
    """An events message that starts with a move of ``seat`` (played by it or for it: after a
    ``stand_in`` event; a draw may come after the ``reshuffled`` it needed)."""
    if not isinstance(message, Events):
        return False
    moves = [e for e in message.events if e["type"] not in (STAND_IN, RESHUFFLED)]
    return bool(moves) and moves[0]["type"] in MOVES and moves[0].get("seat") == seat


def turn_begins(message: Message, seat: str | None) -> bool:
    return isinstance(message, Events) and any(
        e["type"] == TURN_STARTED and e["seat"] == seat for e in message.events)


async def next_move_after(client: Client, began: float | None = None, seat: str | None = None,
                          play: bool = False) -> tuple[float, Events]:
    """Wait for the next move made on a new turn of ``seat`` (default: ``client``'s seat), by it
    or for it, as ``client`` sees it; return how long after the turn began the move came, and
    its events. ``began``: the turn is on already, since then. ``play``: ``client`` plays its
    own turns meanwhile (with the normal bot)."""
    seat = seat or client.seat
    rng = random.Random(0)
    while True:
        message = await client.recv()
        now = trio.current_time()
        if began is not None and own_move(message, seat):
            assert isinstance(message, Events)
            return now - began, message
        view = view_in(message)
        if turn_begins(message, seat) or (began is None and isinstance(message, ViewMsg)
                                           and view is not None and view["current"] == seat
                                           and view["outcome"] is None):
            began = now
        if play and view is not None and client.is_my_turn(view):
            act = bot_act(view, rng)
            if act is not None:
                await client.send(act)


def seeded_config(**overrides: Any) -> ServerConfig:
    """The tests' server: seeded, the next hand dealt at once; ``overrides`` on top."""
    overrides.setdefault("next_hand_delay", 0)
    overrides.setdefault("seed", 1)
    return ServerConfig(**overrides)


async def stoppable_server(nursery: trio.Nursery, **overrides: Any) -> tuple[UnoServer, trio.CancelScope]:
    """A server (``seeded_config(**overrides)``) serving in ``nursery`` under a cancel scope of its
    own: cancelling the scope stops this server alone (a crash, a restart)."""
    srv = UnoServer(seeded_config(**overrides))
    scope = trio.CancelScope()

    async def run(task_status: trio.TaskStatus[UnoServer] = trio.TASK_STATUS_IGNORED) -> None:
        with scope:
            await srv.serve(task_status=task_status)

    await nursery.start(run)
    return srv, scope


class Harness:
    """Starts servers and connects clients inside the test's nursery."""

    def __init__(self, nursery: trio.Nursery) -> None:
        self.nursery = nursery

    async def server(self, **overrides: Any) -> UnoServer:
        srv = UnoServer(seeded_config(**overrides))
        await self.nursery.start(srv.serve)
        return srv

    def connect(self, srv: UnoServer, name: str = "ann",
                pair: StreamPair = trio.testing.memory_stream_pair,
                address: str = "memory") -> Client:
        """A client; ``address`` is the ``host:port`` the server sees it come from."""
        client_end, server_end = pair()
        self.nursery.start_soon(srv.handle_stream, server_end, address)
        return Client(client_end, name)

    async def client(self, srv: UnoServer, name: str = "ann",
                     pair: StreamPair = trio.testing.memory_stream_pair,
                     address: str = "memory") -> Client:
        """A client that said hello."""
        client = self.connect(srv, name, pair, address)
        await client.hello()
        return client

    async def table(self, *names: str, srv: UnoServer | None = None, deal: DealRng | None = None,
                    spectators: Sequence[str] = (), start: bool = False,
                    **create: Any) -> tuple[UnoServer, list[Client]]:
        """A room and the clients at it: the first of ``names`` opens it (``create``: its
        options), the others join it as players, then ``spectators`` as spectators; ``start``:
        the host starts the match and reads up to its first view. The server is ``srv``, or a
        new one (``deal``: its rigged deal); the clients come in the order named."""
        if srv is None:
            srv = await (self.server() if deal is None else self.server(deal_rng=deal))
        host = await self.client(srv, names[0])
        room_id = (await host.create(**create)).room.id
        clients = [host]
        for name, spectate in [(n, False) for n in names[1:]] + [(n, True) for n in spectators]:
            client = await self.client(srv, name)
            await (client.join(room_id, spectate=True) if spectate else client.join(room_id))
            clients.append(client)
        if start:
            await start_match(host)
        return srv, clients


def raw_hello(name: str = "raw") -> Hello:
    return Hello(version=PROTOCOL_VERSION, name=name)


def only_room(srv: UnoServer) -> Room:
    (room,) = srv.rooms.values()
    return room


def game_of(srv: UnoServer) -> Game:
    game = only_room(srv).game
    assert game is not None
    return game


async def start_match(host: Client) -> ViewMsg:
    """The host starts the match; its first view."""
    await host.send(Start())
    return await host.expect(ViewMsg)


async def gather(*tasks: Callable[[], Awaitable[Any]]) -> None:
    async with trio.open_nursery() as nursery:
        for task in tasks:
            nursery.start_soon(task)
