"""LAN discovery, the server's side: announce this server over DNS-SD on mDNS (python-zeroconf).

The service is ``<name>._uno._tcp.local.``; its TXT record carries what a lobby list shows:

    txtvers=1  name=<server name>  version=<server version>  protocol=<protocol version>
    tables=<rooms>  free=<free seats at tables not started>  players=<people seated>
    rules=<rule presets of the open tables, ","-joined>  rooms=<names of open tables, "|"-joined>

zeroconf runs its own asyncio loop in its own thread; its blocking calls (which wait for that loop)
run here in trio worker threads (``trio.to_thread.run_sync``), so this works under a plain
``trio.run`` and under trio in guest mode on the client's asyncio loop alike.

Each network interface gets its own zeroconf instance that hears only that interface and
announces only the addresses valid there (RFC 6762 §6.2; ``server.discovery_net``), under a host
name unique to this server (``<hostname>-uno-<6 hex digits>.local.``) that is first probed: if
anyone else answers for it, ``-2``, ``-3``, ... is tried.

Discovery is best effort: if zeroconf fails (no multicast interface, a sandbox without sockets,
...), a warning is logged and the server carries on without it. Players can always type
``host:port``.

Typical use, in the server's nursery once the listener is bound::

    nursery.start_soon(run_announcer, server, port, host)

``run_announcer`` registers the service, hooks ``server.on_change`` to refresh the TXT record (at
most about once a second, coalescing bursts of changes) and withdraws the service when cancelled.
"""

from __future__ import annotations

import logging
import re
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import trio

from protocol import PROTOCOL_VERSION
from protocol.address import SERVICE_TYPE

from .app import SERVER_VERSION
from .discovery_net import Link, host_label, plan_links

if TYPE_CHECKING:
    from .app import UnoServer

log = logging.getLogger("uno.server.discovery")

TXT_VERSION = "1"
MIN_UPDATE_INTERVAL = 1.0  # seconds between two TXT updates on the wire
MAX_TXT_VALUE = 200  # bytes of one TXT value (a TXT string holds at most 255 bytes with its key)
STOP_TIMEOUT = 3.0  # seconds the withdrawal may take at shutdown
PROBE_TIMEOUT = 0.75  # seconds to listen for another owner of our host name (RFC 6762 §8.1)
MAX_LABEL_ATTEMPTS = 10  # host labels tried (``-2``, ``-3``, ...) before announcing regardless
SO_BINDTODEVICE = getattr(socket, "SO_BINDTODEVICE", 25)  # Linux's <asm-generic/socket.h>
T = TypeVar("T")


# ---------------------------------------------------------------------------------- TXT record


@dataclass(frozen=True)
class Announcement:
    """What the TXT record says about this server."""

    name: str
    tables: int = 0
    free_seats: int = 0
    rooms: tuple[str, ...] = ()  # names of the tables one can still sit down at
    players: int = 0  # people (not bots) seated at any table
    rules: tuple[str, ...] = ()  # the rule presets of the tables one can still sit down at
    version: str = SERVER_VERSION
    protocol: int = PROTOCOL_VERSION


