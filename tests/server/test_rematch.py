"""A rematch after a match: everyone seated accepts (the first chooses the seat order: keep,
random, winner deals) and the same seats play again under the same rules; a seat whose person
declines, leaves or drops is taken by a bot; a rematch outside the end of a match is refused."""

from __future__ import annotations

import random

import pytest
import trio
from kit.client import Client
from kit.harness import Harness, game_of, is_match_end, only_room

from protocol import (
    Away,
    Error,
    Joined,
    LeaveRoom,
    Left,
    Queued,
    Rematch,
    RemoveBot,
    RoomUpdate,
    SetBotLevel,
    SetRules,
    Start,
    Sync,
    TakeSeat,
    ViewMsg,
)
from protocol.errors import NOT_ALLOWED_NOW
from server import ServerConfig, UnoServer
from server.errors import NO_REMATCH, NOT_HOST
from server.rematch import RematchVotes, into_places_left, seat_order

SINGLE_HAND = {"target_score": None, "jump_in": True}


async def match_over(harness: Harness, *names: str, bots: int = 1, srv: UnoServer | None = None,
                     **create: object) -> tuple[UnoServer, list[Client]]:
    """A single-hand match between ``names`` and ``bots`` bots, played to its end."""
    srv, clients = await harness.table(*names, bots=bots, seats=len(names) + bots,
                                       rules=SINGLE_HAND, srv=srv, **create)
    await clients[0].send(Start())
    async with trio.open_nursery() as nursery:
        for client in clients:
            nursery.start_soon(client.play, is_match_end, None, 0)
    assert game_of(srv).outcome() is not None
    for client in clients:  # a move sent just before the end is refused (hand_over): read past it
        await client.send(Sync())
        while not isinstance(message := await client.recv(), ViewMsg):
            assert not isinstance(message, Error) or message.ref == "action", message
    return srv, clients


def accepted(update: RoomUpdate, *seats: str) -> bool:
    return set(update.room.rematch) == set(seats)


