"""``uno server``: the headless dedicated server."""

from __future__ import annotations

import argparse
import gc
import logging
import signal
import sys
from dataclasses import replace

import trio

from protocol.address import ALL_ADDRESSES, DEFAULT_PORT, format_address
from protocol.arguments import count, port_number, positive_seconds, seconds
from protocol.limits import MAX_SERVER_NAME

from .app import UnoServer
from .config import ServerConfig, uno_grace_within
from .discovery_net import ANY_HOST, ANY_IPV4, ANY_IPV6, lan_address
from .persist import StoreError

log = logging.getLogger("uno.server")
DEFAULTS = ServerConfig()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default=ALL_ADDRESSES, help="address to listen on (default: all)")
    parser.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                        help=f"TCP port (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--name", default="UNO server", help="the name clients see")
    parser.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"),
                        help="how much the server logs (default info)")
    parser.add_argument("--heartbeat", type=positive_seconds, default=15.0,
                        metavar="SECONDS",
                        help="silence before a connection counts as dropped (default %(default)s)")
    parser.add_argument("--next-hand-delay", type=seconds, default=5.0,
                        metavar="SECONDS",
                        help="between the end of a hand and the next deal, a tenth longer for each seat "
                             "beyond four (default %(default)s)")
    parser.add_argument("--no-discovery", action="store_true",
                        help="do not announce this server on the LAN (DNS-SD/mDNS)")
    parser.add_argument("--state-dir", default=None, metavar="DIR",
                        help="keep the rooms in DIR, so that a restarted server resumes them")
    parser.add_argument("--handshake-timeout", type=positive_seconds, default=10.0,
                        metavar="SECONDS",
                        help="how long a new connection has to say hello (default %(default)s)")
    parser.add_argument("--outgoing-queue", type=count, default=512,
                        metavar="N", help="messages waiting for a client that does not read before it is "
                        "dropped (default %(default)s)")
    parser.add_argument("--max-connections", type=count, default=5000,
                        metavar="N",
                        help="connections served at once; more are turned away (default %(default)s)")
    parser.add_argument("--max-rooms-per-address", type=count,
                        default=DEFAULTS.max_rooms_per_address, metavar="N",
                        help="rooms open at once that clients from one address may have created "
                             "(default %(default)s; people behind one NAT share it)")
    parser.add_argument("--no-history", action="store_true",
                        help="keep no finished hands (no replays, nothing for `uno replay`)")
    parser.add_argument("--history-limit", type=count, default=DEFAULTS.history_limit, metavar="N",
                        help="finished hands kept in the state directory, the oldest dropped "
                             "first (default %(default)s)")
    parser.add_argument("--abandoned-match-grace", type=seconds,
                        default=DEFAULTS.abandoned_match_grace, metavar="SECONDS",
                        help="a match whose people have all dropped ends after this long "
                             "(default %(default)s)")
    parser.add_argument("--uno-grace", type=seconds, default=DEFAULTS.uno_grace, metavar="SECONDS",
                        help="a player who goes down to one card without saying UNO cannot be "
                             "caught for this long (default %(default)s; 0: at once)")


def config_from(args: argparse.Namespace) -> ServerConfig:
    config = ServerConfig(name=args.name[:MAX_SERVER_NAME], heartbeat_timeout=args.heartbeat,
                          next_hand_delay=args.next_hand_delay,
                          handshake_timeout=args.handshake_timeout,
                          outgoing_queue=args.outgoing_queue,
                          max_connections=args.max_connections,
                          max_rooms_per_address=args.max_rooms_per_address,
                          abandoned_match_grace=max(0.0, args.abandoned_match_grace),
                          history=not args.no_history, history_limit=args.history_limit,
                          uno_grace=uno_grace_within(args.uno_grace))
    return replace(config, ping_interval=min(config.ping_interval, config.heartbeat_timeout / 3),
                   state_dir=args.state_dir)


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper()), stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(message)s", datefmt="%H:%M:%S",
    )


def tune_gc() -> None:
    """Collect cyclic garbage less often. With the default threshold a busy server (1000
    connections) spent about 8% of its time in collections, some pausing it for 100 ms; with
    20000, under 1.5% (bench/server_load.py). Nearly all garbage is freed by reference counting
    anyway. What exists at start-up (code, modules) is frozen: full collections skip it."""
    gc.freeze()
    gc.set_threshold(20_000, 10, 10)


async def run(host: str, port: int, config: ServerConfig, discovery: bool = True) -> None:
    """Serve until SIGINT or SIGTERM, then say goodbye to every client and stop."""
    server = UnoServer(config)
    listeners = await trio.open_tcp_listeners(port, host=host)
    bound = listeners[0].socket.getsockname()
    with trio.open_signal_receiver(signal.SIGINT, signal.SIGTERM) as signals:
        async with trio.open_nursery() as nursery:
            await nursery.start(server.serve, listeners)
            tune_gc()
            # (stdout's line is for scripts; the log's says how to join, not the same again: found
            # play-testing, "listening on" twice)
            shown = lan_address() if bound[0] in (*ANY_IPV4, *ANY_IPV6, *ANY_HOST) else bound[0]
            log.info("%r started: players join with uno join %s", config.name,
                     format_address(shown, bound[1]))
            print(f"listening on {bound[0]}:{bound[1]}", flush=True)
            if config.state_dir is None:  # (found play-testing: a club restarted its server, as
                # uno host's tables come back, and would have lost both tables)
                log.warning("the tables are kept in memory only, and end with this process: "
                            "--state-dir DIR keeps them for a restarted server")
            else:
                log.info("the tables are kept in %s: a restarted server resumes them", config.state_dir)
            if discovery:
                from .discovery import run_announcer

                nursery.start_soon(run_announcer, server, bound[1], host)
            async for signum in signals:
                log.info("received %s", signal.Signals(signum).name)
                break
            server.shutdown()
            await server.drained()
            nursery.cancel_scope.cancel()
    log.info("stopped")


def main(args: argparse.Namespace) -> int:
    setup_logging(args.log_level)
    try:
        trio.run(run, args.host, args.port, config_from(args), not args.no_discovery)
    except StoreError as exc:
        log.error("%s", exc)
        return 1
    except OSError as exc:
        log.error("cannot listen on %s:%s: %s", args.host, args.port, exc)
        return 1
    return 0
