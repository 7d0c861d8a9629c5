"""End to end, in tmux: a friend steps away, and his link hangs while he is away. Luis (who reads
only Spanish) presses the away key at Ana's table; his Wi-Fi then hangs without closing
(tests/e2e/stallproxy.py), his client gives the connection up and tries again, and the link comes
back. Found play-testing (a flaky evening): back in his seat, still away, he read "Hola de nuevo:
vuelves a tu asiento." under "Estás ausente. Pulsa cualquier tecla para volver." The banner says
how things stand, and a key brings him back.
"""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from stallproxy import wait_until
from tmuxkit import Tmux

pytestmark = play.needs_tmux

tmux = play.tmux_fixture("awaydrop")
LOST = "Se perdió la conexión"
AWAY = "Estás ausente"
BACK_IN_SEAT = "vuelves a tu asiento"


def test_tmux_back_after_a_drop_while_away_the_banner_alone_says_so(tmux: Tmux, tmp_path: Path) -> None:
    with play.luis_on_a_link_that_can_hang(tmux, tmp_path) as (_, guest, proxy):
        tmux.send(guest, "f")  # (fuera: the away key in Spanish)
        tmux.wait_for(guest, AWAY, timeout=10, what="Luis away")

        proxy.stall()
        tmux.wait_for(guest, LOST, timeout=40, what="the hanging link given up")
        wait_until(lambda: proxy.held >= 1, 40, "a try to come back, hanging too")
        proxy.release()
        tmux.wait_for(guest, lambda s: LOST not in s and AWAY in s, timeout=30,
                      what="Luis back in his seat, still away")
        back = tmux.stable_screen(guest)
        assert AWAY in back and BACK_IN_SEAT not in back, back

        tmux.send(guest, "o")  # any key brings him back (the log says it once the server did)
        tmux.wait_for(guest, lambda s: AWAY not in s and "Volviste" in s, timeout=10, what="Luis back")
