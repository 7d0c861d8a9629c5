"""docs/PROTOCOL.md cannot fall out of date: every message, field, record, state, transition,
error code, event, view field, action kind and rule option is checked against the code, every
number the document states (versions, limits, timeouts) is the code's, and the example session
is recorded again from a real server (tests/protocol/example_session.py) and compared byte for
byte.

Run this file (``python tests/protocol/test_protocol_docs.py``) to print the example session's
blocks, to paste into the document after a deliberate change.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest
from example_session import example_session
from kit.markdown import section, table_row

import protocol
from engine import PRESETS, RuleSet, View
from engine import errors as engine_errors
from protocol import (
    ACTION_KINDS,
    CLIENT_SENDS,
    CODES,
    PROTOCOL_VERSION,
    SERVER_SENDS,
    TRANSITIONS,
    Connection,
    Message,
    Role,
    Sender,
    State,
    codec,
)
from protocol.messages import Struct
from server.errors import SERVER_CODES

DOC = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"
RECORDS: tuple[type[Struct], ...] = (protocol.RoomSummary, protocol.SeatInfo, protocol.ChatLine,
                                     protocol.RoomInfo)
DIRECTION = {Sender.CLIENT: "client → server", Sender.SERVER: "server → client",
             Sender.BOTH: "both ways"}


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def backticked(cell: str) -> set[str]:
    return set(re.findall(r"`([^`]+)`", cell))


def wire_literal(value: Any) -> str:
    """A default value as the document writes it."""
    if value is None:
        return "`nil`"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, str):
        return f'`"{value}"`'
    if isinstance(value, dict):
        return "`{}`" if not value else f"`{json.dumps(value)}`"
    if value == ():
        return "`[]`"  # an empty array on the wire
    return f"`{value!r}`"


def field_rows(cls: type[Struct]) -> list[tuple[str, str, str]]:
    """(name, type, default) of each field, as the tables of the document show them."""
    rows = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            default = wire_literal(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            default = wire_literal(f.default_factory())
        else:
            default = "required"
        rows.append((f.name, f.metadata["spec"].doc, default))
    return rows


def all_messages() -> list[tuple[str, type[Message]]]:
    out = []
    for sender in (Sender.CLIENT, Sender.SERVER):
        for name, cls in protocol.message_types(sender).items():
            if (name, cls) not in out:
                out.append((name, cls))
    return out


def message_heading(name: str, cls: type[Message]) -> str:
    return f"#### `{name}` ({DIRECTION[cls.SENDER]})"


# ---------------------------------------------------------------------------- the document


def test_every_message_and_field_is_documented(doc: str) -> None:
    for name, cls in all_messages():
        text = section(doc, message_heading(name, cls))
        rows = field_rows(cls)
        if not rows:
            assert "No fields." in text, name
        for field, type_doc, default in rows:
            cells = table_row(text, field)
            assert cells[1:3] == [type_doc, default], (name, field, cells)


def test_every_record_and_field_is_documented(doc: str) -> None:
    for cls in RECORDS:
        text = section(doc, f"#### `{cls.__name__}` (record)")
        for field, type_doc, default in field_rows(cls):
            assert table_row(text, field)[1:3] == [type_doc, default], (cls.__name__, field)


def test_the_state_table_is_the_code(doc: str) -> None:
    text = section(doc, "### States")
    for state in State:
        cells = table_row(text, state.value)
        assert backticked(cells[1]) == set(CLIENT_SENDS[state]), state
        assert backticked(cells[2]) == set(SERVER_SENDS[state]), state


def test_the_transition_table_is_the_code(doc: str) -> None:
    text = section(doc, "### Transitions")
    rows = re.findall(r"^\| `(\w+)` \| `([\w:]+)` \| `(\w+)` \|", text, flags=re.M)
    documented = {(State(a), msg): State(b) for a, msg, b in rows}
    assert documented == TRANSITIONS


def _engine_codes() -> dict[str, str]:
    out = {engine_errors.RuleError.code: engine_errors.RuleError.__doc__ or ""}
    for cls in vars(engine_errors).values():
        if isinstance(cls, type) and issubclass(cls, engine_errors.RuleError):
            out[cls.code] = cls.__doc__ or ""
    return out


def test_every_error_code_is_documented(doc: str) -> None:
    text = section(doc, "### Protocol errors")
    fatal = {"bad_encoding", "too_large", "version_mismatch"}
    for code in CODES:
        cells = table_row(text, code)
        assert cells[1] == ("yes" if code in fatal else "no"), code
    rules = section(doc, "### Rule errors")
    codes = _engine_codes()
    assert len(codes) > 15
    for code in codes:
        table_row(rules, code)
    server = section(doc, "### Server errors")
    for code in SERVER_CODES:
        table_row(server, code)


def test_every_event_and_its_fields_are_documented(doc: str) -> None:
    text = section(doc, "## Events")
    for name, cls in codec.EVENT_TYPES.items():
        cells = table_row(text, name)
        assert backticked(cells[1]) == {f.name for f in dataclasses.fields(cls)}, name


def test_every_view_field_is_documented(doc: str) -> None:
    text = section(doc, "## The view")
    for f in dataclasses.fields(View):
        table_row(text, f.name)


def test_every_action_kind_is_documented(doc: str) -> None:
    text = section(doc, "## Actions")
    assert set(ACTION_KINDS) == set(codec._USED_FIELDS)
    for kind in ACTION_KINDS:
        cells = table_row(text, kind)
        assert backticked(cells[1]) == set(codec._USED_FIELDS[kind]), kind


def test_every_rule_option_and_preset_is_documented(doc: str) -> None:
    text = section(doc, "## Rule options")
    assert set(PRESETS) == set(protocol.PRESET_NAMES) == {"official", "house"}
    for f in dataclasses.fields(RuleSet):
        cells = table_row(text, f.name)
        for column, preset in ((2, "official"), (3, "house")):
            value = PRESETS[preset].to_dict()[f.name]
            assert cells[column] == wire_literal(value), (f.name, preset)


def _number(value: float) -> str:
    return f"{value:g}"


def stated_numbers() -> list[tuple[str, str]]:
    """(heading, phrase) for every number the document states, made from the code's values."""
    from protocol.fields import MAX_COMBINING
    from server.config import ServerConfig

    v, c = PROTOCOL_VERSION, ServerConfig()
    other = Connection(Role.SERVER)
    other.receive_data(msgpack.packb({"type": "hello", "version": v - 1, "name": "a"}))
    with pytest.raises(protocol.ProtocolError) as mismatch:
        other.next_event()
    turn = next(f.default for f in dataclasses.fields(protocol.CreateRoom)
                if f.name == "turn_timeout")
    assert c.chat_rate == 1  # ("about one line a second")
    return [
        ("## Versions", f"describes protocol version `{v}`"),
        ("## Versions", f'("{mismatch.value.message}")'),
        ("#### `hello` (client → server)", f"the protocol version the client speaks: `{v}`"),
        ("#### `hello` (client → server)", f"hello within {_number(c.handshake_timeout)} seconds"),
        ("#### `welcome` (server → client)", f"the protocol version: `{v}`"),
        ("## A minimal client", f"Send `hello` with version {v} and a name"),
        ("## Limits", f"more than {MAX_COMBINING} combining marks in a row"),
        ("#### `chat` (client → server)", f"one line a second (bursts of {c.chat_burst})"),
        ("## Timeouts", f"within {_number(c.handshake_timeout)} seconds of connecting"),
        ("## Timeouts", f"silent for {_number(c.ping_interval)} seconds, and drops one silent for "
                        f"{_number(c.heartbeat_timeout)} seconds"),
        ("## Timeouts", f"({_number(turn)} by default, set per room"),
        ("## Timeouts", f"After {c.away_after} timeouts in a row"),
        ("## Timeouts", f"times out after {_number(c.disconnected_turn_timeout)} seconds"),
        ("## Timeouts", f"clock it waits at most {_number(c.dropped_turn_cap)} seconds"),
        ("#### `rematch` (client → server)", f"the others have {_number(c.rematch_wait)} seconds to answer"),
        ("## Timeouts", f"waits {_number(c.next_hand_delay)} seconds before dealing"),
        ("## Timeouts", f"({c.outgoing_queue} messages waiting)"),
        ("## Timeouts", f"more than {_number(c.message_rate)} messages a second on average "
                        f"(bursts of {c.message_burst})"),
        ("## Resuming", f"{_number(c.abandoned_room_grace)} seconds with no match on"),
        ("## Resuming", f"{_number(c.abandoned_match_grace / 60)} minutes during a match"),
        ("## Resuming", f"or {_number(c.restore_grace)} seconds have passed"),
        ("### Server errors", f"({c.max_rooms_per_address} by default"),
    ]


