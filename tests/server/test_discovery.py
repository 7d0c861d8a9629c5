"""LAN discovery without a network: the TXT record (server encodes, client decodes), the
coalesced updates, the hook into ``UnoServer.on_change``, and that a failing zeroconf never takes
the server down. A fake zeroconf stands in for the real one (the real one is exercised across
network namespaces in tests/e2e/test_discovery_netns.py).
"""

from __future__ import annotations

import functools
import ipaddress
import itertools
import logging
import math
import threading
import time
import types
from collections.abc import Sequence
from typing import Any

import pytest
import trio
from kit.harness import Harness

import server.discovery as sd
from client.discovery import decode_txt, found_server, order_addresses
from protocol import PROTOCOL_VERSION
from server.app import SERVER_VERSION


class FakeZeroconf:
    """Records calls (from worker threads); any method may be made to raise."""

    def __init__(self, fail: Sequence[str] = ()) -> None:
        self.fail = set(fail)
        self.calls: list[tuple[str, float, Any]] = []
        self.lock = threading.Lock()

    def _call(self, what: str, info: Any) -> None:
        with self.lock:
            self.calls.append((what, time.monotonic(), info))
        if what in self.fail:
            raise OSError(f"{what} failed")

    def register_service(self, info: Any, ttl: int | None = None, allow_name_change: bool = False) -> None:
        self._call("register", info)

    def update_service(self, info: Any) -> None:
        self._call("update", info)

    def unregister_service(self, info: Any) -> None:
        self._call("unregister", info)

    def close(self) -> None:
        self._call("close", None)

    def named(self, what: str) -> list[tuple[float, Any]]:
        with self.lock:
            return [(t, info) for name, t, info in self.calls if name == what]

    def last_txt(self) -> dict[str, str]:
        with self.lock:
            info = [info for name, _, info in self.calls if name in ("register", "update")][-1]
        return decode_raw(info.properties)


def decode_raw(properties: dict[bytes, bytes | None]) -> dict[str, str]:
    return {k.decode(): (v or b"").decode() for k, v in properties.items()}


def no_answers(zc: Any, hostname: str, timeout: float) -> list[str]:
    return []


def announcer_with(fake: FakeZeroconf, interval: float = sd.MIN_UPDATE_INTERVAL) -> sd.Announcer:
    return sd.Announcer(interval=interval, zeroconf_factory=lambda link: fake, prober=no_answers)


async def wait_until(predicate: Any, timeout: float = 5.0) -> None:
    with trio.fail_after(timeout):
        while not predicate():
            await trio.sleep(0.01)


# ---------------------------------------------------------------------------------- TXT record


def test_txt_round_trip_through_a_real_service_info() -> None:
    from zeroconf import ServiceInfo

    announcement = sd.Announcement("Kitchen table · Ünö", tables=3, free_seats=5,
                                   rooms=("after lunch", "pro|fi"), players=4,
                                   rules=("house", "official", "house"))
    txt = sd.encode_txt(announcement)
    info = ServiceInfo(sd.SERVICE_TYPE, f"x.{sd.SERVICE_TYPE}", port=7777, properties=txt,
                       parsed_addresses=["192.0.2.1"])
    decoded = decode_txt(info.properties)  # bytes keys and values, as the network gives them
    assert decoded == {"name": "Kitchen table · Ünö", "version": SERVER_VERSION,
                       "protocol": PROTOCOL_VERSION, "tables": 3, "free": 5, "players": 4,
                       "rules": "house,official", "rooms": ("after lunch", "pro/fi")}
    assert decode_txt(txt) == decoded  # and as str


def test_every_txt_string_fits_in_255_bytes() -> None:
    long = "ü" * 300
    txt = sd.encode_txt(sd.Announcement(long, rooms=tuple(f"{long}{i}" for i in range(50))))
    for key, value in txt.items():
        assert len(f"{key}={value}".encode()) <= 255
        value.encode("utf-8").decode("utf-8")  # never cut inside a character
    assert len(txt["rooms"].split("|")) > 1
    assert sd.encode_txt(sd.Announcement(""))["name"] == "UNO server"


