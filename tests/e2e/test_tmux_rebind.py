"""End to end: a player rebinds draw and play in keys.toml; the help screen (F1) shows the new
keys, the help line too, and the new keys work at the table. And the keys that were fixed
before: a bot's level, the hint and the replay moved elsewhere, in English and in Spanish.
``uno host --bots 3 --seed 8274``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import tmuxplay as play
from tmuxkit import Player, Tmux, my_turn, parse_hand

pytestmark = play.needs_tmux

# Ana's first hand: R2 R8 Y0 G5 G6 G9 W; Bot 1 deals a Green Reverse, plays a Wild (yellow), then Ana
SEED = 8274
tmux = play.tmux_fixture("rebind", width=100, height=30)


def test_rebound_draw_and_play_show_in_the_help_and_work(tmux: Tmux, tmp_path: Path) -> None:
    env = play.person(tmp_path, "Ana")
    keys = Path(env["XDG_CONFIG_HOME"]) / "uno" / "keys.toml"
    keys.parent.mkdir(parents=True)
    keys.write_text('draw = "g"\nplay = "k"\n')
    command = play.host("--bots", "3", "--seed", str(SEED), "--bot-delay", "0.05", "--turn-timeout", "0",
                        "--no-bell")
    window = tmux.start(command, env)
    play.waiting_room(tmux, window)

    tmux.send(window, "F1")
    screen = tmux.wait_for(window, "Playing a hand", timeout=5, what="the help screen")
    assert re.search(r"\bg +draw\b", screen) and re.search(r"\bk +play the card\b", screen), screen
    assert re.search(r"\bp +pass\b", screen)  # the rest keep their defaults
    tmux.send(window, "z")  # any key closes it
    tmux.wait_for(window, lambda s: "Playing a hand" not in s and "press s to start" in s, timeout=5,
                  what="the help closed")

    tmux.send(window, "s")
    screen = tmux.wait_for(window, lambda s: my_turn(s) and (h := parse_hand(s)) is not None
                           and bool(h.playable), timeout=15, what="Ana's turn")
    assert "k play  g draw" in screen.splitlines()[-1]
    hand = parse_hand(screen)
    assert hand is not None
    card = hand.playable[0]
    if hand.cards[card] == "W":  # (a colour would be asked: any other playable card will do)
        card = hand.playable[-1] if hand.cards[hand.playable[-1]] != "W" else card
    tmux.send(window, str(card + 1))
    tmux.wait_for(window, lambda s: (h := parse_hand(s)) is not None and h.selected == card, timeout=5,
                  what="the card chosen")
    tmux.send(window, "d")  # the old draw key does nothing now
    tmux.send(window, "k")
    screen = tmux.wait_for(window, "You played", timeout=5, what="k played the card")
    assert "You drew" not in screen

    tmux.wait_for(window, lambda s: my_turn(s) and (h := parse_hand(s)) is not None and h.cards != hand.cards,
                  timeout=15, what="Ana's turn again")
    tmux.send(window, "g")
    tmux.wait_for(window, "You drew", timeout=5, what="g drew a card")


@dataclass(frozen=True)
class Seen:
    """What the host reads, in one language."""

    waiting: str
    normal: str
    hard: str
    level_help: str
    hint_help: str
    dealt: str
    hint: str
    thinking: str


SEEN = {"en": Seen("press s to start", "Bot 1  (normal bot)", "Bot 1  (hard bot)", "L bot level",
                   "F5 hint", "Your hand (", "Hint: ", "Hint: thinking"),
        "es": Seen("pulsa s para empezar", "Bot 1  (bot normal)", "Bot 1  (bot difícil)",
                   "↑↓ L nivel", "F5 pista", "Tu mano (", "Pista: ", "Pista: pensando")}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_rebound_bot_level_hint_and_replay_keys(tmux: Tmux, tmp_path: Path, lang: str) -> None:
    """keys.toml moves b (a bot's level), ? (the hint) and v (the replay) to L, F5 and V: the
    waiting room, the help screen and the help lines name them, the new keys work, the old
    ones do nothing; in English the hand is played out and V opens its replay."""
    seen = SEEN[lang]
    env = play.person(tmp_path, "Ana")
    keys = Path(env["XDG_CONFIG_HOME"]) / "uno" / "keys.toml"
    keys.parent.mkdir(parents=True)
    keys.write_text('bot_level = "L"\nhint = "F5"\nreplay = "V"\n')
    command = play.host("--bots", "3", "--seed", str(SEED), "--bot-delay", "0.05", "--turn-timeout", "0",
                        "--no-bell", lang=lang)
    window = tmux.start(command, env)
    screen = play.waiting_room(tmux, window, seen.waiting)
    assert seen.level_help in screen.splitlines()[-1] and seen.normal in screen

    tmux.send(window, "b", "Down")  # b is no key now: Bot 1 keeps its level
    screen = tmux.wait_for(window, "› 3. Bot 2", timeout=5, what="Bot 2 picked")
    assert seen.normal in screen
    tmux.send(window, "Up", "L")
    screen = tmux.wait_for(window, seen.hard, timeout=5, what="L changed Bot 1's level")

    tmux.send(window, "F1")
    screen = tmux.wait_for(window, "F5 ", timeout=5, what="the help screen")
    assert re.search(r"\bL +\S", screen) and re.search(r"\bV +\S", screen), screen
    tmux.send(window, "z")
    tmux.wait_for(window, seen.waiting, timeout=5, what="the help closed")

    tmux.send(window, "s")
    screen = tmux.wait_for(window, lambda s: seen.dealt in s and seen.hint_help in s.splitlines()[-1],
                           timeout=15, what="Ana's turn")
    tmux.send(window, "Home")  # (the turn's cursor is on the first card that goes)
    tmux.wait_for(window, lambda s: (h := parse_hand(s.replace("Tu mano (", "Your hand (")))
                  is not None and h.selected == 0, timeout=5, what="Home: the first card")
    tmux.send(window, "?", "Right")  # ? is no key now: no hint, and the selection moves on
    screen = tmux.wait_for(window, lambda s: (h := parse_hand(s.replace("Tu mano (", "Your hand (")))
                           is not None and h.selected == 1, timeout=5, what="the selection moved")
    assert seen.hint not in screen
    tmux.send(window, "F5")
    tmux.wait_for(window, lambda s: seen.hint in s and seen.thinking not in s, timeout=30, what="the hint")
    if lang == "es":
        return

    final = Player(tmux, window, "Ana").play_hand()
    assert "V replay" in final.splitlines()[-1], final
    tmux.send(window, "v", "t")  # v is no key now: the chat opens, no replay
    screen = tmux.wait_for(window, "Say: ", timeout=5, what="the chat prompt")
    assert "Fetching the replay" not in screen and "Replay ·" not in screen
    tmux.send(window, "Escape")
    tmux.wait_for(window, lambda s: "Say: " not in s, timeout=5, what="the chat closed")
    tmux.send(window, "V")
    tmux.wait_for(window, "move 0 of", timeout=10, what="V opened the replay")


def test_at_60_by_20_the_key_bar_names_the_help_and_the_help_turns_its_pages(tmux: Tmux,
                                                                              tmp_path: Path) -> None:
    """Found play-testing at 60x20: the key bar of a hand named no help key, and the help ended
    at "j take a seat" (PgDn closed it): the keys of a hand were out of reach."""
    env = play.person(tmp_path, "Ana")
    command = play.host("--bots", "3", "--seed", str(SEED), "--bot-delay", "0.05", "--turn-timeout", "0",
                        "--no-bell", "--start")
    window = tmux.start(command, env)
    tmux.resize(window, 60, 20)
    screen = tmux.wait_for(window, lambda s: my_turn(s) and s.splitlines()[-1].startswith(" F1 help"),
                           timeout=15, what="Ana's turn, F1 on the key bar")
    tmux.send(window, "F1")
    screen = tmux.wait_for(window, "Page 1 of", timeout=5, what="the help's first page")
    assert "say UNO" not in screen
    for page in range(2, 6):
        tmux.send(window, "PageDown")
        screen = tmux.wait_for(window, f"Page {page} of", timeout=5, what=f"the help's page {page}")
        if "say UNO" in screen:
            break
    assert "say UNO" in screen and "catch a player without UNO" in screen, screen
    tmux.send(window, "z")  # any other key closes it
    tmux.wait_for(window, lambda s: "Page " not in s and my_turn(s), timeout=5, what="the help closed")
