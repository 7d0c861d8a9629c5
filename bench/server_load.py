"""Load benchmark: `uno server` on 127.0.0.1 against many client connections.

Client processes (never the server's) open C connections and play 4-seat tables (bot delay 0,
no turn timeout): at each table the seat whose turn it is sends a legal action taken from its
view. We measure game actions per second, the latency from an action until the update has reached
every seat of the table (p50, p99), and the server's memory per connection. The same client
processes drive a raw trio + msgpack echo server, and the last line compares the two:
`ratio_vs_echo` = game actions/s ÷ echo messages/s, both at C connections.

- Saturated runs: every player acts the moment it may, so the server never rests; they give the
  actions per second, and their latency is mostly queueing (250 busy tables ÷ actions per
  second; the echo server's, measured from ping to pong, is 1000 busy connections ÷ messages
  per second). They alternate with the echo runs (`--rounds`), so that a slower spell of a
  shared machine weighs on both alike.
- A paced run: players take a person's time (`--think`, 0.5 s on average), which shows the latency
  a table sees with 1000 connections held: this is the p99 to compare with a target.
- Every run has a fresh server, and measures after a warm-up (`--warmup`): the first moves of
  250 matches starting at once are not the steady state.
- Persisted runs: the same saturated game with `--state-dir` (a fresh temporary directory), so
  every move is written to disk before its update is sent; `ratio_persist` = their actions per
  second ÷ the in-memory runs' (each round runs all three kinds in turn).

    python bench/server_load.py [--connections 1000] [--seconds 10] [--rounds 2] [--think 0.5]

The load clients skip message validation and bot thinking, and run on a plain epoll loop rather
than trio: like any load generator, they must cost as little as possible so that the servers are
what is measured. Each run prints the CPU share of the server and of the clients.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import math
import os
import random
import selectors
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import msgpack
import trio

from protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parent.parent
TURN_KINDS = ("play", "draw", "pass", "keep_drawing", "challenge", "accept", "choose_color")


# ---------------------------------------------------------------------------- workers


class Connection:
    """One client connection, driven by the worker's ``Loop``: a bare msgpack stream, no checking.

    The load clients run on a plain epoll loop rather than trio: a load generator must cost as
    little as possible (like wrk, written in C), so that the server is what is measured. Both runs
    (game and echo) use it, so the ratio compares the two servers and not the clients."""

    def __init__(self, loop: Loop, host: str, port: int) -> None:
        self.loop = loop
        self.sock = socket.create_connection((host, port))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.unpacker = msgpack.Unpacker(raw=False)
        loop.selector.register(self.sock, selectors.EVENT_READ, self)

    def send(self, message: dict) -> None:
        self.sock.sendall(msgpack.packb(message))  # small: the kernel takes it at once

    def readable(self) -> None:
        data = self.sock.recv(65536)
        if not data:
            self.loop.selector.unregister(self.sock)
            return
        self.unpacker.feed(data)
        for message in self.unpacker:
            self.received(message)

    def received(self, message: dict) -> None:
        raise NotImplementedError


class Loop:
    """Readiness of many sockets, and timers: all a load client needs."""

    def __init__(self) -> None:
        self.selector = selectors.DefaultSelector()
        self.timers: list[tuple[float, int, Any]] = []  # (when, tie-breaker, callback)
        self._ties = itertools.count()

    def call_later(self, delay: float, callback: Any) -> None:
        heapq.heappush(self.timers, (time.perf_counter() + delay, next(self._ties), callback))

    def run_until(self, done: Any) -> None:
        """Serve sockets and timers until ``done()`` is true (checked after each round)."""
        select, timers = self.selector.select, self.timers
        while not done():
            timeout = 0.01
            if timers:
                timeout = min(timeout, max(0.0, timers[0][0] - time.perf_counter()))
            for key, _ in select(timeout):
                key.data.readable()
            now = time.perf_counter()
            while timers and timers[0][0] <= now:
                heapq.heappop(timers)[2]()


class Table:
    def __init__(self) -> None:
        self.sent_at: dict[int, float] = {}  # change number -> when the action was sent
        self.arrived: dict[int, int] = {}  # change number -> seats that got it
        self.latencies: list[float] = []
        self.room: str | None = None
        self.full = False  # four seats taken: ready to start


class Run:
    """What a worker's connections share: the clock of the measurement and the counts."""

    def __init__(self, think: float) -> None:
        self.think = think
        self.count_from = math.inf  # perf_counter time when the measurement begins...
        self.stop_at = math.inf  # ...and when it ends
        self.actions = 0
        self.messages = 0


