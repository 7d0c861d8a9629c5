"""The game: hands, turns, every rule of docs/RULES.md, and a match of several hands.

Seats are strings, in "clockwise" order. Internally a seat is its index in that order.
``apply`` checks an action completely before changing anything, so a refused action leaves the
game exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from . import errors
from . import snapshot as _snapshot
from .actions import (
    TURN_ACTIONS,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    KeepDrawing,
    Pass,
    PlayCard,
)
from .cards import CARD_KINDS, Card, Color, Rank, full_deck
from .events import (
    CardPlayed,
    Caught,
    Challenged,
    ColorChosen,
    Dealt,
    DirectionChanged,
    DrawSkipped,
    Drew,
    Event,
    HandEnded,
    HandsExchanged,
    HandStarted,
    MatchEnded,
    Passed,
    Reshuffled,
    Skipped,
    StartingCard,
    TurnStarted,
    UnoCalled,
)
from .rules import RuleSet, WildDrawFour
from .view import HandResult, MatchOutcome, View

HAND_SIZE = 7
MIN_SEATS, MAX_SEATS = 2, 10
COLORS = tuple(Color)

# Enum members looked up once: in Python 3.11 ``Rank.SKIP`` is a slow lookup through the enum's
# metaclass (some 10 times the cost of reading a global).
_SKIP, _REVERSE, _DRAW_TWO = Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO
_WILD, _WILD_DRAW_FOUR = Rank.WILD, Rank.WILD_DRAW_FOUR
_SEVEN, _ZERO = Rank.SEVEN, Rank.ZERO
_STRICT, _CHALLENGE = WildDrawFour.STRICT, WildDrawFour.CHALLENGE
_WILD_DRAW_FOUR_CARD = Card(None, _WILD_DRAW_FOUR)

# Sets of card kinds as bits of an int: each seat keeps the kinds it holds (``Game._held``), so
# the cards it may play are one ``&`` away, whatever the size of the hand.
_BIT: dict[Card, int] = {card: 1 << i for i, card in enumerate(CARD_KINDS)}
_CARD_OF_BIT: dict[int, Card] = {bit: card for card, bit in _BIT.items()}
_WILD_DRAW_FOUR_BIT = _BIT[_WILD_DRAW_FOUR_CARD]
# The kinds of one colour (None: the wilds), for R12's guilt and R13's strict +4.
_COLOR_BITS: dict[Color | None, int] = {
    color: sum(bit for card, bit in _BIT.items() if card.color is color) for color in (*COLORS, None)
}
# R7 as a table: _MATCHING_BITS[colour in play][top card's rank] holds every kind that may be
# played on it: the colour, the number or symbol, the wilds.
_MATCHING_BITS: dict[Color | None, dict[Rank, int]] = {
    color: {rank: sum(bit for card, bit in _BIT.items()
                      if card.color is None or card.color is color or card.rank is rank)
            for rank in Rank}
    for color in (*COLORS, None)
}


def _kinds_of(cards: list[Card]) -> int:
    bits = 0
    for card in cards:
        bits |= _BIT[card]
    return bits


def _cards_of(bits: int) -> list[Card]:
    """The kinds in ``bits``, in the order of ``CARD_KINDS``."""
    cards = []
    while bits:
        bit = bits & -bits  # the lowest one
        bits ^= bit
        cards.append(_CARD_OF_BIT[bit])
    return cards


_SEVENS = _MATCHING_BITS[None][Rank.SEVEN] & ~_COLOR_BITS[None]  # the four 7s
_NO_EVENTS: dict[Card, Drew] = {}
# With 10 seats the draw pile runs out every few turns: one Reshuffled event per pile size.
_RESHUFFLED = [Reshuffled(count) for count in range(len(full_deck()) + 1)]
_DIRECTION_CHANGED = {1: DirectionChanged(1), -1: DirectionChanged(-1)}


class LegalActions:
    """The actions a seat may take now: supports ``in``, iteration, ``len`` and ``bool``.

    It is live: it always answers for the game's current state.
    """

    __slots__ = ("_game", "_index")

    def __init__(self, game: Game, index: int) -> None:
        self._game = game
        self._index = index

    def __contains__(self, action: object) -> bool:
        game = self._game
        if not isinstance(action, (*TURN_ACTIONS, CallUno, Catch)):
            return False
        seat = action.seat
        if not isinstance(seat, str) or game._index.get(seat) != self._index:
            return False
        try:
            game._check(action)
        except errors.RuleError:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        listed = self._game._legal_cache.get(self._index)  # (inlined _legal: a call less)
        return iter(listed if listed is not None else self._game._list_legal(self._index))

    def __len__(self) -> int:
        listed = self._game._legal_cache.get(self._index)
        return len(listed if listed is not None else self._game._list_legal(self._index))

    def __bool__(self) -> bool:
        return bool(self._game._legal(self._index))

    def __repr__(self) -> str:
        return f"<LegalActions {list(self)!r}>"


def _all_plays(seat: str, two_left: bool) -> dict[int, tuple[Action, ...]]:
    """The PlayCard actions of ``seat`` by card bit (see _BIT): a wild's in the four colours;
    with two cards in hand (``two_left``), with and without saying UNO.

    A 7 under 7-0 names the seat it swaps with, which depends on the game: ``Game._plays`` makes
    those itself and never looks them up here.
    """
    unos = (False, True) if two_left else (False,)
    plays: dict[int, tuple[Action, ...]] = {}
    for card, bit in _BIT.items():
        colors: tuple[Color | None, ...] = COLORS if card.color is None else (None,)
        plays[bit] = tuple(PlayCard(seat, card, c, None, u) for c in colors for u in unos)
    return plays


class _SeatKit:
    """The immutable actions and events that name one seat, each built once.

    A frozen dataclass takes a microsecond or more to build, and a hand makes the same few
    hundred of them thousands of times: the engine hands out shared instances instead. They are
    values that depend on the seat's name only, so the games with a seat of that name share them
    (``_seat_kit``), and sharing them is invisible to callers.
    """

    __slots__ = (
        "accept",
        "call_uno",
        "catches",
        "challenge",
        "draw",
        "drew",
        "keep_drawing",
        "pass_",
        "passed",
        "played",
        "plays",
        "plays_two",
        "seat",
        "skipped",
        "turn_started",
    )

    def __init__(self, seat: str) -> None:
        self.seat = seat
        self.draw = Draw(seat)
        self.pass_ = Pass(seat)
        self.keep_drawing = KeepDrawing(seat)
        self.challenge = Challenge(seat)
        self.accept = Accept(seat)
        self.call_uno = CallUno(seat)
        self.turn_started = TurnStarted(seat)
        self.passed = Passed(seat)
        self.skipped = Skipped(seat)
        self.catches: dict[str, Catch] = {}  # by target
        self.plays = _all_plays(seat, two_left=False)  # with a hand of any size but 2
        self.plays_two = _all_plays(seat, two_left=True)
        self.played: dict[Color, dict[Card, CardPlayed]] = {c: {} for c in COLORS}  # by colour after
        self.drew: dict[str, dict[Card, Drew]] = {}  # one card drawn, by reason and card

    def catch(self, target: str) -> Catch:
        action = self.catches.get(target)
        if action is None:
            action = self.catches[target] = Catch(self.seat, target)
        return action

    def card_played(self, card: Card, color: Color) -> CardPlayed:
        event = self.played[color].get(card)
        if event is None:
            event = self.played[color][card] = CardPlayed(self.seat, card, color)
        return event

    def drew_one(self, card: Card, reason: str) -> Drew:
        by_card = self.drew.setdefault(reason, {})
        event = by_card.get(card)
        if event is None:
            event = by_card[card] = Drew(self.seat, 1, (card,), reason)
        return event


_KITS: dict[str, _SeatKit] = {}
_MAX_KITS = 256  # a kit fully grown holds some 600 small objects: keep a few seat names' worth


def _seat_kit(seat: str) -> _SeatKit:
    kit = _KITS.get(seat)
    if kit is None:
        if len(_KITS) >= _MAX_KITS:
            _KITS.clear()
        kit = _KITS[seat] = _SeatKit(seat)
    return kit


class Game:
    """A match of UNO between 2-10 seats under a ``RuleSet``. The first hand is dealt at once;
    its events are in ``deal_events``. After a hand ends, ``next_hand()`` deals the next one."""


    _hands: list[list[Card]]
    _held: list[int]  # per seat, the kinds of card in its hand, as bits (see _BIT)
    _draw: list[Card]
    _discard: list[Card]
    _color: Color | None
    _pending_rank: Rank | None
    _challenge: tuple[int, bool, Color] | None  # offender, guilty, colour in play then
    _drawn: Card | None
    _uno_open: int | None
    _hand_result: HandResult | None

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
        self.seats: tuple[str, ...] = seats
        self.rules = rules if rules is not None else RuleSet()
        self._rng = rng if rng is not None else random.Random()
        self._seat_tables()
        self.scores = [0] * len(seats)
        self.hand_number = 0
        self._match: MatchOutcome | None = None
        if dealer is None:
            self._dealer = self._rng.randrange(len(seats))  # R4: a random first dealer
        else:
            self._dealer = self._seat_index(dealer)
        self.deal_events: list[Event] = self._deal()

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

    def hand(self, seat: str) -> tuple[Card, ...]:
        return tuple(self._hands[self._seat_index(seat)])

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
        listed = self._legal_cache.get(self._current)
        return list(listed if listed is not None else self._list_legal(self._current))

    def legal_actions(self, seat: str) -> LegalActions:
        try:
            return self._views[self._index[seat]]
        except (KeyError, TypeError):  # TypeError: an unhashable "seat"
            raise errors.UnknownSeat(f"no seat {seat!r} at this table") from None

    def card_count(self) -> int:
        """Every card in the draw pile, the discard pile and the hands (always 108, R16)."""
        return len(self._draw) + len(self._discard) + sum(len(h) for h in self._hands)

    def all_cards(self) -> list[Card]:
        """Every card of the game, wherever it is (for checks that nothing is created or lost)."""
        cards = list(self._draw) + list(self._discard)
        for hand in self._hands:
            cards.extend(hand)
        return cards

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action) -> list[Event]:
        """Check ``action`` against every rule, then carry it out; return what happened.

        Raises a ``RuleError`` subclass, with the game unchanged, if the action is not allowed.
        """
        try:
            index = self._index[action.seat]
        except (AttributeError, KeyError, TypeError):  # not an action, or no such seat
            index = -1
        for legal in self._legal_cache.get(index, ()):
            if legal is action:  # one of the very objects listed as legal now: checked already
                break
        else:
            index = self._check(action)
        # Carry it out (as in push: inlined, a call costs as much as some of the moves).
        self._legal_cache.clear()
        events: list[Event] = []
        carry_out, takes_turn = _CARRY_OUT[type(action)]
        if takes_turn:
            self._uno_open = None  # the next player acted: a forgotten UNO can't be caught now
        carry_out(self, index, action, events)
        return events

    def push(self, action: Action) -> list[Event]:
        """Carry out ``action`` WITHOUT checking it (python-chess's unchecked ``push``).

        The fast path for an action just taken from ``legal_actions`` in this very state, e.g.
        by a bot or a playout. An action that is not legal now leaves the game in a state the
        rules cannot reach. Anything from outside (a network peer, a person) goes to ``apply``.
        """
        index = self._index[action.seat]
        self._legal_cache.clear()
        events: list[Event] = []
        carry_out, takes_turn = _CARRY_OUT[type(action)]
        if takes_turn:
            self._uno_open = None
        carry_out(self, index, action, events)
        return events

    def next_hand(self) -> list[Event]:
        """Deal the next hand of the match; the deal passes to the next seat (R4)."""
        if self._match is not None:
            raise errors.MatchOver("the match is over")
        if self._hand_result is None:
            raise errors.HandInProgress("the current hand is not over")
        self._dealer = (self._dealer + 1) % len(self.seats)
        self.deal_events = self._deal()
        return self.deal_events

    # ------------------------------------------------------------------ setting up a hand

    def _init_hand_state(self) -> None:
        n = len(self.seats)
        self._hands = [[] for _ in range(n)]
        self._held = [0] * n
        self._draw = []
        self._discard = []
        self._color = None
        self._direction = 1
        self._current = 0
        self._pending = 0  # cards waiting to be drawn by the current player
        self._pending_rank = None  # rank of the card that made them
        self._challenge = None
        self._awaiting_color = False
        self._has_drawn = False
        self._drawn = None
        self._uno_said = [False] * n
        self._uno_open = None
        self._hand_result = None
        self._legal_cache: dict[int, list[Action]] = {}

    def _deal(self) -> list[Event]:
        """R3 deal, R5 first player and direction, R6 starting card."""
        self._init_hand_state()
        self.hand_number += 1
        n = len(self.seats)
        deck = full_deck()
        self._rng.shuffle(deck)
        for i in range(n):
            self._hands[i] = deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]
            self._held[i] = _kinds_of(self._hands[i])
        self._draw = deck[n * HAND_SIZE:]
        self._direction = 1 if self.rules.first_to_left else -1
        events: list[Event] = [HandStarted(self.hand_number, self.dealer, self._direction)]
        events.extend(
            Dealt(seat, HAND_SIZE, tuple(hand)) for seat, hand in zip(self.seats, self._hands, strict=True)
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
            self._draw_cards(first, 2, "draw_two", events)
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

    # ------------------------------------------------------------------ helpers

    def _seat_tables(self) -> None:
        """Per-seat lookups that never change during a game (seats are fixed)."""
        self._n = len(self.seats)
        self._index = {seat: i for i, seat in enumerate(self.seats)}
        self._kits = [_seat_kit(seat) for seat in self.seats]
        self._views = [LegalActions(self, i) for i in range(self._n)]

    def _seat_index(self, seat: object) -> int:
        index = self._index.get(seat) if isinstance(seat, str) else None
        if index is None:
            raise errors.UnknownSeat(f"no seat {seat!r} at this table")
        return index

    def _next(self, index: int, steps: int = 1) -> int:
        return (index + steps * self._direction) % self._n

    def _matches(self, card: Card) -> bool:
        """R7: colour in play, or the top card's number or symbol, or a wild."""
        return card.color is None or card.color is self._color or card.rank is self._discard[-1].rank

    def _holds_color(self, index: int, color: Color | None) -> bool:
        return bool(self._held[index] & _COLOR_BITS[color])

    def _strict_refuses(self, index: int, card: Card) -> bool:
        """R13: a Wild Draw Four while holding the colour in play (also when stacking it)."""
        return (card.rank is _WILD_DRAW_FOUR and self.rules.wild_draw_four is _STRICT
                and self._holds_color(index, self._color))

    def _playable(self, index: int, card: Card) -> bool:
        """Whether ``card`` could be played normally (no draw pending) by ``index``."""
        return (bool(_BIT[card] & _MATCHING_BITS[self._color][self._discard[-1].rank])
                and (card is not _WILD_DRAW_FOUR_CARD or not self._strict_refuses(index, card)))

    def _playable_bits(self, index: int) -> int:
        """The kinds of card ``index`` holds and may play normally (no draw pending): R7, R13."""
        held = self._held[index]
        bits = held & _MATCHING_BITS[self._color][self._discard[-1].rank]
        if (bits & _WILD_DRAW_FOUR_BIT and self.rules.wild_draw_four is _STRICT
                and held & _COLOR_BITS[self._color]):
            bits ^= _WILD_DRAW_FOUR_BIT
        return bits

    def _stacks(self, card: Card) -> bool:
        """Whether ``card`` may answer the pending draw (R14, R15)."""
        rules = self.rules
        if card.rank is _WILD_DRAW_FOUR:
            return rules.stack_wild_draw_four
        if card.rank is _DRAW_TWO:
            if self._pending_rank is _DRAW_TWO:  # R14 alone decides: +4 stacking is no +2 rule
                return rules.stack_draw_two
            return rules.stack_wild_draw_four and card.color is self._color
        return False

    def _can_answer(self) -> bool:
        """Whether the rules let the player facing a pending draw stack on it at all."""
        rules = self.rules
        if self._pending_rank is _DRAW_TWO:
            return rules.stack_draw_two or rules.stack_wild_draw_four
        return rules.stack_wild_draw_four

    def _can_draw_more(self) -> bool:
        return bool(self._draw) or len(self._discard) > 1

    def _pop_card(self, events: list[Event]) -> Card | None:
        """Take the top of the draw pile, reshuffling the discards when it is empty (R16)."""
        if not self._draw:
            if len(self._discard) <= 1:
                return None
            top = self._discard.pop()
            self._draw = self._discard
            self._discard = [top]
            self._rng.shuffle(self._draw)
            events.append(_RESHUFFLED[len(self._draw)])
        return self._draw.pop()

    def _draw_cards(self, index: int, count: int, reason: str, events: list[Event]) -> list[Card]:
        if count <= 0:  # a penalty of 0 cards: nothing to draw, and no DrawSkipped either
            return []
        drawn: list[Card] = []
        for _ in range(count):
            card = self._pop_card(events)
            if card is None:
                break
            drawn.append(card)
        self._give(index, drawn, reason, events)
        return drawn

    def _give(self, index: int, cards: list[Card], reason: str, events: list[Event]) -> None:
        if len(cards) == 1:
            self._give_one(index, cards[0], reason, events)
        elif cards:
            self._hands[index].extend(cards)
            self._held[index] |= _kinds_of(cards)
            self._uno_said[index] = False
            if self._uno_open == index:
                self._uno_open = None
            events.append(Drew(self.seats[index], len(cards), tuple(cards), reason))
        else:
            events.append(DrawSkipped(self.seats[index]))

    def _give_one(self, index: int, card: Card, reason: str, events: list[Event]) -> None:
        self._hands[index].append(card)
        self._held[index] |= _BIT[card]
        self._uno_said[index] = False
        if self._uno_open == index:
            self._uno_open = None
        kit = self._kits[index]
        drew = kit.drew.get(reason, _NO_EVENTS).get(card)
        events.append(drew if drew is not None else kit.drew_one(card, reason))

    def _end_turn(self, next_index: int, events: list[Event]) -> None:
        # An UNO said with two cards lapses when the turn ends without the card played (R17),
        # also when another seat jumped in.
        said = self._uno_said
        if True in said:
            for j, hand in enumerate(self._hands):
                if len(hand) != 1:
                    said[j] = False
        self._current = next_index
        self._has_drawn = False
        self._drawn = None
        events.append(self._kits[next_index].turn_started)

    def _take_pending(self, index: int, reason: str, events: list[Event]) -> None:
        """``index`` draws the pending total and loses the turn (R10, R14)."""
        count = self._pending
        self._pending = 0
        self._pending_rank = None
        self._draw_cards(index, count, reason, events)
        events.append(self._kits[index].skipped)
        self._end_turn(self._next(index), events)

    # ------------------------------------------------------------------ checking

    def _check(self, action: Action) -> int:
        """Raise the ``RuleError`` that refuses ``action``, or return the acting seat's index."""
        index = self._seat_index(action.seat)
        if self._hand_result is not None:
            raise errors.HandOver("the hand is over")
        kind = type(action)
        if kind is CallUno:
            self._check_call_uno(index)
        elif kind is Catch:
            assert isinstance(action, Catch)
            self._check_catch(index, action.target)
        elif kind is JumpIn:
            assert isinstance(action, JumpIn)
            self._check_jump_in(index, action)
        else:
            if index != self._current:
                raise errors.NotYourTurn(f"it is {self.current}'s turn")
            if kind is ChooseColor:
                assert isinstance(action, ChooseColor)
                if not self._awaiting_color:
                    raise errors.ColorPending("no colour is awaited")
                if not isinstance(action.color, Color):
                    raise errors.BadColor("name one of the four colours")
                return index
            if self._awaiting_color:
                raise errors.ColorPending("name the colour of the starting Wild first")
            if kind is PlayCard:
                assert isinstance(action, PlayCard)
                self._check_play(index, action)
            elif kind is Challenge or kind is Accept:
                if self._challenge is None:
                    raise errors.NoChallenge("no Wild Draw Four awaits your answer")
            elif self._challenge is not None:
                raise errors.ChallengePending("challenge or accept the Wild Draw Four")
            elif kind is Draw:
                self._check_draw(index)
            elif kind is KeepDrawing:
                self._check_keep_drawing()
            elif kind is Pass:
                self._check_pass(index)
            else:
                raise errors.RuleError(f"not an action: {action!r}")
        return index

    def _check_card(self, index: int, card: object, color: object, target: object,
                    uno: object) -> None:
        """Checks shared by a play and a jump-in: the card, its colour, a 7's target, UNO."""
        if not isinstance(card, Card) or card not in self._hands[index]:
            raise errors.CardNotInHand(f"you do not hold {card}")
        if card.color is None:
            if not isinstance(color, Color):
                raise errors.BadColor("a wild needs a colour")
        elif color is not None:
            raise errors.BadColor("only a wild takes a colour")
        hand_size = len(self._hands[index])
        swaps = self.rules.seven_zero and card.rank is _SEVEN and hand_size > 1
        if swaps:
            if not isinstance(target, str) or self._index.get(target) in (None, index):
                raise errors.BadTarget("a 7 swaps hands with another seat: name it")
        elif target is not None:
            raise errors.BadTarget("this card takes no target")
        if uno is not False and (uno is not True or hand_size != 2):
            raise errors.CannotCallUno("say UNO with your next-to-last card")

    def _check_play(self, index: int, action: PlayCard) -> None:
        card = action.card
        self._check_card(index, card, action.color, action.target, action.uno)
        if self._pending:
            if not self._stacks(card):
                if self._challenge is not None:
                    raise errors.ChallengePending("challenge or accept the Wild Draw Four")
                raise errors.MustAnswerDraw(f"stack on the draw or draw {self._pending}")
        else:
            if self._has_drawn and not self.rules.draw_until_playable and card != self._drawn:
                raise errors.OnlyDrawnCard(f"after drawing you may play only {self._drawn}")
            if not self._matches(card):
                raise errors.DoesNotMatch(
                    f"{card} does not match {self.top} in {self._color_name()}")
        if self._strict_refuses(index, card):
            raise errors.WildDrawFourRefused(
                f"you hold a {self._color_name()} card: a Wild Draw Four is not allowed")

    def _color_name(self) -> str:
        return self._color.name.lower() if self._color is not None else "no colour"

    def _check_draw(self, index: int) -> None:
        if self._pending:
            return
        if self._has_drawn:
            raise errors.CannotDraw("you already drew this turn")
        if self.rules.draw_until_playable and self._any_playable(index):
            raise errors.MustPlay("you have a playable card: play it")

    def _check_keep_drawing(self) -> None:
        if not self.rules.draw_until_playable or not self._has_drawn:
            raise errors.CannotDraw("you can keep drawing only after drawing, under draw-until-playable")
        if not self._can_draw_more():
            raise errors.CannotDraw("nothing is left to draw")

    def _check_pass(self, index: int) -> None:
        if self._pending:
            raise errors.MustAnswerDraw(f"stack on the draw or draw {self._pending}")
        if not self._has_drawn:
            raise errors.CannotPass("draw before you pass")
        if self.rules.draw_until_playable and self._any_playable(index):
            raise errors.MustPlay("under draw-until-playable the turn ends with a card played")

    def _any_playable(self, index: int) -> bool:
        return bool(self._playable_bits(index))

    def _check_call_uno(self, index: int) -> None:
        size = len(self._hands[index])
        if self._uno_said[index] or not (size == 1 or (size == 2 and index == self._current)):
            raise errors.CannotCallUno("say UNO with one card left, or two on your turn")

    def _check_catch(self, index: int, target: object) -> None:
        target_index = self._seat_index(target)
        if target_index == index:
            raise errors.NotCatchable("you cannot catch yourself")
        if target_index == self._uno_open:
            return
        if self.rules.false_catch_penalty and len(self._hands[target_index]) == 1:
            return  # a false catch, which costs the catcher (R17 option)
        raise errors.NotCatchable(f"{self.seats[target_index]} cannot be caught now")

    def _check_jump_in(self, index: int, action: JumpIn) -> None:
        if not self.rules.jump_in:
            raise errors.JumpInRefused("jump-in is off at this table")
        if index == self._current:
            raise errors.JumpInRefused("it is your turn: play normally")
        if self._awaiting_color or self._pending or self._challenge is not None:
            raise errors.JumpInRefused("no jump-in while a draw or a choice is pending")
        card = action.card
        if not isinstance(card, Card) or card not in self._hands[index]:
            raise errors.CardNotInHand(f"you do not hold {card}")
        if card.color is None or card != self._discard[-1]:
            raise errors.JumpInRefused("jump in only with a coloured card identical to the top card")
        self._check_card(index, card, None, action.target, action.uno)

    # ------------------------------------------------------------------ legal actions

    def _legal(self, index: int) -> list[Action]:
        """The legal actions of ``index``, listed once per state (``apply`` clears the cache)."""
        listed = self._legal_cache.get(index)
        return listed if listed is not None else self._list_legal(index)

    def _list_legal(self, index: int) -> list[Action]:
        """Work out the legal actions of ``index``, and keep them for ``_legal``.

        Card plays come in the order of ``CARD_KINDS`` (under 7-0, 7s first), a wild's in the
        order of ``COLORS``.
        """
        actions: list[Action] = []
        self._legal_cache[index] = actions  # filled in below
        if self._hand_result is not None:
            return actions
        kit = self._kits[index]
        hand = self._hands[index]
        size = len(hand)
        if size <= 2 or self._uno_open is not None or self.rules.false_catch_penalty:
            self._add_uno_actions(index, size, actions)  # (rarely: usually there is nothing)
        if index != self._current:
            if (self.rules.jump_in and not self._awaiting_color and not self._pending
                    and self._challenge is None):
                top = self._discard[-1]
                if top.color is not None and top in hand:
                    self._add_plays(index, top, actions, JumpIn)
            return actions
        if self._awaiting_color:
            actions.extend(ChooseColor(kit.seat, color) for color in COLORS)
        elif self._pending:
            if self._challenge is not None:
                actions.append(kit.challenge)
                actions.append(kit.accept)
            else:
                actions.append(kit.draw)
            for card in _cards_of(self._held[index]):
                if self._stacks(card) and not self._strict_refuses(index, card):
                    self._add_plays(index, card, actions, PlayCard)
        elif self._has_drawn:
            if self.rules.draw_until_playable:
                kinds = _cards_of(self._playable_bits(index))
                for card in kinds:
                    actions.extend(self._plays(index, card, size))
                if self._can_draw_more():
                    actions.append(kit.keep_drawing)
                if not kinds:  # a penalty took the playable card's use away: let them go
                    actions.append(kit.pass_)
            else:
                drawn = self._drawn
                assert drawn is not None
                if self._playable(index, drawn):
                    actions.extend(self._plays(index, drawn, size))
                actions.append(kit.pass_)
        else:  # the common case: play a card (R7, R13) or draw (R8)
            held = self._held[index]  # (_playable_bits inlined)
            playable = held & _MATCHING_BITS[self._color][self._discard[-1].rank]
            if (playable & _WILD_DRAW_FOUR_BIT and self.rules.wild_draw_four is _STRICT
                    and held & _COLOR_BITS[self._color]):
                playable ^= _WILD_DRAW_FOUR_BIT
            if playable:
                if self.rules.seven_zero and playable & _SEVENS and size > 1:  # 7s name a seat
                    for card in _cards_of(playable & _SEVENS):
                        actions.extend(self._plays(index, card, size))
                    playable &= ~_SEVENS
                plays = kit.plays_two if size == 2 else kit.plays
                while playable:  # each kind, lowest bit first (as _cards_of)
                    bit = playable & -playable
                    playable ^= bit
                    actions += plays[bit]
                if self.rules.draw_until_playable:  # R9: must play
                    return actions
            actions.append(kit.draw)
        return actions

    def _add_uno_actions(self, index: int, size: int, actions: list[Action]) -> None:
        """Saying UNO and catching (R17), open to every seat."""
        kit = self._kits[index]
        if (size == 1 or (size == 2 and index == self._current)) and not self._uno_said[index]:
            actions.append(kit.call_uno)
        open_seat = self._uno_open
        if open_seat is not None and open_seat != index:
            actions.append(kit.catch(self.seats[open_seat]))
        if self.rules.false_catch_penalty:
            actions.extend(
                kit.catch(other) for j, other in enumerate(self.seats)
                if j != index and j != open_seat and len(self._hands[j]) == 1
            )

    def _plays(self, index: int, card: Card, size: int) -> tuple[Action, ...]:
        """The PlayCard actions of ``card`` for ``index`` holding ``size`` cards."""
        if self.rules.seven_zero and card.rank is _SEVEN and size > 1:  # it names a seat (R15)
            out: list[Action] = []
            self._add_plays(index, card, out, PlayCard)
            return tuple(out)
        kit = self._kits[index]
        return (kit.plays_two if size == 2 else kit.plays)[_BIT[card]]

    def _add_plays(self, index: int, card: Card, actions: list[Action],
                   kind: type[PlayCard] | type[JumpIn]) -> None:
        seat = self.seats[index]
        size = len(self._hands[index])
        unos = (False, True) if size == 2 else (False,)
        if self.rules.seven_zero and card.rank is _SEVEN and size > 1:
            targets: tuple[str | None, ...] = tuple(s for j, s in enumerate(self.seats) if j != index)
        else:
            targets = (None,)
        if kind is JumpIn:
            actions.extend(JumpIn(seat, card, t, u) for t in targets for u in unos)
        elif card.color is None:
            actions.extend(PlayCard(seat, card, c, None, u) for c in COLORS for u in unos)
        else:
            actions.extend(PlayCard(seat, card, None, t, u) for t in targets for u in unos)

    # ------------------------------------------------------------------ carrying out

    def _on_play(self, index: int, action: PlayCard | JumpIn, events: list[Event]) -> None:
        card = action.card
        rank = card.rank
        hand = self._hands[index]
        color_before = self._color
        guilty = rank is _WILD_DRAW_FOUR and self._holds_color(index, color_before)
        hand.remove(card)
        if card not in hand:  # its last copy
            self._held[index] ^= _BIT[card]
        self._discard.append(card)
        self._current = index
        self._has_drawn = False
        self._drawn = None
        self._challenge = None  # a stacked answer ends any challenge window
        if type(action) is PlayCard:
            color = action.color if card.color is None else card.color
            assert color is not None
            played = self._kits[index].played[color].get(card)
            events.append(played if played is not None else self._kits[index].card_played(card, color))
        else:  # a jump-in: always a coloured card
            color = card.color
            assert color is not None
            events.append(CardPlayed(self.seats[index], card, color, True))
        self._color = color
        if len(hand) == 1:
            said = self._uno_said[index]
            if action.uno and not said:  # UNO said with the card: told like a call_uno
                said = self._uno_said[index] = True
                events.append(UnoCalled(self.seats[index]))
            if not said:
                self._uno_open = index
        else:
            self._uno_said[index] = False

        if not hand:  # R18: the hand ends, but a last Draw Two / Wild Draw Four still counts
            if rank is _DRAW_TWO or rank is _WILD_DRAW_FOUR:
                total = self._pending + (2 if rank is _DRAW_TWO else 4)
                self._pending = 0
                self._draw_cards(self._next(index), total, _draw_reason(rank), events)
            self._end_hand(index, events)
        elif rank not in _SPECIAL_RANKS:
            self._end_turn((index + self._direction) % self._n, events)
        elif rank is _SKIP:
            events.append(self._kits[self._next(index)].skipped)
            self._end_turn(self._next(index, 2), events)
        elif rank is _REVERSE:
            self._direction = -self._direction
            events.append(_DIRECTION_CHANGED[self._direction])
            if self._n == 2:  # R11: acts as a Skip
                events.append(self._kits[self._next(index)].skipped)
                self._end_turn(index, events)
            else:
                self._end_turn(self._next(index), events)
        elif rank is _DRAW_TWO or rank is _WILD_DRAW_FOUR:
            stacked = self._pending > 0
            self._pending += 2 if rank is _DRAW_TWO else 4
            self._pending_rank = rank
            victim = self._next(index)
            if (rank is _WILD_DRAW_FOUR and not stacked
                    and self.rules.wild_draw_four is _CHALLENGE):
                assert color_before is not None
                self._challenge = (index, guilty, color_before)
                self._end_turn(victim, events)
            elif self._can_answer():
                self._end_turn(victim, events)
            else:
                self._take_pending(victim, _draw_reason(rank), events)
        elif rank is _SEVEN and self.rules.seven_zero:
            target = action.target
            assert target is not None
            other = self._index[target]
            self._exchange(index, target, {index: other, other: index}, events)
            self._end_turn(self._next(index), events)
        elif rank is _ZERO and self.rules.seven_zero:
            moves = {j: self._next(j, -1) for j in range(self._n)}  # each takes its neighbour's hand
            self._exchange(index, None, moves, events)
            self._end_turn(self._next(index), events)
        else:  # a Wild, or a 7 or 0 without 7-0
            self._end_turn(self._next(index), events)

    def _exchange(self, index: int, target: str | None, source: dict[int, int],
                  events: list[Event]) -> None:
        """Seat ``j`` takes the hand of seat ``source[j]`` (R15: 7 swaps, 0 rotates)."""
        old, old_held = list(self._hands), list(self._held)
        for j, k in source.items():
            self._hands[j] = old[k]
            self._held[j] = old_held[k]
        self._uno_said = [False] * len(self.seats)
        self._uno_open = None
        events.append(HandsExchanged(
            self.seats[index], target,
            tuple((self.seats[j], len(self._hands[j]), tuple(self._hands[j])) for j in sorted(source)),
        ))

    def _on_draw(self, index: int, action: Draw, events: list[Event]) -> None:
        if self._pending:
            self._take_pending(index, _draw_reason(self._pending_rank), events)
            return
        if self.rules.draw_until_playable:  # R9: draw until a playable card comes
            drawn: list[Card] = []
            while True:
                card = self._pop_card(events)
                if card is None:
                    break
                drawn.append(card)
                if self._playable(index, card):
                    break
            self._give(index, drawn, "draw", events)
            if drawn and self._playable(index, drawn[-1]):
                self._has_drawn = True
            else:
                events.append(self._kits[index].passed)
                self._end_turn(self._next(index), events)
            return
        draw = self._draw  # R8: one card, which may be played at once
        card = draw.pop() if draw else self._pop_card(events)
        if card is None:
            events.append(DrawSkipped(self.seats[index]))
        else:
            self._give_one(index, card, "draw", events)
            if (_BIT[card] & _MATCHING_BITS[self._color][self._discard[-1].rank]  # (_playable)
                    and (card is not _WILD_DRAW_FOUR_CARD or not self._strict_refuses(index, card))):
                self._has_drawn = True
                self._drawn = card
                return
        events.append(self._kits[index].passed)
        self._end_turn((index + self._direction) % self._n, events)

    def _on_keep_drawing(self, index: int, action: KeepDrawing, events: list[Event]) -> None:
        self._draw_cards(index, 1, "keep_drawing", events)

    def _on_pass(self, index: int, action: Pass, events: list[Event]) -> None:
        events.append(self._kits[index].passed)
        self._end_turn((index + self._direction) % self._n, events)

    def _on_choose_color(self, index: int, action: ChooseColor, events: list[Event]) -> None:
        self._color = action.color
        self._awaiting_color = False
        events.append(ColorChosen(self.seats[index], action.color))

    def _on_accept(self, index: int, action: Accept, events: list[Event]) -> None:
        self._challenge = None
        self._take_pending(index, "wild_draw_four", events)

    def _on_call_uno(self, index: int, action: CallUno, events: list[Event]) -> None:
        self._uno_said[index] = True
        if self._uno_open == index:
            self._uno_open = None
        events.append(UnoCalled(self.seats[index]))

    def _on_catch(self, index: int, action: Catch, events: list[Event]) -> None:
        self._do_catch(index, self._index[action.target], events)

    def _on_challenge(self, index: int, action: Challenge, events: list[Event]) -> None:
        self._do_challenge(index, events)

    def _do_challenge(self, index: int, events: list[Event]) -> None:
        assert self._challenge is not None
        offender, guilty, _ = self._challenge
        self._challenge = None
        events.append(Challenged(self.seats[index], self.seats[offender], guilty))
        if guilty:  # R12: the offender draws the 4; the challenger plays normally
            self._pending = 0
            self._pending_rank = None
            self._draw_cards(offender, 4, "challenge", events)
        else:  # the challenger draws 6 and loses the turn
            self._pending += 2
            self._take_pending(index, "challenge", events)

    def _do_catch(self, index: int, target: int, events: list[Event]) -> None:
        if target == self._uno_open:
            self._uno_open = None
            events.append(Caught(self.seats[index], self.seats[target]))
            self._draw_cards(target, self.rules.uno_penalty, "uno_penalty", events)
        else:
            events.append(Caught(self.seats[index], self.seats[target], false_catch=True))
            self._draw_cards(index, self.rules.false_catch_penalty, "false_catch", events)

    def _end_hand(self, winner: int, events: list[Event]) -> None:
        points = sum(card.rank.points for j, hand in enumerate(self._hands) if j != winner
                     for card in hand)
        self.scores[winner] += points
        self._hand_result = HandResult(self.seats[winner], points)
        self._uno_open = None
        scores = tuple(self.scores)
        events.append(HandEnded(self.seats[winner], points, scores))
        target = self.rules.target_score
        if target is None or self.scores[winner] >= target:
            self._match = MatchOutcome(self.seats[winner], scores)
            events.append(MatchEnded(self.seats[winner], scores))

    # ------------------------------------------------------------------ views

    def view(self, seat: str | None) -> View:
        """What ``seat`` may know; ``None`` gives the spectators' view (no hand)."""
        index = None if seat is None else self._seat_index(seat)
        challenge = self._challenge
        own_turn = index is not None and index == self._current
        result = self._hand_result
        if result is not None:  # the hand is over: every hand is shown, with its points
            result = HandResult(result.winner, result.points, tuple(map(tuple, self._hands)))
        return View(
            seat=seat,
            seats=self.seats,
            rules=self.rules,
            hand_number=self.hand_number,
            dealer=self.dealer,
            hand=None if index is None else tuple(self._hands[index]),
            hand_sizes=tuple(map(len, self._hands)),
            top=self._discard[-1],
            color=self._color,
            direction=self._direction,
            current=self.current,
            pending_draw=self._pending,
            challenge_from=None if challenge is None else self.seats[challenge[0]],
            challenge_color=None if challenge is None else challenge[2],
            awaiting_color=self._awaiting_color,
            has_drawn=self._has_drawn,
            drawn=self._drawn if own_turn else None,
            uno_said=tuple(self._uno_said),
            uno_open=None if self._uno_open is None else self.seats[self._uno_open],
            draw_pile=len(self._draw),
            discard_pile=len(self._discard),
            scores=tuple(self.scores),
            hand_result=result,
            outcome=self._match,
            legal=() if index is None else tuple(self._legal(index)),
        )

    # ------------------------------------------------------------------ snapshots

    def snapshot(self) -> dict[str, Any]:
        """The whole game as plain data (dict, list, int, str, bool, None): see engine/snapshot.py
        for the format."""
        return _snapshot.snapshot(self)

    @classmethod
    def restore(cls, data: dict[str, Any]) -> Game:
        """The game that ``snapshot()`` described; it continues exactly as the original would.
        Raises ``SnapshotError`` (a ``ValueError``) for a position that no game could reach."""
        return _snapshot.restore(data, cls)


# How ``apply`` carries out each kind of action, and whether it takes or ends a turn (which
# closes the window for catching a forgotten UNO, R17).
_CARRY_OUT: dict[type, tuple[Callable[[Game, int, Any, list[Event]], None], bool]] = {
    PlayCard: (Game._on_play, True),
    Draw: (Game._on_draw, True),
    Pass: (Game._on_pass, True),
    JumpIn: (Game._on_play, True),
    KeepDrawing: (Game._on_keep_drawing, True),
    ChooseColor: (Game._on_choose_color, True),
    Challenge: (Game._on_challenge, True),
    Accept: (Game._on_accept, True),
    CallUno: (Game._on_call_uno, False),
    Catch: (Game._on_catch, False),
}
assert set(_CARRY_OUT) == {*TURN_ACTIONS, CallUno, Catch}

# Ranks whose play does more than pass the turn on (7 and 0 only under 7-0, checked then).
_SPECIAL_RANKS = frozenset({_SKIP, _REVERSE, _DRAW_TWO, _WILD_DRAW_FOUR,
                            _SEVEN, _ZERO})


def _draw_reason(rank: Rank | None) -> str:
    return "wild_draw_four" if rank is _WILD_DRAW_FOUR else "draw_two"
