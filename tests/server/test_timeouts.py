"""Turn timeouts: the server plays a late seat's turn (pending choices included), and after three
timeouts in a row the seat is away and played at once, until its person acts or syncs again."""

from __future__ import annotations

import msgpack
import pytest
import trio
from kit.client import Client, view_in
from kit.deck import rigged_deal
from kit.harness import (
    MATCH_ENDED,
    STAND_IN,
    Harness,
    carries,
    game_of,
    next_move_after,
    only_room,
    turn_begins,
)

from engine.bots import CHALLENGE_THRESHOLD, challenge_odds
from engine.errors import CannotCallUno
from protocol import (
    Act,
    Away,
    Back,
    Error,
    Events,
    ListRooms,
    Rematch,
    Rooms,
    RoomUpdate,
    Start,
    Sync,
    TakeSeat,
    ViewMsg,
    codec,
)
from server import ServerConfig, UnoServer


async def test_a_late_turn_is_played_at_the_deadline(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(300):
        deal = rigged_deal(["B2 B4 Y3 R4 R5 R6 R7", "G1 G1 G3 G3 G5 G5 G7"], "B9", dealer=1)
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, deal=deal)
        await ann.send(Start())
        waited, events = await next_move_after(ann)
        assert waited == pytest.approx(30)
        said, played = events.events[:2]
        assert said == {"type": "stand_in", "seat": ann.seat, "reason": "timeout"}
        assert played["type"] == "card_played" and played["card"] in ("B2", "B4")
        assert len(game_of(srv).hand(ann.seat or "")) == 6
        # The next turn has its own 30 seconds.
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(30)


async def test_no_timeout_when_turned_off(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(1000):
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=0)
        await ann.send(Start())
        await ann.my_turn()
        game = game_of(srv)
        before = game.snapshot()
        with trio.move_on_after(600):
            await ann.expect(Events)
            raise AssertionError("something moved")
        assert game.snapshot() == before
        assert ann.view is not None and view_in(ann.log[-1]) is None  # only pings since


async def test_a_timeout_names_a_starting_wilds_colour(harness: Harness,
                                                       autojump_clock: object) -> None:
    with trio.fail_after(300):
        deal = rigged_deal(["R2 R4 R3 R4 R5 R6 B7", "G1 G1 G3 G3 G5 G5 G7"], "W", dealer=1)
        _, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, deal=deal)
        await ann.send(Start())
        view = await ann.my_turn()
        assert view["awaiting_color"] and view["color"] is None
        waited, events = await next_move_after(ann, began=trio.current_time())
        assert waited == pytest.approx(30)
        said, chosen, played = events.events[:3]
        assert said == {"type": "stand_in", "seat": ann.seat, "reason": "timeout"}
        assert chosen == {"type": "color_chosen", "seat": ann.seat, "color": "R"}  # ann's colour
        # ...and the rest of the turn is played too, in the same message: a red card, the bot's
        # turn.
        assert played["type"] == "card_played" and played["card"][0] == "R"
        assert events.current == "2"


async def test_a_timeout_accepts_a_wild_draw_four(harness: Harness, autojump_clock: object) -> None:
    """Issue 9, problem 9: the stand-in never challenges (though the counts say the offender,
    holding six cards, likely held the colour), and the log is told the turn was played for ann."""
    with trio.fail_after(300):
        # The bot (seat 2) starts and can play nothing but its Wild Draw Four (no bluff).
        deal = rigged_deal(["R2 R4 R3 R4 R5 R6 B7", "W+4 G1 G1 G3 G3 G5 G5"], "B9", dealer=0)
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, deal=deal)
        await ann.send(Start())
        view = await ann.my_turn()
        assert view["challenge_from"] == "2" and view["top"] == "W+4"
        assert {a["kind"] for a in view["legal"]} == {"challenge", "accept"}
        assert challenge_odds(codec.view_from_wire(view)) > CHALLENGE_THRESHOLD
        waited, events = await next_move_after(ann, began=trio.current_time())
        assert waited == pytest.approx(30)
        said, answer = events.events[:2]
        assert said == {"type": "stand_in", "seat": ann.seat, "reason": "timeout"}
        assert answer["type"] == "drew" and answer["seat"] == ann.seat
        assert answer["reason"] == "wild_draw_four" and answer["count"] == 4
        assert not ann.events("challenged")
        assert len(game_of(srv).hand(ann.seat or "")) == 11


