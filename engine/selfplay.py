"""Whole matches between bots, deterministic from a seed (standard library only, no clocks).

>>> stats = run_selfplay(10, ("normal", "easy"), 4, RuleSet.preset("official"), seed=1)
>>> stats.matches
10

Each match: while it is not over, deal the next hand if the last one ended; otherwise the current
seat's bot acts, then every other seat that has a legal action (say UNO, catch, jump in) gets one
chance to act off turn, starting with the seat after the one that just acted. Every seat is played
by a ``Bot`` told the events of every apply and deal, redacted for its seat. ``play_hand`` and
``play_game`` are that one schedule; bench/bot_strength.py plays through them too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .actions import Action
from .bots import BOT_LEVELS, Bot
from .events import Event
from .game import Game
from .rules import RuleSet
from .view import HandResult, View

__all__ = [
    "MAX_ACTIONS_PER_HAND",
    "MAX_HANDS_PER_MATCH",
    "MatchRecord",
    "Observer",
    "SelfplayStats",
    "SelfplayStuck",
    "Turn",
    "make_bots",
    "play_game",
    "play_hand",
    "play_match",
    "run_selfplay",
    "seat_levels",
    "seat_names",
    "tell",
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


Turn = Callable[[Bot, View], "Action | None"]
"""How a seat's bot is asked for its move on its own turn: ``Bot.act``, unless a bench wraps it
(bench/bot_strength.py times it; the engine has no clocks)."""


def _act(bot: Bot, view: View) -> Action | None:
    return bot.act(view)


def make_bots(levels: Sequence[str], seats: Sequence[str], rules: RuleSet,
              rng: random.Random) -> tuple[Bot, ...]:
    """One ``Bot`` per seat, ``levels[i]`` at ``seats[i]``, all drawing on ``rng``."""
    return tuple(Bot(level, seat, seats, rules, rng)
                 for level, seat in zip(levels, seats, strict=True))


def tell(bots: Sequence[Bot], events: Sequence[Event]) -> None:
    """Feed every bot the events of one apply or deal, redacted for its seat."""
    for bot in bots:
        bot.observe([event.for_seat(bot.seat) for event in events])


def play_hand(
    game: Game,
    bots: Sequence[Bot],
    *,
    turn: Turn = _act,
    observer: Observer | None = None,
    max_actions: int = MAX_ACTIONS_PER_HAND,
) -> int:
    """Play the hand in progress to its end (``bots[i]`` plays ``game.seats[i]``); returns the
    number of actions applied.

    The schedule: the seat to move acts (asked through ``turn``), then every other seat that has
    a legal action (say UNO, catch, jump in) gets one chance to act off turn, starting with the
    seat after the one that just acted. Every bot is told the events of every apply.
    """
    seats = game.seats
    n = len(seats)
    actions = 0

    def apply(action: Action) -> None:
        nonlocal actions
        events = game.apply(action)
        actions += 1
        if actions > max_actions:
            raise SelfplayStuck(f"hand {game.hand_number} ran past {max_actions} actions")
        tell(bots, events)
        if observer is not None:
            observer(game, action, events)

    while game.hand_outcome() is None:
        index = seats.index(game.current)
        bot = bots[index]
        action = turn(bot, game.view(bot.seat))
        if action is None:
            raise SelfplayStuck(f"the {bot.level} bot of {bot.seat} did nothing on its turn")
        apply(action)
        for step in range(1, n + 1):  # off-turn chances: UNO calls, catches, jump-ins
            if game.hand_outcome() is not None:
                break
            other = bots[(index + step) % n]
            if other.seat == game.current or not game.legal_actions(other.seat):
                continue
            off = other.act(game.view(other.seat))
            if off is not None:
                apply(off)
    return actions


def play_game(
    game: Game,
    bots: Sequence[Bot],
    *,
    turn: Turn = _act,
    observer: Observer | None = None,
    before_deal: Callable[[int], None] | None = None,
    max_actions_per_hand: int = MAX_ACTIONS_PER_HAND,
    max_hands: int = MAX_HANDS_PER_MATCH,
) -> list[tuple[int, HandResult]]:
    """Play ``game`` (its first hand dealt, the bots not yet told) until its match is over; for
    each hand, the actions it took and its result. ``before_deal(k)`` runs before hand ``k``
    (2, 3, ...) is dealt (the strength bench reseeds the deck there)."""
    tell(bots, game.deal_events)
    if observer is not None:
        observer(game, None, game.deal_events)
    hands: list[tuple[int, HandResult]] = []
    while True:
        actions = play_hand(game, bots, turn=turn, observer=observer,
                            max_actions=max_actions_per_hand)
        result = game.hand_outcome()
        assert result is not None
        hands.append((actions, result))
        if game.outcome() is not None:
            return hands
        if len(hands) >= max_hands:
            raise SelfplayStuck(f"the match ran past {max_hands} hands")
        if before_deal is not None:
            before_deal(game.hand_number + 1)
        events = game.next_hand()
        tell(bots, events)
        if observer is not None:
            observer(game, None, events)


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
    seats = seat_names(len(levels))
    game = Game(seats, rules, random.Random(seed))
    bots = make_bots(levels, seats, rules, random.Random(f"bots-{seed}"))
    hands = play_game(game, bots, observer=observer, max_actions_per_hand=max_actions_per_hand,
                      max_hands=max_hands)
    outcome = game.outcome()
    assert outcome is not None
    return MatchRecord(outcome.winner, outcome.scores, tuple(a for a, _ in hands),
                       tuple(r.points for _, r in hands), tuple(r.winner for _, r in hands))


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
