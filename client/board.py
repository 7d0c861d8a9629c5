"""The table's board: the players' row, the top card, the column beside it (whose turn, the
draw pile, the clock), and the scores at a hand's end.
"""

from __future__ import annotations

from engine.cards import Card
from engine.view import View
from protocol import SeatInfo

from .cardorder import card_sort_key
from .draw import (
    BIG_RANK,
    TOP_INNER,
    Canvas,
    Line,
    Painter,
    card_style,
    clip_line,
    fit,
    keys_kept,
    pad,
    upcoming,
    width_of,
    wrap,
)
from .enums import Status
from .i18n import card_code, card_name, color_name, t
from .model import Model
from .narrate import way_name
from .screens import with_marks
from .seating import left_to_bot, levels_line, standing
from .table import Table

SPARE = 9
"""How much a note under a hand's result is needed (0 most): this one is shown only in rows spare
(what the cards left are worth), and left out before the others are cut."""


def risk_warning(table: Table, plain: bool = False) -> str:
    """What we read while open to a catch ("" otherwise): inside the grace, that a catch does not
    count yet; after it, that one may come at any moment (``plain``: with plain mode's words)."""
    view = table.view
    if view is None or view.seat is None or not table.open_to_catch(view.seat):
        return ""
    key = "at_risk_you" if table.at_risk(view.seat) else "at_risk_you_open"
    return t("plain_" + key if plain else key)


def seat_flags(model: Model, index: int, info: SeatInfo | None) -> list[tuple[str, str]]:
    """The marks of the view's seat ``index`` (``info``: its seat in the room), with their styles:
    UNO said, or at risk (open to a catch: in words, it must not rest on colour); gone, or away."""
    view = model.table.view
    assert view is not None
    flags = []
    if view.uno_said[index] and view.hand_sizes[index] <= 2:
        flags.append(("class:uno", t("flag_uno")))
    elif model.table.open_to_catch(view.seats[index]):
        flags.append(("class:warn", t("flag_at_risk")))
    if info is not None and not info.connected:
        flags.append(("class:warn", t("flag_off")))
    elif info is not None and info.away:
        flags.append(("class:warn", t("flag_away")))
    return flags


