"""End to end, plain mode as a screen reader's user meets it: in a tmux window with
``TERM=dumb`` (nothing else asked for), a player joins a friend's ``uno host``, picks the table
by its number, and plays a whole hand with typed commands (numbers, draw, pass, uno, a colour's
name), reading each change as one line appended; in English and in Spanish. And a full-screen
table under ``NO_COLOR``: not one colour on the terminal, every card still written out.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from tmuxkit import HAND_OVER, PYTHON, Player, Tmux, client_env, my_turn, parse_hand

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not Path("/usr/bin/tmux").exists(),
                                reason="tmux is not installed")

BOX = set("─│┌┐└┘╔╗╚╝═║▲▏›")


@dataclass(frozen=True)
class Words:
    """What the plain player reads and types, in one language."""

    lobby: str
    waiting: str
    turn: str
    can_play: str
    nothing: str
    hand: str
    draw: str
    pass_: str
    colour: tuple[str, ...]
    red: str
    challenge: str
    accept: str
    changed: str
    over: re.Pattern[str]
    played: str
    drew: str
    uno: str
    or_: str


WORDS = {
    "en": Words("1 Mesa by Ana", "Waiting for Ana to start", "Your turn.", "You can play: ",
                "Nothing to play", "Your hand: ", "draw", "pass",
                ("Colour for", "The first card is a Wild"), "red", "played a Wild Draw Four on you",
                "accept", "Your hand just changed", re.compile(r"wins hand 1|wins the match"),
                "{name} played", "{name} drew", "{name}: UNO!", ", or"),
    "es": Words("1 Mesa de Ana", "Esperando a que Ana empiece", "Tu turno.", "Puedes jugar: ",
                "Nada que jugar", "Tu mano: ", "robar", "pasar",
                ("Color para", "La primera carta es un Comodín"), "rojo", "te jugó un Comodín +4",
                "aceptar", "Tu mano acaba de cambiar", re.compile(r"gana la mano 1|gana la partida"),
                "{name} jugó", "{name} robó", "{name}: ¡UNO!", ", o"),
}


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    session = Tmux("plain")
    try:
        yield session
    finally:
        session.kill()


@dataclass
class PlainPlayer:
    """Plays a plain-mode window by reading its lines and typing commands."""

    tmux: Tmux
    window: str
    name: str
    words: Words
    mark: int = 0  # lines before this one were answered already
    last: str = ""
    typed: list[str] = field(default_factory=list)
    steps: dict[str, str] = field(default_factory=dict)

    def lines(self) -> list[str]:
        return self.tmux.transcript(self.window)

    def type(self, command: str) -> None:
        before = len(self.lines())
        print(f"--- {self.name} types {command!r} after: {self.lines()[-1:]}")
        self.tmux.send(self.window, command, "Enter")
        deadline = time.monotonic() + 5
        while len(self.lines()) <= before:  # the terminal echoes the line typed
            assert time.monotonic() < deadline, "the command was not echoed"
            time.sleep(0.02)
        self.mark, self.last = before, command
        self.typed.append(command)

    def decision(self) -> str | None:
        """The line waiting for an answer, if the last line asks for one (and has settled)."""
        lines = self.lines()
        if len(lines) <= self.mark:
            return None
        last = lines[-1]
        w = self.words
        asks = (w.over.search(last) or w.turn in last or w.challenge in last or w.changed in last
                or any(c in last for c in w.colour))
        if not asks or len(lines) - 1 < self.mark:
            return None
        time.sleep(0.05)
        return last if self.lines() == lines else None

    def act(self, line: str) -> bool:
        """Answer ``line``; False once the hand is over."""
        w = self.words
        if w.over.search(line):
            self.steps["over"] = line
            return False
        if w.changed in line:  # typed just as a new hand came: read it, and type again
            self.type(self.last)
        elif w.challenge in line:
            self.type(w.accept)
        elif any(c in line for c in w.colour):
            self.steps["colour"] = line
            self.type(w.red)
        else:
            self.take_turn(line)
        return True

    def take_turn(self, line: str) -> None:
        """A turn line: "... Your turn. Top card: Red 5, red. You can play: 1 Red 7, 3 Wild, or
        draw." (or "Nothing to play, or pass.")."""
        w = self.words
        hand_line = next(item for item in reversed(self.lines()) if w.hand in item)
        size = len(hand_line.split(w.hand, 1)[1].split(". ")[0].split(", "))
        tail = line.split(w.can_play, 1)[1] if w.can_play in line else line.split(w.nothing, 1)[1]
        offer, _, options = tail.rstrip(".").partition(f"{w.or_} ")
        choices = re.findall(r"(\d+) ([^,]+)", offer)
        if "draw" not in self.steps and w.draw in options:
            self.steps["draw"] = line
            self.type(w.draw)
        elif choices:
            plain = [c for c in choices if not c[1].startswith(("Wild", "Comodín"))]
            number, _ = (plain or choices)[0]
            if size == 2:
                self.steps["uno"] = line
                self.type(f"{number} uno")
            else:
                self.steps.setdefault("play", line)
                self.type(number)
        elif w.draw in options:
            self.type(w.draw)
        else:
            self.steps["pass"] = line
            self.type(w.pass_)


