"""End to end, in tmux: a host keeps a match hosted on a port of her choosing, and ``uno host
--resume`` (no ``--port``) listens there again, where her friends' clients keep trying. Found
play-testing: hosted on 17859, resumed on 7777, and the friends retried the old address forever."""

from __future__ import annotations

import time
from pathlib import Path

import tmuxplay as play
from kit.server import free_port
from tmuxkit import PYTHON, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("resumeport", width=100, height=26)


def test_tmux_resume_listens_on_the_port_the_match_was_kept_on(tmux: Tmux, tmp_path: Path) -> None:
    port, home = free_port(), tmp_path / "root"
    base = [PYTHON, "-m", "client", "host", "--lang", "en", "--no-discovery", "--host", "127.0.0.1"]
    first = tmux.start([*base, "--port", str(port), "--bots", "1", "--start", "--bot-delay", "5",
                        "--seed", "1"], play.person(home, "Root"), window="first")
    tmux.wait_for(first, "Your hand", timeout=15, what="the match dealt")
    for key in ("q", "k"):  # quit, keeping the match for later
        tmux.send(first, key)
        time.sleep(0.2)
    tmux.wait_for(first, "uno host --resume brings it back", timeout=10, what="the match kept", settle=False)
    again = tmux.start([*base, "--resume"], play.person(home, "Root"), window="again")
    tmux.wait_for(again, "Welcome back", timeout=15, what="the kept match back")
    back = tmux.start(play.join(f"127.0.0.1:{port}"), play.person(tmp_path / "eve", "Eve"), window="eve")
    tmux.wait_for(back, "Root's table", timeout=15, what="the table, at the port it was kept on")
