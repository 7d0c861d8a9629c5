"""The replay viewer's state (client/replayer.py) and keys (client/replayview.py), and the
replay key at the end of a hand (client/tableplayback.py): stepping, speed, the point of view
(that seat's cards only, in the hands and in the log) or every hand open; each move under the
name of who sat there then; `uno replay` opening on the seat of whoever opens it."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import io
import os
import sys
from pathlib import Path

import pytest
from clientkit import LEFT, RIGHT, seated, show
from kit.replays import finished_replay
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from client import replaycmd, replayview
from client.app import ClientApp, ClientOptions
from client.cardorder import card_sort_key
from client.i18n import card_code, set_language, t
from client.model import Model
from client.narrate import narrate, way_name
from client.plainapp import PlainScreen
from client.render import Renderer
from client.replayer import OPEN, SPEEDS, Replayer
from client.replayview import ReplayRegions, build_replay_application
from engine import RuleSet
from engine.events import Challenged, Drew, HandsExchanged
from protocol import Error, GetReplay, ReplayMsg, SeatKind, left_seat_name
from protocol.replays import Replay


@pytest.fixture(autouse=True)
def english() -> None:
    set_language("en")


def test_steps_stay_in_the_hand_and_stepping_pauses() -> None:
    r = Replayer(finished_replay())
    assert r.playing and r.index == 0
    r.step(-1)
    assert r.index == 0 and not r.playing
    r.step(3)
    assert r.index == 3
    r.last()
    assert r.at_end and r.game.hand_outcome() is not None
    r.step(1)
    assert r.at_end
    r.first()
    assert r.index == 0


def test_the_playback_moves_at_its_tick_and_stops_at_the_end() -> None:
    r = Replayer(finished_replay())
    for _ in range(len(r.positions) + 5):
        r.tick()
    assert r.at_end and not r.playing
    r.toggle_play()  # played out: play again from the start
    assert r.playing and r.index == 0
    for _ in range(10):
        r.faster()
    assert r.speed == SPEEDS[-1]
    for _ in range(10):
        r.slower()
    assert r.speed == SPEEDS[0]


def test_a_seats_point_of_view_shows_its_cards_only() -> None:
    replay = finished_replay(n=3)
    r = Replayer(replay, seat=1)
    seat = r.seats[1]
    assert [s for s, _ in r.hands()] == [seat]
    assert sorted(map(str, r.hands()[0][1])) == sorted(map(str, r.game.hand(seat)))
    # the log tells the other seats' draws without their cards
    drawn_by_others = [e for p in r.positions for e in p.events
                       if isinstance(e, Drew) and e.seat != seat and e.cards]
    assert drawn_by_others
    r.last()
    told = "\n".join(r.model.transcript.log)
    r.toggle_open()
    told_open = "\n".join(r.model.transcript.log)
    assert told != told_open  # the others' drawn cards are told with every hand open only
    r.toggle_open()
    r.next_seat()
    assert r.seat == 2
    r.next_seat()  # after the last seat, the first (every hand open is toggle_open's alone)
    assert r.seat == 0
    r.toggle_open()
    assert r.seat == OPEN and [s for s, _ in r.hands()] == list(r.seats)
    r.next_seat()  # from every hand open: the seat after the one seen before
    assert r.seat == 1
    r.toggle_open()
    r.toggle_open()
    assert r.seat == 1


def test_the_regions_draw_the_position_with_the_tables_board() -> None:
    replay = finished_replay(n=3)
    r = Replayer(replay, seat=0)
    renderer = Renderer(r.model)
    renderer.rows = lambda: 30
    own = ReplayRegions(r, renderer)
    text = lambda lines: "\n".join("".join(part[1] for part in line) for line in lines)  # noqa: E731
    assert "Ana" in text(renderer.players(80, 3))
    assert "move 0 of" in text(own.status(80, 1)) and "Ana A's cards" in text(own.status(80, 1))
    assert "Replay" in text(own.title(80, 1)) and "friday" in text(own.title(80, 1))
    r.step(1)
    turn = text(renderer.info(27, 8))
    assert "'s turn" in turn and "reconnecting" not in turn, turn  # (a replay has no link to lose)
    r.last()
    assert "won the hand" in text(renderer.log(80, 10)) or "wins" in text(renderer.log(80, 10))
    r.toggle_open()
    hands = text(own.hands(80, 20))
    assert all(r.name(seat) in hands for seat in r.seats)


def test_the_keys_step_and_quit() -> None:
    r = Replayer(finished_replay(), playing=False)

    async def main() -> None:
        with create_pipe_input() as pipe:
            app = build_replay_application(r, input=pipe, output=DummyOutput())
            running = asyncio.ensure_future(app.run_async())
            await asyncio.sleep(0.02)
            for key in (RIGHT, RIGHT, RIGHT, LEFT, "+", "\t", "q"):
                pipe.send_text(key)
                await asyncio.sleep(0.01)
            await asyncio.wait_for(running, 5)

    asyncio.run(main())
    assert r.index == 2 and r.seat == 1 and r.quit and r.speed > 1


def test_the_key_at_a_hands_end_asks_for_it_and_checks_what_comes() -> None:
    model: Model = seated()
    game_view = finished_replay().positions()[-1].game.view(None)
    show(model, game_view)
    model.playback.ask(model.table, model.outbox, model.prompts)
    (sent,) = model.outbox.take()
    assert sent == GetReplay(hand=1) and "Fetching" in model.prompts.notice
    model.apply(ReplayMsg(hand=1, replay='{"format": "uno-replay", "version": 1}'))
    assert model.playback.ready is None and "cannot be opened" in model.prompts.notice
    model.playback.ask(model.table, model.outbox, model.prompts)
    model.apply(ReplayMsg(hand=1, replay=finished_replay().to_text()))
    assert model.playback.take() is not None and model.playback.ready is None
    model.apply(Error(code="no_replay", message="none", ref="get_replay"))
    assert "keeps no replay" in model.prompts.notice


def test_during_a_hand_the_key_asks_for_the_one_before() -> None:
    """Found play-testing: the scores show for a few seconds; once the next hand was dealt the
    key did nothing, and said nothing. During hand 1 of a match there is none to show."""
    model: Model = seated()
    view = finished_replay().positions()[0].game.view(None)
    show(model, view)
    model.playback.ask(model.table, model.outbox, model.prompts)
    assert model.outbox.take() == [] and "nothing to replay" in model.prompts.notice
    show(model, dataclasses.replace(view, hand_number=3, seat=view.current))
    model.playback.ask(model.table, model.outbox, model.prompts)  # its clock would run hidden
    assert model.outbox.take() == [] and "Your turn first" in model.prompts.notice
    show(model, dataclasses.replace(view, hand_number=3))
    model.playback.ask(model.table, model.outbox, model.prompts)
    assert model.outbox.take() == [GetReplay(hand=2)] and "hand 2" in model.prompts.notice
    model.apply(ReplayMsg(hand=2, replay=finished_replay().to_text()))
    assert model.playback.take() is not None


def test_a_0_says_which_way_the_hands_moved() -> None:
    """7-0 (R15): the replay's log of a 0 says which way every hand moved, as the live log does
    (it said "in the direction of play", the replayer giving no direction)."""
    told = []
    for seed in range(1, 40):
        r = Replayer(finished_replay(seed, n=4, rules=RuleSet(seven_zero=True)))
        for index, position in enumerate(r.positions[1:], start=1):
            if any(isinstance(e, HandsExchanged) and e.target is None for e in position.events):
                before = r.positions[index - 1].game.direction
                line = next(line for line in r.said(index) if "moved one seat along" in line)
                assert line.endswith(way_name(before)), line
                told.append(before)
    assert set(told) == {1, -1}


def _with_kim() -> Replay:
    """``finished_replay`` with Kim at its second seat, a person as Ana at the first."""
    replay = finished_replay(n=3)
    ana, bot, last = replay.info.players
    kim = dataclasses.replace(bot, name="Kim", kind=SeatKind.HUMAN, level=None)
    return Replay(dataclasses.replace(replay.info, players=(ana, kim, last)), replay.record)


def _taken_over(until: int = 4) -> Replay:
    """``_with_kim``, where Kim took the second seat over from its bot after move ``until``."""
    from protocol.replays import EarlierPlayer

    replay, bot = _with_kim(), finished_replay(n=3).info.players[1]
    return Replay(dataclasses.replace(replay.info, earlier=(EarlierPlayer(until=until, player=bot),)),
                  replay.record)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_each_move_is_told_under_the_name_of_who_sat_at_its_seat_then(lang: str) -> None:
    """Found play-testing: Kim took over Bot 1's seat mid-hand, and the replay credited her with
    Bot 1's moves. They are Bot 1's, the change of hands is told where it happened, as the live
    log tells it, and the board and the hands name who sits there at the position shown."""
    set_language(lang)
    replay = _taken_over(until=4)
    r = Replayer(replay, seat=OPEN)
    seat = r.seats[1]
    bot, kim = "Bot " + seat, "Kim"
    by_seat = [i for i, p in enumerate(r.positions) if p.action is not None and p.action.seat == seat]
    before, after = [i for i in by_seat if i <= 4], [i for i in by_seat if i > 4]
    assert before and after
    for index in before:
        assert r.said(index)[0].startswith(bot), r.said(index)
    for index in after:
        assert r.said(index)[0].startswith(kim), r.said(index)
    took = t("ev_took_seat", name=kim, bot=bot)
    assert r.said(4)[-1] == took and all(took not in r.said(i) for i in range(len(r.positions)) if i != 4)
    r.step(3)
    assert r.name(seat) == bot and r.model.seating.name_of(seat) == bot
    r.step(1)  # the position after move 4: Kim sits there now
    assert r.name(seat) == kim and r.model.seating.name_of(seat) == kim
    assert took in r.model.transcript.log
    r.last()
    assert r.name(seat) == kim


def test_a_seat_left_to_a_bot_and_taken_again_is_told_in_order() -> None:
    """Ana leaves her seat to a bot ("Ana A (bot)") after the deal, Kim takes it after move 2."""
    from protocol.replays import EarlierPlayer

    replay = finished_replay(n=3)
    ana, *others = replay.info.players
    stand_in = dataclasses.replace(ana, name=left_seat_name(ana.name), kind=SeatKind.BOT,
                                   level="normal")
    kim = dataclasses.replace(ana, name="Kim")
    info = dataclasses.replace(replay.info, players=(kim, *others),
                               earlier=(EarlierPlayer(until=0, player=ana),
                                        EarlierPlayer(until=2, player=stand_in)))
    r = Replayer(Replay(info, replay.record), seat=0)
    assert r.said(0)[-1] == t("ev_left_to_bot", name=ana.name)
    assert r.said(0)[0] == Replayer(replay).said(0)[0]  # the deal: Ana was there
    # (Ana's seat, not "Ana A (bot)'s": found play-testing, "Cid took over Eva (bot)'s seat")
    assert r.said(2)[-1] == t("ev_took_seat", name="Kim", bot=ana.name)
    assert r.name(ana.seat) == stand_in.name


def _listed(tmp_path: Path, capsys: pytest.CaptureFixture[str], *replays: Replay) -> list[str]:
    """The rows of `uno replay --state-dir` (the heading and the closing line left out) after a
    server kept ``replays``."""
    from server.history import HistoryStore

    store = HistoryStore(tmp_path, 10)
    for replay in replays:
        store.keep(replay)
    store.close()
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    assert replaycmd.main(parser.parse_args(["--state-dir", str(tmp_path), "--lang", "en"])) == 0
    return capsys.readouterr().out.splitlines()[1:-1]


def test_no_kept_hands_says_where_hands_are_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: a guest who had played seven hands read "No finished hands are kept
    in … yet" (the hosting program keeps them). With --state-dir, where to look is no news."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    assert replaycmd.main(parser.parse_args(["--lang", "en"])) == 0
    said = capsys.readouterr().out
    assert "where the table was hosted" in said and " yet" not in said, said
    assert replaycmd.main(parser.parse_args(["--state-dir", str(tmp_path), "--lang", "en"])) == 0
    assert capsys.readouterr().out == f"No hands are kept in {tmp_path}.\n"


def test_the_list_of_kept_hands_names_everyone_who_played_a_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: Kim took over Bot 1's seat mid-hand, and `uno replay` listed "Ana, Kim,
    Bot 2, Bot 3": Bot 1, who made the seat's first moves, was left out. Each seat names its
    players in the order they sat there, whole in the column, the seats people played first."""
    from protocol.replays import EarlierPlayer

    plain = finished_replay(n=3)
    ana, bot_b, bot_c = plain.info.players
    kim = dataclasses.replace(bot_c, name="Kim", kind=SeatKind.HUMAN, level=None)
    taken = Replay(dataclasses.replace(plain.info, players=(ana, bot_b, kim),
                                       earlier=(EarlierPlayer(until=4, player=bot_c),)), plain.record)
    (row, before) = _listed(tmp_path, capsys, taken, plain)
    assert f" {ana.name}, {bot_c.name}→Kim, {bot_b.name} " in row, row  # (it said "Ana A, Kim, Bot B")
    assert f" {ana.name}, {bot_b.name}, {bot_c.name} " in before, before  # (nobody changed seats)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", {"missing": "there is no such file", "folder": "it is a folder",
            "text": "it is not an UNO replay",
            "newer": "it is of a version this uno does not read", "damaged": "it is damaged",
            "unwritable": "nodir/x.json cannot be written: there is no such folder"}),
    ("es", {"missing": "no existe ese archivo", "folder": "es una carpeta",
            "text": "no es una repetición de UNO",
            "newer": "es de una versión que este uno no lee", "damaged": "está dañada",
            "unwritable": "No se puede escribir nodir/x.json: no existe esa carpeta"}),
])
def test_a_file_that_is_no_replay_is_refused_in_the_players_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        lang: str, said: dict[str, str]) -> None:
    """Found play-testing (helper 129): in Spanish, "nosuch.json no se puede abrir como
    repetición: No such file or directory", and "…: not an UNO replay: it is not JSON"."""
    import json

    from server.history import HistoryStore

    good = finished_replay(n=3).to_data()
    files = {"missing": tmp_path / "nosuch.json", "folder": tmp_path, "text": tmp_path / "README"}
    files["text"].write_text("hello")
    files["newer"] = tmp_path / "newer.json"
    files["newer"].write_text(json.dumps({**good, "version": 99}))
    files["damaged"] = tmp_path / "damaged.json"
    files["damaged"].write_text(json.dumps(good).replace('"points": ', '"points": 1', 1))
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    for what, file in files.items():
        assert replaycmd.main(parser.parse_args([str(file), "--lang", lang])) == 1
        assert said[what] in capsys.readouterr().err, what
    store = HistoryStore(tmp_path, 10)
    store.keep(finished_replay(n=3))
    store.close()
    monkeypatch.chdir(tmp_path)
    argv = ["--state-dir", str(tmp_path), "--export", "1", "nodir/x.json", "--lang", lang]
    assert replaycmd.main(parser.parse_args(argv)) == 1
    assert said["unwritable"] in capsys.readouterr().err
    set_language("en")


