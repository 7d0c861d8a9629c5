"""The bottom of the screen: the prompt line (questions, text typed, notices) and the help line
(the keys that work now).
"""

from __future__ import annotations

from engine.actions import Draw, KeepDrawing
from protocol import MAX_CHAT, MAX_NAME, SeatInfo, clean_text

from .board import risk_warning
from .draw import Line, Painter, clip_line, fit, help_text, keys_kept, pad, width_of, wrap
from .enums import Prompt, Screen, Status
from .hosting import quit_question
from .i18n import card_name, color_name, t
from .i18n import key as key_of
from .sent import SLOW_ANSWER
from .table import COLORS

HINT_LINES = 4  # (a Spanish hint naming two 7-0 swaps wraps to 4 at 60 columns)
"""The most lines a hint takes (a 7's at ten seats, in Spanish, took three at 80 columns)."""
NOTICE_LINES = 3
"""The most lines a notice takes (one's return from away, summed up, took three at 80 columns in
Spanish: found play-testing, cut at two); what is left of it is cut with "…"."""
SHORT_ROWS = 20
"""Rows under which a hint, a notice or the leave question keeps to one line."""
SEAT_LINES = 3
"""The most lines the 7's question takes (a hint goes under it): four seats of long names take
two at 80 and 100 columns, nine seats of names cut to ``SHORTEST_NAME`` three at 80."""
SHORTEST_NAME = 12
"""The shortest the 7's question cuts a name to, when its seats need more than ``SEAT_LINES``
(its first letters and "…"; "Bot 9" and "Jugador 10" are never cut)."""
MORE = "…"
"""Marks a list cut at that end: more choices lie that way."""
# The table's questions during which the hint key works: the hint is shown under the question.
_QUESTIONS = (Prompt.CHALLENGE, Prompt.SEAT, Prompt.COLOR, Prompt.START_COLOR)


def _packed(start: Line, items: Line, width: int) -> list[Line]:
    """``start`` then ``items`` on lines of ``width`` columns, an item never split between two."""
    lines: list[Line] = [list(start)]
    used = sum(width_of(f[1]) for f in start)
    for item in items:
        if used + width_of(item[1]) > width and used:
            lines.append([])
            used = 0
        lines[-1].append(item)
        used += width_of(item[1])
    return lines


