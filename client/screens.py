"""The screens before the table: connecting, choosing a server, the lobby, the new-table form,
the waiting room.
"""

from __future__ import annotations

from protocol import LEFT_MARK, RoomSummary, SeatInfo, clean_text
from protocol.address import format_address

from .docs import rules_line
from .draw import Line, Painter, fit, keys_kept, pad, width_of, wrap
from .enums import Status
from .form import CreateForm
from .header import Header, watchers_text
from .i18n import EN, language, t
from .keymap import shown
from .matchlength import hands_to
from .model import Model
from .rulestext import (
    PRESET_KEYS,
    preset_label,
    room_state,
    rule_labels,
    rules_sentence,
)
from .seating import left_to_bot

FORM_LABEL = 26  # columns for the labels of the new-table form
ABOUT_LINES = 3  # the most lines what the form's focused row means takes (the preset's, in Spanish at 80)


class Screens(Painter):
    """The screens before the table."""

    def connecting(self, width: int, height: int) -> list[Line]:
        m = self.model
        lines: list[Line] = [[]]
        if m.session.status is Status.FAILED:  # why it stopped, all of it (the banner is one line)
            failure = Header(m, self.canvas).failure_text()
            lines += [[("bold", "  " + part)] for part in wrap(failure, width - 3)]
        elif m.session.address:
            lines.append([("bold", "  " + fit(t("status_connecting", address=m.session.address), width - 2))])
        else:
            lines.append([("bold", "  " + t("starting_server"))])
        if m.host.listening:
            lines.append([("", "  " + fit(m.host.listening, width - 2))])
        return lines

    def browse(self, width: int, height: int) -> list[Line]:
        m = self.model
        lines: list[Line] = [[("bold", " " + t("browse_title"))], []]
        header = t("browse_columns", name=t("col_name"), host=t("col_host"), players=t("col_players"),
                   free=t("col_free"), rules=t("col_rules"))
        lines.append([("class:dim", "  " + fit(header, width - 2))])
        for i, entry in enumerate(m.servers.entries):
            text = t("browse_columns", name=fit(clean_text(entry.name), 24),
                     host=fit(format_address(entry.host, entry.port), 22), players=entry.players,
                     free=entry.free_seats, rules=clean_text(entry.rules))
            chosen = i == m.servers.index and not m.servers.address_text
            lines.append(self.row(text, chosen, width))
        if not m.servers.entries:
            lines.append([("class:dim", "  " + fit(t(m.servers.none_key), width - 2))])
        lines.append([])
        lines.append([("bold", " " + t("browse_address")), ("", m.servers.address_text), ("blink", "▏")])
        return lines

    def lobby(self, width: int, height: int) -> list[Line]:
        m = self.model
        lines: list[Line] = [[("bold", " " + fit(lobby_title(m), width - 1))]]
        if m.host.listening:
            lines.append([("class:dim", " " + fit(m.host.listening, width - 1))])
        if m.host.offer:  # wrapped: its key and command are at the end
            lines += [[("class:notice", " " + part)] for part in wrap(m.host.offer, width - 1)]
        lines.append([])
        states = [room_state(room, " · ") for room in m.lobby.rooms]
        name_width, host_width = _name_columns(width - 2, max(states, key=width_of, default=""))
        header = t("lobby_columns", name=pad(t("col_table"), name_width), host=pad(t("col_host"), host_width),
                   players=t("col_players"), rules=t("col_rules"), state=t("col_state"))
        lines.append([("class:dim", "  " + fit(header, width - 2))])
        for i, (room, state) in enumerate(zip(m.lobby.rooms, states, strict=True)):
            text = t("lobby_columns", name=pad(clean_text(room.name), name_width),
                     host=pad(clean_text(room.host), host_width),
                     players=f"{room.players + room.bots}/{room.seats}",
                     rules=preset_label(room.preset, room.rules),
                     state=state)
            lines.append(self.row(text, i == m.lobby.index, width))
        if m.lobby.more:
            lines.append([("class:dim", "  " + fit(t("lobby_more", n=m.lobby.more), width - 2))])
        if not m.lobby.rooms:
            if m.lobby.listed:
                lines.append([("class:dim", "  " + t("lobby_none"))])
        else:  # the chosen table's options, in words
            room = m.lobby.rooms[min(m.lobby.index, len(m.lobby.rooms) - 1)]
            options = ", ".join([preset_label(room.preset, room.rules),  # (marked as its column is)
                                 *rule_labels(room.rules, turn_timeout=room.turn_timeout,
                                              late_join=room.late_join, preset=room.preset)])
            lines.append([])
            for part in wrap(t("lobby_rules", table=clean_text(room.name), options=options),
                             width - 2):
                lines.append([("class:dim", "  " + part)])
            if room.seated:  # who sits there, with the hands they have won (issue 13), and who watches
                for part in wrap(seated_text(room, whole=True), width - 2):
                    lines.append([("class:dim", "  " + part.replace(NBSP, " "))])
        # how to learn the game, in it (found play-testing: a newcomer read only of a file)
        howto = t("lobby_howto", pgdn=shown("pagedown", language()))
        lines += [[], [("class:dim", "  " + fit(howto, width - 2))]]
        rules = rules_line()
        if rules:
            lines.append([("class:dim", "  " + fit(rules, width - 2))])
        return lines

    def form(self, width: int, height: int) -> list[Line]:
        m = self.model
        form = m.form
        title = t("form_title")
        if form is not None and form.editing:  # (the host's: the rules of the table she sits at)
            title = fit(t("form_rules_title", room=clean_text(form.name)), width - 1)
        lines: list[Line] = [[("bold", " " + title)], []]
        if form is None:
            return lines
        rows: list[Line] = []
        for i, key in enumerate(form.fields):
            label, value = form_field(form, key)
            focused = i == form.focus
            if key in ("name", "password", "save_as"):
                value += ("▏" + (" " + _save_enter(form) if key == "save_as" else "")
                          if focused else "")
            elif focused:
                value = f"◀ {value} ▶"
                if key == "bot_level":  # (what it means: found play-testing, nothing said it)
                    value += "  " + t("level_about_" + form.bot_level)
                elif key == "target" and (length := match_length(form)):  # (how long, as measured)
                    value += "  " + length
            text = f"{'›' if focused else ' '} {pad(label, FORM_LABEL)} {value}"
            # (66 columns; the level's row, with what the level means, and the saving's, with what
            # Enter does, to 80: found cut there, "(guardadas: Enter las apl…")
            room_for = 80 if focused and key in ("bot_level", "save_as") else 66
            rows.append([("class:selected" if focused else "", pad(" " + text, min(width, room_for)))])
        # what the focused row means, under the rows (found play-testing: a newcomer could not
        # tell what "Strict +4" or "Jump-in" would change)
        # (its room kept whatever the row: found re-checking, the rows jumped as it grew and shrank)
        kept = ABOUT_LINES + 1 if height - len(lines) > ABOUT_LINES + 5 else 0  # (rows first)
        about = wrap(field_about(form), min(width, 80) - 2)[:ABOUT_LINES] if kept else []
        room = max(1, height - len(lines) - kept)
        first = min(max(0, form.focus - room // 2), max(0, len(rows) - room))  # focus in sight
        # rows out of sight, said where a blank line was (found play-testing: at 80x24 nothing
        # said that the form went on below, nor above)
        below = len(rows) - first - room
        if first:
            lines[-1] = [("class:dim", "  " + t("form_more_above", n=first))]
        gap: list[Line] = [[("class:dim", "  " + t("form_more_below", n=below))] if below > 0 else []]
        return lines + rows[first:first + room] + (gap if about else []) + [[("class:dim", "  " + part)]
                                                                           for part in about]

    def waiting(self, width: int, height: int) -> list[Line]:
        m = self.model
        room = m.seating.room
        if room is None:
            return []
        lines: list[Line] = [[("bold", " " + fit(t("waiting_title", room=clean_text(room.name)), width - 1))]]
        if m.host.listening:
            lines.append([("class:dim", " " + fit(m.host.listening, width - 1))])
        offer = m.host.offer_key if m.can_resume_kept else m.host.offer
        if offer:  # wrapped: its key and command are at the end
            lines += [[("class:notice", " " + part)] for part in keys_kept(wrap(offer, width - 1), width - 1)]
        lines.append([])
        lines.append([("", " " + t("waiting_seats", taken=len(room.seats), max=room.max_seats))])
        picked = m.seating.host_pick
        seats: list[tuple[str, str]] = []  # (style, text) of each seat
        digits = len(str(room.max_seats))  # (numbers right-aligned: " 9." over "10.")
        for i, info in enumerate(room.seats):
            marks = seat_marks(m, info)
            cursor = " › " if picked is not None and info.seat == picked else "   "
            text = f"{cursor}{i + 1:>{digits}}. {with_marks(info, marks, gap='  ')}"
            if cursor != "   " and info.kind == "bot" and info.level:  # (the picked bot's level
                text += " — " + t("level_about_" + info.level)  # in words, as b changes it)
            style = "class:selected" if cursor != "   " else "bold" if info.seat == m.seating.seat else ""
            seats.append((style, text))
        seats += [("class:dim", f"   {i + 1:>{digits}}. —") for i in range(len(room.seats), room.max_seats)]
        below: list[Line] = []
        counted = watchers_text(room.spectators, room.queue)
        if counted:
            below.append([("class:dim", "   " + counted)])
        below.append([])
        for part in wrap(waiting_hint(m), width - 1):  # (first: what to do next matters most)
            below.append([("class:notice", " " + part)])
        for part in wrap(rules_sentence(room), width - 1):
            below.append([("", " " + part)])
        # At ten seats a line each leaves no room for the rules under them: two columns then.
        two_columns = len(lines) + len(seats) + len(below) > height and len(seats) > 1
        rows = -(-len(seats) // 2) if two_columns else len(seats)
        half = width // 2
        for row in range(rows):
            if two_columns and row + rows < len(seats):
                (left_style, left), (right_style, right) = seats[row], seats[row + rows]
                lines.append([(left_style, pad(fit(left, half - 1), half - 1)), ("", " "),
                              (right_style, fit(right, width - half))])
            else:
                lines.append([(seats[row][0], fit(seats[row][1], width))])
        lines += below
        room_left = height - len(lines) - 1
        if m.transcript.log and room_left > 0:  # who came and went
            lines.append([])
            lines += [[("class:dim", " " + fit(entry, width - 1))] for entry in m.transcript.log[-room_left:]]
        return lines


NBSP = "\u00a0"  # (a space a line is not broken at)


def seated_text(room: RoomSummary, whole: bool = False) -> str:
    """The lobby's words on who sits at ``room`` and how many watch it (found play-testing: only
    the table's own header said so); ``whole``: each player's words joined by ``NBSP``, for a
    wrap that keeps them on one line (found play-testing: "Bot 6 / (normal)", "Bot / 5")."""
    watching = watchers_text(room.spectators)
    people = seated_line(room.seated, whole)
    return t("lobby_seated", people=people) + (f" · {watching}" if watching else "")


def seated_line(seats: tuple[SeatInfo, ...], whole: bool = False) -> str:
    """The lobby's line of a table's players: each name, a bot's level, offline or away (found
    play-testing: one who had quit read as playing), the hands won."""
    people = []
    for info in seats:
        marks = [t("level_" + info.level)] if info.kind == "bot" and info.level else []
        marks += [t("flag_off")] if not info.connected else [t("flag_away")] if info.away else []
        marks += hands_won(info)
        entry = with_marks(info, marks)
        people.append(entry.replace(" ", NBSP) if whole else entry)
    return " · ".join(people)


def with_marks(info: SeatInfo, marks: list[str], gap: str = " ") -> str:
    """A seat's name with its marks in brackets, ``gap`` between. A seat its person left to a bot:
    the table's name for it ("Ana (bot)") holds them ("Ana (bot, normal)"), where a second pair
    read "Ana (bot) (normal)"."""
    name = clean_text(info.name)
    if not marks:
        return name
    if left_to_bot(info):  # ("Ana (bot) 2", the second Ana to leave: "Ana (bot, normal) 2")
        head, _, number = name.rpartition(LEFT_MARK)
        return f"{head}{LEFT_MARK.removesuffix(')')}, {', '.join(marks)}){number}"
    return f"{name}{gap}({', '.join(marks)})"


def lobby_title(model: Model) -> str:
    """"Lobby — <server>"; a player's ``uno host`` server is named after the table it opened, so
    once that table is gone, "Lobby" (found play-testing: "Lobby — Alice's table" over the one
    table, "Friday Night", Alice had opened after closing hers)."""
    server, lobby = model.session.server_name, model.lobby
    if model.session.hosted and lobby.listed and all(clean_text(r.name) != server for r in lobby.rooms):
        return t("lobby_title_alone")
    return t("lobby_title", server=server)


def seat_marks(model: Model, info: SeatInfo) -> list[str]:
    """What the waiting room says of a seat: bot (and its level), host, offline, away, you, its
    hands won."""
    room = model.seating.room
    marks = []
    if info.kind == "bot" and info.level:  # ("normal bot"; "normal" where the name says bot)
        level = t("level_" + info.level)
        marks.append(level if left_to_bot(info) else t("seat_level", level=level))
    elif info.kind == "bot" and not left_to_bot(info):
        marks.append(t("seat_bot"))
    if room is not None and info.seat == room.host_seat:
        marks.append(t("seat_host"))
    if not info.connected:
        marks.append(t("flag_off"))
    if info.away:  # (still away from the match before: a bot plays their turns in the next)
        marks.append(t("flag_away"))
    mine = info.seat == model.seating.seat
    if mine:
        marks.append(t("you"))
    return marks + hands_won(info, mine)


def hands_won(info: SeatInfo, mine: bool = False) -> list[str]:
    """A person's record under the table's rules ("won 2 of 5 hands"; ``mine``, ours: in Spanish
    "ganaste", found play-testing, "tú, ganó"), if any is counted yet. A bot's is every bot's of
    its level (``SeatInfo.hands``): beside one bot's name it read as that bot's own ("won 1 of 12
    hands" after two hands), so a bot shows none."""
    if info.kind == "bot" or not info.hands or info.hands_won is None:
        return []
    key = ("stats_line" if info.hands != 1 else "stats_line_one") + ("_you" if mine else "")
    return [t(key, won=info.hands_won, played=info.hands)]


NAME_COLUMNS = ((24, 14), (10, 8))
"""The lobby's columns of a table's name and its host's, at their widest and their narrowest."""


def _name_columns(width: int, state: str) -> tuple[int, int]:
    """The widths of the lobby's name and host columns in a row ``width`` columns wide whose
    longest state is ``state``: the widest that leave the state whole, the name narrowing
    before the host (found play-testing: at 80 columns "waiting · 3 bots · password" lost the
    password, and at 60 the state was "…")."""
    (name_max, host_max), (name_min, host_min) = NAME_COLUMNS
    room = width - width_of(t("lobby_columns", name="", host="", players="", rules="", state=state))
    name = min(name_max, max(name_min, room - host_max))
    return name, min(host_max, max(host_min, room - name))


def waiting_hint(model: Model, plain: bool = False) -> str:
    """What to do in the waiting room: start (the host), wait (a guest), sit (a spectator);
    ``plain``: in plain mode's words."""
    seating = model.seating
    room = seating.room
    if model.session.status is Status.FAILED:  # (given up: the banner says why, q quits; found
        return ""  # play-testing, a window whose seat another took still offered to start the match)
    if room is None or seating.seat is None:
        return seating.spectator_hint(model.session.name)
    empty = room.max_seats - len(room.seats)
    prefix = "plain_" if plain else ""  # (plain mode types its commands: "type s", not "press s")
    if seating.is_host:
        hint = (t(prefix + "waiting_host_full") if not empty else t(prefix + "waiting_host_one") if empty == 1
                else t(prefix + "waiting_host", n=empty))
        if not seating.can_host_command:
            return hint
        offline = seating.offline
        if offline is not None:  # (- frees the seat, before the match would wait out its turns)
            number = room.seats.index(offline) + 1
            key = prefix + ("waiting_quit" if offline.quit else "waiting_offline")
            hint += " " + t(key, name=clean_text(offline.name), n=number)
        if any(s.kind == "bot" for s in room.seats):  # (↑↓ and b work)
            hint += " " + t(prefix + "waiting_levels")
        return hint + " " + t(prefix + "waiting_change_rules")
    if room.match_over or room.rematch_order is not None:  # (we sat down after the match: its
        # players are answering; found play-testing, "Waiting for Ana to start" until the first yes)
        return t("waiting_rematch", host=clean_text(room.host))
    return t("waiting_guest", host=clean_text(room.host))


def form_field(form: CreateForm, key: str) -> tuple[str, str]:
    """The label and the value shown for one field of the new-table form."""
    if key in _FORM_SWITCHES:
        on = form.strict if key == "strict" else form.options[key]
        said = f"form_{key}_" if key == "left_first" else ""  # (a choice of two: its own words)
        return t(_FORM_SWITCHES[key]), t(said + ("yes" if on else "no"))
    if key in form.penalties:
        label = t("form_uno_penalty" if key == "uno_penalty" else "form_false_catch")
        return label, str(form.penalties[key])
    value = {
        "name": lambda: form.name,
        "preset": lambda: _rules_choice(form),
        "save_as": lambda: form.save_as,
        "seats": lambda: str(form.seats),
        "bots": lambda: str(form.bots),
        "bot_level": lambda: t("level_" + form.bot_level),
        "timeout": lambda: t("form_no_clock") if not form.timeout else t("seconds", n=int(form.timeout)),
        "late_join": lambda: t("late_" + form.late_join),
        "password": lambda: "*" * len(form.password) or t("none"),
        "target": lambda: (t("rule_single") if form.target is None
                           else t("target_points", n=form.target)),
    }[key]()
    if form.editing and key == "bot_level":  # (the table's: those seated keep theirs, found
        return t("form_bot_level_new"), value  # play-testing)
    return t(_FORM_LABELS[key]), value


def field_about(form: CreateForm) -> str:
    """What the focused field of ``form`` means, in a sentence or two ("" where its label says it)."""
    single = form.focused == "target" and form.target is None
    # (of the choice made: found play-testing, 60 s read "… No limit: nobody is hurried")
    unlimited = form.focused == "timeout" and not form.timeout
    key = "about_target_single" if single else "about_timeout_none" if unlimited else "about_" + form.focused
    return t(key) if key in EN else ""


def match_length(form: CreateForm) -> str:
    """How many hands a match to the form's target lasts, in words ("" for a single hand, or
    beyond what was measured)."""
    hands = None if form.target is None else hands_to(form.target, form.seats, form.preset)
    if hands is None:
        return ""
    return t("target_about_one") if hands < 1.5 else t("target_about", n=round(hands))


def _save_enter(form: CreateForm) -> str:
    """What Enter does on "save these rules as": save them; once saved, go on."""
    if not form.save_as.strip():
        return t("form_save_nothing_apply" if form.editing else "form_save_nothing_create")
    if not form.just_saved:
        return t("form_save_enter")
    return t("form_saved_apply" if form.editing else "form_saved_create")


def _rules_choice(form: CreateForm) -> str:
    """The rules field: a preset's name (translated) or a saved name, and whether it is usable."""
    if form.rules_name in PRESET_KEYS:  # (marked when changed, as the lobby and the waiting room
        return preset_label(form.rules_name, form.rules())  # do: found play-testing, "official")
    if form.bad_file:
        return f"{form.rules_name}: {t('rules_bad_short')}"  # (the whole line was cut: found play-testing)
    return form.rules_name


_FORM_LABELS = {"name": "form_name", "preset": "form_preset", "seats": "form_seats",
                "bots": "form_bots", "bot_level": "form_bot_level", "timeout": "form_timeout",
                "late_join": "form_late_join", "password": "form_password",
                "target": "form_target", "save_as": "form_save_as"}
_FORM_SWITCHES = {"strict": "form_strict", "draw_until": "form_draw_until", "stack": "form_stack",
                  "stack_four": "form_stack_four", "seven_zero": "form_seven_zero",
                  "jump_in": "form_jump_in", "left_first": "form_left_first"}
