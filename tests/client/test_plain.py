"""Plain mode: the lines a change adds (client/plainview.py) and the commands typed
(client/plaincmd.py), in both languages, on the same model the full screen draws; and the
line-at-a-time terminal (client/plainapp.py) over a pipe."""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import io
import os
from collections.abc import Callable

import pytest
from clientkit import ME, connected_model, make_view, plays, render_text, room_info, seated, show

from client.commands import _display
from client.enums import Prompt, Screen, ServerEntry
from client.i18n import set_language, t
from client.model import Model
from client.plainapp import PlainScreen
from client.plaincmd import PlainCommands
from client.plainview import PlainView, sentence
from engine import events as ev
from engine.actions import Accept, CallUno, Catch, Challenge, ChooseColor, Draw, JumpIn, Pass, PlayCard
from engine.bots import BOT_LEVELS
from engine.cards import Card, Color
from engine.rules import RuleSet
from engine.view import HandResult, MatchOutcome
from protocol import (
    Act,
    AddBot,
    ChatMsg,
    CreateRoom,
    Error,
    Events,
    History,
    Joined,
    JoinRoom,
    Message,
    MoreTime,
    Queued,
    RemoveBot,
    RoomRole,
    Rooms,
    RoomSummary,
    RoomUpdate,
    Say,
    SeatInfo,
    Start,
    Welcome,
    codec,
    is_clean_text,
)
from protocol.address import parse_address
from protocol.messages import ViewMsg


def typed(model: Model, *lines: str) -> list[Message]:
    """Type ``lines`` as plain mode's commands; the messages they queued."""
    commands = PlainCommands(model)
    for line in lines:
        commands.run(line)
    return model.outbox.take()


def bot_plays(model: Model, card: str, hand: str, legal: list, current: str = ME) -> None:
    """Bot 3 plays ``card``; then it is ``current``'s turn."""
    event = codec.event_to_wire(ev.CardPlayed("3", Card.parse(card), Card.parse(card).color))
    model.apply(Events(events=(event,), view=codec.view_to_wire(
        make_view(hand, top=card, current=current, legal=legal))))


def test_a_move_is_one_line_then_nothing_until_the_next_change() -> None:
    model = seated(make_view("R5 B3", top="G5", current="3", legal=[]))
    view = PlainView(model)
    assert view.changes() == ["Your hand: 1 Red 5, 2 Blue 3. Bot 3's turn."]
    assert view.changes() == []  # nothing changed: nothing said, nothing redrawn
    bot_plays(model, "R7", "R5 B3 W", [*plays("R5", "W"), Draw(ME)])
    assert view.changes() == [
        "Bot 3 played Red 7. Your hand: 1 Red 5, 2 Blue 3, 3 Wild. Your turn. Top card: Red 7. "
        "You can play: 1 Red 5, 3 Wild, or draw."]
    assert view.changes() == []


def test_the_lines_are_in_spanish_too() -> None:
    model = seated(make_view("R5 B3", top="G5", current="3", legal=[]), lang="es")
    view = PlainView(model)
    view.changes()
    bot_plays(model, "R7", "R5 B3 W", [*plays("R5", "W"), Draw(ME)])
    assert view.changes() == [
        "Bot 3 jugó 7 rojo. Tu mano: 1: 5 rojo, 2: 3 azul, 3: Comodín. Tu turno. Carta de arriba: "
        "7 rojo. Puedes jugar: 1: 5 rojo, 3: Comodín, o robar."]
    assert typed(model, "robar") == [Act(kind="draw")]


def test_the_drawn_card_can_be_played_or_kept() -> None:
    model = seated(make_view("R7 Y3", top="B5", legal=[Draw(ME)]))
    view = PlainView(model)
    view.changes()
    assert typed(model, "draw") == [Act(kind="draw")]
    show(model, make_view("R7 Y3 B9", top="B5", has_drawn=True, drawn=Card.parse("B9"),
                          legal=[*plays("B9"), Pass(ME)]))
    assert view.changes()[-1].endswith("You can play: 3 Blue 9, or pass.")
    assert typed(model, "pass") == [Act(kind="pass")]
    show(model, make_view("R7 Y3 B9", top="B5", has_drawn=True, drawn=Card.parse("B9"),
                          legal=[*plays("B9"), Pass(ME)]))  # (as if the pass had not gone)
    assert typed(model, "p") == [Act(kind="pass")]  # the full screen's key, typed


@pytest.mark.parametrize(("lang", "colour"), [("en", "blue"), ("en", "b"), ("en", "4"),
                                              ("es", "azul"), ("es", "z"), ("es", "blue")])
def test_a_wild_asks_for_its_colour_by_name_letter_or_number(lang: str, colour: str) -> None:
    model = seated(make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)]), lang=lang)
    view = PlainView(model)
    view.changes()
    assert typed(model, "2") == []
    assert model.prompt is Prompt.COLOR
    question = view.changes()[-1]
    words = (("red (r)", "yellow (y)", "blue (b)") if lang == "en"
             else ("rojo (r)", "amarillo (a)", "azul (z)"))
    assert all(word in question for word in words), question
    assert typed(model, colour) == [Act(kind="play", card="W", color="B")]


def test_a_colour_that_is_not_one_asks_again_and_back_cancels() -> None:
    model = seated(make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)]))
    commands = PlainCommands(model)
    commands.run("2")
    replies = commands.run("purple")
    assert replies[0] == "Not a command here: purple. Type help."
    assert "Type a colour" in replies[1] and model.prompt is Prompt.COLOR
    # (a card's name is no colour: found play-testing, "red 5" named red for the Wild)
    replies = commands.run("red 5")
    assert replies[0] == "Not a command here: red 5. Type help." and model.outbox.take() == []
    assert model.prompt is Prompt.COLOR
    commands.run("back")
    assert model.prompt is Prompt.NONE and model.outbox.take() == []


def test_uno_with_the_card_and_catch() -> None:
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7", uno=True), CallUno(ME), Draw(ME)]))
    assert typed(model, "1 uno") == [Act(kind="play", card="R7", uno=True)]
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7", uno=True), CallUno(ME), Draw(ME)]))
    view = PlainView(model)
    view.changes()
    assert typed(model, "uno") == []  # armed: said with the next card
    assert view.changes() == ["UNO! will be said with your next card."]
    assert typed(model, "r7") == [Act(kind="play", card="R7", uno=True)]  # a card by its text
    show(model, make_view("R7 Y3", top="B5", current="1", uno_open="2", legal=[Catch(ME, "2")]))
    assert "Luis did not say UNO" in view.changes()[-1]
    assert typed(model, "pillar") == [Act(kind="catch", target="2")]


def test_the_time_for_a_turn_is_said_once_not_counted_down() -> None:
    now = [100.0]
    model = seated(clock=lambda: now[0])
    view = PlainView(model)
    model.apply(ViewMsg(view=codec.view_to_wire(make_view("R7", top="R5", legal=plays("R7"))), deadline=20.0))
    assert "Your turn. 20 seconds to play. Top card: Red 5" in view.changes()[-1]
    now[0] += 5
    assert view.changes() == []
    # asked for (the "hand" command), it says the time left now (found play-testing: "60 seconds
    # to play" where 46 were left)
    assert "Your turn. 15 seconds to play." in " ".join(view.all_lines())
    assert view.changes() == []
    now[0] += 14  # (found re-checking: "1 seconds to play")
    assert "Your turn. 1 second to play." in " ".join(view.all_lines())


def test_the_same_turn_told_again_by_the_server_is_not_said_again() -> None:
    """Found play-testing: "Bot 1: UNO! Your turn. 29 seconds to play. Top card: …" a second
    after the same turn was said with 30: the server's view after another seat's move carries
    the turn's deadline again, a second less, and the turn read as new."""
    now = [100.0]
    model = seated(clock=lambda: now[0])
    view = PlainView(model)
    turn = make_view("R7", top="R5", legal=plays("R7"))
    model.apply(ViewMsg(view=codec.view_to_wire(turn), deadline=30.0))
    assert "Your turn. 30 seconds to play." in view.changes()[-1]
    now[0] += 1.2
    model.apply(ViewMsg(view=codec.view_to_wire(turn), deadline=28.5))  # (the link took 0.3 s)
    assert view.changes() == []
    now[0] += 5  # a new deadline (10 s given back, say): said
    model.apply(ViewMsg(view=codec.view_to_wire(turn), deadline=10.0))
    assert "Your turn. 10 seconds to play." in view.changes()[-1]


def test_whose_turn_is_said_after_a_play_even_when_it_stays_the_same_seats() -> None:
    """Found play-testing, two players: "Bob played Blue Skip — you lost the turn." said nothing
    of whose turn it was (Bob's again, unchanged, so not said)."""
    model = seated(make_view("Y3 G4", top="B5", current="2"))
    view = PlainView(model)
    assert "Luis's turn." in " ".join(view.changes())
    skip = Card.parse("BS")
    played = (ev.CardPlayed("2", skip, Color.BLUE), ev.Skipped(ME), ev.TurnStarted("2"))
    model.apply(Events(events=tuple(codec.event_to_wire(e) for e in played),
                       view=codec.view_to_wire(make_view("Y3 G4", top="BS", current="2"))))
    said = " ".join(view.changes())
    assert "Luis played Blue Skip" in said and said.endswith("Luis's turn."), said
    # a move that keeps the turn (a card drawn, to play) does not say it again (found
    # play-testing: "Pablo robó una carta. Turno de Pablo.")
    model.apply(Events(events=(codec.event_to_wire(ev.Drew("2", 1, None, "draw")),),
                       view=codec.view_to_wire(make_view("Y3 G4", top="BS", current="2"))))
    assert view.changes() == ["Luis drew a card."]


