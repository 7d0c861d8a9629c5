"""The client's state, and nothing else: no I/O, no prompt-toolkit, no trio.

``Model`` is made of parts with one job each: ``session`` (the connection), ``outbox`` (what
goes to the server), ``servers`` (the browse screen), ``lobby``, ``form`` (a new table),
``seating`` (the room and our seat), ``transcript`` (log and chat), ``table`` (the view, the
hand, and the keys played there), ``prompts`` (questions, text typed, notices) and ``host``
(``uno host``). ``Model.apply(message)`` folds a server message into the parts; the screen and
the prompt are derived from them, so they can never disagree with the state. The intents here
are the keys that reach across parts; the others are the parts' own methods.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from engine.events import Event, HandEnded, HandsExchanged, HandStarted
from protocol import BOT_LEVELS, ProtocolError, clean_text, codec, messages

from .awaynews import AwayNews
from .enums import Prompt, Screen, Status
from .form import CreateForm, step
from .hinting import HintBox
from .hosting import Hosting
from .i18n import EN, card_name, t
from .lobby import Lobby
from .narrate import narrate
from .prompts import Prompts
from .rematch import RematchChoice
from .saved_rules import SavedRulesError, saved_names
from .seating import Seating
from .servers import ServerList
from .session import Outbox, Session
from .table import Table
from .tableplayback import TablePlayback
from .transcript import Transcript

log = logging.getLogger("uno.client.model")
TABLE_NAME_LENGTH = 32


class Model:
    def __init__(self, name: str, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.session = Session(name)
        self.outbox = Outbox(self.session)
        self.servers = ServerList()
        self.lobby = Lobby()
        self.form: CreateForm | None = None
        self.rematch = RematchChoice()  # the end of a match: the seat order we would propose
        self.seating = Seating()
        self.transcript = Transcript()
        self.prompts = Prompts()
        self.table = Table(self.session, self.outbox, self.prompts, clock)
        self.host = Hosting()
        self.hints = HintBox()
        self.playback = TablePlayback()  # the replay key at a hand's end
        self.back_sent = False  # "I am back" went out for this spell of being away
        self.away_news = AwayNews()  # what the stand-in did for us, told when we are back
        self.resync_sent = False  # a sync asked for after a message that did not decode
        self.quit = False

    # ================================================================== derived state

    @property
    def screen(self) -> Screen:
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
        return self.table.prompt

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
    def can_resume_kept(self) -> bool:
        """The host, in the new table's waiting room, may go back to the match kept from last
        time instead."""
        return self.host.active and bool(self.host.offer_key) and self.seating.can_host_command

    # ================================================================== connection events

    def connecting(self, address: str, attempt: int) -> None:
        self.session.connecting(address, attempt)

    def connection_lost(self, reason: str, retry_in: float) -> None:
        self.session.lost(reason, self.clock() + retry_in)
        self.outbox.clear()
        self._close_prompts()

    def connection_failed(self, reason: str, detail: str = "", *, gave_up: bool = False) -> None:
        self.session.failed(reason, detail, gave_up=gave_up)
        self.outbox.clear()
        self.prompts.notice = ""  # (the banner says why; "Welcome back…" under it is stale)

    # ================================================================== server messages

    def apply(self, message: messages.Message) -> None:
        handler = _HANDLERS.get(type(message))
        if handler is not None:
            handler(self, message)

    def _welcome(self, message: messages.Welcome) -> None:
        had_room = self.seating.room is not None
        self.session.welcomed(message)
        if message.resumed:
            self.prompts.notice = t("status_resumed")
            return
        if had_room:
            self._leave_room_state()
            self.prompts.notice = t("status_seat_lost")
        if self.host.auto_create is not None:
            self.outbox.append(self.host.auto_create)
            self.host.auto_create = None
        else:
            self.outbox.append(messages.ListRooms())

    def _rooms(self, message: messages.Rooms) -> None:
        self.lobby.set(message.rooms, message.more)

    def _joined(self, message: messages.Joined) -> None:
        seating = self.seating
        same_room = seating.room is not None and seating.room.id == message.room.id
        if not same_room:
            self.transcript.clear_log()
            self.table.view = None
        # From watching to a bot's seat in the match on: say whose cards and points are ours now.
        bot = (seating.name_of(message.seat) if same_room and seating.role == "spectator"
               and message.role == "player" and message.seat is not None and message.room.started
               else None)
        seating.joined(message.room, message.role, message.seat)
        self.form = None
        if self.prompts.notice == t("status_seat_lost"):  # the server put us back in a seat after all
            self.prompts.notice = ""
        if bot is not None:
            self.prompts.notice = t("you_took_seat", bot=bot)
        if message.role != "player" and seating.want_seat:
            self.outbox.send(messages.TakeSeat())  # arrived after the start: ask for a bot's seat at once
        seating.want_seat = False
        if self.host.auto_start and seating.is_host and not message.room.started:
            self.outbox.append(messages.Start(fill=True))  # `uno host --start`: bots take the empty seats
        self.host.auto_start = False

    def _room(self, message: messages.RoomUpdate) -> None:
        was_away = self.seating.away
        lines = self.seating.update(message.room)
        if was_away and not self.seating.away:  # back: what was done for us meanwhile
            news = self.away_news.line(self.seating.name_of)
            lines += [news] if news else []
        if not self.seating.away:
            self.back_sent = False
        self.transcript.add(lines)

    def _left(self, message: messages.Left) -> None:
        self._leave_room_state()
        self.outbox.append(messages.ListRooms())

    def _queued(self, message: messages.Queued) -> None:
        self.seating.queue_position, self.seating.queue_seat = message.position, message.seat

    def _leave_room_state(self) -> None:
        self.prompts.confirm_leave = False
        self.transcript.winning_play = ""
        self.seating.left()
        self.table.clear()
        self.hints.on_view(None)
        self.away_news = AwayNews()
        self.transcript.clear_log()
        self._close_prompts()

    def _view_msg(self, message: messages.ViewMsg) -> None:
        old = self.table.view
        self._set_view(message.view, message.deadline)
        view = self.table.view
        transcript = self.transcript
        if view is not None and view is not old and view.hand_number != transcript.logged_hand:
            # a deal seen only through a view (joining late, coming back) rather than events
            transcript.logged_hand = view.hand_number
            lines = [t("ev_hand", n=view.hand_number, name=self.seating.name_of(view.dealer))]
            if view.discard_pile == 1:  # nothing played yet: the top is the first card
                lines.append(t("ev_start_card", card=card_name(view.top)))
            transcript.add(lines)

    def _decode_events(self, batch: tuple[Any, ...] | list[Any]) -> list[Event]:
        """The events of ``batch``; one that does not decode is logged, and a fresh view asked
        for (what it said is missing from the log, not from the table)."""
        events = []
        for data in batch:
            try:
                events.append(codec.event_from_wire(data))
            except ProtocolError as exc:
                self._resync("event", exc, data)
                continue
            if isinstance(events[-1], HandStarted):
                self.transcript.logged_hand = events[-1].hand_number
        return events

    def _resync(self, what: str, exc: ProtocolError, data: object) -> None:
        log.warning("an %s did not decode (%s): %.200r", what, exc, data)
        if self.seating.room is not None and not self.resync_sent:  # once, until a view decodes
            self.resync_sent = self.outbox.send(messages.Sync())

    def _events(self, message: messages.Events) -> None:
        events = self._decode_events(message.events)
        self.hints.observe(events)
        shown = self.table.view  # (the hand these events belong to, if one ends in them)
        self.away_news.observe(events, self.seating.seat, shown.hand_number if shown else 0)
        self.away_news.live = True
        seat = self.seating.seat
        for event in events:
            if isinstance(event, HandsExchanged) and seat is not None and (
                    event.target is None or seat in (event.seat, event.target)):
                self.table.hand_replaced()
        if message.view is not None:
            self._set_view(message.view, message.deadline)
        name_of = self.seating.name_of
        lines = narrate(events, name_of)
        host = self.host
        if host.offer and not host.offer_shown and any(isinstance(e, HandStarted) for e in events):
            lines.append(host.offer)  # at the table too: the match kept from last time
            host.offer_shown = True
        self.transcript.add(lines)
        ended = next((i for i, e in enumerate(events) if isinstance(e, HandEnded)), None)
        if ended is not None:  # kept on the end-of-hand screen, under the scores
            before = narrate(events[:ended], name_of)
            self.transcript.winning_play = before[-1] if before else ""

    def _set_view(self, data: dict[str, Any], deadline: float | None) -> None:
        try:
            view = codec.view_from_wire(data)
        except ProtocolError as exc:
            self._resync("view", exc, data)
            return
        self.resync_sent = False
        self.table.set_view(view, deadline)
        self.hints.on_view(self.table.view)

    def _history(self, message: messages.History) -> None:
        """The room's recent past, on joining or coming back: it becomes the log and the chat
        (what we had is older or the same)."""
        lines: list[str] = []
        batches = [self._decode_events(batch) for batch in message.events]
        if not self.away_news.live:  # a client started again: count from the past we are told
            for events in batches:
                self.away_news.observe(events, self.seating.seat)
        for number, events in enumerate(batches):
            then = message.names[number] if number < len(message.names) else {}
            lines += narrate(events, self._name_then(then))
        self.hints.recall(batches)
        if not self.seating.away and not self.away_news.live:  # (a resumed session is back)
            news = self.away_news.line(self.seating.name_of)
            lines += [news] if news else []
        self.transcript.replace(lines, [(line.source, line.text) for line in message.chat])

    def _name_then(self, then: dict[str, Any]) -> Callable[[str], str]:
        """Names for a batch of the past: who sat at each seat then (``history.names``), else
        the name known now."""
        def name(seat: str) -> str:
            known = then.get(seat)
            return clean_text(known) if isinstance(known, str) and known else self.seating.name_of(seat)
        return name

    def _chat(self, message: messages.ChatMsg) -> None:
        self.transcript.said(message.source, message.text)

    def _error(self, message: messages.Error) -> None:
        key = "err_" + message.code
        self.prompts.notice = (t(key) if key in EN
                               else t("err_generic", message=clean_text(message.message)))
        if message.ref == "action":
            self.table.close_pending()
        if message.fatal:
            self.connection_failed(message.code)

    def _uno_grace(self, message: messages.UnoGrace) -> None:
        self.table.set_grace(message.seat, message.seconds)

    def _ping(self, message: messages.Ping) -> None:
        self.outbox.append(messages.Pong(nonce=message.nonce))

    # ================================================================== intents: general

    def key_pressed(self) -> None:
        """Any key: an old notice has been read; if our seat is away, we are back."""
        self.prompts.notice = ""
        if self.seating.away and not self.back_sent and self.outbox.send(messages.Back()):
            self.back_sent = True

    def step_away(self) -> None:
        """The away key: our turns are played for us until we press a key (the server marks
        the seat away; any key then brings us back)."""
        seating = self.seating
        if seating.seat is not None and seating.match_on and not seating.away \
                and self.outbox.send(messages.Away()):
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
            self.form = None

    def _close_prompts(self) -> None:
        self.table.close_pending()
        self.table.uno_armed = False
        if self.prompts.text_prompt is Prompt.PASSWORD:
            self.prompts.close_text()

    # ---- typing

    def open_chat(self) -> None:
        self.prompts.open_text(Prompt.CHAT)

    def type_text(self, text: str) -> None:
        text = clean_text(text.replace("\n", " ").replace("\r", " "))
        if self.prompts.text_prompt is not None:
            self.prompts.type_text(text)
        elif self.screen is Screen.BROWSE:
            self.servers.type_text(text)
        elif self.screen is Screen.CREATE and self.form is not None:
            self.form.type_text(text)

    def backspace(self) -> None:
        if self.prompts.text_prompt is not None:
            self.prompts.backspace()
        elif self.screen is Screen.BROWSE:
            self.servers.backspace()
        elif self.screen is Screen.CREATE and self.form is not None:
            self.form.backspace()

    def submit_text(self) -> None:
        """Enter while typing in a prompt."""
        prompts = self.prompts
        prompt, text = prompts.close_text()
        if prompt is Prompt.CHAT and text:
            self.outbox.send(messages.Say(text=text))
        elif prompt is Prompt.PASSWORD and prompts.password_room is not None:
            self.outbox.send(messages.JoinRoom(room=prompts.password_room, password=text or None,
                                      spectate=prompts.password_spectate))

    # ================================================================== intents: browse, lobby

    def choose_server(self) -> None:
        try:
            self.servers.choose()
        except ValueError:
            self.prompts.notice = t("status_failed", address=self.servers.address_text, reason="?")

    def refresh_rooms(self) -> None:
        self.outbox.send(messages.ListRooms())

    def join_selected(self, spectate: bool = False) -> None:
        room = self.lobby.selected
        if room is None:
            return
        # A match on is joined as a spectator; Enter (not w) then asks for a bot's seat.
        self.seating.want_seat = room.started and not spectate
        spectate = spectate or room.started
        if room.password:
            self.prompts.open_password(room.id, spectate)
            return
        self.outbox.send(messages.JoinRoom(room=room.id, spectate=spectate))

    def _default_table(self) -> str:
        return t("default_table", name=self.session.name)[:TABLE_NAME_LENGTH]

    def open_form(self) -> None:
        self.form = CreateForm(name=self._default_table(), saved=tuple(saved_names()))

    def submit_form(self) -> None:
        """Enter: create the table; on the "save these rules as" field, save the rules instead."""
        if self.form is None:
            return
        if self.form.focused == "save_as":
            try:
                self.prompts.notice = t("rules_saved", name=self.form.save())
            except SavedRulesError as exc:
                self.prompts.notice = t("rules_err_" + exc.code, name=self.form.save_as)
            except OSError as exc:
                self.prompts.notice = t("rules_err_bad_file", name=f"{self.form.save_as} ({exc})")
            return
        self.outbox.send(self.form.message(self._default_table()))

    # ================================================================== intents: room

    def start(self, fill: bool = True) -> None:
        """``fill``: bots take the empty seats first (``s``); else the seats taken play (``S``)."""
        if self.seating.can_host_command:
            self.outbox.send(messages.Start(fill=fill))

    def take_seat(self) -> None:
        """A spectator asks for a seat, or (already in the line) leaves the line."""
        seating = self.seating
        if seating.room is not None and seating.role == "spectator":
            self.outbox.send(messages.TakeSeat(cancel=bool(seating.queue_position)))

    def add_bot(self) -> None:
        if self.seating.can_host_command:
            self.outbox.send(messages.AddBot())

    def cycle_bot_level(self, level: str | None = None) -> None:
        """The host's bot-level key in the waiting room: the picked bot takes the next level (or
        ``level``, plain mode's "level 2 hard")."""
        bot = self.seating.picked_bot
        if not self.seating.can_host_command:
            return
        if bot is None:
            self.prompts.notice = t("no_bot_to_level")
        else:
            level = level or step(BOT_LEVELS, bot.level, 1)
            self.outbox.send(messages.SetBotLevel(seat=bot.seat, level=level))

    def ask_replay(self) -> None:
        """The replay key at a hand's end: ask for the replay of the hand just over."""
        self.playback.ask(self.table.view, self.outbox, self.prompts)

    def ask_hint(self) -> None:
        """?: what the strongest bot would play here (worked out off the loop: client/hintrun.py)."""
        self.hints.ask(self.table.view)

    def remove_bot(self) -> None:
        room = self.seating.room
        if self.seating.can_host_command and room is not None:
            bots = [s for s in room.seats if s.kind == "bot"]
            if bots:
                self.outbox.send(messages.RemoveBot(seat=bots[-1].seat))
            else:
                self.prompts.notice = t("no_bot_to_remove")

    def resume_kept(self) -> None:
        if self.can_resume_kept:
            self.host.resume_request = True

    @property
    def rematch_open(self) -> bool:
        """The match we played in is over: a rematch can be accepted or declined."""
        view = self.table.view
        return (self.screen is Screen.TABLE and view is not None and view.outcome is not None
                and self.seating.seat is not None)

    def accept_rematch(self) -> None:
        self.outbox.send(self.rematch.accept())

    def decline_rematch(self) -> None:
        self.outbox.send(self.rematch.decline())

    def ask_leave(self) -> None:
        if self.seating.room is not None:
            self.prompts.confirm_leave = True

    def answer_leave(self, yes: bool) -> None:
        self.prompts.confirm_leave = False
        if yes:
            self.leave()

    def leave(self) -> None:
        if self.seating.room is not None:
            self.outbox.send(messages.LeaveRoom())


_HANDLERS: dict[type, Callable[[Model, Any], None]] = {
    messages.Welcome: Model._welcome, messages.Rooms: Model._rooms, messages.Joined: Model._joined,
    messages.RoomUpdate: Model._room, messages.Left: Model._left, messages.ViewMsg: Model._view_msg,
    messages.Events: Model._events, messages.ChatMsg: Model._chat, messages.History: Model._history,
    messages.Error: Model._error, messages.Ping: Model._ping, messages.Queued: Model._queued,
    messages.ReplayMsg: lambda model, message: model.playback.arrived(message, model.prompts),
    messages.UnoGrace: Model._uno_grace,
}
