"""engine.explain.refusal: why a card cannot be played now, from the seat's view only, agrees
with what the full game's checks say when that play is tried."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import Color, Game, RuleError, RuleSet, WildDrawFour, actions
from engine.cards import Card, Rank
from engine.explain import refusal
from engine.view import View

SEATS = ("a", "b", "c")


def _tried(trial: Game, view: View, card: Card) -> str | None:
    """The code the real game gives for playing ``card`` as ``refusal`` would try it, tried on
    ``trial`` (a copy of the game ``view`` shows). A refusal leaves the game unchanged (the
    engine's promise, proven in test_errors.py), so one copy serves every card of a position (a
    copy per card took 56 s for the stacking rules here; one per position, 1.8 s). Were a
    refusal ever to change the copy, the next card's code would differ and the test fail."""
    seat = view.seat
    assert seat is not None
    target = (next(s for s in SEATS if s != seat) if view.rules.seven_zero and card.rank is Rank.SEVEN
              and len(view.hand or ()) > 1 else None)
    action: actions.Action
    if view.current != seat and view.rules.jump_in:
        action = actions.JumpIn(seat, card, target=target)
    else:
        action = actions.PlayCard(seat, card, Color.RED if card.color is None else None, target)
    try:
        trial.legal_actions(seat)  # (the game lists before it checks, as a server does)
        trial.apply(action)
    except RuleError as refused:
        return refused.code
    return None


RULES = [RuleSet(), RuleSet.preset("house"),
         RuleSet(jump_in=True, seven_zero=True, stack_draw_two=True, stack_wild_draw_four=True),
         RuleSet(wild_draw_four=WildDrawFour.STRICT, draw_until_playable=True, jump_in=True)]


@pytest.mark.parametrize("rules", RULES, ids=["official", "house", "stacking", "strict"])
def test_the_view_s_reason_is_the_game_s_reason(rules: RuleSet) -> None:
    seen: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(SEATS, rules, random.Random(seed))
        for _ in range(120):
            if game.hand_outcome() is not None:
                break
            trial = Game.restore(game.snapshot())
            for seat in SEATS:
                view = game.view(seat)
                for card in set(view.hand or ()):
                    code = refusal(view, card)
                    playable = any(isinstance(a, (actions.PlayCard, actions.JumpIn)) and a.card == card
                                   for a in view.legal)
                    if playable:
                        assert code is None
                    else:
                        assert code is not None and code == _tried(trial, view, card), (seed, seat, card)
                        seen.add(code)
            choices = game.turn_actions()
            game.apply(rng.choice(choices))
    assert {"not_your_turn" if not rules.jump_in else "jump_in_refused", "does_not_match"} <= seen


def _view(hand: str, top: str, **changes: object) -> object:
    base = Game(SEATS, changes.pop("rules", RuleSet()), random.Random(1)).view("a")  # type: ignore[arg-type]
    values: dict[str, object] = dict(hand=tuple(Card.parse(c) for c in hand.split()), top=Card.parse(top),
                                     color=Card.parse(top).color or Color.RED, current="a", legal=(),
                                     pending_draw=0, has_drawn=False, drawn=None, challenge_from=None,
                                     challenge_color=None, awaiting_color=False, hand_result=None)
    values.update(changes)
    return dataclasses.replace(base, **values)  # type: ignore[type-var]


@pytest.mark.parametrize(("view", "card", "code"), [
    (_view("R7 G2", "B5", current="b"), "R7", "not_your_turn"),
    (_view("R7 G2", "B5"), "R7", "does_not_match"),
    (_view("W+4 G2", "G5", rules=RuleSet(wild_draw_four=WildDrawFour.STRICT)), "W+4",
     "wild_draw_four_refused"),
    (_view("G2 R+2", "G+2", pending_draw=2), "G2", "must_answer_draw"),
    (_view("G2 G9", "G5", has_drawn=True, drawn=Card.parse("G9")), "G2", "only_drawn_card"),
    (_view("G2", "W+4", color=Color.GREEN, pending_draw=4, challenge_from="c",
           challenge_color=Color.RED), "G2", "challenge_pending"),
    (_view("G2", "W", color=None, awaiting_color=True), "G2", "color_pending"),
    (_view("G2 B5", "B5", current="b", rules=RuleSet(jump_in=True)), "G2", "jump_in_refused"),
])
def test_each_reason(view: object, card: str, code: str) -> None:
    assert refusal(view, Card.parse(card)) == code  # type: ignore[arg-type]


def test_no_reason_for_a_legal_card_or_a_spectator() -> None:
    game = Game(SEATS, RuleSet(), random.Random(2))
    seat = game.current
    view = game.view(seat)
    for action in view.legal:
        if isinstance(action, actions.PlayCard):
            assert refusal(view, action.card) is None
    assert refusal(game.view(None), view.top) is None
