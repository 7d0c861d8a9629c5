"""The public history of a hand as one seat remembers it, and what that seat can infer from it.

A ``Tracker`` is fed the events of a game *as redacted for its seat* (``Event.for_seat``), so it
can never know more than a person in that seat: it reads the cards of an event only where the
event is about its own seat, and ignores any other seat's cards even if it is given them. Feed it
the events of each ``Game.apply`` (and of each deal) in one call, in order::

    tracker = Tracker("P2", game.seats, game.rules)
    tracker.feed(event.for_seat("P2") for event in game.deal_events)
    ...
    tracker.feed(event.for_seat("P2") for event in game.apply(action))

(one call per ``apply``: under the official drawing rule a pass that comes with the draw, in the
same call, says the drawn card could not be played; one that comes later, that it was kept.)

What it keeps, for the current hand (a new hand starts afresh):

* ``log``: every play (``Played``: seat, card, colour named or in play, jump-in), every draw
  (``DrewCards``: seat, how many, why: the reasons of ``events.Drew``), every pass (``PassRecord``:
  whether the seat drew this turn and, under the official rule, whether the drawn card could be
  played), and every challenge (``ChallengeRecord``: who, whom, the outcome, the colour in play
  when the Wild Draw Four came). ``plays``, ``draws``, ``passes`` and ``challenges`` filter it.
* ``unseen()``: the cards the seat cannot see: the 108 (R1) minus its own hand and the discard
  pile since the last reshuffle. These are exactly the other hands and the draw pile.
* ``known_held(seat)``: cards of ``unseen()`` known to be in another seat's hand: after a 7-0
  exchange (R15) the seat knows where its old hand went; each card it then sees that seat play
  comes off. A lower bound: the seat may hold more of them. ``unplaced()`` is ``unseen()`` minus
  every ``known_held``: the cards whose place the seat does not know, to deal the others'
  unknown cards from. A challenge of a Wild Draw Four (R12) shows the challenger the offender's
  whole hand (Mattel): the challenger then knows every card of it, as after an exchange; the
  other seats learn only who was right.
* ``not_held(seat)``: what another seat is known *not* to hold right now, as colours and ranks
  no card of its hand has (``could_hold(seat, card)`` asks about one card). Only exact
  inferences, each true of the whole hand at the moment it is made:

  - draw until playable (R9): a seat that draws (no draw pending) held nothing playable, and
    every card it draws but the last is unplayable too; the colour in play, the top card's rank
    and both wilds are excluded once the seat plays its next card (which must then be the last
    one drawn: nothing else was playable), or at once if it passes (it drew nothing playable).
    A pass under R9 always means nothing playable was held. (A Wild Draw Four counts as
    playable there: with the colour in play absent, even strict R13 lets it go.)
  - strict Wild Draw Four (R13): whoever plays one held no card of the colour in play before it.
  - a challenge the challenger lost (R12): the offender held no card of the colour in play when
    it played the Wild Draw Four (unless it drew since, say for a forgotten UNO).

  Under the official drawing rule (R8) a draw tells nothing about the hand (drawing is allowed
  with a playable card), and a pass after a draw only about the drawn card; declining to stack
  or to jump in tells nothing either (both are optional). A seat that draws any card it is not
  known to lack loses its facts; facts and known cards travel with a hand in a 7-0 exchange.
  The seat's own ``not_held`` is empty: it sees its hand.

Standard library only, pure: no clocks, no randomness.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .cards import WILD_RANKS, Card, Color, Rank, full_deck
from .events import (
    CardPlayed,
    Challenged,
    ColorChosen,
    Dealt,
    DirectionChanged,
    DrawReason,
    DrawSkipped,
    Drew,
    Event,
    HandsExchanged,
    HandStarted,
    Passed,
    Reshuffled,
    StartingCard,
    TurnStarted,
)
from .rules import RuleSet, WildDrawFour
from .view import View

# Compared with ``==``: an event decoded from the wire carries the reason as a plain string.
_DRAW = DrawReason.DRAW
_OWN_DRAWS = (DrawReason.DRAW, DrawReason.KEEP_DRAWING)

__all__ = [
    "ChallengeRecord",
    "DrewCards",
    "NotHeld",
    "PassRecord",
    "Played",
    "Record",
    "Tracker",
    "since_deal",
]

_FULL_DECK: Counter[Card] = Counter(full_deck())


@dataclass(frozen=True, slots=True)
class Played:
    seat: str
    card: Card
    color: Color  # the colour in play after it (a wild's named colour)
    jump_in: bool = False


@dataclass(frozen=True, slots=True)
class DrewCards:
    seat: str
    count: int
    reason: str  # ``events.Drew.reason``: a ``DrawReason``


@dataclass(frozen=True, slots=True)
class PassRecord:
    seat: str
    drew: int  # cards the seat drew this turn before passing (0: none)
    drawn_playable: bool | None  # official rule (R8): could the drawn card be played? else None


@dataclass(frozen=True, slots=True)
class ChallengeRecord:
    challenger: str
    offender: str
    guilty: bool  # True: the offender held the colour and drew 4; False: the challenger drew 6
    color: Color | None  # the colour in play when the Wild Draw Four was played


Record = Played | DrewCards | PassRecord | ChallengeRecord


@dataclass(frozen=True, slots=True)
class NotHeld:
    """Colours and ranks that no card of a hand has (a rank excludes it in every colour; the
    wild ranks exclude the wilds)."""

    colors: frozenset[Color] = frozenset()
    ranks: frozenset[Rank] = frozenset()

    def excludes(self, card: Card) -> bool:
        return card.rank in self.ranks or (card.color is not None and card.color in self.colors)

    def __or__(self, other: NotHeld) -> NotHeld:
        return NotHeld(self.colors | other.colors, self.ranks | other.ranks)

    def __bool__(self) -> bool:
        return bool(self.colors or self.ranks)


_NOTHING = NotHeld()


class Tracker:
    """One seat's memory of the current hand (``seat`` None: a spectator's). See the module."""

    def __init__(self, seat: str | None, seats: Iterable[str], rules: RuleSet) -> None:
        self.seat = seat
        self.seats: tuple[str, ...] = tuple(seats)
        if seat is not None and seat not in self.seats:
            raise ValueError(f"no seat {seat!r} among {self.seats}")
        self.rules = rules
        self._start_hand(0, 1)

    def _start_hand(self, number: int, direction: int) -> None:
        self.hand_number = number
        self.direction = direction
        self.top: Card | None = None
        self.color: Color | None = None
        self.current: str | None = None
        self.log: list[Record] = []
        self._hand: list[Card] = []
        self._sizes = dict.fromkeys(self.seats, 0)
        self._discard: Counter[Card] = Counter()
        self._known: dict[str, Counter[Card]] = {s: Counter() for s in self.seats}
        self._facts: dict[str, NotHeld] = dict.fromkeys(self.seats, _NOTHING)
        self._facts_then: dict[int, dict[str, NotHeld]] = {}  # per play's place in the log
        # R9: what a seat that drew will be known to lack once it plays its next card.
        self._after_play: dict[str, NotHeld] = {}
        # R12: the colour in play before a seat's last Wild Draw Four, and what the seat lacks
        # if the challenge of it fails (dropped if it draws in between).
        self._wd4_color: dict[str, Color] = {}
        self._if_innocent: dict[str, NotHeld] = {}
        self._drew_this_turn = 0

    # ------------------------------------------------------------------ queries

    @property
    def hand(self) -> tuple[Card, ...] | None:
        """The seat's own hand (None for a spectator)."""
        return None if self.seat is None else tuple(self._hand)

    def size_of(self, seat: str) -> int:
        return self._sizes[seat]

    def unseen(self) -> Counter[Card]:
        """The 108 cards minus the own hand and the discard pile: the others' hands and the
        draw pile, as far as this seat can tell."""
        return _FULL_DECK - Counter(self._hand) - self._discard

    def known_held(self, seat: str) -> Counter[Card]:
        """Cards known to be in ``seat``'s hand (a lower bound; empty for the own seat)."""
        return Counter(self._known[seat])

    def unplaced(self) -> Counter[Card]:
        """``unseen()`` minus every card known to be in some hand."""
        pool = self.unseen()
        for known in self._known.values():
            pool -= known
        return pool

    def not_held(self, seat: str) -> NotHeld:
        """What ``seat`` is known not to hold now (empty for the own seat)."""
        return self._facts[seat]

    def facts_before(self, index: int) -> Mapping[str, NotHeld]:
        """What each seat was known not to hold just before the play ``log[index]`` (what the
        seat that played it could tell of the others then; what is known now, for a play this
        tracker did not see)."""
        then = self._facts_then.get(index)
        return dict(self._facts) if then is None else then

    def could_hold(self, seat: str, card: Card) -> bool:
        return not self._facts[seat].excludes(card)

    @property
    def plays(self) -> list[Played]:
        return [r for r in self.log if isinstance(r, Played)]

    @property
    def draws(self) -> list[DrewCards]:
        return [r for r in self.log if isinstance(r, DrewCards)]

    @property
    def passes(self) -> list[PassRecord]:
        return [r for r in self.log if isinstance(r, PassRecord)]

    @property
    def challenges(self) -> list[ChallengeRecord]:
        return [r for r in self.log if isinstance(r, ChallengeRecord)]

    # ------------------------------------------------------------------ feeding

    @classmethod
    def from_view(cls, view: View) -> Tracker:
        """A tracker for ``view``'s seat made mid-hand (a bot for a seat whose person left, a
        restored room's bot, a client that joined or came back during a hand): it never saw the
        deal, so it starts from what the view shows (``view_events``) and knows less than a seat
        that watched from the start: the cards played before are unseen to it."""
        tracker = cls(view.seat, view.seats, view.rules)
        tracker.feed(view_events(view))
        return tracker

    @classmethod
    def watched(cls, view: View, past: Sequence[Iterable[Event]]) -> Tracker:
        """A tracker for ``view``'s seat told ``view``'s hand from its deal by ``past`` (the
        events of each apply since that deal, as the room's history gives them: see
        ``since_deal``), as if it had watched; made ``from_view`` if ``past`` does not tell this
        hand (another hand's, or out of step)."""
        tracker = cls(view.seat, view.seats, view.rules)
        try:
            for events in past:
                tracker.feed(events)
        except (ValueError, KeyError):
            return cls.from_view(view)
        if tracker.hand_number != view.hand_number or Counter(tracker.hand or ()) != Counter(view.hand or ()):
            return cls.from_view(view)
        return tracker

    def follows(self, view: View) -> bool:
        """Whether this tracker can go on following the match ``view`` is of (else: a new one)."""
        return self.seat == view.seat and self.seats == view.seats and self.rules == view.rules

    def feed(self, events: Iterable[Event]) -> None:
        """The events of one ``Game.apply`` (or one deal), redacted for this seat, in order."""
        drew_now: str | None = None  # a seat that drew in this very call (R8 forced pass)
        for event in events:
            if (isinstance(event, Drew) and event.reason == _DRAW) or isinstance(event, DrawSkipped):
                drew_now = event.seat
            self._one(event, drew_now)

    def _one(self, event: Event, drew_now: str | None) -> None:
        if isinstance(event, CardPlayed):
            self._on_played(event)
        elif isinstance(event, Drew):
            self._on_drew(event)
        elif isinstance(event, TurnStarted):
            self.current = event.seat
            self._drew_this_turn = 0
            self._after_play = {s: f for s, f in self._after_play.items() if s == event.seat}
        elif isinstance(event, Passed):
            self._on_passed(event, drew_now == event.seat)
        elif isinstance(event, Challenged):
            self._on_challenged(event)
        elif isinstance(event, HandsExchanged):
            self._on_exchanged(event)
        elif isinstance(event, ColorChosen):
            self.color = event.color
        elif isinstance(event, DirectionChanged):
            self.direction = event.direction
        elif isinstance(event, Reshuffled):
            # Every discard but the top card went back under the draw pile, unseen again.
            self._discard = Counter() if self.top is None else Counter([self.top])
        elif isinstance(event, StartingCard):
            if not event.returned:  # a returned Wild Draw Four went back into the pile (R6)
                self.top, self.color = event.card, event.card.color
                self._discard[event.card] += 1
        elif isinstance(event, Dealt):
            self._sizes[event.seat] = event.count
            if event.seat == self.seat and event.cards is not None:
                self._hand = list(event.cards)
        elif isinstance(event, HandStarted):
            self._start_hand(event.hand_number, event.direction)
        # UnoCalled, Caught, Skipped, HandEnded, MatchEnded: nothing to remember here (a catch's
        # penalty comes as a Drew).

    def _on_played(self, event: CardPlayed) -> None:
        seat, card = event.seat, event.card
        color_before = self.color
        self._facts_then[len(self.log)] = dict(self._facts)
        self.log.append(Played(seat, card, event.color, event.jump_in))
        self._sizes[seat] -= 1
        self._discard[card] += 1
        self.top, self.color = card, event.color
        # A card played changes the top: any other seat's R9 draw no longer tells anything.
        after = self._after_play.pop(seat, None)
        self._after_play.clear()
        if card.rank is Rank.WILD_DRAW_FOUR and color_before is not None:
            self._wd4_color[seat] = color_before
        if seat == self.seat:
            self._hand.remove(card)
            return
        known = self._known[seat]
        if known[card] > 0:
            known[card] -= 1
            if not known[card]:  # (gone: a key kept at 0 reads as a card held to ``for card in``)
                del known[card]
        if after is not None and not event.jump_in:
            self._facts[seat] = after  # the card was the one drawn last; the rest lack these
        if card.rank is Rank.WILD_DRAW_FOUR and color_before is not None:
            lacks = NotHeld(frozenset({color_before}))
            if self.rules.wild_draw_four is WildDrawFour.STRICT:
                self._facts[seat] |= lacks  # R13 refuses it to whoever holds the colour
            else:
                self._if_innocent[seat] = lacks

    def _on_drew(self, event: Drew) -> None:
        seat = event.seat
        self.log.append(DrewCards(seat, event.count, event.reason))
        self._sizes[seat] += event.count
        if seat == self.current and event.reason in _OWN_DRAWS:
            self._drew_this_turn += event.count
        if seat == self.seat:
            if event.cards is not None:
                self._hand.extend(event.cards)
            return
        # New cards we cannot see: nothing known of the hand holds any more...
        self._facts[seat] = _NOTHING
        self._after_play.pop(seat, None)
        self._if_innocent.pop(seat, None)
        if event.reason == _DRAW and self.rules.draw_until_playable:
            # ... but under R9 a seat draws only with nothing playable, and stops at the first
            # playable card: all it holds but that card lacks these (R7).
            self._after_play[seat] = self._unplayable_now()

    def _on_passed(self, event: Passed, drew_now: bool) -> None:
        seat = event.seat
        playable: bool | None = None
        if not self.rules.draw_until_playable and self._drew_this_turn:
            playable = not drew_now  # R8: passing at once means the drawn card could not go
        self.log.append(PassRecord(seat, self._drew_this_turn, playable))
        self._after_play.pop(seat, None)
        if seat != self.seat and self.rules.draw_until_playable:
            # R9: a pass (with the draw, or later) is allowed only with nothing playable.
            self._facts[seat] |= self._unplayable_now()

    def _on_challenged(self, event: Challenged) -> None:
        lacks = self._if_innocent.pop(event.target, None)
        color = self._wd4_color.get(event.target)
        self.log.append(ChallengeRecord(event.seat, event.target, event.guilty, color))
        if not event.guilty and lacks is not None and event.target != self.seat:
            self._facts[event.target] |= lacks
        if event.hand is not None and event.target != self.seat:  # shown to us, the challenger
            self._known[event.target] = Counter(event.hand)

    def _on_exchanged(self, event: HandsExchanged) -> None:
        """R15: a 7 swaps two hands; a 0 passes every hand one seat in the direction of play.
        Facts and known cards go with the hands; the seat knows where its old hand went."""
        source = event.sources(self.seats, self.direction)
        facts, known = dict(self._facts), {s: Counter(c) for s, c in self._known.items()}
        for seat, giver in source.items():
            self._facts[seat], self._known[seat] = facts[giver], known[giver]
        old_hand = self._hand
        for seat, count, cards in event.hands:
            self._sizes[seat] = count
            if seat == self.seat and cards is not None:
                self._hand = list(cards)
        if self.seat is not None and self.seat in source:
            for seat, giver in source.items():
                if giver == self.seat:  # exactly our old hand: every card known
                    self._known[seat] = Counter(old_hand)
                    self._facts[seat] = _NOTHING
            self._known[self.seat] = Counter()
            self._facts[self.seat] = _NOTHING
        self._after_play.clear()
        self._if_innocent.clear()

    def _unplayable_now(self) -> NotHeld:
        """What a hand with nothing playable now lacks: the colour in play, the top card's
        rank, and both wilds (R7)."""
        colors = frozenset() if self.color is None else frozenset({self.color})
        ranks = WILD_RANKS if self.top is None else WILD_RANKS | {self.top.rank}
        return NotHeld(colors, ranks)


def since_deal(batches: Sequence[list[Event]]) -> list[list[Event]] | None:
    """The batches of events (one per apply) from the last deal on, or None if none is a deal:
    what ``Tracker.watched`` needs of a room's history."""
    starts = [i for i, batch in enumerate(batches) if batch and isinstance(batch[0], HandStarted)]
    return list(batches[starts[-1]:]) if starts else None


def view_events(view: View) -> list[Event]:
    """What ``view``'s seat can see now, as the events a tracker learns it from: the hand under
    way, each seat's card count, the seat's own cards, the top card and the colour in play."""
    events: list[Event] = [HandStarted(view.hand_number, view.dealer, view.direction)]
    events += [Dealt(seat, size, view.hand if seat == view.seat else None)
               for seat, size in zip(view.seats, view.hand_sizes, strict=True)]
    events.append(StartingCard(view.top))
    if view.color is not None and view.color is not view.top.color:
        events.append(ColorChosen(view.current, view.color))
    events.append(TurnStarted(view.current))
    return events
