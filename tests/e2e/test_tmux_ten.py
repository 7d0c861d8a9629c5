"""End to end, in tmux, a table of ten at 80x24 (found play-testing one): Zoe's waiting room shows
the ten seats and the rules under them whole (with more options they were cut after two lines;
the seats go in two columns then); her 7's seat picker shows all nine other seats, on two lines
(one line showed the first seven, "7:…", then the seats around the one picked), so that the ninth
can be seen and picked; and she swaps with Bob (in Spanish)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from rigged_server import RIGGED_SERVER
from test_tmux_seven import BOB, ZOE
from tmuxkit import Tmux, parse_hand

from engine.cards import full_deck

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("ten", width=80, height=24)

TURN = "R9"  # (Zoe's and Bob's hands are the 7 story's)


def bots_hands() -> list[str]:
    """Eight hands of seven for the bots, from the cards Zoe's, Bob's and the turned card leave."""
    left = Counter(map(str, full_deck())) - Counter([*ZOE.split(), *BOB.split(), TURN])
    cards = sorted(left.elements())
    return [" ".join(cards[7 * i:7 * i + 7]) for i in range(8)]


def test_tmux_ten_seats_at_80_by_24(tmux: Tmux, tmp_path: Path) -> None:
    deal = json.dumps({"hands": [ZOE, BOB, *bots_hands()], "turn": TURN, "dealer": 9})
    server = ServerProcess("--deal", deal, command=RIGGED_SERVER)
    try:
        zoe, bob = play.zoe_and_bob(tmux, tmp_path, server, seats=10, options=play.FORM_SEVEN_ZERO,
                                    waiting=lambda: waiting_room(tmux, "zoe"))
        play.select_card(tmux, zoe, "R7", "Your turn")
        tmux.send(zoe, "Enter")
        picker = tmux.wait_for(zoe, "Swap hands with", timeout=10, what="the seat picker")
        assert "[1:Bob (" in picker and " 9:Bot 8 (" in picker and "…" not in picker, picker  # (all)
        tmux.send(zoe, "9")
        picked = tmux.wait_for(zoe, "[9:Bot 8 (", timeout=5, what="the ninth seat picked, on screen")
        assert " 1:Bob (" in picked, picked  # (still there: nothing cut off)
        tmux.send(zoe, "1")
        tmux.wait_for(zoe, "[1:Bob (", timeout=5, what="Bob's seat picked again")
        tmux.send(zoe, "Enter")
        screen = tmux.wait_for(zoe, "You hold Bob's hand now: 7 cards", timeout=10, what="the swap")
        hand = parse_hand(screen)
        assert hand is not None and sorted(hand.cards) == sorted(BOB.split()), screen
        tmux.wait_for(bob, "Ahora tienes la mano de Zoe: 6 cartas", timeout=10, what="Bob told")
    finally:
        server.stop()
        server.remove_log()


def waiting_room(tmux: Tmux, zoe: str) -> None:
    """In Zoe's waiting room, Bob seated, she seats seven bots: ten seats, and the rules whole
    under them."""
    for _ in range(7):
        tmux.send(zoe, "+")
    room = tmux.wait_for(zoe, "Seats 9/10", timeout=10, what="seven bots seated")
    print(f"--- Zoe's waiting room:\n{room}")
    assert "9. Bot 7" in room and "10. —" in room, room
    assert all(f"{n}. " in room for n in range(1, 11)), room  # (two columns when one does not fit)
    rules = " ".join(room.split())
    assert "7-0 swaps" in rules and "late arrivals sit at once" in rules, room  # (whole)
    assert "↑↓ picks a bot" in rules, room
