"""Argument types the commands share (`uno host`, `uno server`, `uno bots`), for argparse's
``type``: each says why a value is refused (found play-testing: `uno host --port 99999` said the
port was taken, and `--turn-timeout -5` was taken as no clock)."""

from __future__ import annotations

import argparse

from .fields import clean_text
from .limits import MAX_NAME

MAX_PORT = 65535


def player_name(text: str) -> str:
    """A name to play under: at most ``MAX_NAME`` characters once cleaned (found play-testing: a
    longer one was cut without a word, "Maximiliano Alejandro Ro")."""
    name = " ".join(clean_text(text).split())
    if not name:
        raise argparse.ArgumentTypeError(f"{text!r}: a name cannot be blank")
    if len(name) > MAX_NAME:
        raise argparse.ArgumentTypeError(
            f"{name!r} has {len(name)} characters: a name at the table has at most {MAX_NAME}")
    return name


def port_number(text: str) -> int:
    """A port to listen on (0: a free one)."""
    if not (text.isascii() and text.strip().isdigit()) or int(text) > MAX_PORT:
        raise argparse.ArgumentTypeError(f"bad port {text!r}: a number from 0 to {MAX_PORT}")
    return int(text)


def seconds(text: str) -> float:
    """A time in seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0 or value == float("inf"):  # (not NaN, not negative, not infinite)
        raise argparse.ArgumentTypeError(f"{text!r}: seconds must be 0 or more")
    return value


def positive_seconds(text: str) -> float:
    """A time in seconds, more than 0."""
    value = seconds(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"{text!r}: seconds must be more than 0")
    return value
