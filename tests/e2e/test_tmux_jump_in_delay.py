"""End to end, in tmux (found re-checking, helper 109): Ana hosts a house table with jump-in
against four hard bots, each thinking for two seconds (``--bot-delay 2``), play going clockwise
(``--first-to-left``: the seats' order). On her first turn she waits; after a while (a bot
gives a person time before it jumps in: ``person_first``) Bot 1 jumps in with the card on top,
taking her turn. The bots after it then play one at a time, each two seconds after the one before,
as they did before the jump-in; it is Ana's turn again after them. (The bug: the hard bots think
in a thread, and each had queued a thought on Ana's turn; after Bot 1's jump-in those thoughts
played the turns that had come to Bot 2, Bot 3 and Bot 4, all at once, in one screen.)"""

from __future__ import annotations

import re
import time
from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("jumpindelay", width=100, height=30)

BOTS = 4
# (--bot-delay: each bot's move comes this long after the one before; two seconds, so that a
# capture of the screen held up by a loaded machine cannot show two moves at once)
DELAY = 2.0
# (seed 34: Bot 3 and Bot 4 play, then on Ana's turn Bot 1 holds the card on top, and jumps in)
JUMP = re.compile(r"Bot (\d) jumped in with [^,\n]+, taking your turn")


def test_tmux_after_a_jump_in_the_next_bots_play_one_at_a_time(tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--rules", "house", "--jump-in", "--first-to-left", "--bots", str(BOTS),
                                   "--bot-level", "hard", "--bot-delay", str(DELAY), "--seed", "34",
                                   "--start", "--turn-timeout", "0"),
                         play.person(tmp_path / "ana", "Ana"))
    tmux.wait_for(hosting, "Your turn", timeout=30, what="Ana's first turn", settle=False)
    her_turn = time.monotonic()
    screen = tmux.wait_for(hosting, lambda s: JUMP.search(s) is not None, timeout=20,
                           what="a bot jumping in on Ana's turn", settle=False)
    jumped = time.monotonic()
    found = JUMP.search(screen)
    assert found is not None
    print(f"--- the jump-in, {jumped - her_turn:.2f} s after Ana's turn showed:\n{screen}")
    assert jumped - her_turn > 3, "the bot jumped in without giving Ana her time first"
    jump, jumper = found.group(0), int(found.group(1))
    after = [f"Bot {n}" for n in range(jumper + 1, BOTS + 1)]  # (their turns come next, in order)
    assert len(after) >= 2, screen

    # Each capture of the screen, as fast as it comes: when each bot's move was first seen
    seen: dict[str, float] = {}
    screens: list[str] = []
    deadline = time.monotonic() + 10 + 3 * DELAY * len(after)
    while len(seen) < len(after):
        assert time.monotonic() < deadline, f"the bots after the jump-in did not all play; seen {seen}"
        screen = tmux.screen(hosting)
        now = time.monotonic()
        rest = screen.split(jump, 1)[1] if jump in screen else ""  # (the lines after the jump-in)
        for name in after:
            if name not in seen and re.search(rf"{name} (played|drew)", rest):
                seen[name] = now
                screens.append(screen)
        time.sleep(0.02)
    for earlier, later, shown in zip(after, after[1:], screens, strict=False):
        gap = seen[later] - seen[earlier]
        print(f"--- {earlier}'s move, then {later}'s {gap:.2f} s later; {earlier}'s screen:\n{shown}")
        assert not re.search(rf"{later} (played|drew)", shown.split(jump, 1)[1]), (
            f"{earlier}'s and {later}'s moves came in one screen:\n{shown}")
        assert gap > DELAY / 2, f"{later} played {gap:.2f} s after {earlier}, not after its delay"
    assert seen[after[0]] - jumped > DELAY / 2, "the first bot after the jump-in played at once"
    tmux.wait_for(hosting, "Your turn", timeout=10, what="Ana's turn again, after the bots", settle=False)
