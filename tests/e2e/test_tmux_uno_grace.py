"""End to end, in tmux, the UNO call's grace (issue 13): on a server with a rigged deal and a
grace of 4 seconds, Zoe (in English) plays her way down to one card without saying UNO; Bob's
screen (in Spanish) marks her at risk in words; his catch inside the window is refused with a
clear message, and the one he makes once the grace is over counts: Zoe draws two. Zoe stays marked
at risk until then, and is warned that a catch counts now."""

from __future__ import annotations

import json
from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from kit.unograce import ANN, OTHER, PLAYS, TURNED
from rigged_server import RIGGED_SERVER
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("unograce", width=100, height=30)
GRACE = 4.0  # seconds: long enough to see the marker and press c inside it, even under load


def play_card(tmux: Tmux, window: str, card: str, then: str = "") -> None:
    """Select ``card`` and play it (without UNO; ``then``: a key typed with Enter, in the same
    burst); wait until it has left the hand."""
    size = play.select_card(tmux, window, card, "Your turn")
    tmux.send(window, "Enter", *([then] if then else []))
    tmux.wait_for(window, f"Your hand ({size - 1})", timeout=10, what=f"{card} played")


def test_tmux_u_typed_at_once_after_the_next_to_last_card_is_said(tmux: Tmux, tmp_path: Path) -> None:
    """Zoe plays her next-to-last card and types u in the same instant, before the server's
    answer: UNO is said (the u used to arm UNO for the play already gone, and was lost)."""
    deal = json.dumps({"hands": [ANN, OTHER], "turn": TURNED, "dealer": 1})
    server = ServerProcess("--uno-grace", str(GRACE), "--deal", deal, command=RIGGED_SERVER)
    try:
        zoe, bob = play.zoe_and_bob(tmux, tmp_path, server)
        *first, last = PLAYS[ANN]
        for card in first:
            play_card(tmux, zoe, card)
        play_card(tmux, zoe, last, then="u")  # Enter and u in one burst of keys
        tmux.wait_for(bob, "Zoe: ¡UNO!", timeout=10, what="Zoe's UNO on Bob's screen", settle=False)
        screen = tmux.wait_for(zoe, "said UNO!", timeout=10, what="Zoe's UNO on her screen")
        assert "at risk" not in screen
    finally:
        server.stop()
        server.remove_log()


def test_tmux_a_catch_inside_the_grace_is_refused_and_one_after_it_counts(tmux: Tmux,
                                                                          tmp_path: Path) -> None:
    deal = json.dumps({"hands": [ANN, OTHER], "turn": TURNED, "dealer": 1})
    server = ServerProcess("--uno-grace", str(GRACE), "--deal", deal, command=RIGGED_SERVER)
    try:
        zoe, bob = play.zoe_and_bob(tmux, tmp_path, server)
        for card in PLAYS[ANN]:  # five skips, then the G3: one card left, UNO not said
            play_card(tmux, zoe, card)

        risk = tmux.wait_for(bob, "Zoe [ 1] en riesgo: sin UNO · sigue", timeout=GRACE / 2,
                             what="Zoe marked at risk on Bob's screen", settle=False)
        tmux.send(bob, "c")
        refused = tmux.wait_for(bob, "Demasiado pronto para pillar: aún puede decir UNO",
                                timeout=GRACE, what="the early catch refused, in words",
                                settle=False)
        assert "catch_too_early" not in refused and "en riesgo" in risk
        assert "Zoe aún no dijo UNO: c pilla en un momento" in risk
        tmux.wait_for(bob, lambda s: "en riesgo" in s and "¡pulsa c para pillarle!" in s,
                      timeout=GRACE + 5, what="the grace over: Zoe still at risk, and c counts")
        tmux.wait_for(zoe, "You did not say UNO and can be caught now: u says it", timeout=5,
                      what="Zoe warned that a catch counts now", settle=False)
        tmux.send(bob, "c")
        tmux.wait_for(bob, "¡Pillaste a Zoe sin decir UNO!", timeout=10, what="the catch counted")
        tmux.wait_for(zoe, "Your hand (3)", timeout=10, what="Zoe drew two")
    finally:
        server.stop()
        server.remove_log()
