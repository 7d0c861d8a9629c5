"""LAN discovery as standard tools see it: avahi (avahi-daemon, avahi-browse, avahi-publish) in
network namespaces, next to our servers and our browser.

Two cloned Raspberry Pis (host name `raspberrypi`) on one LAN, the second also on a docker-like
network: avahi on the LAN resolves each table to its own host name and address, avahi on the
second network sees only the second Pi, at the address valid there. And our browser still lists
what avahi publishes, forgiving odd TXT fields and leaving out a service without a port.

avahi is not a dependency of the project: the test skips unless avahi-daemon, avahi-browse,
avahi-publish and dbus-daemon are installed (`apt-get install avahi-daemon avahi-utils`). Each
avahi runs with a private dbus in mount and PID namespaces of its own, so nothing of it outlives
the test or touches this machine's /run.
"""

from __future__ import annotations

import re
import shutil
import sys
import time
from collections.abc import Iterator

import pytest
from netnskit import PORT, PROBE, WAIT, Children, Lines, Net, announced_host, namespaces_or_skip, start_server

from protocol import PROTOCOL_VERSION

TOOLS = ("avahi-daemon", "avahi-browse", "avahi-publish", "dbus-daemon", "unshare")
pytestmark = [
    pytest.mark.machine_wide,
    pytest.mark.skipif(sys.platform != "linux", reason="network namespaces are Linux's"),
    pytest.mark.skipif(any(shutil.which(tool) is None for tool in TOOLS),
                       reason="needs avahi: apt-get install avahi-daemon avahi-utils"),
]

# A private /run (for dbus' socket and avahi's pid file), dbus and avahi in the foreground, then
# one shell command per line of stdin, each followed by "--- done <status>".
AVAHI_SHELL = r"""
mount -t tmpfs uno-avahi /run && mkdir -p /run/dbus /run/avahi-daemon || exit 2
dbus-daemon --system --nofork --nopidfile &
i=0; until [ -S /run/dbus/system_bus_socket ]; do i=$((i+1)); [ $i -lt 200 ] || exit 3; sleep 0.05; done
avahi-daemon --no-drop-root --no-rlimits --no-chroot --no-proc-title &
i=0; until avahi-daemon -c; do i=$((i+1)); [ $i -lt 200 ] || exit 4; sleep 0.05; done
echo "--- ready"
while read -r line; do sh -c "$line" 2>&1; echo "--- done $?"; done
"""


class Avahi:
    """avahi-daemon in a namespace, and a shell beside it to run avahi's tools."""

    def __init__(self, children: Children, logs: dict[str, Lines], ns: str) -> None:
        # --kill-child: when the test stops unshare, the shell (PID 1 there) and so every
        # process in that PID namespace dies with it
        proc, self.out, err = children.start_command(
            ns, ["unshare", "--mount", "--pid", "--fork", "--kill-child", "--mount-proc",
                 "sh", "-c", AVAHI_SHELL])
        logs.update({f"avahi in {ns}": self.out, f"avahi in {ns} stderr": err})
        assert proc.stdin is not None
        self.stdin = proc.stdin
        self.out.wait(lambda line: line == "--- ready")

    def run(self, command: str) -> list[str]:
        """The output lines of ``command``, run beside the daemon."""
        start = len(self.out.seen)
        self.stdin.write(command + "\n")
        self.stdin.flush()
        self.out.wait(lambda line: line.startswith("--- done"))
        return self.out.seen[start:-1]

    def browse(self, *names: str) -> dict[str, set[tuple[str, str]]]:
        """(host, address) of each resolved ``_uno._tcp`` service, by name, once every one of
        ``names`` is resolved (avahi-browse asked again until then, for at most WAIT seconds: a
        count of tries ran out on a loaded machine before a service just published was)."""
        found: dict[str, set[tuple[str, str]]] = {}
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            found = {}
            for line in self.run("avahi-browse --resolve --parsable --terminate _uno._tcp"):
                fields = line.split(";")
                if fields[0] == "=" and len(fields) >= 9:
                    name = re.sub(r"\\(\d{3})", lambda m: chr(int(m.group(1))), fields[3])
                    found.setdefault(name, set()).add((fields[6], fields[7]))
                    found.setdefault(f"{name} txt", set()).add((fields[9], ""))
            if all(name in found for name in names):
                return found
        raise AssertionError(f"avahi did not resolve {names}: {found}")