def test_decoding_forgives_missing_and_malformed_fields() -> None:
    decoded = decode_txt({b"tables": b"many", b"free": b"-3", b"protocol": None, b"junk": b"\xff"})
    assert decoded == {"name": "", "version": "", "protocol": None, "tables": 0, "free": 0,
                       "players": 0, "rules": "", "rooms": ()}


def test_a_found_server_prefers_an_address_on_our_own_subnet() -> None:
    nets = [ipaddress.IPv4Network("192.0.2.0/24"), ipaddress.IPv4Network("127.0.0.0/8")]
    assert order_addresses(["127.0.0.1", "198.51.100.7", "192.0.2.1", "192.0.2.1"], nets) == (
        "192.0.2.1", "198.51.100.7", "127.0.0.1")
    server = found_server(f"inst.{sd.SERVICE_TYPE}", sd.encode_txt(sd.Announcement("")),
                          ["192.0.2.1"], 7777)
    assert server is not None
    assert (server.name, server.host, server.port, server.compatible) == ("UNO server", "192.0.2.1",
                                                                         7777, True)
    assert found_server("x", {}, [], 7777) is None


def test_instance_names() -> None:
    assert sd.instance_name("my.server\tone", 1) == "my server one (1)"
    assert sd.instance_name("...", 7777) == "UNO server (7777)"
    # (with its port: two servers of one name on one machine are two services)
    assert sd.instance_name("Root's table", 7777) == "Root's table (7777)"
    assert len(sd.instance_name("ü" * 100, 65535).encode()) <= 63
    assert sd.instance_name("ü" * 100, 65535).endswith(" (65535)")


def test_the_snapshot_counts_tables_and_free_seats_at_tables_not_started() -> None:
    def room(name: str, seats: int, taken: int, started: bool = False, closed: bool = False,
             preset: str = "official") -> types.SimpleNamespace:
        settings = types.SimpleNamespace(name=name, max_seats=seats, preset=preset)
        taken_seats = [types.SimpleNamespace(kind="human" if i == 0 else "bot") for i in range(taken)]
        return types.SimpleNamespace(settings=settings, seats=taken_seats, started=started,
                                     closed=closed)

    server: Any = types.SimpleNamespace(
        config=types.SimpleNamespace(name="srv"),
        rooms={"1": room("a", 4, 1), "2": room("b", 4, 2, started=True), "3": room("c", 2, 2),
               "4": room("d", 6, 3, preset="house"), "5": room("gone", 4, 1, closed=True)})
    assert sd.snapshot(server) == sd.Announcement("srv", tables=4, free_seats=6, rooms=("a", "d"),
                                                  players=4, rules=("official", "house"))


# ---------------------------------------------------------------------------------- announcer


async def test_start_update_stop() -> None:
    fake = FakeZeroconf()
    announcer = announcer_with(fake, interval=0.05)
    assert await announcer.start(7777, "srv", 1, 3, rooms=["t"], host="192.0.2.7")
    # (its port in the service's name: two servers of one name on one machine, two services)
    assert announcer.active and announcer.service_name == f"srv (7777).{sd.SERVICE_TYPE}"
    [(_, info)] = fake.named("register")
    assert (info.port, info.parsed_addresses()) == (7777, ["192.0.2.7"])
    assert fake.last_txt()["free"] == "3"
    assert await announcer.update(free_seats=2)
    assert (fake.last_txt()["free"], fake.last_txt()["rooms"]) == ("2", "t")
    assert not await announcer.update(free_seats=2)  # nothing new: nothing sent
    await announcer.stop()
    assert [name for name, _, _ in fake.calls] == ["register", "update", "unregister", "close"]
    assert not announcer.active
    await announcer.stop()  # twice is fine
    assert not await announcer.update(tables=5)


