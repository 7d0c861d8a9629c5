"""The ``uno`` command. One subcommand per job; each imports what it needs only when it runs.

    uno selfplay --games 1000 --players 4 --rules official --bot normal,easy
    uno server --port 7777
    uno bots --connect HOST:PORT --count 3

A subcommand is a ``Subcommand`` entry in ``SUBCOMMANDS``: a module with a function that adds its
arguments to an ``argparse`` parser and a function that runs it with the parsed arguments and
returns the exit code. Only the module of the subcommand being run is imported, so
``uno selfplay`` loads the engine and nothing heavier (no trio, no prompt_toolkit).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from . import clihelp


@dataclass(frozen=True, slots=True)
class Subcommand:
    name: str
    help: str
    module: str
    add_arguments: str = "add_arguments"  # (parser: argparse.ArgumentParser) -> None
    main: str = "main"  # (args: argparse.Namespace) -> int


SUBCOMMANDS: tuple[Subcommand, ...] = (
    Subcommand("host", "host a table and sit at it (friends on the LAN can join)",
               "client.commands", "add_host_arguments", "run_host"),
    Subcommand("join", "join a table: found on the LAN, or at HOST[:PORT]",
               "client.commands", "add_join_arguments", "run_join"),
    Subcommand("stats", "the statistics of the matches hosted here (or --state-dir's server)",
               "client.statscmd"),
    Subcommand("selfplay", "bots play each other here, no network; prints results", "client.selfplaycmd"),
    Subcommand("server", "run a headless server for the LAN", "server.main"),
    Subcommand("bots", "connect bot players to a server", "client.bots_main"),
    Subcommand("replay", "list the finished hands kept here, play one back, export or open a file",
               "client.replaycmd"),
)

# Each command's line in `uno --help`, in Spanish (client/clihelp.py; the options of server and
# bots, for a server's keeper and the bots' makers, are in English alone, and selfplay's results)
SPANISH_HELP = {
    "host": "abre una mesa y siéntate en ella (tus amigos de la red local pueden entrar)",
    "join": "entra en una mesa: una de la red local, o la de HOST[:PUERTO]",
    "stats": "las estadísticas de las partidas abiertas aquí (o en el servidor de --state-dir)",
    "selfplay": "los bots juegan entre sí aquí, sin red; muestra los resultados",
    "server": "un servidor sin pantalla para la red local",
    "bots": "conecta bots a un servidor",
    "replay": "lista las manos terminadas que se guardan aquí, repite una, expórtala o abre un archivo",
}

def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(list(sys.argv[1:] if argv is None else argv))
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return clihelp.INTERRUPTED
    except BrokenPipeError:  # e.g. `uno selfplay --verbose | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    """``argv`` parsed, or refused (SystemExit) in the player's language."""
    try:
        try:
            args = build_parser(argv).parse_args(argv)
        except clihelp.InSpanish:  # refused to a player who reads Spanish: said again in Spanish
            args = build_parser(argv, spanish=True).parse_args(argv)
    finally:
        clihelp.reset()
    if getattr(args, "lang", None) is None and args.lang_first is not None:
        args.lang = args.lang_first  # `uno --lang es join ...`
    return args


def build_parser(argv: Sequence[str] = (), spanish: bool | None = None) -> argparse.ArgumentParser:
    """The ``uno`` parser. Only the subcommand named in ``argv`` gets its arguments (and its
    module imported); the others are listed by name and help. Its words are in ``spanish``, or
    as client/clihelp.py chooses."""
    clihelp.choose(argv, spanish)
    parser = clihelp.Parser(prog="uno", description=clihelp.said(
        "UNO for the terminal, over the LAN.", "UNO en la terminal, por la red local."),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=clihelp.said(clihelp.EXAMPLES, clihelp.EXAMPLES_ES))
    parser.add_argument(clihelp.LANG_FLAG, dest="lang_first", choices=clihelp.LANG_CHOICES, default=None,
                        help=clihelp.said("the language of the help, and of the game (before a command)",
                                          "el idioma de la ayuda, y de la partida (antes de la orden)"))
    subparsers = parser.add_subparsers(dest="command", required=True,
                                       metavar=clihelp.said("COMMAND", "ORDEN"))
    at = clihelp.command_index(argv)
    wanted = None if at is None else argv[at]
    for command in SUBCOMMANDS:
        help_text = clihelp.said(command.help, SPANISH_HELP[command.name])
        sub = subparsers.add_parser(command.name, help=help_text, description=help_text)
        if command.name == wanted:
            try:
                module = importlib.import_module(command.module)
            except ImportError as exc:  # e.g. a dependency of that subcommand is not installed
                parser.exit(1, f"uno {command.name}: not available here: {exc}\n")
            getattr(module, command.add_arguments)(sub)
            sub.set_defaults(run=getattr(module, command.main))
    return parser


if __name__ == "__main__":
    sys.exit(main())
