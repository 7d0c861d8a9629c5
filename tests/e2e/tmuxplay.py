"""The steps the tmux stories share, so that each test reads as the story it tells: a person's
settings, the commands people type (``uno host``, ``uno join``, ``uno server``), a host's waiting
room and its invitation, a friend sitting down, the deal, everyone taking their turns, and a
friend whose terminal crashes mid-hand and comes back.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from kit.server import ServerProcess
from stallproxy import StallingProxy
from tmuxkit import HAND_OVER, PYTHON, ROOT, SAYS, Player, Tmux, parse_hand

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None and not Path("/usr/bin/tmux").exists(),
                                reason="tmux is not installed")
DEALT = re.compile(r"(Your hand|Tu mano) \(\d+\)")


MATCH_WON = re.compile(r"(?:ganó|ganaste) la partida|wins? the match")


def tmux_fixture(name: str, width: int = 80, height: int = 24) -> Any:
    """A ``tmux`` fixture for a test module: its own tmux server, killed after the test."""

    @pytest.fixture(name="tmux")
    def session() -> Iterator[Tmux]:
        made = Tmux(name, width=width, height=height)
        try:
            yield made
        finally:
            made.kill()

    return session


def person(home: Path, name: str | None = None, *, debug: bool = False) -> dict[str, str]:
    """The environment of one person's terminal: state, data and settings under ``home``, named
    ``name`` (``UNO_NAME``; None: not set), with the client's debug log if ``debug``."""
    env = {"XDG_STATE_HOME": str(home / "state"), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config"), "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    if name is not None:
        env["UNO_NAME"] = name
    if debug:
        env["UNO_DEBUG"] = "1"
    return env


def host(*options: str, lang: str = "en") -> list[str]:
    """``uno host`` on a free port of 127.0.0.1 (which its invitation names), without discovery."""
    return [PYTHON, "-m", "client", "host", "--lang", lang, "--no-discovery", "--port", "0",
            "--host", "127.0.0.1", *options]


def readme_hosting() -> list[str]:
    """The options of the README's hosting line (its first ``uno host``), which the friends'
    stories play: the line a new user copies."""
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if line.startswith(".venv/bin/uno host "):
            return shlex.split(line.split("#")[0])[2:]
    raise AssertionError("the README has no hosting line")


def join(*options: str, lang: str = "en") -> list[str]:
    """``uno join`` (an address among ``options``, or none: the table browser), without discovery."""
    return [PYTHON, "-m", "client", "join", *options, "--lang", lang, "--no-discovery"]


def start_server(tmux: Tmux, window: str, port: int, env: dict[str, str], *options: str,
                 pidfile: Path | None = None) -> str:
    """A headless ``uno server`` on 127.0.0.1:``port`` in ``window``, once it listens."""
    tmux.start([PYTHON, "-m", "server", "--host", "127.0.0.1", "--port", str(port), "--no-discovery",
                *options], env, window=window, pidfile=pidfile)
    tmux.wait_for(window, f"listening on 127.0.0.1:{port}", timeout=20, what="the server up")
    return window


def waiting_room(tmux: Tmux, window: str, text: str = "press s to start", timeout: float = 15) -> str:
    return tmux.wait_for(window, text, timeout=timeout, what="the host's waiting room")


def invitation(screen: str) -> str:
    """The address the host's waiting room gives friends (``uno join <address>``)."""
    found = re.search(r"uno join (\S+)", screen)
    assert found is not None, screen
    return found.group(1)


def sit(tmux: Tmux, guest: str, table: str, waiting: str = "Waiting for Ana to start",
        what: str = "the lobby") -> str:
    """In the lobby: once ``table`` shows, Enter sits down (``waiting`` then shows); the lobby."""
    lobby = tmux.wait_for(guest, table, timeout=15, what=what)
    tmux.send(guest, "Enter")
    tmux.wait_for(guest, waiting, timeout=10, what="seated")
    return lobby


def open_own_table(tmux: Tmux, guest: str, waiting: str) -> str:
    """In the lobby (in Spanish): n, the new table's form, Enter; the guest's own waiting room
    (``waiting`` shows)."""
    tmux.send(guest, "n")
    tmux.wait_for(guest, "Una mesa nueva", timeout=10, what="the new table's form")
    tmux.send(guest, "Enter")
    return tmux.wait_for(guest, waiting, timeout=10, what="the guest's own waiting room")


def host_ends_the_match(tmux: Tmux, hosting: str) -> None:
    """The host (in English) quits and ends the match for everyone: q, the question, e."""
    tmux.send(hosting, "q")
    tmux.wait_for(hosting, "End the match for everyone (e)", timeout=5, what="the host's question")
    tmux.send(hosting, "e")


def dealt(tmux: Tmux, window: str, what: str = "the deal", timeout: float = 10) -> str:
    return tmux.wait_for(window, lambda s: DEALT.search(s) is not None, timeout=timeout, what=what)


def crash(pidfile: Path) -> None:
    """Kill the process whose id is in ``pidfile`` as a crash would (SIGKILL)."""
    os.kill(int(pidfile.read_text()), signal.SIGKILL)


def together(players: Sequence[Player], until: Callable[[], bool], seconds: float, what: str,
             between: Callable[[], None] | None = None) -> None:
    """Everyone takes their turns until ``until()`` holds (within ``seconds``); ``between`` runs
    after each round."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, what
        for player in players:
            player.play_if_my_turn()
        if between is not None:
            between()
        time.sleep(0.05)


def play_a_hand_killing_the_friend(tmux: Tmux, hosting: str, guest: str, pidfile: Path,
                                   again: list[str], friend: dict[str, str], *, host_lang: str = "en",
                                   friend_lang: str = "en") -> tuple[str, str]:
    """Ana (host) and Luis play a hand (with the bots at the table, if any); after Luis's first
    card his client is killed (SIGKILL) and started again with ``again`` (another address, say):
    he must be back in his seat, same cards. Each reads and types their own language. Returns
    the window of Luis's second client and its first screen there."""
    players = [Player(tmux, hosting, "Ana", host_lang), Player(tmux, guest, "Luis", friend_lang)]
    host_says, friend_says = SAYS[host_lang], SAYS[friend_lang]
    back = ""  # Luis's first screen after the crash

    def over() -> bool:
        return all(HAND_OVER.search(tmux.screen(player.window)) for player in players)

    def kill_once() -> None:
        nonlocal back
        if back or "play" not in players[1].steps or HAND_OVER.search(tmux.screen(hosting)):
            return
        before = parse_hand(tmux.stable_screen(players[1].window))
        assert before is not None
        crash(pidfile)  # the friend's terminal crashes
        tmux.wait_for(hosting, host_says.lost.format(name="Luis"), timeout=10, settle=False)
        assert host_says.offline in tmux.screen(hosting)
        window = tmux.start(again, friend, window="guest2")
        back = tmux.wait_for(window, friend_says.hand.split(" (")[0], timeout=15, what="the seat taken back")
        after = parse_hand(back)
        assert after is not None and sorted(after.cards) == sorted(before.cards), (before, after)
        assert friend_says.welcome_back in back or f"Luis ({friend_says.you})" in back, back
        assert friend_says.spectator not in back.lower(), back
        tmux.wait_for(hosting, host_says.came_back.format(name="Luis"), timeout=5, settle=False)
        players[1] = Player(tmux, window, "Luis", friend_lang)
        players[1].steps["play"] = back

    together(players, over, 180, "the hand did not end", between=kill_once)
    assert back, "the friend was never killed"
    return players[1].window, back


def keys(tmux: Tmux, window: str, *pressed: str) -> None:
    """Press ``pressed`` one by one, as a person would."""
    for key in pressed:
        tmux.send(window, key)
        time.sleep(0.05)


def select_card(tmux: Tmux, window: str, card: str, turn: str) -> int:
    """On ``window``'s turn (its screen shows ``turn``), select ``card`` by its number; the
    hand's size."""
    screen = tmux.wait_for(window, lambda s: turn in s and parse_hand(s) is not None,
                           timeout=10, what=f"the turn for {card}")
    hand = parse_hand(screen)
    assert hand is not None and card in hand.cards, screen
    index = hand.cards.index(card)
    for _ in range(20):  # a digit typed just after the deal is dropped (HAND_GUARD): again
        tmux.send(window, str(index + 1))
        try:
            tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == index,
                          timeout=1, what=f"{card} selected")
            break
        except AssertionError:
            continue
    return len(hand.cards)


