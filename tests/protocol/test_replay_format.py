"""The replay format (protocol/replays.py, docs/REPLAY.md): a document round-trips; a damaged
or foreign one is refused with a message saying why, as a bad network message is; the doc's
table is the code's."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from kit.replays import finished_replay

from engine.replay import ReplayError
from protocol import MAX_REPLAY_BYTES
from protocol.replays import FORMAT, REPLAY_VERSION, load_replay

DOC = Path(__file__).resolve().parents[2] / "docs" / "REPLAY.md"


def test_a_replay_round_trips_through_its_text() -> None:
    replay = finished_replay()
    again = load_replay(replay.to_text())
    assert again.to_text() == replay.to_text() and again.info == replay.info
    assert again.positions()[-1].game.snapshot() == replay.positions()[-1].game.snapshot()
    assert load_replay(replay.to_text().encode()).info == replay.info  # bytes from a file too


def test_a_replay_of_version_1_written_before_seats_changing_hands_were_kept_is_read() -> None:
    data = json.loads(finished_replay().to_text())
    del data["earlier"]
    old = load_replay(json.dumps({**data, "version": 1}))
    assert old.info == finished_replay().info and old.info.earlier == ()


def test_a_replay_of_version_2_written_before_the_stand_ins_turns_were_kept_is_read() -> None:
    data = json.loads(finished_replay().to_text())
    del data["stood_in"]
    old = load_replay(json.dumps({**data, "version": 2}))
    assert old.info == finished_replay().info and old.info.stood_in == ()


def _stood_in(after: int, seat: str = "A", reason: str = "away") -> dict[str, Any]:
    return {"after": after, "seat": seat, "reason": reason}


def _damaged(change: Any) -> str:
    data = json.loads(finished_replay().to_text())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(("text", "why"), [
    ("", "not JSON"),
    ("\x00\xff garbage", "not JSON"),
    ("[" * 100_000, "too large"),
    (json.dumps({"name": "a save game of another program"}), "not an UNO replay"),
    (json.dumps([1, 2, 3]), "not an UNO replay"),
    (_damaged(lambda d: d.update(version=4)), "version 4"),
    (_damaged(lambda d: d.update(version=True)), "version True"),
    (_damaged(lambda d: d["players"][0].update(name="\x1b[2Jevil")), "damaged"),
    (_damaged(lambda d: d["players"][0].update(kind="alien")), "damaged"),
    (_damaged(lambda d: d.update(extra=1)), "damaged"),
    (_damaged(lambda d: d.pop("table")), "damaged"),
    (_damaged(lambda d: d.update(points=d["points"] + 1)), "result"),
    (_damaged(lambda d: d.update(winner=d["players"][1]["seat"] if d["winner"] == d["players"][0]["seat"]
                                  else d["players"][0]["seat"])), "result"),
    (_damaged(lambda d: d.update(match_winner=d["winner"])), "match result"),
    (_damaged(lambda d: d.update(hand_number=2)), "hand number"),
    (_damaged(lambda d: d["players"].reverse()), "players"),
    (_damaged(lambda d: d["hand"]["actions"].pop()), "does not end"),
    (_damaged(lambda d: d["hand"]["actions"].insert(0, ["Pass", d["winner"]])), "action 0"),
    (_damaged(lambda d: d["hand"].update(start=None)), "snapshot"),
    (_damaged(lambda d: d["hand"]["start"].update(rng={"kind": "blake2b-ctr", "key": "00" * 32,
                                                        "counter": 0})), "random source"),
    (_damaged(lambda d: d["hand"]["start"]["draw"].pop()), "first position"),
    (_damaged(lambda d: d.update(earlier=[{"until": 10_000, "player": d["players"][1]}])), "earlier"),
    (_damaged(lambda d: d.update(earlier=[{"until": 2, "player": {**d["players"][1], "seat": "9"}}])),
     "earlier"),
    (_damaged(lambda d: d.update(earlier=[{"until": 3, "player": d["players"][1]},
                                          {"until": 2, "player": d["players"][2]}])), "earlier"),
    (_damaged(lambda d: d.update(earlier=[{"until": 2, "player": {"name": "Kim"}}])), "damaged"),
    (_damaged(lambda d: d.update(stood_in=[_stood_in(10_000)])), "stand-in"),
    (_damaged(lambda d: d.update(stood_in=[_stood_in(2, seat="9")])), "stand-in"),
    (_damaged(lambda d: d.update(stood_in=[_stood_in(3), _stood_in(2)])), "stand-in"),
    (_damaged(lambda d: d.update(stood_in=[_stood_in(2, reason="nap")])), "damaged"),
    (_damaged(lambda d: d.update(stood_in=[_stood_in(2)] * 501)), "damaged"),
])
def test_a_damaged_or_foreign_replay_is_refused_saying_why(text: str, why: str) -> None:
    with pytest.raises(ReplayError, match=why):
        load_replay(text)


def test_the_documented_format_is_the_code() -> None:
    from protocol.replays import MAX_EARLIER, MAX_STOOD_IN

    doc = DOC.read_text()
    table = doc[doc.index("## The format"):doc.index("`hand` rebuilds")]
    keys = re.findall(r"^\| `(\w+)` \|", table, re.M)
    assert keys == list(json.loads(finished_replay().to_text()))
    assert f'`"{FORMAT}"`' in table and f"| `version` | {REPLAY_VERSION};" in table
    assert f"at most {MAX_REPLAY_BYTES} bytes" in doc
    assert f"at most {MAX_EARLIER}:" in table and f"Past {MAX_EARLIER} changes of hands" in doc
    assert f"at most {MAX_STOOD_IN}:" in table and f"past {MAX_STOOD_IN} such turns" in doc

