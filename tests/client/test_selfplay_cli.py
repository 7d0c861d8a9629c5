"""`uno selfplay` on the command line: what it prints while it runs and when it is cut short."""

from __future__ import annotations

import re

import pytest


def test_uno_selfplay_cut_short_prints_the_table_of_the_matches_played(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: Ctrl-C during a long `uno selfplay` (expert bots) printed only
    "interrupted"; the matches played are counted up to it now."""
    import engine.selfplay as selfplay_module
    from client.cli import main

    real = selfplay_module.run_selfplay

    def cut_short(games: int, *args: object, on_match: object = None, **kw: object) -> object:
        real(1, *args, on_match=on_match, **kw)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    monkeypatch.setattr(selfplay_module, "run_selfplay", cut_short)
    assert main(["selfplay", "--games", "5", "--players", "2", "--bot", "easy"]) == 130
    out = capsys.readouterr().out
    assert "interrupted after 1 of 5 matches" in out and "wins per seat" in out, out


def test_the_play_by_play_says_uno_once(capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: a card played with UNO read "plays W → green, UNO!, says UNO!"."""
    from client.cli import main

    assert main(["selfplay", "--games", "1", "--players", "2", "--bot", "normal", "-v", "--delay", "0",
                 "--no-color"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if "UNO!" in line]
    assert lines and all(line.count("UNO!") == 1 for line in lines), lines


def test_not_on_a_terminal_each_match_played_is_a_line_as_it_ends(capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: piped (no terminal), a long `uno selfplay` said nothing until its
    table at the end; each match is a line now, on stderr (stdout keeps the results), flushed."""
    from client.cli import main

    assert main(["selfplay", "--games", "3", "--players", "2", "--bot", "easy"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert [line.split(":")[0] for line in lines] == [f"match {n} of 3" for n in (1, 2, 3)], captured.err
    # (the match's time, then the run's: the run's alone was read as each match's)
    assert all(re.search(r": P[12] won, \d+ hands? in \d+\.\d s \(\d+\.\d s in all\)$", line)
               for line in lines), lines
    assert "match 1 of 3" not in captured.out and "wins per seat" in captured.out
    # (one level: its row would say it wins every match, found play-testing)
    assert "wins per level" not in captured.out
    assert main(["selfplay", "--games", "2", "--players", "2", "--bot", "easy,normal"]) == 0
    assert "wins per level" in capsys.readouterr().out


def test_the_time_left_is_said_at_the_pace_of_the_matches_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: 100 matches of expert bots (the default count) run for hours, and
    nothing said so."""
    from client import selfplaycmd

    monkeypatch.setattr(selfplaycmd.time, "perf_counter", lambda: 1000.0)
    assert selfplaycmd._time_left(1, 100, 1000.0 - 80) == ", about 2 h 12 min left"  # 99 × 80 s
    assert selfplaycmd._time_left(5, 10, 1000.0 - 100) == ", about 2 min left"
    assert selfplaycmd._time_left(5, 10, 1000.0 - 10) == ""  # (under a minute: not worth a word)
    assert selfplaycmd._time_left(10, 10, 1000.0 - 900) == ""


def test_an_expert_plays_fewer_matches_by_default(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: `uno selfplay --bot expert` played the default 100 matches, some two
    hours; where an expert plays the default is 10 (a count given still holds)."""
    import engine.selfplay as selfplay_module
    from client.cli import main
    from client.selfplaycmd import EXPERT_GAMES, GAMES

    asked: list[int] = []

    def count(games: int, *args: object, **kw: object) -> None:  # (plays none)
        asked.append(games)

    monkeypatch.setattr(selfplay_module, "run_selfplay", count)
    for argv in (["--bot", "normal,expert"], ["--bot", "hard"], ["--bot", "expert", "--games", "3"]):
        main(["selfplay", "--players", "2", *argv])
    assert asked == [EXPERT_GAMES, GAMES, 3]
    assert "selfplay: 10 matches" in capsys.readouterr().out
