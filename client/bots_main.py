"""``uno bots``: bot players that connect to a server like any client (no terminal needed)."""

from __future__ import annotations

import argparse
import sys

import trio

from protocol import CreateRoom

from .botclient import BotClient, BotOptions, BotResult
from .link import ConnectionLost, HandshakeRefused, open_link


def parse_address(text: str, default_port: int = 7777) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep:
        return text, default_port
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host or "127.0.0.1", int(port)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--connect", required=True, metavar="HOST:PORT", help="the server")
    parser.add_argument("--count", type=int, default=1, help="how many bot clients to run")
    parser.add_argument("--level", choices=("easy", "normal"), default="normal")
    parser.add_argument("--create", action="store_true",
                        help="the first bot creates a room and starts it once every seat is taken")
    parser.add_argument("--seats", type=int, default=4, help="seats of a created room")
    parser.add_argument("--rules", choices=("official", "house"), default="official")
    parser.add_argument("--bot-delay", type=float, default=0.0,
                        help="room option for server-side bots (created room)")
    parser.add_argument("--matches", type=int, default=1, help="matches to play before leaving")
    parser.add_argument("--name", default="Bot", help="name prefix")
    parser.add_argument("--seed", type=int, default=None)


async def run_bots(args: argparse.Namespace) -> list[BotResult]:
    host, port = parse_address(args.connect)
    results: list[BotResult] = []

    async def one(index: int) -> None:
        create = None
        if args.create and index == 0:
            create = CreateRoom(name=f"{args.name} table", preset=args.rules, seats=args.seats,
                                bot_delay=args.bot_delay)
        options = BotOptions(level=args.level, create=create, start_when=args.seats,
                             matches=args.matches,
                             seed=None if args.seed is None else args.seed + index)
        link = await open_link(host, port)
        try:
            results.append(await BotClient(link, f"{args.name} {index + 1}"[:24], options).run())
        finally:
            await link.aclose()

    async with trio.open_nursery() as nursery:
        for index in range(args.count):
            nursery.start_soon(one, index)
            await trio.sleep(0.05)  # the creator's room exists before the others look for it
    return results


def main(args: argparse.Namespace) -> int:
    failures: list[BaseException] = []
    results: list[BotResult] = []
    try:
        results = trio.run(run_bots, args)
    except* (OSError, ConnectionLost, HandshakeRefused) as group:
        failures.extend(group.exceptions)  # (no return in an except* block)
    for exc in failures:
        print(f"uno bots: {exc}", file=sys.stderr)
    if failures:
        return 1
    for r in sorted(results, key=lambda r: r.name):
        print(f"{r.name}: room {r.room} seat {r.seat}, {r.actions} actions, {len(r.hands)} hands, "
              f"winner seat {r.winner}, scores {list(r.scores)}")
    return 0
