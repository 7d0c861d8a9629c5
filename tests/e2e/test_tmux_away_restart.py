"""End to end, in tmux (found play-testing, twice): Luis, at a table of ``uno bots`` on a
headless ``uno server``, steps away, comes back and reads what the stand-in played for him.
His client is then killed (SIGKILL) and started again: he is back in his seat, and is not told
that summary again, of turns he has been told of and nothing played for him since."""

from __future__ import annotations

import sys
from pathlib import Path

import tmuxplay as play
from kit.server import free_port
from tmuxkit import Tmux

pytestmark = play.needs_tmux

UNO = str(Path(sys.executable).with_name("uno"))
SUMMARY = "While you were away"
FIRST_WILD = "The first card is a Wild"
tmux = play.tmux_fixture("awayrestart", width=100, height=30)


def test_tmux_a_client_started_again_does_not_tell_the_summary_again(tmux: Tmux, tmp_path: Path) -> None:
    port = free_port()
    play.start_server(tmux, "server", port, play.person(tmp_path / "server", "server"))
    bots = tmux.start([UNO, "bots", "--connect", f"127.0.0.1:{port}", "--count", "2", "--create",
                       "--seats", "3", "--bot-delay", "0.3", "--seed", "4", "--retry-for", "60"],
                      play.person(tmp_path / "bots", "bots"), window="bots")
    tmux.wait_for(bots, "it starts when 3 seats are taken", timeout=20, what="the bots' table")
    luis_env = play.person(tmp_path / "luis", "Luis")
    pidfile = tmp_path / "luis.pid"
    luis = tmux.start(play.join(f"127.0.0.1:{port}", "--no-bell"), luis_env, window="luis", pidfile=pidfile)
    tmux.wait_for(luis, "Robot table", timeout=20, what="the lobby lists the bots' table")
    tmux.send(luis, "Enter")
    screen = tmux.wait_for(luis, "Your hand", timeout=20, what="the match started with Luis in it")
    if FIRST_WILD in screen:  # (the server's deal is not seeded: a first Wild asks Luis its colour)
        tmux.send(luis, "r")
        tmux.wait_for(luis, lambda s: FIRST_WILD not in s, timeout=10, what="the first colour chosen")

    tmux.send(luis, "z")  # away: the stand-in plays his turns
    tmux.wait_for(luis, lambda s: s.count("a bot played your turn") >= 2, timeout=30,
                  what="two turns played for him", settle=False)
    tmux.send(luis, "o")  # (any key brings him back)
    tmux.wait_for(luis, SUMMARY, timeout=10, what="the summary, once back", settle=False)

    play.crash(pidfile)
    tmux.wait_for(luis, "Killed", timeout=10, what="the client gone (its shell says so)", settle=False)
    again = tmux.start(play.join(f"127.0.0.1:{port}", "--no-bell"), luis_env, window="again")
    screen = tmux.wait_for(again, lambda s: "Your hand" in s and "a bot played your turn" in s, timeout=20,
                           what="Luis back in his seat, the table's past told")
    assert SUMMARY not in screen, screen
