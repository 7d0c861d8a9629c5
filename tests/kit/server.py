"""One server process for the end-to-end tests: ``python -m server`` (or another command) on
127.0.0.1, its stderr log in a file, started, killed and started again at will (on the same
port), optionally inside a network namespace, and the reasons it gave for closing connections.
"""

from __future__ import annotations

import os
import resource
import select
import signal
import socket
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import trio

from kit.closes import closes

ROOT = Path(__file__).resolve().parents[2]
SERVER = (sys.executable, "-m", "server")
START_BOUND = 20.0  # seconds a server may take to listen


def free_port() -> int:
    """A port free on 127.0.0.1 now (for a server that must come back on the same one)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """The server with ``args`` on ``host`` and ``port`` (0: a free one, kept for restarts).

    ``state_dir``: ``--state-dir``. ``log_path``: where its log goes (appended to; default: a
    temporary file). ``max_files``: its limit of open file descriptors (RLIMIT_NOFILE).
    ``netns``: run it in that network namespace. ``start``: start it now (or call ``start``).
    """

    def __init__(self, *args: str, port: int = 0, host: str = "127.0.0.1",
                 state_dir: Path | None = None, log_path: Path | None = None,
                 log_level: str = "info", max_files: int | None = None,
                 command: Sequence[str] = SERVER, netns: str | None = None,
                 start: bool = True) -> None:
        if log_path is None:
            with tempfile.NamedTemporaryFile(prefix="uno-server-", suffix=".log", delete=False) as f:
                log_path = Path(f.name)
        self.log_path = log_path
        self.args = list(args)
        self.host = host
        self.port = port
        self.state_dir = state_dir
        self.log_level = log_level
        self.max_files = max_files
        self.command = list(command)
        self.netns = netns
        self.proc: subprocess.Popen[str] | None = None
        self.starts = 0
        self._scanned = 0  # bytes of the log read by ``close_reason``
        # client port -> why the server closed its last connection (None: open). Ports are
        # used again and again: only ask once the server has seen the connection.
        self._closes: dict[int, str | None] = {}
        if start:
            self.start()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def argv(self) -> list[str]:
        argv = [*self.command, "--host", self.host, "--port", str(self.port), "--no-discovery",
                "--log-level", self.log_level, *self.args]
        if self.state_dir is not None:
            argv += ["--state-dir", str(self.state_dir)]
        return ["ip", "netns", "exec", self.netns, *argv] if self.netns else argv

    def start(self) -> None:
        """Start it and wait until it listens (it prints ``listening on HOST:PORT`` then)."""
        assert self.proc is None or self.proc.poll() is not None
        self.starts += 1
        max_files = self.max_files

        def limit_files() -> None:
            if max_files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (max_files, max_files))

        with open(self.log_path, "a") as log:
            if self.starts > 1:
                log.write(f"---- start {self.starts}\n")
                log.flush()
            self.proc = subprocess.Popen(
                self.argv(), cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
                preexec_fn=limit_files if max_files is not None else None)
        assert self.proc.stdout is not None
        # the server prints it as soon as it listens (within a bound: one that hangs fails the test)
        ready, _, _ = select.select([self.proc.stdout], [], [], START_BOUND)
        line = self.proc.stdout.readline() if ready else ""
        if not line.startswith("listening on "):
            self.stop()
            raise RuntimeError(f"the server did not start: {line!r}\n{self.log_text()[-3000:]}")
        self.port = int(line.rsplit(":", 1)[1])

    async def start_async(self) -> None:
        """``start`` in a thread, so the other tasks of the test run meanwhile."""
        with trio.fail_after(START_BOUND):
            await trio.to_thread.run_sync(self.start, abandon_on_cancel=True)

    def rss_kib(self) -> int:
        """The server's resident memory (VmRSS), in KiB."""
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def log_text(self) -> str:
        return self.log_path.read_text(errors="replace")

    def close_reason(self, port: int) -> str | None:
        """Why the server closed the connection from local ``port`` (from its log), if it did."""
        with open(self.log_path, "rb") as log:
            log.seek(self._scanned)
            new = log.read()
        end = new.rfind(b"\n") + 1
        self._scanned += end
        for close in closes(new[:end].decode(errors="replace")):
            self._closes[close.port] = close.reason  # None: open (again)
        return self._closes.get(port)

    async def wait_close_reason(self, port: int, timeout: float = 5.0) -> str:
        with trio.fail_after(timeout):
            while (reason := self.close_reason(port)) is None:
                await trio.sleep(0.05)
        return reason

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL, at once."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
            self._close_pipe()

    def stop(self, signum: int = signal.SIGTERM, timeout: float = 20) -> int:
        """Send ``signum`` and wait for the server to exit (SIGKILL after ``timeout``); its exit
        status."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signum)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._close_pipe()
        return self.proc.returncode

    def _close_pipe(self) -> None:
        assert self.proc is not None
        if self.proc.stdout is not None:
            self.proc.stdout.close()

    def remove_log(self) -> None:
        self.log_path.unlink(missing_ok=True)
