"""bench/bot_strength.py in seconds: a tiny pairing runs and prints its lines, and a duplicate deal
really is the same deal replayed with the seats rotated."""

from __future__ import annotations

import multiprocessing
import random

import pytest
from kit.bench import load

from engine import Game
from engine.events import Dealt, Event, StartingCard

bench = load("bot_strength")


def test_a_tiny_pairing_prints_every_line_and_the_verdict_last() -> None:
    lines: list[str] = []
    cases = bench.build_cases([("normal", "easy")], [2], ["official", "house"], hands=4, matches=2)
    bench.run(cases, seed=3, processes=1, out=lines.append)
    values = dict(line.split("=", 1) for line in lines if not line.startswith("#"))
    for name in ("official_2p_hand_normal_vs_easy", "house_2p_match_normal_vs_easy"):
        assert values[f"{name}_hands"] != "0"
        for key in ("win_rate", "ci95_lo", "ci95_hi", "wilson95_lo", "wilson95_hi", "fair_share",
                    "points_per_hand", "field_points_per_hand", "ms_per_move_p50",
                    "ms_per_move_p99", "field_ms_per_move_p50", "field_ms_per_move_p99"):
            float(values[f"{name}_{key}"])
        assert 0 <= float(values[f"{name}_ci95_lo"]) <= float(values[f"{name}_ci95_hi"]) <= 1
    assert values["official_2p_hand_normal_vs_easy_hands"] == "4"  # 2 deals x 2 rotations
    assert values["house_2p_match_normal_vs_easy_matches"] == "2"
    assert lines[-1].startswith("verdict=")


def _deals(case: object, deal: int) -> dict[int, list[tuple[tuple[str, tuple[str, ...]], ...]]]:
    """For each rotation, each hand's deal: every seat's cards and the starting card."""
    seen: dict[int, list[tuple[tuple[str, tuple[str, ...]], ...]]] = {}

    def observe(rotation: int, game: Game, events: list[Event]) -> None:
        dealt = tuple((e.seat, tuple(map(str, e.cards or ()))) for e in events if isinstance(e, Dealt))
        start = tuple(("start", (str(e.card),)) for e in events if isinstance(e, StartingCard))
        seen.setdefault(rotation, []).append((*dealt, *start, ("dealer", (game.dealer,))))

    bench.play_group(case, 11, deal, observe)
    return seen


@pytest.mark.parametrize("seats", [2, 4])
def test_a_duplicate_deal_replays_the_same_cards_with_the_hero_at_each_seat(seats: int) -> None:
    case = bench.Case("official", seats, False, "normal", "easy")
    seen = _deals(case, 0)
    assert sorted(seen) == list(range(seats))
    assert all(hands == seen[0] for hands in seen.values())  # one deal, whatever the rotation
    assert _deals(case, 1)[0] != seen[0]  # the next deal is another one
    for rotation in range(seats):
        levels = bench.rotation_levels("normal", "easy", seats, rotation)
        assert levels[rotation] == "normal" and levels.count("normal") == 1


def test_every_hand_of_a_match_is_a_duplicate_deal_too() -> None:
    case = bench.Case("house", 2, True, "normal", "easy")
    seen = _deals(case, 0)
    hands = min(len(deals) for deals in seen.values())
    assert hands >= 2  # a match to 500 takes several hands
    for k in range(hands):
        assert len({deals[k] for deals in seen.values()}) == 1, f"hand {k + 1} differs"
    assert seen[0][0] != seen[0][1]


def test_the_results_do_not_depend_on_the_number_of_processes() -> None:
    case = bench.Case("official", 2, False, "normal", "easy")
    alone = bench.play_case(case, 5, 3, None)
    with multiprocessing.Pool(2) as pool:
        shared = bench.play_case(case, 5, 3, pool)
    assert [(g.wins, g.hands, g.hero_points) for g in alone] == \
        [(g.wins, g.hands, g.hero_points) for g in shared]


def test_an_unknown_level_is_refused_by_name() -> None:
    with pytest.raises(SystemExit):
        bench.main(["--levels", "normal:grandmaster", "--hands", "2"])