FORM_SEVEN_ZERO = ("Down",) * 8 + (" ",)
"""``zoe_and_bob``'s form keys that turn 7-0 on: from the clock's field down to "7-0 (swap hands)"."""


def zoe_and_bob(tmux: Tmux, tmp_path: Path, server: ServerProcess, seats: int = 2,
                options: tuple[str, ...] = (), waiting: Callable[[], None] | None = None
                ) -> tuple[str, str]:
    """Zoe (English) opens a table of ``seats`` (a bot sits in each beyond two) without clock on
    ``server`` (a rigged one), ``options`` the keys she presses in the form after the clock's
    field; Bob (Spanish) sits (then ``waiting`` runs, in Zoe's waiting room), the rigged hand is
    dealt; their windows."""
    address = f"127.0.0.1:{server.port}"
    zoe = tmux.start(join(address, "--player", "Zoe", "--no-bell"), person(tmp_path / "zoe"), window="zoe")
    tmux.wait_for(zoe, "Press n to open one", timeout=20, what="the lobby")
    tmux.send(zoe, "n")
    tmux.wait_for(zoe, "A new table", timeout=5, what="the form")
    keys(tmux, zoe, "Down", "Down", *(["Left"] * (4 - seats) or ["Right"] * (seats - 4)))  # Seats
    keys(tmux, zoe, "Down", "Left", "Left", "Left")  # Bots: 0 (the start seats them)
    keys(tmux, zoe, "Down", "Down", "Left", "Left")  # no turn clock
    keys(tmux, zoe, *options)
    tmux.send(zoe, "Enter")
    tmux.wait_for(zoe, "waiting for the start", timeout=10, what="Zoe's table")
    bob = tmux.start(join(address, "--player", "Bob", "--no-bell", lang="es"), person(tmp_path / "bob"),
                     window="bob")
    sit(tmux, bob, "Zoe's table", waiting="Esperando a que Zoe empiece")
    if waiting is not None:
        waiting()
    tmux.send(zoe, "s")
    tmux.wait_for(bob, "Tu mano (7)", timeout=15, what="the deal on Bob's screen")
    return zoe, bob


