"""The client's side of seats and rule options: the new-table form sets every rule option, the
lobby, the waiting room and the header name the options that are on (in both languages), and a
late arrival asks for a seat, sees its place in the line, and sits down."""

from __future__ import annotations

import dataclasses

import pytest
from clientkit import (
    DOWN,
    ENTER,
    ME,
    NAMES,
    RIGHT,
    connected_model,
    make_view,
    press,
    render_text,
    room_info,
    screen_lines,
    seated,
    show,
)

from client.draw import width_of
from client.enums import Screen
from client.form import FIELDS, CreateForm, step
from client.i18n import EN, set_language, t
from client.model import Model
from client.plaincmd import PlainCommands
from client.render import Renderer
from client.rulestext import rule_labels, waiting_labels
from client.screens import FORM_LABEL, field_about, form_field
from engine import RuleSet
from engine import events as ev
from engine.bots import BOT_LEVELS
from engine.cards import Card, Color
from engine.rules import WildDrawFour
from engine.view import HandResult
from protocol import (
    CreateRoom,
    Events,
    History,
    Joined,
    JoinRoom,
    Queued,
    RoomInfo,
    Rooms,
    RoomSummary,
    RoomUpdate,
    SeatInfo,
    SeatKind,
    Start,
    TakeSeat,
    ViewMsg,
    Welcome,
    codec,
    left_seat_name,
)


def focus(form: CreateForm, key: str) -> None:
    form.focus = FIELDS.index(key)


def test_the_form_sets_every_rule_option_of_the_engine() -> None:
    form = CreateForm(name="Casa")
    for key in ("strict", "draw_until", "stack", "stack_four", "seven_zero", "jump_in", "left_first"):
        focus(form, key)
        form.change(1)
    focus(form, "uno_penalty")
    form.change(1)  # 2 -> 3
    focus(form, "false_catch")
    form.change(1)
    form.change(1)  # 0 -> 2
    focus(form, "target")
    form.change(-1)  # 500 -> 300
    focus(form, "bot_level")
    form.change(1)
    focus(form, "late_join")
    form.change(1)
    focus(form, "timeout")
    form.change(1)
    message = form.message("x")
    rules = RuleSet.preset(message.preset, **{
        k: (WildDrawFour(v) if k == "wild_draw_four" else v) for k, v in message.rules.items()})
    assert rules == RuleSet(first_to_left=False, draw_until_playable=True,
                            wild_draw_four=WildDrawFour.STRICT, stack_draw_two=True,
                            stack_wild_draw_four=True, seven_zero=True, jump_in=True,
                            uno_penalty=3, false_catch_penalty=2, target_score=300)
    # every field of RuleSet is set by the form (none is left to the preset by accident)
    assert set(message.rules) == {f.name for f in dataclasses.fields(RuleSet)}
    assert (message.bot_level, message.late_join, message.turn_timeout) == (
        step(BOT_LEVELS, "normal", 1), "next_hand", 45.0)  # the level after normal


def test_the_form_target_runs_down_to_a_single_hand_and_the_preset_resets_options() -> None:
    form = CreateForm()
    focus(form, "target")
    for _ in range(10):
        form.change(-1)
    assert form.target is None and form.message("x").rules["target_score"] is None
    focus(form, "preset")
    form.change(1)
    house = RuleSet.preset("house")
    assert form.strict is (house.wild_draw_four is WildDrawFour.STRICT) and form.target == 500
    assert form.options["stack"] is True and form.options["left_first"] is False


def test_the_form_keeps_the_focused_field_in_sight_on_a_small_screen() -> None:
    set_language("en")
    model = connected_model()
    model.open_form()
    assert model.form is not None
    model.form.focus = FIELDS.index("false_catch")
    lines = Renderer(model).form(60, 12)
    text = "\n".join("".join(f[1] for f in line) for line in lines)
    assert len(lines) <= 12 and "False catch: draw" in text and "›" in text
    # (and the rows out of sight are said: found play-testing, at 80x24 nothing said the form
    # went on below)
    for focus, above, below in ((0, None, "↓ 4 more"), (FIELDS.index("target"), "↑ 1 more", "↓ 3 more"),
                                (len(FIELDS) - 1, "↑ 4 more", None)):
        model.form.focus = focus
        shown = [line.strip() for line in screen_lines(model, columns=80, rows=24)]
        assert above in shown if above else not any(line.startswith("↑ ") for line in shown), shown
        assert below in shown if below else not any(line.startswith("↓ ") for line in shown), shown


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_form_says_what_its_focused_rule_means_under_its_rows(lang: str) -> None:
    """Found play-testing: a newcomer could not tell what "Strict +4" or "Jump-in" would change;
    the level's and the target's rows said what they meant, no rule's did."""
    set_language(lang)
    try:
        model = connected_model()
        model.open_form()
        assert model.form is not None
        about = [key for key in FIELDS if "about_" + key in EN]
        assert {"preset", "strict", "draw_until", "stack", "stack_four", "seven_zero", "jump_in",
                "left_first", "uno_penalty", "false_catch", "timeout", "late_join"} <= set(about)
        for key in about:
            model.form.focus = FIELDS.index(key)
            lines = screen_lines(model, columns=80, rows=24)
            said = " ".join(" ".join(line.split()) for line in lines)
            assert " ".join(t("about_" + key).split()) in said, key  # whole: within ABOUT_LINES
            assert any(line.startswith(" ›") for line in lines), key  # the focused row in sight
        jump = " ".join(t("about_jump_in").split()[:4])
        model.form.focus = FIELDS.index("name")
        assert jump not in " ".join(screen_lines(model, columns=80, rows=24))  # (the focused row's alone)
        # the rows keep their place as the focus goes down (found re-checking: they jumped as
        # the text under them grew and shrank)
        tops = []
        for key in FIELDS:
            model.form.focus = FIELDS.index(key)
            tops.append(FIELDS.index(next(k for k in FIELDS if form_field(model.form, k)[0] in
                                          screen_lines(model, columns=80, rows=24)[3])))
        assert tops == sorted(tops), tops
        model.form.focus, model.form.target = FIELDS.index("target"), None
        assert t("about_target_single") in " ".join(screen_lines(model, columns=80, rows=24))
        # (of the choice made: found play-testing, 60 s read "… No limit: nobody is hurried")
        model.form.focus, model.form.timeout = FIELDS.index("timeout"), 0.0
        assert t("about_timeout_none") in " ".join(screen_lines(model, columns=80, rows=24))
        assert field_about(model.form) == t("about_timeout_none")
    finally:
        set_language("en")


def test_plain_mode_says_what_a_rule_means_the_first_time_it_is_set() -> None:
    set_language("es")
    try:
        model = connected_model()
        model.open_form()
        assert model.form is not None
        commands = PlainCommands(model)
        number = model.form.fields.index("jump_in") + 1
        commands.run(f"{number} sí")
        assert model.form.options["jump_in"] and model.prompts.notice == t("about_jump_in")
        model.prompts.notice = ""
        commands.run(f"{number} no")
        assert not model.form.options["jump_in"] and model.prompts.notice == ""  # (said once)
        # (a choice with words of its own says them too: found re-checking, "6 60" then "6 0"
        # never said that no limit means a turn waits for its player)
        timeout = model.form.fields.index("timeout") + 1
        commands.run(f"{timeout} 60")
        assert model.prompts.notice == t("about_timeout")
        model.prompts.notice = ""
        commands.run(f"{timeout} 0")
        assert model.prompts.notice == t("about_timeout_none"), model.prompts.notice
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_label_of_the_form_fits_its_column(lang: str) -> None:
    """No label is cut ("Quien llega tarde se sien…" was, in Spanish)."""
    model = connected_model()
    set_language(lang)
    try:
        model.open_form()
        assert model.form is not None
        for key in FIELDS:
            label, _ = form_field(model.form, key)
            assert width_of(label) <= FORM_LABEL, label
    finally:
        set_language("en")


