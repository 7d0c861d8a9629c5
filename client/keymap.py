"""The table of rebindable actions, their default keys in each language, and the player's
``keys.toml`` over them.

``client/keys.py`` binds every action from this table; ``client/i18n.t`` fills ``{k_<action>}``
in the help line and the prompts with the key bound now, so what is shown is what works. The
file is ``$XDG_CONFIG_HOME/uno/keys.toml`` (``~/.config/uno/keys.toml``), one line per action
changed: ``draw = "r"`` or ``play = ["enter", "f5"]``. A bad entry is reported and its action
keeps its defaults (docs/KEYS.md).
"""

from __future__ import annotations

import difflib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

from prompt_toolkit.keys import ALL_KEYS, KEY_ALIASES

from protocol.limits import LANGUAGES

from .texts import TEXTS
from .tokens import config_dir


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    context: str  # where it works: one of CONTEXTS
    en: tuple[str, ...]  # the default keys in English
    es: tuple[str, ...]  # ... and in Spanish


ACTIONS: tuple[Action, ...] = (
    Action("quit", "anywhere", ("q",), ("q",)),
    Action("chat", "anywhere", ("t",), ("t",)),
    Action("help", "anywhere", ("f1",), ("f1",)),
    Action("join", "lobby", ("enter",), ("enter",)),
    Action("watch", "lobby", ("w",), ("w",)),
    Action("new_table", "lobby", ("n",), ("n",)),
    Action("refresh", "lobby", ("r",), ("r",)),
    Action("start", "room", ("s",), ("s",)),
    Action("start_as_seated", "room", ("S",), ("S",)),
    Action("add_bot", "room", ("+",), ("+",)),
    Action("remove_bot", "waiting", ("-",), ("-",)),  # (where the seat picked shows)
    Action("leave", "room", ("x",), ("x",)),
    Action("take_seat", "room", ("j",), ("j",)),
    Action("bot_level", "waiting", ("b",), ("b",)),  # (and at a match's end: its board shows the pick)
    Action("resume", "waiting", ("r",), ("r",)),
    Action("rules", "waiting", ("R",), ("R",)),  # (and at a match's end, as the bots' levels)
    Action("leave_waiting", "waiting", ("l",), ("l",)),
    Action("left", "table", ("left",), ("left",)),
    Action("right", "table", ("right",), ("right",)),
    Action("play", "table", ("enter", " "), ("enter", " ")),
    Action("draw", "table", ("d",), ("d",)),
    Action("pass", "table", ("p",), ("p",)),
    Action("uno", "table", ("u",), ("u",)),
    Action("catch", "table", ("c",), ("c",)),
    Action("why", "table", ("w",), ("e",)),
    Action("hint", "table", ("?",), ("?",)),
    Action("log_back", "table", ("pageup",), ("pageup",)),
    Action("log_forward", "table", ("pagedown",), ("pagedown",)),
    Action("replay", "table", ("v",), ("v",)),
    Action("away", "table", ("z",), ("f",)),  # (zzz; fuera: Spanish's z names blue, its a accepts)
    Action("rematch", "table", ("m",), ("m",)),
    Action("no_rematch", "table", ("n",), ("n",)),
    Action("seat_order", "table", ("o",), ("o",)),
)
BY_NAME = {action.name: action for action in ACTIONS}
# "waiting": the waiting room, and the table between hands (where l leaves); "hand": a hand
# being played (only fixed keys: h and l move in it).
CONTEXTS = ("anywhere", "lobby", "room", "waiting", "table")
# The contexts whose keys are live at the same time as each context's.
_TOGETHER = {"anywhere": {*CONTEXTS, "hand"}, "lobby": {"anywhere", "lobby"},
             "room": {"anywhere", "room", "waiting", "table", "hand"},
             "waiting": {"anywhere", "room", "waiting", "table"},
             "table": {"anywhere", "room", "waiting", "table", "hand"}}
# Keys that stay as they are (not in the file), each for a reason docs/KEYS.md gives: quitting
# at once and Esc (a way out whatever the file says), the arrows of the lists, the hand's
# h l Home End and digits (moving in the hand, as the arrows do; a digit is a card's number);
# F2, the other language (said in it, for one who cannot read this one: LANGUAGE_KEY).
LANGUAGE_KEY = "f2"
FIXED = {"anywhere": ("c-c", "c-q", "escape", LANGUAGE_KEY), "lobby": ("up", "down"), "room": (),
         "waiting": ("up", "down"), "table": ("home", "end", *"0123456789"), "hand": ("h", "l")}
