"""The state of a game, as the engine's modules share it: ``Game`` is this plus its public methods.

Seats are strings, in "clockwise" order; inside the engine a seat is its index in that order.
The checks (checks.py), the legal actions (legal.py), the carry-out (carry_out.py), the view
(seat_view.py) and snapshots (snapshot.py) read and change these fields; nothing outside the
engine does.
"""

from __future__ import annotations

import random

from . import errors
from .actions import Action
from .cards import Card, Color, Rank
from .events import Event
from .hand import Hand
from .rules import RuleSet, WildDrawFour
from .seat_kit import SeatKit, seat_kit
from .view import HandResult, MatchOutcome

HAND_SIZE = 7
MIN_SEATS, MAX_SEATS = 2, 10


class GameState:
    """Every field of a game. A hand's fields are reset by ``_init_hand_state``."""

    seats: tuple[str, ...]
    rules: RuleSet
    scores: list[int]
    hand_number: int
    _rng: random.Random
    _dealer: int
    _match: MatchOutcome | None
    deal_events: list[Event]  # what the deal of the current hand made (none after a restore)
    # Per-seat lookups that never change during a game (seats are fixed).
    _n: int
    _index: dict[str, int]
    _kits: list[SeatKit]
    # The hand being played.
    _hands: list[Hand]
    _draw: list[Card]
    _discard: list[Card]
    _color: Color | None
    _direction: int
    _current: int
    _pending: int  # cards waiting to be drawn by the current player
    _pending_rank: Rank | None  # rank of the card that made them
    _challenge: tuple[int, bool, Color] | None  # offender, guilty, colour in play then
    _awaiting_color: bool
    _has_drawn: bool
    _drawn: Card | None
    _uno_said: list[bool]
    _uno_open: int | None
    _hand_result: HandResult | None
    _legal_cache: dict[int, list[Action]]  # the legal actions listed in this state, by seat
    # When a list: each reshuffle of the discards (R16) notes the new draw pile here, so that a
    # replay can repeat the hand without the random source (engine/replay.py).
    shuffle_log: list[list[Card]] | None = None

    def _seat_tables(self) -> None:
        """Per-seat lookups that never change during a game (seats are fixed)."""
        self._n = len(self.seats)
        self._index = {seat: i for i, seat in enumerate(self.seats)}
        self._kits = [seat_kit(seat) for seat in self.seats]

    def _init_hand_state(self) -> None:
        n = len(self.seats)
        self._hands = [Hand() for _ in range(n)]
        self._draw = []
        self._discard = []
        self._color = None
        self._direction = 1
        self._current = 0
        self._pending = 0
        self._pending_rank = None
        self._challenge = None
        self._awaiting_color = False
        self._has_drawn = False
        self._drawn = None
        self._uno_said = [False] * n
        self._uno_open = None
        self._hand_result = None
        self._legal_cache = {}

    def _seat_index(self, seat: object) -> int:
        index = self._index.get(seat) if isinstance(seat, str) else None
        if index is None:
            raise errors.UnknownSeat(f"no seat {seat!r} at this table")
        return index

    def _next(self, index: int, steps: int = 1) -> int:
        return (index + steps * self._direction) % self._n

    def _color_name(self) -> str:
        return self._color.name.lower() if self._color is not None else "no colour"


# R13 is on when ``rules.wild_draw_four is STRICT``. In Python 3.11 ``WildDrawFour.STRICT`` is a
# slow lookup through the enum's metaclass (some 10 times the cost of reading a global): looked
# up once, here.
STRICT = WildDrawFour.STRICT
