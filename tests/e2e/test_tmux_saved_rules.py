"""End to end: a host saves the group's rules as "ours", opens a table with
``uno host --rules ours``, and a friend's lobby (in Spanish) shows those rules."""

from __future__ import annotations

import subprocess
from pathlib import Path

import tmuxplay as play
from tmuxkit import ROOT, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("savedrules", width=100, height=30)


def test_tmux_saved_rules_open_a_table_with_them(tmux: Tmux, tmp_path: Path) -> None:
    ana = play.person(tmp_path / "ana", "Ana")
    saved = subprocess.run(play.host("--save-rules", "ours", "--rules", "house", "--no-stack-draw-two",
                                     "--jump-in", "--target", "200"),
                           cwd=ROOT, env=ana, capture_output=True, text=True, timeout=30)
    assert saved.returncode == 0, saved.stderr
    assert "uno host --rules ours" in saved.stdout
    assert (tmp_path / "ana" / "config" / "uno" / "rules" / "ours.toml").is_file()

    hosting = tmux.start(play.host("--rules", "ours", "--bots", "0", "--seats", "2", "--name", "Jueves"),
                         ana, window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    guest = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "luis", "Luis"),
                       window="guest")
    lobby = tmux.wait_for(guest, "Jueves:", timeout=15, what="the table's rules in the friend's lobby")
    rules = " ".join(lobby[lobby.index("Jueves:"):].split())
    assert "de la casa" in rules and "a 200 puntos" in rules and "cortar" in rules, rules
    assert "sin acumular +2" in rules, rules  # "ours" turns the house's stacking off, and says so
