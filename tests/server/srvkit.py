"""Helpers of the server tests: clients over memory streams, a harness, rigged deals."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Awaitable, Callable, MutableSequence, Sequence
from typing import Any, TypeVar

import msgpack
import pytest
import trio
import trio.testing

import server.room as room_module
from client.link import ConnectionLost, Link
from engine import Card, Game, RuleSet, full_deck
from engine.bots import choose_action
from protocol import (
    PROTOCOL_VERSION,
    CreateRoom,
    Error,
    Events,
    Hello,
    Joined,
    JoinRoom,
    Message,
    Ping,
    Pong,
    RoomInfo,
    RoomUpdate,
    Start,
    ViewMsg,
    Welcome,
    codec,
)
from server import ServerConfig, UnoServer
from server.journal import JournaledGame
from server.room import Room

M = TypeVar("M", bound=Message)
StreamPair = Callable[[], tuple[trio.abc.Stream, trio.abc.Stream]]

BOUND = 120.0  # virtual seconds: the default ``fail_after`` of helpers


class Client:
    """One client over a memory stream: sends messages, reads them in order, keeps a log.

    ``auto_pong`` answers the server's pings while reading (a live client); turn it off to play a
    silent one.
    """

    def __init__(self, stream: trio.abc.Stream, name: str) -> None:
        self.link = Link(stream)
        self.name = name
        self.log: list[Message] = []
        self.auto_pong = True
        self.token: str | None = None
        self.seat: str | None = None
        self.room: RoomInfo | None = None
        self.view: dict[str, Any] | None = None  # the last view received (wire form)
        self.lost: ConnectionLost | None = None

    async def send(self, message: Message) -> None:
        await self.link.send(message)

    async def send_raw(self, data: bytes) -> None:
        """Bytes straight to the server, past the client's own protocol checks."""
        await self.link.stream.send_all(data)

    async def send_wire(self, wire: Any) -> None:
        """Any msgpack value straight to the server, past the client's own protocol checks."""
        await self.send_raw(msgpack.packb(wire))

    async def recv(self) -> Message:
        message = await self.link.receive()
        self.log.append(message)
        if isinstance(message, Joined):
            self.seat, self.room = message.seat, message.room
        elif isinstance(message, RoomUpdate):
            self.room = message.room
        elif view_in(message) is not None:
            self.view = view_in(message)
        elif isinstance(message, Ping) and self.auto_pong:
            await self.send(Pong(nonce=message.nonce))
        return message

    async def expect(self, kind: type[M], where: Callable[[M], bool] | None = None) -> M:
        """Read until a ``kind`` message (for which ``where`` holds) arrives; return it."""
        while True:
            message = await self.recv()
            if isinstance(message, kind) and (where is None or where(message)):
                return message
            if isinstance(message, Error) and kind is not Error:
                raise AssertionError(f"{self.name} got {message!r} waiting for {kind.__name__}")

    async def error(self, code: str) -> Error:
        """The next error message, which must carry ``code``."""
        error = await self.expect(Error)
        assert error.code == code, error
        return error

    async def hello(self, token: str | None = None) -> Welcome:
        welcome = await self.link.hello(self.name, token)
        self.token = welcome.token
        return welcome

    async def closed(self) -> ConnectionLost:
        """Read until the server hangs up; the ``ConnectionLost`` (with its ``bye``, if any)."""
        try:
            while True:
                await self.recv()
        except ConnectionLost as lost:
            self.lost = lost
            return lost

    async def create(self, name: str = "table", **options: Any) -> Joined:
        options.setdefault("bot_delay", 0)
        options.setdefault("turn_timeout", 0)
        await self.send(CreateRoom(name=name, **options))
        return await self.expect(Joined)

    async def join(self, room: str, **options: Any) -> Joined:
        await self.send(JoinRoom(room=room, **options))
        return await self.expect(Joined)

    async def my_turn(self) -> dict[str, Any]:
        """Wait for a view (in a ``view`` or ``events`` message) in which this seat may act on
        its turn; return the view."""
        await self.expect(Message, lambda m: self.is_my_turn(view_in(m)))
        assert self.view is not None
        return self.view

    def is_my_turn(self, view: dict[str, Any] | None) -> bool:
        return (view is not None and view["current"] == self.seat and bool(view["legal"])
                and view["outcome"] is None)

    async def play(self, until: Callable[[Message], bool], rng: random.Random | None = None,
                   think: float = 0.05, now: bool = False) -> Message:
        """Play this seat with the normal bot until a message satisfies ``until``; return it.
        Each move takes ``think`` seconds (people do not send 40 messages a second). A refused
        (stale) move is simply followed by the next view's move. ``now``: act on the last view
        received first."""
        rng = rng or random.Random(0)
        while True:
            if now:
                message: Message = ViewMsg(view=self.view or {})
                now = False
            else:
                message = await self.recv()
                if until(message):
                    return message
            wire = view_in(message)
            if wire and wire["legal"] and wire["seat"]:
                view = codec.view_from_wire(wire)
                action = choose_action("normal", view, rng)
                if action is not None:
                    await trio.sleep(think)
                    await self.send(codec.action_to_act(action))

    def events(self, kind: str | None = None) -> list[dict[str, Any]]:
        """Every event received so far (of type ``kind``), in order."""
        out = []
        for message in self.log:
            if isinstance(message, Events):
                out.extend(e for e in message.events if kind is None or e["type"] == kind)
        return out


