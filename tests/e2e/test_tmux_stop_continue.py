"""End to end, in tmux: the client stopped and continued from a shell (``kill -STOP``, then
``kill -CONT`` and ``fg``). The shell takes the terminal back meanwhile, in its own mode, and
writes over the screen; found play-testing, the table then stayed garbled and every key was
echoed and read by the line. Now the continued client puts the terminal back in raw mode and
draws its whole screen again: the lobby shows clean, and ``n`` opens the form at once."""

from __future__ import annotations

import os
import shlex
import signal
from pathlib import Path

import tmuxplay as play
from kit.server import ServerProcess
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("stopcont", width=100, height=30)


def test_tmux_a_client_stopped_and_continued_from_its_shell_draws_itself_again(
        tmux: Tmux, tmp_path: Path) -> None:
    server = ServerProcess()
    try:
        env = {**play.person(tmp_path / "ana"), "PS1": "shell$ "}
        shell = tmux.start(["bash", "--norc", "--noprofile", "-i"], env, window="shell")
        tmux.wait_for(shell, "shell$", timeout=10, what="the shell's prompt")
        pidfile = tmp_path / "client.pid"
        client = shlex.join(play.join(f"127.0.0.1:{server.port}", "--player", "Ana", "--no-bell"))
        tmux.send(shell, f"sh -c 'echo $$ > {pidfile}; exec {client}'", "Enter")
        tmux.wait_for(shell, "Press n to open one", timeout=20, what="the lobby")
        pid = int(pidfile.read_text())

        os.kill(pid, signal.SIGSTOP)
        tmux.wait_for(shell, "Stopped", timeout=10, what="the shell taking the terminal back")
        os.kill(pid, signal.SIGCONT)
        tmux.send(shell, "fg", "Enter")
        tmux.wait_for(shell, lambda s: "Press n to open one" in s and "Stopped" not in s
                      and "shell$" not in s, timeout=10, what="the lobby drawn whole again")
        tmux.send(shell, "n")  # (one key, no Enter: raw mode again)
        tmux.wait_for(shell, "A new table", timeout=10, what="the form, opened by n alone")
        tmux.send(shell, "C-c")
    finally:
        server.stop()
        server.remove_log()
