"""The lobby and rooms before a match: listing, creating, joining, leaving, the host's commands,
passwords and chat."""

from __future__ import annotations

import msgpack
import trio
from kit.client import Client
from kit.harness import Harness, only_room

from protocol import (
    AddBot,
    ChatMsg,
    CreateRoom,
    Joined,
    JoinRoom,
    LeaveRoom,
    Left,
    Message,
    RemoveBot,
    RoomUpdate,
    Say,
    SetRules,
    Start,
    ViewMsg,
)
from protocol.errors import BAD_FIELD
from protocol.limits import MAX_ROOM_NAME
from server.errors import (
    ALREADY_STARTED,
    BAD_RULES,
    NO_SUCH_ROOM,
    NO_SUCH_SEAT,
    NOT_ENOUGH_PLAYERS,
    NOT_HOST,
    RATE_LIMITED,
    ROOM_FULL,
    WRONG_PASSWORD,
)


async def barrier(client: Client) -> list[Message]:
    """Everything the server sent ``client`` before answering a fresh request."""
    start = len(client.log)
    await client.rooms()
    return client.log[start:-1]


async def test_list_create_and_summary(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        assert (await ann.rooms()).rooms == ()
        joined = await ann.create("Friday night", preset="house", rules={"seven_zero": True},
                                  seats=6, bots=2, bot_level="easy", turn_timeout=20,
                                  password="pw")
        assert joined.role == "player"
        info = joined.room
        assert info.name == "Friday night" and info.max_seats == 6 and info.preset == "house"
        assert info.rules["seven_zero"] is True and info.rules["draw_until_playable"] is True
        assert info.turn_timeout == 20 and info.password is True and not info.started
        assert [s.kind for s in info.seats] == ["human", "bot", "bot"]
        assert [s.level for s in info.seats[1:]] == ["easy", "easy"]
        assert info.host == "ann" and info.host_seat == joined.seat

        bob = await harness.client(srv, "bob")
        (summary,) = (await bob.rooms()).rooms
        assert (summary.id, summary.name, summary.host) == (info.id, "Friday night", "ann")
        assert (summary.players, summary.bots, summary.seats) == (1, 2, 6)
        assert summary.password is True and summary.started is False and summary.match_over is False


async def test_a_name_an_open_table_has_is_numbered(harness: Harness, autojump_clock: object) -> None:
    """Found play-testing (helper 124): two "Ben's table" in the lobby, hosted by two people, and
    friends told to come to Ben's table. A name taken by an open table is numbered; one that is
    free again (its table closed) is not."""
    with trio.fail_after(60):
        srv = await harness.server()
        ben, obs, cid = [await harness.client(srv, name) for name in ("ben", "obs", "cid")]
        first = await ben.create("Ben's table")
        second = await obs.create("Ben's table")
        assert (first.room.name, second.room.name) == ("Ben's table", "Ben's table 2")
        # (in other capitals too, and one numbered already takes the next number: found
        # re-checking, "Friday" beside "friday", and "Ben's table 2 2")
        assert (await cid.create("ben's TABLE 2")).room.name == "ben's TABLE 3"
        await cid.send(LeaveRoom())
        await cid.expect(Left)
        await ben.send(LeaveRoom())  # (his table closes with him: its name is free)
        await ben.expect(Left)
        assert (await cid.create("Ben's table")).room.name == "Ben's table"
        long = "x" * MAX_ROOM_NAME
        assert (await ben.create(long)).room.name == long
        await obs.send(LeaveRoom())
        await obs.expect(Left)
        assert (await obs.create(long)).room.name == "x" * (MAX_ROOM_NAME - 3) + " 2"


async def test_a_match_started_with_seats_left_empty_is_listed_with_its_own_seats(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing (helper 124): started with S, three of four seats taken, the table was
    listed "3/4 … playing", and Dee, who joined it, had no seat 4 until the match ended."""
    with trio.fail_after(60):
        srv, (ann, _bob) = await harness.table("ann", "bob", seats=4)
        await ann.send(Start(fill=False))
        await ann.expect(ViewMsg)
        dee = await harness.client(srv, "dee")
        (line,) = (await dee.rooms()).rooms
        assert (line.players, line.seats, line.started) == (2, 2, True)


async def test_the_room_list_says_when_a_late_arrival_sits(harness: Harness,
                                                          autojump_clock: object) -> None:
    """Found play-testing: one arriving mid-match could not tell from the lobby whether they
    would sit at once or at the next hand; the summary carries the room's ``late_join``, and
    follows the host's ``set_rules``."""
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        await ann.create("Friday night", bots=1, late_join="next_hand")
        bob = await harness.client(srv, "bob")
        (summary,) = (await bob.rooms()).rooms
        assert summary.late_join == "next_hand"
        await ann.send(SetRules(preset="official", late_join="now"))
        await ann.expect(RoomUpdate, lambda m: m.room.late_join == "now")
        (summary,) = (await bob.rooms()).rooms
        assert summary.late_join == "now"


async def test_create_refusals_leave_the_connection_usable(harness: Harness,
                                                           autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv)
        await ann.send(CreateRoom(name="x", seats=3, bots=3))
        await ann.error(ROOM_FULL)
        await ann.send(CreateRoom(name="x", rules={"no_such_rule": True}))
        await ann.error(BAD_RULES)
        await ann.send(CreateRoom(name="x", rules={"uno_penalty": "two"}))
        await ann.error(BAD_RULES)
        await ann.send(CreateRoom(name="x", rules={"target_score": 0}))
        await ann.error(BAD_RULES)
        # Seats outside 2..10 never get past the protocol's checks.
        await ann.send_raw(msgpack.packb({"type": "create_room", "name": "x", "seats": 11}))
        await ann.error(BAD_FIELD)
        await ann.send_raw(msgpack.packb({"type": "create_room", "name": "x", "seats": 1}))
        await ann.error(BAD_FIELD)
        assert (await ann.rooms()).rooms == ()
        assert not srv.rooms
        joined = await ann.create(seats=10, bots=9)
        assert len(joined.room.seats) == 10


async def test_wild_draw_four_option_can_be_set_from_the_wire(harness: Harness,
                                                              autojump_clock: object) -> None:
    """RoomInfo.rules says ``"wild_draw_four": "strict"``; the same value must be accepted back."""
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv)
        joined = await ann.create(rules={"wild_draw_four": "strict"})
        assert joined.room.rules["wild_draw_four"] == "strict"
        await ann.send(SetRules(preset="house", rules={"wild_draw_four": "challenge"}))
        update = await ann.expect(RoomUpdate, lambda m: m.room.preset == "house")
        assert update.room.rules["wild_draw_four"] == "challenge"
        assert update.room.rules["draw_until_playable"] is True
        # Round trip: what the room says its rules are is accepted as overrides.
        await ann.send(SetRules(preset="official", rules=dict(update.room.rules)))
        again = await ann.expect(RoomUpdate, lambda m: m.room.preset == "official")
        assert again.room.rules == update.room.rules
        await ann.send(SetRules(preset="official", rules={"wild_draw_four": "sometimes"}))
        await ann.error(BAD_RULES)


async def test_join_as_player_or_spectator_and_leave(harness: Harness,
                                                     autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann,) = await harness.table("ann", seats=3)
        room_id = ann.room.id
        bob = await harness.client(srv, "bob")
        joined = await bob.join(room_id)
        assert joined.role == "player" and joined.seat is not None
        update = await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 2)
        assert [s.name for s in update.room.seats] == ["ann", "bob"]

        cat = await harness.client(srv, "cat")
        watching = await cat.join(room_id, spectate=True)
        assert watching.role == "spectator" and watching.seat is None
        await ann.expect(RoomUpdate, lambda m: m.room.spectators == 1)

        dan = await harness.client(srv, "dan")
        await dan.join(room_id)
        eve = await harness.client(srv, "eve")
        await eve.send(JoinRoom(room=room_id))
        await eve.error(ROOM_FULL)
        await eve.send(JoinRoom(room="nope"))
        await eve.error(NO_SUCH_ROOM)
        assert await eve.join(room_id, spectate=True)

        await bob.send(LeaveRoom())
        assert (await bob.expect(Left)).reason == "left"
        update = await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 2)
        assert [s.name for s in update.room.seats] == ["ann", "dan"]
        # Back in the lobby, bob may join again (the freed seat).
        assert (await bob.join(room_id)).role == "player"
        for client in (ann, bob, dan, cat, eve):
            await client.send(LeaveRoom())
            await client.expect(Left)
        assert (await ann.rooms()).rooms == ()  # the last person out closed the room
        assert not srv.rooms


