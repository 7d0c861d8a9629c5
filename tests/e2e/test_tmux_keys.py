"""End to end, in English and in Spanish: `l` and `x` ask before leaving (and say the table closes
for everyone when the host leaves bots alone), `l` moves right at the table, `q` asks before
quitting (the host mid-match: end the match or keep it), and every confirmation and the colour
picker show and take the language's keys.
``uno host --bots 3`` in an 80×24 tmux window; the deal is fixed by ``--seed``."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import tmuxplay as play
from tmuxkit import HAND_OVER, Tmux, my_turn, parse_hand

pytestmark = play.needs_tmux

# Ana's first hand: R2 R8 Y0 G5 G6 G9 W; Bot 1 deals a Green Reverse, plays a Wild (yellow), then Ana
SEED = 8274

TEXT = {
    "en": dict(waiting="press s to start", leave="Leave the table? y leaves, anything else stays.",
               closes="The table closes for everyone.", turn="Your turn", help="w why  t chat",
               colour="Colour for Wild:", colours="r:red   y:yellow   g:green   b:blue", yellow="y",
               played="You played Wild → yellow", quit="Quit? y quits, anything else stays.", yes="y",
               confirm_help="y yes   any other key: no", say="Say:",
               host_quit="End the match for everyone (e)", end="e"),
    "es": dict(waiting="pulsa s para empezar", leave="¿Dejar la mesa? s la deja; si no, te quedas.",
               closes="La mesa se cierra para todos.", turn="Tu turno", help="e explica  t chat",
               colour="Color para Comodín:", colours="r:rojo   a:amarillo   v:verde   z:azul",
               yellow="a", played="Jugaste Comodín → amarillo",
               quit="¿Salir? s sale; si no, te quedas.", yes="s", confirm_help="s sí   otra tecla: no",
               say="Di:",
               host_quit="¿Terminar la partida para todos (t)", end="t"),
}
HAND = {"en": ["R2", "R8", "Y0", "G5", "G6", "G9", "W"],
        "es": ["R2", "R8", "A0", "V5", "V6", "V9", "C"]}  # (the codes by amarillo, azul, comodín)
tmux = play.tmux_fixture("keys")


def gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("lang", ["en", "es"])
def test_leaving_and_quitting_ask_first_in_the_languages_keys(tmux: Tmux, tmp_path: Path, lang: str) -> None:
    text = TEXT[lang]
    pidfile = tmp_path / "pid"
    command = play.host("--bots", "3", "--seed", str(SEED), "--bot-delay", "0.05", "--turn-timeout", "0",
                        "--no-bell", lang=lang)
    window = tmux.start(command, play.person(tmp_path, "Ana"), pidfile=pidfile)
    play.waiting_room(tmux, window, text["waiting"])

    # l in the waiting room asks first, and says what happens to the table; another key stays
    tmux.send(window, "l")
    screen = tmux.wait_for(window, text["leave"], timeout=5, what="the leave confirmation")
    assert text["closes"] in screen and text["confirm_help"] in screen.splitlines()[-1]
    tmux.send(window, "n")
    tmux.wait_for(window, lambda s: text["leave"] not in s and text["waiting"] in s, timeout=5,
                  what="still in the waiting room")

    # q asks first (no match on yet: a plain quit); another key stays
    tmux.send(window, "q")
    screen = tmux.wait_for(window, text["quit"], timeout=5, what="the quit confirmation")
    assert text["confirm_help"] in screen.splitlines()[-1]
    # the other language's yes is another key: it stays (found play-testing: an English s, the
    # start key, quit; and left a table, closing it for everyone)
    tmux.send(window, "s" if lang == "en" else "y")
    tmux.wait_for(window, lambda s: text["quit"] not in s and text["waiting"] in s, timeout=5,
                  what="still in the waiting room")
    tmux.send(window, "q")
    tmux.wait_for(window, text["quit"], timeout=5, what="the quit confirmation again")
    tmux.send(window, "n")
    tmux.wait_for(window, lambda s: text["quit"] not in s and text["waiting"] in s, timeout=5,
                  what="still in the waiting room")

    tmux.send(window, "s")
    turn = tmux.wait_for(window, lambda s: text["turn"] in s and parse_hand(s) is not None, timeout=15,
                         what="the deal and Ana's turn")
    # the turn's cursor is on the first card that goes (found play-testing: it stayed on R2)
    first = parse_hand(turn)
    assert first is not None and first.selected == min(first.playable) > 0, first
    tmux.send(window, "Home")
    screen = tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == 0, timeout=5,
                           what="Home: the first card")
    assert text["help"] in screen.splitlines()[-1]
    hand = parse_hand(screen)
    assert hand is not None and hand.cards == HAND[lang]

    # at the table l moves right (h left), and x asks before leaving
    tmux.send(window, "l")
    tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == 1, timeout=5,
                  what="l moved right")
    tmux.send(window, "h")
    tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == 0, timeout=5,
                  what="h moved left")
    tmux.send(window, "x")
    tmux.wait_for(window, text["leave"], timeout=5, what="x asks first")
    tmux.send(window, "n")
    tmux.wait_for(window, lambda s: text["leave"] not in s and text["turn"] in s, timeout=5,
                  what="still at the table")

    # the colour picker shows the language's letters, and they work
    tmux.send(window, "7")
    tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == 6, timeout=5,
                  what="the Wild chosen")
    tmux.send(window, "Enter")
    screen = tmux.wait_for(window, text["colour"], timeout=5, what="the colour picker")
    assert text["colours"] in screen
    # the chat opens there too, and what is typed names no colour (found play-testing: t did
    # nothing, and the first y of the message played the Wild in yellow)
    tmux.send(window, "t")
    tmux.wait_for(window, text["say"], timeout=5, what="the chat prompt at the colour question")
    tmux.send(window, "-l", "brb, rgby")
    tmux.send(window, "Enter")
    screen = tmux.wait_for(window, "Ana: brb, rgby", timeout=5, what="the chat line")
    assert text["colour"] in screen and text["played"] not in screen, screen
    tmux.send(window, text["yellow"])
    tmux.wait_for(window, text["played"], timeout=5, what="the Wild played in yellow")

    # mid-match the host's q asks whether to end the match or keep it; another key stays; the
    # language's "end" key quits
    tmux.send(window, "q")
    tmux.wait_for(window, text["host_quit"], timeout=5, what="the host's quit question")
    tmux.send(window, "n")
    tmux.wait_for(window, lambda s: text["host_quit"] not in s, timeout=5, what="still playing")
    assert not gone(int(pidfile.read_text()), 0.3)
    tmux.send(window, "q")
    tmux.wait_for(window, text["host_quit"], timeout=5, what="the question again")
    tmux.send(window, text["end"])
    assert gone(int(pidfile.read_text()), 10), "the client did not quit"


FIRST_WILD = {"en": ("The first card is a Wild. Colour:", "You chose yellow"),
              "es": ("La primera es un Comodín. Color:", "Elegiste amarillo")}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_first_wild_asks_its_colour_in_words_at_80_columns(tmux: Tmux, tmp_path: Path, lang: str) -> None:
    """Seed 17 turns up a Wild with Ana first to play: the question fits beside its keys at 80
    columns in both languages (the Spanish one showed its keys alone), and her key names it."""
    question, chosen = FIRST_WILD[lang]
    command = play.host("--bots", "3", "--start", "--seed", "17", "--turn-timeout", "0", "--no-bell",
                        lang=lang)
    window = tmux.start(command, play.person(tmp_path, "Ana"))
    screen = tmux.wait_for(window, question, timeout=15, what="the first Wild's question")
    assert TEXT[lang]["colours"] in screen, screen
    tmux.send(window, TEXT[lang]["yellow"])
    tmux.wait_for(window, chosen, timeout=10, what="the colour named")


def test_page_up_reads_the_start_of_the_hand_once_the_log_has_moved_on(tmux: Tmux, tmp_path: Path) -> None:
    """The log beside the table shows a dozen lines at 80×24: Ana draws until the deal has left
    it, then PgUp brings it back, with a row saying what is below, and PgDn the newest lines."""
    command = play.host("--bots", "3", "--start", "--seed", str(SEED), "--bot-delay", "0.05",
                        "--turn-timeout", "0", "--no-bell")
    window = tmux.start(command, play.person(tmp_path, "Ana"))
    dealt = "Hand 1 — Bot 1 dealt"
    screen = tmux.wait_for(window, dealt, timeout=15, what="the deal in the log")
    for _ in range(12):
        if dealt not in screen:
            break
        screen = tmux.wait_for(window, lambda s: my_turn(s) or HAND_OVER.search(s) is not None,
                               timeout=10, what="Ana's turn")
        assert HAND_OVER.search(screen) is None, "the hand ended before the log filled"
        tmux.send(window, "d")  # (a drawn card that goes may be kept: p passes then)
        screen = tmux.wait_for(window, lambda s, before=screen: s != before, timeout=5, what="the draw")
        if my_turn(screen) and "You cannot pass" not in screen:
            tmux.send(window, "p")
        screen = tmux.stable_screen(window)
    assert dealt not in screen, screen
    tmux.send(window, "PPage")
    screen = tmux.wait_for(window, lambda s: dealt in s and "newer lines: PgDn" in s, timeout=5,
                           what="the start of the hand, paged back to")
    tmux.send(window, "NPage")
    tmux.wait_for(window, lambda s: dealt not in s and "newer line" not in s, timeout=5,
                  what="the newest lines again")
