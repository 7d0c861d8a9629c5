"""Every text the client shows, in English and Spanish. ``t(key, **kw)`` formats one.

The language comes from ``--lang``, else from the one last chosen at the table (F2: kept in
``$XDG_CONFIG_HOME/uno/language``), else from the locale (``LC_ALL``, ``LC_MESSAGES``,
``LANG``): Spanish for ``es*``, English otherwise. Card names follow the rule
documents ("Roba dos", "Cambio de sentido", "Salta turno", "Comodín", "Comodín +4").
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from protocol.limits import LANGUAGES

from . import keymap
from .texts import TEXTS as BOTH
from .tokens import config_dir

if TYPE_CHECKING:
    from engine.cards import Card, Color


EN: dict[str, str] = {key: en for key, (en, _) in BOTH.items()}
ES: dict[str, str] = {key: es for key, (_, es) in BOTH.items()}

TEXTS: Mapping[str, Mapping[str, str]] = {"en": EN, "es": ES}

_lang = "en"


def detect_language(arg: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """``arg`` if given, else the one last chosen at the table (``switch_language``), else the
    locale's language (Spanish for ``es*``), else English."""
    if arg:
        return arg if arg in LANGUAGES else "en"
    env = os.environ if environ is None else environ
    try:
        saved = language_file(env).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        saved = ""
    if saved in LANGUAGES:
        return saved
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(var, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


def set_language(lang: str) -> None:
    global _lang
    _lang = lang if lang in LANGUAGES else "en"


def language() -> str:
    return _lang


def language_file(environ: Mapping[str, str] | None = None) -> Path:
    return config_dir(environ) / "language"


def switch_language(lang: str | None = None) -> str:
    """``lang`` (None: the other language), from now on and at the next start (found
    play-testing: a player who reads only Spanish, at a machine whose locale is English, had no
    way to Spanish but the command line's ``--lang``); the language now."""
    set_language(lang or next(other for other in LANGUAGES if other != _lang))
    path = language_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_lang + "\n", encoding="ascii")
    except OSError:
        pass  # (this run speaks it all the same)
    return _lang


def t(key: str, **kw: object) -> str:
    """The text ``key`` in the current language, formatted with ``kw`` and, for ``{k_<action>}``,
    the key bound to that action now (client/keymap.py)."""
    text = TEXTS[_lang].get(key)
    if text is None:
        text = EN.get(key, key)
    if "{k_" in text:
        return text.format(**keymap.active().fields(_lang), **kw)
    return text.format(**kw) if kw else text


class Told(str):
    """A line of words that can be said again in the language chosen since: ``again`` makes it
    anew. The log holds words, not events, and F2 tells its lines so made again (found
    play-testing: a Spanish reader who pressed F2 read the whole log on in English)."""

    again: Callable[[], str]
    # what the line says anew, if it takes the place of the log's last line that says the same
    # of the same thing (a bot's level changed again: found play-testing, four lines alike as the
    # host stepped through the levels); "" if it does not
    replaces: str = ""


def instead(line: str, mark: str) -> str:
    """``line`` (made by ``said``), to take the place of the log's last line of the same ``mark``."""
    if isinstance(line, Told):
        line.replaces = mark
    return line


def retold(make: Callable[[], str]) -> str:
    """``make()``'s line, which ``told_again`` says again in the language chosen then."""
    line = Told(make())
    line.again = make
    return line


def retold_lines(make: Callable[[], list[str]]) -> list[str]:
    """The lines ``make`` gives together (one change's in the log), each said again as the same
    line of its next answer."""
    def nth(index: int, line: str) -> str:
        def again() -> str:
            lines = make()
            return lines[index] if index < len(lines) else line
        return retold(again)
    return [nth(index, line) for index, line in enumerate(make())]


def said(key: str, **kw: object) -> str:
    """``t(key, **kw)``, which ``told_again`` says again in the language chosen then: ``kw`` holds
    no words of a language but lines made to be said again (names and numbers are the same in
    both)."""
    return retold(lambda: t(key, **{name: told_again(value) if isinstance(value, str) else value
                                    for name, value in kw.items()}))


def told_again(line: str) -> str:
    """``line`` in the language chosen now, if it was made to be said again; else as it is."""
    return retold(line.again) if isinstance(line, Told) else line


def keys_of(name: str) -> tuple[str, ...]:
    """Every language's key for ``name`` ("yes", "color_Y" ...), this language's first: each
    language shows its own, and the others' work too, but for one of this language's table keys
    (found play-testing: the English away key z, pressed at a colour question, named blue, the
    Spanish z)."""
    mine = TEXTS[_lang]["key_" + name]
    taken = keymap.active().table_keys(_lang)
    others = (TEXTS[lang]["key_" + name] for lang in LANGUAGES if lang != _lang)
    return tuple(dict.fromkeys((mine, *(key for key in others if key not in taken))))


def key(name: str) -> str:
    """This language's key for ``name``."""
    return t("key_" + name)


def names_and(names: Sequence[str]) -> str:
    """Names as a list is said: "Luis", "Luis and Zoe", "Ana, Luis and Zoe" ("" for none). In
    Spanish "y" is "e" before the sound i ("Marta e Inés", but "y hielo")."""
    if len(names) <= 1:
        return "".join(names)
    last = names[-1]
    sound_i = last.lower().startswith(("i", "í", "hi", "hí")) and not last.lower().startswith(("hie", "hia"))
    return t("names_and_e" if sound_i else "names_and", names=", ".join(names[:-1]), last=last)


def color_name(color: Color | str, capital: bool = False) -> str:
    letter = color if isinstance(color, str) else color.value
    return t(("Color_" if capital else "color_") + letter)


def decimal(value: float) -> str:
    """``value`` with one decimal, written as the language writes them ("0,5" in Spanish)."""
    return f"{value:.1f}".replace(".", t("decimal_point"))


def card_code(card: Card) -> str:
    """A card's short code on screen: "R7", "Y+2", "W+4"; in Spanish with the colours' initials,
    as the colour keys have them: "A+2" (amarillo), "C+4" (comodín)."""
    return t("code_" + ("W" if card.color is None else card.color.value)) + str(card)[1:]


def card_name(card: Card) -> str:
    """A card's name in words: "Red 7", "Roba dos rojo", "Comodín +4"."""
    rank = card.rank.value
    if card.color is None:
        return t("rank_" + rank)
    color, big = color_name(card.color), color_name(card.color, capital=True)
    if card.rank.is_number:
        return t("card_number", color=color, Color=big, rank=rank)
    return t("card_action", color=color, Color=big, rank=t("rank_" + rank))
