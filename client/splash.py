"""The first screen, drawn before the rest of the client is loaded.

Loading the engine, the protocol, trio and the server takes a few hundred milliseconds; a person
should see the table's frame at once. So ``launch`` starts the prompt-toolkit application with
this light layout (only prompt-toolkit is imported), and as soon as it is on the terminal it
builds the real client (``make_client``), which takes the same application over: no flicker, no
second full-screen switch. Ctrl-C quits at any moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.input.vt100 import raw_mode
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import HSplit, Layout, Window
from prompt_toolkit.layout.controls import FormattedTextControl
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.styles import Style

from .clihelp import INTERRUPTED
from .i18n import t
from .style import STYLE

if TYPE_CHECKING:
    from .app import ClientApp

REFRESH_SECONDS = 0.5  # the screen drawn again this often (its countdowns), this one and the client's

def splash_application(text: str, *, plain: bool = False) -> Application[int]:
    """The frame of the client (title bar, a line of text, the key help) and nothing else."""
    bindings = KeyBindings()

    @bindings.add("c-c")
    @bindings.add("c-q")
    def _quit(event: KeyPressEvent) -> None:
        event.app.exit(result=INTERRUPTED)

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
                       refresh_interval=REFRESH_SECONDS)


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
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # (stopped, then
        loop.add_signal_handler(signal.SIGCONT, resume_terminal, application)  # continued)
    try:
        code = await application.run_async()
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.remove_signal_handler(signal.SIGCONT)
        if client:
            await client[0].close()
    return client[0].exit_code(code) if client else code


def resume_terminal(application: Application[Any]) -> None:
    """After the process was stopped and continued (SIGSTOP, then SIGCONT): a shell that took the
    terminal meanwhile left it in its own mode, keys echoed and read by the line, and drew over
    the screen (found play-testing: ``kill -STOP``, ``kill -CONT`` and ``fg`` left the table
    garbled and deaf). Raw mode again (the running application's own restores the terminal at
    its end), and the whole screen drawn anew."""
    with contextlib.suppress(OSError, ValueError, NotImplementedError):  # (no terminal: nothing)
        raw_mode(application.input.fileno()).__enter__()
    application.renderer.reset()  # (it forgets what it drew: the next drawing is whole)
    application.invalidate()
