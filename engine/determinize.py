"""A whole game built from what one seat knows: its ``View``, its ``Tracker``, and sampled cards.

A search over hidden cards (engine/bots/expert.py) cannot look at the real game; it plays ahead in
*determinizations*: games that agree with everything the seat has seen, with the cards it has not
seen dealt at random. ``determinize(view, tracker, rng)`` deals the seat's unplaced cards
(``Tracker.unplaced()``) to the other hands (whose sizes are public) and the draw pile, so that

* each other hand holds the cards the tracker knows it holds (``known_held``) and none that its
  facts exclude (``not_held``);
* under the official drawing rule (R8), a seat that drew this turn and still has the turn holds
  the drawn card and may play it (else the engine would have passed for it);
* a Wild Draw Four awaiting challenge (R12) is guilty exactly when its player's sampled hand
  holds the colour that was in play;
* everything public (piles' sizes, the top card and colour, turn, direction, draws pending, UNO
  said, scores) is the view's, and ``determinize(...).view(view.seat) == view``.

How uniform: among the deals consistent with those facts, the draw is exactly uniform when at most
one other hand is constrained by facts (that hand is dealt first, uniformly from the cards it may
hold; the rest is shuffled). With several constrained hands, dealing them one after another
favours the first hands a little; a short Metropolis walk over swaps (each swap of two cards that
keeps every fact, proposed symmetrically) then moves the deal towards the uniform one
(``SWAPS_PER_CARD`` proposals per constrained card). Facts the tracker holds that are not in its
public API (what a seat that drew under R9 will be known to lack once it plays) are not used.

Beliefs beyond the facts a bot may add (``Determinizer``): ``honest`` (default 0: none),
the share of deals in which a Wild Draw Four awaiting challenge was honest; ``beliefs``, per seat
what all but its ``fresh`` newest cards are believed to lack (e.g. ``hard.soft_facts``: a seat that
drew under R8 held nothing playable), which binds as a fact does, on the older part of the hand
only; and ``holds``, per seat a colour it is believed to hold a card of and the share of deals
that give it one (e.g. ``hard.named_colors``: a seat holds the colour it named). When the cards
left cannot honour a belief, it gives way (the facts never do), and a lack wins over a hold.
And a ``likelihood`` of the other hands, for a bot that models how the others choose their moves
(engine/bots/intent.py): each deal is then drawn from ``draws`` sampled ones by their likelihood
(sampling importance resampling), which moves the deals towards the hands that explain the moves.

Without a usable tracker (None, or one that missed part of the hand: its counts disagree with
the view) only the view is used: the discard pile below the top card is unseen then, and dealt
too. A determinized game is always one that ``Game.restore``'s checks accept.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from .cards import CARD_KINDS, Card, Color, full_deck
from .game import Game
from .hand import BIT, COLOR_BITS, Hand, matches
from .tracker import NotHeld, Tracker
from .view import HandResult, View

__all__ = ["SWAPS_PER_CARD", "Determinizer", "Likelihood", "determinize"]

Likelihood = Callable[[Sequence[Sequence[Card]]], float]
"""How likely the other seats' sampled hands (by seat index; the searching seat's is empty) make
what they were seen to do, up to a constant factor (engine/bots/intent.py)."""

SWAPS_PER_CARD = 4
"""Metropolis swap proposals per card of the hands that facts constrain."""

_FULL_DECK: Counter[Card] = Counter(full_deck())


def determinize(view: View, tracker: Tracker | None, rng: random.Random,
                game_rng: random.Random | None = None) -> Game:
    """A game that agrees with ``view`` (and ``tracker``'s facts), the unseen cards dealt with
    ``rng``; ``game_rng`` (default: ``rng``) is the game's own random source (reshuffles)."""
    return Determinizer(view, tracker).deal(rng, game_rng)


def _usable(view: View, tracker: Tracker | None) -> bool:
    """Whether ``tracker`` saw this whole hand: its counts agree with the view's."""
    if tracker is None or tracker.seat != view.seat or tracker.hand_number != view.hand_number:
        return False
    hand = tracker.hand
    if hand is None or Counter(hand) != Counter(view.hand or ()) or tracker.top != view.top:
        return False
    if any(tracker.size_of(s) != size for s, size in zip(view.seats, view.hand_sizes, strict=True)):
        return False
    unseen = tracker.unseen()
    discard = _FULL_DECK - Counter(hand) - unseen
    others = sum(view.hand_sizes) - len(hand)
    if sum(discard.values()) != view.discard_pile or unseen.total() != view.draw_pile + others:
        return False
    return all(tracker.known_held(s).total() <= size
               for s, size in zip(view.seats, view.hand_sizes, strict=True) if s != view.seat)


class Determinizer:
    """What every determinization of ``view`` shares (the cards placed, the facts, the slots to
    deal into), worked out once; ``deal`` samples one game. A search deals hundreds from one view:
    measured at four seats mid-hand, a deal from a ready one takes 50-80 us, ``determinize``
    250-330 us."""

    def __init__(self, view: View, tracker: Tracker | None, honest: float = 0.0,
                 beliefs: Mapping[str, tuple[NotHeld, int]] | None = None,
                 holds: Mapping[str, tuple[Color, float]] | None = None,
                 likelihood: Likelihood | None = None, draws: int = 1) -> None:
        if view.seat is None or view.hand is None:
            raise ValueError("a determinization is built from a seat's view, not a spectator's")
        me = view.seats.index(view.seat)
        if not _usable(view, tracker):
            tracker = None
        self.view, self.me = view, me
        n = len(view.seats)
        hand = list(view.hand or ())
        result = view.hand_result
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.excluded = [0] * n  # per seat: the card kinds (bits) its facts exclude
        if result is not None and len(result.hands) == n:  # the hand is over: all shown
            self.known = [list(cards) for cards in result.hands]
        elif tracker is not None:
            for j, seat in enumerate(view.seats):
                if j != me:
                    self.known[j] = list(tracker.known_held(seat).elements())
                    facts = tracker.not_held(seat)
                    if facts:
                        self.excluded[j] = sum(BIT[c] for c in CARD_KINDS if facts.excludes(c))
        self.known[me] = []
        placed = Counter(hand) + Counter(c for cards in self.known for c in cards)
        placed[view.top] += 1
        if tracker is not None:
            discard = _FULL_DECK - Counter(hand) - tracker.unseen()
            discard[view.top] -= 1
            self.discard_below = list(discard.elements())
            self.hidden_discard = 0
        else:
            self.discard_below = []
            self.hidden_discard = view.discard_pile - 1
        self.unplaced = list((_FULL_DECK - placed - Counter(self.discard_below)).elements())
        self.needs = [0 if j == me else size - len(self.known[j])
                      for j, size in enumerate(view.hand_sizes)]
        # Per seat: the kinds its older cards are believed to lack, and how many cards are older.
        self.soft = [0] * n
        self.older = [0] * n
        if tracker is not None and beliefs:
            for seat, (lacks, fresh) in beliefs.items():
                j = view.seats.index(seat)
                if j != me and self.needs[j] > fresh and (lacks.colors or lacks.ranks):
                    self.soft[j] = sum(BIT[c] for c in CARD_KINDS if lacks.excludes(c))
                    self.older[j] = self.needs[j] - fresh
        # Per seat: a colour it is believed to hold a card of, and the share of deals that honour it.
        self.holds: list[tuple[int, Color, float]] = []
        if tracker is not None and holds:
            for seat, (color, share) in holds.items():
                j = view.seats.index(seat)
                if j != me and self.needs[j] > 0 and share > 0 \
                        and not any(c.color is color for c in self.known[j]):
                    self.holds.append((j, color, share))
        # A belief beyond the facts, for a bot that expects few bluffs: the share of deals in
        # which a Wild Draw Four awaiting challenge (R12) was honest (its player lacks the colour).
        self.honest = honest
        self.offender = (None if view.challenge_from is None or view.challenge_color is None
                         else view.seats.index(view.challenge_from))
        # The deal being sampled (``_sample``), as ``_build`` reads it: the others' hands, the
        # draw pile, the discard pile below the top card, the card just drawn (R8).
        self.hands: list[list[Card]] = []
        self.draw: list[Card] = []
        self.discard_now: list[Card] = []
        self.drawn: Card | None = None
        # Sampling importance resampling: each deal is one of ``draws`` sampled deals, drawn
        # with the chance ``likelihood`` gives its hands (with the tracker's facts only).
        self.likelihood = likelihood if tracker is not None and draws > 1 else None
        self.draws = draws
        self.r8_drawer = (view.seats.index(view.current)
                          if (view.has_drawn and view.current != view.seat
                              and not view.rules.draw_until_playable and view.hand_result is None)
                          else None)

    def deal(self, rng: random.Random, game_rng: random.Random | None = None) -> Game:
        """One determinization, its unseen cards dealt with ``rng``; ``game_rng`` (default:
        ``rng``) is the game's own random source (reshuffles)."""
        self._sample(rng)
        if self.likelihood is not None:
            self._resample(self.likelihood, rng)
        return self._build(game_rng if game_rng is not None else rng)

    def _resample(self, likelihood: Likelihood, rng: random.Random) -> None:
        """The sample (just drawn) becomes one of ``draws``, chosen by their likelihoods."""
        samples = [self._kept()]
        weights = [likelihood(self.hands)]
        for _ in range(self.draws - 1):
            self._sample(rng)
            samples.append(self._kept())
            weights.append(likelihood(self.hands))
        if sum(weights) > 0:
            self.hands, self.draw, self.discard_now, self.drawn = rng.choices(samples, weights)[0]
        else:  # nothing sampled fits: the first, as if unweighed
            self.hands, self.draw, self.discard_now, self.drawn = samples[0]

    def _kept(self) -> tuple[list[list[Card]], list[Card], list[Card], Card | None]:
        """What ``_build`` reads of a sample (each ``_sample`` makes new lists)."""
        return self.hands, self.draw, self.discard_now, self.drawn

    def _sample(self, rng: random.Random) -> None:
        view, needs = self.view, list(self.needs)
        self.pool = list(self.unplaced)
        self.hands = [[] for _ in view.seats]
        self.known_now = list(self.known)
        self.drawn = view.drawn
        self.discard_now = self.discard_below
        self.excluded_now = list(self.excluded)
        if self.offender is not None and self.honest and rng.random() < self.honest:
            assert view.challenge_color is not None
            self.excluded_now[self.offender] |= COLOR_BITS[view.challenge_color]
        rng.shuffle(self.pool)
        if self.r8_drawer is not None:
            self._deal_drawn_card(self.r8_drawer, needs)
        excluded = self.excluded_now
        soft, older = self.soft, self.older
        for j, color, share in self.holds:
            if needs[j] > 0 and (share >= 1 or rng.random() < share):
                self._deal_held_color(j, color, needs)
        constrained = [j for j, need in enumerate(needs) if need > 0 and (excluded[j] or soft[j])]
        # The seat with the fewest cards it may hold first: it is the one most likely to run short.
        constrained.sort(key=lambda j: sum(1 for c in self.pool
                                           if not BIT[c] & (excluded[j] | soft[j])))
        self.spot_masks: dict[int, list[int]] = {}
        for j in constrained:
            old = min(older[j], needs[j]) if soft[j] else 0
            hand = self._take(j, old, soft[j]) if old else []
            hand += self._take(j, needs[j] - old)
            self.hands[j] = hand
            # What each of the hand's cards may not be: the older ones honour the belief too.
            self.spot_masks[j] = [excluded[j] | soft[j] if i < old else excluded[j]
                                  for i in range(len(hand))]
            rng.shuffle(self.pool)
        if len(constrained) > 1:
            self._mend(constrained)
            self._walk(constrained, rng)
        rest = self.pool
        rng.shuffle(rest)
        at = 0
        for j, need in enumerate(needs):
            if need > 0 and j not in constrained:
                self.hands[j] = rest[at:at + need]
                at += need
        if self.hidden_discard > 0:
            self.discard_now = rest[at:at + self.hidden_discard]
            at += self.hidden_discard
        self.draw = rest[at:]
        for j, cards in enumerate(self.known_now):
            if j != self.me:
                self.hands[j] = cards + self.hands[j]

    def _deal_drawn_card(self, current: int, needs: list[int]) -> None:
        """R8: the seat that drew still has the turn, so the card it drew may be played."""
        view, pool = self.view, self.pool
        color, rank = view.color, view.top.rank
        if needs[current] <= 0:
            return
        fits = [i for i, c in enumerate(pool)
                if matches(c, color, rank) and not BIT[c] & self.excluded_now[current]]
        if not fits:
            return
        card = pool.pop(fits[0])  # the pool is shuffled: the first that fits is a random one
        self.known_now[current] = [*self.known_now[current], card]
        needs[current] -= 1
        self.drawn = card

    def _deal_held_color(self, j: int, color: Color, needs: list[int]) -> None:
        """A card of ``color`` for seat ``j``, believed to hold one (the shuffled pool's first
        that its facts and beliefs allow); none when there is no such card."""
        mask = self.excluded_now[j] | self.soft[j]
        pool = self.pool
        for i, card in enumerate(pool):
            if card.color is color and not BIT[card] & mask:
                del pool[i]
                self.known_now[j] = [*self.known_now[j], card]
                needs[j] -= 1
                return

    def _take(self, j: int, need: int, belief: int = 0) -> list[Card]:
        """``need`` cards of the (shuffled) pool that seat ``j`` may hold (and, with ``belief``,
        that it is believed to lack too), taken out of it; if there are too few, the cards the
        facts allow make up the count, and if those are too few (facts that contradict each
        other), any cards."""
        pool, excluded = self.pool, self.excluded_now[j]
        chosen: list[int] = []
        for mask in ((excluded | belief, excluded, 0) if belief else (excluded, 0)):
            if len(chosen) >= need:
                break
            taken = set(chosen)
            chosen += [i for i, c in enumerate(pool)
                       if i not in taken and not BIT[c] & mask][:need - len(chosen)]
        taken = set(chosen)
        self.pool = [c for i, c in enumerate(pool) if i not in taken]
        return [pool[i] for i in chosen]

    def _mend(self, constrained: list[int]) -> None:
        """A hand dealt a card its facts exclude (the hands dealt before it took the cards it may
        hold: ``_take``'s last resort) gets one another constrained hand holds that it may hold,
        in exchange for that card, or for a card of the pool that the other hand may hold (the
        excluded card going to the pool). Found by the property test: six seats under
        draw-until-playable with 7-0, a seat of 16 cards known to lack red, wilds and Skips was
        dealt a red Reverse; the real game held a deal that kept every fact."""
        hands, excluded, pool = self.hands, self.excluded_now, self.pool
        for j in constrained:
            for i, a in enumerate(hands[j]):
                if BIT[a] & excluded[j]:
                    self._mend_spot(j, i, a, constrained, hands, excluded, pool)

    @staticmethod
    def _mend_spot(j: int, i: int, a: Card, constrained: list[int], hands: list[list[Card]],
                   excluded: list[int], pool: list[Card]) -> None:
        for k in constrained:
            if k == j:
                continue
            for m, b in enumerate(hands[k]):
                if BIT[b] & excluded[j]:
                    continue
                if not BIT[a] & excluded[k]:
                    hands[j][i], hands[k][m] = b, a
                    return
                for p, c in enumerate(pool):
                    if not BIT[c] & excluded[k]:
                        hands[j][i], hands[k][m], pool[p] = b, c, a
                        return

    def _walk(self, constrained: list[int], rng: random.Random) -> None:
        """Metropolis swaps between a constrained hand's card and any other card (a constrained
        hand's or the pool's), kept when both cards may go where they are swapped to."""
        hands, pool, masks = self.hands, self.pool, self.spot_masks
        spots = [(j, i) for j in constrained for i in range(len(hands[j]))]
        total = len(spots) + len(pool)
        randrange = rng.randrange
        for _ in range(SWAPS_PER_CARD * len(spots)):
            j, i = spots[randrange(len(spots))]
            other = randrange(total)
            a = hands[j][i]
            if other < len(spots):
                k, m = spots[other]
                if k == j:
                    continue
                b = hands[k][m]
                if not BIT[b] & masks[j][i] and not BIT[a] & masks[k][m]:
                    hands[j][i], hands[k][m] = b, a
            else:
                m = other - len(spots)
                b = pool[m]
                if not BIT[b] & masks[j][i]:
                    hands[j][i], pool[m] = b, a

    def _build(self, rng: random.Random) -> Game:
        """The game of this deal: the view's public state around the sampled cards."""
        view, me = self.view, self.me
        seats = view.seats
        game = Game.__new__(Game)
        game.seats = seats
        game.rules = view.rules
        game._rng = rng
        game._seat_tables()
        game.scores = list(view.scores)
        game.hand_number = view.hand_number
        game._dealer = seats.index(view.dealer)
        game._match = view.outcome
        game._init_hand_state()
        hands = [Hand(view.hand or ()) if j == me else Hand(cards) for j, cards in enumerate(self.hands)]
        game._hands = hands
        game._draw = self.draw
        game._discard = [*self.discard_now, view.top]
        game._color = view.color
        game._direction = view.direction
        game._current = seats.index(view.current)
        game._pending = view.pending_draw
        game._pending_rank = view.top.rank if view.pending_draw else None
        if view.challenge_from is not None and view.challenge_color is not None:
            offender = seats.index(view.challenge_from)
            guilty = hands[offender].holds_color(view.challenge_color)
            game._challenge = (offender, guilty, view.challenge_color)
        game._awaiting_color = view.awaiting_color
        game._has_drawn = view.has_drawn
        game._drawn = self.drawn if view.has_drawn and not view.rules.draw_until_playable else None
        game._uno_said = list(view.uno_said)
        game._uno_open = None if view.uno_open is None else seats.index(view.uno_open)
        result = view.hand_result
        game._hand_result = None if result is None else HandResult(result.winner, result.points)
        game.deal_events = []
        return game
