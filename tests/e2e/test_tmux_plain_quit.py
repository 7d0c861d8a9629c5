"""End to end, plain mode (``TERM=dumb``) in Spanish: Luis joins Ana's table with the command as
plain mode prints it, full stop and all ("uno join 127.0.0.1:PORT.": found play-testing, it
failed on the stop), sits, and during the match types ``salir`` and confirms. Ana reads that he
closed the game and that his seat waits, not that his connection was lost (the ``quit``
message: found play-testing, a deliberate quit read as a dropped link)."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("plainquit", width=100, height=30)


def test_tmux_a_plain_player_joins_by_the_printed_command_and_quits_on_purpose(
        tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "1", "--seats", "3", "--seed", "4", "--bot-delay", "0.05",
                                   "--turn-timeout", "0", "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting, "uno join"))
    guest_env = {**play.person(tmp_path / "luis", "Luis"), "TERM": "dumb"}
    guest = tmux.start(play.join(address + ".", lang="es"), guest_env, window="guest")
    lobby = tmux.wait_for(guest, "1 Mesa", timeout=15, what="the lobby, as a line")
    assert "uno join" not in lobby and "Error" not in lobby, lobby
    tmux.send(guest, "1", "Enter")
    tmux.wait_for(hosting, "Luis sat down", timeout=10, what="Luis seated, on Ana's screen")
    tmux.send(hosting, "s")
    play.dealt(tmux, hosting)
    tmux.wait_for(guest, "Mano 1", timeout=10, what="the deal, said to Luis")

    tmux.send(guest, "salir", "Enter")
    tmux.wait_for(guest, "¿Salir?", timeout=5, what="the question")
    tmux.send(guest, "s", "Enter")
    screen = tmux.wait_for(hosting, "Luis closed the game (the seat waits for them)", timeout=10,
                           what="Luis's quit, on Ana's screen")
    assert "Luis lost the connection" not in screen, screen
