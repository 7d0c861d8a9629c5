"""End to end, seats: ``uno host --bots 3`` (every seat taken, three by bots) still lets a friend
sit down before the start (a bot makes room), and someone arriving after the start takes over a
bot's seat with Enter in the lobby, in Spanish, and plays its next turn. Three tmux windows."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import tmuxplay as play
from tmuxkit import HAND_OVER, Player, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("seats")


def test_tmux_friends_sit_before_the_start_and_a_late_arrival_takes_a_bots_seat(
        tmux: Tmux, tmp_path: Path) -> None:
    host = tmux.start(play.host("--bots", "3", "--seed", "3", "--bot-delay", "0.05", "--turn-timeout", "0",
                                "--seven-zero", "--jump-in"),
                      play.person(tmp_path / "ana", "Ana", debug=True), window="host")
    screen = play.waiting_room(tmux, host)
    assert "Seats 4/4" in screen and "7-0 swaps, jump-in" in screen  # the options given as flags
    address = play.invitation(screen)

    # A friend arrives before the start at a table whose four seats are taken, three by bots.
    guest = tmux.start(play.join(address), play.person(tmp_path / "luis", "Luis", debug=True), window="luis")
    screen = play.sit(tmux, guest, "› Ana's table")
    assert "4/4" in screen and "waiting" in screen
    screen = tmux.wait_for(host, "Luis", timeout=5, what="Luis in the host's waiting room")
    assert "Bot 3  (normal bot)" not in screen and "Bot 2  (normal bot)" in screen  # a bot made room
    tmux.send(host, "s")
    play.dealt(tmux, host)

    # Someone arrives during the match, in Spanish: Enter takes over a bot's seat.
    late = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "eva", "Eva", debug=True),
                      window="eva")
    screen = tmux.wait_for(late, "› Ana's table", timeout=15, what="the lobby (es)")
    assert "jugando" in screen
    tmux.send(late, "Enter")
    screen = tmux.wait_for(late, lambda s: re.search(r"Tu mano \(\d+\)", s) is not None and "Eva (tú)" in s,
                           timeout=10, what="Eva at the table")
    board = screen.split("────")[0]  # the players' row (the log may name Bot 1: its past moves)
    assert "Bot 1" not in board and "Eva (tú)" in board  # Bot 1's seat is Eva's now
    assert "Ocupaste el asiento de Bot 1: sus cartas y sus puntos son tuyos." in screen  # and she is told
    tmux.wait_for(host, "Eva took over Bot 1's seat", timeout=10, settle=False)

    # Everyone plays until Eva has taken a turn of her own.
    ana, luis = Player(tmux, host, "Ana"), Player(tmux, guest, "Luis")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        eva_screen = tmux.screen(late)
        if HAND_OVER.search(tmux.screen(host)) or re.search(r"ganó la mano 1 y|ganó la partida", eva_screen):
            pytest.fail("the hand ended before Eva's turn came")  # (the seed makes it come)
        if "Tu turno" in eva_screen:
            eva_screen = tmux.stable_screen(late)
            tmux.send(late, "d")
            screen = tmux.wait_for(late, lambda s: "Robaste" in s, timeout=10, what="Eva's draw")
            if "Enter lo juega" in screen:
                tmux.send(late, "p")
            tmux.wait_for(host, lambda s: "Eva drew a card" in s or "Eva passed" in s, timeout=10,
                          settle=False, what="Eva's turn in the host's log")
            break
        for player in (ana, luis):
            player.play_if_my_turn()
        time.sleep(0.05)
    else:
        raise AssertionError("Eva's turn never came")