def test_keys_reach_the_new_fields() -> None:
    model = connected_model()
    press(model, "n")
    sent = press(model, *[DOWN] * FIELDS.index("late_join"), RIGHT, ENTER)
    assert len(sent) == 1 and isinstance(sent[0], CreateRoom) and sent[0].late_join == "next_hand"


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("stack +2", "7-0 swaps", "jump-in", "to 300 points", "missed UNO: draw 2", "turn 30 s",
            "easy bots", "late arrivals sit at the next hand")),
    ("es", ("acumular +2", "7-0 cambia manos", "cortar", "a 300 puntos", "sin UNO: robas 2",
            "turno de 30 s", "bots de nivel fácil", "quien llega tarde se sienta en la próxima mano")),
])
def test_the_waiting_room_names_the_options_that_are_on(lang: str, words: tuple[str, ...]) -> None:
    rules = RuleSet(stack_draw_two=True, seven_zero=True, jump_in=True, target_score=300).to_dict()
    model = seated(room=room_info(started=False, rules=rules, bot_level="easy",
                                  late_join="next_hand", seats={ME: "Ana"}), lang=lang)
    text = render_text(model, columns=200)
    for word in words:
        assert word in text, word
    assert ("bots take the 3 empty seats, or S starts without them" if lang == "en"
            else "los bots ocupan los 3 asientos vacíos, o S empieza sin ellos") in text
    assert "draw until playable" not in text and "robar hasta poder jugar" not in text  # off
    # one empty seat, in words (found play-testing: "los asientos vacíos (1)")
    three = seated(room=room_info(started=False, max_seats=2, seats={ME: "Ana"}), lang=lang)
    assert ("a bot takes the empty seat, or S starts without it" if lang == "en"
            else "un bot ocupa el asiento vacío, o S empieza sin él") in render_text(three, columns=200)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_ten_seats_and_every_rule_fit_the_waiting_room_at_80_by_24(lang: str) -> None:
    """A line per seat left no room at ten seats: the rules were cut after their second line.
    The seats go in two columns then. A full table does not say which bots fill empty seats:
    there are none, and "normal bots" read as the level of every bot, levels changed or not."""
    rules = RuleSet(stack_draw_two=True, seven_zero=True, jump_in=True).to_dict()
    names = {str(i): f"Bot {i}" for i in range(1, 8)} | {"8": "Ana", "9": "Bob", "10": "Zoe"}
    room = dataclasses.replace(room_info(started=False, rules=rules, seats=names, host_seat="8"),
                               max_seats=10)
    model = seated(room=room, lang=lang)
    model.apply(Joined(room=room, role="player", seat="8"))
    screen = "\n".join(screen_lines(model, columns=80, rows=24))
    for name in names.values():
        assert f". {name}" in screen, (name, screen)
    lines = screen.splitlines()
    bob, zoe = (next(line for line in lines if f". {n}" in line) for n in ("Bob", "Zoe"))
    assert bob.index(". Bob") == zoe.index(". Zoe"), screen  # " 9." over "10."
    last = {"en": "late arrivals sit at once", "es": "quien llega tarde se sienta al momento"}[lang]
    assert last in " ".join(screen.split()), screen
    assert "bots in the empty seats" not in screen and "asientos vacíos" not in screen
    set_language("en")


def test_the_header_names_the_options_that_are_on() -> None:
    rules = RuleSet(jump_in=True, target_score=None).to_dict()
    model = seated(make_view(), room=room_info(rules=rules), lang="es")
    (line,) = Renderer(model).title(160, 1)
    text = "".join(f[1] for f in line)
    assert "oficial+, una sola mano, cortar" in text and "Mano 1" in text
    # (marked as the title and the form mark it: found play-testing, "Rules: house —" under "house+")
    from client.rulestext import rules_sentence

    info = model.seating.room
    assert info is not None and rules_sentence(info).startswith("Reglas: oficial+ — "), rules_sentence(info)
    set_language("en")


@pytest.mark.parametrize(("lang", "words"), [
    ("es", "de la casa+, a 100 puntos, sin acumular +2, 7-0 cambia manos, cortar, +4 con desafío"),
    ("en", "house+, to 100 points, no stack +2, 7-0 swaps, jump-in, +4 with challenge"),
])
def test_the_header_names_what_differs_from_the_preset_first(lang: str, words: str) -> None:
    """At 80 columns the header had room for the house preset's own options only ("de la casa,
    a 100 puntos, robar hasta po…"): the ones the host changed never showed during play."""
    rules = RuleSet.preset("house", seven_zero=True, jump_in=True, stack_draw_two=False,
                           wild_draw_four=WildDrawFour.CHALLENGE, target_score=100).to_dict()
    model = seated(make_view(), room=room_info(preset="house", rules=rules), lang=lang)
    try:
        (line,) = Renderer(model).title(200, 1)
        assert words in "".join(f[1] for f in line)
    finally:
        set_language("en")


def test_the_lobby_names_the_chosen_tables_options() -> None:
    set_language("en")
    model = connected_model()
    summary = RoomSummary(id="1", name="Mesa", host="Ana", players=1, seats=4, bots=0,
                          spectators=0, preset="house", started=False, password=False,
                          rules=RuleSet.preset("house").to_dict(), turn_timeout=0)
    model.apply(Rooms(rooms=(summary,)))
    text = "\n".join("".join(f[1] for f in line) for line in Renderer(model).lobby(120, 20))
    assert "Mesa: house, to 500 points, draw until playable, stack +2, strict +4" in text
    assert "no turn clock" in " ".join(text.split()), text  # (the line wrapped where it falls)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ("Carla's table: house+, to 100 points,", "turn 30 s, late arrivals sit at the next hand")),
    ("es", ("Carla's table: de la casa+, a 100 puntos,",
            "turno de 30 s, quien llega tarde se sienta en la próxima mano")),
])
def test_the_lobby_says_when_a_late_arrival_sits(lang: str, words: tuple[str, ...]) -> None:
    """Found play-testing: the chosen table's line ("Carla's table: house, to 100 points, …
    turn 30 s") did not say whether one arriving mid-match sits at once or at the next hand
    (``RoomSummary.late_join``); an older server, which does not say, gets no words for it."""
    set_language(lang)
    try:
        model = connected_model()
        rules = RuleSet.preset("house", seven_zero=True, jump_in=True, target_score=100).to_dict()
        summary = RoomSummary(id="1", name="Carla's table", host="Carla", players=2, seats=4,
                              bots=2, spectators=0, preset="house", started=True, password=False,
                              rules=rules, turn_timeout=30, late_join="next_hand")
        model.apply(Rooms(rooms=(summary,)))
        lines = ["".join(f[1] for f in line) for line in Renderer(model).lobby(80, 24)]
        assert all(width_of(line) <= 80 for line in lines), lines
        text = " ".join(" ".join(lines).split())
        for part in words:
            assert part in text, (part, lines)
        model.apply(Rooms(rooms=(dataclasses.replace(summary, late_join=None),)))
        text = " ".join("".join(f[1] for f in line) for line in Renderer(model).lobby(80, 24))
        assert "late arrivals" not in text and "llega tarde" not in text
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "seated", "more"), [
    ("en", "At the table: Ana (won 3 of 7 hands) · Bot 1 (hard) · Luis (won 1 of 1 hand) · Eva",
     "…and 40 more tables the server did not list"),
    ("es", "En la mesa: Ana (ganó 3 de 7 manos) · Bot 1 (difícil) · Luis (ganó 1 de 1 mano) · Eva",
     "…y 40 mesas más que el servidor no listó"),
])
def test_the_lobby_gives_a_line_per_player_of_the_chosen_table(lang: str, seated: str, more: str) -> None:
    """Who sits at the table, a bot's level, and the hands each person has won under its rules
    (a newcomer has none yet; a bot's would be every bot's of its level, which read as its own);
    the tables the server left out of its list are counted."""
    set_language(lang)
    try:
        model = connected_model()
        people = (SeatInfo(seat="1", name="Ana", kind=SeatKind.HUMAN, hands=7, hands_won=3),
                  SeatInfo(seat="2", name="Bot 1", kind=SeatKind.BOT, level="hard", hands=9, hands_won=2),
                  SeatInfo(seat="3", name="Luis", kind=SeatKind.HUMAN, hands=1, hands_won=1),
                  SeatInfo(seat="4", name="Eva", kind=SeatKind.HUMAN, hands=0, hands_won=0))
        summary = RoomSummary(id="1", name="Mesa", host="Ana", players=2, seats=4, bots=1,
                              spectators=0, preset="house", started=False, password=False,
                              seated=people)
        model.apply(Rooms(rooms=(summary,), more=40))
        text = "\n".join("".join(f[1] for f in line) for line in Renderer(model).lobby(120, 20))
        assert seated in text and more in text
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "seated"), [
    ("en", "At the table: Ana (offline) · Luis (away) · Bot 1 (hard) · 2 watching"),
    ("es", "En la mesa: Ana (desconect.) · Luis (ausente) · Bot 1 (difícil) · 2 mirando"),
])
def test_the_lobby_says_who_is_offline_or_away_and_how_many_watch(lang: str, seated: str) -> None:
    """Found play-testing: Bea had quit (a stand-in played her seat), and the lobby read her as
    playing; and only the table's own header said anyone watched it."""
    from client.plainview import PlainView

    set_language(lang)
    try:
        model = connected_model()
        people = (SeatInfo(seat="1", name="Ana", kind=SeatKind.HUMAN, connected=False),
                  SeatInfo(seat="2", name="Luis", kind=SeatKind.HUMAN, away=True),
                  SeatInfo(seat="3", name="Bot 1", kind=SeatKind.BOT, level="hard"))
        model.apply(Rooms(rooms=(RoomSummary(id="1", name="Mesa", host="Luis", players=2, seats=4, bots=1,
                                             spectators=2, preset="official", started=True,
                                             password=False, seated=people),)))
        text = "\n".join("".join(f[1] for f in line) for line in Renderer(model).lobby(120, 20))
        assert seated in text, text
        assert seated in " ".join(PlainView(model).changes())
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "seated"), [
    ("en", "Bot 1 (hard) · Ana (bot, normal) · Luis (won 1 of 1 hand) · Ana (bot, hard) 2"),
    ("es", "Bot 1 (difícil) · Ana (bot, normal) · Luis (ganó 1 de 1 mano) · Ana (bot, difícil) 2"),
])
def test_the_lobby_names_a_seat_left_to_a_bot_as_the_table_does_and_its_level(lang: str, seated: str) -> None:
    """The host left during the match: a bot plays on under "Ana (bot)" (the table's name for
    it, ``protocol.left_seat_name``), and the lobby added the level after it, "Ana (bot)
    (normal)"; the level goes inside the name's own brackets, on the full screen and in plain
    mode, and before the number that tells a second Ana's seat from hers ("Ana (bot) 2 (normal
    bot)" before)."""
    from client.plainview import PlainView

    set_language(lang)
    try:
        model = connected_model()
        people = (SeatInfo(seat="1", name="Bot 1", kind=SeatKind.BOT, level="hard"),
                  SeatInfo(seat="2", name=left_seat_name("Ana"), kind=SeatKind.BOT, level="normal"),
                  SeatInfo(seat="3", name="Luis", kind=SeatKind.HUMAN, hands=1, hands_won=1),
                  # (a second Ana who left: the table's name is made unique after the mark)
                  SeatInfo(seat="4", name=left_seat_name("Ana") + " 2", kind=SeatKind.BOT, level="hard"))
        model.apply(Rooms(rooms=(RoomSummary(id="1", name="Mesa", host="Luis", players=1, seats=4, bots=3,
                                             spectators=0, preset="official", started=True,
                                             password=False, seated=people),)))
        screen = " ".join(" ".join("".join(f[1] for f in line).split())
                          for line in Renderer(model).lobby(120, 20))
        plain = " ".join(PlainView(model).changes())
        for text in (screen, plain):
            assert seated in text and "(bot) (" not in text, text
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_lobby_columns_stay_apart_in_both_languages(lang: str) -> None:
    """A house table being played: its preset and state are two columns ("de la casa jugando"
    ran together in Spanish), under their headings."""
    set_language(lang)
    try:
        model = connected_model()
        summary = RoomSummary(id="1", name="Mesa de Sofía", host="Ana", players=3, seats=3, bots=0,
                              spectators=0, preset="house", started=True, password=False)
        model.apply(Rooms(rooms=(summary,)))
        lines = ["".join(f[1] for f in line) for line in Renderer(model).lobby(80, 20)]
        heading = next(line for line in lines if "Mesa de Sofía" not in line and (
            "Rules" in line or "Reglas" in line))
        row = next(line for line in lines if line.startswith("› Mesa de Sofía"))
        rules, state = (("house", "playing") if lang == "en" else ("de la casa", "jugando"))
        assert f"{rules}  " in row and row.index(state) == heading.index(heading.split()[-1]), (heading, row)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", [60, 80, 100])
