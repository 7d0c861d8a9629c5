"""F2 (plain mode: "español", "english") switches the client's language at once, its keys with it,
and keeps the choice for the next start (found play-testing: a player who reads only Spanish,
at a machine whose locale is English, had no way to Spanish but the command line's --lang)."""

from __future__ import annotations

import dataclasses
import os

import pytest
from clientkit import ME, make_view, plays, press, render_text, room_info, screen_lines, seated

from client.enums import Prompt
from client.i18n import detect_language, language, language_file, set_language, t
from client.model import Model
from client.plaincmd import PlainCommands
from client.plainview import PlainView
from engine import events as ev
from engine.cards import Card, Color
from protocol import Away, Back, Events, History, RoomUpdate, ViewMsg, codec

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
    model.plain = True
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


def _an_evening(model_lang: str) -> Model:
    """A model seated at a table, told its past (``history``, names of then), live moves (a stack,
    a hand won), the room's news (Luis stepped away, Eva took over Bot 3's seat) and a spell away
    of our own, all in ``model_lang``."""
    model = seated(room=room_info(), lang=model_lang)
    past = ((ev.HandStarted(1, "2", 1), ev.StartingCard(Card.parse("R5")), ev.TurnStarted("3")),
            (ev.CardPlayed("3", Card.parse("R+2"), Color.RED), ev.TurnStarted(ME)))
    model.apply(History(events=tuple(tuple(map(codec.event_to_wire, batch)) for batch in past), chat=(),
                        names=({"3": "Bot 3"}, {"3": "Bot 3"})))
    model.apply(ViewMsg(view=codec.view_to_wire(make_view(pending_draw=2)), deadline=20.0))
    model.apply(Events(events=tuple(map(codec.event_to_wire, (
        ev.CardPlayed(ME, Card.parse("Y+2"), Color.YELLOW), ev.TurnStarted("1")))),
        view=codec.view_to_wire(make_view(pending_draw=4, current="1"))))
    away = room_info()
    model.apply(RoomUpdate(room=dataclasses.replace(away, seats=tuple(
        dataclasses.replace(s, away=s.seat in ("2", ME)) for s in away.seats))))
    model.apply(Events(events=tuple(map(codec.event_to_wire, (
        ev.Drew("1", 4, None, "draw_two"), ev.TurnStarted(ME), ev.StandIn(ME, "away"),
        ev.CardPlayed(ME, Card.parse("Y7"), Color.YELLOW), ev.TurnStarted("2"),
        ev.CardPlayed("2", Card.parse("Y1"), Color.YELLOW), ev.HandEnded("2", 30, (0, 30, 0, 0))))),
        view=codec.view_to_wire(make_view(current="2"))))
    model.apply(RoomUpdate(room=room_info(seats={"1": "Bot 1", "2": "Luis", "3": "Eva", ME: "Ana"})))
    return model


def test_f2_tells_the_log_again_in_the_other_language() -> None:
    """Found play-testing: a Spanish reader who pressed F2 at the table read the whole log on in
    English ("Luis played Yellow 1"), and the end board's winning play with it. Its lines are told
    again as a model in Spanish from the start tells them; the past with the names of then (Bot 3
    played, though Eva sits there now)."""
    try:
        english = _an_evening("en")
        log = english.transcript.log
        assert any("Bot 3 played Red Draw Two" in line for line in log), log
        spanish = _an_evening("es")
        english.change_language("es")
        log = english.transcript.log
        assert log == spanish.transcript.log, (log, spanish.transcript.log)
        assert english.transcript.winning_play == spanish.transcript.winning_play != ""
        assert any("Bot 3 jugó" in line for line in log), log
        english.change_language("en")  # (and back)
        log = english.transcript.log
        assert any("Bot 3 played Red Draw Two" in line for line in log), log
    finally:
        set_language("en")


def _away(model: Model) -> None:
    room = room_info()
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=tuple(
        dataclasses.replace(s, away=s.seat == ME) for s in room.seats))))
    model.outbox.clear()


def test_f2_while_away_switches_the_language_as_it_brings_us_back() -> None:
    """Found play-testing: a Spanish reader under the English "You are away. Press any key to come
    back." pressed F2: it brought him back, and the screen stayed English; plain mode's "english",
    typed while away, the same."""
    try:
        model = seated(make_view(current="2"))
        _away(model)
        assert press(model, F2) == [Back()] and language() == "es"
        model = seated(make_view(current="2"), lang="es")
        _away(model)
        PlainCommands(model).run("english")
        assert model.outbox.take() == [Back()] and language() == "en"
    finally:
        set_language("en")


def test_f2_tells_the_news_on_screen_again_rather_than_hide_it() -> None:
    """Found play-testing: back at a hand's end, the away summary was the notice over the end
    board (which hides the log); F2 put "Ahora en español" in its place."""
    try:
        model = seated(make_view(current="2"))
        _away(model)
        model.apply(Events(events=tuple(map(codec.event_to_wire, (
            ev.StandIn(ME, "away"), ev.Drew(ME, 1, None, "draw"), ev.Passed(ME), ev.TurnStarted("2")))),
            view=codec.view_to_wire(make_view(current="2"))))
        model.apply(RoomUpdate(room=room_info()))  # (back)
        assert model.prompts.notice == "", model.prompts.notice  # (the log says it, in sight)
        model.prompts.notice = model.transcript.log[-1]  # (as the end board puts it)
        assert model.prompts.notice.startswith("While you were away")
        press(model, F2)
        assert model.prompts.notice.startswith("Mientras no estabas"), model.prompts.notice
        model.prompts.notice = t("status_watching")
        press(model, F2)
        assert model.prompts.notice == "Now in English (F2: español)"
    finally:
        set_language("en")
