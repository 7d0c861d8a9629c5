"""The server's identity: a random id that clients remember seats by (``welcome.server_id``).

With a state directory the id is kept in ``DIR/server-id`` and stays the same across restarts, so
a client that reaches the server by another address (an IP, a host name, LAN discovery) still
knows it is the same server. Without one the server forgets its rooms when it stops, and a new id
each run says just that.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
from pathlib import Path

from .persist import DIR_MODE

ID_FILE = "server-id"
_ID = re.compile(r"^[0-9a-f]{32}$")


def new_id() -> str:
    return secrets.token_hex(16)


def server_id(state_dir: str | os.PathLike[str] | None) -> str:
    """The id kept in ``state_dir`` (made on first use), or a fresh one without a directory (or
    when it cannot be written: then the id holds for this run only)."""
    if state_dir is None:
        return new_id()
    path = Path(state_dir) / ID_FILE
    with contextlib.suppress(OSError, UnicodeDecodeError):
        kept = path.read_text(encoding="ascii").strip()
        if _ID.match(kept):
            return kept
    fresh = new_id()
    with contextlib.suppress(OSError):
        Path(state_dir).mkdir(parents=True, exist_ok=True, mode=DIR_MODE)
        tmp = path.with_name(ID_FILE + ".tmp")
        tmp.write_text(fresh + "\n", encoding="ascii")
        os.replace(tmp, path)
    return fresh
