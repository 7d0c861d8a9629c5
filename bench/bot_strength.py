"""Bot strength: one bot level against N-1 seats of another, over duplicate deals.

Duplicate deals: each seeded deal is played once per seat, the level under test (the "hero")
sitting at a different seat each time and the other level (the "field") in the rest. Every seat's
cards are dealt to the hero once, so the luck of the deal cancels out and far fewer hands are
needed for the same precision. In a whole match every hand is a duplicate deal too: the deal
generator is reseeded from (deal, hand number) before each hand, so hand k of a match starts from
the same cards in every rotation (later reshuffles depend on the play, as they must). The bots'
own random tie-breaks are seeded per rotation: with one seed for all, a level against itself would
replay the very same game in every rotation.

The schedule is ``engine.selfplay``'s (``play_game``): the seat to move acts, then every other
seat that has a legal action (say UNO, catch, jump in) gets one chance to act off turn; every seat
is a ``Bot`` told the events of every apply and deal, redacted for its seat.

For each case (preset, seats, single hands or matches to 500, hero:field) it prints ``name=value``
lines: hands played, the hero's win rate (hands, or matches in match mode) with its 95% interval,
the fair share (1 / seats), points per hand (the hero's, and one field seat's), CPU milliseconds
per move of each level (p50, p99: the time ``Bot.act`` takes on the seat's own turn, in CPU
time so that a busy machine does not inflate it), and a per-case verdict. The last line is the
overall verdict: ``pass`` when every case is as expected (a level higher in ``BOT_LEVELS`` beats
its fair share, a lower one stays under it, a level against itself gets its fair share, and the
issue's targets where they are set), else ``fail`` and the failing cases.

    python bench/bot_strength.py [--levels normal:easy,normal:normal] [--seats 2,4,10]
        [--presets official,house] [--hands N] [--matches M] [--seed S] [--processes P]
        [--budget MS | MScpu] [--every N]

``--budget`` sets a searching level's time per move (``expert``; the others ignore it): wall-clock
milliseconds, or with ``cpu`` the thread's CPU milliseconds (fair on a machine others share).

Any level ``engine.bots.BOT_LEVELS`` knows can be named, so new levels plug in as they come.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import multiprocessing.pool
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # if the package is not installed

from engine import Action, Game, RuleSet, View
from engine.bots import BOT_LEVELS, Bot, Budget, CpuTime
from engine.events import Event
from engine.selfplay import (
    MAX_ACTIONS_PER_HAND,
    MAX_HANDS_PER_MATCH,
    SelfplayStuck,
    make_bots,
    play_game,
    seat_names,
)

MATCH_TARGET = 500
BOOTSTRAP_RESAMPLES = 2_000
CONFIDENCE = 0.95
Z95 = 1.959964  # the standard normal quantile for a 95% two-sided interval

# The targets (hand mode): (hero, field, seats) -> (least win rate, least interval lower
# bound or None, least hands for the figure to count).
TARGETS: dict[tuple[str, str, int], tuple[float, float | None, int]] = {
    ("hard", "normal", 4): (0.28, 0.265, 20_000),
    ("hard", "normal", 2): (0.55, None, 20_000),
    ("expert", "hard", 4): (0.30, None, 2_000),
    ("expert", "hard", 2): (0.57, None, 2_000),
}

DealObserver = Callable[[int, Game, list[Event]], None]
"""Called with (rotation, game, events) for each deal: the harness test checks the rotation."""


@dataclass(frozen=True, slots=True)
class Case:
    preset: str
    seats: int
    matches: bool  # whole matches to MATCH_TARGET, else single hands
    hero: str
    field: str
    budget: Budget | None = None  # a searching level's time per move (None: its default)

    @property
    def name(self) -> str:
        mode = "match" if self.matches else "hand"
        return f"{self.preset}_{self.seats}p_{mode}_{self.hero}_vs_{self.field}"

    @property
    def rules(self) -> RuleSet:
        return RuleSet.preset(self.preset, target_score=MATCH_TARGET if self.matches else None)

    @property
    def deal_key(self) -> str:
        """Deals depend on this, not on the levels: every pairing plays the same deals."""
        return f"{self.preset}/{self.seats}/{'match' if self.matches else 'hand'}"


@dataclass(slots=True)
class GroupResult:
    """One duplicate group: a deal played once per rotation of the seats."""

    games: int = 0  # hands (hand mode) or matches (match mode) played
    wins: int = 0  # of them, won by the hero
    hands: int = 0
    hand_wins: int = 0
    hero_points: int = 0
    field_points: int = 0  # all field seats together
    hero_us: list[int] = field(default_factory=list)  # CPU microseconds per move
    field_us: list[int] = field(default_factory=list)


def rotation_levels(hero: str, field_level: str, seats: int, rotation: int) -> tuple[str, ...]:
    """The level of each seat in ``rotation``: the hero sits at seat ``rotation``."""
    return tuple(hero if i == rotation else field_level for i in range(seats))


def deal_seed(seed: int, case: Case, deal: int) -> int:
    return random.Random(f"{seed}/{case.deal_key}/{deal}").getrandbits(64)


def play_rotation(
    case: Case,
    seed: int,
    rotation: int,
    result: GroupResult,
    observer: DealObserver | None = None,
) -> None:
    """Play the deal ``seed`` (a hand, or a match) with the hero at seat ``rotation``."""
    levels = rotation_levels(case.hero, case.field, case.seats, rotation)
    seats = seat_names(case.seats)
    deal_rng = random.Random(f"deal-{seed}-1")
    game = Game(seats, case.rules, deal_rng)
    bots = make_bots(levels, seats, case.rules, random.Random(f"bots-{seed}-{rotation}"),
                     case.budget)
    hero = seats[rotation]

    def timed(bot: Bot, view: View) -> Action | None:
        started = time.thread_time_ns()
        action = bot.act(view)
        spent = (time.thread_time_ns() - started) // 1000
        (result.hero_us if bot.seat == hero else result.field_us).append(spent)
        return action

    def deals(game: Game, action: Action | None, events: list[Event]) -> None:
        if action is None and observer is not None:
            observer(rotation, game, events)

    def reseed(hand_number: int) -> None:
        # The same cards for hand k in every rotation (see the module's docstring).
        deal_rng.seed(f"deal-{seed}-{hand_number}")

    try:
        hands = play_game(game, bots, turn=timed, observer=deals, before_deal=reseed,
                          max_actions_per_hand=MAX_ACTIONS_PER_HAND,
                          max_hands=MAX_HANDS_PER_MATCH)
    except SelfplayStuck as exc:
        raise RuntimeError(f"{case.name}: {exc}") from None
    for _, hand in hands:
        result.hands += 1
        if hand.winner == hero:
            result.hand_wins += 1
            result.hero_points += hand.points
        else:
            result.field_points += hand.points
    outcome = game.outcome()
    assert outcome is not None
    result.games += 1
    result.wins += outcome.winner == hero


def play_group(case: Case, seed: int, deal: int,
               observer: DealObserver | None = None) -> GroupResult:
    """Deal ``deal`` of ``case``, played once per rotation."""
    result = GroupResult()
    one_seed = deal_seed(seed, case, deal)
    for rotation in range(case.seats):
        play_rotation(case, one_seed, rotation, result, observer)
    return result


def _play_chunk(job: tuple[Case, int, int, int]) -> list[GroupResult]:
    case, seed, first, count = job
    return [play_group(case, seed, deal) for deal in range(first, first + count)]


def play_case(case: Case, seed: int, groups: int,
              pool: multiprocessing.pool.Pool | None) -> list[GroupResult]:
    """``groups`` duplicate groups of ``case``, in deal order whatever the number of processes."""
    chunk = max(1, min(50, groups // 16 or 1))
    jobs = [(case, seed, first, min(chunk, groups - first)) for first in range(0, groups, chunk)]
    chunks: Iterable[list[GroupResult]] = (pool.imap(_play_chunk, jobs) if pool is not None
                                           else map(_play_chunk, jobs))
    return [result for part in chunks for result in part]


# ---------------------------------------------------------------------------------- statistics


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion, as if the ``n`` trials were independent."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def bootstrap_interval(groups: Sequence[GroupResult], seed: int,
                       resamples: int = BOOTSTRAP_RESAMPLES) -> tuple[float, float]:
    """A percentile bootstrap interval of the win rate, resampling whole duplicate groups.

    Why not Wilson: the rotations of one deal are not independent trials (with equal players the
    hero wins about one rotation in N whatever the cards, so the group's wins vary far less than
    N independent games would, and a stronger hero's wins cluster by deal too). Wilson would treat
    them as independent; resampling the groups (the independent units) keeps that correlation,
    whatever its sign. Wilson's interval is printed beside it for comparison.
    """
    if not groups:
        return 0.0, 1.0
    wins = [g.wins for g in groups]
    games = sum(g.games for g in groups)  # every group plays one game per rotation
    rng = random.Random(seed)
    k = len(wins)
    rates = sorted(sum(rng.choices(wins, k=k)) / games for _ in range(resamples))
    tail = (1 - CONFIDENCE) / 2
    return rates[int(tail * (resamples - 1))], rates[math.ceil((1 - tail) * (resamples - 1))]


def percentile(values: Sequence[int], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` (nearest rank), 0 when there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))])


@dataclass(frozen=True, slots=True)
class Summary:
    case: Case
    groups: int
    games: int
    hands: int
    win_rate: float
    ci95: tuple[float, float]
    wilson95: tuple[float, float]
    hand_win_rate: float
    points_per_hand: float
    field_points_per_hand: float  # one field seat's
    ms_p50: float
    ms_p99: float
    field_ms_p50: float
    field_ms_p99: float

    @property
    def fair_share(self) -> float:
        return 1 / self.case.seats

    def verdict(self) -> tuple[bool, str]:
        """(as expected?, a word on it)."""
        case, lo, hi = self.case, *self.ci95
        fair = self.fair_share
        if lo > fair:
            standing = "stronger"
        elif hi < fair:
            standing = "weaker"
        else:
            standing = "even"
        rank = {level: i for i, level in enumerate(BOT_LEVELS)}
        expected = ("even" if case.hero == case.field
                    else "stronger" if rank[case.hero] > rank[case.field] else "weaker")
        ok = standing == expected
        target = None if case.matches else TARGETS.get((case.hero, case.field, case.seats))
        if target is not None:
            least_rate, least_lo, least_hands = target
            ok = (ok and self.win_rate >= least_rate and self.hands >= least_hands
                  and (least_lo is None or lo > least_lo))
        return ok, standing


def summarise(case: Case, groups: Sequence[GroupResult], seed: int) -> Summary:
    games = sum(g.games for g in groups)
    hands = sum(g.hands for g in groups)
    wins = sum(g.wins for g in groups)
    hero_us = [us for g in groups for us in g.hero_us]
    field_us = [us for g in groups for us in g.field_us]
    field_seats = case.seats - 1
    return Summary(
        case=case,
        groups=len(groups),
        games=games,
        hands=hands,
        win_rate=wins / games if games else 0.0,
        ci95=bootstrap_interval(groups, seed),
        wilson95=wilson(wins, games),
        hand_win_rate=sum(g.hand_wins for g in groups) / hands if hands else 0.0,
        points_per_hand=sum(g.hero_points for g in groups) / hands if hands else 0.0,
        field_points_per_hand=(sum(g.field_points for g in groups) / (hands * field_seats)
                               if hands else 0.0),
        ms_p50=percentile(hero_us, 0.50) / 1000,
        ms_p99=percentile(hero_us, 0.99) / 1000,
        field_ms_p50=percentile(field_us, 0.50) / 1000,
        field_ms_p99=percentile(field_us, 0.99) / 1000,
    )


def summary_lines(summary: Summary) -> list[str]:
    name = summary.case.name
    ok, standing = summary.verdict()
    lines = [f"{name}_hands={summary.hands}"]
    if summary.case.matches:
        lines.append(f"{name}_matches={summary.games}")
        lines.append(f"{name}_hand_win_rate={summary.hand_win_rate:.4f}")
    lines += [
        f"{name}_win_rate={summary.win_rate:.4f}",
        f"{name}_ci95_lo={summary.ci95[0]:.4f}",
        f"{name}_ci95_hi={summary.ci95[1]:.4f}",
        f"{name}_wilson95_lo={summary.wilson95[0]:.4f}",
        f"{name}_wilson95_hi={summary.wilson95[1]:.4f}",
        f"{name}_fair_share={summary.fair_share:.4f}",
        f"{name}_points_per_hand={summary.points_per_hand:.2f}",
        f"{name}_field_points_per_hand={summary.field_points_per_hand:.2f}",
        f"{name}_ms_per_move_p50={summary.ms_p50:.3f}",
        f"{name}_ms_per_move_p99={summary.ms_p99:.3f}",
        f"{name}_field_ms_per_move_p50={summary.field_ms_p50:.3f}",
        f"{name}_field_ms_per_move_p99={summary.field_ms_p99:.3f}",
        f"{name}_verdict={standing}{'' if ok else '_unexpected'}",
    ]
    return lines


# ---------------------------------------------------------------------------------- command line



def parse_pairs(text: str) -> list[tuple[str, str]]:
    pairs = []
    for part in text.split(","):
        hero, sep, field_level = part.strip().partition(":")
        if not sep or not hero or not field_level:
            raise argparse.ArgumentTypeError(f"a pairing is HERO:FIELD, not {part!r}")
        for level in (hero, field_level):
            if level not in BOT_LEVELS:
                raise argparse.ArgumentTypeError(
                    f"unknown bot level {level!r}; known: {', '.join(BOT_LEVELS)}")
        pairs.append((hero, field_level))
    return pairs


def parse_seats(text: str) -> list[int]:
    try:
        seats = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"seats are numbers: {text!r}") from None
    if not all(2 <= n <= 10 for n in seats):
        raise argparse.ArgumentTypeError("a table has 2 to 10 seats")
    return seats


def parse_presets(text: str) -> list[str]:
    presets = [part.strip() for part in text.split(",")]
    for name in presets:
        RuleSet.preset(name)  # raises on an unknown one
    return presets


def parse_budget(text: str) -> Budget:
    """``200`` (wall-clock ms) or ``200cpu`` (CPU ms) as a searching level's budget."""
    number, cpu = (text[:-3], True) if text.endswith("cpu") else (text, False)
    try:
        seconds = float(number) / 1000
    except ValueError:
        raise argparse.ArgumentTypeError(f"a budget is milliseconds, e.g. 200 or 200cpu: {text!r}") from None
    if seconds <= 0:
        raise argparse.ArgumentTypeError("a budget is more than 0 ms")
    return CpuTime(seconds) if cpu else seconds


def build_cases(pairs: Sequence[tuple[str, str]], seats: Sequence[int], presets: Sequence[str],
                hands: int, matches: int, budget: Budget | None = None) -> list[tuple[Case, int]]:
    """Each case with its number of duplicate groups (hands or matches rounded up to whole
    groups of one per seat)."""
    cases = []
    for preset in presets:
        for n in seats:
            for hero, field_level in pairs:
                if hands:
                    cases.append((Case(preset, n, False, hero, field_level, budget),
                                  math.ceil(hands / n)))
                if matches:
                    cases.append((Case(preset, n, True, hero, field_level, budget),
                                  math.ceil(matches / n)))
    return cases


def play_case_reporting(case: Case, seed: int, groups: int, every: int,
                        out: Callable[[str], None]) -> list[GroupResult]:
    """``play_case`` in one process, printing the case's lines so far every ``every`` groups
    (``# partial`` first): a run of hours shows its figures long before it ends."""
    results: list[GroupResult] = []
    for deal in range(groups):
        results.append(play_group(case, seed, deal))
        if (deal + 1) % every == 0 and deal + 1 < groups:
            out(f"# partial: {deal + 1} of {groups} groups")
            for line in summary_lines(summarise(case, results, seed)):
                out(line)
            sys.stdout.flush()
    return results


def run(cases: Sequence[tuple[Case, int]], seed: int, processes: int,
        out: Callable[[str], None] = print, every: int = 0) -> bool:
    """Play every case, print its lines, then the verdict; True when it passes. ``every``: in
    one process, print each case's lines so far every ``every`` duplicate groups too."""
    failed: list[str] = []
    pool = multiprocessing.Pool(processes) if processes > 1 else None
    try:
        for case, groups in cases:
            started = time.monotonic()
            results = (play_case_reporting(case, seed, groups, every, out) if every and pool is None
                       else play_case(case, seed, groups, pool))
            summary = summarise(case, results, seed)
            for line in summary_lines(summary):
                out(line)
            out(f"# {case.name}: {time.monotonic() - started:.1f} s")
            if not summary.verdict()[0]:
                failed.append(case.name)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    out("verdict=" + ("pass" if not failed else "fail:" + ",".join(failed)))
    return not failed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--levels", type=parse_pairs, default=parse_pairs("normal:easy,normal:normal"),
                        help="pairings HERO:FIELD, comma-separated (default normal:easy,normal:normal)")
    parser.add_argument("--seats", type=parse_seats, default=[4],
                        help="table sizes, comma-separated, e.g. 2,4,10 (default 4)")
    parser.add_argument("--presets", type=parse_presets, default=["official", "house"],
                        help="rule presets, comma-separated (default official,house)")
    parser.add_argument("--hands", type=int, default=2000,
                        help="single hands per case, rounded up to whole duplicate groups "
                             "(default 2000; 0 skips single hands)")
    parser.add_argument("--matches", type=int, default=0,
                        help=f"whole matches to {MATCH_TARGET} per case, rounded up to whole "
                             "duplicate groups (default 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--processes", type=int, default=1,
                        help="worker processes (default 1); results do not depend on it")
    parser.add_argument("--budget", type=parse_budget, default=None,
                        help="a searching level's time per move: wall-clock ms, or e.g. 200cpu "
                             "for CPU ms (default: the level's own, 200 ms wall for expert)")
    parser.add_argument("--every", type=int, default=0,
                        help="with one process, print each case's figures so far every N "
                             "duplicate groups too (default 0: at the end only)")
    args = parser.parse_args(argv)
    if args.hands < 0 or args.matches < 0 or args.processes < 1:
        parser.error("--hands and --matches are 0 or more, --processes 1 or more")
    cases = build_cases(args.levels, args.seats, args.presets, args.hands, args.matches, args.budget)
    if not cases:
        parser.error("nothing to play: give --hands or --matches")
    run(cases, args.seed, args.processes, every=max(0, args.every))  # the verdict line says how it went
    return 0


if __name__ == "__main__":
    sys.exit(main())
