"""Bots of the levels a table chose: the host sets each bot seat's level before the start, the
room plays each bot seat through its own ``engine.bots.Bot`` fed only what its seat may see,
and a level that thinks for long does so off the server's trio thread."""

from __future__ import annotations

import logging
import random
import threading
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
import trio
from kit.client import Client
from kit.deck import rigged_deal
from kit.harness import Harness, only_room
from test_persist import ANN, BOTS, crash, resume, start_server

import engine.bots
from engine import Action, View
from engine.bots import BOT_LEVELS, Bot
from engine.events import Dealt, Drew, Event, HandsExchanged
from engine.tracker import Tracker
from protocol import (
    AddBot,
    Events,
    Joined,
    LeaveRoom,
    Left,
    Message,
    Ping,
    Pong,
    RoomUpdate,
    SetBotLevel,
    Start,
    TakeSeat,
    ViewMsg,
)
from server import UnoServer
from server.errors import ALREADY_STARTED, NO_SUCH_SEAT, NOT_A_BOT, NOT_HOST
from server.room import Room


def levels(update: RoomUpdate | Joined) -> list[str | None]:
    return [seat.level for seat in update.room.seats]


async def test_the_host_sets_one_bot_seat_level(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        joined = await ann.create(seats=5, bots=2, bot_level="easy")
        first, second = joined.room.seats[1].seat, joined.room.seats[2].seat
        bob = await harness.client(srv, "bob")
        await bob.join(joined.room.id)
        await ann.send(SetBotLevel(seat=second, level="normal"))
        update = await bob.expect(RoomUpdate, lambda m: m.room.seats[2].level == "normal")
        assert levels(update) == [None, "easy", "normal", None]  # the other bot kept its level
        for level in BOT_LEVELS:  # every level the engine has can be chosen
            await ann.send(SetBotLevel(seat=first, level=level))
            await ann.expect(RoomUpdate, lambda m, lv=level: m.room.seats[1].level == lv)  # type: ignore[misc]
        await ann.send(SetBotLevel(seat=first, level="easy"))
        await ann.expect(RoomUpdate, lambda m: m.room.seats[1].level == "easy")

        await bob.send(SetBotLevel(seat=first, level="normal"))
        assert (await bob.error(NOT_HOST)).ref == "set_bot_level"
        await ann.send(SetBotLevel(seat=bob.seat or "", level="easy"))
        await ann.error(NOT_A_BOT)
        await ann.send(SetBotLevel(seat="99", level="easy"))
        await ann.error(NO_SUCH_SEAT)

        await ann.send(Start(fill=True))
        await ann.expect(ViewMsg)
        room = only_room(srv)
        bots = {seat.id: room.bots.bot(seat.id) for seat in room.seats if seat.kind == "bot"}
        assert {seat_id: bot.level for seat_id, bot in bots.items()} == {
            first: "easy", second: "normal", "5": "easy"}  # the filler: the room's level
        assert all(bot.seat == seat_id for seat_id, bot in bots.items())
        await ann.send(SetBotLevel(seat=first, level="normal"))
        await ann.error(ALREADY_STARTED)


async def test_a_late_arrival_keeps_the_other_bots_levels(harness: Harness,
                                                          autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann,) = await harness.table("ann", seats=3, bots=1, bot_level="easy", bot_delay=1)
        first = only_room(srv).seats[1].id
        await ann.send(AddBot(level="normal"))
        await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 3)
        await ann.send(Start())
        await ann.expect(ViewMsg)
        easy = first
        bob = await harness.client(srv, "bob")
        watching = await bob.join(only_room(srv).id, spectate=True)
        normal = next(s.seat for s in watching.room.seats if s.level == "normal")
        await bob.send(TakeSeat(seat=easy))
        seated = await bob.expect(Joined)
        assert levels(seated) == [None, None, "normal"]  # ann, bob, and the other bot as it was
        room = only_room(srv)
        assert room.bots.bot(normal).level == "normal"
        with pytest.raises(KeyError):  # bob's seat has no bot any more
            room.bots.bot(easy)


def _cards_of_others(seat: str, event: Event) -> bool:
    """Whether ``event`` shows ``seat`` a card of another seat's hand."""
    if isinstance(event, Dealt | Drew):
        return event.seat != seat and event.cards is not None
    if isinstance(event, HandsExchanged):
        return any(owner != seat and cards is not None for owner, _, cards in event.hands)
    return False


