"""The browsing side of tests/e2e/test_discovery_netns.py: one JSON object per line on stdout.

    discovery_probe.py watch NAME TIMEOUT   browse (client.discovery.Browser on its own asyncio
                                            loop in a thread), print every change; once NAME is
                                            listed, join through the listing (open_link, hello,
                                            list_rooms, create a room), wait until the listing
                                            shows the table, leave, then wait for the withdrawal
    discovery_probe.py once NAME TIMEOUT    client.discovery.discover until NAME is listed
    discovery_probe.py each TIMEOUT NAME... discover until every NAME is listed, then connect to
                                            each through its listing and say hello
    discovery_probe.py list TIMEOUT NAME... discover until every NAME is listed (no connecting)
    discovery_probe.py ask HOST SECONDS     a legacy unicast query (from a port other than 5353)
                                            for HOST's addresses: every answer heard in SECONDS
    discovery_probe.py squat HOST ADDRESS   answer for the mDNS host name HOST with ADDRESS (as
                                            another machine would) until stdin closes

Every wait is bounded by TIMEOUT seconds; the exit status is 0 only if everything was seen.
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import json
import logging
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import trio

from client.discovery import Browser, FoundServer, discover
from client.link import open_link
from protocol import CreateRoom, Error, Joined, ListRooms, Rooms

_print_lock = threading.Lock()


def emit(event: str, **fields: Any) -> None:
    with _print_lock:
        print(json.dumps({"event": event, "t": time.monotonic(), **fields}), flush=True)


def as_dict(server: FoundServer) -> dict[str, Any]:
    return dataclasses.asdict(server)


class Watcher:
    """A Browser on its own asyncio loop in a thread; lists arrive in a queue."""

    def __init__(self) -> None:
        self.lists: queue.Queue[list[FoundServer]] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.stop_event: asyncio.Event | None = None
        self.ready = threading.Event()
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _on_change(self, servers: list[FoundServer]) -> None:
        emit("list", servers=[as_dict(s) for s in servers])
        self.lists.put(servers)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._main())
        except BaseException as exc:
            self.error = exc
            self.ready.set()

    async def _main(self) -> None:
        self.stop_event = asyncio.Event()
        async with Browser(on_change=self._on_change):
            emit("ready")
            self.ready.set()
            await self.stop_event.wait()

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(10)
        if self.error is not None:
            raise self.error

    def stop(self) -> None:
        if self.stop_event is not None:
            self.loop.call_soon_threadsafe(self.stop_event.set)
        self.thread.join(5)

    def wait_for(self, predicate: Callable[[list[FoundServer]], bool], timeout: float) -> list[FoundServer]:
        deadline = time.monotonic() + timeout
        while True:
            servers = self.lists.get(timeout=max(0.0, deadline - time.monotonic()))
            if predicate(servers):
                return servers


def named(name: str) -> Callable[[list[FoundServer]], bool]:
    return lambda servers: any(s.name == name for s in servers)


async def join(found: FoundServer, watcher: Watcher, timeout: float) -> None:
    with trio.fail_after(timeout):
        link = await open_link(found.host, found.port)
        try:
            welcome = await link.hello("probe")
            await link.send(ListRooms())
            while not isinstance(message := await link.receive(), Rooms):
                pass
            emit("joined", server=welcome.server, version=welcome.version,
                 protocol=welcome.protocol, rooms=len(message.rooms))
            await link.send(CreateRoom(name="netns table", seats=4))
            while not isinstance(message := await link.receive(), Joined):
                if isinstance(message, Error):
                    raise RuntimeError(message.message)
            emit("created", room=message.room.name)

            def table_shown(servers: list[FoundServer]) -> bool:
                return any(s.name == found.name and s.tables == 1 and "netns table" in s.rooms
                           for s in servers)

            servers = await trio.to_thread.run_sync(watcher.wait_for, table_shown, timeout,
                                                    abandon_on_cancel=True)
            emit("table_listed", servers=[as_dict(s) for s in servers])
        finally:
            await link.aclose()
    emit("left")


def watch(name: str, timeout: float) -> int:
    watcher = Watcher()
    watcher.start()
    try:
        servers = watcher.wait_for(named(name), timeout)
        found = next(s for s in servers if s.name == name)
        emit("found", server=as_dict(found))
        trio.run(join, found, watcher, timeout)
        watcher.wait_for(lambda servers: not named(name)(servers), timeout)
        emit("removed")
        return 0
    except queue.Empty:
        emit("timeout")
        return 1
    finally:
        watcher.stop()


def once(name: str, timeout: float) -> int:
    started = time.monotonic()
    servers = discover(timeout, until=named(name))
    elapsed = time.monotonic() - started
    emit("discovered", elapsed=elapsed, servers=[as_dict(s) for s in servers])
    return 0 if named(name)(servers) else 1


async def greet(servers: list[FoundServer], timeout: float) -> None:
    for found in servers:
        with trio.fail_after(timeout):
            link = await open_link(found.host, found.port)
            try:
                welcome = await link.hello("probe")
            finally:
                await link.aclose()
        emit("welcome", listed=found.name, address=found.address, server=welcome.server)


def each(names: list[str], timeout: float, connect: bool = True) -> int:
    """Every one of ``names`` listed, then greeted at the address its listing gives."""
    started = time.monotonic()
    # (a name given twice: two servers of that name)
    servers = discover(timeout, until=lambda servers: all(
        sum(s.name == name for s in servers) >= names.count(name) for name in names))
    emit("discovered", elapsed=time.monotonic() - started, servers=[as_dict(s) for s in servers])
    wanted = [s for s in servers if s.name in names]
    if len(wanted) != len(names):
        return 1
    if connect:
        trio.run(greet, wanted, timeout)
    return 0


def ask(hostname: str, seconds: float) -> int:
    """Unicast answers (RFC 6762 §6.7) go back to the asker alone, whichever responder heard the
    query: the ones to check for addresses from another network."""
    import socket
    import struct

    from zeroconf import DNSAddress, DNSIncoming

    question = b"".join(bytes([len(part)]) + part for part in hostname.rstrip(".").encode().split(b"."))
    name = question + b"\0"
    # A and AAAA (zeroconf gives no addresses as answers to ANY)
    query = struct.pack("!6H", 0x5D15, 0, 2, 0, 0, 0) + name + struct.pack("!2H", 1, 1) \
        + name + struct.pack("!2H", 28, 1)
    answers: list[dict[str, Any]] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("0.0.0.0", 0))
        sock.sendto(query, ("224.0.0.251", 5353))
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, source = sock.recvfrom(9000)
            except TimeoutError:
                break
            records = DNSIncoming(data).answers()
            addresses = sorted(str(ipaddress.ip_address(r.address)) for r in records
                               if isinstance(r, DNSAddress) and r.name.lower() == hostname.lower())
            answers.append({"from": source[0], "addresses": addresses})
    emit("answers", answers=answers)
    return 0


def squat(hostname: str, address: str) -> int:
    from zeroconf import IPVersion, ServiceInfo, Zeroconf

    zc = Zeroconf(ip_version=IPVersion.V4Only)
    try:
        info = ServiceInfo("_squat._tcp.local.", "squatter._squat._tcp.local.", port=9,
                           server=hostname, parsed_addresses=[address])
        zc.register_service(info)
        emit("squatting", host=hostname, address=address)
        sys.stdin.read()
        zc.unregister_service(info)
    finally:
        zc.close()
    return 0


if __name__ == "__main__":
    if os.environ.get("UNO_PROBE_DEBUG"):  # zeroconf's packet log, on stderr
        logging.basicConfig(level=logging.DEBUG, stream=sys.stderr,
                            format="%(relativeCreated)6d %(name)s %(message)s")
        logging.getLogger("zeroconf").setLevel(logging.DEBUG)
    if sys.argv[1] == "ask":
        sys.exit(ask(sys.argv[2], float(sys.argv[3])))
    if sys.argv[1] == "squat":
        sys.exit(squat(sys.argv[2], sys.argv[3]))
    if sys.argv[1] in ("each", "list"):
        sys.exit(each(sys.argv[3:], float(sys.argv[2]), connect=sys.argv[1] == "each"))
    mode, expected, limit = sys.argv[1], sys.argv[2], float(sys.argv[3])
    sys.exit(watch(expected, limit) if mode == "watch" else once(expected, limit))