def test_a_jump_in_is_offered_out_of_turn() -> None:
    seven = Card.parse("R7")
    model = seated(make_view("R7 Y3", top="R7", current="2", legal=[JumpIn(ME, seven, None, False)]))
    assert PlainView(model).changes() == [
        "Your hand: 1 Red 7, 2 Yellow 3. Luis's turn. You can jump in with: 1 Red 7."]
    assert typed(model, "1") == [Act(kind="jump_in", card="R7")]


def test_a_refusal_is_said_every_time() -> None:
    model = seated(make_view("R7 Y3", top="B5", current="1", legal=[]))
    screen = PlainScreen("", out=io.StringIO())
    screen.adopt(model, lambda: None)
    screen.view.changes()  # type: ignore[union-attr]
    out = screen.out
    for _ in range(2):
        screen.line("d")
    assert out.getvalue().count("It is not your turn") == 2  # type: ignore[attr-defined]
    screen.line("9")
    assert "You have no card 9" in out.getvalue()  # type: ignore[attr-defined]


def test_challenge_start_colour_and_seven_zero() -> None:
    model = seated(make_view("R7 Y3", top="W+4", challenge_from="3", pending_draw=4,
                             legal=[Challenge(ME), Accept(ME)]))
    assert "Bot 3 played a Wild Draw Four on you" in PlainView(model).changes()[-1]
    assert typed(model, "challenge") == [Act(kind="challenge")]
    model = seated(make_view("R7 Y3", top="W+4", challenge_from="3", pending_draw=4,
                             legal=[Challenge(ME), Accept(ME)]))
    assert typed(model, "a") == [Act(kind="accept")]
    model = seated(make_view("R7 Y3", top="W", color=None, awaiting_color=True,
                             legal=[ChooseColor(ME, c) for c in (Color.RED, Color.GREEN)]), lang="es")
    assert "La primera es un Comodín" in PlainView(model).changes()[-1]
    assert typed(model, "verde") == [Act(kind="choose_color", color="G")]
    legal = [PlayCard(ME, Card.parse("R7"), None, target) for target in ("1", "2", "3")]
    model = seated(make_view("R7 Y3", top="R5", legal=legal))
    view = PlainView(model)
    view.changes()
    typed(model, "1")
    assert view.changes() == ["Swap hands with: 1 Bot 1 (5 cards), 2 Luis (5 cards), 3 Bot 3 (5 cards)."]
    # (found play-testing: "5" read "Not a command here", and hint was refused, then its answer
    # came after the seat was chosen)
    assert typed(model, "5") == [] and model.prompts.notice == t("plain_no_seat", n=5)
    assert typed(model, "hint") == [] and model.hints.request is not None
    assert model.prompt is Prompt.SEAT
    assert typed(model, "2") == [Act(kind="play", card="R7", target="2")]


def test_whom_a_seven_swaps_with_is_typed_by_name_too() -> None:
    """Found play-testing: a name typed at the 7's question got "Not a command here" and the help
    again. The whole name or the start of one alone, any case; a start that fits two is not taken."""
    legal = [PlayCard(ME, Card.parse("R7"), None, target) for target in ("1", "2", "3")]
    for answer, seat in (("luis", "2"), ("Bot 3", "3"), ("lu", "2")):
        model = seated(make_view("R7 Y3", top="R5", legal=legal))
        typed(model, "1")
        assert typed(model, answer) == [Act(kind="play", card="R7", target=seat)], answer
    model = seated(make_view("R7 Y3", top="R5", legal=legal))
    typed(model, "1")
    assert typed(model, "bot") == [] and model.prompt is Prompt.SEAT


def test_quit_and_leave_ask_first() -> None:
    model = seated(make_view())
    view = PlainView(model)
    view.changes()
    typed(model, "quit")  # (a guest's, during a match: the seat is kept, unlike a leave's)
    assert view.changes() == ["Quit? y quits (your seat waits: uno join again), anything else stays."]
    typed(model, "no")
    assert not model.quit and model.prompt is Prompt.NONE
    # Found play-testing: a spectator in the line for a seat was told a seat waited for them.
    model.apply(Joined(room=room_info(started=True), role="spectator", seat=None))
    view.changes()
    typed(model, "quit")
    assert view.changes() == ["Quit? y quits, anything else stays."]
    typed(model, "no")
    # in a waiting room too, the seat waits (found play-testing: Carla quit one, told nothing)
    model.apply(Joined(room=room_info(started=False), role="player", seat=ME))
    view.changes()
    typed(model, "quit")
    assert view.changes()[-1] == "Quit? y quits (your seat waits: uno join again), anything else stays."
    typed(model, "no")
    typed(model, "x")
    assert view.changes()[-1].startswith("Leave the table? y leaves")
    assert [type(m).__name__ for m in typed(model, "s")] == ["LeaveRoom"]  # Spanish "sí" is a yes too
    model = seated(make_view(), lang="es")
    typed(model, "salir", "sí")
    assert model.quit


def test_the_lobby_and_a_new_table() -> None:
    set_language("en")
    model = connected_model()
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
    model.outbox.take()
    rooms = tuple(RoomSummary(id=str(i), name=f"Mesa {i}", host="Luis", players=1, seats=4, bots=0,
                              spectators=0, preset="official", started=i == 2, password=False)
                  for i in (1, 2))
    model.apply(Rooms(rooms=rooms))
    # (a line each, the tables and the commands: found play-testing, the lobby was one line of some
    # 450 characters, and a screen reader's user could not go back to one table)
    lines = PlainView(model).changes()
    assert lines[-4:] == ["Tables: 2.", "1 Mesa 1, hosted by Luis, 1/4, official, waiting.",
                          "2 Mesa 2, hosted by Luis, 1/4, official, playing.", t("plain_help_lobby")], lines
    assert typed(model, "1") == [JoinRoom(room="1")]
    assert typed(model, "watch 1") == [JoinRoom(room="1", spectate=True)]
    # (a number not in the list heard: the latest is asked for, and said: found play-testing,
    # a table opened since was "no table 2" a minute later)
    assert [type(m).__name__ for m in typed(model, "7")] == ["ListRooms"]
    assert model.prompts.notice == "No table 7 in the list you heard: the latest follows"
    assert [type(m).__name__ for m in typed(model, "refresh")] == ["ListRooms"]
    view = PlainView(model)
    typed(model, "new Casa")
    assert model.screen is Screen.CREATE
    assert view.changes()[1:4] == ["1 Name: Casa.", "2 Rules: official.", "3 Seats: 4."]  # (a line each)
    typed(model, "3")
    # the field that changed, alone; and how long a match lasts now (found play-testing: "50
    # points", chosen for a few hands, was one)
    assert view.changes() == ["3 Seats: 5.", "9 Match to: 500 points (about 8 hands)."]
    sent = typed(model, "2", "ok")  # house rules, 5 seats
    assert len(sent) == 1 and isinstance(sent[0], CreateRoom)
    assert sent[0].name == "Casa" and sent[0].preset == "house" and sent[0].seats == 5


def test_an_empty_line_in_the_lobby_asks_for_the_tables_and_says_them_as_they_come() -> None:
    """Found play-testing: plain mode lists the tables on request only, and an empty line said
    again the list of minutes before ("No tables yet", where two had opened since); `refresh`
    said nothing where the list had not changed."""
    set_language("en")
    model = connected_model()
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
    model.apply(Rooms(rooms=()))
    model.outbox.take()
    view = PlainView(model)
    assert "No tables yet" in " ".join(view.changes())
    room = RoomSummary(id="1", name="Mesa", host="Luis", players=1, seats=4, bots=0, spectators=0,
                       preset="official", started=False, password=False)
    for line in ("", "refresh", "refresh"):
        assert [type(m).__name__ for m in typed(model, line)] == ["ListRooms"]
        said = " ".join(view.all_lines() if not line else view.changes())
        assert "No tables yet" not in said and "Mesa" not in said, said  # (not the old list)
        model.apply(Rooms(rooms=(room,)))
        assert "1 Mesa, hosted by Luis" in " ".join(view.changes())  # (said again, though unchanged)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_field_of_the_new_table_takes_its_value_typed(lang: str) -> None:
    """Found play-testing (plain, Spanish): "3 6" for six seats stepped to 5, "4 1" for one bot
    did nothing, and nothing said why. A field's number and a value set it; the number alone
    steps, and "-" steps back; a value the field has not is said."""
    set_language(lang)
    model = connected_model()
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
    typed(model, "nueva Casa" if lang == "es" else "new Casa")
    form = model.form
    assert form is not None
    typed(model, "3 6", "4 1", "5 difícil" if lang == "es" else "5 hard", "6 60", "13 sí" if lang == "es"
          else "13 yes", "2 de la casa" if lang == "es" else "2 house")
    assert (form.seats, form.bots, form.bot_level, form.timeout, form.preset) == (6, 1, "hard", 60.0, "house")
    typed(model, "6 0")  # no clock, as `uno host --turn-timeout 0` says it
    assert form.timeout == 0
    typed(model, "3 2")  # two seats: one bot at most
    assert (form.seats, form.bots) == (2, 1)
    typed(model, "4 -")
    assert form.bots == 0
    typed(model, "3 11")
    assert form.seats == 2 and "11" in model.prompts.notice
    assert model.prompts.notice == t("plain_form_no_value", value="11", field=t("form_seats"),
                                     values="2, 3, 4, 5, 6, 7, 8, 9, 10")  # (what it takes, said)
    assert "«11»" in model.prompts.notice if lang == "es" else '"11"' in model.prompts.notice
    typed(model, "5 genius")  # a list that goes round is said from its start, not from the value
    assert model.prompts.notice.endswith(", ".join(t(f"level_{level}") for level in BOT_LEVELS))
    assert form.bot_level == "hard"
    assert ('"3 6"' if lang == "en" else "«3 6»") in t("plain_form")
    # help in the form says the form again, its fields too (found play-testing: "The fields:",
    # then nothing)
    commands = PlainCommands(model)
    assert commands.run("ayuda" if lang == "es" else "help") == [] and commands.look
    said = " ".join(PlainView(model).all_lines())
    assert said.startswith(t("plain_form") + " 1 ") and f"3 {t('form_seats')}: 2." in said, said
    sent = typed(model, "ok")
    assert len(sent) == 1 and isinstance(sent[0], CreateRoom) and sent[0].seats == 2