@pytest.fixture
def fed(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Event]]:
    """Every event each bot is fed, by seat."""
    seen: dict[str, list[Event]] = {}
    observe = Bot.observe

    def spy(self: Bot, events: Iterable[Event]) -> None:
        batch = list(events)
        seen.setdefault(self.seat, []).extend(batch)
        observe(self, batch)

    monkeypatch.setattr(Bot, "observe", spy)
    return seen


async def test_bots_are_fed_their_seats_events_only(harness: Harness, autojump_clock: object,
                                                    fed: dict[str, list[Event]]) -> None:
    with trio.fail_after(300):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        await ann.create(seats=4, bots=3, preset="house", rules={"seven_zero": True})
        await ann.send(Start())
        await ann.play(lambda m: isinstance(m, Events) and any(
            e["type"] == "hand_ended" for e in m.events))
        room = only_room(srv)
        bot_seats = [seat.id for seat in room.seats if seat.kind == "bot"]
        assert sorted(fed) == sorted(bot_seats)
        for seat_id in bot_seats:
            events = fed[seat_id]
            assert not [e for e in events if _cards_of_others(seat_id, e)]
            own = [e for e in events if isinstance(e, Dealt) and e.seat == seat_id and e.cards]
            assert own, "a bot learns its own hand"
            # and it followed the whole hand: its tracker counted every card played
            played = sum(1 for e in events if type(e).__name__ == "CardPlayed")
            assert played > 0


# ---------------------------------------------------------------------------- thinking off-thread

SLOW = "easy"  # the level the fake slow one stands in for (the protocol knows only real levels)


class SlowLevel:
    """A fake level that thinks until the test lets it answer (the normal bot's answer)."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.answer = threading.Event()
        self.calls = 0
        self.threads: list[str] = []

    def __call__(self, view: View, rng: random.Random, tracker: Tracker | None) -> Action | None:
        self.calls += 1
        self.threads.append(threading.current_thread().name)
        self.asked.set()
        assert self.answer.wait(20), "the test never let the slow bot answer"
        self.answer.clear()
        return engine.bots.choose_action("normal", view, rng, tracker)


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowLevel]:
    level = SlowLevel()
    monkeypatch.setitem(engine.bots._LEVELS, SLOW, level)
    monkeypatch.setattr(engine.bots, "INLINE_LEVELS", frozenset({"normal"}))  # it searches
    yield level
    level.answer.set()  # (a thread still thinking finishes)


async def wait_until_asked(level: SlowLevel) -> None:
    while not level.asked.is_set():
        await trio.sleep(0.01)
    level.asked.clear()


async def slow_bot_room(harness: Harness, srv: UnoServer, name: str,
                        slow: SlowLevel) -> tuple[Client, Room, dict[str, Any]]:
    """A room of ``name`` and a bot of the slow level in seat 2, which starts, and is thinking
    now; the game's snapshot as it thinks."""
    client = await harness.client(srv, name)
    joined = await client.create(seats=2, bots=1)
    room = srv.rooms[joined.room.id]
    room.seats[1].level = SLOW
    await client.send(Start())
    await client.expect(ViewMsg)
    await wait_until_asked(slow)
    assert room.game is not None
    return client, room, room.game.snapshot()


def bot_played(message: Message) -> bool:
    """The bot of seat 2 played or drew."""
    return isinstance(message, Events) and any(
        e.get("seat") == "2" and e["type"] in ("card_played", "drew") for e in message.events)


HANDS = rigged_deal(["B1 B2 B3 G1 G2 G3 Y1", "R1 R2 R3 G4 G5 G6 Y7"], "R9", dealer=0)


async def test_a_slow_bot_does_not_hold_up_other_rooms(harness: Harness,
                                                       caplog: pytest.LogCaptureFixture,
                                                       slow: SlowLevel) -> None:
    with trio.fail_after(20):
        srv = await harness.server(deal_rng=HANDS)
        ann, room, _ = await slow_bot_room(harness, srv, "ann", slow)  # the bot thinks on ...
        bob = await harness.client(srv, "bob")  # ... while another room is served as ever
        joined = await bob.create(seats=2, bots=1)
        await bob.send(Ping(nonce=5))
        await bob.expect(Pong, lambda m: m.nonce == 5)
        await bob.send(Start())
        await bob.my_turn()
        await bob.play(bot_played, now=True)  # bob moves and his room's (normal) bot answers
        assert srv.rooms[joined.room.id].game is not None and slow.calls == 1
        assert threading.current_thread().name not in slow.threads  # not the trio thread
        slow.answer.set()
        await ann.expect(Message, bot_played)  # its answer is played when it comes
        assert room.game is not None and room.game.current == "1"
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_stale_answer_is_dropped_and_the_bot_asked_again(harness: Harness,
                                                                 slow: SlowLevel) -> None:
    with trio.fail_after(20):
        srv = await harness.server(deal_rng=HANDS)
        ann, room, before = await slow_bot_room(harness, srv, "ann", slow)
        room._after_events([], turn_changed=False)  # the game moves on meanwhile (say, an UNO call)
        slow.answer.set()
        await wait_until_asked(slow)  # asked again: its first answer was not played
        assert slow.calls == 2 and room.game is not None and room.game.snapshot() == before
        slow.answer.set()
        await ann.expect(Message, bot_played)


