"""docs/PROTOCOL.md cannot fall out of date: every message, field, record, state, transition,
error code, event, view field, action kind and rule option is checked against the code, and the
example session's bytes are made again and compared.

Run this file (``python tests/protocol/test_protocol_docs.py``) to print the example session's
blocks, to paste into the document after a deliberate change.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import msgpack
import pytest

import protocol
from engine import PRESETS, Game, RuleSet, View
from engine import errors as engine_errors
from engine.actions import PlayCard
from protocol import (
    ACTION_KINDS,
    CLIENT_SENDS,
    CODES,
    NEED_DATA,
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


def section(doc: str, heading: str) -> str:
    """The text under the heading line ``heading`` up to the next heading of any level."""
    lines = doc.splitlines()
    matches = [i for i, line in enumerate(lines) if line.strip() == heading]
    assert len(matches) == 1, f"expected one heading {heading!r}, found {len(matches)}"
    out = []
    for line in lines[matches[0] + 1:]:
        if line.startswith("#"):
            break
        out.append(line)
    return "\n".join(out)


def table_row(text: str, key: str) -> list[str]:
    """The cells of the table row whose first cell is ``key`` (in backticks)."""
    rows = [line for line in text.splitlines() if line.startswith(f"| `{key}` |")]
    assert len(rows) == 1, f"expected one row for {key!r}, found {len(rows)}"
    return [cell.strip() for cell in rows[0].strip().strip("|").split("|")]


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


def test_the_limits_are_the_code(doc: str) -> None:
    text = section(doc, "## Limits")
    for number in (protocol.MAX_MESSAGE_BYTES, protocol.MAX_NAME, protocol.MAX_CHAT):
        assert str(number) in text
    assert f"`{protocol.PROTOCOL_VERSION}`" in section(doc, "## Versions")


# ---------------------------------------------------------------------------- the example


def example_game() -> tuple[Game, dict[str, Any], list[Any], PlayCard]:
    """Seat 1 is a bot, seat 2 is Zoë. The bot plays, then Zoë tries a card that does not match."""
    game = Game(["1", "2"], RuleSet.preset("official"), random.Random(1), dealer="2")
    assert game.current == "1"
    first_view = codec.view_to_wire(game.view("2"))
    legal = [a for a in game.legal_actions("1") if isinstance(a, PlayCard) and not a.uno]
    played = next(a for a in legal if a.card.rank.is_number)
    events = game.apply(played)
    bad = next(c for c in game.hand("2")
               if c.color is not None and c.color != game.color and c.rank != game.top.rank)
    return game, first_view, events, PlayCard("2", bad)


def example_session() -> list[tuple[str, bytes]]:
    """The example session: (direction, bytes) of each message shown, made by the real code."""
    client, server = Connection(Role.CLIENT), Connection(Role.SERVER)
    shown: list[tuple[str, bytes]] = []

    def deliver(data: bytes, to: Connection) -> None:
        to.receive_data(data)
        event = to.next_event()
        assert isinstance(event, Message)
        assert to.next_event() is NEED_DATA

    def c2s(message: Message) -> None:
        data = client.send(message)
        deliver(data, server)
        shown.append(("client → server", data))

    def s2c(message: Message, show: bool = True) -> None:
        data = server.send(message)
        deliver(data, client)
        if show:
            shown.append(("server → client", data))

    game, first_view, events, bad_play = example_game()
    room = protocol.RoomInfo(
        id="2", name="Zoë's room", host="Zoë", host_seat="2", max_seats=2,
        seats=(protocol.SeatInfo(seat="1", name="Bot 1", kind="bot", level="normal"),
               protocol.SeatInfo(seat="2", name="Zoë", kind="human")),
        spectators=0, preset="official", rules=RuleSet.preset("official").to_dict(),
        turn_timeout=30.0, bot_delay=1.0, password=False, started=False)

    c2s(protocol.Hello(version=2, name="Zoë", lang="en"))
    s2c(protocol.Welcome(server="UNO server", version="0.1.0", protocol=2,
                         token="9f86d081884c7d65.5e884898da28047151d0e56f8dc62927", name="Zoë",
                         server_id="4b227777d4dd1fc61c6f884f48641d02"))
    c2s(protocol.ListRooms())
    s2c(protocol.Rooms(rooms=(protocol.RoomSummary(
        id="1", name="Bob's table", host="Bob", players=1, seats=4, bots=2, spectators=0,
        preset="house", started=False, password=False),)))
    c2s(protocol.CreateRoom(name="Zoë's room", seats=2, bots=1))
    s2c(protocol.Joined(room=room, role="player", seat="2"))
    s2c(protocol.RoomUpdate(room=room), show=False)  # seq 4
    c2s(protocol.Start())
    s2c(protocol.RoomUpdate(room=dataclasses.replace(room, started=True)), show=False)  # seq 5
    s2c(protocol.ViewMsg(view=first_view, deadline=None), show=False)  # seq 6: the bot's turn
    s2c(protocol.Events(events=tuple(codec.event_to_wire(e.for_seat("2")) for e in events),
                        current=game.current, deadline=30.0,
                        view=codec.view_to_wire(game.view("2"))))
    c2s(codec.action_to_act(bad_play))
    try:
        game.apply(bad_play)
    except engine_errors.RuleError as exc:
        s2c(protocol.Error(code=exc.code, message=str(exc), ref="action"))
    else:  # pragma: no cover - the example game is fixed
        raise AssertionError("the example play should be refused")
    s2c(protocol.Ping(nonce=1))
    c2s(protocol.Pong(nonce=1))
    return shown


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


def test_the_example_session_is_what_the_code_sends(doc: str) -> None:
    text = doc[doc.index("## Example session"):]
    text = text[:text.find("\n## ", 1)] if "\n## " in text[1:] else text
    blocks = re.findall(r"```(json|hex)\n(.*?)```", text, flags=re.S)
    session = example_session()
    pairs = [(blocks[i][1], blocks[i + 1][1]) for i in range(0, len(blocks), 2)]
    assert [b[0] for b in blocks] == ["json", "hex"] * len(session), "regenerate the example"
    for (json_text, hex_text), (_, data) in zip(pairs, session, strict=True):
        assert bytes.fromhex(hex_text) == data, "regenerate: python tests/protocol/test_protocol_docs.py"
        assert json.loads(json_text) == msgpack.unpackb(data)


def test_the_byte_by_byte_hello_adds_up(doc: str) -> None:
    text = section(doc, "### Reading the first message byte by byte")
    cells = re.findall(r"^\| `([0-9a-f ]+)` \|", text, flags=re.M)
    assert bytes.fromhex("".join(cells)) == example_session()[0][1]


if __name__ == "__main__":
    sys.stdout.write(render_blocks(example_session()))
