"""Staying connected: backoff between tries, the same hand after the connection is killed under a
running client, and the seat taken back by a new client from the token kept on disk."""

from __future__ import annotations

import asyncio
import itertools
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing
from clientkit import screen_lines, until
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.input.base import PipeInput
from prompt_toolkit.output import DummyOutput

from client.app import ClientApp, ClientOptions
from client.connection import FIRST_DELAY, GIVE_UP_AFTER, LOBBY_REFRESH, MAX_DELAY
from client.enums import Screen, Status
from client.hosted import HostOptions
from client.link import Link
from client.lobby import Lobby
from client.model import Model
from client.render import Renderer
from client.tokens import TokenStore
from protocol import PROTOCOL_VERSION, CreateRoom, Message, RoomSummary, ViewMsg, Welcome
from server import ServerConfig, UnoServer

TABLE = CreateRoom(name="Mesa", bots=3, bot_delay=10.0, turn_timeout=0.0)


@pytest.fixture
def pipe() -> Iterator[PipeInput]:
    with create_pipe_input() as pipe_input:
        yield pipe_input


def new_app(pipe: PipeInput, model: Model | None = None, **options: object) -> ClientApp:
    return ClientApp(ClientOptions(name="Ana", **options), model=model, input=pipe,  # type: ignore[arg-type]
                     output=DummyOutput())


def record(app: ClientApp) -> list[Message]:
    """Every message the model is given, from now on."""
    received: list[Message] = []
    apply = app.model.apply

    def recording(message: Message) -> None:
        received.append(message)
        apply(message)

    app.model.apply = recording  # type: ignore[method-assign]
    return received


def resumed_with_a_view(received: list[Message]) -> bool:
    welcomes = [i for i, m in enumerate(received) if isinstance(m, Welcome) and m.resumed]
    return bool(welcomes) and any(isinstance(m, ViewMsg) for m in received[welcomes[0]:])


async def test_retries_back_off_from_100_ms_doubling_to_5_s_then_give_up_on_a_silent_address(
        pipe: PipeInput, autojump_clock: object) -> None:
    tries: list[float] = []

    async def refuse(host: str, port: int) -> trio.abc.Stream:
        tries.append(trio.current_time())
        raise ConnectionRefusedError("refused")

    app = new_app(pipe, address=("192.0.2.1", 7777), connect=refuse)
    with trio.fail_after(GIVE_UP_AFTER + MAX_DELAY + 1):
        await app.connection.run("192.0.2.1", 7777)  # returns: it gave up
    gaps = [round(b - a, 3) for a, b in itertools.pairwise(tries)]
    assert gaps[:7] == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5.0]
    assert FIRST_DELAY == 0.1 and MAX_DELAY == 5.0
    assert GIVE_UP_AFTER <= tries[-1] - tries[0] < GIVE_UP_AFTER + MAX_DELAY
    model = app.model
    session = model.session
    assert session.status is Status.FAILED and session.reason == "refused" and session.gave_up
    banner = Renderer(model).banner_text()
    assert banner is not None and "Gave up" in banner and "192.0.2.1:7777" in banner
    assert "refused" in banner


@pytest.mark.parametrize(("error", "words"), [
    (socket.gaierror(-2, "Name or service not known"), "no such host name"),
    (OSError(113, "No route to host"), "no answer"),
])
async def test_a_silent_address_says_what_went_wrong(pipe: PipeInput, autojump_clock: object,
                                                      error: OSError, words: str) -> None:
    async def fail(host: str, port: int) -> trio.abc.Stream:
        raise error

    app = new_app(pipe, address=("mesa.example", 7777), connect=fail)
    with trio.fail_after(GIVE_UP_AFTER + MAX_DELAY + 1):
        await app.connection.run("mesa.example", 7777)
    banner = Renderer(app.model).banner_text()
    assert banner is not None and words in banner and "mesa.example:7777" in banner, banner


