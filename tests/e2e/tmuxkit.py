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


def is_wild(code: str) -> bool:
    """Whether a card's code on screen is a wild's ("W", "W+4"; in Spanish "C", "C+4")."""
    return code[0] in "WC"


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
    # (English codes, and Spanish ones: the colours' initials A, V, Z and C for a wild)
    card = re.compile(r"^[\[>]?([RYGBAVZ]([0-9SR]|\+2)|[WC](\+4)?)[\]<]?$")
    while row + 1 < len(lines):
        chips = lines[row + 1]  # under a row of numbers (blank past the tenth card)
        marks = lines[row + 2] if row + 2 < len(lines) else ""
        tokens = chips.split()
        if not tokens or not all(card.match(token) for token in tokens):
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

    def start(self, command: list[str], env: dict[str, str], window: str = "main",
              pidfile: Path | None = None) -> str:
        """Run ``command`` in a new window (the first one creates the session); with ``pidfile``,
        its process id is written there (to kill it as a crash would)."""
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        run = f"env {exports} {shlex.join(command)}"
        if pidfile is not None:
            run = f"sh -c {shlex.quote(f'echo $$ > {shlex.quote(str(pidfile))}; exec {run}')}"
        shell = f"cd {shlex.quote(str(ROOT))} && {run}; sleep 30"
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

    def transcript(self, window: str) -> list[str]:
        """Every line the window ever showed, scrolled off or not, wrapped lines joined (plain
        mode appends lines; it never redraws)."""
        text = self._tmux("capture-pane", "-p", "-J", "-S", "-", "-t", self.target(window))
        return [line.rstrip() for line in text.splitlines() if line.strip()]

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

    def close_window(self, window: str) -> None:
        """Close the window as a person closes a terminal's (its programs get SIGHUP)."""
        self._tmux("kill-window", "-t", self.target(window))

    def resize(self, window: str, width: int, height: int) -> None:
        self._tmux("resize-window", "-t", self.target(window), "-x", str(width), "-y", str(height))

    def kill(self) -> None:
        self._tmux("kill-server", check=False)


# ---------------------------------------------------------------------------- a person playing

# (the winner's own screen: "You win hand 1", "Ganaste la mano 1 y…", "¡Ganaste la partida!"; in
# Spanish the end's own words, as the log's say it in the past too: "ganaste la mano 1 (+28)" in
# the away summary, "¡Ana ganó la partida!" kept into the next match)
HAND_OVER = re.compile(r"wins? hand 1|wins? the match|[Gg]an(ó|aste) la mano 1 y"
                       r"|★ ¡[^!]*[Gg]an(ó|aste) la partida")


@dataclass(frozen=True)
class Says:
    """What the table shows a player in one language, and the keys they press (client/texts.py)."""

    turn: str
    colour_for: str
    challenge: str  # the Wild Draw Four prompt, as far as its accept key
    first_wild: str
    plays_it: str  # the prompt after drawing a playable card
    drew: str  # our own draw in the log ("You drew": the log speaks to us)
    played: str  # our own play
    uno: str  # our own UNO
    uno_armed: str
    hand: str  # "Your hand ({n})"
    colours: dict[str, tuple[str, str]]  # colour letter: (its key, its name)
    wild: str  # a regular expression of a played wild's names
    lost: str  # "{name} lost the connection"
    came_back: str
    welcome_back: str
    you: str
    offline: str
    spectator: str


SAYS = {
    "en": Says("Your turn", "Colour for", "challenge, a accept", "The first card is a Wild", "Enter plays it",
               "You drew", "You played", "said UNO!", "UNO! will be said with your next card",
               "Your hand ({n})",
               {"R": ("r", "red"), "Y": ("y", "yellow"), "G": ("g", "green"), "B": ("b", "blue")},
               "Wild( Draw Four)?", "{name} lost the connection", "{name} is connected again", "Welcome back",
               "you", "offline", "spectator"),
    "es": Says("Tu turno", "Color para", "desafía, a acepta", "La primera es un Comodín",
               "Enter lo juega", "Robaste", "Jugaste", "dijiste UNO!", "Dirás ¡UNO! con tu próxima carta",
               "Tu mano ({n})",
               {"R": ("r", "rojo"), "Y": ("a", "amarillo"), "G": ("v", "verde"), "B": ("z", "azul")},
               r"Comodín( \+4)?", "{name} perdió la conexión", "{name} se volvió a conectar", "Hola de nuevo",
               "tú", "desconect.", "espectador"),
}


def my_turn(screen: str, lang: str | None = None) -> bool:
    """Whether ``screen`` asks its player for a decision (in ``lang``; None: either language)."""
    for says in (SAYS.values() if lang is None else (SAYS[lang],)):
        if (says.turn in screen or says.colour_for in screen or says.challenge in screen
                or says.first_wild in screen):
            return True
    return False


