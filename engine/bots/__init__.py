"""Computer players.

A level is a function ``(view, rng, tracker) -> Action | None`` of one seat's ``View``, a
``random.Random`` and, optionally, that seat's ``Tracker`` (its memory of the hand's public
history, ``engine.tracker``): it returns one of ``view.legal``, or None when it is not the seat's
turn and the bot chooses to do nothing. On its own turn a bot always returns an action. A level
never sees more than the seat could: the view and the events redacted for the seat.

``choose_action(level, view, rng, tracker, budget=...)`` asks a level once; ``budget`` (seconds
of wall-clock time, or ``expert.Playouts`` / ``expert.CpuTime``) sets the time a searching level
(``expert``) may think, and the other levels ignore it. ``Bot`` is one seat's player
across a match: it keeps the seat's tracker fed (``observe``) and asks its level (``act``); the
server, ``uno bots`` and the self-play and strength benches all play through it.

``stand_in(view, rng)`` is not a level: it plays a person's turn when their time runs out or they
are away (``simple.stand_in``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from ..actions import Accept, Action, CallUno, Catch, Challenge, JumpIn, KeepDrawing, PlayCard
from ..cards import Card
from ..events import Event
from ..rules import RuleSet
from ..tracker import Tracker
from ..view import View
from . import expert, hard, hintnotes, simple
from .challenge import (
    BLUFF_RATIO,
    CHALLENGE_THRESHOLD,
    bluff_odds,
    challenge_odds,
    should_challenge,
)
from .expert import DEFAULT_BUDGET, Budget, CpuTime, Playouts
from .simple import EASY_OFF_TURN_RATE, stand_in

__all__ = [
    "BLUFF_RATIO",
    "BOT_LEVELS",
    "CHALLENGE_THRESHOLD",
    "DEFAULT_BOT_LEVEL",
    "DEFAULT_BUDGET",
    "EASY_OFF_TURN_RATE",
    "HINT_BUDGET",
    "INLINE_LEVELS",
    "Bot",
    "Budget",
    "CpuTime",
    "Hint",
    "Playouts",
    "bluff_odds",
    "challenge_odds",
    "choose_action",
    "hint",
    "should_challenge",
    "stand_in",
    "thinks_in_thread",
]

Level = Callable[[View, random.Random, "Tracker | None"], "Action | None"]

_LEVELS: dict[str, Level] = {
    "easy": simple.easy,
    "normal": simple.normal,
    "hard": hard.hard,
    "expert": expert.expert,
}
# The levels that search, and take a ``budget``.
_SEARCHING: dict[str, Callable[..., Action | None]] = {"expert": expert.expert}
BOT_LEVELS: tuple[str, ...] = tuple(_LEVELS)
"""The levels, weakest first."""
DEFAULT_BOT_LEVEL = "normal"
"""A table's bots' level unless it chooses another."""

INLINE_LEVELS = frozenset({"easy", "normal"})
"""The levels that answer in microseconds (simple rules, no tracker, no search): they may play
on an event loop's thread. Every other level thinks in a worker thread (``thinks_in_thread``)."""


def thinks_in_thread(level: str) -> bool:
    return level not in INLINE_LEVELS


def choose_action(level: str, view: View, rng: random.Random,
                  tracker: Tracker | None = None, *, budget: Budget | None = None) -> Action | None:
    """The action the bot of ``level`` takes for ``view`` (one of ``view.legal``), or None.
    ``budget``: a searching level's time (default ``DEFAULT_BUDGET``); the others ignore it."""
    try:
        play = _LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(BOT_LEVELS)}") from None
    if budget is not None and level in _SEARCHING:
        return _SEARCHING[level](view, rng, tracker, budget)
    return play(view, rng, tracker)


class Bot:
    """One seat's computer player for a match: its level, its memory of the hand, its dice."""

    def __init__(self, level: str, seat: str, seats: Sequence[str], rules: RuleSet,
                 rng: random.Random, *, budget: Budget | None = None) -> None:
        if level not in _LEVELS:
            raise ValueError(f"unknown bot level {level!r}; known: {', '.join(BOT_LEVELS)}")
        self.level, self.seat, self.rng, self.budget = level, seat, rng, budget
        self.tracker = Tracker(seat, seats, rules)

    def observe(self, events: Iterable[Event]) -> None:
        """The events of one ``Game.apply`` or deal, redacted for this seat, in order. A bot
        that missed some (a restored room) still plays: it knows less of the hand."""
        self.tracker.feed(events)

    def act(self, view: View) -> Action | None:
        return choose_action(self.level, view, self.rng, self.tracker, budget=self.budget)


