"""The client's state, and nothing else: no I/O, no prompt-toolkit, no trio.

``Model`` is made of parts with one job each: ``session`` (the connection), ``outbox`` (what
goes to the server), ``servers`` (the browse screen), ``lobby``, ``form`` (a new table),
``seating`` (the room and our seat), ``transcript`` (log and chat), ``table`` (the view, the
hand, and the keys played there), ``prompts`` (questions, text typed, notices) and ``host``
(``uno host``). ``Model.apply(message)`` folds a server message into the parts (client/inbox.py
says how, message by message); the screen and the prompt are derived from them, so they can never
disagree with the state. The intents here are the keys that reach across parts; the others are
the parts' own methods.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from protocol import BOT_LEVELS, clean_text, messages
from protocol.limits import MAX_PASSWORD, MAX_ROOM_NAME

from . import inbox
from .awaynews import AwayNews
from .enums import Prompt, Screen, Status
from .form import CreateForm, step
from .hinting import HintBox
from .hosting import Hosting, ask_resume, deal_over_kept
from .i18n import Told, switch_language, t, told_again
from .lobby import Lobby
from .prompts import Prompts
from .rematch import RematchChoice
from .rulestext import rules_sentence
from .saved_rules import SavedRulesError, saved_names
from .seating import Seating
from .servers import ServerList
from .session import Outbox, Session
from .table import Table
from .tableplayback import TablePlayback
from .transcript import Transcript


class Model:
    def __init__(self, name: str, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.received = 0  # messages from the server so far (plain mode's input waits on them)
        self.session = Session(name)
        self.outbox = Outbox(self.session)
        self.servers = ServerList()
        self.lobby = Lobby()
        self.form: CreateForm | None = None
        self.rematch = RematchChoice(clock)  # the end of a match: the seat order we would propose
        self.seating = Seating()
        self.transcript = Transcript()
        self.prompts = Prompts()
        self.table = Table(self.session, self.outbox, self.prompts, clock)
        self.host = Hosting()
        self.hints = HintBox()
        self.playback = TablePlayback()  # the replay key at a hand's end
        self.back_sent = False  # "I am back" went out for this spell of being away
        self.more_time_asked = False  # our ``more_time`` went out: the countdown it grows says so
        self.plain = False  # plain mode (--plain): the log's lines are read out, not looked at
        self.away_news = AwayNews()  # what the stand-in did for us, told when we are back
        self.resync_sent = False  # a sync asked for after a message that did not decode
        # The rules' form was closed by the match's start: the next key only says it was read (it
        # was meant for the form; found play-testing, Enter there played a card on our turn)
        self.hold_key = False
        self.quit = False

    # ================================================================== derived state

    @property
    def screen(self) -> Screen:
        if self.editing_rules:
            return Screen.CREATE
        if self.seating.room is None:
            if self.session.status is Status.CONNECTED:
                return Screen.CREATE if self.form is not None else Screen.LOBBY
            return Screen.BROWSE if self.servers.browsing else Screen.CONNECTING
        if self.table.view is None:
            return Screen.WAITING
        return Screen.TABLE

    @property
    def prompt(self) -> Prompt:
        prompts = self.prompts
        confirming = prompts.confirming
        if confirming is not None:
            return confirming
        if prompts.text_prompt is not None:
            return prompts.text_prompt
        if self.screen is not Screen.TABLE:
            return Prompt.NONE
        prompt = self.table.prompt
        if prompt is Prompt.CHALLENGE and self.seating.away:  # (a bot answers it, and a key only
            # brings us back: found play-testing, plain mode asked "s challenges, a accepts" of a
            # player away, and then said the bot's answer)
            return Prompt.NONE
        return prompt

    @property
    def typing(self) -> bool:
        """Whether printable keys are text (not commands) right now."""
        if self.prompts.confirming is not None:
            return False
        if self.prompts.text_prompt is not None:
            return True
        screen = self.screen
        if screen is Screen.BROWSE:
            return True
        return screen is Screen.CREATE and self.form is not None and self.form.editing_text

    @property
    def editing_rules(self) -> bool:
        """The host has the form of the rules of the table open (in the waiting room, or at a
        match's end for the next one)."""
        return self.form is not None and self.form.editing and self.seating.can_host_command

    @property
    def can_resume_kept(self) -> bool:
        """The host, in the new table's waiting room, may go back to the match kept from last
        time instead."""
        return (self.host.active and bool(self.host.offer_key) and self.seating.can_host_command
                and self.form is None)

    # ================================================================== connection events

    def connecting(self, address: str, attempt: int) -> None:
        self.session.connecting(address, attempt)

    def connection_lost(self, reason: str, retry_in: float) -> None:
        self.session.lost(reason, self.clock() + retry_in)
        self.outbox.clear()
        self.table.sent.link_lost(self.table.view)
        if self.prompts.text_prompt is Prompt.PASSWORD:  # (a colour or seat asked stays: found
            self.prompts.close_text()  # play-testing, a tenth of a second's drop closed a Wild's)
        # The server keeps the seat, and says the turn's time again once we are back: a clock
        # run down to 0 s under "Reconnecting…" read as a turn lost (found play-testing).
        self.table.deadline_at = None
        self.prompts.notice = ""  # ("Welcome back…" under the banner is stale)

    def connection_failed(self, reason: str, detail: str = "", *, gave_up: bool = False) -> None:
        self.session.failed(reason, detail, gave_up=gave_up)
        self.outbox.clear()
        self.table.sent.link_lost(self.table.view, for_good=True)  # (found play-testing: the table
        self.table.deadline_at = None  # closed, the board said "Your turn ⏱ 9s" down to 0)
        self.prompts.notice = ""  # (the banner says why; "Welcome back…" under it is stale)
        self.hints.dismiss()  # (found play-testing: "Hint: nothing to do now" stayed under it)
        self.seating.queue_position, self.seating.queue_seat = 0, None  # (no line now: found
        # play-testing, "You are number 1 in line" stayed under "The host closed the table")
        if reason == "table_closed":
            inbox.table_closed(self)  # (the points as the match ended)

    # ================================================================== server messages

    def apply(self, message: messages.Message) -> None:
        """Fold a server message into the parts (client/inbox.py)."""
        self.received += 1
        inbox.fold(self, message)

    # ================================================================== intents: general

    def key_pressed(self, back: bool = True) -> None:
        """Any key: an old notice has been read; if our seat is away, we are back (unless not
        ``back``)."""
        self.prompts.notice_seen, self.prompts.notice = self.prompts.notice, ""
        self.hold_key = False
        if back and self.seating.away and not self.back_sent and self.outbox.send(messages.Back()):
            self.back_sent = True

    def pass_turn(self) -> None:
        """The pass key: the turn passed; between two hands of a match, more time before the next
        deal (found play-testing twice: 5 s was too short to read who held what)."""
        table, prompts = self.table, self.prompts
        if table.hand_over and not table.match_over and self.seating.seat is not None:
            self.more_time_asked = self.outbox.send(messages.MoreTime())  # (said as the countdown grows)
        else:
            table.pass_turn()
        if table.hand_over and isinstance(prompts.notice_seen, Told):  # (news over the board, the
            prompts.notice = prompts.notice_seen  # away summary, stays: found play-testing, p to
            # read it longer put it away)

    def change_language(self, lang: str | None = None) -> None:
        """Speak ``lang`` (None: the other language) from now on, the log's past lines too; the
        notice says so (in plain mode's words there), but news on the full screen is told again
        in its place (found play-testing: F2 over the end board, which hides the log, took the
        away summary out of sight)."""
        switch_language(lang)
        self.transcript.retell()
        prompts = self.prompts
        shown = prompts.notice or prompts.notice_seen  # (the key that asked it put it away)
        if isinstance(shown, Told) and not self.plain:  # (plain mode said it already)
            prompts.notice = told_again(shown)
            if prompts.notice_till_deal == shown:
                prompts.notice_till_deal = prompts.notice
        else:
            prompts.notice = t("plain_language_now" if self.plain else "language_now")

    def step_away(self) -> None:
        """The away key: our turns are played for us until we press a key (the server marks
        the seat away; any key then brings us back)."""
        seating = self.seating
        # (it said nothing: found play-testing; at a match's end the rematch waits no longer)
        if seating.seat is None or not (seating.match_on or self.table.match_over):
            self.prompts.notice = t("away_watching" if seating.seat is None else "away_no_match")
        elif not seating.away and self.outbox.send(messages.Away()):
            self.away_news.here()
            # (not in plain mode: the log's line and the banner say it when the server has; found
            # play-testing, a screen reader read it three times)
            if not self.plain:
                self.prompts.notice = t("away_asked")

    def ask_quit(self) -> None:
        if self.session.status is Status.FAILED and not self.host.active:  # "press q to quit"
            self.quit = True
        elif self.host.active and self.host.keeps and self.seating.match_on:
            self.prompts.confirm_host_quit = True
        else:
            self.prompts.confirm_quit = True

    def answer_quit(self, yes: bool) -> None:
        self.prompts.confirm_quit = False
        self.quit = yes
        if yes and self.host.active:
            self.host.end_table = True  # no match on: the waiting room closes with its host

    def answer_host_quit(self, end: bool | None) -> None:
        """The host quits a match: ``end`` True ends it for everyone, False keeps it for later
        (``uno host --resume``), None stays at the table."""
        self.prompts.confirm_host_quit = False
        if end is not None:
            self.host.end_table, self.quit = end, True

    def cancel(self) -> None:
        """Esc: close whatever prompt is open."""
        if self.prompts.text_prompt is not None:
            self.prompts.close_text()
        elif self.table.pending_card is not None:
            self.table.close_pending()
        elif self.screen is Screen.CREATE:
            self.prompts.notice = t("rules_unchanged") if self.form is not None and self.form.editing else ""
            self.form = None

    def close_prompts(self) -> None:
        self.table.close_pending()
        self.table.uno_armed = False
        if self.prompts.text_prompt is Prompt.PASSWORD:
            self.prompts.close_text()

    # ---- typing

    def open_chat(self) -> None:
        if not self.connection_over():
            self.prompts.open_text(Prompt.CHAT)

    def connection_over(self) -> bool:
        """Whether the connection ended for good: a key that would send then says only quitting is
        left (found play-testing: x asked "Leave the table?", t to say it again once back)."""
        over = self.session.status is Status.FAILED
        if over:
            self.prompts.notice = t("plain_connection_over" if self.plain else "connection_over")
        return over

    def type_text(self, text: str) -> None:
        text = clean_text(text.replace("\n", " ").replace("\r", " ").replace("\t", " "))
        if self.prompts.text_prompt is not None:
            self.prompts.type_text(text)
        elif self.screen is Screen.BROWSE:
            self.servers.type_text(text)
        elif self.screen is Screen.CREATE and self.form is not None:
            self.form.type_text(text)

    def backspace(self, whole: bool = False) -> None:
        """Backspace: the last character typed goes; with ``whole`` (Ctrl-U), all of the text."""
        if self.prompts.text_prompt is not None:
            self.prompts.backspace(whole)
        elif self.screen is Screen.BROWSE:
            self.servers.backspace(whole)
        elif self.screen is Screen.CREATE and self.form is not None:
            self.form.backspace(whole)

    def submit_text(self) -> None:
        """Enter while typing in a prompt."""
        prompts = self.prompts
        prompt, text = prompts.close_text()
        if prompt is Prompt.CHAT and text:
            if self.outbox.send(messages.Say(text=text)):
                self.transcript.sent(text, self.clock())
            elif not self.connection_over():  # (found play-testing: a line typed while the
                self.prompts.notice = t("chat_not_sent")  # link was down vanished, unsaid)
        elif prompt is Prompt.PASSWORD and prompts.password_room is not None:
            self.outbox.send(messages.JoinRoom(room=prompts.password_room, password=text or None,
                                      spectate=prompts.password_spectate))
        elif prompt is Prompt.PASSWORD and self.form is not None:  # (the new table's)
            self.form.password = text[:MAX_PASSWORD]

    # ================================================================== intents: browse, lobby

    def choose_server(self) -> None:
        try:
            self.servers.choose()
        except ValueError:
            self.prompts.notice = t("status_failed", address=self.servers.address_text, reason="?")

    def refresh_rooms(self, again: bool = False) -> None:
        """Ask for the tables; ``again``: say them as they come even if unchanged (plain mode
        lists them on request only: found play-testing, an empty line said again the list of
        minutes before, "No tables yet", where two had opened since)."""
        if again:
            self.lobby.listed = False
        self.outbox.send(messages.ListRooms())

    def join_selected(self, spectate: bool = False) -> None:
        room = self.lobby.selected
        if room is None:
            return
        # A match on, or a waiting room whose seats people hold, is joined as a spectator; Enter
        # (not w) then asks for a seat: a bot's, or a place in line (found play-testing: before
        # the start, Enter on a full table only said "Every seat is taken")
        watch_first = room.started or room.players >= room.seats
        self.seating.want_seat = watch_first and not spectate
        spectate = spectate or watch_first
        if room.password:
            self.prompts.open_password(room.id, spectate)
            return
        self.outbox.send(messages.JoinRoom(room=room.id, spectate=spectate))

    def _default_table(self) -> str:
        return t("default_table", name=self.session.name)[:MAX_ROOM_NAME]

    def open_form(self) -> None:
        saved, table = tuple(saved_names()), self.host.table
        self.form = (CreateForm(name=self._default_table(), saved=saved) if table is None
                     else CreateForm.like(table, self._default_table(), saved))

    def edit_rules(self) -> None:
        """The host's rules key: the form of the table's rules, as they are now."""
        room = self.seating.room
        if room is not None and self.seating.can_host_command:
            self.form = CreateForm.of_room(room, tuple(saved_names()))
        elif room is not None:  # the rules as they are, and why not now (found play-testing: a
            # guest asking for them read only "Only the host may do that")
            why = t("rules_not_now" if self.seating.is_host else "rules_host_only")
            said = f"{rules_sentence(room, plain=self.plain)}. {why}"  # (until the next deal, at
            self.prompts.notice = self.prompts.notice_till_deal = said  # most: found play-testing)

    def submit_form(self) -> None:
        """Enter: create the table (or give ours the rules the form says); on the "save these
        rules as" field, save the rules instead."""
        if self.form is None:
            return
        if self.form.focused == "save_as" and not self.form.just_saved and self.form.save_as.strip():
            typed = self.form.save_as.strip()  # (a name saved already, in any capitals: asked first;
            same = next((name for name in self.form.saved if name.lower() == typed.lower()), None)
            if same is not None and self.prompts.notice_seen != t("rules_replace", name=same):
                self.prompts.notice = t("rules_replace", name=same)  # found play-testing: replaced
                return  # without a word)
            self.form.save_as = same or self.form.save_as
            try:
                self.prompts.notice = t("rules_saved", name=self.form.save())
            except SavedRulesError as exc:
                self.prompts.notice = t("rules_err_" + exc.code, name=self.form.save_as)
            except OSError as exc:
                self.prompts.notice = t("rules_err_bad_file", name=f"{self.form.save_as} ({exc})")
            return
        form = self.form
        if form.bad_file:  # (found play-testing: Enter opened a table with other rules)
            self.prompts.notice = t("rules_err_bad_file_why", name=form.rules_name, why=form.bad_file)
            return
        if self.form.editing:
            room = self.seating.room  # (unchanged, nothing is sent: found play-testing, applied
            # as they were, the rules withdrew the others' acceptances of a rematch)
            if room is None or self.form.rules_message() != CreateForm.of_room(room, ()).rules_message():
                self.outbox.send(self.form.rules_message())
            else:
                self.prompts.notice = t("rules_unchanged")
            self.form = None
            return
        self.outbox.send(self.form.message(self._default_table()))

    def finish_form(self) -> None:
        """Plain mode's ok: the table created, or its rules applied; saved first when the focus is
        on "save these rules as" with a name typed (found play-testing: ok saved them again and
        again, and never applied them)."""
        form = self.form
        if form is not None and form.focused == "save_as" and not form.save_as.strip():
            form.focus = 0  # (no name: nothing to save)
        elif form is not None and form.focused == "save_as" and not form.just_saved:
            self.submit_form()
            if not form.just_saved:  # not saved: the notice says why
                return
        self.submit_form()

    # ================================================================== intents: room

    def start(self, fill: bool = True) -> None:
        """``fill``: bots take the empty seats first (``s``); else the seats taken play (``S``)."""
        if self.seating.can_host_command and deal_over_kept(self.host, self.can_resume_kept, self.prompts):
            order = self.rematch.order if self.table.match_over else None
            self.outbox.send(messages.Start(fill=fill, order=order))

    def take_seat(self) -> None:
        """A spectator asks for a seat, or (already in the line) leaves the line."""
        seating = self.seating
        if seating.room is not None and seating.role == "spectator":
            self.outbox.send(messages.TakeSeat(cancel=bool(seating.queue_position)))

    def add_bot(self) -> None:
        if self.seating.can_host_command:
            self.outbox.send(messages.AddBot())

    def cycle_bot_level(self, level: str | None = None) -> None:
        """The host's bot-level key in the waiting room and at a match's end (for the next
        match): the picked bot takes the next level (or ``level``, plain mode's "level 2 hard")."""
        bot = self.seating.picked_bot
        if not self.seating.can_host_command:
            return
        if bot is None:
            self.prompts.notice = t("err_not_a_bot" if self.seating.picked_seat else "no_bot_to_level")
        else:
            level = level or step(BOT_LEVELS, self.seating.level_asked(bot), 1)
            self.seating.levels_asked[bot.seat] = level
            self.outbox.send(messages.SetBotLevel(seat=bot.seat, level=level))

    def ask_replay(self) -> None:
        """The replay key: ask for the replay of the hand just over (during a hand, the last one);
        between two hands, the next deal waits a while for it too, as the pass key asks (found
        play-testing in plain mode: the deal came a move into the replay, and our turn closed it)."""
        table = self.table
        self.playback.ask(table, self.outbox, self.prompts)
        if self.playback.asked is not None and table.hand_over and not table.match_over \
                and self.seating.seat is not None and not self.seating.away:
            self.more_time_asked = self.outbox.send(messages.MoreTime())

    def ask_hint(self) -> None:
        """?: what the strongest bot would play here (worked out off the loop: client/hintrun.py)."""
        shown = self.hints.shown
        self.hints.ask(self.table.view, self.table.pending_card)
        self.hints.point_question(self.table)  # (a card's question answered at once by the turn's hint)
        self.hints.point_again(self.table, shown)

    def remove_bot(self, picked: bool = True) -> None:
        """-: the picked seat is freed: a bot's, or that of someone whose connection dropped (the
        one marked, not the last bot: found play-testing); not ``picked``: the last bot (plain
        mode's "remove", which shows no pick: the bot its "add" added)."""
        seating = self.seating
        if seating.can_host_command and seating.room is not None:
            seat = (seating.picked_seat if picked
                    else next((s for s in reversed(seating.room.seats) if s.kind == "bot"), None))
            if seat is not None:
                self.outbox.send(messages.RemoveBot(seat=seat.seat))
            else:
                self.prompts.notice = t("no_bot_to_remove")

    def resume_kept(self) -> None:
        """The host's key back to the kept match (``hosting.ask_resume``)."""
        if self.can_resume_kept and self.seating.room is not None:
            ask_resume(self.host, self.seating.room, self.seating.seat, self.prompts)

    @property
    def rematch_open(self) -> bool:
        """The match we played in is over: a rematch can be accepted or declined (not once the
        room says the rematch began: found play-testing, its deal still to come, plain mode said
        the offer again, with our seat order, not the one the rematch was dealt in). Not to one who
        sat down after the match: the rematch is not theirs to answer (found re-checking: asked,
        Diego's m did nothing, and the host's yes alone started it)."""
        view, room = self.table.view, self.seating.room
        return (self.screen is Screen.TABLE and view is not None and view.outcome is not None
                and self.seating.seat in view.seats and not (room is not None and room.started))

    def tell_watcher(self) -> None:
        """A move key of one who only watches: they hold no cards (found play-testing: "It is not
        your turn", "Nobody to catch", or nothing, to a watcher; the table says how to sit, and
        the notice saying it again was cut at 60 columns). It goes with the next deal."""
        self.prompts.notice = self.prompts.notice_till_deal = t("watching_no_cards")

    def answer_rematch(self, accept: bool = True) -> None:
        """m (or n) at a match's end; the link down, the answer waits for it (``RematchChoice.again``)."""
        if not self.outbox.send(self.rematch.accept() if accept else self.rematch.decline()):
            self.prompts.notice = t("move_held")

    def next_rematch_order(self) -> None:
        """``o`` at a match's end: the next seat order we would propose (once someone has
        accepted, the first one's holds: theirs to change, and the notice tells the others)."""
        said = self.rematch.next_order(self.seating.room, self.seating.seat)
        if isinstance(said, str):  # (gone with the next deal: found play-testing, it stayed into
            self.prompts.notice = self.prompts.notice_till_deal = said  # the match, then untrue)
        else:
            self.outbox.send(said)

    def ask_leave(self) -> None:
        if self.seating.room is not None and not self.connection_over():
            self.prompts.confirm_leave = True

    def answer_leave(self, yes: bool) -> None:
        self.prompts.confirm_leave = False
        if yes:
            self.leave()

    def leave(self) -> None:
        if self.seating.room is not None:
            self.outbox.send(messages.LeaveRoom())
