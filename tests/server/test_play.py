"""The room's Game is the only authority: moves come from their own seat, each client sees its own
view, illegal moves get the engine's codes, bots fill seats, deadlines travel with the views."""

from __future__ import annotations

import msgpack
import pytest
import trio
from kit.client import Client, view_in
from kit.deck import rigged_deal
from kit.harness import Harness, game_of, is_match_end, only_room

from engine.errors import (
    BadColor,
    CannotPass,
    CardNotInHand,
    ColorPending,
    DoesNotMatch,
    NotYourTurn,
    UnknownSeat,
)
from protocol import Act, Events, Start, Sync, ViewMsg
from protocol.errors import BAD_FIELD, EXTRA_FIELD, NOT_ALLOWED_NOW
from server import UnoServer


async def two_humans(harness: Harness, ann_hand: str,
                     bob_hand: str, turn: str = "B9",
                     **create: object) -> tuple[UnoServer, Client, Client]:
    """ann (seat 1, who starts) and bob (seat 2) with rigged hands; the match is on."""
    deal = rigged_deal([ann_hand, bob_hand], turn, dealer=1)
    srv, (ann, bob) = await harness.table("ann", "bob", deal=deal, start=True, **create)
    await bob.expect(ViewMsg)
    return srv, ann, bob


