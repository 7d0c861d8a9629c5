"""``uno bots``: bot players that connect to a server like any client (no terminal needed).

Each bot sits down (with ``--create`` the first opens a table and the others sit at that one),
plays its matches and leaves. A bot that loses its connection tries again with backoff and takes
its seat back; one that cannot sit down, or whose server does not come back, says why and stops
(exit status 1)."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

import trio

from engine import PRESETS
from engine.bots import BOT_LEVELS, DEFAULT_BOT_LEVEL
from protocol import CreateRoom
from protocol.address import parse_address
from protocol.arguments import count, player_name, seconds, whole_number
from protocol.limits import MAX_NAME, MAX_ROOM_NAME

from .botclient import BotClient, BotGaveUp, BotOptions, BotResult, Patience
from .link import Link, open_link

THINK = 1.0  # seconds a bot takes over a move by default: as `uno host`'s own bots (--bot-delay)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--connect", required=True, metavar="HOST:PORT", help="the server")
    parser.add_argument("--no-discovery", action="store_true",
                        help="taken as the other commands take it: bots never look for servers on "
                             "the LAN (--connect names one)")
    parser.add_argument("--count", type=count, default=1, help="how many bot clients to run (default 1)")
    parser.add_argument("--level", choices=BOT_LEVELS, default=DEFAULT_BOT_LEVEL,
                        help="how well the bots play: easy, normal, hard (keeps track of the cards) "
                             "or expert (thinks ahead); default normal")
    parser.add_argument("--create", action="store_true",
                        help="the first bot creates a room and starts it once every seat is taken")
    parser.add_argument("--seats", type=whole_number, default=4, help="seats of a created room (default 4)")
    parser.add_argument("--rules", "--preset", choices=tuple(PRESETS), default="official",
                        help="the rules of a created room (default official)")
    parser.add_argument("--bot-delay", type=seconds, default=0.0,
                        help="room option for server-side bots (created room)")
    parser.add_argument("--think", type=seconds, default=THINK, metavar="SECONDS",
                        help="how long each bot takes over a move, at least (default "
                             f"{THINK:g}, a pace people at the table or watching can follow; "
                             "0: as fast as the server takes them)")
    parser.add_argument("--matches", type=count, default=1, help="matches to play before leaving (default 1)")
    # ("Robot", not "Bot": a server's own bots are "Bot 1"..., and a bot client sitting beside
    # them read "Bot 1 2", found play-testing)
    parser.add_argument("--name", default="Robot", type=player_name,
                        help="name prefix (default Robot)")
    parser.add_argument("--seed", type=whole_number, default=None,
                        help="seed the bots' choices (the same moves from the same tables)")
    defaults = Patience()
    parser.add_argument("--wait", type=seconds, default=defaults.table, metavar="SECONDS",
                        help="how long a bot looks for an open table before it gives up "
                             f"(default {defaults.table:g})")
    parser.add_argument("--retry-for", type=seconds, default=defaults.reconnect, metavar="SECONDS",
                        help="how long a bot tries to reconnect after the server went away "
                             f"(default {defaults.reconnect:g})")


def say(text: str) -> None:
    print(f"uno bots: {text}", file=sys.stderr, flush=True)


async def run_bots(args: argparse.Namespace) -> tuple[list[BotResult], dict[str, list[str]]]:
    """Every bot's result, and the names of the bots that gave up, by reason."""
    host, port = parse_address(args.connect)
    patience = Patience(table=args.wait, reconnect=args.retry_for)
    results: list[BotResult] = []
    gave_up: dict[str, list[str]] = defaultdict(list)
    creator: list[BotClient] = []  # with --create: the first bot, whose table the others join

    async def created_room() -> str:
        await creator[0].seated.wait()
        assert creator[0].result.room is not None
        return creator[0].result.room

    async def connect() -> Link:
        return await open_link(host, port)

    async def one(index: int) -> None:
        name = f"{args.name} {index + 1}"[:MAX_NAME]
        create = None
        if args.create and index == 0:
            create = CreateRoom(name=f"{args.name} table"[:MAX_ROOM_NAME], preset=args.rules,
                                seats=args.seats, bot_delay=args.bot_delay)
        options = BotOptions(level=args.level, create=create, start_when=args.seats,
                             room_of=created_room if args.create and index > 0 else None,
                             matches=args.matches, think=max(0.0, args.think),
                             seed=None if args.seed is None else args.seed + index)
        bot = BotClient(connect, name, options, patience, note=lambda text: say(f"{name}: {text}"))
        if create is not None:
            creator.append(bot)
        try:
            results.append(await bot.run())
        except BotGaveUp as exc:
            gave_up[str(exc)].append(name)

    async with trio.open_nursery() as nursery:
        for index in range(args.count):
            nursery.start_soon(one, index)
            await trio.sleep(0.05)  # (the creator first: it takes seat 1)
    return results, gave_up


def main(args: argparse.Namespace) -> int:
    try:
        results, gave_up = trio.run(run_bots, args)
    except BaseExceptionGroup as group:  # (Ctrl-C inside the bots' nursery: found play-testing,
        if group.subgroup(KeyboardInterrupt) is None:  # a traceback; ``uno``'s main says it)
            raise
        raise KeyboardInterrupt from None
    for reason, names in gave_up.items():
        say(f"{', '.join(names)} at {args.connect}: {reason}")
    for r in sorted(results, key=lambda r: r.name):
        print(f"{r.name}: room {r.room} seat {r.seat}, {r.actions} actions, {len(r.hands)} hands, "
              f"winner seat {r.winner}, scores {list(r.scores)}, {r.reconnects} reconnects")
    return 1 if gave_up else 0
