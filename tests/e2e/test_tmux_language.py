"""End to end, in tmux (found play-testing): a player who reads only Spanish, at a `uno host` table
that opened in English, presses F2. The screen speaks Spanish at once and so do its keys (the
English away key z is blue in Spanish and does nothing; f steps away), its log is told again in
Spanish, and the choice is kept for the next start."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux

tmux = play.tmux_fixture("language", width=80, height=24)


def test_tmux_f2_switches_the_screen_and_its_keys_to_spanish(tmux: Tmux, tmp_path: Path) -> None:
    home = tmp_path / "carla"
    window = tmux.start(play.host("--bots", "2", "--start", "--seed", "3", "--bot-delay", "5"),
                        play.person(home, "Carla"), window="carla")
    play.dealt(tmux, window, timeout=15)
    tmux.send(window, "F1")
    tmux.wait_for(window, "F2: en español", timeout=5, what="the help offering Spanish, in Spanish")
    tmux.send(window, "F2")
    tmux.wait_for(window, "F2: in English", timeout=5, what="the help, now in Spanish")
    tmux.send(window, "Escape")  # (closes the help: waited for, so that z is no Alt-z after Esc)
    screen = tmux.wait_for(window, lambda s: "Tu mano" in s and "Teclas —" not in s, timeout=5,
                           what="the table in Spanish")
    # the log's lines too, told again (found play-testing: "Hand 1 — Bot 1 dealt" stayed English)
    assert "Mano 1 — repartió" in screen and "Hand 1" not in screen, screen
    tmux.send(window, "z")  # (blue in Spanish: not the away key any more)
    tmux.wait_for(window, "z no hace nada aquí", timeout=5, what="z pointed to the Spanish key")
    tmux.send(window, "f")
    tmux.wait_for(window, "Estás ausente", timeout=5, what="away, with the Spanish key")
    assert (home / "config" / "uno" / "language").read_text().strip() == "es"