async def test_each_client_gets_its_own_view(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        _, ann, bob = await two_humans(harness, "R1 R2 R3 G4 G5 G6 Y7",
                                    "G1 G2 G3 Y4 Y5 Y6 R7")
        for client, hand in ((ann, "R1 R2 R3 G4 G5 G6 Y7"), (bob, "G1 G2 G3 Y4 Y5 Y6 R7")):
            assert client.view is not None
            assert client.view["seat"] == client.seat
            assert client.view["hand"] == hand.split()
            assert client.view["hand_sizes"] == [7, 7] and client.view["top"] == "B9"
        assert ann.view and ann.view["current"] == ann.seat and ann.view["legal"]
        assert bob.view and bob.view["legal"] == []


async def test_illegal_moves_get_engine_codes_and_change_nothing(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        srv, ann, bob = await two_humans(harness, "R1 R2 R3 G4 G5 G6 B7",
                                         "G1 G2 G3 Y4 Y5 Y6 B8")
        srv_game = game_of(srv)
        before = srv_game.snapshot()
        await bob.send(Act(kind="play", card="B8"))  # bob holds it, but it is ann's turn
        await bob.error(NotYourTurn.code)
        await ann.send(Act(kind="play", card="Y1"))
        await ann.error(CardNotInHand.code)
        await ann.send(Act(kind="play", card="R1"))
        await ann.error(DoesNotMatch.code)
        await ann.send(Act(kind="play", card="B7", color="R"))
        await ann.error(BadColor.code)
        await ann.send(Act(kind="pass"))
        await ann.error(CannotPass.code)
        await ann.send(Act(kind="choose_color", color="R"))
        await ann.error(ColorPending.code)
        await ann.send(Act(kind="catch", target="99"))
        await ann.error(UnknownSeat.code)
        await ann.send(Act(kind="play"))  # the protocol's own check: a play needs a card
        await ann.error(BAD_FIELD)
        await ann.send(Act(kind="draw", card="B7"))
        await ann.error(BAD_FIELD)
        await ann.send_raw(msgpack.packb({"type": "action", "kind": "play", "card": "B7",
                                          "seat": bob.seat}))  # no acting for another seat
        await ann.error(EXTRA_FIELD)
        assert srv_game.snapshot() == before
        # Both connections still work, and the game goes on.
        await ann.send(Act(kind="play", card="B7"))
        events = await bob.expect(Events)
        assert [e["type"] for e in events.events] == ["card_played", "turn_started"]
        assert events.events[0]["seat"] == ann.seat and events.current == bob.seat
        await bob.send(Act(kind="play", card="B8"))
        await ann.expect(Events, lambda m: m.current == ann.seat)


async def test_a_spectator_cannot_act(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(30):
        _, (ann, bob) = await harness.table("ann", bots=1, spectators=["bob"])
        await ann.send(Start())
        await bob.expect(ViewMsg)
        await bob.send_wire({"type": "action", "kind": "draw"})
        await bob.error(NOT_ALLOWED_NOW)
        await bob.send(Sync())
        view = await bob.expect(ViewMsg)
        assert view.view["seat"] is None and view.view["hand"] is None


async def test_bots_fill_seats_and_a_match_runs_to_its_end(harness: Harness,
                                                          autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await harness.table("ann", "bob", bots=2, seats=4, rules={"target_score": 200})
        start = trio.current_time()
        await ann.send(Start())

        async def play(client: Client) -> None:
            await client.play(is_match_end, think=0)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(play, ann)
            nursery.start_soon(play, bob)
        assert trio.current_time() - start < 1  # bot_delay 0: nobody ever waited
        game = game_of(srv)
        outcome = game.outcome()
        assert outcome is not None and max(outcome.scores) >= 200
        assert not only_room(srv).started
        for client in (ann, bob):
            assert client.view is not None and client.view["outcome"]["winner"] == outcome.winner
            hands = {e["hand_number"] for e in client.events("hand_started")}
            assert hands == set(range(1, game.hand_number + 1))  # every deal arrives as events
        # The bots took turns too.
        bots = {s.id for s in only_room(srv).seats if s.kind == "bot"}
        assert bots & {e["seat"] for e in ann.events("card_played")}
        # Everybody stays for another match, which the host may start.
        await ann.send(Start())
        view = await ann.expect(ViewMsg, lambda m: m.view["hand_number"] == 1)
        assert view.view["outcome"] is None and view.view["scores"] == [0, 0, 0, 0]


async def test_bots_wait_for_the_bot_delay(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        # Seat 1 is ann, seat 2 the bot; dealer 1, so ann starts.
        deal = rigged_deal(["B2 B2 B3 R4 R5 R6 R7", "G1 G1 G3 G3 G5 G5 G7"], "B9", dealer=1)
        _, (ann,) = await harness.table("ann", bots=1, bot_delay=1.5, deal=deal)
        await ann.send(Start())
        await ann.my_turn()
        await ann.send(Act(kind="play", card="B2"))
        played = trio.current_time()
        await ann.expect(Events, lambda m: m.current == "2")
        bot_moved = await ann.expect(Events, lambda m: any(e.get("seat") == "2" and
                                                           e["type"] != "turn_started"
                                                           for e in m.events))
        assert trio.current_time() - played == pytest.approx(1.5, abs=0.01)
        assert bot_moved.events[0]["type"] == "drew"  # no blue and no 2: it draws


async def test_deadlines_travel_with_a_humans_turn(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        # The bot (seat 2) holds only green (no 2); ann holds blue and red.
        deal = rigged_deal(["B2 B2 B3 R4 R5 R6 R7", "G1 G1 G3 G3 G5 G5 G7"], "B9", dealer=1)
        _, (ann,) = await harness.table("ann", bots=1, turn_timeout=30, deal=deal)
        await ann.send(Start())
        first = await ann.expect(ViewMsg)
        assert first.view["current"] == ann.seat
        assert first.deadline == 30  # the first view of the match already has it
        await trio.sleep(10)
        await ann.send(Sync())
        synced = await ann.expect(ViewMsg)
        assert synced.deadline == pytest.approx(20)
        await ann.send(Act(kind="play", card="B2"))
        mine = await ann.expect(Events)
        assert mine.current == "2" and mine.deadline is None  # the bot's turn: no deadline
        # The bot draws a card it cannot play and passes: ann's turn, a fresh 30 s.
        back = await ann.expect(Events, lambda m: m.current == ann.seat)
        assert back.deadline == 30
        view = view_in(back)
        assert view is not None and view["current"] == ann.seat
        for message in ann.log:
            if isinstance(message, Events | ViewMsg):
                current = message.current if isinstance(message, Events) else message.view["current"]
                human = current == ann.seat
                assert (message.deadline is not None) == human, message


def test_the_servers_log_names_the_dealer_the_winner_and_the_points(caplog: pytest.LogCaptureFixture) -> None:
    """Found play-testing a club's server: "hand 1 starts, dealer 6", "match won by seat 3, scores
    (0, 75, 0, 0)" (seat ids, not the seats' places, and the scores in the match's own order)."""
    import logging

    from engine import Game
    from engine.events import HandEnded, HandStarted, MatchEnded
    from server import play

    game = Game(["6", "3", "5"])
    names = {"6": "Elena", "3": "Carla", "5": "Bot 2"}
    with caplog.at_level(logging.INFO, logger=play.log.name):
        play.log_events("r1", game, names, [HandStarted(1, "6", 1), HandEnded("3", 75, (0, 75, 0)),
                                             MatchEnded("3", (0, 75, 0))])
    said = caplog.messages
    assert said == ["room r1: hand 1 starts, Elena (seat 6) deals",
                    "room r1: hand won by Carla (seat 3) for 75 points",
                    "room r1: match won by Carla (seat 3); points: Elena 0, Carla 75, Bot 2 0"], said
