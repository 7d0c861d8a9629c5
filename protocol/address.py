"""Where a server is: its default port, its DNS-SD service type, and ``HOST[:PORT]`` as typed by
a person. (Client and server both import this package: these live here once.)"""

from __future__ import annotations

DEFAULT_PORT = 7777
ALL_ADDRESSES = "0.0.0.0"  # a server's default: listen on every interface
SERVICE_TYPE = "_uno._tcp.local."  # DNS-SD (mDNS) servers on the LAN: ``<name>._uno._tcp.local.``


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``host``, ``host:port``, ``[v6]:port`` or ``:port`` (this machine). Raises ``ValueError``.
    A full stop after it is dropped: plain mode's lines end as sentences do ("Friends join with:
    uno join 192.168.1.20:7777."), and the command copied from one failed on it (found
    play-testing)."""
    text = text.strip().removesuffix(".")
    if not text:
        raise ValueError("empty address")
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            raise ValueError(f"bad address {text!r}")
        port = _port(rest[1:]) if rest else default_port
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
        port = _port(port_text)
    else:
        host, port = text, default_port  # a name, an IPv4 address or a bare IPv6 address
    if not 0 < port < 65536:
        raise ValueError(f"bad port {port}")
    return host or "127.0.0.1", port


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()):  # (not int()'s "invalid literal for int()…"; "²" is a digit)
        raise ValueError(f"bad port {text!r}")
    return int(text)


def format_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


__all__ = ["ALL_ADDRESSES", "DEFAULT_PORT", "SERVICE_TYPE", "format_address", "parse_address"]
