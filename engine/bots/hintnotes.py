"""A few words on why the hint's move is good: facts about it that a player at the table can check
for themselves, for the client to word (the search gives only its figures).

* ``stops``: the card hits (Skip, Draw Two, Wild Draw Four; a Reverse heads-up) a seat about to go
  out, ``STOP_AT`` cards or fewer.
* ``lacks``: the seats that seem to hold none of the colour the move leaves in play: what the
  tracker knows for certain (``Tracker.not_held``) or ``hard`` believes of a seat that drew rather
  than play it (``hard.soft_facts``, with ``FRESH_AT_MOST`` of its cards newer than that: the
  card it drew then is one). When the move gives the turn to a seat about to go out, that seat
  alone, with its ``count`` of cards (the others' lack is beside the point then).
* ``holds``: a wild names (or a card changes to) a colour the hand holds ``HOLDS_FROM`` cards or
  more of, besides the card.

A 7's swap (R18): ``swap``, the cards of the hand it takes, fewer than one's own. A 0 under 7-0:
``rotate``, alone, the seat whose hand one takes and its cards (the colours one holds go on to the
next seat: found play-testing, "Why: you keep 2 yellow cards" of a Yellow 0 that passed them on).
A Wild Draw Four that is a bluff (R12): ``bluff``, the colour in play the hand holds.

Facing a Wild Draw Four (challenge or accept, R12), of its player: ``bluffed``, caught bluffing
this hand already; ``kept``, the cards it still holds (a big hand likely held the colour);
``lacks`` as above, known to hold none of the colour in play (the card was no bluff); ``costs``,
what a lost challenge costs against accepting.

Drawing or passing where a card could go: ``gives``, the card next best would give the turn to a
seat about to go out, which the draw does not (found play-testing: "draw", and nothing said the
Reverse held would hand the turn to a seat with two cards).

Only what the seat's view and tracker show: the notes never name a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import Accept, Action, Challenge, JumpIn, PlayCard
from ..cards import Card, Color, Rank
from ..explain import bluff
from ..tracker import NotHeld, Tracker
from ..view import View
from . import hard
from .challenge import known_honest

__all__ = ["MAX_NOTES", "Note", "notes"]

STOP_AT = 2
"""A seat with this many cards or fewer is about to go out: a card that hits it stops it."""

HOLDS_FROM = 2
"""A wild naming a colour says how many of it the hand holds from this many."""

FRESH_AT_MOST = 1
"""A belief about a seat's cards speaks of its hand while this many or fewer came after it."""

KEPT_FROM = 4
"""Challenging a Wild Draw Four, its player's cards are a reason from this many (a hand this big
seldom lacks a colour)."""

MAX_NOTES = 2



@dataclass(frozen=True, slots=True)
class Note:
    """One reason: ``kind`` ("stops", "lacks", "holds", ...), the ``seats`` it names, the
    ``color`` it is about, a ``count`` (the stopped seat's cards, or the colour's cards held)
    and the ``card`` it is about (``gives``: the card not played)."""

    kind: str
    seats: tuple[str, ...] = ()
    color: Color | None = None
    count: int = 0
    card: Card | None = None


