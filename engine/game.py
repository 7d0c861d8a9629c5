"""The game: a match of several hands of UNO under a ``RuleSet``, every rule of docs/RULES.md.

``Game`` keeps the state (state.py) and the public methods; the work is done by one module per
job: the checks (checks.py), the legal actions (legal.py), the carry-out (carry_out.py), the view
(seat_view.py), snapshots (snapshot.py), the hands (hand.py) and the shared per-seat actions and
events (seat_kit.py). ``apply`` checks an action completely before changing anything, so a
refused action leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from typing import Any

from . import errors
from . import snapshot as _snapshot
from .actions import Action
from .cards import Card, Color, Rank, full_deck
from .carry_out import carry_out, draw_cards
from .checks import check
from .events import (
    Dealt,
    DirectionChanged,
    DrawReason,
    Event,
    HandStarted,
    Skipped,
    StartingCard,
    TurnStarted,
)
from .hand import Hand
from .legal import LegalActions, legal
from .rules import RuleSet
from .seat_view import view_of
from .state import HAND_SIZE, MAX_SEATS, MIN_SEATS, GameState
from .view import HandResult, MatchOutcome, View

__all__ = ["HAND_SIZE", "MAX_SEATS", "MIN_SEATS", "Game", "LegalActions"]

_WILD, _WILD_DRAW_FOUR = Rank.WILD, Rank.WILD_DRAW_FOUR
_DRAW_TWO, _REVERSE, _SKIP = Rank.DRAW_TWO, Rank.REVERSE, Rank.SKIP


def _copy_rng(rng: random.Random) -> random.Random:
    """The same random source in the same state (a ``SystemRandom`` has none: it is shared)."""
    try:
        return copy.copy(rng)
    except NotImplementedError:
        return rng


class Game(GameState):
    """A match of UNO between 2-10 seats under a ``RuleSet``. The first hand is dealt at once;
    its events are in ``deal_events``. After a hand ends, ``next_hand()`` deals the next one."""

    _views: list[LegalActions]  # by seat: each seat's live legal actions

    def __init__(
        self,
        seats: Sequence[str],
        rules: RuleSet | None = None,
        rng: random.Random | None = None,
        *,
        dealer: str | None = None,
    ) -> None:
        seats = tuple(seats)
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise ValueError(f"a game has {MIN_SEATS} to {MAX_SEATS} seats, not {len(seats)}")
        if len(set(seats)) != len(seats) or not all(isinstance(s, str) and s for s in seats):
            raise ValueError("seat ids must be distinct, non-empty strings")
        self.seats = seats
        self.rules = rules if rules is not None else RuleSet()
        self._rng = rng if rng is not None else random.Random()
        self._seat_tables()
        self.scores = [0] * len(seats)
        self.hand_number = 0
        self._match = None
        if dealer is None:
            self._dealer = self._rng.randrange(len(seats))  # R4: a random first dealer
        else:
            self._dealer = self._seat_index(dealer)
        self.deal_events = self._deal()

    # ------------------------------------------------------------------ public queries

    @property
    def current(self) -> str:
        """The seat whose turn it is."""
        return self.seats[self._current]

    @property
    def dealer(self) -> str:
        return self.seats[self._dealer]

    @property
    def top(self) -> Card:
        return self._discard[-1]

    @property
    def color(self) -> Color | None:
        """The colour in play (a wild's declared colour); None while a starting Wild awaits it."""
        return self._color

    @property
    def direction(self) -> int:
        return self._direction

    @property
    def pending_draw(self) -> int:
        return self._pending

    @property
    def uno_open(self) -> str | None:
        """The seat that can be caught for a forgotten UNO right now (R17), if any."""
        return None if self._uno_open is None else self.seats[self._uno_open]

    def hand(self, seat: str) -> tuple[Card, ...]:
        return tuple(self._hands[self._seat_index(seat)].cards)

    def drawn(self, seat: str) -> Card | None:
        """The card ``seat`` drew this turn and may still play (R8): only ever on its own turn."""
        return self._drawn if self._seat_index(seat) == self._current else None

    def hand_outcome(self) -> HandResult | None:
        """None until the current hand is over."""
        return self._hand_result

    def outcome(self) -> MatchOutcome | None:
        """None until the match is over."""
        return self._match

    def turn_actions(self) -> list[Action]:
        """The legal actions of the seat whose turn it is, as a new list (like RLCard's
        ``get_legal_actions``): the quick way for a bot or a playout to pick its next action.
        ``legal_actions`` gives a live view of any seat's."""
        return list(legal(self, self._current))

    def legal_actions(self, seat: str) -> LegalActions:
        try:
            return self._views[self._index[seat]]
        except (KeyError, TypeError):  # TypeError: an unhashable "seat"
            raise errors.UnknownSeat(f"no seat {seat!r} at this table") from None

    def card_count(self) -> int:
        """Every card in the draw pile, the discard pile and the hands (always 108, R16)."""
        return len(self._draw) + len(self._discard) + sum(len(h.cards) for h in self._hands)

    def all_cards(self) -> list[Card]:
        """Every card of the game, wherever it is (for checks that nothing is created or lost)."""
        cards = list(self._draw) + list(self._discard)
        for hand in self._hands:
            cards.extend(hand.cards)
        return cards

    def view(self, seat: str | None) -> View:
        """What ``seat`` may know; ``None`` gives the spectators' view (no hand)."""
        return view_of(self, None if seat is None else self._seat_index(seat))

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` against every rule, then carry it out; return what happened.

        Raises a ``RuleError`` subclass, with the game unchanged, if the action is not allowed.
        """
        try:
            index = self._index[action.seat]
        except (AttributeError, KeyError, TypeError):  # not an action, or no such seat
            index = -1
        for listed in self._legal_cache.get(index, ()):
            if listed is action:  # one of the very objects listed as legal now: checked already
                break
        else:
            index = check(self, action)
        return carry_out(self, index, action)

    def push(self, action: Action) -> list[Event]:
        """Carry out ``action`` WITHOUT checking it (python-chess's unchecked ``push``).

        The fast path for an action just taken from ``legal_actions`` in this very state, e.g.
        by a bot or a playout. An action that is not legal now leaves the game in a state the
        rules cannot reach. Anything from outside (a network peer, a person) goes to ``apply``.
        """
        return carry_out(self, self._index[action.seat], action)

    def next_hand(self) -> list[Event]:
        """Deal the next hand of the match; the deal passes to the next seat (R4)."""
        if self._match is not None:
            raise errors.MatchOver("the match is over")
        if self._hand_result is None:
            raise errors.HandInProgress("the current hand is not over")
        self._dealer = (self._dealer + 1) % len(self.seats)
        self.deal_events = self._deal()
        return self.deal_events

    # ------------------------------------------------------------------ copies and snapshots

    def copy(self, rng: random.Random | None = None) -> Game:
        """An independent game in exactly this state, for a search to play ahead in.

        It shares only what never changes (seat names, rules, per-seat lookups, the immutable
        actions and events); hands and piles are its own. ``rng`` becomes its random source (for
        reshuffles, R16); by default it gets a copy of this game's, so that it continues exactly
        as this one would. Measured (bench/search_speed.py, a four-seat mid-hand position): 5 us
        with a random source given (35 us copying the game's own), against 6.7 ms for
        ``copy.deepcopy`` (it copies the shared seat kits too) and 190 us for
        ``Game.restore(game.snapshot())``.
        """
        game = Game.__new__(Game)
        game.__dict__.update(self.__dict__)  # every field; the mutable ones are replaced below
        game._rng = rng if rng is not None else _copy_rng(self._rng)
        game.scores = list(self.scores)
        game._hands = [hand.copy() for hand in self._hands]
        game._draw = list(self._draw)
        game._discard = list(self._discard)
        game._uno_said = list(self._uno_said)
        game._legal_cache = dict(self._legal_cache)  # the listed actions are never changed
        game.deal_events = list(self.deal_events)
        game._views = [LegalActions(game, i) for i in range(self._n)]
        return game


    def snapshot(self) -> dict[str, Any]:
        """The whole game as plain data (dict, list, int, str, bool, None): see engine/snapshot.py
        for the format."""
        return _snapshot.snapshot(self)

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Game:
        """The game that ``snapshot()`` described; it continues exactly as the original would.
        Raises ``SnapshotError`` (a ``ValueError``) for a position that no game could reach."""
        return _snapshot.restore(data, cls)

    # ------------------------------------------------------------------ setting up

    def _seat_tables(self) -> None:
        super()._seat_tables()
        self._views = [LegalActions(self, i) for i in range(self._n)]

    def _deal(self) -> list[Event]:
        """R3 deal, R5 first player and direction, R6 starting card."""
        self._init_hand_state()
        self.hand_number += 1
        n = len(self.seats)
        deck = full_deck()
        self._rng.shuffle(deck)
        self._hands = [Hand(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(n)]
        self._draw = deck[n * HAND_SIZE:]
        self._direction = 1 if self.rules.first_to_left else -1
        events: list[Event] = [HandStarted(self.hand_number, self.dealer, self._direction)]
        events.extend(
            Dealt(seat, HAND_SIZE, tuple(hand.cards))
            for seat, hand in zip(self.seats, self._hands, strict=True)
        )
        while True:
            card = self._draw.pop()
            if card.rank is not _WILD_DRAW_FOUR:
                break
            events.append(StartingCard(card, returned=True))
            self._draw.append(card)
            self._rng.shuffle(self._draw)
        self._discard = [card]
        self._color = card.color
        events.append(StartingCard(card))

        first = self._next(self._dealer)
        rank = card.rank
        if rank is _WILD:
            self._awaiting_color = True
            self._current = first
        elif rank is _DRAW_TWO:
            draw_cards(self, first, 2, DrawReason.DRAW_TWO, events)
            events.append(Skipped(self.seats[first]))
            self._current = self._next(first)
        elif rank is _REVERSE:
            self._direction = -self._direction
            events.append(DirectionChanged(self._direction))
            self._current = self._dealer
        elif rank is _SKIP:
            events.append(Skipped(self.seats[first]))
            self._current = self._next(first)
        else:
            self._current = first
        events.append(TurnStarted(self.current))
        return events
