"""Deck stacking: games in a chosen state, and deals in a chosen order.

Three tools:

* ``stacked_game(...)`` builds a ``Game`` in any state by editing the plain data of
  ``game.snapshot()`` and calling ``Game.restore``. Hands, the top card, the colour in play, the
  order of the draw pile, the current seat, the direction and the dealer are chosen; every other
  card goes to the bottom of the draw pile (or of the discard pile), so the 108 cards of R1 are
  always all there.
* ``ArrangedRandom`` is a ``random.Random`` whose ``shuffle`` lays out a chosen order, so a real
  deal (R3, R5, R6) can be tested. ``deal_rng(...)`` builds one for "these hands, and this card
  turned up".
* ``rigged_deal(...)`` is the same for a server's rooms: a ``ServerConfig.deal_rng`` that deals
  every match started from chosen hands, with a chosen first dealer.

Cards are written in their text form (``"R7 B+2 W W+4"``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, MutableSequence, Sequence
from typing import Any

from engine import Card, Game, RuleSet, full_deck
from engine.events import Event

SEAT_NAMES = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J")


def seats(n: int) -> tuple[str, ...]:
    return SEAT_NAMES[:n]


def cards(text: str | Iterable[str]) -> list[Card]:
    """``"R7 B+2 W"`` -> the three cards (an iterable of texts works too)."""
    parts = text.split() if isinstance(text, str) else list(text)
    return [Card.parse(part) for part in parts]


def _take(pool: Counter[Card], wanted: Iterable[Card]) -> None:
    for card in wanted:
        if pool[card] <= 0:
            raise ValueError(f"the deck has no more {card}")
        pool[card] -= 1


def _pool_list(pool: Counter[Card]) -> list[Card]:
    """The cards left in ``pool``, in the deck's fixed order."""
    out: list[Card] = []
    left = Counter(pool)
    for card in full_deck():
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    return out


def stacked_game(
    hands: Mapping[str, str] | Sequence[str],
    top: str = "R5",
    *,
    rules: RuleSet | None = None,
    color: str | None = None,
    draw: str = "",
    rest: str = "draw",
    under_top: str = "",
    current: str | None = None,
    direction: int | None = None,
    dealer: str | None = None,
    seat_names: Sequence[str] | None = None,
    seed: int = 0,
    **state: Any,
) -> Game:
    """A game in a chosen state.

    ``hands``: a card text per seat (a list, one per seat in order, or a mapping seat -> text).
    ``top``: the top of the discard pile; ``color`` the colour in play (default: the top card's).
    ``draw``: the draw pile from its top down (the first card listed is drawn first).
    ``rest``: where the other cards go: ``"draw"`` (below ``draw``) or ``"discard"`` (below the
    top card, leaving the draw pile exactly ``draw``). ``under_top``: cards just below the top.
    ``current`` (default the first seat), ``direction`` (default the rules' R5 direction),
    ``dealer`` (default the seat before ``current``). Any other keyword sets the snapshot field of
    that name (``pending``, ``pending_rank``, ``challenge``, ``has_drawn``, ``drawn``, ``uno_said``,
    ``uno_open``, ``scores``, ``awaiting_color``...).
    """
    rules = rules if rules is not None else RuleSet()
    if isinstance(hands, Mapping):
        names = tuple(seat_names) if seat_names is not None else tuple(hands)
        hand_cards = [cards(hands.get(seat, "")) for seat in names]
    else:
        names = tuple(seat_names) if seat_names is not None else seats(len(hands))
        hand_cards = [cards(text) for text in hands]
    game = Game(names, rules, random.Random(seed), dealer=names[0])
    data = game.snapshot()

    top_card = Card.parse(top)
    draw_cards = cards(draw)
    under = cards(under_top)
    pool = Counter(full_deck())
    for hand in hand_cards:
        _take(pool, hand)
    _take(pool, [top_card, *draw_cards, *under])
    leftovers = _pool_list(pool)

    index = {seat: i for i, seat in enumerate(names)}
    cur = index[current] if current is not None else 0
    if direction is None:
        direction = 1 if rules.first_to_left else -1
    dealer_index = index[dealer] if dealer is not None else (cur - direction) % len(names)

    # Snapshot order: the draw pile is popped from its end, the discard pile's top is its end.
    draw_pile = list(reversed(draw_cards))
    discard = [*reversed(under), top_card]
    if rest == "draw":
        draw_pile = leftovers + draw_pile
    elif rest == "discard":
        discard = leftovers + discard
    else:
        raise ValueError("rest is 'draw' or 'discard'")

    data.update(
        hands=[[str(c) for c in hand] for hand in hand_cards],
        draw=[str(c) for c in draw_pile],
        discard=[str(c) for c in discard],
        color=color if color is not None else (None if top_card.color is None else top_card.color.value),
        direction=direction,
        current=cur,
        dealer=dealer_index,
        uno_said=[False] * len(names),
        # A fresh turn, whatever the real deal behind ``data`` turned up (say, a Wild awaiting
        # its colour): restore refuses a position no game could reach.
        awaiting_color=False, pending=0, pending_rank=None, challenge=None, has_drawn=False,
        drawn=None, uno_open=None,
    )
    for key, value in state.items():
        if key not in data:
            raise KeyError(f"no snapshot field {key!r}")
        data[key] = value
    restored = Game.restore(data)
    assert Counter(restored.all_cards()) == Counter(full_deck())
    return restored