@pytest.mark.parametrize(("lang", "none"), [("en", "No tables yet. Type new to open one."),
                                            ("es", "Aún no hay mesas. Escribe nueva para abrir una.")])
def test_no_tables_is_said_once_the_list_has_come_with_the_command_to_type(lang: str, none: str) -> None:
    """Plain mode said "No tables yet. Press n" on every connect, before the list of two tables
    (found play-testing): before the list it says nothing of tables, and it names the command."""
    set_language(lang)
    try:
        model = connected_model()
        model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
        view = PlainView(model)
        assert not any("mesas" in line or "tables" in line for line in view.changes())
        model.apply(Rooms(rooms=()))
        assert view.changes()[-1].endswith(none)
    finally:
        set_language("en")


def test_a_spectator_who_takes_a_seat_mid_match_hears_the_past_once() -> None:
    """Joining a match on in plain mode said "waiting for the start … press j", then the log
    of the hand, then the same log again as the seat was taken (found play-testing)."""
    set_language("en")
    model = connected_model()
    view = PlainView(model)
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
    model.apply(Rooms(rooms=(RoomSummary(id="1", name="Mesa", host="Luis", players=1, seats=4, bots=3,
                                         spectators=0, preset="official", started=True, password=False),)))
    typed(model, "1")  # a match on: watched, and a bot's seat asked for at once
    view.changes()
    room = room_info(seats={"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Bot 4"})
    deal = codec.event_to_wire(ev.HandStarted(1, "2", 1))
    played = codec.event_to_wire(ev.CardPlayed("3", Card.parse("R7"), Color.RED))
    names = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Bot 4"}
    model.apply(Joined(room=room, role=RoomRole.SPECTATOR, seat=None))
    model.apply(History(events=((deal,), (played,)), chat=(), names=(names, names)))
    watching = " ".join(view.changes())
    assert "waiting for the start" not in watching and "Bot 3 played Red 7" in watching
    seats = tuple(dataclasses.replace(s, name="Ana", kind="human") if s.seat == "4" else s
                  for s in room.seats)
    model.apply(Joined(room=dataclasses.replace(room, seats=seats), role=RoomRole.PLAYER, seat="4"))
    model.apply(History(events=((deal,), (played,)), chat=(), names=(names, names)))
    seated_lines = " ".join(view.changes())
    assert "Bot 3 played Red 7" not in seated_lines and "Hand 1" not in seated_lines
    assert "You took over Bot 4's seat" in seated_lines and "Ana took over" not in seated_lines


def test_taking_a_seat_in_a_long_hand_does_not_say_its_past_again() -> None:
    """Found play-testing (plain mode): Frank took Bot 1's seat in a hand longer than a
    history holds, and read its 35 lines, then all of them again under "Hand 1 — Frank dealt",
    though Bot 1 had dealt: the deal put above the first past did not match the second, so it
    all counted as new, and the deal was named after who sits there now."""
    set_language("en")
    model = connected_model()
    view = PlainView(model)
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Frank"))
    room = room_info(seats={"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Bot 4"})
    names = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Bot 4"}
    plays = [ev.CardPlayed(seat, Card.parse(card), Color.RED) for seat, card in (("2", "R7"), ("3", "R8"))]
    drew = ev.Drew("1", 1, (Card.parse("G5"),), "draw")  # Bot 1's draw: its cards for its seat only

    def past(seat: str | None) -> tuple[tuple[dict[str, object], ...], ...]:
        return tuple((codec.event_to_wire(e.for_seat(seat)),) for e in (*plays, drew))

    started = make_view(hand_number=1, discard_pile=30, dealer="1", seat=None)
    model.apply(Joined(room=room, role=RoomRole.SPECTATOR, seat=None))
    model.apply(History(events=past(None), chat=(), names=(names,) * 3))
    model.apply(ViewMsg(view=codec.view_to_wire(started)))
    watching = " ".join(view.changes())
    assert watching.count("Luis played Red 7") == 1 and "Bot 1 drew a card" in watching, watching
    assert model.transcript.log[0] == "Hand 1 — Bot 1 dealt"
    seats = tuple(dataclasses.replace(s, name="Frank", kind="human") if s.seat == "1" else s
                  for s in room.seats)
    model.apply(Joined(room=dataclasses.replace(room, seats=seats), role=RoomRole.PLAYER, seat="1"))
    model.apply(History(events=past("1"), chat=(), names=(names,) * 3))
    model.apply(ViewMsg(view=codec.view_to_wire(make_view(hand_number=1, discard_pile=30, dealer="1"))))
    seated_lines = " ".join(view.changes())
    assert "Luis played Red 7" not in seated_lines and "Hand 1" not in seated_lines, seated_lines
    assert "Green 5" not in seated_lines and "You took over Bot 1's seat" in seated_lines, seated_lines
    assert model.transcript.log[0] == "Hand 1 — Bot 1 dealt", model.transcript.log


@pytest.mark.parametrize(("lang", "said", "hint"), [
    ("en", "Luis closed the game (the seat waits for them)",
     "Luis closed the game: remove 2 frees the seat."),
    ("es", "Luis cerró el juego (se le guarda el asiento)",
     "Luis cerró el juego: quitar 2 libera el asiento."),
])
def test_plain_mode_says_who_quit_rather_than_lost_the_connection(lang: str, said: str, hint: str) -> None:
    set_language(lang)
    try:
        model = seated(room=room_info(started=False), lang=lang)
        view = PlainView(model)
        view.changes()
        seats = tuple(dataclasses.replace(s, connected=False, quit=True) if s.seat == "2" else s
                      for s in model.seating.room.seats)
        model.apply(RoomUpdate(room=dataclasses.replace(model.seating.room, seats=seats)))
        text = " ".join(view.changes())
        assert said in text and hint in text, text
        assert "lost the connection" not in text and "perdió la conexión" not in text
    finally:
        set_language("en")


def test_the_waiting_room_for_the_host_and_a_guest() -> None:
    model = seated(room=room_info(started=False))
    lines = PlainView(model).changes()
    assert "Seats: 1 Bot 1 (bot), 2 Luis, 3 Bot 3 (bot), 4 Ana (host, you)." in lines, lines
    assert typed(model, "+", "quitar", "say hola", "start") == [
        AddBot(), RemoveBot(seat="3"), Say(text="hola"), Start(fill=True)]
    assert typed(model, "S") == [Start(fill=False)]
    assert typed(model, "remove 2") == [] and model.prompts.notice == t("err_not_a_bot")  # Luis is here
    seats = tuple(dataclasses.replace(s, connected=False) if s.seat == "2" else s
                  for s in model.seating.room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(model.seating.room, seats=seats)))
    assert "Luis has lost the connection: remove 2 frees the seat." in " ".join(PlainView(model).changes())
    assert typed(model, "remove 2", "remove") == [RemoveBot(seat="2"), RemoveBot(seat="3")]
    model.apply(RoomUpdate(room=room_info(started=False)))
    view = PlainView(model)
    view.changes()
    seats = tuple(SeatInfo(seat=s, name=n, kind="bot" if n.startswith("Bot") else "human")
                  for s, n in {"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Ana", "5": "Bot 5"}.items())
    model.apply(RoomUpdate(room=dataclasses.replace(model.seating.room, seats=seats, max_seats=5)))
    assert view.changes() == ["Bot 5 sat down.", "Seats: 1 Bot 1 (bot), 2 Luis, 3 Bot 3 (bot), 4 Ana (host, "
                              "you), 5 Bot 5 (bot)."]  # the rest did not change: not said again
    guest = seated(room=room_info(started=False, host_seat="2"), lang="es")
    assert "Esperando a que Luis empiece" in " ".join(PlainView(guest).changes())
    assert typed(guest, "empezar", "+") == []


