"""Fuzzing the server's message handling: an in-process server over memory streams, a player
with a match in play, and a fuzzed client sending scripts of messages of every type (plausible
and absurd fields), legal moves from its own view (some altered), raw bytes, pauses and stalls.
The server keeps serving the player, the match keeps the whole deck, and no exception reaches
the server's catch-alls (see fuzzkit.py).

A few dozen examples in the normal test run; ``make fuzz`` sets FUZZ_EXAMPLES much higher."""

from __future__ import annotations

from typing import Any

from fuzzkit import CLIENT_MESSAGES, EXAMPLES, POOL, serve_script
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))

MESSAGE = st.tuples(st.just("message"), st.sampled_from(sorted(CLIENT_MESSAGES)),
                    st.lists(st.integers(0, 12), max_size=10), st.booleans())
# Steps towards a game: join the player's table, open one's own, start it.
TOWARDS_A_GAME = st.sampled_from([
    ("message", "join_room", [1, 1, 2, 0], False),
    ("message", "join_room", [1, 1, 1, 0], False),
    ("message", "create_room", [1, 1, 0, 0, 2, 2, 1, 1, 1, 0], False),
    ("message", "create_room", [1, 1, 0, 0, 4, 3, 2, 2, 2, 0], False),
    ("message", "start", [], False),
    ("message", "add_bot", [1], False),
    ("message", "sync", [], False),
])
CHANGED = st.none() | st.tuples(st.sampled_from(["card", "color", "target", "uno", "kind", "seat"]),
                                st.sampled_from([v for k in ("card", "color", "target", "kind")
                                                 for v in POOL[k]]))
LEGAL = st.tuples(st.just("legal"), st.integers(0, 30), CHANGED)
RAW = st.tuples(st.just("raw"), st.binary(max_size=40))
PAUSE = st.tuples(st.just("pause"), st.sampled_from([0.05, 1.0, 6.0, 20.0]))
STALL = st.tuples(st.just("stall"), st.sampled_from([0.5, 5.0]))
STEP = st.one_of(MESSAGE, TOWARDS_A_GAME, LEGAL, LEGAL, LEGAL, RAW, PAUSE, STALL)


@FUZZ
@given(st.lists(STEP, max_size=40), st.booleans())
def test_scripts_of_messages(script: list[tuple[Any, ...]], hello_first: bool) -> None:
    serve_script(script, hello_first)


def test_a_plain_script_plays() -> None:
    """The harness itself: a client that joins, watches and plays legal moves changes nothing."""
    serve_script([("message", "create_room", [1, 1, 0, 0, 2, 2, 1, 1, 1, 0], False),
                  ("message", "start", [], False), *[("legal", 0, None)] * 30])