def view_in(message: Message) -> dict[str, Any] | None:
    """The view a message carries: a ``view`` message's, or an ``events`` message's."""
    if isinstance(message, ViewMsg):
        return message.view
    if isinstance(message, Events):
        return message.view
    return None


MOVES = {"card_played", "drew", "passed", "color_chosen", "challenged", "uno_called", "caught"}


def own_move(message: Message, seat: str | None) -> bool:
    """An events message that starts with a move of ``seat`` (played by it or for it: after a
    ``stand_in`` event)."""
    if not isinstance(message, Events):
        return False
    moves = [e for e in message.events if e["type"] != "stand_in"]
    return bool(moves) and moves[0]["type"] in MOVES and moves[0].get("seat") == seat


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
            action = choose_action("normal", codec.view_from_wire(view), rng)
            if action is not None:
                await client.send(codec.action_to_act(action))


def turn_begins(message: Message, seat: str | None) -> bool:
    return isinstance(message, Events) and any(
        e["type"] == "turn_started" and e["seat"] == seat for e in message.events)


class Harness:
    """Starts servers and connects clients inside the test's nursery."""

    def __init__(self, nursery: trio.Nursery) -> None:
        self.nursery = nursery

    async def server(self, **overrides: Any) -> UnoServer:
        overrides.setdefault("next_hand_delay", 0)
        overrides.setdefault("seed", 1)
        srv = UnoServer(ServerConfig(**overrides))
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


# ---------------------------------------------------------------------------- rigged deals


def cards(text: str) -> list[Card]:
    return [Card.parse(part) for part in text.split()]


class RiggedRandom(random.Random):
    """A ``random.Random`` for a room's ``Game``: the first shuffle deals ``hands`` (seat by seat,
    in seat order, each filled up to 7 cards) and turns up ``turn``; ``dealer`` is the index of
    the first dealer. Later shuffles are seeded ones."""

    def __init__(self, hands: Sequence[str], turn: str, dealer: int, seed: int = 0) -> None:
        super().__init__(seed)
        self.hands = [cards(h) for h in hands]
        self.turn = Card.parse(turn)
        self.dealer = dealer
        self.rigged = False

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        return self.dealer

    def shuffle(self, x: MutableSequence[Any]) -> None:  # type: ignore[override]
        if self.rigged or len(x) != len(full_deck()):
            super().shuffle(x)
            return
        self.rigged = True
        pool = Counter(x)
        for card in [c for hand in self.hands for c in hand] + [self.turn]:
            assert pool[card] > 0, card
            pool[card] -= 1
        # Fill hands with plain blue numbers, so the rigged cards decide what happens.
        spare = [c for c in full_deck() if pool[c] > 0 and c.color is not None
                 and c.color.value == "B" and c.rank.is_number]
        out: list[Card] = []
        for hand in self.hands:
            filler = spare[: 7 - len(hand)]
            del spare[: 7 - len(hand)]
            for card in filler:
                pool[card] -= 1
            out.extend(hand + filler)
        rest: list[Card] = []
        for card in full_deck():
            if pool[card] > 0:
                pool[card] -= 1
                rest.append(card)
        random.Random(1).shuffle(rest)
        x[:] = [*out, *rest, self.turn]


def rig(monkeypatch: pytest.MonkeyPatch, hands: Sequence[str], turn: str, dealer: int) -> None:
    """Every match started from now on deals from ``RiggedRandom(hands, turn, dealer)``."""

    def rigged_game(seats: Sequence[str], rules: RuleSet, rng: random.Random) -> Game:
        return JournaledGame(seats, rules, RiggedRandom(hands, turn, dealer))

    monkeypatch.setattr(room_module, "JournaledGame", rigged_game)
