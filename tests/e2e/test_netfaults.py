"""Network faults for real: the server in one network namespace, a player in another, joined by a
veth pair (192.0.2.1 and 192.0.2.2, addresses reserved for documentation).

- The player's link goes down without a FIN: the server's heartbeat sees the player dropped, its
  seat plays on under the timeout rules (the server moves for it, then marks it away), and the
  player takes the seat back with its token when the link returns.
- A link with loss and delay (``tc ... netem``) still plays a hand. Kernels without netem skip
  that test; a second one makes a congested link with ``tbf`` (a token bucket with a shallow
  queue: packets queue up, and the ones that do not fit are dropped) and plays a hand over it.

The player's sockets are made in its namespace by a short-lived thread that enters it
(``setns``), so the test drives everything from one trio run. A spectator watches from inside
the server's namespace. Needs root, ``ip`` and ``tc`` (iproute2); skips otherwise. The namespaces
exist only during a test and are deleted, with the server, at the end.
"""

from __future__ import annotations

import ctypes
import os
import random
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import trio
from kit.client import Client, bot_act, view_in
from kit.closes import closed
from kit.harness import is_hand_end, own_move
from kit.server import ServerProcess

from engine import full_deck
from protocol import (
    Back,
    CreateRoom,
    Events,
    Joined,
    JoinRoom,
    Message,
    Ping,
    RoomUpdate,
    Start,
)

SERVER_IP, CLIENT_IP = "192.0.2.1", "192.0.2.2"
HEARTBEAT = 3.0  # --heartbeat of the server: pings after 1 s of silence, drops after 3 s
TURN = 1.0  # turn_timeout of the table
DECK = len(full_deck())
CLONE_NEWNET = 0x40000000

pytestmark = [pytest.mark.skipif(sys.platform != "linux", reason="network namespaces are Linux's"),
              pytest.mark.machine_wide]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), check=True, capture_output=True, text=True, timeout=10)


def _quiet(*args: str) -> None:
    subprocess.run(list(args), capture_output=True, timeout=10)


@dataclass
class Net:
    server_ns: str
    client_ns: str
    server_if: str
    client_if: str

    def link(self, up: bool) -> None:
        """The player's end of the link goes down (nothing passes, no FIN) or comes back."""
        _run("ip", "-n", self.client_ns, "link", "set", self.client_if, "up" if up else "down")

    def qdisc(self, *spec: str) -> None:
        """The same queueing discipline on both ends of the link."""
        for ns, dev in ((self.server_ns, self.server_if), (self.client_ns, self.client_if)):
            _run("ip", "netns", "exec", ns, "tc", "qdisc", "replace", "dev", dev, "root", *spec)


@pytest.fixture
def net() -> Iterator[Net]:
    if os.geteuid() != 0:
        pytest.skip("needs root to create network namespaces")
    for tool in ("ip", "tc"):
        if shutil.which(tool) is None:
            pytest.skip(f"needs iproute2 (`{tool}`): apt-get install -y iproute2")
    pid = os.getpid()
    net = Net(f"uno-nf-{pid}-s", f"uno-nf-{pid}-c", f"unf{pid % 10**6}s", f"unf{pid % 10**6}c")
    try:
        _run("ip", "netns", "add", net.server_ns)
        _run("ip", "netns", "add", net.client_ns)
        _run("ip", "link", "add", net.server_if, "netns", net.server_ns, "type", "veth",
             "peer", "name", net.client_if, "netns", net.client_ns)
        for ns, dev, address in ((net.server_ns, net.server_if, SERVER_IP),
                                 (net.client_ns, net.client_if, CLIENT_IP)):
            _run("ip", "-n", ns, "addr", "add", f"{address}/24", "dev", dev)
            _run("ip", "-n", ns, "link", "set", "lo", "up")
            _run("ip", "-n", ns, "link", "set", dev, "up")
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        for ns in (net.server_ns, net.client_ns):
            _quiet("ip", "netns", "del", ns)
        pytest.skip(f"cannot create network namespaces here: {getattr(exc, 'stderr', '') or exc}")
    try:
        yield net
    finally:  # deleting a namespace deletes its end of the veth pair (and so the pair)
        for ns in (net.server_ns, net.client_ns):
            _quiet("ip", "netns", "del", ns)


def _serve(net: Net, tmp_path: Path, heartbeat: float) -> Iterator[ServerProcess]:
    srv = ServerProcess("--heartbeat", str(heartbeat), "--next-hand-delay", "0", host="0.0.0.0",
                        netns=net.server_ns, log_path=tmp_path / "server.log")
    try:
        yield srv
    finally:
        srv.stop()
        print(f"--- server log ({srv.log_path}):\n{srv.log_path.read_text()[-4000:]}")


@pytest.fixture
def server(net: Net, tmp_path: Path) -> Iterator[ServerProcess]:
    """The server, with a short heartbeat (``HEARTBEAT``)."""
    yield from _serve(net, tmp_path, HEARTBEAT)


