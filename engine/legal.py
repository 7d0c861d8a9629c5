"""The legal actions: ``list_legal`` works them out once per state, ``LegalActions`` shows them.

Card plays come in the order of ``CARD_KINDS`` (under 7-0, 7s first), a wild's in the order of
``COLORS``. Plays are the seat kit's shared instances (seat_kit.py) but for a 7 under 7-0, which
names a seat of this game.
"""

from __future__ import annotations

from collections.abc import Iterator

from . import errors
from .actions import TURN_ACTIONS, Action, CallUno, Catch, ChooseColor, JumpIn, PlayCard
from .cards import Card, Rank
from .checks import can_draw_more, check, stacks, strict_refuses
from .hand import BIT, COLORS, SEVENS, cards_of
from .seat_kit import build_plays
from .state import STRICT, GameState

_SEVEN = Rank.SEVEN
_CHECKED = (*TURN_ACTIONS, CallUno, Catch)


class LegalActions:
    """The actions a seat may take now: supports ``in``, iteration, ``len`` and ``bool``.

    It is live: it always answers for the game's current state.
    """

    __slots__ = ("_game", "_index")

    def __init__(self, game: GameState, index: int) -> None:
        self._game = game
        self._index = index

    def __contains__(self, action: object) -> bool:
        game = self._game
        if not isinstance(action, _CHECKED):
            return False
        seat = action.seat
        if not isinstance(seat, str) or game._index.get(seat) != self._index:
            return False
        try:
            check(game, action)
        except errors.RuleError:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        return iter(legal(self._game, self._index))

    def __len__(self) -> int:
        return len(legal(self._game, self._index))

    def __bool__(self) -> bool:
        return bool(legal(self._game, self._index))

    def __repr__(self) -> str:
        return f"<LegalActions {list(self)!r}>"


def legal(game: GameState, index: int) -> list[Action]:
    """The legal actions of ``index``, listed once per state (a move clears the cache)."""
    listed = game._legal_cache.get(index)
    return listed if listed is not None else list_legal(game, index)


def list_legal(game: GameState, index: int) -> list[Action]:
    """Work out the legal actions of ``index``, and keep them for ``legal``."""
    actions: list[Action] = []
    game._legal_cache[index] = actions  # filled in below
    if game._hand_result is not None:
        return actions
    kit = game._kits[index]
    hand = game._hands[index]
    size = len(hand.cards)
    rules = game.rules
    if size <= 2 or game._uno_open is not None or rules.false_catch_penalty:
        _add_uno_actions(game, index, size, actions)  # (rarely: usually there is nothing)
    if index != game._current:
        if rules.jump_in and not game._awaiting_color and not game._pending and game._challenge is None:
            top = game._discard[-1]
            if top.color is not None and top in hand.cards:
                actions.extend(build_plays(JumpIn, kit.seat, top, size == 2, _targets(game, index, top)))
        return actions
    if game._awaiting_color:
        actions.extend(ChooseColor(kit.seat, color) for color in COLORS)
    elif game._pending:
        if game._challenge is not None:
            actions.append(kit.challenge)
            actions.append(kit.accept)
        else:
            actions.append(kit.draw)
        for card in cards_of(hand.bits):
            if stacks(game, card) and not strict_refuses(game, index, card):
                actions.extend(_plays(game, index, card, size))
    elif game._has_drawn:
        color, top_rank, strict = game._color, game._discard[-1].rank, rules.wild_draw_four is STRICT
        if rules.draw_until_playable:
            kinds = cards_of(hand.playable(color, top_rank, strict))
            for card in kinds:
                actions.extend(_plays(game, index, card, size))
            if can_draw_more(game):
                actions.append(kit.keep_drawing)
            if not kinds:  # a penalty took the playable card's use away: let them go
                actions.append(kit.pass_)
        else:
            drawn = game._drawn
            assert drawn is not None
            if hand.may_play(drawn, color, top_rank, strict):
                actions.extend(_plays(game, index, drawn, size))
            actions.append(kit.pass_)
    else:  # the common case: play a card (R7, R13) or draw (R8)
        playable = hand.playable(game._color, game._discard[-1].rank, rules.wild_draw_four is STRICT)
        if playable:
            if rules.seven_zero and playable & SEVENS and size > 1:  # 7s name a seat
                for card in cards_of(playable & SEVENS):
                    actions.extend(_plays(game, index, card, size))
                playable &= ~SEVENS
            plays = kit.plays_two if size == 2 else kit.plays
            while playable:  # each kind, lowest bit first (as cards_of)
                bit = playable & -playable
                playable ^= bit
                actions += plays[bit]
            if rules.draw_until_playable:  # R9: must play
                return actions
        actions.append(kit.draw)
    return actions


def _targets(game: GameState, index: int, card: Card) -> tuple[str | None, ...]:
    """The seats a play of ``card`` may name: a 7 under 7-0 swaps with another seat (R15)."""
    if game.rules.seven_zero and card.rank is _SEVEN and len(game._hands[index].cards) > 1:
        return tuple(s for j, s in enumerate(game.seats) if j != index)
    return (None,)


def _plays(game: GameState, index: int, card: Card, size: int) -> tuple[Action, ...]:
    """The PlayCard actions of ``card`` for ``index`` holding ``size`` cards."""
    kit = game._kits[index]
    if game.rules.seven_zero and card.rank is _SEVEN and size > 1:  # it names a seat (R15)
        return build_plays(PlayCard, kit.seat, card, size == 2, _targets(game, index, card))
    return (kit.plays_two if size == 2 else kit.plays)[BIT[card]]


def _add_uno_actions(game: GameState, index: int, size: int, actions: list[Action]) -> None:
    """Saying UNO and catching (R17), open to every seat."""
    kit = game._kits[index]
    if (size == 1 or (size == 2 and index == game._current)) and not game._uno_said[index]:
        actions.append(kit.call_uno)
    open_seat = game._uno_open
    if open_seat is not None and open_seat != index:
        actions.append(kit.catch(game.seats[open_seat]))
    if game.rules.false_catch_penalty:
        actions.extend(
            kit.catch(other) for j, other in enumerate(game.seats)
            if j != index and j != open_seat and len(game._hands[j].cards) == 1
        )
