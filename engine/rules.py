"""The rule options of docs/RULES.md and the two presets, ``official`` and ``house``."""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Any

MAX_PENALTY = 10
"""The most cards a penalty (R17's missed UNO, a false catch) may be."""

MAX_TARGET = 100_000
"""The most points a match may be played to (R20)."""


class WildDrawFour(enum.Enum):
    """How a Wild Draw Four may be played."""

    CHALLENGE = "challenge"  # R12: may be bluffed; the next player may challenge
    STRICT = "strict"  # R13: refused while holding the colour in play; no challenge


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option the engine knows. Build one from a preset: ``RuleSet.preset("house", ...)``."""

    # R5: True -> the dealer's left starts and play runs clockwise (seat order);
    # False -> the dealer's right starts and play runs counter-clockwise.
    first_to_left: bool = True
    # R8 (False): draw one card, may play it. R9 (True): draw until playable, may keep drawing,
    # must end the turn with a card played.
    draw_until_playable: bool = False
    # R12 / R13.
    wild_draw_four: WildDrawFour = WildDrawFour.CHALLENGE
    # R14: a player facing a Draw Two may answer with a Draw Two of any colour.
    stack_draw_two: bool = False
    # R15: a Wild Draw Four may answer any pending draw, and a Draw Two of the colour in play may
    # answer a Wild Draw Four.
    stack_wild_draw_four: bool = False
    # R15: a 7 swaps hands with a chosen seat; a 0 passes every hand one seat along.
    seven_zero: bool = False
    # R15: a card identical to the top card may be played out of turn.
    jump_in: bool = False
    # R17: cards drawn by a player caught without saying UNO, and by a false catcher.
    uno_penalty: int = 2
    false_catch_penalty: int = 0
    # R20: points that win the match; None plays a single hand.
    target_score: int | None = 500

    def __post_init__(self) -> None:
        for name in _BOOL_OPTIONS:
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        if not isinstance(self.wild_draw_four, WildDrawFour):
            raise ValueError("wild_draw_four must be 'challenge' or 'strict'")
        for name in ("uno_penalty", "false_catch_penalty"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{name} must be a whole number")
        if self.target_score is not None and (
            not isinstance(self.target_score, int) or isinstance(self.target_score, bool)
        ):
            raise ValueError("target_score must be a whole number or None")
        if not 0 <= self.uno_penalty <= MAX_PENALTY or not 0 <= self.false_catch_penalty <= MAX_PENALTY:
            raise ValueError(f"penalties must be between 0 and {MAX_PENALTY} cards")
        if self.target_score is not None and not 1 <= self.target_score <= MAX_TARGET:
            raise ValueError(f"target_score must be between 1 and {MAX_TARGET}, or None")

    @staticmethod
    def preset(name: str, **overrides: Any) -> RuleSet:
        """A named preset with some options changed, e.g. ``preset("house", seven_zero=True)``."""
        try:
            base = PRESETS[name]
        except KeyError:
            raise ValueError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}") from None
        return dataclasses.replace(base, **overrides)

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["wild_draw_four"] = self.wild_draw_four.value
        return data

    @staticmethod
    def from_dict(data: dict[str, Any]) -> RuleSet:
        known = {f.name for f in dataclasses.fields(RuleSet)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        values = dict(data)
        if "wild_draw_four" in values:
            try:
                values["wild_draw_four"] = WildDrawFour(values["wild_draw_four"])
            except ValueError:
                raise ValueError("wild_draw_four must be 'challenge' or 'strict'") from None
        return RuleSet(**values)


_BOOL_OPTIONS = (
    "first_to_left", "draw_until_playable", "stack_draw_two",
    "stack_wild_draw_four", "seven_zero", "jump_in",
)

PRESETS: dict[str, RuleSet] = {
    "official": RuleSet(),
    "house": RuleSet(
        first_to_left=False,
        draw_until_playable=True,
        wild_draw_four=WildDrawFour.STRICT,
        stack_draw_two=True,
    ),
}
