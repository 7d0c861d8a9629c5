"""Colours and text styles of the client, and ``NO_COLOR``. Imports nothing heavy: the first
screen is drawn with these before the rest of the client is loaded."""

from __future__ import annotations

import os

STYLE = {
    "title": "reverse bold",
    "banner": "bg:ansired fg:ansiwhite bold",
    "help": "reverse",
    "notice": "bold fg:ansiyellow",
    "dim": "fg:ansibrightblack",
    "bold": "bold",
    "turn": "bold fg:ansibrightgreen",
    "uno": "bold fg:ansibrightred",
    "warn": "fg:ansiyellow",
    "selected": "reverse bold",
    "mark": "bold fg:ansibrightgreen",
    "card.r": "bg:#c40000 fg:#ffffff bold",
    "card.y": "bg:#e0b800 fg:#000000 bold",
    "card.g": "bg:#008a00 fg:#ffffff bold",
    "card.b": "bg:#0050d0 fg:#ffffff bold",
    "card.w": "bg:#202020 fg:#ffffff bold",
    "text.r": "fg:ansibrightred bold",
    "text.y": "fg:ansiyellow bold",
    "text.g": "fg:ansibrightgreen bold",
    "text.b": "fg:ansibrightblue bold",
}


def no_color() -> bool:
    """Whether ``NO_COLOR`` asks for no colours (set and not empty, as no-color.org says)."""
    return bool(os.environ.get("NO_COLOR"))