@pytest.mark.parametrize(("lang", "back", "quits"), [("en", "q back", "q quit"), ("es", "q vuelve", "q sal")])
def test_uno_replay_says_q_quits_where_the_tables_replay_goes_back(lang: str, back: str, quits: str) -> None:
    """Found play-testing (helper 129): `uno replay` said "q back" and "q goes back", and q went
    back to the shell: there it quits; the table's replay (v) goes back to the table."""
    from client.render import Renderer

    set_language(lang)
    try:
        replayer = Replayer(finished_replay(n=3))
        regions = replayview.ReplayRegions(replayer, Renderer(replayer.model))
        assert back in "".join(f[1] for f in regions.help(100, 1)[0])
        regions.alone = True
        assert quits in "".join(f[1] for f in regions.help(100, 1)[0])
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "end"), [
    ("en", "The end of the hand. Scores: Ana A 60, Bot B 0, Bot C 0. Counted: Bot B 11 (2 cards), "
           "Bot C 49 (5 cards)."),
    ("es", "Fin de la mano. Puntos: Ana A 60, Bot B 0, Bot C 0. Contado: Bot B 11 (2 cartas), "
           "Bot C 49 (5 cartas).")])
def test_plain_modes_replay_ends_with_what_each_hand_left_and_the_scores(lang: str, end: str) -> None:
    """Found play-testing (helper 129): `uno replay --plain` ended "Bot 1 won the hand: +84 points…
    Ana holds 3 cards": the others' cards only after "open", and the scores nowhere."""
    from client.plainreplay import PlainReplay

    set_language(lang)
    try:
        replay = PlainReplay(Replayer(finished_replay(n=3)), at_table=False)
        replay.opening()
        assert replay.run("all")[-1].endswith(end)
    finally:
        set_language("en")


