"""The history of finished hands (server/history.py): a hand's replay is kept when it ends, in
the room (for ``get_replay``) and in the state directory, bounded, and not at all with
``history`` off; ``get_replay`` gives any member a finished hand, never one being played; no
replay holds the room's random key; a hand cut by a restart is still recorded whole."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import trio
from kit.client import Client
from kit.deck import seats
from kit.harness import Harness, is_hand_end, only_room

from engine import KeyedRandom, RuleSet
from engine.events import Drew
from protocol import Error, GetReplay, Message, ReplayMsg, Start
from protocol.replays import load_replay
from server.errors import NO_REPLAY
from server.history import HISTORY_NAME, HistoryStore
from server.journal import JournaledGame


async def _ask(client: Client, hand: int) -> Message:
    await client.send(GetReplay(hand=hand))
    return await client.expect((ReplayMsg, Error))  # type: ignore[arg-type]


async def test_a_finished_hand_is_kept_and_given_to_members(harness: Harness, tmp_path: Path,
                                                            autojump_clock: object) -> None:
    with trio.fail_after(600):
        srv = await harness.server(seed=None, state_dir=str(tmp_path), next_hand_delay=30)
        ann = await harness.client(srv, "ann")
        joined = await ann.create(name="friday", bots=2)
        await ann.send(Start())
        refused = await _ask(ann, 1)  # the hand is being played: nobody gets it
        assert isinstance(refused, Error) and refused.code == NO_REPLAY
        await ann.play(is_hand_end, now=True)
        room = only_room(srv)
        game = room.game
        assert game is not None
        key = game.snapshot()["rng"]["key"]
        answer = await _ask(ann, 1)
        assert isinstance(answer, ReplayMsg) and answer.hand == 1
        assert key not in answer.replay and "blake2b" not in answer.replay
        replay = load_replay(answer.replay)
        last = replay.positions()[-1].game
        assert last.hand_outcome() == game.hand_outcome()
        assert [last.hand(s) for s in last.seats] == [game.hand(s) for s in game.seats]
        assert replay.info.table == "friday" and replay.name_of(joined.seat or "") == "ann"
        assert [p.kind for p in replay.info.players].count("bot") == 2
        # a spectator gets it too
        eve = await harness.client(srv, "eve")
        await eve.join(room.id, spectate=True)
        seen = await _ask(eve, 1)
        assert isinstance(seen, ReplayMsg) and seen.replay == answer.replay
        missing = await _ask(eve, 2)
        assert isinstance(missing, Error) and missing.code == NO_REPLAY
        (kept,) = srv.history.hands() if srv.history is not None else ()
        assert kept.table == "friday" and kept.hand_number == 1
        assert kept.players[0] == ("ann",) and len(kept.players) == 3  # people first (the list cuts it)
        assert srv.history is not None and srv.history.text(kept.id) == answer.replay
        assert key not in (tmp_path / HISTORY_NAME).read_bytes().decode("utf-8", "replace")


async def test_the_store_keeps_its_bound_dropping_the_oldest(harness: Harness, tmp_path: Path,
                                                             autojump_clock: object) -> None:
    with trio.fail_after(900):
        srv = await harness.server(state_dir=str(tmp_path), history_limit=2)
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1, rules={"target_score": 5000})
        await ann.send(Start())
        for _ in range(3):
            await ann.play(is_hand_end)
        assert srv.history is not None
        assert [k.hand_number for k in srv.history.hands()] == [2, 3]
        reader = HistoryStore(tmp_path, 1, readonly=True)  # as `uno replay` reads it
        assert [k.hand_number for k in reader.hands()] == [2, 3]
        reader.close()


async def test_with_history_off_nothing_is_kept(harness: Harness, tmp_path: Path,
                                                autojump_clock: object) -> None:
    with trio.fail_after(600):
        srv = await harness.server(state_dir=str(tmp_path), history=False, next_hand_delay=30)
        ann = await harness.client(srv, "ann")
        await ann.create(bots=1)
        await ann.send(Start())
        await ann.play(is_hand_end)
        refused = await _ask(ann, 1)
        assert isinstance(refused, Error) and refused.code == NO_REPLAY
        assert srv.history is None and not (tmp_path / HISTORY_NAME).exists()


async def test_a_replay_names_who_sat_at_a_seat_when_its_moves_were_made(
        harness: Harness, autojump_clock: object) -> None:
    """Found play-testing: Kim took over Bot 1's seat mid-hand, and `uno replay` credited her with
    Bot 1's moves (the replay held only who sat where at the end). The server notes the seat
    changing hands; the replay tells Bot 1's moves as Bot 1's, then that Kim took the seat."""
    from client.i18n import set_language, t
    from client.replayer import OPEN, Replayer
    from protocol import Joined, TakeSeat

    set_language("en")
    with trio.fail_after(600):
        srv = await harness.server(next_hand_delay=30)
        _, (ann,) = await harness.table("ann", srv=srv, seats=3, bots=2, bot_delay=1,
                                        turn_timeout=1, start=True)  # (ann's turns time out)
        ann.read_in(harness.nursery)
        room = only_room(srv)
        game = room.game
        assert isinstance(game, JournaledGame)
        bot = room.seats[1]
        bot_name = bot.name
        while not any(a.seat == bot.id for a in game.hand_record().actions):  # type: ignore[union-attr]
            await trio.sleep(0.25)
        kim = await harness.client(srv, "Kim")
        await kim.join(room.id, spectate=True)
        kim.read_in(harness.nursery)
        made = len(game.hand_record().actions)  # type: ignore[union-attr]
        await kim.request(TakeSeat(seat=bot.id), Joined)
        while not room.replays.has(1):
            await trio.sleep(0.25)
        text = room.replays.text(1)
        assert text is not None
        replay = load_replay(text)
    r = Replayer(replay, seat=OPEN)
    moves = [i for i, p in enumerate(r.positions) if p.action is not None and p.action.seat == bot.id]
    assert moves[0] <= made
    assert r.said(moves[0])[0].startswith(bot_name), r.said(moves[0])  # (it said "Kim played…")
    took = t("ev_took_seat", name="Kim", bot=bot_name)
    (at,) = [i for i in range(len(r.positions)) if took in r.said(i)]
    assert at >= made and [i for i in moves if i > at]  # both played there
    kims = ("Kim", t("ev_stand_in_timeout_doing", name="Kim", doing=""),
            t("ev_stand_in_away_doing", name="Kim", doing=""), "The bot")
    for index in moves:
        assert r.said(index)[0].startswith(bot_name if index <= at else kims), r.said(index)
    assert replay.name_of(bot.id) == "Kim"  # at the end of the hand
    # Kim's and Ann's turns ran out: the stand-in played them, and the replay says so
    stood = {(s.seat, s.reason) for s in replay.info.stood_in}
    assert (bot.id, "timeout") in stood and (ann.seat, "timeout") in stood, stood
    assert {seat for seat, _ in stood} == {bot.id, ann.seat}, stood


def test_who_left_a_seat_travels_in_the_rooms_record() -> None:
    """A hand cut by a restart still knows who left a seat in it (``hand_text``), and a record
    written before it was kept is read as none."""
    from protocol import SeatKind
    from protocol.replays import ReplayPlayer

    game = JournaledGame(seats(3), RuleSet(), KeyedRandom(bytes(32)))
    rng = random.Random(5)
    for _ in range(3):
        game.apply(rng.choice(game.turn_actions()))
    bot = ReplayPlayer(seat=game.seats[1], name="Bot 1", kind=SeatKind.BOT, level="normal")
    game.seat_left(bot)
    again = JournaledGame.restore(game.snapshot())
    assert isinstance(again, JournaledGame)
    again.resume_hand(game.hand_text())
    assert [(e.until, e.player) for e in again.earlier] == [(3, bot)]
    older = json.loads(game.hand_text() or "")
    del older["earlier"]
    again.resume_hand(older)
    assert again.earlier == () and again.hand_record() == game.hand_record()
    while game.hand_outcome() is None:
        game.apply(rng.choice(game.turn_actions()))
    game.seat_left(bot)  # (after the hand: the replay is made already)
    assert len(game.earlier) == 1


def test_the_hand_told_after_a_restart_names_who_made_each_move() -> None:
    """Found play-testing: after a restart, the hand told again (the recent past a returning
    player reads) credited Bot 1's moves to Kim, who had taken its seat since."""
    from protocol import SeatKind
    from protocol.replays import ReplayPlayer
    from server.publish import Publisher

    game = JournaledGame(seats(3), RuleSet(), KeyedRandom(bytes(32)))
    rng = random.Random(5)
    for _ in range(3):
        game.apply(rng.choice(game.turn_actions()))
    kims = game.seats[1]
    game.seat_left(ReplayPlayer(seat=kims, name="Bot 1", kind=SeatKind.BOT, level="normal"))
    for _ in range(2):
        game.apply(rng.choice(game.turn_actions()))
    now = {seat: f"P{seat}" for seat in game.seats} | {kims: "Kim"}
    publisher = Publisher()
    batches = publisher.recall(game, now)
    assert len(batches) == 6  # the deal and five moves
    named = [names[kims] for names in publisher.history_for(None).names]
    assert named == ["Bot 1"] * 4 + ["Kim"] * 2, named


