"""End to end, in tmux: Gus joins Hugo's ``uno host`` and opens a table of his own on it (in
Spanish). Hugo quits: every table on his program ends with it, and Gus is told so, not that "the
host closed the table" under his own table's waiting room (found play-testing)."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("hostcloses")


def test_tmux_a_guests_own_table_on_a_hosts_program_ends_with_it_and_he_is_told(
        tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "1", "--seats", "3", "--name", "Mesa"),
                         play.person(tmp_path / "hugo", "Hugo"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    guest = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "gus", "Gus"), window="guest")
    tmux.wait_for(guest, "Mesa", timeout=15, what="the lobby")
    tmux.send(guest, "n")
    tmux.wait_for(guest, "Una mesa nueva", timeout=10, what="the new table's form")
    tmux.send(guest, "Enter")
    tmux.wait_for(guest, "pulsa s para empezar", timeout=10, what="Gus's own waiting room")
    tmux.send(hosting, "q")
    tmux.wait_for(hosting, "y quits", timeout=10, what="the quit question")
    tmux.send(hosting, "y")
    told = tmux.wait_for(guest, "El anfitrión cerró su programa", timeout=15, what="Gus told")
    assert "acabaron todas las mesas" in told and "cerró la mesa" not in told, told
