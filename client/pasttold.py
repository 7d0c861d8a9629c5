"""The room's recent past (``history``), told on joining or coming back: it becomes the log and
the chat, each batch narrated with the names its seats had then; what was done for our seat while
we were gone is counted for the away summary. Folded by client/inbox.py, which decodes the events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.events import Dealt, Event, HandEnded, HandStarted, MatchEnded, TurnStarted
from protocol import clean_text, messages

from .i18n import retold_lines, said
from .narrate import narrate, pending_after, way_after, way_at_start, with_stack_total
from .seating import seat_changes

if TYPE_CHECKING:
    from .model import Model


def fold(model: Model, message: messages.History, batches: list[list[Event]]) -> None:
    """The room's recent past, on joining or coming back: it becomes the log and the chat
    (what we had is older or the same)."""
    lines: list[str] = []
    # (seats gone before we came: their names then)
    model.seating.remember_names(message.names, model.session.name)
    me = model.seating.seat
    # A client started again counts from the past it is told; one whose link dropped, from the
    # part it missed; and only while the seat was ours (found play-testing: Eva, taking the seat
    # Dan had left to a bot, read what was done "while you were away", and "You won the match!")
    missed = model.away_news.missed(batches)
    for number, events in enumerate(missed, start=len(batches) - len(missed)):
        then = _names_at(message, number)
        if model.seating.ours_then(then) is not None:
            model.away_news.observe(events, me, model.seating.name_then(then))
    now = model.seating.names_kept()  # (the log may be told again, F2, after seats change hands)
    sat: dict[str, Any] = {}  # who sat where at the batch before
    # The direction of play and the seats in their order (whose turns a jump-in took): from a
    # deal or a Reverse in the past told, else from the table as we see it (found play-testing:
    # back from a frozen link, Luis read "Bot 5 jumped in … taking Ana's turn", where Ana, Tom
    # and he had missed theirs)
    shown = model.table.view
    way = way_at_start(batches, shown.direction if shown is not None else None)
    order: list[str] | None = list(shown.seats) if shown is not None else None
    turn = None  # whose turn it was as the batch began, which a jump-in takes
    pending = 0  # the cards to draw as the batch began ("— stacked: 4 to draw", as said live)
    ended = False  # a match ended in the past told: the next deal begins another
    for number, events in enumerate(batches):
        then = _names_at(message, number)
        ours = model.seating.ours_then(then)
        if ended and any(isinstance(e, HandStarted) for e in events):
            # (as the live log says it: found play-testing, one seated for the rematch read
            # the match's end, then "Hand 1 — Ana dealt", the scores back to 0 without a word)
            lines.append(said("ev_new_match"))
            ended = False
        ended = ended or any(isinstance(e, MatchEnded) for e in events)
        dealt = [e.seat for e in events if isinstance(e, Dealt)]
        order = dealt or order  # (a rematch may seat the match's players in another order)
        # A seat's past before it was ours is told as the table saw it (found play-testing:
        # Frank, taking Bot 1's seat, read "Bot 1 drew Red 5" where he had read "Bot 1 drew a
        # card" as he watched, so plain mode said the whole past again)
        told = events if ours is not None or me is None else [e.for_seat(None) for e in events]
        names = model.seating.name_then(then, now)
        lines += seat_changes(sat, then, model.seating.told_gone)
        after = pending_after(events, pending)
        lines += _narrated(told, names, ours, turn, way, order, (pending, after))
        way, pending = way_after(events, way), after
        turn = next((e.seat for e in reversed(events) if isinstance(e, TurnStarted)), turn)
        # our seat's win from before we sat in it is its winner's (found play-testing: Eve read
        # "You win hand 1", won by Bot 1 before she took its seat)
        for event in events:
            if isinstance(event, HandStarted):
                model.seating.won_before_us = ""
            elif isinstance(event, HandEnded) and event.winner == me and ours is None:
                model.seating.won_before_us = model.seating.name_then(then)(event.winner)
        sat = then or sat
    room = model.seating.room
    notes: list[str] = []  # our own lines on the past: how things stand now
    if room is not None and sat:  # (and since the last batch; of our own seat the notice tells)
        notes += seat_changes(sat, {info.seat: info.name for info in room.seats
                                     if info.seat != model.seating.seat}, model.seating.told_gone)
    if room is not None:  # (what room updates said, which the past's events do not: found play-testing)
        for info in room.seats:
            if info.seat != model.seating.seat and info.kind == "human":
                notes += [model.seating.went_away(info, before=True)] if info.away else []
                if not info.connected and not model.seating.came_back:  # (else they dropped with us)
                    notes.append(said("ev_quit" if info.quit else "ev_dropped", name=clean_text(info.name)))
                    model.seating.told_dropped.add(info.seat)
    model.hints.recall(batches)
    if not model.seating.away:  # (away, the summary comes on coming back)
        # A client started again, or one back from a dropped link (found play-testing: one
        # frozen for half a minute was not told the turn the stand-in played meanwhile).
        news = model.away_news.line(model.seating.seat)
        notes += [news] if news else []
    if model.seating.took_seat_line:
        notes.append(model.seating.took_seat_line)
        model.seating.took_seat_line = ""
    for text in model.transcript.replace(lines, [(line.source, line.text) for line in message.chat], notes):
        model.outbox.append(messages.Say(text=text))  # (ours, lost with a link that died: again)
    # A past of more moves than a history holds begins after the deal: the view that follows
    # puts the deal's line above it.
    transcript = model.transcript
    transcript.past_mid_hand = any(batches) and not any(
        isinstance(e, HandStarted) for events in batches for e in events)
    if transcript.past_mid_hand:  # the view puts its deal above it again, named as it was then
        transcript.logged_hand, transcript.first_names = None, _names_at(message, 0)


def _narrated(events: list[Event], names: Callable[[str], str], me: str | None, turn: str | None,
              way: int | None, seats: list[str] | None, pending: tuple[int, int]) -> list[str]:
    """A batch of the past told (``narrate``, with the cards to draw before and after it), to be
    told again in another language (F2)."""
    def tell() -> list[str]:
        return with_stack_total(narrate(events, names, me, turn, way, seats=seats), *pending)
    return retold_lines(tell)


def _names_at(message: messages.History, number: int) -> dict[str, Any]:
    """Who sat where at batch ``number`` of a past told (``history.names``; {}: not said)."""
    return message.names[number] if number < len(message.names) else {}


