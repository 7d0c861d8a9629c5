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
