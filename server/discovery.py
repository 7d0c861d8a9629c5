"""LAN discovery, the server's side: announce this server over DNS-SD on mDNS (python-zeroconf).

The service is ``<name>._uno._tcp.local.``; its TXT record carries what a lobby list shows:

    txtvers=1  name=<server name>  version=<server version>  protocol=<protocol version>
    tables=<rooms>  free=<free seats at tables not started>  players=<people seated>
    rules=<rule presets of the open tables, ","-joined>  rooms=<names of open tables, "|"-joined>

zeroconf runs its own asyncio loop in its own thread; its blocking calls (which wait for that loop)
run here in trio worker threads (``trio.to_thread.run_sync``), so this works under a plain
``trio.run`` and under trio in guest mode on the client's asyncio loop alike.

Discovery is best effort: if zeroconf fails (no multicast interface, a sandbox without sockets,
...), a warning is logged and the server carries on without it. Players can always type
``host:port``.

Typical use, in the server's nursery once the listener is bound::

    nursery.start_soon(run_announcer, server, port, host)

``run_announcer`` registers the service, hooks ``server.on_change`` to refresh the TXT record (at
most about once a second, coalescing bursts of changes) and withdraws the service when cancelled.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import trio

from protocol import PROTOCOL_VERSION

from .app import SERVER_VERSION

if TYPE_CHECKING:
    from .app import UnoServer

log = logging.getLogger("uno.server.discovery")

SERVICE_TYPE = "_uno._tcp.local."
TXT_VERSION = "1"
MIN_UPDATE_INTERVAL = 1.0  # seconds between two TXT updates on the wire
MAX_TXT_VALUE = 200  # bytes of one TXT value (a TXT string holds at most 255 bytes with its key)
STOP_TIMEOUT = 3.0  # seconds the withdrawal may take at shutdown
_ANY_HOSTS = ("", "0.0.0.0", "::", "*")


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


# ---------------------------------------------------------------------------------- names, addresses


def instance_name(server_name: str) -> str:
    """A DNS-SD instance label for ``server_name``: no dots or control characters, ≤ 63 bytes."""
    label = " ".join(re.sub(r"[\x00-\x1f\x7f.]", " ", server_name).split())
    return clip_utf8(label, 63).strip() or "UNO server"


def host_label() -> str:
    """The mDNS host name under which our addresses are published (``<label>.local.``)."""
    name = re.sub(r"[^A-Za-z0-9-]+", "-", socket.gethostname().split(".")[0]).strip("-")
    return f"{(name or 'host')[:50]}-uno"


def local_ipv4_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (those clients elsewhere can reach)."""
    import ifaddr  # a dependency of zeroconf

    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ipaddress.IPv4Address(ip.ip).is_loopback \
                    and ip.ip not in found:
                found.append(ip.ip)
    return found


def announce_addresses(host: str) -> list[str] | None:
    """The addresses to announce for a server listening on ``host``; ``None`` if it is not
    reachable from other machines (loopback) or not an IPv4 address we can announce."""
    if host in _ANY_HOSTS:
        found = local_ipv4_addresses()
        return found or ["127.0.0.1"]  # no network: at least clients on this machine can find it
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # a host name: resolve it
        try:
            infos = socket.getaddrinfo(host, None, socket.AF_INET)
        except OSError:
            return None
        if not infos:
            return None
        address = ipaddress.ip_address(infos[0][4][0])
    if address.version != 4 or address.is_loopback:
        return None
    return [str(address)]


# ---------------------------------------------------------------------------------- announcer


class ZeroconfLike(Protocol):
    def register_service(self, info: Any, ttl: int | None = ..., allow_name_change: bool = ...,
                         ) -> None: ...
    def update_service(self, info: Any) -> None: ...
    def unregister_service(self, info: Any) -> None: ...
    def close(self) -> None: ...


def default_zeroconf(addresses: Sequence[str]) -> ZeroconfLike:
    """A zeroconf instance (with its own thread) on all IPv4 interfaces. Blocking: call it in a
    worker thread."""
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    zc: ZeroconfLike = Zeroconf(interfaces=InterfaceChoice.All, ip_version=IPVersion.V4Only)
    return zc