def away_flag(update: RoomUpdate, seat: str | None) -> bool:
    return next(s.away for s in update.room.seats if s.seat == seat)


@pytest.mark.parametrize("comeback", ["back", "sync", "action"])
async def test_three_timeouts_make_a_seat_away_until_its_person_is_back(
        harness: Harness, autojump_clock: object, comeback: str) -> None:
    """Issue 9, problem 3: away, the seat is played at a bot's pace (``stand_in`` events with
    reason ``away``); one ``back`` (or ``sync``, or any action) and the next turn waits for ann."""
    with trio.fail_after(1000):
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, bot_delay=1)
        await ann.send(Start())
        for _ in range(srv.config.away_after - 1):
            waited, _ = await next_move_after(ann)
            assert waited == pytest.approx(30)
        assert not [m for m in ann.log if isinstance(m, RoomUpdate) and away_flag(m, ann.seat)]
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(30)
        update = await ann.expect(RoomUpdate, lambda m: away_flag(m, ann.seat))
        assert update.room.seats[0].connected  # away, not gone
        # Told after the third timeout's events: everybody reads "time's up", then "went away"
        # (found play-testing: the log had them the other way round).
        timed_out = max(i for i, m in enumerate(ann.log) if isinstance(m, Events) and any(
            e == {"type": "stand_in", "seat": ann.seat, "reason": "timeout"} for e in m.events))
        assert ann.log.index(update) > timed_out
        for _ in range(2):
            waited, events = await next_move_after(ann)
            assert waited == pytest.approx(1)  # away: played at a bot's pace
            assert events.events[0] == {"type": "stand_in", "seat": ann.seat, "reason": "away"}

        if comeback == "back":
            await ann.send(Back())
        elif comeback == "sync":
            await ann.send(Sync())
        else:  # any action, even a refused one, says "I'm back"
            await ann.send_raw(msgpack.packb({"type": "action", "kind": "call_uno"}))
        back = await ann.expect(RoomUpdate)
        assert not away_flag(back, ann.seat)
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(30)  # the turn waits for ann again
        if comeback == "action":
            assert any(m.code == CannotCallUno.code for m in ann.log if isinstance(m, Error))


async def test_a_person_who_steps_away_is_played_at_once_until_back(
        harness: Harness, autojump_clock: object) -> None:
    """``away``: no three turns run out first (a minute and a half at the default clock) for a
    person who says "back in a minute"; on their own turn, its clock stops for everyone."""
    with trio.fail_after(1000):
        _, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, bot_delay=1)
        await ann.send(Start())
        await ann.my_turn()
        await ann.send(Away())
        update = await ann.expect(RoomUpdate)
        assert away_flag(update, ann.seat)
        view = await ann.expect(ViewMsg)
        assert view.deadline is None  # the stand-in's turn now
        waited, events = await next_move_after(ann, began=trio.current_time())
        assert waited == pytest.approx(1)  # a bot's pace
        assert events.events[0] == {"type": "stand_in", "seat": ann.seat, "reason": "away"}
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(1)
        await ann.send(Back())
        assert not away_flag(await ann.expect(RoomUpdate), ann.seat)
        waited, _ = await next_move_after(ann)
        assert waited == pytest.approx(30)


