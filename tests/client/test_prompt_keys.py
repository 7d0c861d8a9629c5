"""Every prompt shows keys that work, in English and in Spanish; confirmations ask first and take
the language's keys (a question's answers the other language's too, but a confirmation only its
own); leaving says what happens to the table."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import pytest
from clientkit import ME, RIGHT, make_view, plays, press, room_info, screen_lines, seated

from client.enums import Prompt
from client.i18n import set_language
from client.model import Model
from client.render import Renderer
from engine.actions import Accept, Challenge, ChooseColor, Draw, PlayCard
from engine.cards import Card, Color
from engine.view import HandResult
from protocol import Act, Joined, LeaveRoom, codec
from protocol.messages import ViewMsg

NAMES = {"1": "Bea", "2": "Luis", "3": "Eva", "4": "Ana"}  # no digits: digits are keys


def room() -> object:
    return room_info(seats=NAMES, host=NAMES[ME])


def quitting() -> Model:
    model = seated(make_view(), room=room())  # type: ignore[arg-type]
    model.ask_quit()
    return model


def host_quitting() -> Model:
    """``uno host``'s player quitting a match: end it for everyone, or keep it for later."""
    model = seated(make_view(), room=room())  # type: ignore[arg-type]
    model.host.active = True
    model.ask_quit()
    return model


def leaving() -> Model:
    model = seated(make_view(), room=room())  # type: ignore[arg-type]
    model.ask_leave()
    return model


def colour() -> Model:
    model = seated(make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)]), room=room())  # type: ignore[arg-type]
    model.table.selected = 1
    model.table.play_selected()
    return model


def start_colour() -> Model:
    return seated(make_view("R7 Y3", top="W", color=None, awaiting_color=True,
                            legal=[ChooseColor(ME, c) for c in Color]), room=room())  # type: ignore[arg-type]


def challenge() -> Model:
    return seated(make_view("R7 Y3", top="W+4", challenge_from="3", challenge_color=Color.RED, pending_draw=4,
                            legal=[Challenge(ME), Accept(ME)]), room=room())  # type: ignore[arg-type]


def seat() -> Model:
    seven = Card.parse("R7")
    model = seated(make_view("R7 Y3", top="R5", legal=[PlayCard(ME, seven, None, t) for t in "123"]),
                   room=room())  # type: ignore[arg-type]
    model.table.play_selected()
    return model


PROMPTS: dict[Prompt, Callable[[], Model]] = {
    Prompt.QUIT: quitting, Prompt.HOST_QUIT: host_quitting, Prompt.LEAVE: leaving, Prompt.COLOR: colour,
    Prompt.START_COLOR: start_colour, Prompt.CHALLENGE: challenge, Prompt.SEAT: seat,
}
# A shown key: a lone letter or digit (or several joined by "/"), before a space, ":" or ")".
SHOWN_KEY = re.compile(r"(?:(?<=\s)|^)([a-z0-9](?:/[a-z0-9])*)(?=[\s:]|$)")


def shown_keys(model: Model, lang: str) -> set[str]:
    set_language(lang)
    r = Renderer(model)
    text = " ".join("".join(f[1] for f in line) for region in (r.prompt_line, r.help)
                    for line in region(100, 1))
    conjunctions = {"es": {"o"}}.get(lang, set())  # "… (t), o guardarla …": a word, not a key
    return {k for group in SHOWN_KEY.findall(text) for k in group.split("/")} - conjunctions


def effect(model: Model, key: str) -> object:
    """What pressing ``key`` did: the messages sent, and whether it quit or left the prompt, or
    (a digit in the seat picker) picked that seat, for Enter to swap with, or said something
    (the why key, at the challenge: what a challenge is)."""
    prompt, before, notice = model.prompt, model.table.seat_index, model.prompts.notice
    if prompt is Prompt.SEAT and key.isdigit() and before == int(key) - 1:
        model.table.seat_index = before = (before + 1) % len(model.table.pending_targets)  # (else no change)
    sent = press(model, key)
    picked = prompt is Prompt.SEAT and key.isdigit() and model.table.seat_index == int(key) - 1 != before
    return sent, model.quit, model.prompt is not prompt or picked or model.prompts.notice != notice


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("prompt", list(PROMPTS), ids=lambda p: p.value)
def test_every_prompt_shows_keys_that_work(prompt: Prompt, lang: str) -> None:
    assert PROMPTS[prompt]().prompt is prompt
    keys = shown_keys(PROMPTS[prompt](), lang)
    assert keys, f"the {prompt.value} prompt shows no key"
    for key in sorted(keys):
        model = PROMPTS[prompt]()
        set_language(lang)
        sent, quit, closed = effect(model, key)  # type: ignore[misc]
        assert sent or quit or closed, f"{lang}: {key!r} is shown in the {prompt.value} prompt, does nothing"
        if prompt in (Prompt.QUIT, Prompt.HOST_QUIT, Prompt.LEAVE):  # a confirmation's keys act
            assert quit or sent == [LeaveRoom()], (lang, key)
    set_language("en")


