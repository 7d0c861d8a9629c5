"""End to end, in tmux: Berta (in Spanish), a guest at Ana's ``uno host``, opens a table of her
own there and quits it, her seat kept; Ana ends her match and quits. Her next ``uno host --bots 2
--start`` deals her new match at once: Berta's table is not hers to take back. Found
play-testing: it offered "Kept from last time: “Mesa de Berta”" and dealt nothing, and r sat Ana
in Berta's seat, under Berta's name."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("guesttable", width=100, height=30)


def test_tmux_a_table_a_guest_opened_at_the_hosts_server_is_not_offered_to_the_host(
        tmux: Tmux, tmp_path: Path) -> None:
    home = tmp_path / "ana"
    host = play.host("--bots", "2", "--start", "--bot-delay", "3")
    ana = tmux.start(host, play.person(home, "Ana"), window="ana")
    address = play.invitation(play.dealt(tmux, ana, what="Ana's first match", timeout=15))

    berta = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "berta", "Berta"),
                       window="berta")
    tmux.wait_for(berta, "Ana's table", timeout=15, what="the lobby")
    play.open_own_table(tmux, berta, "Mesa de Berta — esperando el inicio")
    tmux.send(berta, "q")
    tmux.wait_for(berta, "tu asiento te espera", timeout=5, what="the quit question")
    tmux.send(berta, "s")
    tmux.wait_for(berta, "Tu asiento en Mesa de Berta te espera", timeout=10, what="Berta gone")

    play.host_ends_the_match(tmux, ana)
    again = tmux.start(host, play.person(home, "Ana"), window="again")
    screen = play.dealt(tmux, again, what="Ana's new match, dealt at once", timeout=15)
    assert "Mesa de Berta" not in screen and "Berta" not in screen, screen
