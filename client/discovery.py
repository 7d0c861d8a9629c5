"""LAN discovery, the client's side: browse DNS-SD (mDNS) for ``_uno._tcp.local.`` servers.

``Browser`` runs on an asyncio loop (the terminal client's prompt-toolkit loop, where trio runs
as a guest) using zeroconf's async API. It keeps ``servers`` up to date as servers appear, change
their TXT record (tables, free seats) and withdraw, and calls ``on_change`` with the new list::

    async with Browser(on_change=show) as browser:
        ...                               # browser.servers is the current list

Callbacks run on the asyncio loop's thread, outside trio: to hand a list to trio code, use
``trio.lowlevel.TrioToken.run_sync_soon`` (or the trio memory channel's ``send_nowait`` from
there). ``discover(timeout)`` is the blocking one-shot helper for scripts and tests (from trio:
``await trio.to_thread.run_sync(discover, 1.0)``).

zeroconf is imported here and in ``server.discovery`` only; the engine and protocol never see it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from protocol import PROTOCOL_VERSION
from protocol.address import SERVICE_TYPE, format_address

log = logging.getLogger("uno.client.discovery")

RESOLVE_TIMEOUT = 3.0  # seconds to wait for a service's SRV/TXT/A records


class DiscoveryError(OSError):
    """LAN discovery cannot run here (e.g. no multicast-capable interface)."""


@dataclass(frozen=True)
class FoundServer:
    """A server found on the LAN. ``host`` is the address to try first; ``addresses`` all the
    announced ones, best first."""

    name: str
    host: str
    port: int
    version: str
    tables: int
    free_seats: int
    addresses: tuple[str, ...]
    protocol: int | None = None
    rooms: tuple[str, ...] = ()  # names of tables with a free seat that have not started
    players: int = 0  # people seated at any table
    rules: str = ""  # the rule presets of those tables, e.g. "official,house"
    service: str = ""  # the DNS-SD instance (``<name>._uno._tcp.local.``): the key of a server

    @property
    def compatible(self) -> bool:
        """Whether the server speaks our protocol version."""
        return self.protocol == PROTOCOL_VERSION

    @property
    def address(self) -> str:
        """``host:port`` (``[v6]:port``), as a player would type it."""
        return format_address(self.host, self.port)


# ---------------------------------------------------------------------------------- TXT record


def _text(value: bytes | str | None) -> str:
    if value is None:
        return ""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def _count(value: str) -> int:
    try:
        return max(0, int(value))
    except ValueError:
        return 0


def decode_txt(properties: Mapping[Any, Any]) -> dict[str, Any]:
    """The fields of a TXT record (keys and values as bytes or str), forgiving about what's
    missing or malformed: ``name``, ``version``, ``rules`` (str), ``protocol`` (int or None),
    ``tables``, ``free``, ``players`` (int), ``rooms`` (tuple of str)."""
    txt = {_text(k).lower(): _text(v) for k, v in properties.items()}
    try:
        protocol: int | None = int(txt.get("protocol", ""))
    except ValueError:
        protocol = None
    rooms = tuple(name for name in txt.get("rooms", "").split("|") if name)
    return {
        "name": txt.get("name", ""),
        "version": txt.get("version", ""),
        "protocol": protocol,
        "tables": _count(txt.get("tables", "0")),
        "free": _count(txt.get("free", "0")),
        "players": _count(txt.get("players", "0")),
        "rules": txt.get("rules", ""),
        "rooms": rooms,
    }


def _instance(service: str) -> str:
    """The instance part of ``<instance>._uno._tcp.local.``."""
    suffix = "." + SERVICE_TYPE
    return service[: -len(suffix)] if service.endswith(suffix) else service


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def _local_networks() -> list[Network]:
    networks: list[Network] = []
    try:
        import ifaddr  # a dependency of zeroconf

        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
                networks.append(ipaddress.ip_network(f"{text.split('%')[0]}/{ip.network_prefix}",
                                                     strict=False))
    except Exception:  # the ordering is a nicety
        pass
    return networks


def order_addresses(addresses: Sequence[str],
                    networks: Sequence[Network] | None = None) -> tuple[str, ...]:
    """Best first: addresses on one of our own subnets, then other LAN ones, loopback last; IPv4
    before IPv6 within each. Link-local IPv6 addresses are left out: without the interface they
    were heard on (mDNS records do not carry it) they cannot be connected to."""
    nets = _local_networks() if networks is None else networks

    def usable(text: str) -> bool:
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            return False
        return not (address.version == 6 and address.is_link_local)

    def rank(text: str) -> tuple[int, int]:
        address = ipaddress.ip_address(text)
        if address.is_loopback:
            return (2, 0)
        local = any(address in net for net in nets
                    if net.version == address.version and not net.is_loopback)
        return (0 if local else 1, 0 if address.version == 4 else 1)

    unique = [text for text in dict.fromkeys(addresses) if usable(text)]
    return tuple(sorted(unique, key=rank))  # sorted() is stable: the announced order breaks ties


def found_server(service: str, properties: Mapping[Any, Any], addresses: Sequence[str],
                 port: int) -> FoundServer | None:
    """A ``FoundServer`` from a resolved service, or ``None`` without an address."""
    ordered = order_addresses(addresses)
    if not ordered or not 0 < port < 65536:
        return None
    txt = decode_txt(properties)
    return FoundServer(
        name=txt["name"] or _instance(service), host=ordered[0], port=port,
        version=txt["version"], tables=txt["tables"], free_seats=txt["free"], addresses=ordered,
        protocol=txt["protocol"], rooms=txt["rooms"], players=txt["players"], rules=txt["rules"],
        service=service,
    )


# ---------------------------------------------------------------------------------- browsing

ChangeCallback = Callable[[list[FoundServer]], None]


class Browser:
    """Browse for UNO servers on the running asyncio loop (start it from a coroutine there)."""

    def __init__(self, on_change: ChangeCallback | None = None, *,
                 resolve_timeout: float = RESOLVE_TIMEOUT) -> None:
        self.on_change = on_change
        self.resolve_timeout = resolve_timeout
        self._servers: dict[str, FoundServer] = {}
        self._present: set[str] = set()  # services currently announced (resolved or not)
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._aiozc: Any = None
        self._browser: Any = None
        self._changed = asyncio.Event()
        self._closed = False

    @property
    def servers(self) -> list[FoundServer]:
        """The servers found so far, by name."""
        return sorted(self._servers.values(), key=lambda s: (s.name.casefold(), s.service))

    async def start(self) -> None:
        """Start browsing. Raises ``DiscoveryError`` if zeroconf cannot run here."""
        from zeroconf import DNSQuestionType, IPVersion
        from zeroconf.asyncio import AsyncServiceBrowser, AsyncZeroconf

        try:
            self._aiozc = AsyncZeroconf(ip_version=IPVersion.V4Only)
            # QM (multicast) questions: a unicast answer to a QU question reaches only one of the
            # processes sharing port 5353 on this machine (avahi, another client), maybe not us
            self._browser = AsyncServiceBrowser(self._aiozc.zeroconf, SERVICE_TYPE,
                                                handlers=[self._on_state_change],
                                                question_type=DNSQuestionType.QM)
        except Exception as exc:
            await self.aclose()
            raise DiscoveryError(f"LAN discovery is unavailable: {exc}") from exc

    async def aclose(self) -> None:
        self._closed = True
        for task in self._resolving.values():
            task.cancel()
        self._resolving.clear()
        browser, self._browser = self._browser, None
        aiozc, self._aiozc = self._aiozc, None
        with contextlib.suppress(Exception):
            if browser is not None:
                await browser.async_cancel()
        with contextlib.suppress(Exception):
            if aiozc is not None:
                await aiozc.async_close()

    async def __aenter__(self) -> Browser:
        await self.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.aclose()

    async def wait_changed(self) -> list[FoundServer]:
        """Wait for the next change of the list; returns the new list."""
        self._changed.clear()
        await self._changed.wait()
        return self.servers

    async def wait_for(self, predicate: Callable[[list[FoundServer]], bool],
                       timeout: float | None = None) -> list[FoundServer]:
        """Wait until ``predicate(servers)`` holds (``TimeoutError`` after ``timeout``)."""
        async with asyncio.timeout(timeout):
            while not predicate(self.servers):
                await self.wait_changed()
        return self.servers

    # zeroconf calls this on the loop's thread (AsyncServiceBrowser), with keyword arguments
    def _on_state_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if self._closed:
            return
        if state_change is ServiceStateChange.Removed:
            self._present.discard(name)
            task = self._resolving.pop(name, None)
            if task is not None:
                task.cancel()
            if self._servers.pop(name, None) is not None:
                self._notify()
            return
        self._present.add(name)  # Added or Updated: (re)read its records
        previous = self._resolving.pop(name, None)
        if previous is not None:
            previous.cancel()
        self._resolving[name] = asyncio.ensure_future(self._resolve(zeroconf, name))

    async def _resolve(self, zeroconf: Any, name: str) -> None:
        from zeroconf import DNSQuestionType, IPVersion
        from zeroconf.asyncio import AsyncServiceInfo

        try:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if not await info.async_request(zeroconf, int(self.resolve_timeout * 1000),
                                            question_type=DNSQuestionType.QM):
                log.debug("could not resolve %r", name)
                return
            server = found_server(name, info.properties or {},
                                  info.parsed_addresses(IPVersion.All), info.port or 0)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a malformed record from someone on the LAN
            log.debug("resolving %r failed: %s", name, exc)
            return
        finally:
            if self._resolving.get(name) is asyncio.current_task():
                del self._resolving[name]
        if server is None or self._closed or name not in self._present:
            return
        if self._servers.get(name) != server:
            self._servers[name] = server
            self._notify()

    def _notify(self) -> None:
        self._changed.set()
        if self.on_change is not None:
            try:
                self.on_change(self.servers)
            except Exception:
                log.exception("discovery callback failed")


async def discover_async(timeout: float = 2.0, *,
                         until: Callable[[list[FoundServer]], bool] | None = None) -> list[FoundServer]:
    """Browse for ``timeout`` seconds (or until ``until(servers)`` holds); the servers found."""
    async with Browser() as browser:
        if until is None:
            await asyncio.sleep(timeout)
        else:
            with contextlib.suppress(TimeoutError):
                await browser.wait_for(until, timeout)
        return browser.servers


def discover(timeout: float = 2.0, *,
             until: Callable[[list[FoundServer]], bool] | None = None) -> list[FoundServer]:
    """Blocking ``discover_async`` on a fresh asyncio loop (not from a thread running one)."""
    return asyncio.run(discover_async(timeout, until=until))