def host_command(lang: str) -> list[str]:
    return [PYTHON, "-m", "client", "host", "--lang", lang, "--no-discovery", "--port", "0",
            "--bots", "2", "--seats", "4", "--seed", "9", "--bot-delay", "0.05", "--turn-timeout", "0",
            "--name", "Mesa"]


def play_along(tmux: Tmux, host: Player, guest: PlainPlayer) -> None:
    """The host plays the full screen, the guest types, until the hand is over for both."""
    deadline = time.monotonic() + 240
    playing = True
    while time.monotonic() < deadline:
        screen = tmux.screen(host.window)
        if playing:
            line = guest.decision()
            if line is not None:
                playing = guest.act(line)
                continue
        elif HAND_OVER.search(screen):
            return
        if playing and my_turn(screen) and not HAND_OVER.search(screen):
            host.take_turn(tmux.stable_screen(host.window))
            continue
        time.sleep(0.05)
    raise AssertionError("the hand did not end:\n" + "\n".join(guest.lines()[-30:]))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tmux_a_plain_player_joins_and_plays_a_hand_by_typed_commands(
        tmux: Tmux, tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    # the host plays the full screen in English (tmuxkit.Player reads it); the guest reads `lang`
    hosting = tmux.start(host_command("en"), client_env(tmp_path / "ana"), window="host")
    screen = tmux.wait_for(hosting, "uno join", timeout=15, what="the host's waiting room")
    invitation = re.search(r"uno join \S+:(\d+)", screen)
    assert invitation is not None, screen
    guest_env = client_env(tmp_path / "luis", UNO_NAME="Luis", TERM="dumb")
    guest = tmux.start([PYTHON, "-m", "client", "join", f"127.0.0.1:{invitation.group(1)}", "--lang", lang,
                        "--no-discovery"], guest_env, window="guest")
    luis = PlainPlayer(tmux, guest, "Luis", w)
    tmux.wait_for(guest, w.lobby, timeout=15, what="the lobby, as a line")
    luis.type("1")
    tmux.wait_for(guest, w.waiting, timeout=10, what="the waiting room, as a line")
    tmux.wait_for(hosting, "Luis", timeout=5, what="Luis in the host's waiting room")
    tmux.send(hosting, "s")
    tmux.wait_for(guest, w.hand, timeout=10, what="the deal, as a line")

    play_along(tmux, Player(tmux, hosting, "Ana"), luis)

    lines = luis.lines()
    text = "\n".join(lines)
    assert not BOX & set(text), sorted(BOX & set(text))  # no box drawing, no marks: words
    assert "\x1b" not in text
    assert {"draw", "over"} <= set(luis.steps), luis.steps
    assert w.drew.format(name="Luis") in text
    assert w.played.format(name="Ana") in text  # the full-screen host's moves, narrated
    if "uno" in luis.steps:
        assert w.uno.format(name="Luis") in text
    # the screen was never cleared: the first line is still there, above everything
    assert lines[0].startswith(("Plain mode", "Modo sencillo")), lines[:3]
    print("\n".join(lines))


def colour_codes(tmux: Tmux, window: str) -> list[str]:
    """The colours set on the screen (SGR codes, the defaults 39 and 49 aside)."""
    styled = tmux._tmux("capture-pane", "-p", "-e", "-t", tmux.target(window))
    codes = re.findall(r"\x1b\[([0-9;]*)m", styled)
    return [c for c in codes if re.search(r"(^|;)(3[0-8]|4[0-8]|9[0-7]|10[0-7])(;|$)", c)]


@pytest.mark.parametrize("setting", ["NO_COLOR", "--colorblind"])
def test_tmux_every_card_is_written_out_under_no_color_and_the_colour_blind_palette(
        tmux: Tmux, tmp_path: Path, setting: str) -> None:
    no_color = setting == "NO_COLOR"
    env = client_env(tmp_path, NO_COLOR="1") if no_color else client_env(tmp_path)
    window = tmux.start([*host_command("en"), "--start", *([] if no_color else [setting])], env)
    screen = tmux.wait_for(window, lambda s: parse_hand(s) is not None and "Your hand (" in s,
                           timeout=15, what="the deal")
    hand = parse_hand(screen)
    assert hand is not None and len(hand.cards) == 7
    assert all(re.fullmatch(r"[RYGB]([0-9SR]|\+2)|W(\+4)?", card) for card in hand.cards), hand.cards
    assert re.search(r"Colour: (RED|YELLOW|GREEN|BLUE|red|yellow|green|blue)", screen), screen
    if no_color:
        assert colour_codes(tmux, window) == []  # reverse and bold only
    else:
        assert colour_codes(tmux, window)  # the palette's colours, beside the letters