def test_the_hand_told_after_a_restart_says_which_turns_the_stand_in_played() -> None:
    """Found play-testing: after a restart, the hand told again read "Luis played Red 7" where
    it had read "Luis was away: a bot played the turn". The stand-in's turns travel in the
    room's record (before it was written) and in the journal (after), and are told again."""
    from engine.events import StandIn
    from server.publish import Publisher

    game = JournaledGame(seats(3), RuleSet(), KeyedRandom(bytes(32)))
    rng = random.Random(5)

    def stand_in(reason: str) -> None:
        game.note_stand_in(game.current, reason)
        game.apply(rng.choice(game.turn_actions()))

    game.apply(rng.choice(game.turn_actions()))
    stand_in("timeout")  # move 1, in the record
    snapshot, hand = json.loads(json.dumps(game.snapshot())), json.loads(json.dumps(game.hand_text()))
    game.journal = []
    game.apply(rng.choice(game.turn_actions()))
    stand_in("away")  # move 3, in the journal
    told = [(number, seat) for number, seat, _ in game.stood_in]
    again = JournaledGame.restore(snapshot)
    assert isinstance(again, JournaledGame)
    again.resume_hand(hand)
    for entry in json.loads(json.dumps(game.journal)):
        again.replay(entry)
    assert again.stood_in == game.stood_in and [n for n, _ in told] == [1, 3]
    assert again.hand_record() == game.hand_record()
    batches = Publisher().recall(again, {seat: f"P{seat}" for seat in again.seats})
    marks = [(number, batch[0]) for number, batch in enumerate(batches[1:]) if isinstance(batch[0], StandIn)]
    assert marks == [(1, StandIn(told[0][1], "timeout")), (3, StandIn(told[1][1], "away"))]
    for bad in (["stand_in", "9", "away"], ["stand_in", again.seats[0], "nap"], ["stand_in"]):
        with pytest.raises(ValueError):
            again.replay(bad)


