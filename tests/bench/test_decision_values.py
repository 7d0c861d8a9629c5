"""bench/decision_values.py in seconds: the oracle values seat 0's decisions, a version that
always plays hard's move gains nothing, and the lines come per kind of decision."""

from __future__ import annotations

from kit.bench import load

bench = load("decision_values")


def test_hards_own_move_gains_nothing_and_the_search_is_put_back() -> None:
    before = (bench.expert_module.Determinizer, bench.expert_module.HALVE_FROM,
              bench.expert_module.SWITCH_CONFIDENCE)
    decisions = bench.measure(4, "official", 2, ["hardonly", "base"], rounds=8, oracle=12, seed=3)
    assert (bench.expert_module.Determinizer, bench.expert_module.HALVE_FROM,
            bench.expert_module.SWITCH_CONFIDENCE) == before
    assert decisions
    for d in decisions:
        assert d.gains["hardonly"] == 0.0 and not d.switched["hardonly"]
        assert -1.0 <= d.gains["base"] <= 1.0 and d.regret >= 0.0
    lines = bench.lines("x", decisions, ["hardonly", "base"])
    values = dict(line.split("=", 1) for line in lines)
    assert values["x_decisions"] == str(len(decisions))
    assert float(values["x_hardonly_gain"]) == 0.0


def test_main_prints_a_line_per_kind_of_decision(capsys: object) -> None:
    assert bench.main(["--hands", "1", "--rounds", "4", "--oracle", "6", "--seats", "2"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    assert "official_2p_decisions=" in out and "official_2p_hard_play_base_gain=" in out


def test_kinds_keeps_only_the_decisions_where_hards_move_is_of_those_kinds() -> None:
    every = bench.measure(4, "official", 2, ["hardonly"], rounds=4, oracle=6, seed=3)
    plays = bench.measure(4, "official", 2, ["hardonly"], rounds=4, oracle=6, seed=3,
                          kinds=frozenset({"play"}))
    assert plays and all(d.kind == "play" for d in plays)
    assert len(plays) == sum(d.kind == "play" for d in every) < len(every)


def test_the_hard_judge_values_only_the_moves_chosen() -> None:
    """With ``judge="hard"`` the playouts play hard at every seat and only hard's move and the
    versions' choices are valued: hard's own move still gains nothing, a decision where the
    search left it gains or loses less than a whole hand."""
    decisions = bench.measure(4, "official", 2, ["hardonly", "conf05"], rounds=8, oracle=6,
                              seed=3, judge="hard")
    assert decisions
    for d in decisions:
        assert d.gains["hardonly"] == 0.0
        assert -1.0 <= d.gains["conf05"] <= 1.0
        assert d.gains["conf05"] == 0.0 or d.switched["conf05"]
        assert d.regret == max(0.0, d.gains["conf05"])
