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


@pytest.fixture
def namespaces() -> Iterator[tuple[str, str]]:
    if os.geteuid() != 0:
        pytest.skip("needs root to create network namespaces")
    if shutil.which("ip") is None:
        pytest.skip("needs iproute2 (`ip`): apt-get install -y iproute2")
    pid = os.getpid()
    server_ns, client_ns = f"uno-disc-{pid}-s", f"uno-disc-{pid}-c"
    server_if, client_if = f"unod{pid % 10**6}s", f"unod{pid % 10**6}c"  # at most 15 characters
    try:
        _ip("netns", "add", server_ns)
        _ip("netns", "add", client_ns)
        _ip("link", "add", server_if, "netns", server_ns, "type", "veth",
            "peer", "name", client_if, "netns", client_ns)
        for ns, dev, address in ((server_ns, server_if, SERVER_IP), (client_ns, client_if, CLIENT_IP)):
            _ip("-n", ns, "addr", "add", f"{address}/24", "dev", dev)
            _ip("-n", ns, "link", "set", "lo", "up")
            _ip("-n", ns, "link", "set", dev, "up")
            _ip_quiet("-n", ns, "route", "add", "224.0.0.0/4", "dev", dev)  # multicast, if needed
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        for ns in (server_ns, client_ns):
            _ip_quiet("netns", "del", ns)
        detail = getattr(exc, "stderr", "") or exc
        pytest.skip(f"cannot create network namespaces here: {detail}")
    try:
        yield server_ns, client_ns
    finally:
        for ns in (server_ns, client_ns):  # deleting a namespace also deletes its end of the veth
            _ip_quiet("netns", "del", ns)


class Children:
    """Processes started in namespaces; all stopped at the end."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[str]] = []

    def start(self, ns: str, *args: str) -> tuple[subprocess.Popen[str], Lines, Lines]:
        # `ip netns exec` execs the command: the pid is the Python process itself
        proc = subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, *args], cwd=ROOT,
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