def test_the_end_of_a_hand_is_said_with_the_scores() -> None:
    model = seated(make_view("R7", top="R5", legal=plays("R7")))
    view = PlainView(model)
    view.changes()
    result = HandResult(winner="2", points=32, hands=((), (), (), ()))
    show(model, make_view("R7", top="R5", hand_result=result, scores=(0, 32, 0, 0)))
    assert view.changes() == ["Luis wins hand 1 and scores 32 points. Scores: Bot 1 0, Luis 32, "
                              "Bot 3 0, Ana 0. The next hand is dealt in a few seconds: type pass for "
                              "more time."]
    # What each hand left was worth, as the full screen's board shows it (found play-testing: a
    # screen reader could not check the points)
    model = seated(make_view("R7", top="R5", legal=plays("R7")))
    view = PlainView(model)
    view.changes()
    left = tuple(tuple(Card.parse(c) for c in cards.split()) for cards in ("R7 W", "", "Y3", "B+2 G5"))
    result = HandResult(winner="2", points=85, hands=left)
    show(model, make_view("R7", top="R5", hand_result=result, scores=(0, 85, 0, 0)))
    said = " ".join(view.changes())
    assert "Counted: Bot 1 57 (2 cards), Bot 3 3 (1 card), Ana 25 (2 cards)." in said, said
    # and the match's last hand too (found play-testing: only "Luis wins the match! Scores: …")
    model = seated(make_view("R7", top="R5", legal=plays("R7")))
    view = PlainView(model)
    view.changes()
    show(model, make_view("R7", top="R5", hand_result=result, scores=(0, 585, 0, 0),
                          outcome=MatchOutcome("2", (0, 585, 0, 0))))
    said = " ".join(view.changes())
    assert "Counted: Bot 1 57 (2 cards)" in said and "wins the match" in said, said


@pytest.mark.parametrize(("lang", "hand", "match"), [
    ("en", ["Luis wins hand 1 and scores 32 points. Scores: Bot 1 0, Luis 32, Bot 3 0, Ana 0. The next "
            "hand is dealt in a few seconds: type pass for more time."],
     ["Luis won the hand: +32 points. Luis wins the match! Scores: Bot 1 0, Luis 532, Bot 3 0, Ana 0."]),
    ("es", ["Luis ganó la mano 1 y sumó 32 puntos. Puntos: Bot 1 0, Luis 32, Bot 3 0, Ana 0. La "
            "siguiente mano se reparte en unos segundos: escribe pasar para tener más tiempo."],
     ["Luis ganó la mano: +32 puntos. ¡Luis ganó la partida! Puntos: Bot 1 0, Luis 532, Bot 3 0, Ana 0."]),
])
def test_the_end_of_a_hand_is_said_once(lang: str, hand: list[str], match: list[str]) -> None:
    """Found play-testing: the log's line and the end's said the same at once ("Luis won the
    hand: +32 points. Luis wins hand 1 and scores 32 points. Scores: …"; at a match's end
    "Luis won the match! Luis wins the match!"). The end's line says it, with the scores."""
    result = HandResult(winner="2", points=32, hands=((), (), (), ()))
    try:
        for scores, outcome, said in (((0, 32, 0, 0), None, hand),
                                      ((0, 532, 0, 0), MatchOutcome("2", (0, 532, 0, 0)), match)):
            model = seated(make_view("R7", top="R5", legal=plays("R7")), lang=lang)
            view = PlainView(model)
            view.changes()
            end: list[ev.Event] = [ev.HandEnded("2", 32, scores)]
            end += [ev.MatchEnded("2", scores)] if outcome is not None else []
            model.apply(Events(events=tuple(codec.event_to_wire(e) for e in end), view=codec.view_to_wire(
                make_view("R7", top="R5", hand_result=result, scores=scores, outcome=outcome))))
            lines = view.changes()
            assert len(lines) == len(said) and lines[0].startswith(said[0]), lines
    finally:
        set_language("en")


def test_help_and_unknown_commands() -> None:
    model = seated(make_view("R7 Y3", legal=[*plays("R7"), Draw(ME)]), lang="es")
    replies = PlainCommands(model).run("ayuda")
    assert replies[0].startswith("Órdenes: el número de una carta, o su nombre (5 rojo): la juegas")
    replies = PlainCommands(model).run("bailar")
    assert replies[0] == "Eso no es una orden aquí: bailar. Escribe ayuda."


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_plain_mode_when_asked_or_with_a_dumb_terminal_or_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setattr("sys.stdin", _Terminal())
    assert _display(argparse.Namespace(plain=False, colorblind=False)) == (False, "standard")
    assert _display(argparse.Namespace(plain=True, colorblind=True)) == (True, "colorblind")
    monkeypatch.setattr("sys.stdin", io.StringIO())  # input from a file or a pipe (found play-testing)
    assert _display(argparse.Namespace(plain=False, colorblind=False))[0] is True
    monkeypatch.setattr("sys.stdin", _Terminal())
    monkeypatch.setenv("TERM", "dumb")
    assert _display(argparse.Namespace(plain=False, colorblind=False))[0] is True


async def until(condition: Callable[[], bool]) -> None:
    """Wait until ``condition()`` holds, polling, at most 5 s."""
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), 5)


def test_the_plain_screen_reads_lines_and_appends_lines() -> None:
    """The terminal of plain mode over a pipe: a line typed is a command; what changed is
    appended; the end of the input quits."""
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]))
    read, write = os.pipe()
    out = io.StringIO()
    screen = PlainScreen("", input_fd=read, out=out)
    sent: list[Message] = []
    screen.adopt(model, lambda: sent.extend(model.outbox.take()))

    async def main() -> int:
        running = asyncio.ensure_future(screen.run_async())
        await until(lambda: out.getvalue().count("\n") == 1)
        os.write(write, b"1\n")
        await until(lambda: bool(sent))
        played = codec.event_to_wire(ev.CardPlayed(ME, Card.parse("R7"), Color.RED))
        model.apply(Events(events=(played,), view=codec.view_to_wire(make_view("Y3", top="R7", current="1"))))
        screen.invalidate()
        await until(lambda: out.getvalue().count("\n") == 2)
        os.close(write)
        return await asyncio.wait_for(running, 5)

    assert asyncio.run(main()) == 0
    os.close(read)
    assert sent == [Act(kind="play", card="R7")]
    lines = out.getvalue().splitlines()
    assert lines[0] == ("Your hand: 1 Red 7, 2 Yellow 3. Your turn. 20 seconds to play. Top card: Red 5. "
                        "You can play: 1 Red 7, or draw.")
    assert lines[1] == "You played Red 7. Your hand: 1 Yellow 3. Bot 1's turn."
    assert model.quit


@pytest.mark.parametrize("terminal", [True, False])
def test_a_line_read_ahead_waits_for_the_answer_but_one_typed_does_not(terminal: bool) -> None:
    """Input from a file or a pipe is read ahead of the client: a line waits for the server's
    answer to the line before (found play-testing: a file's lines were refused before the
    screens they needed had come). Typed at a terminal, a line runs at once: a person reads
    before typing, and a held line would keep "quit" waiting while the link is down."""
    import pty

    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]))
    read, write = pty.openpty() if terminal else os.pipe()
    screen = PlainScreen("", input_fd=read, out=io.StringIO())
    sent: list[Message] = []
    screen.adopt(model, lambda: sent.extend(model.outbox.take()))

    async def main() -> list[Message]:
        running = asyncio.ensure_future(screen.run_async())
        os.write(write, b"1\nquit\n")
        for _ in range(50):  # (some turns of the loop, with no answer from the server)
            await asyncio.sleep(0.01)
        before = list(sent)
        screen.exit(0)
        await asyncio.wait_for(running, 5)
        return before

    try:
        before = asyncio.run(main())
    finally:
        os.close(read)
        os.close(write)
    assert before == [Act(kind="play", card="R7")]
    assert (model.prompt is Prompt.QUIT) is terminal  # ("quit" asked at once, or still held)


def test_choosing_a_server_on_the_lan_or_by_address() -> None:
    set_language("es")
    model = Model("Ana")
    model.servers.browsing = True
    model.servers.set([ServerEntry(name="Casa", host="192.0.2.7", port=7777, players=2, free_seats=2)])
    assert model.screen is Screen.BROWSE
    assert PlainView(model).changes() == [
        "Mesas en tu red: 1 Casa en 192.0.2.7:7777, 2 jugando, 2 libres. Escribe un número o una "
        "dirección (host:puerto)."]
    typed(model, "1")
    assert model.servers.connect_request == ("192.0.2.7", 7777)
    model.servers.browsing = True
    typed(model, "192.0.2.9:7000")
    assert model.servers.connect_request == ("192.0.2.9", 7000)


@pytest.mark.parametrize(("state", "said"), [
    ("searching", "No table found yet. Type an address below, or wait."),
    ("unavailable", "LAN discovery is not available here: type an address."),
    ("off", "LAN discovery is off (--no-discovery): type an address.")])
def test_an_empty_list_of_servers_says_why(state: str, said: str) -> None:
    """Found play-testing: with ``--no-discovery`` the list said discovery was "not available
    here", as if something were broken."""
    model = Model("Ana")
    model.servers.browsing = True
    model.servers.discovery_state = state
    assert said in render_text(model)
    assert PlainView(model).changes()[0].startswith(said)


def test_what_others_named_reaches_plain_mode_cleaned() -> None:
    evil = "Eve\x1b]0;PWNED\x07\x1b[31m\u202etxet\x00\r\nX"
    room = room_info(started=False)
    seats = tuple(dataclasses.replace(s, name="x") if s.seat != "2" else s for s in room.seats)
    model = seated(room=room)
    view = PlainView(model)
    hostile = dataclasses.replace(room, seats=seats)
    for obj, field in ((hostile, "name"), (hostile.seats[1], "name")):
        object.__setattr__(obj, field, evil)  # as a hostile server might, behind the checks
    model.apply(RoomUpdate(room=hostile))
    chat = ChatMsg(source="x", text="hola", scope="room")
    object.__setattr__(chat, "text", evil)
    model.apply(chat)
    lines = view.changes()
    assert any("Eve]0;PWNED" in line for line in lines), lines  # shown, as harmless text
    assert all(is_clean_text(line) for line in lines), lines