class MemoryNet:
    """Connections to an in-process server over memory streams; the server ends can be cut, and
    ``refusing`` refuses new connections (the host's machine went away)."""

    def __init__(self, server: UnoServer, nursery: trio.Nursery) -> None:
        self.server, self.nursery = server, nursery
        self.server_ends: list[trio.abc.Stream] = []
        self.refusing = False

    async def connect(self, host: str, port: int) -> trio.abc.Stream:
        if self.refusing:
            raise ConnectionRefusedError("refused")
        client_end, server_end = trio.testing.memory_stream_pair()
        self.server_ends.append(server_end)
        self.nursery.start_soon(self.server.handle_stream, server_end)
        return client_end

    async def cut(self) -> None:
        await self.server_ends[-1].aclose()


async def memory_net(nursery: trio.Nursery, **config: Any) -> MemoryNet:
    """An in-process server (``ServerConfig(**config)``) serving in ``nursery``, and the way to it."""
    srv = UnoServer(ServerConfig(**config))
    await nursery.start(srv.serve)
    return MemoryNet(srv, nursery)


def host_app(pipe: PipeInput, net: MemoryNet, model: Model | None = None, **options: object) -> ClientApp:
    """Ana's client at "memory:1", set to open ``TABLE`` and start the match."""
    app = new_app(pipe, model, address=("memory", 1), connect=net.connect, **options)
    app.model.host.auto_create, app.model.host.auto_start = TABLE, True
    return app


async def dealt(app: ClientApp, nursery: trio.Nursery) -> Model:
    """``app`` connects to "memory:1" (in ``nursery``) and is dealt a hand; its model."""
    nursery.start_soon(app.connection.run, "memory", 1)
    await until(lambda: app.model.table.view is not None, "the deal")
    return app.model


async def test_a_killed_connection_comes_back_to_the_same_hand(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object) -> None:
    net = await memory_net(nursery, seed=11)
    with trio.fail_after(60):
        app = host_app(pipe, net)
        model = await dealt(app, nursery)
        view = model.table.view
        assert view is not None and view.hand is not None
        seat, hand, number = model.seating.seat, sorted(map(str, view.hand)), view.hand_number

        received = record(app)
        await net.cut()
        await until(lambda: model.session.status is Status.LOST, "the drop noticed")
        assert model.screen is Screen.TABLE  # still on screen, with a banner
        await until(lambda: resumed_with_a_view(received), "back, with a fresh view")
        assert len(net.server_ends) == 2 and model.session.status is Status.CONNECTED
        assert model.seating.seat == seat and model.table.view.hand_number == number
        assert sorted(map(str, model.table.view.hand or ())) == hand
        log = model.transcript.log
        assert log.count(log[0]) == 1 and log[0].startswith("Hand 1")  # kept
        # each hello names this program and counts its connections (a late, given-up one
        # cannot take the seat from a newer one: server test_reconnect)
        session = next(s for s in net.server.sessions.values() if s.name == "Ana")
        assert session.instance is not None and session.attempt == 2


async def dealt_then_killed(pipe: PipeInput, net: MemoryNet,
                            store: TokenStore) -> tuple[ClientApp, list[str], str | None]:
    """A client at "memory:1" opens a table, is dealt a hand, and is killed (its connection goes
    with it); the client, its hand and its seat."""
    first = host_app(pipe, net, tokens=store)
    async with trio.open_nursery() as process:  # the first client's "process"
        await dealt(first, process)
        process.cancel_scope.cancel()
    view = first.model.table.view
    assert view is not None and view.hand is not None
    return first, sorted(map(str, view.hand)), first.model.seating.seat


