"""The replay key at the end of a hand: ask the server for the hand just over (``get_replay``),
check what comes back as any replay is checked (protocol/replays.py), and hold it for the app to
open in the viewer (client/replayview.py). No I/O: the model's part, like the others."""

from __future__ import annotations

import logging

from engine import View
from engine.replay import ReplayError
from protocol import GetReplay, ReplayMsg
from protocol.replays import Replay, load_replay

from .i18n import t
from .prompts import Prompts
from .session import Outbox

log = logging.getLogger("uno.client.model")


class TablePlayback:
    def __init__(self) -> None:
        self.asked: int | None = None  # the hand whose replay is on its way
        self.ready: Replay | None = None  # arrived and checked: for the app to show

    def ask(self, view: View | None, outbox: Outbox, prompts: Prompts) -> None:
        """The key: the replay of the hand on screen, once it is over."""
        if view is None or (view.hand_result is None and view.outcome is None):
            return
        self.asked = view.hand_number
        outbox.send(GetReplay(hand=view.hand_number))
        prompts.notice = t("replay_asked", n=view.hand_number)

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
