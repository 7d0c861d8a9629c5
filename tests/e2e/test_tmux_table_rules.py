"""End to end, in tmux: Ana hosts in English, Luis joins in Spanish at 80×24. In the waiting
room Ana presses R, turns 7-0 on in the form of the table's rules and applies it: Luis's log
says so, and his rules line. After a single-hand match Luis accepts a rematch; Ana turns on
stacking +2 for the next match: Luis is told, his acceptance is withdrawn (he accepted the
rules before) and he is asked again; the rematch is played under both changes. Found
play-testing: no key changed the rules of a table once open, and a host who wanted stacking
after her friends sat down had to leave and open another table."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("tablerules", width=100, height=30)

FORM = "The rules of Mesa"
SEVEN_ZERO, STACK = 9, 7  # the fields' places in the form, from its first (the rules' preset)


def change(tmux: Tmux, window: str, field: int) -> None:
    """R, down to ``field``, switch it, Enter."""
    tmux.send(window, "R")
    tmux.wait_for(window, FORM, timeout=10, what="the form of the table's rules")
    for _ in range(field):
        tmux.send(window, "Down")
    tmux.wait_for(window, lambda s: any(line.startswith(" › ") and "◀ no ▶" in line
                                        for line in s.splitlines()), timeout=10, what="the field")
    tmux.send(window, "Right")
    tmux.wait_for(window, "◀ yes ▶", timeout=10, what="the field switched on")
    tmux.send(window, "Enter")


def test_tmux_the_host_changes_the_rules_before_the_start_and_between_matches(
        tmux: Tmux, tmp_path: Path) -> None:
    ana = tmux.start(play.host("--bots", "1", "--single-hand", "--seed", "3", "--bot-delay", "0.05",
                               "--turn-timeout", "1", "--name", "Mesa"),
                     play.person(tmp_path / "ana", "Ana"), window="ana")
    address = play.invitation(play.waiting_room(tmux, ana))
    luis = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "luis", "Luis"), window="luis")
    tmux.resize(luis, 80, 24)
    play.sit(tmux, luis, "Mesa", waiting="Esperando a que Ana empiece")

    change(tmux, ana, SEVEN_ZERO)
    tmux.wait_for(ana, "You changed the rules: 7-0", timeout=10, what="Ana's log")
    screen = tmux.wait_for(luis, "Ana cambió las reglas: 7-0", timeout=10, what="Luis told")
    assert "7-0" in screen.split("Reglas:")[1], screen  # (his rules line too)

    tmux.send(ana, "s")
    # (both away, their turns timed out: the rematch waits for someone to come back, and one key
    # brings each back to the match's end, Ana to its rules key, Luis to its question)
    waits = {ana: "waits for someone to come back", luis: "espera a que alguien vuelva"}
    tmux.wait_for(ana, lambda s: "R changes its rules" in s or waits[ana] in " ".join(s.split()),
                  timeout=90, what="the match's end")
    tmux.wait_for(luis, lambda s: "¿Revancha?" in s or waits[luis] in " ".join(s.split()),
                  timeout=10, what="Luis's end of the match")
    tmux.send(ana, "Space")  # (away: the first key only brings her back, so the rematch waits)
    tmux.wait_for(ana, lambda s: "You are away" not in s and "R changes its rules" in s, timeout=10,
                  what="Ana back, with the rules key")
    tmux.send(luis, "Space")
    tmux.wait_for(luis, lambda s: "Estás ausente" not in s and "¿Revancha?" in s, timeout=10,
                  what="Luis back, asked the rematch")
    tmux.send(luis, "m")
    tmux.wait_for(luis, "aceptada por ti", timeout=10, what="Luis accepted")

    change(tmux, ana, STACK)
    screen = tmux.wait_for(luis, "Ana cambió las reglas: acumular +2", timeout=10,
                           what="Luis told at the end board")
    assert "¿Revancha? m sí" in screen and "aceptada por ti" not in screen, screen  # asked again
    assert "acepta otra vez la revancha" in " ".join(screen.split()), screen  # (and told why)
    tmux.send(luis, "m")
    tmux.wait_for(luis, "aceptada por ti", timeout=10, what="Luis accepted again")
    tmux.send(ana, "m")
    screen = tmux.wait_for(luis, lambda s: "¿Revancha?" not in s and "Tu mano" in s, timeout=15,
                           what="the rematch dealt")
    assert "acumular +2" in screen.splitlines()[0], screen
    screen = tmux.wait_for(ana, "Your hand", timeout=10, what="Ana's deal")
    assert "stack +2, 7-0" in screen.splitlines()[0], screen  # (her header is wider)
