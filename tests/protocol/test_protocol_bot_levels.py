"""The per-seat bot level: ``set_bot_level`` and the levels every message offers."""

from __future__ import annotations

from typing import Any

import pytest

import protocol
from protocol import BOT_LEVELS, CLIENT_SENDS, SetBotLevel, State
from protocol.errors import BAD_FIELD, EXTRA_FIELD, MISSING_FIELD
from protocol.messages import Sender


@pytest.mark.parametrize("level", BOT_LEVELS)
def test_every_level_is_a_valid_set_bot_level(level: str) -> None:
    wire = {"type": "set_bot_level", "seat": "3", "level": level}
    message = protocol.decode_message(wire, Sender.CLIENT)
    assert message == SetBotLevel(seat="3", level=level)
    assert {"type": message.TYPE, **message.to_wire()} == wire


@pytest.mark.parametrize(("wire", "code"), [
    ({"seat": "3", "level": "godlike"}, BAD_FIELD),  # a level the protocol does not know
    ({"seat": "3", "level": "EASY"}, BAD_FIELD),
    ({"seat": "3", "level": 2}, BAD_FIELD),
    ({"seat": "", "level": "easy"}, BAD_FIELD),
    ({"seat": "x" * 17, "level": "easy"}, BAD_FIELD),
    ({"seat": 3, "level": "easy"}, BAD_FIELD),
    ({"level": "easy"}, MISSING_FIELD),
    ({"seat": "3"}, MISSING_FIELD),  # the level has no default: say which
    ({"seat": "3", "level": "easy", "all": True}, EXTRA_FIELD),
])
def test_a_bad_set_bot_level_is_refused(wire: dict[str, Any], code: str) -> None:
    with pytest.raises(protocol.ProtocolError) as info:
        protocol.decode_message({"type": "set_bot_level", **wire}, Sender.CLIENT)
    assert info.value.code == code


def test_only_a_player_may_set_a_bot_level() -> None:
    assert [state for state, names in CLIENT_SENDS.items() if "set_bot_level" in names] == [State.PLAYER]


@pytest.mark.parametrize("message", ["add_bot", "create_room"])
def test_every_level_is_offered_where_bots_are_added(message: str) -> None:
    field = "level" if message == "add_bot" else "bot_level"
    base = {"name": "t"} if message == "create_room" else {}
    for level in BOT_LEVELS:
        decoded = protocol.decode_message({"type": message, **base, field: level}, Sender.CLIENT)
        assert getattr(decoded, field) == level
