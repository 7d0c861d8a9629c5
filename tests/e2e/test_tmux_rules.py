"""End to end: a person joining a server sees, in the lobby, where the rules of this game are
(docs/RULES.md, relative to the folder they started from), in English, and in Spanish the
translation (docs/REGLAS.md)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import tmuxplay as play
from tmuxkit import ROOT, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("rules", width=90, height=24)


def test_tmux_the_lobby_says_where_the_rules_are(tmux: Tmux, tmp_path: Path) -> None:
    env = play.person(tmp_path, "Ana")
    server = subprocess.Popen(
        [sys.executable, "-m", "server", "--host", "127.0.0.1", "--port", "0", "--no-discovery",
         "--log-level", "warning"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith("listening on "), line
        address = line.split()[-1]
        for lang, text in (("es", "Las reglas de este juego: docs/REGLAS.md"),
                           ("en", "The rules of this game: docs/RULES.md")):
            window = tmux.start(play.join(address, lang=lang), env, window=lang)
            screen = tmux.wait_for(window, text, timeout=15, what=f"the rules line ({lang})")
            assert ("Sala" if lang == "es" else "Lobby") in screen
        for name in ("RULES.md", "REGLAS.md"):  # (the windows start in the project's folder)
            assert (ROOT / "docs" / name).is_file()
    finally:
        server.terminate()
        server.communicate(timeout=10)


def test_tmux_a_newcomer_reads_how_to_play_at_the_table(tmux: Tmux, tmp_path: Path) -> None:
    """Rosa has never played UNO and reads only Spanish: at a house table with 7-0, in the middle
    of her first hand at 90x24, F1 then PgDn tells her how to play at this table (its stacking
    and its 7-0, the hand's card codes), and PgDn on the last page brings her back to the table.
    Her friend, on a screen reader (plain mode), types "how" and hears the same, a line each
    (found play-testing: a newcomer could not learn the rules inside the game)."""
    window = tmux.start(play.host("--bots", "3", "--start", "--seed", "3", "--rules", "house",
                                  "--seven-zero", "--bot-delay", "0.5", lang="es"),
                        play.person(tmp_path / "rosa", "Rosa"), window="rosa")
    play.dealt(tmux, window, what="the deal", timeout=15)
    tmux.send(window, "F1")
    tmux.wait_for(window, "Página 1 de", timeout=5, what="the help's keys")
    tmux.send(window, "PageDown")
    screen = tmux.wait_for(window, "Cómo se juega en esta mesa", timeout=5, what="how to play")
    words = " ".join(screen.split())  # (a sentence wraps where the width says)
    assert "robas (d) hasta que una valga" in words and "A amarillo" in screen, screen
    for _ in range(6):  # on to the last page; PgDn there closes the help
        screen = tmux.screen(window)
        if "7-0: un 7 cambia tu mano" in screen:
            assert "Acumular:" in screen, screen
        if "REGLAS.md" in screen:
            break
        tmux.send(window, "PageDown")
        tmux.wait_for(window, lambda s, before=screen: s != before, timeout=5, what="the next page",
                      settle=False)
    assert "REGLAS.md" in screen, screen
    tmux.send(window, "PageDown")
    tmux.wait_for(window, lambda s: "Cómo se juega" not in s and "Tu mano" in s, timeout=5,
                  what="back at the table")

    plain = tmux.start(play.host("--bots", "1", "--start", "--seed", "3", "--bot-delay", "0.5", "--plain"),
                       play.person(tmp_path / "luis", "Luis"), window="luis")
    play.said(tmux, plain, "Your hand", timeout=15)
    start = play.typed(tmux, plain, "how")
    play.said(tmux, plain, "How to play at this table", after=start)
    play.said(tmux, plain, "Stuck? Type hint", after=start)
