"""The words plain mode reads (client/plaincmd.py): a command's words in every language and the
keys typed as words, the colours', a number, a bot's level, and "por qué" in two words."""

from __future__ import annotations

from engine.bots import BOT_LEVELS
from protocol.limits import LANGUAGES

from .i18n import TEXTS, keys_of
from .keymap import active
from .plainform import bare
from .table import COLORS

# The commands that a full-screen action's key also types (keys.toml's keys work as words too).
ACTION_OF = {"draw": "draw", "pass": "pass", "uno": "uno", "catch": "catch", "quit": "quit",
              "leave": "leave", "say": "chat", "start": "start", "add": "add_bot",
              "remove": "remove_bot", "sit": "take_seat", "watch": "watch", "new": "new_table",
              "refresh": "refresh", "resume": "resume", "level": "bot_level", "hint": "hint",
              "why": "why", "replay": "replay", "rematch": "rematch", "decline": "no_rematch",
              "order": "seat_order", "away": "away"}


def words(name: str) -> frozenset[str]:
    """The words of command ``name`` (``cmd_draw``...) in every language, and the keys bound to
    its action that type one lower-case character (as words are read)."""
    typed = {w for lang in LANGUAGES for w in TEXTS[lang]["cmd_" + name].split("|")}
    action = ACTION_OF.get(name)
    if action is not None:
        bound = active()
        typed |= {k for lang in LANGUAGES for k in bound.keys(action, lang)
                  if len(k) == 1 and k.isprintable() and k == k.lower() and not k.isspace()}
    return frozenset(typed)


def color_words(index: int) -> frozenset[str]:
    """A colour's names in every language, its keys (``keys_of``: not the other language's that
    is one of this language's table keys, as the English away z), and its number."""
    value = COLORS[index].value
    return frozenset({str(index + 1), *(TEXTS[lang]["color_" + value].lower() for lang in LANGUAGES),
                      *keys_of("color_" + value)})


def typed_number(word: str) -> int | None:
    return int(word) if word.isdigit() and len(word) <= 3 else None


def level_of(word: str) -> str | None:
    """The bot level a word names, in any language ("hard", "difícil", "dificil")."""
    for level in BOT_LEVELS:
        if bare(word) in {level, *(bare(TEXTS[lang]["level_" + level]) for lang in LANGUAGES)}:
            return level
    return None


def why_in_two_words(text: str) -> str:
    """``text`` with a leading "por qué" (two words, as a Spanish speaker writes it: found
    play-testing, "por qué 1" was not a command) as the why command's word."""
    words_in = text.split(None, 2)
    if len(words_in) > 1 and words_in[0].lower() == "por" and bare(words_in[1]) == "que":
        return " ".join(["porqué", *words_in[2:]])
    return text
