"""End to end, in tmux: Ana's ``uno host`` table of three bots goes on while she steps away for a
drink. Pia (plain mode, ``TERM=dumb``) comes to watch: she is told the hand so far as the past
("What has happened at the table:" … "Now:"), and an empty line tells her the table, every
player's cards with Ana marked away. The hand ends with everyone away; Ana comes back and opens
its replay, which tells her turns as the stand-in's, not as hers.

Found play-testing: a watcher in plain mode read the past with nothing to frame it, and had no way
to hear how many cards anyone held; the replay said "Ana played Red 9" of turns played for her."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("watchreplay", width=100, height=30)
AWAY = "Ana (away): a bot"


def test_tmux_a_plain_watcher_hears_the_past_as_past_and_the_replay_tells_the_stand_ins_turns(
        tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "3", "--seats", "4", "--seed", "4", "--bot-delay", "0.25",
                                   "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting, "uno join"))
    tmux.send(hosting, "s")
    play.dealt(tmux, hosting)
    tmux.send(hosting, "z")
    tmux.wait_for(hosting, "You are away", timeout=10, what="Ana away")

    port = address.rsplit(":", 1)[1]
    watcher = tmux.start(play.join(f"127.0.0.1:{port}"), {**play.person(tmp_path / "pia", "Pia"),
                                                          "TERM": "dumb"}, window="watcher")
    tmux.wait_for(watcher, "1 Mesa, hosted by Ana", timeout=15, what="the lobby, as a line")
    tmux.wait_for(hosting, "Away: a bot", timeout=20, what="a turn played for Ana")
    tmux.send(watcher, "watch 1", "Enter")
    tmux.wait_for(watcher, lambda s: "Now:" in s, timeout=15, what="the past told, then now")
    lines = tmux.transcript(watcher)
    past = next(i for i, line in enumerate(lines) if line.startswith("What has happened at the table"))
    assert any(AWAY in line for line in lines[past:lines.index("Now:")]), lines
    tmux.send(watcher, "Enter")
    table = tmux.wait_for(watcher, lambda s: "Cards: " in s.replace("\n", ""), timeout=10,
                          what="the table said on an empty line")
    said = table.replace("\n", "")
    assert "Ana: " in said and " away" in said and "Draw pile: " in said, table

    tmux.wait_for(hosting, "the next hand is dealt when someone comes back", timeout=120,
                  what="the hand played out with everyone away")
    tmux.send(hosting, "Space")  # (only brings Ana back)
    tmux.wait_for(hosting, lambda s: "You are away" not in s, timeout=10, what="Ana back")
    tmux.send(hosting, "v")
    tmux.wait_for(hosting, "Replay · Mesa · Hand 1", timeout=10, what="the replay")
    tmux.send(hosting, "End")
    for _ in range(12):  # back through the hand: Ana's turns are the stand-in's
        tmux.send(hosting, "Left")
    replay = tmux.wait_for(hosting, lambda s: AWAY in s, timeout=10, what="the stand-in's turns told")
    assert "Ana played" not in replay, replay
