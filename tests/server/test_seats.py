"""Seats and late arrivals: bots fill the empty seats at the start (when the host asks), a person
arriving before the start sends a bot away, and a spectator takes over a bot's seat during a
match (at once or at the next deal, as the room says) or waits in line for one."""

from __future__ import annotations

import pytest
import trio
from kit.client import Client, view_in
from kit.harness import Harness, game_of, only_room

from protocol import (
    Events,
    Joined,
    LeaveRoom,
    Left,
    Message,
    Queued,
    RoomUpdate,
    SetBotLevel,
    SetRules,
    Start,
    TakeSeat,
    ViewMsg,
)
from protocol.errors import NOT_ALLOWED_NOW
from server import UnoServer
from server.errors import ALREADY_STARTED, NO_SUCH_SEAT, ROOM_FULL
from server.room import Room


def hand_started(message: Message, number: int) -> bool:
    return isinstance(message, Events) and any(
        e["type"] == "hand_started" and e["hand_number"] == number for e in message.events)


async def in_line(harness: Harness, srv: UnoServer, name: str) -> tuple[Client, Queued]:
    """``name`` comes to watch the room's match and asks for a seat: the client and its place
    in the line."""
    client = await harness.client(srv, name)
    await client.join(only_room(srv).id, spectate=True)
    await client.send(TakeSeat())
    return client, await client.expect(Queued)


async def test_start_with_fill_seats_bots_of_the_room_level(harness: Harness,
                                                           autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann,) = await harness.table("ann", seats=4, bot_level="easy")
        await ann.send(Start(fill=True))
        await ann.expect(ViewMsg)
        seats = ann.room.seats if ann.room else ()
        assert [s.kind for s in seats] == ["human", "bot", "bot", "bot"]
        assert {s.level for s in seats[1:]} == {"easy"}
        assert len(game_of(srv).seats) == 4


async def test_the_host_sits_first_then_the_bots_then_friends(harness: Harness,
                                                              autojump_clock: object) -> None:
    """``uno host --bots 4 --seats 8``: the host in the first seat, the four bots after them, a
    friend joining in the next empty seat; the match's turn order is that order (found
    play-testing: the host sat fifth, after the bots)."""
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        joined = await ann.create(seats=8, bots=4)
        assert [s.name for s in joined.room.seats] == ["ann", "Bot 1", "Bot 2", "Bot 3", "Bot 4"]
        assert joined.seat == joined.room.seats[0].seat == joined.room.host_seat
        bob = await harness.client(srv, "bob")
        joined = await bob.join(joined.room.id)
        assert [s.name for s in joined.room.seats][-1] == "bob"
        await ann.send(Start(fill=False))
        await ann.expect(ViewMsg)
        seats = only_room(srv).seats
        assert list(game_of(srv).seats) == [s.id for s in seats]
        assert [s.name for s in seats] == ["ann", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "bob"]


async def test_start_without_fill_plays_with_the_seats_taken(harness: Harness,
                                                             autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann, _bob) = await harness.table("ann", "bob", seats=6, start=True)
        assert len(game_of(srv).seats) == 2
        await ann.send(Start(fill=True))  # (already on: nothing changes)
        await ann.error(ALREADY_STARTED)


async def test_arriving_at_a_table_full_of_bots_sends_one_away(harness: Harness,
                                                               autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann,) = await harness.table("ann", bots=3)  # four seats, all taken
        room_id = ann.room.id
        bob = await harness.client(srv, "bob")
        joined = await bob.join(room_id)
        assert joined.role == "player"
        kinds = [s.kind for s in joined.room.seats]
        assert kinds.count("bot") == 2 and kinds.count("human") == 2 and len(kinds) == 4
        carl = await harness.client(srv, "carl")
        await carl.join(room_id)
        dora = await harness.client(srv, "dora")
        await dora.join(room_id)
        eve = await harness.client(srv, "eve")
        await eve.send_wire({"type": "join_room", "room": room_id})
        await eve.error(ROOM_FULL)  # four people: no bot left to send away


