"""End to end, in tmux (found play-testing twice: 5 s was too short to read who held what, and
nothing held the next deal back): Ana hosts a table with a bot, Luis joins in Spanish; both step
away so that the stand-ins play the hand out. At its end Ana comes back and presses p: her board's
countdown grows by 15 s (the summary of her time away stays in sight), and Luis, still away, reads
"Alguien pidió más tiempo" over a countdown grown as much."""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import Tmux

pytestmark = play.needs_tmux

tmux = play.tmux_fixture("more_time")
EVERYONE_AWAY = "Everyone is away"


def countdown(screen: str) -> int:
    """The board's seconds to the next deal (-1: none on this screen)."""
    found = re.search(r"(?:dealt in|reparte en) (\d+) s", screen)
    return int(found.group(1)) if found is not None else -1


def test_tmux_p_between_hands_holds_the_next_deal_back_for_everyone(tmux: Tmux, tmp_path: Path) -> None:
    ana = tmux.start(play.host("--bots", "1", "--seats", "3", "--seed", "7", "--bot-delay", "0.05"),
                     play.person(tmp_path / "ana", "Ana"), window="ana")
    address = play.invitation(play.waiting_room(tmux, ana))
    luis = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "luis", "Luis"), window="luis")
    play.sit(tmux, luis, "Ana's table", waiting="esperando el inicio")
    tmux.send(ana, "s")
    play.dealt(tmux, ana, timeout=15)
    tmux.send(ana, "z")  # (away, both: the stand-ins play the hand out at the bots' pace)
    tmux.send(luis, "f")
    tmux.wait_for(ana, EVERYONE_AWAY, timeout=60, what="the hand over, everyone away")
    tmux.send(ana, "o")  # (back: the countdown runs)
    tmux.wait_for(ana, "p more time", timeout=5, what="the bar offering more time")
    tmux.send(ana, "p")
    # her countdown grows; the summary of what the stand-in did stays in sight over the board
    # (it is what she wanted time to read: found play-testing, p put it away)
    screen = tmux.wait_for(ana, lambda s: countdown(s) > 10, timeout=5, what="her countdown grown")
    assert "While you were away" in screen, screen
    screen = tmux.wait_for(luis, "Alguien pidió más tiempo", timeout=5, what="Luis told of it")
    assert countdown(screen) > 10 and "p más tiempo" not in screen.splitlines()[-1], screen
