"""Was the Wild Draw Four facing a seat a bluff (R12)? The odds, and whether to challenge.

Two steps. ``challenge_odds``: the chance that the offender held a card of the colour in play
(``view.challenge_color``) when it played the Wild Draw Four, from the cards the seat cannot see
(with a tracker: what the offender is known to hold or lack, too). That chance alone says yes to
nearly every Wild Draw Four from a big hand, whoever plays it: a six-card hand almost always holds
some of a colour. But a player who holds the colour rarely plays the card anyway, and one who
lacks it plays it readily, so ``bluff_odds`` weighs it (Bayes): with p the chance it held the
colour and r how much less likely a holder is to play the card than a non-holder,
P(bluff | played) = p r / (p r + 1 - p). ``should_challenge`` (the ``normal`` level's test)
challenges when that exceeds ``CHALLENGE_THRESHOLD``.

Measured (bench/challenges.py, 6,000 hands of four ``normal`` seats, official rules): before,
``normal`` challenged 8,467 of 9,490 Wild Draw Fours (89%) and won none (``normal`` never bluffs);
with the weighing, 356 of 9,347 (3.8%), against hands of eight cards or more.
"""

from __future__ import annotations

from ..cards import Card, Color, full_deck
from ..tracker import Tracker
from ..view import View
from .odds import Odds

CHALLENGE_THRESHOLD = 1 / 3
"""Challenge when P(bluff) exceeds this: a failed challenge costs 6 cards, accepting costs 4, a
successful challenge costs nothing (6 * (1 - p) < 4  <=>  p > 1/3)."""

BLUFF_RATIO = 0.1
"""How much less often a player holding the colour in play plays a Wild Draw Four than one who
lacks it (r above): a holder has a coloured card to play and risks a challenge; most players
bluff now and then, not often."""

CAUGHT_BLUFF_RATIO = 1.0
"""r for an offender already caught bluffing this hand: no longer the exception."""

_CARDS_PER_COLOR = sum(1 for card in full_deck() if card.color is Color.RED)  # 25


def challenge_odds(view: View, tracker: Tracker | None = None) -> float:
    """Estimated probability that the player of the Wild Draw Four now facing ``view.seat`` held
    a card of ``view.challenge_color`` (R12).

    With a tracker that follows the hand: its hand is a draw from the cards whose place the seat
    does not know, but for what it is known to lack or hold (``odds.Odds``).

    Without one, from the view's counts: the colour's 25 cards are spread over the unseen cards
    (the draw pile and the other hands) and the discard pile: ours are known; one more lies just
    under the Wild Draw Four (the colour was in play); the rest are split between the discard pile
    and the unseen cards in proportion to their sizes. The offender's hand is then a random draw
    from the unseen cards (hypergeometric): P(at least one) = 1 - C(U - k, h) / C(U, h).
    """
    if view.challenge_from is None or view.challenge_color is None or view.hand is None:
        return 0.0
    color = view.challenge_color
    if tracker is not None:
        odds = Odds.of(view, tracker)
        if odds.tracker is not None:
            return odds.holds(view.challenge_from, lambda card: _of(card, color))
    held = view.size_of(view.challenge_from)
    unseen = view.draw_pile + sum(view.hand_sizes) - len(view.hand)
    if held <= 0 or unseen <= 0:
        return 0.0
    mine = sum(1 for card in view.hand if card.color is color)
    elsewhere = max(0, _CARDS_PER_COLOR - mine - 1)  # not ours, not the card under the +4
    buried = max(0, view.discard_pile - 2)  # discards but the +4 and the card under it
    k = elsewhere * unseen / (unseen + buried) if unseen + buried else 0.0
    p_none = 1.0
    for i in range(min(held, unseen)):
        p_none *= max(0.0, (unseen - k - i) / (unseen - i))
    return 1.0 - p_none


def known_honest(view: View, tracker: Tracker | None) -> bool:
    """Whether the Wild Draw Four facing ``view.seat`` is known to be honest: the tracker's facts
    say its player holds no card of the colour in play (a challenge of it is a sure loss)."""
    offender, color = view.challenge_from, view.challenge_color
    return tracker is not None and offender is not None and color in tracker.not_held(offender).colors


def bluff_odds(view: View, tracker: Tracker | None = None, ratio: float | None = None) -> float:
    """P(the Wild Draw Four facing ``view.seat`` was a bluff), given that it was played: the
    chance the offender held the colour weighed by ``ratio`` (``BLUFF_RATIO`` unless the tracker
    saw the offender caught bluffing this hand)."""
    p = challenge_odds(view, tracker)
    if ratio is None:
        ratio = BLUFF_RATIO
        if tracker is not None and any(r.guilty and r.offender == view.challenge_from
                                       for r in tracker.challenges):
            ratio = CAUGHT_BLUFF_RATIO
    return posterior(p, ratio)


def posterior(p: float, ratio: float) -> float:
    """P(held | played) from P(held) = ``p`` and the holder's relative rate of playing."""
    weighed = p * ratio
    return weighed / (weighed + 1.0 - p) if weighed + 1.0 - p > 0 else 1.0


def should_challenge(view: View, tracker: Tracker | None = None) -> bool:
    """Whether ``normal`` challenges the Wild Draw Four facing it."""
    return bluff_odds(view, tracker) > CHALLENGE_THRESHOLD


def _of(card: Card, color: Color) -> bool:
    return card.color is color