class Announcer:
    """One announced service. Every method is safe to call in any state: a failure only turns
    discovery off (``active`` is then false), it never raises."""

    def __init__(self, *, interval: float = MIN_UPDATE_INTERVAL,
                 zeroconf_factory: Callable[[Sequence[str]], ZeroconfLike] = default_zeroconf) -> None:
        self.interval = interval
        self._factory = zeroconf_factory
        self._zc: ZeroconfLike | None = None
        self._info: Any = None  # the registered zeroconf.ServiceInfo
        self._port = 0
        self._addresses: list[str] = []
        self._txt: dict[str, str] | None = None  # what the network has been told
        self._last_update = -float("inf")  # trio time of the last update sent
        self._lock = trio.Lock()  # one zeroconf call at a time
        self._changed = trio.Event()
        self.updates = 0  # TXT updates sent (for tests and logs)

    @property
    def active(self) -> bool:
        """Whether the service is registered."""
        return self._info is not None

    @property
    def service_name(self) -> str | None:
        """The registered instance (``<name>._uno._tcp.local.``; zeroconf may have renamed it)."""
        return None if self._info is None else str(self._info.name)

    @property
    def addresses(self) -> list[str]:
        return list(self._addresses)

    def _service_info(self, txt: dict[str, str], name: str | None = None) -> Any:
        from zeroconf import ServiceInfo

        if name is None:
            name = f"{instance_name(txt['name'])}.{SERVICE_TYPE}"
        return ServiceInfo(SERVICE_TYPE, name, port=self._port, properties=txt,
                           server=f"{host_label()}.local.", parsed_addresses=self._addresses)

    async def start(self, port: int, server_name: str, tables: int = 0, free_seats: int = 0, *,
                    rooms: Sequence[str] = (), host: str = "0.0.0.0",
                    announcement: Announcement | None = None) -> bool:
        """Register the service (takes about 1.6 s: mDNS probes, then announcements). Returns
        whether it worked; on failure, logs a warning and discovery stays off."""
        if announcement is None:
            announcement = Announcement(server_name, tables, free_seats, tuple(rooms))
        async with self._lock:
            if self._zc is not None:
                return self.active
            addresses = announce_addresses(host)
            if addresses is None:
                log.info("not announcing on the LAN: listening on %s only", host)
                return False
            self._port, self._addresses = port, addresses
            txt = encode_txt(announcement)
            try:
                self._zc = await trio.to_thread.run_sync(self._factory, addresses)
                info = self._service_info(txt)
                await trio.to_thread.run_sync(self._register, info)
            except Exception as exc:  # OSError, zeroconf's errors, EventLoopBlocked, ...
                log.warning("LAN discovery is off (announcing failed: %s: %s); "
                            "players can still connect to host:port", type(exc).__name__, exc)
                await self._close_quietly()
                return False
            self._info, self._txt = info, txt
            self._last_update = trio.current_time()
            log.info("announced on the LAN as %r (%s port %d)", self.service_name,
                     ", ".join(addresses), port)
            return True

    def _register(self, info: Any) -> None:
        assert self._zc is not None
        self._zc.register_service(info, allow_name_change=True)

    async def update(self, server_name: str | None = None, tables: int | None = None,
                     free_seats: int | None = None, rooms: Sequence[str] | None = None, *,
                     announcement: Announcement | None = None) -> bool:
        """Send a new TXT record if it differs from the last one; never more often than once per
        ``interval`` (waits for the rest of it). Returns whether an update went out."""
        async with self._lock:
            if self._info is None or self._txt is None:
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
            info = self._service_info(txt, name=self._info.name)
            try:
                await trio.to_thread.run_sync(self._zc_update, info)
            except Exception as exc:
                log.warning("LAN discovery: updating the announcement failed: %s: %s",
                            type(exc).__name__, exc)
                return False
            finally:
                self._last_update = trio.current_time()
            self._info, self._txt = info, txt
            self.updates += 1
            log.debug("announcement updated: %s", txt)
            return True

    def _zc_update(self, info: Any) -> None:
        assert self._zc is not None
        self._zc.update_service(info)

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
                info, self._info, self._txt = self._info, None, None
                if info is not None and self._zc is not None:
                    try:
                        await trio.to_thread.run_sync(self._zc.unregister_service, info,
                                                      abandon_on_cancel=True)
                        log.info("withdrew the LAN announcement %r", str(info.name))
                    except Exception as exc:
                        log.warning("LAN discovery: withdrawing failed: %s: %s",
                                    type(exc).__name__, exc)
                await self._close_quietly()

    async def _close_quietly(self) -> None:
        zc, self._zc = self._zc, None
        if zc is None:
            return
        try:
            await trio.to_thread.run_sync(zc.close, abandon_on_cancel=True)
        except Exception as exc:
            log.debug("closing zeroconf failed: %s", exc)


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