def test_a_past_told_again_hides_no_line_behind_one_that_repeats() -> None:
    """Found in review: the log's lines were matched at their last place in the past told again,
    so after a repeated line ("Bot 2 drew a card") the lines that really were new went unsaid."""
    from client.transcript import Transcript

    transcript = Transcript()
    transcript.add(["x", "Bot 2 drew a card"])
    before = transcript.logged
    transcript.replace(["x", "Bot 2 drew a card", "Bot 3 played R5", "x", "Bot 2 drew a card",
                        "Luis played G1"], [])
    assert transcript.logged - before == 4
    # the past told again begins later than the log: its first lines end the log
    transcript.replace(["Bot 2 drew a card", "Luis played G1", "Ana played G2"], [])
    assert transcript.logged - before == 5


def test_the_full_screen_lobby_says_no_tables_only_once_the_list_has_come() -> None:
    model = connected_model()
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
    assert "No tables yet" not in render_text(model)
    model.apply(Rooms(rooms=()))
    assert "No tables yet. Press n to open one." in render_text(model)


@pytest.mark.parametrize(("reason", "said"), [
    ("timeout", "Connection lost (timed out). Reconnecting…"),
    ("table_kept", "The host kept the match for later. Reconnecting until it is opened again…")])
def test_a_lost_connection_is_said_once_not_at_every_try(reason: str, said: str) -> None:
    """Found play-testing: a screen reader read "Reconnecting in 0.0 s (attempt 9)…" and then
    "…in 5.0 s (attempt 9)…", two lines every five seconds for as long as the host was away."""
    now = [100.0]
    model = seated(make_view(), clock=lambda: now[0])
    view = PlainView(model)
    view.changes()
    model.connection_lost(reason, 0.1)
    assert said in " ".join(view.changes())
    again = []
    for attempt in range(1, 6):  # every try refused, five seconds apart
        now[0] += 5.0
        model.connecting("127.0.0.1:7777", attempt)
        again += view.changes()
        model.connection_lost("refused", 5.0)
        again += view.changes()
    # (after a timeout, the new reason is said once; a kept match's stays)
    assert len([line for line in again if "Reconnecting" in line]) == (reason == "timeout"), again


def test_a_link_down_whose_tries_fail_by_turns_in_two_ways_is_said_twice_at_most() -> None:
    """Found play-testing a flaky link: "Connection lost (closed). Reconnecting…" and
    "…(broken)…" by turns, every 3 s, fourteen lines in two drops read out to a screen reader."""
    now = [100.0]
    model = seated(make_view(), clock=lambda: now[0])
    view = PlainView(model)
    view.changes()
    said = []
    for attempt in range(1, 8):
        model.connection_lost("eof" if attempt % 2 else "broken", 3.0)
        said += view.changes()
        now[0] += 3.0
        model.connecting("127.0.0.1:7777", attempt)
        said += view.changes()
    assert len([line for line in said if "Connection lost" in line]) == 2, said
    model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana", resumed=True))
    view.changes()
    model.connection_lost("broken", 3.0)  # (a new drop is said again)
    assert any("Connection lost" in line for line in view.changes())


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Nothing to play: draw."), ("es", "Nada que jugar: robar.")])
def test_nothing_to_play_names_the_only_move(lang: str, said: str) -> None:
    """Found play-testing: "Nothing to play, or draw." offered a choice there was not."""
    model = seated(make_view("G1 B3", top="R5", legal=[Draw(ME)]), lang=lang)
    try:
        assert said in " ".join(PlainView(model).changes())
    finally:
        set_language("en")


def test_while_the_link_is_down_the_turn_is_not_claimed() -> None:
    """Found play-testing on a flaky link: with the connection lost, the screen still said "Your
    turn" with its clock, and plain mode "Nothing to play" (nothing is legal while disconnected);
    the turn may be played by the stand-in meanwhile."""
    model = seated(make_view("G1 R3", top="R5", legal=[*plays("R3"), Draw(ME)]))
    view = PlainView(model)
    assert "Your turn" in " ".join(view.changes()) and "Your turn" in render_text(model)
    model.connection_lost("timeout", 0.1)
    lost = " ".join(view.changes())
    assert "Nothing to play" not in lost and "Your turn" not in lost
    screen = render_text(model)
    assert "Your turn" not in screen and t("turn_link_down") in screen
    model.apply(Welcome(server="Casa", version="0", protocol=1, token="s.secret", name="Ana", resumed=True))
    model.apply(ViewMsg(view=codec.view_to_wire(make_view("G1 R3", top="R5", legal=[*plays("R3"), Draw(ME)])),
                        deadline=5.0))
    assert "Your turn" in " ".join(view.changes()) and "Your turn" in render_text(model)


def test_a_spectator_is_told_where_in_line_for_a_seat() -> None:
    """Found play-testing: joining a full table mid-match, a plain-mode player typed "sit" and
    was not told it had put them in line."""
    model = seated(make_view(current="2"))
    model.apply(Joined(room=room_info(started=True), role="spectator", seat=None))
    model.apply(ViewMsg(view=codec.view_to_wire(dataclasses.replace(make_view(current="2"), seat=None,
                                                                      hand=None, legal=())),
                        deadline=None))
    view = PlainView(model)
    view.changes()
    model.apply(Queued(position=2))
    assert view.changes() == ["You are number 2 in line for a seat (j cancels)."]
    # with no bot's seat to take over, what the line waits for (found play-testing: Mo waited a
    # whole match, and nothing said so)
    people = room_info(started=True, seats={"1": "Luis", "2": "Zoe", "3": "Kim", "4": "Ana"})
    model.apply(RoomUpdate(room=people))
    assert t("queued_line_people", n=2) in " ".join(view.changes())
    assert "when a player leaves, or does not play the rematch" in t("queued_line_people", n=2)


@pytest.mark.parametrize(("lang", "said"), [("en", "You said: hola"), ("es", "Dijiste: hola")])
def test_our_own_chat_is_said_in_the_second_person(lang: str, said: str) -> None:
    """Found play-testing: plain mode echoed Zoe's own chat as "Zoe says: hola"."""
    model = seated(lang=lang)
    try:
        view = PlainView(model)
        view.changes()
        model.apply(ChatMsg(source=model.session.name, text="hola", scope="room"))
        model.apply(ChatMsg(source="Luis", text="hola", scope="room"))
        lines = view.changes()
        assert lines[-2:] == [said, t("plain_chat", name="Luis", text="hola")], lines
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "A challenge says the +4 was a bluff (its player held red): if so, they draw 4; if not, you "
           "draw 6."),
    ("es", "Desafiar es decir que el +4 fue un farol (quien lo jugó tenía rojo): si lo fue, roba 4; si no, "
           "robas 6.")])
def test_help_at_a_challenge_says_what_a_challenge_is(lang: str, said: str) -> None:
    """Found play-testing: Marcos typed help facing a Wild Draw Four, and read the question again."""
    model = seated(make_view("R7 Y3", top="W+4", challenge_from="3", challenge_color=Color.RED,
                             pending_draw=4, legal=[Challenge(ME), Accept(ME)]), lang=lang)
    try:
        answer = PlainCommands(model).run("help" if lang == "en" else "ayuda")[0]
        assert said in answer and "(+4). " in answer, answer  # (a sentence each: found play-testing)
    finally:
        set_language("en")


def test_a_challenge_answered_is_not_asked_again_while_the_table_answers() -> None:
    """Found play-testing: typing y to a Wild Draw Four's question printed the question again
    ("Hosty played a Wild Draw Four on you: y challenge, a accept") before the result came,
    as if the answer had not been taken; a second y was sent to the server as well."""
    model = seated(make_view("R7 Y3", top="W+4", challenge_from="3", pending_draw=4,
                             legal=[Challenge(ME), Accept(ME)]))
    out = io.StringIO()
    screen = PlainScreen("", out=out)
    screen.adopt(model, lambda: None)
    assert screen.view is not None
    screen.say(screen.view.changes())
    assert "Wild Draw Four on you" in out.getvalue()
    out.truncate(0), out.seek(0)
    screen.line("y")
    assert "Wild Draw Four on you" not in out.getvalue()
    assert model.prompt is Prompt.NONE
    screen.line("y")
    assert model.outbox.take() == [Act(kind="challenge")]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Luis's hand, shown to you: Red 7, Green 1 and Wild."),
    ("es", "Luis te enseñó la mano: el 7 rojo, el 1 verde y el Comodín."),
])
def test_the_hand_a_challenge_shows_is_said_by_name_in_plain_mode(lang: str, said: str) -> None:
    """Found play-testing: plain mode said "Hosty's hand, shown to you: R1 Y3 Y5 Y5 Y6", the
    full screen's codes, where every other line names the cards ("you drew Yellow 0, ...")."""
    try:
        model = seated(make_view(), lang=lang)
        model.plain = True
        view = PlainView(model)
        view.changes()
        shown = tuple(Card.parse(text) for text in ("G1", "W", "R7"))
        model.apply(Events(events=(codec.event_to_wire(ev.Challenged(ME, "2", True, shown)),),
                           view=codec.view_to_wire(make_view())))
        assert said in view.changes()[0]
    finally:
        set_language("en")


