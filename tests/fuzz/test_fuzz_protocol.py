"""Fuzzing the protocol decoder (the server's side of ``Connection``): random bytes, random msgpack
values, and real messages cut and corrupted, in reads of random sizes. Only ``ProtocolError``
may come out, a fatal one sticks, and every call returns.

A few dozen examples in the normal test run; ``make fuzz`` sets FUZZ_EXAMPLES much higher (and
runs the atheris target too, see atheris_targets.py)."""

from __future__ import annotations

import dataclasses
from typing import Any

import msgpack
from fuzzkit import EXAMPLES, POOL, build_message, decode_stream
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from protocol.messages import Sender, message_types

FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))

SCALARS = (st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1)
           | st.floats(allow_nan=True) | st.text(max_size=40) | st.binary(max_size=20))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=6)
                      | st.dictionaries(st.text(max_size=10) | st.integers(-99, 99), inner, max_size=6),
                      max_leaves=20)
MESSAGES = st.builds(build_message, st.sampled_from(sorted(message_types(Sender.CLIENT))),
                     st.lists(st.integers(0, 12), max_size=10), st.booleans())


def cut(data: bytes, cuts: list[int]) -> list[bytes]:
    """``data`` in pieces, cut at ``cuts``."""
    points = sorted({c % (len(data) + 1) for c in cuts})
    return [data[a:b] for a, b in zip([0, *points], [*points, len(data)], strict=True)]


@FUZZ
@given(st.binary(max_size=2000), st.lists(st.integers(0, 10_000), max_size=20))
def test_random_bytes(data: bytes, cuts: list[int]) -> None:
    decode_stream(cut(data, cuts))


@FUZZ
@given(st.lists(VALUES | MESSAGES, max_size=10), st.lists(st.integers(0, 10_000), max_size=20))
def test_random_values_and_messages(values: list[Any], cuts: list[int]) -> None:
    data = b"".join(msgpack.packb(v, use_bin_type=True) for v in values)
    decode_stream(cut(data, cuts))


@FUZZ
@given(st.lists(MESSAGES, min_size=1, max_size=8), st.data())
def test_corrupted_messages(messages: list[dict[str, Any]], data: st.DataObject) -> None:
    stream = bytearray(b"".join(msgpack.packb(m) for m in messages))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(stream) - 1))
        action = data.draw(st.sampled_from(["flip", "drop", "insert"]))
        if action == "flip":
            stream[at] = data.draw(st.integers(0, 255))
        elif action == "drop":
            del stream[at]
        else:
            stream[at:at] = data.draw(st.binary(min_size=1, max_size=9))
        if not stream:
            break
    decode_stream(cut(bytes(stream), data.draw(st.lists(st.integers(0, 10_000), max_size=10))))


def test_the_pool_covers_every_field() -> None:
    fields = {f.name for cls in message_types(Sender.CLIENT).values() for f in dataclasses.fields(cls)}
    assert fields <= set(POOL), fields - set(POOL)
