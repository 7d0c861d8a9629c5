"""Plain mode's view of the model: each change as one line of text, for screen readers and
braille displays. No box drawing, no colour, nothing redrawn: ``changes()`` gives only what is
new since it was last called, as lines to append ("Bot 2 played Red 7. Your turn. You can
play: 1 Red 5, 2 Wild").

What is new comes from two places: the log and the chat (``Transcript``, counted as they grow:
the narration of client/narrate.py, as the full screen shows it), and a few slots of state in
words (the connection, the screen, the table, the question asked, the notice), each printed
again only when its text changes.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Draw, KeepDrawing
from engine.cards import Card
from engine.events import Event, HandEnded, MatchEnded
from engine.view import HandResult, View
from protocol import clean_text

from .board import match_over_key, rematch_asked, risk_warning, seat_flags, won_text
from .draw import Canvas
from .enums import Prompt, Screen, Status
from .header import Header
from .hosting import quit_question
from .i18n import card_name, color_name, t
from .i18n import key as key_of
from .model import Model
from .narrate import narrate, way_name
from .plainlobby import screen_lines
from .table import COLORS

SLOTS = ("connection", "screen", "hand", "turn", "clock", "over", "uno", "hint", "prompt", "notice")
_END = (".", "!", "?", "…", ":")
_ASKED = -1.0  # (no deadline's time: the turn's seconds are worked out again when next said)
CLOCK_WARNING = 10  # seconds left of our turn when plain mode says so (once a turn: ``_clock``)
PAST_SAID = 12  # the lines of a past told that are said (the full screen's log keeps them all)
_ARROWS = ((" → ", ": "), ("↻ ", ""), ("↺ ", ""))  # (a Wild's colour, the way play goes)
SAME_DEADLINE = 1.0  # seconds: two deadlines closer than this are the same one, told again


def sentence(text: str) -> str:
    """``text`` ending as a sentence does."""
    text = text.strip()
    return text if not text or text.endswith(_END) else text + "."


def spoken(text: str) -> str:
    """``text`` without the arrows the full screen draws, which a screen reader reads out
    ("Wild right arrow green": found play-testing)."""
    for arrow, said in _ARROWS:
        text = text.replace(arrow, said)
    return text


class PlainView:
    def __init__(self, model: Model) -> None:
        self.model = model
        self._last: dict[str, list[str]] = {}
        self._logged = model.transcript.logged
        self._spoken = model.transcript.spoken
        self._pasts = model.transcript.pasts
        self._turns = model.transcript.turns
        self._now_due = False  # a past was told: "Now:" goes before the state said next
        self._down, self._down_said = "", 0  # the line that said the link is down, while it is
        self._deadline: tuple[float | None, int | None] = (None, None)  # deadline, seconds then

    def forget(self, *slots: str) -> None:
        """Say these slots again at the next change even if unchanged (all of them without
        arguments): after a command, the question still open is asked again."""
        for slot in slots or SLOTS:
            self._last.pop(slot, None)

    def said(self, slot: str, *parts: str) -> None:
        """These parts of ``slot`` were said already (the first line, before the view was made)."""
        self._last[slot] = list(parts)

    def hold_screen(self) -> None:
        """The screen as it is now counts as said: only what changes from here is said."""
        said = self._screen()
        self._last["screen"] = [said] if isinstance(said, str) else list(said)

    def forget_part(self, slot: str, index: int) -> None:
        """Say this part of ``slot`` again at the next change (a form field typed at)."""
        last = self._last.get(slot, [])
        if index < len(last):
            last[index] = ""

    def changes(self) -> list[str]:
        """The lines to append: one per log line, the last of them joined with the state that
        changed."""
        transcript = self.model.transcript
        new_log = min(transcript.logged - self._logged, len(transcript.log))
        log = transcript.log[len(transcript.log) - new_log:] if new_log > 0 else []
        ends = self._ends_said_over()
        log = [line for line in log if line not in ends]
        self._logged = transcript.logged
        new_chat = min(transcript.spoken - self._spoken, len(transcript.chat))
        chat = transcript.chat[len(transcript.chat) - new_chat:] if new_chat > 0 else []
        self._spoken = transcript.spoken
        # whose turn it is after each turn begun, even the same seat's (found play-testing, two
        # players: "Bob played Blue Skip — you lost the turn." said nothing of whose it was); not
        # after a move that kept it ("Pablo drew a card. Pablo's turn.": found play-testing)
        if log and transcript.turns != self._turns and not self.model.table.my_turn:
            self._last.pop("turn", None)
        self._turns = transcript.turns
        # Back from away: our hand and what is asked, said again (found play-testing: the
        # rematch's question went unsaid)
        if t("ev_you_came_back") in log:
            for slot in ("hand", "turn", "over"):
                self._last.pop(slot, None)
        state: list[str] = []
        own: list[str] = []  # the screen's parts: a line each (found play-testing: the lobby was
        # one line of 450 characters, a screen reader's user could not go back to one table)
        for slot in SLOTS:
            said = getattr(self, "_" + slot)()
            parts = [said] if isinstance(said, str) else said
            last = self._last.get(slot, [])
            if slot == "connection" and not said and self.model.session.status is Status.IDLE:
                continue  # not trying yet: what was said (launch_plain's line) still holds
            self._last[slot] = parts
            if slot == "notice" and last and last[0] and parts[0] != last[0] and parts[0].startswith(last[0]):
                # a notice that goes on from the one said: what it adds (found play-testing:
                # "Welcome back: you are in your seat again." twice, then with "Alice is the host.")
                state.append(sentence(parts[0][len(last[0]):].strip()))
                continue
            # a slot of several parts (a screen) says only the parts it did not say (not by
            # place: found play-testing, a part put before them said the rest again, "Dolores
            # sat down: plays in the rematch" after "rematch" was typed)
            new = [sentence(part) for part in parts if part and part not in last]
            if slot == "screen":
                own += new
            else:
                state += new
        # A past told (on joining, on coming back) is framed as the past, and what holds now
        # said apart (found play-testing: a watcher read the hand so far as if it happened then)
        past = transcript.pasts != self._pasts and len(log) >= 2
        self._pasts = transcript.pasts
        self._now_due = self._now_due or past  # (a watcher's state comes with the view after it)
        if past and len(log) > PAST_SAID:  # (the last of it: found play-testing, some 60 lines
            # read out after a client was started again, with the turn's clock running)
            lines = [t("plain_past_last", n=PAST_SAID, total=len(log))]
            log = log[-PAST_SAID:]
        else:
            lines = [sentence(t("plain_past"))] * past
        lines += [sentence(line) for line in log]
        if state or own:
            if self._now_due:
                lines.append(t("plain_now"))
                self._now_due = False
                lines += own + ([" ".join(state)] if state else [])
            else:
                lines += own
                tail = " ".join(state)
                if tail:
                    lines[-1:] = [f"{lines[-1]} {tail}"] if lines else [tail]
        lines = [spoken(line) for line in lines]
        seating = self.model.seating  # (our own line, in the second person: found play-testing)
        me = seating.name_of(seating.seat) if seating.seat is not None else self.model.session.name
        lines += [t("plain_chat_you", text=text) if name == me else t("plain_chat", name=name, text=text)
                  for name, text in chat]
        return lines

    def all_lines(self) -> list[str]:
        """The whole state again (the "hand" command, an empty line), the turn's time as it is
        now (found play-testing: "60 seconds to play" where 46 were left); the top card once,
        in the table's line, and not the hint, which was said when asked (found play-testing:
        both were said twice)."""
        self.forget(*(slot for slot in SLOTS if slot != "hint"))
        self._deadline = (_ASKED, None)
        lines = self.changes()
        said_top = self.model.table.my_turn and any(self._last.get("turn", []))  # (our turn says it)
        return lines + [spoken(line) for line in self._table(top=not said_top)]

    def _table(self, top: bool = True) -> list[str]:
        """The board in words: the top card (unless not ``top``), the pile, the way play goes,
        every seat's cards with its marks (UNO, at risk, away, gone), the match's scores."""
        m = self.model
        view = m.table.view
        if not self._playing() or view is None:
            return []
        infos = {s.seat: s for s in m.seating.room.seats} if m.seating.room is not None else {}
        seats = []
        for i, seat in enumerate(view.seats):
            name = m.seating.name_of(seat) + (f" ({t('you')})" if seat == view.seat else "")
            marks = [flag for _, flag in seat_flags(m, i, infos.get(seat))]
            seats.append(" ".join([t("plain_table_seat", name=name, cards=view.hand_sizes[i]), *marks]))
        lines = [t("plain_table" if top else "plain_table_no_top", top=self._top(view),
                   pile=t("draw_pile", n=view.draw_pile), way=way_name(view.direction),
                   seats=", ".join(seats))]
        if any(view.scores):
            lines.append(self._scores(view.seats, view.scores))
        return [sentence(line) for line in lines]

    @staticmethod
    def _top(view: View) -> str:
        if view.color is None:
            return t("plain_top_wild", card=card_name(view.top))
        if view.top.is_wild:  # (a coloured card says its colour: "Red 7, red" said it twice)
            return t("plain_top", card=card_name(view.top), color=color_name(view.color))
        return t("plain_top_card", card=card_name(view.top))

    # ------------------------------------------------------------------ the slots

    def _connection(self) -> str:
        m = self.model
        banner = Header(m, Canvas(plain=True)).banner_text(countdown=False)
        if m.seating.away and m.back_sent:  # (the log's "You came back" says it as the server
            banner = ""  # has: found play-testing, "Welcome back: your next turn is yours." before it)
        session = m.session
        # A link down is said once, until it is up again, and its reason once more if another
        # comes; not at each try (found play-testing: "Connection lost (closed)" and "(broken)"
        # by turns, every 3 s)
        if session.status is not Status.LOST and not (session.status is Status.CONNECTING and self._down):
            self._down, self._down_said = "", 0
        elif banner and session.status is Status.LOST and banner != self._down and self._down_said < 2:
            self._down, self._down_said = banner, self._down_said + 1
        if banner or self._down:
            return self._down or banner or ""
        if session.status is Status.CONNECTING:
            return t("status_connecting", address=session.address) if session.address else ""
        return ""

    def _screen(self) -> str | list[str]:
        return screen_lines(self.model)

    def _playing(self) -> bool:
        view = self.model.table.view
        return (self.model.screen is Screen.TABLE and view is not None
                and view.hand_result is None and view.outcome is None)

    def _hand(self) -> str:
        table, seating = self.model.table, self.model.seating
        if not self._playing() or table.view is None or table.sent.stale:
            return ""  # (the link down: the hand may have changed meanwhile)
        if table.view.hand is None:  # watching: our place in the line for a seat, once asked
            # (found play-testing: "sit" at a full table seemed to do nothing)
            return seating.spectator_hint(self.model.session.name) if seating.queue_position else ""
        hand = table.hand
        if not hand:
            return t("plain_hand_none")
        return t("plain_hand", cards=", ".join(_numbered(i, c) for i, c in enumerate(hand)))

    def _turn(self) -> str:
        m = self.model
        table, view = m.table, m.table.view
        if not self._playing() or view is None or m.session.status is Status.LOST or table.sent.stale:
            # (link down: the lost connection is said; nothing is legal till we are back, and
            # the turn is said once the table is seen again: found play-testing, "Your turn"
            # was said on coming back of a turn the stand-in had played meanwhile)
            return ""
        if table.my_turn and m.seating.away:  # (found play-testing: "You can play: …", then the bot
            # did; and "Your turn: a bot plays it while you are away" before each "Away: a bot
            # played your turn — …" said it twice a turn: that line says it)
            return ""
        if not table.my_turn:
            turn = t("turn_of", name=m.seating.name_of(view.current))
            jumps = [_numbered(i, c) for i, c in enumerate(table.hand) if c in table.playable]
            return f"{sentence(turn)} {t('plain_jump_in', cards=', '.join(jumps))}" if jumps else turn
        parts = [t("turn_you"), self._top(view)]
        seconds = self._seconds(table.deadline_at)
        if seconds is not None:
            parts.insert(1, t("plain_time_one") if seconds == 1 else t("plain_time", n=seconds))
        if view.pending_draw:
            parts.append(t("pending_draw", n=view.pending_draw))
        playable = table.playable
        numbers = [_numbered(i, c) for i, c in enumerate(table.hand) if c in playable]
        others = [t(key).split("|")[0] for key, can in (
            ("cmd_draw", any(isinstance(a, Draw | KeepDrawing) for a in table.legal)),
            ("cmd_pass", table.can_pass)) if can]
        if numbers:
            play = t("plain_can_play", cards=", ".join(numbers))
            if others:
                play += ", " + t("plain_or", options=" / ".join(others))
            if table.can_arm_uno:  # (armed or not: the turn is not said again for it)
                first = next(i for i, c in enumerate(table.hand) if c in playable)
                play = f"{sentence(play)} {t('plain_say_uno', n=first + 1)}"
        elif others:  # ("Nothing to play, or draw" offered a choice there was not)
            play = t("plain_only", options=" / ".join(others))
        elif table.legal:  # (a question is asked instead: the first card's colour, found
            play = ""  # play-testing, came after "Nothing to play.")
        else:
            play = t("plain_cannot_play")
        parts.append(play)
        return " ".join(sentence(p) for p in parts if p)

    def _clock(self) -> str:
        """Our turn's time running out, said once, of a turn that had more (found play-testing:
        Inés, blind, heard "20 seconds to play", then that a bot had played her turn)."""
        table = self.model.table
        had, left = self._deadline[1], table.seconds_left()
        moved = table.sent.just_sent(table.view) is not None  # (played, not yet answered: found re-checking)
        if (self._turn() and table.my_turn and not moved and left is not None and left <= CLOCK_WARNING
                and had is not None and had > CLOCK_WARNING):
            return t("plain_time_left", n=CLOCK_WARNING)
        return ""

    def clock_due(self) -> bool:
        """Whether the turn's clock has something new to say (plain mode's screen asks each second)."""
        return self._clock() != "".join(self._last.get("clock", []))

    def _seconds(self, deadline: float | None) -> int | None:
        """The time the turn had when its deadline came (said once: not a countdown). The same
        end told again (the server's view after another seat's move; found play-testing, the
        whole turn said again with a second less) is not a new deadline."""
        old = self._deadline[0]
        same = deadline == old or (deadline is not None and old is not None and old != _ASKED
                                   and abs(deadline - old) < SAME_DEADLINE)
        if not same:
            self._deadline = (deadline, self.model.table.seconds_left())
        return self._deadline[1]

    def _over(self) -> str | list[str]:
        m = self.model
        view = m.table.view
        if m.screen is not Screen.TABLE or view is None:
            return ""
        if view.outcome is not None:  # (the bots' levels: said again only when one changes)
            return [*self._end_line(), self._bots_next()]
        return self._end_line()

    def _bots_next(self) -> str:
        """The host's, at a match's end: the bots' levels for the next match, and how to change
        one (``level N LEVEL``, the seats numbered as in the waiting room)."""
        m = self.model
        room = m.seating.room
        if room is None or not m.seating.can_host_command:
            return ""
        bots = [f"{i + 1} {clean_text(info.name)} ({t('seat_level', level=t('level_' + info.level))})"
                for i, info in enumerate(room.seats) if info.kind == "bot" and info.level]
        return t("plain_bots_next", list=", ".join(bots)) if bots else ""

    def _end_line(self) -> list[str]:
        """The end of a hand or of the match: who won, the scores, what comes next; in parts, so
        that only what changes is said again (found play-testing: each coming back between
        hands said the hand's winner and the scores again)."""
        m = self.model
        view = m.table.view
        if view is None:
            return []
        if view.outcome is not None:
            # (each its own part, said when it changes: found play-testing, "New match when all
            # accept…" was said again with each answer to the rematch, and after each command)
            key = match_over_key(m)
            hints = [t(key)]
            if key.startswith("match_over_newcomer"):  # (the full screen says it in place of a hand)
                hints.insert(0, t("seated_next_match"))
            if rematch_asked(m):  # who has accepted a rematch, or the offer
                hints.append(m.rematch.line(m.seating.room, m.seating.seat, view.seats, plain=True))
                if m.seating.room is not None and m.seating.room.rematch and m.table.deadline_at is not None:
                    hints.append(t("plain_rematch_wait"))  # (the full screen counts it down)
                if joined := m.rematch.newcomers(m.seating.room, view.seats, m.seating.seat,
                                                 m.seating.host_pick):
                    hints.append(joined)
            scores = view.outcome.scores
            won = won_text(m, view.outcome.winner, "match_won")
            if view.hand_result is not None:  # (the last hand's, as any hand's: found play-testing)
                hints.insert(0, self._counted(view.seats, view.hand_result))
        elif view.hand_result is not None:
            result = view.hand_result
            hints = [t("next_hand_waits" if m.seating.everyone_away else "plain_next_hand")]
            scores = view.scores
            won = won_text(m, result.winner, "hand_won", n=view.hand_number, points=result.points)
            hints.insert(0, self._counted(view.seats, result))
        else:
            return []
        return [won, self._scores(view.seats, scores), *filter(None, hints)]

    def _counted(self, seats: tuple[str, ...], result: HandResult) -> str:
        return counted_line(self.model.seating.name_of, seats, result)

    def _scores(self, seats: tuple[str, ...], scores: tuple[int, ...] | list[int]) -> str:
        return scores_line(self.model.seating.name_of, seats, scores)

    def _ends_said_over(self) -> set[str]:
        """The log's lines that the end's line (``_over``) says again, with the hand's number
        and the scores: the hand's winner at a hand's end, the match's at a match's (found
        play-testing: "Luis won the hand: +32 points. Luis wins hand 1 and scores 32 points.
        Scores: …"). A match's end keeps the hand's line: its own does not give the points."""
        m = self.model
        view = m.table.view
        if m.screen is not Screen.TABLE or view is None:
            return set()
        if view.outcome is not None:
            end: Event = MatchEnded(view.outcome.winner, view.outcome.scores)
        elif view.hand_result is not None:
            end = HandEnded(view.hand_result.winner, view.hand_result.points, view.scores)
        else:
            return set()
        return set(narrate([end], m.seating.name_of, m.seating.seat))

    def _uno(self) -> str:
        table = self.model.table
        if table.uno_armed:
            return t("uno_armed")
        name_of = self.model.seating.name_of
        seat = table.catchable
        if seat is not None:
            return t("plain_catch_hint_grace" if table.at_risk(seat) else "plain_catch_hint",
                     name=name_of(seat))
        # (in words to type: found play-testing, "u lo dice" told a key plain mode has not)
        if warning := risk_warning(table, plain=True):
            return warning
        # a seat we cannot catch (we watch, say): at risk until it is over, as the board marks
        # it, not only inside the UNO call's grace
        risky = None if table.view is None else table.view.uno_open
        if risky is None or not table.open_to_catch(risky):
            return ""
        return t("at_risk_plain", name=name_of(risky))

    def _hint(self) -> str:
        table = self.model.table
        if table.sent.just_sent(table.view) is not None:  # (our move is on its way: the turn's hint
            return self._last.get("hint", [""])[0]  # is not news; found play-testing, said again)
        return self.model.hints.text(self.model.seating.name_of, table.pending_card)

    def _prompt(self) -> str:
        m = self.model
        prompt = m.prompt
        yes = key_of("yes")
        if prompt is Prompt.QUIT:
            return quit_question(m.host, m.seating.seated_in_match, m.seating.seated, yes)
        if prompt is Prompt.HOST_QUIT:  # (what else stays: "s" for "sí" closed it without a word)
            return t("host_quit_confirm") + " " + t("plain_help_host_quit")
        if prompt is Prompt.LEAVE:
            return t("leave_confirm", yes=yes) + " " + m.seating.leave_consequence()
        if prompt is Prompt.PASSWORD and m.prompts.password_room is None:
            return f"{t('plain_form_password')} {t('plain_help_password')}"
        if prompt is Prompt.PASSWORD:
            room = next((r.name for r in m.lobby.rooms if r.id == m.prompts.password_room), "?")
            return t("password_prompt", room=clean_text(room)) + t("plain_help_password")
        if prompt in (Prompt.COLOR, Prompt.START_COLOR):
            pending = m.table.pending_card
            label = (t("prompt_start_color") if prompt is Prompt.START_COLOR
                     else t("prompt_color", card=card_name(pending) if pending else ""))
            choices = ", ".join(t("plain_color_choices", n=i + 1, color=color_name(c),
                                  letter=key_of("color_" + c.value)) for i, c in enumerate(COLORS))
            return f"{label} {choices}"
        if prompt is Prompt.SEAT:
            view = m.table.view
            targets = m.table.pending_targets
            sizes = [view.size_of(seat) if view is not None else "?" for seat in targets]
            seats = ", ".join(t("plain_seat_one" if size == 1 else "plain_seat", n=i + 1,
                                name=m.seating.name_of(seat), cards=size)
                              for i, (seat, size) in enumerate(zip(targets, sizes, strict=True)))
            return f"{t('prompt_seat')} {seats}"
        if prompt is Prompt.CHALLENGE:
            view = m.table.view
            question = t("prompt_challenge", name=m.seating.name_of(view.challenge_from if view else None),
                         n=view.pending_draw if view else 4, yes=yes, accept=key_of("accept"))
            return question + (". " + t("plain_challenge_stack") if m.table.playable else "")
        return ""

    def _notice(self) -> str:
        return self.model.prompts.notice


def _numbered(index: int, card: Card) -> str:
    """A card and the number that plays it ("3 Red 7"; in Spanish "3: 7 rojo", where "3 7 rojo"
    ran the number into the card's)."""
    return t("plain_numbered", n=index + 1, card=card_name(card))


def counted_line(name_of: Callable[[str], str], seats: tuple[str, ...], result: HandResult) -> str:
    """What each hand left was worth, the winner's points made of them ("" if not shown)."""
    if len(result.hands) != len(seats):
        return ""
    parts = [t("plain_counted_seat_one" if len(held) == 1 else "plain_counted_seat",
               name=name_of(seat), points=sum(c.points for c in held), n=len(held))
             for seat, held in zip(seats, result.hands, strict=True) if seat != result.winner and held]
    return t("plain_counted", list=", ".join(parts)) if parts else ""


def scores_line(name_of: Callable[[str], str], seats: tuple[str, ...],
                scores: tuple[int, ...] | list[int]) -> str:
    """The match's scores, every seat's."""
    listed = ", ".join(f"{name_of(seat)} {score}" for seat, score in zip(seats, scores, strict=True))
    return t("plain_scores", scores=listed)
