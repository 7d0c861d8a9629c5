"""bench/deal_accuracy.py in a second: its figures are shares and scores in range, and what the
tracker knows makes the deals guess the real hands better than the view alone. (That the
likelihood of the plays seen guesses better still shows over more hands than a test plays.)"""

from __future__ import annotations

from kit.bench import load

bench = load("deal_accuracy")


def test_the_tracker_and_the_beliefs_guess_the_hidden_hands_better_than_the_view() -> None:
    decisions, scores = bench.measure(4, "official", "hard", hands=16, samples=4, seed=1)
    assert decisions > 50
    figures = {source: (s.overlap / decisions, s.brier / decisions, s.next_brier / decisions)
               for source, s in scores.items()}
    assert set(figures) == {"view", "facts", "soft", "beliefs", "intent"}
    for overlap, brier, next_brier in figures.values():
        assert 0 < overlap < 1 and 0 < brier < 1 and 0 < next_brier < 1
    assert figures["facts"][0] > figures["view"][0]  # the discard pile is no longer dealt
    assert figures["beliefs"][1] < figures["facts"][1] and figures["beliefs"][1] < figures["view"][1]


def test_it_prints_each_source_s_lines(capsys: object) -> None:
    assert bench.main(["--hands", "2", "--samples", "2", "--seats", "2"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    keys = [line.split("=", 1)[0] for line in out.splitlines()]
    assert keys[0] == "official_2p_hard_decisions"
    for source in ("view", "facts", "soft", "beliefs", "intent"):
        for figure in ("overlap", "brier", "next_brier", "threat_brier"):
            assert f"official_2p_hard_{source}_{figure}" in keys