def test_the_lobby_keeps_a_tables_state_whole_and_narrows_its_name(lang: str, width: int) -> None:
    """Found play-testing: at 80 columns "waiting · 3 bots · password" lost the password, and at
    60 the whole state was "…". The name column narrows first, then the host's, and the
    state's columns stay under their heading."""
    set_language(lang)
    try:
        model = connected_model()
        locked = RoomSummary(id="1", name="Nina's table for friends", host="Nina Rodríguez", players=1,
                             seats=4, bots=3, spectators=0, preset="official", started=False, password=True)
        model.apply(Rooms(rooms=(locked, dataclasses.replace(locked, id="2", name="Sala", password=False))))
        lines = ["".join(f[1] for f in line) for line in Renderer(model).lobby(width, 20)]
        state = ("waiting · password · 3 bots" if lang == "en" else "esperando · contraseña · 3 bots")
        row = next(line for line in lines if line.startswith("› Nina"))
        if width < 80:  # (no room for it whole: its first words, not "…")
            state = state[:15]
        assert state in row and (width < 80 or row.rstrip().endswith(state)), (width, row)
        heading = next(line for line in lines if t("col_state") in line)
        assert row.index(state) == heading.index(t("col_state")), (heading, row)
        if width >= 100:
            assert "Nina's table for friends" in row and "Nina Rodríguez" in row, row
    finally:
        set_language("en")


def late_arrival(lang: str = "en") -> Model:
    set_language(lang)
    model = Model("Eva")
    model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Eva"))
    summary = RoomSummary(id="1", name="Mesa", host="Ana", players=1, seats=4, bots=3,
                          spectators=0, preset="official", started=True, password=False)
    model.apply(Rooms(rooms=(summary,)))
    model.outbox.clear()
    return model


def test_enter_on_a_full_table_before_its_start_waits_in_line() -> None:
    """Found play-testing: before the start, Enter on a table whose seats people held only said
    "Every seat is taken" (during a match it puts one in line)."""
    model = late_arrival()
    full = RoomSummary(id="1", name="Two", host="Hal", players=2, seats=2, bots=0, spectators=0,
                       preset="official", started=False, password=False)
    open_seat = dataclasses.replace(full, id="2", name="Three", seats=3)
    model.apply(Rooms(rooms=(full, open_seat)))
    assert press(model, ENTER) == [JoinRoom(room="1", spectate=True)]
    model.apply(Joined(room=room_info(started=False), role="spectator"))
    assert model.outbox.take() == [TakeSeat()]
    other = late_arrival()
    other.apply(Rooms(rooms=(open_seat,)))
    assert press(other, ENTER) == [JoinRoom(room="2")]  # (a free seat: sat at once)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You take Bot 3's seat at the next match (j cancels)."),
    ("es", "Ocuparás el asiento de Bot 3 en la próxima partida (j cancela)."),
])
def test_a_seat_promised_at_a_table_of_single_hands_is_for_the_next_match(lang: str, said: str) -> None:
    """Found play-testing: told "at the next hand" at a single-hand table, whose next hand is the
    rematch (which the players must start)."""
    model = late_arrival(lang)
    model.apply(Joined(room=room_info(rules={**RuleSet().to_dict(), "target_score": None}), role="spectator"))
    model.apply(Queued(position=1, seat="3"))
    show(model, make_view(hand=""))
    assert said in render_text(model)
    set_language("en")


@pytest.mark.parametrize(("late_join", "said"), [
    ("now", "Press j to take over a bot's seat: its cards and points."),
    ("next_hand", "Press j to take over a bot's seat at the next hand, with its points.")])
def test_a_watcher_is_told_when_a_bots_seat_would_be_theirs_and_with_its_points(late_join: str,
                                                                                 said: str) -> None:
    """Found play-testing: at a table whose late arrivals sit as a hand is dealt, "take over a
    bot's seat" read as at once; and waiting for the deal, the newcomer was not told that the
    bot's points came with its seat (the bot won the hand meanwhile: he led the match unwarned)."""
    model = late_arrival()
    model.apply(Joined(room=room_info(late_join=late_join), role="spectator"))
    show(model, make_view(hand=""))
    assert said in " ".join(render_text(model, columns=100).split())


def test_one_in_line_for_the_seat_a_bot_plays_for_one_who_left_is_told_that_persons_seat() -> None:
    """Found play-testing: "You take Gil (bot)'s seat at the next hand"."""
    model = late_arrival()
    model.apply(Joined(room=room_info(seats={**NAMES, "3": "Gil (bot)"}), role="spectator"))
    model.apply(Queued(position=1, seat="3"))
    show(model, make_view(hand=""))
    text = " ".join(render_text(model, columns=100).split())
    assert "You take Gil's seat, and its points, at the next hand" in text, text


def test_enter_on_a_match_in_progress_watches_then_asks_for_a_bots_seat() -> None:
    model = late_arrival()
    assert press(model, ENTER) == [JoinRoom(room="1", spectate=True)]
    model.apply(Joined(room=room_info(), role="spectator"))
    assert model.outbox.take() == [TakeSeat()]
    model.apply(Queued(position=1, seat="3"))
    show(model, make_view(hand=""))
    text = render_text(model)
    assert "You take Bot 3's seat, and its points, at the next hand (j cancels)." in text
    assert "j leave the line" in text and "j take a seat" not in text  # (the help line said so)
    model.apply(Joined(room=room_info(seats={**NAMES, "3": "Eva"}), role="player", seat="3"))
    assert model.seating.role == "player" and model.seating.queue_position == 0 and model.seating.seat == "3"
    # (the others' logs say "Eva took over Bot 3's seat"; her own screen said nothing)
    took = "You took over Bot 3's seat: its cards and points are yours."
    assert took in render_text(model)
    # and her log says it after the past the server sends, as her first turn takes the notice
    # away (found play-testing: seated from the line, nothing on Dave's screen said so)
    deal = codec.event_to_wire(ev.HandStarted(2, "2", 1))
    model.apply(History(events=((deal,),), chat=(), names=()))
    model.apply(Events(events=(codec.event_to_wire(ev.TurnStarted("3")),)))
    assert model.prompts.notice != took and model.transcript.log[-1] == took


