"""What the engine's tests share: the two presets, a card from its text, and random rule sets
for the property tests (the stacked games themselves come from ``kit.deck``)."""

from __future__ import annotations

from hypothesis import strategies as st

from engine import Card, RuleSet, WildDrawFour

OFFICIAL = RuleSet.preset("official")
HOUSE = RuleSet.preset("house")


def c(text: str) -> Card:
    return Card.parse(text)


def rule_sets(max_uno_penalty: int, max_false_catch_penalty: int,
              max_target_score: int) -> st.SearchStrategy[RuleSet]:
    """Any rule set: every option on or off, every +4 rule, penalties and a target score (or
    none) up to the bounds given."""
    return st.builds(
        RuleSet,
        first_to_left=st.booleans(),
        draw_until_playable=st.booleans(),
        wild_draw_four=st.sampled_from(WildDrawFour),
        stack_draw_two=st.booleans(),
        stack_wild_draw_four=st.booleans(),
        seven_zero=st.booleans(),
        jump_in=st.booleans(),
        uno_penalty=st.integers(0, max_uno_penalty),
        false_catch_penalty=st.integers(0, max_false_catch_penalty),
        target_score=st.one_of(st.none(), st.integers(1, max_target_score)),
    )
