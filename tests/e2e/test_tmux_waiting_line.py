"""End to end, in tmux: the waiting line at a table of people (found play-testing this session).
Ana hosts two seats; Ivy sits; Jay, who reads Spanish, presses Enter on the full table before
the start and is put in line (it only said "Every seat is taken"), and Ana's waiting room counts
him once ("1 watching (1 in line for a seat)", not also "1 waiting for a seat"). Once the match
is on, Jay's move keys say he holds no cards (not "It is not your turn"); Ivy leaves, her
question says the first in line takes her seat (not "a bot plays your seat … someone in line
may take it"), and Jay takes it."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("waitingline", width=100, height=30)


def test_tmux_a_late_friend_waits_in_line_at_a_full_table_and_takes_the_seat_left(
        tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "0", "--seats", "2", "--turn-timeout", "0", "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting, "uno join"))
    ivy = tmux.start(play.join(address), play.person(tmp_path / "ivy", "Ivy"), window="ivy")
    play.sit(tmux, ivy, "Mesa")
    jay = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "jay", "Jay"), window="jay")
    tmux.wait_for(jay, "Mesa", timeout=15, what="Jay's lobby")
    tmux.send(jay, "Enter")
    tmux.wait_for(jay, "Eres el número 1 en la cola", timeout=10, what="Jay in line")
    counted = tmux.wait_for(hosting, "1 watching (1 in line for a seat)", timeout=10, what="Jay counted")
    assert "waiting for a seat" not in counted, counted
    # (and said, for a host who could free a seat: found play-testing, the count alone went unseen)
    tmux.wait_for(hosting, "Someone is waiting in line for a seat", timeout=5, what="Jay's line, said to Ana")

    tmux.send(hosting, "s")
    play.dealt(tmux, hosting)
    tmux.wait_for(jay, "Turno de", timeout=10, what="Jay watching the match")
    tmux.send(jay, "d")
    tmux.wait_for(jay, "Estás mirando: no tienes cartas", timeout=5, what="Jay's key answered")

    tmux.send(ivy, "x")
    asked = tmux.wait_for(ivy, "The first in line for a seat takes yours.", timeout=5, what="Ivy's question")
    assert "A bot plays your seat" not in asked, asked
    tmux.send(ivy, "y")
    tmux.wait_for(jay, "Ocupaste el asiento de", timeout=10, what="Jay seated in Ivy's place")
    tmux.wait_for(hosting, "Jay", timeout=5, what="Jay at Ana's table")