def test_a_stand_in_turn_of_two_moves_is_told_again_as_one() -> None:
    """Found reading the change: after a restart, a stand-in turn that drew and then played was
    told as "Luis was away: a bot played the turn — the bot drew a card", then "Luis played Red 7".
    Live it is one batch, and so it is told again."""
    from engine.actions import Draw
    from engine.events import StandIn
    from server.publish import Publisher

    game = JournaledGame(seats(3), RuleSet(), KeyedRandom(bytes(32)))
    rng = random.Random(2)
    while not any(isinstance(a, Draw) for a in game.turn_actions()) or game.hand_outcome() is not None:
        game.apply(rng.choice([a for a in game.turn_actions() if not isinstance(a, Draw)]
                              or game.turn_actions()))
    seat, before = game.current, len(game.hand_record().actions)  # type: ignore[union-attr]
    game.note_stand_in(seat, "away")
    game.apply(next(a for a in game.turn_actions() if isinstance(a, Draw)))
    assert game.current == seat  # (official rules: a drawn card may be played, or the turn passed)
    game.apply(game.turn_actions()[0])
    game.apply(game.turn_actions()[0])  # (the next seat's move: not the stand-in's)
    batches = Publisher().recall(game, {s: f"P{s}" for s in game.seats})
    assert len(batches) == 1 + before + 2  # the deal, the moves before, the stand-in's, the next
    turn = batches[1 + before]
    assert turn[0] == StandIn(seat, "away") and sum(isinstance(e, Drew) for e in turn) == 1, turn
    assert not isinstance(batches[-1][0], StandIn)


