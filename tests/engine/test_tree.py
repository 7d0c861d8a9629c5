"""engine.bots.tree: the search tree below each of expert's candidates (``expert.TREE``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import position
from test_bots import make_game
from test_properties import rulesets, seeds, tables

from engine import Draw, PlayCard, RuleSet
from engine.bots import Playouts, choose_action
from engine.bots import expert as expert_module
from engine.bots.rollout import greedy
from engine.bots.tree import Node, descend
from engine.determinize import determinize

ROUNDS = Playouts(6)


@settings(max_examples=40, deadline=None)
@given(players=tables, rules=rulesets, seed=seeds, steps=st.integers(0, 150))
def test_the_tree_search_returns_a_legal_action_under_every_rule_option(
        players: int, rules: RuleSet, seed: int, steps: int) -> None:
    game, trackers = position(players, rules, seed, steps)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(expert_module, "TREE", True)
        for seat in game.seats:
            view = game.view(seat)
            action = choose_action("expert", view, random.Random(seed), trackers[seat],
                                   budget=ROUNDS)
            if action is not None:
                assert action in game.legal_actions(seat)
            elif seat == game.current and game.hand_outcome() is None:
                raise AssertionError(f"expert did nothing on its turn: {view}")


@settings(max_examples=30, deadline=None)
@given(players=tables, rules=rulesets, seed=seeds, steps=st.integers(0, 150), data=st.data())
def test_the_tree_search_never_looks_at_a_hidden_card(
        players: int, rules: RuleSet, seed: int, steps: int, data: st.DataObject) -> None:
    """The same view, the hidden cards dealt again: the same move, for a fixed seed."""
    game, trackers = position(players, rules, seed, steps)
    seat = data.draw(st.sampled_from(game.seats))
    view, tracker = game.view(seat), trackers[seat]
    other = determinize(view, tracker, random.Random(seed + 1))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(expert_module, "TREE", True)
        first = choose_action("expert", view, random.Random(seed), tracker, budget=ROUNDS)
        second = choose_action("expert", other.view(seat), random.Random(seed), tracker,
                               budget=ROUNDS)
    assert first == second


def test_each_round_adds_one_node_and_counts_for_the_seat_that_moved() -> None:
    """P2 holds one card that goes out, or may draw and let P1 go out: its node's moves count
    P2's wins, and the tree soon plays the card that wins it the hand."""
    game = make_game(["R7", "R5"], "R3", current=1)
    root = Node()
    rng = random.Random(3)
    values = []
    for _ in range(40):
        deal = game.copy(rng)
        rng.shuffle(deal._draw)
        values.append(descend(root, deal, 0, rng, greedy))
    win = PlayCard("P2", game.hand("P2")[0], uno=False)
    assert set(root.children) == {win, Draw("P2")}
    assert root.children[win].wins == root.children[win].visits  # P2's wins, not P1's
    assert root.children[win].visits > 30
    assert sum(child.visits for child in root.children.values()) == 40
    assert root.size() <= 41
    assert 0 < sum(values) < 10  # P1 wins only after P2 drew


@pytest.mark.parametrize("tree", [False, True])
def test_the_search_descends_a_tree_for_each_candidate_only_with_tree_on(
        tree: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every round plays each surviving candidate once: down its own tree with ``TREE`` on,
    else by a plain playout."""
    roots: list[Node] = []

    def counting(root: Node, *args: object) -> float:
        roots.append(root)
        return descend(root, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(expert_module, "TREE", tree)
    monkeypatch.setattr(expert_module, "descend", counting)
    game = make_game(["R1 G2 B3 Y4", "R5 G6 B7 Y8"], "R3")
    found = expert_module.search(game.view("P1"), random.Random(1), None, Playouts(20))
    assert found.rounds == 20
    assert len(roots) == (sum(r.playouts for r in found.ranked) if tree else 0)
    if tree:
        assert len({id(root) for root in roots}) == len(found.ranked)  # one tree a candidate
        assert all(root.size() > 1 for root in roots)