async def test_a_room_closed_while_its_bot_thinks_drops_the_answer(
        harness: Harness, caplog: pytest.LogCaptureFixture, slow: SlowLevel) -> None:
    with trio.fail_after(20):
        srv = await harness.server(deal_rng=HANDS)
        ann, room, before = await slow_bot_room(harness, srv, "ann", slow)
        await ann.send(LeaveRoom())  # the only person goes: the room closes ...
        await ann.expect(Left)
        assert room.closed
        slow.answer.set()  # ... before its bot answers
        while room.bots.is_thinking("2"):
            await trio.sleep(0.01)
        assert room.game is not None and room.game.snapshot() == before and slow.calls == 1
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_restored_rooms_bots_start_from_what_their_seat_sees(
        harness: Harness, tmp_path: Path, autojump_clock: object) -> None:
    """After a restart the bot's memory of the hand is new: told what its seat's view shows (its
    own cards, the top card), it follows the hand from there."""
    with trio.fail_after(300):
        srv, scope = await start_server(harness.nursery, tmp_path,
                                        deal_rng=rigged_deal([ANN, BOTS], "B9", dealer=1))
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, bot_delay=1)
        await ann.send(Start())
        await ann.expect(ViewMsg)
        before = only_room(srv).bots.bot("2")
        await crash(srv, scope, ann)
        srv2, _ = await start_server(harness.nursery, tmp_path)
        ann2, _ = await resume(harness, srv2, ann)
        await ann2.play(bot_played, now=True)  # ann moves, then the bot does
        room = srv2.rooms["1"]
        assert room.game is not None
        bot = room.bots.bot("2")
        assert bot is not before and bot.tracker.hand is not None
        assert Counter(bot.tracker.hand) == Counter(room.game.hand("2"))
        game = room.game
        assert all(bot.tracker.size_of(s) == len(game.hand(s)) for s in game.seats)  # no move twice
        assert bot.tracker.log  # it followed the moves made since (its own, at least)


async def test_a_seat_whose_person_left_gets_a_new_bot(harness: Harness,
                                                      autojump_clock: object) -> None:
    with trio.fail_after(120):
        srv, (ann, bob) = await harness.table("ann", "bob", deal=HANDS, seats=2, start=True)
        room = only_room(srv)
        assert room.game is not None
        with pytest.raises(KeyError):
            room.bots.bot("2")  # a person's seat has no bot
        await bob.send(LeaveRoom())  # bob goes during the match: a bot plays his seat
        await ann.play(lambda m: isinstance(m, Events) and any(
            e.get("seat") == "2" and e["type"] == "card_played" for e in m.events), now=True)
        bot = room.bots.bot("2")
        assert bot.level == room.seats[1].level and bot.tracker.hand is not None
        assert Counter(bot.tracker.hand) == Counter(room.game.hand("2"))
        game = room.game
        assert all(bot.tracker.size_of(s) == len(game.hand(s)) for s in game.seats)  # no move twice


async def test_a_bot_added_without_a_level_takes_the_rooms(harness: Harness,
                                                           autojump_clock: object) -> None:
    """Found play-testing: a host of ``--bot-level hard`` removed a bot and pressed + (which sends
    no level): the new bot was ``normal``, though the room said "hard bots in the empty seats"."""
    with trio.fail_after(60):
        _, (ann,) = await harness.table("ann", seats=4, bots=0, bot_level="hard")
        await ann.send(AddBot())
        update = await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 2)
        assert [s.level for s in update.room.seats if s.kind == "bot"] == ["hard"]
        await ann.send(AddBot(level="easy"))  # (a level given wins)
        update = await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 3)
        assert [s.level for s in update.room.seats if s.kind == "bot"] == ["hard", "easy"]
