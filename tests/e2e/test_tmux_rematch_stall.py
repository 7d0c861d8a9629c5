"""End to end: Luis reaches Ana's table through a link that can hang (tests/e2e/stallproxy.py).
They play a single-hand match to its end; Luis answers the rematch with m just as the link
hangs. His client gives the link up and comes back; Ana presses m, and the rematch starts.

Found play-testing on a stalled link: Luis's m went into the stall; back in his seat he read
"still to answer: you", and Ana's rematch waited for him without a word. The answer the
dropped link lost is sent again once he is back."""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from stallproxy import StallingProxy, wait_until
from tmuxkit import Player, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("rematch_stall", width=110, height=30)
WINNER = re.compile(r"(\w+) wins? the match!")  # ("You win the match!" on the winner's)
LOST = "Connection lost"


def test_tmux_a_rematch_answer_lost_in_a_stall_is_sent_again_once_back(tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "0", "--seats", "2", "--seed", "3", "--turn-timeout", "0",
                                   "--single-hand", "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    proxy = StallingProxy(int(address.rsplit(":", 1)[1]))
    try:
        guest = tmux.start(play.join(f"127.0.0.1:{proxy.port}"), play.person(tmp_path / "luis", "Luis"),
                           window="guest")
        play.sit(tmux, guest, "› Mesa")
        tmux.wait_for(hosting, "Luis", timeout=5, what="Luis in the host's waiting room")
        tmux.send(hosting, "s")
        play.dealt(tmux, guest, "the deal (guest)")
        players = [Player(tmux, hosting, "Ana"), Player(tmux, guest, "Luis")]
        play.together(players, lambda: all(WINNER.search(tmux.screen(p.window)) for p in players),
                      120, "the match did not end")
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
        proxy.close()