@dataclass(frozen=True)
class Hint:
    """What the hint key suggests: an action of ``view.legal`` and why, as a reason code the
    client words in its language, with the figures behind it.

    ``reason``: "last" (the last card, which wins the hand), "sure" (accepting a Wild Draw Four
    whose player is known to hold none of the colour in play: a challenge is a sure loss),
    "no_draw_on" (the one card that can go, where R9 would let the seat draw on instead, which
    the search never advises: ``expert.KEEP_DRAWING``), "only" (the one legal move, or the
    one besides saying UNO or catching: "draw — what the expert bot plays" told a player with
    nothing to play nothing; off turn, a jump-in is never the only move), "level" (what the
    strongest level plays, no figures: saying UNO or catching a forgotten one), "search"
    (the best of the moves a search tried: ``win_rate`` the share of its ``samples`` sampled deals
    won after it; ``runner_up`` the next best move and ``runner_up_rate`` its share; None when
    the other choice was to do nothing, off turn); ``notes``, with "search", a few facts on why
    (engine/bots/hintnotes.py), and ``runner_up_notes`` the runner-up's (said where it is named
    first, its figure the better by less than the search trusts).
    """

    action: Action
    reason: str
    win_rate: float | None = None
    samples: int = 0
    runner_up: Action | None = None
    runner_up_rate: float | None = None
    notes: tuple[hintnotes.Note, ...] = ()
    runner_up_notes: tuple[hintnotes.Note, ...] = ()


HINT_BUDGET = 0.3
"""Seconds of search behind a hint: about the time a key press can wait."""


def hint(view: View, rng: random.Random, tracker: Tracker | None = None,
         budget: Budget = HINT_BUDGET, card: Card | None = None) -> Hint | None:
    """What ``expert``'s search plays for ``view``'s seat, with its figures, or None when the
    seat has nothing to do (off turn, the search may also find that doing nothing is best).
    With ``card``, the best way to play that card (the colour a wild names, the seat a 7 swaps
    with): the question a player has answered with the card chosen (the turn's best move
    may be another card)."""
    if card is not None:
        plays = tuple(a for a in view.legal if isinstance(a, PlayCard | JumpIn) and a.card == card)
        view = replace(view, legal=plays) if plays else view
    legal = view.legal
    if not legal:
        return None
    if len(legal) == 1 and not (isinstance(legal[0], JumpIn) and view.current != view.seat):
        return Hint(legal[0], "only")  # (off turn, doing nothing is a move too: found play-testing)
    found = expert.search(view, rng, tracker, budget)
    best = found.ranked[0]
    if best.action is None:
        return None
    if not found.rounds:  # no search: the last card, the one move but saying UNO or catching, or one of those
        if isinstance(best.action, PlayCard | JumpIn) and view.hand is not None and len(view.hand) == 1:
            return Hint(best.action, "last")
        if isinstance(best.action, Accept) and any(isinstance(a, Challenge) for a in legal):
            # a challenge left out as a sure loss (expert.search): said so, not "the only move"
            # (found play-testing: "accept the +4 — the only move" under "y challenge")
            return Hint(best.action, "sure")
        if isinstance(best.action, PlayCard) and any(isinstance(a, KeepDrawing) for a in legal):
            return Hint(best.action, "no_draw_on")  # (not "the only move": found re-checking)
        only = not isinstance(best.action, CallUno | Catch)
        return Hint(best.action, "only" if only else "level")
    runner = next((r for r in found.ranked[1:] if r.action is not None and r.playouts), None)
    if runner is None or runner.action is None:
        return Hint(best.action, "search", best.rate, best.playouts,
                    notes=hintnotes.notes(view, tracker, best.action))
    return Hint(best.action, "search", best.rate, best.playouts, runner.action, runner.rate,
                hintnotes.notes(view, tracker, best.action, runner.action),
                hintnotes.notes(view, tracker, runner.action, best.action))
