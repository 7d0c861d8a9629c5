"""The commands as a person runs them: `uno server` in one process, and `uno bots` playing a whole
match against it from another (four bot clients, one of them creating and starting the room),
through server restarts too; and `uno bots` giving up, with the reason, when it cannot play."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import trio
from kit.server import ServerProcess

from client.link import open_link
from engine import View
from protocol import Error, Joined, JoinRoom, ViewMsg, codec

ROOT = Path(__file__).resolve().parents[2]
UNO = Path(sys.executable).with_name("uno")  # the command the project installs


def test_uno_bots_play_a_whole_match_on_uno_server(tmp_path: Path) -> None:
    server = ServerProcess("--next-hand-delay", "0", log_level="warning",
                           log_path=tmp_path / "server.log")
    try:
        port = server.port
        bots = subprocess.run(
            [str(UNO), "bots", "--connect", f"127.0.0.1:{port}",
             "--count", "4", "--create", "--seed", "3", "--think", "0"],
            cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert bots.returncode == 0, bots.stderr
        lines = bots.stdout.splitlines()
        assert len(lines) == 4, bots.stdout
        results = [re.match(r"Robot \d: room (\S+) seat (\S+), (\d+) actions, (\d+) hands, "
                            r"winner seat (\S+), scores \[(.*)\]", line) for line in lines]
        assert all(results), bots.stdout
        # One room, four seats, one winner with at least 500, the same scores everywhere.
        assert {m.group(1) for m in results if m} == {"1"}
        assert sorted(m.group(2) for m in results if m) == ["1", "2", "3", "4"]
        assert len({(m.group(5), m.group(6)) for m in results if m}) == 1
        scores = [int(x) for x in results[0].group(6).split(", ")] if results[0] else []
        winner = int(results[0].group(5)) if results[0] else 0
        assert max(scores) == scores[winner - 1] >= 500
    finally:
        status = server.stop()
    errors = server.log_text()
    assert "Traceback" not in errors and "ERROR" not in errors, errors
    assert status == 0


def test_uno_bots_says_why_when_nobody_answers() -> None:
    bots = subprocess.run([str(UNO), "bots", "--connect", "127.0.0.1:1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bots.returncode == 1
    assert bots.stderr.startswith("uno bots: ") and "Traceback" not in bots.stderr


# ---------------------------------------------------------------------- server restarts

def uno_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ServerProcess:
    """`uno server` with a state directory (not started yet: ``start_async``), and the XDG
    folders in ``tmp_path``."""
    for name in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))
    return ServerProcess("--next-hand-delay", "0", state_dir=tmp_path / "state",
                         log_path=tmp_path / "server.log", log_level="warning",
                         command=[str(UNO), "server"], start=False)


BOT_LINE = re.compile(r"Robot \d: room (\S+) seat (\S+), \d+ actions, \d+ hands, "
                      r"winner seat (\S+), scores \[(.*)\], (\d+) reconnects$")


class Lines:
    """The lines a process writes to one of its pipes, as they come."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._changed = trio.Event()

    async def read(self, stream: trio.abc.ReceiveStream) -> None:
        pending = b""
        while data := await stream.receive_some():
            *whole, pending = (pending + data).split(b"\n")
            self.lines.extend(line.decode() for line in whole)
            self._changed.set()
            self._changed = trio.Event()

    def count(self, text: str) -> int:
        return sum(text in line for line in self.lines)

    async def wait_for(self, text: str, count: int) -> None:
        while self.count(text) < count:
            await self._changed.wait()


async def table_view(port: int) -> View | None:
    """The view of a spectator of room 1, if a match is on there."""
    link = await open_link("127.0.0.1", port)
    try:
        await link.hello("watcher")
        await link.send(JoinRoom(room="1", spectate=True))
        while True:
            message = await link.receive()
            if isinstance(message, ViewMsg):
                return codec.view_from_wire(message.view)
            if isinstance(message, Error) or (isinstance(message, Joined)
                                              and not message.room.started):
                return None
    finally:
        await link.aclose()