def test_a_hand_swapped_is_said_once_in_plain_mode() -> None:
    """Found play-testing: after a 0, "… — you hold Bot 2's now. Your hand: … Lola's turn. You
    hold Bot 2's hand now: 4 cards.": the notice said a third time, after the turn. The full
    screen keeps it (the log's line scrolls by)."""
    for plain in (True, False):
        model = seated(make_view("R7 Y3"))
        model.plain = plain
        view = PlainView(model)
        view.changes()
        zero = ev.HandsExchanged("2", None, ((ME, 2, None), ("1", 3, None), ("2", 1, None), ("3", 5, None)))
        model.apply(Events(events=(codec.event_to_wire(ev.CardPlayed("2", Card.parse("R0"), Color.RED)),
                                   codec.event_to_wire(zero)),
                           view=codec.view_to_wire(make_view("G1 B2", top="R0"))))
        said = " ".join(view.changes())
        assert said.count("hand now") == (0 if plain else 1), said


def test_the_join_command_plain_mode_says_works_copied_with_its_full_stop() -> None:
    """Found play-testing: plain mode says "Friends join with: uno join 127.0.0.1:42737." (its
    lines end as sentences), and `uno join 127.0.0.1:42737.` failed with "invalid literal for
    int() with base 10: '42737.'"."""
    assert parse_address("127.0.0.1:42737.") == ("127.0.0.1", 42737)
    assert parse_address("[::1]:7777.") == ("::1", 7777)
    assert parse_address("uno-host.") == ("uno-host", 7777)
    with pytest.raises(ValueError, match="bad port '77x'"):
        parse_address("127.0.0.1:77x")


def test_uno_host_start_says_the_join_command_once_in_one_line_in_plain_mode() -> None:
    """Found play-testing (`uno host --plain --start`): "Tus amigos entran con:" was said alone,
    then "uno join 127.0.0.1:42737. Mesa de Ana — esperando el inicio…", the full screen's two
    log lines (made for its narrow column) read as two; then, in one line, it came after the
    lobby's line had said it."""
    model = Model("Ana")
    model.plain = True
    model.host.auto_create, model.host.auto_start = CreateRoom(name="Mesa", bots=3), True
    model.host.address = "192.0.2.2:4700"
    view = PlainView(model)
    model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana"))
    said = view.changes()
    model.apply(Joined(room=room_info(started=False), role="player", seat=ME))
    said += view.changes()
    assert " ".join(said).count("uno join 192.0.2.2:4700") == 1, said
    assert "Friends join with: uno join 192.0.2.2:4700." in " ".join(said), said


def test_uno_host_start_says_the_kept_match_before_the_deal_not_again_at_it() -> None:
    """Found play-testing (`uno host --plain --start` with a match kept from last time): "Kept
    from last time: …" was said in the lobby's line, the waiting room's, and again with the deal
    (the full screen's log line, made for a table whose waiting room went by unseen)."""
    model = Model("Ana")
    model.plain = True
    model.host.auto_create, model.host.auto_start = CreateRoom(name="Mesa", bots=3), True
    model.host.offer = t("resume_offer", name="Mesa", progress=t("resume_hand", n=1))
    view = PlainView(model)
    model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana"))
    model.apply(Joined(room=room_info(started=False), role="player", seat=ME))
    said = view.changes()
    model.apply(Events(events=(codec.event_to_wire(ev.HandStarted(1, ME, 1)),)))
    said += view.changes()
    assert " ".join(said).count("Kept from last time") == 1, said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "End the match for everyone (e), or keep it for later (k)? Type e or k (uno host --resume opens"
           " a kept match); anything else stays."),
    ("es", "¿Terminar la partida para todos (t), o guardarla para después (g)? Escribe t o g (uno host"
           " --resume abre la guardada); si no, te quedas."),
])
def test_the_hosts_quit_question_says_that_anything_else_stays(lang: str, said: str) -> None:
    """Found play-testing: the host typed "s" (sí) to "¿Terminar la partida para todos (t), o
    guardarla para después (g)?", the question closed without a word, and the "t" typed next was
    "not a command"; the question, and help, never said that anything else stays."""
    try:
        model = seated(make_view(), lang=lang)
        model.host.active = model.host.keeps = True
        view = PlainView(model)
        view.changes()
        model.ask_quit()
        assert model.prompt is Prompt.HOST_QUIT
        assert view.changes() == [said]
        assert PlainCommands(model).help() == said[said.index("?") + 2:]
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "row"), [("en", "4/4 official  playing · 1 bot"),
                                           ("es", "4/4 oficial     jugando · 1 bot")])
def test_the_lobby_says_how_many_seats_are_bots(lang: str, row: str) -> None:
    """Found play-testing: a late arrival read a match of three people and a bot as "4/4" and
    took it for full; a person arriving may take the bot's seat."""
    set_language(lang)
    try:
        model = connected_model()
        model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Eva"))
        model.apply(Rooms(rooms=(RoomSummary(id="1", name="Mesa", host="Ana", players=3, seats=4, bots=1,
                                             spectators=0, preset="official", started=True,
                                             password=False),)))
        assert row in render_text(model, columns=80)
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "row", "said"), [
    ("en", "4/4 official+ playing", "1 Mesa, hosted by Ana, 4/4, official with changes, playing"),
    ("es", "4/4 oficial+    jugando", "1 Mesa, abierta por Ana, 4/4, oficial con cambios, jugando")])
def test_the_lobby_marks_a_preset_whose_options_were_changed(lang: str, row: str, said: str) -> None:
    """Found play-testing: a table of the official rules with 7-0 swaps read "official" in the
    lobby's list. A changed target alone is not a change of the rules."""
    set_language(lang)
    try:
        model = connected_model()
        model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Eva"))
        rules = {**RuleSet.preset("official").to_dict(), "seven_zero": True}
        room = RoomSummary(id="1", name="Mesa", host="Ana", players=4, seats=4, bots=0, spectators=0,
                           preset="official", started=True, password=False, rules=rules)
        model.apply(Rooms(rooms=(room,)))
        assert row in render_text(model, columns=80)
        assert said in " ".join(PlainView(model).changes())
        # An option of the preset turned off is named with the table's rules (what the "+" means)
        house = {**RuleSet.preset("house").to_dict(), "stack_draw_two": False}
        model.apply(Rooms(rooms=(dataclasses.replace(room, preset="house", rules=house),)))
        assert t("rule_without", rule=t("rule_stack_two")) in render_text(model, columns=80)
        longer = dataclasses.replace(room, rules={**rules, "seven_zero": False, "target_score": 200})
        model.apply(Rooms(rooms=(longer,)))
        assert "official+" not in render_text(model, columns=80).replace("oficial+", "official+")
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "(draw 4). Or stack on it: a playable card's number."),
    ("es", "(robas 4). O súmale una carta: el número de una que puedas jugar.")])
def test_plain_mode_stacks_a_wild_draw_four_on_the_one_facing_it(lang: str, said: str) -> None:
    """Where +4s stack (R14), a card's number answers the +4's question too (found
    play-testing: only challenge or accept were taken, and the hint advised a third move)."""
    view = make_view("R7 W+4 Y3", top="W+4", challenge_from="3", pending_draw=4,
                     legal=[Challenge(ME), Accept(ME), *plays("W+4")])
    model = seated(view, lang=lang)
    try:
        assert said in " ".join(PlainView(model).changes())
        assert typed(model, "3", "r") == [Act(kind="play", card="W+4", color="R")]
        model = seated(view, lang=lang)
        assert typed(model, "n") == [Act(kind="accept")]
    finally:
        set_language("en")


def test_the_first_cards_colour_is_asked_without_nothing_to_play_before_it() -> None:
    """Found play-testing: a Wild turned up first, plain mode said "Nothing to play." and then
    asked its first player for the colour."""
    model = seated(make_view("R7 Y3", top="W", color=None, awaiting_color=True,
                             legal=[ChooseColor(ME, c) for c in (Color.RED, Color.GREEN)]))
    said = " ".join(PlainView(model).changes())
    assert "Nothing to play" not in said and t("prompt_start_color") in said, said


def test_a_notice_that_goes_on_from_the_one_said_says_only_what_it_adds() -> None:
    """Found play-testing, the server started again: plain mode said "Welcome back: you are in
    your seat again." (the welcome), then all of it again with "Alice is the host." (the seat)."""
    model = seated(make_view())
    view = PlainView(model)
    view.changes()
    model.prompts.notice = t("status_resumed")
    assert view.changes() == [t("status_resumed")]
    model.prompts.notice = t("status_resumed_host", name="Alice")
    assert view.changes() == ["Alice is the host."]
    model.prompts.notice = t("not_your_turn")
    assert view.changes() == [sentence(t("not_your_turn"))]


