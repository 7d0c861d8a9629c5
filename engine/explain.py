"""Why a card in a seat's hand cannot be played now: the code of the ``RuleError`` the engine's
own checks raise, worked out from that seat's ``View`` (no second copy of the rules).

The position is rebuilt from the view with the other hands left empty: a play's checks read
only the player's hand and the shared state (colour, top card, pending draw, turn, rules).
"""

from __future__ import annotations

from . import actions, errors
from .cards import Card, Color, Rank
from .checks import check
from .hand import Hand
from .rules import RuleSet, WildDrawFour
from .state import GameState
from .view import View


def _position(view: View) -> GameState:
    """The state ``check`` reads for a play by ``view.seat``, as far as the view shows it."""
    game = GameState.__new__(GameState)
    game.seats = view.seats
    game.rules = view.rules
    game._seat_tables()
    game._init_hand_state()
    me = game._index[view.seat] if view.seat is not None else 0
    game._hands[me] = Hand(view.hand or ())
    game._discard = [view.top]
    game._color = view.color
    game._current = game._index[view.current]
    game._pending = view.pending_draw
    game._pending_rank = view.top.rank if view.pending_draw else None
    if view.challenge_from is not None and view.challenge_color is not None:
        game._challenge = (game._index[view.challenge_from], False, view.challenge_color)
    game._awaiting_color = view.awaiting_color
    game._has_drawn = view.has_drawn
    game._drawn = view.drawn
    game._hand_result = view.hand_result
    return game


def refusal(view: View, card: Card) -> str | None:
    """The stable code (``engine.errors``) of why ``view.seat`` cannot play ``card`` now, or
    None when it can (or holds no such card, or only watches)."""
    seat = view.seat
    if seat is None or view.hand is None or card not in view.hand:
        return None
    if any(isinstance(a, (actions.PlayCard, actions.JumpIn)) and a.card == card for a in view.legal):
        return None
    game = _position(view)
    target = None
    if view.rules.seven_zero and card.rank is Rank.SEVEN and len(view.hand) > 1:
        target = next(s for s in view.seats if s != seat)
    action: actions.Action
    if view.current != seat and view.rules.jump_in and view.hand_result is None:
        action = actions.JumpIn(seat, card, target=target)
    else:
        color = Color.RED if card.color is None else None
        action = actions.PlayCard(seat, card, color=color, target=target)
    try:
        check(game, action)
    except errors.RuleError as refused:
        return refused.code
    return errors.RuleError.code  # refused by the server for a reason the view does not show


def bluff(view: View, card: Card) -> bool:
    """Whether ``card`` played now by ``view.seat`` is a Wild Draw Four bluff (R12): allowed, and
    open to a challenge its player would lose, for the hand holds the colour in play. Not one
    stacked on a draw (R15: an answer cannot be challenged; found play-testing, "a bluff: you hold
    green" of a Wild Draw Four stacked on a Draw Two)."""
    return (card.rank is Rank.WILD_DRAW_FOUR and view.rules.wild_draw_four is WildDrawFour.CHALLENGE
            and not view.pending_draw
            and view.hand is not None and any(held.color is view.color for held in view.hand))


def exchanges_hands(rules: RuleSet, card: Card) -> bool:
    """Whether playing ``card`` swaps or passes on hands (R15, 7-0): every seat's UNO is cleared
    then and nobody is open to a catch, so UNO said with it is void (found play-testing: "Bot 1
    played Red 7 — Bot 1: UNO! — Bot 1 swapped hands with you", and hints advised saying it)."""
    return rules.seven_zero and card.rank in (Rank.SEVEN, Rank.ZERO)
