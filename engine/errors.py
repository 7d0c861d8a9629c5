"""Why the engine refuses an action: one ``RuleError`` subclass per cause, each with a stable code.

The server sends ``code`` to the client as it is, so codes never change once published.
"""

from __future__ import annotations


class RuleError(ValueError):
    """Raised when an action breaks a rule. The game is left exactly as it was."""

    code = "rule_error"



class UnknownSeat(RuleError):
    """Raised when an action names a seat that is not at the table."""

    code = "unknown_seat"


class NotYourTurn(RuleError):
    """Raised when a seat acts on a turn that is not its own (and the action is no jump-in)."""

    code = "not_your_turn"


class CardNotInHand(RuleError):
    """Raised when a seat plays a card it does not hold."""

    code = "card_not_in_hand"


class DoesNotMatch(RuleError):
    """Raised when a card matches neither the colour in play nor the top card's rank (R7)."""

    code = "does_not_match"


class BadColor(RuleError):
    """Raised when a wild is played without a colour, or a coloured card is given one."""

    code = "bad_color"


class BadTarget(RuleError):
    """Raised when a 7 under 7-0 names no other seat, or a target is given where none belongs."""

    code = "bad_target"


class WildDrawFourRefused(RuleError):
    """Raised under strict +4 (R13) while the player holds a card of the colour in play."""

    code = "wild_draw_four_refused"


class MustAnswerDraw(RuleError):
    """Raised when a player facing a pending draw plays a card that cannot stack on it."""

    code = "must_answer_draw"


class MustPlay(RuleError):
    """Raised under draw-until-playable (R9) when the player draws while holding a playable card,
    or passes instead of playing."""

    code = "must_play"


class OnlyDrawnCard(RuleError):
    """Raised when, after drawing (R8), a player plays a card other than the one just drawn."""

    code = "only_drawn_card"


class CannotPass(RuleError):
    """Raised when a player passes without having drawn first."""

    code = "cannot_pass"


class CannotDraw(RuleError):
    """Raised when a draw is not possible now (already drawn, or nothing left to draw)."""

    code = "cannot_draw"


class NoChallenge(RuleError):
    """Raised when a seat challenges or accepts while no Wild Draw Four awaits its answer."""

    code = "no_challenge"


class ChallengePending(RuleError):
    """Raised when the player facing a Wild Draw Four does anything but challenge or accept."""

    code = "challenge_pending"


class ColorPending(RuleError):
    """Raised when the first player must choose the colour of a starting Wild (R6) and does
    something else; or when a colour is chosen although none is awaited."""

    code = "color_pending"


class CannotCallUno(RuleError):
    """Raised when a seat says UNO without being down to one card (or two on its turn)."""

    code = "cannot_call_uno"


class NotCatchable(RuleError):
    """Raised when a seat catches a player who is not open to a catch (R17)."""

    code = "not_catchable"


class JumpInRefused(RuleError):
    """Raised when a jump-in is off, or the card is not identical to the top card, or a draw or
    choice is pending."""

    code = "jump_in_refused"


class HandOver(RuleError):
    """Raised when an action arrives after the hand has ended."""

    code = "hand_over"


class MatchOver(RuleError):
    """Raised when a new hand is asked for after the match has ended."""

    code = "match_over"


class HandInProgress(RuleError):
    """Raised when a new hand is asked for before the current one ended."""

    code = "hand_in_progress"
