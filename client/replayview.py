"""The replay viewer on screen: the table's own regions (the players, the top card and its column,
the log and, at the end, the scores: client/render.py) draw the position the ``Replayer`` is
at; this module adds the title, the hands of the point of view (or every hand), the help line,
the keys and the playback clock.

Keys: ← → (h l) a move back or on, Home End (g G) the start and the end, space pause or play,
+ - the speed, Tab (s) the next seat's point of view (after the last, every hand open), o every
hand open, F2 the other language, q (Esc) back.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from datetime import UTC, datetime

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import ConditionalContainer, Dimension, HSplit, Layout, VSplit, Window
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from engine.rules import PRESETS
from protocol.limits import MAX_ROOM_NAME

from .draw import TOP_WIDTH, Line, Painter, clip_line, fit, pad, width_of
from .i18n import t
from .layout import INFO_WIDTH, NARROW_INFO_WIDTH, Panel, window
from .render import Renderer
from .replayer import OPEN, Replayer
from .rulestext import changed_labels, preset_label, preset_name
from .style import STYLE


def minute_here(ended: str) -> str:
    """A replay's end (UTC, ISO 8601, as kept) in this machine's time, to the minute (found
    play-testing: the UTC time was shown as it was, unmarked, hours off away from UTC)."""
    try:
        moment = datetime.fromisoformat(ended.replace("Z", "+00:00"))
    except ValueError:  # (a file's own words: shown as they are)
        return ended[:16]
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


class ReplayRegions(Painter):
    """What the replay adds to the table's regions."""

    def __init__(self, replayer: Replayer, renderer: Renderer) -> None:
        super().__init__(replayer.model, renderer.canvas)
        self.replayer = replayer

    def title(self, width: int, height: int) -> list[Line]:
        r = self.replayer
        info = r.replay.info
        rules = r.model.seating.room.rules if r.model.seating.room is not None else {}
        preset = min(PRESETS, key=lambda name: len(changed_labels(rules, name)))  # the closest
        parts = [t("replay_title"), fit(info.table, MAX_ROOM_NAME), t("hand_no", n=info.hand_number),
                 minute_here(info.ended)]  # (as the list)
        title = " " + " · ".join([*parts, ", ".join([preset_name(preset), *changed_labels(rules, preset)])])
        # Short of room, the preset alone rather than its options cut (found play-testing:
        # "oficial, a 500 punt…" at 80 columns)
        # "+" marks options changed from it (found play-testing: "· oficial" for a 7-0 hand)
        if width_of(title) > width:
            title = " " + " · ".join([*parts, preset_label(preset, rules)])
        return [[("class:title", pad(title, width))]]

    def status(self, width: int, height: int) -> list[Line]:
        r = self.replayer
        state = t("replay_playing", speed=f"{r.speed:g}") if r.playing else t("replay_paused")
        who = t("replay_open") if r.seat == OPEN else t("replay_pov", name=r.name(r.seats[r.seat]))
        step = t("replay_step", i=r.index, n=len(r.positions) - 1)
        return [clip_line([("bold", f" {step}"), ("", " · "), ("class:mark", state),
                           ("", " · "), ("class:notice", who)], width)]

    def hands(self, width: int, height: int) -> list[Line]:
        r = self.replayer
        lines: list[Line] = []
        for seat, cards in r.hands():
            head: Line = [("bold", " " + t("replay_hand_of", name=r.name(seat), n=len(cards)))]
            row: Line = [("", " ")]
            used = 1
            rows = [head]
            for card in cards:
                chip = self.chip(card)
                size = sum(width_of(item[1]) for item in chip) + 1
                if used + size > width and used > 1:
                    rows.append(row)
                    row, used = [("", " ")], 1
                row += [*chip, ("", " ")]
                used += size
            rows.append(row)
            lines += rows
        return [clip_line(line, width) for line in lines[:max(1, height)]]

    def hands_height(self, width: int) -> int:
        r = self.replayer
        per_row = max(1, (width - 1) // 6)
        needed = sum(1 + max(1, -(-len(cards) // per_row)) for _, cards in r.hands())
        return max(2, min(needed, self.rows() - 12))

    # `uno replay` (``alone``): q quits the program, where at the table it goes back to the table
    # (found play-testing: "q back", and the shell came)
    alone = False

    def help(self, width: int, height: int) -> list[Line]:
        text = t("replay_help_alone" if self.alone else "replay_help")
        return [[("class:help", pad(" " + fit(text, width - 1), width))]]


def build_replay_layout(replayer: Replayer, *, plain: bool = False, alone: bool = False) -> Layout:
    from prompt_toolkit.application.current import get_app

    renderer = Renderer(replayer.model, plain=plain)
    renderer.rows = lambda: get_app().output.get_size().rows
    own = ReplayRegions(replayer, renderer)
    own.alone = alone
    renderer.board.end_note = t("replay_end_alone" if alone else "replay_end")
    r = renderer
    body = HSplit([
        window(own.title, height=1),
        window(own.status, height=1),
        window(r.players, height=r.players_height),
        Window(height=Dimension.exact(1), char="─", style="class:dim"),
        VSplit([
            window(r.top_card, width=TOP_WIDTH, height=Dimension(min=3, max=5)),
            ConditionalContainer(
                Window(Panel(r.info), width=lambda: Dimension.exact(
                    INFO_WIDTH if get_app().output.get_size().columns >= 70 else NARROW_INFO_WIDTH)),
                filter=Condition(lambda: not replayer.model.table.hand_over)),
            window(r.log),
        ], height=Dimension(min=3, preferred=7, weight=10)),
        Window(height=Dimension.exact(1), char="─", style="class:dim"),
        window(own.hands, height=own.hands_height),
        window(own.help, height=1),
    ])
    return Layout(body)


def replay_keys(replayer: Replayer, on_quit: Callable[[], None] | None = None) -> KeyBindings:
    """The viewer's keys; q (Esc) ends the application (`uno replay`, whose F2 changes the
    language), or calls ``on_quit`` (the table's, whose own F2 does it for the table too)."""
    kb = KeyBindings()

    def bind(*keys: str, do: Callable[[], None]) -> None:
        for key in keys:
            kb.add(key)(lambda event, do=do: do())

    bind("right", "l", do=lambda: replayer.step(1))
    bind("left", "h", do=lambda: replayer.step(-1))
    bind("home", "g", do=replayer.first)
    bind("end", "G", do=replayer.last)
    bind("space", "p", do=replayer.toggle_play)
    bind("+", "=", do=replayer.faster)
    bind("-", do=replayer.slower)
    bind("tab", "s", do=replayer.next_seat)
    bind("o", do=replayer.toggle_open)
    if on_quit is None:  # (the other language, as at the table: found re-checking, F2 did
        bind("f2", do=replayer.other_language)  # nothing in `uno replay`)

    @kb.add("q")
    @kb.add("escape", eager=True)
    @kb.add("c-c")
    def _quit(event: KeyPressEvent) -> None:
        replayer.quit = True
        if on_quit is not None:
            on_quit()
        else:
            event.app.exit(result=0)

    return kb


def build_replay_application(replayer: Replayer, *, plain: bool = False,
                             **io: object) -> Application[int]:
    application: Application[int] = Application(
        layout=build_replay_layout(replayer, plain=plain, alone=True),
        key_bindings=replay_keys(replayer),
        style=Style.from_dict(STYLE),
        full_screen=True,
        mouse_support=False,
        color_depth=ColorDepth.DEPTH_1_BIT if plain else None,
        **io,  # type: ignore[arg-type]
    )
    application.ttimeoutlen = 0.05
    return application


async def _clock(application: Application[int], replayer: Replayer) -> None:
    """The playback: a move on at the replayer's speed, until the viewer is quit."""
    while not replayer.quit:
        await asyncio.sleep(1 / replayer.speed)
        if replayer.playing and not replayer.quit:
            replayer.tick()
            application.invalidate()


def overlay(application: Application[int], replayer: Replayer, *, restore: Callable[[], None],
            plain: bool = False) -> Callable[[], None]:
    """Show the viewer in a running ``application`` (the client's, at the table) until it is
    quit; then ``restore`` gives the screen back. Returns what closes it from outside (as
    quitting it does)."""
    ticking = asyncio.ensure_future(_clock(application, replayer))

    def close() -> None:
        replayer.quit = True
        ticking.cancel()
        restore()

    application.layout = build_replay_layout(replayer, plain=plain)
    application.key_bindings = replay_keys(replayer, on_quit=close)
    application.invalidate()
    return close


async def play_back(application: Application[int], replayer: Replayer) -> None:
    """Run the viewer until it is quit: the playback moves on at its speed."""
    ticking = asyncio.ensure_future(_clock(application, replayer))
    try:
        await application.run_async()
    finally:
        ticking.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ticking
