"""The rule options of a table in words: which are on, translated (for the lobby and the waiting
room), or what differs from the preset (for the table's header, where room is short). Options
left at their usual value are not named, except the target score and (in the lobby and the
waiting room) the UNO penalty, which every table has."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules import PRESETS, RuleSet
from protocol import RoomInfo, RoomSummary

from .i18n import t

PRESET_KEYS = {name: f"preset_{name}" for name in PRESETS}


def preset_name(preset: str) -> str:
    key = PRESET_KEYS.get(preset)
    return t(key) if key is not None else "?"


def preset_label(preset: str, rules: Mapping[str, Any], *, plain: bool = False) -> str:
    """The lobby's word for a table's rules: its preset's name, marked when an option other than
    the target differs from the preset ("official+": a 7-0 table read "official", found
    play-testing); ``plain``: in words, for a screen reader."""
    name = preset_name(preset)
    if preset not in PRESETS or len(changed_labels(rules, preset)) == 1:  # (the target's alone)
        return name
    return t("plain_preset_changed" if plain else "preset_changed", preset=name)


def rule_labels(rules: Mapping[str, Any], *, turn_timeout: float | None = None,
                bot_level: str | None = None, late_join: str | None = None,
                preset: str | None = None) -> list[str]:
    """Short labels of the options in ``rules`` (wire form, as in ``RoomInfo.rules``), and of the
    table's settings given. Unknown or missing options count as the engine's defaults; the
    Wild Draw Four's challenge is named too where ``preset`` (shown beside) has none."""
    base = RuleSet()
    get = rules.get
    labels = []
    target = get("target_score", base.target_score)
    labels.append(_target(target))
    for option, key in _SWITCHES:
        if get(option, getattr(base, option)) is True:
            labels.append(t(key))
        elif preset in PRESETS and getattr(PRESETS[preset], option) is True:  # the preset's, off
            labels.append(_without(key))  # (the "house+": found play-testing)
    if get("wild_draw_four") == "strict":
        labels.append(t("rule_strict_four"))
    elif preset in PRESETS and PRESETS[preset].wild_draw_four.value == "strict":
        labels.append(t("rule_challenge_four"))  # ("house" read as strict: found play-testing)
    if get("first_to_left", True) is False:
        labels.append(t("rule_right_first"))
    elif preset in PRESETS and PRESETS[preset].first_to_left is False:  # (a house table turned to
        labels.append(t("rule_left_first"))  # the left said nothing of it: found play-testing)
    uno = get("uno_penalty", base.uno_penalty)
    labels.append(t("rule_uno_penalty", n=uno) if uno else t("rule_no_uno_penalty"))
    false_catch = get("false_catch_penalty", base.false_catch_penalty)
    if false_catch:
        labels.append(t("rule_false_catch", n=false_catch))
    if turn_timeout is not None:
        labels.append(t("rule_turn", n=int(turn_timeout)) if turn_timeout else t("rule_no_clock"))
    if bot_level is not None:
        labels.append(t("rule_bots", level=t("level_" + bot_level)))
    if late_join is not None:
        labels.append(t("rule_late_" + late_join))
    return labels


def room_state(room: RoomSummary, sep: str) -> str:
    """The lobby's word for where ``room`` stands, parts joined by ``sep``: waiting, playing or
    between matches (found play-testing: "waiting" read as a table not begun),
    a password, how many of its seats are bots' (a person arriving may take one: found
    play-testing, a late arrival read a table of three people and a bot as "4/4", full)."""
    parts = [t("room_playing" if room.started else "room_between" if room.match_over else "room_waiting")]
    if room.password:
        parts.append(t("room_locked"))
    if room.bots:
        parts.append(t("room_bots_one" if room.bots == 1 else "room_bots", n=room.bots))
    return sep.join(parts)


def waiting_labels(room: RoomInfo) -> list[str]:
    """The waiting room's labels of ``room``: its rules and settings, and the level of the bots
    that will fill its free seats, if it has any (the seats list each seated bot's own)."""
    free = room.max_seats > len(room.seats)
    return rule_labels(room.rules, turn_timeout=room.turn_timeout,
                       bot_level=room.bot_level if free else None, late_join=room.late_join,
                       preset=room.preset)


