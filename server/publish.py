"""Publishing a room's changes: each member gets the events redacted for their seat and their
view after them, and newcomers the recent past (``History``).

Speed: a move is one message to every seat, so this is the server's hottest fan-out. When every
event is public (the usual case) the events are encoded once for the whole table; else each
redacted event is encoded once however many seats share it (``Event.for_seat`` returns the same
object to the seats that see the same thing, hence the ``id()`` cache). Views are encoded by
``codec.seat_views_to_wire``, which shares the parts every seat sees.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, Protocol

import msgpack

import engine
from engine import Game
from engine.events import StandIn, is_public
from engine.replay import ReplayError, deal_events, hand_so_far
from protocol import HISTORY_BATCHES, HISTORY_CHAT, MESSAGE_BUDGET, ChatLine, ChatMsg, History, codec
from protocol.replays import EarlierPlayer

from . import play
from .journal import JournaledGame

log = logging.getLogger("uno.server")


class Outbox(Protocol):
    """Where a member's messages go: their connection (server/peer.py)."""

    def send_events(self, events: tuple[dict[str, Any], ...], current: str | None,
                    deadline: float | None, view: dict[str, Any] | None) -> None: ...


class Publisher:
    def __init__(self) -> None:
        # What newcomers and returners are shown of the recent past (``history_for``): the last
        # changes at the table (unredacted: each reader gets them redacted) and the last chat.
        self.recent_events: deque[list[engine.Event]] = deque(maxlen=HISTORY_BATCHES)
        self.recent_names: deque[dict[str, str]] = deque(maxlen=HISTORY_BATCHES)  # who sat where then
        self.recent_chat: deque[ChatLine] = deque(maxlen=HISTORY_CHAT)

    def publish(self, game: Game, events: list[engine.Event],
                audience: Iterable[tuple[Outbox, str | None]], deadline: float | None,
                names: Callable[[], dict[str, str]], *, with_view: bool = True) -> None:
        """Send each member (their outbox, their seat or None) the events redacted for their
        seat, with their view after them (which their connection sends as the changes since the
        last one). ``names``: who sits where now (by seat id), for the recent past."""
        if events:
            self.recent_events.append(events)
            self.recent_names.append(names())
        current = game.current
        members = list(audience)
        views = (codec.seat_views_to_wire(game, [seat_id for _, seat_id in members])
                 if with_view else [None] * len(members))
        if all(map(is_public, events)):  # the usual case: the same events for everybody
            shared = tuple(map(codec.event_to_wire, events))
            for (outbox, _), view in zip(members, views, strict=True):
                outbox.send_events(shared, current, deadline, view)
            return
        encoded: dict[int, dict[str, Any]] = {}  # public events are encoded once for everybody
        keep_alive = []  # so that ids in ``encoded`` stay unique
        for (outbox, seat_id), view in zip(members, views, strict=True):
            wired = []
            for event in events:
                redacted = event.for_seat(seat_id)
                wire = encoded.get(id(redacted))
                if wire is None:
                    wire = encoded[id(redacted)] = codec.event_to_wire(redacted)
                    keep_alive.append(redacted)
                wired.append(wire)
            outbox.send_events(tuple(wired), current, deadline, view)

    def recall(self, game: Game, names: dict[str, str]) -> list[list[engine.Event]]:
        """After a restart: the hand being played, replayed from its record, becomes the recent
        past (what came before it, and the chat, did not outlive the old process). Its events, a
        list per deal or apply (none if the record does not replay)."""
        if not isinstance(game, JournaledGame) or (record := game.hand_record()) is None:
            return []
        try:
            start, moves = hand_so_far(record)
        except ReplayError as exc:  # (the room itself was restored from its snapshot all the same)
            log.warning("the hand being played cannot be told again: %s", exc)
            return []
        batches = [deal_events(start)]
        self.recent_events.append(batches[0])
        self.recent_names.append(_names_then(names, game.earlier, 0))
        stood_in = {number: StandIn(seat, reason) for number, seat, reason in game.stood_in}
        standing_in = False  # the last batch is a stand-in's turn not over yet
        for number, events in enumerate(moves):
            if not events:
                continue
            if number in stood_in:
                batches.append([stood_in[number], *events])
            elif standing_in:  # (its turn is one batch, as it was told live: found reading the
                batches[-1].extend(events)  # code, its second move read "Luis played Red 7")
                standing_in = not play.turn_changed(events)
                continue
            else:
                batches.append(list(events))
            standing_in = number in stood_in and not play.turn_changed(events)
            self.recent_events.append(batches[-1])
            self.recent_names.append(_names_then(names, game.earlier, number))
        return batches

    def remember_chat(self, chat: ChatMsg) -> None:
        self.recent_chat.append(ChatLine(source=chat.source, text=chat.text))

    def history_for(self, seat_id: str | None) -> History:
        """The recent past as ``seat_id`` (None: a spectator) may see it, the oldest dropped
        until the message fits in one frame."""
        batches = [tuple(codec.event_to_wire(e.for_seat(seat_id)) for e in batch)
                   for batch in self.recent_events]
        names = list(self.recent_names)[-len(batches):] if batches else []
        names = [{}] * (len(batches) - len(names)) + names  # (both deques end with the newest)
        chat = list(self.recent_chat)
        history = History(events=tuple(batches), chat=tuple(chat), names=tuple(names))
        while len(msgpack.packb(history.to_wire())) > MESSAGE_BUDGET:
            if len(batches) >= len(chat):
                batches.pop(0)
                names.pop(0)
            else:
                chat.pop(0)
            history = History(events=tuple(batches), chat=tuple(chat), names=tuple(names))
        return history


def _names_then(names: dict[str, str], earlier: Iterable[EarlierPlayer], move: int) -> dict[str, str]:
    """Who sat where as the hand's move ``move`` (counted from 0) was made: ``names`` (now) but
    for the seats whose earlier players made it (found play-testing: after a restart, the hand
    told again credited Bot 1's moves to Carlos, who had taken its seat since)."""
    then = dict(names)
    for noted in reversed(tuple(earlier)):  # (a seat's earliest player still there wins)
        if move < noted.until:
            then[noted.player.seat] = noted.player.name
    return then