class Player(Connection):
    """A seat at a 4-seat table: plays a legal action from its view whenever it is its turn.
    Seat 0 of each table creates the room and starts the match."""

    def __init__(self, loop: Loop, host: str, port: int, run: Run, table: Table,
                 index: int) -> None:
        super().__init__(loop, host, port)
        self.run, self.table, self.index = run, table, index
        self.creator = index % 4 == 0
        self.rng = random.Random(index)
        self.changes = 0  # events messages so far: the same count at every seat of the table
        self.seat: str | None = None
        self.view: dict[str, Any] = {}
        self.welcomed = False
        self.send({"type": "hello", "version": PROTOCOL_VERSION, "name": f"load{index}"})

    def received(self, message: dict) -> None:
        kind = message["type"]
        table = self.table
        if kind == "welcome":
            self.welcomed = True
            if self.creator:
                self.send({"type": "create_room", "name": "load", "seats": 4, "bots": 0,
                           "bot_delay": 0, "turn_timeout": 0})
        elif kind == "joined":
            self.seat = message["seat"]
            if self.creator:
                table.room = message["room"]["id"]
        elif kind == "room" and self.creator:
            room = message["room"]
            table.full = not room["started"] and len(room["seats"]) == 4
        elif kind == "ping":
            self.send({"type": "pong", "nonce": message["nonce"]})
        elif kind == "view":
            self.view = message["view"]
            self.consider()
        elif kind == "events":
            self.changes += 1
            arrived = table.arrived[self.changes] = table.arrived.get(self.changes, 0) + 1
            if arrived == 4:
                del table.arrived[self.changes]
                sent = table.sent_at.pop(self.changes, None)
                if sent is not None and sent >= self.run.count_from:
                    table.latencies.append(time.perf_counter() - sent)
                    self.run.actions += 1
            if message["view"] is not None:
                self.view.update(message["view"])  # only the fields that changed
                self.consider()
        elif kind == "error" and message.get("ref") == "action":
            table.sent_at.pop(self.changes + 1, None)

    def join(self) -> None:
        assert self.table.room is not None
        self.send({"type": "join_room", "room": self.table.room})

    def consider(self) -> None:
        view = self.view
        if time.perf_counter() >= self.run.stop_at:
            return
        if view["outcome"] is not None or view["current"] != self.seat:
            return
        legal = [a for a in view["legal"] if a["kind"] in TURN_KINDS]
        if not legal:
            return
        plays = [a for a in legal if a["kind"] == "play"]
        action = self.rng.choice(plays or legal)
        if self.run.think:  # a person's pace: the latency is measured from the send, after this
            self.loop.call_later(self.run.think * (0.5 + self.rng.random()),
                                 lambda: self.act(action))
        else:
            self.act(action)

    def act(self, action: dict[str, Any]) -> None:
        self.table.sent_at[self.changes + 1] = time.perf_counter()
        self.send({"type": "action", **action})


class Echoer(Connection):
    """Sends a ping, waits for it to come back, and again, while the measurement runs."""

    def __init__(self, loop: Loop, host: str, port: int, run: Run) -> None:
        super().__init__(loop, host, port)
        self.run = run
        self.nonce = 0
        self.sent_at = 0.0
        self.latencies: list[float] = []

    def ping(self) -> None:
        self.nonce += 1
        self.sent_at = time.perf_counter()
        self.send({"type": "ping", "nonce": self.nonce})

    def received(self, message: dict) -> None:
        now = time.perf_counter()
        if self.sent_at >= self.run.count_from:
            self.run.messages += 1
            self.latencies.append(now - self.sent_at)
        if now < self.run.stop_at:
            self.ping()


