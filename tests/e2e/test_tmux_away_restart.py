"""End to end, in tmux (found play-testing, twice): Luis, at a table of ``uno bots`` on a
headless ``uno server``, steps away, comes back and reads what the stand-in played for him.
His client is then killed (SIGKILL) and started again: he is back in his seat, and is not told
that summary again, of turns he has been told of and nothing played for him since. The same
for Ana, who hosts with ``uno host`` (found play-testing: her client, whose table runs in it,
killed and started again, told the summary again, with a Draw Two played on her since)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import tmuxplay as play
from kit.server import free_port
from tmuxkit import ScreenTimeout, Tmux

pytestmark = play.needs_tmux

UNO = str(Path(sys.executable).with_name("uno"))
SUMMARY = "While you were away"
FIRST_WILD = "The first card is a Wild"
CHALLENGE = "played a Wild Draw Four on you"
AWAY = "You are away"
tmux = play.tmux_fixture("awayrestart", width=100, height=30)


def step_away(tmux: Tmux, window: str) -> None:
    """z, once no question is open: the server's deal is not seeded, and a first Wild's colour
    or a Wild Draw Four to challenge may be asked (found in a clean-clone run: z at the colour
    question answered blue, the Spanish colour key; at the challenge question it did nothing)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        screen = tmux.screen(window)
        key = "r" if FIRST_WILD in screen else "a" if CHALLENGE in screen else "z"
        tmux.send(window, key)
        try:  # (the question answered, or away: the banner)
            tmux.wait_for(window, lambda s, asked=screen, answered=key != "z": AWAY in s or (
                answered and s != asked), timeout=3, what="away", settle=False)
        except ScreenTimeout:
            continue
        if AWAY in tmux.screen(window):
            return
    raise AssertionError(f"Luis never stepped away; the screen:\n{tmux.screen(window)}")


def test_tmux_a_client_started_again_does_not_tell_the_summary_again(tmux: Tmux, tmp_path: Path) -> None:
    port = free_port()
    play.start_server(tmux, "server", port, play.person(tmp_path / "server", "server"))
    bots = tmux.start([UNO, "bots", "--connect", f"127.0.0.1:{port}", "--count", "2", "--create",
                       "--seats", "3", "--bot-delay", "0.3", "--seed", "4", "--retry-for", "60",
                       "--think", "0"],
                      play.person(tmp_path / "bots", "bots"), window="bots")
    tmux.wait_for(bots, "it starts when 3 seats are taken", timeout=20, what="the bots' table")
    luis_env = play.person(tmp_path / "luis", "Luis")
    pidfile = tmp_path / "luis.pid"
    luis = tmux.start(play.join(f"127.0.0.1:{port}", "--no-bell"), luis_env, window="luis", pidfile=pidfile)
    tmux.wait_for(luis, "Robot table", timeout=20, what="the lobby lists the bots' table")
    tmux.send(luis, "Enter")
    tmux.wait_for(luis, "Your hand", timeout=20, what="the match started with Luis in it")
    step_away(tmux, luis)  # the stand-in plays his turns
    tmux.wait_for(luis, lambda s: s.count("Away: a bot") >= 2, timeout=30,
                  what="two turns played for him", settle=False)
    tmux.send(luis, "o")  # (any key brings him back)
    tmux.wait_for(luis, SUMMARY, timeout=10, what="the summary, once back", settle=False)

    play.crash(pidfile)
    tmux.wait_for(luis, "Killed", timeout=10, what="the client gone (its shell says so)", settle=False)
    again = tmux.start(play.join(f"127.0.0.1:{port}", "--no-bell"), luis_env, window="again")
    screen = tmux.wait_for(again, lambda s: "Your hand" in s and "Away: a bot" in s, timeout=20,
                           what="Luis back in his seat, the table's past told")
    assert SUMMARY not in screen, screen


def test_tmux_a_host_started_again_does_not_tell_the_summary_again(tmux: Tmux, tmp_path: Path) -> None:
    ana_env = play.person(tmp_path / "ana", "Ana")
    pidfile = tmp_path / "ana.pid"
    ana = tmux.start(play.host("--bots", "3", "--start", "--seed", "5", "--bot-delay", "0.3"), ana_env,
                     window="ana", pidfile=pidfile)
    tmux.wait_for(ana, "Your hand", timeout=20, what="the match started")
    step_away(tmux, ana)
    tmux.wait_for(ana, lambda s: s.count("Away: a bot") >= 2, timeout=30,
                  what="two turns played for her", settle=False)
    tmux.send(ana, "o")
    tmux.wait_for(ana, SUMMARY, timeout=10, what="the summary, once back", settle=False)

    play.crash(pidfile)
    tmux.wait_for(ana, "Killed", timeout=10, what="the client gone (its shell says so)", settle=False)
    again = tmux.start(play.host("--resume"), ana_env, window="again")
    screen = tmux.wait_for(again, lambda s: "Your hand" in s and "Away: a bot" in s, timeout=20,
                           what="Ana back in her seat, the table's past told")
    assert SUMMARY not in screen, screen
