"""End to end, in tmux: statistics. Ana hosts a single hand against a bot and plays it; a friend
who then joins her table reads each player's line in the lobby's table list and in the waiting
room (hands won of played); Ana quits (her terminal keeps who won and the points), and
runs ``uno stats`` (in English, then in Spanish) and finds her hand in the table."""

from __future__ import annotations

import re
import shlex
import time
from pathlib import Path

import tmuxplay as play
from tmuxkit import Player, Tmux

pytestmark = play.needs_tmux

tmux = play.tmux_fixture("stats", width=100, height=26)
RULES = "official target_score=none"  # (a single hand: the match has no target)


def test_tmux_a_hand_against_a_bot_shows_in_the_lobby_and_in_uno_stats(tmux: Tmux,
                                                                        tmp_path: Path) -> None:
    ana_env = play.person(tmp_path / "ana", "Ana")
    hosting = tmux.start(play.host("--bots", "1", "--seats", "2", "--single-hand", "--seed", "9",
                                   "--bot-delay", "0.05", "--bot-level", "easy",
                                   "--turn-timeout", "0"), ana_env, window="host")
    screen = play.waiting_room(tmux, hosting)
    assert "Ana  (host, you)" in screen, screen  # no line before a first hand is counted
    address = play.invitation(screen)
    tmux.send(hosting, "s")
    play.dealt(tmux, hosting)
    final = Player(tmux, hosting, "Ana").play_hand()
    won = re.search(r"(\S+) wins? the match", final)  # ("You win the match!" on the winner's)
    assert won is not None, final
    ana_won = int(won.group(1) in ("Ana", "You"))

    luis = tmux.start(play.join(address), play.person(tmp_path / "luis", "Luis"), window="luis")
    listed = play.sit(tmux, luis, "At the table:", waiting="Luis  (you)")  # (the bot gives him its seat)
    line = re.search(r"At the table: (.*)", listed)
    assert line is not None and f"Ana (won {ana_won} of 1 hand)" in line.group(1), listed
    # (a bot's record is its level's: uno stats; the bot sits after Ana, the host)
    assert "Bot 1 (easy)" in line.group(1).split(" · "), listed
    lobby = tmux.stable_screen(luis)
    assert f"Ana  (host, won {ana_won} of 1 hand)" in lobby, lobby
    assert "Luis  (you)" in lobby, lobby  # his first hand is still to come

    tmux.send(luis, "q")
    time.sleep(0.2)
    tmux.send(luis, "y")
    tmux.send(hosting, "q")
    time.sleep(0.2)
    tmux.send(hosting, "y")
    tmux.wait_for(hosting, lambda s: "UNO ·" not in s, timeout=10, what="Ana's client gone",
                  settle=False)
    # who won, and the points, stay on the terminal (found play-testing: a match ended early
    # left its points, a match won nothing)
    parting = tmux.wait_for(hosting, "won the match. Points: ", timeout=10, settle=False,
                            what="who won, in Ana's terminal")
    said = r"(You|Bot 1) won the match\. Points: (you|Bot 1) \d+, (you|Bot 1) 0\."
    assert re.search(said, parting), parting

    stats = [play.PYTHON, "-m", "client", "stats", "--lang"]
    window = tmux.start(["sh", "-c", f"{shlex.join([*stats, 'en'])}; {shlex.join([*stats, 'es'])}"],
                        ana_env, window="stats")
    both = tmux.wait_for(window, "Reglas:", timeout=20, what="uno stats in English and Spanish")
    english, spanish = both.split("Reglas:")
    for table, heading, player in ((english, f"(--rules '{RULES}')", "Player"),
                                   ("Reglas:" + spanish, f"(--rules '{RULES}')", "Jugador")):
        assert heading in table, both
        lines = table.splitlines()
        head = next(i for i, line in enumerate(lines) if line.startswith(player))
        ana = next(line for line in lines if line.startswith("Ana "))
        assert ana.split()[1:3] == [f"{ana_won}/1", f"{ana_won}/1"], table  # matches, hands
        assert len(ana) == len(lines[head]), table  # the columns line up
        bot = next(line for line in lines if line.startswith("bot ("))  # by level: easy
        assert bot.split()[2:4] == [f"{1 - ana_won}/1", f"{1 - ana_won}/1"], table