async def test_everyone_accepts_and_the_winner_deals(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        room, first = only_room(srv), game_of(srv)
        winner, seats = first.outcome().winner, [s.id for s in only_room(srv).seats]  # type: ignore[union-attr]
        await bob.send(Rematch(order="winner_deals"))
        update = await ann.expect(RoomUpdate, lambda m: accepted(m, bob.seat or ""))
        assert update.room.rematch_order == "winner_deals" and not update.room.started
        assert room.game is first  # not yet: ann has not accepted
        await ann.send(Rematch(order="random"))  # the first to accept chose the order
        view = await ann.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        second = game_of(srv)
        assert second is not first and second.dealer == winner and list(second.seats) == seats
        assert view.view["scores"] == [0] * len(seats)
        assert second.rules == first.rules
        update = await bob.expect(RoomUpdate, lambda m: m.room.started)
        assert update.room.rematch == () and update.room.rematch_order is None


async def test_one_who_steps_away_at_a_match_s_end_is_not_waited_for(harness: Harness,
                                                                    autojump_clock: object) -> None:
    """Found play-testing: Carla, off for a drink at a match's end, pressed the away key and was
    told there was no match to step away from; the rematch waited its whole countdown for her.
    Away there, the rematch waits for her no longer: Ann's yes starts it, her seat played by the
    stand-in until she is back. In a waiting room, before any match, away does nothing."""
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        room, first = only_room(srv), game_of(srv)
        await ann.send(Rematch(order="keep"))
        await bob.expect(RoomUpdate, lambda m: accepted(m, ann.seat or ""))
        await bob.send(Away())
        update = await ann.expect(RoomUpdate, lambda m: m.room.started)
        assert room.game is not first and any(s.away for s in update.room.seats if s.seat == bob.seat)
    with trio.fail_after(60):
        srv, (_cat, dan) = await harness.table("cat", "dan", bots=0, seats=2)
        await dan.send(Away())
        await trio.sleep(1)  # (the auto-jump clock: once the server has nothing left to do)
        assert not any(seat.away for seat in only_room(srv).seats)


@pytest.mark.parametrize("order", ["keep", "random"])
async def test_the_seat_order_is_the_one_chosen(harness: Harness, autojump_clock: object,
                                                order: str) -> None:
    with trio.fail_after(60):
        srv, (ann, bob, cat) = await match_over(harness, "ann", "bob", "cat", bots=3)
        before = [s.id for s in only_room(srv).seats]
        for client in (ann, bob, cat):
            await client.send(Rematch(order=order))
        await ann.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        after = list(game_of(srv).seats)
        assert sorted(after) == sorted(before)
        assert (after == before) is (order == "keep")  # (the seeded shuffle moves them)


def test_newcomers_sit_in_the_places_of_those_gone() -> None:
    class S:
        def __init__(self, id: str) -> None:
            self.id = id

    def ids(seats: list[S]) -> str:
        return "".join(s.id for s in seats)

    assert ids(into_places_left([S(c) for c in "acxy"], "abcd")) == "axcy"
    assert ids(into_places_left([S(c) for c in "acxyz"], "abcd")) == "axcyz"
    assert ids(into_places_left([S(c) for c in "ac"], "abcd")) == "ac"
    assert ids(into_places_left([S(c) for c in "abcd"], "abcd")) == "abcd"


def test_random_order_shuffles_and_the_first_choice_stays() -> None:
    assert seat_order("abcdef", "keep", random.Random(1)) == list("abcdef")
    assert sorted(seat_order("abcdef", "random", random.Random(1))) == list("abcdef")
    assert seat_order("abcdef", "random", random.Random(1)) != list("abcdef")
    votes = RematchVotes()
    votes.accept("1", "winner_deals")
    votes.accept("2", "keep")
    assert votes.order == "winner_deals" and not votes.everyone(["1", "2", "3"])
    assert votes.everyone(["1", "2"])
    votes.accept("1", "random")  # the first to accept may change the order: only they may
    votes.accept("2", "keep")
    assert votes.order == "random"
    votes.forget("1")
    votes.forget("2")
    assert votes.order is None


async def test_a_seat_that_declines_is_left_and_a_bot_takes_it(harness: Harness,
                                                               autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob, cat) = await match_over(harness, "ann", "bob", "cat", bots=0)
        before = list(game_of(srv).seats)
        await ann.send(Rematch())
        await bob.send(Rematch(accept=False))
        await bob.expect(Left)
        update = await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 2)
        assert list(update.room.rematch) == [ann.seat] and not update.room.started
        await cat.send(Rematch())
        await ann.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        room = only_room(srv)
        assert len(game_of(srv).seats) == 3 and [s.kind for s in room.seats].count("bot") == 1
        assert bob.seat not in game_of(srv).seats
        # the bot sits in bob's place (found play-testing: it sat last, and the order changed)
        after = list(game_of(srv).seats)
        assert [after[0], after[2]] == [before[0], before[2]] and room.seats[1].kind == "bot"