async def test_host_commands_and_not_host(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        _, (ann, bob) = await harness.table("ann", "bob", seats=4)
        for request in (AddBot(), RemoveBot(seat="1"), SetRules(preset="house"), Start()):
            await bob.send(request)
            error = await bob.error(NOT_HOST)
            assert error.ref == request.TYPE

        await ann.send(AddBot(level="easy"))
        update = await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 3)
        bot = update.room.seats[-1]
        assert bot.kind == "bot" and bot.level == "easy"
        await ann.send(RemoveBot(seat=bot.seat))
        await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 2)
        await ann.send(RemoveBot(seat=bob.seat or ""))  # a connected person is not removed
        await ann.error(NO_SUCH_SEAT)
        await ann.send(RemoveBot(seat="99"))
        await ann.error(NO_SUCH_SEAT)
        await ann.send(SetRules(preset="house", rules={"jump_in": True}, turn_timeout=12,
                                bot_delay=0))
        update = await bob.expect(RoomUpdate, lambda m: m.room.preset == "house")
        assert update.room.rules["jump_in"] is True and update.room.turn_timeout == 12
        await ann.send(AddBot())
        await ann.send(AddBot())
        update = await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 4)
        await ann.send(RemoveBot(seat=update.room.seats[2].seat))  # Bot 1 goes: the next is Bot 1 again
        await ann.send(AddBot())
        update = await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 4
                                  and m.room.seats[-1].seat != update.room.seats[-1].seat)
        # (found play-testing: "Bot 2 2", a bot numbered by the count of bots seated)
        assert [s.name for s in update.room.seats[2:]] == ["Bot 2", "Bot 1"]
        await ann.send(AddBot())
        await ann.error(ROOM_FULL)

        await ann.send(Start())
        await bob.expect(ViewMsg)
        for request in (AddBot(), RemoveBot(seat="3"), SetRules(preset="official"), Start()):
            await ann.send(request)
            await ann.error(ALREADY_STARTED)


