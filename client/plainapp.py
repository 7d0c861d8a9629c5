"""Plain mode's terminal: lines in, lines out, no full screen (``uno host --plain``, ``uno join
--plain``, and whenever ``TERM=dumb``).

``PlainScreen`` stands where the prompt-toolkit ``Application`` stands in the full-screen client,
with the few parts of it ``ClientApp`` uses (``run_async``, ``invalidate``, ``exit``,
``after_render``, ``output.bell``), so the same ``ClientApp`` runs the network under it. It reads
standard input a line at a time (the terminal's own line editing, which screen readers know)
and hands each line to ``PlainCommands``; after every change (``invalidate``) it appends what
``PlainView`` says changed. Nothing is ever redrawn.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import termios
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from prompt_toolkit.utils import Event

from .enums import Prompt, Screen, Status
from .i18n import t
from .plainwords import words

DEAL_TIME_MOVED = 3.0
"""Seconds by which the next deal's time must move to be said again inside a replay (each view
sets it anew from the server's seconds left, a little apart; more time moves it by 15)."""

if TYPE_CHECKING:
    from .app import ClientApp
    from .model import Model
    from .plaincmd import PlainCommands
    from .plainreplay import PlainReplay
    from .plainview import PlainView
    from .replayer import Replayer


CLOCK_TICK = 1.0  # seconds between two looks at the turn's clock (``PlainView.clock_due``)


