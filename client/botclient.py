"""A terminal-less client that plays with the engine's bots over the real protocol.

Used by ``uno bots``, the end-to-end tests and the load benchmark.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import trio

from engine import View
from engine.bots import choose_action
from protocol import (
    CreateRoom,
    Error,
    Events,
    Joined,
    JoinRoom,
    LeaveRoom,
    ListRooms,
    Message,
    Ping,
    Pong,
    Rooms,
    RoomUpdate,
    Start,
    Sync,
    ViewMsg,
    codec,
)

from .link import Link


@dataclass
class BotResult:
    name: str
    seat: str | None = None
    room: str | None = None
    views: int = 0
    actions: int = 0
    refused: int = 0
    hands: set[int] = field(default_factory=set)
    winner: str | None = None
    scores: tuple[int, ...] = ()
    token: str | None = None
    last_view: View | None = None


@dataclass
class BotOptions:
    level: str = "normal"
    create: CreateRoom | None = None  # create this room (and start it when full) ...
    room: str | None = None  # ... or join this room (or the first open one when both are None)
    start_when: int = 0  # as the creator: start once this many seats are taken
    matches: int = 1  # leave after this many matches
    seed: int | None = None


MIN_MOVE_INTERVAL = 0.03  # seconds between moves: at most ~33 a second, under the flood limit


class BotClient:
    def __init__(self, link: Link, name: str, options: BotOptions) -> None:
        self.link = link
        self.options = options
        self.result = BotResult(name)
        self.rng = random.Random(options.seed)
        self._acting_on: int = -1  # the view number we last acted on
        self._views = 0
        self._matches_done = 0
        self._last_send = -1.0

    async def run(self, token: str | None = None) -> BotResult:
        welcome = await self.link.hello(self.result.name, token)
        self.result.token = welcome.token
        if not welcome.resumed:
            await self._enter_room()
        while self._matches_done < self.options.matches:
            message = await self.link.receive()
            await self._on_message(message)
        await self.link.send(LeaveRoom())
        return self.result

    async def _enter_room(self) -> None:
        options = self.options
        if options.create is not None:
            await self.link.send(options.create)
            return
        room = options.room
        while room is None:
            await self.link.send(ListRooms())
            message = await self.link.receive()
            if isinstance(message, Rooms):
                open_rooms = [r for r in message.rooms if not r.started and r.players < r.seats]
                if open_rooms:
                    room = open_rooms[0].id
                else:
                    await trio.sleep(0.05)
        await self.link.send(JoinRoom(room=room))

    async def _on_message(self, message: Message) -> None:
        result = self.result
        if isinstance(message, Joined):
            result.seat, result.room = message.seat, message.room.id
        elif isinstance(message, RoomUpdate):
            room = message.room
            if (self.options.create is not None and not room.started
                    and self.options.start_when and len(room.seats) >= self.options.start_when
                    and all(s.connected for s in room.seats)):
                await self.link.send(Start())
        elif isinstance(message, ViewMsg | Events) and message.view is not None:
            await self._on_view(codec.view_from_wire(message.view))
        elif isinstance(message, Ping):
            await self.link.send(Pong(nonce=message.nonce))
        elif isinstance(message, Error):
            result.refused += 1
            if message.ref == "action":
                self._acting_on = -1  # the move was stale: act on the next view
        elif isinstance(message, Events):
            pass
        if self.link.conn.gap:
            self.link.conn.gap = False
            await self.link.send(Sync())

    async def _on_view(self, view: View) -> None:
        result = self.result
        self._views += 1
        result.views += 1
        result.last_view = view
        result.hands.add(view.hand_number)
        if view.outcome is not None:
            if result.winner is None or self._acting_on != -2:
                result.winner, result.scores = view.outcome.winner, view.outcome.scores
                self._matches_done += 1
                self._acting_on = -2
            return
        if self._acting_on == -2:
            self._acting_on = -1  # a new match began
        if not view.legal or self._acting_on == self._views:
            return
        action = choose_action(self.options.level, view, self.rng)
        if action is None:
            return
        self._acting_on = self._views
        result.actions += 1
        # A program could move far faster than a person; keep under the server's flood limit.
        wait = self._last_send + MIN_MOVE_INTERVAL - trio.current_time()
        if wait > 0:
            await trio.sleep(wait)
        self._last_send = trio.current_time()
        await self.link.send(codec.action_to_act(action))
