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
    play.open_own_table(tmux, guest, "pulsa s para empezar")
    tmux.send(hosting, "q")
    tmux.wait_for(hosting, "y quits", timeout=10, what="the quit question")
    tmux.send(hosting, "y")
    told = tmux.wait_for(guest, "El anfitrión cerró su programa", timeout=15, what="Gus told")
    assert "acabaron todas las mesas" in told and "cerró la mesa" not in told, told


def test_tmux_a_guest_away_when_the_host_ends_the_match_quits_with_q(tmux: Tmux, tmp_path: Path) -> None:
    """Found re-checking: Gus (in Spanish) stepped away for a drink; Hugo quit and ended the match
    for everyone. Gus read "El anfitrión cerró la mesa. Pulsa q para salir.", and q did nothing,
    nor any key (each was taken for coming back to the table that was gone): q quits."""
    hosting = tmux.start(play.host("--bots", "1", "--seats", "3", "--name", "Mesa", "--turn-timeout", "0",
                                   "--bot-delay", "0.3", "--seed", "5"),
                         play.person(tmp_path / "hugo", "Hugo"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    guest = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "gus", "Gus"), window="guest")
    play.sit(tmux, guest, "› Mesa", waiting="Esperando a que Hugo empiece")
    tmux.send(hosting, "s")
    play.dealt(tmux, guest, "the deal (guest)")
    tmux.send(guest, "f")  # (Spanish: step away; no question is open at the deal, seed 5)
    tmux.wait_for(guest, "Estás ausente", timeout=10, what="Gus away")
    play.host_ends_the_match(tmux, hosting)
    tmux.wait_for(guest, "El anfitrión cerró la mesa. Pulsa q para salir.", timeout=15, what="Gus told")
    tmux.send(guest, "q")
    tmux.wait_for(guest, lambda s: "El anfitrión cerró la mesa" not in s, timeout=5, what="Gus's client gone")
    # the match's points stay on his terminal, as on the host's (found play-testing: nothing)
    tmux.wait_for(guest, "El anfitrión terminó la partida. Puntos: ", timeout=5, what="the points kept")
