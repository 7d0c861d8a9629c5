"""Load benchmark: `uno server` on 127.0.0.1 against many client connections.

Client processes (never the server's) open C connections and play 4-seat tables (bot delay 0,
no turn timeout): at each table the seat whose turn it is sends a legal action taken from its
view. We measure game actions per second, the latency from an action until the update has reached
every seat of the table (p50, p99), and the server's memory per connection. In the same run the same
client processes drive a raw trio + msgpack echo server, and the last line compares the two:
`ratio_vs_echo` = game actions/s ÷ echo messages/s, both at C connections.

Two game runs: one where every player acts the moment it may (the server is saturated, so the
latency there is mostly queueing: 250 busy tables ÷ actions per second), and one where players
take a person's time (`--think`, 0.5 s on average) to show the latency a table sees at that load.

    python bench/server_load.py [--connections 1000] [--seconds 10] [--workers 2] [--think 0.5]

The load clients skip message validation and bot thinking on purpose: they must cost as little
as possible so that the server is what is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import msgpack
import trio

ROOT = Path(__file__).resolve().parent.parent
TURN_KINDS = ("play", "draw", "pass", "keep_drawing", "challenge", "accept", "choose_color")


# ---------------------------------------------------------------------------- workers


class Wire:
    """A bare msgpack stream: no checking, as little work as possible."""

    def __init__(self, stream: trio.SocketStream) -> None:
        self.stream = stream
        self.unpacker = msgpack.Unpacker(raw=False)

    async def send(self, message: dict) -> None:
        await self.stream.send_all(msgpack.packb(message))

    async def receive(self) -> dict:
        while True:
            for message in self.unpacker:
                return message
            data = await self.stream.receive_some(65536)
            if not data:
                raise EOFError
            self.unpacker.feed(data)


class Table:
    def __init__(self) -> None:
        self.sent_at: dict[int, float] = {}  # change number -> when the action was sent
        self.arrived: dict[int, int] = {}  # change number -> seats that got it
        self.latencies: list[float] = []
        self.room: str | None = None
        self.room_ready = trio.Event()


async def game_seat(host: str, port: int, table: Table, index: int, stop_at: list[float],
                    counts: dict[str, int], ready: trio.Event, go: trio.Event,
                    think: float) -> None:
    wire = Wire(await trio.open_tcp_stream(host, port))
    rng = random.Random(index)
    await wire.send({"type": "hello", "version": 2, "name": f"load{index}"})
    if index % 4 == 0:
        await wire.send({"type": "create_room", "name": "load", "seats": 4, "bots": 0,
                         "bot_delay": 0, "turn_timeout": 0})
    changes = 0
    seat = None
    view: dict = {}
    while True:
        message = await wire.receive()
        kind = message["type"]
        if kind == "joined":
            seat = message["seat"]
            if index % 4 == 0:
                table.room = message["room"]["id"]
                table.room_ready.set()
                ready.set()
        elif kind == "welcome" and index % 4:
            await table.room_ready.wait()
            await wire.send({"type": "join_room", "room": table.room})
            ready.set()
        elif kind == "room" and index % 4 == 0:
            room = message["room"]
            if not room["started"] and len(room["seats"]) == 4:
                await go.wait()
                await wire.send({"type": "start"})
        elif kind == "ping":
            await wire.send({"type": "pong", "nonce": message["nonce"]})
        elif kind == "events":
            changes += 1
            arrived = table.arrived[changes] = table.arrived.get(changes, 0) + 1
            if arrived == 4:
                del table.arrived[changes]
                sent = table.sent_at.pop(changes, None)
                if sent is not None:
                    table.latencies.append(time.perf_counter() - sent)
                    counts["actions"] += 1
        if kind == "view":
            view = message["view"]
        elif kind == "events" and message["view"] is not None:
            view.update(message["view"])  # only the fields that changed
        if kind in ("view", "events") and message.get("view") is not None:
            if trio.current_time() >= stop_at[0]:
                return
            if view["outcome"] is not None or view["current"] != seat:
                continue
            legal = [a for a in view["legal"] if a["kind"] in TURN_KINDS]
            if not legal:
                continue
            plays = [a for a in legal if a["kind"] == "play"]
            action = rng.choice(plays or legal)
            if think:  # a person's pace: the latency is measured from the send, after this
                await trio.sleep(think * (0.5 + rng.random()))
            table.sent_at[changes + 1] = time.perf_counter()
            await wire.send({"type": "action", **action})
        if kind == "error" and message.get("ref") == "action":
            table.sent_at.pop(changes + 1, None)


async def echo_client(host: str, port: int, stop_at: list[float], counts: dict[str, int],
                      ready: trio.Event, go: trio.Event) -> None:
    wire = Wire(await trio.open_tcp_stream(host, port))
    ready.set()
    await go.wait()
    nonce = 0
    while trio.current_time() < stop_at[0]:
        nonce += 1
        await wire.send({"type": "ping", "nonce": nonce})
        await wire.receive()
        counts["messages"] += 1


async def worker(mode: str, host: str, port: int, first: int, count: int, seconds: float,
                 start_at: float, think: float) -> dict:
    counts = {"actions": 0, "messages": 0}
    stop_at = [float("inf")]
    tables = [Table() for _ in range(count // 4)]
    go = trio.Event()
    async with trio.open_nursery() as nursery:
        readies = []
        for i in range(count):
            ready = trio.Event()
            readies.append(ready)
            if mode == "game":
                nursery.start_soon(game_seat, host, port, tables[i // 4], first + i, stop_at,
                                   counts, ready, go, think)
            else:
                nursery.start_soon(echo_client, host, port, stop_at, counts, ready, go)
            if i % 50 == 49:
                await trio.sleep(0.01)
        for ready in readies:
            await ready.wait()
        # every worker starts measuring at the same wall-clock moment
        await trio.sleep(max(0.0, start_at - time.time()))
        counts["actions"] = counts["messages"] = 0
        stop_at[0] = trio.current_time() + seconds
        cpu_start = time.process_time()
        go.set()
        await trio.sleep(seconds)
        result = dict(counts)
        result["cpu_s"] = time.process_time() - cpu_start
        nursery.cancel_scope.cancel()
    result["latencies"] = [x for t in tables for x in t.latencies]
    return result


def worker_main(argv: list[str]) -> None:
    mode, host, port, first, count, seconds, start_at, think = argv
    result = trio.run(worker, mode, host, int(port), int(first), int(count), float(seconds),
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


def run_mode(mode: str, port: int, connections: int, seconds: float, workers: int,
             server_pid: int, think: float = 0.0) -> tuple[dict, int]:
    per = connections // workers // 4 * 4
    start_at = time.time() + 4 + connections / 400  # time for every connection to be made
    procs = [
        subprocess.Popen([sys.executable, __file__, "--worker", mode, "127.0.0.1", str(port),
                          str(w * per), str(per), str(seconds), str(start_at), str(think)],
                         stdout=subprocess.PIPE, text=True, cwd=ROOT)
        for w in range(workers)
    ]
    time.sleep(max(0.0, start_at - time.time()))
    cpu_before = cpu_seconds(server_pid)
    time.sleep(seconds / 2)
    rss_during = rss_kib(server_pid)
    time.sleep(max(0.0, start_at + seconds - time.time()))
    server_cpu = cpu_seconds(server_pid) - cpu_before
    results = []
    for proc in procs:
        out, _ = proc.communicate(timeout=seconds + 120)
        results.append(json.loads(out.strip().splitlines()[-1]))
    merged = {"actions": sum(r["actions"] for r in results),
              "messages": sum(r["messages"] for r in results),
              "latencies": sorted(x for r in results for x in r["latencies"]),
              "server_cpu_s": server_cpu,
              "clients_cpu_s": sum(r["cpu_s"] for r in results)}
    return merged, rss_during


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
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a paced player waits before acting (second game run)")
    args = parser.parse_args()
    connections = args.connections // (4 * args.workers) * 4 * args.workers

    uno = [sys.executable, "-m", "server", "--host",
           "127.0.0.1", "--port", "0", "--log-level", "warning", "--next-hand-delay", "0",
           "--heartbeat", "60"]
    server, port = start_server(uno)
    try:
        time.sleep(0.5)
        rss_idle = rss_kib(server.pid)
        game, rss_busy = run_mode("game", port, connections, args.seconds, args.workers, server.pid)
        paced, _ = run_mode("game", port, connections, args.seconds, args.workers, server.pid,
                            think=args.think)
    finally:
        server.terminate()
        server.wait(timeout=10)
    echo_cmd = [sys.executable, __file__, "--echo-server"]
    echo, echo_port = start_server(echo_cmd)
    try:
        echo_result, _ = run_mode("echo", echo_port, connections, args.seconds, args.workers,
                                  echo.pid)
    finally:
        echo.kill()
        echo.wait(timeout=10)

    actions_per_s = game["actions"] / args.seconds
    echo_per_s = echo_result["messages"] / args.seconds
    latencies = game["latencies"]
    print(f"connections={connections}")
    print(f"tables={connections // 4}")
    print(f"seconds={args.seconds}")
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
    print(f"server_rss_idle_mib={rss_idle / 1024:.1f}")
    print(f"server_rss_busy_mib={rss_busy / 1024:.1f}")
    print(f"server_kib_per_connection={(rss_busy - rss_idle) / connections:.1f}")
    print(f"game_cpu_share_server={game['server_cpu_s'] / args.seconds:.2f}")
    print(f"game_cpu_share_clients={game['clients_cpu_s'] / args.seconds:.2f}")
    print(f"echo_messages_per_s={echo_per_s:.0f}")
    print(f"echo_cpu_share_server={echo_result['server_cpu_s'] / args.seconds:.2f}")
    print(f"echo_cpu_share_clients={echo_result['clients_cpu_s'] / args.seconds:.2f}")
    print(f"ratio_vs_echo={actions_per_s / echo_per_s if echo_per_s else 0:.2f}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--echo-server":
        trio.run(echo_serve, 0)
    else:
        os.environ.setdefault("PYTHONHASHSEED", "0")
        main()