class PlainOutput:
    """The part of prompt-toolkit's ``Output`` the client uses: the bell."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def bell(self) -> None:
        self.out.write("\a")

    def flush(self) -> None:
        self.out.flush()


class PlainScreen:
    def __init__(self, first: str, *, input_fd: int | None = None, out: TextIO | None = None) -> None:
        self.first = first  # said before the client is built
        self.input_fd = input_fd  # standard input unless given
        self.out = sys.stdout if out is None else out
        self.output = PlainOutput(self.out)
        self.after_render: Event[PlainScreen] = Event(self)
        self.view: PlainView | None = None
        self.commands: PlainCommands | None = None
        self.after_key: Callable[[], None] = lambda: None
        self.replay: PlainReplay | None = None  # the replay being gone through, if one is
        self._deal_told: float | None = None  # the next deal's time said inside it (``_deal_time``)
        self._done: asyncio.Future[int] | None = None
        self._flush_due = False
        self._buffer = b""
        # Lines read ahead of the client (input from a file or a pipe: found play-testing,
        # every line was refused before the lobby came), each run once the screen it needs may
        # have come: after the connection, and after the answer to the line before that asked
        # the server something (``Model.received`` then counts past ``_asked_at``)
        # (typed at a terminal, a line runs at once: a person reads before typing, and a line
        # held for an answer would keep "quit" waiting while the link is down)
        self._read_ahead = False  # the input is not a terminal
        self._held: list[str] = []
        self._asked_at: int | None = None
        self._input_ended = False
        self.is_running = False
        self._ticking: asyncio.TimerHandle | None = None

    @property
    def is_done(self) -> bool:
        return self._done is not None and self._done.done()

    def adopt(self, model: Model, after_key: Callable[[], None]) -> None:
        """Show ``model`` (``ClientApp`` calls this as it takes the screen over)."""
        from .hintrun import start_hint
        from .plaincmd import PlainCommands
        from .plainview import PlainView

        view = PlainView(model)

        def on_hint() -> None:
            view.forget("hint")  # (asked again, said again: found play-testing, silence looked hung)
            start_hint(model, self.invalidate)

        commands = PlainCommands(model, on_hint=on_hint)
        self.view, self.commands, self.after_key = view, commands, after_key
        self.view.said("connection", self.first)  # (launch_plain said it)
        self.invalidate()

    def say(self, lines: list[str]) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def invalidate(self) -> None:
        """Something changed: say it soon (once, however many changes come before)."""
        if self._flush_due:
            return
        self._flush_due = True
        with contextlib.suppress(RuntimeError):  # no loop: said at the start instead
            asyncio.get_running_loop().call_soon(self._flush)

    def show_replay(self, replayer: Replayer) -> None:
        """The replay asked for came: said a move at a time as it is stepped through; the
        table's changes wait until it is left."""
        from .plainreplay import PlainReplay

        self.replay = PlainReplay(replayer)
        said = self.replay.opening()
        self._deal_told = None
        said[1:1] = self._deal_time()
        self.say(said)

    def _deal_time(self) -> list[str]:
        """Inside a replay between two hands, when the next one is dealt: the deal does not wait
        for the replay (found re-checking, it came unsaid), said again as the countdown grows
        (the table's lines wait until the replay is left), and not while our more time is asked
        (found writing its tmux story: the replay comes before the longer countdown, and "dealt
        in 5 s" was said of a deal 20 s away)."""
        model = self.view.model if self.view is not None else None
        if model is None or model.more_time_asked:
            return []
        table = model.table
        deadline, left = table.deadline_at, table.seconds_left()
        if not table.hand_over or table.match_over or deadline is None or left is None:
            return []
        if self._deal_told is not None and abs(deadline - self._deal_told) < DEAL_TIME_MOVED:
            return []
        self._deal_told = deadline
        return [t("plain_replay_deal_in", n=left)]

    def close_replay(self) -> bool:
        """Our turn came: the replay closes, and the table is said again (found play-testing: the
        table's lines waited behind it, and a bot played the turn of a player stepping through
        it). Whether one was open."""
        if self.replay is None:
            return False
        self.replay = None
        if self.view is not None:
            self.view.forget("prompt", "notice")  # (the table, all of it: it went on meanwhile)
        self.invalidate()
        return True

    def _flush(self) -> None:
        self._flush_due = False
        if self.view is not None and not self.is_done and self.replay is None:
            self.say(self.view.changes())
            self._echo(self.view.model.prompt is not Prompt.PASSWORD)
        elif self.replay is not None:
            self.say(self._deal_time())
        self.after_render.fire()
        if self._held and not self._waiting():
            self.line(self._held.pop(0))
            self.invalidate()  # (the next, at the next turn of the loop)
        elif self._input_ended and not self._held and not self._waiting():  # (its last line answered)
            self._received(b"")

    def _waiting(self) -> bool:
        """Whether a line read ahead must wait: no client yet, still connecting, or the server
        has not answered the line before."""
        if self.view is None:
            return True
        model = self.view.model
        if not self._read_ahead or model.session.status is Status.FAILED:  # (FAILED: nothing
            return False  # more will come: on with them)
        return model.screen is Screen.CONNECTING or self._answer_due()

    def _answer_due(self) -> bool:
        """Whether input read ahead still waits for the server's answer to its last line that
        asked something."""
        model = self.view.model if self.view is not None else None
        return (self._read_ahead and model is not None and self._asked_at is not None
                and model.received <= self._asked_at and model.session.status is not Status.FAILED)

    def _echo(self, on: bool) -> None:
        """A password is not echoed as it is typed (when the input is a terminal)."""
        fd = self.input_fd
        if fd is None or not os.isatty(fd):
            return
        with contextlib.suppress(termios.error):
            attributes = termios.tcgetattr(fd)
            wanted = attributes[3] | termios.ECHO if on else attributes[3] & ~termios.ECHO
            if wanted != attributes[3]:
                attributes[3] = wanted
                termios.tcsetattr(fd, termios.TCSANOW, attributes)

    def exit(self, result: int = 0) -> None:
        if self._done is not None and not self._done.done():
            self._done.set_result(result)

    async def run_async(self) -> int:
        loop = asyncio.get_running_loop()
        self._done = loop.create_future()
        self.is_running = True
        if self.input_fd is None:
            self.input_fd = sys.stdin.fileno()
        fd = self.input_fd
        self._read_ahead = not os.isatty(fd)
        tty = None if self._read_ahead else _tty_mode(fd)
        # Stopped and continued, the terminal's line mode as it was (found play-testing: a shell
        # had left it unbuffered and without CR to NL, and Enter was never a line again)
        if tty is not None:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(signal.SIGCONT, self._tty_again, fd, tty)
        try:
            loop.add_reader(fd, self._readable)
        except PermissionError:  # a file, or /dev/null, which epoll refuses: read in a thread
            # (found play-testing: ``uno join --plain </dev/null`` ended in trio's tracebacks)
            threading.Thread(target=self._read_file, args=(fd, loop), daemon=True).start()
        self._flush_due = False
        self.invalidate()
        self._tick()
        try:
            return await self._done
        finally:
            self.is_running = False
            if self._ticking is not None:
                self._ticking.cancel()
            self._echo(True)
            loop.remove_reader(fd)
            if tty is not None:
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.remove_signal_handler(signal.SIGCONT)

    def _tick(self) -> None:
        """Each second, whether the turn's clock has news (nothing else changes with time alone)."""
        if self.view is not None and self.view.clock_due():
            self.invalidate()
        self._ticking = asyncio.get_running_loop().call_later(CLOCK_TICK, self._tick)

    def _tty_again(self, fd: int, tty: list[Any]) -> None:
        """After a stop: the terminal's line mode as it was at the start, the echo as it is now."""
        with contextlib.suppress(termios.error):
            termios.tcsetattr(fd, termios.TCSANOW, tty)
        self._echo(self.view is None or self.view.model.prompt is not Prompt.PASSWORD)

    def _read_file(self, fd: int, loop: asyncio.AbstractEventLoop) -> None:
        """Input that cannot be polled, read to its end (each part handed to the loop)."""
        while True:
            try:
                data = os.read(fd, 4096)
            except OSError:
                data = b""
            with contextlib.suppress(RuntimeError):  # (the loop closed: the client is done)
                loop.call_soon_threadsafe(self._received, data)
            if not data:
                return

    def _readable(self) -> None:
        assert self.input_fd is not None
        try:
            data = os.read(self.input_fd, 4096)
        except OSError:
            data = b""
        self._received(data)

    def _received(self, data: bytes) -> None:
        if not data and (self._held or self._answer_due()):  # (the end of a file read ahead:
            self._input_ended = True  # once its lines have run, and the last one is answered)
            return
        if not data:  # end of input (Ctrl-D): quit, as Ctrl-Q does
            model = self.view.model if self.view is not None else None
            if model is not None:
                model.quit = True
                self.after_key()
            self.exit(0)
            return
        self._buffer += data
        while b"\n" in self._buffer:
            raw, self._buffer = self._buffer.split(b"\n", 1)
            text = raw.decode("utf-8", errors="replace").rstrip("\r")
            if self._held or self._waiting():
                self._held.append(text)
            else:
                self.line(text)
        if self._held:
            self.invalidate()

    def line(self, text: str) -> None:
        """One line typed."""
        view, commands = self.view, self.commands
        if view is None or commands is None:
            return
        if self.replay is not None:  # the replay takes the lines until it is left
            table = view.model.table
            if text.strip().lower() in words("pass") and table.hand_over and not table.match_over:
                # (more time, as at the table: found re-checking, a hand of 109 moves could not
                # be heard through before the deal, nor more time asked from inside it)
                view.model.pass_turn()
                self.after_key()  # (sent now: found writing its tmux story, it went at the next ping)
                self.say([t("plain_replay_more_time")])
                return
            replies = self.replay.run(text)
            if not self.replay.done:
                self.say(replies)
                return
            self.replay = None
            self.say(replies)
            text = ""  # then the table again, all of it: it went on meanwhile
        model = view.model
        editing = model.form is not None and model.form.editing
        replies = commands.run(text)
        if editing and model.form is None:  # the rules' form closed: the room is not said again
            view.hold_screen()  # (found play-testing: with the old rules, before the server's answer)
        view.forget("prompt", "notice")  # a question still open is asked again
        if commands.field is not None:  # a field of the new-table form: said even if unchanged
            view.forget_part("screen", commands.field + 1)
        self._asked_at = model.received if len(model.outbox) else None  # (a line read ahead waits)
        self.after_key()
        # What the line got first, then the state and the question still open (found play-testing:
        # a wrong colour's refusal came after the question asked again, and read as its answer)
        self.say(replies + (view.all_lines() if commands.look else view.changes()))
        self._echo(view.model.prompt is not Prompt.PASSWORD)


def _tty_mode(fd: int) -> list[Any] | None:
    """The terminal's modes (``termios.tcgetattr``), or None where there are none."""
    try:
        return termios.tcgetattr(fd)
    except termios.error:
        return None


async def launch_plain(text: str, make_client: Callable[[PlainScreen], ClientApp]) -> int:
    """Plain mode's start: say what is happening, build the client at once, run it."""
    screen = PlainScreen(text)
    screen.say([t("plain_on"), text])
    client = make_client(screen)
    return await client.run()
