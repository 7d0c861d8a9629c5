"""End to end, plain mode reaches what the full screen's keys reach: a host on a ``TERM=dumb``
terminal changes two bots' levels in the waiting room by typing ``level N [LEVEL]``, starts a
single hand (the stand-in plays the host's turns), and at its end goes through its replay a
move at a time, then back to the table; in English and in Spanish."""

from __future__ import annotations

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


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tmux_plain_mode_sets_bot_levels_and_goes_through_a_replay(tmux: Tmux, tmp_path: Path,
                                                                   lang: str) -> None:
    w = WORDS[lang]
    env = {**play.person(tmp_path, "Ana"), "TERM": "dumb"}  # plain mode by itself
    window = tmux.start(play.host("--bots", "2", "--seed", "9", "--single-hand", "--bot-delay", "0",
                                  "--turn-timeout", "0.2", lang=lang), env)
    play.said(tmux, window, w.level_help, timeout=15)  # the waiting room says how
    play.said(tmux, window, w.bot1_hard.replace("hard", "normal").replace("difícil", "normal"),
                     after=play.said(tmux, window, w.waiting))

    play.said(tmux, window, w.bot1_hard, after=play.typed(tmux, window, w.set_hard))
    line = play.said(tmux, window, w.bot2_hard, after=play.typed(tmux, window, w.next_level))  # normal → hard
    assert w.bot1_hard in tmux.transcript(window)[line]

    play.typed(tmux, window, w.start)
    over = play.said(tmux, window, w.over, timeout=90)
    play.typed(tmux, window, "")  # (her turns ran out: away, a line only brings her back)
    line = play.typed(tmux, window, w.replay)
    opened = play.said(tmux, window, w.opened, after=line)
    play.said(tmux, window, w.move0, after=opened)
    play.said(tmux, window, w.move1, after=play.typed(tmux, window, ""))  # Enter: a move on
    play.said(tmux, window, w.end, after=play.typed(tmux, window, w.all))
    closed = play.said(tmux, window, w.closed, after=play.typed(tmux, window, w.back))
    play.said(tmux, window, w.over, after=closed + 1)  # the table again, as it stands
    lines = tmux.transcript(window)
    assert over < opened and "\x1b" not in "\n".join(lines)