class PromptLine(Painter):
    """The prompt line and the help line."""

    def help(self, width: int, height: int) -> list[Line]:
        m = self.model
        prompt = m.prompt
        key = {
            Prompt.QUIT: "help_confirm", Prompt.HOST_QUIT: "help_host_quit", Prompt.LEAVE: "help_confirm",
            Prompt.CHAT: "help_chat", Prompt.PASSWORD: "help_chat",
            Prompt.COLOR: "help_color", Prompt.START_COLOR: "help_start_color",
            Prompt.SEAT: "help_seat",
            Prompt.CHALLENGE: "help_challenge_stack" if m.table.playable else "help_challenge",
            Prompt.HELP: "keyhelp_close_pages" if m.prompts.help_pages > 1 else "keyhelp_close",
        }.get(prompt)
        # Given up on (the host ended the table, say), quitting is all there is to do (found
        # play-testing: the bar still offered to play, and d read "no se envió nada")
        if key is None and m.session.status is Status.FAILED and m.screen in (Screen.TABLE, Screen.WAITING):
            key = "help_connecting"  # (the waiting room's too: found re-checking, "s start" stayed)
        if key is None and m.session.status is Status.LOST and m.seating.room is not None:
            # (found play-testing: a watcher read "your seat waits")
            key = "help_link_down" if m.seating.seat is not None else "help_link_down_watching"
        if key is None:
            screen = m.screen
            # (the seat key in the table's words: found play-testing, "j take a seat" beside
            # "Press j to wait in line for a seat")
            watching = ("help_spectator_queued" if m.seating.queue_position
                        else "help_spectator_line" if m.seating.seat_means_line else "help_spectator")
            if screen is Screen.TABLE:
                key = "help_table" if m.seating.seat is not None else watching
                view = m.table.view
                if view is not None and view.outcome is not None and m.seating.seat is not None:
                    # (one who sat down after the match is not asked: its keys are not theirs)
                    # (nor a host seated after it: found re-checking, Carla, the host once the
                    # others had gone, read "m rematch", and m did nothing)
                    # (nor one away, whose key only brings them back: the board says the rematch
                    # does not wait for them)
                    key = ("help_hand_over_short" if m.seating.away
                           else "help_rematch_host" if m.seating.is_host and m.rematch_open
                           else "help_rematch_host_new" if m.seating.is_host
                           else "help_rematch" if m.rematch_open else "help_hand_over_short")
                    room = m.seating.room  # (accepted: "m rematch" read as if we had not)
                    if key.startswith("help_rematch") and room is not None and m.seating.seat in room.rematch:
                        key += "_accepted"
                elif m.table.hand_over and m.seating.seat is not None:
                    # (everyone away, no hand is dealt: the board says so; and one away, whose key
                    # only brings them back, is not offered more time)
                    key = "help_hand_over_short" if m.seating.away else "help_hand_over"
            elif screen is Screen.WAITING:
                key = (watching if m.seating.seat is None
                       else "help_waiting_host" if m.seating.is_host else "help_waiting")
            else:
                form = "form_rules_hint" if m.editing_rules else "form_hint"
                key = {Screen.BROWSE: "help_browse", Screen.LOBBY: "help_lobby",
                       Screen.CREATE: form}.get(screen, "help_connecting")
            # away, the first key only brings one back (keys.py): the bar says so (found
            # play-testing: it offered "Enter play  d draw" to one away, and Enter did not play)
            if screen in (Screen.TABLE, Screen.WAITING) and m.seating.seat is not None \
                    and m.seating.away and not m.back_sent:
                key = "help_away"
        # (the kept match's key where the line has room: found play-testing, it was on no key bar)
        extra: tuple[str, ...] = ("bar_resume",) if m.can_resume_kept and m.screen is Screen.WAITING else ()
        if prompt is Prompt.CHALLENGE and m.table.catchable is not None:
            extra = ("bar_catch",)  # (the question hides the line that names the catch's key)
        if key == "help_waiting_host" and m.seating.can_host_command:
            extra = ("bar_rules", *extra)
        # (the host's at a match's end, where bots sit: nothing else says how to change their
        # levels for the next match, so the line makes room for it; the board names the rules' key)
        bots_key = (key is not None and key.startswith("help_rematch_host")
                    and any(info.kind == "bot" for info in m.seating.pickable))
        if bots_key:
            extra = ("bar_bot_level",)
        # (the seat order is the first acceptor's to choose: found play-testing, "o order" shown
        # to the others, where o only said so)
        room = m.seating.room
        fixed = (key is not None and key.startswith("help_rematch") and room is not None
                 and room.rematch_order is not None and room.rematch[:1] != (m.seating.seat,))
        without: tuple[str, ...] = ("seat_order",) if fixed else ()
        if key == "help_waiting_host" and room is not None:
            without = idle_seat_keys(m.seating.pickable, full=len(room.seats) >= room.max_seats)
        view = m.table.view
        if key == "help_table" and view is not None and view.has_drawn and m.table.my_turn and not any(
                isinstance(a, Draw | KeepDrawing) for a in m.table.legal):  # (drawn: found re-checking,
            without = ("draw",)  # "d draw" offered, and d said "You cannot draw now")
        return [[("class:help", pad(" " + help_text(key, width - 1, extra, keep_extra=bots_key,
                                                      without=without), width))]]

    def _status(self, width: int = 1_000) -> tuple[str, str] | None:
        """The table's line (style, text) when nothing is asked and no notice or hint shows: the
        first of our move still on its way over a slow link, UNO armed, a catch, our own risk, a
        drawn card to play (shorter where ``width`` is short), a draw we face."""
        m = self.model
        table, view = m.table, m.table.view
        if table.sent.waiting:  # (found re-checking: said for a tenth of a
            return ("class:notice", t("move_held"))  # second, then the prompt from before it)
        if table.sent.slow(view, table.clock()):
            return ("class:notice", t("move_on_its_way"))
        if m.transcript.slow(table.clock(), SLOW_ANSWER):
            return ("class:notice", t("chat_on_its_way"))
        if m.rematch_open and m.rematch.slow(SLOW_ANSWER):
            return ("class:notice", t("rematch_on_its_way"))
        if table.uno_armed:
            return ("class:uno", t("uno_armed"))
        if table.catchable is not None:
            seat = table.catchable
            key = "catch_hint_grace" if table.at_risk(seat) else "catch_hint"
            return ("class:uno", t(key, name=m.seating.name_of(seat)))
        if warning := risk_warning(table):
            return ("class:uno", warning)
        # (R9 names no drawn card: the one that goes, said as such; found re-checking, a house
        # table said nothing of Enter or d after a draw, and "You drew" of an earlier card)
        drawn = view.drawn if view is not None and view.drawn is not None else (
            next(iter(table.playable)) if view is not None and view.has_drawn and len(table.playable) == 1
            else None)
        if drawn is not None and view is not None and table.my_turn and drawn in table.playable:
            key = ("prompt_drawn_goes" if view.drawn is None else "prompt_drawn" if table.can_pass
                   else "prompt_drawn_again")
            card = card_name(drawn)
            text = t(key, card=card)
            return ("class:notice", text if width_of(text) < width else t(key + "_short", card=card))
        facing = self._pending_draw()
        return ("class:notice", facing) if facing else None

    def _said(self) -> str:
        """The notice or the draw we face, when it is the prompt line's text on its own (no
        question, no hint under it); else ""."""
        m = self.model
        if m.prompt is not Prompt.NONE:
            return ""
        if m.prompts.notice:
            return m.prompts.notice
        if self._hint_shown():
            return ""
        status, facing = self._status(), self._pending_draw()
        return facing if status is not None and status[1] == facing else ""

    def _hint_shown(self) -> str:
        """The hint in words, if the prompt line shows it (nothing asked but the table's
        questions, under which it goes; no notice). At a table's question, a notice goes there
        instead (found re-checking: the challenge's question hid what the why key said of it; and
        "Welcome back" went unseen under the first card's colour question)."""
        m = self.model
        if m.prompt in _QUESTIONS and m.prompts.notice:
            return m.prompts.notice
        if m.table.sent.waiting:  # (a move made: not the hint before it)
            return ""
        if (m.prompt is not Prompt.NONE and m.prompt not in _QUESTIONS) or m.prompts.notice:
            return ""
        return m.hints.text(m.seating.name_of, m.table.pending_card)

    def _pending_draw(self) -> str:
        """What to do about a draw aimed at us on our turn (stack or draw), or "". (Not while
        the link is down: found play-testing, it said "nothing of yours stacks".) The board said
        only "Pending: +6": what to do about it is said where the keys are."""
        table = self.model.table
        view = table.view
        if view is None or not view.pending_draw or not table.my_turn or not table.legal \
                or table.sent.offline or table.sent.just_sent(view) is not None:  # (answered: found
            return ""  # play-testing, "d draws 4" under a challenge on its way, the link stalled)
        key = "prompt_pending_stack" if table.playable else "prompt_pending_draw"
        return t(key, n=view.pending_draw)

    def _seat_choice(self, width: int) -> list[Line]:
        """The 7's question and its seats, on at most ``SEAT_LINES`` lines: every seat, the
        question in fewer words and the names cut to fit if they must (at 100 columns four long
        names lost the last seats, found play-testing). Where even the shortest names do not
        fit, one line of as many seats as ``width`` holds around the chosen one (at ten seats the
        last ones, often the people, would be cut off, and the choice with them)."""
        seats: Line = []
        for room in range(MAX_NAME, SHORTEST_NAME - 1, -1):  # names cut only as far as needed
            seats = self._seats(room)
            for label in (t("prompt_seat"), t("prompt_seat_short")):  # (the question shorter first)
                lines = _packed([("bold", label + " ")], seats, width)
                if len(lines) <= SEAT_LINES:
                    return lines
        return [self._seats_around_chosen(t("prompt_seat") + " ", seats, width)]

    def _seats(self, name_room: int) -> Line:
        """The 7's seats, each ``n:name (cards)`` with its name cut to ``name_room``; the chosen
        one in brackets."""
        m = self.model
        chosen = m.table.seat_index
        seats: Line = []
        view = m.table.view
        for i, seat in enumerate(m.table.pending_targets):
            # (with its cards: whom to swap with depends on them; found play-testing)
            size = f" ({view.size_of(seat)})" if view is not None else ""
            text = f"{i + 1}:{fit(m.seating.name_of(seat), name_room)}{size}"
            seats.append(("class:selected", f"[{text}]") if i == chosen else ("", f" {text} "))
        return seats

    def _seats_around_chosen(self, label: str, seats: Line, width: int) -> Line:
        """The question and as many of ``seats`` as one line of ``width`` holds around the
        chosen one, a mark at an end that was cut."""
        chosen = self.model.table.seat_index
        room = width - width_of(label) - 2 * width_of(MORE)  # (a mark at either end, if cut)
        first = 0
        while first < chosen and sum(width_of(f[1]) for f in seats[first:chosen + 1]) > room:
            first += 1
        last = first
        while last < len(seats) and sum(width_of(f[1]) for f in seats[first:last + 1]) <= room:
            last += 1
        shown = seats[first:max(last, chosen + 1)]
        return [("bold", label), *([("", MORE)] if first else []), *shown,
                *([("", MORE)] if last < len(seats) else [])]

    def prompt_height(self, width: int) -> int:
        """Two lines for a leave confirmation too wide for one, as many as the 7's seats need (at
        most ``SEAT_LINES``) and a hint needs (at most ``HINT_LINES``); else one."""
        m = self.model
        if m.prompt is Prompt.HELP:  # (its row goes to the help: at 80x24 it then fits one page)
            return 0
        hint = self._hint_shown()
        asking = len(self._seat_choice(width - 1)) if m.prompt is Prompt.SEAT else 1  # (its lines)
        if hint:
            # (as wide as its lines wrap: found play-testing, a hint of 79 columns was given one
            # line, wrapped to two, and its end lost)
            lines = 1 if 2 + width_of(hint) <= width or self._short() else min(HINT_LINES,
                                                                                len(wrap(hint, width - 2)))
            # (the question, or the draw we face, then the hint)
            return lines + (asking if m.prompt in _QUESTIONS or self._pending_draw() else 0)
        if m.prompt is Prompt.SEAT:
            return asking
        if m.prompt is not Prompt.LEAVE:
            said = self._said()  # (a notice, or the draw we face, wider than the screen: wrapped)
            wrapped = said and 1 + width_of(said) > width and not self._short()
            return len(self._notice_lines(said, width)) if wrapped else 1
        question = t("leave_confirm", yes=key_of("yes"))
        wide = 1 + width_of(question) + 1 + width_of(m.seating.leave_consequence())
        # (one line on a short screen: found re-checking at 40×15, a second one made the table
        # too small to draw, and the question went unseen)
        return 1 if wide <= width or self._short() else 1 + len(self._consequence_lines(width))

    def _short(self) -> bool:
        """A screen too short for more lines here: a hint, a notice or what leaving does keep to
        one (found re-checking at 40×15: the hint's four lines made the table too small to draw,
        and it was blank until Esc)."""
        return self.rows() < SHORT_ROWS

    def _consequence_lines(self, width: int) -> list[str]:
        """What leaving does to the table, under the leave question: whole from 60 columns (found
        re-checking at 100: "…lo ocupa quien va primero en la c…"), one line cut below."""
        said = self.model.seating.leave_consequence()
        return self._notice_lines(said, width) if width >= 60 else [fit(said, width - 1)]

    @staticmethod
    def _notice_lines(said: str, width: int) -> list[str]:
        """``said`` wrapped in at most ``NOTICE_LINES`` lines, the last cut with "…" if need be."""
        parts = keys_kept(wrap(said, width - 2), width - 2)  # (found play-testing at 60 columns:
        # "…, o d" / "roba 2")
        if len(parts) <= NOTICE_LINES:
            return parts
        return [*parts[:NOTICE_LINES - 1], fit(" ".join(parts[NOTICE_LINES - 1:]), width - 2)]

    def prompt_line(self, width: int, height: int) -> list[Line]:
        m = self.model
        prompt = m.prompt
        hint, facing = self._hint_shown(), self._pending_draw()
        line: Line
        above: list[Line] = []  # the question's lines before its last (the 7's seats)
        if prompt is Prompt.QUIT:
            asked = quit_question(m.host, m.seating.seated_in_match, m.seating.seated, key_of("yes"))
            line = [("class:notice", asked)]
        elif prompt is Prompt.HOST_QUIT:
            line = [("class:notice", t("host_quit_confirm"))]
        elif prompt is Prompt.LEAVE:
            question = t("leave_confirm", yes=key_of("yes"))
            if self.prompt_height(width) > 1:  # what happens to the table, on lines of its own
                after: list[Line] = [[("", " " + part)] for part in self._consequence_lines(width)]
                return [[("", " "), ("class:notice", fit(question, width - 1))], *after]
            consequence = m.seating.leave_consequence()
            if 2 + width_of(question) + width_of(consequence) > width:  # (one line, short of room: the
                question = t("leave_confirm_short")  # bar says y; found re-checking, what leaving does
            line = [("class:notice", question), ("", " " + consequence)]  # was cut off at 40 columns)
        elif prompt is Prompt.CHAT:
            # The end of a long message stays in sight, where the cursor is, and the limit is
            # said once reached (found play-testing: the text ran off the screen, and typing past
            # 200 characters did nothing without a word)
            label, text = t("prompt_chat"), m.prompts.input_text
            full = [("class:warn", " " + t("chat_full", n=MAX_CHAT))] if len(text) >= MAX_CHAT else []
            space = width - 2 - width_of(label) - sum(width_of(f[1]) for f in full)
            if width_of(text) > space:
                while text and width_of(text) > space - 1:
                    text = text[1:]
                text = "…" + text
            line = [("bold", label), ("", text), ("blink", "▏"), *full]
        elif prompt is Prompt.PASSWORD:
            room = next((r.name for r in m.lobby.rooms if r.id == m.prompts.password_room), "?")
            line = [("bold", t("password_prompt", room=clean_text(room))),
                    ("", "*" * len(m.prompts.input_text)), ("blink", "▏")]
        elif prompt in (Prompt.COLOR, Prompt.START_COLOR):
            pending = m.table.pending_card
            label = (t("prompt_start_color") if prompt is Prompt.START_COLOR
                     else t("prompt_color", card=card_name(pending) if pending else ""))
            line = []
            for i, color in enumerate(COLORS):
                chosen = i == m.table.color_index
                text = f"{key_of('color_' + color.value)}:{color_name(color)}"
                if self.plain:
                    line.append(("class:selected" if chosen else "", f"[{text}]" if chosen else f" {text} "))
                else:
                    line.append((f"class:card.{color.value.lower()}" + (" reverse" if chosen else ""),
                                 f" {text} "))
                line.append(("", " "))
            if m.table.uno_armed:  # u pressed here: said with this card
                line.append(("class:uno", t("flag_uno")))
            keys_width = sum(width_of(f[1]) for f in line)
            for text in (label, t("prompt_color_short")):  # the question, or a word of it, or the keys only
                if width_of(text) + keys_width < width - 1:
                    line.insert(0, ("bold", text + " "))
                    break
        elif prompt is Prompt.SEAT:
            *above, line = self._seat_choice(width - 1)
        elif prompt is Prompt.CHALLENGE:
            view = m.table.view
            who = m.seating.name_of(view.challenge_from if view else None)
            values = dict(name=who, n=view.pending_draw if view else 4, yes=key_of("yes"),
                          accept=key_of("accept"))
            stack = "_stack" if m.table.playable else ""  # (+4s stack here, and we hold one)
            text = t("prompt_challenge" + stack, **values)
            if width_of(text) >= width:
                text = t("prompt_challenge_short" + stack, **values)
            line = [("class:notice", text)]
        elif m.prompts.notice:
            line = [("class:notice", m.prompts.notice)]
        elif hint and facing:  # the hint goes below it
            line = [("class:notice", facing)]
        elif hint:
            lines = self.prompt_height(width)
            if lines > 1:  # (the runner-up is worth reading whole)
                return [[("", " "), ("class:mark", part)] for part in wrap(hint, width - 2)[:lines]]
            line = [("class:mark", hint)]
        else:
            status = self._status(width - 1)
            line = [] if status is None else [status]
        said = self._said()
        if said and self.prompt_height(width) > 1:  # (cut at 60 columns: "…stacks on it: d dr…")
            return [[("", " "), ("class:notice", part)] for part in self._notice_lines(said, width)]
        if hint and (prompt in _QUESTIONS or facing):  # the question (or the draw we face), the hint below
            below: list[Line] = [[("", " "), ("class:mark", part)]
                                 for part in wrap(hint, width - 2)[:HINT_LINES]]
            return [clip_line([("", " "), *part], width) for part in (*above, line)] + below
        return [clip_line([("", " "), *part], width) for part in (*above, line)]


def idle_seat_keys(pickable: list[SeatInfo], full: bool) -> tuple[str, ...]:
    """The waiting host's keys that do nothing now, left off the bar (found play-testing: "+ add
    bot" at a full table, "- remove bot" with no bot and no dropped seat to free, "S as seated"
    where it starts as s does)."""
    gone: tuple[str, ...] = ("add_bot", "start_as_seated") if full else ()
    if not pickable:
        gone += ("remove_bot",)
    if not any(seat.kind == "bot" for seat in pickable):
        gone += ("bot_level",)
    return gone
