"""The client's state, and nothing else: no I/O, no prompt-toolkit, no trio.

``Model.apply(message)`` folds a server message in. Intents (``play_selected``, ``draw``,
``say_uno`` ...) are what keys ask for; those that talk to the server append protocol messages to
``outbox``, which the app sends. Screens and prompts are derived from the state, so they can never
disagree with it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine import View
from engine.actions import (
    Action,
    Catch,
    Challenge,
    ChooseColor,
    JumpIn,
    Pass,
    PlayCard,
)
from engine.cards import Card
from engine.events import HandEnded, HandsExchanged, HandStarted
from protocol import (
    MAX_CHAT,
    AddBot,
    Back,
    ChatMsg,
    CreateRoom,
    Error,
    Events,
    History,
    Joined,
    JoinRoom,
    LeaveRoom,
    Left,
    ListRooms,
    Message,
    Ping,
    Pong,
    ProtocolError,
    Queued,
    RemoveBot,
    RoomInfo,
    Rooms,
    RoomSummary,
    RoomUpdate,
    Say,
    Start,
    TakeSeat,
    ViewMsg,
    Welcome,
    clean_text,
    codec,
)

from .address import parse_address
from .enums import Prompt, Screen, ServerEntry, Status
from .form import CreateForm
from .i18n import card_name, t
from .narrate import narrate
from .table import TableIntents, card_sort_key

LOG_LINES = 200
CHAT_LINES = 100


class Model(TableIntents):
    def __init__(self, name: str, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.name = clean_text(name)[:24] or "Player"
        # connection
        self.status = Status.IDLE
        self.address = ""
        self.attempt = 0
        self.reason = ""
        self.retry_at: float | None = None
        self.server_name = ""
        self.ever_connected = False
        self.token: str | None = None
        self.server_id: str | None = None  # the server's identity (welcome.server_id)
        self.failure = ""  # what the server said when it refused us (FAILED)
        self.gave_up = False  # FAILED because the address never answered
        self.connect_request: tuple[str, int] | None = None  # asked for by the browse screen
        self.info = ""  # a line from the app (e.g. where the hosted table listens)
        # browse
        self.browsing = False
        self.servers: list[ServerEntry] = []
        self.server_index = 0
        self.address_text = ""
        self.discovery_state = "searching"  # searching | unavailable
        # lobby
        self.rooms: tuple[RoomSummary, ...] = ()
        self.room_index = 0
        self.form: CreateForm | None = None
        # room and game
        self.room: RoomInfo | None = None
        self.role: str | None = None
        self.seat: str | None = None
        self.view: View | None = None
        self.known_names: dict[str, str] = {}  # seat id -> name, kept after the seat's player left
        self.deadline_at: float | None = None
        self.log: list[str] = []
        self.logged_hand: int | None = None  # the last hand whose deal is in the log
        self.winning_play = ""  # the log line of the play that ended the last hand
        self.chat: list[tuple[str, str]] = []
        # input
        self.selected = 0
        self.hand_changed_at: float | None = None
        self.last_digit: tuple[int, float] | None = None
        self.uno_armed = False
        self.pending_card: Card | None = None
        self.pending_targets: tuple[str, ...] = ()
        self.color_index = 0
        self.seat_index = 0
        self.text_prompt: Prompt | None = None  # CHAT or PASSWORD while typing
        self.input_text = ""
        self.password_room: str | None = None
        self.password_spectate = False  # the password prompt is for watching (or a seat later)
        # a late arrival: asked for a seat on joining; place in the line for one (0: not in
        # it) and the bot's seat reserved for the next hand
        self.want_seat = False
        self.queue_position = 0
        self.queue_seat: str | None = None
        self.confirm_quit = False
        self.confirm_host_quit = False  # the host quits a match: end it for everyone, or keep it?
        self.confirm_leave = False
        self.quit = False
        self.notice = ""
        self.back_sent = False  # "I am back" went out for this spell of being away
        self.bell = False  # your turn has just started: the app rings the terminal's bell
        # automation (``uno host``)
        self.auto_create: CreateRoom | None = None
        self.auto_start = False
        self.hosting = False  # this client runs the server (``uno host``)
        self.end_table: bool | None = None  # how the host quit: True end for everyone, False keep
        self.offer = ""  # ``uno host``: the match kept from last time, and how to take it back
        self.offer_shown = False
        self.offer_key = ""  # the same offer, in the new table's waiting room, with its key
        self.resume_request = False  # the host asked (``r``) to go back to the kept match
        self.outbox: list[Message] = []

    # ================================================================== derived state

    @property
    def screen(self) -> Screen:
        if self.room is None:
            if self.status is Status.CONNECTED:
                return Screen.CREATE if self.form is not None else Screen.LOBBY
            return Screen.BROWSE if self.browsing else Screen.CONNECTING
        if self.view is None:
            return Screen.WAITING
        return Screen.TABLE

    @property
    def prompt(self) -> Prompt:
        if self.confirm_host_quit:
            return Prompt.HOST_QUIT
        if self.confirm_quit:
            return Prompt.QUIT
        if self.confirm_leave:
            return Prompt.LEAVE
        if self.text_prompt is not None:
            return self.text_prompt
        if self.screen is not Screen.TABLE:
            return Prompt.NONE
        if self.pending_card is not None:
            return Prompt.SEAT if self.pending_targets else Prompt.COLOR
        legal = self.legal
        if any(isinstance(a, ChooseColor) for a in legal):
            return Prompt.START_COLOR
        if any(isinstance(a, Challenge) for a in legal):
            return Prompt.CHALLENGE
        return Prompt.NONE

    @property
    def typing(self) -> bool:
        """Whether printable keys are text (not commands) right now."""
        if self.confirm_quit or self.confirm_host_quit or self.confirm_leave:
            return False
        if self.text_prompt is not None:
            return True
        screen = self.screen
        if screen is Screen.BROWSE:
            return True
        return screen is Screen.CREATE and self.form is not None and self.form.editing_text

    @property
    def legal(self) -> tuple[Action, ...]:
        return self.view.legal if self.view is not None and self.status is Status.CONNECTED else ()

    @property
    def hand(self) -> list[Card]:
        if self.view is None or self.view.hand is None:
            return []
        return sorted(self.view.hand, key=card_sort_key)

    @property
    def playable(self) -> set[Card]:
        return {a.card for a in self.legal if isinstance(a, PlayCard | JumpIn)}

    @property
    def selected_card(self) -> Card | None:
        hand = self.hand
        return hand[self.selected] if 0 <= self.selected < len(hand) else None

    @property
    def catchable(self) -> str | None:
        """The seat you may catch for a forgotten UNO right now, if any."""
        catch = next((a for a in self.legal if isinstance(a, Catch)), None)
        return None if catch is None else catch.target

    @property
    def can_pass(self) -> bool:
        return any(isinstance(a, Pass) for a in self.legal)

    @property
    def is_host(self) -> bool:
        return self.room is not None and self.seat is not None and self.room.host_seat == self.seat

    @property
    def away(self) -> bool:
        """Whether the server marked our seat away: the stand-in plays it until we are back."""
        if self.room is None or self.seat is None:
            return False
        return any(info.seat == self.seat and info.away for info in self.room.seats)

    @property
    def hand_over(self) -> bool:
        """The hand (or the match) is over: its board is on screen."""
        view = self.view
        return view is not None and (view.hand_result is not None or view.outcome is not None)

    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.view.seat is not None and self.view.current == self.view.seat

    def name_of(self, seat: str | None) -> str:
        """A seat's name; one whose player has gone keeps the name they had, marked as gone."""
        if seat is None:
            return "?"
        if self.room is not None:
            for info in self.room.seats:
                if info.seat == seat:
                    return clean_text(info.name)
        known = self.known_names.get(seat)
        if known is not None:
            return f"{known} ({t('gone')})"
        return f"#{clean_text(seat)}"

    def _remember_names(self, room: RoomInfo) -> None:
        for info in room.seats:
            self.known_names[info.seat] = clean_text(info.name)

    def seconds_left(self) -> int | None:
        if self.deadline_at is None:
            return None
        return max(0, int(self.deadline_at - self.clock() + 0.999))

    # ================================================================== connection events

    def connecting(self, address: str, attempt: int) -> None:
        self.address = address
        self.attempt = attempt
        self.retry_at = None
        if self.status is not Status.LOST:
            self.status = Status.CONNECTING

    def connection_lost(self, reason: str, retry_in: float) -> None:
        self.status = Status.LOST
        self.reason = reason
        self.retry_at = self.clock() + retry_in
        self.outbox.clear()
        self._close_prompts()

    def connection_failed(self, reason: str, detail: str = "", *, gave_up: bool = False) -> None:
        self.status = Status.FAILED
        self.reason = reason
        self.failure = clean_text(detail)
        self.gave_up = gave_up
        self.retry_at = None
        self.outbox.clear()

    # ================================================================== server messages

    def apply(self, message: Message) -> None:
        handler = _HANDLERS.get(type(message))
        if handler is not None:
            handler(self, message)

    def _welcome(self, message: Welcome) -> None:
        had_room = self.room is not None
        self.status = Status.CONNECTED
        self.ever_connected = True
        self.attempt = 0
        self.reason = ""
        self.server_name = clean_text(message.server)
        self.token = message.token
        self.server_id = message.server_id or None
        self.name = clean_text(message.name)
        if message.resumed:
            self.notice = t("status_resumed")
            return
        if had_room:
            self._leave_room_state()
            self.notice = t("status_seat_lost")
        if self.auto_create is not None:
            self.outbox.append(self.auto_create)
            self.auto_create = None
        else:
            self.outbox.append(ListRooms())

    def _rooms(self, message: Rooms) -> None:
        self.rooms = message.rooms
        self.room_index = min(self.room_index, max(0, len(self.rooms) - 1))

    def _joined(self, message: Joined) -> None:
        if self.room is None or self.room.id != message.room.id:
            self.log.clear()
            self.logged_hand = None
            self.view = None
            self.known_names = {}
        self.room, self.role, self.seat = message.room, message.role, message.seat
        self._remember_names(message.room)
        self.form = None
        if message.role == "player":
            self.queue_position, self.queue_seat = 0, None
        elif self.want_seat:  # arrived after the start: ask for a bot's seat at once
            self._send(TakeSeat())
        self.want_seat = False
        if self.auto_start and self.is_host and not message.room.started:
            self.outbox.append(Start(fill=True))  # `uno host --start`: bots take the empty seats
        self.auto_start = False

    def _room(self, message: RoomUpdate) -> None:
        old = self.room
        self.room = message.room
        if not self.away:
            self.back_sent = False
        if old is None or old.id != message.room.id:
            self.known_names = {}
            self._remember_names(message.room)
            return
        self._remember_names(message.room)
        before = {s.seat: s for s in old.seats}
        after = {s.seat: s for s in message.room.seats}
        for seat, info in after.items():
            prev = before.get(seat)
            if seat == self.seat:
                continue
            if prev is None:
                self._log([t("ev_joined", name=clean_text(info.name))])
            elif prev.kind == "bot" and info.kind == "human":
                self._log([t("ev_took_seat", name=clean_text(info.name),
                             bot=clean_text(prev.name))])
            elif prev.connected and not info.connected:
                self._log([t("ev_dropped", name=clean_text(info.name))])
            elif not prev.connected and info.connected:
                self._log([t("ev_back", name=clean_text(info.name))])
            elif not prev.away and info.away:
                self._log([t("ev_went_away", name=clean_text(info.name))])
            elif prev.away and not info.away:
                self._log([t("ev_back", name=clean_text(info.name))])
        for seat, info in before.items():
            if seat not in after:
                self._log([t("ev_left", name=clean_text(info.name))])

    def _left(self, message: Left) -> None:
        self._leave_room_state()
        self.outbox.append(ListRooms())

    def _queued(self, message: Queued) -> None:
        self.queue_position, self.queue_seat = message.position, message.seat

    def _leave_room_state(self) -> None:
        self.confirm_leave = False
        self.winning_play = ""
        self.room = self.view = None
        self.role = self.seat = None
        self.queue_position, self.queue_seat, self.want_seat = 0, None, False
        self.deadline_at = None
        self.log.clear()
        self.logged_hand = None
        self._close_prompts()

    def _view_msg(self, message: ViewMsg) -> None:
        old = self.view
        self._set_view(message.view, message.deadline)
        view = self.view
        if view is not None and view is not old and view.hand_number != self.logged_hand:
            # a deal seen only through a view (joining late, coming back) rather than events
            self.logged_hand = view.hand_number
            lines = [t("ev_hand", n=view.hand_number, name=self.name_of(view.dealer))]
            if view.discard_pile == 1:  # nothing played yet: the top is the first card
                lines.append(t("ev_start_card", card=card_name(view.top)))
            self._log(lines)

    def _events(self, message: Events) -> None:
        events = []
        for data in message.events:
            try:
                events.append(codec.event_from_wire(data))
            except ProtocolError:
                continue
        for event in events:
            if isinstance(event, HandStarted):
                self.logged_hand = event.hand_number
            if isinstance(event, HandsExchanged) and self.seat is not None and (
                    event.target is None or self.seat in (event.seat, event.target)):
                self._hand_replaced()
        if message.view is not None:
            self._set_view(message.view, message.deadline)
        lines = narrate(events, self.name_of)
        if self.offer and not self.offer_shown and any(isinstance(e, HandStarted) for e in events):
            lines.append(self.offer)  # at the table too: the match kept from last time
            self.offer_shown = True
        self._log(lines)
        ended = next((i for i, e in enumerate(events) if isinstance(e, HandEnded)), None)
        if ended is not None:  # kept on the end-of-hand screen, under the scores
            before = narrate(events[:ended], self.name_of)
            self.winning_play = before[-1] if before else ""

    def _set_view(self, data: dict[str, Any], deadline: float | None) -> None:
        try:
            view = codec.view_from_wire(data)
        except ProtocolError:
            return
        old = self.view
        self.view = view
        self.deadline_at = None if deadline is None else self.clock() + deadline
        if old is not None and old.hand_number != view.hand_number:
            self._hand_replaced()
        was_mine = old is not None and old.seat is not None and old.current == old.seat
        if self.my_turn and not was_mine and view.hand_result is None and view.outcome is None:
            self.bell = True
        hand = self.hand
        if view.drawn is not None and view.current == view.seat and view.drawn in self.playable:
            self.selected = hand.index(view.drawn)  # R8: the drawn card is the one to play
        self.selected = min(self.selected, max(0, len(hand) - 1))
        if len(hand) != 2 or not self.my_turn:
            self.uno_armed = False
        if old is None or old.hand_number != view.hand_number or old.current != view.current:
            self.pending_card, self.pending_targets = None, ()

    def _history(self, message: History) -> None:
        """The room's recent past, on joining or coming back: it becomes the log and the chat
        (what we had is older or the same)."""
        lines: list[str] = []
        for batch in message.events:
            events = []
            for data in batch:
                try:
                    events.append(codec.event_from_wire(data))
                except ProtocolError:
                    continue
            for event in events:
                if isinstance(event, HandStarted):
                    self.logged_hand = event.hand_number
            lines += narrate(events, self.name_of)
        self.log = lines[-LOG_LINES:]
        self.chat = [(clean_text(line.source), clean_text(line.text)) for line in message.chat]
        del self.chat[:-CHAT_LINES]

    def _hand_replaced(self) -> None:
        """A new hand of cards (a deal, a 7-0 swap): keys typed for the old one must not land on
        it, and the cursor starts again at the first card."""
        self.hand_changed_at = self.clock()
        self.selected = 0
        self.last_digit = None

    def _chat(self, message: ChatMsg) -> None:
        self.chat.append((clean_text(message.source), clean_text(message.text)))
        del self.chat[:-CHAT_LINES]

    def _error(self, message: Error) -> None:
        key = "err_" + message.code
        self.notice = t(key) if _has_text(key) else t("err_generic", message=clean_text(message.message))
        if message.ref == "action":
            self.pending_card, self.pending_targets = None, ()
        if message.fatal:
            self.connection_failed(message.code)

    def _ping(self, message: Ping) -> None:
        self.outbox.append(Pong(nonce=message.nonce))

    def _log(self, lines: list[str]) -> None:
        self.log.extend(lines)
        del self.log[:-LOG_LINES]

    # ================================================================== intents: general

    def _send(self, message: Message) -> bool:
        if self.status is not Status.CONNECTED:
            return False
        self.outbox.append(message)
        return True

    def take_bell(self) -> bool:
        """Whether to ring the bell now (once per turn that started)."""
        ring, self.bell = self.bell, False
        return ring

    def take_outbox(self) -> list[Message]:
        out, self.outbox = self.outbox, []
        return out

    def key_pressed(self) -> None:
        """Any key: an old notice has been read; if our seat is away, we are back."""
        self.notice = ""
        if self.away and not self.back_sent and self._send(Back()):
            self.back_sent = True

    def ask_quit(self) -> None:
        if self.hosting and self.room is not None and self.room.started:
            self.confirm_host_quit = True
        else:
            self.confirm_quit = True

    def answer_quit(self, yes: bool) -> None:
        self.confirm_quit = False
        self.quit = yes
        if yes and self.hosting:
            self.end_table = True  # no match on: the waiting room closes with its host

    def answer_host_quit(self, end: bool | None) -> None:
        """The host quits a match: ``end`` True ends it for everyone, False keeps it for later
        (``uno host --resume``), None stays at the table."""
        self.confirm_host_quit = False
        if end is not None:
            self.end_table, self.quit = end, True

    def cancel(self) -> None:
        """Esc: close whatever prompt is open."""
        if self.text_prompt is not None:
            self.text_prompt, self.input_text = None, ""
        elif self.pending_card is not None:
            self.pending_card, self.pending_targets = None, ()
        elif self.screen is Screen.CREATE:
            self.form = None

    def _close_prompts(self) -> None:
        self.pending_card, self.pending_targets = None, ()
        self.uno_armed = False
        if self.text_prompt is Prompt.PASSWORD:
            self.text_prompt, self.input_text = None, ""

    # ---- typing

    def open_chat(self) -> None:
        self.text_prompt, self.input_text = Prompt.CHAT, ""

    def type_text(self, text: str) -> None:
        text = clean_text(text.replace("\n", " ").replace("\r", " "))
        if self.text_prompt is not None:
            limit = MAX_CHAT if self.text_prompt is Prompt.CHAT else 64
            self.input_text = (self.input_text + text)[:limit]
        elif self.screen is Screen.BROWSE:
            self.address_text = (self.address_text + text.strip())[:100]
        elif self.screen is Screen.CREATE and self.form is not None:
            self.form.type_text(text)

    def backspace(self) -> None:
        if self.text_prompt is not None:
            self.input_text = self.input_text[:-1]
        elif self.screen is Screen.BROWSE:
            self.address_text = self.address_text[:-1]
        elif self.screen is Screen.CREATE and self.form is not None:
            self.form.backspace()

    def submit_text(self) -> None:
        """Enter while typing in a prompt."""
        prompt, text = self.text_prompt, self.input_text.strip()
        self.text_prompt, self.input_text = None, ""
        if prompt is Prompt.CHAT and text:
            self._send(Say(text=text))
        elif prompt is Prompt.PASSWORD and self.password_room is not None:
            self._send(JoinRoom(room=self.password_room, password=text or None,
                                spectate=self.password_spectate))

    # ================================================================== intents: browse

    def set_servers(self, servers: list[ServerEntry]) -> None:
        self.servers = servers
        self.server_index = min(self.server_index, max(0, len(servers) - 1))

    def move_server(self, delta: int) -> None:
        if self.servers:
            self.server_index = (self.server_index + delta) % len(self.servers)

    def choose_server(self) -> None:
        if self.address_text:
            try:
                self.connect_request = parse_address(self.address_text)
            except ValueError:
                self.notice = t("status_failed", address=self.address_text, reason="?")
                return
        elif self.servers:
            entry = self.servers[self.server_index]
            self.connect_request = (entry.host, entry.port)
        else:
            return
        self.browsing = False

    # ================================================================== intents: lobby

    def move_room(self, delta: int) -> None:
        if self.rooms:
            self.room_index = (self.room_index + delta) % len(self.rooms)

    def refresh_rooms(self) -> None:
        self._send(ListRooms())

    def join_selected(self, spectate: bool = False) -> None:
        if not self.rooms:
            return
        room = self.rooms[self.room_index]
        # A match on is joined as a spectator; Enter (not w) then asks for a bot's seat.
        self.want_seat = room.started and not spectate
        spectate = spectate or room.started
        if room.password:
            self.password_room, self.password_spectate = room.id, spectate
            self.text_prompt, self.input_text = Prompt.PASSWORD, ""
            return
        self._send(JoinRoom(room=room.id, spectate=spectate))

    def open_form(self) -> None:
        self.form = CreateForm(name=t("default_table", name=self.name)[:32])

    def submit_form(self) -> None:
        if self.form is not None:
            self._send(self.form.message(t("default_table", name=self.name)[:32]))

    # ================================================================== intents: room

    def start(self, fill: bool = True) -> None:
        """``fill``: bots take the empty seats first (``s``); else the seats taken play (``S``)."""
        if self.is_host and self.room is not None and not self.room.started:
            self._send(Start(fill=fill))

    def take_seat(self) -> None:
        """A spectator asks for a seat, or (already in the line) leaves the line."""
        if self.room is not None and self.role == "spectator":
            self._send(TakeSeat(cancel=True) if self.queue_position else TakeSeat())

    def add_bot(self) -> None:
        if self.is_host and self.room is not None and not self.room.started:
            self._send(AddBot())

    def remove_bot(self) -> None:
        if self.is_host and self.room is not None and not self.room.started:
            bots = [s for s in self.room.seats if s.kind == "bot"]
            if bots:
                self._send(RemoveBot(seat=bots[-1].seat))
            else:
                self.notice = t("no_bot_to_remove")

    @property
    def can_resume_kept(self) -> bool:
        """The host, in the new table's waiting room, may go back to the match kept from last
        time instead."""
        return (self.hosting and bool(self.offer_key) and self.is_host and self.room is not None
                and not self.room.started)

    def resume_kept(self) -> None:
        if self.can_resume_kept:
            self.resume_request = True

    def ask_leave(self) -> None:
        if self.room is not None:
            self.confirm_leave = True

    def answer_leave(self, yes: bool) -> None:
        self.confirm_leave = False
        if yes:
            self.leave()

    def leave_consequence(self) -> str:
        """What leaving does to the table, as the server handles it (server/room.py ``leave``):
        during a match a bot takes the seat; the host's role passes to another person; a table
        left with nobody but bots closes."""
        room = self.room
        if room is None:
            return ""
        if self.seat is None:
            return t("leave_watch")
        others = [s for s in room.seats if s.kind == "human" and s.seat != self.seat]
        if not others and not room.spectators:
            return t("leave_closes")
        heir = next((s for s in others if s.connected), None)
        if self.is_host and heir is not None:
            key = "leave_bot_host" if room.started else "leave_free_host"
            return t(key, name=clean_text(heir.name))
        return t("leave_bot" if room.started else "leave_free")

    def leave(self) -> None:
        if self.room is not None:
            self._send(LeaveRoom())


def _has_text(key: str) -> bool:
    from .i18n import EN

    return key in EN


_HANDLERS: dict[type, Callable[[Model, Any], None]] = {
    Welcome: Model._welcome, Rooms: Model._rooms, Joined: Model._joined, RoomUpdate: Model._room,
    Left: Model._left, ViewMsg: Model._view_msg, Events: Model._events, ChatMsg: Model._chat,
    History: Model._history,
    Error: Model._error, Ping: Model._ping, Queued: Model._queued,
}
