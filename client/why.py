"""The why key's words: the engine's code for why the selected card cannot be played now,
put in the player's language with the card, colour and top card it is about; and why the pass
key did nothing."""

from __future__ import annotations

from engine import View
from engine.cards import Card, Rank
from engine.explain import bluff, refusal
from engine.rules import WildDrawFour

from .i18n import card_name, color_name, t

_SWAPS = {Rank.SEVEN: "playable_seven", Rank.ZERO: "playable_zero"}  # (with the 7-0 rule)
# what an action card does, said of one that can be played (found play-testing: a newcomer read
# "Blue Reverse can be played now", and learnt what it did only from the log, once it had)
_DOES = {Rank.SKIP: "playable_skip", Rank.REVERSE: "playable_reverse", Rank.DRAW_TWO: "playable_two",
         Rank.WILD: "playable_wild", Rank.WILD_DRAW_FOUR: "playable_four"}
_DRAWS = {Rank.DRAW_TWO: 2, Rank.WILD_DRAW_FOUR: 4}


def why_text(view: View, card: Card | None) -> str:
    """One line: why ``card`` cannot be played now, or that it can (and what it does, an action
    card). Facing a Wild Draw Four, a card that cannot answer it: what the question asks (R12;
    found play-testing, a learner read "y challenge, a accept", and nothing said what a challenge
    was, nor what it cost). Between hands (the winner holds no card): how the points were
    counted (found play-testing: a newcomer could only guess, and read "The hand is over")."""
    if card is None or view.hand_result is not None:
        return t("why_points")
    code = refusal(view, card)
    in_play = view.challenge_color
    facing = view.challenge_from is not None and view.current == view.seat
    if code is not None and facing and in_play is not None:
        return t("why_challenge", color=color_name(in_play), n=view.pending_draw, lost=view.pending_draw + 2)
    if code == "does_not_match" and view.top.color is not None:
        code = "does_not_match_top"
    elif code == "jump_in_refused" and view.pending_draw:
        code = "jump_in_pending"  # (an identical card was told "only a card identical to…": R15)
    elif code == "jump_in_refused" and view.top.is_wild:  # (nothing jumps in on a wild, R15: found
        code = "not_your_turn"  # re-checking, "only a card identical to Wild Draw Four can jump in")
    color = view.color
    if code is None and bluff(view, card):  # (found play-testing: "can be played now", and the
        code = "bluff"  # challenge cost a learner 4 cards)
    elif code is None and view.rules.seven_zero and card.rank in _SWAPS:  # (what it does, R15:
        code = _SWAPS[card.rank]  # found play-testing, a learner asked of a 7, and read "can be played")
        if card.rank is Rank.SEVEN and len(view.seats) == 2:  # (nobody to choose: found play-testing)
            code = "playable_seven_two"
    elif code is None and view.current != view.seat:  # (an identical card out of turn, R15:
        code = "playable_jump_in"  # found play-testing, it said "can be played now" of a card
        # whose play takes another's turn)
    elif code is None and card.rank in _DOES:
        code = _DOES[card.rank]
        if card.rank in (Rank.SKIP, Rank.REVERSE) and len(view.seats) == 2:  # (R11: found
            code = "playable_again"  # play-testing, a couple read "the next loses the turn")
        if card.rank in _DRAWS and (view.rules.stack_draw_two or view.rules.stack_wild_draw_four):
            code += "_stack"  # (the next may answer it)
        elif (card.rank is Rank.WILD_DRAW_FOUR and not view.pending_draw
              and view.rules.wild_draw_four is WildDrawFour.CHALLENGE):  # (R12, an honest one: found
            code = "playable_four_honest"  # play-testing, nothing said it could be challenged)
    top = view.top.rank.value
    return t("why_" + (code or "playable"), card=card_name(card), top=card_name(view.top),
             rank=top if view.top.rank.is_number else t("rank_" + top),
             color=color_name(color) if color is not None else "?",
             n=view.pending_draw + (_DRAWS.get(card.rank, 0) if code and code.startswith("playable") else 0),
             drawn=card_name(view.drawn) if view.drawn else "?",
             cards=_stackers(view) if code == "must_answer_draw" else "")


def _stackers(view: View) -> str:
    """The cards that stack on the draw facing us, as the rules say (R14, R15): "a +2", "a +4
    or a blue +2"."""
    rules, color = view.rules, view.color
    if view.top.rank is Rank.DRAW_TWO:
        cards = [t("stack_two")] if rules.stack_draw_two else []
    else:  # (on a Wild Draw Four, a Draw Two of the colour named, where +4s stack)
        cards = [t("stack_two_color", color=color_name(color))] \
            if color is not None and rules.stack_wild_draw_four else []
    cards = ([t("stack_four")] if rules.stack_wild_draw_four else []) + cards
    return t("stack_either", first=cards[0], second=cards[1]) if len(cards) == 2 else "".join(cards)


def no_pass_text(view: View | None, my_turn: bool, playable: str, can_draw: bool) -> str:
    """Why the pass key did nothing: ``playable``, the cards that go, by name."""
    pending = view.pending_draw if view is not None else 0
    if not my_turn:
        return t("not_your_turn")
    if view is not None and view.rules.draw_until_playable and playable and not pending:
        # (R9: the reason, as d gives it; "You cannot pass now" gave none, found play-testing)
        return t("cannot_pass_must_play", cards=playable)
    if not can_draw:
        return t("cannot_pass")
    if pending:  # (how many: found play-testing, it said only "d draws")
        return t("cannot_pass_pending", n=pending)
    return t("cannot_pass_draw")


def playable_names(hand: list[Card], playable: set[Card]) -> str:
    """The cards of ``hand`` that go, by name, as the log names cards (found play-testing: "You
    can play BR" puzzled)."""
    return ", ".join(dict.fromkeys(card_name(card) for card in hand if card in playable))
