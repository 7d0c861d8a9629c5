"""Survive a server restart: bot clients play matches while ``python -m server --state-dir`` is
killed with SIGKILL at random moments and started again; every match finishes, no card is lost,
scores add up, and no client sees its hand change (see ``restart_kit`` for what is checked).

``UNO_RESTART_KILLS`` sets the number of kills of the quick test (3 by default);
``UNO_RESTART_SEED`` its seed. The slow test kills the server 20 times in a row.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from restart_kit import describe, run_trial

KILLS = int(os.environ.get("UNO_RESTART_KILLS", "3"))
SEED = int(os.environ.get("UNO_RESTART_SEED", "20261130"))


async def test_matches_survive_server_kills(tmp_path: Path) -> None:
    began = time.monotonic()
    stats = await run_trial(tmp_path, kills=KILLS, seed=SEED)
    print(describe(stats, time.monotonic() - began))
    assert stats.kills == KILLS
    assert stats.resumes >= KILLS * 6 * 0.5  # six clients come back (unless killed again first)
    assert stats.hands_by_cards > 0


@pytest.mark.slow
async def test_twenty_kills_in_a_row(tmp_path: Path) -> None:
    began = time.monotonic()
    stats = await run_trial(tmp_path, kills=20, seed=SEED + 1)
    print(describe(stats, time.monotonic() - began))
    assert stats.kills == 20 and stats.restarts_checked >= 10 and stats.same_state > 0
