"""What reaches the terminal: no control characters or escape sequences from other people, no
colour under NO_COLOR (but still readable), and an 80×24 table that fits."""

from __future__ import annotations

import argparse
import dataclasses
import re

import pytest
from clientkit import (
    ME,
    make_view,
    plays,
    press,
    render_text,
    room_info,
    screen_bytes,
    screen_lines,
    seated,
    show,
)

from client.commands import _setup
from client.enums import Screen
from client.i18n import set_language
from client.model import Model
from client.render import Renderer
from engine import events as ev
from engine.actions import Draw
from engine.cards import Card, Color
from protocol import ChatMsg, Events, RoomSummary, SeatInfo, Welcome, codec, is_clean_text, left_seat_name
from protocol.messages import Rooms, RoomUpdate

EVIL = "Eve\x1b]0;PWNED\x07\x1b[31m\u202etxet\u2066\x00\x9b2J\r\nX\x1bP1$r\x1b\\"
FORBIDDEN = ("\x1b]", "\x07", "\u202e", "\u2066", "\x00", "\x9b", "\x1bP", "\x1b\\", "\x1b[31m")


def force(obj: object, **values: object) -> object:
    """Put values into a checked (frozen) record behind its back, as a hostile server might."""
    for name, value in values.items():
        object.__setattr__(obj, name, value)
    return obj


def hostile_room() -> object:
    room = room_info()
    seats = tuple(force(SeatInfo(seat=s.seat, name=s.name, kind=s.kind), name=EVIL + s.seat)
                  if s.seat == "2" else s for s in room.seats)
    return force(room, seats=seats, name=EVIL, host=EVIL)


def test_names_and_chat_never_bring_control_characters_to_the_screen() -> None:
    model = seated(make_view("R7 Y3", legal=[*plays("R7"), Draw(ME)], current="2"), room=hostile_room())
    model.apply(force(ChatMsg(source="x", text="hola", scope="room"), source=EVIL, text=EVIL))
    model.apply(Events(events=(codec.event_to_wire(ev.CardPlayed("2", Card.parse("R7"), Color.RED)),
                               codec.event_to_wire(ev.UnoCalled("2"))),
                       view=codec.view_to_wire(make_view("R7 Y3", current=ME))))
    assert any("Eve]0;PWNED" in line for line in model.transcript.log)
    out = screen_bytes(model)
    for bad in FORBIDDEN:
        assert bad not in out, repr(bad)
    assert "Eve]0;PWNED" in out  # shown, as harmless text
    text = render_text(model)
    assert all(is_clean_text(ch) or ch == "\n" for ch in text)


