"""End to end, in tmux: Rosa hosts (``uno host``, in Spanish) and Sam joins; on Sam's turn
Rosa's laptop "sleeps" (her program is stopped, SIGSTOP, longer than a turn's clock), and Sam
draws meanwhile. Woken (SIGCONT), her program counts the time it lost as nobody's: Sam's draw
stands, no turn timed out, nobody was marked away. Found play-testing: the turn on timed out as
the host's program woke, Sam's move was refused, "Time's up" blamed him, and the links of the
table were dropped (then the host's role went to a guest)."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("hostsleeps", width=100, height=30)

TIMEOUT = 6  # the turn's clock (seconds); Rosa's program sleeps longer than that


def test_tmux_the_time_a_hosts_program_slept_is_nobodys(tmux: Tmux, tmp_path: Path) -> None:
    pidfile = tmp_path / "rosa.pid"
    rosa = tmux.start(play.host("--player", "Rosa", "--seed", "3", "--turn-timeout", str(TIMEOUT),
                                "--no-bell", lang="es"),
                      play.person(tmp_path / "rosa"), window="rosa", pidfile=pidfile)
    address = play.invitation(play.waiting_room(tmux, rosa, "pulsa s para empezar"))
    sam = tmux.start(play.join(address, "--player", "Sam", "--no-bell"), play.person(tmp_path / "sam"),
                     window="sam")
    play.sit(tmux, sam, "Mesa de Rosa", waiting="Waiting for Rosa to start")
    tmux.send(rosa, "S")  # (no bots: Rosa and Sam alone)
    deadline = time.monotonic() + 60
    while "Your turn" not in tmux.screen(sam):  # (Rosa draws on hers: Sam's comes)
        assert time.monotonic() < deadline, tmux.screen(sam)
        if "Tu turno" in tmux.screen(rosa):
            tmux.send(rosa, "d")
            tmux.wait_for(rosa, lambda s: "Tu turno" not in s or "Enter lo juega" in s, timeout=5,
                          what="Rosa's draw")
            if "Tu turno" in tmux.screen(rosa):
                tmux.send(rosa, "p")  # (the card drawn could be played: she keeps it)
        time.sleep(0.2)
    host = int(pidfile.read_text())
    os.kill(host, signal.SIGSTOP)
    try:
        tmux.send(sam, "d")
        time.sleep(TIMEOUT + 4)  # (the laptop asleep: the stimulus, not a wait for a condition)
    finally:
        os.kill(host, signal.SIGCONT)
    screen = tmux.wait_for(sam, lambda s: "You drew" in s and "Turn: reconnecting" not in s, timeout=30,
                           what="Sam's draw, counted once Rosa's program is awake")
    assert "Time's up" not in screen and "away" not in screen, screen
    rosa_screen = tmux.screen(rosa)
    assert "Se acabó" not in rosa_screen and "ausente" not in rosa_screen, rosa_screen
