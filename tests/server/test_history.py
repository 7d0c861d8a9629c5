"""The recent past of a room (``history``): whoever joins, comes back or watches gets the room's
recent changes at the table and its chat, each redacted for them (issue 9: "coming back
restores the recent log and chat of the room, not an empty screen")."""

from __future__ import annotations

import msgpack
import trio
from kit.deck import rigged_deal
from kit.harness import MATCH_ENDED, Harness, carries, only_room

from engine import Card, Color
from engine.events import CardPlayed
from protocol import (
    HISTORY_BATCHES,
    HISTORY_CHAT,
    MAX_MESSAGE_BYTES,
    Act,
    ChatLine,
    ChatMsg,
    Events,
    History,
    Joined,
    Message,
    RoomUpdate,
    Say,
    Start,
    ViewMsg,
)

ANN = "R1 R2 R3 G4 G5 G6 B7"
BOT = "G1 G2 G3 Y4 Y5 Y6 B8"


def after_joined(log: list[Message]) -> Message:
    """The message that came right after the last ``joined``."""
    index = max(i for i, m in enumerate(log) if isinstance(m, Joined))
    return log[index + 1]


async def test_a_spectator_and_a_returning_player_get_the_recent_log_and_chat(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(300):
        srv = await harness.server(deal_rng=rigged_deal([ANN, BOT], "Y9", dealer=0))  # the bot starts
        ann = await harness.client(srv, "ann")
        joined = await ann.create(bots=1, bot_delay=1, turn_timeout=0)
        await ann.send(Say(text="hola a todos"))
        await ann.expect(ChatMsg)
        await ann.send(Start())
        view = await ann.my_turn()
        assert view["current"] == ann.seat
        await ann.send(Say(text="my turn"))
        await ann.expect(ChatMsg)
        await ann.send(Act(kind="draw"))
        drew = await ann.expect(Events)
        own_draw = drew.events[0]
        assert own_draw["type"] == "drew" and own_draw["cards"]  # ann saw what she drew
        await ann.play(lambda m: len(ann.events("card_played")) >= 4, now=True)

        # A spectator arrives: the deal, the moves and the chat, as a spectator sees them.
        max_ = await harness.client(srv, "max")
        await max_.join(joined.room.id, spectate=True)
        history = await max_.expect(History)
        assert after_joined(max_.log) is history
        batches = [list(batch) for batch in history.events]
        assert batches[0][0]["type"] == "hand_started"
        assert any(e["type"] == "card_played" for batch in batches for e in batch)
        draws = [e for batch in batches for e in batch if e["type"] == "drew"]
        assert draws and all(e["cards"] is None for e in draws)  # nobody's cards
        assert history.chat == (ChatLine(source="ann", text="hola a todos"),
                                ChatLine(source="ann", text="my turn"))

        # ann's connection is replaced by a new one with her token: her own draws show again.
        again = harness.connect(srv, "ann")
        await again.hello(ann.token)
        await again.expect(Joined)
        mine = await again.expect(History)
        assert after_joined(again.log) is mine
        drawn = [e for batch in mine.events for e in batch if e["type"] == "drew"
                 and e["seat"] == again.seat]
        assert drawn and drawn[0]["cards"] == own_draw["cards"]
        assert mine.chat == history.chat
        await again.expect(ViewMsg)  # and the view after it


async def test_who_sits_down_after_a_match_gets_none_of_its_past(harness: Harness,
                                                                  autojump_clock: object) -> None:
    """Found play-testing: bob, sitting down between two matches, read lines of the match before
    ("Ann was marked away…") that meant nothing to him. He gets none of that match's past (nor
    its view: ``send_view``); ann, who played it, gets it back as before."""
    with trio.fail_after(300):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        joined = await ann.create(bots=1, bot_delay=1, turn_timeout=0, rules={"target_score": 1})
        await ann.send(Start())
        await ann.expect(ViewMsg)
        await ann.play(carries(MATCH_ENDED), now=True)
        await ann.send(Say(text="good game"))
        await ann.expect(ChatMsg)
        bob = await harness.client(srv, "bob")
        await bob.join(joined.room.id)
        await bob.rooms()  # (everything sent on joining came before the answer)
        assert not [m for m in bob.log if isinstance(m, History | ViewMsg | Events)]

        again = harness.connect(srv, "ann")  # ann's connection replaced: her past is hers
        await again.hello(ann.token)
        await again.expect(Joined)
        mine = await again.expect(History)
        assert any(e["type"] == MATCH_ENDED for batch in mine.events for e in batch)
        assert mine.chat == (ChatLine(source="ann", text="good game"),)


async def test_a_room_without_a_past_sends_no_history(harness: Harness,
                                                      autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await harness.table("ann", "bob")
        assert isinstance(await bob.recv(), RoomUpdate)  # no history before it
        await ann.send(Say(text="hi"))
        await bob.expect(ChatMsg)
        max_ = await harness.client(srv, "max")
        await max_.join(bob.room.id, spectate=True)
        assert (await max_.expect(History)).chat == (ChatLine(source="ann", text="hi"),)


async def test_the_history_is_bounded_and_fits_in_a_message(harness: Harness,
                                                            autojump_clock: object) -> None:
    """Long chat lines of the widest characters and many big changes: the oldest are left out."""
    with trio.fail_after(60):
        srv, (_ann,) = await harness.table("ann")
        room = only_room(srv)
        for n in range(HISTORY_CHAT + 10):
            room.publisher.remember_chat(ChatMsg(source="ann", text=f"{n:03}" + "𝄞" * 197, scope="room"))
        for n in range(HISTORY_BATCHES + 10):
            card = Card.parse(f"R{n % 10}")
            room.publisher.recent_events.append([CardPlayed("1", card, Color.RED)] * 100)
        history = room.publisher.history_for(None)
        assert 0 < len(history.events) < HISTORY_BATCHES
        assert 0 < len(history.chat) <= HISTORY_CHAT
        assert history.chat[-1].text.startswith(f"{HISTORY_CHAT + 9:03}")  # the newest are kept
        assert history.events[-1][0]["card"] == f"R{(HISTORY_BATCHES + 9) % 10}"
        assert len(msgpack.packb(history.to_wire())) < MAX_MESSAGE_BYTES
        max_ = await harness.client(srv, "max")
        await max_.join(room.id, spectate=True)
        assert (await max_.expect(History)) == history  # it came through whole: it fit


async def test_the_history_names_who_sat_where_then(harness: Harness, autojump_clock: object) -> None:
    """bob takes over a bot's seat mid-hand: the deal that came before was that bot's, and the
    history says so (``names``), so that nobody is told bob dealt a hand he was not at."""
    from protocol import TakeSeat

    with trio.fail_after(60):
        srv, (ann,) = await harness.table("ann", seats=3, bots=2, bot_delay=1, turn_timeout=0, start=True)
        room_id = ann.room.id
        bob = await harness.client(srv, "bob")
        watching = await bob.join(room_id, spectate=True)
        bot = watching.room.seats[1]
        history = await bob.expect(History)
        assert len(history.names) == len(history.events)
        assert history.names[0][bot.seat] == bot.name and history.names[0][ann.seat] == "ann"
        await bob.send(TakeSeat(seat=bot.seat))
        await bob.expect(Joined)
        again = await bob.expect(History)
        assert again.names[0][bot.seat] == bot.name  # the deal was the bot's, not bob's
