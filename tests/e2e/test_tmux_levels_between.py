"""End to end, in tmux, in Spanish: Ana hosts single-hand matches against two bots and steps
away (the stand-in plays her turns). At the match's end the board shows the bots' levels and
marks her pick; she comes back and picks Bot 2 with ↓, raises it twice with b (normal, difícil, experto), and
starts the rematch. At that match's end Bot 2 is still experto: the server kept the level for
the match between (found play-testing: the level could be changed only in the waiting room
before the first match, so bots too strong for the table meant leaving it)."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("levelsbetween", width=80, height=24)

BAR = "↑↓ b nivel"
AWAY = "la revancha espera a que alguien vuelva"  # (Ana with bots alone: it waits for her)


def players(screen: str) -> str:
    """The players' line of the board (Ana's, and the bots' after her)."""
    return next((line for line in screen.splitlines() if "Ana (tú)" in line), "")


def at_the_match_s_end(tmux: Tmux, ana: str, what: str) -> str:
    """Ana's screen at a match's end, back from away if her turns timed out (the rematch did not
    wait for her, and her keys only brought her back: the bar offered none of the host's)."""
    screen = tmux.wait_for(ana, lambda s: BAR in s or AWAY in " ".join(s.split()), timeout=60, what=what)
    if BAR not in screen:
        tmux.send(ana, "Down")  # (away: the first key only brings her back)
        screen = tmux.wait_for(ana, lambda s: BAR in s and "ausente" not in players(s), timeout=10,
                               what=what + ", Ana back")
    return screen


def test_tmux_the_host_changes_a_bots_level_between_matches(tmux: Tmux, tmp_path: Path) -> None:
    ana = tmux.start(play.host("--bots", "2", "--single-hand", "--seed", "3", "--bot-delay", "0.05",
                               "--turn-timeout", "1", "--name", "Mesa", "--start", lang="es"),
                     play.person(tmp_path / "ana", "Ana"), window="ana")
    screen = at_the_match_s_end(tmux, ana, "the first match's end, with the level key")
    assert "› Bot 1 (normal)" in players(screen) and "Bot 2 (normal)" in players(screen), screen
    tmux.send(ana, "Down")
    tmux.wait_for(ana, lambda s: "› Bot 2" in players(s), timeout=10, what="Bot 2 picked")
    tmux.send(ana, "b")
    tmux.wait_for(ana, lambda s: "Bot 2 (difícil)" in players(s), timeout=10, what="Bot 2 hard")
    tmux.send(ana, "b")
    screen = tmux.wait_for(ana, lambda s: "Bot 2 (experto)" in players(s), timeout=10, what="Bot 2 expert")
    assert "Bot 1 (normal)" in players(screen), screen  # the other bot keeps its level

    tmux.send(ana, "m")  # she alone is asked: the rematch starts
    tmux.wait_for(ana, lambda s: BAR not in s, timeout=15, what="the rematch dealt")
    screen = at_the_match_s_end(tmux, ana, "the second match's end")
    assert "Bot 2 (experto)" in players(screen) and "Bot 1 (normal)" in players(screen), screen
