"""End to end, in tmux, a Wild Draw Four challenged (R12, official rules): Zoe (in English) bluffs
one holding red; Bob (in Spanish) challenges it. Bob's log says she was guilty and shows him the
hand she had to show him (as the Mattel rules have it), the cards named in Spanish; Zoe's log
says what he saw, and she draws the four. Before answering, Bob's why key says what a challenge
is, under the question."""

from __future__ import annotations

import json
import re
from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from rigged_server import RIGGED_SERVER
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("challenge", width=100, height=30)

ZOE = "W+4 R1 R2 G3 G4 B5 B6"  # she holds red: the Wild Draw Four is a bluff
BOB = "Y1 Y2 Y3 Y4 Y5 Y6 Y7"
# her hand, named in Bob's Spanish (found play-testing: the codes "A6 Z5" read as nothing)
SHOWN_ES = "el 1 rojo, el 2 rojo, el 3 verde, el 4 verde, el 5 azul y el 6 azul — Zoe robó 4 cartas"


def log_text(screen: str, first: str) -> str:
    """The log's column of ``screen`` as one line (its lines wrap): from the column where its
    line ``first`` begins."""
    lines = screen.splitlines()
    column = next(line.index(first) for line in lines if first in line)
    return " ".join(line[column:].strip() for line in lines)



def test_tmux_a_challenged_bluff_shows_the_challenger_the_hand(tmux: Tmux, tmp_path: Path) -> None:
    deal = json.dumps({"hands": [ZOE, BOB], "turn": "R9", "dealer": 1})
    server = ServerProcess("--deal", deal, command=RIGGED_SERVER)
    try:
        zoe, bob = play.zoe_and_bob(tmux, tmp_path, server)
        play.select_card(tmux, zoe, "W+4", "Your turn")
        tmux.send(zoe, "Enter")
        tmux.wait_for(zoe, "Colour for", timeout=10, what="the colour asked")
        tmux.send(zoe, "b")
        asked = tmux.wait_for(bob, "desafía,", timeout=10, what="Bob asked to challenge")
        key = re.search(r"(\S+) desafía,", asked)
        assert key is not None, asked
        tmux.send(bob, "?")  # the hint says why (found play-testing: no why for a challenge)
        hinted = " ".join(tmux.wait_for(bob, lambda s: "Pista:" in s and "pensando" not in s, timeout=30,
                                        what="the hint").split())
        # (its why; but for a call too close, whose order may put the move it is about second)
        assert ("Zoe aún tiene 6 cartas" in hinted or "un desafío perdido cuesta 6 cartas" in hinted
                or "cualquiera vale" in hinted), hinted
        # the why key says what a challenge is, under the question (found re-checking: the
        # question hid its words)
        tmux.send(bob, "e")
        explained = tmux.wait_for(bob, "Desafiar es decir", timeout=10, what="the why key's words")
        explained = " ".join(explained.split())
        assert "que el +4 fue un farol" in explained and "desafía," in explained, explained
        tmux.send(bob, key.group(1))
        screen = tmux.wait_for(bob, "Zoe robó 4 cartas", timeout=10, what="the hand shown to Bob")
        log = log_text(screen, "Mano 1 — repart")
        assert "Desafiaste el +4 de Zoe: ¡era un farol! — Zoe te enseñó la mano:" in log
        assert "te enseñó la mano: " + SHOWN_ES in log, log
        screen = tmux.wait_for(zoe, "Your hand (10)", timeout=10, what="Zoe drew the four")
        log = log_text(screen, "Hand 1 — Bob dealt")
        assert "your hand, shown to Bob:" in log, screen  # what Bob saw, on her own screen
    finally:
        server.stop()
        server.remove_log()
