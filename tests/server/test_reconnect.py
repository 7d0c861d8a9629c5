"""Reconnection: a dropped seat is kept (and times out) until the next match; its token brings the
seat, hand and view back; a second connection replaces the first; a leave hands the seat to a
bot; a forged token gets nothing."""

from __future__ import annotations

import pytest
import trio
from kit.client import Client
from kit.deck import rigged_deal
from kit.harness import Harness, game_of, is_match_end, next_move_after, only_room

from protocol import (
    PROTOCOL_VERSION,
    Act,
    Events,
    Hello,
    Joined,
    LeaveRoom,
    Left,
    ListRooms,
    Ping,
    Pong,
    Quit,
    RemoveBot,
    Rooms,
    RoomUpdate,
    Start,
    ViewMsg,
)
from protocol.errors import NOT_ALLOWED_NOW
from server import UnoServer

ANN = "R1 R2 R3 G4 G5 G6 B7"
BOB = "G1 G2 G3 Y4 Y5 Y6 B8"


async def table(harness: Harness, dealer: int = 1,
                **create: object) -> tuple[UnoServer, Client, Client]:
    """ann (seat 1) and bob (seat 2), rigged; ann starts (dealer 1) or bob (dealer 0)."""
    create.setdefault("turn_timeout", 30)
    deal = rigged_deal([ANN, BOB], "B9", dealer=dealer)
    srv, (ann, bob) = await harness.table("ann", "bob", deal=deal, start=True, **create)
    await bob.expect(ViewMsg)
    return srv, ann, bob


async def forgotten(harness: Harness, srv: UnoServer, client: Client) -> None:
    """The server keeps no session of ``client``'s: its token resumes nothing."""
    assert _sid(client) not in srv.sessions
    again = harness.connect(srv, client.name)
    assert not (await again.hello(client.token)).resumed


def seat_info(update: RoomUpdate, seat: str | None) -> tuple[str, bool, bool]:
    """(kind, connected, away) of ``seat``; ("none", True, False) when there is no such seat."""
    for info in update.room.seats:
        if info.seat == seat:
            return info.kind, info.connected, info.away
    return "none", True, False


