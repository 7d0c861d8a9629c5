"""The player's hand, at the bottom of the table.
"""

from __future__ import annotations

from engine.cards import Card

from .board import BesideBoard
from .draw import BIG_CELL, CELL, Line, card_style, clip_line, pad, wrap
from .enums import Status
from .i18n import card_code, card_name, t


class HandView(BesideBoard):
    """The hand: chips, or boxes on a big terminal."""

    def hand(self, width: int, height: int) -> list[Line]:
        m = self.model
        view = m.table.view
        if view is None:
            return []
        if view.hand is None:
            watching: list[Line] = [[("class:dim", " " + part)] for part in self._watching(width)]
            return watching[:max(1, height)]
        hand = m.table.hand
        playable = m.table.playable
        hinted = m.hints.hinted_cards()  # the hint's cards, starred
        header: Line = [("bold", " " + t("your_hand", n=len(hand)))]
        selected = m.table.selected_card
        if selected is not None:
            header.append(("", " · " + card_name(selected)))
        starred = any(card in hinted for card in hand)  # (the legend says what ★ is: found play-testing)
        if playable or starred:
            header.append(("class:mark", "   " + t("playable_hint_star" if starred else "playable_hint")))
        if m.table.uno_armed:
            header.append(("class:uno", "   " + t("flag_uno")))
        lines: list[Line] = [clip_line(header, width)]
        big = self.big(width)
        cell = BIG_CELL if big else CELL
        per_row = max(1, (width - 1) // cell)
        block = 5 if big else 3  # the lines of a row of cards: numbers, the cards, the marks
        first, shown = 0, len(hand)
        rows_fit = (height - 1) // block
        if len(hand) > rows_fit * per_row and rows_fit >= 1:  # not enough room: the chosen card's page
            shown = rows_fit * per_row
            # (the last page full: found play-testing at 40×15, End showed the seventh card alone)
            first = min(m.table.selected // shown * shown, len(hand) - shown)
            lines[0] = clip_line([header[0], ("class:dim", " " + t("hand_shown", first=first + 1,
                                                                    last=first + shown)), *header[1:]], width)
        for start in range(first, first + shown, per_row):
            chunk = hand[start:min(start + per_row, first + shown)]
            numbers: Line = [("", " ")]
            rows: list[Line] = [[("", " ")] for _ in range(3 if big else 1)]
            marks: Line = [("", " ")]
            for offset, card in enumerate(chunk):
                index = start + offset
                chosen = index == m.table.selected
                number_style = "class:selected" if chosen else "class:dim"
                numbers.append((number_style, pad(str(index + 1).center(cell - 1), cell - 1)))
                numbers.append(("", " "))
                if big:
                    for row, part in zip(rows, self.big_card(card, chosen), strict=True):
                        row += [*part, ("", " ")]
                else:
                    rows[0] += [*self.chip(card, chosen), ("", " ")]
                mark = "★" if card in hinted else "▲" if card in playable else ""
                marks.append(("class:mark", pad(mark.center(cell - 1), cell)))
            lines += [numbers, *rows, marks]
        return lines

    def big_card(self, card: Card, selected: bool) -> list[Line]:
        """A card of the hand as a box, ``BIG_CELL - 1`` columns by 3 lines; the chosen one has a
        double border."""
        inner = BIG_CELL - 3
        top, side, bottom = ("╔═╗", "║", "╚═╝") if selected else ("┌─┐", "│", "└─┘")
        style = "" if self.plain else card_style(card) + (" underline" if selected else "")
        if self.plain and selected:
            style = "class:selected"
        return [[(style, top[0] + top[1] * inner + top[2])],
                [(style, side + card_code(card).center(inner) + side)],
                [(style, bottom[0] + bottom[1] * inner + bottom[2])]]

    def _watching(self, width: int) -> list[str]:
        """In place of a hand: what a watcher can do about a seat, or that ours comes with the
        next match (seated from the line as the match on screen ended); wrapped (at 80 columns
        "(j cancels)" was cut off: found play-testing)."""
        m = self.model
        seating = m.seating
        if m.session.status is Status.FAILED:  # (the table gone: found play-testing, "Press j to
            return []  # wait in line" under "The host closed the table. Press q to quit.")
        hint = t("seated_next_match") if seating.seat is not None else seating.spectator_hint(m.session.name)
        return wrap(hint, width - 1)

    def hand_height(self, width: int) -> int:
        view = self.model.table.view
        if view is None:
            return 1
        if view.hand is None:
            return max(1, min(2, len(self._watching(width))))
        big = self.big(width)
        per_row = max(1, (width - 1) // (BIG_CELL if big else CELL))
        block = 5 if big else 3
        wanted = 1 + block * max(1, -(-len(view.hand) // per_row))
        # what the rest needs: title, players, two rules, the top card's 5 lines, prompt, help
        room = self.rows() - self.board.players_height(width) - 10
        return max(1 + block, min(wanted, 1 + block * (room // block)))
