"""Statistics (server/stats.py, server/statstore.py): counted from the match's events, by player
name and bot level, per rule set, kept beside the rooms across a restart."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import trio
from kit.harness import Harness, game_of, only_room, stoppable_server

from engine import Event, Game, RuleSet
from engine.events import Caught, Challenged, Drew, HandEnded, MatchEnded, TurnStarted
from engine.selfplay import play_match
from protocol import Events, Joined, Message, ProtocolError, SeatInfo, SeatKind, Start
from server.stats import Counts, Tally, player_key, rules_name, rules_of_name
from server.statstore import STATS_NAME, StatsStore, read_stats


def is_match_end(message: Message) -> bool:
    return isinstance(message, Events) and any(e["type"] == "match_ended" for e in message.events)


def expected(events: list[Event], seats: tuple[str, ...]) -> dict[str, Counts]:
    """The counts of a whole match, worked out from its events at the end (not as they come)."""
    hands = [i for i, e in enumerate(events) if isinstance(e, HandEnded)]
    out = {seat: Counts() for seat in seats}
    start = 0
    for end in hands:
        turns = sum(isinstance(e, TurnStarted) for e in events[start:end])
        for seat in seats:
            out[seat].hands += 1
            out[seat].turns += turns
        start = end + 1
    for e in events:
        if isinstance(e, HandEnded):
            out[e.winner].hands_won += 1
            out[e.winner].points += e.points
        elif isinstance(e, MatchEnded):
            for seat in seats:
                out[seat].matches += 1
            out[e.winner].matches_won += 1
        elif isinstance(e, Drew) and e.reason == "uno_penalty":
            out[e.seat].uno_missed += 1
        elif isinstance(e, Caught) and not e.false_catch:
            out[e.seat].catches += 1
        elif isinstance(e, Challenged):
            if e.guilty:
                out[e.seat].challenges_won += 1
            else:
                out[e.seat].challenges_lost += 1
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_seeded_bot_matches_are_counted_as_their_events_say(seed: int) -> None:
    rules = RuleSet(target_score=150)
    seen: list[Event] = []
    tally = Tally()
    totals: dict[str, Counts] = {}

    def observe(game: Game, action: Any, events: list[Event]) -> None:
        seen.extend(events)
        for done in tally.feed(events, game.seats):
            for seat, counts in done.items():
                totals.setdefault(seat, Counts()).add(counts)

    levels = ("easy", "normal", "hard", "normal")
    play_match(levels, rules, seed, observer=observe)
    seats = tuple(totals)
    want = expected(seen, seats)
    assert totals == want
    assert sum(c.hands_won for c in totals.values()) == want[seats[0]].hands >= 1
    assert sum(c.matches_won for c in totals.values()) == 1
    # seed 3 sees challenges both ways (bots never forget UNO: catches are tested below)
    if seed == 3:
        kinds = Counter[str]()
        for c in totals.values():
            kinds.update({k: v for k, v in c.to_record().items() if v})
        assert kinds["challenges_won"] and kinds["challenges_lost"] and kinds["turns"]


def test_the_hand_in_play_survives_the_rooms_record() -> None:
    tally = Tally()
    tally.feed([TurnStarted("1"), Caught("1", "2"), Drew("2", 2, None, "uno_penalty")], ("1", "2"))
    again = Tally.from_record(json.loads(json.dumps(tally.to_record())))
    (done,) = again.feed([TurnStarted("2"), HandEnded("2", 30, (0, 30))], ("1", "2"))
    assert done["1"] == Counts(hands=1, turns=2, catches=1)
    assert done["2"] == Counts(hands=1, hands_won=1, points=30, turns=2, uno_missed=1)


def test_keys_and_rule_set_names() -> None:
    assert player_key("human", "Ann", "normal") == "Ann"
    assert player_key("bot", "Bot 2", "hard") == "bot:hard"
    assert rules_name("official", {}) == "official"
    official = RuleSet().to_dict()
    assert rules_name("official", {"target_score": official["target_score"]}) == "official"
    assert rules_name("house", {"target_score": 50, "jump_in": True}) == (
        "house jump_in=on,target_score=50")


def test_the_store_keeps_the_counts_across_a_restart(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    other = StatsStore(tmp_path)  # a second server on the same directory: both counts add up
    other.add("official", {"bot:easy": Counts(hands=1)})
    store.add("official", {"Ann": Counts(hands=1, hands_won=1, points=40, turns=12)})
    store.add("official", {"Ann": Counts(hands=1, turns=8), "bot:easy": Counts(hands=2)})
    assert store.table["official"]["bot:easy"].hands == 3
    store.add("house", {"Ann": Counts(matches=1)})
    again = StatsStore(tmp_path)
    assert again.table == read_stats(tmp_path) == store.table
    ann = again.table["official"]["Ann"]
    assert (ann.hands, ann.hands_won, ann.points, ann.hand_length) == (2, 1, 40, 10.0)
    assert (tmp_path / STATS_NAME).stat().st_mode & 0o777 == 0o600


def test_an_addition_cut_short_by_a_crash_is_skipped_and_the_next_counts(tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.add("official", {"Ann": Counts(hands=1)})
    log = tmp_path / json.loads((tmp_path / STATS_NAME).read_text())["log"]
    with log.open("ab") as f:
        f.write(b'\n{"rules":"official","add":{"Ann":{"hands":5')  # the crash, mid-write
    again = StatsStore(tmp_path)
    again.add("official", {"Ann": Counts(hands=1)})
    assert read_stats(tmp_path)["official"]["Ann"].hands == 2 == again.table["official"]["Ann"].hands


def test_the_log_is_folded_into_the_totals_and_two_servers_count_nothing_twice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``COMPACT_BYTES`` the additions go into a new stats.json naming the next log (the old
    one deleted); a second server on the same directory reads the new totals, not the old log
    again. A log left by a crash during the fold, which no stats.json names, is never read."""
    monkeypatch.setattr("server.statstore.COMPACT_BYTES", 400)
    first, second = StatsStore(tmp_path), StatsStore(tmp_path)
    for i in range(30):
        (first if i % 3 else second).add("official", {"Ann": Counts(hands=1), f"P{i % 4}": Counts(points=i)})
    named = json.loads((tmp_path / STATS_NAME).read_text())["log"]
    assert named != "stats-0.log" and not (tmp_path / "stats-0.log").exists()
    assert sorted(p.name for p in tmp_path.glob("stats-*.log")) in ([], [named])
    assert all(p.stat().st_mode & 0o777 == 0o600 for p in tmp_path.glob("stats*"))
    (tmp_path / "stats-0.log").write_text('\n{"rules":"official","add":{"Ann":{"hands":99}}}')
    for store in (first, second, StatsStore(tmp_path)):
        store.add("official", {})
        assert store.table["official"]["Ann"].hands == 30, store.table
        assert sum(store.table["official"][f"P{k}"].points for k in range(4)) == sum(range(30))
    assert read_stats(tmp_path) == first.table


