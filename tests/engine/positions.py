"""Random positions for the search's tests: a seeded game walked some steps, with every seat's
tracker fed the events as redacted for it (engine/tracker.py's feeding contract)."""

from __future__ import annotations

import random

from kit.deck import seats
from test_properties import choose

from engine import Event, Game, RuleSet, Tracker


def position(players: int, rules: RuleSet, seed: int, steps: int) -> tuple[Game, dict[str, Tracker]]:
    """The game after about ``steps`` random actions (``test_properties.choose``) and each
    seat's tracker of it; a hand or match that ends first is where it stops."""
    game = Game(seats(players), rules, random.Random(seed))
    trackers = {seat: Tracker(seat, game.seats, rules) for seat in game.seats}
    rng = random.Random(seed)
    events = game.deal_events
    for _ in range(steps):
        feed(trackers, events)
        if game.hand_outcome() is not None:
            if game.outcome() is not None:
                return game, trackers
            events = game.next_hand()
            continue
        legal = {seat: list(game.legal_actions(seat)) for seat in game.seats}
        events = game.apply(choose(game, rng, legal))
    feed(trackers, events)
    return game, trackers


def feed(trackers: dict[str, Tracker], events: list[Event]) -> None:
    for seat, tracker in trackers.items():
        tracker.feed(event.for_seat(seat) for event in events)
