"""Attacks by seated players and strangers: moves the rules forbid, host commands, forged and
guessed tokens, hostile names and chat, a spectator that acts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import trio
from attack_table import (
    BAD_NAMES,
    BAD_TEXTS,
    bad_text,
    strings_in,
)
from kit.client import Client, bot_act
from kit.harness import own_move
from kit.wire import Wire

from protocol import (
    PROTOCOL_VERSION,
    Act,
    CreateRoom,
    Error,
    Events,
    Joined,
    JoinRoom,
    RoomUpdate,
    Start,
    ViewMsg,
)
from protocol.errors import BAD_FIELD, NOT_ALLOWED_NOW
from server.errors import ALREADY_STARTED


@dataclass
class Snapshot:
    views: dict[str, dict[str, Any]]
    seats: list[tuple[str, str, str, bool, bool]]
    host: str


class SeatedRoom:
    """A room of three people and no bots and no clock, so that it only changes when one of them
    acts: ``victim`` (the host) and two seated attackers, ``mallory`` and ``eve``. ``ready``
    plays (well-behaved) moves until it is an attacker's turn with nothing pending, and names
    the attacker on turn and the other one."""

    def __init__(self, players: dict[str, Client]) -> None:
        self.players = players
        self.room_id = ""
        self.on_turn: Client
        self.off_turn: Client

    @classmethod
    async def open(cls, nursery: trio.Nursery, port: int, tag: str = "") -> SeatedRoom:
        victim = await Client.connect(nursery, port, f"victim{tag}")
        joined = await victim.request(
            CreateRoom(name=f"seated{tag}", seats=3, bots=0, bot_delay=0, turn_timeout=0,
                       rules={"target_score": None}), Joined)
        room = cls({"victim": victim})
        room.room_id = joined.room.id
        for name in ("mallory", "eve"):
            player = await Client.connect(nursery, port, f"{name}{tag}")
            await player.request(JoinRoom(room=room.room_id), Joined)
            room.players[name] = player
        await victim.request(Start(), ViewMsg)
        return room

    async def ready(self, rng: random.Random) -> None:
        for _ in range(200):
            views = {name: await p.fresh_view() for name, p in self.players.items()}
            current = views["victim"]["current"]
            name = next(n for n, p in self.players.items() if p.seat == current)
            view = views[name]
            plain = not (view["awaiting_color"] or view["challenge_from"] or view["pending_draw"]
                         or view["has_drawn"])
            if name != "victim" and plain and view["hand_result"] is None:
                self.on_turn = self.players[name]
                self.off_turn = self.players["eve" if name == "mallory" else "mallory"]
                return
            assert view["hand_result"] is None, "the hand ended while getting ready"
            act = bot_act(view, rng)
            assert act is not None
            player = self.players[name]
            await player.request(act, Events, lambda m, seat=player.seat: own_move(m, seat))
        raise AssertionError("never an attacker's plain turn")

    async def snapshot(self) -> Snapshot:
        views = {name: await p.fresh_view() for name, p in self.players.items()}
        victim = self.players["victim"]
        assert victim.room is not None
        seats = [(s.seat, s.name, s.kind, s.connected, s.away) for s in victim.room.seats]
        return Snapshot(views, seats, victim.room.host)


async def refused(wire_or_player: Client, message: Any, codes: Sequence[str]) -> Error:
    """Send a raw ``message`` as a seated player; the error it gets, whose code is in ``codes``."""
    player = wire_or_player
    mark = len(player.log)
    await player.send_wire(message)
    error = await player.wait_for(lambda m: isinstance(m, Error | Events), mark)
    assert isinstance(error, Error), f"{message} was accepted: {error}"
    assert error.code in codes and not error.fatal, (message, error)
    return error


async def attack_seats(port: int, seed: int = 0) -> dict[str, int]:
    """Seated attackers try what the rules forbid: moves out of turn, for another seat, with a
    card not held, replayed; host commands; forged and guessed tokens; a second connection
    taking a seat without its token. Every attempt gets its documented refusal and the room
    (every seat's view, the seats, the host) is exactly as before."""
    rng = random.Random(seed)
    codes: Counter[str] = Counter()
    async with trio.open_nursery() as nursery:
        room = await SeatedRoom.open(nursery, port, f"-{seed}")
        await room.ready(rng)
        on, off, victim = room.on_turn, room.off_turn, room.players["victim"]
        name_of = {id(p): name for name, p in room.players.items()}
        draw = {"type": "action", "kind": "draw"}
        before = await room.snapshot()
        hand = before.views[name_of[id(on)]]["hand"]
        other_hand = before.views[name_of[id(off)]]["hand"]
        not_held = next(c for c in ("R0", "Y0", "G0", "B0", "R5", "G7", "B9", "Y2", "W", "W+4")
                        if c not in hand)
        attempts: list[tuple[Client, Any, tuple[str, ...]]] = [
            # out of turn
            (off, {"type": "action", "kind": "play", "card": other_hand[0],
                   "color": "R" if other_hand[0].startswith("W") else None}, ("not_your_turn",)),
            (off, draw, ("not_your_turn",)),
            (off, {"type": "action", "kind": "pass"}, ("not_your_turn",)),
            (off, {"type": "action", "kind": "challenge"}, ("not_your_turn",)),
            # for another seat: actions name no seat; a seat field is refused
            (off, {**draw, "seat": on.seat}, ("extra_field",)),
            (off, {**draw, "player": on.seat}, ("extra_field",)),
            (on, {"type": "action", "kind": "play", "card": hand[0], "seat": victim.seat},
             ("extra_field",)),
            (off, {"type": "action", "kind": "catch", "target": "99"}, ("unknown_seat", "bad_target",
                                                                        "not_catchable")),
            # a card not held, and cards that do not exist
            (on, {"type": "action", "kind": "play", "card": not_held,
                  "color": "G" if not_held.startswith("W") else None}, ("card_not_in_hand",)),
            (on, {"type": "action", "kind": "play", "card": other_hand[-1],
                  "color": "G" if other_hand[-1].startswith("W") else None}
             if other_hand[-1] not in hand else
             {"type": "action", "kind": "play", "card": not_held}, ("card_not_in_hand", "bad_color")),
            (on, {"type": "action", "kind": "play", "card": "X9"}, ("bad_field",)),
            # a card held, written in lower case (cards are written in capitals, as colours are)
            (on, {"type": "action", "kind": "play", "card": hand[0].lower(),
                  "color": "R" if hand[0].startswith("W") else None}, ("bad_field",)),
            (on, {"type": "action", "kind": "play", "card": "R10"}, ("bad_field",)),
            (on, {"type": "action", "kind": "teleport"}, ("bad_field",)),
            (on, {"type": "action", "kind": "pass"}, ("cannot_pass",)),
            # host commands by a guest
            (off, {"type": "start"}, ("not_host", "already_started")),
            (off, {"type": "add_bot"}, ("not_host", "already_started")),
            (off, {"type": "remove_bot", "seat": victim.seat}, ("not_host", "already_started")),
            (off, {"type": "set_rules", "preset": "house"}, ("not_host", "already_started")),
        ]
        for player, message, allowed in attempts:
            codes[(await refused(player, message, allowed)).code] += 1
        assert await room.snapshot() == before, "an attack changed the room"

        # Replayed: the draw is accepted once; sent again (and again) it is refused.
        await on.request(Act(kind="draw"), Events, lambda m: own_move(m, on.seat))
        after_draw = await room.snapshot()
        for _ in range(3):
            codes[(await refused(on, draw, ("cannot_draw", "not_your_turn"))).code] += 1
        assert await room.snapshot() == after_draw, "a replayed move changed the room"

        # Tokens: guessed ones, and the victim's id with a forged secret, resume nothing.
        assert victim.token is not None
        sid = victim.token.split(".")[0]
        forged = [f"{rng.getrandbits(64):016x}.{rng.getrandbits(128):032x}",
                  f"{sid}.{rng.getrandbits(128):032x}", f"{sid}.", f"{sid}.{'0' * 32}",
                  f"{sid}.{victim.token.split('.')[1][:-1]}", sid, victim.token + "0",
                  victim.token.upper() if victim.token.upper() != victim.token else sid + ".X"]
        for token in forged:
            thief = await Wire.open(port)
            try:
                welcome = await thief.hello("victim", token)
                assert not welcome["resumed"] and welcome["token"] not in (token, victim.token)
                await thief.usable()
                codes["not_resumed"] += 1
            finally:
                await thief.aclose()
        # A second connection with the victim's name and no token cannot take the seat.
        mark = len(victim.log)
        thief = await Wire.open(port)
        try:
            await thief.hello(victim.name)
            await thief.send({"type": "join_room", "room": room.room_id})
            codes[(await thief.error(ALREADY_STARTED))["code"]] += 1
            await thief.send({"type": "join_room", "room": room.room_id, "spectate": True})
            joined = await thief.expect("joined")
            assert joined["role"] == "spectator" and joined["seat"] is None
            view = (await thief.expect("view"))["view"]
            assert view["seat"] is None and view["hand"] is None and view["legal"] == []
            await thief.send({"type": "action", "kind": "draw"})
            codes[(await thief.error(NOT_ALLOWED_NOW))["code"]] += 1
        finally:
            await thief.aclose()
        await victim.wait_for(lambda m: isinstance(m, RoomUpdate) and m.room.spectators == 0,
                              after=mark)
        assert await room.snapshot() == after_draw, "the room changed"
        assert all(p.lost is None for p in room.players.values())  # nobody was replaced
        nursery.cancel_scope.cancel()
    for player in room.players.values():
        await player.aclose()
    return dict(codes)


async def attack_text(port: int, tag: str = "", names: Sequence[str] = BAD_NAMES,
                      texts: Sequence[str] = BAD_TEXTS) -> int:
    """Names, chat and room names with escape sequences, control characters, direction
    overrides and overlong text (or any other ``names`` and ``texts``) are refused with
    ``bad_field``: none of it reaches anyone; a later clean line does. Returns how many were
    refused."""
    refusals = 0
    async with trio.open_nursery() as nursery:
        listener = await Client.connect(nursery, port, f"listener{tag}")
        lobby = await Client.connect(nursery, port, f"lobby{tag}")
        speaker_name = f"speaker{tag}"[:24]
        joined = await listener.request(CreateRoom(name=f"chat{tag}", seats=3, bots=1), Joined)
        speaker = await Wire.open(port)
        try:
            for name in names:  # refused; the handshake goes on
                await speaker.send({"type": "hello", "version": PROTOCOL_VERSION, "name": name})
                await speaker.error(BAD_FIELD)
                refusals += 1
            await speaker.hello(speaker_name)
            for text in texts:  # in the lobby
                await speaker.send({"type": "chat", "text": text})
                await speaker.error(BAD_FIELD)
                refusals += 1
            for name in (*(n for n in names if n != "x" * 25), "y" * 33):  # (25 x: a fine room)
                await speaker.send({"type": "create_room", "name": name or "", "seats": 2})
                await speaker.error(BAD_FIELD)
                refusals += 1
            await speaker.send({"type": "join_room", "room": joined.room.id})
            await speaker.expect("joined")
            for text in texts:  # in the room
                await speaker.send({"type": "chat", "text": text})
                await speaker.error(BAD_FIELD)
                refusals += 1
            await speaker.send({"type": "chat", "text": "clean line"})
            await speaker.expect("chat")
        finally:
            await speaker.aclose()
        # (other people may chat in the lobby meanwhile: only the speaker's lines count)
        said = await listener.wait_for(lambda m: m.TYPE == "chat" and m.source == speaker_name,
                                       after=0)
        assert said.text == "clean line", said
        assert [c for c in listener.chats() if c.source == speaker_name] == [said]
        assert [c for c in lobby.chats() if c.source == speaker_name] == []
        for player in (listener, lobby):
            for message in player.log:
                for text in strings_in(message):
                    assert not bad_text(text), (player.name, message)
        nursery.cancel_scope.cancel()
    await listener.aclose()
    await lobby.aclose()
    return refusals


async def spectate_and_act(port: int, room: str) -> None:
    """A spectator of a live table sends moves: ``not_allowed_now``, and nothing happens."""
    wire = await Wire.open(port)
    wire.auto_pong = True
    try:
        await wire.hello("kibitzer")
        await wire.send({"type": "join_room", "room": room, "spectate": True})
        await wire.expect("joined")
        for kind in ("draw", "pass", "call_uno"):
            await wire.send({"type": "action", "kind": kind})
            await wire.error(NOT_ALLOWED_NOW)
        await wire.send({"type": "join_room", "room": room})  # a seat, from a spectator
        await wire.error(NOT_ALLOWED_NOW)
    finally:
        await wire.aclose()
