"""What the model looks like: the screen's regions, each a ``(width, height) -> lines`` function.

The regions live in modules named after them: ``header`` (title, banner), ``board`` (players,
top card, scores), ``handview`` (the hand), ``logchat`` (log, chat), ``promptline`` (prompt and
help lines) and ``screens`` (the screens before the table); ``draw`` holds what they share.
``Renderer`` gathers them under the names the layout draws. Every text that came over the
network goes through ``clean_text`` before it is shown, and everything is clipped to the width
it is given.
"""

from __future__ import annotations

from collections.abc import Callable

from .board import Board
from .draw import Canvas
from .handview import HandView
from .header import Header
from .keyhelp import KeyHelp
from .logchat import LogChat
from .model import Model
from .promptline import PromptLine
from .screens import Screens

FRAME_ROWS = 6
"""Rows of the table's screen besides the players, the board, the hand, the banner and the
prompt: the title, two rules, the chat's two and the help."""


class Renderer:
    def __init__(self, model: Model, *, plain: bool = False) -> None:
        self.model = model
        self.canvas = canvas = Canvas(plain)
        header, screens = Header(model, canvas), Screens(model, canvas)
        board, bottom = Board(model, canvas), PromptLine(model, canvas)
        hand, talk = HandView(model, canvas, board), LogChat(model, canvas, board)
        # the frame
        self.title, self.banner, self.banner_text = header.title, header.banner, header.banner_text
        self.prompt_line, self.prompt_height = bottom.prompt_line, bottom.prompt_height
        self.help = bottom.help
        self.keyhelp = KeyHelp(model, canvas).keyhelp
        # the screens before the table
        self.connecting, self.browse, self.lobby = screens.connecting, screens.browse, screens.lobby
        self.form, self.waiting = screens.form, screens.waiting
        # the table
        self.board = board
        self.players, self.players_height = board.players, board.players_height
        self.top_card, self.info, self.scores = board.top_card, board.info, board.scores
        self.hand, self.hand_height = hand.hand, hand.hand_height
        self.log, self.chat = talk.log, talk.chat

    def scores_fill(self, width: int) -> bool:
        """Whether a hand's end needs the whole table for its scores: a line per seat does not
        fit beside the players and the hand at ten seats on 80×24 (half the rows were cut). The
        players' bar and the hand say nothing then that the scores do not."""
        if not self.model.table.hand_over:
            return False
        room = self.rows() - self.players_height(width) - self.hand_height(width) - self._frame(width)
        return self.board.scores_least(width) > room

    def scores_cut(self, width: int) -> bool:
        """Whether a hand's end does not fit even on the whole table: the screen says it is too
        small, rather than squash the scores (found play-testing at 30×10)."""
        if not self.model.table.hand_over:
            return False
        room = self.rows() - self._frame(width) + 2  # (the scores alone: without the two rules)
        return 1 + len(self.board.score_table(width)) > room  # (the result, the heading, the seats)

    def _frame(self, width: int) -> int:
        return FRAME_ROWS + self.prompt_height(width) + (self.banner_text() is not None)

    @property
    def rows(self) -> Callable[[], int]:
        """The terminal's height (the layout sets it)."""
        return self.canvas.rows

    @rows.setter
    def rows(self, rows: Callable[[], int]) -> None:
        self.canvas.rows = rows
