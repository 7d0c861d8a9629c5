"""``uno bots --level L`` plays through ``engine.bots.Bot``: its tracker follows the hand from
the events the server sends, and a level that searches thinks in a worker thread."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest
import trio
import trio.testing
from clientkit import until
from test_botclient import MemoryNet, new_server

import engine.bots
from client.botclient import BotClient, BotOptions, Patience
from engine import Action, View
from engine.tracker import Tracker
from protocol import CreateRoom

LEVEL = "easy"  # the level the recording one stands in for (the protocol knows only real levels)


class Recording:
    """A level that plays as the normal bot and notes what it was given, and on which thread."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, bool]] = []  # (thread, the tracker holds the view's hand)
        self.plays_seen = 0  # the most cards played its tracker had seen

    def __call__(self, view: View, rng: random.Random, tracker: Tracker | None) -> Action | None:
        in_step = (tracker is not None and tracker.hand is not None and view.hand is not None
                   and Counter(tracker.hand) == Counter(view.hand))
        self.calls.append((threading.current_thread().name, in_step))
        self.plays_seen = max(self.plays_seen, len(tracker.plays) if tracker is not None else 0)
        return engine.bots.choose_action("normal", view, rng, tracker)


@pytest.mark.parametrize("searches", [True, False])
async def test_a_bot_client_plays_through_a_bot_fed_the_events(
        nursery: trio.Nursery, monkeypatch: pytest.MonkeyPatch, searches: bool) -> None:
    level = Recording()
    monkeypatch.setitem(engine.bots._LEVELS, LEVEL, level)
    monkeypatch.setattr(engine.bots, "INLINE_LEVELS",
                        frozenset({"normal"}) if searches else frozenset({"normal", LEVEL}))
    net = MemoryNet(await new_server(nursery, seed=3), nursery)
    create = CreateRoom(name="Bots", seats=2, turn_timeout=0, bot_delay=0)
    bots = [BotClient(net.connect, "Ann", BotOptions(create=create, start_when=2, seed=1, level=LEVEL)),
            BotClient(net.connect, "Bob", BotOptions(seed=2))]
    with trio.fail_after(60):
        async with trio.open_nursery() as players:
            players.start_soon(bots[0].run)
            await bots[0].seated.wait()
            players.start_soon(bots[1].run)
            while len(level.calls) < 12:
                await trio.sleep(0.01)
            players.cancel_scope.cancel()
    trio_thread = threading.current_thread().name
    threads = {thread for thread, _ in level.calls}
    assert (trio_thread not in threads) if searches else (threads == {trio_thread})
    assert all(in_step for _, in_step in level.calls), level.calls  # its tracker followed the hand
    assert level.plays_seen >= 3  # it saw the cards played


class Counting:
    """A level that plays as the normal bot and notes, at each move, whether its memory counts
    the unseen cards right (108 less its hand and the discard pile: the other hands and the draw
    pile), which a memory that missed a card played cannot, and how long its log is."""

    def __init__(self) -> None:
        self.counts_right: list[bool] = []
        self.log_length = 0

    def __call__(self, view: View, rng: random.Random, tracker: Tracker | None) -> Action | None:
        assert tracker is not None and view.hand is not None
        others = view.draw_pile + sum(view.hand_sizes) - len(view.hand)
        self.counts_right.append(sum(tracker.unseen().values()) == others)
        self.log_length = len(tracker.log)
        return engine.bots.choose_action("normal", view, rng, tracker)


async def test_a_bot_client_that_comes_back_is_told_from_the_history_what_it_missed(
        nursery: trio.Nursery, monkeypatch: pytest.MonkeyPatch, autojump_clock: object) -> None:
    level = Counting()
    monkeypatch.setitem(engine.bots._LEVELS, LEVEL, level)
    monkeypatch.setattr(engine.bots, "INLINE_LEVELS", frozenset({"normal", LEVEL}))
    net = MemoryNet(await new_server(nursery, seed=5), nursery)
    # Heads-up against a server bot that takes a second a move: our bot is cut off as its turn
    # passes to the server's and tries again three seconds later, so it comes back having missed
    # the server's play.
    create = CreateRoom(name="Back", seats=2, bots=1, turn_timeout=0, bot_delay=1.0)
    ann = BotClient(net.connect, "Ann", BotOptions(create=create, start_when=2, seed=1, level=LEVEL),
                    patience=Patience(first_delay=3.0))

    def theirs_early() -> bool:  # (early in a hand: the history, 60 changes long, reaches its deal)
        view = ann.result.last_view
        return (view is not None and view.outcome is None and view.current != ann.result.seat
                and len(level.counts_right) > 0 and level.log_length < 20)

    with trio.fail_after(600):
        async with trio.open_nursery() as players:
            players.start_soon(ann.run)
            for back in range(1, 6):
                await until(theirs_early)
                await net.cut()
                await until(lambda: ann.result.reconnects == back)  # noqa: B023 (waited on here)
                moves = len(level.counts_right)
                await until(lambda: len(level.counts_right) > moves)  # noqa: B023
            players.cancel_scope.cancel()
    assert level.counts_right.count(False) == 0, level.counts_right
