"""End to end, plain mode fed from a file (a script's way): ``uno join --plain <FILE`` runs its
lines as the client gets to them, each after the connection and after the server's answer to
the line before, and quits at the file's end, cleanly. Found play-testing: every line was
refused before the lobby came; ``</dev/null`` ended in trio's tracebacks (epoll does not take a
file), and so did a file whose end came before the client's connection had begun; without
``--plain``, input that is not a terminal ended in a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from kit.server import ServerProcess

PROJECT = Path(__file__).resolve().parents[2]


def join(tmp_path: Path, stdin: Path, address: str, *options: str) -> subprocess.CompletedProcess[str]:
    env = {"XDG_STATE_HOME": str(tmp_path / "s"), "XDG_DATA_HOME": str(tmp_path / "d"),
           "XDG_CONFIG_HOME": str(tmp_path / "c"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
           "TERM": "xterm"}
    with stdin.open("rb") as given:
        done = subprocess.run([sys.executable, "-m", "client", "join", address, *options, "--player", "Ana",
                               "--no-discovery"], stdin=given, capture_output=True, text=True, cwd=PROJECT,
                              env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
    return done


@pytest.mark.parametrize("plain", [["--plain"], []])
def test_input_that_ends_at_once_quits_cleanly(tmp_path: Path, plain: list[str]) -> None:
    done = join(tmp_path, Path("/dev/null"), "127.0.0.1:9", *plain)
    assert "Connecting to 127.0.0.1:9" in done.stdout


def test_a_file_of_commands_opens_a_table_and_starts_it(tmp_path: Path) -> None:
    commands = tmp_path / "commands"
    commands.write_text("new Casa\n3 3\n4 2\n5 hard\nok\nstart\n")
    server = ServerProcess()
    try:
        done = join(tmp_path, commands, f"127.0.0.1:{server.port}", "--plain")
    finally:
        server.stop()
        server.remove_log()
    out = done.stdout
    assert "Not a command here" not in out, out
    assert "3 Seats: 3." in out and "4 Bots: 2." in out and "5 Bot level: hard." in out, out
    # (the table opened: the start waited for it; the deal may come after the input's end; a line each)
    assert "Casa — waiting for the start.\nSeats: 1 Ana (host, you), 2 Bot 1 (hard bot)" in out, out
