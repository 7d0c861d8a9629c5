"""bench/expert_paired.py in seconds: a tiny comparison prints its paired lines, and the ``oracle``
version (the bench's information ceiling, not a level) deals the search the real hands."""

from __future__ import annotations

import random
from collections import Counter

from kit.bench import load

from engine import Game
from engine.rules import RuleSet

bench = load("expert_paired")


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


def test_the_partial_oracles_show_only_their_part_of_the_hands() -> None:
    game = Game(["A", "B", "C", "D"], RuleSet.preset("official"), random.Random(8))
    game._hands[2].remove(game._hands[2].cards[0])  # C: 6 cards,
    while len(game._hands[3].cards) > 2:  # D: 2 cards, about to go out
        game._draw.append(game._hands[3].cards[-1])
        game._hands[3].remove(game._hands[3].cards[-1])
    real = [Counter(h.cards) for h in game._hands]
    unseen = Counter(c for h in game._hands[1:] for c in h.cards) + Counter(game._draw)
    bench.Oracle.game = game
    try:
        view = game.view("A")
        dealt = {name: [bench.VARIANTS[name]["Determinizer"](view, None).deal(random.Random(i))
                        for i in range(20)]
                 for name in ("next", "threats", "colours")}
    finally:
        bench.Oracle.game = None
    for games in dealt.values():
        for g in games:
            assert Counter(g._hands[0].cards) == real[0]  # our own hand, as it is
            assert [len(h.cards) for h in g._hands] == [len(h.cards) for h in game._hands]
            assert Counter(c for h in g._hands[1:] for c in h.cards) + Counter(g._draw) == unseen
    nxt = view.direction % 4  # the seat after A's
    later = 4 - nxt  # (B or D; C is never next)
    assert all(Counter(g._hands[nxt].cards) == real[nxt] for g in dealt["next"])
    assert any(Counter(g._hands[2].cards) != real[2] for g in dealt["next"])
    assert any(Counter(g._hands[later].cards) != real[later] for g in dealt["next"])
    assert all(Counter(g._hands[3].cards) == real[3] for g in dealt["threats"])
    assert any(Counter(g._hands[1].cards) != real[1] for g in dealt["threats"])

    def colours(cards: Counter[object]) -> Counter[object]:
        return Counter(c.color for c in cards.elements())  # type: ignore[attr-defined]

    for g in dealt["colours"]:
        assert all(colours(Counter(g._hands[j].cards)) == colours(real[j]) for j in (1, 2, 3))
    assert any(Counter(g._hands[2].cards) != real[2] for g in dealt["colours"])
