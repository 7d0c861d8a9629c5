"""The command line's words in the player's language (found play-testing: `uno host --help` was
English under ``--lang es``, to a group that reads only Spanish, and so were its errors).

The player-facing commands (host, join, stats, replay) give each help text in both languages,
``said(english, spanish)``; ``build_parser`` picks the language before it builds them (``choose``),
and reads the player's only when help is asked for, so that a command's start does not. A
command line argparse refuses is refused by ``Parser.error``: if the language was not read yet
and the player's is Spanish, ``InSpanish`` asks for the parse again in Spanish, which says the
error there. argparse's own words come from its ``_`` (gettext's function, which finds no
catalogue of ours): ``choose`` puts ``_spanish_words`` in its place while Spanish is chosen, as
it puts the Spanish refusals of the shared argument types (protocol/arguments.py).
"""

from __future__ import annotations

import argparse
import gettext
import sys
from collections.abc import Sequence
from typing import NoReturn

HELP_FLAGS = ("-h", "--help")
LANG_FLAG = "--lang"
INTERRUPTED = 130  # the exit code of a command stopped by Ctrl-C (128 + SIGINT)
LANG_CHOICES = ("es", "en")  # its choices: protocol.limits.LANGUAGES, as the help lists them

_spanish = False
_unread: tuple[str, ...] | None = None  # the command line whose language was not read (no help asked)

# argparse's words a player meets, in Spanish (its templates, as Python 3.11 writes them)
ARGPARSE_SPANISH = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos",
    "options": "opciones",
    "show this help message and exit": "muestra esta ayuda y termina",
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "%(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "no vale %(value)r (elige entre %(choices)s)",
    "the following arguments are required: %s": "falta: %s",
    "unrecognized arguments: %s": "no se entiende: %s",
    "expected one argument": "falta su valor",
    "invalid %(type)s value: %(value)r": "no vale %(value)r",
    "not allowed with argument %s": "no va junto con %s",
    "ambiguous option: %(option)s could match %(matches)s": "%(option)s puede ser %(matches)s: ¿cuál?",
    "ignored explicit argument %r": "no lleva valor: %r",
}


# (found play-testing: a newcomer read the commands, and nothing said how to play alone)
EXAMPLES = """examples:
  uno host --bots 3 --start        play now against three bots
  uno host                         open a table for friends on the LAN (they run: uno join)
  uno join                         find the tables on the LAN, and sit at one
  uno COMMAND --help               a command's options"""
EXAMPLES_ES = """ejemplos:
  uno host --bots 3 --start        juega ya contra tres bots
  uno host                         abre una mesa para tus amigos de la red local (ellos: uno join)
  uno join                         busca las mesas de la red local, y siéntate en una
  uno ORDEN --help                 las opciones de una orden"""


def said(english: str, spanish: str) -> str:
    """The words in the language chosen for the command line."""
    return spanish if _spanish else english


def command_index(argv: Sequence[str]) -> int | None:
    """Where the command is in ``argv`` (the first word not an option nor ``--lang``'s value)."""
    after_lang = False
    for i, arg in enumerate(argv):
        if not arg.startswith("-") and not after_lang:
            return i
        after_lang = arg == LANG_FLAG
    return None


def _wanted(argv: Sequence[str]) -> bool:
    """Whether ``argv`` asks for help (or gives no command: the usage is printed)."""
    return any(arg in HELP_FLAGS for arg in argv) or command_index(argv) is None


def _players_language(argv: Sequence[str]) -> bool:
    """Whether ``--lang`` in ``argv``, else the player's language (``detect_language``: the one
    last chosen, else the locale's), is Spanish."""
    from .i18n import detect_language

    given = None
    for i, arg in enumerate(argv):
        if arg == LANG_FLAG and i + 1 < len(argv):
            given = argv[i + 1]
        elif arg.startswith(LANG_FLAG + "="):
            given = arg.split("=", 1)[1]
    return detect_language(given) == "es"


def choose(argv: Sequence[str], spanish: bool | None = None) -> None:
    """The command line's language for ``argv``: ``spanish`` if given, else English unless it
    asks for help, then the player's (``_players_language``)."""
    global _spanish, _unread
    _unread = None
    if spanish is None:
        if _wanted(argv):
            spanish = _players_language(argv)
        else:
            spanish, _unread = False, tuple(argv)
    _spanish = spanish
    argparse._ = _spanish_words if spanish else gettext.gettext  # type: ignore[attr-defined]
    if spanish or "protocol.arguments" in sys.modules:  # (English is its default: importing the
        # protocol package costs some 200 ms of a command's start, measured with -X importtime)
        from protocol import arguments

        arguments.refusals = arguments.SPANISH_REFUSALS if spanish else arguments.REFUSALS


def reset() -> None:
    """The command line's words in English again (after a parse: one process may parse more than
    one command line, as a test's does)."""
    choose((), spanish=False)


def _spanish_words(message: str) -> str:
    return ARGPARSE_SPANISH.get(message, message)


class InSpanish(Exception):
    """The command line was refused in English to a player who reads Spanish: parse it again
    with ``choose(argv, spanish=True)``."""


class Parser(argparse.ArgumentParser):
    """The command line's parser (and its commands'): an error is said in the player's language."""

    def error(self, message: str) -> NoReturn:
        if _unread is not None and _players_language(_unread):
            raise InSpanish
        super().error(message)
