"""Whole matches between bots, deterministic from a seed (standard library only, no clocks).

>>> stats = run_selfplay(10, ("normal", "easy"), 4, RuleSet.preset("official"), seed=1)
>>> stats.matches
10

Each match: while it is not over, deal the next hand if the last one ended; otherwise the current
seat's bot acts, then every other seat that has a legal action (say UNO, catch, jump in) gets one
chance to act off turn, starting with the seat after the one that just acted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .actions import Action
from .bots import BOT_LEVELS, choose_action
from .events import Event
from .game import Game
from .rules import RuleSet

__all__ = [
    "MAX_ACTIONS_PER_HAND",
    "MAX_HANDS_PER_MATCH",
    "MatchRecord",
    "Observer",
    "SelfplayStats",
    "SelfplayStuck",
    "play_match",
    "run_selfplay",
    "seat_levels",
    "seat_names",
]

MAX_ACTIONS_PER_HAND = 20_000
MAX_HANDS_PER_MATCH = 2_000

Observer = Callable[[Game, Action | None, list[Event]], None]
"""Called with the game, the action just applied (None for a deal) and the events it caused."""


class SelfplayStuck(RuntimeError):
    """Raised when a hand or a match runs past the step cap: a bot or the engine is looping."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One finished match: its winner, final scores, and per-hand lengths and points."""

    winner: str
    scores: tuple[int, ...]
    hand_actions: tuple[int, ...]
    hand_points: tuple[int, ...]
    hand_winners: tuple[str, ...]


@dataclass(slots=True)
class SelfplayStats:
    seats: tuple[str, ...]
    levels: tuple[str, ...]  # the bot level of each seat
    matches: int = 0
    hands: int = 0
    actions: int = 0
    points: int = 0
    wins_by_seat: dict[str, int] = field(default_factory=dict)
    hand_wins_by_seat: dict[str, int] = field(default_factory=dict)

    def add(self, record: MatchRecord) -> None:
        self.matches += 1
        self.hands += len(record.hand_actions)
        self.actions += sum(record.hand_actions)
        self.points += sum(record.hand_points)
        self.wins_by_seat[record.winner] = self.wins_by_seat.get(record.winner, 0) + 1
        for seat in record.hand_winners:
            self.hand_wins_by_seat[seat] = self.hand_wins_by_seat.get(seat, 0) + 1

    @property
    def wins_by_level(self) -> dict[str, int]:
        wins = dict.fromkeys(self.levels, 0)
        for seat, level in zip(self.seats, self.levels, strict=True):
            wins[level] += self.wins_by_seat.get(seat, 0)
        return wins

    @property
    def seats_by_level(self) -> dict[str, int]:
        counts = dict.fromkeys(self.levels, 0)
        for level in self.levels:
            counts[level] += 1
        return counts

    def win_rate(self, level: str) -> float:
        """Share of matches won by the seats of ``level`` together."""
        return self.wins_by_level.get(level, 0) / self.matches if self.matches else 0.0

    def win_rate_per_seat(self, level: str) -> float:
        """Share of matches won by one seat of ``level`` on average (fair share: 1 / seats)."""
        seats = self.seats_by_level.get(level, 0)
        return self.win_rate(level) / seats if seats else 0.0

    @property
    def average_hand_actions(self) -> float:
        return self.actions / self.hands if self.hands else 0.0

    @property
    def average_hand_points(self) -> float:
        return self.points / self.hands if self.hands else 0.0


def seat_names(players: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(players))


def seat_levels(spec: Sequence[str], players: int) -> tuple[str, ...]:
    """Bot levels cycled over the seats: ``("normal", "easy")`` at 4 seats is N, E, N, E."""
    levels = tuple(spec)
    if not levels:
        raise ValueError("name at least one bot level")
    for level in levels:
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}; known: {', '.join(BOT_LEVELS)}")
    return tuple(levels[i % len(levels)] for i in range(players))


def play_match(
    levels: Sequence[str],
    rules: RuleSet,
    seed: int,
    *,
    observer: Observer | None = None,
    max_actions_per_hand: int = MAX_ACTIONS_PER_HAND,
    max_hands: int = MAX_HANDS_PER_MATCH,
) -> MatchRecord:
    """Play one match between bots of ``levels`` (one per seat) under ``rules``."""
    levels = tuple(levels)
    seats = seat_names(len(levels))
    game = Game(seats, rules, random.Random(seed))
    bot_rng = random.Random(f"bots-{seed}")
    if observer is not None:
        observer(game, None, game.deal_events)
    n = len(seats)
    hand_actions: list[int] = []
    hand_points: list[int] = []
    hand_winners: list[str] = []
    actions = 0

    def act(action: Action) -> None:
        nonlocal actions
        events = game.apply(action)
        actions += 1
        if actions > max_actions_per_hand:
            raise SelfplayStuck(f"hand {game.hand_number} ran past {max_actions_per_hand} actions")
        if observer is not None:
            observer(game, action, events)

    while True:
        result = game.hand_outcome()
        if result is not None:
            hand_actions.append(actions)
            hand_points.append(result.points)
            hand_winners.append(result.winner)
            actions = 0
            outcome = game.outcome()
            if outcome is not None:
                return MatchRecord(outcome.winner, outcome.scores, tuple(hand_actions),
                                   tuple(hand_points), tuple(hand_winners))
            if len(hand_actions) >= max_hands:
                raise SelfplayStuck(f"the match ran past {max_hands} hands")
            events = game.next_hand()
            if observer is not None:
                observer(game, None, events)
            continue
        seat = game.current
        index = game.seats.index(seat)
        action = choose_action(levels[index], game.view(seat), bot_rng)
        if action is None:
            raise SelfplayStuck(f"the {levels[index]} bot of {seat} did nothing on its turn")
        act(action)
        # Off-turn chances: UNO calls, catches, jump-ins.
        for step in range(1, n + 1):
            other = (index + step) % n
            if game.hand_outcome() is not None:
                break
            other_seat = seats[other]
            if other_seat == game.current or not game.legal_actions(other_seat):
                continue
            off = choose_action(levels[other], game.view(other_seat), bot_rng)
            if off is not None:
                act(off)


def run_selfplay(
    games: int,
    bots: Sequence[str],
    players: int,
    rules: RuleSet,
    seed: int = 0,
    *,
    observer: Observer | None = None,
    on_match: Callable[[int, MatchRecord], None] | None = None,
) -> SelfplayStats:
    """Play ``games`` matches; ``bots`` is cycled over the ``players`` seats."""
    levels = seat_levels(bots, players)
    stats = SelfplayStats(seat_names(players), levels)
    master = random.Random(seed)
    for number in range(games):
        record = play_match(levels, rules, master.getrandbits(64), observer=observer)
        stats.add(record)
        if on_match is not None:
            on_match(number, record)
    return stats
