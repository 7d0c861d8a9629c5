"""Where the client's logs go: a file in the state directory. Nothing may write over the screen
(the in-process server of ``uno host`` logs, and so does zeroconf)."""

from __future__ import annotations

import logging
import os


def log_to_file() -> None:
    """Logs (the in-process server's, zeroconf's) go to a file: nothing may write over the screen."""
    from .tokens import state_dir

    logger = logging.getLogger()
    if any(getattr(h, "uno_client", False) for h in logger.handlers):
        return
    try:
        directory = state_dir()
        directory.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.FileHandler(directory / "client.log", encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    handler.uno_client = True  # type: ignore[attr-defined]
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG if os.environ.get("UNO_DEBUG") else logging.INFO)