def rules_sentence(room: RoomInfo, plain: bool = False) -> str:
    """The waiting room's line of ``room``'s rules: "Rules: official — to 500 points, …", the
    preset marked as the title marks it (found play-testing, "Rules: house" under "house+");
    ``plain``: in words, for a screen reader."""
    return t("waiting_rules", preset=preset_label(room.preset, room.rules, plain=plain),
             options=", ".join(waiting_labels(room)))


def changed_labels(rules: Mapping[str, Any], preset: str) -> list[str]:
    """Short labels of what ``rules`` change from ``preset`` (and the target, every table has
    one): what the header has room for, next to the preset's name."""
    try:
        base = RuleSet.preset(preset).to_dict()
    except (KeyError, ValueError):
        return rule_labels(rules)
    return [_target(rules.get("target_score", base["target_score"])), *_differences(rules, base)]


def rules_changes(old: RoomInfo, new: RoomInfo) -> list[str]:
    """Short labels of what the host's ``set_rules`` changed of a table, from ``old`` to
    ``new``: the options that differ (or, a new preset, it and its target and options changed
    from it), its timing."""
    if new.preset != old.preset:  # the preset, and what differs from it (not every option it
        # changed: found play-testing, the list ran past a notice's two lines)
        labels = [preset_name(new.preset), *changed_labels(new.rules, new.preset)]
    else:
        labels = _differences(new.rules, old.rules)
        if new.rules.get("target_score") != old.rules.get("target_score"):
            labels.insert(0, _target(new.rules.get("target_score")))
    if new.turn_timeout != old.turn_timeout:
        turn = new.turn_timeout
        labels.append(t("rule_turn", n=int(turn)) if turn else t("rule_no_clock"))
    if new.late_join != old.late_join:
        labels.append(t("rule_late_" + new.late_join))
    if new.bot_level != old.bot_level:
        labels.append(t("rule_bots", level=t("level_" + new.bot_level)))
    return labels


def _differences(rules: Mapping[str, Any], base: Mapping[str, Any]) -> list[str]:
    """Short labels of the options (but the target) that ``rules`` set otherwise than ``base``
    (both in wire form, as ``RuleSet.to_dict``'s)."""
    defaults = RuleSet().to_dict()

    def changed(option: str) -> tuple[bool, Any]:
        before = base.get(option, defaults[option])
        value = rules.get(option, before)
        return value != before, value

    labels = []
    for option, key in _SWITCHES:
        differs, value = changed(option)
        if differs:
            labels.append(t(key) if value else _without(key))
    differs, four = changed("wild_draw_four")
    if differs:
        labels.append(t("rule_strict_four" if four == "strict" else "rule_challenge_four"))
    differs, left = changed("first_to_left")
    if differs:
        labels.append(t("rule_left_first" if left else "rule_right_first"))
    differs, uno = changed("uno_penalty")
    if differs:
        labels.append(t("rule_uno_penalty", n=uno) if uno else t("rule_no_uno_penalty"))
    differs, false_catch = changed("false_catch_penalty")
    if differs:
        labels.append(t("rule_false_catch", n=false_catch))
    return labels


_SWITCHES = (
    ("draw_until_playable", "rule_draw_until"),
    ("stack_draw_two", "rule_stack_two"),
    ("stack_wild_draw_four", "rule_stack_four"),
    ("seven_zero", "rule_seven_zero"),
    ("jump_in", "rule_jump_in"),
)


def _without(key: str) -> str:
    """The label of the option ``key`` turned off ("no stack +2"; "no 7-0", where "no 7-0 swaps"
    read oddly, and Spanish "sin 7-0 cambia manos" worse: found play-testing)."""
    return t("rule_no_seven_zero") if key == "rule_seven_zero" else t("rule_without", rule=t(key))


def _target(target: int | None) -> str:
    """The match's target in words: a single hand, or the points that win it."""
    if target is None:
        return t("rule_single")
    return t("rule_target_one") if target == 1 else t("rule_target", n=target)