@pytest.mark.parametrize(("lang", "yes", "colours"), [("en", "y", "r:red y:yellow g:green b:blue"),
                                                      ("es", "s", "r:rojo a:amarillo v:verde z:azul")])
def test_each_language_shows_its_own_keys(lang: str, yes: str, colours: str) -> None:
    models = colour(), quitting(), challenge()  # (seated in English)
    set_language(lang)
    line = "".join(f[1] for f in Renderer(models[0]).prompt_line(100, 1)[0])
    assert " ".join(line.split()[-4:]) == colours
    assert f" {yes} " in "".join(f[1] for f in Renderer(models[1]).prompt_line(100, 1)[0])
    challenge_line = "".join(f[1] for f in Renderer(models[2]).prompt_line(100, 1)[0])
    assert f"{yes} " in challenge_line and "a " in challenge_line
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_other_languages_keys_work_too(lang: str) -> None:
    pairs = (("y", "Y"), ("a", "Y"), ("g", "G"), ("v", "G"), ("b", "B"), ("z", "B"))
    for letter, color in pairs if lang == "es" else pairs[:3] + pairs[4:5]:
        # (but the English replay v and away z: test_keys.py's other languages' colour keys)
        model = colour()  # (seated in English)
        set_language(lang)
        played = [m for m in press(model, letter) if isinstance(m, Act)]
        assert played == [Act(kind="play", card="W", color=color)]
    for key, kind in (("y", "challenge"), ("s", "challenge"), ("n", "accept"), ("a", "accept")):
        assert press(challenge(), key) == [Act(kind=kind)]
    set_language("en")


@pytest.mark.parametrize(("lang", "yes", "other"), [("en", "y", "s"), ("es", "s", "y")])
def test_a_confirmation_takes_only_its_languages_yes(lang: str, yes: str, other: str) -> None:
    """Found play-testing: an English host's s (the start key) left the table, and closed it for
    everyone, under "y leaves, anything else stays" (the host's end or keep: test_hosting.py)."""
    try:
        for ask in (quitting, leaving):
            model = ask()
            set_language(lang)
            assert press(model, other) == [] and not model.quit and model.prompt is Prompt.NONE, ask
            assert model.seating.room is not None
            model = ask()
            set_language(lang)
            assert press(model, yes) == [LeaveRoom()] or model.quit, ask
    finally:
        set_language("en")


def test_in_spanish_y_does_not_confirm_by_accident_of_language_but_s_does() -> None:
    """The Spanish quit prompt asks for s (sí); n, or any other key, stays."""
    model = quitting()
    set_language("es")
    assert "s sale" in "".join(f[1] for f in Renderer(model).prompt_line(100, 1)[0])
    press(model, "n")
    assert not model.quit and model.prompt is Prompt.NONE
    model.ask_quit()
    press(model, "s")
    assert model.quit
    set_language("en")


def test_l_moves_right_at_the_table_and_x_asks_before_leaving() -> None:
    model = seated(make_view("R7 Y3 B5", legal=[*plays("R7"), Draw(ME)]))
    assert press(model, "l", "l") == [] and model.table.selected == 2
    assert press(model, "h") == [] and model.table.selected == 1
    assert press(model, "x") == [] and model.prompt is Prompt.LEAVE
    assert press(model, "n") == [] and model.prompt is Prompt.NONE and model.seating.room is not None
    assert press(model, "x", "y") == [LeaveRoom()]


def test_l_asks_before_leaving_where_there_is_no_hand() -> None:
    model = seated(room=room_info(started=False))
    assert press(model, "l") == [] and model.prompt is Prompt.LEAVE
    assert press(model, "q") == [] and model.prompt is Prompt.NONE  # any other key stays
    assert press(model, "l", "y") == [LeaveRoom()]


def between_hands(lang: str) -> Model:
    """Ana at the table, the hand just over (its board on screen), the next not yet dealt."""
    return seated(make_view("R7 Y3", hand_result=HandResult("2", 10)), lang=lang)