async def test_a_new_client_takes_the_seat_back_with_the_token_on_disk(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object, tmp_path: Path) -> None:
    net = await memory_net(nursery, seed=12)
    store = TokenStore(tmp_path / "uno")
    with trio.fail_after(60):
        first, hand, seat = await dealt_then_killed(pipe, net, store)
        assert store.load_for_address("memory:1") == (net.server.server_id, first.model.session.token)
        ana = net.server.rooms["1"].seats[0]  # the host sits first
        assert ana.name == "Ana"
        await until(lambda: not ana.connected, "the server saw the client go")

        second = new_app(pipe, address=("memory", 1), connect=net.connect, tokens=store)
        received = record(second)
        nursery.start_soon(second.connection.run, "memory", 1)
        await until(lambda: resumed_with_a_view(received), "the seat back")
        assert second.model.seating.seat == seat
        assert sorted(map(str, second.model.table.view.hand or ())) == hand  # type: ignore[union-attr]


def test_the_running_app_reconnects_over_tcp_to_the_same_hand(pipe: PipeInput) -> None:
    """The whole client (prompt-toolkit on asyncio, trio as a guest, a real TCP server on
    127.0.0.1 in the same process); its connection is killed under it."""
    host = HostOptions(table="Mesa", create=TABLE, port=0, bind="127.0.0.1", seed=3,
                       discovery=False, start=True)
    app = new_app(pipe, host=host)
    model = app.model
    lost: list[str] = []  # (told, not polled: the state lasts the 0.1 s before the first retry)
    connection_lost = model.connection_lost

    def told_lost(reason: str, retry_in: float) -> None:
        lost.append(reason)
        connection_lost(reason, retry_in)

    model.connection_lost = told_lost  # type: ignore[method-assign]

    async def wait(condition: Callable[[], bool], what: str) -> None:
        async with asyncio.timeout(10):
            while not condition():
                await asyncio.sleep(0.005)

    async def main() -> int:
        running = asyncio.ensure_future(app.run())
        await wait(lambda: model.table.view is not None and model.table.view.hand is not None, "the deal")
        assert model.table.view is not None and model.table.view.hand is not None
        hand, number = sorted(map(str, model.table.view.hand)), model.table.view.hand_number
        assert app.hosted is not None and app.hosted.port and app.hosted.server is not None
        received = record(app)
        app.drop_connection()
        await wait(lambda: bool(lost), "the drop")
        await wait(lambda: resumed_with_a_view(received), "back, with a fresh view")
        assert model.table.view is not None
        view = model.table.view
        assert sorted(map(str, view.hand or ())) == hand and view.hand_number == number
        # quit: a table kept nowhere (no state folder) ends for everyone; the app ends, trio with it
        pipe.send_text("qy")
        return await asyncio.wait_for(running, 10)

    assert asyncio.run(main()) == 0
    assert lost


def test_quitting_the_app_tells_the_server_which_keeps_the_seat(pipe: PipeInput) -> None:
    """Found play-testing: Carla quit on purpose (her seat waits) and the table read "Carla lost
    the connection". The whole client, on a dedicated server (a thread, TCP on 127.0.0.1): q y
    sends ``quit`` before closing, so the server marks her seat quit, kept for her, rather
    than dropped; the app does not try again."""
    ready: list[tuple[UnoServer, int, trio.lowlevel.TrioToken, trio.CancelScope]] = []
    started = threading.Event()

    async def serve() -> None:
        srv = UnoServer(ServerConfig(seed=4))
        listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
        with trio.CancelScope() as scope:
            async with trio.open_nursery() as nursery:
                await nursery.start(srv.serve, listeners)
                ready.append((srv, listeners[0].socket.getsockname()[1],
                              trio.lowlevel.current_trio_token(), scope))
                started.set()

    thread = threading.Thread(target=trio.run, args=(serve,), daemon=True)
    thread.start()
    assert started.wait(10)
    srv, port, token, scope = ready[0]
    app = new_app(pipe, address=("127.0.0.1", port))
    app.model.host.auto_create, app.model.host.auto_start = TABLE, True
    model = app.model

    async def main() -> int:
        running = asyncio.ensure_future(app.run())
        async with asyncio.timeout(10):
            while model.table.view is None:
                await asyncio.sleep(0.01)
        pipe.send_text("qy")
        return await asyncio.wait_for(running, 10)

    try:
        assert asyncio.run(main()) == 0
        seat = srv.rooms["1"].seats[0]
        for _ in range(500):  # (the bye may reach us before the server has hung up)
            if not seat.connected:
                break
            time.sleep(0.01)
        assert seat.name == "Ana" and seat.kind == "human" and not seat.connected
        assert seat.quit  # (told so, not a lost connection)
        assert len([s for s in srv.sessions.values() if s.name == "Ana"]) == 1  # no new try
    finally:
        trio.from_thread.run_sync(scope.cancel, trio_token=token)
        thread.join(10)


