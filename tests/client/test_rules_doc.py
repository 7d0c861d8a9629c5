"""docs/RULES.md and its Spanish translation docs/REGLAS.md stay true: every rule id, every
``RuleSet`` option with each preset's value, the card notation (colours, ranks, their names in
both languages, their points), the table options' defaults; the lobby points to the one in its
language, and the README names only files that exist."""

from __future__ import annotations

import argparse
import dataclasses
import enum
import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from clientkit import connected_model, press, render_text
from kit.markdown import section, table_row

from client.cli import build_parser
from client.commands import rule_overrides
from client.docs import RULES_DOCS, shown_path
from client.enums import Prompt
from client.i18n import EN, ES, card_code, set_language
from engine import PRESETS, RuleSet
from engine.bots import BOT_LEVELS
from engine.cards import Card, Color, Rank, full_deck
from protocol import CreateRoom, Rooms, Welcome

ROOT = Path(__file__).resolve().parents[2]


# What each translation calls the parts the tests read.
WORDS = {
    "en": {"options": "## Presets and options", "house_rules": "## Stacking and the other house rules",
           "header": "| option | values | `official` | `house` | `uno host` |", "cards": "## Cards",
           "colours": "### Colours", "ranks": "### Ranks",
           "numbers": "| the number | the number | the number |",
           "table": "## Table options", "none": "none", "texts": (EN, ES)},
    "es": {"options": "## Reglamentos y opciones", "house_rules": "## Acumular y las otras reglas de la casa",
           "header": "| opción | valores | `official` | `house` | `uno host` |", "cards": "## Cartas",
           "colours": "### Colores", "ranks": "### Valores",
           "numbers": "| el número | el número | el número |",
           "table": "## Opciones de la mesa", "none": "ninguna", "texts": (ES, EN)},
}


@pytest.fixture(params=sorted(RULES_DOCS), scope="module")
def lang(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def doc(lang: str) -> str:
    return RULES_DOCS[lang].read_text(encoding="utf-8")


@pytest.fixture
def codes(lang: str) -> dict[str, Card]:
    """Every card by its code on the screen of ``lang`` ("A7" is the yellow 7 in Spanish)."""
    set_language(lang)
    try:
        return {card_code(card): card for card in map(Card.parse, CARD_CODES)}
    finally:
        set_language("en")


CARD_CODES = sorted({str(card) for card in full_deck()})


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


def test_every_option_and_each_presets_value(doc: str, lang: str) -> None:
    words = WORDS[lang]
    table = section(doc, words["options"])
    options = [f.name for f in dataclasses.fields(RuleSet)]
    listed = re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE)
    assert listed == options
    assert RuleSet() == PRESETS["official"]  # so the official column gives the defaults
    assert list(PRESETS) == ["official", "house"]
    assert words["header"] in table
    for name in options:
        cells = table_row(table, name)
        assert cells[2] == literal(getattr(PRESETS["official"], name)), name
        assert cells[3] == literal(getattr(PRESETS["house"], name)), name
        assert_host_flags(cells[4], name, rule=True)
    for name in options[1:]:  # and each is explained with the rules
        assert f"`{name}`" in section(doc, words["house_rules"]) \
            or f"`{name}`" in doc.split(words["options"])[0], name


def test_the_card_notation(doc: str, lang: str, codes: dict[str, Card]) -> None:
    words = WORDS[lang]
    own, other = words["texts"]
    colours = section(doc, words["colours"])
    for color in Color:
        letter = own[f"code_{color.value}"]
        cells = [own[f"color_{color.value}"], other[f"color_{color.value}"]]
        if lang != "en":  # and the letter an English screen shows
            cells.append(f"`{color.value}`")
        assert table_row(colours, letter)[1:] == cells
    ranks = section(doc, words["ranks"])
    assert "| `0` … `9` " + words["numbers"] in ranks
    for rank in Rank:
        if rank.is_number:
            assert rank.points == int(rank.value)
            continue
        # A rank as the screen writes it: after the colour's letter, or the whole code of a wild.
        shown = next(code if card.color is None else code[1:]
                     for code, card in codes.items() if card.rank is rank)
        cells = table_row(ranks, shown)
        assert cells[1:] == [own[f"rank_{rank.value}"], other[f"rank_{rank.value}"], str(rank.points)]
    written = section(doc, words["cards"])
    examples = re.findall(r"`([^`]+)`", written.split("###")[0])
    assert len(examples) >= 7
    for text in examples:  # every example is a card, written as the screen writes it
        assert text in codes, text


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


def test_the_table_options_defaults(doc: str, lang: str) -> None:
    table = section(doc, WORDS[lang]["table"])
    fields = [f.name for f in dataclasses.fields(CreateRoom)]
    defaults = {f.name: f.default for f in dataclasses.fields(CreateRoom)}
    listed = re.findall(r"^\| `(\w+)` \|", table, re.MULTILINE)
    assert set(listed) == set(fields) - {"name", "preset", "rules"}  # every other room option
    for name in listed:
        value = defaults[name]
        if value is None:
            assert table_row(table, name)[1] == WORDS[lang]["none"], name
            continue
        shown = f"`{int(value)}`" if isinstance(value, float) and value.is_integer() else f"`{value}`"
        assert table_row(table, name)[1] == shown, name
        assert_host_flags(table_row(table, name)[2], name, rule=False)
    for level in BOT_LEVELS:  # each level is said
        assert f"`{level}`" in table_row(table, "bot_level")[3], level


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
    doc = RULES_DOCS[lang]
    line = next(line for line in text.splitlines() if doc.name in line)
    assert line.strip() == {"en": "The rules of this game: ", "es": "Las reglas de este juego: "}[lang] \
        + shown_path(doc)
    assert doc.is_file()
    # and how to learn it inside the game (found play-testing: a newcomer read only of a file)
    assert {"en": "How to play: F1, then PgDn", "es": "Cómo se juega: F1, y luego AvPág"}[lang] in text


def test_without_the_rules_on_this_machine_no_line_names_them(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    """Found play-testing: F1 and the lobby named docs/RULES.md to a friend whose install had
    no such file."""
    monkeypatch.setitem(RULES_DOCS, "en", tmp_path / "RULES.md")
    model = connected_model()
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
    model.apply(Rooms(rooms=()))
    assert "The rules of this game" not in render_text(model, columns=100)
    press(model, "\x1bOP")  # F1
    assert model.prompt is Prompt.HELP and "The rules of this game" not in render_text(model, columns=100)


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
