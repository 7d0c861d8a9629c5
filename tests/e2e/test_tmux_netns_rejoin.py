"""The discovery form of the friend's night, in network namespaces the test makes (see
test_discovery_netns.py): the README's ``uno host`` line in one namespace, a friend's
``uno join`` in the other finds the table on the LAN list (DNS-SD), plays, is killed (SIGKILL),
and comes back by another address of the host's machine (a second IP, typed) to the same seat
and the same cards: seats are kept by the server's id, not by the address.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import tmuxplay as play
from test_discovery_netns import SERVER_IP, namespaces
from tmuxkit import PYTHON, Tmux

pytestmark = [play.needs_tmux, pytest.mark.machine_wide]
__all__ = ["namespaces"]  # the fixture, shared
SECOND_IP = "192.0.2.3"  # the host's machine's other address (documentation range, in the namespace)


@pytest.fixture
def tmux(namespaces: tuple[str, str]) -> Iterator[Tmux]:
    """After the namespaces (so it is stopped before they are deleted)."""
    session = Tmux("netns", width=100, height=26)
    try:
        yield session
    finally:
        session.kill()


def inside(ns: str, *command: str) -> list[str]:
    return ["ip", "netns", "exec", ns, PYTHON, "-m", "client", *command, "--lang", "en"]


def test_tmux_found_on_the_lan_killed_and_back_by_ip(namespaces: tuple[str, str], tmux: Tmux,
                                                    tmp_path: Path) -> None:
    server_ns, client_ns = namespaces
    server_if = f"unod{os.getpid() % 10**6}s"  # as test_discovery_netns names it
    subprocess.run(["ip", "-n", server_ns, "addr", "add", f"{SECOND_IP}/24", "dev", server_if],
                   check=True, capture_output=True, timeout=10)
    hosting = tmux.start(inside(server_ns, "host", *play.readme_hosting(), "--seed", "4",
                                "--turn-timeout", "0", "--bot-delay", "0.2", "--port", "0",
                                "--name", "Mesa netns"),
                         play.person(tmp_path / "ana", "Ana", debug=True), window="host")
    port = play.invitation(play.waiting_room(tmux, hosting)).rsplit(":", 1)[1]

    pidfile = tmp_path / "luis.pid"
    friend = play.person(tmp_path / "luis", "Luis", debug=True)
    guest = tmux.start(inside(client_ns, "join"), friend, window="guest", pidfile=pidfile)
    screen = tmux.wait_for(guest, "Mesa netns", timeout=15, what="the table on the LAN list")
    assert f"{SERVER_IP}:{port}" in screen or f"{SECOND_IP}:{port}" in screen  # nobody typed it
    listed = SERVER_IP if f"{SERVER_IP}:{port}" in screen else SECOND_IP
    other = SECOND_IP if listed == SERVER_IP else SERVER_IP
    tmux.send(guest, "Enter")
    play.sit(tmux, guest, "› Mesa netns")
    tmux.wait_for(hosting, "Luis", timeout=5, what="Luis in the host's waiting room")
    tmux.send(hosting, "s")  # (the empty seat becomes a bot)
    play.dealt(tmux, guest)

    _, back = play.play_a_hand_killing_the_friend(
        tmux, hosting, guest, pidfile, inside(client_ns, "join", f"{other}:{port}", "--no-discovery"),
        friend)
    assert "Welcome back" in back, back
