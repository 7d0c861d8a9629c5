"""Coming back from away, the client's log sums up what the stand-in played for us (client/
awaynews.py), fed what a real server sends: across the end of a hand, and in a client started
again while away (its terminal was closed), which counts from the room's ``history``."""

from __future__ import annotations

import re

import trio
from kit.client import Client
from kit.harness import Harness

from client.i18n import set_language
from client.model import Model
from protocol import Back, Events, History, Joined, RoomUpdate, Start


async def away_past_a_hand(harness: Harness) -> tuple[object, Client]:
    """ann lets her turns run out (three, then she is away) until a hand has ended and the
    stand-in has played for her in the next one; bob plays his turns (a table whose people are
    all away deals no new hand)."""
    srv, (ann, bob) = await harness.table("ann", "bob", seats=3, bots=1, turn_timeout=30, bot_delay=1)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(bob.play, lambda _message: False)
        await ann.send(Start())
        ended = False
        while True:
            message = await ann.recv()
            if isinstance(message, Events):
                types = [e["type"] for e in message.events]
                if ended and "stand_in" in types:
                    nursery.cancel_scope.cancel()
                    return srv, ann
                ended = ended or "hand_ended" in types


async def come_back(client: Client) -> None:
    await client.send(Back())
    await client.expect(RoomUpdate, lambda m: not next(s.away for s in m.room.seats if s.seat == client.seat))


def client_log(client: Client) -> list[str]:
    """The log of a client fed what ``client`` received, in English."""
    set_language("en")
    model = Model(client.name)
    for message in client.log:
        model.apply(message)
    return model.transcript.log


def summary(log: list[str]) -> str:
    """The one log line that sums up the stand-in's turns."""
    lines = [line for line in log if line.startswith("While you were away")]
    assert len(lines) == 1, log[-20:]
    return lines[0]


async def test_the_summary_covers_the_turns_and_a_hand_that_ended_while_away(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(10_000):
        _, ann = await away_past_a_hand(harness)
        await come_back(ann)
    log = client_log(ann)
    said = summary(log)
    assert log[-2:] == ["You came back", said]
    turns = sum(1 for m in ann.log if isinstance(m, Events) for e in m.events
                if e["type"] == "stand_in")
    assert said.startswith(f"While you were away — turns played for you: {turns}; ") and turns > 3
    assert re.search(r" · (you|Bot 1|bob) won hand 1 \(\+\d+\)$", said), said  # (ann's: "you")


async def test_a_client_started_again_while_away_counts_from_the_history(
        harness: Harness, autojump_clock: object) -> None:
    """The helper's play-test: Zoe's terminal was closed while she was away; started again, it
    said nothing of the turns played for her. Her seat stays away when she reconnects (a client
    reconnects by itself too, with nobody there); her first key brings her back, and the summary."""
    with trio.fail_after(10_000):
        srv, ann = await away_past_a_hand(harness)
        await ann.link.aclose()
        again = harness.connect(srv, "ann")  # (the same person, a new terminal)
        assert (await again.hello(ann.token)).resumed
        joined = await again.expect(Joined)
        assert next(s.away for s in joined.room.seats if s.seat == ann.seat)
        await again.expect(History)
        assert not [line for line in client_log(again) if line.startswith("While you were away")]
        await come_back(again)
    assert summary(client_log(again)).startswith("While you were away — turns played for you: ")
