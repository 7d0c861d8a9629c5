"""The checks: whether an action is allowed now, and the rule predicates the engine shares.

``check`` raises the ``RuleError`` that refuses an action, with the game unchanged, or returns
the acting seat's index. The predicates below it (what may be stacked, whether anything is left
to draw...) serve the legal actions and the carry-out too.
"""

from __future__ import annotations

from . import actions, errors
from .cards import Card, Color, Rank
from .hand import WILD_DRAW_FOUR_CARD, matches
from .state import STRICT, GameState

_DRAW_TWO, _WILD_DRAW_FOUR, _SEVEN = Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR, Rank.SEVEN


# ---------------------------------------------------------------------------- rule predicates

def strict_refuses(game: GameState, index: int, card: Card) -> bool:
    """R13: a Wild Draw Four while holding the colour in play (also when stacking it)."""
    return (card is WILD_DRAW_FOUR_CARD and game.rules.wild_draw_four is STRICT
            and game._hands[index].holds_color(game._color))


def playable_bits(game: GameState, index: int) -> int:
    """The kinds of card ``index`` holds and may play normally (no draw pending): R7, R13."""
    return game._hands[index].playable(game._color, game._discard[-1].rank,
                                       game.rules.wild_draw_four is STRICT)


def stacks(game: GameState, card: Card) -> bool:
    """Whether ``card`` may answer the pending draw (R14, R15)."""
    rules = game.rules
    if card.rank is _WILD_DRAW_FOUR:
        return rules.stack_wild_draw_four
    if card.rank is _DRAW_TWO:
        if game._pending_rank is _DRAW_TWO:  # R14 alone decides: +4 stacking is no +2 rule
            return rules.stack_draw_two
        return rules.stack_wild_draw_four and card.color is game._color
    return False


def can_answer(game: GameState) -> bool:
    """Whether the rules let the player facing a pending draw stack on it at all."""
    rules = game.rules
    if game._pending_rank is _DRAW_TWO:
        return rules.stack_draw_two or rules.stack_wild_draw_four
    return rules.stack_wild_draw_four


def can_draw_more(game: GameState) -> bool:
    return bool(game._draw) or len(game._discard) > 1


# ---------------------------------------------------------------------------- checking

def check(game: GameState, action: actions.Action) -> int:
    """Raise the ``RuleError`` that refuses ``action``, or return the acting seat's index."""
    index = game._seat_index(action.seat)
    if game._hand_result is not None:
        raise errors.HandOver("the hand is over")
    kind = type(action)
    if kind is actions.CallUno:
        _check_call_uno(game, index)
    elif kind is actions.Catch:
        assert isinstance(action, actions.Catch)
        _check_catch(game, index, action.target)
    elif kind is actions.JumpIn:
        assert isinstance(action, actions.JumpIn)
        _check_jump_in(game, index, action)
    else:
        if index != game._current:
            raise errors.NotYourTurn(f"it is {game.seats[game._current]}'s turn")
        if kind is actions.ChooseColor:
            assert isinstance(action, actions.ChooseColor)
            if not game._awaiting_color:
                raise errors.ColorPending("no colour is awaited")
            if not isinstance(action.color, Color):
                raise errors.BadColor("name one of the four colours")
            return index
        if game._awaiting_color:
            raise errors.ColorPending("name the colour of the starting Wild first")
        if kind is actions.PlayCard:
            assert isinstance(action, actions.PlayCard)
            _check_play(game, index, action)
        elif kind is actions.Challenge or kind is actions.Accept:
            if game._challenge is None:
                raise errors.NoChallenge("no Wild Draw Four awaits your answer")
        elif game._challenge is not None:
            raise errors.ChallengePending("challenge or accept the Wild Draw Four")
        elif kind is actions.Draw:
            _check_draw(game, index)
        elif kind is actions.KeepDrawing:
            _check_keep_drawing(game)
        elif kind is actions.Pass:
            _check_pass(game, index)
        else:
            raise errors.RuleError(f"not an action: {action!r}")
    return index