@pytest.fixture
def patient_server(net: Net, tmp_path: Path) -> Iterator[ServerProcess]:
    """The server with the default heartbeat (15 s): a bad link is slow, but it is no dropped link."""
    yield from _serve(net, tmp_path, 15.0)


# ---------------------------------------------------------------------------- clients


_libc = ctypes.CDLL(None, use_errno=True)


def _connect_in(ns: str, host: str, port: int) -> socket.socket:
    """A TCP connection made from inside namespace ``ns`` (by a new thread that enters it and
    ends; the socket stays in that namespace)."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            with open(f"/run/netns/{ns}") as handle:
                if _libc.setns(handle.fileno(), CLONE_NEWNET) != 0:
                    raise OSError(ctypes.get_errno(), f"setns {ns}")
            box["sock"] = socket.create_connection((host, port), timeout=10)
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    sock: socket.socket = box["sock"]
    sock.settimeout(None)
    return sock


async def connect_in(ns: str, host: str, port: int, name: str) -> Client:
    sock = await trio.to_thread.run_sync(_connect_in, ns, host, port)
    return Client(trio.SocketStream(trio.socket.from_stdlib_socket(sock)), name)


def seat_state(message: Message, seat: str) -> tuple[bool, bool] | None:
    """(connected, away) of ``seat`` in a ``room`` message."""
    if isinstance(message, RoomUpdate):
        for info in message.room.seats:
            if info.seat == seat:
                return info.connected, info.away
    return None


async def play(client: Client, seat: str, until: Callable[[Message], bool], rng: random.Random,
               think: float = 0.05) -> Message:
    """Play ``seat`` (the normal bot's moves on its turns) until a message satisfies ``until``."""
    acted_on: Any = None
    while True:
        message = await client.recv()  # it answers pings
        if until(message):
            return message
        view = view_in(message)
        if view is None:
            continue
        total = sum(view["hand_sizes"]) + view["draw_pile"] + view["discard_pile"]
        assert total == DECK and len(view["hand"]) == view["hand_sizes"][view["seats"].index(seat)]
        if view["current"] == seat and view["legal"] and view["outcome"] is None and acted_on is not view:
            act = bot_act(view, rng)
            if act is not None:
                acted_on = view
                await trio.sleep(think)
                await client.send(act)


@dataclass
class Table:
    player: Client  # from the client's namespace
    token: str
    seat: str
    room: str
    watcher: Client  # a spectator in the server's namespace, reading in the background


async def open_table(net: Net, server: ServerProcess, nursery: trio.Nursery, turn_timeout: float
                     ) -> Table:
    """The player (from the client's namespace) opens a table with two server bots and starts
    it; a spectator watches from the server's namespace."""
    player = await connect_in(net.client_ns, SERVER_IP, server.port, "faraway")
    welcome = await player.hello()
    assert welcome.token
    await player.send(CreateRoom(name="far table", seats=3, bots=2, bot_delay=0.05,
                                 turn_timeout=turn_timeout))
    joined = await player.expect(Joined)
    assert joined.seat is not None
    watcher = await connect_in(net.server_ns, "127.0.0.1", server.port, "watcher")
    await watcher.hello()
    mark = len(watcher.log)
    await watcher.send(JoinRoom(room=joined.room.id, spectate=True))
    watcher.read_in(nursery)
    await watcher.wait_for(lambda m: isinstance(m, Joined), mark, 5)
    await player.send(Start())
    return Table(player, welcome.token, joined.seat, joined.room.id, watcher)


# ---------------------------------------------------------------------------- tests


async def test_a_link_that_goes_down_is_seen_as_dropped_and_the_seat_comes_back(
        net: Net, server: ServerProcess) -> None:
    rng = random.Random(1)
    with trio.fail_after(90):
        async with trio.open_nursery() as nursery:
            table = await open_table(net, server, nursery, TURN)
            player, seat, watcher = table.player, table.seat, table.watcher
            # a few moves over the healthy link
            moves = 0

            def third_move(message: Message) -> bool:
                nonlocal moves
                if own_move(message, seat):
                    moves += 1
                return moves >= 3

            await play(player, seat, third_move, rng)

            # The link goes down: no FIN, no RST, nothing passes.
            mark = len(watcher.log)
            net.link(up=False)
            down_at = trio.current_time()
            dropped = await watcher.wait_for_index(
                lambda m: seat_state(m, seat) == (False, False), mark, HEARTBEAT + 5)
            dropped_at = watcher.times[dropped]
            print(f"\nseen as dropped {dropped_at - down_at:.2f} s after the link went down")
            assert HEARTBEAT - 0.5 <= dropped_at - down_at <= HEARTBEAT + 1.5
            # Its turns go on under the timeout rules: once a turn of its runs out with the link
            # down (before the drop was seen, or after), it is away, and its turns are not waited
            # for (server/room.py's ``_timed_out`` and ``disconnected``).
            away_at = watcher.times[await watcher.wait_for_index(  # (perhaps in the drop's moment)
                lambda m: seat_state(m, seat) == (False, True), dropped, 4 * TURN + 5)]
            ran_out = [m for m in watcher.log[mark:] if isinstance(m, Events) and bool(m.events)
                       and m.events[0] == {"type": "stand_in", "seat": seat, "reason": "timeout"}]
            assert ran_out, "away with no turn of its run out"
            print(f"marked away {away_at - dropped_at:.2f} s after the drop")
            # the heartbeat dropped it (the server logs the close after telling the room)
            with trio.fail_after(5):
                while not closed(server.log_text(), "faraway"):
                    await trio.sleep(0.05)
            assert closed(server.log_text(), "faraway") == ["timeout"]

            # The link comes back: the player connects again with its token and takes its seat.
            net.link(up=True)
            await player.aclose()
            mark = len(watcher.log)
            again = await connect_in(net.client_ns, SERVER_IP, server.port, "faraway")
            welcome = await again.hello(token=table.token)
            assert welcome.resumed
            joined = await again.expect(Joined)
            assert (joined.role, joined.seat, joined.room.id) == ("player", seat, table.room)
            # still away (a client reconnects by itself, whoever is at the keyboard) until back
            await watcher.wait_for(lambda m: seat_state(m, seat) == (True, True), mark, 5)
            await again.send(Back())
            await watcher.wait_for(lambda m: seat_state(m, seat) == (True, False), mark, 5)
            # and plays on to the end of a hand
            await play(again, seat, is_hand_end, rng)
            await again.aclose()
            nursery.cancel_scope.cancel()



async def play_a_hand(net: Net, server: ServerProcess, hands: int = 1) -> float:
    """The player plays ``hands`` whole hands over the (impaired) link; how long it took."""
    with trio.fail_after(120):
        async with trio.open_nursery() as nursery:
            began = trio.current_time()
            table = await open_table(net, server, nursery, turn_timeout=30)
            rng = random.Random(2)
            for _ in range(hands):
                await play(table.player, table.seat, is_hand_end, rng)
            took = trio.current_time() - began
            # the player was never seen as dropped, and never timed out
            assert all(seat_state(m, table.seat) in (None, (True, False)) for m in table.watcher.log)
            await table.player.aclose()
            nursery.cancel_scope.cancel()
    return took


def retransmitted(ns: str) -> int:
    """TCP segments retransmitted so far in namespace ``ns`` (from /proc/net/snmp)."""
    lines = [line.split() for line in _run("ip", "netns", "exec", ns, "cat", "/proc/net/snmp").stdout
             .splitlines() if line.startswith("Tcp:")]
    return int(lines[1][lines[0].index("RetransSegs")])


@pytest.fixture
def netem(net: Net) -> Net:
    """The link with 40 ms (±10 ms) of delay and 5% loss each way, if this kernel has netem."""
    try:
        net.qdisc("netem", "delay", "40ms", "10ms", "loss", "5%")
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"netem is not available in this kernel ({exc.stderr.strip()}); "
                    "test_a_slow_link_that_keeps_losing_packets_still_plays_a_hand loses packets "
                    "without it")
    return net


