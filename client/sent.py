"""Our moves on their way to the table, over a link that may be slow or drop (client/table.py).

The view a move was made on is kept with it: the next view from the server answers it. A move
not answered when the link dropped, or made while it was down (held), is sent once the table
is seen again if the table is still at the moment it was made for; until the server shows the
table again, the view we hold is stale.
"""

from __future__ import annotations

from engine import actions
from engine.view import View
from protocol import codec

from .cardorder import card_sort_key
from .session import Outbox

SLOW_ANSWER = 1.0
"""Seconds without the table's answer to our move after which the screen says it is on its way
(found play-testing on a slow link: nothing changed for a second or more after Enter, until a
second Enter was told the first was still on its way)."""


class Sent:
    def __init__(self, outbox: Outbox) -> None:
        self._outbox = outbox
        self._acted: tuple[View, actions.Action] | None = None  # the last move sent, and its view
        self._sent_at = 0.0  # when it was sent (the table's clock)
        # The last move, when the link dropped before a view answered it, or made while it was
        # down (``held``): sent once the table is seen again at its moment (``resend``)
        self._unanswered: tuple[View, actions.Action] | None = None
        self.held = False
        # The link dropped: the view held is the table as it was, until the server shows it again;
        # nothing is said of the turn, and no move is sent, meanwhile.
        self.stale = False

    @property
    def offline(self) -> bool:
        """The link is down, or the table not yet seen again since it came back."""
        return not self._outbox.connected or self.stale

    def send(self, view: View | None, action: actions.Action, at: float) -> str:
        """Send our move ``action`` made on ``view`` (at ``at``, the table's clock), or hold it
        while the link is down (``hold``); the text key of what to tell of it ("": nothing)."""
        if self.offline:  # (one at a time: a second says the first waits)
            return "" if view is None else "move_held" if self.hold(view, action) else "move_held_already"
        if view is not None:
            self._acted, self._sent_at = (view, action), at
        self._outbox.send(codec.action_to_act(action))
        return ""

    def just_sent(self, view: View | None) -> actions.Action | None:
        """The move sent on ``view`` (no view has answered it yet), if any."""
        acted = self._acted
        return acted[1] if acted is not None and acted[0] is view else None

    def in_flight(self, view: View | None) -> actions.Action | None:
        """Our move sent on ``view`` and not yet answered, the link up (a slow link), if any."""
        return None if self.stale else self.just_sent(view)

    def refused(self) -> None:
        """The table refused our last move (an ``error``): it is answered, and on its way no more
        (found re-checking: a catch refused as too early read "on its way (the link is slow)")."""
        self._acted = None

    def slow(self, view: View | None, now: float) -> bool:
        """Whether our move sent on ``view`` has gone unanswered for ``SLOW_ANSWER`` seconds."""
        return self.in_flight(view) is not None and now - self._sent_at >= SLOW_ANSWER

    def link_lost(self, view: View | None, for_good: bool = False) -> None:
        """The link dropped: a move sent since ``view`` may not have reached the table (nor will
        it, ``for_good``: nothing waits then)."""
        acted = self._acted
        self._unanswered = acted if acted is not None and acted[0] is view and not for_good else None
        self.held = False if for_good else self.held
        self.stale = view is not None

    def hold(self, view: View, action: actions.Action) -> bool:
        """A move made while the link is down (found play-testing on a flaky link: a card played
        in the tenth of a second the link took to come back was refused, and the refusal gone
        before it could be read): it is sent once the table is seen again at its moment, as a
        move the drop left unanswered is. One at a time: whether it is held."""
        if self._unanswered is not None:
            return False
        self._unanswered = self._acted = (view, action)  # (made: its question closes, as when sent)
        self.held = True
        return True

    @property
    def waiting(self) -> bool:
        """Whether a move waits for the link to come back (held, or left unanswered by the drop):
        only while ``offline``, as ``resend`` sends or drops it when the table is seen again."""
        return self._unanswered is not None

    def resend(self, view: View) -> tuple[actions.Action | None, str]:
        """The server shows the table (``view``): the move to send again, if one went unanswered
        (or was held) and the table is still at its moment (found play-testing on a flaky link: a
        challenge, and a wild with its colour, sent as the link stalled were lost without a
        word); and the text key of what to tell of it ("": nothing). A card the table went on
        without, still in the hand, is told as lost (found play-testing: a card played with 9 s
        left as the link stalled was not in the log, and nothing said so)."""
        self.stale = False
        unanswered, held = self._unanswered, self.held
        self._unanswered, self.held = None, False
        if unanswered is None:
            return None, ""
        before, action = unanswered
        if _same_moment(before, view) and action in view.legal:
            return action, "sent_when_back" if held else "sent_again"
        if held:
            return None, "move_not_sent"
        return None, "move_lost" if _card_still_held(before, view, action) else ""

    def clear(self) -> None:
        self.stale = False


def _same_moment(before: View, after: View) -> bool:
    """Whether ``after`` shows the table as ``before`` did for our move: no move of ours (nor
    anyone's that changes what we could do) came between them."""
    def moment(view: View) -> tuple[object, ...]:
        return (view.hand_number, sorted(view.hand or (), key=card_sort_key), view.top, view.color,
                view.current, view.pending_draw, view.challenge_from, view.has_drawn, view.drawn,
                view.uno_open, view.hand_result, view.outcome)
    return moment(before) == moment(after)


def _card_still_held(before: View, after: View, action: actions.Action) -> bool:
    """Whether the card ``action`` played from the hand of ``before`` is still in the hand of the
    same hand's ``after`` (the table went on without it)."""
    if not isinstance(action, actions.PlayCard | actions.JumpIn) or before.hand_number != after.hand_number:
        return False
    return (after.hand or ()).count(action.card) >= (before.hand or ()).count(action.card)
