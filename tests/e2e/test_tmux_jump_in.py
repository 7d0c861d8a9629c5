"""End to end, in tmux, a jump-in (R15) as three people see it: Zoe (English, the host) plays her
Red 5; it is Bob's turn (Spanish), and Luis (English) jumps in with the other Red 5 by selecting
it and pressing Enter, off his turn. Each reads whose turn it took, in their own words (found
play-testing: a jump-in once read "taking the turn" of every seat, or "taking your turn" to one
whose turn came next), and play goes on from Luis: Zoe's turn."""

from __future__ import annotations

import json
from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from rigged_server import RIGGED_SERVER
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("jumpin", width=100, height=30)

ZOE = "R5 R1 R2 G3 G4 B6 B7"
BOB = "Y1 Y2 Y3 Y4 Y5 Y6 Y7"
LUIS = "R5 G1 G2 B1 B2 Y8 Y9"
FORM_JUMP_IN = ("Down",) * 9 + (" ",)
"""``zoe_and_bob``'s form keys that turn jump-in on (the option after 7-0)."""


def test_tmux_a_jump_in_says_whose_turn_it_took_to_each_player(tmux: Tmux, tmp_path: Path) -> None:
    deal = json.dumps({"hands": [ZOE, BOB, LUIS], "turn": "R9", "dealer": 2})
    server = ServerProcess("--deal", deal, command=RIGGED_SERVER)
    luis = ""

    def luis_sits() -> None:
        nonlocal luis
        address = f"127.0.0.1:{server.port}"
        luis = tmux.start(play.join(address, "--player", "Luis", "--no-bell"),
                          play.person(tmp_path / "luis"), window="luis")
        play.sit(tmux, luis, "Zoe's table", waiting="Waiting for Zoe to start")

    try:
        zoe, bob = play.zoe_and_bob(tmux, tmp_path, server, seats=3, options=FORM_JUMP_IN,
                                    waiting=luis_sits)
        play.select_card(tmux, zoe, "R5", "Your turn")
        tmux.send(zoe, "Enter")
        tmux.wait_for(bob, "Tu turno", timeout=10, what="Bob's turn")
        play.select_card(tmux, luis, "R5", "Zoe played Red 5")
        tmux.send(luis, "Enter")
        tmux.wait_for(zoe, "Luis jumped in with Red 5, taking Bob's turn", timeout=10,
                      what="Zoe told whose turn Luis took")
        tmux.wait_for(zoe, "Your turn", timeout=10, what="play going on from Luis: Zoe's turn")
        tmux.wait_for(bob, "Luis cortó con 5 rojo y te quitó el turno", timeout=10,
                      what="Bob told, in Spanish, that his turn was taken")
        tmux.wait_for(luis, "You jumped in with Red 5, taking Bob's turn", timeout=10,
                      what="Luis told whose turn he took")
    finally:
        server.stop()
        server.remove_log()