def test_a_hand_cut_by_a_restart_is_recorded_whole() -> None:
    """The hand's record travels in the room's record: restored, then the moves after it
    replayed, the game ends the hand with the same record as one never stopped."""
    rng = random.Random(3)
    for seed in range(20):
        game = JournaledGame(seats(4), RuleSet(), KeyedRandom(bytes([seed]) * 32))
        saved = None
        moves: list[list[object]] = []
        while game.hand_outcome() is None:
            if len(game.hand_record().actions) == 10:  # type: ignore[union-attr]
                saved = (json.loads(json.dumps(game.snapshot())),
                         json.loads(json.dumps(game.hand_text())))
                game.journal = []
            action = rng.choice(game.turn_actions())
            game.apply(action)
        assert saved is not None and game.journal is not None
        moves = json.loads(json.dumps(game.journal))
        again = JournaledGame.restore(saved[0])
        assert isinstance(again, JournaledGame)
        again.resume_hand(saved[1])
        for entry in moves:
            again.replay(entry)
        assert again.hand_record() == game.hand_record()
        if game.hand_record().shuffles:  # type: ignore[union-attr]
            return
    raise AssertionError("no hand reshuffled after its record")


def test_the_flags_of_uno_server_and_uno_host() -> None:
    import argparse

    from server.config import HISTORY_LIMIT
    from server.main import add_arguments, config_from

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    default = config_from(parser.parse_args([]))
    assert default.history and default.history_limit == HISTORY_LIMIT
    off = config_from(parser.parse_args(["--no-history", "--history-limit", "5"]))
    assert not off.history and off.history_limit == 5
    from client.commands import add_host_arguments

    host = argparse.ArgumentParser()
    add_host_arguments(host)
    assert host.parse_args([]).no_history is False
    hosted = host.parse_args(["--no-history", "--history-limit", "7"])
    assert hosted.no_history and hosted.history_limit == 7


def test_the_documented_bounds_are_the_code() -> None:
    from server.config import HISTORY_LIMIT
    from server.history import ROOM_REPLAYS

    doc = (Path(__file__).resolve().parents[2] / "docs" / "REPLAY.md").read_text()
    assert f"At most {HISTORY_LIMIT} hands are kept" in doc
    assert f"its last {ROOM_REPLAYS} finished hands" in doc


def test_a_damaged_hand_record_costs_the_record_not_the_room() -> None:
    game = JournaledGame(seats(3), RuleSet(), KeyedRandom(bytes(32)))
    again = JournaledGame.restore(game.snapshot())
    assert isinstance(again, JournaledGame)
    for bad in ({"started": 1.0, "start": {}, "actions": [], "shuffles": []}, [1, 2], {"x": 1}):
        again.resume_hand(bad)
        assert again.hand_record() is None
    again.resume_hand(game.hand_text())
    assert again.hand_record() == game.hand_record()


def test_the_servers_text_of_a_replay_is_the_formats() -> None:
    """The game's kept text of the hand makes the same document as converting the record."""
    from protocol.replays import Replay, ReplayInfo, ReplayPlayer

    game = JournaledGame(seats(3), RuleSet(), KeyedRandom(bytes(32)))
    rng = random.Random(5)
    while game.hand_outcome() is None:
        game.apply(rng.choice(game.turn_actions()))
        game.hand_text()  # (as the room's record asks for it now and then)
    record, result = game.hand_record(), game.hand_outcome()
    assert record is not None and result is not None
    info = ReplayInfo(ended="2026-12-01T12:00:00Z", table="t", match="m", hand_number=1,
                      players=tuple(ReplayPlayer(seat=s, name=s, kind="bot", level="easy")
                                    for s in game.seats),
                      winner=result.winner, points=result.points, scores=tuple(game.scores))
    fast = Replay(info, record, hand_text=game.record_text()).to_text()
    assert fast == Replay(info, record).to_text()
    assert load_replay(fast).info == info