@pytest.fixture
def net() -> Iterator[Net]:
    with namespaces_or_skip() as made:
        yield made


def test_avahi_resolves_each_table_to_its_own_host_and_address(net: Net) -> None:
    lan, pi_a, pi_b, dock = net.ns("lan"), net.ns("a"), net.ns("b"), net.ns("dock")
    a_dev, a_port = net.veth(pi_a, lan)
    b_dev, b_port = net.veth(pi_b, lan)
    b_dock, dock_dev = net.veth(pi_b, dock)
    net.up(lan, net.bridge(lan, a_port, b_port), "192.0.2.2/24")
    net.up(pi_a, a_dev, "192.0.2.1/24")
    net.up(pi_b, b_dev, "192.0.2.3/24")
    net.up(pi_b, b_dock, "198.51.100.1/24")
    net.up(dock, dock_dev, "198.51.100.2/24")
    children = Children()
    logs: dict[str, Lines] = {}
    try:
        errs = [start_server(children, logs, ns, name, "--host", "0.0.0.0", "--port", str(PORT),
                             hostname="raspberrypi") for ns, name in ((pi_a, "pi A"), (pi_b, "pi B"))]
        host_a, host_b = (announced_host(err).rstrip(".") for err in errs)
        assert host_a != host_b

        on_lan = Avahi(children, logs, lan).browse("pi A", "pi B")
        assert on_lan["pi A"] == {(host_a, "192.0.2.1")}
        assert on_lan["pi B"] == {(host_b, "192.0.2.3")}
        [(txt, _)] = on_lan["pi A txt"]
        assert '"name=pi A"' in txt and f'"protocol={PROTOCOL_VERSION}"' in txt

        in_dock = Avahi(children, logs, dock).browse("pi B")
        assert in_dock["pi B"] == {(host_b, "198.51.100.1")}
        assert "pi A" not in in_dock
    finally:
        children.stop_all()
        for title, lines in logs.items():  # shown by pytest when the test fails
            print(f"--- {title}:\n{lines.text()}")


def test_our_browser_lists_what_avahi_publishes(net: Net) -> None:
    lan, other = net.ns("lan"), net.ns("other")
    lan_dev, other_dev = net.veth(lan, other)
    net.up(lan, lan_dev, "192.0.2.2/24")
    net.up(other, other_dev, "192.0.2.5/24")
    children = Children()
    logs: dict[str, Lines] = {}
    try:
        avahi = Avahi(children, logs, other)
        for service in ('-s "avahi table" _uno._tcp 7790 txtvers=1 "name=avahi table" '
                        f"protocol={PROTOCOL_VERSION} tables=1 free=3 players=1 rules=house "
                        '"rooms=after lunch|late"',
                        '-s "odd table" _uno._tcp 7791 tables=many free=-3 protocol=x',
                        '-s "no port" _uno._tcp 0 "name=no port"'):
            avahi.run(f"avahi-publish {service} >/dev/null 2>&1 &")
        avahi.browse("avahi table", "odd table", "no port")  # all three are on the network
        proc, out, err = children.start(lan, str(PROBE), "list", str(WAIT), "avahi table",
                                        "odd table")
        logs.update({"probe stdout": out, "probe stderr": err})
        _, discovered = out.event("discovered")
        assert proc.wait(WAIT) == 0
        listed = {s["name"]: s for s in discovered["servers"]}
        table = listed["avahi table"]
        assert (table["host"], table["port"], table["addresses"]) == ("192.0.2.5", 7790, ["192.0.2.5"])
        assert (table["protocol"], table["tables"], table["free_seats"], table["players"],
                table["rules"], table["rooms"]) == (PROTOCOL_VERSION, 1, 3, 1, "house",
                                                    ["after lunch", "late"])
        odd = listed["odd table"]
        assert (odd["protocol"], odd["tables"], odd["free_seats"]) == (None, 0, 0)
        assert "no port" not in listed
    finally:
        children.stop_all()
        for title, lines in logs.items():
            print(f"--- {title}:\n{lines.text()}")

