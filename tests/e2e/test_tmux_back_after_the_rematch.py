"""End to end, in tmux: Diego (in Spanish) plays at Ana's table with a bot; his terminal dies,
the match ends without him and Ana starts the rematch, whose bot plays his seat in its place as
"Diego (bot)". Started again, his client (its token resumes nothing now) goes back to that
table and takes his own seat back from the bot, where it was, and Ana reads that he came back.
Found play-testing: Kim, back, was given another bot's seat and the order changed for all; Diego,
started again, was in the lobby, told nothing; then he watched, told his seat was given up, until
he pressed j (the quit had said that uno join took him back to it). (A client whose link came
back after the rematch does the same: a test of client/inbox.py, tests/client/test_model.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("afterrematch", width=100, height=30)
ROW = re.compile(r"Ana \(you\) \[\s*\d+\].*Bot 1 \[\s*\d+\].*Diego \(bot\) \[")  # (his place kept)


def test_tmux_one_whose_seat_went_to_the_rematchs_bot_takes_it_back_in_its_place(
        tmux: Tmux, tmp_path: Path) -> None:
    hosting, diego_join, diego_env = play.diego_crashes_through_a_single_hand(
        tmux, tmp_path, "--bots", "1", "--seats", "3", table="Otra")
    tmux.send(hosting, "m")  # (one who dropped is not waited for)
    tmux.wait_for(hosting, lambda s: ROW.search(s) is not None, timeout=20,
                  what="the rematch, a bot in Diego's place")

    back = tmux.start(diego_join, diego_env, window="guest2")
    # (his client kept the room of his seat: it goes back to that table, to the seat kept for him)
    screen = tmux.wait_for(back, lambda s: re.search(r"Diego \(tú\) \[", s) is not None, timeout=20,
                           what="Diego in his seat again")
    assert "De vuelta en tu asiento" in screen, screen
    assert re.search(r"Ana \[\s*\d+\].*Bot 1 \[\s*\d+\].*Diego \(tú\) \[", screen), screen
    tmux.wait_for(hosting, "Diego came back", timeout=10, what="Diego back, on Ana's screen")
