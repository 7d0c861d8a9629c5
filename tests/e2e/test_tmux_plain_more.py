"""End to end, plain mode reaches what the full screen's keys reach: a host on a ``TERM=dumb``
terminal changes two bots' levels in the waiting room by typing ``level N [LEVEL]``, starts a
single hand (the stand-in plays the host's turns), and at its end goes through its replay a
move at a time, then back to the table; in English and in Spanish."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pytest
import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("plainmore", width=100, height=30)


@dataclass(frozen=True)
class Words:
    """What the plain host reads and types, in one language."""

    waiting: str
    level_help: str
    set_hard: str
    next_level: str
    bot1_hard: str
    bot2_hard: str
    start: str
    over: str
    replay: str
    opened: str
    move0: str
    move1: str
    all: str
    end: str
    back: str
    closed: str


WORDS = {
    "en": Words("waiting for the start", "level N changes the level of the bot in seat N", "level 2 hard",
                "level 3", "2 Bot 1 (hard bot)", "3 Bot 2 (hard bot)", "start", "the match!", "replay",
                "Replay of hand 1", "Move 0 of", "Move 1 of", "all", "The end of the hand", "back",
                "Back at the table."),
    "es": Words("esperando el inicio", "nivel N cambia el nivel del bot del asiento N",
                "nivel 2 difícil", "nivel 3", "2 Bot 1 (bot difícil)", "3 Bot 2 (bot difícil)", "empezar",
                "la partida!", "repetición", "Repetición de la mano 1", "Jugada 0 de", "Jugada 1 de",
                "todo", "Fin de la mano", "volver", "De vuelta en la mesa."),
}


def said(tmux: Tmux, window: str, text: str, after: int = 0, timeout: float = 10) -> int:
    """Wait until a line (from line ``after`` on) says ``text``; its index."""
    deadline = time.monotonic() + timeout
    lines: list[str] = []
    while time.monotonic() < deadline:
        lines = tmux.transcript(window)
        found = next((i for i in range(after, len(lines)) if text in lines[i]), None)
        if found is not None:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited {timeout} s for {text!r}; the lines:\n" + "\n".join(lines[-15:]))


def typed(tmux: Tmux, window: str, command: str) -> int:
    """Type ``command`` and Enter; the index of its echo (what it makes said comes after)."""
    before = len(tmux.transcript(window))
    tmux.send(window, command, "Enter")
    return said(tmux, window, command, after=before, timeout=5) if command else before


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tmux_plain_mode_sets_bot_levels_and_goes_through_a_replay(tmux: Tmux, tmp_path: Path,
                                                                   lang: str) -> None:
    w = WORDS[lang]
    env = {**play.person(tmp_path, "Ana"), "TERM": "dumb"}  # plain mode by itself
    window = tmux.start(play.host("--bots", "2", "--seed", "9", "--single-hand", "--bot-delay", "0",
                                  "--turn-timeout", "0.2", lang=lang), env)
    said(tmux, window, w.level_help, timeout=15)  # the waiting room says how
    said(tmux, window, w.bot1_hard.replace("hard", "normal").replace("difícil", "normal"),
                after=said(tmux, window, w.waiting))

    said(tmux, window, w.bot1_hard, after=typed(tmux, window, w.set_hard))
    line = said(tmux, window, w.bot2_hard, after=typed(tmux, window, w.next_level))  # normal → hard
    assert w.bot1_hard in tmux.transcript(window)[line]

    typed(tmux, window, w.start)
    over = said(tmux, window, w.over, timeout=90)
    typed(tmux, window, "")  # (her turns ran out: away, a line only brings her back)
    line = typed(tmux, window, w.replay)
    opened = said(tmux, window, w.opened, after=line)
    said(tmux, window, w.move0, after=opened)
    said(tmux, window, w.move1, after=typed(tmux, window, ""))  # Enter: a move on
    said(tmux, window, w.end, after=typed(tmux, window, w.all))
    closed = said(tmux, window, w.closed, after=typed(tmux, window, w.back))
    said(tmux, window, w.over, after=closed + 1)  # the table again, as it stands
    lines = tmux.transcript(window)
    assert over < opened and "\x1b" not in "\n".join(lines)
