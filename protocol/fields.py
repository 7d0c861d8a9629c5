"""Field specifications: what a message field may hold, checked on every message in or out.

A spec validates a decoded msgpack value and returns it (lists become tuples so messages stay
hashable and immutable). Every failure raises ``ProtocolError(BAD_FIELD)`` naming the field.
"""

from __future__ import annotations

import enum
import math
import unicodedata
from collections.abc import Collection
from typing import Any

from .errors import ProtocolError, bad_field

# Characters that change how text is laid out or shown: never allowed in names or chat. (They
# are format characters, Cf, like the other invisible ones below; kept by name for the docs.)
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Control (Cc), surrogate, private-use and unassigned code points; format characters (Cf: zero-width
# spaces and joiners, direction controls, tag characters, the byte order mark); and the line and
# paragraph separators (Zl, Zp, U+2028 and U+2029).
_BAD_CATEGORIES = frozenset({"Cc", "Cs", "Co", "Cn", "Cf", "Zl", "Zp"})
# Letters and symbols that show as nothing: the Hangul fillers and the blank Braille pattern.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Combining marks (M*) allowed in a row on one character: enough for any script's accents and
# vowel signs, too few to pile marks across the lines above and below ("Zalgo" text).
MAX_COMBINING = 4


def _bad_char(ch: str, allow_newline: bool = False) -> bool:
    if ch in _INVISIBLE:
        return True
    return unicodedata.category(ch) in _BAD_CATEGORIES and not (allow_newline and ch == "\n")


def is_clean_text(text: str, *, allow_newline: bool = False) -> bool:
    """Whether ``text`` shows as what it is: no control, format or invisible characters (so no
    escape sequences, direction overrides or zero-width characters), no line separators, and at
    most MAX_COMBINING combining marks on a character (none at the start). ``text_problem`` also
    refuses text that looks blank."""
    return _unclean(text, allow_newline) is None


def _unclean(text: str, allow_newline: bool = False) -> str | None:
    if text.isascii():  # the usual case: printable ASCII is clean
        if text.isprintable() or all(ch.isprintable() or (allow_newline and ch == "\n")
                                     for ch in text):
            return None
        return "control characters"
    marks = 0
    for ch in text:
        if _bad_char(ch, allow_newline):
            return f"the character U+{ord(ch):04X}"
        if unicodedata.category(ch)[0] == "M":
            marks += 1
            if marks > MAX_COMBINING:
                return f"more than {MAX_COMBINING} combining marks on one character"
        else:
            marks = 0
    if unicodedata.category(text[0])[0] == "M":
        return "a combining mark first"
    return None


def text_problem(text: str) -> str | None:
    """Why ``text`` (a name, a room name, a chat line, already NFC) may not be shown to others,
    or None: it must be clean (``is_clean_text``) and not look blank."""
    problem = _unclean(text)
    if problem is None and (not text.strip() if text.isascii() else not any(
            not ch.isspace() and unicodedata.category(ch)[0] != "M" for ch in text)):
        problem = "it looks blank"
    return problem


def clean_text(text: str) -> str:
    """``text`` in NFC with every control, format, invisible or line-separating character
    dropped, and runs of combining marks cut to MAX_COMBINING (for showing what others sent)."""
    text = unicodedata.normalize("NFC", text)
    if text.isascii() and text.isprintable():
        return text
    out: list[str] = []
    marks = 0
    for ch in text:
        if _bad_char(ch):
            continue
        if unicodedata.category(ch)[0] == "M":
            marks += 1
            if marks > MAX_COMBINING or not out:
                continue
        else:
            marks = 0
        out.append(ch)
    return "".join(out)


class Spec:
    """Base of all specs."""

    doc = "any"

    def check(self, name: str, value: Any) -> Any:
        return value

    @staticmethod
    def fail(name: str, why: str) -> ProtocolError:
        return bad_field(name, why)


class Str(Spec):
    def __init__(self, max_len: int, min_len: int = 0, *, text: bool = False,
                 choices: Collection[str] | None = None) -> None:
        self.max_len = max_len
        self.min_len = min_len
        self.text = text  # shown to people: no control characters allowed
        self.choices = tuple(choices) if choices is not None else None
        if self.choices:
            self.doc = "str, one of " + ", ".join(f"`{c}`" for c in self.choices)
        else:
            self.doc = f"str, {min_len}–{max_len} characters"
            if text:
                self.doc += ", shown text (see Limits)"

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, str):
            raise self.fail(name, "expected a string")
        if self.choices is not None:
            if value not in self.choices:
                raise self.fail(name, f"expected one of {', '.join(self.choices)}")
            return value
        if self.text and not value.isascii():
            value = unicodedata.normalize("NFC", value)  # one form per text: é is one character
        if not self.min_len <= len(value) <= self.max_len:
            raise self.fail(name, f"length must be {self.min_len}..{self.max_len}")
        if self.text and (problem := text_problem(value)) is not None:
            raise self.fail(name, f"not allowed: {problem}")
        return value


