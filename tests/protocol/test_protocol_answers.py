"""What the protocol layer answers: every refusal names the refused message's type (``ref``),
cards are read in capitals only, and a header announcing more than a message may hold is refused
as soon as the header is in."""

from __future__ import annotations

import random
import unicodedata
from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import (
    MAX_MESSAGE_BYTES,
    NEED_DATA,
    PROTOCOL_VERSION,
    Act,
    Connection,
    ProtocolError,
    Role,
    Say,
    State,
    clean_text,
    codec,
    is_clean_text,
)
from protocol.headers import HeaderWalk


def lobby_server() -> Connection:
    """A server-side connection whose client said hello and was welcomed."""
    from protocol import Welcome

    conn = Connection(Role.SERVER)
    conn.receive_data(msgpack.packb({"type": "hello", "version": PROTOCOL_VERSION, "name": "a"}))
    conn.next_event()
    conn.send(Welcome(server="s", version="1", protocol=PROTOCOL_VERSION, token="t", name="a"))
    assert conn.state is State.LOBBY
    return conn


def refusal(conn: Connection, wire: Any) -> ProtocolError:
    conn.receive_data(msgpack.packb(wire))
    with pytest.raises(ProtocolError) as info:
        conn.next_event()
    return info.value


# ---------------------------------------------------------------------------- ref


@pytest.mark.parametrize(("wire", "code", "ref"), [
    ({"type": "create_room", "name": "x", "colour": "red"}, "extra_field", "create_room"),
    ({"type": "create_room", "name": 5}, "bad_field", "create_room"),
    ({"type": "create_room"}, "missing_field", "create_room"),
    ({"type": "teleport"}, "unknown_type", "teleport"),
    ({"type": "welcome"}, "unknown_type", "welcome"),
    ({"type": "action", "kind": "draw"}, "not_allowed_now", "action"),
    ({"type": "action", "kind": "teleport"}, "bad_field", "action"),
    ({"type": "hello", "version": PROTOCOL_VERSION, "name": "again"}, "not_allowed_now", "hello"),
    ({"type": "ping", "nonce": -1}, "bad_field", "ping"),
    ({"type": "x" * 33}, "unknown_type", None),  # too long to name back
    ({"type": "\x1b[2J"}, "unknown_type", None),  # not shown to anybody
    ({"type": 7}, "missing_field", None),
    ([1, 2], "not_a_map", None),
])
def test_every_refusal_names_the_refused_type_when_known(wire: Any, code: str,
                                                         ref: str | None) -> None:
    conn = lobby_server()
    exc = refusal(conn, wire)
    assert (exc.code, exc.ref, exc.fatal) == (code, ref, False)
    error = conn.error_for(exc)
    assert (error.code, error.ref) == (code, ref)
    assert conn.error_for(exc, "other").ref == "other"  # the caller's ref wins
    conn.receive_data(msgpack.packb({"type": "ping", "nonce": 1}))
    assert conn.next_event() is not NEED_DATA  # the session goes on


def test_a_refused_hello_names_hello() -> None:
    conn = Connection(Role.SERVER)
    exc = refusal(conn, {"type": "hello", "version": PROTOCOL_VERSION, "name": "bad\x1b"})
    assert (exc.code, exc.ref) == ("bad_field", "hello")
    conn = Connection(Role.SERVER)
    exc = refusal(conn, {"type": "hello", "version": PROTOCOL_VERSION + 1, "name": "a"})
    assert (exc.code, exc.ref, exc.fatal) == ("version_mismatch", "hello", True)
    assert conn.error_for(exc).ref == "hello"


def test_undecodable_bytes_have_no_ref() -> None:
    conn = lobby_server()
    conn.receive_data(b"\xc1")
    with pytest.raises(ProtocolError) as info:
        conn.next_event()
    assert (info.value.code, info.value.ref, info.value.fatal) == ("bad_encoding", None, True)


# ---------------------------------------------------------------------------- cards


def test_cards_are_read_in_capitals_only_as_colours_are() -> None:
    for card in ("R1", "W+4", "B+2", "YS", "W"):
        assert str(codec.card_from_wire(card)) == card
    for text in ("r1", "w+4", "b+2", "ys", "w", " R1", "R1 ", "Yr"):
        with pytest.raises(ProtocolError) as info:
            codec.card_from_wire(text)
        assert info.value.code == "bad_field", text
    with pytest.raises(ProtocolError):
        codec.action_from_act(Act(kind="play", card="r1"), "1")
    with pytest.raises(ProtocolError):  # (the colour: as before)
        Act(kind="play", card="W", color="r")


# ---------------------------------------------------------------------------- headers


HUGE_HEADERS = {
    "str32": b"\xdb\xff\xff\xff\xff",
    "bin32": b"\xc6\xff\xff\xff\xff",
    "ext32": b"\xc9\x00\x01\x00\x00\x01",
    "str16 in a map": b"\x81\xa4type\xda\xff\xff",
    "str32 just over": b"\x81\xa4text\xdb" + (MAX_MESSAGE_BYTES - 10).to_bytes(4, "big"),
    "array16 of 65535": b"\xdc\xff\xff",
    "map16 of 32768": b"\xde\x80\x00",
}


