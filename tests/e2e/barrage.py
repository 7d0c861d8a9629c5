"""Every attack at once against a real server over 127.0.0.1 (``run_barrage``), for
tests/e2e/test_hostile.py and bench/soak.py (which puts this folder and tests/ on ``sys.path``).

Each ``attack_*`` coroutine connects on its own, does one hostile thing and raises
``AssertionError`` unless the server answers as docs/PROTOCOL.md and docs/SECURITY.md promise.
They live by kind in ``attacks_bytes``, ``attacks_connections`` and ``attacks_seats``;
``attack_table`` has the checks and the live table that plays on meanwhile. The server process
and the clients are the test kit's (tests/kit).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import trio
from attacks_bytes import (
    BAD_VALUES,
    attack_bad_value,
    attack_huge_header,
    attack_oversized,
    attack_random_bytes,
    attack_wrong_messages,
)
from attacks_connections import (
    attack_bad_hellos,
    attack_chat_flood,
    attack_flood,
    attack_idle_sockets,
    attack_never_reads,
    attack_silent_handshake,
)
from attacks_seats import (
    attack_seats,
    attack_text,
    spectate_and_act,
)
from kit.server import ServerProcess

# ---------------------------------------------------------------------------- all at once


@dataclass
class Barrage:
    """Counts of a round of attacks (``run_barrage``)."""

    rounds: int = 0
    attacks: int = 0
    failures: list[str] = field(default_factory=list)


async def run_barrage(port: int, table_room: str, server: ServerProcess, handshake_timeout: float,
                      stop: trio.Event, result: Barrage, idle_sockets: int = 200) -> None:
    """Every attack, round after round, until ``stop``; failures are collected, not raised."""
    while not stop.is_set():
        await barrage_round(port, table_room, server, handshake_timeout, result, idle_sockets)


async def barrage_round(port: int, table_room: str, server: ServerProcess, handshake_timeout: float,
                        result: Barrage, idle_sockets: int = 200) -> None:
    """Every attack once, all at the same time."""
    seed = result.rounds
    attacks: list[tuple[str, Callable[[], Any]]] = [
        ("random bytes", lambda: attack_random_bytes(port, server, seed)),
        ("oversized", lambda: attack_oversized(port, server)),
        ("huge header", lambda: attack_huge_header(port, server)),
        *((bad.name, partial(attack_bad_value, port, bad, server)) for bad in BAD_VALUES),
        ("wrong messages", lambda: attack_wrong_messages(port)),
        ("silent handshake", lambda: attack_silent_handshake(port, handshake_timeout)),
        ("bad hellos", lambda: attack_bad_hellos(port, handshake_timeout)),
        ("idle sockets", lambda: attack_idle_sockets(port, idle_sockets, handshake_timeout)),
        ("flood", lambda: attack_flood(port, server=server)),
        ("junk flood", lambda: attack_flood(port, server=server, junk=True)),
        ("chat flood", lambda: attack_chat_flood(port)),
        ("seats", lambda: attack_seats(port, seed)),
        ("text", lambda: attack_text(port, f"-{seed}")),
        ("spectator moves", lambda: spectate_and_act(port, table_room)),
        ("never reads", lambda: attack_never_reads(port, table_room, server)),
    ]

    async def one(name: str, attack: Callable[[], Any]) -> None:
        result.attacks += 1
        try:
            with trio.fail_after(handshake_timeout + 60):
                await attack()
        except Exception as exc:  # collected: the soak reports them
            result.failures.append(f"{name}: {exc!r}"[:300])

    async with trio.open_nursery() as nursery:
        for name, attack in attacks:
            nursery.start_soon(one, name, attack)
    result.rounds += 1


def raise_fd_limit(needed: int) -> None:
    """Raise this process's soft limit of open files to ``needed`` (if the hard limit allows)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(needed, hard), hard))
