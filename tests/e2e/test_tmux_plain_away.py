"""End to end, plain mode (``TERM=dumb``) in Spanish: Luis steps away from Ana's table with
``ausente`` and reads that a bot plays his turns until he types something; Ana sees him away.
He types a line and is back. Then ``dejar``: a "no" keeps him at the table ("Sigues en la
mesa."), and ``dejar`` typed again answers its own question yes (found play-testing: Eva typed
``dejar`` twice, and the second was a silent no). Ana reads that he left."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("plainaway", width=100, height=30)


def test_tmux_a_plain_player_steps_away_comes_back_and_leaves(tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "1", "--seats", "3", "--seed", "4", "--bot-delay", "0.05",
                                   "--turn-timeout", "0", "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting, "uno join"))
    guest_env = {**play.person(tmp_path / "luis", "Luis"), "TERM": "dumb"}
    guest = tmux.start(play.join(address, lang="es"), guest_env, window="guest")
    tmux.wait_for(guest, "1 Mesa", timeout=15, what="the lobby, as a line")
    tmux.send(guest, "1", "Enter")
    tmux.wait_for(hosting, "Luis sat down", timeout=10, what="Luis seated, on Ana's screen")
    tmux.send(hosting, "s")
    play.dealt(tmux, hosting)
    tmux.wait_for(guest, "Mano 1", timeout=10, what="the deal, said to Luis")

    def said(text: str, times: int = 1) -> Callable[[str], bool]:
        """Whether Luis's lines said ``text`` (``times`` times), read joined: they wrap anywhere."""
        return lambda _: "\n".join(tmux.transcript(guest)).count(text) >= times

    tmux.send(guest, "ausente", "Enter")
    tmux.wait_for(guest, said("Escribe cualquier cosa, o solo Enter, para volver"), timeout=10,
                  what="stepping away, in Luis's words")
    tmux.wait_for(hosting, "away", timeout=10, what="Luis marked away, on Ana's screen")
    tmux.send(guest, "mano", "Enter")
    tmux.wait_for(guest, said("Volviste"), timeout=10, what="Luis back at the table")

    tmux.send(guest, "dejar", "Enter")
    tmux.wait_for(guest, said("¿Dejar la mesa?"), timeout=5, what="the question")
    tmux.send(guest, "no", "Enter")
    tmux.wait_for(guest, said("Sigues en la mesa."), timeout=5, what="a no, said")
    tmux.send(guest, "dejar", "Enter")
    tmux.wait_for(guest, said("¿Dejar la mesa?", 2), timeout=5, what="the question again")
    tmux.send(guest, "dejar", "Enter")
    tmux.wait_for(hosting, "Luis left", timeout=10, what="Luis's leaving, on Ana's screen")