def diego_crashes_through_a_single_hand(tmux: Tmux, tmp_path: Path, *options: str,
                                         table: str) -> tuple[str, list[str], dict[str, str]]:
    """Ana (English) hosts a single-hand match (``options``: its seats and bots) at ``table``;
    Diego (Spanish) sits, his terminal dies after the deal, and Ana plays the match to its end.
    Ana's window, and Diego's command and environment, to start him again."""
    hosting = tmux.start(host("--seed", "5", "--turn-timeout", "1", "--bot-delay", "0.05",
                              "--single-hand", "--name", table, *options),
                         person(tmp_path / "ana", "Ana"), window="host")
    address = invitation(waiting_room(tmux, hosting))
    diego_env, pidfile = person(tmp_path / "diego", "Diego"), tmp_path / "diego.pid"
    diego_join = join(address, lang="es")
    guest = tmux.start(diego_join, diego_env, window="guest", pidfile=pidfile)
    sit(tmux, guest, f"› {table}", waiting="Esperando a que Ana empiece")
    tmux.send(hosting, "s")
    dealt(tmux, guest, "the deal (Diego)")
    crash(pidfile)
    tmux.wait_for(hosting, "Diego lost the connection", timeout=10, what="Diego's drop, on Ana's screen")
    together([Player(tmux, hosting, "Ana")], lambda: MATCH_WON.search(tmux.screen(hosting)) is not None,
             120, "the match did not end")
    return hosting, diego_join, diego_env


@contextlib.contextmanager
def luis_on_a_link_that_can_hang(tmux: Tmux, tmp_path: Path) -> Iterator[tuple[str, str, StallingProxy]]:
    """Ana (English) hosts a two-seat table "Mesa" (seed 7, no turn clock); Luis (Spanish) joins
    it through a proxy that can stall as a hanging link does (tests/e2e/stallproxy.py), and Ana
    starts it: Ana's window, Luis's, and the proxy (closed on the way out)."""
    hosting = tmux.start(host("--bots", "0", "--seats", "2", "--seed", "7", "--turn-timeout", "0",
                              "--name", "Mesa"), person(tmp_path / "ana", "Ana"), window="host")
    address = invitation(waiting_room(tmux, hosting))
    proxy = StallingProxy(int(address.rsplit(":", 1)[1]))
    try:
        guest = tmux.start(join(f"127.0.0.1:{proxy.port}", lang="es"), person(tmp_path / "luis", "Luis"),
                           window="guest")
        sit(tmux, guest, "Mesa", "Esperando a que Ana empiece")
        tmux.send(hosting, "s")
        dealt(tmux, guest)
        yield hosting, guest, proxy
    finally:
        proxy.close()


# ------------------------------------------------------------------ plain mode's lines

def said(tmux: Tmux, window: str, text: str, after: int = 0, timeout: float = 10) -> int:
    """Wait until a line (from line ``after`` on) says ``text``; its index."""
    deadline = time.monotonic() + timeout
    lines: list[str] = []
    while time.monotonic() < deadline:
        lines = tmux.transcript(window)
        found = next((i for i in range(after, len(lines)) if text in lines[i]), None)
        if found is not None:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited {timeout} s for {text!r}; the lines:\n" + "\n".join(lines[-15:]))


def typed(tmux: Tmux, window: str, command: str) -> int:
    """Type ``command`` and Enter; the index of its echo (what it makes said comes after)."""
    before = len(tmux.transcript(window))
    tmux.send(window, command, "Enter")
    return said(tmux, window, command, after=before, timeout=5) if command else before
