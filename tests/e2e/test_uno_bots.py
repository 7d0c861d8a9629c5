"""The commands as a person runs them: `uno server` in one process, and `uno bots` playing a whole
match against it from another (four bot clients, one of them creating and starting the room)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UNO = Path(sys.executable).with_name("uno")  # the command the project installs


def test_uno_bots_play_a_whole_match_on_uno_server() -> None:
    server = subprocess.Popen(
        [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", "0", "--no-discovery",
         "--next-hand-delay", "0", "--log-level", "warning"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("listening on "), line
        port = line.rsplit(":", 1)[1].strip()
        bots = subprocess.run(
            [str(UNO), "bots", "--connect", f"127.0.0.1:{port}",
             "--count", "4", "--create", "--seed", "3"],
            cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert bots.returncode == 0, bots.stderr
        lines = bots.stdout.splitlines()
        assert len(lines) == 4, bots.stdout
        results = [re.match(r"Bot \d: room (\S+) seat (\S+), (\d+) actions, (\d+) hands, "
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
        server.terminate()
        _, errors = server.communicate(timeout=10)
    assert "Traceback" not in errors and "ERROR" not in errors, errors
    assert server.returncode == 0


def test_uno_bots_says_why_when_nobody_answers() -> None:
    bots = subprocess.run([str(UNO), "bots", "--connect", "127.0.0.1:1"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bots.returncode == 1
    assert bots.stderr.startswith("uno bots: ") and "Traceback" not in bots.stderr