async def test_no_hand_is_dealt_while_every_person_is_away(harness: Harness,
                                                           autojump_clock: object) -> None:
    """Found play-testing: a table whose people had all stepped away dealt and played eleven
    hands by itself, and the statistics credited them with its wins. The hand under way is
    played out; the next is dealt once someone is back."""
    with trio.fail_after(10_000):
        _, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, bot_delay=1)
        await ann.send(Start())
        await ann.my_turn()
        await ann.send(Away())
        await ann.expect(Events, lambda m: any(e["type"] == "hand_ended" for e in m.events))
        with trio.move_on_after(3600):  # an hour: no deal
            await ann.expect(Events, lambda m: any(e["type"] == "hand_started" for e in m.events))
            raise AssertionError("a hand was dealt while everyone was away")
        await ann.send(Back())  # (the harness deals at once: next_hand_delay 0)
        await ann.expect(Events, lambda m: any(e["type"] == "hand_started" for e in m.events))


async def test_back_between_hands_when_everyone_was_away_the_countdown_to_the_deal_is_shown(
        harness: Harness, autojump_clock: object) -> None:
    """Found re-checking: the board read "Everyone is away: the next hand is dealt when someone
    comes back", and once back "The next hand starts in a moment…" for 5 s, with no countdown:
    no view carried the deal's new deadline."""
    with trio.fail_after(10_000):
        srv = await harness.server(next_hand_delay=5)
        _, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, bot_delay=1, srv=srv)
        await ann.send(Start())
        await ann.my_turn()
        await ann.send(Away())
        await ann.expect(Events, lambda m: any(e["type"] == "hand_ended" for e in m.events))
        with trio.move_on_after(60):  # (ann reads meanwhile: she answers the server's pings)
            while True:
                await ann.recv()
        await ann.send(Back())
        shown = await ann.expect(ViewMsg, lambda m: m.deadline is not None)
        assert shown.deadline == pytest.approx(5)


async def test_away_before_a_match_or_twice_changes_nothing(harness: Harness,
                                                            autojump_clock: object) -> None:
    with trio.fail_after(100):
        srv, (ann,) = await harness.table("ann", bots=1)
        await ann.send(Away())  # no match yet
        await ann.send(Start())
        await ann.expect(ViewMsg)
        assert not only_room(srv).seats[0].away
        await ann.send(Away())
        await ann.expect(RoomUpdate, lambda m: away_flag(m, ann.seat))
        await ann.send(Away())
        await ann.send(ListRooms())
        await ann.expect(Rooms)
        assert sum(1 for m in ann.log if isinstance(m, RoomUpdate) and away_flag(m, ann.seat)) == 1
        assert not ann.errors()


async def test_acting_resets_the_count_of_timeouts(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(1000):
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, bot_delay=1)
        await ann.send(Start())
        for _ in range(3):
            for _ in range(srv.config.away_after - 1):
                waited, _ = await next_move_after(ann)
                assert waited == pytest.approx(30)
            await ann.send(Act(kind="call_uno"))  # refused, but ann is clearly there
            await ann.error(CannotCallUno.code)
        assert not [m for m in ann.log if isinstance(m, RoomUpdate) and away_flag(m, ann.seat)]


async def test_back_on_the_turn_before_the_stand_in_moved_makes_it_yours_with_a_full_clock(
        harness: Harness, autojump_clock: object) -> None:
    """Issue 9: ann comes back during her turn, before the stand-in played it: the turn is hers
    again, and everybody is told its fresh deadline."""
    with trio.fail_after(1000):
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, bot_delay=1)
        await ann.send(Start())
        for _ in range(srv.config.away_after):
            await next_move_after(ann)
        assert only_room(srv).seats[0].away
        await ann.expect(Events, lambda m: turn_begins(m, ann.seat))
        began = trio.current_time()
        await ann.send(Back())
        back = await ann.expect(RoomUpdate)
        assert not away_flag(back, ann.seat)
        view = await ann.expect(ViewMsg)
        assert view.view["current"] == ann.seat and view.view["legal"]
        assert view.deadline == pytest.approx(30)
        waited, events = await next_move_after(ann, began=began)
        assert waited == pytest.approx(30)  # not 1: the stand-in did not play it
        assert events.events[0]["reason"] == "timeout"


