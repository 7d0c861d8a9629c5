"""LAN discovery, where to announce: the interfaces, the addresses valid on each, the host label.

RFC 6762 §6.2: a responder on several interfaces answers on each with the addresses valid there,
so that a LAN client is never given the address of a docker bridge or a VPN it cannot reach. The
announcer (``server.discovery``) runs one zeroconf instance per ``Link`` below, each bound to its
interface and announcing only that interface's addresses.

The mDNS host name is ``<hostname>-uno-<6 hex digits>.local.``: the digits come from the port and
the IPv4 addresses of the links, so two servers on machines with the same host name (cloned
images: every Raspberry Pi is ``raspberrypi``) get different names, while a server restarted on
the same address and port gets its old one back. A name someone else already answers for is
replaced by ``...-2``, ``...-3`` (see ``Announcer.start``).
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

ANY_IPV4 = ("0.0.0.0",)
ANY_IPV6 = ("::",)
ANY_HOST = ("", "*")  # every address of both families
MAX_HOSTNAME = 40  # characters of the machine's host name kept in the label (a label is ≤ 63)


@dataclass(frozen=True)
class Link:
    """One network interface to announce on."""

    interface: str  # its device ("eth0")
    bind: str | None  # the IPv4 address zeroconf's sockets use there; None: every interface
    addresses: tuple[str, ...]  # the addresses announced there (A and AAAA records)


def listen_families(host: str) -> frozenset[int]:
    """The IP versions (4, 6) a server listening on ``host`` accepts connections on. trio's
    listener on ``::`` is IPv6 only (it sets IPV6_V6ONLY)."""
    if host in ANY_IPV4:
        return frozenset({4})
    if host in ANY_IPV6:
        return frozenset({6})
    if host in ANY_HOST:
        return frozenset({4, 6})
    try:
        return frozenset({ipaddress.ip_address(host).version})
    except ValueError:
        return frozenset({4})  # a host name: resolved to IPv4 (``resolve``)


def resolve(host: str) -> str | None:
    """The address a non-wildcard ``host`` (a literal or a name) listens on, or None."""
    try:
        return str(ipaddress.ip_address(host.split("%")[0]))
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, socket.AF_INET)
    except OSError:
        return None
    return str(infos[0][4][0]) if infos else None


def _adapter_addresses(adapter: Any) -> tuple[list[str], list[str]]:
    """An ifaddr adapter's IPv4 and IPv6 addresses, loopback left out."""
    v4: list[str] = []
    v6: list[str] = []
    for ip in adapter.ips:
        text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
        address = ipaddress.ip_address(text.split("%")[0])
        if address.is_loopback:
            continue
        found = v4 if address.version == 4 else v6
        if str(address) not in found:
            found.append(str(address))
    return v4, v6


def plan_links(host: str, adapters: Iterable[Any] | None = None) -> list[Link]:
    """Where to announce a server listening on ``host``: one ``Link`` per interface with an IPv4
    address (mDNS itself runs over IPv4), announcing that interface's addresses of the families the
    server listens on. Empty if nothing can reach it from elsewhere (it listens on loopback).
    ``adapters`` (ifaddr's) default to this machine's."""
    if adapters is None:
        import ifaddr  # a dependency of zeroconf

        adapters = ifaddr.get_adapters()
    adapters = list(adapters)
    families = listen_families(host)
    wildcard = host in ANY_IPV4 + ANY_IPV6 + ANY_HOST
    only = None if wildcard else resolve(host)
    if not wildcard and (only is None or ipaddress.ip_address(only).is_loopback):
        return []
    devices: dict[str, tuple[list[str], list[str]]] = {}
    for adapter in adapters:  # an alias ("eth0:1") is one more address of its device
        v4, v6 = devices.setdefault(str(adapter.name).split(":")[0], ([], []))
        more_v4, more_v6 = _adapter_addresses(adapter)
        v4.extend(a for a in more_v4 if a not in v4)
        v6.extend(a for a in more_v6 if a not in v6)
    links: list[Link] = []
    for device, (v4, v6) in devices.items():
        if not v4:
            continue  # no IPv4 mDNS socket can be bound there
        addresses = (v4 if 4 in families else []) + (v6 if 6 in families else [])
        if only is not None:
            addresses = [only] if only in addresses else []
        if addresses:
            links.append(Link(device, v4[0], tuple(addresses)))
    if links:
        return links
    if only is not None:  # an address on no interface we know: announce it everywhere
        return [Link("*", None, (only,))]
    # no network: at least clients on this machine can find it
    return [Link("lo", None, ("127.0.0.1",))] if 4 in families else []


def base_hostname(hostname: str | None = None) -> str:
    """The machine's host name as a DNS label part: letters, digits and ``-`` only."""
    name = socket.gethostname() if hostname is None else hostname
    label = re.sub(r"[^A-Za-z0-9-]+", "-", name.split(".")[0]).strip("-")
    return label[:MAX_HOSTNAME].strip("-") or "host"


def host_label(port: int, links: Sequence[Link], attempt: int = 1,
               hostname: str | None = None) -> str:
    """The mDNS host label (``<label>.local.``) of a server on ``port`` announced on ``links``;
    ``attempt`` > 1 after the earlier labels turned out to be taken."""
    # the IPv4 addresses only: IPv6 ones (temporary, privacy) change more often
    bound = sorted({link.bind or ",".join(link.addresses) for link in links})
    digest = hashlib.sha256(f"{port}|{'|'.join(bound)}".encode()).hexdigest()[:6]
    label = f"{base_hostname(hostname)}-uno-{digest}"
    return label if attempt <= 1 else f"{label}-{attempt}"


def lan_address(adapters: Iterable[Any] | None = None) -> str:
    """This machine's address on the LAN, for an invitation: the one the default route uses;
    with no way out of the LAN, an interface's (found play-testing: a LAN with no router to the
    internet was invited to "uno join 127.0.0.1:7200"), one that is not link-local first; else
    127.0.0.1. ``adapters`` (ifaddr's) default to this machine's."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
            address: str = s.getsockname()[0]
            return address
    except OSError:
        pass
    if adapters is None:
        import ifaddr  # a dependency of zeroconf

        adapters = ifaddr.get_adapters()
    found = [a for adapter in adapters for a in _adapter_addresses(adapter)[0]]
    found.sort(key=lambda a: ipaddress.ip_address(a).is_link_local)  # (stable: the first kept)
    return found[0] if found else "127.0.0.1"
