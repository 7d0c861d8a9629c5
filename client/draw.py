"""Drawing helpers every region shares: text clipped to a width (in terminal columns), card
chips, colour names, list rows; and ``Painter``, the base of the regions.

Each line is a list of ``(style, text)`` fragments. With ``plain`` (for ``NO_COLOR``) the same
information is carried by letters and brackets instead of colours.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.utils import get_cwidth

from engine import View
from engine.cards import Card, Color

from . import keymap
from .i18n import EN, card_code, color_name, language, t
from .i18n import key as key_of
from .model import Model
from .table import COLORS

Line = StyleAndTextTuples
CELL = 6  # width of one card of the hand
BIG_CELL = 8  # ... drawn as a box, on a big terminal (at least BIG_COLUMNS × BIG_ROWS)
BIG_COLUMNS, BIG_ROWS = 150, 40
TOP_INNER = 8  # inside the top card's frame: the longest colour name ("AMARILLO") fits
TOP_WIDTH = TOP_INNER + 3  # the frame, and a space before the next column
BIG_RANK = {"S": "⊘", "R": "⇄", "+2": "+2", "W": "W", "W+4": "+4"}  # an action card drawn big


def width_of(text: str) -> int:
    return sum(get_cwidth(ch) for ch in text)


def fit(text: str, width: int) -> str:
    """``text`` clipped (with an ellipsis) to ``width`` columns."""
    if width <= 0:
        return ""
    if width_of(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = get_cwidth(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def pad(text: str, width: int) -> str:
    text = fit(text, width)
    return text + " " * (width - width_of(text))


def clip_line(line: Line, width: int) -> Line:
    out: Line = []
    used = 0
    for style, text, *_rest in line:
        room = width - used
        if room <= 0:
            break
        w = width_of(text)
        if w > room:
            text = fit(text, room)
            w = width_of(text)
        out.append((style, text))
        used += w
    return out


# a number and its unit, a word and the number or mark after it ("turn 60", "stack +2"): one
# word to wrap (found re-checking at 72 columns: "turn" / "60 s", "stack" / "+2")
_UNIT = re.compile(r"(\d) (?=(?:s|points|puntos)\b)|([\w:]) (?=\d|\+[24]\b)")
_GLUE = "\u00a0"


def keys_kept(lines: list[str], width: int) -> list[str]:
    """Wrapped ``lines`` with no key left at a line's end, away from its word (found
    play-testing: "… m yes · n" / "no" at 80 columns): a last word of one character (or one and
    a colon: "… r: back to it, or s:" / "deal this new match") goes on to the next line, where
    it fits."""
    kept = list(lines)
    for i in range(len(kept) - 1):
        head, _, last = kept[i].rpartition(" ")
        if head and len(last.removesuffix(":")) == 1 and width_of(f"{last} {kept[i + 1]}") <= width:
            kept[i], kept[i + 1] = head, f"{last} {kept[i + 1]}"
    return kept


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken between words (a word longer than a
    line, between its characters), never between a number and its unit (found play-testing:
    "turn 60" ending a line, "s, normal bots…" the next)."""
    if width < 4:
        return [fit(text, width)]
    glued = _UNIT.sub(lambda match: (match.group(1) or match.group(2)) + _GLUE, text)
    glued = " ".join(word if width_of(word) <= width else word.replace(_GLUE, " ")  # (longer than
                     for word in glued.split(" "))  # a line: broken between its words, as before)
    return [line.replace(_GLUE, " ") for line in _wrapped(glued, width)]


def _wrapped(text: str, width: int) -> list[str]:
    if width_of(text) == len(text):  # one column a character: textwrap counts right
        return textwrap.wrap(text, width=width, break_long_words=True, break_on_hyphens=False) or [""]
    # Wide characters (emoji, CJK) take two columns, which textwrap does not know: a chat line of
    # emoji overflowed its width and lost its end (found play-testing).
    lines: list[str] = []
    line = ""
    for word in re.split(r"[ \t\n\r\f\v]+", text):  # (not at ``_GLUE``)
        if not word:
            continue
        joined = f"{line} {word}" if line else word
        if width_of(joined) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        while width_of(word) > width:
            cut, used = 0, 0
            while used + get_cwidth(word[cut]) <= width:
                used += get_cwidth(word[cut])
                cut += 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    return [*lines, line] if line or not lines else lines


