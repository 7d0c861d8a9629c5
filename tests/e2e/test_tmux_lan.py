"""End to end, two people: ``uno host`` in one tmux window, ``uno join`` in another reaches the
table by the address the host's screen gives (typed into the table browser), both sit down and
play a hand together; midway the joining client is killed (SIGKILL) and started again, and it
comes back to its seat with the same cards. Discovery stays off here (multicast only ever goes
out inside network namespaces): tests/e2e/test_tmux_netns_rejoin.py finds the table on a LAN.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tmuxkit import HAND_OVER, PYTHON, Player, Tmux, my_turn, parse_hand

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not Path("/usr/bin/tmux").exists(),
                                reason="tmux is not installed")

SEED = int(os.environ.get("UNO_E2E_LAN_SEED", "4"))


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    session = Tmux("lan")
    try:
        yield session
    finally:
        session.kill()


def env(state: Path, name: str) -> dict[str, str]:
    return {"XDG_STATE_HOME": str(state), "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "UNO_NAME": name, "UNO_DEBUG": "1"}


def join_command(*address: str) -> list[str]:
    return [PYTHON, "-m", "client", "join", *address, "--lang", "en", "--no-discovery"]


def test_tmux_host_and_join_play_a_hand_and_the_guest_survives_a_kill(tmux: Tmux, tmp_path: Path) -> None:
    host = tmux.start([PYTHON, "-m", "client", "host", "--bots", "0", "--seats", "2", "--seed", str(SEED),
                       "--lang", "en", "--port", "0", "--turn-timeout", "0", "--name", "Mesa LAN",
                       "--no-discovery"],
                      env(tmp_path / "ana", "Ana"), window="host")
    screen = tmux.wait_for(host, "press s to start", timeout=10, what="the host's waiting room")
    invitation = re.search(r"uno join (\S+)", screen)
    assert invitation is not None, screen
    address = invitation.group(1)

    pidfile = tmp_path / "luis.pid"
    guest = tmux.start(join_command(), env(tmp_path / "luis", "Luis"), window="guest", pidfile=pidfile)
    tmux.wait_for(guest, "Address (host:port)", timeout=10, what="the table browser")
    tmux.send(guest, "-l", address)
    tmux.wait_for(guest, address, timeout=3)
    tmux.send(guest, "Enter")
    screen = tmux.wait_for(guest, "Lobby", timeout=10, what="the server's lobby")
    assert "› Mesa LAN" in screen and "1/2" in screen
    tmux.send(guest, "Enter")
    tmux.wait_for(guest, "Waiting for Ana to start", timeout=10)
    tmux.wait_for(host, "Luis", timeout=5, what="Luis in the host's waiting room")

    tmux.send(host, "s")
    dealt = re.compile(r"Your hand \(\d+\)")
    tmux.wait_for(host, lambda s: dealt.search(s) is not None, timeout=10, what="the deal (host)")
    tmux.wait_for(guest, lambda s: dealt.search(s) is not None, timeout=10, what="the deal (guest)")

    ana, luis = Player(tmux, host, "Ana"), Player(tmux, guest, "Luis")
    killed = False
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        host_screen, guest_screen = tmux.screen(host), tmux.screen(guest)
        if HAND_OVER.search(host_screen) and HAND_OVER.search(guest_screen):
            break
        for player in (ana, luis):
            screen = tmux.screen(player.window)
            if my_turn(screen) and not HAND_OVER.search(screen):
                screen = tmux.stable_screen(player.window)
                if my_turn(screen):
                    player.take_turn(screen)
        if not killed and "play" in luis.steps and not HAND_OVER.search(tmux.screen(host)):
            killed = True
            before = parse_hand(tmux.stable_screen(guest))
            assert before is not None
            os.kill(int(pidfile.read_text()), signal.SIGKILL)  # the guest's terminal crashes
            tmux.wait_for(host, "Luis lost the connection", timeout=10, settle=False)
            assert "offline" in tmux.screen(host)
            guest = tmux.start(join_command(address), env(tmp_path / "luis", "Luis"), window="guest2")
            screen = tmux.wait_for(guest, "Your hand", timeout=10, what="the seat taken back")
            after = parse_hand(screen)
            assert after is not None and sorted(after.cards) == sorted(before.cards), (before, after)
            assert "Welcome back" in screen or "Luis (you)" in screen
            tmux.wait_for(host, "Luis came back", timeout=5, settle=False)
            luis = Player(tmux, guest, "Luis")
            luis.steps["play"] = screen
        time.sleep(0.05)
    else:
        raise AssertionError("the hand did not end")

    assert killed
    for window in (host, guest):
        final = tmux.stable_screen(window)
        assert HAND_OVER.search(final) and "Cards left" in final
        assert "Ana" in final and "Luis" in final
