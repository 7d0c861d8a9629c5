"""The `uno` command: every subcommand's module loads and gives what the command line needs
(the parser imports only the subcommand asked for, so a broken module would hide until then)."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

import pytest

from client.cli import SUBCOMMANDS, Subcommand, build_parser, parse_arguments


@pytest.mark.parametrize("command", SUBCOMMANDS, ids=lambda c: c.name)
def test_every_subcommand_loads_and_parses_its_help(command: Subcommand,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    module = importlib.import_module(command.module)
    assert callable(getattr(module, command.add_arguments))
    assert callable(getattr(module, command.main))
    parser = build_parser([command.name])
    with pytest.raises(SystemExit) as exit_:
        parser.parse_args([command.name, "--help"])
    assert exit_.value.code == 0
    assert command.name in capsys.readouterr().out


def help_of(command: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        build_parser([command]).parse_args([command, "--help"])
    return capsys.readouterr().out


def test_the_helps_say_what_a_new_user_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: `uno host --help` listed the bots' level among the rule options,
    `uno selfplay --help` gave no defaults (100 matches of expert bots run for hours), and
    `uno bots` refused the --no-discovery every other command takes."""
    host = help_of("host", capsys)
    rules, _, table = host.partition("rule options")[2].partition("the table:")
    assert "--bot-level" in table and "--late-join" in table and "--bot-level" not in rules
    selfplay = help_of("selfplay", capsys)
    said = " ".join(selfplay.split())
    assert "(default 100; 10 where an expert plays" in said and "default normal" in said
    args = build_parser(["bots"]).parse_args(["bots", "--connect", "127.0.0.1:7777", "--no-discovery"])
    assert args.no_discovery and args.name == "Robot"


PLAYERS_COMMANDS = ("host", "join", "stats", "replay", "selfplay")


def helps(command: str, lang: str) -> list[str | None]:
    parser = build_parser([command, "--help", "--lang", lang])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    return [action.help for action in sub._actions] + [group.title for group in sub._action_groups]


@pytest.mark.parametrize("command", PLAYERS_COMMANDS)
def test_the_players_commands_help_in_spanish(command: str, capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: `uno host --help` was English under --lang es, to a group that reads
    only Spanish. Every help line of the players' commands has its Spanish (an option added
    with English alone fails here), with argparse's own words; without --lang, the locale's."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # (no language chosen before)
    pairs = list(zip(helps(command, "en"), helps(command, "es"), strict=True))
    assert all(es != en for en, es in pairs), pairs
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for var in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(SystemExit):
        build_parser([command, "--help"]).parse_args([command, "--help"])
    said = capsys.readouterr().out
    assert said.startswith(f"uso: uno {command}") and "opciones:" in said and "muestra esta ayuda" in said
    with pytest.raises(SystemExit):
        build_parser(["--help"]).parse_args(["--help"])
    assert "abre una mesa y siéntate en ella" in capsys.readouterr().out
    # (a command run, not its help: the parser is English, read no language file)
    assert build_parser([command]).description == "UNO for the terminal, over the LAN."


@pytest.mark.parametrize(("argv", "english", "spanish"), [
    (["host", "--bots", "12"], "argument --bots: between 0 and 9 bots", "--bots: de 0 a 9 bots"),
    (["host", "--bots", "x"], "'x' is not a whole number", "'x' no es un número entero"),
    (["host", "--turn-timeout", "-3"], "seconds must be 0 or more", "los segundos son 0 o más"),
    (["join", "--player"], "expected one argument", "--player: falta su valor"),
    (["join", "--bogus"], "unrecognized arguments: --bogus", "no se entiende: --bogus"),
    (["host", "--bot-level", "god"], "invalid choice: 'god'", "no vale 'god' (elige entre"),
    # (found re-checking: refused once the rules were built, in English; and a negative count taken)
    (["host", "--uno-penalty", "20"], "'20': from 0 to 10 cards", "--uno-penalty: '20': de 0 a 10 cartas"),
    (["host", "--history-limit", "-1"], "'-1': 1 or more", "--history-limit: '-1': 1 o más"),
    # (found re-reading: "invalid int value: 'x'", argparse naming Python's type)
    (["host", "--seats", "x"], "argument --seats: 'x' is not a whole number", "'x' no es un número entero"),
])
def test_a_refused_command_line_is_said_in_the_players_language(
        argv: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: a group that reads only Spanish read argparse's errors in English
    ("error: argument --bots: between 0 and 9 bots"), under --lang es or a Spanish locale."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))  # (no language chosen before)
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    lines = ((english, argv), (spanish, [*argv, "--lang", "es"]), (spanish, ["--lang", "es", *argv]))
    for words, line in lines:
        with pytest.raises(SystemExit) as exit_:
            parse_arguments(line)
        assert exit_.value.code == 2
        error = capsys.readouterr().err
        assert words in error, (line, error)
        assert ("uso:" in error) == (words == spanish)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    with pytest.raises(SystemExit):
        parse_arguments(argv)
    assert spanish in capsys.readouterr().err
    # (and English again for the next command line of this process)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    with pytest.raises(SystemExit):
        parse_arguments(argv)
    assert english in capsys.readouterr().err


def test_the_language_may_come_before_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: `uno --lang es --help` was refused ("invalid choice: 'es'"), and so was
    `uno --lang es join`."""
    with pytest.raises(SystemExit) as exit_:
        parse_arguments(["--lang", "es", "--help"])
    assert exit_.value.code == 0
    assert "abre una mesa y siéntate en ella" in capsys.readouterr().out
    assert parse_arguments(["--lang", "es", "join", "127.0.0.1"]).lang == "es"
    assert parse_arguments(["--lang", "es", "join", "127.0.0.1", "--lang", "en"]).lang == "en"
    assert parse_arguments(["join", "127.0.0.1"]).lang is None


def test_uno_help_shows_how_to_play_alone(capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: a newcomer read the list of commands, and nothing said how to play
    against bots at once."""
    with pytest.raises(SystemExit):
        parse_arguments(["--help", "--lang", "en"])
    assert "uno host --bots 3 --start        play now against three bots" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        parse_arguments(["--lang", "es", "--help"])
    assert "uno host --bots 3 --start        juega ya contra tres bots" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "english", "spanish"), [
    (["selfplay", "--games", "x"], "'x' is not a whole number", "'x' no es un número entero"),
    (["selfplay", "--games", "0"], "'0': 1 or more", "'0': 1 o más"),
    (["selfplay", "--players", "11"], "a game has 2 to 10 players", "una partida es de 2 a 10 jugadores"),
    (["selfplay", "--bot", "god"], "unknown bot level 'god'", "no hay nivel de bot 'god'"),
    (["bots", "--connect", "h:1", "--count", "x"], "'x' is not a whole number", "'x' no es un número entero"),
])
def test_the_other_commands_refuse_a_number_in_words_too(
        argv: list[str], english: str, spanish: str, capsys: pytest.CaptureFixture[str],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found re-reading: `uno selfplay --games x` said "invalid _positive_int value: 'x'" (the
    name of a function in the code), and its other refusals were English only."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    for words, line in ((english, argv), (spanish, ["--lang", "es", *argv])):
        with pytest.raises(SystemExit) as exit_:
            parse_arguments(line)
        assert exit_.value.code == 2
        error = capsys.readouterr().err
        assert words in error and "_int" not in error, (line, error)
