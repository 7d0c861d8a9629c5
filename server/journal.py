"""A match that notes what changed it, so that the store can write a move instead of the game.

A room's match is a ``JournaledGame``: while its ``journal`` is a list (the store sets one when
it writes a snapshot), every successful ``apply``, ``push`` and ``next_hand`` is noted there as an
entry of plain data. The store writes each new entry as it comes (one small row) and the whole
game only now and then; on restore it replays the entries through the engine, which does exactly
what it did the first time: its random source is in the snapshot (``engine.KeyedRandom``).

An entry is a JSON list: ``["next_hand"]``; ``["stand_in", seat, reason]`` (the stand-in takes
the seat's turn: the actions after it are its); or the acting seat and the action in its one
wire form (protocol/actions.py: the body of an ``action`` message), e.g.
``["2", {"kind": "play", "card": "W", "color": "R"}]``. Entries of the form written before
(still read: a state directory outlives an upgrade) are the action's class name and its fields
in order, e.g. ``["PlayCard", "2", "W", "R", null, false]``.

The game also keeps the record of the hand being played (``hand_record``: the position after the
deal without the random source, the actions, the reshuffles) and who sat at a seat before it
changed hands during the hand (``earlier``: the replay names who made each move), for the history
of finished hands (server/history.py), and the turns the stand-in played (``stood_in``: the hand
told again after a restart says so, as it was told live). They travel in the room's record
(``hand_text``/``resume_hand``), so a hand interrupted by a restart is still recorded whole.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from engine import Action, Event, Game
from engine.events import StandIn, StandInReason
from engine.replay import HandRecord, action_from_data, action_to_data, start_of
from protocol import ProtocolError
from protocol.actions import action_from_wire, action_to_wire
from protocol.replays import MAX_EARLIER, EarlierPlayer, ReplayPlayer

log = logging.getLogger("uno.server")
NEXT_HAND = "next_hand"
STAND_IN = "stand_in"
_COMPACT = (",", ":")
_NEXT_HAND_ENTRY = (NEXT_HAND,)
_HAND_EXTRAS = ("started", "earlier", "stood_in")  # what ``hand_text`` keeps beside the hand's record
# The entry of each action seen lately: the engine makes each seat's actions once, so a few
# hundred entries make most games' moves, and the store's log keeps each one's text (movelog).
_ENTRIES: dict[Action, tuple[str, dict[str, Any]]] = {}
_MAX_ENTRIES = 4096


class JournaledGame(Game):
    """A ``Game`` that notes each change in ``journal`` (when it is a list), and the record of
    the current hand."""

    journal: list[Any] | None = None
    started: float = 0.0  # when the match began (seconds since the epoch): it names the match
    _start: dict[str, Any] | None = None  # the hand's first position (None: not recorded)
    _actions: list[Action] | None = None
    earlier: tuple[EarlierPlayer, ...] = ()  # who left a seat in this hand, in order (``seat_left``)
    # the stand-in's turns in this hand: the number of the move that began each (counted as
    # ``hand_record``'s actions), the seat and why (``note_stand_in``)
    stood_in: tuple[tuple[int, str, str], ...] = ()
    # ``hand_text``'s work kept from one call to the next: the first position and the actions
    # converted so far, as JSON text, so each action is converted once however long the hand.
    # Converting the whole hand at each whole record (every 64 moves) cost some 25 µs a move in
    # the 700-move hands of random play (bench/server_load.py); so, with the text in a column of
    # its own (server/persist.py), about 5 µs, most of it SQLite writing the longer row.
    _start_text = ""
    _actions_text: list[str]
    _converted = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.started = time.time()
        self._begin_hand()

    def _begin_hand(self) -> None:
        self._start, self._actions, self.shuffle_log = start_of(self), [], []
        self.earlier, self.stood_in = (), ()
        self._forget_text()

    def _forget_text(self) -> None:
        self._start_text, self._actions_text, self._converted = "", [], 0

    def apply(self, action: Action) -> list[Event]:
        events = super().apply(action)  # raises with nothing changed: nothing to note
        if self.journal is not None:
            self.journal.append(action_entry(action))
        if self._actions is not None:
            self._actions.append(action)
        return events

    def push(self, action: Action) -> list[Event]:
        events = super().push(action)
        if self.journal is not None:
            self.journal.append(action_entry(action))
        if self._actions is not None:
            self._actions.append(action)
        return events

    def next_hand(self) -> list[Event]:
        events = super().next_hand()
        if self.journal is not None:
            self.journal.append(_NEXT_HAND_ENTRY)
        self._begin_hand()
        return events

    def replay(self, entry: Any) -> list[Event]:
        """Carry out a journal ``entry`` again; its events. Raises ``ValueError`` (a
        ``RuleError`` is one) for an entry that is not one, or that the game refuses."""
        if not isinstance(entry, list) or not entry:
            raise ValueError(f"not a journal entry: {entry!r}")
        if entry == [NEXT_HAND]:
            return self.next_hand()
        if entry[0] == STAND_IN:
            if len(entry) != 3 or entry[1] not in self.seats or entry[2] not in tuple(StandInReason):
                raise ValueError(f"not a journal entry: {entry!r}")
            self.note_stand_in(entry[1], entry[2])
            return [StandIn(entry[1], entry[2])]
        return self.apply(action_from_entry(entry))

    def note_stand_in(self, seat: str, reason: str) -> None:
        """The stand-in plays ``seat``'s turn now (``reason``: a ``StandInReason``)."""
        if self.journal is not None:
            self.journal.append((STAND_IN, seat, reason))
        if self._actions is not None:
            self.stood_in = (*self.stood_in, (len(self._actions), seat, reason))

    def hand_record(self) -> HandRecord | None:
        """The current hand's record so far (None if it began before this was kept)."""
        if self._start is None or self._actions is None or self.shuffle_log is None:
            return None
        return HandRecord(self._start, tuple(self._actions),
                          tuple(tuple(pile) for pile in self.shuffle_log))

    def seat_left(self, player: ReplayPlayer) -> None:
        """``player`` leaves their seat in the hand being played, having made its moves so far
        (past ``MAX_EARLIER`` of them, the oldest is forgotten)."""
        if self._actions is not None and self.hand_outcome() is None:
            noted = EarlierPlayer(until=len(self._actions), player=player)
            self.earlier = (*self.earlier, noted)[-MAX_EARLIER:]

    def hand_text(self) -> str | None:
        """The current hand's record, the match's start and who left a seat in the hand, as the
        JSON text the room's record keeps (``HandRecord.to_data()`` with ``started`` and
        ``earlier``); ``resume_hand`` reads it back."""
        text = self.record_text()
        if text is None:
            return None
        earlier = json.dumps([noted.to_wire() for noted in self.earlier], separators=_COMPACT)
        stood_in = json.dumps(self.stood_in, separators=_COMPACT)
        return (f'{{"started":{json.dumps(self.started)},"earlier":{earlier},"stood_in":{stood_in},'
                f'{text[1:]}')

    def record_text(self) -> str | None:
        """``HandRecord.to_data()`` of the current hand as JSON text (for a replay's document)."""
        if self._start is None or self._actions is None or self.shuffle_log is None:
            return None
        if not self._start_text:
            self._start_text = json.dumps(self._start, separators=_COMPACT)
        fresh = self._actions[self._converted:]
        if fresh:
            self._actions_text.append(
                json.dumps([action_to_data(a) for a in fresh], separators=_COMPACT)[1:-1])
            self._converted = len(self._actions)
        shuffles = json.dumps([[str(c) for c in pile] for pile in self.shuffle_log],
                              separators=_COMPACT)
        return (f'{{"start":{self._start_text},"actions":[{",".join(self._actions_text)}],'
                f'"shuffles":{shuffles}}}')

    def resume_hand(self, data: Any) -> None:
        """Take back ``hand_text()`` after a restore (before the moves after it are replayed).
        ``None`` (a record from before it was kept), or data that is no hand's record: this hand
        goes unrecorded (the room itself is restored all the same)."""
        if data is None:
            return
        try:
            if isinstance(data, str):
                data = json.loads(data)
            if not isinstance(data, dict) or not isinstance(data.get("started"), (int, float)):
                raise ValueError("no hand's record")
            record = HandRecord.from_data({k: v for k, v in data.items() if k not in _HAND_EXTRAS})
            Game.restore(record.start)  # (a SnapshotError is a ValueError)
            earlier = tuple(EarlierPlayer.from_wire(noted) for noted in data.get("earlier", ()))
            stood_in = tuple(_stood_in(noted) for noted in data.get("stood_in", ()))
        except (ValueError, TypeError, ProtocolError) as exc:  # (older records lack the extras)
            log.warning("the record of hand %d cannot be read (%s): it is not kept",
                        self.hand_number, exc)
            return
        self.started = float(data["started"])
        self._start, self._actions = record.start, list(record.actions)
        self.shuffle_log = [list(pile) for pile in record.shuffles]
        self.earlier, self.stood_in = earlier[-MAX_EARLIER:], stood_in
        self._forget_text()