async def test_a_link_with_loss_and_delay_still_plays_a_hand(netem: Net,
                                                            patient_server: ServerProcess) -> None:
    took = await play_a_hand(netem, patient_server)
    print(f"\na hand over netem (40±10 ms, 5% loss each way) took {took:.1f} s")


@pytest.mark.slow  # 5 to 20 seconds
async def test_a_slow_link_that_keeps_losing_packets_still_plays_a_hand(
        net: Net, patient_server: ServerProcess) -> None:
    # Without netem: a token bucket of 64 kbit/s (bursts queue up: delay), and the link goes
    # down for half a second every second or two (everything sent meanwhile is lost: TCP must
    # retransmit; the outages are far shorter than the heartbeat: nobody is dropped). The game
    # may happen to send nothing during an outage, so each outage also writes a ping on a spare
    # connection: a segment in flight for longer than TCP's shortest retransmission timeout
    # (200 ms), so that every run loses packets for sure.
    try:
        net.qdisc("tbf", "rate", "64kbit", "burst", "1600", "limit", "3000")
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"tbf is not available in this kernel: {exc.stderr.strip()}")
    before = retransmitted(net.server_ns) + retransmitted(net.client_ns)
    outages = 0
    rng = random.Random(3)

    async def flap() -> None:
        nonlocal outages
        while True:
            await trio.sleep(rng.uniform(1.0, 2.0))
            spare = await connect_in(net.client_ns, SERVER_IP, patient_server.port, "spare")
            net.link(up=False)
            outages += 1
            await spare.send(Ping(nonce=outages))
            await trio.sleep(0.5)
            net.link(up=True)
            await spare.aclose()

    async with trio.open_nursery() as nursery:
        nursery.start_soon(flap)
        took = await play_a_hand(net, patient_server, hands=2)
        nursery.cancel_scope.cancel()
    net.link(up=True)
    lost = retransmitted(net.server_ns) + retransmitted(net.client_ns) - before
    print(f"\ntwo hands over a 64 kbit/s link that went down {outages} times took {took:.1f} s; "
          f"{lost} segments were sent again")
    assert outages >= 1 and lost > 0
