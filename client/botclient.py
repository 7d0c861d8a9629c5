"""A terminal-less client that plays with the engine's bots over the real protocol.

Used by ``uno bots`` and the end-to-end tests. A bot client never waits forever: it sits down (or
opens a table), plays its matches and leaves, or raises ``BotGaveUp`` saying why not. When its
connection drops (the server restarted, say) it connects again with backoff and takes its seat back
with its resume token (docs/PROTOCOL.md, "Resuming").
"""

from __future__ import annotations

import random
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import trio

from engine import Action, View
from engine.actions import Catch
from engine.bots import DEFAULT_BOT_LEVEL, Bot, thinks_in_thread
from engine.events import Event
from engine.tracker import Tracker, since_deal
from protocol import ProtocolError, codec, messages

from .link import ConnectionLost, HandshakeRefused, Link

Connect = Callable[[], Awaitable[Link]]


@dataclass
class BotResult:
    name: str
    seat: str | None = None
    room: str | None = None
    views: int = 0
    actions: int = 0
    refused: int = 0
    hands: set[int] = field(default_factory=set)
    winner: str | None = None
    scores: tuple[int, ...] = ()
    token: str | None = None
    last_view: View | None = None
    reconnects: int = 0  # connections after the first that took the seat back


@dataclass
class BotOptions:
    level: str = DEFAULT_BOT_LEVEL
    create: messages.CreateRoom | None = None  # create this room (and start it when full) ...
    room: str | None = None  # ... or join this room (or the first open one when both are None)
    # ... or the room this gives (the one a fellow bot opened: see ``BotClient.seated``)
    room_of: Callable[[], Awaitable[str]] | None = None
    start_when: int = 0  # as the creator: start once this many seats are taken
    matches: int = 1  # leave after this many matches
    seed: int | None = None
    think: float = 0.0  # seconds from a view to the move it asks for, at least (a person's pace)


@dataclass(frozen=True)
class Patience:
    """How long a bot client keeps trying before it gives up, in seconds."""

    first_contact: float = 5.0  # to reach a server that has not answered yet
    reconnect: float = 120.0  # to reach it again after a drop (a restart may take a while)
    table: float = 10.0  # to find an open table (or to hear back about the one it asked for)
    first_delay: float = 0.1  # between attempts: from this, doubling ...
    max_delay: float = 2.0  # ... up to this
    quiet: float = 10.0  # silence before the client pings; a second one means the link is dead


class BotGaveUp(Exception):
    """The bot client stopped before finishing its matches; the message says why."""


MIN_MOVE_INTERVAL = 0.03  # seconds between moves: at most ~33 a second, under the flood limit
LIST_INTERVAL = 0.25  # seconds between looks at the room list while no table is open


def connect_failure(exc: OSError) -> str:
    """A short reason for a failed connection attempt."""
    causes: list[BaseException] = [exc]
    group = exc.__cause__
    if isinstance(group, BaseExceptionGroup):  # trio: one error per address it tried
        causes.extend(group.exceptions)
    if any(isinstance(e, socket.gaierror) for e in causes):
        return "unknown host"
    if any(isinstance(e, ConnectionRefusedError) for e in causes):
        return "connection refused"
    if any(isinstance(e, TimeoutError) for e in causes):
        return "no answer"
    return str(exc)


def open_table(rooms: tuple[messages.RoomSummary, ...]) -> messages.RoomSummary | None:
    """The first table a bot may sit at: not started, a seat empty, no password. Not a seat a
    server bot holds: a person may take one, but a bot client taking it would only throw away the
    level the host chose for it (found play-testing: `uno bots` replaced a waiting room's bots
    while another table had empty seats)."""
    return next((r for r in rooms if not r.started and r.players + r.bots < r.seats and not r.password),
                None)


