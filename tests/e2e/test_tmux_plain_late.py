"""End to end, plain mode (``TERM=dumb``) arriving late: Ana's ``uno host`` match with three bots
is on when Pia joins and types the table's number. She is given a bot's seat at once, and hears
the hand so far once: plain mode said "waiting for the start … press j" first, and the whole log
a second time as the seat came (found play-testing)."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("plainlate", width=100, height=30)


def test_tmux_a_plain_player_who_arrives_late_takes_a_bots_seat_and_hears_the_past_once(
        tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "3", "--seats", "4", "--seed", "4", "--bot-delay", "0.05",
                                   "--turn-timeout", "0", "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting, "uno join"))
    tmux.send(hosting, "s")
    play.dealt(tmux, hosting)
    port = address.rsplit(":", 1)[1]
    guest_env = {**play.person(tmp_path / "pia", "Pia"), "TERM": "dumb"}
    guest = tmux.start(play.join(f"127.0.0.1:{port}"), guest_env, window="guest")
    tmux.wait_for(guest, "1 Mesa, hosted by Ana", timeout=15, what="the lobby, as a line")
    tmux.send(guest, "1", "Enter")
    # (the screen's lines are cut at its width: "You took o" / "ver Bot 1's seat" failed a run)
    tmux.wait_for(guest, lambda s: "You took over Bot" in s.replace("\n", ""), timeout=15,
                  what="a bot's seat, given at once")
    tmux.wait_for(hosting, "Pia took over Bot", timeout=10, what="the host told")
    lines = tmux.transcript(guest)
    text = "\n".join(lines)
    assert "waiting for the start" not in text and "Press j" not in text, text
    assert sum("Hand 1 — " in line for line in lines) == 1, text  # the past, said once
    assert "No tables yet" not in text, text
