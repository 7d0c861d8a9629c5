"""End to end: Luis reaches Ana's table through a link that can hang (tests/e2e/stallproxy.py).
They play a single-hand match to its end; Luis answers the rematch with m just as the link
hangs. His client gives the link up and comes back; Ana presses m, and the rematch starts.

Found play-testing on a stalled link: Luis's m went into the stall; back in his seat he read
"still to answer: you", and Ana's rematch waited for him without a word. The answer the
dropped link lost is sent again once he is back."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from stallproxy import StallingProxy, wait_until
from test_tmux_rematch import WINNER, ana_and_luis_play_a_hand
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("rematch_stall", width=110, height=30)
LOST = "Connection lost"


def test_tmux_a_rematch_answer_lost_in_a_stall_is_sent_again_once_back(tmux: Tmux, tmp_path: Path) -> None:
    proxies: list[StallingProxy] = []

    def through_a_proxy(address: str) -> str:
        proxies.append(StallingProxy(int(address.rsplit(":", 1)[1])))
        return f"127.0.0.1:{proxies[-1].port}"

    try:
        hosting, guest, _ = ana_and_luis_play_a_hand(tmux, tmp_path, "Mesa", link=through_a_proxy)
        proxy = proxies[0]
        tmux.wait_for(guest, "Rematch? m yes", timeout=5, what="the rematch offer (guest)")

        proxy.stall()
        tmux.send(guest, "m")  # (into the stall: it never reaches the table)
        tmux.wait_for(guest, LOST, timeout=40, what="the hanging link given up")
        wait_until(lambda: proxy.held >= 1, 40, "a try to come back, hanging too")
        proxy.release()
        tmux.wait_for(guest, lambda s: LOST not in s and "Rematch" in s, timeout=30, what="Luis back")

        tmux.send(hosting, "m")
        for window in (hosting, guest):
            tmux.wait_for(window, lambda s: not WINNER.search(s) and bool(play.DEALT.search(s)),
                          timeout=15, what="the rematch dealt")
    finally:
        for proxy in proxies:
            proxy.close()
