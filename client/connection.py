"""The connection to a server, kept up: connect, say hello (naming this program and counting its
connections), read into the model and write what it queued until the connection ends, then try
again with backoff; while the lobby is on screen, ask for the list of tables every few seconds.

It runs on trio (client/app.py starts it in guest mode), which is imported only once it runs.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from protocol.address import format_address

from .enums import Screen
from .model import Model
from .tokens import session_id

if TYPE_CHECKING:
    import trio

    from .link import Link
    from .tokens import TokenStore

log = logging.getLogger("uno.client")

FIRST_DELAY = 0.1  # reconnect backoff: from 100 ms, doubling ...
MAX_DELAY = 5.0  # ... to at most 5 s between tries
CONNECT_TIMEOUT = 5.0
HELLO_TIMEOUT = 10.0
QUIET_PING = 5.0  # a ping after this long without a message from the server ...
QUIET_LIMIT = 3  # ... and the connection counts as lost after this many such silences
LOBBY_REFRESH = 5.0  # seconds between two lists of the tables while the lobby is on screen
GIVE_UP_AFTER = 20.0  # an address that has never answered is given up after this many seconds
# bye reasons after which trying again is pointless
FINAL_REASONS = ("replaced", "table_closed", "server_closed")
QUIT_WAIT = 1.0  # seconds the server has to hang up after our ``quit`` before we close anyway

Connect = Callable[[str, int], Awaitable["trio.abc.Stream"]]


class ServerConnection:
    """The client's connection to a server (``run``), and what the rest of the client may ask of
    it: wake its writer, close it to connect again with another seat, stop retrying."""

    def __init__(self, model: Model, *, tokens: TokenStore | None, connect: Connect | None,
                 refresh_lobby: bool, invalidate: Callable[[], None],
                 received: Callable[[], None], marks: TokenStore | None = None) -> None:
        """``tokens`` keeps the seats' tokens on disk, ``marks`` (``tokens`` if None) what
        was last told of the stand-in's turns and the room of our seat; ``connect`` opens a
        stream (None: TCP);
        ``refresh_lobby`` (not in plain mode) asks for the tables while the lobby is on screen.
        ``invalidate`` redraws; ``received`` is called after each message is in the model."""
        self.model = model
        self._tokens = tokens
        self._marks = marks if marks is not None else tokens
        self._connect = connect
        self._refresh_lobby = refresh_lobby
        self._invalidate = invalidate
        self._received = received
        self.link: Link | None = None  # the connection, while it is up
        self.stopping = False  # quitting: a dropped connection is not tried again
        self._wake: trio.Event | None = None
        self._unlinked: trio.Event | None = None  # set when the connection is down (``quit`` waits)
        self._connecting = False
        self._switch_to: tuple[str, str] | None = None  # connect again at once, with this seat
        # This program's name for itself and its count of connections, in each hello: a
        # connection given up on and delivered late cannot take the seat from a newer one.
        self._instance = secrets.token_hex(8)
        self._connections = 0
        self._told = ""  # ``AwayNews.told`` as kept on disk
        self._seat_room: str | None = None  # the room of our seat as kept on disk (None: not read)

    def wake_writer(self) -> None:
        """Send what the model queued (on the trio thread)."""
        if self._wake is not None:
            self._wake.set()

    def reconnect_with(self, seat: tuple[str, str], nursery: trio.Nursery) -> None:
        """Close the connection, and connect again at once offering ``seat`` (server id, token)."""
        if self.link is not None:
            self._switch_to = seat
            nursery.start_soon(self.link.stream.aclose)

    async def quit(self) -> None:
        """The person closes the client: stop trying again and tell the server (``quit``: it
        keeps the seat and tells the table we quit, not that our connection was lost), then give
        it up to ``QUIT_WAIT`` to hang up (closing at once could lose the message: a socket
        closed with unread data is reset)."""
        import trio

        from protocol import CLIENT_SENDS, Quit

        self.stopping = True
        link = self.link
        if link is None or Quit.TYPE not in CLIENT_SENDS[link.conn.state]:
            return
        self._unlinked = unlinked = trio.Event()
        self.model.outbox.append(Quit())
        self.wake_writer()
        with trio.move_on_after(QUIT_WAIT):
            await unlinked.wait()

    async def run(self, host: str, port: int) -> None:
        """Connect, play until the connection drops, and try again with backoff. An address that
        has never answered is given up after ``GIVE_UP_AFTER``; once connected, the client keeps
        trying (its seat waits for it) until the table is closed or the seat taken over."""
        import trio

        from protocol import ProtocolError

        from .link import ConnectionLost, HandshakeRefused, Link, failure_reason, tcp_connect

        if self._connecting:
            return
        self._connecting = True
        model = self.model
        address = format_address(host, port)
        store = self._tokens
        connect = self._connect or tcp_connect
        delay = FIRST_DELAY
        attempt = 0
        since = trio.current_time()
        retake: tuple[str, str] | None = None  # (server id, token) for a seat known by another address
        while True:
            attempt += 1
            model.connecting(address, attempt)
            self._invalidate()
            reason = "eof"
            link: Link | None = None
            welcomed = False
            try:
                with trio.fail_after(CONNECT_TIMEOUT):
                    stream = await connect(host, port)
                link = Link(stream)
                offered_id, token = retake or self._token_to_offer(address)
                self._connections += 1
                with trio.fail_after(HELLO_TIMEOUT):
                    welcome = await link.hello(model.session.name, token, _lang(),
                                               instance=self._instance, attempt=self._connections)
                kept = self._seat_known_elsewhere(welcome, offered_id) if retake is None else None
                if kept is not None:
                    # This server holds our seat, known by another address: say hello again with
                    # its token (the session just made is forgotten when this connection closes).
                    retake, delay, attempt = (welcome.server_id, kept), 0.0, attempt - 1
                    continue
                retake, welcomed = None, True
                if store is not None:
                    store.save(welcome.server_id, address, welcome.token)
                model.apply(welcome)
                marks = self._marks
                if marks is not None and not model.away_news.live:  # started again: what the
                    # client before told of the stand-in's turns is not told again
                    model.away_news.told = self._told = marks.load_told(welcome.server_id)
                if marks is not None and model.host.active and welcome.hosted:  # (our own server)
                    marks.add_hosted(welcome.server_id, session_id(welcome.token))
                if marks is not None and self._seat_room is None:
                    self._seat_room = marks.load_seat_room(welcome.server_id)
                    if not (welcome.resumed or welcome.kept or model.host.active):
                        # Started again, and our seat was given up meanwhile (found play-testing:
                        # Diego, his terminal killed, came back to the lobby, told nothing)
                        model.seating.seat_given_up_in = self._seat_room
                self._invalidate()
                delay, attempt = FIRST_DELAY, 0
                reason = await self._serve(link)
            except HandshakeRefused as exc:
                model.connection_failed(exc.error.code, exc.error.message)
                self._invalidate()
                return
            except ConnectionLost as exc:
                reason = exc.reason
            except trio.TooSlowError:
                reason = "timeout" if link is not None else "unreachable"
            except ProtocolError as exc:
                # bytes that are not UNO's before any welcome: another program listens there
                reason = "not_uno" if link is not None and not welcomed else failure_reason(exc)
            except (OSError, trio.BrokenResourceError, trio.ClosedResourceError) as exc:
                reason = failure_reason(exc)
            finally:
                self.link = None
                if self._unlinked is not None:
                    self._unlinked.set()
                if link is not None:
                    await link.aclose()
            if self.stopping:
                return
            if self._switch_to is not None:  # the host went back to the kept match
                retake, self._switch_to, delay, attempt = self._switch_to, None, 0.0, 0
                continue
            if reason in FINAL_REASONS or (reason == "not_uno" and not model.session.ever_connected):
                # the seat was taken over, the host closed the table, or it never was a UNO server
                model.connection_failed(reason)
                self._invalidate()
                return
            if not model.session.ever_connected and trio.current_time() - since >= GIVE_UP_AFTER:
                model.connection_failed(reason, gave_up=True)
                self._invalidate()
                return
            if delay:
                model.connection_lost(reason, delay)
                self._invalidate()
                await trio.sleep(delay)
            delay = min(max(delay * 2, FIRST_DELAY), MAX_DELAY)

    def _keep_told(self) -> None:
        """A summary of the stand-in's turns just told: its mark on disk, for a client started
        again (``AwayNews.told``)."""
        told = self.model.away_news.told
        if told != self._told and self._marks is not None and self.model.session.server_id:
            self._marks.save_told(self.model.session.server_id, told)
            self._told = told

    def _keep_seat_room(self) -> None:
        """The room of our seat on disk, for a client started again (``load_seat_room``)."""
        seating = self.model.seating
        room = seating.room.id if seating.room is not None and seating.role == "player" else ""
        if room != self._seat_room and self._marks is not None and self.model.session.server_id:
            self._marks.save_seat_room(self.model.session.server_id, room)
            self._seat_room = room

    def _token_to_offer(self, address: str) -> tuple[str | None, str | None]:
        """(server id, token) for the first hello: this run's token, else the one kept for the
        server that last answered at ``address``."""
        if self.model.session.token is not None:
            return self.model.session.server_id, self.model.session.token
        if self._tokens is None:
            return None, None
        return self._tokens.load_for_address(address)

    def _seat_known_elsewhere(self, welcome: Any, offered_id: str | None) -> str | None:
        """The token kept for the server that just welcomed us, when the hello did not offer it
        (the address was new, or another server used to answer there)."""
        store = self._tokens
        if store is None or welcome.resumed or not welcome.server_id or welcome.server_id == offered_id:
            return None
        kept = store.load(welcome.server_id)
        return kept if kept is not None and kept != welcome.token else None

    async def _serve(self, link: Link) -> str:
        """Read and write until the connection ends; returns why it ended."""
        import trio

        from protocol import LocalProtocolError, Ping, ProtocolError, Sync

        from .link import ConnectionLost

        self.link = link
        model = self.model
        ended: list[str] = []

        async def reader(cancel: trio.CancelScope) -> None:
            quiet = 0
            try:
                while True:
                    with trio.move_on_after(QUIET_PING) as scope:
                        message = await link.receive()
                    if scope.cancelled_caught:
                        quiet += 1
                        if quiet >= QUIET_LIMIT:
                            ended.append("timeout")
                            return
                        model.outbox.append(Ping(nonce=quiet))
                        self.wake_writer()
                        continue
                    quiet = 0
                    log.debug("received %s", message.TYPE)
                    model.apply(message)
                    self._received()
                    self._keep_told()
                    self._keep_seat_room()
                    if link.conn.gap:
                        link.conn.gap = False
                        model.outbox.append(Sync())
                    if model.outbox:
                        self.wake_writer()
                    self._invalidate()
            except ConnectionLost as exc:
                ended.append(exc.bye.reason if exc.bye is not None else exc.reason)
            except ProtocolError as exc:
                ended.append(exc.code)
            finally:
                cancel.cancel()

        async def writer(cancel: trio.CancelScope) -> None:
            try:
                while True:
                    self._wake = trio.Event()
                    for message in model.outbox.take():
                        log.debug("send %r", message)
                        try:
                            await link.send(message)
                        except LocalProtocolError as exc:
                            log.info("not sent: %s", exc)
                    if not model.outbox:
                        await self._wake.wait()
            except ConnectionLost as exc:
                ended.append(exc.reason)
                cancel.cancel()

        async def lobby_refresher() -> None:
            # The server tells the lobby nothing by itself: a table's "waiting" stayed on screen
            # after its match began (found play-testing). Plain mode lists on request: a list
            # read out every few seconds would drown everything else.
            while self._refresh_lobby:
                await trio.sleep(LOBBY_REFRESH)
                if model.screen is Screen.LOBBY:
                    model.refresh_rooms()
                    self.wake_writer()
                    self._invalidate()

        async with trio.open_nursery() as nursery:
            nursery.start_soon(reader, nursery.cancel_scope)
            nursery.start_soon(writer, nursery.cancel_scope)
            nursery.start_soon(lobby_refresher)
        return ended[0] if ended else "eof"


def _lang() -> str:
    from .i18n import language

    return language()