async def test_the_seat_comes_back_by_another_address_of_the_same_server(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object, tmp_path: Path) -> None:
    """Seats are kept by the server's identity: joined as "memory:1" (say, LAN discovery),
    killed, started again with "memory:2" (say, the IP address typed), back in the same seat."""
    net = await memory_net(nursery, seed=13)
    store = TokenStore(tmp_path / "uno")
    with trio.fail_after(60):
        _, hand, seat = await dealt_then_killed(pipe, net, store)
        ana = net.server.rooms["1"].seats[0]
        await until(lambda: not ana.connected, "the server saw the client go")
        assert store.load_for_address("memory:2") == (None, None)  # never used before

        second = new_app(pipe, address=("memory", 2), connect=net.connect, tokens=store)
        received = record(second)
        nursery.start_soon(second.connection.run, "memory", 2)
        await until(lambda: resumed_with_a_view(received), "the seat back")
        assert second.model.seating.seat == seat and second.model.session.status is Status.CONNECTED
        assert sorted(map(str, second.model.table.view.hand or ())) == hand  # type: ignore[union-attr]
        assert len(net.server_ends) == 3  # the first hello (no token) was answered, then redone
        assert [m.resumed for m in received if isinstance(m, Welcome)] == [True]
        assert store.load_for_address("memory:2") == (net.server.server_id, second.model.session.token)
        assert len(net.server.rooms["1"].humans()) == 1


@pytest.mark.parametrize(("hosted", "said"), [(True, "Table closed: its host must open it again."),
                                               (False, "The server is not answering.")])
async def test_a_seat_that_was_playing_keeps_retrying_with_the_countdown_on_screen(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object, hosted: bool, said: str) -> None:
    """A refused connection after playing: "Table closed…" where the server was the host's `uno
    host`; on a dedicated server, which no host can open again, that the server is not answering
    (found play-testing). The countdown counts down, and a try under way is no "in 0.0 s"."""
    net = await memory_net(nursery, seed=14, hosted=hosted)
    with trio.fail_after(120):
        model = Model("Ana", clock=trio.current_time)  # the countdown, on the test's clock
        app = host_app(pipe, net, model)
        await dealt(app, nursery)
        net.refusing = True  # the host's machine went away
        await net.cut()
        await trio.sleep(GIVE_UP_AFTER * 3)
        assert model.session.status is Status.LOST and not model.session.gave_up  # still trying
        assert model.screen is Screen.TABLE
        session = model.session
        await until(lambda: session.retry_at is not None and session.retry_at - model.clock() > 2, "a wait")
        banner = Renderer(model).banner_text()
        # (not "Connection lost (refused)", which told the friends nothing: found play-testing)
        assert banner is not None and "Reconnecting in" in banner, banner
        assert banner.startswith(said), banner
        shown = float(banner.split("Reconnecting in ")[1].split(" s")[0])
        await trio.sleep(1)
        later = Renderer(model).banner_text() or ""
        assert f"Reconnecting in {shown - 1:.1f} s" in later, later  # it counts down
        session.connecting(session.address, session.attempt + 1)  # (a try under way, as the loop marks it)
        trying = Renderer(model).banner_text() or ""
        assert trying.startswith(said) and trying.endswith("Reconnecting…"), trying