async def test_a_dropped_seat_is_kept_and_its_turns_time_out(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(300):
        srv, ann, bob = await table(harness, dealer=0)  # bob starts
        began = trio.current_time()
        await bob.link.aclose()
        update = await ann.expect(RoomUpdate, lambda m: not seat_info(m, bob.seat)[1])
        assert seat_info(update, bob.seat) == ("human", False, False)
        waited, events = await next_move_after(ann, seat=bob.seat, began=began)
        assert waited == pytest.approx(srv.config.dropped_turn_cap)  # (not the clock's 30 s)
        assert events.events[0] == {"type": "stand_in", "seat": bob.seat, "reason": "timeout"}
        assert events.events[1]["type"] in ("card_played", "drew")
        assert only_room(srv).seat_of(srv.sessions[_sid(bob)]) is not None  # still bob's


async def test_a_quit_keeps_the_seat_and_tells_the_table_the_person_quit(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Carla, the host, quit on purpose (her seat waits) and Dani read "Carla
    lost the connection". ``quit`` is answered by ``bye`` ``quit``; the table's ``room`` says the
    seat's person quit, the seat is kept and the host's role passes on as for a drop; back with
    the token, the seat is hers, and a later drop without ``quit`` reads as a drop again."""
    with trio.fail_after(300):
        srv, ann, bob = await table(harness)  # ann hosts
        await ann.send(Quit())
        lost = await ann.closed()
        assert lost.bye is not None and lost.bye.reason == "quit"
        update = await bob.expect(RoomUpdate, lambda m: not seat_info(m, ann.seat)[1])
        (info,) = [s for s in update.room.seats if s.seat == ann.seat]
        assert (info.kind, info.connected, info.quit) == ("human", False, True)
        assert update.room.host_seat == bob.seat  # the host's role passed on, as for a drop
        assert only_room(srv).seat_of(srv.sessions[_sid(ann)]) is not None  # still ann's
        again = harness.connect(srv, "ann")
        assert (await again.hello(ann.token)).resumed
        await again.expect(Joined)
        back = await bob.expect(RoomUpdate, lambda m: seat_info(m, ann.seat)[1])
        assert not next(s for s in back.room.seats if s.seat == ann.seat).quit
        await again.aclose()  # dropped, not quit
        dropped = await bob.expect(RoomUpdate, lambda m: not seat_info(m, ann.seat)[1])
        assert not next(s for s in dropped.room.seats if s.seat == ann.seat).quit


async def test_the_host_whose_link_dropped_is_the_host_again_on_coming_back(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Bob's client crashed; Alice was told she was the host now, and
    Bob, back in his seat, read "Alice is the host" for the rest of the evening. The role
    passes while the host is gone (the table must go on) and comes back with them."""
    with trio.fail_after(300):
        srv, ann, bob = await table(harness)  # ann hosts
        await ann.aclose()  # dropped
        update = await bob.expect(RoomUpdate, lambda m: not seat_info(m, ann.seat)[1])
        assert update.room.host_seat == bob.seat
        again = harness.connect(srv, "ann")
        assert (await again.hello(ann.token)).resumed
        joined = await again.expect(Joined)
        assert joined.room.host_seat == ann.seat
        back = await bob.expect(RoomUpdate, lambda m: seat_info(m, ann.seat)[1])
        assert back.room.host_seat == ann.seat and back.room.host == "ann"
        # One who leaves on purpose does not: the role stays where it went.
        await again.send(LeaveRoom())
        left = await bob.expect(RoomUpdate, lambda m: m.room.host_seat == bob.seat)
        assert only_room(srv).host_dropped is None and left.room.host == "bob"


async def test_the_first_host_gone_gets_the_role_back_when_the_next_one_dropped_too(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: the host's laptop slept, and every link dropped: the role went to Teo,
    then Teo's link dropped too, and the role came back to Teo, never to the host."""
    with trio.fail_after(300):
        srv, (ann, bob, cat) = await harness.table("ann", "bob", "cat", start=True)
        await ann.aclose()
        await cat.expect(RoomUpdate, lambda m: m.room.host_seat == bob.seat)
        await bob.aclose()
        await cat.expect(RoomUpdate, lambda m: m.room.host_seat == cat.seat)
        for client in (ann, bob):  # (both back: the host first)
            again = harness.connect(srv, client.name)
            assert (await again.hello(client.token)).resumed
            await again.expect(Joined)
        room = only_room(srv)
        assert room.host is not None and room.host.name == "ann", room.host


async def test_one_who_sits_down_at_a_waiting_room_whose_host_is_gone_hosts_it(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing (helper 124): Obs, the host of a waiting room, quit (his seat kept),
    and Ben, who sat down there, read "Waiting for Obs to start…" for minutes, with no key to
    start. The role goes to the one who sits down, and back to Obs when he returns."""
    with trio.fail_after(300):
        srv, (obs,) = await harness.table("obs")
        room_id = only_room(srv).id
        await obs.send(Quit())
        await obs.aclose()
        ben = await harness.client(srv, "ben")
        joined = await ben.join(room_id)
        assert joined.room.host_seat == joined.seat and joined.room.host == "ben"
        again = harness.connect(srv, "obs")
        assert (await again.hello(obs.token)).resumed
        back = await ben.expect(RoomUpdate, lambda m: m.room.host == "obs")
        assert back.room.host_seat == obs.seat


async def test_quit_is_refused_before_the_handshake_and_answered_in_the_lobby(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv = await harness.server()
        early = harness.connect(srv, "early")
        await early.send_wire({"type": "quit"})
        assert (await early.error(NOT_ALLOWED_NOW)).ref == "quit"
        lobby = await harness.client(srv, "lobby")
        await lobby.send(Quit())
        lost = await lobby.closed()
        assert lost.bye is not None and lost.bye.reason == "quit"
        await trio.sleep(1)  # (the bye may arrive before the server has hung up)
        await forgotten(harness, srv, lobby)  # (no seat: nothing kept)


def _sid(client: Client) -> str:
    assert client.token is not None
    return client.token.split(".")[0]


async def test_a_token_brings_back_the_seat_hand_and_view(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(300):
        srv, ann, bob = await table(harness)  # ann's turn
        assert bob.view is not None
        hand_before = bob.view["hand"]
        await bob.link.aclose()
        await ann.expect(RoomUpdate, lambda m: not seat_info(m, bob.seat)[1])
        await trio.sleep(10)
        again = harness.connect(srv, "bob (new)")
        welcome = await again.hello(bob.token)
        assert welcome.resumed and welcome.token == bob.token and welcome.name == "bob"
        joined = await again.expect(Joined)
        assert joined.role == "player" and joined.seat == bob.seat
        view = await again.expect(ViewMsg)
        assert view.view["seat"] == bob.seat
        assert view.view["hand"] == hand_before == list(map(str, game_of(srv).hand(bob.seat or "")))
        assert view.view["current"] == ann.seat and view.deadline == pytest.approx(20)
        update = await ann.expect(RoomUpdate, lambda m: seat_info(m, bob.seat)[1])
        assert seat_info(update, bob.seat) == ("human", True, False)
        # The seat is bob's again: he plays his turn.
        await ann.send(Act(kind="play", card="B7"))
        await again.my_turn()
        await again.send(Act(kind="play", card="B8"))
        played = await ann.expect(Events, lambda m: m.events[0].get("seat") == bob.seat)
        assert played.events[0] == {"type": "card_played", "seat": bob.seat, "card": "B8",
                                    "color": "B", "jump_in": False}


async def test_coming_back_on_ones_own_turn_keeps_the_deadline(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(300):
        srv, ann, bob = await table(harness, dealer=0)  # bob's turn
        await bob.link.aclose()
        await trio.sleep(6)  # (his turn waits at most 10 s while he is gone)
        again = harness.connect(srv, "bob")
        assert (await again.hello(bob.token)).resumed
        view = await again.expect(ViewMsg)
        assert view.view["current"] == bob.seat and view.view["legal"]
        assert view.deadline == pytest.approx(24)  # (the time the drop cut is his again)
        cut = await ann.expect(ViewMsg)  # (at the drop: 10 s)
        assert cut.deadline == pytest.approx(srv.config.dropped_turn_cap)
        told = await ann.expect(ViewMsg)
        assert told.deadline == pytest.approx(24)
        await again.send(Act(kind="play", card="B8"))
        await ann.my_turn()


async def test_coming_back_on_ones_own_turn_with_seconds_left_gives_time_to_look(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Zoe's terminal crashed on her turn; started again, it showed 3 s
    left, and the stand-in played her turn before she could see the table. She gets 10 s, and
    ann's clock shows them too."""
    with trio.fail_after(300):
        srv, ann, bob = await table(harness, dealer=0)  # bob's turn
        with trio.move_on_after(25):  # (both read meanwhile: they answer the server's pings)
            async with trio.open_nursery() as nursery:
                for client in (ann, bob):
                    nursery.start_soon(client.expect, Rooms)  # (no such message comes)
        await bob.link.aclose()
        await trio.sleep(2)
        again = harness.connect(srv, "bob")
        assert (await again.hello(bob.token)).resumed
        view = await again.expect(ViewMsg)
        assert view.view["current"] == bob.seat and view.deadline == pytest.approx(10)
        told = await ann.expect(ViewMsg, lambda m: m.deadline is not None and m.deadline > 5)
        assert told.deadline == pytest.approx(10)
        # Once a turn: coming back again does not stall the table.
        await trio.sleep(5)
        await again.link.aclose()
        third = harness.connect(srv, "bob")
        assert (await third.hello(bob.token)).resumed
        view = await third.expect(ViewMsg)
        assert view.deadline == pytest.approx(5)


async def test_a_second_connection_replaces_the_first(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, ann, bob = await table(harness)
        twin = harness.connect(srv, "bob")
        welcome = await twin.hello(bob.token)
        assert welcome.resumed
        assert (await twin.expect(Joined)).seat == bob.seat
        view = await twin.expect(ViewMsg)
        assert view.view["hand"] == BOB.split()
        lost = await bob.closed()
        assert lost.bye is not None and lost.bye.reason == "replaced"
        # The new connection plays; the old one is gone for good.
        await ann.send(Act(kind="play", card="B7"))
        await twin.my_turn()
        assert await bob.link.stream.receive_some(100) == b""
        assert only_room(srv).seats[1].connected


async def test_a_late_given_up_connection_of_the_same_client_does_not_take_the_seat(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing through a proxy that held connections during a stall: the client's
    given-up tries reached the server after its newer connection, each took the seat, and the
    client, told another window had taken it, stopped. A hello of the same program (``instance``)
    with a lower ``attempt`` than the seat's connection is the one closed; a higher one, or
    another program's, takes over as before."""
    with trio.fail_after(60):
        srv, _ann, bob = await table(harness)
        now = harness.connect(srv, "bob")
        assert (await now.hello(bob.token, instance="b0b", attempt=5)).resumed
        await now.expect(ViewMsg)
        assert (await bob.closed()).bye.reason == "replaced"  # type: ignore[union-attr]
        stale = harness.connect(srv, "bob")
        await stale.link.send(Hello(version=PROTOCOL_VERSION, name="bob", token=bob.token,
                                    instance="b0b", attempt=3))
        assert (await stale.closed()).bye.reason == "replaced"  # type: ignore[union-attr]
        assert only_room(srv).seats[1].session.peer is not None  # type: ignore[union-attr]
        await now.send(Ping(nonce=7))
        assert (await now.expect(Pong)).nonce == 7  # the newer connection holds the seat
        newer = harness.connect(srv, "bob")
        assert (await newer.hello(bob.token, instance="b0b", attempt=6)).resumed
        assert (await now.closed()).bye.reason == "replaced"  # type: ignore[union-attr]


async def test_a_leave_during_the_match_hands_the_seat_to_a_bot(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(300):
        srv, ann, bob = await table(harness, dealer=0)  # bob's turn
        began = trio.current_time()
        await bob.send(LeaveRoom())
        assert (await bob.expect(Left)).reason == "left"
        update = await ann.expect(RoomUpdate, lambda m: seat_info(m, bob.seat)[0] == "bot")
        assert seat_info(update, bob.seat) == ("bot", True, False)
        waited, events = await next_move_after(ann, seat=bob.seat, began=began)
        assert waited == pytest.approx(0)  # the bot plays the turn at once
        assert events.events[0] == {"type": "card_played", "seat": bob.seat, "card": "B8",
                                    "color": "B", "jump_in": False}
        # bob is in the lobby, free to do something else; his token resumes no seat.
        await bob.rooms()
        again = harness.connect(srv, "bob")
        welcome = await again.hello(bob.token)
        assert not welcome.resumed
        await again.send(ListRooms())
        first = await again.recv()
        assert isinstance(first, Rooms)


@pytest.mark.parametrize("forged", ["nonsense", "a.b", "{sid}.{wrong}", "{sid}", ".{secret}"])
async def test_a_forged_token_gets_a_fresh_session_and_no_seat(
        harness: Harness, autojump_clock: object,
        forged: str) -> None:
    with trio.fail_after(60):
        srv, ann, bob = await table(harness)
        await bob.link.aclose()
        await ann.expect(RoomUpdate, lambda m: not seat_info(m, bob.seat)[1])
        assert bob.token is not None
        sid, secret = bob.token.split(".")
        token = forged.format(sid=sid, secret=secret, wrong="0" * len(secret))
        thief = harness.connect(srv, "mallory")
        welcome = await thief.hello(token)
        assert not welcome.resumed and welcome.token != bob.token and welcome.name == "mallory"
        await thief.send(ListRooms())
        assert isinstance(await thief.recv(), Rooms)  # in the lobby: no joined, no view
        await thief.send_wire({"type": "action", "kind": "draw"})
        await thief.error(NOT_ALLOWED_NOW)
        assert not only_room(srv).seats[1].connected
        # The real token still works.
        back = harness.connect(srv, "bob")
        assert (await back.hello(bob.token)).resumed
        assert (await back.expect(ViewMsg)).view["hand"] == BOB.split()


async def test_seats_of_dropped_people_are_freed_when_the_match_ends(
        harness: Harness, autojump_clock: object) -> None:
    """ann drops from a table with a bot: her turns time out, she goes away, the match ends,
    and the room (nobody left in it) closes; her token resumes nothing."""
    with trio.fail_after(3000):
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, rules={"target_score": 100},
                                          start=True)
        await ann.link.aclose()
        while srv.rooms:
            await trio.sleep(30)
        watcher = await harness.client(srv, "watcher")
        await watcher.send(ListRooms())
        assert (await watcher.expect(Rooms)).rooms == ()
        await forgotten(harness, srv, ann)


async def test_one_who_dropped_comes_back_to_the_end_of_the_match_in_the_same_seat(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Diego's terminal closed in the last hand, his stand-in won the match,
    and his seat was freed at its end: back a minute later, he was in the lobby and never told he
    had won. The seat waits until the rematch starts; back, the view says who won."""
    with trio.fail_after(3000):
        srv, (ann, bob) = await harness.table("ann", "bob", bots=1, turn_timeout=30,
                                              rules={"target_score": None}, start=True)
        await ann.link.aclose()
        await bob.play(is_match_end)
        await trio.sleep(60)  # (a minute later)
        again = harness.connect(srv, "ann")
        assert (await again.hello(ann.token)).resumed
        joined = await again.expect(Joined)
        assert (joined.role, joined.seat) == ("player", ann.seat)
        view = (await again.expect(ViewMsg)).view
        assert view["outcome"] is not None and view["hand"] is not None


async def test_the_hosts_start_after_a_match_gives_the_seats_of_those_still_gone_to_bots(
        harness: Harness, autojump_clock: object) -> None:
    """The seats of people who dropped wait through the match's end, not into the next match:
    the host's ``start``, as a rematch, gives them to bots."""
    with trio.fail_after(3000):
        srv, (ann, bob) = await harness.table("ann", "bob", turn_timeout=30,
                                              rules={"target_score": None}, start=True)
        await bob.link.aclose()
        await ann.play(is_match_end)
        assert [s.kind for s in (await ann.expect(RoomUpdate)).room.seats] == ["human", "human"]
        await ann.send(Start(fill=True))
        started = await ann.expect(RoomUpdate, lambda m: m.room.started)
        assert [s.kind for s in started.room.seats].count("human") == 1  # (ann's)
        await forgotten(harness, srv, bob)


async def test_one_who_dropped_back_in_the_next_match_takes_back_their_own_place(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Kim dropped and her seat went to a bot at the match's end; back in
    the next match, she was given another bot's seat, and the seats' order changed for all. A bot
    plays her seat in its place, under her name, and she takes that one back."""
    from protocol import Rematch, TakeSeat

    with trio.fail_after(3000):
        srv, (ann, bob) = await harness.table("ann", "bob", bots=2, turn_timeout=30,
                                              rules={"target_score": None}, start=True)
        order = [s.seat for s in ann.room.seats] if ann.room is not None else []
        await bob.link.aclose()
        await ann.play(is_match_end)
        await ann.send(Rematch(order="keep"))
        started = await ann.expect(RoomUpdate, lambda m: m.room.started)
        assert [s.seat for s in started.room.seats] == order  # (the same places)
        assert [s.name for s in started.room.seats if s.seat == bob.seat] == ["bob (bot)"]
        back = await harness.client(srv, "bob")
        await back.join(ann.room.id if ann.room is not None else "", spectate=True)
        await back.send(TakeSeat())
        seated = await back.expect(Joined, lambda m: m.role == "player")
        assert seated.seat == bob.seat


async def test_a_dropped_seat_can_be_removed_before_the_start(harness: Harness,
                                                              autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await harness.table("ann", "bob")
        await bob.link.aclose()
        update = await ann.expect(RoomUpdate, lambda m: not seat_info(m, bob.seat)[1])
        assert len(update.room.seats) == 2
        await ann.send(RemoveBot(seat=bob.seat or ""))
        await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 1)
        await forgotten(harness, srv, bob)


async def test_a_spectators_second_connection_replaces_the_first(harness: Harness,
                                                                 autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann,) = await harness.table("ann", bots=1)
        room_id = ann.room.id
        await ann.send(Start())
        cat = await harness.client(srv, "cat")
        await cat.join(room_id, spectate=True)
        await cat.expect(ViewMsg)
        twin = harness.connect(srv, "cat")
        assert (await twin.hello(cat.token)).resumed
        joined = await twin.expect(Joined)
        assert joined.role == "spectator"
        view = await twin.expect(ViewMsg)
        assert view.view["seat"] is None
        assert (await cat.closed()).bye.reason == "replaced"  # type: ignore[union-attr]
        assert only_room(srv).spectators == [srv.sessions[_sid(cat)]]
        await twin.send(LeaveRoom())
        await twin.expect(Left)
        assert only_room(srv).spectators == []


async def test_the_last_person_leaving_a_match_closes_the_room(harness: Harness,
                                                               autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann,) = await harness.table("ann", bots=2, start=True)
        await ann.send(LeaveRoom())
        assert (await ann.expect(Left)).reason == "left"
        await ann.send(ListRooms())
        assert (await ann.expect(Rooms)).rooms == ()
        assert not srv.rooms


async def test_a_room_whose_people_all_dropped_closes_unless_one_comes_back(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(600):
        # (abandoned_room_grace: 60 s; these clients read nothing, so no heartbeat timeouts)
        srv = await harness.server(heartbeat_timeout=3600, ping_interval=3600)
        rooms = {}
        clients = {}
        for name in ("ann", "bob", "cat"):
            clients[name] = await harness.client(srv, name)
            rooms[name] = (await clients[name].create(name=name)).room.id
        began = trio.current_time()
        for name in ("ann", "bob", "cat"):
            await clients[name].link.aclose()
        await trio.sleep(30)
        # ann comes back in time; dan joins cat's room in time; nobody comes for bob's.
        again = harness.connect(srv, "ann")
        assert (await again.hello(clients["ann"].token)).resumed
        await again.expect(Joined)
        dan = await harness.client(srv, "dan")
        await dan.join(rooms["cat"])
        await trio.sleep(60)
        assert set(srv.rooms) == {rooms["ann"], rooms["cat"]}
        late = harness.connect(srv, "bob")
        welcome = await late.hello(clients["bob"].token)
        assert not welcome.resumed  # the room went, and its seat with it
        # Dropped again, ann's room waits its full time once more, then goes.
        await again.link.aclose()
        await trio.sleep(59)
        assert rooms["ann"] in srv.rooms
        await trio.sleep(2)
        assert set(srv.rooms) == {rooms["cat"]}
        assert trio.current_time() - began > 120