def test_lobby_and_waiting_room_clean_what_others_named() -> None:
    model = Model("Ana")
    model.apply(force(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"), server=EVIL))
    room = force(RoomSummary(id="1", name="x", host="x", players=1, seats=4, bots=0, spectators=0,
                             preset="official", started=False, password=False), name=EVIL, host=EVIL)
    model.apply(Rooms(rooms=(room,)))
    assert model.screen is Screen.LOBBY
    out = screen_bytes(model)
    for bad in FORBIDDEN:
        assert bad not in out, repr(bad)
    waiting = seated(room=room_info(started=False))
    waiting.apply(RoomUpdate(room=hostile_room()))
    assert waiting.screen is Screen.WAITING
    out = screen_bytes(waiting)
    for bad in FORBIDDEN:
        assert bad not in out, repr(bad)


def test_what_a_player_types_is_cleaned_too() -> None:
    model = seated(make_view())
    sent = press(model, "t", "a\x1b]0;x\x07b", "\r")
    for message in sent:
        assert is_clean_text(message.text)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------- NO_COLOR

SGR = re.compile(r"\x1b\[([0-9;]*)m")
COLOUR_CODES = re.compile(r"(^|;)(3[0-9]|4[0-9]|9[0-7]|10[0-7])(;|$)")


def colour_codes(out: str) -> list[str]:
    return [m.group(1) for m in SGR.finditer(out) if COLOUR_CODES.search(m.group(1))]


def table_model() -> Model:
    return seated(make_view("R7 Y3 W", top="B5", legal=[*plays("W"), Draw(ME)]))


def test_no_color_sends_no_colour_codes() -> None:
    assert colour_codes(screen_bytes(table_model()))  # colours by default...
    assert colour_codes(screen_bytes(table_model(), plain=True)) == []  # ...none under NO_COLOR


def test_no_color_is_still_readable() -> None:
    model = table_model()
    press(model, "2")
    text = render_text(model, plain=True)
    assert "[R7]" in text and ">Y3<" in text and "[W]" in text  # colours as letters, selection as > <
    assert "BLUE" in text  # the colour in play, in words
    assert "▲" in text  # playable marks
    press(model, "3", "\r")
    assert "[b:blue]" not in render_text(model, plain=True)
    assert "[r:red]" in render_text(model, plain=True)  # the picker's choice, bracketed


@pytest.mark.parametrize(("value", "plain"), [("1", True), ("", False), (None, False)])
def test_no_color_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, value: str | None,
                                             plain: bool) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    if value is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", value)
    assert _setup(argparse.Namespace(lang="en"))[1] is plain


@pytest.mark.parametrize(("term", "plain"), [("vt100", True), ("vt220", True), ("xterm-mono", True),
                                             ("xterm", False), ("linux", False), ("screen", False)])
def test_a_terminal_without_colours_is_drawn_as_under_no_color(monkeypatch: pytest.MonkeyPatch, term: str,
                                                                plain: bool) -> None:
    """Found play-testing: ``TERM=vt100`` and ``TERM=xterm-mono`` were sent 256 colours."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", term)
    assert _setup(argparse.Namespace(lang="en"))[1] is plain


# ---------------------------------------------------------------------------- sizes


def lines_of(model: Model, columns: int, rows: int) -> list[str]:
    r = Renderer(model)
    out = []
    for region, width in ((r.title, columns), (r.players, columns), (r.info, 27),
                          (r.log, columns - 37), (r.hand, columns), (r.prompt_line, columns),
                          (r.help, columns)):
        out += ["".join(f[1] for f in line) for line in region(width, rows)]
    return out


@pytest.mark.parametrize("columns", [80, 60, 120])
def test_every_line_fits_its_width(columns: int) -> None:
    from prompt_toolkit.utils import get_cwidth

    hand = " ".join(["R7", "Y3", "W", "B+2", "GS", "YR"] * 3)
    model = seated(make_view(hand, legal=[*plays("W"), Draw(ME)]))
    for line in lines_of(model, columns, 24):
        assert get_cwidth(line) <= columns, line


def test_a_big_hand_wraps_onto_more_rows() -> None:
    model = seated(make_view(" ".join(["R7"] * 20)))
    r = Renderer(model)
    assert r.hand_height(80) == 1 + 3 * 2
    assert r.hand_height(40) == 1 + 3 * 4


@pytest.mark.parametrize("columns", [60, 80])
def test_a_catch_that_opens_replaces_an_older_notice(columns: int) -> None:
    """Found play-testing: after a 7's swap, "You hold Bot 2's hand now: 10 cards" stayed on the
    prompt line while Marco sat at one card without UNO; the key bar at 80 columns has no room for
    c, and a bot caught him first. A notice made once the catch is open (an early c's refusal)
    shows as ever."""
    from engine.actions import Catch

    model = seated(make_view("R7 Y3", current="1"))
    model.prompts.notice = "You hold Bot 2's hand now: 10 cards"
    show(model, make_view("R7 Y3", current="1", uno_open="2", legal=[Catch(ME, "2")]))
    text = render_text(model, columns=columns)
    assert "Luis did not say UNO: press c to catch!" in text and "You hold Bot 2's" not in text, text
    model.prompts.notice = "Too early to catch"
    show(model, make_view("R7 Y3", current="1", uno_open="2", legal=[Catch(ME, "2")]))  # (the same)
    assert "Too early to catch" in render_text(model, columns=columns)


def test_the_prompt_line_tells_what_can_be_done() -> None:
    from engine.actions import Catch, KeepDrawing, Pass

    model = seated(make_view("R7 Y3", current="1", uno_open="2", legal=[Catch(ME, "2")]))
    assert "Luis did not say UNO: press c to catch!" in render_text(model)
    drawn = Card.parse("B9")
    model = seated(make_view("R7 B9", top="B5", has_drawn=True, drawn=drawn, legal=[*plays("B9"), Pass(ME)]))
    assert "You drew Blue 9: Enter plays it, p keeps it" in render_text(model)
    model = seated(make_view("R7 B9", top="B5", has_drawn=True, drawn=drawn,
                             legal=[*plays("B9"), KeepDrawing(ME)]))  # house rules: must play
    assert "You drew Blue 9: Enter plays it, d draws again" in render_text(model)


@pytest.mark.parametrize(("lang", "stack", "draw"), [
    ("en", "You must draw 4: stack a card on it (the marked ones), or d draws 4",
     "You must draw 4 and have nothing to stack on it: d draws 4"),
    ("es", "Te toca robar 4: súmale una carta (las marcadas), o d roba 4",
     "Te toca robar 4 y no tienes nada que sumarle: d roba 4")])
def test_a_pending_draw_says_what_to_do_about_it(lang: str, stack: str, draw: str) -> None:
    """The board said only "Pending: +6" under "Your turn" (found play-testing)."""
    from engine.actions import Draw

    try:
        model = seated(make_view("R+2 Y3", top="G+2", pending_draw=4, legal=[*plays("R+2"), Draw(ME)]),
                       lang=lang)
        assert stack in render_text(model)
        model = seated(make_view("R7 Y3", top="G+2", pending_draw=4, legal=[Draw(ME)]), lang=lang)
        assert draw in render_text(model)
    finally:
        set_language("en")


def test_the_waiting_room_shows_who_came() -> None:
    model = seated(room=room_info(started=False, seats={"4": "Ana"}))
    model.apply(RoomUpdate(room=room_info(started=False, seats={"4": "Ana", "2": "Luis"})))
    text = render_text(model)
    assert "2. Luis" in text and "Luis sat down" in text


def test_under_50_columns_the_log_takes_the_top_cards_box() -> None:
    """Found play-testing at 40×15: beside the top card's box and its column the log was six
    letters wide, a word a line ("Bot 2 / played / Green / 8"). The column beside names the card."""
    model = seated(make_view("R7 Y3 G1 G2 B4 B5 W", legal=plays("R7")))
    model.transcript.add(["Bot 1 drew a card and passed"])
    narrow = screen_lines(model, columns=40, rows=15)
    assert "┌────────┐" not in "\n".join(narrow) and any(line.startswith(" Red 5") for line in narrow)
    assert any(line.rstrip().endswith("Bot 1 drew a") for line in narrow), "\n".join(narrow)
    assert "┌────────┐" in "\n".join(screen_lines(model, columns=50, rows=15))


@pytest.mark.parametrize(("lang", "cut", "small"), [
    ("en", "Your hand (7) [1–6 shown]", "Too small: make the terminal at least 60×20"),
    ("es", "Tu mano (7) [se ven 1–6]", "Demasiado pequeña: agranda la terminal")])
def test_a_small_terminal_says_what_it_cuts_and_when_nothing_fits(lang: str, cut: str,
                                                                  small: str) -> None:
    """Found play-testing at 40×15: the hand's seventh card was cut off unsaid, and at 30×10
    prompt-toolkit's "Window too small..." was English on a Spanish screen."""
    model = seated(make_view("R7 Y3 G1 G2 B4 B5 W", legal=plays("R7")), lang=lang)
    try:
        assert cut in "\n".join(screen_lines(model, columns=40, rows=15))
        # the last card chosen, the last page is full (found play-testing: End showed it alone)
        model.table.move_selection(6)
        assert cut.replace("1–6", "2–7") in "\n".join(screen_lines(model, columns=40, rows=15))
        assert "shown" not in "\n".join(screen_lines(model, columns=80, rows=24))
        assert small in " ".join(" ".join(screen_lines(model, columns=30, rows=10)).split())
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "screen", "plain"), [
    ("en", "2. Luis (bot, normal)", "2 Luis (bot, normal)"),
    ("es", "2. Luis (bot, normal)", "2 Luis (bot, normal)")])
