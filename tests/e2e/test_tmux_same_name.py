"""End to end, in tmux: two friends called Kim. The first (in Spanish) plays at Ana's table and
leaves it mid-match, staying in the lobby; the second (in English) watches the table, chats, and
takes a seat from the line. The table calls the second "Kim 2" in the chat and in the seat, and
nobody reads that Kim came back. Found play-testing: a watcher named as a player chatted under
her name, took the seat she had left, and the table read "Kim came back" (and the newcomer "You
are back in your seat")."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("samename", width=100, height=30)


def test_tmux_a_second_kim_is_kim_2_and_takes_over_the_seat_kim_left(tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--seats", "2", "--name", "Mesa", "--turn-timeout", "0",
                                   "--bot-delay", "5", "--seed", "5"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    kim = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "kim", "Kim"), window="kim")
    play.sit(tmux, kim, "› Mesa", waiting="Esperando a que Ana empiece")
    tmux.send(hosting, "s")
    play.dealt(tmux, kim, "the deal (Kim)")
    tmux.send(kim, "x")
    tmux.wait_for(kim, "¿Dejar la mesa? s la deja", timeout=5, what="the leave question")
    tmux.send(kim, "s")
    tmux.wait_for(kim, "Sala —", timeout=10, what="Kim in the lobby, still connected")
    tmux.wait_for(hosting, "Kim left: a bot plays the seat", timeout=10, what="Kim gone, on Ana's screen")

    other = tmux.start(play.join(address), play.person(tmp_path / "kim2", "Kim"), window="other")
    tmux.wait_for(other, "› Mesa", timeout=15, what="the lobby (the second Kim)")
    tmux.send(other, "w")
    tmux.wait_for(other, "You are watching", timeout=10, what="the second Kim watching")
    tmux.send(other, "t")
    tmux.wait_for(other, "Say:", timeout=5, what="the chat")
    tmux.send(other, "-l", "hi, I am the other Kim")
    tmux.send(other, "Enter")
    tmux.wait_for(hosting, "Kim 2: hi, I am the other Kim", timeout=10, what="the watcher's chat as Kim 2")

    tmux.send(other, "j")
    seated = tmux.wait_for(other, "You took over Kim's seat", timeout=15, what="the second Kim seated")
    assert "back in your seat" not in seated and "Kim 2 (you)" in seated, seated
    told = tmux.wait_for(hosting, "Kim 2 took over Kim's seat", timeout=10, what="Ana told who sat")
    assert "Kim came back" not in told, told