def test_f2_in_the_replay_viewer_speaks_the_other_language(monkeypatch: pytest.MonkeyPatch,
                                                           tmp_path: Path) -> None:
    """Found re-checking (helper 131): F2 did nothing in `uno replay`, where the table switches the
    language with it, the log's lines too."""
    from client.render import Renderer

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # (F2 remembers the language there)

    replayer = Replayer(finished_replay(n=3))
    regions = replayview.ReplayRegions(replayer, Renderer(replayer.model))
    replayer.step(3)
    keys = replayview.replay_keys(replayer)
    english = list(replayer.model.transcript.log)
    try:
        (f2,) = [b for b in keys.bindings if [getattr(k, "value", k) for k in b.keys] == ["f2"]]
        f2.handler(None)  # type: ignore[arg-type]
        assert "q vuelve" in "".join(f[1] for f in regions.help(100, 1)[0])
        spanish = replayer.model.transcript.log
        assert english and len(spanish) == len(english) and spanish != english, (english, spanish)
    finally:
        set_language("en")


def test_a_number_plays_the_kept_hand_before_a_file_of_that_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing (helper 129): with a file "2" where the command ran, `uno replay 2`
    played that file, not kept hand 2, without a word; "./2" names the file."""
    from server.history import HistoryStore

    kept, other = finished_replay(n=3), finished_replay(n=2)
    store = HistoryStore(tmp_path, 10)
    store.keep(kept)
    store.close()
    monkeypatch.chdir(tmp_path)
    (tmp_path / "1").write_text(other.to_text())
    played: list[int] = []
    monkeypatch.setattr(replaycmd, "plain_replay",
                        lambda replay, **_: played.append(len(replay.info.players)) or 0)
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    for what in ("1", "./1", "2"):
        replaycmd.main(parser.parse_args(["--state-dir", str(tmp_path), what, "--plain", "--lang", "en"]))
    assert played == [3, 2]  # (kept hand 1; the file; and no kept hand 2, no file "2")


def test_kept_hands_are_listed_at_this_machines_time(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing (helper 129): the list and the viewer showed the time kept (UTC) as it
    was, unmarked: hours off, the day too at times, away from UTC."""
    import time

    monkeypatch.setenv("TZ", "Asia/Tokyo")  # (UTC+9, no summer time)
    time.tzset()
    try:
        (row,) = _listed(tmp_path, capsys, finished_replay(n=3))  # (ended 2026-12-01T12:00:00Z)
        assert " 2026-12-01 21:00 " in row, row
        assert replayview.minute_here("2026-12-01T20:30:00Z") == "2026-12-02 05:30"
    finally:
        monkeypatch.undo()
        time.tzset()


