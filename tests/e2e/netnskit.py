"""Network namespaces for the discovery tests (tests/e2e/test_discovery_*.py): ``Net`` makes
them (veth pairs, bridges, IPv4 and IPv6 addresses from the documentation ranges) and deletes
them; ``Children`` runs processes inside them (a UTS namespace too, for a host name of their
own) and stops them; the helpers start a server, read its log and run discovery_probe.py.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("discovery_probe.py")
WAIT = 15.0  # bound of every wait
PORT = 7777  # each namespace has ports of its own


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

    def veth(self, a: str, b: str, names: tuple[str, str] | None = None) -> tuple[str, str]:
        """A veth pair between namespaces ``a`` and ``b``: (its end in a, its end in b), down;
        ``names`` (at most 15 characters each) or names of our own."""
        dev_a, dev_b = names or (self._device(), self._device())
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


@contextmanager
def namespaces_or_skip() -> Iterator[Net]:
    """A ``Net`` (skips the test where namespaces cannot be made); everything deleted after."""
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


class Children:
    """Processes started in namespaces; all stopped at the end."""

    def __init__(self) -> None:
        self.procs: list[subprocess.Popen[str]] = []

    def start(self, ns: str, *args: str, hostname: str | None = None,
              ) -> tuple[subprocess.Popen[str], Lines, Lines]:
        """``python ARGS`` in namespace ``ns``; with ``hostname``, in a UTS namespace of its own
        too, where that is the machine's host name."""
        return self.start_command(ns, [sys.executable, *args], hostname=hostname)

    def start_command(self, ns: str, argv: list[str], hostname: str | None = None,
                      ) -> tuple[subprocess.Popen[str], Lines, Lines]:
        # `ip netns exec` (and unshare, and sh) exec the command: the pid is the command's
        command = ["ip", "netns", "exec", ns, *argv]
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
