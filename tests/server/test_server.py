"""The server as a whole: its limits, its defaults, shutting down, and rooms between matches."""

from __future__ import annotations

import pytest
import trio
from kit.harness import Harness, next_move_after, only_room

from protocol import (
    Act,
    Back,
    CreateRoom,
    Events,
    Joined,
    Message,
    Rooms,
    RoomUpdate,
    Start,
    ViewMsg,
)
from server.errors import NOT_STARTED, SERVER_FULL


def is_match_end(message: Message) -> bool:
    return isinstance(message, Events) and any(e["type"] == "match_ended" for e in message.events)


async def test_defaults_of_a_new_room(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv)
        await ann.send(CreateRoom(name="plain"))
        info = (await ann.expect(Joined)).room
        assert info.turn_timeout == 30 and info.max_seats == 4 and info.preset == "official"
        assert info.password is False and len(info.seats) == 1


async def test_connection_and_room_limits(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server(max_connections=2, max_rooms=1)
        ann = await harness.client(srv, "ann")
        bob = await harness.client(srv, "bob")
        cat = harness.connect(srv, "cat")
        lost = await cat.closed()
        assert lost.bye is not None and lost.bye.reason == "server_full"
        await ann.create()
        await bob.send(CreateRoom(name="second"))
        await bob.error(SERVER_FULL)
        assert len(srv.rooms) == 1 and len(srv.peers) == 2


async def test_shutdown_says_goodbye_to_everybody(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann,) = await harness.table("ann", bots=1, start=True)
        bob = await harness.client(srv, "bob")
        srv.shutdown()
        for client in (ann, bob):
            lost = await client.closed()
            assert lost.bye is not None and lost.bye.reason == "shutdown"
        while srv.peers:
            await trio.sleep(0.1)


async def test_a_hosting_client_closing_tells_the_other_tables_the_server_closed(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Gus, at a table of his own on Hugo's `uno host`, read "The host closed
    the table" when Hugo closed his; every table on it had ended, and the message said otherwise."""
    from server.app import SERVER_CLOSED

    with trio.fail_after(30):
        srv, (hugo, eva) = await harness.table("hugo", "eva", bots=1)
        hugos = only_room(srv).id
        gus = await harness.client(srv, "gus")
        await gus.create(name="Gus's table")
        lurker = await harness.client(srv, "lurker")  # (in the lobby)
        told = srv.members(hugos)
        assert len(told) == 2
        srv.close_room(hugos)
        srv.shutdown("table_closed", "the host closed the table", told=told)
        for client, reason in ((hugo, "table_closed"), (eva, "table_closed"), (gus, SERVER_CLOSED),
                               (lurker, SERVER_CLOSED)):
            lost = await client.closed()
            assert lost.bye is not None and lost.bye.reason == reason, (client, lost.bye)


async def test_a_table_closed_as_its_program_stops_is_said_once_by_the_bye(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: plain mode said "The host closed the table: you are back in the
    lobby." and then "The host closed the table. Press q to quit.": the host's program closed
    the room (``left``) just before its ``bye``. It closes it without the ``left`` now."""
    from protocol import Left

    with trio.fail_after(30):
        srv, (_hugo, eva) = await harness.table("hugo", "eva", bots=1)
        room = only_room(srv).id
        told = srv.members(room)
        srv.close_room(room, tell=False)
        srv.shutdown("table_closed", "the host closed the table", told=told)
        lost = await eva.closed()
        assert lost.bye is not None and lost.bye.reason == "table_closed"
        assert not any(isinstance(message, Left) for message in eva.log), eva.log
        assert room not in srv.rooms  # (forgotten all the same)


@pytest.mark.parametrize("dropped_on_its_turn", [True, False])
async def test_a_dropped_seats_turn_waits_less_than_the_clock(harness: Harness, autojump_clock: object,
                                                             dropped_on_its_turn: bool) -> None:
    """Found play-testing: Kim's terminal died; "Kim lost the connection" was told at once, and
    her turn still ran its whole clock (30 s by default) before the stand-in played it."""
    with trio.fail_after(1000):
        srv, (ann, bob) = await harness.table("ann", "bob", turn_timeout=30)
        await ann.send(Start())
        view = (await ann.expect(ViewMsg)).view
        if dropped_on_its_turn and view["current"] == ann.seat:  # make it bob's turn
            await ann.send(Act(kind="draw"))
            await ann.expect(Events)
            if ann.view and ann.view["current"] == ann.seat:
                await ann.send(Act(kind="pass"))
        if dropped_on_its_turn:
            await bob.my_turn()
        elif view["current"] == bob.seat:
            await bob.my_turn()
            await bob.send(Act(kind="draw"))  # (then ann's turn)
            await bob.expect(Events)
            if bob.view and bob.view["current"] == bob.seat:
                await bob.send(Act(kind="pass"))
        began = trio.current_time()
        await bob.link.aclose()
        if dropped_on_its_turn:  # everyone's clock shows the turn's new deadline
            shown = await ann.expect(ViewMsg, lambda m: m.view["current"] == bob.seat)
            assert shown.deadline == pytest.approx(srv.config.dropped_turn_cap)
        waited, _ = await next_move_after(ann, seat=bob.seat, began=began if dropped_on_its_turn else None,
                                          play=True)
        assert waited == pytest.approx(srv.config.dropped_turn_cap)


async def test_a_dropped_seat_times_out_even_in_a_room_without_timeouts(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(1000):
        srv, (ann, bob) = await harness.table("ann", "bob", turn_timeout=0)
        await ann.send(Start())
        view = (await ann.expect(ViewMsg)).view
        if view["current"] == ann.seat:  # make it bob's turn
            await ann.send(Act(kind="draw"))
            await ann.expect(Events)
            if ann.view and ann.view["current"] == ann.seat:
                await ann.send(Act(kind="pass"))
        await bob.my_turn()
        began = trio.current_time()
        await bob.link.aclose()
        waited, _ = await next_move_after(ann, seat=bob.seat, began=began, play=True)
        assert waited == pytest.approx(srv.config.disconnected_turn_timeout)
        # His turns are not waited for again while his link is down: he is away (found
        # play-testing, a frozen client's turns took the whole clock each).
        assert only_room(srv)._seat_by_id(bob.seat or "").away
        await ann.play(lambda m: isinstance(m, Events) and m.current == bob.seat, now=True)
        waited, _ = await next_move_after(ann, seat=bob.seat, began=trio.current_time(), play=True)
        assert waited == pytest.approx(only_room(srv).settings.bot_delay)

        # Back, and back at the keyboard, on his own turn bob has no deadline again: the room has none.
        again = harness.connect(srv, "bob")
        assert (await again.hello(bob.token)).resumed
        await again.expect(Joined)
        await again.send(Back())
        await again.expect(RoomUpdate, lambda m: not any(s.away for s in m.room.seats))
        await ann.play(lambda m: isinstance(m, Events) and m.current == bob.seat, now=True)
        turn = await again.expect(Events, lambda m: m.current == bob.seat)
        assert turn.deadline is None
        async with trio.open_nursery() as nursery:
            nursery.start_soon(ann.expect, Rooms)  # nothing but pings come to either
            with trio.move_on_after(600):
                await again.expect(Events)
                raise AssertionError("bob's turn timed out")
            nursery.cancel_scope.cancel()


async def test_a_seat_heard_from_since_its_turn_ran_out_is_not_away_when_its_link_blinks(
        harness: Harness, autojump_clock: object) -> None:
    """Found re-checking on a flaky link: Ben let one turn run out (slow, not gone); on his next
    turn his link dropped for a tenth of a second, and he was away at once, a bot playing for him.
    Heard from since the turn ran out, his seat waits for him, as any dropped seat does."""
    from protocol import Ping

    with trio.fail_after(300):
        srv = await harness.server(heartbeat_timeout=100.0)
        srv, (ann, bob) = await harness.table("ann", "bob", srv=srv, start=True, turn_timeout=10)
        seat = only_room(srv)._seat_by_id(bob.seat or "")
        await ann.play(lambda m: seat.timeouts >= 1)  # (bob's turn ran out once)
        await trio.sleep(1)
        await bob.send(Ping(nonce=1))  # (heard from since)
        await trio.sleep(1)
        await bob.link.aclose()
        while seat.connected:
            await trio.sleep(0.1)
        assert not seat.away and seat.timeouts == 1


async def test_joining_between_matches(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(1000):
        srv, (ann,) = await harness.table("ann", bots=1, rules={"target_score": 50})
        room_id = ann.room.id
        await ann.send(Start())
        await ann.play(is_match_end)
        assert not only_room(srv).started
        bob = await harness.client(srv, "bob")
        joined = await bob.join(room_id)
        assert joined.role == "player" and len(joined.room.seats) == 3
        await bob.send(Act(kind="draw"))  # bob has no part in the match that ended
        await bob.error(NOT_STARTED)
        await ann.send(Start())
        view = await bob.expect(ViewMsg)
        assert view.view["seat"] == bob.seat and len(view.view["seats"]) == 3


async def test_a_seat_whose_turn_ran_out_is_away_once_its_link_drops(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: a frozen client's turn ran out before the server noticed its link was
    down; its next turn then waited the whole clock again. Its link found down after a turn of
    its ran out, the seat is away at once."""
    with trio.fail_after(300):
        srv = await harness.server(heartbeat_timeout=25.0)
        srv, (ann, bob) = await harness.table("ann", "bob", srv=srv, start=True, turn_timeout=10)
        # bob reads nothing more: his turn runs out (10 s), then his link is dropped as silent (25 s)
        await ann.play(lambda m: isinstance(m, RoomUpdate) and any(
            s.seat == bob.seat and s.away for s in m.room.seats))
        seat = only_room(srv)._seat_by_id(bob.seat or "")
        assert seat.away and not seat.connected and seat.timeouts == 1
