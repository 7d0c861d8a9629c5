"""End to end, in tmux, two ways a table's seats go wrong for real people (found play-testing):
``uno host --bots 1 --start`` dealt to four and showed nobody where to join, so a friend who
came late could not; and a friend whose terminal died in the waiting room kept a seat that
nothing could free (the host's ``-`` removed a bot instead), and who, started again after it
was freed, was put in the lobby, told nothing."""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux

tmux = play.tmux_fixture("seats")
ADDRESS = re.compile(r"uno join \S+:(\d+)")


def test_tmux_a_match_started_at_once_seats_the_bots_asked_for_and_says_where_to_join(
        tmux: Tmux, tmp_path: Path) -> None:
    """Ana plays one bot at once; the log says where friends join; Luis, who reads Spanish,
    arrives during the hand and takes over the bot's seat."""
    hosting = tmux.start(play.host("--bots", "1", "--start", "--seed", "3", "--turn-timeout", "0",
                                   "--bot-delay", "0.3"), play.person(tmp_path / "ana", "Ana"), window="ana")
    screen = play.dealt(tmux, hosting, "Ana's deal")
    seats = screen.splitlines()[1]
    assert "Bot 1" in seats and "Ana (you)" in seats and "Bot 2" not in seats, screen  # two, not four
    found = ADDRESS.search(tmux.wait_for(hosting, "Friends join with:", timeout=5, what="the address"))
    assert found is not None, tmux.screen(hosting)

    guest = tmux.start(play.join(f"127.0.0.1:{found.group(1)}", lang="es"),
                       play.person(tmp_path / "luis", "Luis"), window="luis")
    tmux.wait_for(guest, "Ana's table", timeout=15, what="the table in Luis's lobby")
    tmux.send(guest, "Enter")
    screen = tmux.wait_for(guest, "Ocupaste el asiento de Bot 1", timeout=15, what="Luis in the bot's seat")
    assert "Tu mano" in screen, screen
    tmux.wait_for(hosting, lambda s: "Luis" in s.splitlines()[1], timeout=10, what="Luis at Ana's table")


def test_tmux_the_host_frees_the_seat_of_a_friend_whose_terminal_died(tmux: Tmux, tmp_path: Path) -> None:
    """Luis sits down in Ana's waiting room and his terminal is killed: Ana reads that he lost
    the connection, picks his seat with ↓ and frees it with -; the bot stays."""
    hosting = tmux.start(play.host("--bots", "1", "--seats", "4", "--turn-timeout", "0"),
                         play.person(tmp_path / "ana", "Ana"), window="ana")
    port = play.invitation(play.waiting_room(tmux, hosting)).rsplit(":", 1)[1]
    pidfile = tmp_path / "luis.pid"
    guest = tmux.start(play.join(f"127.0.0.1:{port}", lang="es"), play.person(tmp_path / "luis", "Luis"),
                       window="luis", pidfile=pidfile)
    play.sit(tmux, guest, "Ana's table", waiting="Esperando a que Ana empiece")
    tmux.wait_for(hosting, "Seats 3/4", timeout=10, what="Luis in the waiting room")

    play.crash(pidfile)
    screen = tmux.wait_for(hosting, "Luis has lost the connection", timeout=15, what="Luis gone offline")
    assert "Luis  (offline)" in screen, screen
    tmux.send(hosting, "Down")  # from Bot 1 to Luis's seat
    tmux.wait_for(hosting, lambda s: "› 3. Luis" in s, timeout=5, what="Luis's seat picked")
    tmux.send(hosting, "-")
    screen = tmux.wait_for(hosting, "Luis's seat was freed", timeout=10, what="Luis's seat freed")
    assert "Seats 2/4" in screen and "Bot 1" in screen and "has lost the connection" not in screen, screen

    # Luis starts again (found play-testing: back in the lobby, told nothing): his client kept
    # the room of his seat, so he watches the waiting room, told why, and sits down with j.
    back = tmux.start(play.join(f"127.0.0.1:{port}", lang="es"), play.person(tmp_path / "luis", "Luis"),
                      window="luis2")
    tmux.wait_for(back, "Tu asiento se liberó mientras no estabas", timeout=20,
                  what="Luis back, watching Ana's waiting room")
    tmux.send(back, "j")
    tmux.wait_for(back, "Esperando a que Ana empiece", timeout=10, what="Luis seated again")
    tmux.wait_for(hosting, "Seats 3/4", timeout=10, what="Luis back in Ana's waiting room")


def test_tmux_a_friend_who_quits_the_waiting_room_is_told_the_seat_waits(tmux: Tmux, tmp_path: Path) -> None:
    """Found play-testing: Luis quit Ana's waiting room (q, s) and his terminal said nothing of
    the seat kept for him, which Ana read waited. The question says so, and the terminal, as it
    comes back, gives the command that takes him back to it; he runs it and is in his seat."""
    hosting = tmux.start(play.host("--bots", "1", "--seats", "4", "--turn-timeout", "0"),
                         play.person(tmp_path / "ana", "Ana"), window="ana")
    port = play.invitation(play.waiting_room(tmux, hosting)).rsplit(":", 1)[1]
    join = play.join(f"127.0.0.1:{port}", lang="es")
    guest = tmux.start(join, play.person(tmp_path / "luis", "Luis"), window="luis")
    play.sit(tmux, guest, "Ana's table", waiting="Esperando a que Ana empiece")
    tmux.send(guest, "q")
    tmux.wait_for(guest, "tu asiento te espera", timeout=5, what="the quit question")
    tmux.send(guest, "s")
    screen = tmux.wait_for(guest, f"te espera: uno join 127.0.0.1:{port} te devuelve a él", timeout=10,
                           what="the seat kept, said as the terminal comes back")
    assert "Tu asiento en Ana's table" in screen, screen
    tmux.wait_for(hosting, "the seat waits for them", timeout=10, what="Luis gone, on Ana's screen")

    back = tmux.start(join, play.person(tmp_path / "luis", "Luis"), window="luis2")
    tmux.wait_for(back, "Hola de nuevo: vuelves a tu asiento", timeout=15, what="Luis in his seat again")
