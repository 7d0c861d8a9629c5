"""The "new table" form: its fields, how keys change them, and the ``create_room`` it produces."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.rules import RuleSet
from protocol import CreateRoom, clean_text
from protocol.messages import MAX_ROOM_NAME

TIMEOUTS = (0.0, 15.0, 30.0, 45.0, 60.0, 90.0, 120.0)
# Rule options offered as yes/no fields: (field key, RuleSet option).
OPTIONS = (
    ("stack", "stack_draw_two"),
    ("seven_zero", "seven_zero"),
    ("jump_in", "jump_in"),
    ("draw_until", "draw_until_playable"),
)
FIELDS = ("name", "preset", "seats", "bots", "timeout", "password",
          *(key for key, _ in OPTIONS), "single")
TEXT_FIELDS = ("name", "password")


@dataclass
class CreateForm:
    name: str = ""
    preset: str = "official"
    seats: int = 4
    bots: int = 3
    timeout: float = 30.0
    password: str = ""
    options: dict[str, bool] = field(default_factory=dict)
    single: bool = False
    focus: int = 0

    def __post_init__(self) -> None:
        if not self.options:
            self._preset_options()

    def _preset_options(self) -> None:
        rules = RuleSet.preset(self.preset)
        self.options = {key: bool(getattr(rules, option)) for key, option in OPTIONS}

    @property
    def focused(self) -> str:
        return FIELDS[self.focus]

    @property
    def editing_text(self) -> bool:
        return self.focused in TEXT_FIELDS

    def move(self, delta: int) -> None:
        self.focus = (self.focus + delta) % len(FIELDS)

    def change(self, delta: int) -> None:
        """←/→ (or space) on the focused field."""
        key = self.focused
        if key == "preset":
            self.preset = "house" if self.preset == "official" else "official"
            self._preset_options()
        elif key == "seats":
            self.seats = min(10, max(2, self.seats + delta))
            self.bots = min(self.bots, self.seats - 1)
        elif key == "bots":
            self.bots = min(self.seats - 1, max(0, self.bots + delta))
        elif key == "timeout":
            index = TIMEOUTS.index(self.timeout) if self.timeout in TIMEOUTS else 2
            self.timeout = TIMEOUTS[min(len(TIMEOUTS) - 1, max(0, index + delta))]
        elif key in self.options:
            self.options[key] = not self.options[key]
        elif key == "single":
            self.single = not self.single

    def type_text(self, text: str) -> None:
        key = self.focused
        text = clean_text(text)
        if key == "name":
            self.name = (self.name + text)[:MAX_ROOM_NAME]
        elif key == "password":
            self.password = (self.password + text)[:64]

    def backspace(self) -> None:
        if self.focused == "name":
            self.name = self.name[:-1]
        elif self.focused == "password":
            self.password = self.password[:-1]

    def rules(self) -> dict[str, Any]:
        overrides: dict[str, Any] = {option: self.options[key] for key, option in OPTIONS}
        if self.single:
            overrides["target_score"] = None
        return overrides

    def message(self, default_name: str) -> CreateRoom:
        name = clean_text(self.name).strip() or default_name
        return CreateRoom(name=name[:MAX_ROOM_NAME], preset=self.preset, rules=self.rules(),
                          seats=self.seats, bots=self.bots, turn_timeout=self.timeout,
                          password=self.password or None)