def _check_card(game: GameState, index: int, card: object, color: object, target: object,
                uno: object) -> None:
    """Checks shared by a play and a jump-in: the card, its colour, a 7's target, UNO."""
    hand = game._hands[index].cards
    if not isinstance(card, Card) or card not in hand:
        raise errors.CardNotInHand(f"you do not hold {card}")
    if card.color is None:
        if not isinstance(color, Color):
            raise errors.BadColor("a wild needs a colour")
    elif color is not None:
        raise errors.BadColor("only a wild takes a colour")
    hand_size = len(hand)
    swaps = game.rules.seven_zero and card.rank is _SEVEN and hand_size > 1
    if swaps:
        if not isinstance(target, str) or game._index.get(target) in (None, index):
            raise errors.BadTarget("a 7 swaps hands with another seat: name it")
    elif target is not None:
        raise errors.BadTarget("this card takes no target")
    if uno is not False and (uno is not True or hand_size != 2):
        raise errors.CannotCallUno("say UNO with your next-to-last card")


def _check_play(game: GameState, index: int, action: actions.PlayCard) -> None:
    card = action.card
    _check_card(game, index, card, action.color, action.target, action.uno)
    if game._pending:
        if not stacks(game, card):
            if game._challenge is not None:
                raise errors.ChallengePending("challenge or accept the Wild Draw Four")
            raise errors.MustAnswerDraw(f"stack on the draw or draw {game._pending}")
    else:
        if game._has_drawn and not game.rules.draw_until_playable and card != game._drawn:
            raise errors.OnlyDrawnCard(f"after drawing you may play only {game._drawn}")
        if not matches(card, game._color, game._discard[-1].rank):
            raise errors.DoesNotMatch(
                f"{card} does not match {game._discard[-1]} in {game._color_name()}")
    if strict_refuses(game, index, card):
        raise errors.WildDrawFourRefused(
            f"you hold a {game._color_name()} card: a Wild Draw Four is not allowed")


def _check_draw(game: GameState, index: int) -> None:
    if game._pending:
        return
    if game._has_drawn:
        raise errors.CannotDraw("you already drew this turn")
    if game.rules.draw_until_playable and playable_bits(game, index):
        raise errors.MustPlay("you have a playable card: play it")


def _check_keep_drawing(game: GameState) -> None:
    if not game.rules.draw_until_playable or not game._has_drawn:
        raise errors.CannotDraw("you can keep drawing only after drawing, under draw-until-playable")
    if not can_draw_more(game):
        raise errors.CannotDraw("nothing is left to draw")


def _check_pass(game: GameState, index: int) -> None:
    if game._pending:
        raise errors.MustAnswerDraw(f"stack on the draw or draw {game._pending}")
    if not game._has_drawn:
        raise errors.CannotPass("draw before you pass")
    if game.rules.draw_until_playable and playable_bits(game, index):
        raise errors.MustPlay("under draw-until-playable the turn ends with a card played")


def _check_call_uno(game: GameState, index: int) -> None:
    size = len(game._hands[index].cards)
    if game._uno_said[index] or not (size == 1 or (size == 2 and index == game._current)):
        raise errors.CannotCallUno("say UNO with one card left, or two on your turn")


def _check_catch(game: GameState, index: int, target: object) -> None:
    target_index = game._seat_index(target)
    if target_index == index:
        raise errors.NotCatchable("you cannot catch yourself")
    if target_index == game._uno_open:
        return
    if game.rules.false_catch_penalty and len(game._hands[target_index].cards) == 1:
        return  # a false catch, which costs the catcher (R17 option)
    raise errors.NotCatchable(f"{game.seats[target_index]} cannot be caught now")


def _check_jump_in(game: GameState, index: int, action: actions.JumpIn) -> None:
    if not game.rules.jump_in:
        raise errors.JumpInRefused("jump-in is off at this table")
    if index == game._current:
        raise errors.JumpInRefused("it is your turn: play normally")
    if game._awaiting_color or game._pending or game._challenge is not None:
        raise errors.JumpInRefused("no jump-in while a draw or a choice is pending")
    card = action.card
    if not isinstance(card, Card) or card not in game._hands[index].cards:
        raise errors.CardNotInHand(f"you do not hold {card}")
    if card.color is None or card != game._discard[-1]:
        raise errors.JumpInRefused("jump in only with a coloured card identical to the top card")
    _check_card(game, index, card, None, action.target, action.uno)
