"""F2 (plain mode: "español", "english") switches the client's language at once, its keys with it,
and keeps the choice for the next start (found play-testing: a player who reads only Spanish,
at a machine whose locale is English, had no way to Spanish but the command line's --lang)."""

from __future__ import annotations

import os

import pytest
from clientkit import make_view, plays, press, render_text, screen_lines, seated

from client.enums import Prompt
from client.i18n import detect_language, language, language_file, t
from client.plaincmd import PlainCommands
from client.plainview import PlainView
from protocol import Away

F2 = "\x1bOQ"


def test_f2_switches_the_language_and_its_keys_and_keeps_the_choice() -> None:
    model = seated(make_view(current="2", legal=plays("R7")))
    assert "F2: en español" in render_text(model.prompts.open_help() or model)  # (said in Spanish)
    press(model, F2)  # (in the help: it stays open, in the other language)
    assert language() == "es" and model.prompt is Prompt.HELP and "F2: in English" in render_text(model)
    assert model.prompts.notice == t("language_now") == "Ahora en español (F2: English)"
    press(model, "x")  # (closes the help)
    assert model.prompt is Prompt.NONE
    assert press(model, "f") == [Away()]  # Spanish's away key, bound now
    assert language_file().read_text().strip() == "es"
    # the choice, at the next start, over the locale
    assert detect_language(None, {**os.environ, "LANG": "en_US.UTF-8"}) == "es"
    assert detect_language("en", {**os.environ, "LANG": "es_ES.UTF-8"}) == "en"  # (--lang still wins)
    press(model, F2)
    assert language() == "en" and model.prompts.notice == "Now in English (F2: español)"
    assert detect_language(None, {**os.environ, "LANG": "es_ES.UTF-8"}) == "en"


@pytest.mark.parametrize(("word", "now"), [("español", "es"), ("idioma", "es")])
def test_plain_mode_switches_with_a_word_in_either_language(word: str, now: str) -> None:
    model = seated(make_view())
    commands = PlainCommands(model)
    assert "En español: escribe español." in commands.help()
    view = PlainView(model)
    view.changes()
    commands.run(word)
    assert language() == now and "Ahora en español. In English: type english." in " ".join(view.changes())
    commands.run("español")  # (a language named is that one, not the other)
    assert language() == "es"
    commands.run("english")
    assert language() == "en"
    commands.run("english")
    assert language() == "en"


@pytest.mark.parametrize(("lang", "offer"), [("en", "F2: en español"), ("es", "F2: in English")])
def test_the_help_offers_the_other_language_whole_at_60_columns(lang: str, offer: str) -> None:
    """Found play-testing: at 60 columns the help's last line ended "F2: en…"."""
    model = seated(make_view(), lang=lang)
    model.prompts.open_help()
    assert offer in screen_lines(model, columns=60, rows=20)[-1]


def test_the_keys_follow_the_language_in_the_same_running_screen() -> None:
    """Found play-testing: F2 switched the texts, and the English z still stepped away in
    Spanish (the running application kept the bindings it was built with)."""
    model = seated(make_view(current="2", legal=plays("R7")))
    assert press(model, F2, "z") == [] and language() == "es"  # (z: blue in Spanish, not away)
    assert "f" in model.prompts.notice  # ("z no hace nada aquí; ausentarse (juega un bot): f")
    model.outbox.clear()
    model = seated(make_view(current="2", legal=plays("R7")), lang="es")
    assert press(model, F2, "z") == [Away()] and language() == "en"  # (and back: z steps away)