def help_text(key: str, width: int, extra: tuple[str, ...] = (), keep_extra: bool = False,
              without: tuple[str, ...] = ()) -> str:
    """The help line ``key`` in the language's keys, in its longest variant that fits ``width``:
    the "_wide", "_mid" and "_short" variants drop more and more of the keys least needed.
    ``extra``: the keys of texts that join it before quitting where it has room (the first
    to go); with ``keep_extra``, the variant is chosen to leave them room, and the keys before
    them go first. ``without``: actions whose keys do nothing now, left out."""
    keys = {"yes": key_of("yes"), "no": key_of("no"), "accept": key_of("accept"),
            "keys": "/".join(key_of("color_" + c.value) for c in COLORS)}
    added = [t(more, **keys) for more in extra]
    room = width - (sum(width_of(more) + 2 for more in added) if keep_extra else 0)
    text = t(key, **keys)
    for variant in (key + "_wide", key + "_mid", key + "_short"):
        if width_of(text) <= room:
            break
        if variant in EN:
            text = t(variant, **keys)
    # Narrower still: whole keys go, from the end but the last (quitting), rather than one cut
    # mid-word ("q sa…": found play-testing).
    items = text.split("  ")
    if without:  # (the keys as shown, worked out only when some go)
        shown = keymap.active().fields(language())
        gone = tuple(arrows + shown["k_" + action] + " " for action in without for arrows in ("", "↑↓ "))
        items = [item for item in items if not item.startswith(gone)]
    items[-1:-1] = added
    last = -2 - len(added) if keep_extra else -2  # (the first to go: the extras, or those before)
    while width_of("  ".join(items)) > width and len(items) > -last:
        del items[last]
    return "  ".join(items)


def upcoming(view: View) -> str:
    """The seat that plays after the current one, the way play goes now."""
    index = view.seats.index(view.current)
    return view.seats[(index + view.direction) % len(view.seats)]


def card_style(card: Card, color: Color | None = None) -> str:
    key = card.color.value if card.color is not None else (color.value if color else "W")
    return f"class:card.{key.lower()}"



class Canvas:
    """What every region draws for: plain (``NO_COLOR``) or in colour, and the terminal's height
    (the layout sets it)."""

    def __init__(self, plain: bool = False) -> None:
        self.plain = plain
        self.rows: Callable[[], int] = lambda: 24


class Painter:
    """A region of the screen: draws the model on the canvas; nothing here changes the model."""

    def __init__(self, model: Model, canvas: Canvas) -> None:
        self.model = model
        self.canvas = canvas

    @property
    def plain(self) -> bool:
        return self.canvas.plain

    def rows(self) -> int:
        return self.canvas.rows()

    def big(self, width: int) -> bool:
        """Whether the terminal is big enough for big cards."""
        return width >= BIG_COLUMNS and self.rows() >= BIG_ROWS

    def chip(self, card: Card, selected: bool = False) -> Line:
        """A card of the hand, ``CELL - 1`` columns: ``[R7]`` / ``>R7<`` plain, coloured else."""
        code = card_code(card)
        if self.plain:
            text = (">" + code + "<") if selected else ("[" + code + "]")
            return [("class:selected" if selected else "", pad(text, CELL - 1))]
        text = (">" + code + "<") if selected else (" " + code + " ")
        style = card_style(card) + (" underline" if selected else "")
        return [(style, text), ("", " " * (CELL - 1 - width_of(text)))]

    def color_text(self, color: Color | None) -> Line:
        if color is None:
            return [("", "?")]
        name = color_name(color)
        if self.plain:
            return [("bold", name.upper())]
        return [(f"class:text.{color.value.lower()}", name)]

    @staticmethod
    def row(text: str, chosen: bool, width: int) -> Line:
        """A line of a list; the chosen one is marked (reverse video, and "›" for NO_COLOR)."""
        return [("class:selected" if chosen else "", pad(("› " if chosen else "  ") + text, width))]