async def test_not_enough_players(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv)
        await ann.create()
        await ann.send(Start())
        await ann.error(NOT_ENOUGH_PLAYERS)
        await ann.send(AddBot())
        await ann.send(Start())
        view = await ann.expect(ViewMsg)
        assert view.view["seat"] == ann.seat and len(view.view["hand"]) == 7


async def test_host_passes_on_when_the_host_leaves(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        _, (ann, bob) = await harness.table("ann", "bob")
        await ann.send(LeaveRoom())
        update = await bob.expect(RoomUpdate, lambda m: len(m.room.seats) == 1)
        assert update.room.host == "bob" and update.room.host_seat == bob.seat
        await bob.send(AddBot())
        await bob.send(Start())
        await bob.expect(ViewMsg)


async def test_the_host_role_passes_to_a_person_and_never_from_one_to_a_bot_program(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Kim's table passed its host role to a `uno bots` client (``hello.bot``)
    when she left, and she came back to a table she could no longer run."""
    with trio.fail_after(30):
        srv, (kim,) = await harness.table("kim", seats=4)
        room_id = kim.room.id

        async def program(name: str) -> Client:
            client = harness.connect(srv, name)
            await client.hello(bot=True)
            await client.join(room_id)
            return client

        first = await program("xb1")
        bob = await harness.client(srv, "bob")
        await bob.join(room_id)
        await kim.send(LeaveRoom())
        await kim.expect(Left)
        update = await bob.expect(RoomUpdate, lambda m: len(m.room.seats) == 2)
        assert update.room.host == "bob"  # the person, though the program sat down first
        await bob.send(LeaveRoom())
        update = await first.expect(RoomUpdate, lambda m: len(m.room.seats) == 1)
        assert update.room.host == "-" and update.room.host_seat is None  # nobody's, for now
        assert (await kim.join(room_id)).room.host == "kim"  # the next person to sit runs it

        # A program's own table (`uno bots --create`) passes to its fellow programs.
        opener = harness.connect(srv, "zb1")
        await opener.hello(bot=True)
        table = (await opener.create(seats=3)).room.id
        second = harness.connect(srv, "zb2")
        await second.hello(bot=True)
        assert (await second.join(table)).room.host == "zb1"
        await opener.send(LeaveRoom())
        update = await second.expect(RoomUpdate, lambda m: len(m.room.seats) == 1)
        assert update.room.host == "zb2"


async def test_passwords(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann,) = await harness.table("ann", password="s3cret")
        room_id = ann.room.id
        bob = await harness.client(srv, "bob")
        await bob.send(JoinRoom(room=room_id))
        await bob.error(WRONG_PASSWORD)
        await bob.send(JoinRoom(room=room_id, password="S3cret"))
        await bob.error(WRONG_PASSWORD)
        await bob.send(JoinRoom(room=room_id, password="s3cret", spectate=True))
        joined = await bob.expect(Joined)
        assert joined.role == "spectator"
        await bob.send(LeaveRoom())
        await bob.expect(Left)
        assert (await bob.join(room_id, password="s3cret")).role == "player"
        # The password itself never travels back to anybody.
        for client in (ann, bob):
            assert "s3cret" not in repr(client.log)


async def test_spectator_of_a_started_match(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann,) = await harness.table("ann", bots=1, start=True)
        room_id = ann.room.id
        bob = await harness.client(srv, "bob")
        await bob.send(JoinRoom(room=room_id))
        await bob.error(ALREADY_STARTED)
        (summary,) = (await bob.rooms()).rooms
        assert summary.started
        await bob.join(room_id, spectate=True)
        view = await bob.expect(ViewMsg)
        assert view.view["seat"] is None and view.view["hand"] is None and view.view["legal"] == []
        assert only_room(srv).info().spectators == 1


async def test_lobby_and_room_chat(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        bob = await harness.client(srv, "bob")
        cat = await harness.client(srv, "cat")
        dan = await harness.client(srv, "dan")
        room_id = (await cat.create()).room.id
        await dan.join(room_id, spectate=True)

        await ann.send(Say(text="hello lobby"))
        mine = await ann.expect(ChatMsg)
        assert (mine.source, mine.text, mine.scope) == ("ann", "hello lobby", "lobby")
        assert (await bob.expect(ChatMsg)) == mine
        assert not [m for m in await barrier(cat) if isinstance(m, ChatMsg)]

        await cat.send(Say(text="hello room"))
        said = await cat.expect(ChatMsg)
        assert (said.source, said.scope) == ("cat", "room")
        assert (await dan.expect(ChatMsg)) == said
        for outsider in (ann, bob):
            assert not [m for m in await barrier(outsider) if isinstance(m, ChatMsg)]


async def test_chat_at_a_table_names_the_seat_as_the_table_does(harness: Harness,
                                                                 autojump_clock: object) -> None:
    """Found play-testing: a second Kim sat as "Kim 2", and her chat read "Kim: ¿quién es el
    otro Kim?", as if the first Kim had said it."""
    with trio.fail_after(30):
        srv = await harness.server()
        first = await harness.client(srv, "Kim")
        room_id = (await first.create()).room.id
        second = await harness.client(srv, "Kim")
        joined = await second.join(room_id)
        assert next(s.name for s in joined.room.seats if s.seat == joined.seat) == "Kim 2"
        await second.send(Say(text="¿quién es el otro Kim?"))
        said = await first.expect(ChatMsg)
        assert (said.source, said.scope) == ("Kim 2", "room")


async def test_chat_is_bounded_and_rate_limited(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv = await harness.server()
        ann = await harness.client(srv, "ann")
        bob = await harness.client(srv, "bob")
        await ann.send_raw(msgpack.packb({"type": "chat", "text": "x" * 201}))
        await ann.error(BAD_FIELD)
        await ann.send_raw(msgpack.packb({"type": "chat", "text": "red \x1b[31malert"}))
        await ann.error(BAD_FIELD)
        await ann.send_raw(msgpack.packb({"type": "chat", "text": "\u202eevil"}))
        await ann.error(BAD_FIELD)
        for i in range(srv.config.chat_burst):
            await ann.send(Say(text=f"m{i}"))
        await ann.send(Say(text="one too many"))
        error = await ann.error(RATE_LIMITED)
        assert error.ref == "chat"
        got = [m.text for m in bob.log if isinstance(m, ChatMsg)]
        got += [(await bob.expect(ChatMsg)).text for _ in range(srv.config.chat_burst)]
        assert got == [f"m{i}" for i in range(srv.config.chat_burst)]
        assert not [m for m in await barrier(bob) if isinstance(m, ChatMsg)]
        await trio.sleep(1.0 / srv.config.chat_rate)
        await ann.send(Say(text="later"))
        assert (await bob.expect(ChatMsg)).text == "later"