async def test_the_host_closing_the_table_ends_the_retries_with_that_message(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object) -> None:
    net = await memory_net(nursery, seed=15)
    with trio.fail_after(60):
        app = host_app(pipe, net)
        model = app.model
        done = trio.Event()

        async def run() -> None:
            await app.connection.run("memory", 1)
            done.set()

        nursery.start_soon(run)
        await until(lambda: model.table.view is not None, "the deal")
        model.prompts.notice = "Welcome back: you have your seat again."  # (found play-testing:
        net.server.close_room("1")  # it stayed under the banner)
        net.server.shutdown("table_closed", "the host closed the table")
        await done.wait()  # it stopped trying
    assert model.session.status is Status.FAILED and model.session.reason == "table_closed"
    assert Renderer(model).banner_text() == "The host closed the table. Press q to quit."
    shown = "\n".join(screen_lines(model))  # said once: on the screen, not in the banner too
    assert shown.count("The host closed the table.") == 1, shown
    assert "Welcome back" not in shown


async def test_a_server_of_another_version_is_named_as_such(pipe: PipeInput, nursery: trio.Nursery,
                                                             autojump_clock: object) -> None:
    net = await memory_net(nursery)
    app = new_app(pipe, address=("memory", 1), connect=net.connect)

    hello = Link.hello

    async def old_hello(link: Any, name: str, token: str | None = None, lang: str = "en",
                        **rest: Any) -> Any:
        return await hello(link, name, token, lang, version=1)

    with trio.fail_after(30), pytest.MonkeyPatch.context() as patch:
        patch.setattr(Link, "hello", old_hello)
        await app.connection.run("memory", 1)  # refused: it does not try again
    banner = Renderer(app.model).banner_text() or ""
    assert app.model.session.status is Status.FAILED
    assert "memory:1 runs another version of UNO" in banner, banner
    assert f"version {PROTOCOL_VERSION}" in banner, banner


async def test_a_host_keeping_the_match_is_still_the_reason_shown_while_retrying(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object) -> None:
    """The host keeps the match for later (``bye`` table_kept) and its port then refuses: the
    banner goes on saying so, not "refused", while the seat keeps trying."""
    net = await memory_net(nursery, seed=16)
    with trio.fail_after(120):
        model = Model("Ana", clock=trio.current_time)
        app = host_app(pipe, net, model)
        await dealt(app, nursery)
        net.refusing = True
        net.server.shutdown("table_kept", "the host keeps the match for later")
        await until(lambda: model.session.status is Status.LOST and model.session.attempt >= 3,
                    "a few refused tries")
        await until(lambda: model.session.retry_at is not None
                    and model.session.retry_at - model.clock() > 0.1, "a wait between tries")
        banner = Renderer(model).banner_text() or ""
        assert "The host kept the match for later" in banner and "refused" not in banner, banner
        assert "Reconnecting in" in banner