async def test_bots_the_host_removed_after_the_match_do_not_come_back_for_the_rematch(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Ana removed both bots at the match's end to play Bob alone; the
    rematch sat two new bots in their places."""
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob", bots=2)
        for seat in [s.id for s in only_room(srv).seats if s.kind == "bot"]:
            await ann.send(RemoveBot(seat=seat))
        await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 2)
        await ann.send(Rematch())
        await bob.send(Rematch())
        await ann.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        assert len(game_of(srv).seats) == 2


async def test_the_host_s_start_after_a_match_is_the_rematch_at_once_in_her_order(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: at a match's end Marta chose "the winner deals", freed a bot's seat and
    pressed s ("starts the rematch now"): a bot took the seat she had freed, and the dealer was
    drawn. Her start is the rematch, in her order (nobody had accepted), without that seat."""
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob", bots=2)
        first = game_of(srv)
        winner = first.outcome().winner  # type: ignore[union-attr]
        bot = next(s.id for s in only_room(srv).seats if s.kind == "bot" and s.id != winner)
        await ann.send(RemoveBot(seat=bot))
        await ann.expect(RoomUpdate, lambda m: len(m.room.seats) == 3)
        await ann.send(Start(fill=True, order="winner_deals"))
        await bob.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        second = game_of(srv)
        assert second is not first and bot not in second.seats and len(second.seats) == 3
        assert second.dealer == winner
        assert [s for s in first.seats if s != bot] == list(second.seats)  # (the seats kept)


async def test_the_order_an_acceptance_chose_holds_when_the_host_starts_at_once(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        first = game_of(srv)
        await bob.send(Rematch(order="winner_deals"))
        await ann.expect(RoomUpdate, lambda m: accepted(m, bob.seat or ""))
        await ann.send(Start(fill=True, order="keep"))
        await bob.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        assert game_of(srv).dealer == first.outcome().winner  # type: ignore[union-attr]


async def test_a_player_who_drops_holds_up_the_rematch_only_for_its_wait(harness: Harness,
                                                                       autojump_clock: object) -> None:
    with trio.fail_after(600):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        await ann.send(Rematch(order="keep"))
        await ann.expect(RoomUpdate, lambda m: accepted(m, ann.seat or ""))
        ann.read_in(harness.nursery)  # (connected all along)
        began = trio.current_time()
        await bob.aclose()  # bob's connection drops before he answers
        await ann.wait_for(lambda m: isinstance(m, RoomUpdate) and m.room.started, timeout=None)
        assert trio.current_time() - began == pytest.approx(srv.config.rematch_wait, abs=1)
        room = only_room(srv)
        assert len(game_of(srv).seats) == 3 and [s.kind for s in room.seats].count("human") == 1
        # (a bot plays bob's seat, in its place, under his name: back, he takes it first)
        assert [(s.kind, s.name) for s in room.seats if s.id == bob.seat] == [("bot", "bob (bot)")]


async def test_one_who_drops_and_is_back_within_the_wait_plays_the_rematch(harness: Harness,
                                                                           autojump_clock: object) -> None:
    """Found play-testing: Sofía's client restarted within 2 s of Tomás's yes; the rematch had
    begun at her drop, a bot in her seat, and she was in the lobby."""
    with trio.fail_after(600):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        await ann.send(Rematch(order="keep"))
        await ann.expect(RoomUpdate, lambda m: accepted(m, ann.seat or ""))
        await bob.aclose()
        again = harness.connect(srv, "bob")
        assert (await again.hello(bob.token)).resumed
        await again.expect(Joined)
        await again.send(Rematch(order="keep"))
        started = await ann.expect(RoomUpdate, lambda m: m.room.started)
        assert [(s.name, s.kind) for s in started.room.seats if s.seat == bob.seat] == [("bob", "human")]


async def test_a_player_who_leaves_after_the_others_accepted_starts_it(harness: Harness,
                                                                       autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        await ann.send(Rematch())
        await ann.expect(RoomUpdate, lambda m: accepted(m, ann.seat or ""))
        await bob.send(LeaveRoom())
        await ann.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        assert only_room(srv).started and len(game_of(srv).seats) == 3


async def test_someone_who_sat_after_the_match_is_not_waited_for(harness: Harness,
                                                                  autojump_clock: object) -> None:
    """Found play-testing: Zoe sat down (in a bot's place) after the match had ended; the
    rematch waited for her answer, but her screen, the waiting room, asked her nothing. The
    rematch is for those who played the match; she plays in it."""
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        room_id = only_room(srv).id
        zoe = await harness.client(srv, "zoe")
        await zoe.join(room_id)
        await ann.send(Rematch())
        await bob.send(Rematch())
        await ann.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        assert zoe.seat in game_of(srv).seats and only_room(srv).started


@pytest.mark.parametrize("ask_for_it", [True, False])
async def test_a_late_arrival_promised_a_bots_seat_gets_it_when_the_match_ends_first(
        harness: Harness, autojump_clock: object, ask_for_it: bool) -> None:
    """Found play-testing (late arrivals sit at the next hand): Ana, told "You take Bot 1's seat
    at the next hand", saw the match end in that hand; between matches Bot 2 was sent away for
    her, as for anyone arriving before a start, and Bot 1 played on. She takes the seat she was
    promised (the one she asked for, or the first bot's: ``ask_for_it``), in its place."""
    with trio.fail_after(60):
        srv, (carla,) = await harness.table("carla", bots=2, seats=3, rules=SINGLE_HAND,
                                            late_join="next_hand")
        await carla.send(Start())
        await carla.expect(ViewMsg)
        room = only_room(srv)
        bot1, bot2 = (s.id for s in room.seats if s.kind == "bot")
        ana = await harness.client(srv, "ana")
        await ana.join(room.id, spectate=True)
        await ana.send(TakeSeat(seat=bot1 if ask_for_it else None))
        queued = await ana.expect(Queued)
        assert (queued.position, queued.seat) == (1, bot1)

        async def ana_sits() -> None:
            await ana.expect(Joined, lambda m: m.role == "player")

        async with trio.open_nursery() as nursery:
            nursery.start_soon(carla.play, is_match_end, None, 0, True)
            nursery.start_soon(ana_sits)
        assert game_of(srv).outcome() is not None and not room.started
        assert [(s.name, s.kind) for s in room.seats] == [
            ("carla", "human"), ("ana", "human"), ("Bot 2", "bot")]
        assert [s.id for s in room.seats][2] == bot2
        await carla.send(Rematch())
        await carla.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        assert list(game_of(srv).seats) == [s.id for s in room.seats] and ana.seat in game_of(srv).seats


async def test_a_yes_withdrawn_by_declining_is_forgotten_before_the_seat_is_given(
        harness: Harness, autojump_clock: object) -> None:
    """Found re-checking: at a full table of two, Bob accepted the rematch, then declined; Carla,
    in line, sat in his seat, and the table read "Rematch accepted by ;", its countdown running
    for nobody's yes. His yes goes with him, before the seat is given, and the countdown too."""
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob", bots=0)
        room = only_room(srv)
        carla = await harness.client(srv, "carla")
        await carla.join(room.id, spectate=True)
        await carla.send(TakeSeat())
        await carla.expect(Queued)
        await bob.send(Rematch(order="keep"))
        await ann.expect(RoomUpdate, lambda m: accepted(m, bob.seat or ""))
        assert room.clock.rematch_at is not None
        await bob.send(Rematch(accept=False))
        await carla.expect(Joined, lambda m: m.role == "player")
        update = await ann.expect(RoomUpdate, lambda m: any(s.name == "carla" for s in m.room.seats))
        assert update.room.rematch == () and room.votes.accepted == [] and room.clock.rematch_at is None


async def test_a_rematch_needs_a_match_over_and_a_seat(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, (ann, bob) = await harness.table("ann", bots=1, spectators=["bob"])
        await ann.send(Rematch())
        await ann.error(NO_REMATCH)  # no match yet
        await ann.send(Start())
        await ann.expect(ViewMsg)
        await ann.send(Rematch())
        await ann.error(NO_REMATCH)  # the match is on
        await bob.send_wire({"type": "rematch"})
        await bob.error(NOT_ALLOWED_NOW)  # a spectator has no seat to play again
        await ann.send_wire({"type": "rematch", "order": "shuffle", "accept": True})
        error = await ann.error("bad_field")
        assert "order" in error.message
        assert only_room(srv).votes.accepted == []


def test_a_seeded_table_deals_each_rematch_anew() -> None:
    """Found play-testing: with ``--seed`` every rematch dealt the first match's cards again (the
    same dealer, the same first card, the same hands). The first match's deal is as before."""
    config = ServerConfig(seed=11)
    deal = [config.deal_random("1").random() for _ in range(2)]
    assert deal[0] == deal[1] == random.Random("11/1").random()  # (seeded demos and tests)
    rematches = {config.deal_random("1", earlier).random() for earlier in range(4)}
    assert len(rematches) == 4


async def test_the_host_changes_a_bots_level_between_matches(harness: Harness,
                                                              autojump_clock: object) -> None:
    """At a match's end the host changes a bot's level, and the rematch's bot plays at it (the
    client's b key and plain mode's "level N LEVEL" there); a guest may not."""
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob", bots=2, bot_level="easy")
        bot = next(s.id for s in only_room(srv).seats if s.kind == "bot")
        await bob.send(SetBotLevel(seat=bot, level="hard"))
        assert (await bob.error(NOT_HOST)).ref == "set_bot_level"
        await ann.send(SetBotLevel(seat=bot, level="hard"))
        update = await bob.expect(RoomUpdate, lambda m: any(s.level == "hard" for s in m.room.seats))
        assert [s.level for s in update.room.seats if s.kind == "bot"] == ["hard", "easy"]
        await ann.send(Rematch())
        await bob.send(Rematch())
        await ann.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        room = only_room(srv)
        assert {s.id: room.bots.bot(s.id).level for s in room.seats if s.kind == "bot"} == {
            bot: "hard", next(s.id for s in room.seats if s.kind == "bot" and s.id != bot): "easy"}


async def test_new_rules_between_matches_withdraw_the_others_acceptances(
        harness: Harness, autojump_clock: object) -> None:
    """The host changes the rules for the next match (``set_rules`` between matches): one who
    accepted the rematch accepted the rules before, and is asked again; the rematch is then
    played under the new rules."""
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        first = game_of(srv)
        await bob.send(Rematch(order="random"))
        await ann.expect(RoomUpdate, lambda m: accepted(m, bob.seat or ""))
        await ann.send(SetRules(preset="official", rules=SINGLE_HAND))  # the rules as they were
        await ann.send(Sync())
        await ann.expect(ViewMsg)  # (the answer to the set_rules came before)
        assert only_room(srv).votes.accepted == [bob.seat]  # the same rules applied again withdraw nothing
        await ann.send(SetRules(preset="house", rules={"target_score": None}))
        update = await bob.expect(RoomUpdate, lambda m: m.room.preset == "house")
        assert update.room.rematch == () and update.room.rematch_order is None
        assert only_room(srv).clock.rematch_at is None  # (no yes left: the next one starts it anew)
        await ann.send(Rematch(order="keep"))
        await bob.expect(RoomUpdate, lambda m: accepted(m, ann.seat or ""))
        assert game_of(srv) is first  # bob is asked again
        await bob.send(Rematch(order="keep"))
        await bob.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        assert game_of(srv) is not first and game_of(srv).rules.stack_draw_two  # (the house preset's)


def test_the_hosts_acceptance_alone_stands_after_new_rules() -> None:
    votes = RematchVotes()
    votes.accept("2", "random")
    votes.accept("1", "keep")
    votes.keep_only("1")
    assert votes.accepted == ["1"] and votes.order == "random"  # (the first's order held before)
    votes.keep_only("3")
    assert votes.accepted == [] and votes.order is None


async def test_one_who_does_not_answer_the_rematch_is_away_once_its_wait_is_over(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Ana, Kim and Eva accepted the rematch and waited more than two minutes
    for Raúl, connected and silent; only the host could start it. The first yes starts a
    countdown (everyone's view carries it); at its end the silent are away, and it starts."""
    with trio.fail_after(600):
        srv, (ann, bob) = await match_over(harness, "ann", "bob")
        wait = srv.config.rematch_wait
        await ann.send(Rematch(order="keep"))
        ann.read_in(harness.nursery)  # (connected all along)
        counting = await bob.expect(ViewMsg, lambda m: m.deadline is not None and bool(m.view["outcome"]))
        assert counting.deadline == pytest.approx(wait)
        began = trio.current_time()
        await bob.expect(RoomUpdate, lambda m: m.room.started)  # (bob reads: he is connected)
        assert trio.current_time() - began == pytest.approx(wait)
        room = only_room(srv)
        assert room.seat_of(srv.sessions[(bob.token or "").split(".")[0]]).away  # type: ignore[union-attr]
        assert not room.seat_of(srv.sessions[(ann.token or "").split(".")[0]]).away  # type: ignore[union-attr]


async def test_the_rematchs_wait_may_be_turned_off(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(600):
        _, (ann, bob) = await match_over(harness, "ann", "bob", srv=await harness.server(rematch_wait=0))
        await ann.send(Rematch(order="keep"))
        await ann.expect(RoomUpdate, lambda m: accepted(m, ann.seat or ""))
        ann.read_in(harness.nursery)  # (connected all along)
        with trio.move_on_after(300):
            await bob.expect(RoomUpdate, lambda m: m.room.started)
            raise AssertionError("the rematch started without bob")


async def test_a_bot_that_fills_a_seat_is_not_named_as_one_that_played_before(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Sofía took Bot 1's seat; when Pablo declined the rematch, a new "Bot 1"
    sat in his: the log's "Bot 1 played…" had meant another seat."""
    with trio.fail_after(60):
        srv, (ann, bob) = await match_over(harness, "ann", "bob", bots=1)
        cat = await harness.client(srv, "cat")
        joined = await cat.join(ann.room.id)
        assert joined.role == "player" and "Bot 1" not in [s.name for s in joined.room.seats]
        await ann.send(Rematch())
        await bob.send(Rematch(accept=False))
        await ann.expect(ViewMsg, lambda m: m.view["outcome"] is None)
        names = [s.name for s in only_room(srv).seats]
        assert "Bot 1" not in names and "Bot 2" in names, names
