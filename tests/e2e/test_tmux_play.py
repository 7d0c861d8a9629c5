"""End to end, as a person plays it: ``uno host --bots 3`` in an 80×24 tmux window, driven with
send-keys through a whole hand (start, draw, play, a wild and its colour, UNO), reading the screen
at each step. The deal is fixed by ``--seed``; the bots are quick (``--bot-delay``).
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tmuxkit import PYTHON, Hand, Tmux, parse_hand

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not Path("/usr/bin/tmux").exists(),
                                reason="tmux is not installed")

SEED = int(os.environ.get("UNO_E2E_SEED", "9"))
HAND_OVER = re.compile(r"wins hand 1|wins the match")


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    session = Tmux("play")
    try:
        yield session
    finally:
        session.kill()


def host_command(seed: int = SEED, *extra: str) -> list[str]:
    return [PYTHON, "-m", "client", "host", "--bots", "3", "--seed", str(seed), "--lang", "en",
            "--no-discovery", "--port", "0", "--bot-delay", "0.05", "--turn-timeout", "0", *extra]


def my_turn(screen: str) -> bool:
    return "Your turn" in screen or "Colour for" in screen or "challenge, n accept" in screen


def shows(text: str) -> Callable[[str], bool]:
    """``text`` is on the screen, or the hand is over (its scores replace the log)."""
    return lambda s: text in s or HAND_OVER.search(s) is not None


def select(tmux: Tmux, window: str, hand: Hand, index: int) -> None:
    """Select card ``index`` with a digit (first ten) or the arrow keys."""
    if index < 10:
        tmux.send(window, str((index + 1) % 10))
    else:
        current = hand.selected or 0
        for _ in range(index - current):
            tmux.send(window, "Right")
    tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == index,
                  timeout=3, what=f"card {index + 1} selected")


def press(tmux: Tmux, window: str, key: str, before: str, what: str) -> str:
    """Press ``key`` and wait for the screen to show its effect (any change); the new screen."""
    print(f"--- press {key!r} ({what}) on:\n{before}")
    tmux.send(window, key)
    return tmux.wait_for(window, lambda s: s != before, timeout=5, what=what, settle=False)


def play_hand(tmux: Tmux, window: str, steps: dict[str, str]) -> str:
    """Play until the hand is over: draw once, play wilds when nothing else goes, say UNO with the
    next-to-last card. ``steps`` collects a screen for each kind of step; returns the last screen."""
    for _ in range(100):
        screen = tmux.wait_for(window, lambda s: my_turn(s) or HAND_OVER.search(s) is not None,
                               timeout=20, what="my turn or the end of the hand")
        if HAND_OVER.search(screen):
            return screen
        if "challenge, n accept" in screen:
            press(tmux, window, "n", screen, "the challenge answered")
            continue
        if "The first card is a Wild" in screen:
            press(tmux, window, "r", screen, "the first colour chosen")
            continue
        hand = parse_hand(screen)
        assert hand is not None, screen
        size = len(hand.cards)
        assert f"Your hand ({size})" in screen
        if "Enter plays it" in screen:  # a card just drawn that can be played: keep it
            press(tmux, window, "p", screen, "the drawn card kept")
            continue
        if "draw" not in steps or not hand.playable:
            press(tmux, window, "d", screen, "a card drawn")
            after = tmux.wait_for(window, shows("Ana drew"), timeout=5, what="the draw in the log",
                                  settle=False)
            steps.setdefault("draw", after)
            continue
        non_wild = [i for i in hand.playable if not hand.cards[i].startswith("W")]
        index = non_wild[0] if non_wild else hand.playable[0]
        select(tmux, window, hand, index)
        if size == 2:
            screen = tmux.stable_screen(window)
            steps["uno_armed"] = press(tmux, window, "u", screen, "UNO armed")
            assert "UNO! will be said with your next card" in steps["uno_armed"]
        card = hand.cards[index]
        screen = tmux.stable_screen(window)
        if card.startswith("W"):
            press(tmux, window, "Enter", screen, "the colour picker")
            _pick_colour(tmux, window, tmux.wait_for(window, "Colour for", timeout=5), steps)
        else:
            press(tmux, window, "Enter", screen, "the card played")
            steps.setdefault("play", tmux.wait_for(window, shows("Ana played"), timeout=5,
                                                   what="the card played", settle=False))
        if size == 2:
            steps["uno"] = tmux.wait_for(window, shows("Ana: UNO!"), timeout=5, what="UNO in the log",
                                         settle=False)
    raise AssertionError("the hand did not end")


def _pick_colour(tmux: Tmux, window: str, screen: str, steps: dict[str, str]) -> None:
    steps["colour_picker"] = screen
    assert "r:red" in screen and "b:blue" in screen
    hand = parse_hand(screen)
    counts = {c: sum(1 for card in (hand.cards if hand else []) if card.startswith(c)) for c in "RYGB"}
    letter = max(counts, key=lambda c: counts[c])
    name = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}[letter]
    press(tmux, window, letter.lower(), screen, "the colour chosen")
    steps["wild"] = tmux.wait_for(window, shows(f"→ {name}"), timeout=5, what="the wild's colour in the log",
                                  settle=False)
    wild = re.search(rf"Ana played Wild( Draw Four)? → {name}", steps["wild"])
    assert wild or HAND_OVER.search(steps["wild"])


def test_tmux_host_plays_a_whole_hand(tmux: Tmux, tmp_path: Path) -> None:
    env = {"XDG_STATE_HOME": os.environ.get("UNO_E2E_STATE", str(tmp_path)), "TERM": "xterm-256color",
           "LANG": "C.UTF-8", "UNO_NAME": "Ana", "UNO_DEBUG": "1"}
    window = tmux.start(host_command(), env)

    screen = tmux.wait_for(window, "press s to start", timeout=10, what="the waiting room")
    assert "Ana  (host, you)" in screen and "Bot 3  (bot)" in screen
    assert "Table open on port" in screen
    assert "s start" in screen.splitlines()[-1]  # the key help

    tmux.send(window, "s")
    screen = tmux.wait_for(window, lambda s: re.search(r"Your hand \(\d+\)", s) is not None,
                           timeout=10, what="the deal")
    assert "Hand 1" in screen and "Draw pile:" in screen
    assert "┌───────┐" in screen  # the top card, drawn large
    for bot in ("Bot 1", "Bot 2", "Bot 3"):
        assert bot in screen
    assert "Enter play" in screen and "d draw" in screen and "u UNO" in screen

    steps: dict[str, str] = {}
    final = play_hand(tmux, window, steps)

    assert {"draw", "play", "colour_picker", "wild", "uno_armed", "uno"} <= set(steps), sorted(steps)
    assert "Ana drew" in steps["draw"]
    assert "Ana played" in steps["play"]
    assert "Colour for Wild" in steps["colour_picker"]
    assert "Ana: UNO!" in steps["uno"]
    assert HAND_OVER.search(final)
    assert "Scores" in final
    assert "Ana" in final
