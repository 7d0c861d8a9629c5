"""End to end, a late arrival promised a bot's seat at a table whose late arrivals sit at the next
hand: Carla hosts a single-hand match against two bots (``--late-join next-hand``); Ana arrives
during it and is told "You take Bot 1's seat at the next match" (a single hand's next hand is the
rematch: "at the next hand" read as if it were sooner). The match ends in that hand:
Ana sits down for the rematch in Bot 1's seat, and Bot 1 goes. (Found play-testing: Bot 2 went,
the last bot, as for anyone arriving before a start, and Bot 1 played the rematch beside Ana.)"""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import Player, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("lateseat", width=100, height=30)
WINNER = re.compile(r"wins? the match!")  # ("You win the match!" on the winner's)


def seats_line(screen: str) -> str:
    """The line of the seats under the title ("Carla (you) [ 7] →   Ana [ 7] …")."""
    return next(line for line in screen.splitlines() if "Carla" in line and "[" in line)


def test_tmux_the_seat_promised_at_the_next_hand_is_the_one_taken_when_the_match_ends_first(
        tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "2", "--seats", "3", "--seed", "3", "--turn-timeout", "0",
                                   "--bot-delay", "0.05", "--single-hand", "--late-join", "next-hand",
                                   "--name", "Mesa"),
                         play.person(tmp_path / "carla", "Carla"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting, "uno join"))
    tmux.send(hosting, "s")
    play.dealt(tmux, hosting)

    late = tmux.start(play.join(address), play.person(tmp_path / "ana", "Ana"), window="late")
    tmux.wait_for(late, "› Mesa", timeout=15, what="the lobby")
    tmux.send(late, "Enter")
    tmux.wait_for(late, "You take Bot 1's seat at the next match", timeout=10, what="Ana's promise")

    carla = Player(tmux, hosting, "Carla")
    play.together([carla], lambda: bool(WINNER.search(tmux.screen(hosting))), 60, "the match did not end")
    tmux.wait_for(hosting, "Ana sat down: plays in the rematch", timeout=5, what="Ana, on Carla's board")
    tmux.wait_for(late, "You have a seat for the next match", timeout=5, what="Ana seated")
    tmux.send(hosting, "m")
    for window in (hosting, late):
        screen = tmux.wait_for(window, lambda s: not WINNER.search(s) and bool(play.DEALT.search(s)),
                               timeout=10, what="the rematch dealt")
        seats = seats_line(screen)
        assert "Bot 1" not in seats and "Bot 2" in seats, screen
        assert seats.index("Carla") < seats.index("Ana") < seats.index("Bot 2"), screen  # Bot 1's place
    assert "Bot 1 left" in tmux.screen(hosting)
