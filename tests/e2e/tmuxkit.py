"""Driving the terminal client in tmux as a person would: send keys, read the screen.

Each ``Tmux`` runs its own tmux server (a private socket), so killing it can never touch anybody
else's sessions, and every wait is bounded.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
TMUX = shutil.which("tmux") or "/usr/bin/tmux"
CELL = 6  # columns per card of the hand (client.render.CELL)


class ScreenTimeout(AssertionError):
    pass


@dataclass
class Hand:
    cards: list[str]
    playable: list[int]
    selected: int | None


def parse_hand(screen: str) -> Hand | None:
    """The hand shown on ``screen``: card codes, indexes of the playable ones, the selection."""
    lines = screen.splitlines()
    start = next((i for i, line in enumerate(lines) if re.match(r"^ (Your hand|Tu mano) \(\d+\)", line)),
                 None)
    if start is None:
        return None
    cards: list[str] = []
    playable: list[int] = []
    selected = None
    row = start + 1
    while row + 2 < len(lines) + 1 and row + 1 < len(lines):
        numbers, chips = lines[row], lines[row + 1]
        marks = lines[row + 2] if row + 2 < len(lines) else ""
        if not re.match(r"^\s+\d", numbers):
            break
        tokens = chips.split()
        if not tokens:
            break
        base = len(cards)
        for token in tokens:
            if token.startswith(">") and token.endswith("<"):
                selected = len(cards)
            cards.append(token.strip("[]<>"))
        for column, ch in enumerate(marks):
            if ch == "▲":
                playable.append(base + (column - 1) // CELL)
        row += 3
    return Hand(cards, playable, selected)


class Tmux:
    def __init__(self, name: str = "uno", width: int = 80, height: int = 24) -> None:
        self.socket = f"unotest-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.name = name
        self.width, self.height = width, height
        self.windows: list[str] = []

    def _tmux(self, *args: str, check: bool = True) -> str:
        result = subprocess.run([TMUX, "-L", self.socket, *args], capture_output=True, text=True,
                                timeout=10, check=False)
        if check and result.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {result.stderr.strip()}")
        return result.stdout

    def start(self, command: list[str], env: dict[str, str], window: str = "main") -> str:
        """Run ``command`` in a new window (the first one creates the session)."""
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        shell = f"cd {shlex.quote(str(ROOT))} && env {exports} {shlex.join(command)}; sleep 30"
        if not self.windows:
            self._tmux("new-session", "-d", "-s", self.name, "-n", window,
                       "-x", str(self.width), "-y", str(self.height), shell)
            self._tmux("set-option", "-t", self.name, "status", "off")
        else:
            self._tmux("new-window", "-d", "-t", self.name, "-n", window, shell)
        self.windows.append(window)
        return window

    def target(self, window: str) -> str:
        return f"{self.name}:{window}"

    def send(self, window: str, *keys: str) -> None:
        self._tmux("send-keys", "-t", self.target(window), *keys)

    def screen(self, window: str) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.target(window))

    def stable_screen(self, window: str, settle: float = 0.08) -> str:
        """The screen once it stopped changing for ``settle`` seconds (never half a redraw)."""
        screen = self.screen(window)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            time.sleep(settle)
            again = self.screen(window)
            if again == screen:
                return screen
            screen = again
        return screen

    def wait_for(self, window: str, predicate: Callable[[str], bool] | str, timeout: float = 10.0,
                 what: str = "", settle: bool = True) -> str:
        """Poll the screen until ``predicate`` holds (or the text appears); return that screen.
        With ``settle`` it must hold on a screen that stopped changing (to decide what to do
        next); without, any capture counts (evidence of something that happened)."""
        check = (lambda s: predicate in s) if isinstance(predicate, str) else predicate
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen(window)
            if check(screen):
                if not settle:
                    return screen
                screen = self.stable_screen(window)
                if check(screen):
                    return screen
            time.sleep(0.05)
        raise ScreenTimeout(f"waited {timeout} s for {what or predicate!r}; the screen:\n{screen}")

    def resize(self, window: str, width: int, height: int) -> None:
        self._tmux("resize-window", "-t", self.target(window), "-x", str(width), "-y", str(height))

    def kill(self) -> None:
        self._tmux("kill-server", check=False)


def client_env(state_dir: Path, **extra: str) -> dict[str, str]:
    env = {"XDG_STATE_HOME": str(state_dir), "TERM": "xterm-256color", "LANG": "C.UTF-8",
           "UNO_NAME": "Ana"}
    env.update(extra)
    return env
