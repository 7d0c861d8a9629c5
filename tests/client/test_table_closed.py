"""The host's table ended or set aside: a match the host ended before anyone won it (``uno host``: q,
then e), what a guest is told and which keys still do anything; and the match kept with friends."""

from __future__ import annotations

import pytest
from clientkit import make_view, press, render_text, room_info, seated

from client.enums import Prompt
from client.i18n import set_language
from client.plaincmd import PlainCommands


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The host ended the match. Points: Luis 80, Bot 3 30, Bot 1 0, you 0"),
    ("es", "El anfitrión terminó la partida. Puntos: Luis 80, Bot 3 30, Bot 1 0, tú 0"),
])
def test_a_match_the_host_ended_leaves_every_seats_points_in_the_log(lang: str, said: str) -> None:
    """Found play-testing (helper 126): the guests read only "The host closed the table", the
    points of two seats nowhere, and "▶ Gus (you) … Elena next" stayed on the board."""
    model = seated(make_view(current="2", scores=(0, 80, 30, 0)), lang=lang)
    assert "▶" in render_text(model, columns=100)
    model.connection_failed("table_closed")
    assert model.transcript.log[-1] == said
    text = render_text(model, columns=100)
    assert "▶" not in text and " next" not in text and "sigue" not in text
    set_language("en")


def test_a_match_won_or_a_link_lost_says_no_such_points() -> None:
    model = seated(make_view(scores=(0, 80, 30, 0)))
    model.connection_failed("server_closed")
    model.connection_failed("replaced")
    assert not any("ended the match" in line for line in model.transcript.log)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_once_the_table_is_gone_leave_and_chat_say_only_quitting_is_left(lang: str) -> None:
    """Found play-testing (helper 126): after "The host closed the table", x asked "Leave the
    table? y leaves…", whose y did nothing, and a chat line said to say it again once the
    connection was back."""
    model = seated(make_view(), lang=lang)
    model.connection_failed("table_closed")
    over = ("The connection is over: q quits" if lang == "en" else "La conexión terminó: q para salir")
    press(model, "x")
    assert not model.prompts.confirm_leave and model.prompts.notice == over
    press(model, "t")
    assert model.prompts.text_prompt is not Prompt.CHAT and model.prompts.notice == over
    # (and the table's keys: found re-checking, the why key said "Green 1 can be played now", the
    # hint worked out a move, u said when UNO could be said)
    for key in ("w" if lang == "en" else "e", "?", "u", "d", "\r"):
        model.prompts.notice = ""
        assert press(model, key) == [] and model.prompts.notice == over, key
        assert model.hints.shown is None and not model.hints.thinking
    set_language("en")


def test_plain_mode_says_the_word_to_type_once_the_table_is_gone() -> None:
    model = seated(make_view())
    model.plain = True
    model.connection_failed("table_closed")
    PlainCommands(model).run("leave")
    assert not model.prompts.confirm_leave
    assert model.prompts.notice == "The connection is over: type quit to quit."
    PlainCommands(model).run("say hello")
    assert model.prompts.notice == "The connection is over: type quit to quit."
    for command in ("why", "hint", "uno", "1", "draw"):
        model.prompts.notice = ""
        PlainCommands(model).run(command)
        assert model.prompts.notice == "The connection is over: type quit to quit.", command


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Elena and Gus wait for the kept match: r takes everyone back to it, s again deals a new one"),
    ("es", "Elena y Gus esperan la partida guardada: r vuelve a ella con todos, s otra vez reparte "
           "una nueva"),
])
def test_the_hosts_start_over_a_kept_match_of_friends_asks_twice(lang: str, said: str) -> None:
    """Found play-testing (helper 126): Hana, offered the match kept with Elena and Gus, pressed
    s; a match with bots was dealt while they waited in the lobby, told that their seat waited
    (and, once she kept that one too, hers was the only match offered)."""
    from client.i18n import t

    model = seated(room=room_info(started=False), lang=lang)
    model.host.active, model.host.offer_key = True, t("resume_offer_key", name="Mesa", progress="P")
    model.host.kept_guests = ("Elena", "Gus")
    assert model.can_resume_kept
    assert press(model, "s") == [] and model.prompts.notice == said
    assert [type(m).__name__ for m in press(model, "s")] == ["Start"]
    set_language("en")


def test_the_hosts_start_over_a_kept_match_of_bots_deals_at_once() -> None:
    from client.i18n import t

    model = seated(room=room_info(started=False))
    model.host.active, model.host.offer_key = True, t("resume_offer_key", name="Mesa", progress="P")
    assert [type(m).__name__ for m in press(model, "s")] == ["Start"]


def test_going_back_to_the_kept_match_names_only_those_it_leaves_without_a_table() -> None:
    """Found play-testing (helper 126): "At this table: Gus. r again closes it for them", where
    Gus had sat in the kept match too, and was back in his seat there."""
    from client.i18n import t

    model = seated(room=room_info(started=False))  # (Luis sits here, with Ana, the host)
    model.host.active, model.host.offer_key = True, t("resume_offer_key", name="Mesa", progress="P")
    model.host.kept_guests = ("Luis",)
    press(model, "r")
    assert model.host.resume_request and model.prompts.notice == ""
    model = seated(room=room_info(started=False))
    model.host.active, model.host.offer_key = True, t("resume_offer_key", name="Mesa", progress="P")
    press(model, "r")
    assert not model.host.resume_request and "Luis" in model.prompts.notice
