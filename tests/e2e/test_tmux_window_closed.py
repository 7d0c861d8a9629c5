"""End to end, in tmux: people close their terminal's window instead of quitting. Gus (in Spanish)
closes his mid-match: Hugo, the host, reads that Gus closed the game and his seat waits, not that
his connection was lost; Gus comes back to it. Then Hugo closes his: Gus reads that the host kept
the match, as after Ctrl-C, and ``uno host --resume`` brings it back for both. Found
play-testing: a closed window (SIGHUP) ended the program on the spot, and the guests read that
the table had crashed ("Mesa cerrada: que su anfitrión la abra")."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("windowclosed", width=100, height=30)


def test_tmux_a_closed_window_quits_as_ctrl_c_does(tmux: Tmux, tmp_path: Path) -> None:
    hugo_env = play.person(tmp_path / "hugo", "Hugo")
    hosting = tmux.start(play.host("--bots", "1", "--seats", "3", "--name", "Mesa", "--turn-timeout", "0",
                                   "--bot-delay", "5", "--seed", "5"), hugo_env, window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    gus_env, gus_join = play.person(tmp_path / "gus", "Gus"), play.join(address, lang="es")
    guest = tmux.start(gus_join, gus_env, window="guest")
    play.sit(tmux, guest, "› Mesa", waiting="Esperando a que Hugo empiece")
    tmux.send(hosting, "s")
    play.dealt(tmux, guest, "the deal (guest)")

    tmux.close_window(guest)
    told = tmux.wait_for(hosting, "Gus closed the game (the seat waits for them)", timeout=10,
                         what="Gus's leaving told as a quit")
    assert "Gus lost the connection" not in told, told
    again = tmux.start(gus_join, gus_env, window="guest2")
    tmux.wait_for(again, "Hola de nuevo: vuelves a tu asiento", timeout=15, what="Gus back in his seat")

    tmux.close_window(hosting)
    kept = tmux.wait_for(again, "El anfitrión guardó la partida", timeout=10, what="the match kept")
    assert "Mesa cerrada" not in kept, kept
    resume = [part for part in play.host("--resume") if part not in ("--port", "0")]  # (its own port)
    back = tmux.start(resume, hugo_env, window="host2")
    tmux.wait_for(back, "Welcome back", timeout=15, what="the kept match back for Hugo")
    tmux.wait_for(again, "Hola de nuevo: vuelves a tu asiento", timeout=30, what="Gus back in the kept match")
