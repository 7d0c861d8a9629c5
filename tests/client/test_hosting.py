"""The host's side of ``uno host``: quitting a match asks whether to end it for everyone or keep
it for later, with each language's keys shown and working; the kept match is offered on screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from clientkit import ESC, ME, make_view, press, render_text, room_info, seated

from client.enums import Prompt
from client.i18n import set_language
from client.model import Model
from engine.events import HandStarted
from engine.view import HandResult, MatchOutcome
from protocol import Events, codec

KEYS = {"en": ("e", "k"), "es": ("t", "g")}
WORDS = {"en": ("End the match for everyone (e)", "keep it for later (k)"),
         "es": ("¿Terminar la partida para todos (t)", "guardarla para después (g)")}


def hosting(lang: str, started: bool = True) -> Model:
    model = seated(make_view() if started else None, room=room_info(started=started), lang=lang)
    model.host.active = True
    return model


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_host_quitting_a_match_is_asked_end_or_keep_in_its_language(lang: str) -> None:
    end, keep = KEYS[lang]
    model = hosting(lang)
    press(model, "q")
    assert model.prompt is Prompt.HOST_QUIT
    shown = render_text(model)
    for words in WORDS[lang]:
        assert words in shown, shown
    help_line = next(line for line in shown.splitlines() if "Esc" in line)
    assert help_line.startswith(f" {end} ") and f" {keep} " in help_line, help_line
    press(model, "x")
    assert model.prompt is Prompt.NONE and not model.quit
    press(model, "q", ESC)
    assert model.prompt is Prompt.NONE and not model.quit

    press(model, "q", keep)
    assert model.quit and model.host.end_table is False

    model = hosting(lang)
    press(model, "q", end)
    assert model.quit and model.host.end_table is True


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_other_languages_letters_stay(lang: str) -> None:
    """A confirmation takes its language's keys alone (found play-testing: an English s, the start
    key, left the table under "y leaves, anything else stays")."""
    for letter in KEYS["es" if lang == "en" else "en"]:
        model = hosting(lang)
        press(model, "q", letter)
        assert not model.quit and model.prompt is Prompt.NONE and model.host.end_table is None, letter


def test_a_guest_or_a_waiting_room_host_gets_the_plain_question() -> None:
    guest = seated(make_view(), room=room_info(started=True))
    press(guest, "q")
    assert guest.prompt is Prompt.QUIT
    waiting = hosting("en", started=False)
    press(waiting, "q")
    assert waiting.prompt is Prompt.QUIT
    press(waiting, "y")
    assert waiting.quit and waiting.host.end_table is True


def test_the_kept_match_is_offered_at_the_table_once() -> None:
    set_language("en")
    model = seated(make_view(), room=room_info(started=True))
    model.host.offer = "Kept from last time: “Root's table”, hand 3. To go back to it: uno host --resume"
    deal = Events(events=(codec.event_to_wire(HandStarted(1, "1", 1)),))
    model.apply(deal)
    model.apply(deal)
    assert model.transcript.log.count(model.host.offer) == 1


def test_r_in_the_new_tables_waiting_room_asks_for_the_kept_match() -> None:
    model = hosting("en", started=False)
    press(model, "r")
    assert not model.host.resume_request  # nothing offered: r does nothing
    model.host.offer = model.host.offer_key = "Kept from last time"
    press(model, "r")  # Luis sits at this table: r would close it for him
    assert not model.host.resume_request
    assert model.prompts.notice == "At this table: Luis. r again closes it for them and opens the kept match"
    press(model, "r")
    assert model.host.resume_request
    alone = seated(room=room_info(started=False, seats={"1": "Bot 1", "4": "Ana"}))
    alone.host.active, alone.host.offer_key = True, "Kept from last time"
    press(alone, "r")  # (nobody else here: at once)
    assert alone.host.resume_request
    started = hosting("en")
    started.host.offer = started.host.offer_key = "Kept from last time"
    press(started, "r")
    assert not started.host.resume_request  # a match is on: only the flag (uno host --resume)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("columns", [60, 80])
def test_the_offer_in_the_waiting_room_is_wrapped_never_cut(lang: str, columns: int) -> None:
    """Its key and the command are at the end of a long line: they must stay on screen."""
    from client.i18n import t
    from client.render import Renderer

    model = hosting(lang, started=False)
    try:
        model.host.offer = t("resume_offer", name="Ana's table", progress=t("resume_hand", n=2))
        model.host.offer_key = t("resume_offer_key", name="Ana's table", progress=t("resume_hand", n=2))
        shown = "\n".join("".join(f[1] for f in line) for line in Renderer(model).waiting(columns, 24))
    finally:
        set_language("en")  # (the tests that follow read English)
    assert "…" not in shown, shown
    assert "uno host --resume" in shown.replace("\n ", " "), shown


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_offers_keys_stay_with_their_words(lang: str) -> None:
    """Found re-checking at 80 columns: "… r: volver a ella, o s:" / "reparte esta nueva"."""
    from client.i18n import t
    from client.render import Renderer

    model = hosting(lang, started=False)
    try:
        model.host.offer_key = t("resume_offer_start", name="Ana's table", progress=t("resume_hand", n=1))
        lines = ["".join(f[1] for f in line).rstrip() for line in Renderer(model).waiting(80, 24)]
    finally:
        set_language("en")
    assert not any(line.endswith((" s:", " r:")) for line in lines), lines


@pytest.mark.parametrize(("lang", "yes", "words"), [
    ("en", "y", "ends the match for everyone (this table is not kept)"),
    ("es", "s", "termina la partida para todos (esta mesa no se guarda)")])
def test_a_host_whose_table_is_not_kept_is_told_quitting_ends_it(lang: str, yes: str, words: str) -> None:
    """A table whose rooms cannot be kept on disk (another ``uno host`` holds the state folder)
    offers no "keep for later": the host is told that quitting ends the match for everyone."""
    model = hosting(lang)
    model.host.keeps = False
    press(model, "q")
    assert model.prompt is Prompt.QUIT
    assert words in render_text(model)
    press(model, "x")
    assert model.prompt is Prompt.NONE and not model.quit
    press(model, "q", yes)
    assert model.quit and model.host.end_table is True


def test_the_hosts_next_table_form_starts_from_the_command_lines_table() -> None:
    """Found play-testing: started with `uno host --turn-timeout 15`, the host closed the table
    and opened another: its form said "Turn time 30 s", the rules the preset's."""
    from protocol import CreateRoom

    model = hosting("en", started=False)
    model.host.table = CreateRoom(name="Alice's table", preset="house", seats=6, bots=2, bot_level="hard",
                                  turn_timeout=15.0, late_join="next_hand",
                                  rules={"stack_draw_two": False, "target_score": 200})
    model.open_form()
    form = model.form
    assert form is not None
    assert (form.preset, form.seats, form.bots, form.bot_level, form.timeout, form.late_join) == (
        "house", 6, 2, "hard", 15.0, "next_hand")
    assert form.options["stack"] is False and form.options["draw_until"] is True and form.target == 200
    assert form.message("x").rules["stack_draw_two"] is False
    guest = hosting("en", started=False)
    guest.host.active = False
    guest.open_form()  # (a guest's form: the defaults)
    assert guest.form is not None and (guest.form.preset, guest.form.timeout) == ("official", 30.0)


