"""End to end, in tmux: a friend on a flaky link. Luis (who reads only Spanish) reaches Ana's
table through a link that hangs without closing, just as he draws a card. His client gives the
connection up and tries again; the tries hang too. When the link comes back it delivers them in
the worst order, the newest first and the ones given up on after it (tests/e2e/stallproxy.py).

Found play-testing: the last stale try to arrive took the seat ("Otra ventana ocupó tu asiento"),
and a move sent as the link stalled was lost without a word; a second key pressed meanwhile, and
one pressed while the link was down, got "It is not your turn" or "cannot be played now". Luis
must be back in his seat with his draw made once, and the board must not claim "Tu turno" while
the link is down.
"""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from stallproxy import wait_until
from tmuxkit import Player, Tmux, my_turn, parse_hand

pytestmark = play.needs_tmux

tmux = play.tmux_fixture("flaky")
LOST = "Se perdió la conexión"


def test_tmux_a_friend_on_a_hanging_link_keeps_his_seat_and_his_draw(tmux: Tmux, tmp_path: Path) -> None:
    with play.luis_on_a_link_that_can_hang(tmux, tmp_path) as (hosting, guest, proxy):
        ana = Player(tmux, hosting, "Ana")
        play.together([ana], lambda: my_turn(tmux.screen(guest), "es"), 30, "Luis's turn")
        before = parse_hand(tmux.stable_screen(guest))
        assert before is not None

        proxy.stall()
        tmux.send(guest, "d")  # sent as the link hangs
        tmux.send(guest, "d")  # (impatient: said to be on its way, not sent twice)
        tmux.wait_for(guest, "Tu última jugada aún va de camino", timeout=10, what="the draw on its way")
        lost = tmux.wait_for(guest, LOST, timeout=40, what="the hanging link given up")
        assert "Turno: reconectando…" in lost and "Tu turno" not in lost, lost
        tmux.send(guest, "p")  # (the link down, the draw waits for it: this is not sent, and that is said)
        tmux.wait_for(guest, "esta no se envió", timeout=10, what="a second move while the link is down")
        wait_until(lambda: proxy.held >= 2, 40, "two tries to come back, hanging too")
        proxy.release()

        back = tmux.wait_for(guest, lambda s: LOST not in s and (h := parse_hand(s)) is not None
                             and len(h.cards) == len(before.cards) + 1, timeout=30,
                             what="Luis back in his seat, his card drawn")
        assert "Otra ventana" not in back and "espectador" not in back.lower(), back
        assert "Robaste" in back, back
        host_screen = tmux.stable_screen(hosting)
        assert "Luis (gone)" not in host_screen, host_screen
