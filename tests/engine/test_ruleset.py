"""RuleSet: the two presets of docs/RULES.md, overrides, plain-data form and validation."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from engine import PRESETS, RuleSet, WildDrawFour

# the presets table of docs/RULES.md: option, the rule it decides, official, house
PRESET_TABLE = [
    ("first_to_left", "R5", True, False),
    ("draw_until_playable", "R8/R9", False, True),
    ("wild_draw_four", "R12/R13", WildDrawFour.CHALLENGE, WildDrawFour.STRICT),
    ("stack_draw_two", "R14", False, True),
    ("stack_wild_draw_four", "R15", False, False),
    ("seven_zero", "R15", False, False),
    ("jump_in", "R15", False, False),
    ("uno_penalty", "R17", 2, 2),
    ("false_catch_penalty", "R17", 0, 0),
    ("target_score", "R20", 500, 500),
]


@pytest.mark.parametrize(("option", "rule", "official", "house"), PRESET_TABLE)
def test_presets_table(option: str, rule: str, official: Any, house: Any) -> None:
    for preset, expected in (("official", official), ("house", house)):
        value = getattr(RuleSet.preset(preset), option)
        assert type(value) is type(expected) and value == expected, (rule, preset)


def test_the_table_covers_every_option_and_official_is_the_default() -> None:
    assert [row[0] for row in PRESET_TABLE] == [f.name for f in dataclasses.fields(RuleSet)]
    assert RuleSet.preset("official") == RuleSet()


def test_R15_preset_overrides() -> None:
    rules = RuleSet.preset("house", seven_zero=True, jump_in=True, target_score=None)
    assert rules.seven_zero and rules.jump_in and rules.target_score is None
    assert rules.stack_draw_two  # the rest of the preset stays
    assert PRESETS["house"].seven_zero is False  # the preset itself is untouched


def test_unknown_preset_and_unknown_override() -> None:
    with pytest.raises(ValueError, match="unknown preset"):
        RuleSet.preset("casino")
    with pytest.raises(TypeError):
        RuleSet.preset("official", no_such_option=True)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_to_dict_from_dict_round_trip(name: str) -> None:
    rules = PRESETS[name]
    data = rules.to_dict()
    assert data["wild_draw_four"] in ("challenge", "strict")
    assert all(isinstance(v, (bool, int, str, type(None))) for v in data.values())
    assert RuleSet.from_dict(data) == rules


def test_from_dict_partial_uses_defaults() -> None:
    assert RuleSet.from_dict({}) == RuleSet()
    assert RuleSet.from_dict({"wild_draw_four": "strict"}).wild_draw_four is WildDrawFour.STRICT


@pytest.mark.parametrize(
    "data",
    [
        {"bogus": True},
        {"wild_draw_four": "sometimes"},
        {"stack_draw_two": 1},
        {"jump_in": "yes"},
        {"first_to_left": None},
        {"uno_penalty": -1},
        {"uno_penalty": 11},
        {"uno_penalty": True},
        {"uno_penalty": 2.0},
        {"false_catch_penalty": 11},
        {"target_score": 0},
        {"target_score": 100_001},
        {"target_score": "500"},
        {"target_score": False},
    ],
)
def test_from_dict_validation(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        RuleSet.from_dict(data)


def test_direct_construction_is_validated() -> None:
    with pytest.raises(ValueError):
        RuleSet(wild_draw_four="strict")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        RuleSet(seven_zero=1)  # type: ignore[arg-type]


def test_limits_are_accepted() -> None:
    rules = RuleSet(uno_penalty=0, false_catch_penalty=10, target_score=1)
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet(target_score=100_000).target_score == 100_000


def test_rulesets_are_frozen_and_hashable() -> None:
    rules = RuleSet()
    with pytest.raises(AttributeError):
        rules.jump_in = True  # type: ignore[misc]
    assert hash(rules) == hash(RuleSet.preset("official"))