def worker(mode: str, host: str, port: int, first: int, count: int, warmup: float,
           seconds: float, start_at: float, think: float) -> dict[str, Any]:
    loop = Loop()
    run = Run(think)
    tables = [Table() for _ in range(count // 4)] if mode == "game" else []
    echoers: list[Echoer] = []
    if mode == "game":
        # The tables' creators first; once their rooms exist, the other seats join them.
        creators = [Player(loop, host, port, run, tables[i], first + 4 * i)
                    for i in range(len(tables))]
        loop.run_until(lambda: all(t.room is not None for t in tables))
        others = [Player(loop, host, port, run, tables[i // 3], first + 4 * (i // 3) + 1 + i % 3)
                  for i in range(3 * len(tables))]
        loop.run_until(lambda: all(p.welcomed for p in others))
        for player in others:
            player.join()
        loop.run_until(lambda: all(t.full for t in tables))
    else:
        echoers = [Echoer(loop, host, port, run) for _ in range(count)]
    # Every worker starts at the same wall-clock moment, and measures after the warm-up: the
    # first moves of 250 matches at once (deals, new rooms' first views) are not the steady state.
    loop.run_until(lambda: time.time() >= start_at)
    run.count_from = time.perf_counter() + warmup
    run.stop_at = run.count_from + seconds
    cpu_at_start: list[float] = []
    loop.call_later(warmup, lambda: cpu_at_start.append(time.process_time()))
    if mode == "game":
        for creator in creators:
            creator.send({"type": "start"})
    else:
        for echoer in echoers:
            echoer.ping()
    loop.run_until(lambda: time.perf_counter() >= run.stop_at)
    return {"actions": run.actions, "messages": run.messages,
            "cpu_s": time.process_time() - cpu_at_start[0],
            "latencies": [x for t in tables for x in t.latencies]
            + [x for e in echoers for x in e.latencies]}


def worker_main(argv: list[str]) -> None:
    mode, host, port, first, count, warmup, seconds, start_at, think = argv
    result = worker(mode, host, int(port), int(first), int(count), float(warmup), float(seconds),
                    float(start_at), float(think))
    print(json.dumps(result))


# ---------------------------------------------------------------------------- echo server


async def echo_serve(port: int) -> None:
    async def handle(stream: trio.SocketStream) -> None:
        unpacker = msgpack.Unpacker(max_buffer_size=65536, raw=False)
        try:
            while True:
                data = await stream.receive_some(65536)
                if not data:
                    return
                unpacker.feed(data)
                for message in unpacker:
                    await stream.send_all(msgpack.packb(message))
        except trio.BrokenResourceError:
            return

    listeners = await trio.open_tcp_listeners(port, host="127.0.0.1")
    print(f"listening on 127.0.0.1:{listeners[0].socket.getsockname()[1]}", flush=True)
    await trio.serve_listeners(handle, listeners)


# ---------------------------------------------------------------------------- coordinator


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(command: list[str]) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on" not in line:
        proc.kill()
        raise SystemExit(f"server did not start: {line!r}")
    return proc, int(line.rsplit(":", 1)[1])


def run_mode(mode: str, server_command: list[str], args: argparse.Namespace,
             think: float = 0.0) -> dict[str, Any]:
    """One run against a fresh server: connect, warm up, measure. Also the server's memory."""
    server, port = start_server(server_command)
    try:
        time.sleep(0.5)
        rss_idle = rss_kib(server.pid)
        result = measure(mode, port, args, server.pid, think)
    finally:
        server.terminate()
        server.wait(timeout=10)
    result["rss_idle"] = rss_idle
    return result


def measure(mode: str, port: int, args: argparse.Namespace, server_pid: int,
            think: float) -> dict[str, Any]:
    connections, seconds, warmup, workers = (args.connections, args.seconds, args.warmup,
                                             args.workers)
    per = connections // workers // 4 * 4
    start_at = time.time() + 4 + connections / 400  # time for every connection to be made
    procs = [
        subprocess.Popen([sys.executable, __file__, "--worker", mode, "127.0.0.1", str(port),
                          str(w * per), str(per), str(warmup), str(seconds), str(start_at),
                          str(think)],
                         stdout=subprocess.PIPE, text=True, cwd=ROOT)
        for w in range(workers)
    ]
    time.sleep(max(0.0, start_at + warmup - time.time()))
    cpu_before = cpu_seconds(server_pid)
    time.sleep(seconds / 2)
    rss_during = rss_kib(server_pid)
    time.sleep(max(0.0, start_at + warmup + seconds - time.time()))
    server_cpu = cpu_seconds(server_pid) - cpu_before
    results = []
    for proc in procs:
        out, _ = proc.communicate(timeout=seconds + 120)
        results.append(json.loads(out.strip().splitlines()[-1]))
    merged = {"actions": sum(r["actions"] for r in results),
              "messages": sum(r["messages"] for r in results),
              "latencies": sorted(x for r in results for x in r["latencies"]),
              "server_cpu_s": server_cpu,
              "clients_cpu_s": sum(r["cpu_s"] for r in results),
              "rss_busy": rss_during}
    return merged


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(len(values) * p))]


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker_main(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=2.0,
                        help="seconds of play before the measurement begins")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2,
                        help="saturated game and echo runs, taking turns")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a paced player waits before acting (second game run)")
    args = parser.parse_args()
    connections = args.connections = args.connections // (4 * args.workers) * 4 * args.workers
    uno = [sys.executable, "-m", "server", "--host",
           "127.0.0.1", "--port", "0", "--log-level", "warning", "--next-hand-delay", "0",
           "--heartbeat", "60", "--max-rooms-per-address", "2000", "--no-discovery"]
    echo_server = [sys.executable, __file__, "--echo-server"]
    # Saturated game and echo runs take turns, so that a slower spell of this shared machine
    # weighs on both alike; the ratio compares their totals.
    games, echoes, persisted = [], [], []
    for _ in range(args.rounds):
        games.append(run_mode("game", uno, args))
        echoes.append(run_mode("echo", echo_server, args))
        state_dir = tempfile.mkdtemp(prefix="uno-bench-state-")
        try:
            persisted.append(run_mode("game", [*uno, "--state-dir", state_dir], args))
        finally:
            shutil.rmtree(state_dir, ignore_errors=True)
    paced = run_mode("game", uno, args, think=args.think)

    seconds = args.seconds * args.rounds
    actions_per_s = sum(g["actions"] for g in games) / seconds
    echo_per_s = sum(e["messages"] for e in echoes) / seconds
    latencies = sorted(x for g in games for x in g["latencies"])
    print(f"connections={connections}")
    print(f"tables={connections // 4}")
    print(f"seconds={args.seconds} x {args.rounds} rounds")
    print("round_ratios=" + ",".join(f"{g['actions'] / e['messages']:.2f}"
                                     for g, e in zip(games, echoes, strict=True)))
    print(f"game_actions_per_s={actions_per_s:.0f}")
    print(f"latency_p50_ms={percentile(latencies, 0.50) * 1000:.2f}")
    print(f"latency_p99_ms={percentile(latencies, 0.99) * 1000:.2f}")
    if latencies:
        print(f"latency_mean_ms={statistics.fmean(latencies) * 1000:.2f}")
    paced_latencies = paced["latencies"]
    print(f"paced_think_s={args.think}")
    print(f"paced_actions_per_s={paced['actions'] / args.seconds:.0f}")
    print(f"paced_latency_p50_ms={percentile(paced_latencies, 0.50) * 1000:.2f}")
    print(f"paced_latency_p99_ms={percentile(paced_latencies, 0.99) * 1000:.2f}")
    rss_idle, rss_busy = games[0]["rss_idle"], games[0]["rss_busy"]
    print(f"server_rss_idle_mib={rss_idle / 1024:.1f}")
    print(f"server_rss_busy_mib={rss_busy / 1024:.1f}")
    print(f"server_kib_per_connection={(rss_busy - rss_idle) / connections:.1f}")
    print(f"game_cpu_share_server={sum(g['server_cpu_s'] for g in games) / seconds:.2f}")
    print(f"game_cpu_share_clients={sum(g['clients_cpu_s'] for g in games) / seconds:.2f}")
    print(f"echo_messages_per_s={echo_per_s:.0f}")
    echo_latencies = sorted(x for e in echoes for x in e["latencies"])
    print(f"echo_latency_p50_ms={percentile(echo_latencies, 0.50) * 1000:.2f}")
    print(f"echo_latency_p99_ms={percentile(echo_latencies, 0.99) * 1000:.2f}")
    print(f"echo_cpu_share_server={sum(e['server_cpu_s'] for e in echoes) / seconds:.2f}")
    print(f"echo_cpu_share_clients={sum(e['clients_cpu_s'] for e in echoes) / seconds:.2f}")
    persist_per_s = sum(p["actions"] for p in persisted) / seconds
    persist_latencies = sorted(x for p in persisted for x in p["latencies"])
    print(f"persist_actions_per_s={persist_per_s:.0f}")
    print(f"persist_latency_p50_ms={percentile(persist_latencies, 0.50) * 1000:.2f}")
    print(f"persist_latency_p99_ms={percentile(persist_latencies, 0.99) * 1000:.2f}")
    print(f"persist_cpu_share_server={sum(p['server_cpu_s'] for p in persisted) / seconds:.2f}")
    print("persist_round_ratios=" + ",".join(f"{p['actions'] / g['actions']:.2f}"
                                             for p, g in zip(persisted, games, strict=True)))
    # CPU time of the server per action: what persistence costs, less swayed by a busy machine.
    game_cpu_us = sum(g["server_cpu_s"] for g in games) / max(1, sum(g["actions"] for g in games)) * 1e6
    persist_cpu_us = (sum(p["server_cpu_s"] for p in persisted)
                      / max(1, sum(p["actions"] for p in persisted)) * 1e6)
    print(f"game_server_cpu_us_per_action={game_cpu_us:.0f}")
    print(f"persist_server_cpu_us_per_action={persist_cpu_us:.0f}")
    print(f"ratio_persist_cpu={game_cpu_us / persist_cpu_us if persist_cpu_us else 0:.2f}")
    print(f"ratio_persist={persist_per_s / actions_per_s if actions_per_s else 0:.2f}")
    print(f"ratio_vs_echo={actions_per_s / echo_per_s if echo_per_s else 0:.2f}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--echo-server":
        trio.run(echo_serve, 0)
    else:
        os.environ.setdefault("PYTHONHASHSEED", "0")
        main()
