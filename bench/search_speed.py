"""The search's speed (engine/determinize.py, engine/bots/rollout.py): what a move of ``expert``
is made of, timed on a sampled position.

The position: a seeded four-seat hand played by ``normal`` for ``POSITION_MOVES`` moves, seen by
the seat to move through its view and tracker. Figures, best of a few repeats, in CPU time:

* ``copy_us``, ``deepcopy_us``, ``snapshot_restore_us``: one ``Game.copy`` (with a given random
  source, as the search makes them), ``copy.deepcopy`` and ``Game.restore(game.snapshot())``;
* ``determinize_us``: one determinization from a ready ``Determinizer``; ``deal_intent_us``, one
  with the search's beliefs, drawn from ``INTENT_DRAWS`` by the likelihood of the plays seen
  (engine/bots/intent.py; off in the search, measured);
* ``playouts_per_s_<preset>_<policy>``: a determinization copied and played to the end of the
  hand (or the cap) by the policy, per second, for each rollout policy and a truncated greedy.

Run by bench/engine_speed.py before its own figures; alone: ``python bench/search_speed.py``.
"""

from __future__ import annotations

import copy
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed

from engine import Event, Game, RuleSet, Tracker, View
from engine.bots import choose_action, expert
from engine.bots.rollout import POLICIES, TRUNCATE_AT, Policy, playout
from engine.determinize import Determinizer

POSITION_MOVES = 14
TRUNCATED_AT = 20  # moves, for the truncated greedy playout
INTENT_DRAWS = 8  # for deal_intent_us
SEATS = ("P1", "P2", "P3", "P4")


def sampled_position(preset: str, seed: int = 5) -> tuple[Game, View, Tracker]:
    """A mid-hand position of ``normal`` players, and its seat to move's view and tracker."""
    rules = RuleSet.preset(preset, target_score=None)
    for attempt in range(100):
        game = Game(SEATS, rules, random.Random(seed + attempt))
        trackers = {s: Tracker(s, SEATS, rules) for s in SEATS}
        rng = random.Random(seed)
        _tell(trackers, game.deal_events)
        for _ in range(POSITION_MOVES):
            action = choose_action("normal", game.view(game.current), rng)
            assert action is not None
            _tell(trackers, game.apply(action))
            if game.hand_outcome() is not None:
                break
        if game.hand_outcome() is None:
            seat = game.current
            return game, game.view(seat), trackers[seat]
    raise RuntimeError("no hand lasted long enough")


def _tell(trackers: dict[str, Tracker], events: list[Event]) -> None:
    for seat, tracker in trackers.items():
        tracker.feed(event.for_seat(seat) for event in events)


def best_us(run: Callable[[], object], count: int, repeats: int) -> float:
    """Microseconds of CPU per call of ``run``, the best of ``repeats`` runs of ``count``."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        for _ in range(count):
            run()
        best = min(best, (time.process_time() - started) / count)
    return best * 1e6


def print_search_figures(repeats: int = 3) -> None:
    game, view, tracker = sampled_position("official")
    rng = random.Random(1)
    print(f"copy_us={best_us(lambda: game.copy(rng), 2000, repeats):.1f}", flush=True)
    print(f"copy_own_rng_us={best_us(game.copy, 2000, repeats):.1f}", flush=True)
    print(f"deepcopy_us={best_us(lambda: copy.deepcopy(game), 50, repeats):.1f}", flush=True)
    print(f"snapshot_restore_us={best_us(lambda: Game.restore(game.snapshot()), 300, repeats):.1f}",
          flush=True)
    for preset in ("official", "house"):
        _, view, tracker = sampled_position(preset)
        dealer = Determinizer(view, tracker)
        print(f"determinize_us_{preset}={best_us(partial(dealer.deal, rng), 500, repeats):.1f}",
              flush=True)
        weighed = expert.deals(view, tracker, draws=INTENT_DRAWS)
        print(f"deal_intent_us_{preset}={best_us(partial(weighed.deal, rng), 200, repeats):.1f}",
              flush=True)
        me = view.seats.index(view.current)
        cases = {name: (policy, TRUNCATE_AT) for name, policy in POLICIES.items()}
        cases[f"greedy_truncated{TRUNCATED_AT}"] = (POLICIES["greedy"], TRUNCATED_AT)
        for name, (policy, cap) in cases.items():
            one = partial(_dealt_playout, dealer, me, rng, policy, cap)
            print(f"playouts_per_s_{preset}_{name}={1e6 / best_us(one, 300, repeats):.0f}",
                  flush=True)


def _dealt_playout(dealer: Determinizer, me: int, rng: random.Random, policy: Policy,
                   cap: int) -> float:
    return playout(dealer.deal(rng), me, rng, policy, cap)


if __name__ == "__main__":
    print_search_figures()
