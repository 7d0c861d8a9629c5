"""Resume tokens kept on disk, one file per server address, so that a client that was killed
takes its seat back when started again.

The directory is ``$XDG_STATE_HOME/uno`` or ``~/.local/state/uno``. Files are private (0600).
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path


def state_dir(environ: dict[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    base = env.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return Path(base) / "uno"


class TokenStore:
    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory if directory is not None else state_dir()

    def _path(self, address: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", address)[:120] or "_"
        return self.directory / f"token-{safe}"

    def load(self, address: str) -> str | None:
        try:
            token = self._path(address).read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            return None
        return token if 0 < len(token) <= 64 and token.isprintable() else None

    def save(self, address: str, token: str) -> None:
        try:
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            path = self._path(address)
            tmp = path.with_suffix(".tmp")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="ascii") as f:
                f.write(token)
            os.replace(tmp, path)
        except OSError:
            pass  # no resume after a restart, but the game goes on

    def forget(self, address: str) -> None:
        with contextlib.suppress(OSError):
            self._path(address).unlink()
