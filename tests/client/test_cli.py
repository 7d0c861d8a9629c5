"""The `uno` command: every subcommand's module loads and gives what the command line needs
(the parser imports only the subcommand asked for, so a broken module would hide until then)."""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path

import pytest

from client.cli import SUBCOMMANDS, Subcommand, build_parser


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


PLAYERS_COMMANDS = ("host", "join", "stats", "replay")


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