_NAMES = {"space": " ", "return": "enter", "esc": "escape", "del": "delete", "pgup": "pageup",
          "pgdn": "pagedown", **{f"ctrl-{c}": f"c-{c}" for c in "abcdefghijklmnopqrstuvwxyz"}}
_TYPED = {k for k in ALL_KEYS if not k.startswith("<")} | set(KEY_ALIASES)
# Per language, the keys that answer its questions (yes, no, accept, the colours).
_ANSWER_KEYS = {lang: {texts[lang == "es"] for name, texts in TEXTS.items() if name.startswith("key_")}
                for lang in LANGUAGES}
_SHOWN = {" ": "keyname_space", "enter": "keyname_enter", "left": "←", "right": "→", "up": "↑",
          "down": "↓", "home": "keyname_home", "end": "keyname_end", "escape": "Esc",
          "backspace": "keyname_backspace", "tab": "Tab", "delete": "keyname_delete",
          "pageup": "keyname_pageup", "pagedown": "keyname_pagedown"}


def key_of_text(text: object) -> str | None:
    """The prompt-toolkit key a ``keys.toml`` entry names ("d", "F5", "space", "ctrl-x"), or
    None when no terminal can type it."""
    if not isinstance(text, str) or not text:
        return None
    if len(text) == 1:
        return text if text.isprintable() else None
    name = _NAMES.get(text.lower(), text.lower())
    if name == " ":
        return name
    return name if name in _TYPED and name not in ("escape", "c-c", "c-q") else None


def shown(key: str, lang: str) -> str:
    """A key as the help shows it: "d", "Enter", "←", "F1", "Ctrl-X"."""
    label = _SHOWN.get(key)
    if label is not None:
        return TEXTS[label][lang == "es"] if label in TEXTS else label
    if key.startswith("c-") and len(key) > 2:
        return "Ctrl-" + key[2:].upper()
    if len(key) > 1:
        return key[0].upper() + key[1:]
    return key


class KeyMap:
    """The keys of every action: the player's where ``keys.toml`` set them, else the defaults."""

    def __init__(self, chosen: dict[str, tuple[str, ...]] | None = None,
                 problems: tuple[str, ...] = ()) -> None:
        self.chosen = dict(chosen or {})
        self.problems = problems  # what was wrong with the file, for the player

    def keys(self, name: str, lang: str) -> tuple[str, ...]:
        """The keys of action ``name``: the player's, or the defaults (this language's first,
        the other language's working too)."""
        if name in self.chosen:
            return self.chosen[name]
        action = BY_NAME[name]
        mine, other = (action.es, action.en) if lang == "es" else (action.en, action.es)
        # Not the other language's key that answers a question in this one: typed just after the
        # question closed, it would act (Spanish z, blue, stepped a player away: found play-testing).
        answers = _ANSWER_KEYS[lang]
        return tuple(dict.fromkeys((*mine, *(key for key in other if key not in answers))))

    def listed(self, name: str, lang: str) -> tuple[str, ...]:
        """The keys of action ``name`` the help lists: the player's, or this language's defaults
        alone (the other language's work too, unsaid: found play-testing, the English help read
        "w e" and "z f", with the Spanish "e" and "f" in them)."""
        if name in self.chosen:
            return self.chosen[name]
        action = BY_NAME[name]
        return action.es if lang == "es" else action.en

    def unbound_action(self, key: str, lang: str) -> str | None:
        """The table's action that ``key`` is a default of, in either language, though not
        bound to it here (the English z, away, is blue in Spanish: ``keys``), or None."""
        for action in ACTIONS:
            if (action.context == "table" and key in (*action.en, *action.es)
                    and key not in self.keys(action.name, lang)):
                return action.name
        return None

    def first(self, name: str, lang: str) -> str:
        return shown(self.keys(name, lang)[0], lang)

    def table_keys(self, lang: str) -> set[str]:
        """Every key of the table's actions in ``lang`` (the other language's answers skip them:
        ``i18n.keys_of``)."""
        return {key for action in ACTIONS if action.context == "table"
                for key in self.keys(action.name, lang)}

    def fields(self, lang: str) -> dict[str, str]:
        """``k_<action>`` → the key shown for it, for the texts."""
        return {"k_" + action.name: self.first(action.name, lang) for action in ACTIONS}


