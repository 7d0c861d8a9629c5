"""``uno host``: the server in this process, the table it opens, its LAN announcement, and the
match kept from last time (offered on screen, or brought back with ``--resume`` or ``r``).

Imported cheaply: trio and the server are imported when the server starts.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from protocol import clean_text
from protocol.address import ALL_ADDRESSES, DEFAULT_PORT, format_address
from protocol.limits import MAX_SERVER_NAME
from server.discovery_net import ANY_HOST, ANY_IPV4, ANY_IPV6, lan_address

from .i18n import names_and, t
from .model import Model
from .tokens import session_id

if TYPE_CHECKING:
    import trio

    from protocol import CreateRoom

    from .tokens import TokenStore

log = logging.getLogger("uno.client")


LAST_PORT = "hosted-port"
"""The file, in the state directory, of the port the last ``uno host`` listened on."""


def _read_port(path: Path) -> int | None:
    try:
        port = int(path.read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return None
    return port if 0 < port < 65536 else None


@dataclass
class HostOptions:
    """``uno host``: a server in this process."""

    table: str
    create: CreateRoom
    port: int | None = None  # None: DEFAULT_PORT, or resuming, the port of the last ``uno host``
    bind: str = ALL_ADDRESSES  # (another: friends are invited at it, not at the LAN address)
    seed: int | None = None
    next_hand_delay: float = 5.0
    discovery: bool = True
    start: bool = False
    resume: bool = False  # go back to the match kept from last time instead of opening ``create``
    keep: bool = False  # keep rooms on disk (``uno host --resume`` brings them back)
    history: bool = True  # keep finished hands on disk (`uno replay`), seeded tables too
    history_limit: int | None = None  # how many (None: the server's default)
    uno_grace: float | None = None  # the UNO call's grace in seconds (None: the server's default)


def own_address(bind: str) -> str:
    """Where this process's client reaches the server listening on ``bind``."""
    if bind in ANY_IPV6:
        return "::1"
    return "127.0.0.1" if bind in ANY_IPV4 + ANY_HOST else bind


