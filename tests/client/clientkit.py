"""Helpers of the client tests: models seated at a table with a chosen view, and keys typed into
the real prompt-toolkit application (``create_pipe_input`` + ``DummyOutput``)."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import random
from collections.abc import Callable, Iterable
from typing import Any

import trio
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.vt100 import Vt100_Output

from client.enums import Status
from client.i18n import set_language
from client.model import Model
from client.screenapp import build_application
from engine import Game, RuleSet, View
from engine.actions import Action, PlayCard
from engine.cards import Card, Color
from protocol import Joined, Message, RoomInfo, SeatInfo, Welcome, codec
from protocol.messages import ViewMsg

SEATS = ("1", "2", "3", "4")
ME = "4"
NAMES = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Ana"}
COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)

ENTER, ESC, LEFT, RIGHT, UP, DOWN, BACKSPACE = "\r", "\x1b", "\x1b[D", "\x1b[C", "\x1b[A", "\x1b[B", "\x7f"


def room_info(started: bool = True, host_seat: str = ME, seats: dict[str, str] | None = None,
              **changes: Any) -> RoomInfo:
    names = NAMES if seats is None else seats
    info = RoomInfo(
        id="1", name="Mesa", host=names.get(host_seat, "?"), host_seat=host_seat, max_seats=4,
        seats=tuple(SeatInfo(seat=s, name=n, kind="bot" if n.startswith("Bot") else "human")
                    for s, n in names.items()),
        spectators=0, preset="official", rules=RuleSet().to_dict(), turn_timeout=30.0,
        bot_delay=1.0, password=False, started=started,
    )
    return dataclasses.replace(info, **changes) if changes else info


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def make_view(hand: str = "R7 Y3 W", top: str = "R5", current: str = ME,
              legal: Iterable[Action] = (), **changes: Any) -> View:
    """A view of seat 4 (Ana) with these cards and actions; the rest from a real deal."""
    base = Game(SEATS, RuleSet(), random.Random(1)).view(ME)
    mine = cards(hand)
    top_card = Card.parse(top)
    sizes = tuple(len(mine) if s == ME else 5 for s in SEATS)
    values: dict[str, Any] = dict(hand=mine, top=top_card, color=top_card.color or Color.RED,
                                  current=current, legal=tuple(legal), hand_sizes=sizes,
                                  uno_said=(False,) * 4, challenge_from=None, pending_draw=0,
                                  has_drawn=False, drawn=None, awaiting_color=False, uno_open=None,
                                  hand_result=None, outcome=None)
    values.update(changes)
    return dataclasses.replace(base, **values)


def plays(*texts: str, uno: bool = False, seat: str = ME) -> list[Action]:
    """The legal plays of these cards (a wild in every colour), with UNO variants if ``uno``."""
    out: list[Action] = []
    for text in texts:
        card = Card.parse(text)
        for say in ((False, True) if uno else (False,)):
            if card.is_wild:
                out += [PlayCard(seat, card, c, None, say) for c in COLORS]
            else:
                out.append(PlayCard(seat, card, None, None, say))
    return out


def seated(view: View | None = None, room: RoomInfo | None = None, lang: str = "en",
           clock: Callable[[], float] | None = None) -> Model:
    """A connected model at the table (outbox emptied)."""
    set_language(lang)
    model = Model("Ana", clock=clock) if clock is not None else Model("Ana")
    model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana"))
    model.apply(Joined(room=room or room_info(), role="player", seat=ME))
    if view is not None:
        model.apply(ViewMsg(view=codec.view_to_wire(view), deadline=20.0))
    model.outbox.clear()
    return model


def show(model: Model, view: View) -> None:
    model.apply(ViewMsg(view=codec.view_to_wire(view)))


def press(model: Model, *keys: str, plain: bool = False, output: Any = None,
          palette: str = "standard") -> list[Message]:
    """Type ``keys`` into the application showing ``model``; the messages it queued."""
    sent: list[Message] = []

    def after() -> None:
        sent.extend(model.outbox.take())

    async def main() -> None:
        with create_pipe_input() as pipe:
            app = build_application(model, after, plain=plain, input=pipe, palette=palette,
                                    output=output if output is not None else DummyOutput())
            running = asyncio.ensure_future(app.run_async())
            await asyncio.sleep(0.02)
            for key in keys:
                pipe.send_text(key)
                await asyncio.sleep(0.12 if key == ESC else 0.01)
            await asyncio.sleep(0.05)
            if not running.done():
                app.exit(result=0)
            await asyncio.wait_for(running, 5)

    asyncio.run(main())
    return sent


def screen_bytes(model: Model, *keys: str, plain: bool = False, columns: int = 80, rows: int = 24,
                 palette: str = "standard") -> str:
    """What the application writes to an ``columns``×``rows`` VT100 terminal (escape codes included)."""
    buffer = io.StringIO()
    output = Vt100_Output(buffer, lambda: Size(rows=rows, columns=columns), term="xterm-256color")
    press(model, *keys, plain=plain, output=output, palette=palette)
    return buffer.getvalue()


def render_text(model: Model, plain: bool = False, columns: int = 80, rows: int = 24) -> str:
    """The regions' text as plain lines (what ``capture-pane`` would show, roughly)."""
    from client.render import Renderer

    r = Renderer(model, plain=plain)
    parts = []
    for region in (r.title, r.players, r.top_card, r.info, r.log, r.hand, r.prompt_line, r.help,
                   r.chat, r.lobby, r.waiting, r.browse, r.connecting, r.banner):
        for line in region(columns, rows):
            parts.append("".join(fragment[1] for fragment in line))
    return "\n".join(parts)


def connected_model(name: str = "Ana") -> Model:
    model = Model(name)
    model.session.status = Status.CONNECTED
    return model


def screen_lines(model: Model, *keys: str, columns: int = 80, rows: int = 24, plain: bool = False,
                 palette: str = "standard") -> list[str]:
    """The characters on a ``columns``×``rows`` terminal after ``keys``: the application's last
    drawn screen, read back from its renderer, one string per row."""
    drawn: list[list[str]] = []

    async def main() -> None:
        with create_pipe_input() as pipe:
            output = Vt100_Output(io.StringIO(), lambda: Size(rows=rows, columns=columns),
                                  term="xterm-256color")
            app = build_application(model, model.outbox.take, input=pipe, output=output, plain=plain,
                                    palette=palette)
            running = asyncio.ensure_future(app.run_async())
            await asyncio.sleep(0.02)
            for key in keys:
                pipe.send_text(key)
                await asyncio.sleep(0.12 if key == "\x1b" else 0.01)
            await asyncio.sleep(0.05)
            screen = app.renderer._last_screen
            assert screen is not None
            for y in range(rows):
                line = screen.data_buffer[y]
                drawn.append("".join(line[x].char for x in range(columns)).rstrip())
            app.exit(result=0)
            await asyncio.wait_for(running, 5)

    asyncio.run(main())
    return drawn


async def until(condition: Callable[[], bool], what: str = "") -> None:
    """Wait until ``condition`` holds (``what`` names it for the reader), looking every 10 ms of
    trio's clock; the caller's ``fail_after`` bounds the wait."""
    while not condition():
        await trio.sleep(0.01)
