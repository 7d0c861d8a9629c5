"""LAN discovery on a machine with several interfaces, without a network: which addresses each
interface announces (RFC 6762 §6.2), the host label unique per server and its conflict probe,
and the announcer running one (fake) zeroconf per interface. The real thing, across network
namespaces, is in tests/e2e/test_discovery_netns.py.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import sys
import threading
import types
from typing import Any

import pytest
from test_discovery import FakeZeroconf

import server.discovery as sd
from client.discovery import FoundServer, order_addresses
from server.discovery_net import Link, host_label, listen_families, plan_links


def adapter(name: str, *ips: str) -> types.SimpleNamespace:
    """An ifaddr.Adapter look-alike: IPv4 addresses as str, IPv6 ones as (ip, flow, scope)."""
    def ip(text: str) -> types.SimpleNamespace:
        address, _, prefix = text.partition("/")
        value: Any = (address, 0, 3) if ":" in address else address
        return types.SimpleNamespace(ip=value, network_prefix=int(prefix or 24))

    return types.SimpleNamespace(name=name, nice_name=name, ips=[ip(text) for text in ips])


MACHINE = [
    adapter("lo", "127.0.0.1/8", "::1/128"),
    adapter("eth0", "192.0.2.1", "2001:db8:1::1/64", "fe80::1/64"),
    adapter("docker0", "198.51.100.1", "198.51.100.9"),
    adapter("tun0", "2001:db8:9::1/64"),  # IPv6 only: no IPv4 mDNS socket can serve it
]


# ---------------------------------------------------------------------------------- links


def test_each_interface_announces_its_own_addresses() -> None:
    assert plan_links("0.0.0.0", MACHINE) == [
        Link("eth0", "192.0.2.1", ("192.0.2.1",)),
        Link("docker0", "198.51.100.1", ("198.51.100.1", "198.51.100.9"))]


def test_an_alias_is_one_more_address_of_its_device() -> None:
    machine = [adapter("eth0", "192.0.2.1"), adapter("eth0:1", "192.0.2.50"), adapter("wg0", "203.0.113.1")]
    assert plan_links("0.0.0.0", machine) == [Link("eth0", "192.0.2.1", ("192.0.2.1", "192.0.2.50")),
                                              Link("wg0", "203.0.113.1", ("203.0.113.1",))]


def test_ipv6_addresses_are_announced_when_the_server_listens_on_ipv6() -> None:
    assert plan_links("::", MACHINE) == [
        Link("eth0", "192.0.2.1", ("2001:db8:1::1", "fe80::1"))]  # trio's "::" is IPv6 only
    assert plan_links("", MACHINE) == [
        Link("eth0", "192.0.2.1", ("192.0.2.1", "2001:db8:1::1", "fe80::1")),
        Link("docker0", "198.51.100.1", ("198.51.100.1", "198.51.100.9"))]
    assert listen_families("0.0.0.0") == {4} and listen_families("::") == {6}
    assert listen_families("*") == {4, 6}


def test_a_server_on_one_address_is_announced_on_that_interface_only() -> None:
    assert plan_links("198.51.100.9", MACHINE) == [
        Link("docker0", "198.51.100.1", ("198.51.100.9",))]
    assert plan_links("2001:db8:1::1", MACHINE) == [Link("eth0", "192.0.2.1", ("2001:db8:1::1",))]
    assert plan_links("203.0.113.5", MACHINE) == [Link("*", None, ("203.0.113.5",))]  # unknown


def test_loopback_is_announced_only_without_any_network() -> None:
    assert plan_links("127.0.0.1", MACHINE) == []
    assert plan_links("::1", MACHINE) == []
    assert plan_links("0.0.0.0", MACHINE[:1]) == [Link("lo", None, ("127.0.0.1",))]
    assert plan_links("::", MACHINE[:1]) == []


# ---------------------------------------------------------------------------------- host label


def test_servers_on_machines_with_one_host_name_get_different_labels() -> None:
    pi_a = [Link("eth0", "192.0.2.1", ("192.0.2.1",))]
    pi_b = [Link("eth0", "192.0.2.3", ("192.0.2.3",))]
    a, b = host_label(7777, pi_a, hostname="raspberrypi"), host_label(7777, pi_b, hostname="raspberrypi")
    assert a.startswith("raspberrypi-uno-") and b.startswith("raspberrypi-uno-") and a != b
    assert host_label(7777, pi_a, hostname="raspberrypi") == a  # the same after a restart
    assert host_label(7778, pi_a, hostname="raspberrypi") != a  # a second server on that machine
    assert host_label(7777, pi_a, 2, hostname="raspberrypi") == f"{a}-2"
    # IPv6 addresses (which come and go) do not change it
    assert host_label(7777, [Link("eth0", "192.0.2.1", ("192.0.2.1", "2001:db8::5"))],
                      hostname="raspberrypi") == a


def test_host_labels_are_dns_labels() -> None:
    links = [Link("eth0", "192.0.2.1", ("192.0.2.1",))]
    assert host_label(1, links, hostname="Kitchen_PC.home.arpa").startswith("Kitchen-PC-uno-")
    assert host_label(1, links, hostname="...").startswith("host-uno-")
    long = host_label(1, links, 10, hostname="x" * 200)
    assert len(long) <= 63 and all(c.isalnum() or c == "-" for c in long)


# ---------------------------------------------------------------------------------- announcer


class Fakes:
    """One FakeZeroconf per link, and a prober that answers as the test says."""

    def __init__(self, fail: dict[str, list[str]] | None = None) -> None:
        self.by_link: dict[str, FakeZeroconf] = {}
        self.fail = fail or {}
        self.answers: dict[str, list[str]] = {}  # host name -> addresses someone answers with
        self.probed: list[tuple[str, str]] = []
        self.lock = threading.Lock()

    def factory(self, link: Link) -> FakeZeroconf:
        if "open" in self.fail.get(link.interface, []):
            raise OSError(f"no multicast on {link.interface}")
        fake = self.by_link[link.interface] = FakeZeroconf(self.fail.get(link.interface, []))
        fake.link = link  # type: ignore[attr-defined]
        return fake

    def prober(self, zc: Any, hostname: str, timeout: float) -> list[str]:
        with self.lock:
            self.probed.append((zc.link.interface, hostname))
        return self.answers.get(hostname, [])

    def announcer(self) -> sd.Announcer:
        return sd.Announcer(interval=0.01, zeroconf_factory=self.factory, prober=self.prober,
                            hostname="raspberrypi")


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch) -> None:
    import ifaddr

    monkeypatch.setattr(ifaddr, "get_adapters", lambda: MACHINE)


async def test_every_interface_is_told_only_its_own_addresses(machine: None) -> None:
    fakes = Fakes()
    announcer = fakes.announcer()
    assert await announcer.start(7777, "srv", host="0.0.0.0")
    links = plan_links("0.0.0.0", MACHINE)
    label = host_label(7777, links, hostname="raspberrypi")
    assert announcer.host == f"{label}.local."
    assert set(fakes.by_link) == {"eth0", "docker0"}
    for interface, addresses in (("eth0", ["192.0.2.1"]), ("docker0", ["198.51.100.1", "198.51.100.9"])):
        [(_, info)] = fakes.by_link[interface].named("register")
        assert (info.server, info.port, info.parsed_addresses()) == (f"{label}.local.", 7777, addresses)
    assert sorted(fakes.probed) == [("docker0", f"{label}.local."), ("eth0", f"{label}.local.")]

    assert await announcer.update(tables=2)
    for fake in fakes.by_link.values():
        [(_, info)] = fake.named("update")
        assert fake.last_txt()["tables"] == "2" and info.server == f"{label}.local."
    await announcer.stop()
    for fake in fakes.by_link.values():
        assert [name for name, _, _ in fake.calls] == ["register", "update", "unregister", "close"]


async def test_a_host_name_someone_else_answers_for_is_not_taken(
        machine: None, caplog: pytest.LogCaptureFixture) -> None:
    fakes = Fakes()
    links = plan_links("0.0.0.0", MACHINE)
    first, second = (f"{host_label(7777, links, n, hostname='raspberrypi')}.local." for n in (1, 2))
    fakes.answers[first] = ["192.0.2.99"]  # another machine holds the name
    fakes.answers[second] = ["192.0.2.1"]  # only our own address (a stale cache): not a conflict
    announcer = fakes.announcer()
    with caplog.at_level(logging.INFO, logger="uno.server.discovery"):
        assert await announcer.start(7777, "srv", host="0.0.0.0")
    assert announcer.host == second
    for fake in fakes.by_link.values():
        [(_, info)] = fake.named("register")
        assert info.server == second
    assert f"the host name {first} is taken (192.0.2.99 answers for it)" in caplog.text
    await announcer.stop()


async def test_an_interface_that_fails_leaves_the_others_announced(
        machine: None, caplog: pytest.LogCaptureFixture) -> None:
    fakes = Fakes(fail={"docker0": ["register"]})
    announcer = fakes.announcer()
    with caplog.at_level(logging.WARNING, logger="uno.server.discovery"):
        assert await announcer.start(7777, "srv", host="0.0.0.0")
    assert [link.interface for link in announcer.links] == ["eth0"]
    assert announcer.addresses == ["192.0.2.1"]
    assert [name for name, _, _ in fakes.by_link["docker0"].calls] == ["register", "close"]
    assert "not announcing on docker0" in caplog.text
    await announcer.stop()
    assert [name for name, _, _ in fakes.by_link["eth0"].calls] == ["register", "unregister", "close"]

    fakes = Fakes(fail={"eth0": ["open"]})
    announcer = fakes.announcer()
    assert await announcer.start(7777, "srv", host="0.0.0.0")
    assert [link.interface for link in announcer.links] == ["docker0"]
    await announcer.stop()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SO_BINDTODEVICE is Linux's")
def test_the_shared_mdns_socket_hears_only_its_own_interface() -> None:
    # sockets like zeroconf's listening (0.0.0.0) and answering ones, on no multicast group
    listening = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    responding = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)

    def device(sock: socket.socket) -> bytes:
        return sock.getsockopt(socket.SOL_SOCKET, sd.SO_BINDTODEVICE, 16).rstrip(b"\0")

    try:
        listening.bind(("0.0.0.0", 0))
        responding.bind(("127.0.0.1", 0))
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as trial:
            try:
                trial.setsockopt(socket.SOL_SOCKET, sd.SO_BINDTODEVICE, b"lo")
            except PermissionError:
                pytest.skip("SO_BINDTODEVICE needs CAP_NET_RAW on this kernel")
        readers = [types.SimpleNamespace(sock=s) for s in (listening, responding)]
        sd.hear_own_interface_only(types.SimpleNamespace(engine=types.SimpleNamespace(readers=readers)),
                                   "lo")
        assert device(listening) == b"lo"
        assert device(responding) == b""  # bound to its address already: left alone
    finally:
        listening.close()
        responding.close()


def test_not_keeping_interfaces_apart_is_only_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="uno.server.discovery"):
        sd.hear_own_interface_only(types.SimpleNamespace(), "eth0")  # no engine
    assert "cannot keep interfaces apart" in caplog.text or not sys.platform.startswith("linux")


# ---------------------------------------------------------------------------------- client


def test_the_client_prefers_its_own_subnets_and_skips_link_local_ipv6() -> None:
    nets = [ipaddress.ip_network("192.0.2.0/24"), ipaddress.ip_network("2001:db8:1::/64")]
    assert order_addresses(["fe80::1", "2001:db8:7::1", "198.51.100.1", "2001:db8:1::1",
                            "192.0.2.1"], nets) == (
        "192.0.2.1", "2001:db8:1::1", "198.51.100.1", "2001:db8:7::1")
    assert order_addresses(["fe80::1"], nets) == ()
    server = FoundServer("s", "2001:db8:1::1", 7777, "1", 0, 0, ("2001:db8:1::1",))
    assert server.address == "[2001:db8:1::1]:7777"



def test_with_no_way_out_of_the_lan_the_invitation_names_an_interfaces_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: on a LAN with no router to the internet (no default route), `uno host`
    invited friends to "uno join 127.0.0.1:7200". An interface's IPv4 address is named instead, a
    link-local one only if there is no other."""
    from server.discovery_net import lan_address

    class NoRoute:
        def __init__(self, *args: object) -> None:
            pass

        def __enter__(self) -> NoRoute:
            return self

        def __exit__(self, *args: object) -> None:
            pass

        def connect(self, address: object) -> None:
            raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(socket, "socket", NoRoute)
    assert lan_address([adapter("lo", "127.0.0.1/8"), adapter("eth0", "169.254.7.7/16"),
                        adapter("eth1", "10.120.0.1", "fe80::1/64")]) == "10.120.0.1"
    assert lan_address([adapter("lo", "127.0.0.1/8"), adapter("eth0", "169.254.7.7/16")]) == "169.254.7.7"
    assert lan_address([adapter("lo", "127.0.0.1/8")]) == "127.0.0.1"
