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
