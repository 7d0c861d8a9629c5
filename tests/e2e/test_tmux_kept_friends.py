"""End to end, in tmux: Ana keeps the match she plays with Luis (in Spanish) and a bot. Her next
``uno host`` opens a new table, and Luis's client, back in its lobby, is told his seat waits. Her
``s`` there first says that Luis waits for the kept match (found play-testing: a match with bots
was dealt while friends waited in the lobby for theirs); ``r`` brings it back, Luis in his seat.
Then she ends it, and Luis's log and her terminal give every seat's points (found play-testing:
he read only "The host closed the table", and she nothing)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import tmuxplay as play
from kit.server import free_port
from tmuxkit import PYTHON, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("keptfriends", width=100, height=30)


def test_tmux_the_host_is_told_friends_wait_for_the_kept_match(tmux: Tmux, tmp_path: Path) -> None:
    port, home = str(free_port()), tmp_path / "ana"
    base = [PYTHON, "-m", "client", "host", "--lang", "en", "--no-discovery", "--host", "127.0.0.1",
            "--bots", "1", "--bot-delay", "3"]
    ana = tmux.start([*base, "--port", port, "--seed", "1"], play.person(home, "Ana"), window="ana")
    play.waiting_room(tmux, ana)
    luis = tmux.start(play.join(f"127.0.0.1:{port}", lang="es"), play.person(tmp_path / "luis", "Luis"),
                      window="luis")
    play.sit(tmux, luis, "Ana's table", waiting="Esperando a que Ana empiece")
    tmux.send(ana, "s")
    play.dealt(tmux, ana, what="the first match")
    play.dealt(tmux, luis, what="Luis's hand")
    for key in ("q", "k"):
        tmux.send(ana, key)
        time.sleep(0.2)
    tmux.wait_for(ana, "The match is kept", timeout=10, what="the match kept", settle=False)

    again = tmux.start([*base, "--name", "Mesa"], play.person(home, "Ana"), window="again")
    screen = play.waiting_room(tmux, again)
    assert "Kept from last time" in screen and "with Luis" in screen, screen
    tmux.wait_for(luis, "Tu asiento espera en la partida guardada", timeout=20, what="Luis told")
    tmux.send(again, "s")
    screen = tmux.wait_for(again, "Luis waits for the kept match", timeout=5, what="the host told who waits")
    assert not play.DEALT.search(screen), screen
    tmux.send(again, "r")
    tmux.wait_for(again, "Welcome back", timeout=15, what="the kept match back")
    play.dealt(tmux, luis, what="Luis back in his seat", timeout=20)

    play.host_ends_the_match(tmux, again)
    screen = tmux.wait_for(luis, "El anfitrión terminó la partida. Puntos:", timeout=10,
                           what="the points, as the match ended")
    assert re.search(r"Puntos: (Ana|tú|Bot 1) \d+, ", screen), screen  # (Luis reads "tú")
    tmux.wait_for(again, "The match ended before anyone won it. Points: ", timeout=10,
                  what="the points, in the host's terminal", settle=False)
