"""A deal for the UNO call's grace (issue 13): ann, first to play in a two-seat game, goes down
to one card without saying UNO in six plays (five skips, each bringing the turn back to her,
then the G3), and it is the other seat's turn; with ``LAST_SKIP`` her last play is a skip too,
and the turn stays hers (the other seat is off its turn)."""

from __future__ import annotations

import random
from collections.abc import Callable

import trio

from kit.client import Client
from kit.deck import rigged_deal
from protocol import Act, Events

ANN = "RS RS YS YS GS G3 G4"
LAST_SKIP = "RS RS YS YS G4 GS GS"
OTHER = "R1 R2 B7 B8 Y1 Y2 G1"
PLAYS = {ANN: ("RS", "RS", "YS", "YS", "GS", "G3"), LAST_SKIP: ("RS", "RS", "YS", "YS", "GS", "GS")}
TURNED = "R9"


def deal(ann: str = ANN) -> Callable[[str], random.Random]:
    """A rigged deal: ann's hand and the other seat's, in seat order (the room's maker sits
    first, before the bots made with the room); ann plays first."""
    return rigged_deal([ann, OTHER], TURNED, dealer=1)


async def down_to_one(ann: Client, hand: str = ANN) -> float:
    """ann plays her way down to one card without saying UNO; when her last card fell."""
    for card in PLAYS[hand]:
        if not ann.is_my_turn(ann.view):
            await ann.my_turn()
        await ann.send(Act(kind="play", card=card))
        await ann.expect(Events, lambda m, card=card: any(  # type: ignore[misc]
            e["type"] == "card_played" and e["card"] == card for e in m.events))
    return trio.current_time()


def caught(message: object) -> bool:
    """An ``events`` message with a catch in it."""
    return isinstance(message, Events) and any(e["type"] == "caught" for e in message.events)