def test_back_in_the_lobby_the_tables_are_said_as_they_are_now() -> None:
    """Found play-testing: leaving a table, plain mode first said the tables as they were before
    she sat down (a bot's seat taken since, a level changed, a table missing), then the new list."""
    from protocol import Left, LeftReason

    model = connected_model()
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
    old = RoomSummary(id="1", name="Casa", host="Luis", players=1, seats=4, bots=3, spectators=0,
                      preset="official", started=False, password=False)
    model.apply(Rooms(rooms=(old,)))
    model.apply(Joined(room=room_info(started=False), role=RoomRole.PLAYER, seat=ME))
    view = PlainView(model)
    view.changes()
    model.apply(Left(reason=LeftReason.LEFT))
    assert type(model.outbox.take()[-1]).__name__ == "ListRooms"
    said = " ".join(view.changes())
    # (which table one left, said: found play-testing, Ben declined the rematch and was in the
    # lobby told nothing)
    assert "Casa" not in said and "You left Mesa: you are in the lobby." in said, said
    model.apply(Rooms(rooms=(dataclasses.replace(old, name="Casa 2"),)))
    assert "Casa 2" in " ".join(view.changes())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_new_tables_password_is_asked_for_unseen(lang: str) -> None:
    """Found play-testing: "8 queso" stayed on screen above "8 Password: *****". The password's
    number alone asks for it as joining a table with one does: not echoed (plainapp turns the
    terminal's echo off for a password)."""
    set_language(lang)
    try:
        model = connected_model()
        model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
        typed(model, "nueva Casa" if lang == "es" else "new Casa")
        view = PlainView(model)
        view.changes()
        typed(model, "8")
        assert model.prompt is Prompt.PASSWORD and t("plain_form_password") in " ".join(view.changes())
        typed(model, "queso")
        assert model.prompt is Prompt.NONE and model.form is not None and model.form.password == "queso"
        typed(model, "8")
        typed(model, "")  # (Enter alone: no password)
        assert model.form.password == ""
        sent = typed(model, "ok")
        assert len(sent) == 1 and isinstance(sent[0], CreateRoom) and sent[0].password is None
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "past", "now"), [
    ("en", "What has happened at the table:", ["Now:", "Luis's turn."]),
    ("es", "Lo que ha pasado en la mesa:", ["Ahora:", "Turno de Luis."])])
def test_a_watcher_is_told_the_past_as_the_past_and_then_what_holds_now(lang: str, past: str,
                                                                        now: list[str]) -> None:
    """Found play-testing: a watcher in plain mode read the hand so far line after line, with
    nothing to say it had happened before he came, nor where the present began."""
    model = connected_model()
    set_language(lang)
    try:
        view = PlainView(model)
        model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Carl"))
        view.changes()
        room = room_info(seats={"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Bot 4"})
        names = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Bot 4"}
        played = [(codec.event_to_wire(ev.CardPlayed(seat, Card.parse(card), Color.RED)),)
                  for seat, card in (("3", "R7"), ("4", "R8"))]
        model.apply(Joined(room=room, role=RoomRole.SPECTATOR, seat=None))
        model.apply(History(events=tuple(played), chat=(), names=(names,) * 2))
        lines = view.changes()  # (said as the past comes, before the view: found play-testing)
        model.apply(ViewMsg(view=codec.view_to_wire(make_view(seat=None, current="2"))))
        lines += view.changes()
        assert lines[0] == past and lines[-2:] == now, lines
        model.apply(Events(events=(codec.event_to_wire(ev.CardPlayed("2", Card.parse("R9"), Color.RED)),)))
        assert not any(past in line for line in view.changes())  # (the live lines go on as before)
    finally:
        set_language("en")


def test_plain_mode_reads_no_arrows() -> None:
    """Found play-testing: a screen reader read "Comodín → verde" and "↺ antihorario" with the
    arrows' names."""
    model = seated(make_view("R7 Y3", current="2"))
    view = PlainView(model)
    view.changes()
    model.apply(Events(events=(codec.event_to_wire(ev.CardPlayed("2", Card.parse("W"), Color.GREEN)),
                               codec.event_to_wire(ev.DirectionChanged(-1))),
                       view=codec.view_to_wire(make_view("R7 Y3", top="W", color=Color.GREEN, current="3"))))
    said = " ".join(view.changes() + view.all_lines())
    assert "Luis played Wild: green" in said and "counter-clockwise" in said, said
    assert not any(arrow in said for arrow in "→↺↻"), said


def test_a_long_past_is_said_by_its_last_lines() -> None:
    """Found play-testing: a client started again mid-hand read some 60 lines of the hand so
    far before its turn, whose clock was running."""
    from client.plainview import PAST_SAID

    model = connected_model()
    view = PlainView(model)
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Carl"))
    view.changes()
    names = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Bot 4"}
    cards = [f"R{n}" for n in range(10)] * 3
    played = [(codec.event_to_wire(ev.CardPlayed(str(1 + i % 4), Card.parse(card), Color.RED)),)
              for i, card in enumerate(cards)]
    model.apply(Joined(room=room_info(seats=names), role=RoomRole.SPECTATOR, seat=None))
    model.apply(History(events=tuple(played), chat=(), names=(names,) * 2))
    lines = view.changes()
    assert lines[0] == f"What has happened at the table, the last {PAST_SAID} of 30 lines:", lines
    assert len(lines) == 1 + PAST_SAID and lines[-1] == "Luis played Red 9.", lines


@pytest.mark.parametrize(("lang", "table", "scores"), [
    ("en", "Top card: Green 5. Draw pile: {n}, clockwise. Cards: Bot 1: 5, Luis: 1 UNO!, "
           "Bot 3: 5 away, Ana (you): 2.", "Scores: Bot 1 0, Luis 40, Bot 3 0, Ana 12."),
    ("es", "Carta de arriba: 5 verde. Mazo: {n}, horario. Cartas: Bot 1: 5, Luis: 1 ¡UNO!, "
           "Bot 3: 5 ausente, Ana (tú): 2.", "Puntos: Bot 1 0, Luis 40, Bot 3 0, Ana 12.")])
def test_an_empty_line_says_the_table_every_seats_cards_and_the_scores(lang: str, table: str,
                                                                       scores: str) -> None:
    """Found play-testing: plain mode never said how many cards the others held (the full
    screen's board shows it), nor the scores before a hand's end."""
    seats = tuple(dataclasses.replace(s, away=True) if s.seat == "3" else s
                  for s in room_info(seats={"1": "Bot 1", "2": "Luis", "3": "Bot 3", "4": "Ana"}).seats)
    view_now = make_view("R7 Y3", top="G5", current="1", hand_sizes=(5, 1, 5, 2), direction=1,
                         uno_said=(False, True, False, False), scores=(0, 40, 0, 12))
    model = seated(view_now, room=dataclasses.replace(room_info(), seats=seats), lang=lang)
    try:
        said = PlainView(model).all_lines()
        assert said[-2:] == [table.format(n=view_now.draw_pile), scores], said
    finally:
        set_language("en")


def test_between_hands_only_what_changes_at_the_end_is_said_again() -> None:
    """Found play-testing: each step away and back between hands said "You win hand 1 and score
    25 points. Scores: …" again, beside what had changed."""
    set_language("en")
    ended = make_view("", legal=[], hand_sizes=(5, 5, 5, 0), hand_result=HandResult(ME, 25),
                      scores=(0, 0, 0, 25))
    model = seated(ended)
    view = PlainView(model)
    first = " ".join(view.changes())
    assert "You win hand 1 and score 25 points" in first and "Scores:" in first, first
    room = model.seating.room
    assert room is not None
    away = tuple(dataclasses.replace(s, away=s.kind == "human") for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=away)))
    again = " ".join(view.changes())
    assert "the next hand is dealt when someone comes back" in again, again
    assert "You win hand 1" not in again and "Scores:" not in again, again


def test_a_past_told_again_after_a_dropped_link_counts_only_what_was_missed() -> None:
    """Found play-testing: back from a dropped link, plain mode said 58 lines heard already. The
    log held lines the client had added to the past told before (who was already away, what
    the stand-in did), which the past told again does not have there."""
    from client.transcript import Transcript

    transcript = Transcript()
    first = ["Hand 1 — Ana dealt", "Bot 1 played Red 7", "Bob played Red 8"]
    away = "Carl was already away: a bot plays their turns"
    transcript.replace(first, [], [away, "While you were away — turns played for you: 1"])
    transcript.add(["Ana played Red 2", "Bot 1 played Red 4"])  # live, after it
    logged = transcript.logged
    again = [*first, "Ana played Red 2", "Bot 1 played Red 4", "Bob drew a card"]
    transcript.replace(again, [], [away])
    assert transcript.logged - logged == 2  # "Bob drew a card", and who is away (said again)
    assert transcript.log == [*again, away]


def test_a_past_told_again_finds_what_was_heard_among_the_logs_own_lines() -> None:
    """Found play-testing: back from a dropped link, plain mode said 80 lines heard already. The
    live log held lines of its own between those of the past (who stepped away and came back, a
    hand's end said its way, a stack's total), so that the past matched nothing in it."""
    from client.transcript import Transcript

    transcript = Transcript()
    hand2 = ["Hand 2 — Ana dealt", "Bot 1 played Red 7", "Luis played Red Draw Two"]
    transcript.add([*hand2[:2], "Beto stepped away: a bot plays their turns",
                    "Luis played Red Draw Two — stacked: 4 to draw", "Bot 1 drew 4", "Beto came back",
                    "Bot 1 wins hand 2 and scores 112 points", "Hand 3 — Luis dealt", "Bot 1 drew a card"])
    logged = transcript.logged
    past = [*hand2, "Bot 1 drew 4", "Bot 1 won the hand: +112 points", "Hand 3 — Luis dealt",
            "Bot 1 drew a card", "Luis played Green 2", "Bot 1 drew a card"]  # (the last two missed)
    transcript.replace(past, [])
    assert transcript.logged - logged == 2


