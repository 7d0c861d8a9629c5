"""``uno bots --level L`` plays through ``engine.bots.Bot``: its tracker follows the hand from
the events the server sends, and a level that searches thinks in a worker thread."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest
import trio
import trio.testing
from test_botclient import MemoryNet, new_server

import engine.bots
from client.botclient import BotClient, BotOptions
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