def shows(text: str) -> Callable[[str], bool]:
    """``text`` is on the screen, or the hand is over (its scores replace the log)."""
    return lambda s: text in s or HAND_OVER.search(s) is not None


class Player:
    """Plays one window: draws once, plays what it can (wilds last), says UNO with the
    next-to-last card, reading and typing ``lang``. ``steps`` keeps a screen for each kind of
    step it took."""

    def __init__(self, tmux: Tmux, window: str, name: str, lang: str = "en") -> None:
        self.tmux, self.window, self.name, self.lang = tmux, window, name, lang
        self.says = SAYS[lang]
        self.steps: dict[str, str] = {}

    def press(self, key: str, before: str, what: str) -> str:
        """Press ``key`` and wait for the screen to show its effect (any change)."""
        print(f"--- {self.name}: press {key!r} ({what}) on:\n{before}")
        self.tmux.send(self.window, key)
        return self.tmux.wait_for(self.window, lambda s: s != before, timeout=5, what=what, settle=False)

    def evidence(self, text: str, what: str) -> str:
        return self.tmux.wait_for(self.window, shows(text), timeout=5, what=what, settle=False)

    def select(self, hand: Hand, index: int) -> None:
        """Select card ``index`` with a digit (the first ten: 1-9, 0) or two (11 and up, typed
        at once)."""
        if index < 10:
            self.tmux.send(self.window, str((index + 1) % 10))
        else:
            self.tmux.send(self.window, *str(index + 1))
        self.tmux.wait_for(self.window, lambda s: (h := parse_hand(s)) is not None and h.selected == index,
                           timeout=3, what=f"card {index + 1} selected")

    def play_if_my_turn(self) -> None:
        """One decision if the screen, once settled, says it is this player's turn."""
        screen = self.tmux.screen(self.window)
        if my_turn(screen, self.lang) and not HAND_OVER.search(screen):
            screen = self.tmux.stable_screen(self.window)
            if my_turn(screen, self.lang):
                self.take_turn(screen)

    def take_turn(self, screen: str) -> None:
        """One decision on a settled screen where it is this player's turn."""
        steps, says = self.steps, self.says
        if says.challenge in screen:
            self.press("a", screen, "the challenge answered")
            return
        if says.first_wild in screen:
            self.press("r", screen, "the first colour chosen")
            return
        hand = parse_hand(screen)
        assert hand is not None, screen
        size = len(hand.cards)
        assert says.hand.format(n=size) in screen
        if says.plays_it in screen:  # a card just drawn that can be played: keep it
            self.press("p", screen, "the drawn card kept")
            return
        if "draw" not in steps or not hand.playable:
            self.press("d", screen, "a card drawn")
            steps.setdefault("draw", self.evidence(says.drew, "the draw in the log"))
            return
        non_wild = [i for i in hand.playable if not is_wild(hand.cards[i])]
        index = non_wild[0] if non_wild else hand.playable[0]
        self.select(hand, index)
        if size == 2:
            steps["uno_armed"] = self.press("u", self.tmux.stable_screen(self.window), "UNO armed")
            assert says.uno_armed in steps["uno_armed"]
        screen = self.tmux.stable_screen(self.window)
        if is_wild(hand.cards[index]):
            self.press("Enter", screen, "the colour picker")
            self.pick_colour(self.tmux.wait_for(self.window, says.colour_for, timeout=5))
        else:
            self.press("Enter", screen, "the card played")
            steps.setdefault("play", self.evidence(says.played, "the card played"))
        if size == 2:
            steps["uno"] = self.evidence(says.uno, "UNO in the log")

    def pick_colour(self, screen: str) -> None:
        self.steps["colour_picker"] = screen
        colours = self.says.colours
        assert all(f"{key}:{name}" in screen for key, name in colours.values()), screen
        hand = parse_hand(screen)
        counts = {c: sum(1 for card in (hand.cards if hand else []) if card.startswith(c)) for c in "RYGB"}
        key, name = colours[max(counts, key=lambda c: counts[c])]
        self.press(key, screen, "the colour chosen")
        # (our own line: "→ red" alone was met at once by another seat's earlier wild, before ours
        # was in the log, and the check of our line that followed failed)
        ours = re.compile(rf"{self.says.played} {self.says.wild} → {name}")
        self.steps["wild"] = self.tmux.wait_for(
            self.window, lambda s: ours.search(s) is not None or HAND_OVER.search(s) is not None,
            timeout=5, what="the wild's colour in the log", settle=False)

    def play_hand(self) -> str:
        """Play until the hand is over; the last screen."""
        for _ in range(150):
            screen = self.tmux.wait_for(self.window,
                                        lambda s: my_turn(s, self.lang) or HAND_OVER.search(s) is not None,
                                        timeout=20, what="my turn or the end of the hand")
            if HAND_OVER.search(screen):
                return screen
            self.take_turn(screen)
        raise AssertionError("the hand did not end")
