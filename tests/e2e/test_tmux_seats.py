"""End to end, seats: ``uno host --bots 3`` (every seat taken, three by bots) still lets a friend
sit down before the start (a bot makes room), and someone arriving after the start takes over a
bot's seat with Enter in the lobby, in Spanish, and plays its next turn. Three tmux windows."""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmuxkit import HAND_OVER, PYTHON, Player, Tmux, my_turn

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not Path("/usr/bin/tmux").exists(),
                                reason="tmux is not installed")


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    session = Tmux("seats")
    try:
        yield session
    finally:
        session.kill()


def env(home: Path, name: str) -> dict[str, str]:
    return {"XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "data"),
            "XDG_CONFIG_HOME": str(home / "config"), "TERM": "xterm-256color",
            "LANG": "C.UTF-8", "UNO_NAME": name, "UNO_DEBUG": "1"}


def join(address: str, lang: str) -> list[str]:
    return [PYTHON, "-m", "client", "join", address, "--lang", lang, "--no-discovery"]


def test_tmux_friends_sit_before_the_start_and_a_late_arrival_takes_a_bots_seat(
        tmux: Tmux, tmp_path: Path) -> None:
    host = tmux.start([PYTHON, "-m", "client", "host", "--bots", "3", "--seed", "3", "--lang", "en",
                       "--no-discovery", "--port", "0", "--bot-delay", "0.05", "--turn-timeout", "0",
                       "--seven-zero", "--jump-in"],
                      env(tmp_path / "ana", "Ana"), window="host")
    screen = tmux.wait_for(host, "press s to start", timeout=15, what="the host's waiting room")
    assert "Seats 4/4" in screen and "7-0 swaps, jump-in" in screen  # the options given as flags
    invitation = re.search(r"uno join (\S+)", screen)
    assert invitation is not None, screen
    address = invitation.group(1)

    # A friend arrives before the start at a table whose four seats are taken, three by bots.
    guest = tmux.start(join(address, "en"), env(tmp_path / "luis", "Luis"), window="luis")
    screen = tmux.wait_for(guest, "› Ana's table", timeout=15, what="the lobby")
    assert "4/4" in screen and "waiting" in screen
    tmux.send(guest, "Enter")
    tmux.wait_for(guest, "Waiting for Ana to start", timeout=10, what="Luis seated")
    screen = tmux.wait_for(host, "Luis", timeout=5, what="Luis in the host's waiting room")
    assert "Bot 3  (bot)" not in screen and "Bot 2  (bot)" in screen  # a bot made room
    tmux.send(host, "s")
    dealt = re.compile(r"Your hand \(\d+\)")
    tmux.wait_for(host, lambda s: dealt.search(s) is not None, timeout=10, what="the deal")

    # Someone arrives during the match, in Spanish: Enter takes over a bot's seat.
    late = tmux.start(join(address, "es"), env(tmp_path / "eva", "Eva"), window="eva")
    screen = tmux.wait_for(late, "› Ana's table", timeout=15, what="the lobby (es)")
    assert "jugando" in screen
    tmux.send(late, "Enter")
    screen = tmux.wait_for(late, lambda s: re.search(r"Tu mano \(\d+\)", s) is not None and "Eva (tú)" in s,
                           timeout=10, what="Eva at the table")
    board = screen.split("────")[0]  # the players' row (the log may name Bot 1: its past moves)
    assert "Bot 1" not in board and "Eva (tú)" in board  # Bot 1's seat is Eva's now
    tmux.wait_for(host, "Eva took over Bot 1's seat", timeout=10, settle=False)

    # Everyone plays until Eva has taken a turn of her own.
    ana, luis = Player(tmux, host, "Ana"), Player(tmux, guest, "Luis")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        eva_screen = tmux.screen(late)
        if HAND_OVER.search(tmux.screen(host)) or re.search(r"gana (la mano|la partida)", eva_screen):
            pytest.fail("the hand ended before Eva's turn came")  # (the seed makes it come)
        if "Tu turno" in eva_screen:
            eva_screen = tmux.stable_screen(late)
            tmux.send(late, "d")
            screen = tmux.wait_for(late, lambda s: "Eva robó" in s, timeout=10, what="Eva's draw")
            if "Enter la juega" in screen:
                tmux.send(late, "p")
            tmux.wait_for(host, lambda s: "Eva drew a card" in s or "Eva passed" in s, timeout=10,
                          settle=False, what="Eva's turn in the host's log")
            break
        for player in (ana, luis):
            screen = tmux.screen(player.window)
            if my_turn(screen) and not HAND_OVER.search(screen):
                screen = tmux.stable_screen(player.window)
                if my_turn(screen):
                    player.take_turn(screen)
        time.sleep(0.05)
    else:
        raise AssertionError("Eva's turn never came")
