"""Resume tokens kept on disk, so that a client that was killed takes its seat back when started
again, by whatever address it reaches the server this time.

Tokens are kept per server *identity* (``welcome.server_id``), not per address typed: one
server may be reached as ``192.168.1.5``, ``mesa.local`` or through LAN discovery. Beside them,
each address remembers the id of the server that last answered there, so that the first hello
to a known address already carries the right token. An address never seen before is resolved by
the first ``welcome`` (see ``ServerConnection.run``, client/connection.py).

The directory is ``$XDG_STATE_HOME/uno`` or ``~/.local/state/uno``. Files are private (0600).
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Mapping
from pathlib import Path


def state_dir(environ: dict[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    base = env.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "uno"


def config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The client's settings: ``$XDG_CONFIG_HOME/uno`` or ``~/.config/uno`` (keys.toml, saved
    rules, the language chosen)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "uno"


HOSTED_SESSIONS = 64
"""The ``uno host`` player's sessions kept per server (one a run that does not resume a match)."""


def session_id(token: str) -> str:
    """The session a resume token names (``<id>.<secret>``: server/tokens.py)."""
    return token.partition(".")[0]


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)[:120] or "_"


class TokenStore:
    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory if directory is not None else state_dir()

    def _token_path(self, server_id: str) -> Path:
        return self.directory / f"seat-{_safe(server_id)}"

    def _address_path(self, address: str) -> Path:
        return self.directory / f"server-{_safe(address)}"

    def _read(self, path: Path) -> str | None:
        try:
            text = path.read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return text if 0 < len(text) <= 64 and text.isprintable() else None

    def _write(self, path: Path, text: str) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            tmp = path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(text)
            os.replace(tmp, path)
        except OSError:
            pass  # no resume after a restart, but the game goes on

    def server_at(self, address: str) -> str | None:
        """The id of the server that last answered at ``address``."""
        return self._read(self._address_path(address))

    def load(self, server_id: str) -> str | None:
        """The token kept for the server ``server_id``."""
        return self._read(self._token_path(server_id)) if server_id else None

    def load_for_address(self, address: str) -> tuple[str | None, str | None]:
        """(server id, token) to offer in the first hello to ``address``: the server that last
        answered there, and its token; (None, None) for an address never seen."""
        server_id = self.server_at(address)
        return (server_id, self.load(server_id)) if server_id else (None, None)

    def save(self, server_id: str, address: str, token: str) -> None:
        """The server ``server_id`` answered at ``address`` and gave ``token``."""
        if not server_id:  # a server that sends no id: remember the token by address alone
            server_id = "address-" + address
        self._write(self._address_path(address), server_id)
        self._write(self._token_path(server_id), token)

    def load_told(self, server_id: str) -> str:
        """The mark of the last summary of the stand-in's turns told at ``server_id``'s table
        (client/awaynews.py: ``AwayNews.told``), "" if none."""
        return (self._read(self._told_path(server_id)) or "") if server_id else ""

    def save_told(self, server_id: str, mark: str) -> None:
        if server_id:
            self._write(self._told_path(server_id), mark)

    def _told_path(self, server_id: str) -> Path:
        return self.directory / f"told-{_safe(server_id)}"

    def load_seat_room(self, server_id: str) -> str:
        """The room where this client last held a seat at ``server_id`` ("" if none)."""
        return (self._read(self._seat_room_path(server_id)) or "") if server_id else ""

    def save_seat_room(self, server_id: str, room_id: str) -> None:
        """``room_id`` holds our seat at ``server_id`` now ("": no room does)."""
        if not server_id:
            return
        if room_id:
            self._write(self._seat_room_path(server_id), room_id)
        else:
            with contextlib.suppress(OSError):
                self._seat_room_path(server_id).unlink()

    def _seat_room_path(self, server_id: str) -> Path:
        return self.directory / f"room-{_safe(server_id)}"

    def load_hosted(self, server_id: str) -> list[str] | None:
        """The session ids this client had at ``server_id`` as ``uno host``'s own player, oldest
        first (None: none recorded there, as by a version before they were)."""
        try:
            return self._hosted_path(server_id).read_text(encoding="ascii").split()
        except (OSError, UnicodeDecodeError):
            return None

    def add_hosted(self, server_id: str, sid: str) -> None:
        """``uno host``'s player has the session ``sid`` at its own server ``server_id``: the
        rooms it hosts there are the ones a later ``uno host`` offers back to it (found
        play-testing: the match a guest had opened at the host's server was offered to the host,
        and r sat her in the guest's seat, under the guest's name)."""
        if not server_id or not sid.isalnum():
            return
        known = self.load_hosted(server_id) or []
        if sid not in known:
            self._write(self._hosted_path(server_id), "\n".join([*known, sid][-HOSTED_SESSIONS:]) + "\n")

    def _hosted_path(self, server_id: str) -> Path:
        return self.directory / f"hosted-{_safe(server_id)}"

    def forget(self, server_id: str) -> None:
        with contextlib.suppress(OSError):
            self._token_path(server_id).unlink()
