"""bench/expert_paired.py in seconds: a tiny comparison prints its paired lines, and the ``oracle``
version (the bench's information ceiling, not a level) deals the search the real hands."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

from engine import Game
from engine.rules import RuleSet


def _load(name: str) -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # (dataclasses look it up by name)
    spec.loader.exec_module(module)
    return module


bench = _load("expert_paired")


def test_the_oracle_deals_the_real_hands_and_only_shuffles_the_draw_pile() -> None:
    game = Game(["A", "B", "C"], RuleSet.preset("official"), random.Random(5))
    bench.Oracle.game = game
    try:
        dealt = bench.Oracle(game.view("A"), None).deal(random.Random(1))
    finally:
        bench.Oracle.game = None
    assert [h.cards for h in dealt._hands] == [h.cards for h in game._hands]
    assert Counter(dealt._draw) == Counter(game._draw) and dealt._draw != game._draw
    assert dealt.view("A") == game.view("A")


def test_a_tiny_comparison_prints_its_paired_lines_and_restores_the_search() -> None:
    lines: list[str] = []
    case = bench.Case("official", 2, False, "expert", "normal", bench.Playouts(2))
    before = bench.expert_module.Determinizer
    bench.compare("base", "oracle", case, seed=3, deals=2, every=1, out=lines.append)
    assert bench.expert_module.Determinizer is before
    values = dict(line.split("=", 1) for line in lines if not line.startswith("#"))
    assert values["official_2p_base_vs_oracle_deals"] == "2"
    assert values["official_2p_base_vs_oracle_hands"] == "4"  # 2 deals x 2 rotations
    for key in ("a_win_rate", "b_win_rate", "diff", "diff_ci95_lo", "diff_ci95_hi", "diff_z"):
        float(values[f"official_2p_base_vs_oracle_{key}"])