async def test_another_program_on_the_port_is_named_as_such_and_given_up_at_once(
        pipe: PipeInput, autojump_clock: object) -> None:
    """Something answers, but not in UNO's protocol (say an SSH server): the client says so and
    stops, instead of "nothing answers at … (broken)" twenty seconds later."""
    tries: list[float] = []

    async def ssh(host: str, port: int) -> trio.abc.Stream:
        tries.append(trio.current_time())
        client_end, server_end = trio.testing.memory_stream_pair()
        await server_end.send_all(b"SSH-2.0-OpenSSH_9.6\r\n")
        return client_end

    app = new_app(pipe, address=("127.0.0.1", 22), connect=ssh)
    with trio.fail_after(GIVE_UP_AFTER):
        await app.connection.run("127.0.0.1", 22)
    model = app.model
    assert len(tries) == 1 and model.session.status is Status.FAILED and model.session.reason == "not_uno"
    banner = Renderer(model).banner_text() or ""
    assert "127.0.0.1:22 is not a UNO server" in banner and "nothing answers" not in banner, banner


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_the_whole_reason_for_giving_up_shows_on_the_connecting_screen(
        pipe: PipeInput, autojump_clock: object, lang: str) -> None:
    """The banner is one line (cut at 80 columns): the screen below it says it all, wrapped, and
    no longer says "Connecting to …"."""
    async def refuse(host: str, port: int) -> trio.abc.Stream:
        raise ConnectionRefusedError("refused")

    from client.i18n import set_language

    set_language(lang)
    try:
        app = new_app(pipe, address=("192.0.2.1", 7777), connect=refuse)
        with trio.fail_after(GIVE_UP_AFTER + MAX_DELAY + 1):
            await app.connection.run("192.0.2.1", 7777)
        lines = Renderer(app.model).connecting(80, 20)
        text = " ".join("".join(f[1] for f in line).strip() for line in lines)
        assert ("Press q to quit." in text) if lang == "en" else ("Pulsa q para salir." in text), text
        assert "Connecting" not in text and "Conectando" not in text, text
        app.model.ask_quit()  # "press q to quit" means it: nothing is left to lose by asking
        assert app.model.quit
    finally:
        set_language("en")


async def test_the_lobby_list_follows_the_tables_by_itself(
        pipe: PipeInput, nursery: trio.Nursery, autojump_clock: object) -> None:
    """Found play-testing: a player back in the lobby read a table as "waiting" long after its
    match began, until they pressed r. The list is asked for again every few seconds while the
    lobby is on screen, and the cursor stays on its table."""
    net = await memory_net(nursery, seed=13)
    with trio.fail_after(60):
        app = new_app(pipe, address=("memory", 1), connect=net.connect)
        nursery.start_soon(app.connection.run, "memory", 1)
        model = app.model
        await until(lambda: model.screen is Screen.LOBBY and model.lobby.listed, "the lobby")
        assert model.lobby.rooms == ()
        host = host_app(pipe, net)
        await dealt(host, nursery)
        started = trio.current_time()
        await until(lambda: [r.started for r in model.lobby.rooms] == [True], "the table, playing")
        assert trio.current_time() - started <= LOBBY_REFRESH + 1


def test_a_refreshed_list_keeps_the_cursor_on_its_table() -> None:
    lobby = Lobby()
    tables = [RoomSummary(id=str(i), name=f"T{i}", host="Ana", players=1, seats=4, bots=0,
                          spectators=0, preset="official", started=False, password=False)
              for i in range(1, 4)]
    lobby.set(tuple(tables))
    lobby.move(1)
    assert lobby.selected is tables[1]
    lobby.set((tables[2], tables[0], tables[1]))  # another order: still table 2
    assert lobby.selected is tables[1]
    lobby.set((tables[0],))  # gone: the nearest place
    assert lobby.selected is tables[0]
    lobby.set(tuple(tables))
    lobby.move(-1)  # (at the top it stays: found play-testing, ↑ wrapped round to the last)
    assert lobby.selected is tables[0]
    lobby.move(5)
    assert lobby.selected is tables[2]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The host closed their program, and every table on it ended. Press q to quit."),
    ("es", "El anfitrión cerró su programa, y acabaron todas las mesas que tenía. Pulsa q para salir.")])
def test_a_table_ended_by_its_hosts_program_closing_says_so(lang: str, said: str) -> None:
    """Found play-testing: a guest at a table of his own on a `uno host` read "The host closed
    the table" when the host closed theirs (``server_closed``), under his own waiting room."""
    from client.connection import FINAL_REASONS
    from client.i18n import set_language

    model = Model("Gus")
    set_language(lang)
    try:
        model.connection_failed("server_closed")
        assert "server_closed" in FINAL_REASONS and Renderer(model).banner_text() == said
    finally:
        set_language("en")
