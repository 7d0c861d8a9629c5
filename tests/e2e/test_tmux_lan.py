"""End to end, two people: ``uno host`` in one tmux window, ``uno join`` in another reaches the
table by the address the host's screen gives (typed into the table browser), both sit down and
play a hand together; midway the joining client is killed (SIGKILL) and started again, and it
comes back to its seat with the same cards. Discovery stays off here (multicast only ever goes
out inside network namespaces): tests/e2e/test_tmux_netns_rejoin.py finds the table on a LAN.
"""

from __future__ import annotations

import os
from pathlib import Path

import tmuxplay as play
from tmuxkit import HAND_OVER, Tmux

pytestmark = play.needs_tmux

SEED = int(os.environ.get("UNO_E2E_LAN_SEED", "4"))
tmux = play.tmux_fixture("lan")


def test_tmux_host_and_join_play_a_hand_and_the_guest_survives_a_kill(tmux: Tmux, tmp_path: Path) -> None:
    host = tmux.start(play.host("--bots", "0", "--seats", "2", "--seed", str(SEED), "--turn-timeout", "0",
                                "--name", "Mesa LAN"),
                      play.person(tmp_path / "ana", "Ana", debug=True), window="host")
    address = play.invitation(play.waiting_room(tmux, host))

    pidfile = tmp_path / "luis.pid"
    luis = play.person(tmp_path / "luis", "Luis", debug=True)
    guest = tmux.start(play.join(), luis, window="guest", pidfile=pidfile)
    tmux.wait_for(guest, "Address (host:port)", timeout=10, what="the table browser")
    tmux.send(guest, "-l", address)
    tmux.wait_for(guest, address, timeout=3)
    tmux.send(guest, "Enter")
    screen = play.sit(tmux, guest, "Lobby", what="the server's lobby")
    assert "› Mesa LAN" in screen and "1/2" in screen
    tmux.wait_for(host, "Luis", timeout=5, what="Luis in the host's waiting room")

    tmux.send(host, "s")
    play.dealt(tmux, host, "the deal (host)")
    play.dealt(tmux, guest, "the deal (guest)")

    guest, _ = play.play_a_hand_killing_the_friend(tmux, host, guest, pidfile, play.join(address), luis)
    for window in (host, guest):
        final = tmux.stable_screen(window)
        assert HAND_OVER.search(final) and "Cards left" in final
        assert "Ana" in final and "Luis" in final