def test_the_waiting_room_names_a_seat_left_to_a_bot_once(lang: str, screen: str, plain: str) -> None:
    """Luis left during the match and a bot played on as "Luis (bot)": the waiting room for the
    next read "Luis (bot)  (normal bot)" (found play-testing); the level goes inside the name's
    own brackets, as the lobby has it, on the full screen and in plain mode."""
    from client.plainview import PlainView

    room = room_info(started=False)
    seats = tuple(dataclasses.replace(s, name=left_seat_name("Luis"), kind="bot", level="normal")
                  if s.seat == "2" else s for s in room.seats)
    model = seated(room=dataclasses.replace(room, seats=seats), lang=lang)
    try:
        text = render_text(model)
        line = " ".join(PlainView(model).changes())
        assert screen in text and "(bot)  (" not in text, text
        assert plain in line and "(bot) (" not in line, line
    finally:
        set_language("en")


def test_after_a_stop_the_terminal_is_raw_again_and_the_screen_drawn_whole() -> None:
    """Found play-testing: ``kill -STOP``, ``kill -CONT`` and ``fg`` left the table garbled,
    keys echoed and read by the line: the shell had put the terminal back in its own mode."""
    import os
    import pty
    import termios

    from client.splash import resume_terminal

    master, slave = pty.openpty()
    try:
        attrs = termios.tcgetattr(slave)
        attrs[3] |= termios.ICANON | termios.ECHO  # (as the shell leaves it)
        termios.tcsetattr(slave, termios.TCSANOW, attrs)

        class Recorder:
            def __init__(self) -> None:
                self.calls: list[str] = []
                self.input = self
                self.renderer = self

            def fileno(self) -> int:
                return slave

            def reset(self) -> None:
                self.calls.append("reset")

            def invalidate(self) -> None:
                self.calls.append("invalidate")

        app = Recorder()
        resume_terminal(app)  # type: ignore[arg-type]
        lflag = termios.tcgetattr(slave)[3]
        assert not lflag & termios.ICANON and not lflag & termios.ECHO
        assert app.calls == ["reset", "invalidate"]
    finally:
        os.close(master)
        os.close(slave)


