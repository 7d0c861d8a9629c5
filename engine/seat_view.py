"""The view: what one seat (or a spectator) may know of a game, as a ``View``."""

from __future__ import annotations

from .legal import legal
from .state import GameState
from .view import HandResult, View


def view_of(game: GameState, index: int | None) -> View:
    """What seat ``index`` may know; ``None`` gives the spectators' view (no hand)."""
    seats = game.seats
    challenge = game._challenge
    own_turn = index is not None and index == game._current
    result = game._hand_result
    if result is not None:  # the hand is over: every hand is shown, with its points
        result = HandResult(result.winner, result.points,
                            tuple(tuple(hand.cards) for hand in game._hands))
    return View(
        seat=None if index is None else seats[index],
        seats=seats,
        rules=game.rules,
        hand_number=game.hand_number,
        dealer=seats[game._dealer],
        hand=None if index is None else tuple(game._hands[index].cards),
        hand_sizes=tuple(len(hand.cards) for hand in game._hands),
        top=game._discard[-1],
        color=game._color,
        direction=game._direction,
        current=seats[game._current],
        pending_draw=game._pending,
        challenge_from=None if challenge is None else seats[challenge[0]],
        challenge_color=None if challenge is None else challenge[2],
        awaiting_color=game._awaiting_color,
        has_drawn=game._has_drawn,
        drawn=game._drawn if own_turn else None,
        uno_said=tuple(game._uno_said),
        uno_open=None if game._uno_open is None else seats[game._uno_open],
        draw_pile=len(game._draw),
        discard_pile=len(game._discard),
        scores=tuple(game.scores),
        hand_result=result,
        outcome=game._match,
        legal=() if index is None else tuple(legal(game, index)),
    )