def test_taking_a_bots_seat_under_another_name_says_so() -> None:
    """Found play-testing: a second Ana took over Bot 2's seat as "Ana 2", and only the corner of
    her screen said it; the notice of the seat taken says the name too."""
    model = late_arrival()
    press(model, ENTER)
    model.apply(Joined(room=room_info(), role="spectator"))
    seats = {**NAMES, "3": "Eva 2", "2": "Eva"}
    model.apply(Joined(room=room_info(seats=seats), role="player", seat="3"))
    said = model.prompts.notice
    assert said == ("Someone here has your name: the table calls you Eva 2. "  # (first: a narrow
                    "You took over Bot 3's seat: its cards and points are yours."), said  # screen cuts it)


def test_w_only_watches_and_j_asks_then_cancels() -> None:
    model = late_arrival("es")
    assert press(model, "w") == [JoinRoom(room="1", spectate=True)]
    model.apply(Joined(room=room_info(), role="spectator"))
    assert model.outbox.take() == []
    show(model, make_view(hand=""))
    # (with its points: found play-testing, Fer, taking Bot 1's seat, led the match unwarned)
    said = " ".join(render_text(model).split())
    assert "Pulsa j para ocupar el asiento de un bot: sus cartas y sus puntos." in said, said
    assert press(model, "j") == [TakeSeat()]
    model.apply(Queued(position=2))
    assert "Eres el número 2 en la cola" in render_text(model)
    assert "j deja la cola" in render_text(model)
    assert press(model, "j") == [TakeSeat(cancel=True)]
    model.apply(Queued(position=0))
    assert model.seating.queue_position == 0
    assert press(model, "j") == [TakeSeat()]
    model.apply(Joined(room=room_info(seats={**NAMES, "1": "Eva"}), role="player", seat="1"))
    assert "Ocupaste el asiento de Bot 1: sus cartas y sus puntos son tuyos." in render_text(model)


@pytest.mark.parametrize(("lang", "words"), [("en", "You have a seat for the next match."),
                                             ("es", "Tienes asiento para la próxima partida.")])
def test_seated_from_the_line_as_the_match_ends_the_hand_says_the_seat_is_for_the_next(
        lang: str, words: str) -> None:
    """Eva waited in line at a full table; the match ended and a player declined the rematch:
    the server seats her for the next match, and sends no view of the one over (she was not in
    it). Her screen went on saying that she was watching and could press j to wait in line."""
    model = late_arrival(lang)
    try:
        model.apply(Joined(room=room_info(), role="spectator"))
        model.apply(Queued(position=1))
        show(model, dataclasses.replace(make_view(), seat=None, hand=None))
        in_line = model.seating.spectator_hint("Ana")
        assert in_line in render_text(model)
        model.apply(Joined(room=room_info(started=False), role="player", seat="5"))
        text = render_text(model)
        assert words in text and in_line not in text and model.seating.spectator_hint("Ana") not in text
    finally:
        set_language("en")


def test_a_player_has_no_take_seat_key_and_the_host_has_two_starts() -> None:
    model = seated(room=room_info(started=False))
    assert model.screen is Screen.WAITING
    assert press(model, "j", "S", "s") == [Start(fill=False), Start(fill=True)]


@pytest.mark.parametrize(("lang", "left", "host"), [
    ("en", "Luis left: a bot plays the seat", "You are the host now"),
    ("es", "Luis se fue: un bot juega su asiento", "Ahora llevas la mesa"),
])
def test_the_log_says_who_left_mid_match_and_who_is_the_host_now(lang: str, left: str, host: str) -> None:
    """Luis (the host) leaves a match: a bot takes his seat, keeping his name, and the host
    passes on. The others' logs said nothing of either (only "Luis (bot)" in the header)."""
    model = seated(make_view(), room=room_info(host_seat="2"), lang=lang)
    try:
        before = model.seating.room
        assert before is not None
        seats = tuple(dataclasses.replace(s, kind="bot") if s.seat == "2" else s for s in before.seats)
        model.apply(RoomUpdate(room=dataclasses.replace(before, seats=seats, host_seat="4", host="Ana")))
        assert model.transcript.log[-2:] == [left, host], model.transcript.log
    finally:
        set_language("en")


def test_the_log_says_who_took_over_a_bot() -> None:
    model = seated(make_view())
    before = model.seating.room
    assert before is not None
    seats = tuple(dataclasses.replace(s, name="Eva", kind="human") if s.seat == "1" else s
                  for s in before.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(before, seats=seats)))
    assert model.transcript.log[-1] == "Eva took over Bot 1's seat"
    # Luis left, and a bot played his seat as "Luis (bot)"; back in it, he came back
    gone = tuple(dataclasses.replace(s, name="Luis (bot)", kind="bot") if s.seat == "2" else s for s in seats)
    model.apply(RoomUpdate(room=dataclasses.replace(before, seats=gone)))
    model.apply(RoomUpdate(room=dataclasses.replace(before, seats=seats)))
    assert model.transcript.log[-2:] == ["Luis left: a bot plays the seat", "Luis came back"]


def test_one_from_the_line_who_takes_a_seat_just_left_is_said_in_the_place_of_the_bot() -> None:
    """Found play-testing: "Eve left: a bot plays the seat", then at once "Cid took over Eve's
    seat", which contradicted it: the second line takes the first's place."""
    model = seated(make_view())
    before = model.seating.room
    assert before is not None
    gone = tuple(dataclasses.replace(s, name="Luis (bot)", kind="bot") if s.seat == "2" else s
                 for s in before.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(before, seats=gone)))
    assert model.transcript.log[-1] == "Luis left: a bot plays the seat"
    cid = tuple(dataclasses.replace(s, name="Cid", kind="human") if s.seat == "2" else s for s in gone)
    model.apply(RoomUpdate(room=dataclasses.replace(before, seats=cid)))
    assert model.transcript.log[-1] == "Cid took over Luis's seat"
    assert "Luis left: a bot plays the seat" not in model.transcript.log, model.transcript.log


@pytest.mark.parametrize(("lang", "line"), [("en", "Luis took over Luis (bot)'s seat"),
                                            ("es", "Luis ocupó el asiento de Luis (bot)")])
def test_a_newcomer_is_not_told_that_someone_whose_leaving_it_never_saw_came_back(
        lang: str, line: str) -> None:
    """Finn joined a match in which Luis had left his seat to a bot ("Luis (bot)") before the
    past Finn was told begins, and then sat in it again: Luis had not "come back" for Finn, who
    never saw him go. His next leave and return are news."""
    from engine.events import HandStarted
    from protocol import History, codec

    room = room_info()
    gone = dataclasses.replace(room, seats=tuple(
        dataclasses.replace(s, name="Luis (bot)", kind="bot") if s.seat == "2" else s for s in room.seats))
    model = seated(room=room, lang=lang)
    try:
        deal = (codec.event_to_wire(HandStarted(1, "1", 1)),)
        then = {s.seat: s.name for s in gone.seats}
        model.apply(History(events=(deal, deal), chat=(), names=(then, {**then, "2": "Luis"})))
        dealt = t("ev_hand", n=1, name="Bot 1")
        assert model.transcript.log == [dealt, line, dealt]  # (it said "Luis came back")
        model.apply(RoomUpdate(room=gone))
        model.apply(RoomUpdate(room=room))
        assert model.transcript.log[-2:] == [t("ev_left_to_bot", name="Luis"), t("ev_back", name="Luis")]
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "line"), [("en", "Luis left: a bot plays the seat"),
                                            ("es", "Luis se fue: un bot juega su asiento")])
def test_the_log_says_who_left_a_match_and_that_a_bot_plays_on(lang: str, line: str) -> None:
    """A person who leaves during a match keeps the seat's name, played by a bot: the seat
    changes kind, and the log must say so (it said nothing)."""
    model = seated(make_view(), lang=lang)
    try:
        before = model.seating.room
        assert before is not None
        seats = tuple(dataclasses.replace(s, kind="bot") if s.seat == "2" else s for s in before.seats)
        model.apply(RoomUpdate(room=dataclasses.replace(before, seats=seats)))
        assert model.transcript.log[-1] == line
    finally:
        set_language("en")