def test_the_title_names_us_as_the_table_does() -> None:
    """Found play-testing: at a table where another was already Ana, the table called us "Ana 2"
    (and said so once), but the title's corner still said "Ana"."""
    names = {"1": "Ana", "2": "Luis", "3": "Bot 1", ME: "Ana 2"}
    model = seated(make_view(), room=room_info(seats=names, host_seat="1"))
    title = render_text(model).splitlines()[0]
    assert title.rstrip().endswith("  Ana 2"), title


def test_at_60_by_20_the_waiting_room_shows_who_came() -> None:
    """Found play-testing: "Eva se sentó" was not shown at 60×20, three empty rows kept for a
    chat nobody had written in."""
    from protocol import RoomUpdate

    model = seated(room=room_info(started=False, seats={"4": "Ana", "1": "Bot 1"}), lang="es")
    try:
        model.apply(RoomUpdate(room=room_info(started=False, seats={"4": "Ana", "1": "Bot 1", "2": "Eva"})))
        assert any("Eva se sentó" in row for row in screen_lines(model, columns=60, rows=20))
    finally:
        set_language("en")


@pytest.mark.parametrize("name", ["Marco", "Maximiliano"])
def test_at_60_columns_the_turns_clock_is_never_cut_the_name_gives_way(name: str) -> None:
    """Found play-testing: "Turno de Marco  ⏱ 11…" at 60×20 in Spanish; a longer name would
    have hidden the clock."""
    from client.i18n import set_language
    from client.layout import NARROW_INFO_WIDTH

    room = room_info(seats={"1": name, "2": "Bot 1", "3": "Bot 2", ME: "Ana"})
    model = seated(make_view(current="1"), room=room, lang="es")
    try:
        model.table.deadline_at = model.table.clock() + 12.4
        lines = Renderer(model).info(NARROW_INFO_WIDTH, 8)  # (the column beside the card, at 60)
    finally:
        set_language("en")
    text = "\n".join("".join(part[1] for part in line) for line in lines)
    assert re.search(r"Turno de .*⏱ 1[123]s$", text, re.M), text


def test_the_drawn_cards_question_at_60_columns_keeps_how_to_keep_it() -> None:
    """Found play-testing in Spanish at 60 columns: "Robaste el Cambio de sentido verde: Enter la
    juega, p te l…" lost how to keep the card; short of room, the card's name leads."""
    from engine.actions import Pass

    drawn = Card.parse("GR")
    view = make_view("R7 GR", top="G5", has_drawn=True, drawn=drawn, legal=[*plays("GR"), Pass(ME)])
    model = seated(view, lang="es")
    try:
        narrow = " ".join(screen_lines(model, columns=60, rows=20))
        wide = " ".join(screen_lines(model, columns=100, rows=30))
    finally:
        set_language("en")
    assert "Cambio de sentido verde: Enter lo juega, p te lo quedas" in narrow, narrow
    assert "Robaste el Cambio de sentido verde: Enter lo juega, p te lo quedas" in wide, wide
