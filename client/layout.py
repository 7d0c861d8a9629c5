"""The prompt-toolkit layout: windows whose content the ``Renderer`` draws from the model."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.layout import (
    ConditionalContainer,
    Dimension,
    DynamicContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
)
from prompt_toolkit.layout.containers import Container
from prompt_toolkit.layout.controls import (
    GetLinePrefixCallable,
    UIContent,
    UIControl,
)

from .draw import TOP_WIDTH, wrap
from .enums import Prompt, Screen, Status
from .i18n import t
from .render import Renderer

INFO_WIDTH, NARROW_INFO_WIDTH = 27, 22  # the column beside the top card (narrow: under 70 columns)
SCORES_BESIDE_CARD = 60  # columns from which a hand's end shows the top card beside its scores
TOP_CARD_FROM = 50  # columns from which the top card is drawn as a box (the column beside names it)


class Panel(UIControl):
    """A region drawn by ``draw(width, height)``; ``height(width)`` is its preferred height."""

    def __init__(self, draw: Callable[[int, int], list[StyleAndTextTuples]],
                 height: Callable[[int], int] | None = None) -> None:
        self.draw = draw
        self.height = height

    def create_content(self, width: int, height: int) -> UIContent:
        lines = self.draw(width, height)
        return UIContent(get_line=lambda i: lines[i] if i < len(lines) else [],
                         line_count=len(lines), show_cursor=False)

    def preferred_height(self, width: int, max_available_height: int, wrap_lines: bool,
                         get_line_prefix: GetLinePrefixCallable | None) -> int | None:
        return self.height(width) if self.height is not None else None

    def is_focusable(self) -> bool:
        return False


CHAT_TYPING_ROWS = 8  # the table's chat rows while a message is typed (else 2)


def window(draw: Callable[[int, int], list[StyleAndTextTuples]], *,
           height: int | Dimension | Callable[[int], int] | None = None,
           width: int | None = None) -> Window:
    """A window drawn by ``draw``; a callable ``height`` gets the terminal's width and fixes the
    height exactly (the log takes whatever room is left)."""
    if callable(height):
        fn = height

        def exact() -> Dimension:
            return Dimension.exact(fn(get_app().output.get_size().columns))

        return Window(Panel(draw, fn), width=width, height=exact)
    return Window(Panel(draw), height=height, width=width)


def too_small() -> Window:
    """What a split shows when its parts do not fit: prompt-toolkit's own "Window too small..."
    was English on a Spanish screen, and said nothing of the size that works."""
    def lines(width: int, height: int) -> list[StyleAndTextTuples]:  # (each line indented alike)
        return [[("class:banner", f" {part} ")] for part in wrap(t("too_small"), max(1, width - 2))]

    return Window(Panel(lines))


def build_layout(renderer: Renderer) -> Layout:
    model = renderer.model
    r = renderer
    r.rows = lambda: get_app().output.get_size().rows

    def columns() -> int:
        return get_app().output.get_size().columns

    # A hand's end with more seats than fit gives the players' and the hand's rows to the scores.
    beside_scores = Condition(lambda: not r.scores_fill(columns()))
    table = HSplit(window_too_small=too_small(), children=[
        ConditionalContainer(HSplit(window_too_small=too_small(), children=[
            window(r.players, height=r.players_height),
            Window(height=Dimension.exact(1), char="─", style="class:dim"),
        ]), filter=beside_scores),
        VSplit(window_too_small=too_small(), children=[
            ConditionalContainer(  # (a hand's end on a narrow screen: the scores need the room;
                # under 50 columns the log does, and the column beside names the card: found
                # play-testing at 40×15, the log was six letters wide, a word a line)
                window(r.top_card, width=TOP_WIDTH, height=Dimension(min=3, max=5)),
                filter=Condition(lambda: columns() >= TOP_CARD_FROM
                                 and not (model.table.hand_over and columns() < SCORES_BESIDE_CARD))),
            ConditionalContainer(Window(width=1), filter=Condition(lambda: columns() < TOP_CARD_FROM)),
            ConditionalContainer(  # a hand's end gives its room to the board (render.scores)
                Window(Panel(r.info), width=lambda: Dimension.exact(
                    INFO_WIDTH if get_app().output.get_size().columns >= 70 else NARROW_INFO_WIDTH)),
                filter=Condition(lambda: not model.table.hand_over)),
            window(r.log),
        ], height=Dimension(min=3, preferred=7, weight=10)),
        ConditionalContainer(HSplit(window_too_small=too_small(), children=[
            Window(height=Dimension.exact(1), char="─", style="class:dim"),
            window(r.hand, height=r.hand_height),
        ]), filter=beside_scores),
        Window(Panel(r.chat), height=lambda: Dimension(min=0, preferred=chat_rows(), max=chat_rows())),
    ])

    def chat_rows() -> int:  # (more while typing in it: found play-testing, a long message and the
        # ones before it could not be read whole anywhere)
        return CHAT_TYPING_ROWS if model.prompt is Prompt.CHAT else 2

    def chat3() -> Window:  # (no room kept before anyone chats: found play-testing, at 60×20
        # the waiting room's log did not fit above three empty rows)
        return Window(Panel(r.chat), height=lambda: Dimension(min=0, preferred=3, max=3)
                      if model.transcript.chat else Dimension.exact(0))

    with_chat = {
        Screen.LOBBY: HSplit(window_too_small=too_small(), children=[window(r.lobby), chat3()]),
        Screen.WAITING: HSplit(window_too_small=too_small(), children=[window(r.waiting), chat3()]),
    }
    bodies: dict[Screen, Container] = {
        Screen.CONNECTING: window(r.connecting),
        Screen.BROWSE: window(r.browse),
        Screen.CREATE: window(r.form),
        Screen.TABLE: table,
        **with_chat,
    }
    keyhelp, small = window(r.keyhelp), too_small()
    root = HSplit(window_too_small=too_small(), children=[
        window(r.title, height=1),
        # (the connecting screen says why the client stopped, all of it: not the banner too)
        ConditionalContainer(window(r.banner, height=1),
                             filter=Condition(lambda: r.banner_text() is not None and not (
                                 model.screen is Screen.CONNECTING
                                 and model.session.status is Status.FAILED))),
        DynamicContainer(lambda: keyhelp if model.prompt is Prompt.HELP else (
            small if model.screen is Screen.TABLE and r.scores_cut(columns()) else bodies[model.screen])),
        window(r.prompt_line, height=r.prompt_height),
        window(r.help, height=1),
    ])
    return Layout(root)