async def test_updates_are_coalesced_and_rate_limited() -> None:
    fake = FakeZeroconf()
    interval = 0.3
    announcer = announcer_with(fake, interval=interval)
    state = {"tables": 0}
    assert await announcer.start(7777, "srv", host="192.0.2.7")
    async with trio.open_nursery() as nursery:
        nursery.start_soon(announcer.keep_updated,
                           lambda: sd.Announcement("srv", tables=state["tables"]))
        began = time.monotonic()
        for tables in range(1, 21):  # 20 changes in 0.5 s (longer on a loaded machine)
            state["tables"] = tables
            announcer.notify()
            await trio.sleep(0.025)
        changing = time.monotonic() - began
        await wait_until(lambda: fake.last_txt()["tables"] == "20")
        await trio.sleep(2 * interval)
        nursery.cancel_scope.cancel()
    times = [fake.named("register")[0][0]] + [t for t, _ in fake.named("update")]
    assert 1 <= len(times) - 1 <= math.ceil(changing / interval) + 1, (times, changing)  # (3 in 0.5 s)
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert min(gaps) >= interval * 0.9, gaps
    assert fake.last_txt()["tables"] == "20"
    await announcer.stop()


async def test_run_announcer_follows_the_server_and_withdraws(harness: Harness) -> None:
    fake = FakeZeroconf()
    srv = await harness.server(name="hooked")
    calls: list[str] = []
    srv.on_change = lambda: calls.append("previous hook")
    announcer = announcer_with(fake, interval=0.05)
    async with trio.open_nursery() as nursery:
        started = await nursery.start(
            functools.partial(sd.run_announcer, srv, 7777, "192.0.2.7", announcer=announcer))
        assert started is announcer and announcer.active
        client = await harness.client(srv)
        await client.create("table one", seats=3)
        await wait_until(lambda: fake.last_txt()["tables"] == "1")
        assert fake.last_txt() == {"txtvers": "1", "name": "hooked", "version": SERVER_VERSION,
                                   "protocol": str(PROTOCOL_VERSION), "tables": "1", "free": "2",
                                   "players": "1", "rules": "official", "rooms": "table one"}
        assert calls  # the previous hook still runs
        nursery.cancel_scope.cancel()
    assert [name for name, _, _ in fake.calls][-2:] == ["unregister", "close"]
    assert srv.on_change is not None and srv.on_change.__name__ == "<lambda>"  # restored


# ---------------------------------------------------------------------------------- failures


async def test_a_failing_zeroconf_leaves_the_server_running(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, harness: Harness) -> None:
    import zeroconf

    def no_multicast(*args: Any, **kwargs: Any) -> None:
        raise OSError(19, "No such device")

    monkeypatch.setattr(zeroconf, "Zeroconf", no_multicast)
    srv = await harness.server(name="alone")
    with caplog.at_level(logging.WARNING, logger="uno.server.discovery"):
        async with trio.open_nursery() as nursery:
            announcer = await nursery.start(sd.run_announcer, srv, 7777, "0.0.0.0")
            assert not announcer.active
            client = await harness.client(srv)  # the server serves on regardless
            await client.create("table")
            announcer.notify()
            assert not await announcer.update(tables=3)
            nursery.cancel_scope.cancel()
    assert "LAN discovery is off" in caplog.text and "No such device" in caplog.text


async def test_a_failing_registration_closes_zeroconf(caplog: pytest.LogCaptureFixture) -> None:
    fake = FakeZeroconf(fail=["register"])
    announcer = announcer_with(fake)
    with caplog.at_level(logging.WARNING, logger="uno.server.discovery"):
        assert not await announcer.start(7777, "srv", host="192.0.2.7")
    assert [name for name, _, _ in fake.calls] == ["register", "close"]
    assert "LAN discovery is off" in caplog.text
    await announcer.stop()
    assert [name for name, _, _ in fake.calls] == ["register", "close"]


async def test_failing_updates_and_withdrawal_are_only_logged(caplog: pytest.LogCaptureFixture) -> None:
    fake = FakeZeroconf(fail=["update", "unregister", "close"])
    announcer = announcer_with(fake, interval=0.01)
    assert await announcer.start(7777, "srv", host="192.0.2.7")
    with caplog.at_level(logging.WARNING, logger="uno.server.discovery"):
        assert not await announcer.update(tables=1)
        assert not await announcer.update(tables=2)  # still tries
        await announcer.stop()
    assert [name for name, _, _ in fake.calls] == ["register", "update", "update", "unregister",
                                                   "close"]
    assert "updating the announcement failed" in caplog.text and "withdrawing failed" in caplog.text
