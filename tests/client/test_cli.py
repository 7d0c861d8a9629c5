"""The `uno` command: every subcommand's module loads and gives what the command line needs
(the parser imports only the subcommand asked for, so a broken module would hide until then)."""

from __future__ import annotations

import importlib

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