class HostedServer:
    def __init__(self, options: HostOptions, model: Model, invalidate: Callable[[], None],
                 marks: TokenStore | None = None) -> None:
        """``marks``: where the host's sessions at this server are recorded (``add_hosted``), the
        kept rooms it offers being the ones they host."""
        self.options = options
        self.marks = marks
        self.model = model
        self.invalidate = invalidate
        self.server: Any = None  # the in-process UnoServer
        self.port: int | None = None
        self._kept: Any = None  # the kept room offered (server.app.KeptRoom)

    async def start(self, nursery: trio.Nursery) -> tuple[str, int]:
        """Start the server (and its announcement) in ``nursery``; the address to connect to."""
        import trio

        from server import ServerConfig, UnoServer
        from server.config import uno_grace_within
        from server.persist import StoreError, default_state_dir

        host = self.options
        # Kept rooms stay on disk unless --resume brings the last one back (restore_rooms below).
        config = ServerConfig(name=host.table[:MAX_SERVER_NAME], hosted=True, seed=host.seed,
                              next_hand_delay=host.next_hand_delay,
                              restore_rooms=False, history=host.history,
                              history_dir=str(default_state_dir()),
                              stats_dir=str(default_state_dir()))
        if host.history_limit is not None:
            config = dataclasses.replace(config, history_limit=host.history_limit)
        if host.uno_grace is not None:
            config = dataclasses.replace(config, uno_grace=uno_grace_within(host.uno_grace))
        try:
            state_dir = str(default_state_dir()) if host.keep else None
            server = UnoServer(dataclasses.replace(config, state_dir=state_dir))
        except StoreError as exc:  # e.g. another `uno host` holds the directory
            log.warning("rooms are not kept on disk: %s", exc)
            try:
                server = UnoServer(config)
            except StoreError as exc2:  # the history cannot be kept either
                log.warning("finished hands are not kept: %s", exc2)
                server = UnoServer(dataclasses.replace(config, history_dir=None))
        self.server = server
        self.model.host.active = True
        self.model.host.keeps = server.store is not None
        resumed = self._offer_kept_room(host.resume)
        # A kept match, where its friends' clients keep trying: the port it was on (found
        # play-testing: hosted on 17859, resumed on 7777, and the friends tried the old one forever)
        last_port = default_state_dir() / LAST_PORT
        kept = resumed or self._kept is not None  # (offered: its r opens it on this server)
        asked = host.port if host.port is not None else _read_port(last_port) if kept else None
        asked = DEFAULT_PORT if asked is None else asked
        try:
            listeners = await trio.open_tcp_listeners(asked, host=host.bind)
        except OSError as exc:
            listeners = await trio.open_tcp_listeners(0, host=host.bind)  # the port is taken
            log.warning("port %d: %s; listening on another", asked, exc)
        await nursery.start(server.serve, listeners)
        self.port = port = listeners[0].socket.getsockname()[1]
        if asked and port != asked:  # (found play-testing: without a word, friends tried it)
            self.model.prompts.notice = t("port_taken", asked=asked, port=port)
        if server.store is not None:
            with contextlib.suppress(OSError):
                last_port.write_text(f"{port}\n", encoding="utf-8")
        if host.discovery:
            nursery.start_soon(self._announce, port, host.bind)
        address = format_address(lan_address() if host.bind == ALL_ADDRESSES else host.bind, port)
        self.model.host.address = address
        self.model.host.table = host.create  # (the defaults of the next table's form)
        if not resumed:
            self.model.host.auto_create = host.create
            # (not with a match kept: its waiting room offers it, r; found play-testing, a
            # newcomer who kept one ran `make play` again, a new match was dealt at once, and the
            # kept one was a log line that scrolled away)
            self.model.host.auto_start = host.start and self._kept is None
        self.model.host.invite = self.model.host.auto_start or resumed
        self.invalidate()
        # (at the address it listens on: found play-testing, `uno host --host 10.120.0.1` tried
        # 127.0.0.1 for ever, its own table never reached)
        return own_address(host.bind), port

    def _offer_kept_room(self, resume: bool) -> bool:
        """With ``resume``, have the server bring back the last kept room and take the host's seat
        in it (returns True); otherwise say on screen that it is kept and how to go back to it."""
        server, model = self.server, self.model
        mine = None if self.marks is None else self.marks.load_hosted(server.server_id)
        kept = [room for room in server.kept_rooms() if room.host_token is not None
                and (mine is None or session_id(room.host_token) in mine)]
        if not kept:
            if resume:
                model.prompts.notice = t("resume_none")
            return False
        last = kept[-1]
        if resume:
            # (named after the table it brings back: found play-testing, the lobby read "Lobby —
            # Hosty's table", the name of a table never opened, above the table "Tiny")
            server.config = dataclasses.replace(server.config, restore_rooms=(last.id,),
                                                name=last.name[:MAX_SERVER_NAME])
            model.session.token = last.host_token
            model.session.server_id = server.server_id
            model.host.bringing_back = True
            return True
        progress = t("resume_hand", n=last.hand_number) if last.hand_number else t("resume_waiting")
        if last.guests:  # who waits for it (found play-testing: the host could not tell the kept
            # match from tonight's, nor whom to call)
            model.host.kept_guests = tuple(clean_text(name) for name in last.guests)
            names = names_and(list(model.host.kept_guests))
            progress = t("resume_with", progress=progress, names=names)
        if last.hand_number:  # (at the table too; a table that never started is offered only here)
            model.host.offer = t("resume_offer", name=last.name, progress=progress)
        # (with --start, which waits for the choice: found play-testing, "uno host --bots 2
        # --start" dealt nothing, and nothing said why)
        key = "resume_offer_start" if self.options.start else "resume_offer_key"
        model.host.offer_key = t(key, name=last.name, progress=progress)
        self._kept = last
        return False

    def resume_kept(self) -> tuple[str, str] | None:
        """``r`` in the new table's waiting room: close it and open the kept room; the (server
        id, token) of the host's seat there, to connect again with (None if it did not open)."""
        model, kept, server = self.model, self._kept, self.server
        if kept is None or server is None or kept.host_token is None:
            return None
        if model.seating.room is not None:
            server.close_room(model.seating.room.id)
        if not server.restore_room(kept.id):
            model.prompts.notice = t("resume_failed")
            self.invalidate()
            return None
        self._kept = None
        model.host.offer = model.host.offer_key = ""
        model.host.kept_guests = ()
        model.host.bringing_back = model.host.invite = True
        model.outbox.clear()
        return server.server_id, kept.host_token

    async def _announce(self, port: int, bind: str) -> None:
        try:
            from server.discovery import run_announcer
        except Exception as exc:  # discovery is a nicety: host:port always works
            log.info("no LAN announcement: %s", exc)
            return
        try:
            await run_announcer(self.server, port, bind)
        except Exception as exc:
            log.warning("LAN announcement failed: %s", exc)

    async def stop(self, nursery: trio.Nursery) -> None:
        """The host quits: close its table for everyone, or keep it for later; tell every guest
        which (their ``bye``), give them a moment to read it, then stop."""
        server, model = self.server, self.model
        kept = self._kept
        if kept is not None and kept.hand_number == 0 and server.store is not None:
            # offered, not taken: a table lost before its match started is not offered again
            # (found play-testing: it was, at every `uno host` after, matches played between)
            server.store.forget_room(kept.id)
        room = model.seating.room
        mine = session_id(model.session.token) if model.session.token else None
        # A table a guest opened here cannot come back (only the host's own are offered again:
        # found re-checking, Berta read that her seat waited for it): forgotten once stopped. Who
        # hosts each is read now: as the connections close, the host's role may pass to a guest.
        guests = [room_id for room_id, open_room in server.rooms.items()
                  if mine and (room is None or room_id != room.id)
                  and (open_room.host is None or open_room.host.sid != mine)]
        told = None if room is None else server.members(room.id)  # (the others' tables end too)
        if model.host.end_table and room is not None:
            server.close_room(room.id, tell=False)  # (their bye says it: found play-testing, plain
            # mode said "The host closed the table: you are back in the lobby." just before it)
            server.shutdown("table_closed", "the host closed the table", told=told)
        else:
            server.shutdown("table_kept", "the host keeps the match for later", told=told)
        await server.drained()
        for room_id in guests if server.store is not None else ():
            server.store.forget_room(room_id)
        nursery.cancel_scope.cancel()