async def ann_bot_and_bob(harness: Harness, hands: list[str], turn: str) -> tuple[UnoServer, Client, Client]:
    """Seats ann, bot 1 and bob, with jump-in (R15), a 30 s turn and a 1 s bot delay, dealt
    ``hands`` (in that order) and ``turn`` by the bot: the match started, bob first."""
    srv = await harness.server(deal_rng=rigged_deal(hands, turn, dealer=1))
    ann = await harness.client(srv, "ann")
    joined = await ann.create(bots=1, seats=3, turn_timeout=30, bot_delay=1, rules={"jump_in": True})
    bob = await harness.client(srv, "bob")
    await bob.join(joined.room.id)
    await ann.send(Start())
    return srv, ann, bob


async def test_an_away_seat_does_nothing_off_its_turn(harness: Harness,
                                                       autojump_clock: object) -> None:
    """Issue 9, problem 9: the stand-in of an away person does not jump in (nor catch, nor say
    UNO) off the turn; a bot at ann's seat would jump in with her R1 on bob's turn."""
    with trio.fail_after(300):
        # The bot deals; bob starts, on an R1: ann holds the other R1.
        srv, ann, bob = await ann_bot_and_bob(harness, ["R1 G1 G2", "", ""], "R1")
        await ann.expect(ViewMsg)
        room = only_room(srv)
        assert room.game is not None and room.game.current == bob.seat
        room.seats[0].away = True  # as after three timeouts
        room._schedule(turn_changed=False)
        bob.read_in(harness.nursery)  # (connected all along: a dropped seat's turn waits less)
        assert any(a["kind"] == "jump_in" for a in (ann.view or {})["legal"])
        waited, _ = await next_move_after(ann, began=trio.current_time(), seat=bob.seat)
        assert waited == pytest.approx(30)  # bob's turn timed out; nothing happened before
        assert not [e for e in ann.events("card_played") if e["jump_in"]]
        assert "R1" in [str(c) for c in room.game.hand(ann.seat or "")]


