"""The server's log, read as records: one parser for the lines about connections.

The server logs ``connection from HOST:PORT`` when a connection opens and
``connection from HOST:PORT closed (NAME, REASON)`` when it ends (server/peer.py). ``closes``
turns a log into ``Close`` records, in order; a record with ``reason`` None is an opening.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_LINE = re.compile(r"connection from (?P<host>\S+):(?P<port>\d+)"
                   r"(?: closed \((?P<name>.*), (?P<reason>\S+)\))?$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Close:
    host: str
    port: int  # the client's port
    reason: str | None  # why the server closed it (a ``Peer.close_reason``, or "eof"); None: opened
    name: str | None = None  # the name it said hello with (None before hello)


def closes(log: str) -> list[Close]:
    """Every connection line of ``log``, in order."""
    return [Close(m["host"], int(m["port"]), m["reason"], m["name"]) for m in _LINE.finditer(log)]


def closed(log: str, name: str) -> list[str]:
    """Why the server closed the connections of ``name`` (the name said in hello), in order."""
    return [c.reason for c in closes(log) if c.name == name and c.reason is not None]
