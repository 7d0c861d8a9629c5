"""End to end, in tmux, a table of ten at 80 columns (found play-testing, helper 108): Ana hosts
against nine bots and plays her turns; as play goes round, the "▶" and the "next" mark moving
from seat to seat each move, every seat stays on the row of the board where it was dealt. (The
rows broke where each move's marks put them: at 80 columns every seat jumped between rows at
each move, and a person looking for a bot's count of cards had to find it again every time.)"""

from __future__ import annotations

import re
import time
from pathlib import Path

import tmuxplay as play
from tmuxkit import HAND_OVER, Player, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("tenrows", width=80, height=24)

NAMES = ("Ana (you)", *(f"Bot {n}" for n in range(1, 10)))
SEAT = re.compile(r"Ana \(you\)|Bot \d")
NEXT = re.compile(r"(Ana \(you\)|Bot \d)[^→←▶]*? next\b")  # (the seat whose cell ends with "next")
CURRENT = re.compile(r"▶ (Ana \(you\)|Bot \d)")


def seat_rows(screen: str) -> dict[str, int] | None:
    """The row of the board each seat's name is on (the lines above the first rule), or None
    when the board is not shown whole (a redraw, the hand's end)."""
    lines = screen.splitlines()
    rule = next((i for i, line in enumerate(lines) if line.startswith("─")), None)
    if rule is None:
        return None
    rows: dict[str, int] = {}
    for index, line in enumerate(lines[1:rule], start=1):
        for name in SEAT.findall(line):
            assert name not in rows, (name, screen)  # (each seat once)
            rows[name] = index
    return rows if set(rows) == set(NAMES) else None


def test_tmux_at_ten_seats_each_seat_keeps_its_row_as_play_goes(tmux: Tmux, tmp_path: Path) -> None:
    hosting = tmux.start(play.host("--bots", "9", "--start", "--seed", "3", "--bot-delay", "0.3",
                                   "--turn-timeout", "0"), play.person(tmp_path / "ana", "Ana"))
    play.dealt(tmux, hosting, timeout=20)
    ana = Player(tmux, hosting, "Ana")
    boards: dict[str, str] = {}  # each different board seen, by its seat rows' text
    layouts: dict[tuple[tuple[str, int], ...], str] = {}  # each seat's row: a screen showing it
    nexts: set[str] = set()
    currents: set[str] = set()
    deadline = time.monotonic() + 90
    while len(nexts) < 8 or len(currents) < 8 or len(boards) < 16:
        assert time.monotonic() < deadline, (f"the next mark went to {sorted(nexts)} only, the turn to "
                                             f"{sorted(currents)}, in {len(boards)} boards")
        screen = tmux.stable_screen(hosting)
        if HAND_OVER.search(screen):
            break
        rows = seat_rows(screen)
        if rows is not None:
            board = "\n".join(screen.splitlines()[1:max(rows.values()) + 1])
            boards.setdefault(board, screen)
            layouts.setdefault(tuple(sorted(rows.items())), screen)
            nexts.update(NEXT.findall(board))
            currents.update(CURRENT.findall(board))
        ana.play_if_my_turn()
    print(f"--- {len(boards)} boards; next on {sorted(nexts)}; the turn on {sorted(currents)}")
    assert len(nexts) >= 6 and len(currents) >= 6 and len(boards) >= 10, (nexts, currents, len(boards))
    assert len(layouts) == 1, "the seats moved between rows:\n" + "\n\n".join(
        "\n".join(screen.splitlines()[:5]) for screen in layouts.values())
    (layout,) = layouts
    assert len({row for _name, row in layout}) >= 2, layout  # (ten seats do not fit one row of 80)