def _stood_in(noted: Any) -> tuple[int, str, str]:
    """A stand-in's turn as ``hand_text`` keeps it, read back. Raises ``ValueError``."""
    if (not isinstance(noted, list) or len(noted) != 3 or not isinstance(noted[0], int)
            or not isinstance(noted[1], str) or noted[2] not in tuple(StandInReason)):
        raise ValueError(f"not a stand-in's turn: {noted!r}")
    return noted[0], noted[1], noted[2]


def action_entry(action: Action) -> tuple[str, dict[str, Any]]:
    """The journal entry of ``action``: its seat and its wire form (shared: nobody changes it)."""
    entry = _ENTRIES.get(action)
    if entry is None:
        if len(_ENTRIES) >= _MAX_ENTRIES:  # (actions made anew each time would fill it)
            _ENTRIES.clear()
        entry = _ENTRIES[action] = (action.seat, action_to_wire(action))
    return entry


def action_from_entry(entry: list[Any]) -> Action:
    """The action of a journal entry read back, in either form. Raises ``ValueError``."""
    if len(entry) == 2 and isinstance(entry[1], dict):
        seat, wire = entry
        if not isinstance(seat, str):
            raise ValueError(f"not a journal entry: {entry!r}")
        try:
            return action_from_wire(wire, seat)
        except ProtocolError as exc:
            raise ValueError(f"not a journal entry: {entry!r} ({exc})") from None
    return action_from_data(entry)  # the form written before: a replay's (engine/replay.py)
