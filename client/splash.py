"""The first screen, drawn before the rest of the client is loaded.

Loading the engine, the protocol, trio and the server takes a few hundred milliseconds; a person
should see the table's frame at once. So ``launch`` starts the prompt-toolkit application with
this light layout (only prompt-toolkit is imported), and as soon as it is on the terminal it
builds the real client (``make_client``), which takes the same application over: no flicker, no
second full-screen switch. Ctrl-C quits at any moment.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from .i18n import t
from .style import STYLE

if TYPE_CHECKING:
    from .app import ClientApp


def splash_application(text: str, *, plain: bool = False) -> Application[int]:
    """The frame of the client (title bar, a line of text, the key help) and nothing else."""
    bindings = KeyBindings()

    @bindings.add("c-c")
    @bindings.add("c-q")
    def _quit(event: KeyPressEvent) -> None:
        event.app.exit(result=130)

    def title() -> Any:
        width = _columns()
        return [("class:title", (" " + t("app_title")).ljust(width))]

    def help_line() -> Any:
        return [("class:help", (" " + t("help_connecting")).ljust(_columns()))]

    layout = Layout(HSplit([
        Window(FormattedTextControl(title), height=1),
        Window(FormattedTextControl([("", "\n  "), ("bold", text)])),
        Window(height=1),
        Window(FormattedTextControl(help_line), height=1),
    ]))
    # refresh_interval: the auto-refresh task starts with the application (the client's countdown)
    return Application(layout=layout, key_bindings=bindings, style=Style.from_dict(STYLE),
                       full_screen=True, color_depth=ColorDepth.DEPTH_1_BIT if plain else None,
                       refresh_interval=0.5)


def _columns() -> int:
    from prompt_toolkit.application.current import get_app

    return get_app().output.get_size().columns


async def launch(text: str, make_client: Callable[[Application[int]], ClientApp],
                 plain: bool = False) -> int:
    """Show the first screen, then hand the application to the client ``make_client`` builds."""
    application = splash_application(text, plain=plain)
    client: list[ClientApp] = []

    def first_screen(_: object) -> None:
        application.after_render -= first_screen
        asyncio.get_running_loop().call_soon(take_over)

    def take_over() -> None:
        if application.is_running and not application.is_done:
            client.append(make_client(application))

    application.after_render += first_screen
    try:
        code = await application.run_async()
    finally:
        if client:
            await client[0].close()
    return client[0].exit_code(code) if client else code
