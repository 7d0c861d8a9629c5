"""End to end, in tmux, a Wild Draw Four stacked on one that may be challenged (R14 with R12):
Zoe (in English) plays a Wild Draw Four on Bob (in Spanish), who holds one. Found play-testing:
the question took only challenge or accept, and the hint advised the stack no key played. Bob's
question offers the stack; he chooses his card, presses Enter and names green, and the draw
passes on to Zoe, grown to eight."""

from __future__ import annotations

import json
from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from rigged_server import RIGGED_SERVER
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("stackfour", width=100, height=30)

ZOE = "W+4 R1 R2 G3 G4 B5 B6"
BOB = "W+4 Y2 Y3 Y4 Y5 Y6 Y7"
FORM_STACK_FOUR = ("Down",) * 7 + (" ",)
"""``zoe_and_bob``'s form keys that turn on stacking Wild Draw Fours (two options before 7-0)."""


def test_tmux_a_wild_draw_four_stacked_on_the_one_facing_bob(tmux: Tmux, tmp_path: Path) -> None:
    deal = json.dumps({"hands": [ZOE, BOB], "turn": "R9", "dealer": 1})
    server = ServerProcess("--deal", deal, command=RIGGED_SERVER)
    try:
        zoe, bob = play.zoe_and_bob(tmux, tmp_path, server, options=FORM_STACK_FOUR)
        play.select_card(tmux, zoe, "W+4", "Your turn")
        tmux.send(zoe, "Enter")
        tmux.wait_for(zoe, "Colour for", timeout=10, what="the colour asked")
        tmux.send(zoe, "b")
        asked = tmux.wait_for(bob, "o Enter suma una carta marcada", timeout=10,
                              what="Bob asked to challenge, accept or stack")
        assert "Zoe te jugó un Comodín +4" in asked and "Enter suma" in asked, asked
        play.select_card(tmux, bob, "C+4", "Zoe te jugó")  # (his Spanish code for it)
        tmux.send(bob, "Enter")
        tmux.wait_for(bob, "Color para", timeout=10, what="Bob asked the colour of his +4")
        tmux.send(bob, "v")
        screen = tmux.wait_for(zoe, "You must draw 8", timeout=10, what="eight to draw, for Zoe")
        assert "Bob played Wild Draw Four → green — stacked: 8 to draw" in screen, screen
    finally:
        server.stop()
        server.remove_log()
