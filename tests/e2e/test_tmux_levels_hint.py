"""End to end, in tmux: the host sets one bot's level and keeps another's in the waiting room
(↑↓ picks the bot, b changes its level), a friend who reads Spanish sees both levels, and the
match starts with them; then the hint key (?) at the table, read in English and in Spanish."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import tmuxplay as play
from tmuxkit import Tmux

from engine.bots import BOT_LEVELS

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("levels")
# The level set for Bot 1: hard once the engine has it (it is being built), else the next one up.
STRONG = "hard" if "hard" in BOT_LEVELS else BOT_LEVELS[1]
SPANISH = {"easy": "fácil", "normal": "normal", "hard": "difícil", "expert": "experto"}
DEALT_ES = re.compile(r"Tu mano \(\d+\)")


def host(lang: str, bots: int, *extra: str) -> list[str]:
    return play.host("--bots", str(bots), "--seed", "5", "--bot-delay", "0.05", "--turn-timeout", "0",
                     *extra, lang=lang)


def bot_line(screen: str, name: str) -> str:
    return next((line for line in screen.splitlines() if f"{name}  (" in line), "")


def test_tmux_the_host_sets_each_bots_level_and_a_spanish_friend_sees_them(
        tmux: Tmux, tmp_path: Path) -> None:
    ana = tmux.start(host("en", 2, "--bot-level", "easy"), play.person(tmp_path / "ana", "Ana"),
                     window="ana")
    screen = play.waiting_room(tmux, ana)
    assert "Bot 1  (easy bot)" in screen and "Bot 2  (easy bot)" in screen  # --bot-level
    assert "› 2. Bot 1" in screen and "b changes its level" in screen
    address = play.invitation(screen)

    for _ in range(len(BOT_LEVELS)):  # b steps Bot 1 through the levels, to the strong one
        if f"Bot 1  ({STRONG} bot)" in screen:
            break
        before = bot_line(screen, "Bot 1")
        tmux.send(ana, "b")
        screen = tmux.wait_for(ana, lambda s, b=before: bot_line(s, "Bot 1") != b,  # type: ignore[misc]
                               timeout=5, what="Bot 1's new level")
    assert f"Bot 1  ({STRONG} bot)" in screen
    tmux.send(ana, "Down")  # Bot 2: round every level, back to easy
    tmux.wait_for(ana, "› 3. Bot 2", timeout=5, what="Bot 2 picked")
    for level in (*BOT_LEVELS[1:], BOT_LEVELS[0]):
        tmux.send(ana, "b")
        screen = tmux.wait_for(ana, f"Bot 2  ({level} bot)", timeout=5, what=f"Bot 2 {level}")
    assert f"Bot 1  ({STRONG} bot)" in screen and "Bot 2  (easy bot)" in screen

    luis = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "luis", "Luis"),
                      window="luis")
    play.sit(tmux, luis, "› Ana's table", waiting="Esperando a que Ana empiece", what="the lobby (es)")
    screen = tmux.screen(luis)
    strong = SPANISH[STRONG]
    assert f"Bot 1  (bot {strong})" in screen and "Bot 2  (bot fácil)" in screen, screen
    assert "b nivel" not in screen.splitlines()[-1]  # a guest has no such key

    tmux.wait_for(ana, "Luis", timeout=5, what="Luis in the waiting room")
    tmux.send(ana, "b")  # (Bot 2, still picked: easy to normal, which Luis is told)
    tmux.wait_for(luis, "Bot 2 juega ahora a nivel normal", timeout=5, what="the new level, told")
    tmux.send(ana, "s")
    play.dealt(tmux, ana)
    tmux.wait_for(luis, lambda s: DEALT_ES.search(s) is not None, timeout=10, what="the deal (es)")
    # The levels at the table too (found play-testing: nothing there said which bot was which):
    # the log says them as the match begins (80 columns: the seats' row has no room for them)
    tmux.wait_for(ana, "The bots' levels:", timeout=5, what="the levels, in the log")
    tmux.wait_for(luis, "Nivel de los bots:", timeout=5, what="the levels, in the log (es)")


HINT = {"en": re.compile(r"Hint: (play|jump|draw|keep|pass|name|challenge|accept|say|catch)"),
        "es": re.compile(r"Pista: (juega|corta|roba|sigue|pasa|elige|desafía|acepta|di|pilla)")}
TURN = {"en": "Your turn", "es": "Tu turno"}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_tmux_the_hint_key_shows_what_to_play_and_why(tmux: Tmux, tmp_path: Path, lang: str) -> None:
    dealt = play.DEALT if lang == "en" else DEALT_ES
    window = tmux.start(host(lang, 3, "--start"), play.person(tmp_path / "ana", "Ana"), window="ana")
    screen = tmux.wait_for(window, lambda s: TURN[lang] in s and dealt.search(s) is not None,
                           timeout=30, what="Ana's turn")
    assert ("? hint" if lang == "en" else "? pista") in screen.splitlines()[-1]  # the help line
    tmux.send(window, "?")
    screen = tmux.wait_for(window, lambda s: HINT[lang].search(s) is not None, timeout=10,
                           what="the hint")
    line = next(line for line in screen.splitlines() if HINT[lang].search(line))
    assert " — " in line, line  # and why
    print(line)
    tmux.send(window, "Escape")  # (found play-testing: the help says "Esc cancels", and it stayed)
    tmux.wait_for(window, lambda s: HINT[lang].search(s) is None, timeout=5, what="the hint put away")
