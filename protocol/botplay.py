"""What playing a bot over the protocol needs beyond the engine's levels: a tracker for a seat
that missed the hand so far, and which levels take long enough to think that they must not hold
up an event loop.

A tracker learns its own hand from the deal. One made mid-hand (a bot for a seat whose person
left, a restored room's bot, a client that joined or reconnected during a hand) never saw that
deal; ``view_events(view)`` gives it, as events, what the seat can see now: the hand under way,
each seat's card count, its own cards, the top card and the colour in play. It still knows less
than a seat that watched from the start: the cards played before are unseen to it.
"""

from __future__ import annotations

from engine.events import ColorChosen, Dealt, Event, HandStarted, StartingCard, TurnStarted
from engine.tracker import Tracker
from engine.view import View

# The levels that answer in microseconds (simple rules, no search) may play on an event loop's
# thread; every other level (those that track and search) thinks in a worker thread.
INLINE_LEVELS = frozenset({"easy", "normal"})


def thinks_in_thread(level: str) -> bool:
    return level not in INLINE_LEVELS


def view_events(view: View) -> list[Event]:
    events: list[Event] = [HandStarted(view.hand_number, view.dealer, view.direction)]
    events += [Dealt(seat, size, view.hand if seat == view.seat else None)
               for seat, size in zip(view.seats, view.hand_sizes, strict=True)]
    events.append(StartingCard(view.top))
    if view.color is not None and view.color is not view.top.color:
        events.append(ColorChosen(view.current, view.color))
    events.append(TurnStarted(view.current))
    return events


def tracker_from_view(view: View) -> Tracker:
    """A tracker for ``view``'s seat that starts from what the view shows."""
    tracker = Tracker(view.seat, view.seats, view.rules)
    tracker.feed(view_events(view))
    return tracker


def same_match(tracker: Tracker, view: View) -> bool:
    """Whether ``tracker`` can go on following the match ``view`` is of (else: a new one)."""
    return tracker.seat == view.seat and tracker.seats == view.seats and tracker.rules == view.rules


__all__ = ["INLINE_LEVELS", "same_match", "thinks_in_thread", "tracker_from_view", "view_events"]