def notes(view: View, tracker: Tracker | None, action: Action,
          runner_up: Action | None = None) -> tuple[Note, ...]:
    """The notes that hold of ``action`` for ``view``'s seat, at most ``MAX_NOTES``;
    ``runner_up``: the move next best."""
    if isinstance(action, Challenge | Accept):
        return _facing_four(view, tracker, challenge=isinstance(action, Challenge))[:MAX_NOTES]
    if view.seat is None or view.hand is None:
        return ()
    if not isinstance(action, PlayCard | JumpIn):
        return _not_played(view, runner_up)
    found: list[Note] = []
    card, seats = action.card, view.seats
    me = seats.index(view.seat)
    if card.rank is Rank.ZERO and view.rules.seven_zero:  # each takes the hand of the seat before it
        giver = seats[(me - view.direction) % len(seats)]
        return (Note("rotate", (giver,), count=view.size_of(giver)),)
    if bluff(view, card):  # (found play-testing: advised without a word of the risk)
        found.append(Note("bluff", color=view.color))
    taken = view.hand_sizes[seats.index(action.target)] if action.target is not None else 0
    if action.target is not None and taken < len(view.hand) - 1:  # a 7's swap for a smaller hand
        found.append(Note("swap", (action.target,), count=taken))  # (found play-testing: no why)
    if card.rank in hard.HITTING or (card.rank is Rank.REVERSE and len(seats) == 2):
        hit = (me + view.direction) % len(seats)  # (after a jump-in too: play goes on from us)
        if hit != me and view.hand_sizes[hit] <= STOP_AT:
            found.append(Note("stops", (seats[hit],), count=view.hand_sizes[hit]))
    named = action.color if isinstance(action, PlayCard) else None
    color = card.color if card.color is not None else named
    if color is not None and tracker is not None:
        # (draws only: found play-testing, "Marta seems to have no red" of one who had played a
        # wild on red while holding four, as her own hint advised)
        believed = hard.soft_facts(tracker, wilds=False)
        lacking = tuple(
            seat for seat in seats
            if seat != view.seat and (color in tracker.not_held(seat).colors
                                      or _believed_to_lack(believed.get(seat), color)))
        # The turn given to a seat about to go out: only what that seat lacks is a reason (found
        # play-testing: a Reverse to Bot 3, on UNO, "because Bot 1 seems to have no green")
        after = _given_the_turn(view, card)
        close = after is not None and view.size_of(after) <= STOP_AT
        if close and after in lacking:
            found.append(Note("lacks", (after,), color, count=view.size_of(after)))
        elif lacking and not close:
            found.append(Note("lacks", lacking, color))
    # (a wild's, or a card changing it; not a 7 that swaps the hand away: found play-testing,
    # "Why: you keep 2 green cards" of a Green 7 that gave them to Ana)
    if color is not None and color is not view.color and action.target is None:
        held = sum(1 for c in view.hand if c.color is color) - (card.color is color)
        if held >= HOLDS_FROM:
            found.append(Note("holds", color=color, count=held))
    return tuple(found[:MAX_NOTES])


def _not_played(view: View, runner_up: Action | None) -> tuple[Note, ...]:
    """Drawing or passing: the note ``gives`` of the card next best, if it holds."""
    if (not isinstance(runner_up, PlayCard) or view.seat is None or view.pending_draw
            or view.current != view.seat):
        return ()
    seats, card, way = view.seats, runner_up.card, view.direction
    me, count = seats.index(view.seat), len(seats)
    step = 2 if card.rank in hard.HITTING or (card.rank is Rank.REVERSE and count == 2) else 1
    if card.rank is Rank.REVERSE and count > 2:
        way = -way
    after, next_seat = seats[(me + step * way) % count], seats[(me + view.direction) % count]
    size = view.size_of(after)
    if after == view.seat or size > STOP_AT or view.size_of(next_seat) <= STOP_AT:
        return ()  # (the draw gives the turn to one as close to going out: no reason)
    return (Note("gives", (after,), count=size, card=card),)


def _given_the_turn(view: View, card: Card) -> str | None:
    """The seat a play of ``card`` gives the turn to (None: ours again, a Skip heads-up)."""
    assert view.seat is not None
    seats, way = view.seats, view.direction
    if card.rank is Rank.REVERSE and len(seats) > 2:
        way = -way
    step = 2 if card.rank in hard.HITTING or (card.rank is Rank.REVERSE and len(seats) == 2) else 1
    after = seats[(seats.index(view.seat) + step * way) % len(seats)]
    return None if after == view.seat else after


def _believed_to_lack(belief: tuple[NotHeld, int] | None, color: Color) -> bool:
    """Whether ``hard`` believes the seat's cards lack ``color`` (see ``FRESH_AT_MOST``)."""
    if belief is None:
        return False
    lacks, fresh = belief
    return fresh <= FRESH_AT_MOST and color in lacks.colors


def _facing_four(view: View, tracker: Tracker | None, challenge: bool) -> tuple[Note, ...]:
    """The notes on challenging (or accepting) the Wild Draw Four facing ``view``'s seat."""
    offender, color = view.challenge_from, view.challenge_color
    if offender is None or color is None:
        return ()
    lacks = known_honest(view, tracker)
    if challenge:
        bluffed = tracker is not None and any(record.guilty and record.offender == offender
                                              for record in tracker.challenges)
        caught = (Note("bluffed", (offender,)),) if bluffed else ()
        held = view.size_of(offender)
        # (not when the seat is known to lack the colour: found play-testing, "most hands that
        # big hold some red" of one who had drawn until a card could go, and so held no red)
        kept = held >= KEPT_FROM and not lacks
        return (*caught, *((Note("kept", (offender,), color, held),) if kept else ()))
    return (*((Note("lacks", (offender,), color),) if lacks else ()), Note("costs", count=view.pending_draw))
