"""LAN discovery for real: a server in one network namespace, a browsing client in another,
joined by a veth pair (192.0.2.1 and 192.0.2.2, addresses reserved for documentation).

The server (``python -m server``) announces itself over mDNS; the client (discovery_probe.py)
must list it within 2 s of the registration, join through the listing, see the listing follow a
new table, and see the server withdraw when it stops. Needs root and iproute2 (``ip``); skips
otherwise. The namespaces exist only during the test and are deleted, with every process, at the
end.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from protocol import PROTOCOL_VERSION
from server.discovery_net import Link, host_label

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("discovery_probe.py")
SERVER_IP, CLIENT_IP = "192.0.2.1", "192.0.2.2"
LISTED_WITHIN = 2.0  # seconds from the end of registration to the table being listed
WAIT = 15.0  # bound of every other wait

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="network namespaces are Linux's")


class Lines:
    """Lines of a child's stream, each with the (monotonic) time it arrived, read by a thread."""

    def __init__(self, stream: IO[str]) -> None:
        self.seen: list[str] = []
        self._queue: queue.Queue[tuple[float, str | None]] = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._queue.put((time.monotonic(), line.rstrip("\n")))
        self._queue.put((time.monotonic(), None))

    def wait(self, predicate: Callable[[str], bool], timeout: float = WAIT) -> tuple[float, str]:
        deadline = time.monotonic() + timeout
        while True:
            try:
                arrived, line = self._queue.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"timed out; lines so far: {self.seen}") from None
            if line is None:
                raise AssertionError(f"the stream ended; lines: {self.seen}")
            self.seen.append(line)
            if predicate(line):
                return arrived, line

    def text(self) -> str:
        """Every line so far, read or not (for failure reports)."""
        while True:
            try:
                _, line = self._queue.get_nowait()
            except queue.Empty:
                return "\n".join(self.seen)
            if line is not None:
                self.seen.append(line)

    def event(self, name: str, timeout: float = WAIT) -> tuple[float, dict[str, Any]]:
        def matches(line: str) -> bool:
            return line.startswith("{") and json.loads(line).get("event") in (name, "timeout")

        arrived, line = self.wait(matches, timeout)
        record: dict[str, Any] = json.loads(line)
        assert record["event"] == name, f"the probe gave up waiting; lines: {self.seen}"
        return arrived, record


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, text=True, timeout=10)


def _ip_quiet(*args: str) -> None:
    subprocess.run(["ip", *args], capture_output=True, timeout=10)


class Net:
    """Network namespaces of this test, joined by veth pairs (and bridges); all deleted by
    ``close``. Names carry the test's pid so that parallel runs do not meet."""

    def __init__(self) -> None:
        self.tag = f"{os.getpid() % 10**5}"
        self.spaces: list[str] = []
        self.links = 0

    def ns(self, role: str) -> str:
        name = f"uno-disc-{self.tag}-{role}"
        _ip("netns", "add", name)
        self.spaces.append(name)
        _ip("-n", name, "link", "set", "lo", "up")
        return name

    def _device(self) -> str:
        self.links += 1
        return f"u{self.tag}d{self.links}"  # at most 15 characters

    def veth(self, a: str, b: str) -> tuple[str, str]:
        """A veth pair between namespaces ``a`` and ``b``: (its end in a, its end in b), down."""
        dev_a, dev_b = self._device(), self._device()
        _ip("link", "add", dev_a, "netns", a, "type", "veth", "peer", "name", dev_b, "netns", b)
        return dev_a, dev_b

    def bridge(self, ns: str, *ports: str) -> str:
        dev = self._device()
        _ip("-n", ns, "link", "add", dev, "type", "bridge")
        for port in ports:
            _ip("-n", ns, "link", "set", port, "master", dev)
            _ip("-n", ns, "link", "set", port, "up")
        return dev

    def up(self, ns: str, dev: str, *addresses: str) -> None:
        for address in addresses:  # IPv6 without duplicate detection: usable at once
            _ip("-n", ns, "addr", "add", address, "dev", dev, *(["nodad"] if ":" in address else []))
        _ip("-n", ns, "link", "set", dev, "up")
        _ip_quiet("-n", ns, "route", "add", "224.0.0.0/4", "dev", dev)  # multicast, if needed

    def close(self) -> None:
        for ns in self.spaces:  # deleting a namespace also deletes its devices
            _ip_quiet("netns", "del", ns)
        self.spaces.clear()


