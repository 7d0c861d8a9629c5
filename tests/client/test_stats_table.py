"""``uno stats`` (client/statscmd.py): the statistics as aligned tables, in both languages,
from another server's directory (``--state-dir``), filtered by rule set (``--rules``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from clientkit import render_text, room_info, seated

from client.cli import main
from client.i18n import set_language
from client.statscmd import render_table, width
from server.stats import Counts
from server.statstore import StatsStore


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")  # (``uno stats --lang es`` sets the language for the whole process)


@pytest.fixture
def kept(tmp_path: Path) -> Path:
    store = StatsStore(tmp_path)
    store.add("official", {
        "Ann": Counts(matches=1, matches_won=1, hands=3, hands_won=2, points=310, turns=95,
                      catches=1, challenges_won=1, challenges_lost=1),
        "bot:normal": Counts(matches=2, hands=6, hands_won=1, points=80, turns=190, uno_missed=1),
        "李明": Counts(hands=1, turns=30),
    })
    store.add("official target_score=100", {"Ann": Counts(hands=1, hands_won=1, turns=20)})
    store.add("house", {"Bob": Counts(hands=1)})
    return tmp_path


def test_the_table_in_english(kept: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--state-dir", str(kept), "--lang", "en", "--rules", "official"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:6] == [
        "Rules: official, to 500 points (--rules official)",
        "                                       Turns     UNO",
        "Player        Matches  Hands  Points  a hand  missed  Catches  Challenges",
        "Ann               1/1    2/3     310    31.7       0        1         1/2",
        "李明              0/0    0/1       0    30.0       0        0         0/0",
        "bot (normal)      0/2    1/6      80    31.7       1        0         0/0",
    ]
    assert "Rules: official, to 100 points (--rules 'official target_score=100')" in out  # options changed
    assert "Rules: house" not in out and "Bob" not in out
    assert "average hand length in turns" in out


def test_the_table_in_spanish(kept: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--state-dir", str(kept), "--lang", "es", "--rules", "house"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:4] == [
        "Reglas: de la casa, a 500 puntos (--rules house)",  # (in words: the name read as code)
        "                                    Turnos        UNO",
        "Jugador  Partidas  Manos  Puntos  por mano  olvidados  Pilladas  Desafíos",
        "Bob           0/0    0/1       0       0,0          0         0       0/0",  # (0,0: a comma)
    ]
    assert "duración media de una mano en turnos" in lines[-1]


@pytest.mark.parametrize(("lang", "heading"), [
    ("en", "Rules: house, to 500 points, 7-0 swaps, jump-in"),
    ("es", "Reglas: de la casa, a 500 puntos, 7-0 cambia manos, cortar")])
def test_a_rule_set_is_headed_in_words_too(tmp_path: Path, lang: str, heading: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: a Spanish reader got only the name, "house jump_in=on,seven_zero=on"."""
    StatsStore(tmp_path).add("house jump_in=on,seven_zero=on", {"Bob": Counts(hands=1)})
    assert main(["stats", "--state-dir", str(tmp_path), "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    # (found play-testing: 90 and 101 columns; the option on its own line, whole, to be copied)
    assert lines[:2] == [heading, "  (--rules 'house jump_in=on,seven_zero=on')"]


def test_a_saved_rule_set_is_named_and_chosen_by_its_saved_name(
        kept: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`uno host --save-rules short --target 100`: `uno stats --rules short` shows that rule
    set, headed by its saved name; every table of a saved rule set carries its name."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert main(["host", "--save-rules", "short", "--target", "100"]) == 0
    capsys.readouterr()
    assert main(["stats", "--state-dir", str(kept), "--lang", "en", "--rules", "short"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Rules: official, to 100 points (--rules short)"
    assert lines[3].startswith("Ann ") and not any("(--rules official" in line for line in lines)
    assert main(["stats", "--state-dir", str(kept), "--lang", "es"]) == 0
    assert "Reglas: oficial, a 100 puntos (--rules short)" in capsys.readouterr().out


def test_columns_line_up_whatever_the_names() -> None:
    lines = render_table({"Zoë": Counts(hands=10, points=1234), "李明": Counts(),
                          "bot:easy": Counts()})
    assert len({width(line) for line in lines[1:]}) == 1  # (under the headings' first line)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_line_fits_80_columns(kept: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: the rows were 81 columns wide in English and 87 in Spanish, the notes
    116 and 129: an 80-column terminal wrapped them all. (Names of up to 12 columns.)"""
    StatsStore(kept).add("house jump_in=on,seven_zero=on", {"bot:expert": Counts(hands=11, points=568)})
    assert main(["stats", "--state-dir", str(kept), "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(width(line) for line in lines) < 80, "\n".join(lines)


def test_nothing_kept_and_an_unknown_rule_set(kept: Path, tmp_path_factory: pytest.TempPathFactory,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path_factory.mktemp("empty")
    monkeypatch.setenv("XDG_DATA_HOME", str(empty))
    assert main(["stats", "--lang", "en"]) == 0
    said = capsys.readouterr().out  # (found play-testing: "play a hand first" told a guest)
    assert "No statistics in" in said and "where the table was hosted" in said and "play a hand" not in said
    assert main(["stats", "--state-dir", str(empty), "--lang", "en"]) == 0
    said = capsys.readouterr().out  # (found play-testing: --state-dir DIR was told to use it)
    assert said == f"No statistics in {empty}.\n"
    assert main(["stats", "--state-dir", str(kept), "--lang", "es", "--rules", "nope"]) == 1
    assert "official" in capsys.readouterr().out
    (empty / "stats.json").write_text("not json")
    assert main(["stats", "--state-dir", str(empty), "--lang", "en"]) == 1
    assert "Cannot read the statistics" in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "line", "luis"), [("en", "won 3 of 10 hands", "won 1 of 5 hands"),
                                                    ("es", "ganaste 3 de 10 manos", "ganó 1 de 5 manos")])
def test_the_lobby_shows_each_players_line_in_both_languages(lang: str, line: str, luis: str) -> None:
    """(Ours in the second person in Spanish: found play-testing, "(anfitrión, tú, ganó 0 de 2
    manos)".)"""
    room = room_info(started=False)
    seats = tuple(dataclasses.replace(s, hands=10, hands_won=3) if s.name == "Ana"
                  else dataclasses.replace(s, hands=5, hands_won=1) if s.name == "Luis"
                  else dataclasses.replace(s, hands=0, hands_won=0) for s in room.seats)
    model = seated(room=dataclasses.replace(room, seats=seats), lang=lang)
    text = render_text(model)
    assert line in next(row for row in text.splitlines() if "Ana" in row and "." in row)
    assert luis in next(row for row in text.splitlines() if "Luis" in row and "." in row)
    assert text.count(line) == 1  # (no line for those who have not played a hand yet)
    assert "won 0" not in text and "ganó 0" not in text


@pytest.mark.parametrize("command", ["stats", "replay"])
def test_a_state_dir_that_is_no_folder_is_said_so(command: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: a misspelt --state-dir read as a server with nothing kept."""
    missing = tmp_path / "unp"
    assert main([command, "--state-dir", str(missing), "--lang", "es"]) == 2
    said = capsys.readouterr()
    assert said.err == f"No existe la carpeta {missing}.\n" and said.out == ""