async def test_the_bot_sent_away_is_one_at_the_rooms_level(harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Marta made Bot 2 expert for her nephew, Leo joined, and Bot 2 went:
    the last bot at the room's level goes, one whose level the host chose stays."""
    with trio.fail_after(30):
        srv, (ann,) = await harness.table("ann", bots=3)  # four seats, all taken, normal bots
        room = ann.room
        assert room is not None
        await ann.send(SetBotLevel(seat=room.seats[3].seat, level="expert"))
        await ann.expect(RoomUpdate, lambda m: m.room.seats[3].level == "expert")
        bob = await harness.client(srv, "bob")
        joined = await bob.join(room.id)
        assert [(s.name, s.level) for s in joined.room.seats if s.kind == "bot"] == [
            ("Bot 1", "normal"), ("Bot 3", "expert")]
        # in Bot 2's place (found play-testing: listed last, then dealt into the bot's place)
        assert [s.name for s in joined.room.seats] == ["ann", "Bot 1", "bob", "Bot 3"]


async def test_a_late_arrival_takes_over_a_bot_at_once(harness: Harness,
                                                       autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann,) = await harness.table("ann", seats=3, bots=2, bot_delay=1, start=True)
        room_id = ann.room.id
        bob = await harness.client(srv, "bob")
        watching = await bob.join(room_id, spectate=True)
        assert watching.role == "spectator"
        bot = watching.room.seats[1]
        assert bot.kind == "bot"
        await bob.send(TakeSeat(seat=bot.seat))
        joined = await bob.expect(Joined)
        assert joined.role == "player" and joined.seat == bot.seat
        seat_info = next(s for s in joined.room.seats if s.seat == bot.seat)
        assert seat_info.kind == "human" and seat_info.name == "bob"
        view = view_in(await bob.expect(ViewMsg))
        assert view is not None and view["seat"] == bot.seat
        game = game_of(srv)
        assert sorted(str(c) for c in game.hand(bot.seat)) == sorted(view["hand"])  # its cards
        # ann sees bob in that seat; and bob plays it (the bot no longer does)
        await ann.expect(RoomUpdate, lambda m: any(s.name == "bob" and s.kind == "human"
                                                   for s in m.room.seats))
        def bob_played(m: Message) -> bool:
            return isinstance(m, Events) and any(
                e["type"] == "card_played" and e["seat"] == bot.seat for e in m.events)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(lambda: ann.play(until=bob_played, now=True))
            nursery.start_soon(lambda: bob.play(until=bob_played, now=True))
        assert only_room(srv).seat_of(srv.sessions[bob.token.split(".")[0]]) is not None


async def test_next_hand_seats_a_late_arrival_at_the_deal(harness: Harness,
                                                          autojump_clock: object) -> None:
    with trio.fail_after(600):
        srv, (ann,) = await harness.table("ann", seats=2, bots=1, late_join="next_hand")
        room_id = ann.room.id
        assert only_room(srv).info().late_join == "next_hand"
        await ann.send(Start())
        await ann.expect(ViewMsg)
        bob = await harness.client(srv, "bob")
        watching = await bob.join(room_id, spectate=True)
        bot_seat = next(s.seat for s in watching.room.seats if s.kind == "bot")
        await bob.send(TakeSeat())
        queued = await bob.expect(Queued)
        assert (queued.position, queued.seat) == (1, bot_seat)
        assert only_room(srv).info().queue == 1

        async def ann_plays() -> None:
            await ann.play(until=lambda m: hand_started(m, 2), now=True)

        async def bob_waits() -> None:
            await bob.expect(Joined)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(ann_plays)
            nursery.start_soon(bob_waits)
        start = next(i for i, m in enumerate(bob.log) if isinstance(m, Joined) and m.role == "player")
        assert not any(isinstance(m, Events) and any(e["type"] == "card_played" for e in m.events)
                       for m in bob.log[start:])  # no move of hand 1 came after the seat
        await bob.expect(Events, lambda m: hand_started(m, 2))


async def test_spectators_wait_in_line_for_a_seat_that_frees(harness: Harness,
                                                              autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (_ann, bob) = await harness.table("ann", "bob", seats=2, start=True)
        carl, first = await in_line(harness, srv, "carl")
        dora, second = await in_line(harness, srv, "dora")
        for position, queued in enumerate((first, second), start=1):
            assert (queued.position, queued.seat) == (position, None)  # no bot to take over
        await bob.send_wire({"type": "take_seat"})  # a player cannot ask: the protocol refuses
        await bob.error(NOT_ALLOWED_NOW)
        await bob.send(LeaveRoom())  # bob's seat goes to a bot... and carl takes it at once
        joined = await carl.expect(Joined)
        assert joined.role == "player" and joined.seat == bob.seat
        assert (await dora.expect(Queued)).position == 1
        await dora.send(TakeSeat(cancel=True))
        assert (await dora.expect(Queued)).position == 0
        assert only_room(srv).queue == []


async def test_one_in_line_is_told_the_seat_a_leave_frees_at_the_next_hand(harness: Harness,
                                                                          autojump_clock: object) -> None:
    """Found play-testing: Ana left a table whose late arrivals sit at the next hand; her question
    said "The first in line for a seat takes yours", but Gus, first in line, still read only
    "You are number 1 in line": where he would sit was told only of bots' seats there before."""
    with trio.fail_after(60):
        srv, (_ann, bob) = await harness.table("ann", "bob", seats=2, start=True, late_join="next_hand")
        carl, first = await in_line(harness, srv, "carl")
        assert (first.position, first.seat) == (1, None)
        await bob.send(LeaveRoom())
        queued = await carl.expect(Queued)
        assert (queued.position, queued.seat) == (1, bob.seat)


@pytest.mark.parametrize("started", [True, False])
async def test_the_host_leaving_hands_the_role_to_one_at_the_table_not_the_line(
        harness: Harness, autojump_clock: object, started: bool) -> None:
    """Found play-testing: Hal (host) left; the question said "Ivy becomes the host", but Jay,
    first in line, took Hal's seat (the first) and the role with it."""
    with trio.fail_after(60):
        srv, (hal, ivy) = await harness.table("hal", "ivy", seats=2, start=started)
        jay, _ = await in_line(harness, srv, "jay")
        await hal.send(LeaveRoom())
        joined = await jay.expect(Joined)
        assert joined.role == "player" and (joined.seat == hal.seat or not started)
        room = only_room(srv)
        assert room.host is not None and room.host.name == "ivy"
        update = await ivy.expect(RoomUpdate, lambda m: any(s.name == "jay" for s in m.room.seats))
        assert update.room.host == "ivy"


async def test_the_host_leaving_with_nobody_else_connected_hands_the_role_to_the_line(
        harness: Harness, autojump_clock: object) -> None:
    """Ivy's link is down: the role waits for nobody at the table, and Jay, seated from the line,
    takes it (as one sitting down at a table without a host)."""
    with trio.fail_after(60):
        srv, (hal, ivy) = await harness.table("hal", "ivy", seats=2, start=True)
        jay, _ = await in_line(harness, srv, "jay")
        await ivy.aclose()
        await hal.expect(RoomUpdate, lambda m: not all(s.connected for s in m.room.seats))
        await hal.send(LeaveRoom())
        joined = await jay.expect(Joined)
        assert joined.role == "player" and joined.seat == hal.seat
        room = only_room(srv)
        assert room.host is not None and room.host.name == "jay"


async def test_whoever_takes_a_seat_from_the_line_on_its_turn_gets_a_full_clock_everybody_sees(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: bob left on his turn with 13 s to go and carl, first in line, sat with
    30 s; ann's clock went on with bob's, showing "carl's turn 0s" for 15 s (here: 18 s left)."""
    with trio.fail_after(300):
        srv, (ann, bob) = await harness.table("ann", "bob", seats=2, turn_timeout=30)
        carl, _ = await in_line(harness, srv, "carl")
        await ann.send(Start())
        if (await ann.expect(ViewMsg)).view["current"] != bob.seat:
            await ann.play(lambda m: (v := view_in(m)) is not None and v["current"] == bob.seat, now=True)
        await trio.sleep(12)  # (within the heartbeat: nobody reads meanwhile)
        await bob.send(LeaveRoom())
        joined = await carl.expect(Joined)
        assert joined.seat == bob.seat
        view = await ann.expect(ViewMsg)
        assert view.view["current"] == bob.seat and view.deadline == 30


async def test_a_spectator_cannot_take_a_persons_seat(harness: Harness,
                                                      autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        joined = await ann.create(seats=3, bots=1)
        await ann.send(Start())
        await ann.expect(ViewMsg)
        bob = await harness.client(srv, "bob")
        await bob.join(joined.room.id, spectate=True)
        await bob.send(TakeSeat(seat=ann.seat))
        await bob.error(NO_SUCH_SEAT)
        await bob.send(TakeSeat(seat="99"))
        await bob.error(NO_SUCH_SEAT)


async def test_before_the_start_a_waiting_spectator_sits_when_a_seat_frees(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        _, (_ann, bob, carl) = await harness.table("ann", "bob", seats=2, spectators=["carl"])
        await carl.send(TakeSeat())
        assert (await carl.expect(Queued)).position == 1
        await bob.send(LeaveRoom())
        joined = await carl.expect(Joined)
        assert joined.role == "player" and [s.name for s in joined.room.seats] == ["ann", "carl"]


async def test_the_host_sets_bot_level_and_late_join_and_the_store_keeps_them(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann,) = await harness.table("ann")
        await ann.send(SetRules(preset="official", bot_level="easy", late_join="next_hand"))
        update = await ann.expect(RoomUpdate, lambda m: m.room.bot_level == "easy")
        assert (update.room.bot_level, update.room.late_join) == ("easy", "next_hand")
        room = only_room(srv)
        rebuilt = Room.from_record(srv, room.to_record())
        assert (rebuilt.settings.bot_level, rebuilt.settings.late_join) == ("easy", "next_hand")


async def test_the_room_list_carries_the_rules_in_force(harness: Harness,
                                                        autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (_ann,) = await harness.table("ann", rules={"jump_in": True}, turn_timeout=45)
        (summary,) = [only_room(srv).summary()]
        assert summary.rules["jump_in"] is True and summary.turn_timeout == 45


async def test_asking_again_for_a_seat_tells_nobody_else(harness: Harness,
                                                         autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann, _bob) = await harness.table("ann", "bob", seats=2, start=True)
        carl, queued = await in_line(harness, srv, "carl")
        assert queued.position == 1
        await ann.expect(RoomUpdate, lambda m: m.room.queue == 1)
        for _ in range(20):
            await carl.send(TakeSeat())
            assert (await carl.expect(Queued)).position == 1
        await carl.send(TakeSeat(cancel=True))
        await carl.expect(Queued, lambda m: m.position == 0)
        update = await ann.expect(RoomUpdate)  # the next update ann gets: carl left the line
        assert update.room.queue == 0


async def test_a_seat_left_during_a_match_goes_to_a_bot_of_the_rooms_level(harness: Harness,
                                                                          autojump_clock: object) -> None:
    """Found re-checking: Eli left a table of hard bots, and "Eli (bot, normal)" played on."""
    with trio.fail_after(60):
        srv, (ana, _cara) = await harness.table("Ana", "Cara", seats=3, bots=1, bot_level="hard",
                                                start=True)
        own = ana.seat
        await ana.send(LeaveRoom())
        await ana.expect(Left)
        seat = next(s for s in only_room(srv).seats if s.id == own)
        assert (seat.name, seat.kind, seat.level) == ("Ana (bot)", "bot", "hard")


async def test_someone_who_left_and_comes_back_gets_their_own_seat_again(harness: Harness,
                                                                          autojump_clock: object) -> None:
    """Found play-testing: Ana left mid-match, came back to watch and asked for a seat; she was
    given Bot 2's, with its cards and points, and her own seat went on as "Ana (bot)"."""
    with trio.fail_after(60):
        srv, (ana, _cara) = await harness.table("Ana", "Cara", seats=3, bots=1, bot_delay=1, start=True)
        room_id, own = ana.room.id, ana.seat
        assert own is not None
        await ana.send(LeaveRoom())
        await ana.expect(Left)
        room = only_room(srv)
        assert next(s for s in room.seats if s.id == own).name == "Ana (bot)"
        watching = await ana.join(room_id, spectate=True)
        assert watching.role == "spectator"
        await ana.send(TakeSeat())
        joined = await ana.expect(Joined)
        assert joined.role == "player" and joined.seat == own
        assert next(s for s in joined.room.seats if s.seat == own).name == "Ana"


async def test_one_named_as_a_player_who_left_neither_takes_her_seat_as_hers_nor_chats_as_a_player(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: a watcher named as Kim, who had left her seat and was in the lobby,
    took it from the line, and the table read that Kim came back; a watcher named as a seated
    player chatted under that player's name."""
    from protocol import ChatMsg, Say

    with trio.fail_after(60):
        srv, (ann, kim) = await harness.table("ann", "kim", bots=1, start=True, turn_timeout=0)
        await kim.send(LeaveRoom())
        await kim.expect(Left)
        kim.read_in(harness.nursery)  # (in the lobby, connected)
        await ann.expect(RoomUpdate, lambda m: any(s.name == "kim (bot)" for s in m.room.seats))
        other = await harness.client(srv, "kim")
        await other.join(only_room(srv).id, spectate=True)
        await other.send(TakeSeat())
        seated = await other.expect(Joined, lambda m: m.role == "player")
        assert {s.name for s in seated.room.seats} >= {"ann", "kim 2"}, seated.room.seats
        watcher = await harness.client(srv, "ann")
        await watcher.join(only_room(srv).id, spectate=True)
        await watcher.send(Say(text="it is me, ann"))
        said = await ann.expect(ChatMsg)
        assert said.source == "ann 2"
