"""End to end, as people see the server's answers: two people behind one address, on a server
that lets an address open one table. Zoë (her name typed with a zero-width space, which never
shows) opens a table; Bob, from the same address, is told why he cannot open another one.
"""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("answers", width=100, height=30)


def test_tmux_a_second_table_from_one_address_is_refused_in_words(tmux: Tmux, tmp_path: Path) -> None:
    server = ServerProcess("--max-rooms-per-address", "1")
    try:
        address = f"127.0.0.1:{server.port}"
        zoe = tmux.start(play.join(address, "--player", "Zo\u200be"), play.person(tmp_path / "zoe"),
                         window="zoe")
        screen = tmux.wait_for(zoe, "Press n to open one", timeout=10, what="the lobby")
        assert screen.splitlines()[0].rstrip().endswith(" Zoe")  # the invisible space is gone
        tmux.send(zoe, "n")
        tmux.wait_for(zoe, "A new table", timeout=5, what="the form")
        tmux.send(zoe, "Enter")
        tmux.wait_for(zoe, "waiting for the start", timeout=10, what="Zoë's table")

        bob = tmux.start(play.join(address, "--player", "Bob"), play.person(tmp_path / "bob"), window="bob")
        screen = tmux.wait_for(bob, "Zoe's table", timeout=10, what="Zoë's table in Bob's lobby")
        tmux.send(bob, "n")
        tmux.wait_for(bob, "A new table", timeout=5, what="the form")
        tmux.send(bob, "Enter")
        screen = tmux.wait_for(bob, "Too many tables were opened from your address", timeout=10,
                               what="the refusal, in words")
        assert "A new table" in screen  # the form stays: nothing was lost
        assert "too_many_rooms" not in screen
    finally:
        server.stop()
        server.remove_log()
