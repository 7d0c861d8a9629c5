"""LAN discovery for real: servers and browsing clients in network namespaces of their own.

First a server and a client joined by a veth pair (192.0.2.1 and 192.0.2.2, addresses reserved
for documentation): the server (``python -m server``) announces itself over mDNS; the client
(discovery_probe.py) must list it within 2 s of the registration, join through the listing, see
the listing follow a new table, and see the server withdraw when it stops. Then what breaks on
real LANs: two machines with one host name, and a server on two networks (each client must be
given only the addresses of its own network). Needs root and iproute2 (``ip``); skips otherwise.
The namespaces exist only during the test and are deleted, with every process, at the end.
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time
from collections.abc import Iterator

import pytest
from netnskit import (
    PORT,
    PROBE,
    WAIT,
    Children,
    Lines,
    Net,
    announced_host,
    ask,
    namespaces_or_skip,
    probe_each,
    start_server,
)

from protocol import PROTOCOL_VERSION
from server.discovery_net import Link, host_label

SERVER_IP, CLIENT_IP = "192.0.2.1", "192.0.2.2"
LISTED_WITHIN = 2.0  # seconds from the end of registration to the table being listed

pytestmark = [pytest.mark.skipif(sys.platform != "linux", reason="network namespaces are Linux's"),
              pytest.mark.machine_wide]


@pytest.fixture
def net() -> Iterator[Net]:
    with namespaces_or_skip() as made:
        yield made


@pytest.fixture
def namespaces() -> Iterator[tuple[str, str]]:
    """A server's namespace and a client's, on one link (SERVER_IP, CLIENT_IP); the server's end
    is named ``unod<pid>s`` (test_tmux_netns_rejoin.py adds an address to it). Self-contained, so
    that other test files can import it."""
    tag = os.getpid() % 10**6
    with namespaces_or_skip() as net:
        server_ns, client_ns = net.ns("s"), net.ns("c")
        server_if, client_if = net.veth(server_ns, client_ns, (f"unod{tag}s", f"unod{tag}c"))
        net.up(server_ns, server_if, f"{SERVER_IP}/24")
        net.up(client_ns, client_if, f"{CLIENT_IP}/24")
        yield server_ns, client_ns


def test_a_table_in_another_namespace_is_listed_and_joined(namespaces: tuple[str, str]) -> None:
    server_ns, client_ns = namespaces
    name = f"netns table server {os.getpid()}"
    children = Children()
    logs: dict[str, Lines] = {}
    try:
        _, watch_out, watch_err = children.start(client_ns, str(PROBE), "watch", name, str(WAIT))
        logs.update({"watching probe stdout": watch_out, "watching probe stderr": watch_err})
        watch_out.event("ready")

        started_at = time.monotonic()
        server, server_out, server_err = children.start(
            server_ns, "-m", "server", "--host", "0.0.0.0", "--port", "0", "--name", name,
            "--log-level", "info", "--heartbeat", "60")
        logs.update({"server stdout": server_out, "server stderr": server_err})
        _, listening = server_out.wait(lambda line: line.startswith("listening on "))
        port = int(listening.rsplit(":", 1)[1])
        announced_at, line = server_err.wait(
            lambda line: "announced on the LAN" in line or "LAN discovery is off" in line)
        assert "announced on the LAN" in line

        # listed: the probe was browsing before the server started
        listed_at, found = watch_out.event("found")
        listed_after = listed_at - announced_at
        print(f"\nlisted {listed_after:+.3f} s after the registration completed "
              f"({listed_at - started_at:.3f} s after the server started)")
        assert listed_after < LISTED_WITHIN
        assert found["server"]["name"] == name
        assert (found["server"]["host"], found["server"]["port"]) == (SERVER_IP, port)
        assert found["server"]["addresses"] == [SERVER_IP]
        assert found["server"]["protocol"] == PROTOCOL_VERSION
        assert (found["server"]["tables"], found["server"]["free_seats"]) == (0, 0)

        # joined through the listing: hello, list_rooms, create_room
        _, joined = watch_out.event("joined")
        assert joined["server"] == name and joined["rooms"] == 0
        _, created = watch_out.event("created")
        _, listed = watch_out.event("table_listed")
        update_delay = listed["t"] - created["t"]
        print(f"new table shown {update_delay:.3f} s after it was created")
        assert update_delay < 1.0 + LISTED_WITHIN
        [entry] = [s for s in listed["servers"] if s["name"] == name]
        assert (entry["tables"], entry["free_seats"], entry["players"], entry["rules"], entry["rooms"]) \
            == (1, 3, 1, "official", ["netns table"])
        watch_out.event("left")

        # a client that starts browsing now finds the server at once
        once, once_out, once_err = children.start(client_ns, str(PROBE), "once", name, str(WAIT))
        logs.update({"fresh probe stdout": once_out, "fresh probe stderr": once_err})
        _, discovered = once_out.event("discovered")
        print(f"a fresh browser listed it after {discovered['elapsed']:.3f} s")
        assert discovered["elapsed"] < LISTED_WITHIN
        assert once.wait(WAIT) == 0

        # the server withdraws its announcement when it stops
        stopped_at = time.monotonic()
        server.send_signal(signal.SIGTERM)
        removed_at, _ = watch_out.event("removed")
        print(f"withdrawn from the listing {removed_at - stopped_at:.3f} s after SIGTERM")
        assert server.wait(WAIT) == 0
        server_err.wait(lambda line: "withdrew the LAN announcement" in line, 1)
    finally:
        children.stop_all()
        for title, lines in logs.items():  # shown by pytest when the test fails
            print(f"--- {title}:\n{lines.text()}")


# ---------------------------------------------------------------------------------- real LANs

def test_two_tables_of_one_name_on_one_machine_are_both_listed(net: Net) -> None:
    """Found play-testing: two `make play` of one user on one machine (both "Root's table", on
    7777 and a free port) were listed as one table, its port the one or the other: both
    announced one service name, and zeroconf's check of a name taken did not hear the first
    answer it (its unicast answer went to the first server's own socket)."""
    server_ns, client_ns = net.ns("s"), net.ns("c")
    server_if, client_if = net.veth(server_ns, client_ns)
    net.up(server_ns, server_if, f"{SERVER_IP}/24")
    net.up(client_ns, client_if, f"{CLIENT_IP}/24")
    children = Children()
    logs: dict[str, Lines] = {}
    try:
        for port in (PORT, PORT + 1):
            err = start_server(children, logs, server_ns, "Root's table", "--host", "0.0.0.0",
                               "--port", str(port))
            logs[f"Root's table {port} stderr"] = logs.pop("Root's table stderr")
            logs[f"Root's table {port} stdout"] = logs.pop("Root's table stdout")
            announced_host(err)
        proc, out, err = children.start(client_ns, str(PROBE), "list", str(WAIT), "Root's table",
                                        "Root's table")
        logs.update({"probe stdout": out, "probe stderr": err})
        _, discovered = out.event("discovered")
        ports = sorted(s["port"] for s in discovered["servers"] if s["name"] == "Root's table")
        assert ports == [PORT, PORT + 1], discovered
        assert proc.wait(WAIT) == 0
    finally:
        children.stop_all()
        for title, lines in logs.items():  # shown by pytest when the test fails
            print(f"--- {title}:\n{lines.text()}")


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare (util-linux)")
def test_two_servers_on_machines_with_one_host_name_are_told_apart(net: Net) -> None:
    """Two cloned Raspberry Pis (host name `raspberrypi`) on one LAN, the second one's host name
    already answered for by a third machine: each table is listed with its own address only."""
    lan, pi_a, pi_b = net.ns("lan"), net.ns("a"), net.ns("b")
    a_dev, a_port = net.veth(pi_a, lan)
    b_dev, b_port = net.veth(pi_b, lan)
    net.up(lan, net.bridge(lan, a_port, b_port), "192.0.2.2/24")
    net.up(pi_a, a_dev, "192.0.2.1/24")
    net.up(pi_b, b_dev, "192.0.2.3/24")
    taken = f"{host_label(PORT, [Link('eth0', '192.0.2.3', ('192.0.2.3',))], hostname='raspberrypi')}.local."
    children = Children()
    logs: dict[str, Lines] = {}
    try:
        _, squatter, squatter_err = children.start(lan, str(PROBE), "squat", taken, "192.0.2.99")
        logs.update({"squatter stdout": squatter, "squatter stderr": squatter_err})
        squatter.event("squatting")
        errs = {name: start_server(children, logs, ns, name, "--host", "0.0.0.0", "--port", str(PORT),
                                   hostname="raspberrypi")
                for ns, name in ((pi_a, "pi A"), (pi_b, "pi B"))}
        hosts = {name: announced_host(err) for name, err in errs.items()}
        print(f"\nannounced hosts: {hosts}")
        assert all(host.startswith("raspberrypi-uno-") for host in hosts.values())  # gethostname()
        assert hosts["pi A"] != hosts["pi B"]
        assert hosts["pi B"] == taken.replace(".local.", "-2.local.")  # the squatter was heard

        listed, answered = probe_each(children, logs, lan, "pi A", "pi B")
        assert listed["pi A"]["addresses"] == ["192.0.2.1"]
        assert listed["pi B"]["addresses"] == ["192.0.2.3"]
        assert answered == {"pi A": "pi A", "pi B": "pi B"}
    finally:
        children.stop_all()
        for title, lines in logs.items():  # shown by pytest when the test fails
            print(f"--- {title}:\n{lines.text()}")


def test_each_interface_is_told_the_addresses_valid_there(net: Net) -> None:
    """A server on a LAN and on a second network (a docker bridge, a VPN), with IPv4 and IPv6
    addresses on both: a client on either network is given the addresses of its own only. One
    server listens on IPv4 (0.0.0.0), another on IPv6 (::), both announced over IPv4 mDNS."""
    srv, lan, dock = net.ns("srv"), net.ns("lan"), net.ns("dock")
    srv_lan, lan_dev = net.veth(srv, lan)
    srv_dock, dock_dev = net.veth(srv, dock)
    net.up(srv, srv_lan, "192.0.2.1/24", "2001:db8:1::1/64")
    net.up(lan, lan_dev, "192.0.2.2/24", "2001:db8:1::2/64")
    net.up(srv, srv_dock, "198.51.100.1/24", "2001:db8:2::1/64")
    net.up(dock, dock_dev, "198.51.100.2/24", "2001:db8:2::2/64")
    children = Children()
    logs: dict[str, Lines] = {}
    try:
        errs = [start_server(children, logs, srv, "v4 table", "--host", "0.0.0.0", "--port", str(PORT)),
                start_server(children, logs, srv, "v6 table", "--host", "::", "--port", str(PORT + 1))]
        v4_host, v6_host = (announced_host(err) for err in errs)
        expected = {lan: ("192.0.2.1", "2001:db8:1::1"), dock: ("198.51.100.1", "2001:db8:2::1")}
        for ns, (v4, v6) in expected.items():
            listed, answered = probe_each(children, logs, ns, "v4 table", "v6 table")
            assert listed["v4 table"]["addresses"] == [v4], ns
            assert listed["v6 table"]["addresses"] == [v6], ns  # link-local ones are left out
            assert answered == {"v4 table": "v4 table", "v6 table": "v6 table"}
            # unicast answers, which only the asker sees (every responder that heard it answers)
            for host, address in ((v4_host, v4), (v6_host, v6)):
                answers = ask(children, logs, ns, host)
                assert answers and all(address in a["addresses"] for a in answers), answers
                assert not {a for answer in answers for a in answer["addresses"]
                            if not a.startswith("fe80:")} - {address}, answers
    finally:
        children.stop_all()
        for title, lines in logs.items():
            print(f"--- {title}:\n{lines.text()}")
