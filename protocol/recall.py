"""What a seat's view tells a fresh ``engine.tracker.Tracker`` that missed the hand so far.

A tracker learns its own hand from the deal. One made mid-hand (a bot for a seat whose person
left, a restored room's bot, a client that joined or reconnected during a hand) never saw that
deal; ``view_events(view)`` gives it, as events, what the seat can see now: the hand under way,
each seat's card count, its own cards, the top card and the colour in play. It still knows less
than a seat that watched from the start: the cards played before are unseen to it.
"""

from __future__ import annotations

from engine.events import ColorChosen, Dealt, Event, HandStarted, StartingCard, TurnStarted
from engine.view import View


def view_events(view: View) -> list[Event]:
    events: list[Event] = [HandStarted(view.hand_number, view.dealer, view.direction)]
    events += [Dealt(seat, size, view.hand if seat == view.seat else None)
               for seat, size in zip(view.seats, view.hand_sizes, strict=True)]
    events.append(StartingCard(view.top))
    if view.color is not None and view.color is not view.top.color:
        events.append(ColorChosen(view.current, view.color))
    events.append(TurnStarted(view.current))
    return events


__all__ = ["view_events"]
