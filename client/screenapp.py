"""The prompt-toolkit application that shows a ``Model``: its layout (the regions of
client/render.py), its key bindings (client/keys.py) and its style (client/style.py)."""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.styles import Style

from .keys import key_bindings_for
from .layout import build_layout
from .model import Model
from .render import Renderer
from .splash import REFRESH_SECONDS
from .style import style_for

ESC_DELAY = 0.05  # seconds a lone Esc waits for the rest of a key's sequence: it reacts at once
# (for the terminal's bytes, ``ttimeoutlen``, and for the bindings, ``timeoutlen``: Escape, then
# a key, is Alt and the key while typing, client/keys.py)


def build_application(model: Model, after_key: Callable[[], None], *, plain: bool = False,
                      input: Input | None = None, output: Output | None = None,
                      palette: str = "standard") -> Application[int]:
    """The prompt-toolkit application showing ``model``; ``after_key`` runs after every key."""
    application: Application[int] = Application(
        layout=build_layout(Renderer(model, plain=plain)),
        key_bindings=key_bindings_for(model, after_key),
        style=Style.from_dict(style_for(palette)),
        full_screen=True,
        mouse_support=False,
        color_depth=ColorDepth.DEPTH_1_BIT if plain else None,
        refresh_interval=REFRESH_SECONDS,
        input=input,
        output=output,
    )
    application.ttimeoutlen = application.timeoutlen = ESC_DELAY
    return application


def adopt_application(application: Application[int], model: Model, after_key: Callable[[], None],
                      *, plain: bool = False, palette: str = "standard") -> None:
    """Make a running application (the first screen, ``client.splash``) show ``model``."""
    application.layout = build_layout(Renderer(model, plain=plain))
    application.style = Style.from_dict(style_for(palette))
    application.key_bindings = key_bindings_for(model, after_key)
    application.refresh_interval = REFRESH_SECONDS
    application.ttimeoutlen = application.timeoutlen = ESC_DELAY
    application.invalidate()