async def test_a_bot_jumps_in_on_a_persons_turn_only_after_giving_them_time(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: at the bots' 1 s, a bot holding the top card's twin jumped in before
    the person whose turn it was could read the table, and people at a table of bots with
    jump-in hardly played. On a person's turn a bot jumps in after ``person_first`` seconds."""
    with trio.fail_after(300):
        # The bot deals; bob starts and plays R1: ann's turn, and the bot holds the other R1.
        srv, ann, bob = await ann_bot_and_bob(harness, ["G2 G3", "R1 G1 G2", "R1 B7"], "R4")
        await bob.my_turn()
        await bob.send(Act(kind="play", card="R1"))
        await ann.expect(Events, lambda m: m.current == ann.seat)
        played = trio.current_time()
        jumped = await ann.expect(Events, lambda m: any(e.get("jump_in") for e in m.events))
        assert trio.current_time() - played == pytest.approx(srv.config.person_first_at(3))
        assert jumped.events[0]["seat"] not in (ann.seat, bob.seat)


def test_at_a_bigger_table_a_bot_gives_a_person_longer_before_it_jumps_in() -> None:
    """Found play-testing at ten seats: Rosa, choosing whom her 7 swapped with among nine, and two
    asking for the hint, lost their turns to bots jumping in at 4 s."""
    config = ServerConfig()
    assert config.person_first_at(3) == config.person_first_at(4) == config.person_first == 4.0
    assert config.person_first_at(10) == pytest.approx(7.0)


async def test_one_away_at_the_end_of_a_match_is_still_away_in_the_next(harness: Harness,
                                                                         autojump_clock: object) -> None:
    """Found play-testing: Ben stepped away during a match, and the host started the next one
    without waiting for him ("s starts the rematch now"): the start took his seat off away, so
    the new match waited on his turns (without a turn clock, for ever) and everyone read "Ben came
    back". Away lasts until its person is back (docs/PROTOCOL.md, ``away``): the stand-in plays
    his turns in the new match."""
    with trio.fail_after(3000):
        srv, (ann, ben) = await harness.table("ann", "ben", bots=1, bot_delay=1, turn_timeout=0,
                                              rules={"target_score": 1})
        await ann.send(Start())
        await ben.expect(ViewMsg)
        await ben.send(Away())
        await ben.expect(RoomUpdate, lambda m: away_flag(m, ben.seat))
        await ann.play(carries(MATCH_ENDED), now=True)
        await ann.send(Start())
        started = await ann.expect(RoomUpdate, lambda m: m.room.started)
        assert away_flag(started, ben.seat)
        await ann.play(lambda m: isinstance(m, Events) and {"type": STAND_IN, "seat": ben.seat,
                                                              "reason": "away"} in m.events)
        assert next(s for s in only_room(srv).seats if s.id == ben.seat).away


async def test_the_rematch_does_not_wait_on_one_who_is_away(harness: Harness,
                                                             autojump_clock: object) -> None:
    """Found play-testing: Luis stepped away during a match and stayed away; Ana accepted the
    rematch and it waited for his answer, which he could give only by coming back. Someone away
    is not asked, as at a real table where the next game is dealt while one is in the kitchen:
    the rematch starts, and the stand-in plays his turns until he is back."""
    with trio.fail_after(3000):
        srv, (ann, ben) = await harness.table("ann", "ben", bots=1, bot_delay=1, turn_timeout=0,
                                              rules={"target_score": 1})
        await ann.send(Start())
        await ben.expect(ViewMsg)
        async with trio.open_nursery() as nursery:
            ben.read_in(nursery)  # (connected all along: one who reads nothing is dropped)
            await ben.send(Away())
            await ben.wait_for(lambda m: isinstance(m, RoomUpdate) and away_flag(m, ben.seat))
            first = game_of(srv)
            await ann.play(carries(MATCH_ENDED), now=True)
            await ann.send(Rematch())
            await ann.expect(RoomUpdate, lambda m: m.room.started)
            seat = next(s for s in only_room(srv).seats if s.id == ben.seat)
            assert game_of(srv) is not first and ben.seat in game_of(srv).seats and seat.away
            nursery.cancel_scope.cancel()


async def test_one_waiting_in_line_for_a_seat_gets_the_next_hand_dealt(harness: Harness,
                                                                        autojump_clock: object) -> None:
    """Found play-testing: every person at the table away, the next hand waited for one of them;
    Ines, promised a bot's seat at the next hand, waited with it until someone came back."""
    with trio.fail_after(10_000):
        srv, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, bot_delay=1, late_join="next_hand")
        await ann.send(Start())
        await ann.my_turn()
        await ann.send(Away())
        await ann.expect(Events, lambda m: any(e["type"] == "hand_ended" for e in m.events))
        ines = await harness.client(srv, "ines")
        await ines.join(only_room(srv).id, spectate=True)
        await ines.send(TakeSeat())
        await ines.expect(Events, lambda m: any(e["type"] == "hand_started" for e in m.events))
        assert any(seat.name == "ines" and seat.kind == "human" for seat in only_room(srv).seats)


async def test_a_bots_thought_queued_for_a_turn_no_longer_its_own_makes_no_move(
        harness: Harness, autojump_clock: object) -> None:
    """Found re-checking: thoughts queued on a person's turn (bots that search think in a thread)
    ran after a jump-in had changed whose turn it was, and each bot whose turn had come played at
    once, without its delay. A thought for a turn that is not (or no longer) the bot's is dropped;
    the turn is scheduled anew."""
    with trio.fail_after(300):
        srv, _ann, bob = await ann_bot_and_bob(harness, ["G2 G3", "R1 G1 G2", "R1 B7"], "R4")
        await bob.my_turn()
        room = only_room(srv)
        assert room.game is not None and room.game.current == bob.seat
        bot = next(s.id for s in room.seats if s.kind == "bot")
        version = room._version
        await room._think(bot, on_turn=True)  # (bob's turn: not the bot's)
        assert room._version == version and room.game.current == bob.seat