def test_the_kept_matchs_command_keeps_the_language_chosen(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """Found play-testing: Carmen (Spanish only; `uno host --lang es` on an English machine) kept
    the match, ran the command she was told, and the table came back in English."""
    from client.commands import kept_options
    from client.hosting import resume_command
    from client.i18n import switch_language

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert resume_command("es") == "uno host --resume --lang es"
    assert resume_command("en") == resume_command(None) == "uno host --resume"
    assert resume_command("es", ["--plain"]) == "uno host --resume --plain --lang es"
    assert resume_command(None, ["--no-discovery", "--host", "127.0.0.1"]) == (
        "uno host --resume --no-discovery --host 127.0.0.1")
    from client.cli import build_parser

    def kept(*argv: str) -> list[str]:
        return kept_options(build_parser(["host"]).parse_args(["host", *argv]))

    assert kept("--no-discovery") == ["--no-discovery"]  # (not the default --host 0.0.0.0, never typed)
    assert kept("--host", "127.0.0.1", "--plain") == ["--host", "127.0.0.1", "--plain"]
    try:
        switch_language("es")  # (F2 remembers it: the next start speaks it)
        assert resume_command("es") == "uno host --resume"
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Your seat at Mesa waits for you: uno join 10.0.0.2:7777 takes you back to it."),
    ("es", "Tu asiento en Mesa te espera: uno join 10.0.0.2:7777 te devuelve a él."),
])
def test_a_guest_who_quits_with_a_seat_is_told_how_to_come_back(lang: str, said: str) -> None:
    """Found play-testing: Carla quit a waiting room and her terminal said nothing of the seat
    kept for her; the others read that it waited."""
    from client.hosting import guest_parting
    from protocol import Joined

    model = seated(None, room=room_info(started=False, host_seat="1"), lang=lang)
    try:
        assert guest_parting(model, "10.0.0.2:7777") == said
        assert guest_parting(model, None) == said.replace(" 10.0.0.2:7777", "")
        replaced = seated(None, room=room_info(started=False, host_seat="1"), lang=lang)
        replaced.connection_failed("replaced")  # (found re-checking: told of a seat another window took)
        assert guest_parting(replaced, "10.0.0.2:7777") == ""
        model.apply(Joined(room=room_info(started=True, host_seat="1"), role="spectator", seat=None))
        assert guest_parting(model, "10.0.0.2:7777") == ""  # (a watcher has no seat)
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "winner", "said"), [
    ("en", "2", "Luis won the match. Points: Luis 510, Bot 3 127, you 40, Bot 1 0."),
    ("es", "2", "Luis ganó la partida. Puntos: Luis 510, Bot 3 127, tú 40, Bot 1 0."),
    ("en", ME, "You won the match. Points: you 510, Bot 3 127, Luis 40, Bot 1 0."),
])
def test_one_who_quits_after_a_match_was_won_keeps_who_won_it_and_the_points(lang: str, winner: str,
                                                                              said: str) -> None:
    """Found play-testing (helper 147): a match ended early left its points on the terminal as it
    came back; after Pablo won with 246, the three who quit read nothing."""
    from client.hosting import won_parting

    scores = (0, 510, 127, 40) if winner == "2" else (0, 40, 127, 510)
    view = make_view(outcome=MatchOutcome(winner, scores), hand_result=HandResult(winner, 30), scores=scores)
    model = seated(view, room=room_info(started=False), lang=lang)
    try:
        assert won_parting(model) == said
        assert won_parting(seated(make_view(), lang=lang)) == ""  # (a match under way: not this)
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The host ended the match. Points: Luis 80, Bot 3 30, Bot 1 0, you 0."),
    ("es", "El anfitrión terminó la partida. Puntos: Luis 80, Bot 3 30, Bot 1 0, tú 0."),
])
def test_a_guest_whose_host_ended_the_match_keeps_its_points_on_the_terminal(lang: str, said: str) -> None:
    """Found play-testing: the host who ended the match read its points as the terminal came
    back; the guest, nothing."""
    from client.hosting import guest_parting

    model = seated(make_view(scores=(0, 80, 30, 0)), lang=lang)
    try:
        model.connection_failed("table_closed")
        assert guest_parting(model, "10.0.0.2:7777") == said
        lost = seated(make_view(scores=(0, 80, 30, 0)), lang=lang)
        lost.connection_failed("server_closed")
        assert guest_parting(lost, "10.0.0.2:7777") == ""
    finally:
        set_language("en")


def test_uno_host_says_the_points_of_a_match_it_ended_or_how_a_kept_one_comes_back() -> None:
    """Found play-testing: the host who ended the match (q, then e) read nothing of its points in
    the terminal, and one who quit with Ctrl-C nothing of the match kept."""
    from client.hosting import Hosting, parting_words

    def said(end: bool | None, match_on: bool = True, points: str = "Ana 80, Bot 1 0") -> str:
        host = Hosting(active=True, end_table=end)
        return parting_words(host, match_on, points, lambda: "uno host --resume")

    assert said(True) == "The match ended before anyone won it. Points: Ana 80, Bot 1 0."
    assert said(False).startswith("The match is kept: uno host --resume brings it back")
    assert said(None) == said(False)  # (Ctrl-C during a match keeps it)
    assert said(None, match_on=False) == said(True, match_on=False) == said(True, points="") == ""
    alone = parting_words(Hosting(active=True), True, "", lambda: "uno host --resume", friends=False)
    assert alone == "The match is kept: uno host --resume brings it back."  # (of bots: no friends)
