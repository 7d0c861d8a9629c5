"""End to end, as a person plays it: ``uno host --bots 3`` in an 80×24 tmux window, driven with
send-keys through a whole hand (start, draw, play, a wild and its colour, UNO), reading the screen
at each step. The deal is fixed by ``--seed``; the bots are quick (``--bot-delay``).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmuxkit import HAND_OVER, PYTHON, Player, Tmux

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not Path("/usr/bin/tmux").exists(),
                                reason="tmux is not installed")

SEED = int(os.environ.get("UNO_E2E_SEED", "9"))


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    session = Tmux("play")
    try:
        yield session
    finally:
        session.kill()


def host_command(seed: int = SEED, *extra: str) -> list[str]:
    return [PYTHON, "-m", "client", "host", "--bots", "3", "--seed", str(seed), "--lang", "en",
            "--no-discovery", "--port", "0", "--bot-delay", "0.05", "--turn-timeout", "0", *extra]


def test_tmux_host_plays_a_whole_hand(tmux: Tmux, tmp_path: Path) -> None:
    env = {"XDG_STATE_HOME": os.environ.get("UNO_E2E_STATE", str(tmp_path)), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "UNO_NAME": "Ana", "UNO_DEBUG": "1"}
    window = tmux.start(host_command(), env)

    screen = tmux.wait_for(window, "press s to start", timeout=10, what="the waiting room")
    assert "Ana  (host, you)" in screen and "Bot 3  (bot)" in screen
    assert "Friends join with: uno join" in screen
    assert "s start" in screen.splitlines()[-1]  # the key help

    tmux.send(window, "s")
    screen = tmux.wait_for(window, lambda s: re.search(r"Your hand \(\d+\)", s) is not None,
                           timeout=10, what="the deal")
    assert "Hand 1" in screen and "Draw pile:" in screen
    assert "┌────────┐" in screen  # the top card, drawn large
    for bot in ("Bot 1", "Bot 2", "Bot 3"):
        assert bot in screen
    assert "Enter play" in screen and "d draw" in screen and "u UNO" in screen

    # it follows resizes: wider, narrower, and back to 80×24
    for width, height in ((100, 30), (64, 20), (80, 24)):
        tmux.resize(window, width, height)
        rule = f"\n{'─' * width}\n"
        screen = tmux.wait_for(window, lambda s, r=rule: r in s and "Your hand" in s and "Enter play" in s,  # type: ignore[misc]
                               timeout=5, what=f"the table redrawn {width} columns wide")
        assert len(screen.splitlines()) <= height

    ana = Player(tmux, window, "Ana")
    final = ana.play_hand()
    steps = ana.steps

    assert {"draw", "play", "colour_picker", "wild", "uno_armed", "uno"} <= set(steps), sorted(steps)
    assert "Ana drew" in steps["draw"]
    assert "Ana played" in steps["play"]
    assert "Colour for Wild" in steps["colour_picker"]
    assert "Ana: UNO!" in steps["uno"]
    uno_line = next(line for line in steps["uno"].splitlines() if "Ana: UNO!" in line)
    assert uno_line.count("UNO!") == 1, uno_line  # said with the card: told once, by its event
    assert HAND_OVER.search(final)
    assert "Cards left" in final and "Score" in final  # every hand, with its points
    assert "Ana" in final