def watching(lang: str, queued: bool = False) -> Model:
    """A spectator of a hand being played (no hand of its own), in the line for a seat or not."""
    model = seated(lang=lang)
    model.apply(Joined(room=room_info(), role="spectator", seat=None))
    model.apply(ViewMsg(view=codec.view_to_wire(dataclasses.replace(make_view(), seat=None, hand=None))))
    model.seating.queue_position = 1 if queued else 0
    return model


BETWEEN_HANDS_KEYS = ("replay", "chat", "leave", "leave_waiting", "quit")
WATCHING_KEYS = ("take_seat", "leave", "leave_waiting", "chat", "help", "quit")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("state", "actions"), [
    (between_hands, BETWEEN_HANDS_KEYS), (watching, WATCHING_KEYS),
    (lambda lang: watching(lang, queued=True), WATCHING_KEYS)],
    ids=["between hands", "spectator", "spectator in the line"])
def test_l_leaves_between_hands_and_watching_and_the_key_bar_says_so(
        lang: str, state: Callable[[str], Model], actions: tuple[str, ...]) -> None:
    """The key bar between hands and a spectator's named x alone, where l leaves too (as the
    waiting room's names both: 8aa2262); and between hands l moved over the hand just over,
    where keymap.py's waiting context has it leave. Both keys, and every other the bar had, at
    60, 80 and 100 columns."""
    from client.keymap import active, shown

    try:
        keys = {shown(key, lang) for action in actions for key in active().listed(action, lang)}
        assert {"x", "l"} <= keys
        for columns in (60, 80, 100):
            line = screen_lines(state(lang), columns=columns, rows=24)[-1]
            missing = keys - set(re.split(r"[ /]+", line))
            assert not missing, (columns, missing, line)
        model = state(lang)
        assert press(model, "l") == [] and model.prompt is Prompt.LEAVE
        assert press(model, {"en": "y", "es": "s"}[lang]) == [LeaveRoom()]
    finally:
        set_language("en")


def consequence(**room_changes: object) -> str:
    model = seated(make_view(), room=room_info(**room_changes))  # type: ignore[arg-type]
    model.ask_leave()
    return "".join(f[1] for f in Renderer(model).prompt_line(200, 1)[0])


def test_leaving_says_what_happens_to_the_table() -> None:
    alone = {"1": "Bot 1", "2": "Bot 2", "4": "Ana"}
    assert "The table closes for everyone" in consequence(seats=alone)
    assert "Luis becomes the host" in consequence()
    assert "A bot plays your seat" in consequence()
    assert "Your seat is freed" in consequence(started=False)
    assert "A bot plays your seat." in consequence(host_seat="2")  # a guest: the host stays
    # (found play-testing: told "a bot plays your seat", Kim, waiting in line, took it; then "A
    # bot plays your seat; … Someone waiting in line may take it." read as a contradiction)
    line = "The first in line for a seat takes yours."
    assert consequence(host_seat="2", queue=1).endswith(line)
    assert consequence(started=False, queue=2, host_seat="2").endswith(line)
    assert f"{line} Luis becomes the host." in consequence(queue=1)
    # (at a table whose late arrivals sit at the next hand: found play-testing, a bot played the
    # rest of the hand in the seat the line was said to take)
    later = "A bot plays your seat until the next hand; then the next in line takes it."
    people = {"1": "Cid", "2": "Luis", "3": "Eve", "4": "Ana"}
    assert consequence(seats=people, host_seat="2", queue=1, late_join="next_hand").endswith(later)
    # (each in line has a bot's seat for the next hand: found re-checking, Dan, in line for Bot
    # 2's, did not take Bea's, which a bot played on)
    assert consequence(host_seat="2", queue=1, late_join="next_hand").endswith("A bot plays your seat.")
    assert consequence(started=False, queue=2, host_seat="2", late_join="next_hand").endswith(line)


def test_right_stops_at_the_last_card_and_says_so() -> None:
    model = seated(make_view("R7 Y3", legal=[*plays("R7"), Draw(ME)]))
    press(model, RIGHT, RIGHT, RIGHT)
    assert model.table.selected == 1 and "last card" in model.prompts.notice


# ---------------------------------------------------------------------------- the help lines

HELP_KEY = re.compile(r"(?:(?<=\s)|^)([a-zA-Z0-9+\-])(?=\s)")


def state(model: Model) -> tuple[object, ...]:
    return (model.prompt, model.screen, model.prompts.notice, model.quit, model.table.uno_armed,
            model.form is not None,
            model.table.selected)


def table_model() -> Model:
    return seated(make_view("R7 Y3 R7", top="R5", legal=[*plays("R7"), Draw(ME)]), room=room())  # type: ignore[arg-type]


