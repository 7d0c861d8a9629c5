"""The terminal client: prompt-toolkit on asyncio, with trio in guest mode on the same loop.

The asyncio side draws the model and turns keys into intents. The trio side (started right
after the first screen is drawn, so that the import of trio and the server never delays it) runs
the network: an optional in-process server (``uno host``) and the connection, with its reconnect
loop and a writer that sends what the model queued (client/connection.py). Trio code updates the
model and calls ``invalidate()``; the asyncio side hands work to trio with
``TrioToken.run_sync_soon``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from .connection import Connect, ServerConnection
from .enums import ServerEntry
from .hosted import HostedServer, HostOptions
from .i18n import t
from .keymap import active as active_keys
from .model import Model
from .screenapp import adopt_application, build_application

if TYPE_CHECKING:
    import trio

    from .plainapp import PlainScreen
    from .tokens import TokenStore

log = logging.getLogger("uno.client")

CLOSED_WINDOW = (signal.SIGHUP, signal.SIGTERM)  # quit as Ctrl-C does

@dataclass
class ClientOptions:
    name: str
    lang: str = "en"
    plain: bool = False  # NO_COLOR
    plain_mode: bool = False  # lines for screen readers (client/plainapp.py), not the full screen
    palette: str = "standard"  # or "colorblind" (client/style.py)
    address: tuple[str, int] | None = None  # connect here; None: browse the LAN first
    host: HostOptions | None = None
    discovery: bool = True
    tokens: TokenStore | None = None
    # what this client last told of the stand-in's turns, per server, on disk (None: ``tokens``);
    # ``uno host`` keeps no seat tokens, its host's seat comes back with the kept match, but a
    # summary told before its terminal was killed is not told again (found play-testing)
    marks: TokenStore | None = None
    connect: Connect | None = None  # how to open a stream (tests: memory streams)
    bell: bool = True  # ring the terminal's bell when your turn starts (``--no-bell``: not)


class ClientApp:
    def __init__(self, options: ClientOptions, *, model: Model | None = None,
                 input: Input | None = None, output: Output | None = None,
                 application: Application[int] | PlainScreen | None = None) -> None:
        """With ``application`` (already running, showing the first screen; or plain mode's
        screen), take it over; otherwise make one (``run`` runs it)."""
        self.options = options
        self.model = model if model is not None else Model(options.name)
        self.model.plain = options.plain_mode
        self.application: Application[int] | PlainScreen
        if application is None:
            self.application = build_application(self.model, self.after_key, plain=options.plain,
                                                 input=input, output=output, palette=options.palette)
        elif isinstance(application, Application):
            self.application = application
            adopt_application(application, self.model, self.after_key, plain=options.plain,
                              palette=options.palette)
        else:
            self.application = application
            application.adopt(self.model, self.after_key)
        self.first_render: float | None = None
        self.application.after_render.add_handler(self._after_render)
        self.trio_token: trio.lowlevel.TrioToken | None = None
        self.hosted: HostedServer | None = None  # ``uno host``: the server in this process
        self.connection = ServerConnection(
            self.model, tokens=options.tokens, marks=options.marks or options.tokens,
            connect=options.connect,
            refresh_lobby=not options.plain_mode, invalidate=self.invalidate,
            received=self._received)
        self._nursery: trio.Nursery | None = None
        self._trio_done: asyncio.Future[Any] | None = None
        self._trio_started = False  # the guest run began (its main may not have, yet)
        self._stopping = False  # the screen closed: a trio not yet running ends as it begins
        self._trio_error: BaseException | None = None
        self._browse_task: asyncio.Task[None] | None = None
        self._replay_close: Callable[[], None] | None = None  # the replay on screen: closes it
        if options.address is None and options.host is None:
            self.model.servers.browsing = True
        problems = active_keys().problems
        if problems:  # keys.toml: what was wrong (all of it on the help screen)
            more = t("keys_more", n=len(problems) - 1) if len(problems) > 1 else ""
            self.model.prompts.notice = t("keys_problems", first=problems[0], more=more)

    # ------------------------------------------------------------------ asyncio side

    def invalidate(self) -> None:
        self.application.invalidate()

    def _after_render(self, _: object) -> None:
        """Once the model is on the screen: start the network (trio) and the LAN browser."""
        if self.first_render is not None:
            return
        self.first_render = time.perf_counter()
        loop = asyncio.get_running_loop()
        self._trio_done = loop.create_future()
        for hang_up in CLOSED_WINDOW:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(hang_up, self._window_closed)
        if self.model.servers.browsing and self.options.discovery:
            self._browse_task = loop.create_task(self._browse())
        elif self.model.servers.browsing:  # (--no-discovery: "off", not "not available here")
            self.model.servers.discovery_state = "off"
        loop.call_soon(self._start_trio)

    def after_key(self) -> None:
        """After each key: send what the model queued; connect where the browser pointed."""
        model = self.model
        if model.servers.connect_request is not None and self._nursery is not None and self.trio_token:
            host, port = model.servers.connect_request
            model.servers.connect_request = None
            self._stop_browsing()
            nursery = self._nursery
            self.trio_token.run_sync_soon(lambda: nursery.start_soon(self.connection.run, host, port))
        if model.host.resume_request and self.trio_token is not None:
            model.host.resume_request = False
            self.trio_token.run_sync_soon(self._resume_kept)
        if model.outbox:
            self.kick()
        if model.quit and not self.application.is_done:
            self.application.exit(result=0)

    def _received(self) -> None:
        """A message from the server is in the model: the replay it brought, our turn's bell."""
        if self.model.playback.ready is not None:
            self._show_replay()
        if self.model.table.take_bell():
            self._your_turn()

    def _show_replay(self) -> None:
        """The replay that the key asked for came: the viewer takes the screen until it is quit,
        then the table is back (it went on meanwhile)."""
        from .replayer import Replayer, opening_seat
        from .replayview import overlay

        replay = self.model.playback.take()
        if replay is None:
            return
        table = self.model.table
        if table.my_turn and not table.hand_over:  # (our turn came while it was on its way)
            self.model.prompts.notice = t("replay_closed_your_turn")
            return
        application = self.application
        seat = opening_seat(replay, seat=self.model.seating.seat, name=self.model.session.name)
        full = isinstance(application, Application)  # (else plain mode: a move at a time, as lines)
        replayer = Replayer(replay, seat=seat, playing=full)
        if not isinstance(application, Application):
            application.show_replay(replayer)
            return

        def back_to_the_table() -> None:
            self._replay_close = None
            adopt_application(application, self.model, self.after_key, plain=self.options.plain,
                              palette=self.options.palette)

        self._replay_close = overlay(application, replayer, plain=self.options.plain,
                                     restore=back_to_the_table)

    def _your_turn(self) -> None:
        """Our turn has just started: the bell, and the table back if a replay hides it (the
        turn's clock runs, and the next hand may be dealt while a replay is watched)."""
        close = self._replay_close
        application = self.application
        if close is not None:
            close()
            self.model.prompts.notice = t("replay_closed_your_turn")
        elif not isinstance(application, Application) and application.close_replay():  # (plain mode)
            self.model.prompts.notice = t("replay_closed_your_turn")
        if self.options.bell:
            self.application.output.bell()
            self.application.output.flush()

    def kick(self) -> None:
        """Wake the writer (from anywhere on this thread)."""
        if self.trio_token is not None:
            with contextlib.suppress(RuntimeError):
                self.trio_token.run_sync_soon(self.connection.wake_writer)

    async def run(self) -> int:
        """Run until the player quits; returns the exit code."""
        try:
            code = await self.application.run_async()
        finally:
            await self.close()
        return self.exit_code(code)

    def _window_closed(self) -> None:
        """The terminal's window was closed (SIGHUP) or the program told to end (SIGTERM): quit as
        Ctrl-C does (found play-testing: a host who closed the window left the guests reading that
        the table had crashed, where Ctrl-C tells them the match is kept; a guest read as lost)."""
        self.model.quit = True
        self.after_key()

    async def close(self) -> None:
        """After the screen closed: stop browsing, tell the server's guests, stop trio."""
        self._stop_browsing()
        with contextlib.suppress(RuntimeError):  # (no loop: a test's screen)
            loop = asyncio.get_running_loop()
            for hang_up in CLOSED_WINDOW:
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.remove_signal_handler(hang_up)
        await self._stop_trio()

    def exit_code(self, code: object) -> int:
        if self._trio_error is not None:
            traceback.print_exception(self._trio_error, file=sys.stderr)
            return 1
        return code if isinstance(code, int) else 0

    def _start_trio(self) -> None:
        import trio

        if self._stopping:  # (quit before it began: nothing to start)
            return
        self._trio_started = True
        loop = asyncio.get_running_loop()

        def done(outcome: Any) -> None:
            try:
                outcome.unwrap()
            except BaseException as exc:
                if not isinstance(exc, KeyboardInterrupt):
                    self._trio_error = exc
                    with contextlib.suppress(Exception):
                        self.application.exit(result=1)
            if self._trio_done is not None and not self._trio_done.done():
                self._trio_done.set_result(None)

        trio.lowlevel.start_guest_run(
            self._trio_main,
            run_sync_soon_threadsafe=loop.call_soon_threadsafe,
            done_callback=done,
            host_uses_signal_set_wakeup_fd=True,
        )

    async def _stop_trio(self) -> None:
        self._stopping = True
        if not self._trio_started or self._trio_done is None:
            return
        if self.trio_token is None:  # its main has not begun: it returns at once (found
            # play-testing: input that ended at once, ``uno join --plain <file``, abandoned the
            # guest run, with trio's tracebacks)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._trio_done), timeout=4.0)
            return
        nursery = self._nursery

        def stop() -> None:
            self.connection.stopping = True
            if self.hosted is not None and nursery is not None:
                nursery.start_soon(self.hosted.stop, nursery)
            elif nursery is not None:
                nursery.start_soon(self._quit, nursery)

        with contextlib.suppress(RuntimeError):
            self.trio_token.run_sync_soon(stop)
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._trio_done), timeout=4.0)

    async def _quit(self, nursery: trio.Nursery) -> None:
        """Tell the server we quit (our seat waits; the table reads that we quit, not that our
        connection was lost), then stop trio."""
        try:
            await self.connection.quit()
        finally:
            nursery.cancel_scope.cancel()

    # ---- LAN browsing (asyncio: zeroconf's async API)

    async def _browse(self) -> None:
        model = self.model
        try:
            from .discovery import Browser
        except Exception:  # zeroconf missing or broken
            model.servers.discovery_state = "unavailable"
            self.invalidate()
            return

        def show(servers: list[Any]) -> None:
            model.servers.set([
                ServerEntry(name=s.name, host=s.host, port=s.port, tables=s.tables,
                            free_seats=s.free_seats, rules=s.rules, players=s.players)
                for s in servers if getattr(s, "compatible", True)
            ])
            self.invalidate()

        try:
            async with Browser(on_change=show):
                await asyncio.Event().wait()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.info("LAN discovery unavailable: %s", exc)
            model.servers.discovery_state = "unavailable"
            self.invalidate()

    def _stop_browsing(self) -> None:
        if self._browse_task is not None:
            self._browse_task.cancel()
            self._browse_task = None

    # ------------------------------------------------------------------ trio side

    async def _trio_main(self) -> None:
        import trio

        self.trio_token = trio.lowlevel.current_trio_token()
        if self._stopping:
            return
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            address = self.options.address
            if self.options.host is not None:
                self.hosted = HostedServer(self.options.host, self.model, self.invalidate, self.options.marks)
                address = await self.hosted.start(nursery)
            if address is not None:
                nursery.start_soon(self.connection.run, *address)
            elif self.model.servers.connect_request is not None:
                self.after_key()
            await trio.sleep_forever()

    def _resume_kept(self) -> None:
        """The host asked to go back to the kept match: connect again, with the seat there."""
        hosted, nursery = self.hosted, self._nursery
        if self.connection.link is None or hosted is None:
            return
        seat = hosted.resume_kept()
        if seat is not None and nursery is not None:
            self.connection.reconnect_with(seat, nursery)

    def drop_connection(self) -> None:
        """Cut the current connection (tests: a connection killed under a running client)."""
        link = self.connection.link
        if link is not None and self.trio_token is not None:
            async def close() -> None:
                await link.stream.aclose()

            nursery = self._nursery
            if nursery is not None:
                self.trio_token.run_sync_soon(lambda: nursery.start_soon(close))
