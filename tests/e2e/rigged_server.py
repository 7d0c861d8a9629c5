"""``python -m server`` with a rigged deal, for the end-to-end tests that need a chosen deal in
a server process: ``python tests/e2e/rigged_server.py --deal JSON [server options]``, where JSON
is ``{"hands": [...], "turn": "R9", "dealer": 1}`` (the arguments of ``kit.deck.rigged_deal``).
Run it with ``kit.server.ServerProcess(..., command=RIGGED_SERVER)``."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(TESTS.parent), str(TESTS)]  # the packages, and the test kit

import trio  # noqa: E402
from kit.deck import rigged_deal  # noqa: E402

from server import main as server_main  # noqa: E402

RIGGED_SERVER = (sys.executable, str(Path(__file__).resolve()))


def main() -> None:
    parser = argparse.ArgumentParser()
    server_main.add_arguments(parser)
    parser.add_argument("--deal", required=True, help="the rigged deal, as JSON")
    args = parser.parse_args()
    deal = json.loads(args.deal)
    config = replace(server_main.config_from(args),
                     deal_rng=rigged_deal(deal["hands"], deal["turn"], deal["dealer"]))
    server_main.setup_logging(args.log_level)
    trio.run(server_main.run, args.host, args.port, config, not args.no_discovery)


if __name__ == "__main__":
    main()