def clashes(chosen: dict[str, tuple[str, ...]]) -> dict[str, str | None]:
    """The actions the player set whose keys meet another action's (or a fixed key) where both
    work: in any language's defaults, or the player's; each with the action it meets (None: a
    fixed key)."""
    keymap = KeyMap(chosen)
    bad: dict[str, str | None] = {}
    for name in chosen:
        context = BY_NAME[name].context
        mine = set(chosen[name])
        for other in ACTIONS:
            if other.name != name and other.context in _TOGETHER[context]:
                theirs = set(keymap.keys(other.name, "en")) | set(keymap.keys(other.name, "es"))
                if mine & theirs:
                    bad[name] = other.name
                    if other.name in chosen:
                        bad[other.name] = name
        if any(mine & set(FIXED[c]) for c in _TOGETHER[context]):
            bad[name] = None
    return bad


MEANT_LENGTH = 4  # letters a word needs to be looked for in the descriptions ("the", "de": not)


def meant_action(word: str) -> str | None:
    """The action a name that is none probably meant: the one its description names in either
    language ("robar": draw), or the closest name (found play-testing: the file said
    `robar = "g"`, and the error sent to the help screen, which shows descriptions, not names)."""
    word = word.strip().lower()
    for action in ACTIONS if len(word) >= MEANT_LENGTH else ():
        descriptions = TEXTS.get("act_" + action.name, ())
        if any(word in text.lower().replace("(", " ").replace(")", " ").split() for text in descriptions):
            return action.name
    close = difflib.get_close_matches(word, BY_NAME, n=1)
    return close[0] if close else None


def parse(text: str, lang: str = "en") -> KeyMap:
    """The keymap a ``keys.toml`` text asks for; each entry that cannot be kept is reported in
    ``problems`` (``lang``'s words) and its action keeps its defaults."""
    def say(key: str, **kw: str) -> str:
        return TEXTS[key][lang == "es"].format(**kw)

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return KeyMap(problems=(say("keys_bad_toml", detail=str(exc)),))
    problems: list[str] = []
    chosen: dict[str, tuple[str, ...]] = {}
    for name, value in data.items():
        if name not in BY_NAME:
            meant = meant_action(name)
            problems.append(say("keys_unknown_action_meant", action=name, meant=meant) if meant
                            else say("keys_unknown_action", action=name))
            continue
        entries = value if isinstance(value, list) else [value]
        keys = [key_of_text(entry) for entry in entries]
        if not entries or None in keys:
            problems.append(say("keys_untypable", action=name, value=repr(value)))
            continue
        chosen[name] = tuple(dict.fromkeys(k for k in keys if k is not None))
    dropped: list[str] = []
    while bad := clashes(chosen):  # each round drops the latest in the file: the defaults never clash
        name = max(bad, key=list(chosen).index)
        other, taken = bad[name], ", ".join(chosen.pop(name))  # (the other named: found play-testing,
        # "does something else" left one guessing)
        what = "" if other is None else TEXTS["act_" + other][lang == "es"]
        dropped.append(say("keys_twice", action=name, keys=taken, other=what) if other is not None
                       else say("keys_fixed", action=name, keys=taken))
    return KeyMap(chosen, tuple(problems + dropped[::-1]))  # (the clashes in the file's order)


def keys_file(environ: os._Environ[str] | dict[str, str] | None = None) -> Path:
    return config_dir(environ) / "keys.toml"


_active = KeyMap()


def load(path: Path | None = None, lang: str = "en") -> KeyMap:
    """Read the player's keys file (no file: the defaults) and make it the keymap in use."""
    global _active
    path = keys_file() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        keymap = KeyMap()
    except (OSError, UnicodeDecodeError) as exc:
        keymap = KeyMap(problems=(TEXTS["keys_unreadable"][lang == "es"].format(detail=str(exc)),))
    else:
        keymap = parse(text, lang)
    _active = keymap
    return keymap


def use(keymap: KeyMap) -> None:
    global _active
    _active = keymap


def active() -> KeyMap:
    return _active
