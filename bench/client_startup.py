"""How soon the terminal client shows its first screen.

Starts ``uno host --bots 3`` (and ``uno join``; ``python -m client`` without the installed
``uno``) in a pseudo-terminal of
80×24, as a person would in a terminal, and measures the time from just before the process is
spawned to the moment the terminal has received the client's first drawn screen (the title bar
"UNO" inside the full-screen frame). Then presses Ctrl-C and waits for the client to end.

Prints ``name=value`` lines; the last one is ``first_screen_ms=<median of the host runs>``.
The target is under 500 ms.

    .venv/bin/python bench/client_startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 500.0
MARKER = b"UNO"


def first_screen(command: list[str], env: dict[str, str], timeout: float = 10.0) -> float:
    """Milliseconds from spawning ``command`` in an 80×24 pty to its first drawn screen."""
    started = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the client, in the pseudo-terminal
        os.chdir(ROOT)
        os.execve(command[0], command, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    seen = b""
    elapsed = -1.0
    deadline = started + timeout
    try:
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.01)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if b"\x1b[6n" in chunk:  # a cursor position request: answer like a terminal
                os.write(fd, b"\x1b[1;1R")
            if b"\x1b[?1049h" in seen and MARKER in seen.split(b"\x1b[?1049h", 1)[1]:
                elapsed = (time.perf_counter() - started) * 1000
                break
        os.write(fd, b"\x03")  # Ctrl-C: the client quits
        end = time.perf_counter() + 5
        while time.perf_counter() < end:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                with contextlib.suppress(OSError):
                    os.read(fd, 65536)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    finally:
        os.close(fd)
    if elapsed < 0:
        raise RuntimeError(f"no screen within {timeout} s; got {seen[-300:]!r}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    python = str(ROOT / ".venv" / "bin" / "python")
    if not os.path.exists(python):
        python = sys.executable
    with tempfile.TemporaryDirectory() as state:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
               "LANG": "C.UTF-8", "HOME": state, "XDG_STATE_HOME": state, "UNO_NAME": "Bench"}
        uno = ROOT / ".venv" / "bin" / "uno"  # the installed command, as `make play` runs it
        prefix = [str(uno)] if uno.exists() else [python, "-m", "client"]
        commands = {
            "host": [*prefix, "host", "--bots", "3", "--port", "0", "--no-discovery"],
            "join": [*prefix, "join", "127.0.0.1:9", "--no-discovery"],
        }
        first_screen(commands["host"], env)  # warm-up: bytecode caches, disk cache
        results: dict[str, list[float]] = {}
        for name, command in commands.items():
            results[name] = [first_screen(command, env) for _ in range(args.runs)]
    print(f"cpus={os.cpu_count()}")
    print(f"runs={args.runs}")
    print(f"command={' '.join(commands['host'][:2])}")
    for name, values in results.items():
        print(f"{name}_first_screen_ms_all=" + ",".join(f"{v:.0f}" for v in values))
        print(f"{name}_first_screen_ms_min={min(values):.0f}")
        print(f"{name}_first_screen_ms_median={statistics.median(values):.0f}")
        print(f"{name}_first_screen_ms_max={max(values):.0f}")
    median = statistics.median(results["host"])
    print(f"target_ms={TARGET_MS:.0f}")
    print(f"within_target={'yes' if median < TARGET_MS else 'no'}")
    print(f"first_screen_ms={median:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
