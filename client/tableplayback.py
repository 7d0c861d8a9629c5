"""The replay key: ask the server for the hand just over (``get_replay``; during a hand, the one before),
check what comes back as any replay is checked (protocol/replays.py), and hold it for the app to
open in the viewer (client/replayview.py). No I/O: the model's part, like the others."""

from __future__ import annotations

import logging

from engine.replay import ReplayError
from protocol import GetReplay, ReplayMsg
from protocol.replays import Replay, load_replay

from .i18n import t
from .prompts import Prompts
from .session import Outbox
from .table import Table

log = logging.getLogger("uno.client.model")


class TablePlayback:
    def __init__(self) -> None:
        self.asked: int | None = None  # the hand whose replay is on its way
        self.ready: Replay | None = None  # arrived and checked: for the app to show

    def ask(self, table: Table, outbox: Outbox, prompts: Prompts) -> None:
        """The key: the replay of the hand on screen once it is over; while one is played, of the
        hand before (found play-testing: the scores show for a few seconds only, and the key
        did nothing once the next hand was dealt). The table goes on behind the viewer, which
        closes when our turn comes."""
        view = table.view
        if view is None:
            return
        over = table.hand_over
        hand = view.hand_number if over else view.hand_number - 1
        if hand < 1:
            prompts.notice = t("replay_none_yet")
            return
        if table.my_turn and not over:
            prompts.notice = t("replay_after_your_turn")  # (its clock would run behind the viewer)
            return
        self.asked = hand
        outbox.send(GetReplay(hand=hand))
        prompts.notice = t("replay_asked", n=hand)

    def arrived(self, message: ReplayMsg, prompts: Prompts) -> None:
        if message.hand != self.asked:
            return  # not (or no longer) wanted
        self.asked = None
        try:
            self.ready = load_replay(message.replay)
        except ReplayError as exc:  # a server's bug, or not our server: say so, show nothing
            log.warning("the replay of hand %d was refused: %s", message.hand, exc)
            prompts.notice = t("replay_refused", file=t("replay_the_server"), why=exc)
            return
        prompts.notice = ""

    def take(self) -> Replay | None:
        replay, self.ready = self.ready, None
        return replay
