"""End to end, a Wild Draw Four challenged in plain mode (``TERM=dumb``, official rules): Zoe (full
screen, English) bluffs one holding red; Bob reads Spanish on a plain terminal. He is asked once,
types ``s`` (sí: challenge), and is not asked again while the table answers (found play-testing:
plain mode asked again, and a second answer went out). The hand she must show him is named in
words, as every plain line names cards ("el 1 rojo"), not in codes ("R1 R2 V3")."""

from __future__ import annotations

import json
from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from rigged_server import RIGGED_SERVER
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("plainchallenge", width=100, height=30)

ZOE = "W+4 R1 R2 G3 G4 B5 B6"  # she holds red: the Wild Draw Four is a bluff
BOB = "Y1 Y2 Y3 Y4 Y5 Y6 Y7"
ASKED = "Zoe te jugó un Comodín +4"
SHOWN = ("el 1 rojo", "el 2 rojo", "el 3 verde", "el 4 verde", "el 5 azul", "el 6 azul")


def test_tmux_a_plain_player_challenges_a_bluff_once_and_reads_the_hand_in_words(
        tmux: Tmux, tmp_path: Path) -> None:
    deal = json.dumps({"hands": [ZOE, BOB], "turn": "R9", "dealer": 1})
    server = ServerProcess("--deal", deal, command=RIGGED_SERVER)
    try:
        address = f"127.0.0.1:{server.port}"
        zoe = tmux.start(play.join(address, "--player", "Zoe", "--no-bell"), play.person(tmp_path / "zoe"),
                         window="zoe")
        tmux.wait_for(zoe, "Press n to open one", timeout=20, what="the lobby")
        tmux.send(zoe, "n")
        tmux.wait_for(zoe, "A new table", timeout=5, what="the form")
        play.keys(tmux, zoe, "Down", "Down", "Left", "Left")  # Seats: 2
        play.keys(tmux, zoe, "Down", "Left", "Left", "Left")  # Bots: 0
        play.keys(tmux, zoe, "Down", "Down", "Left", "Left")  # no turn clock
        tmux.send(zoe, "Enter")
        tmux.wait_for(zoe, "waiting for the start", timeout=10, what="Zoe's table")

        bob_env = {**play.person(tmp_path / "bob"), "TERM": "dumb"}
        bob = tmux.start(play.join(address, "--player", "Bob", "--no-bell", lang="es"), bob_env, window="bob")
        tmux.wait_for(bob, "1 Zoe", timeout=20, what="Zoe's table, in Bob's lobby")
        tmux.send(bob, "1", "Enter")
        tmux.wait_for(zoe, "Bob sat down", timeout=10, what="Bob seated, on Zoe's screen")
        tmux.send(zoe, "s")
        tmux.wait_for(bob, "Mano 1", timeout=15, what="the deal, said to Bob")

        play.select_card(tmux, zoe, "W+4", "Your turn")
        tmux.send(zoe, "Enter")
        tmux.wait_for(zoe, "Colour for", timeout=10, what="the colour asked")
        tmux.send(zoe, "b")
        # (plain mode's lines wrap at the pane's edge, anywhere: read joined, as they were said)

        def said() -> str:
            return "\n".join(tmux.transcript(bob))

        tmux.wait_for(bob, lambda _: ASKED in said(), timeout=10, what="Bob asked to challenge")
        tmux.send(bob, "s", "Enter")
        tmux.wait_for(zoe, "Your hand (10)", timeout=10, what="Zoe drew the four")
        # Bob's turn comes after the challenge: by then every line about it has been printed.
        tmux.wait_for(bob, lambda _: "Tu turno" in said().split(ASKED)[-1], timeout=10, what="Bob's turn")

        lines = tmux.transcript(bob)
        asked = [line for line in lines if ASKED in line]
        assert len(asked) == 1, "\n".join(lines)
        shown = next((line for line in lines if "te enseñó la mano" in line), None)
        assert shown is not None, "\n".join(lines)
        for card in SHOWN:
            assert card in shown, shown
        assert "R1" not in shown and "V3" not in shown, shown
    finally:
        server.stop()
        server.remove_log()
