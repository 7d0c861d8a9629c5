"""End to end, in tmux: Ana hosts a single-hand match with Diego (in Spanish); Diego's terminal
crashes and, his turns played for him, the hand and the match end; a little later he starts
``uno join`` again and comes back to the match's end in his seat, with who won, away (the
rematch does not wait for him), and Ana reads him back at the table; one key brings him back to
the rematch's question, and his yes reaches her. Found
play-testing: his seat was freed at the match's end, and back he was in the lobby, never told who
won."""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("backatend", width=100, height=30)
WINNER = play.MATCH_WON
AWAY = re.compile(r"Diego \[\s*\d+\] away")  # (not offline)


def test_tmux_one_who_crashed_in_the_last_hand_comes_back_to_its_end(tmux: Tmux, tmp_path: Path) -> None:
    hosting, diego_join, diego_env = play.diego_crashes_through_a_single_hand(
        tmux, tmp_path, "--bots", "0", "--seats", "2", table="Fin")
    back = tmux.start(diego_join, diego_env, window="guest2")
    screen = tmux.wait_for(back, lambda s: WINNER.search(s) is not None, timeout=20,
                           what="Diego back at the match's end")
    # (away, his turns played for him: the rematch does not wait for him, and one key brings him
    # back to its question; the banner says he is away, no "welcome back" under it)
    assert "Estás ausente" in screen and "Hola de nuevo" not in screen, screen
    assert "La revancha no te espera" in " ".join(screen.split()), screen
    # on Ana's screen he is connected again, away (his turns were played for him: one key)
    tmux.wait_for(hosting, lambda s: AWAY.search(s) is not None, timeout=10,
                  what="Diego back, on Ana's screen")
    tmux.send(back, "m")
    tmux.wait_for(back, lambda s: "Pulsa cualquier tecla" not in s and "¿Revancha?" in s, timeout=5,
                  what="Diego present, asked the rematch")
    tmux.send(back, "m")
    tmux.wait_for(hosting, "accepted by Diego", timeout=5, what="Diego's yes, on Ana's screen")
