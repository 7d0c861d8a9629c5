"""The "new table" form: its fields, how keys change them, and the ``create_room`` it produces;
and the same form for the rules of the table the host sits at (``editing``), which produces a
``set_rules``.

Every rule option of the engine (``engine.rules.RuleSet``) has a field, and so do the table's
settings (seats, bots and their level, turn time, when late arrivals sit, password).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.rules import MAX_PENALTY, PRESETS, RuleSet, WildDrawFour
from engine.state import MAX_SEATS, MIN_SEATS
from protocol import BOT_LEVELS, DEFAULT_BOT_LEVEL, LATE_JOIN, CreateRoom, RoomInfo, SetRules, clean_text
from protocol.limits import DEFAULT_TURN_TIMEOUT, MAX_PASSWORD, MAX_ROOM_NAME

from . import matchlength
from .saved_rules import NAME_LENGTH, SavedRulesError, load_rules, save_rules

TIMEOUTS = (0.0, 15.0, 30.0, 45.0, 60.0, 90.0, 120.0)
# None: one hand (50: a short match, as `uno host --target 50` can; found play-testing); up to 2000
# (found play-testing: ten seats in house rules scored 500 in one hand, 6 matches of 6; measured,
# normal bots, 393 points a hand at ten seats official, 493 house with every option)
TARGETS: tuple[int | None, ...] = (None, *matchlength.TARGETS)
# Rule options offered as yes/no fields: (field key, RuleSet option).
OPTIONS = (
    ("draw_until", "draw_until_playable"),
    ("stack", "stack_draw_two"),
    ("stack_four", "stack_wild_draw_four"),
    ("seven_zero", "seven_zero"),
    ("jump_in", "jump_in"),
    ("left_first", "first_to_left"),
)
PENALTIES = (("uno_penalty", "uno_penalty"), ("false_catch", "false_catch_penalty"))
FIELDS = ("name", "preset", "seats", "bots", "bot_level", "timeout", "late_join", "password",
          "target", "strict", *(key for key, _ in OPTIONS), *(key for key, _ in PENALTIES),
          "save_as")
TEXT_FIELDS = ("name", "password", "save_as")
# A table's own: what ``set_rules`` leaves as it is (its seats are those taken and its bots)
TABLE_FIELDS = ("name", "seats", "bots", "password")
RULE_FIELDS = tuple(key for key in FIELDS if key not in TABLE_FIELDS)


@dataclass
class CreateForm:
    name: str = ""
    preset: str = "official"
    seats: int = 4
    bots: int = 3
    bot_level: str = DEFAULT_BOT_LEVEL
    timeout: float = DEFAULT_TURN_TIMEOUT
    late_join: str = "now"
    password: str = ""
    options: dict[str, bool] = field(default_factory=dict)
    strict: bool = False  # R13 (a Wild Draw Four only without the colour) rather than R12
    target: int | None = 500
    penalties: dict[str, int] = field(default_factory=dict)
    focus: int = 0
    saved: tuple[str, ...] = ()  # the rules saved on this machine, offered after the presets
    rules_name: str = ""  # the rules field: a preset's name or a saved name ("" = the preset)
    bad_file: str = ""  # why the saved rules chosen cannot be used ("": they can; the fields: the preset's)
    save_as: str = ""
    editing: bool = False  # the rules of the table we sit at, not a new table's
    # the turn times offered: TIMEOUTS, and the one the form was opened with (found play-testing:
    # a table opened with 1 s could not be given it back once changed)
    timeouts: tuple[float, ...] = ()
    targets: tuple[int | None, ...] = ()  # so too the targets (found play-testing: 150 from uno host)
    # the rules were saved and nothing changed since: Enter on "save these rules as" goes on (opens
    # the table, or applies them), where it would save them again (found play-testing: in plain
    # mode ok saved them again and again)
    just_saved: bool = False

    def __post_init__(self) -> None:
        if not self.options:
            self._preset_options()
        self.rules_name = self.rules_name or self.preset
        self.timeouts = tuple(sorted({*TIMEOUTS, *self.timeouts, self.timeout}))
        self._offer_target()

    def _offer_target(self) -> None:
        """The form's target among those offered (in order, one hand first)."""
        numbers = {n for n in (*TARGETS, *self.targets, self.target) if n is not None}
        self.targets = (None, *sorted(numbers))

    def _preset_options(self) -> None:
        """Every rule field takes the preset's value (choosing a preset resets them)."""
        rules = RuleSet.preset(self.preset)
        self.options = {key: bool(getattr(rules, option)) for key, option in OPTIONS}
        self.penalties = {key: int(getattr(rules, option)) for key, option in PENALTIES}
        self.strict = rules.wild_draw_four is WildDrawFour.STRICT
        self.target = rules.target_score

    @property
    def single(self) -> bool:
        return self.target is None

    @property
    def fields(self) -> tuple[str, ...]:
        """The fields shown, in order: a new table's, or (``editing``) the rules' alone."""
        return RULE_FIELDS if self.editing else FIELDS

    @property
    def focused(self) -> str:
        return self.fields[self.focus]

    @property
    def editing_text(self) -> bool:
        return self.focused in TEXT_FIELDS

    def move(self, delta: int) -> None:
        self.focus = (self.focus + delta) % len(self.fields)

    def change(self, delta: int) -> None:
        """←/→ (or space) on the focused field."""
        key, self.just_saved = self.focused, False
        if key == "preset":
            self.choose_rules(step((*PRESETS, *self.saved), self.rules_name, delta))
        elif key == "seats":
            self.seats = min(MAX_SEATS, max(MIN_SEATS, self.seats + delta))
            self.bots = min(self.bots, self.seats - 1)
        elif key == "bots":
            self.bots = min(self.seats - 1, max(0, self.bots + delta))
        elif key == "bot_level":
            self.bot_level = step(BOT_LEVELS, self.bot_level, delta)
        elif key == "timeout":
            self.timeout = step(self.timeouts, self.timeout, delta, wrap=False)
        elif key == "late_join":
            self.late_join = step(LATE_JOIN, self.late_join, delta)
        elif key == "target":
            self.target = step(self.targets, self.target, delta, wrap=False)
        elif key == "strict":
            self.strict = not self.strict
        elif key in self.options:
            self.options[key] = not self.options[key]
        elif key in self.penalties:
            self.penalties[key] = min(MAX_PENALTY, max(0, self.penalties[key] + delta))

    def rewind(self) -> None:
        """The focused field to its first value (the first of its list, for a list that goes
        round), from which ``change(1)`` steps through all of them in order."""
        key, self.just_saved = self.focused, False
        if key == "preset":
            self.choose_rules(next(iter(PRESETS)))
        elif key == "bot_level":
            self.bot_level = BOT_LEVELS[0]
        elif key == "late_join":
            self.late_join = LATE_JOIN[0]
        elif key == "strict":
            self.strict = False
        elif key in self.options:
            self.options[key] = False
        elif key == "seats":
            self.seats, self.bots = MIN_SEATS, min(self.bots, MIN_SEATS - 1)
        elif key == "bots":
            self.bots = 0
        elif key == "timeout":
            self.timeout = self.timeouts[0]
        elif key == "target":
            self.target = TARGETS[0]
        elif key in self.penalties:
            self.penalties[key] = 0

    def choose_rules(self, name: str) -> None:
        """A preset, or saved rules: every rule field takes their values."""
        self.rules_name, self.bad_file = name, ""
        if name in PRESETS:
            self.preset = name
            self._preset_options()
            return
        try:
            preset, overrides = load_rules(name)
        except SavedRulesError as exc:
            self.bad_file = str(exc) or name
            return
        self.preset = preset
        self._preset_options()
        self._override(overrides)

    def _override(self, overrides: dict[str, Any]) -> None:
        """The rule fields that ``overrides`` (``RuleSet`` options, wire form) set."""
        for key, option in OPTIONS:
            if option in overrides:
                self.options[key] = bool(overrides[option])
        for key, option in PENALTIES:
            if option in overrides:
                self.penalties[key] = int(overrides[option])
        if "wild_draw_four" in overrides:
            self.strict = overrides["wild_draw_four"] == WildDrawFour.STRICT.value
        if "target_score" in overrides:
            self.target = overrides["target_score"]
            self._offer_target()

    @classmethod
    def like(cls, table: CreateRoom, name: str, saved: tuple[str, ...]) -> CreateForm:
        """A form whose fields are those of ``table`` (``uno host``'s command line: found
        play-testing, its next table's form said 30 s where it had been given 15), named ``name``."""
        form = cls(name=name, preset=table.preset, seats=table.seats, bots=table.bots,
                   bot_level=table.bot_level, timeout=table.turn_timeout, late_join=table.late_join,
                   saved=saved)
        form._override(dict(table.rules or {}))
        return form

    @classmethod
    def of_room(cls, room: RoomInfo, saved: tuple[str, ...]) -> CreateForm:
        """The form of the rules of ``room``, as they are now, to change them (``editing``)."""
        preset = room.preset if room.preset in PRESETS else next(iter(PRESETS))
        form = cls(name=room.name, preset=preset, seats=room.max_seats, bot_level=room.bot_level,
                   timeout=room.turn_timeout, late_join=room.late_join, saved=saved, editing=True)
        form._override(dict(room.rules))
        # (the saved rules the table plays, by their name: found play-testing, "official" showed,
        # and a key pressed there dropped the saved options)
        form.rules_name = next((name for name in saved if _saved_as(name) == (room.preset, dict(room.rules))),
                               form.rules_name)
        return form

    def save(self) -> str:
        """Save the rules as the fields say under the name typed in ``save_as``; that name.
        ``SavedRulesError`` (with its ``code``) if it cannot be."""
        name = self.save_as.strip()
        save_rules(name, self.preset, self.rules())
        if name not in self.saved:
            self.saved = tuple(sorted((*self.saved, name)))
        self.rules_name, self.bad_file, self.just_saved = name, "", True
        return name

    def type_text(self, text: str) -> None:
        key, self.just_saved = self.focused, False
        text = clean_text(text)
        if key == "name":
            self.name = (self.name + text)[:MAX_ROOM_NAME]
        elif key == "password":
            self.password = (self.password + text)[:MAX_PASSWORD]
        elif key == "save_as":
            self.save_as = (self.save_as + text)[:NAME_LENGTH]

    def backspace(self, whole: bool = False) -> None:
        """The focused text field loses its last character (``whole``: all of them)."""
        keep, self.just_saved = (0 if whole else -1), False
        if self.focused == "name":
            self.name = self.name[:keep]
        elif self.focused == "password":
            self.password = self.password[:keep]
        elif self.focused == "save_as":
            self.save_as = self.save_as[:keep]

    def rules(self) -> dict[str, Any]:
        """Every rule option, as the fields say (wire form, as in ``RuleSet.to_dict``)."""
        overrides: dict[str, Any] = {option: self.options[key] for key, option in OPTIONS}
        overrides.update({option: self.penalties[key] for key, option in PENALTIES})
        overrides["wild_draw_four"] = (WildDrawFour.STRICT if self.strict
                                       else WildDrawFour.CHALLENGE).value
        overrides["target_score"] = self.target
        return overrides

    def message(self, default_name: str) -> CreateRoom:
        name = clean_text(self.name).strip() or default_name
        return CreateRoom(name=name[:MAX_ROOM_NAME], preset=self.preset, rules=self.rules(),
                          seats=self.seats, bots=self.bots, bot_level=self.bot_level,
                          turn_timeout=self.timeout, late_join=self.late_join,
                          password=self.password or None)

    def rules_message(self) -> SetRules:
        """The ``set_rules`` that gives the table the rules the fields say."""
        return SetRules(preset=self.preset, rules=self.rules(), turn_timeout=self.timeout,
                        bot_level=self.bot_level, late_join=self.late_join)


def _saved_as(name: str) -> tuple[str, dict[str, Any]] | None:
    """The preset and every rule option (wire form) of the rules saved as ``name``, if readable."""
    try:
        preset, overrides = load_rules(name)
    except (SavedRulesError, OSError):
        return None
    return preset, {**RuleSet.preset(preset).to_dict(), **overrides}


def step(values: tuple[Any, ...], current: Any, delta: int, wrap: bool = True) -> Any:
    """The value ``delta`` steps from ``current`` in ``values`` (round, or stopping at the ends)."""
    index = values.index(current) if current in values else 0
    if wrap:
        return values[(index + delta) % len(values)]
    return values[min(len(values) - 1, max(0, index + delta))]
