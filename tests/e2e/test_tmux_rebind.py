"""End to end: a player rebinds draw and play in keys.toml; the help screen (F1) shows the new
keys, the help line too, and the new keys work at the table. ``uno host --bots 3 --seed 9``."""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux, my_turn, parse_hand

pytestmark = play.needs_tmux

SEED = 9  # Ana's first hand: R0 R2 R4 Y7 Y8 B8 W, and her turn comes first
tmux = play.tmux_fixture("rebind", width=100, height=30)


def test_rebound_draw_and_play_show_in_the_help_and_work(tmux: Tmux, tmp_path: Path) -> None:
    env = play.person(tmp_path, "Ana")
    keys = Path(env["XDG_CONFIG_HOME"]) / "uno" / "keys.toml"
    keys.parent.mkdir(parents=True)
    keys.write_text('draw = "g"\nplay = "k"\n')
    command = play.host("--bots", "3", "--seed", str(SEED), "--bot-delay", "0.05", "--turn-timeout", "0",
                        "--no-bell")
    window = tmux.start(command, env)
    play.waiting_room(tmux, window)

    tmux.send(window, "F1")
    screen = tmux.wait_for(window, "Playing a hand", timeout=5, what="the help screen")
    assert re.search(r"\bg +draw\b", screen) and re.search(r"\bk +play the card\b", screen), screen
    assert re.search(r"\bp +pass\b", screen)  # the rest keep their defaults
    tmux.send(window, "z")  # any key closes it
    tmux.wait_for(window, lambda s: "Playing a hand" not in s and "press s to start" in s, timeout=5,
                  what="the help closed")

    tmux.send(window, "s")
    screen = tmux.wait_for(window, lambda s: my_turn(s) and (h := parse_hand(s)) is not None
                           and bool(h.playable), timeout=15, what="Ana's turn")
    assert "k play  g draw" in screen.splitlines()[-1]
    hand = parse_hand(screen)
    assert hand is not None
    card = hand.playable[0]
    if hand.cards[card] == "W":  # (a colour would be asked: any other playable card will do)
        card = hand.playable[-1] if hand.cards[hand.playable[-1]] != "W" else card
    tmux.send(window, str(card + 1))
    tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == card, timeout=5,
                  what="the card chosen")
    tmux.send(window, "d")  # the old draw key does nothing now
    tmux.send(window, "k")
    screen = tmux.wait_for(window, "Ana played", timeout=5, what="k played the card")
    assert "Ana drew" not in screen

    tmux.wait_for(window, lambda s: my_turn(s) and (h := parse_hand(s)) is not None and h.cards != hand.cards,
                  timeout=15, what="Ana's turn again")
    tmux.send(window, "g")
    tmux.wait_for(window, "Ana drew", timeout=5, what="g drew a card")