def test_the_spanish_log_says_who_took_over_a_bot_in_the_past_like_every_other_line() -> None:
    model = seated(make_view(), lang="es")
    try:
        before = model.seating.room
        assert before is not None
        seats = tuple(dataclasses.replace(s, name="Eva", kind="human") if s.seat == "1" else s
                      for s in before.seats)
        model.apply(RoomUpdate(room=dataclasses.replace(before, seats=seats)))
        assert model.transcript.log[-1] == "Eva ocupó el asiento de Bot 1"  # jugó, robó, se sentó, ocupó
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_label_of_the_new_table_form_fits_its_column(lang: str) -> None:
    """The form pads labels to 26 columns: a longer one is cut ("Quien llega tarde se sien…")."""
    from client.screens import form_field

    set_language(lang)
    try:
        form = CreateForm()
        too_long = [label for label, _ in (form_field(form, key) for key in FIELDS) if len(label) > 26]
        assert too_long == []
    finally:
        set_language("en")


def test_the_past_is_told_with_the_names_of_then() -> None:
    """Eva took over Bot 1's seat after the deal: her history says Bot 1 dealt, not Eva."""
    from engine.events import HandStarted
    from protocol import History, codec

    model = seated(room=room_info(seats={"1": "Eva", "2": "Luis", "3": "Bot 3", "4": "Ana"}))
    deal = (codec.event_to_wire(HandStarted(1, "1", 1)),)
    model.apply(History(events=(deal, deal), chat=(),
                        names=({"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Ana"}, {})))
    assert model.transcript.log == ["Hand 1 — Bot 1 dealt", "Hand 1 — Eva dealt",  # (no names: today's)
                                    "Eva took over Bot 1's seat"]  # (since the last named batch)


def test_a_late_arrival_is_told_who_took_over_or_left_a_seat_in_the_past_it_joins() -> None:
    """Finn, who came to watch after Eva took over Bot 1's seat, read "Bot 1 played…" and then
    "Eva played…" with no word between (found play-testing); and Luis's leave, and Ana's
    arrival after the last move, are told where they happened."""
    from engine.events import HandStarted
    from protocol import History, codec

    model = seated(room=room_info(seats={"1": "Eva", "2": "Luis (bot)", "3": "Ana", "4": "Finn"}))
    deal = (codec.event_to_wire(HandStarted(1, "1", 1)),)
    first = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Finn"}
    model.apply(History(events=(deal, deal, deal), chat=(),
                        names=(first, {**first, "1": "Eva"}, {**first, "1": "Eva", "2": "Luis (bot)"})))
    assert model.transcript.log == [
        "Hand 1 — Bot 1 dealt",
        "Eva took over Bot 1's seat", "Hand 1 — Eva dealt",
        "Luis left: a bot plays the seat", "Hand 1 — Eva dealt",
        "Ana took over Bot 3's seat"]


@pytest.mark.parametrize(("lang", "waiting"), [("en", "2 watching (1 in line for a seat)"),
                                               ("es", "2 mirando (1 en la cola)")])
def test_at_80_columns_the_header_clips_the_rules_not_the_line_for_a_seat(lang: str, waiting: str) -> None:
    """At 80 columns the header ended "1 waiting for a se…" under a house table's options. (And
    one in line, who watches, was counted twice: "1 waiting for a seat · 1 watching".)"""
    rules = RuleSet.preset("house", seven_zero=True, jump_in=True, target_score=100).to_dict()
    model = seated(make_view(), room=room_info(preset="house", rules=rules, queue=1, spectators=2), lang=lang)
    try:
        (line,) = Renderer(model).title(80, 1)
        text = "".join(f[1] for f in line)
        assert waiting in text and "…" in text and width_of(text) == 80
        # whole options, never one cut in the middle (found play-testing: "house, to 100 poin…")
        from client.rulestext import changed_labels, preset_label

        labels = [preset_label("house", rules), *changed_labels(rules, "house")]
        shown = text.split(" · ")[-1].rsplit("…", 1)[0]
        assert any(shown == ", ".join(labels[:n]) + ", " for n in range(1, len(labels))), text
        # and at any width two spaces at least before our name: "…7-0 cambia manos Beto" read
        # as one (found play-testing)
        for columns in range(40, 121):
            (line,) = Renderer(model).title(columns, 1)
            text = "".join(f[1] for f in line)
            assert text.endswith("  Ana ") and width_of(text) == columns, text
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "swap", "rotate"), [
    ("en", "You hold Luis's hand now: 3 cards", "You hold Bot 3's hand now: 6 cards"),
    ("es", "Ahora tienes la mano de Luis: 3 cartas", "Ahora tienes la mano de Bot 3: 6 cartas")])
def test_a_7_or_a_0_that_moves_our_hand_says_whose_cards_we_hold(lang: str, swap: str, rotate: str) -> None:
    """The log said "Bot 1 swapped hands with Zoe" or "Every hand moved one seat along", and
    Zoe's hand went from 5 to 9 to 16 cards with no word of whose they were (found
    play-testing). A 0 gives each seat the hand of the seat before it in the direction of play."""
    from engine.events import HandsExchanged
    from protocol import Events, codec

    model = seated(make_view(current="2", direction=1), lang=lang)  # (Bot 3 comes before Ana)
    try:
        seven = HandsExchanged("2", ME, (("2", 5, None), (ME, 3, None)))
        model.apply(Events(events=(codec.event_to_wire(seven),)))
        assert model.prompts.notice == swap
        zero = HandsExchanged("1", None, tuple((s, 6 if s == ME else 4, None) for s in ("1", "2", "3", ME)))
        model.apply(Events(events=(codec.event_to_wire(zero),)))
        assert model.prompts.notice == rotate
        last = HandsExchanged("1", None, tuple((s, 1 if s == ME else 4, None) for s in ("1", "2", "3", ME)))
        model.apply(Events(events=(codec.event_to_wire(last),)))
        assert model.prompts.notice.endswith(": 1 card" if lang == "en" else ": 1 carta")  # (not "1 cards")
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "cw", "ccw", "unknown"), [
    ("en", "Every hand moved one seat along, ↻ clockwise",
     "Every hand moved one seat along, ↺ counter-clockwise",
     "Every hand moved one seat along, in the direction of play"),
    ("es", "Todas las manos pasaron un asiento, ↻ horario",
     "Todas las manos pasaron un asiento, ↺ antihorario",
     "Todas las manos pasaron un asiento, en el sentido del juego")])
def test_the_log_of_a_0_says_which_way_the_hands_moved(lang: str, cw: str, ccw: str,
                                                        unknown: str) -> None:
    """"Every hand moved one seat along" did not say which way (found play-testing): the way
    play goes as the 0 fell, as the table shows it; in the past told on joining, the way a deal
    or a Reverse in it set, else "in the direction of play" (R15)."""
    from engine.events import DirectionChanged, HandsExchanged, HandStarted
    from protocol import Events, History, codec

    zero = codec.event_to_wire(HandsExchanged("1", None, tuple((s, 4, None) for s in ("1", "2", "3", ME))))
    try:
        # (and whose hand we hold now, in the log: the hand of the seat before ours that way)
        before = {1: "Bot 3", -1: "Bot 1"}
        for direction, line in ((1, cw), (-1, ccw)):
            model = seated(make_view(current="2", direction=direction), lang=lang)
            model.apply(Events(events=(zero,)))
            yours = (f"you hold {before[direction]}'s now" if lang == "en"
                     else f"tienes la de {before[direction]}")
            assert model.transcript.log[-1] == f"{line} — {yours}"
        model = seated(lang=lang)  # a newcomer: the past comes before any view
        deal = codec.event_to_wire(HandStarted(1, "1", 1))
        turned = codec.event_to_wire(DirectionChanged(-1))
        model.apply(History(events=((zero,), (deal,), (zero,), (turned,), (zero,)), chat=(),
                            names=()))
        assert [line for line in model.transcript.log if "," in line] == [unknown, cw, ccw]
    finally:
        set_language("en")


def test_a_notice_from_before_our_turn_is_gone_when_it_comes_round() -> None:
    """Found play-testing: "You hold Bot 7's hand now: 6 cards" stayed on through a round and
    more, while the hand grew to 10. Our next turn clears it; a notice that batch brings stays."""
    from engine.events import CardPlayed, Drew, Event, HandEnded, HandsExchanged, TurnStarted
    from protocol import Events, codec

    def batch(*events: Event) -> Events:
        return Events(events=tuple(codec.event_to_wire(e) for e in events))

    model = seated(make_view(current="2", direction=1))
    model.apply(batch(HandsExchanged("2", ME, (("2", 5, None), (ME, 3, None))), TurnStarted("3")))
    assert model.prompts.notice == "You hold Luis's hand now: 3 cards"
    model.apply(batch(CardPlayed("3", Card.parse("R5"), Color.RED), TurnStarted("1")))
    assert model.prompts.notice  # (others' turns: still there)
    model.apply(batch(CardPlayed("1", Card.parse("R6"), Color.RED), TurnStarted(ME)))
    assert model.prompts.notice == ""
    swap = HandsExchanged("1", ME, (("1", 4, None), (ME, 6, None)))
    model.apply(batch(swap, TurnStarted(ME)))
    assert model.prompts.notice == "You hold Bot 1's hand now: 6 cards"
    model.apply(batch(CardPlayed("3", Card.parse("R4"), Color.RED), HandEnded("3", 20, (0, 0, 20, 0))))
    assert model.prompts.notice == ""  # (the hand over: our turn never came round)
    model.apply(batch(swap, TurnStarted("2")))
    assert model.prompts.notice == "You hold Bot 1's hand now: 6 cards"
    model.apply(batch(CardPlayed("2", Card.parse("R+2"), Color.RED), Drew(ME, 2, None, "draw_two"),
                      TurnStarted("1")))
    assert model.prompts.notice == ""  # (8 cards now, and our turn lost: found play-testing)


