"""Working out the hint key's hint off the event loop: prompt-toolkit runs on asyncio, and
``engine.bots.hint`` may search for a few hundred milliseconds, so it runs in the loop's default
executor (a worker thread) on the view and a copy of our seat's memory (``HintBox.ask``). Its
answer comes back on the loop, where it is dropped if the view changed meanwhile."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from engine.bots import HINT_BUDGET, Hint, hint

from .model import Model

log = logging.getLogger("uno.client.hint")


def start_hint(model: Model, invalidate: Callable[[], None]) -> None:
    """Start working out the hint the model asked for, if it asked for one."""
    request = model.hints.take_request()
    if request is None:
        return
    view, tracker, rng, card = request
    selected = model.table.selected  # (moved meanwhile, the cursor is the player's choice)
    future = asyncio.get_running_loop().run_in_executor(None, hint, view, rng, tracker, HINT_BUDGET, card)

    def done(future: asyncio.Future[Hint | None]) -> None:
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:  # (nothing shown: the key may be pressed again)
            log.warning("the hint failed: %r", error)
            model.hints.answered(view, None, None)
        elif model.hints.answered(view, future.result(), model.table.view):
            if card is not None:  # a card's question: its answer under the cursor
                model.hints.point_question(model.table)
            else:
                model.hints.point_card(model.table, unless_moved_from=selected)
        invalidate()

    future.add_done_callback(done)
