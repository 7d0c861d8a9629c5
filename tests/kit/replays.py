"""Finished hands as replays (protocol/replays.py), for the tests of the format and the viewer."""

from __future__ import annotations

import random

from engine import Game, KeyedRandom, RuleSet
from engine.actions import Action, JumpIn, PlayCard
from engine.replay import HandRecord, start_of
from kit.deck import seats
from protocol.replays import Replay, ReplayInfo, ReplayPlayer


def finished_replay(seed: int = 1, n: int = 3, rules: RuleSet | None = None) -> Replay:
    """A hand played to its end, plays first (some 30 moves); under the jump-in rule (R15), each
    jump-in any seat can make is made."""
    game = Game(seats(n), rules or RuleSet(), KeyedRandom(bytes([seed]) * 32))
    game.shuffle_log = []
    start, actions, rng = start_of(game), [], random.Random(seed)
    while game.hand_outcome() is None:
        jumps = [a for s in game.seats if s != game.current for a in game.legal_actions(s)
                 if isinstance(a, JumpIn)]
        actions_now: list[Action] = jumps or game.turn_actions()
        plays = [a for a in actions_now if isinstance(a, PlayCard | JumpIn)]
        action = rng.choice(plays or actions_now)
        game.apply(action)
        actions.append(action)
    result = game.hand_outcome()
    assert result is not None
    players = tuple(ReplayPlayer(seat=s, name=f"Ana {s}" if s == game.seats[0] else f"Bot {s}",
                                 kind="human" if s == game.seats[0] else "bot",
                                 level=None if s == game.seats[0] else "normal")
                    for s in game.seats)
    info = ReplayInfo(ended="2026-12-01T12:00:00Z", table="friday", match="1-1", hand_number=1,
                      players=players, winner=result.winner, points=result.points,
                      scores=tuple(game.scores))
    return Replay(info, HandRecord(start, tuple(actions), tuple(tuple(p) for p in game.shuffle_log)))
