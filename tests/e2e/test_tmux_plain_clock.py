"""End to end, in tmux: Inés, blind, hosts in plain mode in Spanish with a clock of 12 seconds a
turn, and lets her first turn run out. Her screen reader hears the turn ("12 segundos para
jugar"), then, once, that ten seconds are left, and then that a bot played the turn. Found
play-testing: nothing was said between the turn and the stand-in's move."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("plainclock", width=100, height=30)


def test_tmux_a_plain_player_hears_that_the_turns_time_runs_out(tmux: Tmux, tmp_path: Path) -> None:
    env = {**play.person(tmp_path, "Inés"), "TERM": "dumb"}  # plain mode by itself
    window = tmux.start(play.host("--bots", "2", "--seed", "4", "--single-hand", "--bot-delay", "0.05",
                                  "--turn-timeout", "12", lang="es"), env)
    play.said(tmux, window, "escribe empezar", timeout=15)
    play.typed(tmux, window, "empezar")
    turn = play.said(tmux, window, "Tu turno. 12 segundos para jugar", timeout=15)
    warned = play.said(tmux, window, "Te quedan 10 segundos para jugar.", after=turn, timeout=8)
    ran_out = play.said(tmux, window, "Se acabó tu tiempo", after=warned, timeout=15)
    lines = tmux.transcript(window)[turn:ran_out]
    assert sum("Te quedan" in line for line in lines) == 1, lines
