"""The bot clients of ``uno bots`` against an in-process server over memory streams, on the
autojump clock: they come back to their seats after a drop, and they never wait forever (no open
table, a server that forgot them or does not come back: each gives up with the reason)."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest
import trio
import trio.testing
from clientkit import until

from client import botclient
from client.botclient import BotClient, BotGaveUp, BotOptions, BotResult, Patience
from client.bots_main import run_bots
from client.cli import build_parser
from client.link import Link, open_link
from protocol import CreateRoom, Joined, RoomSummary
from server import ServerConfig, UnoServer

PATIENCE = Patience()
SHORT_MATCH = {"target_score": 60}


class MemoryNet:
    """Connections to an in-process server; ``cut`` drops every open one (like a server restart
    that kept its state), ``server`` may be swapped for another, ``down`` refuses connections."""

    def __init__(self, server: UnoServer, nursery: trio.Nursery) -> None:
        self.server, self.nursery = server, nursery
        self.server_ends: list[trio.abc.Stream] = []
        self.down = False

    async def connect(self) -> Link:
        if self.down:
            raise OSError("all attempts to connect failed") from ExceptionGroup(
                "all attempts", [ConnectionRefusedError(111, "Connection refused")])
        client_end, server_end = trio.testing.memory_stream_pair()
        self.server_ends.append(server_end)
        self.nursery.start_soon(self.server.handle_stream, server_end)
        return Link(client_end)

    async def cut(self) -> None:
        for end in self.server_ends:
            await end.aclose()


async def new_server(nursery: trio.Nursery, seed: int) -> UnoServer:
    server = UnoServer(ServerConfig(seed=seed, next_hand_delay=0))
    await nursery.start(server.serve)
    return server


def table_bots(net: MemoryNet, count: int, seats: int, notes: list[str]) -> list[BotClient]:
    create = CreateRoom(name="Bots", seats=seats, rules=SHORT_MATCH, turn_timeout=0)
    return [BotClient(net.connect, f"Robot {i + 1}",
                      BotOptions(create=create if i == 0 else None, start_when=seats, seed=i),
                      note=notes.append)
            for i in range(count)]


class Players:
    """Bot clients run in a nursery; what each ended with: its result, or why it gave up."""

    def __init__(self, nursery: trio.Nursery) -> None:
        self.nursery = nursery
        self.ended: list[BotResult | BotGaveUp] = []

    async def start(self, bots: list[BotClient]) -> None:
        for bot in bots:
            self.nursery.start_soon(self._play, bot)
            await trio.sleep(0.1)  # the creator first

    async def _play(self, bot: BotClient) -> None:
        try:
            self.ended.append(await bot.run())
        except BotGaveUp as exc:
            self.ended.append(exc)


@asynccontextmanager
async def playing(bots: list[BotClient], actions: int = 1) -> AsyncIterator[Players]:
    """The bots play in a nursery of their own; the body runs once each has made ``actions``
    moves, and the nursery waits for every bot to end."""
    async with trio.open_nursery() as nursery:
        players = Players(nursery)
        await players.start(bots)
        await until(lambda: all(b.result.actions >= actions for b in bots))
        yield players


async def test_bots_take_their_seats_back_after_the_connections_drop(
        nursery: trio.Nursery, autojump_clock: object) -> None:
    net = MemoryNet(await new_server(nursery, seed=1), nursery)
    notes: list[str] = []
    bots = table_bots(net, 3, 3, notes)
    with trio.fail_after(600):
        async with playing(bots, actions=3) as players:
            seats = [b.result.seat for b in bots]
            await net.cut()
            await until(lambda: all(b.result.reconnects == 1 for b in bots))
            before = [b.result.actions for b in bots]
            await until(lambda: any(b.result.actions > a for b, a in zip(bots, before, strict=True)))
            await net.cut()
    results = [r for r in players.ended if isinstance(r, BotResult)]
    assert len(results) == 3, players.ended
    assert [b.result.seat for b in bots] == seats and sorted(map(str, seats)) == ["1", "2", "3"]
    assert all(r.reconnects == 2 and r.room == "1" for r in results)
    assert len({(r.winner, r.scores) for r in results}) == 1
    assert max(results[0].scores) >= SHORT_MATCH["target_score"]
    assert sum(note.startswith("lost the connection (") for note in notes) == 6
    assert sum(note.startswith("back in seat ") for note in notes) == 6
    # the creator says each match's start and end (a run of minutes said nothing before its
    # summary; then nothing when its match began), once each, reconnections and all
    winner = results[0].winner
    assert winner is not None
    said = [note for note in notes if note.startswith("match ")]
    assert said == ["match 1 of 1 started, 3 seats",
                    f"match 1 of 1 over after {len(results[0].hands)} hands: seat {winner} won, "
                    f"{max(results[0].scores)} points"], notes


def test_a_bot_sits_in_an_empty_seat_and_never_in_one_a_server_bot_holds() -> None:
    """Found play-testing: `uno bots` sat at a waiting room whose seats the host had filled with
    bots of chosen levels (each bot client took one's seat) while another table had empty seats."""
    def table(room: str, players: int, bots: int, **more: bool) -> RoomSummary:
        return RoomSummary(id=room, name=f"Table {room}", host="Ana", players=players, seats=4, bots=bots,
                           spectators=0, preset="house", started=more.get("started", False),
                           password=more.get("password", False))

    bots_set_up = table("1", players=1, bots=3)
    assert botclient.open_table((bots_set_up,)) is None
    assert botclient.open_table((bots_set_up, table("2", players=1, bots=1))) == table("2", 1, 1)
    assert botclient.open_table((table("3", 0, 2, started=True), table("4", 1, 0, password=True))) is None


async def test_a_bot_with_no_open_table_gives_up_in_time(
        nursery: trio.Nursery, autojump_clock: object) -> None:
    server = await new_server(nursery, seed=2)
    net = MemoryNet(server, nursery)
    # The only table has two seats, both taken, and a long match on; one more comes and goes.
    create = CreateRoom(name="Full", seats=2, turn_timeout=0, rules={"target_score": 100_000})
    full = [BotClient(net.connect, f"Robot {i}", BotOptions(create=create if i == 0 else None,
                                                           start_when=2, seed=i)) for i in (0, 1)]
    async with trio.open_nursery() as players:
        for bot in full:
            players.start_soon(bot.run)
            await trio.sleep(0.1)
        began = trio.current_time()
        with pytest.raises(BotGaveUp, match="no open table to sit at in 10 s"):
            await BotClient(net.connect, "Late", BotOptions()).run()
        waited = trio.current_time() - began
        assert len(server.rooms) == 1 and all(b.result.seat for b in full)
        players.cancel_scope.cancel()
    assert PATIENCE.table - 0.5 <= waited <= PATIENCE.table + 0.5


async def test_a_bot_whose_seat_the_server_forgot_says_so(
        nursery: trio.Nursery, autojump_clock: object) -> None:
    net = MemoryNet(await new_server(nursery, seed=3), nursery)
    bots = table_bots(net, 2, 2, [])
    with trio.fail_after(60):
        async with playing(bots) as players:
            net.server = await new_server(nursery, seed=4)  # restarted without its state
            await net.cut()
    assert [str(e) for e in players.ended] == [
        "the server no longer knows our seat (restarted without --state-dir?)"] * 2


async def test_a_bot_tries_again_with_backoff_then_gives_up_on_a_server_gone_for_good(
        nursery: trio.Nursery, autojump_clock: object) -> None:
    net = MemoryNet(await new_server(nursery, seed=5), nursery)
    notes: list[str] = []
    bots = table_bots(net, 2, 2, notes)
    tries: list[float] = []  # the first bot's

    async def connect() -> Link:
        tries.append(trio.current_time())
        return await net.connect()

    bots[0].connect = connect
    with trio.fail_after(600):
        async with playing(bots) as players:
            net.down = True
            gone = trio.current_time()
            await net.cut()
    assert [str(e) for e in players.ended] == [
        "the server did not come back: connection refused (tried for 120 s)"] * 2
    assert trio.current_time() - gone <= PATIENCE.reconnect + 1
    retries = [t for t in tries if t > gone]
    gaps = [round(b - a, 3) for a, b in itertools.pairwise([gone, *retries])]  # from the drop
    assert gaps[:7] == [0.1, 0.2, 0.4, 0.8, 1.6, 2.0, 2.0]


async def test_a_server_that_never_answers_is_given_up_after_the_first_contact_bound(
        autojump_clock: object) -> None:
    async def refuse() -> Link:
        raise OSError("all attempts to connect failed") from ExceptionGroup(
            "all attempts", [ConnectionRefusedError(111, "Connection refused")])

    began = trio.current_time()
    with pytest.raises(BotGaveUp, match=r"cannot reach the server: connection refused \(tried for 5 s\)"):
        await BotClient(refuse, "Bot", BotOptions()).run()
    assert trio.current_time() - began == pytest.approx(PATIENCE.first_contact)


async def test_uno_bots_create_sit_at_the_table_their_first_bot_opened(nursery: trio.Nursery) -> None:
    """Another table, open and listed first, does not catch the others of `uno bots --create`.
    (Real sockets on 127.0.0.1, real time.)"""
    server = UnoServer(ServerConfig(seed=7, next_hand_delay=0))
    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    await nursery.start(server.serve, listeners)
    port = listeners[0].socket.getsockname()[1]
    with trio.fail_after(60):
        ana = await open_link("127.0.0.1", port)
        await ana.hello("Ana")
        await ana.send(CreateRoom(name="Ana's table", seats=4))
        while not isinstance(await ana.receive(), Joined):
            pass
        argv = ["bots", "--connect", f"127.0.0.1:{port}", "--count", "2", "--seats", "2",
                "--create", "--seed", "1", "--think", "0"]
        results, gave_up = await run_bots(build_parser(argv).parse_args(argv))
        await ana.aclose()
    assert not gave_up
    assert sorted((r.room, r.seat) for r in results) == [("2", "1"), ("2", "2")]
    assert all(r.winner is not None for r in results)


async def test_a_bot_refused_again_and_again_gives_up_in_time_without_flooding(
        nursery: trio.Nursery, autojump_clock: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table that looks open in the list but refuses every join (here: the list is misread as
    open while the match is on) costs a look every LIST_INTERVAL, and the bot gives up in time."""
    net = MemoryNet(await new_server(nursery, seed=8), nursery)
    create = CreateRoom(name="Busy", seats=2, turn_timeout=0, rules={"target_score": 100_000})
    busy = [BotClient(net.connect, f"Robot {i}", BotOptions(create=create if i == 0 else None,
                                                           start_when=2, seed=i)) for i in (0, 1)]
    monkeypatch.setattr(botclient, "open_table", lambda rooms: rooms[0] if rooms else None)
    with trio.fail_after(60):
        async with trio.open_nursery() as players:
            for bot in busy:
                players.start_soon(bot.run)
                await trio.sleep(0.1)
            await until(lambda: all(b.result.actions for b in busy))
            late = BotClient(net.connect, "Late", BotOptions())
            began = trio.current_time()
            with pytest.raises(BotGaveUp, match="no table would seat us in 10 s"):
                await late.run()
            players.cancel_scope.cancel()
    assert trio.current_time() - began <= PATIENCE.table + 0.5
    assert late.result.refused <= PATIENCE.table / botclient.LIST_INTERVAL + 1


@pytest.mark.parametrize("think", [0.0, 2.0])
async def test_a_bot_takes_the_time_asked_over_each_move(
        nursery: trio.Nursery, autojump_clock: object, think: float) -> None:
    """Found play-testing: a table of `uno bots` played a turn every few tenths of a second, too
    fast for anyone watching it. ``think`` (``uno bots --think``, 1 s by default) is the time
    from the view that asks for a move to the move, at least."""
    net = MemoryNet(await new_server(nursery, seed=2), nursery)
    create = CreateRoom(name="Bots", seats=2, rules={"target_score": 200}, turn_timeout=0)
    bots = [BotClient(net.connect, f"Robot {i + 1}", BotOptions(create=create if i == 0 else None,
                                                                start_when=2, seed=i, think=think))
            for i in range(2)]
    sent_at: list[float] = []
    with trio.fail_after(600):
        async with playing(bots) as players:
            count = 0
            while len(players.ended) < len(bots):  # (every move's time, to the match's end)
                if (now := sum(b.result.actions for b in bots)) > count:
                    count = now
                    sent_at.append(trio.current_time())
                await trio.sleep(0.01)
    assert len(sent_at) > 20
    gaps = sorted(b - a for a, b in itertools.pairwise(sent_at))
    median = gaps[len(gaps) // 2]
    assert (median >= 0.95 * think) if think else (median < 0.5), gaps  # (looked at every 10 ms)


def test_ctrl_c_in_uno_bots_says_interrupted_without_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: Ctrl-C in `uno bots` printed a whole traceback (the interrupt came out
    of the bots' nursery as an exception group)."""
    from client import bots_main, cli

    async def interrupted(_: object) -> None:
        raise BaseExceptionGroup("bots", [KeyboardInterrupt()])

    monkeypatch.setattr(bots_main, "run_bots", interrupted)
    assert cli.main(["bots", "--no-discovery", "--connect", "127.0.0.1:9"]) == 130
    err = capsys.readouterr().err
    assert "interrupted" in err and "Traceback" not in err


@pytest.mark.parametrize(("matches", "answers"), [(2, True), (1, False)])
async def test_a_bot_with_matches_to_play_says_yes_to_the_rematch(matches: int, answers: bool) -> None:
    """Found play-testing: two `uno bots` players never answered the rematch, which waited its
    whole minute on them and then had them away. With more matches to play, a bot accepts; with
    none, it leaves (which declines)."""
    from clientkit import make_view

    from engine.view import HandResult, MatchOutcome
    from protocol import Rematch

    sent: list[object] = []

    class Recorder:
        async def send(self, message: object) -> None:
            sent.append(message)

    bot = BotClient(lambda: None, "Bot", BotOptions(matches=matches))  # type: ignore[arg-type, return-value]
    over = make_view(outcome=MatchOutcome("2", (0, 510, 0, 20)), hand_result=HandResult("2", 30))
    await bot._on_view(Recorder(), over)  # type: ignore[arg-type]
    await bot._on_view(Recorder(), over)  # (the end seen again, after a reconnect: one answer)
    assert sent == ([Rematch(order="keep", accept=True)] if answers else [])
