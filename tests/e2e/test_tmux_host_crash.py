"""End to end, in tmux, on a dedicated server: Zoe (in English) opens a table and starts it with
Bob (in Spanish) and two bots; her client is killed (SIGKILL). Bob reads that he is the host now
(the table goes on); Zoe starts ``uno join`` again and is back in her seat, and the host again:
Bob reads "Ahora Zoe lleva la mesa". Found play-testing: the crashed host's table was the
other's for good, and she read "Alice is the host" on coming back."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("hostcrash", width=100, height=30)


def test_tmux_a_host_whose_client_crashed_hosts_again_on_coming_back(tmux: Tmux, tmp_path: Path) -> None:
    server = ServerProcess()
    try:
        address = f"127.0.0.1:{server.port}"
        zoe_env, pidfile = play.person(tmp_path / "zoe"), tmp_path / "zoe.pid"
        zoe_join = play.join(address, "--player", "Zoe", "--no-bell")
        zoe = tmux.start(zoe_join, zoe_env, window="zoe", pidfile=pidfile)
        tmux.wait_for(zoe, "Press n to open one", timeout=20, what="the lobby")
        tmux.send(zoe, "n")
        tmux.wait_for(zoe, "A new table", timeout=5, what="the form")
        tmux.send(zoe, "Enter")
        tmux.wait_for(zoe, "waiting for the start", timeout=10, what="Zoe's table")
        bob = tmux.start(play.join(address, "--player", "Bob", "--no-bell", lang="es"),
                         play.person(tmp_path / "bob"), window="bob")
        play.sit(tmux, bob, "Zoe's table", waiting="Esperando a que Zoe empiece")
        tmux.send(zoe, "s")
        tmux.wait_for(bob, "Tu mano (", timeout=15, what="the deal on Bob's screen")  # (7, or 9 after a +2)

        play.crash(pidfile)
        tmux.wait_for(bob, "Ahora llevas la mesa", timeout=15, what="Bob, the host meanwhile")
        back = tmux.start(zoe_join, zoe_env, window="zoe2")
        screen = tmux.wait_for(back, "Welcome back", timeout=20, what="Zoe back in her seat")
        assert "is the host" not in screen, screen
        tmux.wait_for(bob, "Ahora Zoe lleva la mesa", timeout=10, what="Zoe, the host again")
    finally:
        server.stop()
        server.remove_log()