def test_a_line_heard_once_does_not_hide_the_same_line_missed_after_it() -> None:
    from client.transcript import Transcript

    transcript = Transcript()
    transcript.add(["Bot 2 drew a card"])
    logged = transcript.logged
    transcript.replace(["Bot 2 drew a card", "Luis played Red 7", "Bot 2 drew a card"], [])
    assert transcript.logged - logged == 2


def test_in_english_plain_z_at_a_colour_question_is_not_blue() -> None:
    """Found play-testing: plain mode's help names z among the full screen's keys (away), and z
    at a colour question played the Wild Draw Four blue. The Spanish a (amarillo) still answers."""
    model = seated(make_view("R7 W+4", top="G5", legal=[*plays("W+4"), Draw(ME)]))
    assert typed(model, "2") == [] and model.prompt is Prompt.COLOR
    assert typed(model, "z") == [] and model.prompt is Prompt.COLOR
    assert typed(model, "a") == [Act(kind="play", card="W+4", color="Y")]


def test_stopped_and_continued_the_terminal_reads_lines_again() -> None:
    """Found play-testing: Sofía's client was stopped (kill -STOP), continued and brought back
    with fg; the shell had left the terminal unbuffered and without CR to NL, and Enter was never
    a line again. On SIGCONT plain mode puts back the line mode it started with."""
    import pty
    import signal
    import termios

    master, slave = pty.openpty()
    screen = PlainScreen("", input_fd=slave, out=io.StringIO())
    screen.adopt(seated(make_view()), lambda: None)

    def lines_read() -> bool:
        mode = termios.tcgetattr(slave)
        return bool(mode[0] & termios.ICRNL and mode[3] & termios.ICANON)

    async def main() -> None:
        running = asyncio.ensure_future(screen.run_async())
        await until(lambda: screen.is_running)
        mode = termios.tcgetattr(slave)
        mode[0] &= ~termios.ICRNL
        mode[3] &= ~termios.ICANON
        termios.tcsetattr(slave, termios.TCSANOW, mode)  # (as the shell leaves it)
        assert not lines_read()
        os.kill(os.getpid(), signal.SIGCONT)
        await until(lines_read)
        screen.exit(0)
        await asyncio.wait_for(running, 5)

    try:
        asyncio.run(main())
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_turns_clock_running_out_is_said_once(lang: str) -> None:
    """Found play-testing: Inés, blind, heard "Tu turno. 20 segundos para jugar…", then nothing
    until "Se acabó tu tiempo: un bot jugó tu turno". Ten seconds before the end it is said,
    once; not of another's turn, nor of a turn that had no more than that."""
    from client.plainview import CLOCK_WARNING

    now = [100.0]
    try:
        model = seated(make_view("R7 Y3", legal=plays("R7")), lang=lang, clock=lambda: now[0])
        view = PlainView(model)
        assert t("plain_time", n=20) in " ".join(view.changes())
        now[0] += 20 - CLOCK_WARNING - 1
        assert not view.clock_due() and view.changes() == []
        now[0] += 1.5
        assert view.clock_due()
        said = " ".join(view.changes())
        assert said == ("10 seconds left to play." if lang == "en" else "Te quedan 10 segundos para jugar.")
        now[0] += 1
        assert not view.clock_due() and view.changes() == []
        # a move sent just before the warning's second, not answered yet: it is not said (found
        # re-checking: "1" / "10 seconds left to play." / "You played Red 3.")
        late = seated(make_view("R7 Y3", legal=plays("R7")), lang=lang, clock=lambda: now[0])
        late_view = PlainView(late)
        late_view.changes()
        now[0] += 20 - CLOCK_WARNING - 1.5
        late.table.play_selected()
        now[0] += 1.5
        assert not late_view.clock_due()
        show(model, make_view("R7 Y3", current="2"))  # another's turn
        view.changes()
        model.apply(ViewMsg(view=codec.view_to_wire(make_view("R7 Y3", legal=plays("R7"))), deadline=6.0))
        assert t("plain_time", n=6) in " ".join(view.changes())
        now[0] += 3
        assert not view.clock_due()  # (a turn of 6 s: "6 seconds to play" said it)
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_with_two_cards_plain_mode_says_how_to_say_uno_with_the_play(lang: str) -> None:
    """Found play-testing: Inés, blind, learned of UNO by being caught: nothing on her turn with
    two cards said how to say it. The turn says so, with a number that works."""
    from client.plaincmd import PlainCommands

    try:
        view = make_view("R7 Y3", legal=[*plays("R7", uno=True), *plays("R7")])
        model = seated(view, lang=lang)
        said = " ".join(PlainView(model).changes())
        assert t("plain_say_uno", n=1) in said, said
        PlainCommands(model).run("1 uno")
        [sent] = model.outbox.take()
        assert sent.kind == "play" and sent.uno, sent  # type: ignore[attr-defined]
        three = seated(make_view("R7 Y3 G1", legal=plays("R7")), lang=lang)
        assert t("plain_say_uno", n=1) not in " ".join(PlainView(three).changes())
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "row"), [("en", "2/4 official  between matches"),
                                           ("es", "2/4 oficial     entre partidas")])
def test_the_lobby_says_a_table_is_between_matches(lang: str, row: str) -> None:
    """Found play-testing: a table at its match's end, its players answering the rematch, was
    listed "waiting", as a table not begun."""
    set_language(lang)
    try:
        model = connected_model()
        model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Eva"))
        model.apply(Rooms(rooms=(RoomSummary(id="1", name="Mesa", host="Ana", players=2, seats=4, bots=0,
                                             spectators=0, preset="official", started=False,
                                             password=False, match_over=True),)))
        assert row in render_text(model, columns=80), render_text(model, columns=80)
    finally:
        set_language("en")


def test_the_spanish_words_a_native_reader_asked_for() -> None:
    """Found play-testing, by a careful reader of Spanish: "Dejaste Mesa de Maximiliano" lacked
    its article, "Tiempo por turno: no" read as a refusal, "la próxima mano llega sola" and
    "s la deja, otra cosa sigue" were unnatural."""
    set_language("es")
    try:
        assert t("you_left_table", table="Mesa de Maximiliano") == \
            "Saliste de «Mesa de Maximiliano»: estás en la sala."
        assert t("form_no_clock") == "sin límite"
        assert t("leave_confirm", yes="s") == "¿Dejar la mesa? s la deja; si no, te quedas."
        assert "se reparte sola" in t("plain_help_hand_over")
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "word", "said"), [
    ("en", "pass", "You asked for more time: the next hand is dealt in 20 s."),
    ("es", "pasar", "Pediste más tiempo: la siguiente mano se reparte en 20 s.")])
def test_pass_between_hands_asks_for_more_time_said_once_with_its_seconds(lang: str, word: str,
                                                                         said: str) -> None:
    """Found play-testing: plain mode said "You asked for more time" and then, the limit reached,
    "The next deal cannot wait any longer"; and it says no countdown: how long, in seconds."""
    model = seated(make_view("R5", top="R6", hand_result=HandResult(ME, 12)), lang=lang,
                   clock=lambda: 100.0)
    model.plain = True
    try:
        shown = model.table.view
        assert shown is not None
        model.apply(ViewMsg(view=codec.view_to_wire(shown), deadline=4.5))  # (the pause's 5 s)
        view = PlainView(model)
        view.changes()
        assert typed(model, word) == [MoreTime()]
        assert not any("more time" in line or "más tiempo" in line for line in view.changes())
        model.apply(ViewMsg(view=codec.view_to_wire(shown), deadline=19.5))
        assert said in " ".join(view.changes())
        assert typed(model, word) == [MoreTime()]
        model.apply(Error(code="no_more_time", message="at most", ref="more_time"))
        told = " ".join(view.changes())
        assert t("err_no_more_time") in told and said not in told, told
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "typed", "said"), [("en", "green 7", "You hold no Green 7"),
                                                     ("es", "7 verde", "No tienes 7 verde")])
def test_a_card_named_that_is_not_held_is_said_so(lang: str, typed: str, said: str) -> None:
    """Found play-testing: "7 verde", not held, read "Eso no es una orden aquí", and the whole help."""
    model = seated(make_view("R7 Y3", legal=plays("R7")), lang=lang)
    try:
        answer = " ".join(PlainCommands(model).run(typed))
        assert model.prompts.notice == said and "help" not in answer and "ayuda" not in answer, answer
    finally:
        set_language("en")


def test_back_at_the_colour_or_seat_question_says_the_card_stays() -> None:
    """Found play-testing with a screen reader: "volver" at the seat question said nothing."""
    model = seated(make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)]), lang="es")
    try:
        assert typed(model, "2") == [] and model.prompt is Prompt.COLOR
        typed(model, "volver")
        assert model.table.pending_card is None
        assert model.prompts.notice == "Comodín sigue en tu mano: sigue tu turno", model.prompts.notice
    finally:
        set_language("en")


def test_a_card_played_with_uno_too_soon_is_played_and_says_why_not_uno() -> None:
    """Found play-testing: "3 uno" with three cards played the card, and the UNO went unsaid."""
    model = seated(make_view("R7 Y3 G2", legal=plays("R7")))
    assert typed(model, "1 uno") == [Act(kind="play", card="R7")]
    assert model.prompts.notice.startswith("Not now: you can say UNO with two cards"), model.prompts.notice

