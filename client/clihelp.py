"""The command line's help in the player's language (found play-testing: `uno host --help` was
English under ``--lang es``, to a group that reads only Spanish).

The player-facing commands (host, join, stats, replay) give each help text in both languages,
``said(english, spanish)``; ``build_parser`` picks the language before it builds them (``choose``),
and reads the player's only when help is asked for, so that a command's start does not.
``localize`` gives a parser argparse's own words in that language. No other module is imported
here: the command line's modules import it while ``uno`` starts.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence

HELP_FLAGS = ("-h", "--help")

_spanish = False


def said(english: str, spanish: str) -> str:
    """The help text in the language chosen for it."""
    return spanish if _spanish else english


def _wanted(argv: Sequence[str]) -> bool:
    """Whether ``argv`` asks for help (or gives no command: the usage is printed)."""
    return any(arg in HELP_FLAGS for arg in argv) or not any(not arg.startswith("-") for arg in argv)


def choose(argv: Sequence[str]) -> None:
    """The help's language for ``argv``: English unless it asks for help, then ``--lang`` in
    it, else the player's (``detect_language``: the one last chosen, else the locale's)."""
    global _spanish
    _spanish = False
    if not _wanted(argv):
        return
    from .i18n import detect_language

    given = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            given = argv[i + 1]
        elif arg.startswith("--lang="):
            given = arg.split("=", 1)[1]
    _spanish = detect_language(given) == "es"


class _SpanishFormatter(argparse.HelpFormatter):
    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "uso: " if prefix is None else prefix)


def localize(parser: argparse.ArgumentParser) -> None:
    """argparse's own words in ``parser`` (usage, its sections, -h) in the help's language."""
    if not _spanish:
        return
    parser.formatter_class = _SpanishFormatter
    parser._positionals.title = "argumentos"
    parser._optionals.title = "opciones"
    for action in parser._actions:
        if action.dest == "help":
            action.help = "muestra esta ayuda y termina"
