"""Argument types the commands share (`uno host`, `uno server`, `uno bots`), for argparse's
``type``: each says why a value is refused (found play-testing: `uno host --port 99999` said the
port was taken, and `--turn-timeout -5` was taken as no clock)."""

from __future__ import annotations

import argparse

from engine.rules import MAX_PENALTY

from .fields import clean_text
from .limits import MAX_NAME, reserved_name

MAX_PORT = 65535

REFUSALS = {
    "blank_name": "{text!r}: a name cannot be blank",
    "long_name": "{name!r} has {length} characters: a name at the table has at most {most}",
    "reserved_name": "{name!r}: the table says 'you' to each player and names its bots 'Bot 1', "
                     "'Bot 2'…: choose another name",
    "port": "bad port {text!r}: a number from 0 to {most}",
    "not_seconds": "{text!r} is not a number of seconds",
    "negative_seconds": "{text!r}: seconds must be 0 or more",
    "zero_seconds": "{text!r}: seconds must be more than 0",
    "not_whole": "{text!r} is not a whole number",
    "none": "{text!r}: 1 or more",
    "penalty": "{text!r}: from 0 to {most} cards",
}
"""Why a value is refused, by key."""

SPANISH_REFUSALS = {
    "blank_name": "{text!r}: el nombre no puede quedar en blanco",
    "long_name": "{name!r} tiene {length} caracteres: un nombre en la mesa tiene {most} como mucho",
    "reserved_name": "{name!r}: la mesa llama «tú» a cada jugador y «Bot 1», «Bot 2»… a sus bots: "
                     "elige otro nombre",
    "port": "puerto {text!r}: tiene que ser un número de 0 a {most}",
    "not_seconds": "{text!r} no es un número de segundos",
    "negative_seconds": "{text!r}: los segundos son 0 o más",
    "zero_seconds": "{text!r}: los segundos son más de 0",
    "not_whole": "{text!r} no es un número entero",
    "none": "{text!r}: 1 o más",
    "penalty": "{text!r}: de 0 a {most} cartas",
}
"""The same in Spanish, for the players' commands (client/clihelp.py chooses)."""

refusals = REFUSALS
"""The words refusals are said in: the command line's language."""


def _refused(key: str, **values: object) -> argparse.ArgumentTypeError:
    return argparse.ArgumentTypeError(refusals[key].format(**values))


def player_name(text: str) -> str:
    """A name to play under: at most ``MAX_NAME`` characters once cleaned (found play-testing: a
    longer one was cut without a word, "Maximiliano Alejandro Ro")."""
    name = " ".join(clean_text(text).split())
    if not name:
        raise _refused("blank_name", text=text)
    if len(name) > MAX_NAME:
        raise _refused("long_name", name=name, length=len(name), most=MAX_NAME)
    if reserved_name(name):
        raise _refused("reserved_name", name=name)
    return name


def port_number(text: str) -> int:
    """A port to listen on (0: a free one)."""
    if not (text.isascii() and text.strip().isdigit()) or int(text) > MAX_PORT:
        raise _refused("port", text=text, most=MAX_PORT)
    return int(text)


def seconds(text: str) -> float:
    """A time in seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise _refused("not_seconds", text=text) from None
    if not value >= 0 or value == float("inf"):  # (not NaN, not negative, not infinite)
        raise _refused("negative_seconds", text=text)
    return value


def positive_seconds(text: str) -> float:
    """A time in seconds, more than 0."""
    value = seconds(text)
    if value == 0:
        raise _refused("zero_seconds", text=text)
    return value


def whole_number(text: str) -> int:
    """A whole number (argparse names the type function in its own refusal of a ValueError:
    "invalid _bots value")."""
    try:
        return int(text)
    except ValueError:
        raise _refused("not_whole", text=text) from None


def count(text: str) -> int:
    """How many of something to keep: 1 or more (found re-checking: `--history-limit -1` was
    taken)."""
    value = whole_number(text)
    if value < 1:
        raise _refused("none", text=text)
    return value


def penalty(text: str) -> int:
    """Cards drawn as a penalty (R17): 0 to ``MAX_PENALTY`` (found re-checking: refused only
    once the rules were built, in English)."""
    value = whole_number(text)
    if not 0 <= value <= MAX_PENALTY:
        raise _refused("penalty", text=text, most=MAX_PENALTY)
    return value
