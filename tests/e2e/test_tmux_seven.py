"""End to end, in tmux, a 7 under 7-0 (R15): Zoe (in English) plays her red 7 at a table of three
with the option on; in the seat picker a digit picks a seat and Enter swaps (a digit swapped at
once, and the Enter the help line asks for then went to the table); she picks Bob (in Spanish),
and each is told whose cards they hold now (the log's "swapped hands" left it to them). Bob's
first Enter on the hand he was given says the hand changed, and the next plays (found
play-testing: an Enter meant for the old hand's card played the new hand's under the cursor)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from rigged_server import RIGGED_SERVER
from tmuxkit import Tmux, parse_hand

from client.table import HAND_GUARD

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("seven", width=100, height=30)

ZOE = "R7 R1 R2 G3 G4 B5 B6"
BOB = "Y1 Y2 Y3 Y4 Y5 Y6 Y7"
BOT = "G1 G2 B1 B2 Y8 Y9 R3"


def test_tmux_a_7_swaps_with_the_seat_picked_by_number_then_enter(tmux: Tmux, tmp_path: Path) -> None:
    deal = json.dumps({"hands": [ZOE, BOB, BOT], "turn": "R9", "dealer": 2})
    server = ServerProcess("--deal", deal, command=RIGGED_SERVER)
    try:
        zoe, bob = play.zoe_and_bob(tmux, tmp_path, server, seats=3, options=play.FORM_SEVEN_ZERO)
        play.select_card(tmux, zoe, "R7", "Your turn")
        tmux.send(zoe, "Enter")
        picker = tmux.wait_for(zoe, "Swap hands with", timeout=10, what="the seat picker")
        assert "[1:Bob (" in picker and "Enter swap" in picker, picker
        tmux.send(zoe, "2")  # a digit picks the seat, and swaps with nobody yet
        tmux.wait_for(zoe, "[2:Bot 1 (", timeout=5, what="the bot's seat picked")
        tmux.send(zoe, "1")
        picked = tmux.wait_for(zoe, "[1:Bob (", timeout=5, what="Bob's seat picked again")
        assert "Swap hands with" in picked  # still asking: the Enter is what swaps
        tmux.send(zoe, "Enter")
        screen = tmux.wait_for(zoe, "You hold Bob's hand now: 7 cards", timeout=10,
                               what="Zoe told whose cards she holds")
        hand = parse_hand(screen)
        assert hand is not None and sorted(hand.cards) == sorted(BOB.split()), screen
        # (one doing: found play-testing, "Ana jugó 7 rojo — Ana cambió la mano contigo")
        assert "You played Red 7 and swapped hands with Bob" in screen
        screen = tmux.wait_for(bob, "Ahora tienes la mano de Zoe: 6 cartas", timeout=10,
                               what="Bob told, in Spanish, whose cards he holds")
        assert "Zoe jugó 7 rojo y cambió la mano contigo" in screen
        # Bob's turn: past the guard of keys typed at once (HAND_GUARD), his first Enter is told
        # the hand changed, and plays nothing; the next plays the card under the cursor
        swapped_at = time.monotonic()
        tmux.wait_for(bob, lambda _: time.monotonic() > swapped_at + 2 * HAND_GUARD, timeout=5,
                      what="past the guard of keys typed at once")
        tmux.send(bob, "Enter")
        screen = tmux.wait_for(bob, "Tu mano acaba de cambiar", timeout=5, what="Bob told his hand changed")
        assert "Jugaste" not in screen, screen
        tmux.send(bob, "Enter")
        tmux.wait_for(bob, "Jugaste", timeout=10, what="Bob's second Enter played")
    finally:
        server.stop()
        server.remove_log()
