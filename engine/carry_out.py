"""The carry-out: what an action does once it is known to be legal, as events.

``carry_out`` is the one path of ``Game.apply`` (after its checks) and ``Game.push``; the helpers
below it (drawing, ending a turn or a hand) serve the deal too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions
from .cards import DECK_SIZE, Card, Rank
from .checks import can_answer
from .events import (
    CardPlayed,
    Caught,
    Challenged,
    ColorChosen,
    DirectionChanged,
    DrawReason,
    DrawSkipped,
    Drew,
    Event,
    HandEnded,
    HandsExchanged,
    MatchEnded,
    Reshuffled,
    UnoCalled,
)
from .state import STRICT, GameState
from .view import HandResult, MatchOutcome

# Enum members looked up once: in Python 3.11 ``Rank.SKIP`` is a slow lookup through the enum's
# metaclass (some 10 times the cost of reading a global).
_SKIP, _REVERSE, _DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
_WILD_DRAW_FOUR, _SEVEN, _ZERO = Rank.WILD_DRAW_FOUR, Rank.SEVEN, Rank.ZERO
_DRAW, _KEEP_DRAWING = DrawReason.DRAW, DrawReason.KEEP_DRAWING
# Ranks whose play does more than pass the turn on (7 and 0 only under 7-0, checked then).
_SPECIAL_RANKS = frozenset({_SKIP, _REVERSE, _DRAW_TWO, _WILD_DRAW_FOUR, _SEVEN, _ZERO})
_NO_EVENTS: dict[Card, Drew] = {}
# With 10 seats the draw pile runs out every few turns: one Reshuffled event per pile size.
_RESHUFFLED = [Reshuffled(count) for count in range(DECK_SIZE + 1)]
_DIRECTION_CHANGED = {1: DirectionChanged(1), -1: DirectionChanged(-1)}


def carry_out(game: GameState, index: int, action: actions.Action) -> list[Event]:
    """Carry out ``action`` of seat ``index``, legal in this state; return what happened."""
    game._legal_cache.clear()
    events: list[Event] = []
    run, takes_turn = _CARRY_OUT[type(action)]
    if takes_turn:
        game._uno_open = None  # the next player acted: a forgotten UNO can't be caught now
    run(game, index, action, events)
    return events


def draw_reason(rank: Rank | None) -> DrawReason:
    """Why the pending total is drawn: the card that made it."""
    return DrawReason.WILD_DRAW_FOUR if rank is _WILD_DRAW_FOUR else DrawReason.DRAW_TWO


# ---------------------------------------------------------------------------- each kind of action

def _on_play(game: GameState, index: int, action: actions.PlayCard | actions.JumpIn,
             events: list[Event]) -> None:
    card = action.card
    rank = card.rank
    hand = game._hands[index]
    color_before = game._color
    guilty = rank is _WILD_DRAW_FOUR and hand.holds_color(color_before)
    hand.remove(card)
    game._discard.append(card)
    game._current = index
    game._has_drawn = False
    game._drawn = None
    game._challenge = None  # a stacked answer ends any challenge window
    kit = game._kits[index]
    if type(action) is actions.PlayCard:
        color = action.color if card.color is None else card.color
        assert color is not None
        played = kit.played[color].get(card)
        events.append(played if played is not None else kit.card_played(card, color))
    else:  # a jump-in: always a coloured card
        color = card.color
        assert color is not None
        events.append(CardPlayed(kit.seat, card, color, True))
    game._color = color
    left = len(hand.cards)
    if left == 1:
        said = game._uno_said[index]
        if action.uno and not said:  # UNO said with the card: told like a call_uno
            said = game._uno_said[index] = True
            events.append(UnoCalled(kit.seat))
        if not said:
            game._uno_open = index
    else:
        game._uno_said[index] = False

    if not left:  # R18: the hand ends, but a last Draw Two / Wild Draw Four still counts
        if rank is _DRAW_TWO or rank is _WILD_DRAW_FOUR:
            total = game._pending + (2 if rank is _DRAW_TWO else 4)
            game._pending = 0
            draw_cards(game, game._next(index), total, draw_reason(rank), events)
        _end_hand(game, index, events)
    elif rank not in _SPECIAL_RANKS:
        end_turn(game, (index + game._direction) % game._n, events)
    elif rank is _SKIP:
        events.append(game._kits[game._next(index)].skipped)
        end_turn(game, game._next(index, 2), events)
    elif rank is _REVERSE:
        game._direction = -game._direction
        events.append(_DIRECTION_CHANGED[game._direction])
        if game._n == 2:  # R11: acts as a Skip
            events.append(game._kits[game._next(index)].skipped)
            end_turn(game, index, events)
        else:
            end_turn(game, game._next(index), events)
    elif rank is _DRAW_TWO or rank is _WILD_DRAW_FOUR:
        stacked = game._pending > 0
        game._pending += 2 if rank is _DRAW_TWO else 4
        game._pending_rank = rank
        victim = game._next(index)
        if (rank is _WILD_DRAW_FOUR and not stacked
                and game.rules.wild_draw_four is not STRICT):  # R12: it may be challenged
            assert color_before is not None
            game._challenge = (index, guilty, color_before)
            end_turn(game, victim, events)
        elif can_answer(game):
            end_turn(game, victim, events)
        else:
            _take_pending(game, victim, draw_reason(rank), events)
    elif rank is _SEVEN and game.rules.seven_zero:
        target = action.target
        assert target is not None
        other = game._index[target]
        _exchange(game, index, target, {index: other, other: index}, events)
        end_turn(game, game._next(index), events)
    elif rank is _ZERO and game.rules.seven_zero:
        moves = {j: game._next(j, -1) for j in range(game._n)}  # each takes its neighbour's hand
        _exchange(game, index, None, moves, events)
        end_turn(game, game._next(index), events)
    else:  # a Wild, or a 7 or 0 without 7-0
        end_turn(game, game._next(index), events)


def _exchange(game: GameState, index: int, target: str | None, source: dict[int, int],
              events: list[Event]) -> None:
    """Seat ``j`` takes the hand of seat ``source[j]`` (R15: 7 swaps, 0 rotates)."""
    old = list(game._hands)
    for j, k in source.items():
        game._hands[j] = old[k]
    game._uno_said = [False] * len(game.seats)
    game._uno_open = None
    events.append(HandsExchanged(
        game.seats[index], target,
        tuple((game.seats[j], len(game._hands[j].cards), tuple(game._hands[j].cards))
              for j in sorted(source)),
    ))


def _on_draw(game: GameState, index: int, action: actions.Draw, events: list[Event]) -> None:
    if game._pending:
        _take_pending(game, index, draw_reason(game._pending_rank), events)
        return
    hand, strict = game._hands[index], game.rules.wild_draw_four is STRICT
    if game.rules.draw_until_playable:  # R9: draw until a playable card comes
        drawn: list[Card] = []
        while True:
            card = _pop_card(game, events)
            if card is None:
                break
            drawn.append(card)
            if hand.may_play(card, game._color, game._discard[-1].rank, strict):
                break
        _give(game, index, drawn, _DRAW, events)
        if drawn and hand.may_play(drawn[-1], game._color, game._discard[-1].rank, strict):
            game._has_drawn = True
        else:
            events.append(game._kits[index].passed)
            end_turn(game, game._next(index), events)
        return
    draw = game._draw  # R8: one card, which may be played at once
    card = draw.pop() if draw else _pop_card(game, events)
    if card is None:
        events.append(DrawSkipped(game.seats[index]))
    else:
        _give_one(game, index, card, _DRAW, events)
        if hand.may_play(card, game._color, game._discard[-1].rank, strict):
            game._has_drawn = True
            game._drawn = card
            return
    events.append(game._kits[index].passed)
    end_turn(game, (index + game._direction) % game._n, events)


def _on_keep_drawing(game: GameState, index: int, action: actions.KeepDrawing,
                     events: list[Event]) -> None:
    draw_cards(game, index, 1, _KEEP_DRAWING, events)


def _on_pass(game: GameState, index: int, action: actions.Pass, events: list[Event]) -> None:
    events.append(game._kits[index].passed)
    end_turn(game, (index + game._direction) % game._n, events)


def _on_choose_color(game: GameState, index: int, action: actions.ChooseColor, events: list[Event]) -> None:
    game._color = action.color
    game._awaiting_color = False
    events.append(ColorChosen(game.seats[index], action.color))


def _on_accept(game: GameState, index: int, action: actions.Accept, events: list[Event]) -> None:
    game._challenge = None
    _take_pending(game, index, DrawReason.WILD_DRAW_FOUR, events)


def _on_call_uno(game: GameState, index: int, action: actions.CallUno, events: list[Event]) -> None:
    game._uno_said[index] = True
    if game._uno_open == index:
        game._uno_open = None
    events.append(UnoCalled(game.seats[index]))


def _on_catch(game: GameState, index: int, action: actions.Catch, events: list[Event]) -> None:
    target = game._index[action.target]
    if target == game._uno_open:
        game._uno_open = None
        events.append(Caught(game.seats[index], game.seats[target]))
        draw_cards(game, target, game.rules.uno_penalty, DrawReason.UNO_PENALTY, events)
    else:
        events.append(Caught(game.seats[index], game.seats[target], false_catch=True))
        draw_cards(game, index, game.rules.false_catch_penalty, DrawReason.FALSE_CATCH, events)


def _on_challenge(game: GameState, index: int, action: actions.Challenge, events: list[Event]) -> None:
    assert game._challenge is not None
    offender, guilty, _ = game._challenge
    game._challenge = None
    shown = tuple(game._hands[offender].cards)  # the offender shows the challenger its hand (Mattel)
    events.append(Challenged(game.seats[index], game.seats[offender], guilty, shown))
    if guilty:  # R12: the offender draws the 4; the challenger plays normally
        game._pending = 0
        game._pending_rank = None
        draw_cards(game, offender, 4, DrawReason.CHALLENGE, events)
    else:  # the challenger draws 6 and loses the turn
        game._pending += 2
        _take_pending(game, index, DrawReason.CHALLENGE, events)


# How each kind of action is carried out, and whether it takes or ends a turn (which closes the
# window for catching a forgotten UNO, R17).
_CARRY_OUT: dict[type, tuple[Callable[[GameState, int, Any, list[Event]], None], bool]] = {
    actions.PlayCard: (_on_play, True),
    actions.Draw: (_on_draw, True),
    actions.Pass: (_on_pass, True),
    actions.JumpIn: (_on_play, True),
    actions.KeepDrawing: (_on_keep_drawing, True),
    actions.ChooseColor: (_on_choose_color, True),
    actions.Challenge: (_on_challenge, True),
    actions.Accept: (_on_accept, True),
    actions.CallUno: (_on_call_uno, False),
    actions.Catch: (_on_catch, False),
}
assert set(_CARRY_OUT) == {*actions.TURN_ACTIONS, actions.CallUno, actions.Catch}


# ---------------------------------------------------------------------------- drawing, turns, hands

def _pop_card(game: GameState, events: list[Event]) -> Card | None:
    """Take the top of the draw pile, reshuffling the discards when it is empty (R16)."""
    if not game._draw:
        if len(game._discard) <= 1:
            return None
        top = game._discard.pop()
        game._draw = game._discard
        game._discard = [top]
        game._rng.shuffle(game._draw)
        if game.shuffle_log is not None:
            game.shuffle_log.append(list(game._draw))
        events.append(_RESHUFFLED[len(game._draw)])
    return game._draw.pop()


def draw_cards(game: GameState, index: int, count: int, reason: DrawReason,
               events: list[Event]) -> None:
    if count <= 0:  # a penalty of 0 cards: nothing to draw, and no DrawSkipped either
        return
    drawn: list[Card] = []
    for _ in range(count):
        card = _pop_card(game, events)
        if card is None:
            break
        drawn.append(card)
    _give(game, index, drawn, reason, events)


def _give(game: GameState, index: int, cards: list[Card], reason: DrawReason,
          events: list[Event]) -> None:
    if len(cards) == 1:
        _give_one(game, index, cards[0], reason, events)
    elif cards:
        game._hands[index].add_all(cards)
        game._uno_said[index] = False
        if game._uno_open == index:
            game._uno_open = None
        events.append(Drew(game.seats[index], len(cards), tuple(cards), reason))
    else:
        events.append(DrawSkipped(game.seats[index]))


def _give_one(game: GameState, index: int, card: Card, reason: DrawReason,
              events: list[Event]) -> None:
    game._hands[index].add(card)
    game._uno_said[index] = False
    if game._uno_open == index:
        game._uno_open = None
    kit = game._kits[index]
    drew = kit.drew.get(reason, _NO_EVENTS).get(card)
    events.append(drew if drew is not None else kit.drew_one(card, reason))


def end_turn(game: GameState, next_index: int, events: list[Event]) -> None:
    # An UNO said with two cards lapses when the turn ends without the card played (R17),
    # also when another seat jumped in.
    said = game._uno_said
    if True in said:
        for j, hand in enumerate(game._hands):
            if len(hand.cards) != 1:
                said[j] = False
    game._current = next_index
    game._has_drawn = False
    game._drawn = None
    events.append(game._kits[next_index].turn_started)


def _take_pending(game: GameState, index: int, reason: DrawReason, events: list[Event]) -> None:
    """``index`` draws the pending total and loses the turn (R10, R14)."""
    count = game._pending
    game._pending = 0
    game._pending_rank = None
    draw_cards(game, index, count, reason, events)
    events.append(game._kits[index].skipped)
    end_turn(game, game._next(index), events)


def _end_hand(game: GameState, winner: int, events: list[Event]) -> None:
    points = sum(card.rank.points for j, hand in enumerate(game._hands) if j != winner
                 for card in hand.cards)
    game.scores[winner] += points
    game._hand_result = HandResult(game.seats[winner], points)
    game._uno_open = None
    scores = tuple(game.scores)
    events.append(HandEnded(game.seats[winner], points, scores))
    target = game.rules.target_score
    if target is None or game.scores[winner] >= target:
        game._match = MatchOutcome(game.seats[winner], scores)
        events.append(MatchEnded(game.seats[winner], scores))
