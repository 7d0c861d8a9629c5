"""End to end, in tmux: Ana hosts with a 30 s turn clock; on Diego's turn (he reads Spanish) his
terminal dies. Ana's clock for his turn drops to at most 10 s at once, and the stand-in plays it
then, not after the whole clock. Found play-testing: a dead terminal cost each of its turns the
whole clock, with "offline" on its seat."""

from __future__ import annotations

import re
import time
from pathlib import Path

import tmuxplay as play
from tmuxkit import Player, Tmux, my_turn

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("droppedturn", width=100, height=30)
CLOCK = re.compile(r"Diego's turn\s+⏱ (\d+)s")


def test_tmux_a_dead_terminals_turn_waits_at_most_ten_seconds(tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "0", "--seats", "2", "--seed", "5", "--turn-timeout", "30",
                                   "--name", "Reloj"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    pidfile = tmp_path / "diego.pid"
    guest = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "diego", "Diego"),
                       window="guest", pidfile=pidfile)
    play.sit(tmux, guest, "› Reloj", waiting="Esperando a que Ana empiece")
    tmux.send(hosting, "s")
    play.dealt(tmux, guest, "the deal (Diego)")
    play.together([Player(tmux, hosting, "Ana")], lambda: my_turn(tmux.screen(guest), "es"), 60,
                  "Diego's turn never came")
    tmux.wait_for(hosting, lambda s: (m := CLOCK.search(s)) is not None and int(m.group(1)) > 20,
                  timeout=10, what="Diego's turn, its clock near 30 s, on Ana's screen")
    play.crash(pidfile)
    killed = time.monotonic()
    screen = tmux.wait_for(hosting, "Diego lost the connection", timeout=10, what="Diego's drop")
    found = CLOCK.search(tmux.wait_for(hosting, lambda s: (m := CLOCK.search(s)) is not None
                                       and int(m.group(1)) <= 10, timeout=5, what="the clock cut"))
    assert found is not None and int(found.group(1)) <= 10, screen
    tmux.wait_for(hosting, "Time's up for Diego", timeout=25, what="the stand-in's turn")
    assert time.monotonic() - killed < 20  # (about 10 s: not the more than 20 the clock had left)