class Choice(Str):
    """One word of a closed set, a ``str`` enum: the value becomes its member."""

    def __init__(self, kind: type[enum.StrEnum]) -> None:
        super().__init__(max(len(member.value) for member in kind), 1,
                         choices=[member.value for member in kind])
        self.kind = kind

    def check(self, name: str, value: Any) -> Any:
        if type(value) is self.kind:
            return value
        return self.kind(super().check(name, value))


class Int(Spec):
    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.doc = f"int, {lo}–{hi}"

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.fail(name, "expected an integer")
        if not self.lo <= value <= self.hi:
            raise self.fail(name, f"must be between {self.lo} and {self.hi}")
        return value


class Float(Spec):
    """A number (int or float on the wire), finite, within bounds."""

    def __init__(self, lo: float, hi: float) -> None:
        self.lo, self.hi = lo, hi
        self.doc = f"float or int, {lo}–{hi}"

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
            raise self.fail(name, "expected a number")
        if not self.lo <= value <= self.hi:
            raise self.fail(name, f"must be between {self.lo} and {self.hi}")
        return float(value)


class Bool(Spec):
    doc = "bool"

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, bool):
            raise self.fail(name, "expected true or false")
        return value


class Optional(Spec):
    def __init__(self, inner: Spec) -> None:
        self.inner = inner
        self.doc = f"nil or {inner.doc}"

    def check(self, name: str, value: Any) -> Any:
        return None if value is None else self.inner.check(name, value)


class List(Spec):
    def __init__(self, item: Spec, max_items: int) -> None:
        self.item = item
        self.max_items = max_items
        self.doc = f"array of at most {max_items} ({item.doc})"

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise self.fail(name, "expected an array")
        if len(value) > self.max_items:
            raise self.fail(name, f"at most {self.max_items} items")
        check = self.item.check
        return tuple([check(name, item) for item in value])


class Map(Spec):
    """A map; its keys and content are checked by whoever reads it (e.g. the codec), or here by
    ``values`` when given. (Keys are strings or bytes anyway: the decoder is strict about keys.)"""

    def __init__(self, max_items: int, values: Spec | None = None) -> None:
        self.max_items = max_items
        self.values = values
        self.doc = f"map of at most {max_items} entries" + (f" ({values.doc})" if values else "")

    def check(self, name: str, value: Any) -> Any:
        if not isinstance(value, dict):
            raise self.fail(name, "expected a map")
        if len(value) > self.max_items:
            raise self.fail(name, f"at most {self.max_items} entries")
        if self.values is not None:
            for key, item in value.items():
                if type(key) is not str or len(key) > 64:
                    raise self.fail(name, "keys must be short strings")
                self.values.check(f"{name}.{key}", item)
        return value


class Scalar(Spec):
    """nil, bool, int, float or a short string: a rule option's value."""

    doc = "nil, bool, int, float or str (≤ 64)"

    def check(self, name: str, value: Any) -> Any:
        if value is None or isinstance(value, bool | int):
            return value
        if isinstance(value, float):
            if not math.isfinite(value):
                raise self.fail(name, "expected a finite number")
            return value
        if isinstance(value, str) and len(value) <= 64:
            return value
        raise self.fail(name, "expected a plain value")
