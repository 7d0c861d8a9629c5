"""A group's house rules, saved under a name on the host's machine.

One file per name, ``$XDG_CONFIG_HOME/uno/rules/NAME.toml`` (``~/.config`` when the variable is
unset), read with the standard library's ``tomllib`` and written here by hand::

    # UNO rules "ours", saved by uno host
    preset = "house"

    [rules]
    target_score = 200        # 0 plays single hands
    stack_draw_two = true
    wild_draw_four = "strict"

``preset`` is ``official`` or ``house``; ``[rules]`` holds options of ``engine.RuleSet`` (wire
form, as ``RuleSet.to_dict``), each overriding the preset's value. A name is 1-32 letters,
digits, ``-`` or ``_``; the presets' names cannot be taken.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from engine import PRESETS, RuleSet

from .texts import TEXTS
from .tokens import config_dir

NAME_LENGTH = 32
NAME_PATTERN = re.compile(rf"[A-Za-z0-9_-]{{1,{NAME_LENGTH}}}")
SINGLE_HAND = 0  # target_score as written in a file: TOML has no null
# The presets' names, and as the form shows them in each language (found play-testing: rules
# saved as "oficial" were listed beside the preset of that name, alike)
TAKEN = frozenset({*PRESETS, *(word.lower() for key in PRESETS for word in TEXTS[f"preset_{key}"])})


class SavedRulesError(ValueError):
    """Raised when a rules name is not allowed, or its file is missing or cannot be used.
    ``code`` names the cause (``bad_name``, ``preset_name``, ``unknown``, ``bad_file``)."""

    def __init__(self, message: str, code: str = "bad_file") -> None:
        super().__init__(message)
        self.code = code


def rules_dir() -> Path:
    return config_dir() / "rules"


def check_name(name: str) -> str:
    """``name`` if it can name saved rules; else ``SavedRulesError`` saying why."""
    if not NAME_PATTERN.fullmatch(name):
        raise SavedRulesError(f"a rules name is 1-{NAME_LENGTH} letters, digits, '-' or '_', not {name!r}",
                              "bad_name")
    if name.lower() in TAKEN:
        raise SavedRulesError(f"{name!r} is a preset's name; choose another", "preset_name")
    return name


def saved_names() -> list[str]:
    """The names saved on this machine, sorted."""
    folder = rules_dir()
    if not folder.is_dir():
        return []
    return sorted(path.stem for path in folder.glob("*.toml")
                  if NAME_PATTERN.fullmatch(path.stem) and path.stem.lower() not in TAKEN)


def save_rules(name: str, preset: str, overrides: dict[str, Any]) -> Path:
    """Write ``preset`` and ``overrides`` (wire form) under ``name``; the file's path.
    Only options that differ from the preset are written."""
    check_name(name)
    rules = _rule_set(preset, overrides, name)
    base = RuleSet.preset(preset).to_dict()
    lines = [f'# UNO rules "{name}", saved by uno host', f'preset = "{preset}"', "", "[rules]"]
    for option, value in rules.to_dict().items():
        if value != base[option] or option == "target_score":
            lines.append(f"{option} = {_toml_value(option, value)}")
    folder = rules_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def load_rules(name: str) -> tuple[str, dict[str, Any]]:
    """The preset and the overrides (wire form) saved under ``name``; ``SavedRulesError`` with
    a message for a person if the name or the file is not usable."""
    check_name(name)
    path = rules_dir() / f"{name}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        known = ", ".join([*PRESETS, *saved_names()])
        raise SavedRulesError(f"no rules named {name!r} (known: {known})", "unknown") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise SavedRulesError(f"{path}: not a rules file: {exc}") from None
    preset = data.get("preset")
    if preset not in PRESETS:
        raise SavedRulesError(f"{path}: preset must be one of {', '.join(PRESETS)}, not {preset!r}")
    extra = sorted(set(data) - {"preset", "rules"})
    if extra:
        raise SavedRulesError(f"{path}: unknown setting {extra[0]!r}")
    raw = data.get("rules", {})
    if not isinstance(raw, dict):
        raise SavedRulesError(f"{path}: [rules] must be a table of options")
    known_options = RuleSet().to_dict()
    overrides: dict[str, Any] = {}
    for option, value in raw.items():
        if option not in known_options:
            raise SavedRulesError(f"{path}: unknown rule option {option!r}; "
                                  f"known: {', '.join(known_options)}")
        if option == "target_score" and value == SINGLE_HAND:
            value = None
        overrides[option] = value
    _rule_set(preset, overrides, str(path))
    return preset, overrides


def resolve(name: str, flags: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """``--rules NAME`` with the rule flags beside it: a preset as it is, or saved rules; the
    flags override either."""
    if name in PRESETS:
        return name, dict(flags)
    preset, overrides = load_rules(name)
    return preset, {**overrides, **flags}


def _rule_set(preset: str, overrides: dict[str, Any], where: str) -> RuleSet:
    try:
        return RuleSet.from_dict({**RuleSet.preset(preset).to_dict(), **overrides})
    except (TypeError, ValueError, KeyError) as exc:
        raise SavedRulesError(f"{where}: {exc}") from None


def _toml_value(option: str, value: Any) -> str:
    if option == "target_score" and value is None:
        return f"{SINGLE_HAND}  # single hands"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def rules_refused(exc: SavedRulesError, name: str) -> str:
    """Why the rules named ``name`` cannot be used, in the player's language (a file's problem
    in the words that found it)."""
    from .i18n import t

    if exc.code == "unknown":
        return t("rules_err_unknown_known", name=name, known=", ".join([*PRESETS, *saved_names()]))
    if exc.code == "bad_file":
        return str(exc)
    return t("rules_err_" + exc.code)