def clip_utf8(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` bytes of UTF-8, never inside a character."""
    return text.encode("utf-8")[:limit].decode("utf-8", "ignore")


def encode_rooms(names: Sequence[str], limit: int = MAX_TXT_VALUE) -> str:
    """Room names joined by ``|`` (a ``|`` inside a name becomes ``/``), as many as fit."""
    out: list[str] = []
    size = 0
    for name in names:
        item = clip_utf8(" ".join(name.replace("|", "/").split()), 48)
        if not item:
            continue
        cost = len(item.encode("utf-8")) + (1 if out else 0)
        if size + cost > limit:
            break
        out.append(item)
        size += cost
    return "|".join(out)


def encode_txt(announcement: Announcement) -> dict[str, str]:
    """The TXT record (key to value) announcing ``announcement``."""
    return {
        "txtvers": TXT_VERSION,
        "name": clip_utf8(announcement.name, MAX_TXT_VALUE) or "UNO server",
        "version": clip_utf8(announcement.version, 32),
        "protocol": str(announcement.protocol),
        "tables": str(max(0, announcement.tables)),
        "free": str(max(0, announcement.free_seats)),
        "players": str(max(0, announcement.players)),
        "rules": clip_utf8(",".join(dict.fromkeys(announcement.rules)), 64),
        "rooms": encode_rooms(announcement.rooms),
    }


def snapshot(server: UnoServer) -> Announcement:
    """What to announce about ``server`` now."""
    rooms = [room for room in list(server.rooms.values()) if not room.closed]
    open_rooms = [room for room in rooms if not room.started]
    free = [max(0, room.settings.max_seats - len(room.seats)) for room in open_rooms]
    joinable = [room for room, n in zip(open_rooms, free, strict=True) if n > 0]
    return Announcement(
        name=server.config.name,
        tables=len(rooms),
        free_seats=sum(free),
        rooms=tuple(room.settings.name for room in joinable),
        players=sum(1 for room in rooms for seat in room.seats if seat.kind == "human"),
        rules=tuple(room.settings.preset for room in joinable),
    )


# ---------------------------------------------------------------------------------- names


def instance_name(server_name: str, port: int) -> str:
    """A DNS-SD instance label for ``server_name``: no dots or control characters, ≤ 63 bytes,
    ending "(port)" (found play-testing: two servers of one name on one machine were listed as
    one; zeroconf's check of a name taken missed the first's answer, sent to its own socket)."""
    label, suffix = " ".join(re.sub(r"[\x00-\x1f\x7f.]", " ", server_name).split()), f" ({port})"
    return (clip_utf8(label, 63 - len(suffix)).strip() or "UNO server") + suffix


# ---------------------------------------------------------------------------------- zeroconf


class ZeroconfLike(Protocol):
    def register_service(self, info: Any, ttl: int | None = ..., allow_name_change: bool = ...,
                         ) -> None: ...
    def update_service(self, info: Any) -> None: ...
    def unregister_service(self, info: Any) -> None: ...
    def close(self) -> None: ...


ZeroconfFactory = Callable[[Link], ZeroconfLike]
Prober = Callable[[ZeroconfLike, str, float], Sequence[str]]


def hear_own_interface_only(zc: Any, interface: str) -> None:
    """Tie ``zc``'s listening socket (0.0.0.0:5353, shared with the instances for the other
    interfaces) to ``interface`` (SO_BINDTODEVICE). Otherwise Linux hands it the multicast of
    every interface: the instance for eth0 would answer docker0's queries, by unicast with eth0's
    addresses. (IP_MULTICAST_ALL=0 is not enough: with SO_REUSEPORT, which zeroconf sets, Linux
    then hands a group's packets to one socket of the port's group, not always the one that
    joined on the packet's interface. Seen on 6.18: avahi lost sight of a server.)"""
    if not sys.platform.startswith("linux"):
        return  # the BSDs and macOS deliver a group's packets by the socket's own memberships
    try:
        for reader in list(zc.engine.readers):
            sock = reader.sock
            if sock.family == socket.AF_INET and sock.getsockname()[0] == "0.0.0.0":
                sock.setsockopt(socket.SOL_SOCKET, SO_BINDTODEVICE, interface.encode())
    except (AttributeError, OSError) as exc:  # no privilege, or zeroconf's insides moved
        log.warning("LAN discovery: cannot keep interfaces apart (%s); a unicast answer may "
                    "give addresses of another interface", exc)


def default_zeroconf(link: Link) -> ZeroconfLike:
    """A zeroconf instance (with its own thread) on ``link``'s interface (on every IPv4 interface
    if ``link.bind`` is None). Blocking: call it in a worker thread."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    if link.bind is None:
        zc: ZeroconfLike = Zeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)
        return zc
    zc = Zeroconf(interfaces=[link.bind], ip_version=IPVersion.V4Only)
    hear_own_interface_only(zc, link.interface)
    return zc


def probe_host(zc: ZeroconfLike, hostname: str, timeout: float) -> list[str]:
    """The addresses someone on ``zc``'s link answers for ``hostname`` within ``timeout`` s
    (zeroconf asks again at growing intervals). Blocking: call it in a worker thread."""
    from zeroconf import AddressResolver, IPVersion  # type: ignore[attr-defined]  # not in __all__

    resolver = AddressResolver(hostname)
    resolver.request(zc, int(timeout * 1000))  # type: ignore[arg-type]
    return list(resolver.parsed_addresses(IPVersion.All))


@dataclass
class _Registration:
    """The service as announced on one link."""

    link: Link
    zc: ZeroconfLike
    info: Any = None  # the registered zeroconf.ServiceInfo


# ---------------------------------------------------------------------------------- announcer


class Announcer:
    """One announced service, on every link at once. Every method is safe to call in any state:
    a failure only turns discovery off (``active`` is then false), it never raises."""

    def __init__(self, *, interval: float = MIN_UPDATE_INTERVAL,
                 zeroconf_factory: ZeroconfFactory = default_zeroconf,
                 prober: Prober = probe_host, probe_timeout: float = PROBE_TIMEOUT,
                 hostname: str | None = None) -> None:
        self.interval = interval
        self.probe_timeout = probe_timeout
        self._factory = zeroconf_factory
        self._prober = prober
        self._hostname = hostname  # None: this machine's
        self._regs: list[_Registration] = []
        self._label = ""  # the mDNS host label (``<label>.local.``)
        self._port = 0
        self._txt: dict[str, str] | None = None  # what the network has been told
        self._last_update = -float("inf")  # trio time of the last update sent
        self._lock = trio.Lock()  # one round of zeroconf calls at a time
        self._changed = trio.Event()
        self.updates = 0  # TXT updates sent (for tests and logs)

    @property
    def active(self) -> bool:
        """Whether the service is registered (on at least one link)."""
        return any(reg.info is not None for reg in self._regs)

    @property
    def service_name(self) -> str | None:
        """The registered instance (``<name>._uno._tcp.local.``; zeroconf may have renamed it)."""
        names = [str(reg.info.name) for reg in self._regs if reg.info is not None]
        return names[0] if names else None

    @property
    def host(self) -> str | None:
        """The announced host name (``<label>.local.``)."""
        return f"{self._label}.local." if self.active else None

    @property
    def links(self) -> list[Link]:
        """The links the service is announced on."""
        return [reg.link for reg in self._regs if reg.info is not None]

    @property
    def addresses(self) -> list[str]:
        """Every announced address (each link is told only its own)."""
        return list(dict.fromkeys(a for link in self.links for a in link.addresses))

    def _service_info(self, link: Link, txt: dict[str, str], name: str | None = None) -> Any:
        from zeroconf import ServiceInfo

        if name is None:
            name = f"{instance_name(txt['name'], self._port)}.{SERVICE_TYPE}"
        return ServiceInfo(SERVICE_TYPE, name, port=self._port, properties=txt,
                           server=f"{self._label}.local.", parsed_addresses=list(link.addresses))

    async def _each(self, call: Callable[[_Registration], T], regs: Sequence[_Registration], *,
                    abandon: bool = False) -> list[T | Exception]:
        """``call(reg)`` for every registration at once, in worker threads; each result or the
        exception it raised, in order."""
        results: list[T | Exception] = [RuntimeError("not run")] * len(regs)

        async def one(index: int, reg: _Registration) -> None:
            try:
                results[index] = await trio.to_thread.run_sync(call, reg, abandon_on_cancel=abandon)
            except Exception as exc:  # OSError, zeroconf's errors, EventLoopBlocked, ...
                results[index] = exc

        async with trio.open_nursery() as nursery:
            for index, reg in enumerate(regs):
                nursery.start_soon(one, index, reg)
        return results

    async def start(self, port: int, server_name: str, tables: int = 0, free_seats: int = 0, *,
                    rooms: Sequence[str] = (), host: str = "0.0.0.0",
                    announcement: Announcement | None = None) -> bool:
        """Register the service on every link (takes about 2.4 s: a host name probe, then mDNS
        probes and announcements). Returns whether it worked somewhere; on failure, logs a
        warning and discovery stays off."""
        if announcement is None:
            announcement = Announcement(server_name, tables, free_seats, tuple(rooms))
        async with self._lock:
            if self._regs:
                return self.active
            links = await trio.to_thread.run_sync(plan_links, host)
            if not links:
                log.info("not announcing on the LAN: listening on %s only", host)
                return False
            self._port = port
            txt = encode_txt(announcement)
            try:
                await self._open(links)
                self._label = await self._choose_label(port, links)
                await self._register_all(txt)
            except Exception as exc:
                log.warning("LAN discovery is off (announcing failed: %s: %s); "
                            "players can still connect to host:port", type(exc).__name__, exc)
                await self._close_quietly()
                return False
            self._txt = txt
            self._last_update = trio.current_time()
            log.info("announced on the LAN as %r, host %s, port %d: %s", self.service_name,
                     self.host, port, "; ".join(f"{link.interface} {', '.join(link.addresses)}"
                                                for link in self.links))
            return True

    async def _open(self, links: Sequence[Link]) -> None:
        """A zeroconf instance per link; raises the first error if none could be opened."""
        failed: list[tuple[Link, Exception]] = []
        for link in links:
            try:
                zc = await trio.to_thread.run_sync(self._factory, link)
            except Exception as exc:
                failed.append((link, exc))
                continue
            self._regs.append(_Registration(link, zc))
        if not self._regs:
            raise failed[0][1]
        for link, error in failed:
            log.warning("LAN discovery: not announcing on %s: %s: %s", link.interface,
                        type(error).__name__, error)

    async def _choose_label(self, port: int, links: Sequence[Link]) -> str:
        """The first host label that nobody else answers for on any of our links."""
        ours = {address for link in links for address in link.addresses}
        label = ""
        for attempt in range(1, MAX_LABEL_ATTEMPTS + 1):
            label = host_label(port, links, attempt, hostname=self._hostname)
            hostname = f"{label}.local."

            def probe(reg: _Registration, hostname: str = hostname) -> Sequence[str]:
                return self._prober(reg.zc, hostname, self.probe_timeout)

            answers = await self._each(probe, self._regs)
            foreign = sorted({address for found in answers if not isinstance(found, Exception)
                              for address in found} - ours)
            if not foreign:
                return label
            log.info("the host name %s is taken (%s answers for it): trying another", hostname,
                     ", ".join(foreign))
        return label  # taken every time: announce anyway rather than not at all

    async def _register_all(self, txt: dict[str, str]) -> None:
        def register(reg: _Registration) -> Any:
            info = self._service_info(reg.link, txt)
            reg.zc.register_service(info, allow_name_change=True)
            return info

        results = await self._each(register, self._regs)
        failed: list[tuple[_Registration, Exception]] = []
        for reg, result in zip(self._regs, results, strict=True):
            if isinstance(result, Exception):
                failed.append((reg, result))
            else:
                reg.info = result
        if len(failed) == len(self._regs):
            raise failed[0][1]
        for reg, exc in failed:
            log.warning("LAN discovery: not announcing on %s: %s: %s", reg.link.interface,
                        type(exc).__name__, exc)
            self._regs.remove(reg)
            await self._close_zc(reg.zc)

    async def update(self, server_name: str | None = None, tables: int | None = None,
                     free_seats: int | None = None, rooms: Sequence[str] | None = None, *,
                     announcement: Announcement | None = None) -> bool:
        """Send a new TXT record if it differs from the last one; never more often than once per
        ``interval`` (waits for the rest of it). Returns whether an update went out."""
        async with self._lock:
            if not self.active or self._txt is None:
                return False
            if announcement is None:
                old = self._txt
                announcement = Announcement(
                    server_name if server_name is not None else old["name"],
                    tables if tables is not None else int(old["tables"]),
                    free_seats if free_seats is not None else int(old["free"]),
                    tuple(rooms) if rooms is not None else tuple(filter(None, old["rooms"].split("|"))),
                    int(old["players"]), tuple(filter(None, old["rules"].split(","))),
                )
            txt = encode_txt(announcement)
            if txt == self._txt:
                return False
            await trio.sleep_until(self._last_update + self.interval)
            regs = [reg for reg in self._regs if reg.info is not None]

            def send(reg: _Registration) -> Any:
                info = self._service_info(reg.link, txt, name=reg.info.name)
                reg.zc.update_service(info)
                return info

            try:
                results = await self._each(send, regs)
            finally:
                self._last_update = trio.current_time()
            sent = False
            for reg, result in zip(regs, results, strict=True):
                if isinstance(result, Exception):
                    log.warning("LAN discovery on %s: updating the announcement failed: %s: %s",
                                reg.link.interface, type(result).__name__, result)
                else:
                    reg.info, sent = result, True
            if not sent:
                return False
            self._txt = txt
            self.updates += 1
            log.debug("announcement updated: %s", txt)
            return True

    def notify(self) -> None:
        """Something changed (a sync callback, e.g. ``UnoServer.on_change``): ``keep_updated``
        sends a fresh TXT record soon."""
        self._changed.set()

    async def keep_updated(self, source: Callable[[], Announcement]) -> None:
        """Forever: after each ``notify``, announce ``source()``. Changes that come in while an
        update waits for its turn (at most one per ``interval``) go out together."""
        while True:
            await self._changed.wait()
            await trio.sleep_until(self._last_update + self.interval)
            self._changed = trio.Event()  # what changes from here on needs another round
            await self.update(announcement=source())

    async def stop(self) -> None:
        """Withdraw the service (goodbye packets) and close zeroconf. Bounded in time; shielded,
        so it also runs in a cancelled scope (e.g. at shutdown)."""
        with trio.CancelScope(shield=True), trio.move_on_after(STOP_TIMEOUT):
            async with self._lock:
                regs = [reg for reg in self._regs if reg.info is not None]
                self._txt = None

                def withdraw(reg: _Registration) -> None:
                    reg.zc.unregister_service(reg.info)

                results = await self._each(withdraw, regs, abandon=True)
                for reg, result in zip(regs, results, strict=True):
                    if isinstance(result, Exception):
                        log.warning("LAN discovery on %s: withdrawing failed: %s: %s",
                                    reg.link.interface, type(result).__name__, result)
                if regs and not all(isinstance(result, Exception) for result in results):
                    log.info("withdrew the LAN announcement %r", str(regs[0].info.name))
                for reg in self._regs:
                    reg.info = None
                await self._close_quietly()

    async def _close_zc(self, zc: ZeroconfLike) -> None:
        try:
            await trio.to_thread.run_sync(zc.close, abandon_on_cancel=True)
        except Exception as exc:
            log.debug("closing zeroconf failed: %s", exc)

    async def _close_quietly(self) -> None:
        regs, self._regs = self._regs, []
        for reg in regs:
            reg.info = None
        async with trio.open_nursery() as nursery:
            for reg in regs:
                nursery.start_soon(self._close_zc, reg.zc)


async def run_announcer(server: UnoServer, port: int, host: str = "0.0.0.0", *,
                        announcer: Announcer | None = None,
                        task_status: trio.TaskStatus[Announcer] = trio.TASK_STATUS_IGNORED) -> None:
    """Announce ``server`` (listening on ``host``:``port``) until cancelled, then withdraw.

    Reports ``started`` once registration is done or has failed (``announcer.active`` tells
    which), so ``nursery.start_soon`` is the usual way to run it: the server need not wait the
    1.6 s of registration. Chains onto ``server.on_change`` while it runs.
    """
    announcer = announcer if announcer is not None else Announcer()
    previous = server.on_change

    def on_change() -> None:
        if previous is not None:
            previous()
        announcer.notify()

    try:
        ok = await announcer.start(port, server.config.name, host=host, announcement=snapshot(server))
        task_status.started(announcer)
        if not ok:
            await trio.sleep_forever()
        server.on_change = on_change
        announcer.notify()  # rooms may have changed during the registration
        await announcer.keep_updated(lambda: snapshot(server))
    finally:
        if server.on_change is on_change:
            server.on_change = previous
        await announcer.stop()
