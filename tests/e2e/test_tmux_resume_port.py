"""End to end, in tmux: a host keeps a match hosted on a port of her choosing; the next ``uno
host`` (no ``--port``) listens there again, whether its ``r`` opens the kept match or ``uno host
--resume`` does, where her friends' clients keep trying. Found play-testing: hosted on 17859,
resumed on 7777, and the friends retried the old address forever."""

from __future__ import annotations

import time
from pathlib import Path

import tmuxplay as play
from kit.server import free_port
from tmuxkit import PYTHON, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("resumeport", width=100, height=26)


def keep(tmux: Tmux, window: str) -> None:
    """Quit the match, keeping it for later."""
    for key in ("q", "k"):
        tmux.send(window, key)
        time.sleep(0.2)
    tmux.wait_for(window, "The match is kept: uno host --resume", timeout=10, what="the match kept",
                  settle=False)


def test_tmux_a_kept_match_opens_on_the_port_it_was_kept_on(tmux: Tmux, tmp_path: Path) -> None:
    port, home = free_port(), tmp_path / "root"
    base = [PYTHON, "-m", "client", "host", "--lang", "en", "--no-discovery", "--host", "127.0.0.1"]
    first = tmux.start([*base, "--port", str(port), "--bots", "1", "--start", "--bot-delay", "5",
                        "--seed", "1"], play.person(home, "Root"), window="first")
    tmux.wait_for(first, "Your hand", timeout=15, what="the match dealt")
    keep(tmux, first)

    offered = tmux.start([*base, "--bots", "1", "--name", "Mesa"], play.person(home, "Root"),
                         window="offered")
    tmux.wait_for(offered, "Kept from last time", timeout=15, what="the offer")
    tmux.send(offered, "r")  # (its key, in the new table's waiting room)
    tmux.wait_for(offered, "Welcome back", timeout=15, what="the kept match back, by r")
    # where friends join, said again (found re-checking: after r it was nowhere on screen)
    tmux.wait_for(offered, f"uno join 127.0.0.1:{port}", timeout=5, what="the address, after r")
    eve = tmux.start(play.join(f"127.0.0.1:{port}"), play.person(tmp_path / "eve", "Eve"), window="eve")
    tmux.wait_for(eve, "Root's table", timeout=15, what="the table at its port, opened by r")
    keep(tmux, offered)

    again = tmux.start([*base, "--resume"], play.person(home, "Root"), window="again")
    tmux.wait_for(again, "Welcome back", timeout=15, what="the kept match back, by --resume")
    tmux.wait_for(again, f"uno join 127.0.0.1:{port}", timeout=5, what="the address, after --resume")
    fay = tmux.start(play.join(f"127.0.0.1:{port}"), play.person(tmp_path / "fay", "Fay"), window="fay")
    tmux.wait_for(fay, "Root's table", timeout=15, what="the table at its port, opened by --resume")
    # Ctrl-C keeps it too, as the friends are told, and says how it comes back (found
    # play-testing: it quit without a word)
    tmux.send(again, "C-c")
    tmux.wait_for(again, "The match is kept: uno host --resume", timeout=10, what="the match kept by Ctrl-C",
                  settle=False)
