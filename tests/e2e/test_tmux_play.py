"""End to end, as a person plays it: ``uno host --bots 3`` in an 80×24 tmux window, driven with
send-keys through a whole hand (start, draw, play, a wild and its colour, UNO), reading the screen
at each step. The deal is fixed by ``--seed``; the bots are quick (``--bot-delay``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import HAND_OVER, Player, Tmux

pytestmark = play.needs_tmux

SEED = int(os.environ.get("UNO_E2E_SEED", "9"))
SHOWN = re.compile(r"Your hand \((?P<size>\d+)\) \[(?P<first>\d+)–(?P<last>\d+) shown\]")
tmux = play.tmux_fixture("play")


def test_tmux_host_plays_a_whole_hand(tmux: Tmux, tmp_path: Path) -> None:
    env = play.person(tmp_path, "Ana", debug=True)
    if "UNO_E2E_STATE" in os.environ:  # (to look at the client's log and state afterwards)
        env["XDG_STATE_HOME"] = os.environ["UNO_E2E_STATE"]
    # easy bots: the hand lasts until Ana is down to her last cards (normal ones, since their
    # challenge weighs the odds, often go out first, and the UNO steps never come)
    window = tmux.start(play.host("--bots", "3", "--seed", str(SEED), "--bot-delay", "0.05",
                                  "--bot-level", "easy", "--turn-timeout", "0"), env)

    screen = play.waiting_room(tmux, window)
    assert "Ana  (host, you)" in screen and "Bot 3  (easy bot)" in screen
    assert "Friends join with: uno join" in screen
    assert "s start" in screen.splitlines()[-1]  # the key help

    tmux.send(window, "s")
    screen = play.dealt(tmux, window)
    assert "Hand 1" in screen and "Draw pile:" in screen
    assert "┌────────┐" in screen  # the top card, drawn large
    for bot in ("Bot 1", "Bot 2", "Bot 3"):
        assert bot in screen
    assert "Enter play" in screen and "d draw" in screen and "u UNO" in screen

    # it follows resizes: wider, narrower, and back to 80×24
    for width, height in ((100, 30), (64, 20), (80, 24)):
        tmux.resize(window, width, height)
        rule = f"\n{'─' * width}\n"
        screen = tmux.wait_for(window, lambda s, r=rule: r in s and "Your hand" in s and "Enter play" in s,  # type: ignore[misc]
                               timeout=5, what=f"the table redrawn {width} columns wide")
        assert len(screen.splitlines()) <= height

    # at 40×15 the hand shows six cards at a time, and End shows the last six (found play-testing:
    # the seventh alone); back to 80×24 after
    tmux.resize(window, 40, 15)
    tmux.wait_for(window, lambda s: SHOWN.search(s) is not None, timeout=5, what="the hand cut at 40×15")
    tmux.send(window, "End")
    screen = tmux.wait_for(window, lambda s: (m := SHOWN.search(s)) is not None and m["first"] != "1",
                           timeout=5, what="End: the hand's last cards")
    shown = SHOWN.search(screen)
    assert shown is not None and int(shown["last"]) == int(shown["size"]), screen
    assert int(shown["last"]) - int(shown["first"]) == 5, screen  # (six cards, not the last alone)
    tmux.send(window, "Home")
    tmux.resize(window, 80, 24)
    tmux.wait_for(window, lambda s: f"\n{'─' * 80}\n" in s and SHOWN.search(s) is None and "Your hand" in s,
                  timeout=5, what="the whole hand at 80×24 again")

    ana = Player(tmux, window, "Ana")
    final = ana.play_hand()
    steps = ana.steps

    assert {"draw", "play", "colour_picker", "wild", "uno_armed", "uno"} <= set(steps), sorted(steps)
    assert "You drew" in steps["draw"]
    assert "You played" in steps["play"]
    assert "Colour for Wild" in steps["colour_picker"]
    assert "said UNO!" in steps["uno"]  # (after the card: "— you said UNO!")
    uno_line = next(line for line in steps["uno"].splitlines() if "said UNO!" in line)
    assert uno_line.count("UNO!") == 1, uno_line  # said with the card: told once, by its event
    assert HAND_OVER.search(final)
    assert "Cards left" in final and "Score" in final  # every hand, with its points
    assert "Ana" in final
