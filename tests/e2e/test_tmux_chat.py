"""End to end, in tmux, at 80x24: Bea (in Spanish) writes a long chat line at the table and Ana
answers in a few words. Bea's two rows of chat show Ana's answer whole, and not the end of her
own line above it without its start or her name. Found play-testing: "largo?" above "Hostie: se
ve bien aqui"."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("chat", width=80, height=24)

LONG = ("se ve bien el chat cuando el mensaje es largo? escribo bastante para que ocupe dos "
        "filas de la pantalla y termine en cola")


def say(tmux: Tmux, window: str, text: str, prompt: str) -> None:
    tmux.send(window, "t")
    tmux.wait_for(window, prompt, timeout=5, what="the chat prompt")
    tmux.send(window, "-l", text)
    tmux.send(window, "Enter")


def test_tmux_the_chat_never_shows_the_end_of_a_line_without_its_start(tmux: Tmux, tmp_path: Path) -> None:
    ana = tmux.start(play.host("--bots", "1", "--bot-delay", "5", "--turn-timeout", "0", "--name", "Mesa"),
                     play.person(tmp_path / "ana", "Ana"), window="ana")
    address = play.invitation(play.waiting_room(tmux, ana))
    bea = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "bea", "Bea"), window="bea")
    play.sit(tmux, bea, "Mesa", waiting="Esperando a que Ana empiece")
    tmux.send(ana, "s")
    play.dealt(tmux, bea, what="the deal on Bea's screen", timeout=15)

    say(tmux, bea, LONG, "Di:")
    tmux.wait_for(bea, "Bea: se ve bien", timeout=5, what="Bea's line at her table")
    say(tmux, ana, "si, se lee", "Say:")
    screen = tmux.wait_for(bea, "Ana: si, se lee", timeout=5, what="Ana's answer at Bea's table")
    assert "en cola" not in screen, screen  # (the end of Bea's line, under nobody's name)
