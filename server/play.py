"""The match's moves that nobody sends: a bot's, and the stand-in's that plays for a person who
is away or let the deadline pass. Pure functions of the game: the room carries their events out
(``Room._after_events``)."""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable, Mapping

import engine
from engine import Game
from engine.bots import Bot, stand_in
from engine.events import HandEnded, HandStarted, MatchEnded, StandIn, TurnStarted

log = logging.getLogger("uno.server")
STAND_IN_MOVES = 20  # a turn is at most a few moves (draw, then play or pass)


def turn_changed(events: Iterable[engine.Event]) -> bool:
    return any(isinstance(e, TurnStarted) for e in events)


def bot_move(game: Game, bot: Bot, on_turn: bool) -> list[engine.Event] | None:
    """The bot at ``bot.seat`` moves: the events, or None when off its turn it lets the moment
    pass."""
    return bot_events(game, bot.seat, bot.act(game.view(bot.seat)), on_turn)


def bot_events(game: Game, seat_id: str, action: engine.Action | None,
               on_turn: bool) -> list[engine.Event] | None:
    """Apply the bot's answer ``action`` (None: it does nothing, which on its turn cannot be)."""
    if action is None:
        if not on_turn:
            return None
        log.error("bot %s had no move", seat_id)  # cannot happen with our bots; never leave a
        action = next(iter(game.legal_actions(seat_id)))  # table stuck
    return game.apply(action)


def stand_in_turn(game: Game, seat_id: str, reason: str,
                  rng: random.Random) -> tuple[list[list[engine.Event]], bool]:
    """Play the rest of ``seat_id``'s turn with the stand-in (``engine.bots.stand_in``): the
    events of each apply, after a ``StandIn`` event that says so, and whether the turn passed
    on."""
    batches: list[list[engine.Event]] = [[StandIn(seat_id, reason)]]
    turn_over = False
    for _ in range(STAND_IN_MOVES):
        view = game.view(seat_id)
        action = stand_in(view, rng)
        if action is None:  # cannot happen on its turn; never leave a table stuck
            log.error("no stand-in move for seat %s", seat_id)
            action = view.legal[0]
        batches.append(game.apply(action))
        turn_over = turn_changed(batches[-1])  # (the loop ends once it has)
        if turn_over or game.hand_outcome() is not None or game.current != seat_id:
            break
    return batches, turn_over


def off_turn_bot_moves(game: Game, bot_seats: Iterable[str]) -> list[engine.Action]:
    """What the bots may do off their turns (a person's stand-in never has anything)."""
    return [action for seat_id in bot_seats if seat_id != game.current
            for action in game.legal_actions(seat_id)]


def log_events(room_id: str, game: Game, names: Mapping[str, str], events: Iterable[engine.Event]) -> None:
    """The hands' and the match's milestones, by name (``names``: seat id -> name; found
    play-testing, "match won by seat 3, scores (0, 75, 0, 0)" named nobody, and its scores
    were in the match's seat order, not the ids')."""
    def who(seat: str) -> str:
        return f"{names.get(seat, '?')} (seat {seat})"

    for e in events:
        if isinstance(e, HandStarted):
            log.info("room %s: hand %d starts, %s deals", room_id, e.hand_number, who(e.dealer))
        elif isinstance(e, HandEnded):
            log.info("room %s: hand won by %s for %d points", room_id, who(e.winner), e.points)
        elif isinstance(e, MatchEnded):
            points = ", ".join(f"{names.get(seat, '?')} {score}" for seat, score in zip(game.seats, e.scores,
                                                                                         strict=True))
            log.info("room %s: match won by %s; points: %s", room_id, who(e.winner), points)
