"""A room's settings, and their form in the room's record (server/persist.py)."""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, field
from typing import Any

import engine
from engine import RuleSet
from protocol import BOT_LEVELS, DEFAULT_BOT_LEVEL, LATE_JOIN
from protocol.limits import DEFAULT_BOT_DELAY, DEFAULT_TURN_TIMEOUT

from . import errors

# What a room's record keeps of its settings: named once, for the record and for the quick test
# of whether it changed (``Room.record_key``).
FIELDS = ("name", "preset", "max_seats", "turn_timeout", "bot_delay", "password", "bot_level",
          "late_join")  # and "overrides", a dict
fields_of = operator.attrgetter(*FIELDS)


@dataclass
class RoomSettings:
    name: str
    preset: str = "official"
    overrides: dict[str, Any] = field(default_factory=dict)
    max_seats: int = 4
    turn_timeout: float = DEFAULT_TURN_TIMEOUT
    bot_delay: float = DEFAULT_BOT_DELAY
    password: str | None = None
    bot_level: str = DEFAULT_BOT_LEVEL  # the level of the bots that fill empty seats at the start
    late_join: str = "now"  # a late arrival takes a bot's seat "now" or at the "next_hand"

    def changed(self, preset: str, overrides: dict[str, Any], **options: Any) -> RoomSettings:
        """These settings with other rules, and the options given (a None one is kept)."""
        kept = {name: value for name, value in options.items() if value is not None}
        return dataclasses.replace(self, preset=preset, overrides=dict(overrides), **kept)

    def plays_as(self, other: RoomSettings) -> bool:
        """Whether a match would be played under ``other`` as under these: the same preset,
        rules and timing (overrides may differ in form: the preset's own values given or not)."""
        def played(settings: RoomSettings) -> tuple[Any, ...]:
            return (settings.preset, settings.rules(), settings.turn_timeout, settings.bot_delay,
                    settings.bot_level, settings.late_join)

        return played(self) == played(other)

    def rules(self) -> RuleSet:
        """The preset with the overrides applied; overrides are wire values (as in
        ``RuleSet.to_dict``: ``"wild_draw_four": "strict"``)."""
        try:
            base = engine.PRESETS[self.preset]
            return RuleSet.from_dict({**base.to_dict(), **self.overrides})
        except (KeyError, TypeError, ValueError) as exc:
            raise errors.BadRules(f"bad rules: {exc}") from None

    def key(self) -> tuple[Any, ...]:
        """The recorded fields as a tuple: equal keys, equal records."""
        return (fields_of(self), tuple(self.overrides.items()))

    def to_record(self) -> dict[str, Any]:
        return {**dict(zip(FIELDS, fields_of(self), strict=True)),
                "overrides": dict(self.overrides)}

    @classmethod
    def from_record(cls, s: dict[str, Any]) -> RoomSettings:
        """Raises ``KeyError``, ``TypeError`` or ``ValueError`` for a bad record."""
        return cls(
            name=str(s["name"]), preset=str(s["preset"]), overrides=dict(s["overrides"]),
            max_seats=int(s["max_seats"]), turn_timeout=float(s["turn_timeout"]),
            bot_delay=float(s["bot_delay"]),
            password=None if s["password"] is None else str(s["password"]),
            # (records written before these two settings existed lack them)
            bot_level=_choice(s.get("bot_level", DEFAULT_BOT_LEVEL), BOT_LEVELS),
            late_join=_choice(s.get("late_join", "now"), LATE_JOIN),
        )


def _choice(value: Any, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValueError(f"{value!r} is not one of {', '.join(choices)}")
    return str(value)