def test_a_house_table_with_the_challenge_says_so_in_the_lobby_and_the_waiting_room() -> None:
    """Found play-testing: a house table (whose Wild Draw Four is strict) with the challenge on
    said so only in its header during play; "house" read as strict before."""
    rules = RuleSet.preset("house", wild_draw_four=WildDrawFour.CHALLENGE).to_dict()
    assert "+4 with challenge" in rule_labels(rules, preset="house")
    assert "+4 with challenge" not in rule_labels(RuleSet.preset("house").to_dict(), preset="house")
    assert "+4 with challenge" not in rule_labels(RuleSet.preset("official").to_dict(), preset="official")
    room = room_info(started=False, preset="house", rules=rules)
    assert "+4 with challenge" in waiting_labels(room)


def test_a_taken_over_seats_past_is_not_told_as_ours() -> None:
    """Found play-testing: Kim took over Bot 1's seat, and her log told Bot 1's earlier moves as
    hers ("You played Wild → green"); Luis, back in the seat a bot had played while he was
    gone, read its moves as his own."""
    from engine.events import CardPlayed
    from protocol import History, codec

    model = seated(room=room_info(seats={"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Kim"}))
    played = (codec.event_to_wire(CardPlayed("4", Card.parse("R7"), Color.RED)),)
    model.apply(History(events=(played, played, played, played), chat=(),
                        names=({"4": "Bot 4"}, {"4": "Kim"}, {"4": "Kim (bot)"}, {"4": "Kim"})))
    assert model.transcript.log == ["Bot 4 played Red 7", "Kim took over Bot 4's seat", "You played Red 7",
                                    "Kim left: a bot plays the seat", "Kim (bot) played Red 7",
                                    "Kim came back", "You played Red 7"]


def test_back_in_the_seat_one_left_one_is_told_so() -> None:
    """Found play-testing: Luis left, came back and got his own seat again, and was told "You
    took over Luis (bot)'s seat: its cards and points are yours"."""
    model = late_arrival()
    press(model, ENTER)
    room = room_info(seats={"1": "Bot 1", "2": "Ana", "3": "Eva (bot)", "4": "Bot 4"})
    model.apply(Joined(room=room, role="spectator"))
    back = room_info(seats={"1": "Bot 1", "2": "Ana", "3": "Eva", "4": "Bot 4"})
    model.apply(Joined(room=back, role="player", seat="3"))
    text = render_text(model)
    assert "You are back in your seat" in text and "took over" not in text, text


def test_another_of_the_same_name_in_the_seat_one_left_is_not_told_they_came_back() -> None:
    """Found re-checking: a second Eva, seated by the server as "Eva 2" in the seat Eva had left
    (Eva was still in the lobby), read "You are back in your seat"."""
    model = late_arrival()
    press(model, ENTER)
    room = room_info(seats={"1": "Bot 1", "2": "Ana", "3": "Eva (bot)", "4": "Bot 4"})
    model.apply(Joined(room=room, role="spectator"))
    taken = room_info(seats={"1": "Bot 1", "2": "Ana", "3": "Eva 2", "4": "Bot 4"})
    model.apply(Joined(room=taken, role="player", seat="3"))
    text = " ".join(render_text(model, columns=100).split())
    assert "back in your seat" not in text and "You took over Eva's seat" in text, text


def test_one_who_takes_over_a_seat_its_person_left_takes_that_persons_seat() -> None:
    """Found play-testing (helper 124): "Cid took over Eva (bot)'s seat", and Cid read "You took
    over Eva (bot)'s seat"; it is Eva's seat, a bot's only since she left."""
    left = room_info(seats={"1": "Bot 1", "2": "Luis", "3": "Eva (bot)", ME: "Ana"})
    left = dataclasses.replace(left, seats=tuple(dataclasses.replace(s, kind="bot") if s.seat == "3" else s
                                                 for s in left.seats))
    model = seated(room=left)
    model.apply(RoomUpdate(room=room_info(seats={"1": "Bot 1", "2": "Luis", "3": "Cid", ME: "Ana"})))
    assert model.transcript.log[-1] == "Cid took over Eva's seat"
    model = late_arrival()
    press(model, ENTER)
    room = room_info(seats={"1": "Bot 1", "2": "Ana", "3": "Zoe (bot)", "4": "Bot 4"})
    room = dataclasses.replace(room, seats=tuple(dataclasses.replace(s, kind="bot") if s.seat == "3" else s
                                                 for s in room.seats))
    model.apply(Joined(room=room, role="spectator"))
    model.apply(Joined(room=room_info(seats={"1": "Bot 1", "2": "Ana", "3": "Eva", "4": "Bot 4"}),
                       role="player", seat="3"))
    assert "You took over Zoe's seat: its cards and points are yours" in render_text(model)


def test_a_second_person_of_the_same_name_is_told_what_the_table_calls_them() -> None:
    """Found play-testing: a second Kim sat as "Kim 2" and was never told."""
    model = late_arrival()
    press(model, ENTER)
    room = room_info(seats={"1": "Bot 1", "2": "Eva", "3": "Eva 2", "4": "Ana"}, started=False)
    model.apply(Joined(room=room, role="player", seat="3"))
    assert "Someone here has your name: the table calls you Eva 2." in render_text(model)
    model.prompts.notice = ""
    model.apply(Joined(room=room, role="player", seat="3"))  # (back after a dropped link: once is enough)
    assert "Someone here has your name" not in render_text(model)


def test_a_hosted_servers_lobby_names_no_table_once_its_table_is_gone() -> None:
    """Found play-testing: `uno host` named its server after its first table; Alice closed that
    table and opened "Friday Night", and every lobby read "Lobby — Alice's table"."""
    from client.screens import lobby_title

    model = Model("Bob")
    model.apply(Welcome(server="Alice's table", version="0", protocol=1, token="a.b", name="Bob",
                        hosted=True))
    assert lobby_title(model) == "Lobby — Alice's table"  # (before the list: as the server says)
    table = RoomSummary(id="2", name="Friday Night", host="Alice", players=1, seats=4, bots=1,
                        spectators=0, preset="official", started=False, password=False)
    model.apply(Rooms(rooms=(table,)))
    assert lobby_title(model) == "Lobby"
    model.apply(Rooms(rooms=(dataclasses.replace(table, name="Alice's table"),)))
    assert lobby_title(model) == "Lobby — Alice's table"
    model.session.hosted = False  # (a dedicated server's name is its own)
    model.apply(Rooms(rooms=(table,)))
    assert lobby_title(model) == "Lobby — Alice's table"


def test_the_form_offers_a_short_match_of_50_points() -> None:
    """Found play-testing: the form's "Match to" stopped at 100 (`uno host --target 50` could)."""
    form = CreateForm(name="Casa")
    focus(form, "target")
    form.target = 100
    form.change(-1)
    assert form.target == 50 and form_field(form, "target")[1] == "50 points"
    form.change(-1)
    assert form.target is None and form.message("x").rules["target_score"] is None


@pytest.mark.parametrize(("lang", "two", "one"), [("en", "2 watching", "1 watching"),
                                                  ("es", "2 mirando", "1 mirando")])
def test_the_players_see_how_many_watch_at_the_table_and_in_the_waiting_room(lang: str, two: str,
                                                                            one: str) -> None:
    """Found play-testing: nothing told the host, nor anyone, that people were watching."""
    model = seated(make_view(), room=room_info(spectators=2), lang=lang)
    try:
        (line,) = Renderer(model).title(100, 1)
        assert f" · {two} · " in "".join(f[1] for f in line)
        waiting = seated(None, room=room_info(started=False, spectators=1), lang=lang)
        assert one in render_text(waiting, columns=80)
        alone = seated(make_view(), room=room_info(), lang=lang)
        assert f"0 {two.split()[1]}" not in "".join(f[1] for f in Renderer(alone).title(100, 1)[0])
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You get your seat back at the next hand (j cancels)."),
    ("es", "Recuperarás tu asiento en la próxima mano (j cancela).")])