@pytest.mark.parametrize("name", list(HUGE_HEADERS))
def test_a_header_announcing_more_than_a_message_is_refused_at_once(name: str) -> None:
    conn = lobby_server()
    conn.receive_data(HUGE_HEADERS[name])  # nothing else comes
    with pytest.raises(ProtocolError) as info:
        conn.next_event()
    assert (info.value.code, info.value.fatal) == ("too_large", True)
    with pytest.raises(ProtocolError):  # and again: the stream is done
        conn.next_event()


def test_a_huge_header_after_whole_messages_and_split_over_reads() -> None:
    conn = lobby_server()
    ping = msgpack.packb({"type": "ping", "nonce": 3})
    data = ping + b"\x82\xa4type\xa4chat\xa4text\xdb\x7f\xff\xff\xff"
    conn.receive_data(data[:-1])
    assert conn.next_event() is not NEED_DATA  # the ping
    assert conn.next_event() is NEED_DATA  # the header is not all in yet
    conn.receive_data(data[-1:] + b"\xff")
    with pytest.raises(ProtocolError) as info:
        conn.next_event()
    assert info.value.code == "too_large"


def test_a_message_that_fits_arrives_however_it_is_cut() -> None:
    data = msgpack.packb({"type": "chat", "text": "é" * 150})
    for cut in range(1, len(data)):
        conn = lobby_server()
        conn.receive_data(data[:cut])
        assert conn.next_event() is NEED_DATA
        conn.receive_data(data[cut:])
        message = conn.next_event()
        assert getattr(message, "text", None) == "é" * 150


def test_a_header_announcing_just_what_fits_waits_for_the_body() -> None:
    head = b"\x81\xa4text\xdb"  # a map of one entry, its key, then a str32 header
    fits = MAX_MESSAGE_BYTES - len(head) - 4
    for length, refused in ((fits, False), (fits + 1, True)):
        conn = lobby_server()
        conn.receive_data(head + length.to_bytes(4, "big") + b"x" * 100)
        if refused:
            with pytest.raises(ProtocolError):
                conn.next_event()
        else:
            assert conn.next_event() is NEED_DATA


def nested_values() -> st.SearchStrategy[Any]:
    leaves = (st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats()
              | st.text(max_size=300) | st.binary(max_size=300))
    return st.recursive(leaves, lambda inner: st.lists(inner, max_size=20)
                        | st.dictionaries(st.text(max_size=8), inner, max_size=8), max_leaves=60)


@settings(max_examples=200, deadline=None)
@given(value=nested_values(), seed=st.integers(0, 2**32))
def test_the_walk_never_refuses_a_value_that_fits(value: Any, seed: int) -> None:
    data = msgpack.packb(value, use_bin_type=True)
    walk = HeaderWalk(len(data))  # a limit the value just fits in
    rng = random.Random(seed)
    i = 0
    while i < len(data):
        step = rng.randint(1, 40)
        walk.feed(data[i:i + step])
        i += step


# ---------------------------------------------------------------------------- shown text


INVISIBLE = [
    "a\u200bb", "a\u200cb", "a\u200db", "\u2060word",  # zero-width space, non-joiner, joiner, WJ
    "x\u2028y", "x\u2029y",  # line and paragraph separators
    "tag\U000e0041\U000e007f",  # tag characters
    "\ufeffbom", "soft\u00adhyphen",  # other format characters
    "\u3164", "ann\u3164", "\u115f\u1160", "\uffa0", "\u2800",  # fillers and the blank pattern
    " ", "   ", "\u3000",  # nothing but spaces
    "a" + "\u0301" * 150, "e" + "\u0300\u0301\u0302\u0303\u0304\u0305",  # piled marks
    "\u0301abc",  # a mark with nothing under it
]
SHOWN_WELL = ["Zoë", "Ñandú", "नमस्ते", "น้ำ", "日本語", "ベン", "Ελένη", "a b", "🙂", "ệ"]


def hello(name: str) -> dict[str, Any]:
    return {"type": "hello", "version": PROTOCOL_VERSION, "name": name}


@pytest.mark.parametrize("text", INVISIBLE)
def test_invisible_and_layout_characters_are_refused_in_names_rooms_and_chat(text: str) -> None:
    exc = refusal(Connection(Role.SERVER), hello(text[:24]))
    assert (exc.code, exc.ref) == ("bad_field", "hello"), text
    for wire in ({"type": "create_room", "name": text[:32]}, {"type": "chat", "text": text}):
        exc = refusal(lobby_server(), wire)
        assert exc.code == "bad_field", wire
    cleaned = clean_text(text)
    assert is_clean_text(cleaned) and len(cleaned) <= len(text)


@pytest.mark.parametrize("text", SHOWN_WELL)
def test_names_in_any_script_are_kept(text: str) -> None:
    conn = Connection(Role.SERVER)
    conn.receive_data(msgpack.packb(hello(text)))
    message = conn.next_event()
    assert getattr(message, "name", None) == unicodedata.normalize("NFC", text)
    assert clean_text(text) == unicodedata.normalize("NFC", text)


def test_names_are_normalised_to_nfc_before_they_are_measured() -> None:
    conn = Connection(Role.SERVER)
    decomposed = "e\u0301" * 24  # 48 code points; 24 characters in NFC
    conn.receive_data(msgpack.packb(hello(decomposed)))
    message = conn.next_event()
    assert getattr(message, "name", None) == "\u00e9" * 24
    assert Say(text="Zoe\u0308").text == "Zoë"
    assert clean_text("Zoe\u0308") == "Zoë"
