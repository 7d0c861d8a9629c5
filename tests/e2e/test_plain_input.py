"""End to end, plain mode fed from a file: ``uno join --plain <FILE`` (a script's way) reads its
commands and quits at the file's end, cleanly. Found play-testing: ``</dev/null`` ended in
trio's tracebacks (epoll does not take a file), and so did a file whose end came before the
client's connection had begun."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("commands", ["", "help\n"])
def test_plain_mode_reads_a_file_to_its_end_and_quits_cleanly(tmp_path: Path, commands: str) -> None:
    given = tmp_path / "commands"
    given.write_text(commands)
    env = {"XDG_STATE_HOME": str(tmp_path / "s"), "XDG_DATA_HOME": str(tmp_path / "d"),
           "XDG_CONFIG_HOME": str(tmp_path / "c"), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    for source in (given, Path("/dev/null")) if not commands else (given,):
        with source.open("rb") as stdin:
            done = subprocess.run([sys.executable, "-m", "client", "join", "127.0.0.1:9", "--plain",
                                   "--player", "Ana", "--no-discovery"], stdin=stdin, capture_output=True,
                                  text=True, cwd=PROJECT, env=env, timeout=30)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
        assert "Connecting to 127.0.0.1:9" in done.stdout
        if commands:
            assert "q quit" in done.stdout  # (help's answer: the command was read)