class BotClient:
    def __init__(self, connect: Connect, name: str, options: BotOptions,
                 patience: Patience | None = None,
                 note: Callable[[str], None] | None = None) -> None:
        self.connect = connect
        self.options = options
        self.patience = patience or Patience()
        self.note = note or (lambda text: None)  # tells a person what is going on
        self.result = BotResult(name)
        self.rng = random.Random(options.seed)
        self._match_over = False  # the last view showed the end of a match
        self._matches_done = 0
        self._said_started = 0  # the matches whose start was said (``note``)
        self._last_send = -1.0
        self._welcomed = False  # the current connection got past hello
        self.seated = trio.Event()  # set once ``result.room`` and ``result.seat`` are known
        # The seat's player: its level and its memory of the hand, fed the events we receive
        # (the server redacts them for our seat); made anew for each match (``_bot_for``).
        self.bot: Bot | None = None
        # The hand so far from the room's history (joining or coming back), to make the bot's
        # memory from at the next view, as if it had watched (``_bot_for``).
        self._past: list[list[Event]] | None = None
        # The UNO call's grace (``uno_grace`` messages): seat -> when a catch of it counts. A
        # catch chosen before then waits for the window's end (``_held``: the view it was for).
        self._grace: dict[str, float] = {}
        self._held: View | None = None

    # ------------------------------------------------------------------ connection

    async def run(self) -> BotResult:
        """Play until the matches are done, reconnecting as needed; raises ``BotGaveUp``."""
        patience = self.patience
        delay = patience.first_delay
        since, window = trio.current_time(), patience.first_contact
        connected_before = False
        while True:
            reason = "no answer"
            try:
                link = await self.connect()
            except OSError as exc:
                reason = connect_failure(exc)
            else:
                self._welcomed = False
                try:
                    await self._session(link, connected_before)
                    return self.result
                except HandshakeRefused as exc:
                    raise BotGaveUp(f"the server refused us: {exc.error.message}") from exc
                except ConnectionLost as exc:
                    reason = exc.bye.reason if exc.bye is not None else exc.reason
                    if reason == "replaced":
                        raise BotGaveUp("another connection took this seat over") from exc
                except ProtocolError as exc:
                    reason = exc.code
                finally:
                    await link.aclose()
                if self._welcomed:  # a session that worked: the clock starts again
                    connected_before = True
                    delay = patience.first_delay
                    since, window = trio.current_time(), patience.reconnect
                    self.note(f"lost the connection ({reason}); trying again")
            left = since + window - trio.current_time()
            if left <= 0:
                what = "the server did not come back" if connected_before else "cannot reach the server"
                raise BotGaveUp(f"{what}: {reason} (tried for {window:g} s)")
            # (the last try at the window's end: found play-testing, "tried for 5 s" after 3.4 s)
            await trio.sleep(min(delay, left))
            delay = min(delay * 2, patience.max_delay)

    async def _session(self, link: Link, connected_before: bool) -> None:
        result = self.result
        welcome = await link.hello(result.name, result.token, bot=True)
        self._welcomed = True
        result.token = welcome.token
        if welcome.resumed:
            if connected_before:
                result.reconnects += 1
        elif result.seat is not None:
            raise BotGaveUp("the server no longer knows our seat (restarted without --state-dir?)")
        else:
            await self._enter_room(link)
        while self._matches_done < self.options.matches:
            await self._on_message(link, await self._receive(link))
        await link.send(messages.LeaveRoom())

    async def _receive(self, link: Link) -> messages.Message:
        """The next message; a server silent through two pings is taken as gone."""
        for nonce in (1, 2):
            with trio.move_on_after(self.patience.quiet):
                return await link.receive()
            await link.send(messages.Ping(nonce=nonce))
        raise ConnectionLost("timeout")

    # ------------------------------------------------------------------ sitting down

    async def _enter_room(self, link: Link) -> None:
        """Sit down (create the room, join the one asked for, or the first open one) within
        ``patience.table`` seconds, or raise ``BotGaveUp``."""
        options = self.options
        deadline = trio.current_time() + self.patience.table
        if options.create is not None:
            await link.send(options.create)
            refused = await self._joined_or_refused(link)
            if refused is not None:
                raise BotGaveUp(f"cannot open a table: {refused.message}")
            if options.start_when:
                self.note(f"opened table {self.result.room}; it starts when {options.start_when} "
                          "seats are taken")
            return
        given = options.room
        if given is None and options.room_of is not None:
            with trio.move_on_at(deadline):
                given = await options.room_of()
            if given is None:
                raise BotGaveUp(f"the table to sit at did not open in {self.patience.table:g} s")
        while True:
            room = given or await self._find_open_table(link, deadline)
            await link.send(messages.JoinRoom(room=room))
            refused = await self._joined_or_refused(link)
            if refused is None:
                return
            if given is not None:
                raise BotGaveUp(f"cannot sit at table {room}: {refused.message}")
            # someone took the last seat first, or the match started: look again, in a moment
            if trio.current_time() + LIST_INTERVAL > deadline:
                raise BotGaveUp(f"no table would seat us in {self.patience.table:g} s "
                                f"(the last one said: {refused.message})")
            await trio.sleep(LIST_INTERVAL)

    async def _find_open_table(self, link: Link, deadline: float) -> str:
        while True:
            await link.send(messages.ListRooms())
            reply = await self._reply(link, messages.Rooms)
            if isinstance(reply, messages.Rooms) and (table := open_table(reply.rooms)) is not None:
                return table.id
            if trio.current_time() + LIST_INTERVAL > deadline:
                raise BotGaveUp(f"no open table to sit at in {self.patience.table:g} s "
                                "(every table is full, started or has a password; "
                                "--create opens one)")
            await trio.sleep(LIST_INTERVAL)

    async def _joined_or_refused(self, link: Link) -> messages.Error | None:
        reply = await self._reply(link, messages.Joined, messages.Error)
        if isinstance(reply, messages.Error):
            self.result.refused += 1
            return reply
        assert isinstance(reply, messages.Joined)
        await self._on_message(link, reply)
        return None

    async def _reply(self, link: Link, *types: type[messages.Message]) -> messages.Message:
        """The next message of one of ``types`` (answering pings meanwhile), within
        ``patience.table`` seconds."""
        with trio.move_on_after(self.patience.table):
            while True:
                message = await link.receive()
                link.conn.gap = False  # nothing to sync in the lobby: the reply is what counts
                if isinstance(message, messages.Ping):
                    await link.send(messages.Pong(nonce=message.nonce))
                elif isinstance(message, types):
                    return message
        raise BotGaveUp(f"the server did not answer in {self.patience.table:g} s")

    # ------------------------------------------------------------------ at the table

    async def _on_message(self, link: Link, message: messages.Message) -> None:
        result = self.result
        if isinstance(message, messages.Joined):
            back = result.seat is not None
            result.seat, result.room = message.seat, message.room.id
            self.seated.set()
            if back:
                self.note(f"back in seat {result.seat} of room {result.room}")
            await self._maybe_start(link, message)
        elif isinstance(message, messages.RoomUpdate):
            await self._maybe_start(link, message)
        elif isinstance(message, messages.History):
            self._recall(message)
        elif isinstance(message, messages.ViewMsg | messages.Events):
            if isinstance(message, messages.Events):
                self._observe(message)
            if message.view is not None:
                await self._on_view(link, codec.view_from_wire(message.view))
        elif isinstance(message, messages.Ping):
            await link.send(messages.Pong(nonce=message.nonce))
        elif isinstance(message, messages.UnoGrace):
            await self._on_grace(link, message)
        elif isinstance(message, messages.Left):
            raise BotGaveUp("the table was closed" if message.reason == "room_closed"
                            else f"we were taken off the table ({message.reason})")
        elif isinstance(message, messages.Error):
            result.refused += 1
            if message.ref == "action":
                self._match_over = False  # the move was stale: the fresh view asked for is acted on
                await link.send(messages.Sync())
        if link.conn.gap:
            link.conn.gap = False
            await link.send(messages.Sync())

    async def _maybe_start(self, link: Link, message: messages.Joined | messages.RoomUpdate) -> None:
        room, options = message.room, self.options
        if (options.create is not None and not room.started and options.start_when
                and len(room.seats) >= options.start_when and all(s.connected for s in room.seats)):
            await link.send(messages.Start())

    async def _on_view(self, link: Link, view: View) -> None:
        result = self.result
        result.views += 1
        result.last_view = view
        result.hands.add(view.hand_number)
        if view.outcome is not None:
            if not self._match_over:  # (a view after a reconnect repeats the end)
                result.winner, result.scores = view.outcome.winner, view.outcome.scores
                self._matches_done += 1
                self._match_over = True
                if self.options.create is not None:  # (one of the bots says it: found play-testing,
                    # a run of some minutes said nothing between its first line and its summary)
                    self.note(f"match {self._matches_done} of {self.options.matches} over after "
                              f"{view.hand_number} hands: seat {result.winner} won, "
                              f"{result.scores[view.seats.index(result.winner)]} points")
                # More to play: yes to a rematch (found play-testing: the table's rematch waited
                # its whole minute on two `uno bots` players, then had them away)
                if self._matches_done < self.options.matches and view.seat is not None:
                    await link.send(messages.Rematch(order="keep", accept=True))
            return
        self._match_over = False  # (a new match began)
        if self.options.create is not None and self._said_started <= self._matches_done:
            # (its start said too: found play-testing, it said when a match ended only)
            self._said_started = self._matches_done + 1
            self.note(f"match {self._said_started} of {self.options.matches} started, "
                      f"{len(view.seats)} seats")
        self._held = None
        if view.seat is not None:
            self._bot_for(view)
        await self._act(link, view)

    async def _on_grace(self, link: Link, message: messages.UnoGrace) -> None:
        """A window of the UNO call's grace opened, or closed: a catch held for it is due."""
        if message.seconds > 0:
            self._grace[message.seat] = trio.current_time() + message.seconds
            return
        self._grace.pop(message.seat, None)
        held, self._held = self._held, None
        if held is not None:
            await self._act(link, held)

    async def _act(self, link: Link, view: View) -> None:
        result = self.result
        if view.seat is None:
            return
        bot = self._bot_for(view)
        if not view.legal:
            return
        asked_at = trio.current_time()
        action = await self._think(bot, view)
        if action is None:
            return
        if isinstance(action, Catch) and self._grace.get(action.target, 0.0) > trio.current_time():
            self._held = view  # not inside the grace: the server would refuse it
            return
        # At the pace asked for (a table of bots moved too fast to follow, found play-testing),
        # and never faster than the server's flood limit. A move gone stale meanwhile is
        # refused, and the fresh view it brings is acted on (``_on_message``).
        due = max(asked_at + self.options.think, self._last_send + MIN_MOVE_INTERVAL)
        if due > trio.current_time():
            await trio.sleep_until(due)
        result.actions += 1
        self._last_send = trio.current_time()
        await link.send(codec.action_to_act(action))

    def _bot_for(self, view: View) -> Bot:
        """Our seat's bot for the match ``view`` is of. A new one when the match (or our seat) is
        new to it, or when the room's history told us the hand since we last saw it: told the
        hand from that history, else what the view shows."""
        bot, past = self.bot, self._past
        self._past = None
        if past is not None or bot is None or not bot.tracker.follows(view):
            assert view.seat is not None  # (a player's view)
            bot = self.bot = Bot(self.options.level, view.seat, view.seats, view.rules, self.rng)
            bot.tracker = Tracker.from_view(view) if past is None else Tracker.watched(view, past)
        return bot

    def _recall(self, message: messages.History) -> None:
        """The room's past (joining or coming back): the hand from its deal on, if it reaches
        that far (what our bot remembers may have missed some while we were away)."""
        try:
            batches = [[codec.event_from_wire(data) for data in batch] for batch in message.events]
        except (ProtocolError, ValueError, KeyError):
            return  # (the next view makes the memory from what it shows)
        self._past = since_deal(batches)

    def _observe(self, message: messages.Events) -> None:
        try:
            events = [codec.event_from_wire(data) for data in message.events]
            if self._past is not None:
                self._past.append(events)  # (the memory is made from the history at the view)
            elif self.bot is not None:
                self.bot.observe(events)
        except (ProtocolError, ValueError, KeyError):  # out of step: the next view starts it again
            self.bot, self._past = None, None

    async def _think(self, bot: Bot, view: View) -> Action | None:
        """The bot's move; a level that searches thinks in a worker thread, off the event loop."""
        if thinks_in_thread(bot.level):
            return await trio.to_thread.run_sync(bot.act, view, abandon_on_cancel=True)
        return bot.act(view)
