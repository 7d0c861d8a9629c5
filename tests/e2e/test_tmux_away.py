"""End to end, as a person lives it (issue 9, problem 3): in a seeded ``uno host`` game with a
short turn timeout, Ana lets three turns run out, is marked away (the screen says so and which
key brings her back), presses one key, and plays her next turn herself.
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

TURN_TIMEOUT = 5  # seconds: long enough for a loaded machine to press keys in time
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
    tmux.send(window, "o")  # (a key with no other job: x now asks to leave)
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
        screen = tmux.wait_for(window, "Ana passed", timeout=5, what="the drawn card kept")
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
    tmux.send(window, "o")  # (a key with no other job: x now asks to leave)
    tmux.wait_for(window, lambda s: "Estás ausente" not in s, timeout=10, what="back")
    screen = tmux.wait_for(window, "Tu turno", timeout=15, what="her next turn")
    tmux.send(window, "d")
    tmux.wait_for(window, "Ana robó", timeout=5, what="her own draw in the log")


def test_tmux_a_killed_guest_comes_back_to_the_recent_log_and_chat(tmux: Tmux,
                                                                  tmp_path: Path) -> None:
    """Issue 9: "coming back restores the recent log and chat of the room, not an empty screen".
    Luis's terminal is killed mid-hand; started again, it shows the moves and the chat from
    before (only the server's ``history`` has them: the new process remembers nothing)."""
    host = tmux.start([PYTHON, "-m", "client", "host", "--bots", "1", "--seats", "3", "--seed", "5",
                       "--lang", "en", "--no-discovery", "--port", "0", "--bot-delay", "0.3",
                       "--turn-timeout", "0", "--name", "Mesa"],
                      env_for(tmp_path / "ana"), window="host")
    screen = tmux.wait_for(host, "press s to start", timeout=15, what="the host's waiting room")
    invitation = re.search(r"uno join (\S+)", screen)
    assert invitation is not None, screen
    address = invitation.group(1)
    luis_env = {**env_for(tmp_path / "luis"), "UNO_NAME": "Luis"}
    join = [PYTHON, "-m", "client", "join", address, "--lang", "en"]
    pidfile = tmp_path / "luis.pid"
    guest = tmux.start(join, luis_env, window="guest", pidfile=pidfile)
    tmux.wait_for(guest, "Mesa", timeout=15, what="the lobby")
    tmux.send(guest, "Enter")
    tmux.wait_for(guest, "Waiting for Ana to start", timeout=10, what="the guest seated")
    tmux.send(host, "t")
    tmux.wait_for(host, "Say:", timeout=5, what="the chat prompt")
    tmux.send(host, "-l", "hola Luis")
    tmux.send(host, "Enter")
    tmux.wait_for(guest, "Ana: hola Luis", timeout=5, what="the chat at the guest")
    tmux.send(host, "s")

    ana, luis = Player(tmux, host, "Ana"), Player(tmux, guest, "Luis")
    deadline = time.monotonic() + 60
    while not ({"draw", "play"} & set(luis.steps) and {"draw", "play"} & set(ana.steps)):
        assert time.monotonic() < deadline, "nobody played"
        for player in (ana, luis):
            screen = tmux.screen(player.window)
            if my_turn(screen) and not HAND_OVER.search(screen):
                screen = tmux.stable_screen(player.window)
                if my_turn(screen):
                    player.take_turn(screen)
        time.sleep(0.05)
    before = tmux.stable_screen(guest)
    moves = [line[38:].strip() for line in before.split("Your hand")[0].splitlines()
             if re.match(r"(Ana|Luis|Bot 1) (played|drew|draws)", line[38:].strip())]
    assert moves, before
    print(f"--- before the kill:\n{before}")

    os.kill(int(pidfile.read_text()), signal.SIGKILL)  # the guest's terminal crashes
    tmux.wait_for(host, "Luis lost the connection", timeout=10, settle=False)
    guest = tmux.start(join, luis_env, window="guest2")
    screen = tmux.wait_for(guest, "Your hand", timeout=15, what="the seat taken back")
    print(f"--- after:\n{screen}")
    assert "Ana: hola Luis" in screen  # the chat
    log = [line[38:].strip() for line in screen.split("Your hand")[0].splitlines()]
    assert moves[-1] in log or any(moves[-1].startswith(line) for line in log if line), (moves, log)