class Board(Painter):
    """The players, the top card and its column, the scores."""

    # The line under a hand's result instead of what comes next at the table (the replay
    # viewer's: there is no next hand to wait for there).
    end_note: str | None = None

    def players(self, width: int, height: int) -> list[Line]:
        """The seats in their order around the table, joined by arrows that point the way play
        goes; the player on turn has "▶" (and the turn colour), the one after them "next"."""
        return [clip_line(row, width) for row in self._player_rows(width)]

    def players_height(self, width: int) -> int:
        return max(1, len(self._player_rows(width)))

    def _player_rows(self, width: int) -> list[Line]:
        view = self.model.table.view
        if view is None:
            return []
        if view.outcome is not None:
            return self._rows(width, levels=True)
        # In play, the bots' levels where they fit in as many rows, if any is not the default
        # (found play-testing: with hard and expert bots at the table, nothing there said which
        # was which; "(normal)" beside every bot of a plain table would say nothing new)
        plain = self._rows(width, levels=False)
        if not levels_line(self.model.seating.room):
            return plain
        leveled = self._rows(width, levels=True)
        return leveled if len(leveled) <= len(plain) else plain

    def _rows(self, width: int, levels: bool) -> list[Line]:
        m = self.model
        view = m.table.view
        assert view is not None
        infos = {s.seat: s for s in m.seating.room.seats} if m.seating.room is not None else {}
        arrow = "→ " if view.direction == 1 else "← "
        # (not once the table is gone: found play-testing, "▶ Gus … Elena next" stayed on the
        # board of a match the host had ended)
        playing = view.hand_result is None and view.outcome is None and m.session.status is not Status.FAILED
        # At a match's end the bots' levels show, and the host's pick among them (b changes the
        # picked bot's level for the next match, as in the waiting room)
        over = view.outcome is not None
        picked = m.seating.host_pick if over else None
        after = upcoming(view)
        name_room = max(4, min(32 if over else 24, width - 20))  # (at a match's end, with a level)
        cells: list[tuple[Line, int]] = []  # each seat's cell, and its width without its flags
        for i, seat in enumerate(view.seats):
            info = infos.get(seat)
            current = playing and seat == view.current
            size = view.hand_sizes[i]
            you = f" ({t('you')})" if seat == view.seat else ""  # (kept whole: the name gives way,
            # found play-testing, "Maximiliano Alejandro d…" without it on his own screen)
            name = fit(m.seating.name_of(seat), max(1, name_room - width_of(you))) + you
            style = "class:turn" if current else ("bold" if seat == view.seat else "")
            mark = "▶ " if current else "  "
            if picked is not None and seat == picked:
                style, mark = "class:selected", "› "
            bot = info if levels and info is not None and info.kind == "bot" and info.level else None
            if bot is not None and not over and left_to_bot(bot):  # (a stand-in for one who left:
                bot = None  # its level is news only for the next match)
            level = t("level_" + bot.level) if bot is not None and bot.level else ""
            if bot is not None and left_to_bot(bot):  # ("Eli (bot, normal)", not "Eli (bot) (normal)")
                name, level = fit(with_marks(bot, [level]), name_room), ""
            cell: Line = [(style, mark + name)]
            if level:
                cell.append(("class:dim", f" ({level})"))
            cell.append(("", f" [{size:>2}]"))
            bare = sum(width_of(f[1]) for f in cell) + (len(" " + arrow) if i < len(view.seats) - 1 else 0)
            flagged = len(cell)
            cell += [(style, " " + flag) for style, flag in seat_flags(m, i, info)]
            if playing and seat == after:  # last, set apart: "ausente sigue" read "still away"
                apart = " · " if len(cell) > flagged else " "
                cell.append(("class:mark", apart + t("flag_next")))
            if i < len(view.seats) - 1:
                cell.append(("class:dim", " " + arrow))
            cells.append((cell, bare))
        return _rows_of(cells, width, width_of(" · " + t("flag_next")))

    def top_card(self, width: int, height: int) -> list[Line]:
        view = self.model.table.view
        if view is None:
            return []
        card = view.top
        style = card_style(card, view.color) if not self.plain else ""
        rank = card.rank.value
        big = rank if card.rank.is_number else card_code(card) if rank == "W" else BIG_RANK[rank]
        color = (color_name(view.color).upper() if view.color is not None else "?")
        inner = TOP_INNER
        rows = [card_code(card).ljust(inner), big.center(inner), fit(color, inner).center(inner)]
        lines: list[Line] = [[(style, "┌" + "─" * inner + "┐")]]
        lines += [[(style, "│" + pad(r, inner) + "│")] for r in rows]
        lines.append([(style, "└" + "─" * inner + "┘")])
        return lines

    def info(self, width: int, height: int) -> list[Line]:
        m = self.model
        view = m.table.view
        if view is None:
            return []
        width -= 1  # a column kept blank before the log (found play-testing at 60 columns:
        # "Cambio de sentido azul" ran into the log's "XB 1 estaba ausente")
        top: Line = [("bold", fit(card_name(view.top), width))]
        lines: list[Line] = [top]
        if view.color is None:
            color: Line = [("", t("color_choosing"))]
        else:
            label = t("color_in_play", color="").rstrip()
            color = [("", label + " "), *self.color_text(view.color)]
        lines.append(color)
        pile: Line = [("", t("draw_pile", n=view.draw_pile))]
        lines.append(pile)
        pending: Line = []
        if view.pending_draw:  # whose, where it is not ours (found play-testing: "To draw: 4 cards"
            # read by the one who had played the Wild Draw Four, as a penalty of her own)
            mine = view.current == view.seat
            name = m.seating.name_of(view.current)
            pending = [("class:uno", fit(t("pending_draw", n=view.pending_draw) if mine else
                                         t("pending_draw_of", name=name, n=view.pending_draw), width))]
            lines.append(pending)
        way: Line = [("", way_name(view.direction))]
        lines.append(way)
        if view.hand_result is None and view.outcome is None:
            if m.session.status is Status.LOST or m.table.sent.stale:  # (not "Your turn": the stand-in
                # may play it first; nor, back, before the table is seen again; nor once given up)
                gone = m.session.status is Status.FAILED
                line: Line = [("class:warn", t("turn_gone" if gone else "turn_link_down"))]
            else:
                mine = m.table.my_turn
                turn = t("turn_you") if mine else t("turn_of", name=m.seating.name_of(view.current))
                seconds = m.table.seconds_left()
                clock = "" if seconds is None else "  " + t("deadline", n=seconds)
                # Short of room, the name gives way, not the clock (found play-testing at 60
                # columns: "Turno de Marco  ⏱ 11…")
                if width_of(turn) + width_of(clock) > width:
                    clock = clock[1:]
                    turn = fit(turn, width - width_of(clock))
                line = [("class:turn" if mine else "bold", turn)]
                if seconds is not None:
                    line.append(("class:warn" if seconds <= 5 else "", clock))
            lines.append(line)
        standings = self.standings(view, width)
        points: Line = []
        if standings and len(standings) <= height - len(lines):  # every seat's, where they fit
            lines += standings
        else:
            points = self.points_line(view, width)
            lines += [points] if points else []
        # Short of rows (a hand of two rows at 60x20), whose turn it is and its clock stay, and
        # the points, the pile and the direction go (the seat row shows the direction too: found
        # play-testing); then the top card's name and colour, which its box shows, and the draw
        # facing a seat, which the prompt says (found play-testing: facing a +4 at 60x20, the
        # turn and its clock went)
        for spare in (points, pile, way, top, color, pending):
            if spare and len(lines) > height:
                lines.remove(spare)
        return [clip_line(line, width) for line in lines]

    def standings(self, view: View, width: int) -> list[Line]:
        """Every seat's points during a hand, the most first, wrapped to ``width`` (where the
        column has the rows; found play-testing twice: "Points: you 0, Bot 1 106" hid that both
        friends had 40, and at ten seats only plain mode said who had what)."""
        if not any(view.scores) or view.hand_result is not None or view.outcome is not None:
            return []
        name_of = self.model.seating.name_of  # (a name too long for the column cut, not its points:
        # found play-testing, "Maximiliano Alejandro de …" hid his own)
        room = max(1, width - len(f" {max(view.scores)},"))
        said = standing(view.seats, view.scores, view.seat, lambda seat: fit(name_of(seat), room))
        rows = [t("points_all")]  # (each seat's name and points on one row, never parted)
        for index, entry in enumerate(said):
            piece = entry + ("," if index < len(said) - 1 else "")
            if width_of(rows[-1] + " " + piece) <= width:
                rows[-1] += " " + piece
            else:
                rows.append(piece)
        return [[("class:dim", fit(row, width))] for row in rows]

    def points_line(self, view: View, width: int) -> Line:
        """The match's points during a hand, once anyone has some: ours and the most anyone has
        (found play-testing: the scores showed only for the moments between hands, and someone
        who took over a bot's seat was not told its points came with it); in fewer words where
        the column is narrow (found play-testing at 60 columns: "Points: you 577, Bot…")."""
        if not any(view.scores) or view.hand_result is not None or view.outcome is not None:
            return []
        name_of = self.model.seating.name_of
        best = max(range(len(view.seats)), key=lambda i: view.scores[i])
        mine = view.seats.index(view.seat) if view.seat in view.seats else None
        values: dict[str, object]
        if mine is not None and view.scores[mine] >= view.scores[best]:
            key, values = "points_you_lead", {"n": view.scores[mine]}
        elif mine is None:
            key, values = "points_lead", {"name": name_of(view.seats[best]), "n": view.scores[best]}
        else:
            key, values = "points_and_most", {"n": view.scores[mine], "name": name_of(view.seats[best]),
                                              "most": view.scores[best]}
        text = t(key, **values)
        return [("class:dim", text if width_of(text) <= width else t(key + "_short", **values))]

    def scores(self, width: int, height: int) -> list[Line]:
        """The end of a hand (or of the match): who won with what play, every hand's remaining
        cards with their points, the match scores, and the countdown to the next deal."""
        title, notes = self._result(width)
        table = self.score_table(width)
        lines = [title, *self.notes_in(notes, width, height - 1 - len(table))]
        return [clip_line(line, width) for line in [*lines, *table][:height]]

    def scores_least(self, width: int) -> int:
        """The rows the end of a hand needs: the result, its notes wrapped, the scores; not the
        winning play, which takes the rows left (found play-testing: a long Spanish play, wrapped,
        gave the board the players' and the hand's rows at 80×24, and left nine rows empty)."""
        notes = self._result(width)[1]
        return 1 + sum(len(wrap(text, width - 1)) for need, text, _ in notes if need < SPARE) \
            + len(self.score_table(width))

    def _result(self, width: int) -> tuple[Line, list[tuple[int, str, str]]]:
        """The result's line, and what to do next, as (how much it is needed: 0 most, the text,
        its form cut to a line): each wraps when there is room (the help line names the keys
        too)."""
        m = self.model
        view = m.table.view
        assert view is not None
        result = view.hand_result
        notes: list[tuple[int, str, str]] = []
        if view.outcome is not None:
            match_won = won_text(m, view.outcome.winner, "match_won")
            title: Line = [("class:uno", " ★ " + fit(match_won, width - 3))]
            hint = self.end_note or t(match_over_key(m))
            notes.append((2, hint, hint))
            room, seat = m.seating.room, m.seating.seat
            # (not one who sat down after the match: it is not theirs)
            if seat is not None and rematch_asked(m):
                rematch = m.rematch.line(room, seat, view.seats)
                short = m.rematch.line(room, seat, view.seats, short=True)
                order = m.rematch.order_line(room)
                if width_of(rematch) > width - 1 and order:  # (who is to answer, whole; then the order)
                    notes += [(0, short, short), (1, order, order)]
                else:
                    notes.append((0, rematch, short))
            # (a watcher too: found play-testing, Ben, watching, did not see who had taken his seat)
            if joined := m.rematch.newcomers(room, view.seats, seat, m.seating.host_pick):
                notes.append((3, joined, joined))
            if freed := m.rematch.freed(room, view.seats, m.seating.known):
                notes.append((3, freed, freed))
            # (someone accepted: the server starts it without the silent once this is out; one in
            # line is told too, their seat decided then, and a watcher, who read nothing of when
            # play would go on: found play-testing)
            if room is not None and room.rematch and (seconds := m.table.seconds_left()) is not None:
                starts = t("rematch_starts_in_watching" if seat is None and not m.seating.queue_position
                           else "rematch_starts_in", n=seconds)
                notes.append((1, starts, starts))
        else:
            assert result is not None
            said = won_text(m, result.winner, "hand_won", n=view.hand_number, points=result.points)
            title = [("class:turn", " ★ " + fit(said, width - 3))]
            seconds = m.table.seconds_left()
            if m.session.status is Status.FAILED:  # (the table is gone: found play-testing, "The
                countdown = t("no_next_hand")  # next hand starts in a moment…" under its end)
            elif m.seating.everyone_away:  # (the server deals no hand then)
                countdown = self.end_note or t("next_hand_waits")
            else:
                countdown = self.end_note or (t("next_hand") if not seconds  # (not "in 0 s" for as
                                              else t("next_hand_in", n=seconds))  # long as a link stalls)
            notes.append((0, countdown, countdown))
            if len(result.hands) == len(view.seats):  # what the cards left are worth (found
                worth = t("hand_points_worth")  # play-testing: a newcomer could only work it out)
                notes.append((SPARE, worth, worth))
        return title, notes

    def notes_in(self, notes: list[tuple[int, str, str]], width: int, room: int) -> list[Line]:
        """The lines under the result in ``room`` rows, the table's scores always kept: the notes
        wrapped, then the winning play; with too little room, each note cut to a line, the least
        needed left out first (found play-testing: at 60×20 the rematch line read "without
        waiting for e…", and with the away banner up rows of scores went)."""
        play = self.model.transcript.winning_play
        parted = [(note, keys_kept(wrap(note[1], width - 1), width - 1)) for note in notes]
        if sum(len(parts) for _, parts in parted) > room:  # (a spare note goes first)
            parted = [(note, parts) for note, parts in parted if note[0] < SPARE]
            notes = [note for note, _ in parted]
        wrapped: list[Line] = [[("class:notice", " " + part)] for _, parts in parted for part in parts]
        # the winning play in the rows left, wrapped (found play-testing: "Zoe was away: a bot
        # played the turn — Zoe played Blue Draw Two — yo…" at 80 columns)
        if len(wrapped) <= room:
            spare = room - len(wrapped)
            parts = wrap(play, width - 1) if play and spare else []
            if len(parts) > spare:
                parts = [*parts[:spare - 1], fit(" ".join(parts[spare - 1:]), width - 1)]
            return wrapped + [[("", " " + part)] for part in parts]
        kept = sorted(notes, key=lambda note: note[0])[:max(0, room)]
        return [[("class:notice", " " + fit(note[2], width - 1))] for note in notes if note in kept]

    def score_table(self, width: int) -> list[Line]:
        """The heading and a row per seat: its name, its cards left and their points (when the
        hands are shown) and its score. At a match's end a bot's row gives its level, and the
        host's pick is marked "›" (found play-testing: with five seats at 80×24 the board took
        the players' row, and b changed a level with nothing on the screen to show it)."""
        m = self.model
        view = m.table.view
        assert view is not None
        result = view.hand_result
        scores = view.outcome.scores if view.outcome is not None else view.scores
        lines: list[Line] = []
        hands = result.hands if result is not None and len(result.hands) == len(view.seats) else None
        picked = m.seating.host_pick if view.outcome is not None else None
        bots = {s.seat: with_marks(s, [t("level_" + s.level)]) for s in m.seating.room.seats
                if s.kind == "bot" and s.level} if view.outcome is not None and m.seating.room else {}
        names = [bots.get(seat) or m.seating.name_of(seat) for seat in view.seats]
        # as wide as the longest name (up to 16, or 45% of a wider board, or all a board with no
        # hands needs: found re-checking, "Eli (bot, norma…" hid the level) and never narrower
        # than the heading ("Jugador")
        widest = max(16, min(32, width * 9 // 20)) if hands is not None else width - 12
        name_width = max(width_of(t("col_player")), min(widest, max(width_of(name) for name in names)))
        cards_width = max(0, width - 3 - name_width - 1 - 8 - 7) if hands is not None else 0
        header = "   " + pad(t("col_player"), name_width) + " "
        if hands is not None:
            header += pad(t("col_cards_left"), cards_width) + f"{t('col_points'):>8}"
        lines.append([("class:dim", header + f"{t('col_score'):>7}")])
        for i, seat in enumerate(view.seats):
            won = result is not None and seat == result.winner
            lead = ("›" if seat == picked else " ") + ("★ " if won else "  ")
            style = "class:selected" if seat == picked else "class:turn" if won else ""
            row: Line = [(style, lead + pad(names[i], name_width) + " ")]
            if hands is not None:
                held = hands[i]
                row += self.card_codes(tuple(sorted(held, key=card_sort_key)), cards_width)
                value = result.points if won and result is not None else sum(c.points for c in held)
                row.append(("bold" if won else "", f"{('+' if won else '') + str(value):>8}"))
            row.append(("bold", f"{scores[i]:>7}"))
            lines.append(row)
        return lines

    def card_codes(self, cards: tuple[Card, ...], width: int) -> Line:
        """Cards as their short codes ("R7 W+4"), coloured, in exactly ``width`` columns; those
        that do not fit counted ("R7 W+4 (+5 more)": found play-testing at 60 columns, a hand cut
        with "…" could not be checked against its points; a bare "+2", and then "(+2)", read as a
        Draw Two)."""
        out: Line = []
        used = 0
        for i, card in enumerate(cards):
            code = card_code(card)
            more = t("more_cards", n=len(cards) - i)
            if used + len(code) + 1 > width - (0 if i == len(cards) - 1 else len(more) + 1):
                out.append(("class:dim", more if used + len(more) <= width else "…"))
                used += width_of(out[-1][1])
                break
            out.append(("" if self.plain else card_style(card), code))
            out.append(("", " "))
            used += len(code) + 1
        out.append(("", " " * max(0, width - used)))
        return out


class BesideBoard(Painter):
    """A region that asks the board for what it shares: the hand (the players' height), the log
    (the scores at a hand's end)."""

    def __init__(self, model: Model, canvas: Canvas, board: Board) -> None:
        super().__init__(model, canvas)
        self.board = board


def _rows_of(cells: list[tuple[Line, int]], width: int, reserve: int) -> list[Line]:
    """The seats' cells in rows of ``width``, broken where their cells without flags, and room
    for ``reserve`` (the "next" mark, which moves every turn), would break them: the seats keep
    their places as play goes (found play-testing at ten seats, 80 columns: every seat jumped
    at each move). A row its flags make too wide breaks again where it must."""
    groups: list[list[Line]] = [[]]
    used = 0
    for cell, bare in cells:
        if groups[-1] and used + bare + reserve > width:
            groups.append([])
            used = 0
        groups[-1].append(cell)
        used += bare
    rows: list[Line] = []
    for group in groups:
        row: Line = []
        used = 0
        for cell in group:
            cell_width = sum(width_of(f[1]) for f in cell)
            if row and used + cell_width > width:
                rows.append(row)
                row, used = [], 0
            row += cell
            used += cell_width
        if row:
            rows.append(row)
    return rows


def won_text(model: Model, winner: str, key: str, **values: object) -> str:
    """"Ana wins the match!", or on Ana's own screen "You win the match!" (``key``: ``match_won``
    or ``hand_won``, with its ``values``)."""
    if winner == model.seating.seat and not model.seating.won_before_us:
        return t(key + "_you", **values)
    seating = model.seating
    name = seating.won_before_us if winner == seating.seat else seating.name_of(winner, marked=False)
    return t(key, name=name, **values)


def match_over_key(m: Model) -> str:
    """The text of what comes after a match: the host may start the rematch, a player accepts
    it, one away is not waited for, a watcher only leaves."""
    if m.seating.seat is None:
        return "match_over_in_line" if m.seating.queue_position else "match_over_watching"
    if m.seating.away:  # (the rematch waits for one yes: with everyone away, for someone back;
        # found play-testing, "does not wait for you" beside bots alone, and nothing came)
        return "match_over_away_all" if m.seating.everyone_away else "match_over_away"
    view = m.table.view
    if view is not None and m.seating.seat not in view.seats:  # (seated after the match: found
        # play-testing, Eve read "New match when all accept", with nothing of hers to accept)
        room = m.seating.room
        played = [s for s in room.seats if s.kind == "human" and s.seat in view.seats] if room else []
        if not m.seating.is_host:
            gone = all(s.away or not s.connected for s in played)
            return ("match_over_newcomer_left" if not played else "match_over_newcomer_waits" if gone
                    else "match_over_newcomer")
        # (the host now: found play-testing, Hal, in line when every player left, read that the
        # players answer the rematch, with none left to, and that the host starts it)
        return "match_over_newcomer_host" if played else "match_over_newcomer_host_alone"
    return "match_over_host" if m.seating.is_host else "match_over_guest"


def rematch_asked(m: Model) -> bool:
    """Whether the rematch's question (who has accepted, or the offer) is ours to read: not one
    away (found play-testing: away at a match's end, Luis read "Rematch? m yes", and m only
    brought him back), nor one who sat down after the match (it is not theirs)."""
    return m.rematch_open and not m.seating.away
