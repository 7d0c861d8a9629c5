"""Our moves on their way to the table, over a link that may be slow or drop (client/table.py).

The view a move was made on is kept with it: the next view from the server answers it. A move
not answered when the link dropped is sent again if the table we come back to is still at the
moment it was made for; until the server shows the table again, the view we hold is stale.
"""

from __future__ import annotations

from engine import actions
from engine.view import View

from .cardorder import card_sort_key

SLOW_ANSWER = 1.0
"""Seconds without the table's answer to our move after which the screen says it is on its way
(found play-testing on a slow link: nothing changed for a second or more after Enter, until a
second Enter was told the first was still on its way)."""


class Sent:
    def __init__(self) -> None:
        self._acted: tuple[View, actions.Action] | None = None  # the last move sent, and its view
        self._sent_at = 0.0  # when it was sent (the table's clock)
        # The last move, when the link dropped before a view answered it (``resend``)
        self._unanswered: tuple[View, actions.Action] | None = None
        # The link dropped: the view held is the table as it was, until the server shows it again;
        # nothing is said of the turn, and no move is sent, meanwhile.
        self.stale = False

    def record(self, view: View | None, action: actions.Action, at: float) -> None:
        if view is not None:
            self._acted, self._sent_at = (view, action), at

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

    def link_lost(self, view: View | None) -> None:
        """The link dropped: a move sent since ``view`` may not have reached the table."""
        acted = self._acted
        self._unanswered = acted if acted is not None and acted[0] is view else None
        self.stale = view is not None

    def resend(self, view: View) -> actions.Action | None:
        """The server shows the table (``view``): the move to send again, if one went unanswered
        and the table is still at its moment (found play-testing on a flaky link: a challenge,
        and a wild with its colour, sent as the link stalled were lost without a word)."""
        self.stale = False
        unanswered, self._unanswered = self._unanswered, None
        if unanswered is not None and _same_moment(unanswered[0], view) and unanswered[1] in view.legal:
            return unanswered[1]
        return None

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
