"""End to end, in English and in Spanish: the why key on a card that cannot be played says why,
in the engine's terms and the player's language, and so does Enter on it. ``uno host --bots 3
--seed 9`` in tmux."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import tmuxplay as play
from tmuxkit import Tmux, parse_hand

pytestmark = play.needs_tmux

SEED = 9  # Ana's first hand: R2 R4 GS B3 BS W W; she deals a Yellow Reverse, and plays first
TEXT = {
    "en": dict(waiting="press s to start", turn="Your turn", why="w",
               reason=r"(is not|matches neither) (red|yellow|green|blue) "
                      r"(and does not match the top card|nor the)"),
    "es": dict(waiting="pulsa s para empezar", turn="Tu turno", why="e",
               reason=r"no es (rojo|amarillo|verde|azul) ni (coincide con la carta de arriba|un \S+)"),
}
tmux = play.tmux_fixture("why")  # 80 columns: the whole reason fits


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_why_key_explains_an_unplayable_card(tmux: Tmux, tmp_path: Path, lang: str) -> None:
    text = TEXT[lang]
    command = play.host("--bots", "3", "--seed", str(SEED), "--bot-delay", "0.05", "--turn-timeout", "0",
                        "--no-bell", lang=lang)
    window = tmux.start(command, play.person(tmp_path, "Ana"))
    play.waiting_room(tmux, window, text["waiting"])
    tmux.send(window, "s")
    screen = tmux.wait_for(window, lambda s: text["turn"] in s and (h := parse_hand(s)) is not None
                           and bool(h.playable), timeout=15, what="Ana's turn")
    hand = parse_hand(screen)
    assert hand is not None
    stuck = next(i for i in range(len(hand.cards)) if i not in hand.playable)
    tmux.send(window, str(stuck + 1))
    tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == stuck, timeout=5,
                  what="the unplayable card selected")
    tmux.send(window, text["why"])
    screen = tmux.wait_for(window, lambda s: re.search(text["reason"], s) is not None, timeout=5,
                           what="the reason")
    shown = parse_hand(screen)
    assert shown is not None and (shown.cards, shown.playable) == (hand.cards, hand.playable)  # none played
    # Enter on it says the same (found play-testing: "… cannot be played now", and at 60 columns
    # the bar has no room for the why key)
    said = reason_line(screen, text["reason"])
    other = next(i for i in range(len(hand.cards)) if i not in hand.playable and i != stuck)
    tmux.send(window, str(other + 1))
    tmux.send(window, "Enter")
    screen = tmux.wait_for(window, lambda s: reason_line(s, text["reason"]) not in ("", said), timeout=5,
                           what="the other card's reason, on Enter")
    assert parse_hand(screen) is not None and parse_hand(screen).cards == hand.cards  # type: ignore[union-attr]


def reason_line(screen: str, reason: str) -> str:
    return next((line for line in screen.splitlines() if re.search(reason, line)), "")