def test_one_in_line_for_the_seat_they_left_is_told_they_get_it_back(lang: str, said: str) -> None:
    """Found play-testing: Eve left her seat to a bot, came back to watch, and asked for a seat:
    "You take Eve (bot)'s seat at the next hand"."""
    from protocol import left_seat_name

    model = late_arrival()  # (Eva)
    set_language(lang)
    try:
        press(model, ENTER)
        room = room_info(seats={"1": "Bot 1", "2": "Luis", "3": left_seat_name("Eva"), "4": "Bot 4"})
        model.apply(Joined(room=room, role="spectator"))
        model.apply(Queued(position=1, seat="3"))
        show(model, make_view(hand=""))
        assert said in render_text(model), render_text(model)
    finally:
        set_language("en")


def test_the_line_for_a_seat_at_80_columns_is_said_whole() -> None:
    """Found play-testing: "You are number 1 in line for a seat: one frees when a player
    leaves, or when t…" at 80 columns; "(j cancels)" was cut off."""
    people = {"1": "Luis", "2": "Zoe", "3": "Ana", "4": "Bob"}
    model = late_arrival()
    press(model, ENTER)
    model.apply(Joined(room=room_info(seats=people), role="spectator"))
    model.apply(Queued(position=1))
    show(model, dataclasses.replace(make_view(current="1"), seat=None, hand=None))
    text = " ".join(line.strip() for line in screen_lines(model, columns=80))
    assert "or does not play the rematch (j cancels)." in " ".join(text.split()), text


@pytest.mark.parametrize(("seats", "bar"), [
    ({"1": "Zoe", "2": "Luis", "3": "Pat", "4": "Ana"}, "j wait in line"),
    ({"1": "Bot 1", "2": "Luis", "3": "Pat", "4": "Ana"}, "j take a seat"),
])
def test_a_watchers_key_bar_says_the_seat_key_as_the_table_does(seats: dict[str, str], bar: str) -> None:
    """Found play-testing: at a table of people the bar said "j take a seat" beside "Press j to
    wait in line for a seat"."""
    model = seated(make_view(seat=None, current="1"), room=room_info(seats=seats))
    model.seating.seat = None
    text = render_text(model, columns=100)
    assert bar in text and model.seating.spectator_hint("Eva") in text, text


@pytest.mark.parametrize(("lang", "said"), [("en", "Bot 1 now plays at the expert level"),
                                            ("es", "Bot 1 juega ahora a nivel experto")])
def test_a_bots_new_level_is_told_to_the_table_but_the_host(lang: str, said: str) -> None:
    """Found play-testing: Marta (the host) made Bot 2 an expert, and nobody else was told."""
    def with_level(level: str, host_seat: str) -> RoomInfo:
        info = room_info(started=False, host_seat=host_seat)
        seats = tuple(dataclasses.replace(s, level=level if s.seat == "1" else s.level) for s in info.seats)
        return dataclasses.replace(info, seats=seats)

    for host_seat, told in (("2", True), (ME, False)):
        model = seated(room=with_level("normal", host_seat), lang=lang)
        model.apply(RoomUpdate(room=with_level("expert", host_seat)))
        assert (said in model.transcript.log) is told, model.transcript.log
    # (the host stepping through the levels: one line, the last, where four alike were found
    # play-testing; a line between keeps both)
    model = seated(room=with_level("normal", "2"), lang=lang)
    for level in ("hard", "easy", "expert"):
        model.apply(RoomUpdate(room=with_level(level, "2")))
    told = [line for line in model.transcript.log if line.startswith("Bot 1 ")]
    assert told == [said] and model.transcript.log[-1] == said, model.transcript.log
    model.transcript.add(["Ana: hola"])
    model.apply(RoomUpdate(room=with_level("easy", "2")))
    assert sum(line.startswith("Bot 1 ") for line in model.transcript.log) == 2
    set_language("en")


def test_who_left_is_told_before_who_sat_down() -> None:
    """Found play-testing: Ben took a bot's place in the waiting room, and the log said "Ben sat
    down" before "Bot 3 left"."""
    before = room_info(started=False)
    model = seated(room=before)
    ben = SeatInfo(seat="5", name="Ben", kind=SeatKind.HUMAN)
    seats = (*(s for s in before.seats if s.seat != "3"), ben)
    model.apply(RoomUpdate(room=dataclasses.replace(before, seats=seats)))
    assert model.transcript.log[-2:] == ["Bot 3 left", "Ben sat down"]


@pytest.mark.parametrize(("lang", "changed"), [("en", "official+"), ("es", "oficial+")])
def test_the_forms_rules_field_is_marked_when_an_option_changes(lang: str, changed: str) -> None:
    """Found play-testing: the new-table form still said "official" with Strict +4 on; the lobby
    and the waiting room said "official+" of the same rules."""
    set_language(lang)
    try:
        form = CreateForm()
        assert form_field(form, "preset")[1] == ("official" if lang == "en" else "oficial")
        focus(form, "strict")
        form.change(1)
        assert form_field(form, "preset")[1] == changed
        focus(form, "target")
        form.change(1)  # (the target alone is no change of the rules' kind)
        focus(form, "strict")
        form.change(1)
        assert form_field(form, "preset")[1] != changed
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_hand_won_before_we_sat_is_told_as_its_winners(lang: str) -> None:
    """Found play-testing: Eve took over Bot 1's seat between hands and read "You win hand 1 and
    score 69 points", a hand Bot 1 had won before she sat down."""
    model = seated(room=room_info(started=True), lang=lang)
    ended = codec.event_to_wire(ev.HandEnded(ME, 69, (0, 0, 0, 69)))
    model.apply(History(events=((ended,),), chat=(), names=({ME: "Bot 1"},)))
    over = make_view(current="2", hand_result=HandResult(ME, 69))
    model.apply(ViewMsg(view=codec.view_to_wire(over), deadline=None))
    said = t("hand_won", name="Bot 1", n=1, points=69)
    assert said in " ".join(render_text(model, columns=100).split()), render_text(model, columns=100)
    model.apply(Events(events=(codec.event_to_wire(ev.HandStarted(2, "1", 1)),)))
    assert model.seating.won_before_us == ""  # (the next hands are ours)


def test_a_watcher_in_line_is_in_no_line_once_the_host_closed_the_table() -> None:
    """Found play-testing: Cy, first in line, read "The host closed the table. Press q to quit."
    above "You are number 1 in line…" and "j leave the line", whose j did nothing."""
    model = seated(room=room_info(started=True))
    model.seating.seat, model.seating.role = None, "spectator"
    model.apply(Queued(position=1, seat=None))
    assert model.seating.queue_position == 1
    model.connection_failed("table_closed")
    assert model.seating.queue_position == 0 and "in line" not in render_text(model, columns=100)


def test_a_host_whose_seat_another_window_took_is_not_offered_the_start() -> None:
    """Found play-testing: the old window read "Your seat was taken over by another window.
    Press q to quit." above "You are the host: press s to start", whose s did nothing."""
    model = seated(room=room_info(started=False))
    assert "press s to start" in render_text(model, columns=100)
    model.connection_failed("replaced")
    text = render_text(model, columns=100)
    assert "taken over by another window" in text and "press s to start" not in text
    assert "s start" not in screen_lines(model, columns=100)[-1]  # (nor the key bar: found re-checking)


@pytest.mark.parametrize(("lang", "said"), [("en", "Luis is not back: a bot plays the seat"),
                                            ("es", "Luis no ha vuelto: un bot juega su asiento")])
def test_one_whose_link_was_down_as_the_next_match_began_did_not_leave(lang: str, said: str) -> None:
    """Found re-checking: Raúl, frozen through the rematch, read as "Raúl left" to the others, who
    knew he had only lost the connection."""
    model = seated(make_view(), lang=lang)
    try:
        before = model.seating.room
        assert before is not None
        down = tuple(dataclasses.replace(s, connected=False) if s.seat == "2" else s for s in before.seats)
        model.apply(RoomUpdate(room=dataclasses.replace(before, seats=down)))
        bot = tuple(dataclasses.replace(s, name="Luis (bot)", kind="bot", connected=True)
                    if s.seat == "2" else s for s in before.seats)
        model.apply(RoomUpdate(room=dataclasses.replace(before, seats=bot)))
        assert model.transcript.log[-1] == said, model.transcript.log
    finally:
        set_language("en")


def test_a_long_name_left_to_a_bot_is_cut_with_an_ellipsis() -> None:
    """Found play-testing: "Hal the Magnificent" left, and every screen read "Hal the Magnificen
    (bot)", cut mid-word without a mark."""
    assert left_seat_name("Hal the Magnificent") == "Hal the Magnifice… (bot)"
    assert len(left_seat_name("Hal the Magnificent")) == 24
    assert left_seat_name("Luis") == "Luis (bot)" and left_seat_name("x" * 18) == "x" * 18 + " (bot)"
    from client.seating import left_by

    assert left_by(left_seat_name("Hal the Magnificent"), "Hal the Magnificent")


