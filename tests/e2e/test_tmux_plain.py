"""End to end, plain mode as a screen reader's user meets it: in a tmux window with
``TERM=dumb`` (nothing else asked for), a player joins a friend's ``uno host``, picks the table
by its number, and plays a whole hand with typed commands (a card's name, numbers, draw, pass,
uno, a colour's name), reading each change as one line appended; in English and in Spanish. And a full-screen
table under ``NO_COLOR``: not one colour on the terminal, every card still written out.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import tmuxplay as play
from tmuxkit import HAND_OVER, Player, Tmux, parse_hand

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("plain")

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
    i_drew: str  # our own draw (the log speaks to us)
    i_said_uno: str
    or_: str


WORDS = {
    "en": Words("1 Mesa, hosted by Ana", "Waiting for Ana to start", "Your turn.", "You can play: ",
                "Nothing to play", "Your hand: ", "draw", "pass",
                ("Colour for", "The first card is a Wild"), "red", "played a Wild Draw Four on you",
                "accept", "Your hand just changed", re.compile(r"wins? hand 1|wins? the match"),
                "{name} played", "You drew", "said UNO!", ", or"),
    "es": Words("1 Mesa, abierta por Ana", "Esperando a que Ana empiece", "Tu turno.", "Puedes jugar: ",
                "Nada que jugar", "Tu mano: ", "robar", "pasar",
                ("Color para", "La primera es un Comodín"), "rojo", "te jugó un Comodín +4",
                "aceptar", "Tu mano acaba de cambiar",
                re.compile(r"[Gg]an(ó|aste) la mano 1 y|[Gg]an(ó|aste) la partida"),
                "{name} jugó", "Robaste", "dijiste UNO!", ", o"),
}


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

    def play_if_my_turn(self) -> None:
        """One answer, if the last line asks for one (and the hand is not over)."""
        if "over" not in self.steps:
            line = self.decision()
            if line is not None:
                self.act(line)

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
        draw." (or "Nothing to play: pass."; in Spanish "Puedes jugar: 1: 7 rojo, ...")."""
        w = self.words
        hand_line = next(item for item in reversed(self.lines()) if w.hand in item)
        size = len(hand_line.split(w.hand, 1)[1].split(". ")[0].split(", "))
        if w.can_play in line:
            offer, _, options = line.split(w.can_play, 1)[1].rstrip(".").partition(f"{w.or_} ")
        else:
            offer, options = "", line.split(w.nothing, 1)[1].rstrip(".")
        choices = re.findall(r"(\d+):? ([^,]+)", offer)
        if "draw" not in self.steps and w.draw in options:
            self.steps["draw"] = line
            self.type(w.draw)
        elif choices:
            plain = [c for c in choices if not c[1].startswith(("Wild", "Comodín"))]
            number, name = (plain or choices)[0]
            if size == 2:
                self.steps["uno"] = line
                self.type(f"{number} uno")
            elif "play" not in self.steps:  # the first card by its name ("red 7", "7 rojo")
                self.steps["play"], self.steps["by_name"] = line, name.lower()
                self.type(name.lower())
            else:
                self.type(number)
        elif w.draw in options:
            self.type(w.draw)
        else:
            self.steps["pass"] = line
            self.type(w.pass_)


def host_command(*extra: str) -> list[str]:
    """The friend's table: the host and two bots, a seeded deal, quick bots, no clock."""
    return play.host("--bots", "2", "--seats", "4", "--seed", "9", "--bot-delay", "0.05",
                     "--turn-timeout", "0", "--name", "Mesa", *extra)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tmux_a_plain_player_joins_and_plays_a_hand_by_typed_commands(
        tmux: Tmux, tmp_path: Path, lang: str) -> None:
    w = WORDS[lang]
    # the host plays the full screen in English (tmuxkit.Player reads it); the guest reads `lang`
    hosting = tmux.start(host_command(), play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting, "uno join"))
    port = address.rsplit(":", 1)[1]
    guest_env = {**play.person(tmp_path / "luis", "Luis"), "TERM": "dumb"}  # nothing else asked for
    guest = tmux.start(play.join(f"127.0.0.1:{port}", lang=lang), guest_env, window="guest")
    luis = PlainPlayer(tmux, guest, "Luis", w)
    tmux.wait_for(guest, w.lobby, timeout=15, what="the lobby, as a line")
    luis.type("1")
    tmux.wait_for(guest, w.waiting, timeout=10, what="the waiting room, as a line")
    tmux.wait_for(hosting, "Luis", timeout=5, what="Luis in the host's waiting room")
    tmux.send(hosting, "s")
    tmux.wait_for(guest, w.hand, timeout=10, what="the deal, as a line")

    ana = Player(tmux, hosting, "Ana")
    play.together([luis, ana], lambda: "over" in luis.steps and HAND_OVER.search(tmux.screen(hosting))
                  is not None, 240, "the hand played to its end")

    lines = luis.lines()
    text = "\n".join(lines)
    assert not BOX & set(text), sorted(BOX & set(text))  # no box drawing, no marks: words
    assert "\x1b" not in text
    assert {"draw", "play", "over"} <= set(luis.steps), luis.steps
    played = {"en": "you played {card}", "es": "jugaste {card}"}[lang]  # (played, not refused)
    assert played.format(card=luis.steps["by_name"]) in text.lower(), luis.steps["by_name"]
    assert w.i_drew in text
    assert w.played.format(name="Ana") in text  # the full-screen host's moves, narrated
    if "uno" in luis.steps:
        assert w.i_said_uno in text
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
    env = play.person(tmp_path, "Ana")
    if no_color:
        env["NO_COLOR"] = "1"
    window = tmux.start(host_command("--start", *([] if no_color else [setting])), env)
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
