"""End to end, in tmux: a player on a LAN with two cloned Raspberry Pis (both `raspberrypi`),
the second also on a docker-like network and serving a table over IPv6 too. `uno join` lists
the three tables, each at its own address (never the docker one), and choosing the IPv6 one
leads to that server's lobby.

Runs in network namespaces the test makes and deletes (netnskit.py); needs root, iproute2, unshare
and tmux, and skips otherwise.
"""

from __future__ import annotations

import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import tmuxplay as play
from netnskit import PORT, Children, Lines, Net, announced_host, namespaces_or_skip, start_server
from tmuxkit import PYTHON, Tmux

pytestmark = [
    pytest.mark.machine_wide,
    pytest.mark.skipif(sys.platform != "linux", reason="network namespaces are Linux's"),
    play.needs_tmux,
    pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare (util-linux)"),
]


@pytest.fixture
def net() -> Iterator[Net]:
    with namespaces_or_skip() as made:
        yield made
tmux = play.tmux_fixture("discovery", width=100)


def row(screen: str, name: str) -> str:
    """The browser's line for the table called ``name`` (selected or not)."""
    for line in screen.splitlines():
        if re.match(rf"^\s*›?\s*{re.escape(name)}\s{{2,}}", line):
            return line
    raise AssertionError(f"no row for {name!r}:\n{screen}")


def has_rows(screen: str, *names: str) -> bool:
    """Whether the browser lists every one of ``names`` (a row each: "pi B" is not "pi B v6")."""
    try:
        return all(row(screen, name) for name in names)
    except AssertionError:
        return False


def test_tmux_each_table_is_listed_at_its_own_address_and_joined(net: Net, tmux: Tmux,
                                                                  tmp_path: Path) -> None:
    lan, pi_a, pi_b, dock = net.ns("lan"), net.ns("a"), net.ns("b"), net.ns("dock")
    a_dev, a_port = net.veth(pi_a, lan)
    b_dev, b_port = net.veth(pi_b, lan)
    b_dock, dock_dev = net.veth(pi_b, dock)
    net.up(lan, net.bridge(lan, a_port, b_port), "192.0.2.2/24", "2001:db8:1::2/64")
    net.up(pi_a, a_dev, "192.0.2.1/24")
    net.up(pi_b, b_dev, "192.0.2.3/24", "2001:db8:1::3/64")
    net.up(pi_b, b_dock, "198.51.100.1/24", "2001:db8:2::1/64")
    net.up(dock, dock_dev, "198.51.100.2/24")
    children = Children()
    logs: dict[str, Lines] = {}
    try:
        errs = [start_server(children, logs, ns, name, "--host", host, "--port", str(port),
                             hostname="raspberrypi")
                for ns, name, host, port in ((pi_a, "pi A", "0.0.0.0", PORT),
                                             (pi_b, "pi B", "0.0.0.0", PORT),
                                             (pi_b, "pi B v6", "::", PORT + 1))]
        for err in errs:
            announced_host(err)

        guest = tmux.start(["ip", "netns", "exec", lan, PYTHON, "-m", "client", "join", "--lang", "en"],
                           play.person(tmp_path, "Luis"), window="guest")
        screen = tmux.wait_for(guest, lambda s: has_rows(s, "pi A", "pi B", "pi B v6"),
                               timeout=15, what="the three tables on the LAN")
        print(screen)
        assert "192.0.2.1:7777" in row(screen, "pi A")
        assert "192.0.2.3:7777" in row(screen, "pi B")
        assert f"[2001:db8:1::3]:{PORT + 1}" in row(screen, "pi B v6")
        assert "198.51.100." not in screen and "2001:db8:2:" not in screen

        for _ in range(3):  # the list is sorted by name: pi A, pi B, pi B v6
            if row(screen, "pi B v6").lstrip().startswith("›"):
                break
            tmux.send(guest, "Down")
            screen = tmux.wait_for(guest, lambda s, old=screen: s != old, timeout=3)  # type: ignore[misc]
        assert row(screen, "pi B v6").lstrip().startswith("›"), screen
        tmux.send(guest, "Enter")
        screen = tmux.wait_for(guest, "Lobby", timeout=10, what="the lobby of pi B v6")
        print(screen)
        assert "pi B v6" in screen
        server_log = logs["pi B v6 stderr"]
        server_log.wait(lambda line: "connection from 2001:db8:1::2" in line, timeout=5)
    finally:
        tmux.kill()
        children.stop_all()
        for title, lines in logs.items():  # shown by pytest when the test fails
            print(f"--- {title}:\n{lines.text()}")