def test_counts_set_aside_or_deleted_are_never_counted_again(tmp_path: Path) -> None:
    """Without a stats.json there are no statistics: a log left beside none is never read (the
    counts restart in a log of their own), whether the file was deleted to start again or set
    aside while a server ran; and a damaged line never stops a match."""
    store = StatsStore(tmp_path)
    store.add("official", {"Bob": Counts(hands=3)})
    (tmp_path / STATS_NAME).unlink()  # "start the statistics again"
    again = StatsStore(tmp_path)
    assert again.table == {} and read_stats(tmp_path) == {}
    again.add("official", {"Bob": Counts(hands=1)})
    assert read_stats(tmp_path)["official"]["Bob"].hands == 1
    assert StatsStore(tmp_path).table["official"]["Bob"].hands == 1

    (tmp_path / STATS_NAME).write_text("{not json")  # a bad edit while the server runs
    again.add("official", {"Ann": Counts(hands=1)})
    assert read_stats(tmp_path) == {"official": {"Ann": Counts(hands=1)}}
    assert StatsStore(tmp_path).table == {"official": {"Ann": Counts(hands=1)}}

    log = tmp_path / json.loads((tmp_path / STATS_NAME).read_text())["log"]
    with log.open("ab") as f:
        f.write(b'\n{"rules":"official","add":{"Ann":{"hands":1e999}}}')
    again.add("official", {"Ann": Counts(hands=1)})  # (no exception reaches the match)
    assert read_stats(tmp_path)["official"]["Ann"].hands == 2