def waiting_model() -> Model:
    return seated(room=room_info(started=False, seats=NAMES, host=NAMES[ME]))


def lobby_model() -> Model:
    from clientkit import connected_model

    from protocol import Rooms, RoomSummary

    model = connected_model()
    model.apply(Rooms(rooms=(RoomSummary(id="1", name="Mesa", host="Luis", players=1, seats=4, bots=0,
                                         spectators=0, preset="official", started=False,
                                         password=False),)))
    return model


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("screen", [table_model, waiting_model, lobby_model], ids=lambda f: f.__name__)
def test_every_key_a_help_line_shows_does_something(screen: Callable[[], Model], lang: str) -> None:
    shown = screen()
    set_language(lang)
    help_line = "".join(f[1] for f in Renderer(shown).help(80, 1)[0])
    keys = set(HELP_KEY.findall(help_line))
    assert len(keys) >= 3, help_line
    for key in sorted(keys):
        model = screen()
        set_language(lang)
        before = state(model)
        sent = press(model, key)
        assert sent or state(model) != before, f"{lang}: {key!r} is in the help ({help_line}), does nothing"
    set_language("en")


def test_at_60_columns_what_leaving_does_gets_a_line_of_its_own() -> None:
    from clientkit import screen_lines

    model = seated(make_view(), room=room_info(seats={"1": "Bot 1", "2": "Bot 2", "4": "Ana"}))
    model.ask_leave()
    screen = screen_lines(model, columns=60, rows=20)
    assert screen[-3].strip() == "Leave the table? y leaves, anything else stays."
    assert screen[-2].strip() == "The table closes for everyone."
    assert screen[-1].strip() == "y yes   any other key: no"


def test_away_any_other_key_still_answers_the_leave_question() -> None:
    import dataclasses

    info = room_info()
    seats = tuple(dataclasses.replace(s, away=s.seat == ME) for s in info.seats)
    away = dataclasses.replace(info, seats=seats)
    model = seated(make_view(current="2"), room=away)
    assert model.seating.away
    model.ask_leave()
    press(model, "n")
    assert model.prompt is Prompt.NONE and model.seating.room is not None


@pytest.mark.parametrize(("lang", "question", "word"), [
    ("en", "The first card is a Wild. Colour:", "Colour:"),
    ("es", "La primera es un Comodín. Color:", "Color:"),
])
def test_the_colour_question_fits_eighty_columns_and_a_narrower_screen_keeps_a_word_of_it(
        lang: str, question: str, word: str) -> None:
    """At 80 columns (a terminal's default) the start's colour prompt asks its whole question
    beside its keys (the Spanish one was one column too long, and showed the keys alone);
    narrower, "Colour:" stays before the keys."""
    models = start_colour(), colour()  # (seated in English)
    set_language(lang)
    try:
        for prompt in models:
            for width, shown in ((80, question if prompt.prompt is Prompt.START_COLOR else None), (50, word)):
                line = "".join(f[1] for f in Renderer(prompt).prompt_line(width, 1)[0])
                assert len(line) <= width and line.split()[-1].endswith(("blue", "azul")), line
                assert line.lstrip().startswith(shown or word.rstrip(":")), (width, line)
    finally:
        set_language("en")


def test_the_leave_question_says_all_it_does_on_a_wide_screen_and_stays_seen_on_a_short_one() -> None:
    """Found re-checking: at 100 columns "…luego lo ocupa quien va primero en la c…"; at 40×15 its
    second line made the table too small to draw, and the question went unseen."""
    people = {"1": "Cid", "2": "Luis", "3": "Eve", "4": "Ana"}
    model = seated(make_view(), room=room_info(seats=people, queue=1, late_join="next_hand", host_seat="2"),
                   lang="es")
    try:
        model.ask_leave()
        wide = " ".join(" ".join(screen_lines(model, columns=100, rows=30)).split())
        assert "luego lo ocupa el siguiente de la cola." in wide, wide
        short = "\n".join(screen_lines(model, columns=40, rows=14))
        assert "¿Dejar la mesa?" in short and "Demasiado pequeña" not in short, short
    finally:
        set_language("en")


def test_the_leave_question_on_one_short_line_makes_room_for_what_leaving_does() -> None:
    """Found re-checking at 40×15: "Leave the table? y leaves, anything el…", and what leaving did
    to the seat cut off; the key bar below says y leaves."""
    model = seated(make_view(), room=room_info(host_seat="2"))
    model.ask_leave()
    short = screen_lines(model, columns=40, rows=15)
    assert " Leave the table? A bot plays your seat." in short, short
    assert "y yes" in short[-1]