@pytest.mark.parametrize(("heading", "phrase"), stated_numbers())
def test_every_number_stated_is_the_code(doc: str, heading: str, phrase: str) -> None:
    text = " ".join(section(doc, heading).split())
    assert phrase in text, f"{heading}: expected {phrase!r}"


def test_the_limits_are_the_code(doc: str) -> None:
    text = section(doc, "## Limits")
    for number in (protocol.MAX_MESSAGE_BYTES, protocol.MAX_NAME, protocol.MAX_CHAT):
        assert str(number) in text
    assert f"`{protocol.PROTOCOL_VERSION}`" in section(doc, "## Versions")


# ---------------------------------------------------------------------------- the example


def pretty(value: Any, indent: int = 0, width: int = 100) -> str:
    """JSON, one key per line where a value is too long for one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(value, dict | list) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {pretty(v, indent + 2, width)}"
                 for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + pretty(v, indent + 2, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def hex_lines(data: bytes) -> str:
    return "\n".join(data[i:i + 16].hex(" ") for i in range(0, len(data), 16))


def render_blocks(session: list[tuple[str, bytes]]) -> str:
    out = []
    for direction, data in session:
        decoded = msgpack.unpackb(data)
        out.append(f"{direction}: `{decoded['type']}`, {len(data)} bytes\n\n"
                   f"```json\n{pretty(decoded)}\n```\n\n```hex\n{hex_lines(data)}\n```\n")
    return "\n".join(out)


@pytest.fixture(scope="module")
def session() -> list[tuple[str, bytes]]:
    return example_session()


def test_the_example_session_is_what_the_code_sends(doc: str,
                                                    session: list[tuple[str, bytes]]) -> None:
    text = doc[doc.index("## Example session"):]
    text = text[:text.find("\n## ", 1)] if "\n## " in text[1:] else text
    blocks = re.findall(r"```(json|hex)\n(.*?)```", text, flags=re.S)
    pairs = [(blocks[i][1], blocks[i + 1][1]) for i in range(0, len(blocks), 2)]
    assert [b[0] for b in blocks] == ["json", "hex"] * len(session), "regenerate the example"
    for (json_text, hex_text), (_, data) in zip(pairs, session, strict=True):
        assert bytes.fromhex(hex_text) == data, "regenerate: python tests/protocol/test_protocol_docs.py"
        assert json.loads(json_text) == msgpack.unpackb(data)


def test_the_byte_by_byte_hello_adds_up(doc: str, session: list[tuple[str, bytes]]) -> None:
    text = section(doc, "### Reading the first message byte by byte")
    cells = re.findall(r"^\| `([0-9a-f ]+)` \|", text, flags=re.M)
    assert bytes.fromhex("".join(cells)) == session[0][1]


if __name__ == "__main__":
    sys.stdout.write(render_blocks(example_session()))


def test_what_a_client_writer_needs_to_know_about_legal_and_drawing() -> None:
    """"Things a client writer needs to know": a wild once per colour, a next-to-last card with
    and without UNO, an unplayable drawn card passed at once (official rules), and the state
    after a hand ends."""
    import random

    from engine import Game
    from engine.actions import Draw, PlayCard
    from engine.bots import choose_action

    checked = {"wild": 0, "uno": 0, "passed": 0}
    for seed in range(6):
        game = Game(["1", "2", "3"], RuleSet.preset("official"), random.Random(seed))
        rng = random.Random(seed)
        while game.hand_outcome() is None:
            seat = game.current
            legal = list(game.legal_actions(seat))
            plays = [a for a in legal if isinstance(a, PlayCard)]
            size = len(game.hand(seat))
            for card in {a.card for a in plays}:
                variants = [a for a in plays if a.card == card]
                colours = 4 if card.is_wild else 1
                assert len(variants) == colours * (2 if size == 2 else 1), (card, variants)
                assert {a.uno for a in variants} == ({False, True} if size == 2 else {False})
                checked["wild"] += card.is_wild
                checked["uno"] += size == 2
            plain_draw = Draw(seat) in legal and not game.view(seat).pending_draw
            action = (Draw(seat) if plain_draw and rng.random() < 0.3
                      else choose_action("normal", game.view(seat), rng))
            assert action is not None
            events = game.apply(action)
            if plain_draw and isinstance(action, Draw) and not game.view(seat).has_drawn:
                names = [codec.event_to_wire(e)["type"] for e in events]
                assert names[-3:] == ["drew", "passed", "turn_started"], names
                checked["passed"] += 1
        result = game.hand_outcome()
        assert result is not None and game.current == result.winner
        assert all(not game.legal_actions(s) for s in game.seats)
    assert all(checked[k] for k in ("wild", "uno", "passed")), checked