def test_a_corrupt_file_is_set_aside_and_counting_starts_again(tmp_path: Path,
                                                               caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / STATS_NAME).write_text('{"version": 1, "rules": {"x": {"Ann": {"hands": -1}}}}')
    store = StatsStore(tmp_path)
    assert store.table == {}
    assert "set aside" in caplog.text
    kept = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(STATS_NAME))
    assert len(kept) == 2 and kept[0] == STATS_NAME and kept[1].startswith(STATS_NAME + ".corrupt-")
    assert read_stats(tmp_path) == {}  # a fresh file: counting starts again
    store.add("official", {"Ann": Counts(hands=1)})
    assert read_stats(tmp_path)["official"]["Ann"].hands == 1


async def test_a_servers_matches_are_counted_by_name_and_bot_level(
        harness: Harness, tmp_path: Path, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, scope = await stoppable_server(harness.nursery, state_dir=str(tmp_path))
        ann = await harness.client(srv, "Ann")
        await ann.create(bots=2, turn_timeout=0, bot_delay=0, rules={"target_score": 100})
        await ann.send(Start())
        await ann.play(is_match_end, think=0)
        game = game_of(srv)
        hands = game.hand_number
        assert only_room(srv).seats[1].level == "normal"
        table = read_stats(tmp_path)["official target_score=100"]
        assert set(table) == {"Ann", "bot:normal"}
        assert table["Ann"].hands == hands and table["bot:normal"].hands == 2 * hands
        assert table["Ann"].matches == 1 and table["bot:normal"].matches == 2
        assert table["Ann"].hands_won + table["bot:normal"].hands_won == hands
        assert table["Ann"].matches_won + table["bot:normal"].matches_won == 1
        outcome = game.outcome()
        assert outcome is not None
        assert table["Ann"].points + table["bot:normal"].points == sum(outcome.scores)
        # a friend who joins now sees each player's line in the lobby: hands won of played
        bob = await harness.client(srv, "Bob")
        joined = await bob.join(only_room(srv).id)
        lines = {s.name: (s.hands_won, s.hands) for s in joined.room.seats}
        assert lines["Ann"] == (table["Ann"].hands_won, hands)
        assert lines["Bob"] == (0, 0)  # counted from his first hand on
        assert lines["Bot 1"] == lines["Bot 2"] == (table["bot:normal"].hands_won, 2 * hands)
        scope.cancel()


async def test_a_server_without_statistics_sends_no_line(harness: Harness,
                                                         autojump_clock: object) -> None:
    with trio.fail_after(10):
        _, (ann,) = await harness.table("Ann", bots=1)
        joined = next(m for m in ann.log if isinstance(m, Joined))
        assert {(s.hands, s.hands_won) for s in joined.room.seats} == {(None, None)}


def test_the_lobby_line_is_checked_on_the_wire() -> None:
    seat = SeatInfo(seat="1", name="Ann", kind=SeatKind.HUMAN, hands=10, hands_won=3)
    assert SeatInfo.from_wire(seat.to_wire()) == seat
    assert SeatInfo.from_wire({"seat": "1", "name": "Ann", "kind": "human"}).hands is None
    for bad in (-1, 10**9 + 1, "3", 2.5):
        with pytest.raises(ProtocolError):
            SeatInfo.from_wire({**seat.to_wire(), "hands_won": bad})


def test_a_rule_sets_name_reads_back_as_its_preset_and_options() -> None:
    """``uno stats`` words a rule set from its name (``rules_of_name``, the inverse)."""
    cases = [("official", {}), ("house", {"jump_in": True, "seven_zero": True}),
             ("official", {"target_score": None, "uno_penalty": 4, "wild_draw_four": "strict"}),
             ("house", {"draw_until_playable": False, "false_catch_penalty": 2, "target_score": 100})]
    for preset, overrides in cases:
        assert rules_of_name(rules_name(preset, overrides)) == (preset, overrides)
