"""docs/RULES.md stays true: every rule id, every ``RuleSet`` option with each preset's value, the
card notation (colours, ranks, their names in both languages, their points), the table options'
defaults; the lobby points to it, and the README names only files that exist."""

from __future__ import annotations

import argparse
import dataclasses
import enum
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from clientkit import connected_model, render_text
from kit.markdown import section, table_row

from client.cli import build_parser
from client.commands import rule_overrides
from client.docs import RULES_DOC, shown_path
from client.i18n import EN, ES, set_language
from engine import PRESETS, RuleSet
from engine.cards import Card, Color, Rank
from protocol import CreateRoom, Rooms, Welcome

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def doc() -> str:
    return RULES_DOC.read_text(encoding="utf-8")


def literal(value: Any) -> str:
    """An option's value as the document writes it (as docs/PROTOCOL.md does, strings bare)."""
    if value is None:
        return "`nil`"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, enum.Enum):
        return f"`{value.value}`"
    return f"`{value}`"


def test_every_rule_id_is_described(doc: str) -> None:
    for number in range(1, 21):
        assert len(re.findall(rf"\*\*R{number} [A-Z]", doc)) == 1, f"R{number}"


def test_every_option_and_each_presets_value(doc: str) -> None:
    table = section(doc, "## Presets and options")
    options = [f.name for f in dataclasses.fields(RuleSet)]
    listed = re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE)
    assert listed == options
    assert RuleSet() == PRESETS["official"]  # so the official column gives the defaults
    assert list(PRESETS) == ["official", "house"]
    assert "| option | values | `official` | `house` | `uno host` |" in table
    for name in options:
        cells = table_row(table, name)
        assert cells[2] == literal(getattr(PRESETS["official"], name)), name
        assert cells[3] == literal(getattr(PRESETS["house"], name)), name
        assert_host_flags(cells[4], name, rule=True)
    for name in options[1:]:  # and each is explained with the rules
        assert f"`{name}`" in section(doc, "## Stacking and the other house rules") \
            or f"`{name}`" in doc.split("## Presets and options")[0], name


def test_the_card_notation(doc: str) -> None:
    colours = section(doc, "### Colours")
    for color in Color:
        assert table_row(colours, color.value)[1:] == [EN[f"color_{color.value}"], ES[f"color_{color.value}"]]
    ranks = section(doc, "### Ranks")
    assert "| `0` … `9` | the number | the number | the number |" in ranks
    for rank in Rank:
        if rank.is_number:
            assert rank.points == int(rank.value)
            continue
        cells = table_row(ranks, rank.value)
        assert cells[1:] == [EN[f"rank_{rank.value}"], ES[f"rank_{rank.value}"], str(rank.points)]
    written = section(doc, "## Cards")
    examples = re.findall(r"`([^`]+)`", written.split("###")[0])
    assert len(examples) >= 7
    for text in examples:  # every example is a card, written as the engine writes it
        assert str(Card.parse(text)) == text


def host_flags() -> dict[str, argparse.Action]:
    parser = build_parser(["host"])
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {flag: action for action in sub.choices["host"]._actions for flag in action.option_strings}


def assert_host_flags(cell: str, option: str, rule: bool) -> None:
    """The ``uno host`` flags a cell names exist and set ``option``: a rule option (among the
    rule overrides they make) or a table option (the argument of that name)."""
    flags = re.findall(r"`(--[\w-]+)`", cell)
    assert flags, option
    known = host_flags()
    for flag in flags:
        assert flag in known, f"uno host has no {flag}"
        action = known[flag]
        value = [] if action.nargs == 0 else [str(next(iter(action.choices or ["2"])))]
        args = build_parser(["host"]).parse_args(["host", flag, *value])
        if rule:
            assert option in rule_overrides(args), f"{flag} does not set {option}"
        else:
            assert action.dest == option, f"{flag} does not set {option}"


def test_the_table_options_defaults(doc: str) -> None:
    table = section(doc, "## Table options")
    fields = [f.name for f in dataclasses.fields(CreateRoom)]
    defaults = {f.name: f.default for f in dataclasses.fields(CreateRoom)}
    listed = re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE)
    assert set(listed) == set(fields) - {"name", "preset", "rules"}  # every other room option
    for name in listed:
        value = defaults[name]
        if value is None:
            assert table_row(table, name)[1] == "none", name
            continue
        shown = f"`{int(value)}`" if isinstance(value, float) and value.is_integer() else f"`{value}`"
        assert table_row(table, name)[1] == shown, name
        assert_host_flags(table_row(table, name)[2], name, rule=False)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lobby_points_to_the_rules(lang: str) -> None:
    set_language(lang)
    try:
        model = connected_model()
        model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
        model.apply(Rooms(rooms=()))
        text = render_text(model, columns=100)
    finally:
        set_language("en")
    line = next(line for line in text.splitlines() if "RULES.md" in line)
    assert line.strip() == {"en": "The rules of this game: ", "es": "Las reglas de este juego: "}[lang] \
        + shown_path()
    assert RULES_DOC.is_file()


def test_the_rules_path_is_shown_as_a_person_opens_it(tmp_path: Path) -> None:
    assert shown_path(ROOT / "docs" / "RULES.md", cwd=ROOT) == "docs/RULES.md"
    assert shown_path(ROOT / "docs" / "RULES.md", cwd=tmp_path) == str(ROOT / "docs" / "RULES.md")


def test_the_readme_names_only_files_of_the_project() -> None:
    """Every file the README names is in the repository: a path from its top, or, on a line of
    the tree of folders (``docs/  PROTOCOL.md, ...``), a name in that folder."""
    named: set[str] = set()
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        folder = re.match(r"([\w-]+/)\s{2,}", line)
        for name in re.findall(r"(?<![\w/.-])((?:[\w.-]+/)*[\w-]+\.(?:md|py|toml|txt|cfg))\b", line):
            named.add(folder.group(1) + name if folder and "/" not in name else name)
    assert "docs/RULES.md" in named
    for name in named:
        assert (ROOT / name).is_file(), f"README.md names {name}, which is not in the project"


def readme_commands() -> list[list[str]]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return [shlex.split(line.split("#")[0])[1:] for line in readme.splitlines()
            if line.startswith(".venv/bin/uno ")]


def test_the_readme_commands_are_real_and_the_host_leaves_seats_for_friends() -> None:
    commands = readme_commands()
    assert {argv[0] for argv in commands} >= {"host", "join", "server", "bots", "selfplay"}
    for argv in commands:
        args = build_parser(argv).parse_args(argv)  # (exits on an unknown flag)
        if argv[0] == "host":
            seats = args.seats if args.seats is not None else max(4, args.bots + 1)
            assert seats - args.bots - 1 >= 1, argv  # the host, the bots, and room for a friend