def test_one_arriving_names_the_seats_gone_before_from_the_past_told() -> None:
    """Found play-testing: Jo came to watch a table at its match's end, whose two bots' seats had
    just gone to Hal and Ivy for the rematch (their seats are new); the board read "#3 won the
    match". The past told on joining (``history.names``) names them."""
    from clientkit import connected_model, room_info

    from protocol import History, Joined

    model = connected_model("Jo")
    room = room_info(started=False, seats={"2": "Carl", "4": "Ana", "6": "Hal", "7": "Ivy"})
    model.apply(Joined(room=room, role="spectator", seat=None))
    names = ({"1": "Hal (bot)", "3": "Bot 3"}, {"1": "Hal the Magnifice… (bot)", "3": "Bot 3", "2": "Carl"})
    model.apply(History(events=((), ()), chat=(), names=names))
    assert model.seating.name_of("1") == "Hal the Magnifice… (bot)"
    assert model.seating.name_of("3") == "Bot 3" and model.seating.name_of("2") == "Carl"
    assert model.seating.name_of("9") == "#9"  # (never told)


def test_one_back_to_watch_after_declining_reads_their_old_seat_as_gone_and_who_sits_now() -> None:
    """Found play-testing: Ben declined the rematch (Carla, in line, sat down in a new seat),
    came back to watch, and read the match's board with his old seat as "Ben", as if he still
    sat there, and nothing of Carla. His own name from the past is gone with him, and the board
    says who sat down for the rematch."""
    from clientkit import connected_model, make_view, render_text, room_info

    from engine.view import HandResult, MatchOutcome
    from protocol import Events, History, Joined, codec

    model = connected_model("Ben")
    room = room_info(started=False, seats={"1": "Bot 1", "3": "Bot 3", "4": "Ana", "5": "Carla"})
    model.apply(Joined(room=room, role="spectator", seat=None))
    model.apply(History(events=((),), chat=(), names=({"1": "Bot 1", "2": "Ben", "3": "Bot 3", "4": "Ana"},)))
    assert model.seating.name_of("2") == "Ben (gone)"
    over = dataclasses.replace(make_view(outcome=MatchOutcome("4", (0, 20, 0, 510)),
                                         hand_result=HandResult("4", 30)), seat=None, hand=None)
    model.apply(Events(events=(), view=codec.view_to_wire(over)))
    said = " ".join(render_text(model, columns=100).split())
    assert "Carla sat down: plays in the rematch" in said, said


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Someone is waiting in line for a seat", "2 are waiting in line for a seat"),
    ("es", "Alguien espera en la cola para un asiento", "2 esperan en la cola para un asiento")])
def test_the_players_log_says_someone_waits_in_line_for_a_seat(lang: str, one: str, two: str) -> None:
    """Found play-testing: at a full table, only the header's count said that Carla waited for a
    seat; the host, who could have freed a bot's seat for her, did not see it."""
    model = seated(make_view(), lang=lang)
    try:
        before = model.seating.room
        assert before is not None
        model.apply(RoomUpdate(room=dataclasses.replace(before, queue=1)))
        assert model.transcript.log[-1] == one
        model.apply(RoomUpdate(room=dataclasses.replace(before, queue=2)))
        assert model.transcript.log[-1] == two
        model.apply(RoomUpdate(room=dataclasses.replace(before, queue=1)))  # (one sat down, or left)
        assert model.transcript.log[-1] == two
    finally:
        set_language("en")


def test_the_lobby_keeps_each_player_s_words_on_one_line() -> None:
    """Found play-testing at ten seats: the lobby's list of who sits there broke "Bot 6 /
    (normal)" and, at 100 columns, "Bot / 5 (normal)"."""
    model = connected_model()
    people = tuple(SeatInfo(seat=str(n), name=f"Bot {n}", kind=SeatKind.BOT, level="normal")
                   for n in range(1, 10))
    summary = RoomSummary(id="1", name="Mesa", host="Ana", players=0, seats=10, bots=9, spectators=0,
                          preset="house", started=True, password=False, seated=people)
    model.apply(Rooms(rooms=(summary,)))
    for columns in (60, 80, 100, 120):
        lines = ["".join(f[1] for f in line) for line in Renderer(model).lobby(columns, 30)]
        listed = [line for line in lines if "Bot " in line]
        assert all(line.count("Bot ") == line.count("(normal)") for line in listed), (columns, lines)
        assert "\u00a0" not in "".join(lines)


def test_the_form_offers_targets_for_a_full_table() -> None:
    """Found play-testing: at ten seats in house rules a hand scored 500 or more (6 matches of 6
    ended in their first hand), and the form's target stopped at 1000."""
    form = CreateForm()
    focus(form, "target")
    for _ in range(10):
        form.change(1)
    assert form.target == 2000


@pytest.mark.parametrize(("lang", "said", "typed", "other"), [
    ("en", ("First to play", "left of the dealer"), "right", "right of the dealer"),
    ("es", ("Empieza", "izquierda del que reparte"), "derecha", "derecha del que reparte")])
def test_who_plays_first_is_a_choice_of_two_not_a_yes_or_no(
        lang: str, said: tuple[str, str], typed: str, other: str) -> None:
    """Found play-testing: "Dealer's left starts: no" read as a double negative."""
    from client.plainform import set_field
    from client.screens import form_field

    set_language(lang)
    try:
        form = CreateForm(name="Casa")
        focus(form, "left_first")
        assert form_field(form, "left_first") == said
        assert set_field(form, typed) and form_field(form, "left_first")[1] == other
        assert form.message("x").rules["first_to_left"] is False
        focus(form, "preset")  # (a value's last word, "casa": found re-checking, refused)
        assert set_field(form, {"en": "house", "es": "casa"}[lang]) and form.preset == "house"
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "short", "long"), [
    ("en", "◀ 50 points ▶  about one hand", "◀ 500 points ▶  about 10 hands"),
    ("es", "◀ 50 puntos ▶  apenas una mano", "◀ 500 puntos ▶  unas 10 manos")])
def test_the_form_says_how_many_hands_a_match_to_the_target_lasts(lang: str, short: str, long: str) -> None:
    """Found play-testing: a host chose "50 points" for a match of a few hands, and got one hand;
    at four seats, official rules, as bench/match_length.py measured."""
    model = connected_model()
    set_language(lang)
    try:
        model.open_form()
        assert model.form is not None
        focus(model.form, "target")
        model.form.target = 50
        assert any(short in row for row in screen_lines(model)), screen_lines(model)
        model.form.target = 500
        assert any(long in row for row in screen_lines(model))
        model.form.preset = "house"
        assert not any(long in row for row in screen_lines(model))  # (house rules score more a hand)
        # whole at 60 columns (found play-testing: "casi siempre u…")
        model.form.preset, model.form.target = "official", 50
        assert any(short in row for row in screen_lines(model, columns=60, rows=20))
        # the rules of a table of three: its own seats (found play-testing: a 3-seat table's form
        # said a match to 500 was "about 10 hands", four seats' figure; three play some 13)
        form = CreateForm.of_room(room_info(max_seats=3, seats={ME: "Ana", "2": "Bot 1", "3": "Bot 2"}), ())
        form.focus = form.fields.index("target")
        model.form = form
        thirteen = "unas 13 manos" if lang == "es" else "about 13 hands"
        assert any(thirteen in row for row in screen_lines(model))
    finally:
        set_language("en")


def test_once_the_host_closed_the_table_between_hands_no_next_hand_nor_hint_is_promised() -> None:
    """Found play-testing: after "The host closed the table. Press q to quit." the board still read
    "The next hand starts in a moment…", and "Hint: nothing to do now" stayed under it."""
    set_language("en")
    model = seated(make_view("", hand_result=HandResult(ME, 40), hand_sizes=(3, 5, 2, 0)))
    model.hints.asked = model.table.view
    model.hints.answered(model.table.view, None, model.table.view)
    assert "next hand" in render_text(model, columns=100).lower()
    model.connection_failed("table_closed")
    text = render_text(model, columns=100)
    assert "No more hands: the table is closed" in text and "next hand" not in text.lower(), text
    assert model.hints.shown is None and "Hint" not in text, text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You took over Bot 3's seat: its points are yours."),
    ("es", "Ocupaste el asiento de Bot 3: sus puntos son tuyos.")])
def test_a_seat_taken_between_two_hands_is_said_to_bring_its_points_not_its_cards(lang: str,
                                                                                  said: str) -> None:
    """Found re-checking (late arrivals at the next hand): Elena took Ana's seat as hand 2 was
    dealt and read "sus cartas y sus puntos son tuyos"; she was dealt a new hand, none of Ana's."""
    model = late_arrival()
    try:
        set_language(lang)
        model.apply(Joined(room=room_info(), role="spectator"))
        model.apply(Queued(position=1, seat="3"))
        show(model, dataclasses.replace(make_view(hand="", hand_result=HandResult("2", 40)), seat=None,
                                        hand=None))
        model.apply(Joined(room=room_info(seats={**NAMES, "3": "Eva"}), role="player", seat="3"))
        assert model.prompts.notice == said
    finally:
        set_language("en")