def test_a_budget_is_wall_or_cpu_milliseconds_and_reaches_the_searching_level() -> None:
    from engine.bots import CpuTime

    assert bench.parse_budget("200") == pytest.approx(0.2)
    assert bench.parse_budget("50cpu") == CpuTime(0.05)
    for bad in ("fast", "0", "-5cpu"):
        with pytest.raises(Exception, match="budget"):
            bench.parse_budget(bad)
    lines: list[str] = []
    cases = bench.build_cases([("expert", "normal")], [2], ["official"], 2, 0, CpuTime(0.002))
    assert all(case.budget == CpuTime(0.002) for case, _ in cases)
    bench.run(cases, 1, 1, lines.append)
    assert lines[-1].startswith("verdict=")


@pytest.mark.parametrize(("preset", "seats"), [("official", 4), ("house", 4), ("house", 2)])
def test_a_level_against_itself_with_the_same_dice_wins_exactly_one_rotation_per_deal(
        monkeypatch: pytest.MonkeyPatch, preset: str, seats: int) -> None:
    """With every rotation's bots given the same dice, a level against itself replays one game
    per deal whatever the rotation, so the hero wins exactly one rotation of each: any bias of
    seat, schedule or counting (a hand without a winner counted as a loss, the hero's wins read
    at another seat) breaks it. (The bench's own dice differ by rotation; see its module.)"""
    real = bench.make_bots

    def same_dice(levels, seats_, rules, rng, budget=None):  # type: ignore[no-untyped-def]
        return real(levels, seats_, rules, random.Random(7), budget)

    monkeypatch.setattr(bench, "make_bots", same_dice)
    case = bench.Case(preset, seats, False, "normal", "normal")
    for deal in range(6):
        group = bench.play_group(case, 5, deal)
        assert (group.games, group.hands, group.wins) == (seats, seats, 1), deal


def test_a_hand_past_the_action_cap_stops_the_bench_rather_than_count_as_a_loss(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "MAX_ACTIONS_PER_HAND", 3)
    with pytest.raises(RuntimeError, match="ran past 3 actions"):
        bench.play_group(bench.Case("house", 4, False, "normal", "normal"), 5, 0)


def test_the_hero_is_counted_at_the_seat_where_its_level_plays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The moves timed as the hero's are exactly the turns played by the hero's level, in every
    rotation (the hero's wins are read at the seat its level sits at)."""
    real = bench.make_bots
    turns: dict[str, int] = {}

    def counting(levels, seats_, rules, rng, budget=None):  # type: ignore[no-untyped-def]
        bots = real(levels, seats_, rules, rng, budget)
        for bot in bots:
            def act(view, bot=bot, act=bot.act):  # type: ignore[no-untyped-def]
                if view.current == bot.seat:
                    turns[bot.level] = turns.get(bot.level, 0) + 1
                return act(view)
            bot.act = act
        return bots

    monkeypatch.setattr(bench, "make_bots", counting)
    case = bench.Case("official", 4, False, "normal", "easy")
    group = bench.play_group(case, 5, 0)
    assert len(group.hero_us) == turns["normal"] and len(group.field_us) == turns["easy"]


def test_a_long_run_prints_its_figures_so_far_and_the_same_final_ones() -> None:
    cases = bench.build_cases([("normal", "easy")], [2], ["official"], hands=6, matches=0)
    quiet: list[str] = []
    bench.run(cases, seed=3, processes=1, out=quiet.append)
    chatty: list[str] = []
    bench.run(cases, seed=3, processes=1, out=chatty.append, every=1)
    assert [line for line in chatty if line.startswith("# partial")] == [
        "# partial: 1 of 3 groups", "# partial: 2 of 3 groups"]
    assert "official_2p_hand_normal_vs_easy_hands=2" in chatty
    tail = chatty[len(chatty) - len(quiet):]  # the same figures at the end (times aside)
    assert [x for x in tail if "_ms_" not in x and not x.startswith("# ")] == [
        x for x in quiet if "_ms_" not in x and not x.startswith("# ")]