@pytest.fixture
def net() -> Iterator[Net]:
    if os.geteuid() != 0:
        pytest.skip("needs root to create network namespaces")
    if shutil.which("ip") is None:
        pytest.skip("needs iproute2 (`ip`): apt-get install -y iproute2")
    made = Net()
    try:
        made.ns("probe")
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        made.close()
        pytest.skip(f"cannot create network namespaces here: {getattr(exc, 'stderr', '') or exc}")
    made.close()
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def namespaces(net: Net) -> tuple[str, str]:
    """A server's namespace and a client's, on one link (SERVER_IP, CLIENT_IP)."""
    server_ns, client_ns = net.ns("s"), net.ns("c")
    server_if, client_if = net.veth(server_ns, client_ns)
    net.up(server_ns, server_if, f"{SERVER_IP}/24")
    net.up(client_ns, client_if, f"{CLIENT_IP}/24")
    return server_ns, client_ns


class Children:
    """Processes started in namespaces; all stopped at the end."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[str]] = []

    def start(self, ns: str, *args: str, hostname: str | None = None,
              ) -> tuple[subprocess.Popen[str], Lines, Lines]:
        """``python ARGS`` in namespace ``ns``; with ``hostname``, in a UTS namespace of its own
        too, where that is the machine's host name."""
        # `ip netns exec` (and unshare, and sh) exec the command: the pid is the Python process
        command = ["ip", "netns", "exec", ns, sys.executable, *args]
        if hostname is not None:
            command = ["unshare", "--uts", "sh", "-c", 'hostname "$0" && exec "$@"', hostname,
                       *command]
        proc = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.procs.append(proc)
        assert proc.stdout is not None and proc.stderr is not None
        return proc, Lines(proc.stdout), Lines(proc.stderr)

    def stop_all(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


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

PORT = 7777  # each namespace has ports of its own


def start_server(children: Children, logs: dict[str, Lines], ns: str, name: str, *args: str,
                 hostname: str | None = None) -> Lines:
    _, out, err = children.start(ns, "-m", "server", "--name", name, "--log-level", "info",
                                 "--heartbeat", "60", *args, hostname=hostname)
    logs.update({f"{name} stdout": out, f"{name} stderr": err})
    return err


def announced_host(err: Lines) -> str:
    """The mDNS host name a server's log says it announced."""
    _, line = err.wait(lambda line: "announced on the LAN" in line or "LAN discovery is off" in line)
    found = re.search(r", host (\S+), port ", line)
    assert found is not None, line
    return found.group(1)


def probe_each(children: Children, logs: dict[str, Lines], ns: str, *names: str,
               ) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """What a fresh browser in ``ns`` lists for ``names``, and which server answers a hello at
    the address each listing gives (by listed name)."""
    proc, out, err = children.start(ns, str(PROBE), "each", str(WAIT), *names)
    logs.update({f"probe in {ns} stdout": out, f"probe in {ns} stderr": err})
    _, discovered = out.event("discovered")
    listed = {s["name"]: s for s in discovered["servers"]}
    answered = {}
    for _ in names:
        _, welcome = out.event("welcome")
        answered[welcome["listed"]] = welcome["server"]
    assert proc.wait(WAIT) == 0
    return listed, answered


def ask(children: Children, logs: dict[str, Lines], ns: str, host: str) -> list[dict[str, Any]]:
    """The answers to a legacy unicast query for ``host``'s addresses, asked from ``ns``."""
    proc, out, err = children.start(ns, str(PROBE), "ask", host, "1.5")
    logs.update({f"ask {host} in {ns} stdout": out, f"ask {host} in {ns} stderr": err})
    _, record = out.event("answers")
    assert proc.wait(WAIT) == 0
    answers: list[dict[str, Any]] = record["answers"]
    return answers


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
