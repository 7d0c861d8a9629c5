"""What the model looks like: one function per region, ``(width, height) -> lines``.

Each line is a list of ``(style, text)`` fragments. Nothing here changes the model. Every text
that came over the network (names, chat, room and server names) goes through ``clean_text``
before it is shown, and everything is clipped to the width it is given. With ``plain`` (for
``NO_COLOR``) the same information is carried by letters and brackets instead of colours.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.utils import get_cwidth

from engine import View
from engine.cards import Card, Color
from protocol import clean_text

from .address import format_address
from .docs import shown_path
from .enums import Prompt, Screen, Status
from .form import FIELDS, CreateForm
from .i18n import EN, card_name, color_name, t
from .i18n import key as key_of
from .model import Model
from .rulestext import preset_name, rule_labels
from .table import COLORS, card_sort_key

Line = StyleAndTextTuples
CELL = 6  # width of one card of the hand
BIG_CELL = 8  # ... drawn as a box, on a big terminal (at least BIG_COLUMNS × BIG_ROWS)
BIG_COLUMNS, BIG_ROWS = 150, 40
TOP_INNER = 8  # inside the top card's frame: the longest colour name ("AMARILLO") fits
TOP_WIDTH = TOP_INNER + 3  # the frame, and a space before the next column
_REASONS = ("eof", "broken", "refused", "timeout", "shutdown", "unreachable", "unknown_host",
            "table_closed")
_BIG_RANK = {"S": "⊘", "R": "⇄", "+2": "+2", "W": "W", "W+4": "+4"}



# ---------------------------------------------------------------------------- text helpers


def width_of(text: str) -> int:
    return sum(get_cwidth(ch) for ch in text)


def fit(text: str, width: int) -> str:
    """``text`` clipped (with an ellipsis) to ``width`` columns."""
    if width <= 0:
        return ""
    if width_of(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = get_cwidth(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def pad(text: str, width: int) -> str:
    text = fit(text, width)
    return text + " " * (width - width_of(text))


def clip_line(line: Line, width: int) -> Line:
    out: Line = []
    used = 0
    for style, text, *_rest in line:
        room = width - used
        if room <= 0:
            break
        w = width_of(text)
        if w > room:
            text = fit(text, room)
            w = width_of(text)
        out.append((style, text))
        used += w
    return out


def wrap(text: str, width: int) -> list[str]:
    if width < 4:
        return [fit(text, width)]
    return textwrap.wrap(text, width=width, break_long_words=True, break_on_hyphens=False) or [""]


def help_text(key: str, width: int) -> str:
    """The help line ``key`` in the language's keys, in its longest variant that fits ``width``:
    "_mid" and "_short" variants drop the keys least needed."""
    keys = {"yes": key_of("yes"), "no": key_of("no"), "accept": key_of("accept"),
            "keys": "/".join(key_of("color_" + c.value) for c in COLORS)}
    text = t(key, **keys)
    for variant in (key + "_mid", key + "_short"):
        if width_of(text) <= width:
            break
        if variant in EN:
            text = t(variant, **keys)
    return text


def upcoming(view: View) -> str:
    """The seat that plays after the current one, the way play goes now."""
    index = view.seats.index(view.current)
    return view.seats[(index + view.direction) % len(view.seats)]


def card_style(card: Card, color: Color | None = None) -> str:
    key = card.color.value if card.color is not None else (color.value if color else "W")
    return f"class:card.{key.lower()}"


# ---------------------------------------------------------------------------- the renderer


class Renderer:
    def __init__(self, model: Model, *, plain: bool = False) -> None:
        self.model = model
        self.plain = plain
        self.rows: Callable[[], int] = lambda: 24  # the terminal's height (the layout sets it)

    def big(self, width: int) -> bool:
        """Whether the terminal is big enough for big cards."""
        return width >= BIG_COLUMNS and self.rows() >= BIG_ROWS

    def chip(self, card: Card, selected: bool = False) -> Line:
        """A card of the hand, ``CELL - 1`` columns: ``[R7]`` / ``>R7<`` plain, coloured else."""
        code = str(card)
        if self.plain:
            text = (">" + code + "<") if selected else ("[" + code + "]")
            return [("class:selected" if selected else "", pad(text, CELL - 1))]
        text = (">" + code + "<") if selected else (" " + code + " ")
        style = card_style(card) + (" underline" if selected else "")
        return [(style, text), ("", " " * (CELL - 1 - width_of(text)))]

    def color_text(self, color: Color | None) -> Line:
        if color is None:
            return [("", "?")]
        name = color_name(color)
        if self.plain:
            return [("bold", name.upper())]
        return [(f"class:text.{color.value.lower()}", name)]

    # ---- frame

    def title(self, width: int, height: int) -> list[Line]:
        m = self.model
        left = [t("app_title")]
        room_info = m.room
        if room_info is not None:
            left.append(clean_text(room_info.name))
        view = m.view
        if view is not None:
            left.append(t("hand_no", n=view.hand_number))
        if room_info is not None:  # the preset, then the options that are on
            labels = rule_labels(room_info.rules) if view is not None else []
            left.append(", ".join([preset_name(room_info.preset), *labels]))
            if room_info.queue and view is not None:  # the host sees who waits for a seat
                left.append(t("waiting_queue", n=room_info.queue))
        right = m.name
        text = " · ".join(left)
        room = width - width_of(right) - 3  # (a space between, and one at each end)
        line = " " + pad(text, max(0, room)) + " " + fit(right, width - 2 - max(0, room)) + " "
        return [[("class:title", pad(line, width))]]

    def banner_text(self) -> str | None:
        m = self.model
        if m.status is Status.LOST:
            delay = 0.0 if m.retry_at is None else max(0.0, m.retry_at - m.clock())
            reason = t("reason_" + m.reason) if m.reason in _REASONS else clean_text(m.reason)
            key = "status_lost" if m.ever_connected else "status_unreachable"
            return t(key, reason=reason, delay=f"{delay:.1f} s", attempt=m.attempt + 1, address=m.address)
        if m.status is Status.CONNECTING and m.room is not None:
            return t("status_retrying", address=m.address, attempt=m.attempt)
        if m.status is Status.FAILED:
            return self.failure_text()
        if m.away:
            return t("away_back_sent") if m.back_sent else t("away_banner")
        return None

    def failure_text(self) -> str:
        """Why the client stopped trying, in words."""
        m = self.model
        if m.reason == "replaced":
            return t("status_replaced")
        if m.reason == "table_closed":
            return t("status_table_closed")
        if m.reason == "version_mismatch":
            return t("status_version", address=m.address, detail=m.failure)
        reason = t("reason_" + m.reason) if m.reason in _REASONS else clean_text(m.reason)
        if m.gave_up:
            return t("status_gave_up", address=m.address, reason=reason)
        return t("status_failed", address=m.address, reason=reason)

    def banner(self, width: int, height: int) -> list[Line]:
        text = self.banner_text() or ""
        return [[("class:banner", pad(" " + text, width))]]

    def help(self, width: int, height: int) -> list[Line]:
        m = self.model
        prompt = m.prompt
        key = {
            Prompt.QUIT: "help_confirm", Prompt.HOST_QUIT: "help_host_quit", Prompt.LEAVE: "help_confirm",
            Prompt.CHAT: "help_chat", Prompt.PASSWORD: "help_chat",
            Prompt.COLOR: "help_color", Prompt.START_COLOR: "help_color",
            Prompt.SEAT: "help_seat", Prompt.CHALLENGE: "help_challenge",
        }.get(prompt)
        if key is None:
            screen = m.screen
            if screen is Screen.TABLE:
                key = "help_table" if m.seat is not None else "help_spectator"
                if m.view is not None and m.view.outcome is not None and m.seat is not None:
                    key = "help_waiting_host" if m.is_host else "help_waiting"
                elif m.hand_over and m.seat is not None:
                    key = "help_hand_over"
            elif screen is Screen.WAITING:
                key = ("help_spectator" if m.seat is None
                       else "help_waiting_host" if m.is_host else "help_waiting")
            else:
                key = {Screen.BROWSE: "help_browse", Screen.LOBBY: "help_lobby",
                       Screen.CREATE: "form_hint"}.get(screen, "help_connecting")
        return [[("class:help", pad(" " + help_text(key, width - 1), width))]]

    def prompt_height(self, width: int) -> int:
        """Two lines for a leave confirmation too wide for one; else one."""
        m = self.model
        if m.prompt is not Prompt.LEAVE:
            return 1
        wide = 1 + width_of(t("leave_confirm", yes=key_of("yes"))) + 1 + width_of(m.leave_consequence())
        return 2 if wide > width else 1

    def prompt_line(self, width: int, height: int) -> list[Line]:
        m = self.model
        prompt = m.prompt
        line: Line
        if prompt is Prompt.QUIT:
            line = [("class:notice", t("quit_confirm", yes=key_of("yes")))]
        elif prompt is Prompt.HOST_QUIT:
            line = [("class:notice", t("host_quit_confirm"))]
        elif prompt is Prompt.LEAVE:
            question = t("leave_confirm", yes=key_of("yes"))
            if self.prompt_height(width) == 2:  # what happens to the table, on a line of its own
                return [[("", " "), ("class:notice", fit(question, width - 1))],
                        [("", " " + fit(m.leave_consequence(), width - 1))]]
            line = [("class:notice", question), ("", " " + m.leave_consequence())]
        elif prompt is Prompt.CHAT:
            line = [("bold", t("prompt_chat")), ("", m.input_text), ("blink", "▏")]
        elif prompt is Prompt.PASSWORD:
            room = next((r.name for r in m.rooms if r.id == m.password_room), "?")
            line = [("bold", t("password_prompt", room=clean_text(room))),
                    ("", "*" * len(m.input_text)), ("blink", "▏")]
        elif prompt in (Prompt.COLOR, Prompt.START_COLOR):
            label = (t("prompt_start_color") if prompt is Prompt.START_COLOR
                     else t("prompt_color", card=card_name(m.pending_card) if m.pending_card else ""))
            line = []
            for i, color in enumerate(COLORS):
                chosen = i == m.color_index
                text = f"{key_of('color_' + color.value)}:{color_name(color)}"
                if self.plain:
                    line.append(("class:selected" if chosen else "", f"[{text}]" if chosen else f" {text} "))
                else:
                    line.append((f"class:card.{color.value.lower()}" + (" reverse" if chosen else ""),
                                 f" {text} "))
                line.append(("", " "))
            if width_of(label) + sum(width_of(f[1]) for f in line) < width - 1:  # else: the keys only
                line.insert(0, ("bold", label + " "))
        elif prompt is Prompt.SEAT:
            line = [("bold", t("prompt_seat") + " ")]
            for i, seat in enumerate(m.pending_targets):
                chosen = i == m.seat_index
                text = f"{i + 1}:{m.name_of(seat)}"
                line.append(("class:selected" if chosen else "", f"[{text}]" if chosen else f" {text} "))
        elif prompt is Prompt.CHALLENGE:
            view = m.view
            who = m.name_of(view.challenge_from if view else None)
            values = dict(name=who, n=view.pending_draw if view else 4, yes=key_of("yes"),
                          accept=key_of("accept"))
            text = t("prompt_challenge", **values)
            if width_of(text) >= width:
                text = t("prompt_challenge_short", **values)
            line = [("class:notice", text)]
        elif m.notice:
            line = [("class:notice", m.notice)]
        elif m.uno_armed:
            line = [("class:uno", t("uno_armed"))]
        elif m.catchable is not None:
            line = [("class:uno", t("catch_hint", name=m.name_of(m.catchable)))]
        elif (m.view is not None and m.view.drawn is not None and m.my_turn
              and m.view.drawn in m.playable):
            key = "prompt_drawn" if m.can_pass else "prompt_drawn_again"
            line = [("class:notice", t(key, card=card_name(m.view.drawn)))]
        else:
            line = []
        return [clip_line([("", " "), *line], width)]

    # ---- screens before the table

    @staticmethod
    def row(text: str, chosen: bool, width: int) -> Line:
        """A line of a list; the chosen one is marked (reverse video, and "›" for NO_COLOR)."""
        return [("class:selected" if chosen else "", pad(("› " if chosen else "  ") + text, width))]

    def connecting(self, width: int, height: int) -> list[Line]:
        m = self.model
        lines: list[Line] = [[]]
        if m.address:
            lines.append([("bold", "  " + fit(t("status_connecting", address=m.address), width - 2))])
        else:
            lines.append([("bold", "  " + t("starting_server"))])
        if m.info:
            lines.append([("", "  " + fit(m.info, width - 2))])
        return lines

    def browse(self, width: int, height: int) -> list[Line]:
        m = self.model
        lines: list[Line] = [[("bold", " " + t("browse_title"))], []]
        header = t("browse_columns", name=t("col_name"), host=t("col_host"), players=t("col_players"),
                   free=t("col_free"), rules=t("col_rules"))
        lines.append([("class:dim", "  " + fit(header, width - 2))])
        for i, entry in enumerate(m.servers):
            text = t("browse_columns", name=fit(clean_text(entry.name), 24),
                     host=fit(format_address(entry.host, entry.port), 22), players=entry.players,
                     free=entry.free_seats, rules=clean_text(entry.rules))
            chosen = i == m.server_index and not m.address_text
            lines.append(self.row(text, chosen, width))
        if not m.servers:
            key = "browse_unavailable" if m.discovery_state == "unavailable" else "browse_none"
            lines.append([("class:dim", "  " + fit(t(key), width - 2))])
        lines.append([])
        lines.append([("bold", " " + t("browse_address")), ("", m.address_text), ("blink", "▏")])
        return lines

    def lobby(self, width: int, height: int) -> list[Line]:
        m = self.model
        lines: list[Line] = [[("bold", " " + fit(t("lobby_title", server=m.server_name), width - 1))]]
        if m.info:
            lines.append([("class:dim", " " + fit(m.info, width - 1))])
        if m.offer:
            lines.append([("class:notice", " " + fit(m.offer, width - 1))])
        lines.append([])
        header = t("lobby_columns", name=t("col_table"), host=t("col_host"), players=t("col_players"),
                   rules=t("col_rules"), state=t("col_state"))
        lines.append([("class:dim", "  " + fit(header, width - 2))])
        for i, room in enumerate(m.rooms):
            state = t("room_playing" if room.started else "room_waiting")
            if room.password:
                state += " · " + t("room_locked")
            text = t("lobby_columns", name=fit(clean_text(room.name), 24),
                     host=fit(clean_text(room.host), 14), players=f"{room.players + room.bots}/{room.seats}",
                     rules=t("preset_" + room.preset) if room.preset in ("official", "house") else "?",
                     state=state)
            lines.append(self.row(text, i == m.room_index, width))
        if not m.rooms:
            lines.append([("class:dim", "  " + t("lobby_none"))])
        else:  # the chosen table's options, in words
            room = m.rooms[min(m.room_index, len(m.rooms) - 1)]
            options = ", ".join([preset_name(room.preset),
                                 *rule_labels(room.rules, turn_timeout=room.turn_timeout)])
            lines.append([])
            for part in wrap(t("lobby_rules", table=clean_text(room.name), options=options),
                             width - 2):
                lines.append([("class:dim", "  " + part)])
        lines += [[], [("class:dim", "  " + fit(t("lobby_rules_doc", path=shown_path()), width - 2))]]
        return lines

    def form(self, width: int, height: int) -> list[Line]:
        m = self.model
        form = m.form
        lines: list[Line] = [[("bold", " " + t("form_title"))], []]
        if form is None:
            return lines
        rows: list[Line] = []
        for i, key in enumerate(FIELDS):
            label, value = form_field(form, key)
            focused = i == form.focus
            if key in ("name", "password"):
                value += "▏" if focused else ""
            elif focused:
                value = f"◀ {value} ▶"
            text = f"{'›' if focused else ' '} {pad(label, 26)} {value}"
            rows.append([("class:selected" if focused else "", pad(" " + text, min(width, 66)))])
        room = max(1, height - len(lines))
        first = min(max(0, form.focus - room // 2), max(0, len(rows) - room))  # focus in sight
        return lines + rows[first:first + room]

    def waiting(self, width: int, height: int) -> list[Line]:
        m = self.model
        room = m.room
        if room is None:
            return []
        lines: list[Line] = [[("bold", " " + fit(t("waiting_title", room=clean_text(room.name)), width - 1))]]
        if m.info:
            lines.append([("class:dim", " " + fit(m.info, width - 1))])
        offer = m.offer_key if m.can_resume_kept else m.offer
        if offer:
            lines.append([("class:notice", " " + fit(offer, width - 1))])
        lines.append([])
        lines.append([("", " " + t("waiting_seats", taken=len(room.seats), max=room.max_seats))])
        for i, info in enumerate(room.seats):
            marks = []
            if info.kind == "bot":
                marks.append(t("seat_bot"))
            if info.seat == room.host_seat:
                marks.append(t("seat_host"))
            if not info.connected:
                marks.append(t("flag_off"))
            if info.seat == m.seat:
                marks.append(t("you"))
            text = f"   {i + 1}. {clean_text(info.name)}" + (f"  ({', '.join(marks)})" if marks else "")
            lines.append([("bold" if info.seat == m.seat else "", fit(text, width))])
        for i in range(len(room.seats), room.max_seats):
            lines.append([("class:dim", f"   {i + 1}. —")])
        if room.queue:
            lines.append([("class:dim", "   " + t("waiting_queue", n=room.queue))])
        lines.append([])
        empty = room.max_seats - len(room.seats)
        if m.seat is None:
            hint = spectator_hint(m)
        elif m.is_host:
            hint = t("waiting_host", n=empty) if empty else t("waiting_host_full")
        else:
            hint = t("waiting_guest", host=clean_text(room.host))
        for part in wrap(hint, width - 1):  # (first: what to do next matters most)
            lines.append([("class:notice", " " + part)])
        options = ", ".join(rule_labels(room.rules, turn_timeout=room.turn_timeout,
                                        bot_level=room.bot_level, late_join=room.late_join))
        for part in wrap(t("waiting_rules", preset=preset_name(room.preset), options=options),
                         width - 1):
            lines.append([("", " " + part)])
        room_left = height - len(lines) - 1
        if m.log and room_left > 0:  # who came and went
            lines.append([])
            lines += [[("class:dim", " " + fit(entry, width - 1))] for entry in m.log[-room_left:]]
        return lines

    def chat(self, width: int, height: int) -> list[Line]:
        lines: list[Line] = []
        for source, text in self.model.chat:
            for i, part in enumerate(wrap(f"{clean_text(source)}: {clean_text(text)}", width - 1)):
                lines.append([("bold" if i == 0 else "", " " + part)])
        return lines[-height:] if height > 0 else []

    # ---- the table

    def players(self, width: int, height: int) -> list[Line]:
        """The seats in their order around the table, joined by arrows that point the way play
        goes; the player on turn has "▶" (and the turn colour), the one after them "next"."""
        return [clip_line(row, width) for row in self._player_rows(width)]

    def players_height(self, width: int) -> int:
        return max(1, len(self._player_rows(width)))

    def _player_rows(self, width: int) -> list[Line]:
        m = self.model
        view = m.view
        if view is None:
            return []
        infos = {s.seat: s for s in m.room.seats} if m.room is not None else {}
        arrow = "→ " if view.direction == 1 else "← "
        playing = view.hand_result is None and view.outcome is None
        after = upcoming(view)
        name_room = max(4, min(24, width - 20))
        rows: list[Line] = []
        row: Line = []
        used = 0
        for i, seat in enumerate(view.seats):
            info = infos.get(seat)
            current = playing and seat == view.current
            size = view.hand_sizes[i]
            name = fit(m.name_of(seat) + (f" ({t('you')})" if seat == view.seat else ""), name_room)
            style = "class:turn" if current else ("bold" if seat == view.seat else "")
            cell: Line = [(style, ("▶ " if current else "  ") + name), ("", f" [{size:>2}]")]
            if playing and seat == after:
                cell.append(("class:mark", " " + t("flag_next")))
            if view.uno_said[i] and size <= 2:
                cell.append(("class:uno", " " + t("flag_uno")))
            if info is not None and not info.connected:
                cell.append(("class:warn", " " + t("flag_off")))
            elif info is not None and info.away:
                cell.append(("class:warn", " " + t("flag_away")))
            if i < len(view.seats) - 1:
                cell.append(("class:dim", " " + arrow))
            cell_width = sum(width_of(f[1]) for f in cell)
            if row and used + cell_width > width:
                rows.append(row)
                row, used = [], 0
            row += cell
            used += cell_width
        if row:
            rows.append(row)
        return rows

    def top_card(self, width: int, height: int) -> list[Line]:
        view = self.model.view
        if view is None:
            return []
        card = view.top
        style = card_style(card, view.color) if not self.plain else ""
        rank = card.rank.value
        big = rank if card.rank.is_number else _BIG_RANK[rank]
        color = (color_name(view.color).upper() if view.color is not None else "?")
        inner = TOP_INNER
        rows = [str(card).ljust(inner), big.center(inner), fit(color, inner).center(inner)]
        lines: list[Line] = [[(style, "┌" + "─" * inner + "┐")]]
        lines += [[(style, "│" + pad(r, inner) + "│")] for r in rows]
        lines.append([(style, "└" + "─" * inner + "┘")])
        return lines

    def info(self, width: int, height: int) -> list[Line]:
        m = self.model
        view = m.view
        if view is None:
            return []
        lines: list[Line] = [[("bold", fit(card_name(view.top), width))]]
        if view.color is None:
            lines.append([("", t("color_choosing"))])
        else:
            label = t("color_in_play", color="").rstrip()
            lines.append([("", label + " "), *self.color_text(view.color)])
        lines.append([("", t("draw_pile", n=view.draw_pile))])
        if view.pending_draw:
            lines.append([("class:uno", t("pending_draw", n=view.pending_draw))])
        lines.append([("", t("dir_cw" if view.direction == 1 else "dir_ccw"))])
        if view.hand_result is None and view.outcome is None:
            turn = t("turn_you") if m.my_turn else t("turn_of", name=m.name_of(view.current))
            line: Line = [("class:turn" if m.my_turn else "bold", turn)]
            seconds = m.seconds_left()
            if seconds is not None:
                line.append(("class:warn" if seconds <= 5 else "", "  " + t("deadline", n=seconds)))
            lines.append(line)
        return [clip_line(line, width) for line in lines]

    def log(self, width: int, height: int) -> list[Line]:
        m = self.model
        view = m.view
        if view is not None and (view.hand_result is not None or view.outcome is not None):
            return self.scores(width, height)
        lines: list[Line] = []
        for entry in m.log[-height:]:
            lines += [[("", " " + part)] for part in wrap(entry, width - 1)]
        return lines[-height:] if height > 0 else lines

    def scores(self, width: int, height: int) -> list[Line]:
        """The end of a hand (or of the match): who won with what play, every hand's remaining
        cards with their points, the match scores, and the countdown to the next deal."""
        m = self.model
        view = m.view
        assert view is not None
        lines: list[Line] = []
        result = view.hand_result
        if view.outcome is not None:
            lines.append([("class:uno", " ★ " + fit(t("match_won", name=m.name_of(view.outcome.winner)),
                                                       width - 3))])
            scores = view.outcome.scores
            hint = t("match_over_host" if m.is_host else "match_over_guest")
            lines.append([("class:notice", " " + fit(hint, width - 1))])
        else:
            assert result is not None
            lines.append([("class:turn", " ★ " + fit(t("hand_won", name=m.name_of(result.winner),
                                                           n=view.hand_number, points=result.points),
                                                         width - 3))])
            scores = view.scores
            seconds = m.seconds_left()
            countdown = t("next_hand") if seconds is None else t("next_hand_in", n=seconds)
            lines.append([("class:notice", " " + fit(countdown, width - 1))])
        play = m.winning_play
        if play:
            lines.append([("", " " + fit(play, width - 1))])
        hands = result.hands if result is not None and len(result.hands) == len(view.seats) else None
        name_width = max(6, min(16, max(width_of(m.name_of(seat)) for seat in view.seats)))
        cards_width = max(0, width - 3 - name_width - 1 - 8 - 7) if hands is not None else 0
        header = "   " + pad(t("col_player"), name_width) + " "
        if hands is not None:
            header += pad(t("col_cards_left"), cards_width) + f"{t('col_points'):>8}"
        lines.append([("class:dim", header + f"{t('col_score'):>7}")])
        for i, seat in enumerate(view.seats):
            won = result is not None and seat == result.winner
            row: Line = [("class:turn" if won else "", (" ★ " if won else "   ")
                          + pad(m.name_of(seat), name_width) + " ")]
            if hands is not None:
                held = hands[i]
                row += self.card_codes(tuple(sorted(held, key=card_sort_key)), cards_width)
                value = result.points if won and result is not None else sum(c.points for c in held)
                row.append(("bold" if won else "", f"{('+' if won else '') + str(value):>8}"))
            row.append(("bold", f"{scores[i]:>7}"))
            lines.append(row)
        return [clip_line(line, width) for line in lines[:height]]

    def card_codes(self, cards: tuple[Card, ...], width: int) -> Line:
        """Cards as their short codes ("R7 W+4"), coloured, in exactly ``width`` columns."""
        out: Line = []
        used = 0
        for i, card in enumerate(cards):
            code = str(card)
            rest = len(cards) - i
            if used + len(code) + 1 > width - (0 if rest == 1 else 2):
                out.append(("class:dim", "…"))
                used += 1
                break
            out.append(("" if self.plain else card_style(card), code))
            out.append(("", " "))
            used += len(code) + 1
        out.append(("", " " * max(0, width - used)))
        return out

    def hand(self, width: int, height: int) -> list[Line]:
        m = self.model
        view = m.view
        if view is None:
            return []
        if view.hand is None:
            return [[("class:dim", " " + fit(spectator_hint(m), width - 1))]]
        hand = m.hand
        playable = m.playable
        header: Line = [("bold", " " + t("your_hand", n=len(hand)))]
        selected = m.selected_card
        if selected is not None:
            header.append(("", " · " + card_name(selected)))
        if playable:
            header.append(("class:mark", "   " + t("playable_hint")))
        if m.uno_armed:
            header.append(("class:uno", "   " + t("flag_uno")))
        lines: list[Line] = [clip_line(header, width)]
        big = self.big(width)
        cell = BIG_CELL if big else CELL
        per_row = max(1, (width - 1) // cell)
        for start in range(0, len(hand), per_row):
            chunk = hand[start:start + per_row]
            numbers: Line = [("", " ")]
            rows: list[Line] = [[("", " ")] for _ in range(3 if big else 1)]
            marks: Line = [("", " ")]
            for offset, card in enumerate(chunk):
                index = start + offset
                chosen = index == m.selected
                number_style = "class:selected" if chosen else "class:dim"
                numbers.append((number_style, pad(str(index + 1).center(cell - 1), cell - 1)))
                numbers.append(("", " "))
                if big:
                    for row, part in zip(rows, self.big_card(card, chosen), strict=True):
                        row += [*part, ("", " ")]
                else:
                    rows[0] += [*self.chip(card, chosen), ("", " ")]
                marks.append(("class:mark", pad(("▲" if card in playable else "").center(cell - 1), cell)))
            lines += [numbers, *rows, marks]
        block = 5 if big else 3
        if len(lines) > height >= 1 + block:  # not enough room: the rows around the chosen card
            first = 1 + block * max(0, min(m.selected // per_row, (len(lines) - 1) // block
                                           - (height - 1) // block))
            lines = [lines[0], *lines[first:first + (height - 1) // block * block]]
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
                [(style, side + str(card).center(inner) + side)],
                [(style, bottom[0] + bottom[1] * inner + bottom[2])]]

    def hand_height(self, width: int) -> int:
        view = self.model.view
        if view is None or view.hand is None:
            return 1
        big = self.big(width)
        per_row = max(1, (width - 1) // (BIG_CELL if big else CELL))
        block = 5 if big else 3
        wanted = 1 + block * max(1, -(-len(view.hand) // per_row))
        # what the rest needs: title, players, two rules, the top card's 5 lines, prompt, help
        room = self.rows() - self.players_height(width) - 10
        return max(1 + block, min(wanted, 1 + block * (room // block)))


def form_field(form: CreateForm, key: str) -> tuple[str, str]:
    """The label and the value shown for one field of the new-table form."""
    if key in _FORM_SWITCHES:
        on = form.strict if key == "strict" else form.options[key]
        return t(_FORM_SWITCHES[key]), t("yes" if on else "no")
    if key in form.penalties:
        label = t("form_uno_penalty" if key == "uno_penalty" else "form_false_catch")
        return label, str(form.penalties[key])
    value = {
        "name": lambda: form.name,
        "preset": lambda: preset_name(form.preset),
        "seats": lambda: str(form.seats),
        "bots": lambda: str(form.bots),
        "bot_level": lambda: t("level_" + form.bot_level),
        "timeout": lambda: t("off") if not form.timeout else t("seconds", n=int(form.timeout)),
        "late_join": lambda: t("late_" + form.late_join),
        "password": lambda: "*" * len(form.password) or t("none"),
        "target": lambda: (t("rule_single") if form.target is None
                           else t("target_points", n=form.target)),
    }[key]()
    return t(_FORM_LABELS[key]), value


_FORM_LABELS = {"name": "form_name", "preset": "form_preset", "seats": "form_seats",
                "bots": "form_bots", "bot_level": "form_bot_level", "timeout": "form_timeout",
                "late_join": "form_late_join", "password": "form_password",
                "target": "form_target"}
_FORM_SWITCHES = {"strict": "form_strict", "draw_until": "form_draw_until", "stack": "form_stack",
                  "stack_four": "form_stack_four", "seven_zero": "form_seven_zero",
                  "jump_in": "form_jump_in", "left_first": "form_left_first"}


def spectator_hint(m: Model) -> str:
    """What a spectator can do about a seat, or where they are in the line for one."""
    room = m.room
    if m.queue_position:
        if m.queue_seat is not None:
            return t("queued_seat", name=m.name_of(m.queue_seat))
        return t("queued_line", n=m.queue_position)
    if room is None:
        return t("spectating")
    if not room.started:
        if len(room.seats) < room.max_seats or any(s.kind == "bot" for s in room.seats):
            return t("spectator_sit")
        return t("spectator_wait")
    if any(s.kind == "bot" for s in room.seats):
        return t("spectator_take")
    return t("spectator_wait")