def _opened_as(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, replay: Replay,
               *argv: str) -> int:
    """The seat `uno replay FILE` opens on, run as a person with ``argv``."""
    seen: list[int] = []
    file = tmp_path / "hand.json"
    file.write_text(replay.to_text())
    monkeypatch.setattr(replaycmd, "view_replay", lambda _r, *, seat, **_: seen.append(seat) or 0)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    assert replaycmd.main(parser.parse_args([str(file), "--lang", "en", *argv])) == 0
    (seat,) = seen
    return seat


def test_uno_replay_opens_on_the_seat_of_whoever_opens_it(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    """Found play-testing: it opened on the first person's cards whoever opened it (Kim, who
    took over the second seat, was shown Ana's). Now each on their own; anyone else on the first
    person's; ``--seat`` and ``--open`` as asked."""
    replay = _with_kim()
    monkeypatch.setenv("UNO_NAME", "Kim")
    assert _opened_as(monkeypatch, tmp_path, replay) == 1
    assert _opened_as(monkeypatch, tmp_path, replay, "--player", "Ana A") == 0
    assert _opened_as(monkeypatch, tmp_path, replay, "--player", "Zoe") == 0  # the first person's
    assert _opened_as(monkeypatch, tmp_path, replay, "--seat", "3") == 2
    assert _opened_as(monkeypatch, tmp_path, replay, "--open") == OPEN


def test_the_opening_seat_at_the_table_and_of_one_who_left() -> None:
    from client.replayer import opening_seat
    from protocol.replays import EarlierPlayer

    replay = _taken_over()
    bots_only = Replay(dataclasses.replace(replay.info, players=tuple(
        dataclasses.replace(p, kind=SeatKind.BOT, level="easy") for p in replay.info.players)),
        replay.record)
    seats = replay.positions()[0].game.seats
    assert opening_seat(replay, seat=seats[2], name="Kim") == 2  # (at the table: our seat)
    assert opening_seat(replay, seat=None, name="Kim") == 1  # a spectator by name
    assert opening_seat(bots_only) == 0
    left = Replay(dataclasses.replace(replay.info, earlier=(EarlierPlayer(
        until=3, player=dataclasses.replace(replay.info.players[2], name="Zoe", kind=SeatKind.HUMAN,
                                            level=None)),)), replay.record)
    assert opening_seat(left, name="Zoe") == 2  # she played there, then left it to a bot


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_return_is_came_back_only_if_the_replay_showed_the_leaving(lang: str) -> None:
    """Found play-testing: a hand began with "Ben (bot)" in Ben's seat (he had left it in the
    hand before) and Ben sat down again mid-hand; the replay said "Ben came back" of a leaving
    it never showed. It says what the live log says then: Ben took over the bot's seat. When the
    replay did show him leave, his return is "came back"."""
    from protocol.replays import EarlierPlayer

    set_language(lang)
    replay = finished_replay(n=3)
    ana = replay.info.players[0]
    stand_in = dataclasses.replace(ana, name=left_seat_name(ana.name), kind=SeatKind.BOT,
                                   level="normal")
    from_the_deal = dataclasses.replace(replay.info, earlier=(EarlierPlayer(until=2, player=stand_in),))
    r = Replayer(Replay(from_the_deal, replay.record), seat=0)
    assert r.said(2)[-1] == t("ev_took_seat", name=ana.name, bot=stand_in.name)
    r.last()
    assert t("ev_back", name=ana.name) not in r.model.transcript.log
    left_here = dataclasses.replace(replay.info, earlier=(EarlierPlayer(until=0, player=ana),
                                                          EarlierPlayer(until=2, player=stand_in)))
    r = Replayer(Replay(left_here, replay.record), seat=0)
    assert r.said(0)[-1] == t("ev_left_to_bot", name=ana.name)
    assert r.said(2)[-1] == t("ev_back", name=ana.name)


CHALLENGED = (2, 5)  # finished_replay(2): at move 5 Bot C challenges Ana A's +4, and sees her hand


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_replay_names_the_cards_a_challenge_shows(
        lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Plain mode names the cards a Wild Draw Four's challenge shows (fce16ba: "Red 7, Green 1,
    Wild"), but its replay of the hand (the replay command) and `uno replay` on a plain
    terminal (TERM=dumb) still said the full screen's codes ("R1 Y0 Y6 G4 B5"). They say what
    plain mode's live log says; so does the full screen's viewer now (found play-testing: "A6 Z5"
    read as nothing to a newcomer in Spanish)."""
    seed, move = CHALLENGED
    replay = finished_replay(seed)
    (challenge,) = [e for e in replay.positions()[move].events if isinstance(e, Challenged) and e.hand]
    set_language(lang)
    named = narrate([challenge], Replayer(replay).name)[0].split(" — ")[-1]
    codes = " ".join(card_code(card) for card in sorted(challenge.hand or (), key=card_sort_key))
    assert named and codes not in named
    # the table's replay in plain mode (`ClientApp._show_replay`): on Ana's cards, who was challenged
    out = io.StringIO()
    screen = PlainScreen("", input_fd=os.open(os.devnull, os.O_RDONLY), out=out)
    try:
        model = seated(lang=lang)
        app = ClientApp(ClientOptions(name="Ana A", plain_mode=True), model=model, application=screen)
        model.playback.ready = replay
        app._show_replay()
        for _ in range(move):
            screen.line("")
        said = out.getvalue()
        assert named in said and codes not in said, said
    finally:
        os.close(screen.input_fd)  # type: ignore[arg-type]
    # `uno replay --plain` (and on a plain terminal), and the full screen's viewer: named
    capsys.readouterr()
    assert replaycmd.plain_replay(replay, seat=0, lines=[""] * move) == 0
    said = capsys.readouterr().out
    assert named in said and codes not in said, said
    shown: list[Replayer] = []
    monkeypatch.setattr(replayview, "build_replay_application", lambda replayer, **_: shown.append(replayer))
    monkeypatch.setattr(replayview, "play_back", lambda *_: asyncio.sleep(0))
    assert replaycmd.view_replay(replay, seat=0) == 0
    assert named in " ".join(shown.pop().said(move))


def test_a_replayed_jump_in_says_whose_turns_it_took_and_only_theirs() -> None:
    """The replay said "Ana jumped in with Blue 7 and played that turn" of every jump-in (it did
    not know whose turn it was; found play-testing). Now, as the live log: a number card's
    jump-in says it took turns exactly when the one on turn does not play next."""
    from engine.actions import JumpIn
    from engine.events import TurnStarted

    seen = {True: 0, False: 0}
    for seed in range(1, 9):
        replay = finished_replay(seed, 4, RuleSet(jump_in=True))
        positions, replayer = replay.positions(), Replayer(replay)
        for index, action in enumerate(replay.record.actions):
            if not isinstance(action, JumpIn) or not action.card.rank.value.isdigit():
                continue
            before = positions[index].game
            then = next((e.seat for e in positions[index + 1].events if isinstance(e, TurnStarted)), None)
            if then is None:  # (the jumper's last card: the hand is over)
                continue
            line = replayer.said(index + 1)[0]
            took = "turn" in line
            assert took is (then != before.current), (line, before.current, then)
            assert "played that turn" not in line and "taking the turn" not in line, line
            seen[took] += 1
    assert seen[True] and seen[False], seen


@pytest.mark.parametrize(("lang", "argv", "term", "opened", "closed"), [
    ("en", ["--plain"], "xterm-256color", "Replay of hand 1:", "Replay closed."),
    ("es", [], "dumb", "Repetición de la mano 1:", "Repetición cerrada.")])
def test_uno_replay_in_plain_mode_says_the_hand_a_move_a_line(
        lang: str, argv: list[str], term: str, opened: str, closed: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: `uno replay` on a plain terminal (TERM=dumb) opened the full-screen
    viewer, and it had no --plain. Now it says the replay as plain mode's replay command does at
    the table, each line typed moving it on, until quit (no table to go back to), with no
    terminal needed (a screen reader may read a pipe)."""
    replay = finished_replay()
    file = tmp_path / "hand.json"
    file.write_text(replay.to_text())
    monkeypatch.setenv("TERM", term)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n\nall\nquit\n"))
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    assert replaycmd.main(parser.parse_args([str(file), "--lang", lang, *argv])) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(opened) and lines[-1] == closed, lines
    moves = len(replay.positions()) - 1
    step = "Move {} of {}" if lang == "en" else "Jugada {} de {}"
    assert step.format(2, moves) in lines[3] and step.format(moves, moves) in lines[-2], lines
    set_language("en")


def test_the_replay_tells_what_the_first_card_did_and_the_total_a_stack_makes() -> None:
    """Found play-testing: the replay's log said "First card: Red Skip", not who lost the turn,
    and a Draw Two stacked on another without "stacked: 4 to draw", as the table's log says."""
    from engine.cards import Rank

    first_skip = stacked = False
    for seed in range(1, 80):
        replay = finished_replay(seed=seed, n=3, rules=RuleSet.preset("house"))
        r = Replayer(replay, seat=0)
        games = [p.game for p in r.positions]
        if games[0].top.rank is Rank.SKIP:
            first_skip = True
            assert "lost the turn" in " ".join(r.said(0)).lower(), r.said(0)
        for index in range(1, len(games)):
            if 0 < games[index - 1].pending_draw < games[index].pending_draw:
                stacked = True
                assert r.said(index)[-1].endswith(t("ev_stacked", n=games[index].pending_draw))
        if first_skip and stacked:
            return
    raise AssertionError(f"no replay found: first skip {first_skip}, stacked {stacked}")


def test_the_turns_a_stand_in_played_are_told_as_the_table_told_them() -> None:
    """Found play-testing: the replay said "Ana played Red 9" of a turn the stand-in played while
    she was away. Each move of the turn says who was away (stepped through one at a time, "The
    bot played" alone was ambiguous), and the moves after the turn are hers again."""
    from engine.actions import Draw
    from engine.events import StandInReason
    from protocol.replays import StoodIn

    for seed in range(1, 40):  # a hand where Ana (seat A) draws, then moves again in that turn
        replay = finished_replay(seed)
        positions = replay.positions()
        ana = positions[0].game.seats[0]
        drew = next((k for k in range(1, len(positions) - 1) if isinstance(positions[k].action, Draw)
                     and positions[k].action.seat == ana
                     and getattr(positions[k + 1].action, "seat", None) == ana), None)
        if drew is not None:
            break
    else:
        raise AssertionError("no turn of two moves of Ana's")
    later = next(k for k in range(drew + 2, len(positions))
                 if getattr(positions[k].action, "seat", None) == ana)
    info = dataclasses.replace(replay.info, stood_in=(StoodIn(after=drew - 1, seat=ana,
                                                              reason=StandInReason.AWAY),))
    r = Replayer(Replay(info, replay.record), seat=OPEN)
    first = r.said(drew)[0]
    assert first.startswith("Ana A (away): a bot drew "), first
    second = r.said(drew + 1)[0]
    assert second.startswith("Ana A (away): a bot "), second
    assert r.said(later)[0].startswith("Ana A"), r.said(later)
    plain = Replayer(replay, seat=OPEN)  # (without the note, all of it is Ana's)
    assert plain.said(drew)[0].startswith("Ana A") and plain.said(drew + 1)[0].startswith("Ana A")


def test_the_replays_title_fits_80_columns_in_spanish_giving_up_the_rules_options_first() -> None:
    """Found play-testing: "Repetición · Sol's table · Mano 20 · 2026-12-06 14:07:55 · oficial, a
    500 punt…" at 80 columns; the time is to the minute (as the list), and the preset's options
    go before anything is cut."""
    from engine import RuleSet

    base = finished_replay(rules=RuleSet(stack_draw_two=True, jump_in=True, uno_penalty=4, target_score=300))
    info = dataclasses.replace(base.info, hand_number=20, table="Sol's table")
    replay = dataclasses.replace(base, info=info)
    set_language("es")
    try:
        r = Replayer(replay, seat=0)
        own = ReplayRegions(r, Renderer(r.model))
        wide = "".join(part[1] for part in own.title(160, 1)[0]).rstrip()
        narrow = "".join(part[1] for part in own.title(80, 1)[0]).rstrip()
    finally:
        set_language("en")
    assert wide.startswith(" Repetición · Sol's table · Mano 20 · 2026-12-01 12:00 · ") and "," in wide, wide
    # (marked changed from the preset: found play-testing, "· oficial" for a 7-0 hand)
    assert narrow.endswith((" · 2026-12-01 12:00 · oficial+", " · 2026-12-01 12:00 · de la casa+")), narrow
