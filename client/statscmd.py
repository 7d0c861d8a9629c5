"""``uno stats``: the statistics a server keeps (server/stats.py) as a table, one per rule set.

    uno stats [--state-dir DIR] [--rules NAME] [--lang es|en]

Reads the statistics (``stats.json`` and its log) in ``DIR`` (default: where ``uno host`` keeps
its rooms and statistics, ``$XDG_DATA_HOME/uno/server``); ``--rules`` shows one rule set: that
name, and that preset with options changed from it ("official target_score=100"), or the rules
saved under that name (``uno host --save-rules``). A rule set saved on this machine is headed by
its saved name too.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import textwrap
import unicodedata
from pathlib import Path
from typing import TextIO

from server.stats import BOT_PREFIX, Counts, rules_name, rules_of_name

from .clihelp import LANG_CHOICES, LANG_FLAG, said
from .i18n import EN, decimal, detect_language, set_language, t
from .rulestext import changed_labels, preset_name
from .saved_rules import SavedRulesError, load_rules, saved_names

COLUMNS = ("stats_col_player", "stats_col_matches", "stats_col_hands", "stats_col_points",
           "stats_col_length", "stats_col_uno", "stats_col_catches", "stats_col_challenges")
GAP = "  "
WRAP_AT = 79  # (the lines of words, for an 80-column terminal: the table is made to fit it too)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--state-dir", metavar=said("DIR", "CARPETA"), default=None, help=said(
        "the server's state directory (default: uno host's)",
        "la carpeta de estado del servidor (por defecto: la de uno host)"))
    parser.add_argument("--rules", "--preset", metavar=said("NAME", "NOMBRE"), default=None, help=said(
        "only this rule set (a preset's name shows it with its options too)",
        "solo estas reglas (el nombre de unas de fábrica las muestra también con sus opciones)"))
    parser.add_argument(LANG_FLAG, choices=LANG_CHOICES, default=None, help=said(
        "language (default: the last chosen with F2, else the locale)",
        "idioma (por defecto: el último elegido con F2, si no el del sistema)"))


def main(args: argparse.Namespace) -> int:
    from server.persist import default_state_dir
    from server.statstore import read_stats

    set_language(detect_language(args.lang))
    directory = Path(args.state_dir) if args.state_dir else default_state_dir()
    if args.state_dir and no_folder(directory):
        return 2
    try:
        table = read_stats(directory)
    except (OSError, ValueError) as exc:
        print(t("stats_unreadable", error=exc), file=sys.stderr)
        return 1
    return print_tables(table, args.rules, directory, sys.stdout, saved_labels(), given=bool(args.state_dir))


def no_folder(directory: Path) -> bool:
    """Whether a --state-dir named is no folder, said if so (found play-testing: a misspelt one
    read as a server with nothing kept, "No statistics in /srv/unp")."""
    if directory.is_dir():
        return False
    print(t("state_dir_missing", path=directory), file=sys.stderr)
    return True


def saved_labels() -> dict[str, str]:
    """The rule sets saved on this machine: their statistics name (the preset and the options
    changed) → the name they were saved under. Files that cannot be read are left out."""
    labels: dict[str, str] = {}
    for name in saved_names():
        try:
            preset, overrides = load_rules(name)
        except SavedRulesError:
            continue
        labels.setdefault(rules_name(preset, overrides), name)
    return labels


def print_tables(table: dict[str, dict[str, Counts]], rules: str | None, directory: Path,
                 out: TextIO, labels: dict[str, str] | None = None, given: bool = False) -> int:
    """The tables of ``rules`` (None: all); ``labels`` names saved rule sets (``saved_labels``);
    ``given``: the directory was named (--state-dir), where to look is no news."""
    labels = labels or {}
    if not table:  # (found play-testing: --state-dir DIR was told to use --state-dir DIR)
        print(t("stats_none_here" if given else "stats_none", path=directory), file=out)
        return 0
    if rules is not None and rules not in table:  # a saved name stands for its rule set
        rules = next((key for key, label in labels.items() if label == rules), rules)
    names = [r for r in sorted(table) if rules is None or r == rules or r.startswith(rules + " ")]
    if not names:
        print(t("stats_no_rules", rules=rules, kept=", ".join(sorted(table))), file=out)
        return 1
    for number, name in enumerate(names):
        if number:
            print(file=out)
        # In words first; the name, as --rules takes it (in English: it is what the option
        # matches; alone, it read as code to a Spanish reader)
        option = shlex.quote(labels.get(name, name))
        heading = t("stats_rules", rules=rules_in_words(name), option=option)
        if width(heading) > WRAP_AT:  # (the option on a line of its own, whole, to be copied)
            words, _, option_part = heading.rpartition(" (--rules ")
            heading = textwrap.fill(words, WRAP_AT) + "\n  (--rules " + option_part
        print(heading, file=out)
        for line in render_table(table[name]):
            print(line, file=out)
    print(file=out)
    print(textwrap.fill(t("stats_note"), WRAP_AT), file=out)
    return 0


def rules_in_words(name: str) -> str:
    """A rule set's statistics name in the screen's words: "house jump_in=on" is "de la casa,
    a 500 puntos, cortar" in Spanish (the name alone read as code to a Spanish reader)."""
    preset, overrides = rules_of_name(name)
    return ", ".join([preset_name(preset), *changed_labels(overrides, preset)])


def render_table(players: dict[str, Counts]) -> list[str]:
    """The table's lines: a heading, then a row per player (people by name, then bots by
    level), each column as wide as its widest cell; names to the left, numbers to the right."""
    headings = [t(key).split("\n") for key in COLUMNS]  # (some of two lines: at the bottom)
    tall = max(len(lines) for lines in headings)
    rows = [[([""] * (tall - len(lines)) + lines)[i] for lines in headings] for i in range(tall)]
    for key in sorted(players, key=lambda k: (k.startswith(BOT_PREFIX), k.casefold())):
        c = players[key]
        rows.append([
            _player(key),
            t("stats_won_of", won=c.matches_won, played=c.matches),
            t("stats_won_of", won=c.hands_won, played=c.hands),
            str(c.points),
            decimal(c.hand_length),
            str(c.uno_missed),
            str(c.catches),
            t("stats_won_of", won=c.challenges_won, played=c.challenges_won + c.challenges_lost),
        ])
    widths = [max(width(row[i]) for row in rows) for i in range(len(COLUMNS))]
    return [GAP.join(_pad(cell, w, left=i == 0)
                     for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in rows]


def _player(key: str) -> str:
    if not key.startswith(BOT_PREFIX):
        return key
    level = key[len(BOT_PREFIX):]
    return t("stats_bot", level=t(f"level_{level}") if f"level_{level}" in EN else level)


def width(text: str) -> int:
    """Columns ``text`` takes on a terminal (wide characters take two, combining ones none)."""
    return sum(0 if unicodedata.combining(ch) else
               2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(cell: str, w: int, left: bool) -> str:
    space = " " * (w - width(cell))
    return cell + space if left else space + cell