# ---------------------------------------------------------------------- controlling the deal


Arrangement = Callable[[list[Card]], list[Card]]


class ArrangedRandom(random.Random):
    """A seeded ``random.Random`` whose next shuffles lay out chosen orders.

    Each queued arrangement receives the list being shuffled and returns its new order (the same
    cards); ``None`` in the queue means "shuffle normally". Once the queue is empty, shuffles are
    the seeded ones.
    """

    def __init__(self, *arrangements: Arrangement | None, seed: int = 0) -> None:
        super().__init__(seed)
        self.arrangements: list[Arrangement | None] = list(arrangements)
        self.shuffles = 0

    def shuffle(self, x: MutableSequence[Any]) -> None:
        self.shuffles += 1
        arrange = self.arrangements.pop(0) if self.arrangements else None
        if arrange is None:
            super().shuffle(x)
            return
        new = arrange(list(x))
        if Counter(new) != Counter(x):
            raise AssertionError("an arrangement must keep the same cards")
        x[:] = new


def deal_order(n_seats: int, hands: Sequence[str] = (), turn: str = "R5") -> Arrangement:
    """An arrangement of the full deck for ``Game._deal`` (R3): seat ``i`` gets ``hands[i]``
    (filled up to 7 from the other cards), and the draw pile yields the cards of ``turn`` first
    (the first one is turned up to start the discard pile)."""

    def arrange(deck: list[Card]) -> list[Card]:
        pool = Counter(deck)
        wanted = [cards(text) for text in hands] + [[] for _ in range(n_seats - len(hands))]
        turned = cards(turn)
        for hand in wanted:
            _take(pool, hand)
        _take(pool, turned)
        # Fill hands from the end of the fixed order (blue cards first); keep the wilds out of
        # filled-up hands and at the very bottom of the draw pile so they surprise no test.
        spare = [c for c in reversed(_pool_list(pool)) if not c.is_wild]
        wilds = [c for c in _pool_list(pool) if c.is_wild]
        out: list[Card] = []
        for hand in wanted:
            need = 7 - len(hand)
            if need < 0:
                raise ValueError("a hand has 7 cards")
            out.extend(hand + spare[:need])
            del spare[:need]
        out.extend(wilds + spare)  # the draw pile, bottom first
        out.extend(reversed(turned))  # the draw pile is popped from its end
        return out

    return arrange


def put_on_top(text: str) -> Arrangement:
    """An arrangement of a pile (a list popped from its end) that brings ``text`` to its top,
    first card first."""

    def arrange(pile: list[Card]) -> list[Card]:
        wanted = cards(text)
        pool = Counter(pile)
        _take(pool, wanted)
        return _pool_list(pool) + list(reversed(wanted))

    return arrange


def deal_rng(n_seats: int, hands: Sequence[str] = (), turn: str = "R5",
             *later: Arrangement | None, seed: int = 0) -> ArrangedRandom:
    return ArrangedRandom(deal_order(n_seats, hands, turn), *later, seed=seed)


def of_type(events: Iterable[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def play_all(game: Game, *actions: Any) -> list[Event]:
    """Apply the actions in order; return all their events."""
    out: list[Event] = []
    for action in actions:
        out.extend(game.apply(action))
    return out


# ---------------------------------------------------------------------------- a server's deals


class _DealerRandom(ArrangedRandom):
    """An ``ArrangedRandom`` whose ``randrange`` (the pick of the first dealer) is fixed."""

    def __init__(self, dealer: int, *arrangements: Arrangement | None, seed: int = 0) -> None:
        super().__init__(*arrangements, seed=seed)
        self.dealer = dealer

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return self.dealer


def room_deal_order(hands: Sequence[str], turn: str) -> Arrangement:
    """An arrangement of the full deck for a room's first deal: seat by seat (in seat order)
    ``hands``, each filled up to 7 with plain blue numbers so the chosen cards decide what
    happens, then the rest in a seeded order, and ``turn`` turned up."""

    def arrange(deck: list[Card]) -> list[Card]:
        pool = Counter(deck)
        wanted = [cards(hand) for hand in hands]
        turned = Card.parse(turn)
        for hand in wanted:
            _take(pool, hand)
        _take(pool, [turned])
        spare = [c for c in full_deck() if pool[c] > 0 and c.color is not None
                 and c.color.value == "B" and c.rank.is_number]
        out: list[Card] = []
        for hand in wanted:
            filler = spare[: 7 - len(hand)]
            del spare[: 7 - len(hand)]
            _take(pool, filler)
            out.extend(hand + filler)
        rest = _pool_list(pool)
        random.Random(1).shuffle(rest)
        return [*out, *rest, turned]

    return arrange


def rigged_deal(hands: Sequence[str], turn: str, dealer: int) -> Callable[[str], random.Random]:
    """A ``ServerConfig.deal_rng``: every match a room starts deals ``hands`` and turns up
    ``turn``, ``dealer`` (an index) deals first; later shuffles are seeded ones."""

    def deal_rng(room_id: str) -> random.Random:
        return _DealerRandom(dealer, room_deal_order(hands, turn))

    return deal_rng
