"""Colours and text styles of the client, the colour-blind palette, and ``NO_COLOR``. Imports
nothing heavy: the first screen is drawn with these before the rest of the client is loaded.

Colour is never the only sign of a card's colour: every card shows its letter (``R7``, ``B+2``)
and the colour in play is written out; the palettes only make the colours easier to tell apart."""

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


# ``--colorblind``: Okabe and Ito's colour-universal palette (vermillion, yellow, bluish green,
# blue), told apart with protanopia, deuteranopia and tritanopia; black text on the light cards.
COLORBLIND = {
    "card.r": "bg:#d55e00 fg:#000000 bold",
    "card.y": "bg:#f0e442 fg:#000000 bold",
    "card.g": "bg:#009e73 fg:#000000 bold",
    "card.b": "bg:#0072b2 fg:#ffffff bold",
    "text.r": "fg:#d55e00 bold",
    "text.y": "fg:#f0e442 bold",
    "text.g": "fg:#009e73 bold",
    "text.b": "fg:#56b4e9 bold",
}
PALETTES = {"standard": STYLE, "colorblind": {**STYLE, **COLORBLIND}}

# ``--light`` (or ``$COLORFGBG`` naming a light background): the texts in darker colours, fixed
# rather than the theme's, since bright green and yellow are all but invisible on white (found
# play-testing: the turn's mark, "Your turn", the hint, "at risk: no UNO"). The cards keep theirs.
LIGHT = {
    "dim": "fg:#5f5f5f",
    "notice": "bold fg:#8a5a00",
    "turn": "bold fg:#006b00",
    "mark": "bold fg:#006b00",
    "warn": "fg:#8a5a00",
    "uno": "bold fg:#b00000",
    "text.r": "fg:#b00000 bold",
    "text.y": "fg:#8a6d00 bold",
    "text.g": "fg:#006b00 bold",
    "text.b": "fg:#0040b0 bold",
}
LIGHT_COLORBLIND = {"text.r": "fg:#a04600 bold", "text.y": "fg:#7a6f00 bold",
                    "text.g": "fg:#00704f bold", "text.b": "fg:#005a8c bold"}
LIGHT_SUFFIX = "+light"  # a palette's name for a light background: "colorblind+light"


def style_for(palette: str) -> dict[str, str]:
    """The style of ``palette`` (``PALETTES``, perhaps with ``LIGHT_SUFFIX``; the standard one
    for a name it does not know)."""
    name, light = palette.removesuffix(LIGHT_SUFFIX), palette.endswith(LIGHT_SUFFIX)
    style = PALETTES.get(name, STYLE)
    if light:
        style = {**style, **LIGHT, **(LIGHT_COLORBLIND if name == "colorblind" else {})}
    return style


def light_background(environ: dict[str, str] | None = None) -> bool:
    """Whether the terminal says its background is light: ``$COLORFGBG`` ("0;15": black on
    white, as rxvt and Konsole set it) ends with a light colour's number (7, 15)."""
    value = (os.environ if environ is None else environ).get("COLORFGBG", "")
    return value.rsplit(";", 1)[-1].strip() in ("7", "15")


MONOCHROME_TERMS = frozenset({"vt52", "vt100", "vt102", "vt220"})  # (and any ``*-mono``)


def no_color() -> bool:
    """Whether ``NO_COLOR`` asks for no colours (set and not empty, as no-color.org says), or the
    terminal has none (found play-testing: ``TERM=vt100`` and ``xterm-mono`` were sent 256
    colours, which prompt-toolkit assumes of any terminal but a few)."""
    term = os.environ.get("TERM", "")
    return bool(os.environ.get("NO_COLOR")) or term in MONOCHROME_TERMS or term.endswith("-mono")
