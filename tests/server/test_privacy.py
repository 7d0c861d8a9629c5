"""No client ever receives a card it may not know.

Every byte the server sends to each client during whole matches is recorded and decoded on its
own (plain msgpack, not through the client's protocol code). Every card anywhere in it must be in
a place a seat may see: its own hand (equal to the server's Game's hand for that seat when the
message was queued), the top of the discard pile, its own drawn card and legal moves, a card
played in public, the ``cards`` of an event about the receiving seat itself, or the hand a
challenged seat showed its challenger.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest
import trio
import trio.testing
from kit.client import Client
from kit.deck import rigged_deal
from kit.harness import Harness, game_of, is_match_end

from engine import Card
from protocol import Act, Events, ListRooms, Message, Rooms, Start, ViewMsg
from server.peer import Peer

Path = tuple[Any, ...]


class RecordingStream(trio.abc.Stream):
    """A stream that keeps a copy of every byte received through it."""

    def __init__(self, inner: trio.abc.Stream) -> None:
        self.inner = inner
        self.received = bytearray()

    async def send_all(self, data: bytes | bytearray | memoryview) -> None:
        await self.inner.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        await self.inner.wait_send_all_might_not_block()

    async def receive_some(self, max_bytes: int | None = None) -> bytes | bytearray:
        data = await self.inner.receive_some(max_bytes)
        self.received += data
        return data

    async def aclose(self) -> None:
        await self.inner.aclose()


def recording_pair() -> tuple[trio.abc.Stream, trio.abc.Stream]:
    client_end, server_end = trio.testing.memory_stream_pair()
    return RecordingStream(client_end), server_end


def strings(value: Any, path: Path = ()) -> Iterator[tuple[Path, str]]:
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key, (*path, "<key>"))
            yield from strings(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, (*path, i))


def is_card(text: str) -> bool:
    try:
        Card.parse(text)
    except ValueError:
        return False
    return True


def check_view(view: dict[str, Any], seat: str | None, hand: list[str] | None) -> None:
    assert view["seat"] == seat
    assert view["hand"] == hand  # the server's own idea of this seat's hand at that moment
    if view["drawn"] is not None:
        assert hand is not None and view["drawn"] in hand
    for action in view["legal"]:
        if "card" in action:
            assert hand is not None and action["card"] in hand


def allowed(path: Path, message: dict[str, Any], seat: str | None) -> bool:
    """Whether a card may appear at ``path`` of ``message`` sent to ``seat``."""
    if path[0] == "view":
        rest = path[1:]
        return (rest[0] in ("hand", "top", "drawn")
                or (rest[0] == "legal" and rest[-1] == "card")
                or rest[:2] == ("hand_result", "hands"))  # every hand, once the hand is over
    if message["type"] == "events" and path[0] == "events":
        event = message["events"][path[1]]
        field = path[2]
        if field == "card":
            return event["type"] in ("card_played", "starting_card")
        if field == "cards":
            return seat is not None and event["seat"] == seat
        if field == "hands":
            return seat is not None and event["hands"][path[3]][0] == seat
        if field == "hand":  # shown to settle a challenge (R12): to the challenger and its owner
            return event["type"] == "challenged" and seat in (event["seat"], event["target"])
    return False


@pytest.mark.parametrize("rules", [
    {"preset": "official", "rules": {"seven_zero": True, "jump_in": True, "target_score": 500}},
    {"preset": "house", "rules": {"stack_wild_draw_four": True, "false_catch_penalty": 2,
                                  "uno_penalty": 4, "target_score": 500}},
])
async def test_no_client_ever_receives_another_seats_cards(
        harness: Harness, monkeypatch: pytest.MonkeyPatch, autojump_clock: object,
        rules: dict[str, Any]) -> None:
    truth: dict[tuple[str, int], list[str] | None] = {}
    queued = Counter[str]()
    original_send = Peer.send

    def send(peer: Peer, message: Message) -> None:
        before = peer.conn.sent_seq
        original_send(peer, message)
        session = peer.session
        if peer.conn.sent_seq == before or session is None:
            return
        queued[session.name] += 1
        room = session.room
        if isinstance(message, ViewMsg | Events) and room is not None and room.game is not None:
            seat = room.seat_of(session)
            truth[session.name, peer.conn.sent_seq] = (
                None if seat is None else [str(c) for c in room.game.hand(seat.id)])

    def send_events(peer: Peer, events: tuple[dict[str, Any], ...], current: str | None,
                    deadline: float | None, view: dict[str, Any] | None) -> None:
        send(peer, Events(events=events, current=current, deadline=deadline, view=view))

    monkeypatch.setattr(Peer, "send", send)
    monkeypatch.setattr(Peer, "send_events", send_events)

    with trio.fail_after(10_000):
        srv = await harness.server()
        ann = await harness.client(srv, "ann", pair=recording_pair)
        room_id = (await ann.create(bots=1, seats=4, turn_timeout=30, **rules)).room.id
        players = [ann]
        for name in ("bob", "cat"):
            client = await harness.client(srv, name, pair=recording_pair)
            await client.join(room_id)
            players.append(client)
        dan = await harness.client(srv, "dan", pair=recording_pair)
        await dan.join(room_id, spectate=True)
        await ann.send(Start())

        async def play(client: Client) -> None:
            await client.play(is_match_end)

        async with trio.open_nursery() as nursery:
            for client in players:
                nursery.start_soon(play, client)
            nursery.start_soon(dan.expect, Events, is_match_end)
        assert game_of(srv).outcome() is not None
        for client in [*players, dan]:  # read everything sent so far
            await client.send(ListRooms())
            while not isinstance(await client.recv(), Rooms):  # (a late move may be refused)
                pass

    seen_types: Counter[str] = Counter()
    for client in [*players, dan]:
        stream = client.link.stream
        assert isinstance(stream, RecordingStream)
        unpacker = msgpack.Unpacker(raw=False)
        unpacker.feed(bytes(stream.received))
        messages = list(unpacker)
        # every message, decoded on its own (a short match sends a client under a hundred: 89 seen)
        assert len(messages) == queued[client.name] > 50
        seat = client.seat
        views = 0
        held: dict[str, Any] | None = None  # the whole view, rebuilt here from the changes
        for message in messages:
            for path, text in strings(message):
                if is_card(text):
                    assert allowed(path, message, seat), (client.name, path, message)
            view = message.get("view")
            if message["type"] == "view":
                held = view
            elif view is not None:  # an events message's view: only what changed
                assert held is not None
                held = {**held, **view}
            if view is not None:
                assert held is not None
                check_view(held, seat, truth[client.name, message["seq"]])
                views += 1
            for event in message.get("events", ()):
                seen_types[event["type"]] += 1
        assert views > 50
    # The matches went through the redacted kinds of events.
    assert seen_types["drew"] and seen_types["dealt"]
    if rules["rules"].get("seven_zero"):
        assert seen_types["hands_exchanged"]


async def test_a_challenged_hand_is_shown_to_the_challenger_and_nobody_else(
        harness: Harness, autojump_clock: object) -> None:
    """R12 (Mattel): the seat challenged shows its hand to settle it; the room learns the verdict."""
    with trio.fail_after(300):
        # The bot (seat 2) starts and can play nothing but its Wild Draw Four: an honest one.
        deal = rigged_deal(["R2 R4 R3 R4 R5 R6 B7", "W+4 G1 G1 G3 G3 G5 G5"], "B9", dealer=0)
        srv, (ann, dan) = await harness.table("ann", bots=1, spectators=["dan"], deal=deal)
        await ann.send(Start())
        view = await ann.my_turn()
        assert view["challenge_from"] == "2"
        shown = sorted(str(card) for card in game_of(srv).hand("2"))
        await ann.send(Act(kind="challenge"))
        await ann.expect(Events, lambda m: any(e["type"] == "challenged" for e in m.events))
        await dan.expect(Events, lambda m: any(e["type"] == "challenged" for e in m.events))
        [told] = ann.events("challenged")
        assert told["guilty"] is False
        assert sorted(told["hand"]) == shown == ["G1", "G1", "G3", "G3", "G5", "G5"]
        assert [e["hand"] for e in dan.events("challenged")] == [None]
