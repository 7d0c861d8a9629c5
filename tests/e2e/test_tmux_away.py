"""End to end, as a person lives it (issue 9, problem 3): in a seeded ``uno host`` game with a
short turn timeout, Ana lets three turns run out, is marked away (the screen says so and which
key brings her back), presses one key, and plays her next turn herself.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmuxkit import PYTHON, Tmux, parse_hand

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not Path("/usr/bin/tmux").exists(),
                                reason="tmux is not installed")

TURN_TIMEOUT = 4  # seconds: long enough for a loaded machine to press keys in time
TIMES_UP = "Time's up for Ana"  # (the log wraps the rest of the line)
AWAY = "You are away"


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    session = Tmux("away")
    try:
        yield session
    finally:
        session.kill()


def host_command(lang: str) -> list[str]:
    return [PYTHON, "-m", "client", "host", "--bots", "1", "--seed", "5", "--lang", lang,
            "--no-discovery", "--port", "0", "--bot-delay", "0.3",
            "--turn-timeout", str(TURN_TIMEOUT)]


def env_for(tmp_path: Path) -> dict[str, str]:
    return {"XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"), "TERM": "xterm-256color",
            "LANG": "C.UTF-8", "UNO_NAME": "Ana"}


def test_tmux_three_timeouts_then_one_key_and_the_next_turn_is_yours(tmux: Tmux,
                                                                   tmp_path: Path) -> None:
    window = tmux.start(host_command("en"), env_for(tmp_path))
    tmux.wait_for(window, "press s to start", timeout=15, what="the waiting room")
    tmux.send(window, "s")
    tmux.wait_for(window, lambda s: re.search(r"Your hand \(\d+\)", s) is not None, timeout=15,
                  what="the deal")

    # Ana does nothing: her turns run out, the stand-in plays them, and the log says so.
    screen = tmux.wait_for(window, AWAY, timeout=6 * TURN_TIMEOUT + 20,
                           what="the away banner after three timeouts")
    print(f"--- marked away:\n{screen}")
    assert "Press any key to come back" in screen
    assert TIMES_UP in screen

    # One key, off her turn or on it: she is back.
    tmux.send(window, "x")
    screen = tmux.wait_for(window, lambda s: AWAY not in s, timeout=10, what="the banner gone")
    print(f"--- back:\n{screen}")

    # Her next turn waits for her: she draws, and keeps or plays what she drew, herself.
    screen = tmux.wait_for(window, "Your turn", timeout=15, what="her next turn")
    assert AWAY not in screen
    hand = parse_hand(screen)
    assert hand is not None
    tmux.send(window, "d")
    screen = tmux.wait_for(window, lambda s: "Ana drew" in s.split("Your hand")[0], timeout=5,
                           what="her own draw in the log")
    print(f"--- her own turn:\n{screen}")
    if "Enter plays it" in screen:
        tmux.send(window, "p")
        screen = tmux.wait_for(window, "Ana passes", timeout=5, what="the drawn card kept")
    # "Ana drew" starts a line of the log of its own: no "Time's up for Ana" before it.
    log = [line[38:].strip() for line in screen.split("Your hand")[0].splitlines()]
    assert any(line.startswith("Ana drew") for line in log), log
    assert AWAY not in screen


def test_tmux_away_in_spanish(tmux: Tmux, tmp_path: Path) -> None:
    window = tmux.start(host_command("es"), env_for(tmp_path))
    tmux.wait_for(window, "pulsa s para empezar", timeout=15, what="the waiting room")
    tmux.send(window, "s")
    screen = tmux.wait_for(window, "Estás ausente", timeout=6 * TURN_TIMEOUT + 20,
                           what="the away banner")
    print(screen)
    assert "Pulsa cualquier tecla para volver" in screen
    assert "Se acabó el tiempo de Ana" in screen
    tmux.send(window, "x")
    tmux.wait_for(window, lambda s: "Estás ausente" not in s, timeout=10, what="back")
    screen = tmux.wait_for(window, "Tu turno", timeout=15, what="her next turn")
    tmux.send(window, "d")
    tmux.wait_for(window, "Ana robó", timeout=5, what="her own draw in the log")
