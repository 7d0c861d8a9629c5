"""How to play, in a few paragraphs of the table's own rules: the help's last pages (F1, then PgDn)
and plain mode's ``how``. Found play-testing: a newcomer could not learn the rules from inside the
game (the help pointed to docs/RULES.md, a file, and the hand's codes had no legend)."""

from __future__ import annotations

from engine.cards import Card
from engine.rules import RuleSet, WildDrawFour
from protocol import RoomInfo

from .i18n import card_code, t

_WILD, _FOUR, _RED_SEVEN = Card.parse("W"), Card.parse("W+4"), Card.parse("R7")


def table_rules(room: RoomInfo | None) -> RuleSet:
    """The rules of ``room`` (the official preset out of a room, or where they cannot be read)."""
    if room is None:
        return RuleSet()
    try:
        return RuleSet.from_dict(dict(room.rules))
    except (TypeError, ValueError):  # (a newer server's option: the rules as far as they go)
        return RuleSet.preset(room.preset) if room.preset in ("official", "house") else RuleSet()


def howto_title(room: RoomInfo | None) -> str:
    return t("howto_title_lobby") if room is None else t("howto_title")


def howto(rules: RuleSet, plain: bool = False) -> list[str]:
    """The paragraphs, in the client's language, of how a hand is played under ``rules``;
    ``plain``: in plain mode's words, where cards are said by name (no codes) and ``?`` asks for
    its help."""
    said = [t("howto_aim_single") if rules.target_score is None else t("howto_aim", n=rules.target_score),
            t("howto_turn") + " " + t("howto_draw_until" if rules.draw_until_playable else "howto_draw_one"),
            # (plain mode says cards by name: found re-checking, the codes read as of another game)
            t("howto_counts" if plain else "howto_cards", example=card_code(_RED_SEVEN), red=t("code_R"),
              yellow=t("code_Y"), green=t("code_G"), blue=t("code_B")),
            t("howto_actions_plain" if plain else "howto_actions"),
            t("howto_wilds_plain" if plain else "howto_wilds", wild=card_code(_WILD), four=card_code(_FOUR))]
    strict = rules.wild_draw_four is WildDrawFour.STRICT
    said.append(t("howto_strict" if strict else "howto_challenge"))
    options = [("howto_stack", rules.stack_draw_two), ("howto_stack_four", rules.stack_wild_draw_four),
               ("howto_seven_zero", rules.seven_zero), ("howto_jump_in", rules.jump_in)]
    said += [t(key) for key, on in options if on]
    uno = t("howto_uno", n=rules.uno_penalty) if rules.uno_penalty else t("howto_uno_free")
    if rules.false_catch_penalty:
        uno += " " + t("howto_false_catch", n=rules.false_catch_penalty)
    return [*said, uno, t("howto_points"), t("howto_learn_plain" if plain else "howto_learn")]