async def until_played(port: int, since: View | None = None) -> View:
    """Wait until the match at room 1 is on and past ``since`` (or a few moves in)."""
    while True:
        view = await table_view(port)
        if view is not None and (view.discard_pile > 3 if since is None else view != since):
            return view
        await trio.sleep(0.05)


async def test_uno_bots_tables_survive_server_restarts(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """`uno server --state-dir` is stopped (SIGTERM) and killed (SIGKILL) under a table of
    `uno bots --create`, and started again on the same port and directory each time: the bots
    come back to their seats and finish the match."""
    server = uno_server(tmp_path, monkeypatch)
    out, err = Lines(), Lines()
    bots: trio.Process | None = None
    try:
        await server.start_async()
        port = server.port  # kept when it starts again
        bots = await trio.lowlevel.open_process(
            [str(UNO), "bots", "--connect", f"127.0.0.1:{port}", "--count", "4", "--create",
             "--seed", "3", "--retry-for", "60", "--think", "0"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert bots.stdout is not None and bots.stderr is not None
        async with trio.open_nursery() as nursery:
            nursery.start_soon(out.read, bots.stdout)
            nursery.start_soon(err.read, bots.stderr)
            with trio.fail_after(60):
                await until_played(port)
                assert server.stop(signal.SIGTERM) == 0
                await err.wait_for("lost the connection (shutdown); trying again", 4)
                await server.start_async()
                await err.wait_for("back in seat", 4)
                seen = await until_played(port)
                seen = await until_played(port, seen)  # they play on
                assert seen.outcome is None  # (and the match is not over yet)
                server.kill()
                await err.wait_for("lost the connection", 8)
                await server.start_async()
                await err.wait_for("back in seat", 8)
            with trio.fail_after(120):
                assert await bots.wait() == 0, "\n".join(err.lines)
    finally:
        if bots is not None and bots.returncode is None:
            bots.kill()
        server.kill()
    results = [BOT_LINE.match(line) for line in out.lines]
    assert len(results) == 4 and all(results), out.lines
    matches = [m for m in results if m]
    assert {m.group(1) for m in matches} == {"1"}
    assert sorted(m.group(2) for m in matches) == ["1", "2", "3", "4"]
    assert {m.group(5) for m in matches} == {"2"}  # two comebacks each
    assert len({(m.group(3), m.group(4)) for m in matches}) == 1  # one match, seen alike
    scores = [int(x) for x in matches[0].group(4).split(", ")]
    assert max(scores) == scores[int(matches[0].group(3)) - 1] >= 500
    assert sorted(line.split(":")[1] for line in err.lines if "back in seat" in line) == \
        sorted([" Robot 1", " Robot 2", " Robot 3", " Robot 4"] * 2)
    log = server.log_path.read_text()
    assert "Traceback" not in log and "ERROR" not in log, log[-3000:]


async def test_uno_bots_with_no_open_table_say_why_and_exit(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    server = uno_server(tmp_path, monkeypatch)
    try:
        await server.start_async()
        port = server.port
        began = time.monotonic()
        with trio.fail_after(60):
            bots = await trio.run_process(
                [str(UNO), "bots", "--connect", f"127.0.0.1:{port}", "--count", "2", "--wait", "2",
                 "--think", "0"],
                cwd=ROOT, capture_stdout=True, capture_stderr=True, check=False)
        took = time.monotonic() - began
    finally:
        server.kill()
    errors = bots.stderr.decode()
    assert bots.returncode == 1 and not bots.stdout
    assert errors == (f"uno bots: Robot 1, Robot 2 at 127.0.0.1:{port}: no open table to sit at in 2 s "
                      "(every table is full, started or has a password; --create opens one)\n")
    assert took < 30
