"""Soak: `python -m server` on 127.0.0.1 with tables of bot players that drop their connections at
random and come back with their tokens, for a given time, plus one well-behaved table (one
person, three server bots) whose latency is measured with and without attacks running.

    python bench/soak.py [--seconds 60] [--tables 8] [--drop-every 20] [--attack-idle 200]

Each soak table has four seats, each a client playing the normal bot's moves (single-hand
matches, 5 s turns; the host starts the next match). Each client drops its connection after a
random time (exponential, ``--drop-every`` seconds on average; half of the drops are a reset,
half a plain close, none says leave_room), waits 0.2-3 s and connects again with its token:
back in its seat if the match is still on, else it joins the table again.

The run has four phases: warm-up (10%), calm (10-40%), attacks (40-70%: every attack of
tests/e2e/barrage.py, round after round, against the same server), calm again (70-100%). The
server's memory (VmRSS) is sampled every second. Printed as `name=value` lines:

- rss_start_kib (after the warm-up), rss_end_kib, rss_max_kib, rss_after_attacks_kib (at 70%);
- rss_slope_kib_per_min over the whole run after the warm-up, and over the last calm phase;
- hands_finished (all tables, from the server's log), reconnects, resumed_seats, rejoined;
- table_p99_ms_calm / table_p99_ms_attacked (and p50, and the samples): the well-behaved
  table's latency from sending a move to receiving its events;
- attack_rounds, attacks, attack_failures (an attack that did not get its documented answer);
- last, the verdict: memory_growth_kib_per_min (the slope over the last calm phase; it must
  stay near 0: memory does not keep growing).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import socket
import statistics
import struct
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test kit
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from attack_table import LiveTable, p99  # noqa: E402
from barrage import Barrage, raise_fd_limit, run_barrage  # noqa: E402
from kit.server import ServerProcess  # noqa: E402

from client.link import ConnectionLost, Link  # noqa: E402
from engine.bots import choose_action  # noqa: E402
from protocol import (  # noqa: E402
    CreateRoom,
    Error,
    Events,
    Joined,
    JoinRoom,
    Left,
    Message,
    Ping,
    Pong,
    ProtocolError,
    RoomUpdate,
    Start,
    Sync,
    ViewMsg,
    codec,
)

HANDSHAKE = 2.0  # the server's handshake timeout here, so idle sockets of the attacks go soon


@dataclass
class Stats:
    reconnects: int = 0
    resumed: int = 0
    rejoined: int = 0
    actions: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


@dataclass
class Table:
    index: int
    room_id: str | None = None
    creating: bool = False


class SoakSeat:
    """One seat of a soak table: plays, drops at random, comes back with its token."""

    def __init__(self, port: int, table: Table, number: int, stats: Stats, drop_every: float,
                 seed: int) -> None:
        self.port = port
        self.table = table
        self.name = f"t{table.index}s{number}"
        self.stats = stats
        self.drop_every = drop_every
        self.rng = random.Random(seed)
        self.token: str | None = None
        self.seat: str | None = None
        self.starting = False

    async def run(self, stop: trio.Event) -> None:
        while not stop.is_set():
            try:
                stream = await trio.open_tcp_stream("127.0.0.1", self.port)
            except OSError as exc:
                self.stats.failures.append(f"{self.name}: connect: {exc}")
                await trio.sleep(1)
                continue
            link = Link(stream)
            try:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._session, link)
                    with trio.move_on_after(self.rng.expovariate(1 / self.drop_every)):
                        await stop.wait()
                    nursery.cancel_scope.cancel()
            except* (ConnectionLost, ProtocolError, trio.BrokenResourceError) as group:
                self.stats.failures.append(f"{self.name}: {group.exceptions[0]!r}"[:200])
            finally:
                if self.rng.random() < 0.5:  # a reset rather than a close
                    with contextlib.suppress(OSError):
                        stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                                 struct.pack("ii", 1, 0))
                stream.socket.close()
            if stop.is_set():
                return
            self.stats.reconnects += 1
            await trio.sleep(self.rng.uniform(0.2, 3.0))

    async def _session(self, link: Link) -> None:
        welcome = await link.hello(self.name, self.token)
        self.token = welcome.token
        if welcome.resumed:
            self.stats.resumed += 1
        else:
            self.seat = None
            await self._enter(link)
        while True:
            message = await link.receive()
            await self._on(link, message)
            if link.conn.gap:
                link.conn.gap = False
                if self.seat is not None:
                    await link.send(Sync())

    async def _enter(self, link: Link) -> None:
        table = self.table
        while table.creating:
            await trio.sleep(0.05)
        if table.room_id is None:
            table.creating = True
            await link.send(CreateRoom(name=f"soak {table.index}", seats=4, bots=0, bot_delay=0,
                                       turn_timeout=5, rules={"target_score": None}))
        else:
            self.stats.rejoined += 1
            await link.send(JoinRoom(room=table.room_id))

    async def _on(self, link: Link, message: Message) -> None:
        table = self.table
        if isinstance(message, Joined):
            self.seat = message.seat
            if table.creating:
                table.room_id, table.creating = message.room.id, False
        elif isinstance(message, Ping):
            await link.send(Pong(nonce=message.nonce))
        elif isinstance(message, Left):
            self.seat = None
            if message.reason == "room_closed":
                table.room_id = None
            await trio.sleep(0.3)
            await self._enter(link)
        elif isinstance(message, Error):
            self.stats.errors[message.code] += 1
            if message.ref == "create_room":
                table.creating = False
            if message.ref in ("join_room", "create_room"):
                if message.code == "no_such_room":
                    table.room_id = None
                await trio.sleep(0.5)
                await self._enter(link)
            elif message.ref == "start":
                self.starting = False
        elif isinstance(message, RoomUpdate):
            room = message.room
            if room.started:
                self.starting = False
            elif (room.host_seat == self.seat and not self.starting and len(room.seats) >= 2
                  and all(s.connected for s in room.seats)):
                self.starting = True
                await trio.sleep(0.2)  # let others sit down
                await link.send(Start())
        elif isinstance(message, ViewMsg | Events):
            view = message.view
            if (view and view["current"] == self.seat and view["legal"] and view["outcome"] is None):
                action = choose_action("normal", codec.view_from_wire(view), self.rng)
                if action is not None:
                    await trio.sleep(self.rng.uniform(0.03, 0.12))
                    self.stats.actions += 1
                    await link.send(codec.action_to_act(action))


def slope_per_min(samples: list[tuple[float, int]]) -> float:
    if len(samples) < 3:
        return float("nan")
    xs = [t for t, _ in samples]
    ys = [float(v) for _, v in samples]
    return statistics.linear_regression(xs, ys).slope * 60


async def soak(args: argparse.Namespace) -> dict[str, Any]:
    raise_fd_limit(4 * args.attack_idle + 1000)
    server = ServerProcess("--handshake-timeout", str(HANDSHAKE), "--next-hand-delay", "0",
                           "--heartbeat", "15")
    results: dict[str, Any] = {}
    try:
        total = args.seconds
        began = trio.current_time()
        stats = Stats()
        samples: list[tuple[float, int]] = []
        stop = trio.Event()
        attacks_on = trio.Event()
        attacks_off = trio.Event()
        barrage = Barrage()
        table = LiveTable(server.port, name="timed", seed=1)
        phase_of_latency: list[bool] = []  # per latency sample: under attack?

        async def sampler() -> None:
            while not stop.is_set():
                samples.append((trio.current_time() - began, server.rss_kib()))
                with trio.move_on_after(1):
                    await stop.wait()

        async def attacker() -> None:
            await trio.sleep(0.4 * total)
            attacks_on.set()
            done = trio.Event()
            assert table.room_id is not None
            async with trio.open_nursery() as nursery:
                nursery.start_soon(run_barrage, server.port, table.room_id, server, HANDSHAKE, done,
                                   barrage, args.attack_idle)
                await trio.sleep(0.3 * total)
                done.set()  # the round in progress finishes
            attacks_off.set()

        async def timed_table() -> None:
            try:
                await table.run()
            except Exception as exc:
                stats.failures.append(f"timed table: {exc!r}"[:200])

        async def label_latencies() -> None:
            seen = 0
            while not table.done.is_set():
                report = table.report
                while seen < len(report.latencies):
                    phase_of_latency.append(attacks_on.is_set() and not attacks_off.is_set())
                    seen += 1
                await trio.sleep(0.01)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(sampler)
            nursery.start_soon(timed_table)
            nursery.start_soon(label_latencies)
            tables = [Table(i) for i in range(args.tables)]
            for t in tables:
                for number in range(4):
                    seat = SoakSeat(server.port, t, number, stats, args.drop_every,
                                    seed=args.seed * 1000 + t.index * 10 + number)
                    nursery.start_soon(seat.run, stop)
                    await trio.sleep(0.05)
            with trio.fail_after(15):
                await table.started.wait()
            nursery.start_soon(attacker)
            await trio.sleep(max(0.0, total - (trio.current_time() - began)))
            table.stop.set()
            stop.set()
            with trio.move_on_after(30):
                await table.done.wait()
            nursery.cancel_scope.cancel()

        warm = [(t, v) for t, v in samples if t >= 0.1 * total]
        last_calm = [(t, v) for t, v in samples if t >= 0.7 * total + 2]
        after_attacks = [v for t, v in samples if t >= 0.7 * total]
        lat = table.report.latencies[:len(phase_of_latency)]
        calm = [x * 1000 for x, hit in zip(lat, phase_of_latency, strict=True) if not hit]
        hit = [x * 1000 for x, hit in zip(lat, phase_of_latency, strict=True) if hit]
        log = server.log_text()
        results = {
            "seconds": total,
            "tables": args.tables,
            "rss_start_kib": warm[0][1] if warm else samples[0][1],
            "rss_end_kib": samples[-1][1],
            "rss_max_kib": max(v for _, v in samples),
            "rss_after_attacks_kib": after_attacks[0] if after_attacks else None,
            "rss_slope_kib_per_min": round(slope_per_min(warm), 1),
            "rss_slope_last_calm_kib_per_min": round(slope_per_min(last_calm), 1),
            "hands_finished": log.count("hand won by seat"),
            "reconnects": stats.reconnects,
            "resumed_seats": stats.resumed,
            "rejoined": stats.rejoined,
            "soak_actions": stats.actions,
            "soak_errors": ",".join(f"{k}:{v}" for k, v in stats.errors.most_common(6)) or "none",
            "client_failures": len(stats.failures),
            "table_hands": table.report.hands,
            "table_moves_calm": len(calm),
            "table_moves_attacked": len(hit),
            "table_p50_ms_calm": round(statistics.median(calm), 2) if calm else None,
            "table_p99_ms_calm": round(p99(calm), 2),
            "table_p50_ms_attacked": round(statistics.median(hit), 2) if hit else None,
            "table_p99_ms_attacked": round(p99(hit), 2),
            "table_problems": len(table.report.problems),
            "attack_rounds": barrage.rounds,
            "attacks": barrage.attacks,
            "attack_failures": len(barrage.failures),
            "server_errors_logged": log.count(" ERROR "),
            "server_alive": server.alive(),
        }
        for failure in (barrage.failures + stats.failures + table.report.problems)[:8]:
            print(f"# {failure}", file=sys.stderr)
        results["memory_growth_kib_per_min"] = results["rss_slope_last_calm_kib_per_min"]
    finally:
        server.stop()
        server.remove_log()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--drop-every", type=float, default=20.0,
                        help="mean seconds between a client's drops")
    parser.add_argument("--attack-idle", type=int, default=200,
                        help="idle sockets per round of attacks")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.monotonic()
    results = trio.run(soak, args)
    for name, value in results.items():
        print(f"{name}={value}")
    print(f"# wall time {time.monotonic() - started:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
