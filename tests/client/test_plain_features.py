"""Plain mode reaches what the full screen's keys reach: a bot's level in the waiting room
(``level N [LEVEL]``), the hint, why a card cannot be played, the replay of the hand just over
(a move at a time, as lines: client/plainreplay.py), the rematch answers; the words follow
keys.toml's keys; in both languages."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from clientkit import ME, connected_model, make_view, plays, render_text, room_info, seated
from kit.replays import finished_replay

from client import keymap
from client.enums import Prompt
from client.form import step
from client.i18n import card_name, set_language, t
from client.keymap import KeyMap, parse
from client.model import Model
from client.plainapp import PlainScreen
from client.plaincmd import PlainCommands
from client.plainreplay import PlainReplay
from client.plainview import PlainView
from client.replayer import Replayer
from engine.actions import Accept, Challenge, Draw
from engine.bots import BOT_LEVELS, Hint
from engine.cards import Card, Color
from engine.view import HandResult, MatchOutcome
from protocol import (
    Act,
    Back,
    GetReplay,
    Message,
    MoreTime,
    Rematch,
    Rooms,
    RoomSummary,
    RoomUpdate,
    SeatInfo,
    SeatKind,
    SetBotLevel,
    ViewMsg,
    codec,
)

OVER = {"outcome": MatchOutcome("2", (0, 510, 0, 20)), "hand_result": HandResult("2", 30)}


@pytest.fixture(autouse=True)
def _defaults_after() -> Iterator[None]:
    yield
    keymap.use(KeyMap())
    set_language("en")


def typed(model: Model, *lines: str, commands: PlainCommands | None = None) -> list[Message]:
    commands = commands or PlainCommands(model)
    for line in lines:
        commands.run(line)
    return model.outbox.take()


def waiting(lang: str = "en", host: bool = True) -> Model:
    info = room_info(started=False, host_seat=ME if host else "2")
    seats = tuple(dataclasses.replace(s, level="easy" if s.kind == "bot" else None) for s in info.seats)
    return seated(room=dataclasses.replace(info, seats=seats), lang=lang)


@pytest.mark.parametrize(("lang", "word", "hard"), [("en", "level", "hard"), ("es", "nivel", "difícil"),
                                                    ("es", "nivel", "dificil")])
def test_the_host_changes_a_bots_level_by_its_seat(lang: str, word: str, hard: str) -> None:
    model = waiting(lang)
    assert typed(model, f"{word} 3") == [SetBotLevel(seat="3", level=step(BOT_LEVELS, "easy", 1))]
    assert typed(model, f"{word} 1 {hard}") == [SetBotLevel(seat="1", level="hard")]
    # (no room update comes between: each step goes on from the level asked last)
    assert typed(model, word) == [SetBotLevel(seat="1", level=step(BOT_LEVELS, "hard", 1))]  # picked last
    assert typed(model, "b 3") == [SetBotLevel(seat="3", level=step(BOT_LEVELS, "easy", 2))]  # the key
    assert typed(model, f"{word} 2") == [] and model.prompts.notice == t("err_not_a_bot")  # Luis
    assert typed(model, f"{word} 9") == [] and model.prompts.notice == t("plain_no_seat", n=9)
    assert typed(model, f"{word} 1 superb") == [] and t("level_expert") in model.prompts.notice
    assert (f"{word} N") in PlainCommands(model).help()
    assert typed(waiting(lang, host=False), f"{word} 1") == []  # a guest cannot


@pytest.mark.parametrize(("lang", "said"), [("en", "You are the host: type start (or s) to start."),
                                            ("es", "Llevas la mesa: escribe empezar (o s) para empezar.")])
def test_plain_mode_tells_the_host_to_type_start(lang: str, said: str) -> None:
    """Found play-testing: plain mode's waiting room said "pulsa s para empezar" (press), where
    commands are typed."""
    model = waiting(lang)
    assert said in " ".join(PlainView(model).changes())


def ended(model: Model) -> PlainView:
    """``model``'s match over (the outbox emptied), and its plain view, which has said it."""
    view = PlainView(model)
    model.apply(ViewMsg(view=codec.view_to_wire(make_view(**OVER)), deadline=None))
    model.outbox.clear()
    return view


@pytest.mark.parametrize(("lang", "word", "hard", "said"), [
    ("en", "level", "hard", "Bots for the next match: 1 Bot 1 (easy bot), 3 Bot 3 (easy bot)."),
    ("es", "nivel", "difícil", "Bots de la próxima partida: 1 Bot 1 (bot fácil), 3 Bot 3 (bot fácil).")])
def test_at_a_matchs_end_the_host_changes_a_bots_level_for_the_next_match(
        lang: str, word: str, hard: str, said: str) -> None:
    """As the full screen's b there: plain mode tells the host the bots' levels at a match's end,
    again when one changes, and ``level N LEVEL`` changes one; a guest is told nothing of it."""
    guest = waiting(lang, host=False)
    lines = " ".join(ended(guest).changes())
    assert "Bot 3 (" not in lines and typed(guest, f"{word} 3 {hard}") == []
    model = waiting(lang)
    view = ended(model)
    assert said in " ".join(view.changes())
    assert typed(model, f"{word} 3 {hard}") == [SetBotLevel(seat="3", level="hard")]
    room = model.seating.room
    assert room is not None
    seats = tuple(dataclasses.replace(s, level="hard") if s.seat == "3" else s for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=seats)))
    again = " ".join(view.changes())
    assert f"3 Bot 3 ({t('seat_level', level=t('level_hard'))})" in again, again


@pytest.mark.parametrize(("lang", "word"), [("en", "replay"), ("es", "repetición"), ("es", "v")])
def test_the_replay_of_the_hand_just_over_is_asked_for(lang: str, word: str) -> None:
    playing = seated(make_view("R7", top="R5", legal=plays("R7")), lang=lang)
    assert typed(playing, word) == []  # not before the hand is over
    model = seated(make_view(hand_result=HandResult("2", 30)), lang=lang)
    # (and the next deal waits for it a while: found play-testing, it came a move into the replay)
    hand = model.table.view.hand_number  # type: ignore[union-attr]
    assert typed(model, word) == [GetReplay(hand=hand), MoreTime()]
    assert word.split("|")[0] in PlainCommands(model).help() or lang == "es"
    assert t("plain_help_hand_over").split(":")[1].split()[0] in PlainCommands(model).help()


@pytest.mark.parametrize(("lang", "replay", "rules"), [("en", "replay:", "rules:"),
                                                        ("es", "repetición:", "reglas:")])
def test_plain_help_at_the_table_names_the_replay_and_the_rules(lang: str, replay: str, rules: str) -> None:
    """Found play-testing: Gil's help mid-hand left out replay and rules, which both answered."""
    model = seated(make_view("R7", top="R5", current="2", hand_number=2), lang=lang)
    try:
        said = PlainCommands(model).help()
        assert replay in said and rules in said, said
        assert typed(model, replay.rstrip(":")) == [GetReplay(hand=1)]
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", {"next": "next", "all": "all", "seat": "seat", "back": "back", "opens": "Replay of hand 1",
            "move": "Move 1 of", "end": "The end of the hand", "closed": "Back at the table",
            "holds": "holds 7 cards: "}),
    ("es", {"next": "siguiente", "all": "todo", "seat": "asiento", "back": "volver",
            "opens": "Repetición de la mano 1", "move": "Jugada 1 de", "end": "Fin de la mano",
            "closed": "De vuelta en la mesa", "holds": "tiene 7 cartas: "}),
])
def test_a_replay_is_said_a_move_at_a_time(lang: str, words: dict[str, str]) -> None:
    set_language(lang)
    replayer = Replayer(finished_replay(), playing=False)
    replay = PlainReplay(replayer)
    opening = replay.opening()
    assert words["opens"] in opening[0] and replayer.name(replayer.seats[0]) in opening[0]
    # (counted as cards: found play-testing, "Marcos tiene 7: 0 rojo…")
    assert f"{replayer.name(replayer.seats[0])} {words['holds']}" in opening[1], opening
    (first,) = replay.run("")  # Enter: a move on
    assert words["move"] in first and replayer.index == 1
    (again,) = replay.run(words["next"])
    assert replayer.index == 2 and again != first
    replay.run("previous" if lang == "en" else "anterior")
    assert replayer.index == 1
    others = replay.run(words["seat"])
    assert replayer.name(replayer.seats[1]) in others[0]
    rest = replay.run(words["all"])
    assert replayer.at_end and words["end"] in rest[-1] and len(rest) > 2
    # Enter past the end says what can be done there (found play-testing: "The end of the
    # hand" again at each Enter), and `uno replay`'s own words end with quit, not back
    (past,) = replay.run("")
    assert past == t("plain_replay_past_end") and past != t("plain_replay_end") and words["back"] in past
    alone = PlainReplay(replayer, at_table=False)
    assert alone.run("") == [t("plain_replay_past_end_alone")] and words["back"] not in alone.run("")[0]
    assert "?" not in "".join(rest) and not replay.done
    assert replay.run(words["back"]) == [words["closed"] + "."] and replay.done


def test_a_plain_replay_says_the_way_play_goes_without_arrows() -> None:
    """Found play-testing: plain mode's replay said "every hand moved one seat along, ↻
    clockwise", and the screen reader read out the arrow; the live lines say "clockwise"."""
    from engine import RuleSet

    set_language("en")
    said = []
    for seed in range(1, 9):
        replay = PlainReplay(Replayer(finished_replay(seed, rules=RuleSet(seven_zero=True)), playing=False))
        said += [*replay.opening(), *replay.run("all")]
    text = " ".join(said)
    assert "clockwise" in text and "↻" not in text and "↺" not in text


def test_the_plain_screen_goes_through_a_replay_and_back_to_the_table() -> None:
    model = seated(make_view(hand_result=HandResult("2", 30)))
    out = io.StringIO()
    screen = PlainScreen("", input_fd=os.open(os.devnull, os.O_RDONLY), out=out)
    screen.adopt(model, lambda: None)
    screen.show_replay(Replayer(finished_replay(), playing=False))
    screen._flush()  # the table's changes wait while the replay is open
    before = out.getvalue()
    assert "Replay of hand 1" in before and "wins hand" not in before
    screen.line("")
    assert "Move 1 of" in out.getvalue()[len(before):]
    screen.line("back")
    after = out.getvalue()
    assert "Back at the table." in after and screen.replay is None
    assert "wins hand" in after.split("Back at the table.")[1]  # the table, said again
    os.close(screen.input_fd)  # type: ignore[arg-type]


def test_a_plain_replay_between_hands_says_when_the_deal_comes_and_pass_gives_more_time() -> None:
    """Found re-checking: Gil's replays of hands of 40 and 109 moves were closed by the deal and
    his turn, unwarned, and "pass" inside them was "Not a command here"."""
    model = seated(make_view(hand_result=HandResult("2", 30)))
    model.table.deadline_at = model.table.clock() + 18
    out = io.StringIO()
    screen = PlainScreen("", input_fd=os.open(os.devnull, os.O_RDONLY), out=out)
    try:
        screen.adopt(model, lambda: None)
        model.outbox.take()
        screen.show_replay(Replayer(finished_replay(), playing=False))
        assert "The next hand is dealt in 18 s; pass gives more time." in out.getvalue()
        screen.line("pass")
        assert out.getvalue().rstrip().endswith("You asked for more time: the next deal waits.")
        assert model.outbox.take() == [MoreTime()] and screen.replay is not None
    finally:
        os.close(screen.input_fd)  # type: ignore[arg-type]


def test_the_replay_s_deal_time_is_the_one_its_more_time_gives_and_pass_goes_out_at_once() -> None:
    """Found writing the tmux story: the replay asked between hands asks more time too, and comes
    before the longer countdown: "dealt in 5 s" was said of a deal 20 s away; and "pass" inside
    it went out only at the next key or the server's ping. The time is said once the countdown
    answers (and again when a pass grows it), and the pass is sent at once."""
    from protocol import ViewMsg, codec

    view = make_view(hand_result=HandResult("2", 30))
    model = seated(view)
    model.table.deadline_at = model.table.clock() + 5
    out, sent = io.StringIO(), []
    screen = PlainScreen("", input_fd=os.open(os.devnull, os.O_RDONLY), out=out)
    try:
        screen.adopt(model, lambda: sent.extend(model.outbox.take()))
        model.ask_replay()  # (the replay key: its request, and more time)
        assert model.more_time_asked
        screen.show_replay(Replayer(finished_replay(), playing=False))
        assert "dealt in" not in out.getvalue(), out.getvalue()
        model.apply(ViewMsg(view=codec.view_to_wire(view), deadline=20.0))  # the countdown grew
        screen._flush()
        assert out.getvalue().rstrip().endswith("The next hand is dealt in 20 s; pass gives more time.")
        screen._flush()  # (said once)
        assert out.getvalue().count("dealt in") == 1
        screen.line("pass")
        assert sent[-1] == MoreTime(), sent  # sent at once
        model.apply(ViewMsg(view=codec.view_to_wire(view), deadline=35.0))
        screen._flush()
        assert out.getvalue().rstrip().endswith("The next hand is dealt in 35 s; pass gives more time.")
    finally:
        os.close(screen.input_fd)  # type: ignore[arg-type]


def test_our_turn_closes_the_plain_replay_and_says_the_table() -> None:
    """Found play-testing: Jorge (plain mode) stepped through the last hand's replay; his turn
    came, nothing was said (the table's lines waited behind the replay), and a bot played it.
    The full screen's viewer closes at our turn; so does plain mode's."""
    from client.app import ClientApp, ClientOptions
    from protocol import ViewMsg, codec

    model = seated(make_view(current="2"))
    out = io.StringIO()
    screen = PlainScreen("", input_fd=os.open(os.devnull, os.O_RDONLY), out=out)
    try:
        app = ClientApp(ClientOptions(name="Ana", plain_mode=True), model=model, application=screen)
        app.first_render = 0.0  # (no network to start)
        screen._flush()
        model.playback.ready = finished_replay()
        app._show_replay()
        screen.line("")
        before = out.getvalue()
        assert "Move 1 of" in before and screen.replay is not None
        model.apply(ViewMsg(view=codec.view_to_wire(make_view(legal=plays("R7"))), deadline=30.0))
        app._received()
        screen._flush()
        said = out.getvalue()[len(before):]
        assert screen.replay is None
        assert "Your turn: the replay was closed." in said and "You can play" in said, said
    finally:
        os.close(screen.input_fd)  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "hint", "why"), [("en", "hint", "why"), ("es", "pista", "explica")])
def test_the_hint_and_why_a_card_cannot_be_played(lang: str, hint: str, why: str) -> None:
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]), lang=lang)
    asked: list[bool] = []
    commands = PlainCommands(model, on_hint=lambda: asked.append(True))
    typed(model, hint, commands=commands)
    assert asked and model.hints.thinking
    view = PlainView(model)
    assert t("hint_thinking") in " ".join(view.changes())
    typed(model, f"{why} 2", commands=commands)
    notice = model.prompts.notice  # "Yellow 3 is not red and does not match the top card"
    assert card_name(Card.parse("Y3")) in notice and t("color_R") in notice, notice
    assert model.prompts.notice in " ".join(view.changes())
    assert hint in commands.help() and why in commands.help()


@pytest.mark.parametrize(("lang", "line"), [("en", "draw"), ("en", "1"), ("en", "uno"), ("es", "robar"),
                                            ("es", "pista"), ("en", "catch"), ("en", "why 1")])
def test_a_watchers_move_commands_say_what_to_do_about_a_seat(lang: str, line: str) -> None:
    """Found play-testing: a watcher typing ``draw`` read a player's refusal ("It is not your
    turn"), where the full screen's keys say one holds no cards."""
    watching = seated(make_view(seat=None, current="1"), lang=lang)
    watching.seating.seat = None
    view = PlainView(watching)
    view.changes()
    assert typed(watching, line) == []
    assert watching.prompts.notice == t("watching_no_cards")
    assert t("watching_no_cards") in " ".join(view.changes())


@pytest.mark.parametrize("typed_why", ["por qué 2", "Por que 2", "porqué 2"])
def test_why_in_two_spanish_words_and_the_away_command_in_the_help(typed_why: str) -> None:
    """Found play-testing: a Spanish speaker typed "por qué 1" and read that it was no command;
    and the help left out the away command, though it works."""
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]), lang="es")
    commands = PlainCommands(model)
    assert commands.run(typed_why) == []
    assert card_name(Card.parse("Y3")) in model.prompts.notice, model.prompts.notice
    assert "ausente: te ausentas" in commands.help() and ", f," in commands.help()


@pytest.mark.parametrize(("lang", "said"), [("en", "Type anything, or just Enter, to come back."),
                                            ("es", "Escribe cualquier cosa, o solo Enter, para volver.")])
def test_plain_mode_says_a_typed_line_brings_one_back(lang: str, said: str) -> None:
    """Found play-testing: plain mode said "press any key to come back", where a line is typed."""
    model = seated(make_view(current="2"), lang=lang)
    model.plain = True
    room = model.seating.room
    assert room is not None
    seats = tuple(dataclasses.replace(s, away=s.seat == ME) for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=seats)))
    assert said in " ".join(PlainView(model).changes())


@pytest.mark.parametrize(("lang", "key", "typed_words"), [
    ("en", "press a key", "Type anything, or just Enter, to come back"),
    ("es", "pulses una tecla", "Escribe cualquier cosa, o solo Enter, para volver")])
def test_stepping_away_in_plain_mode_never_says_press_a_key(lang: str, key: str,
                                                             typed_words: str) -> None:
    """Found play-testing: after "ausente", plain mode said "hasta que pulses una tecla", then
    that a typed line brings one back; keys are not read one by one there."""
    model = seated(make_view(current="2"), lang=lang)
    try:
        model.plain = True
        view = PlainView(model)
        view.changes()
        model.step_away()
        room = model.seating.room
        assert room is not None
        seats = tuple(dataclasses.replace(s, away=s.seat == ME) for s in room.seats)
        said = " ".join([model.prompts.notice, *view.changes()])
        model.apply(RoomUpdate(room=dataclasses.replace(room, seats=seats)))
        said += " " + " ".join(view.changes())
        assert key not in said and typed_words in said, said
        # said once, by the banner (found play-testing: a notice before it made it three times
        # for a screen reader, then the log's line and the banner said it twice)
        assert said.count(typed_words) == 1 and model.prompts.notice == "", said
        assert said.count("type") + said.count("Type") + said.count("scrib") == 1, said
    finally:
        set_language("en")


def test_coming_back_is_said_once_in_plain_mode() -> None:
    """Found play-testing: "Welcome back: your next turn is yours." (the banner while the server
    had not answered), then the log's "You came back": one return, said twice."""
    model = seated(make_view(current="2"))
    model.plain = True
    room = model.seating.room
    assert room is not None
    seats = tuple(dataclasses.replace(s, away=s.seat == ME) for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=seats)))
    view = PlainView(model)
    view.changes()
    commands = PlainCommands(model)
    assert commands.run("") == [] and model.outbox.take() == [Back()]
    # (the empty line does not say the table too: it was the one before the server's answer,
    # found play-testing "Everyone is away…" just before "You came back")
    assert not commands.look
    said = view.changes()
    model.apply(RoomUpdate(room=room))
    said += view.changes()
    assert " ".join(said).count("back") == 1 and "You came back" in " ".join(said), said


def test_coming_back_at_a_matchs_end_promises_no_next_turn() -> None:
    """Found play-testing: "Welcome back: your next turn is yours." on the full screen at a
    match's end, where no turn comes."""
    model = seated(make_view(**OVER), room=room_info(started=False))
    room = model.seating.room
    assert room is not None
    seats = tuple(dataclasses.replace(s, away=s.seat == ME) for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=seats)))
    model.key_pressed()
    screen = render_text(model, columns=100)
    assert t("away_back_sent_over") in screen and t("away_back_sent") not in screen, screen
    model = seated(make_view(current="2"))
    model.apply(RoomUpdate(room=dataclasses.replace(model.seating.room, seats=seats)))
    model.key_pressed()
    assert t("away_back_sent") in render_text(model, columns=100)
    # on our own turn, it is this one (found re-checking: "your next turn is yours" on it)
    model = seated(make_view())
    model.apply(RoomUpdate(room=dataclasses.replace(model.seating.room, seats=seats)))
    model.key_pressed()
    screen = render_text(model, columns=100)
    assert "Welcome back: this turn is yours." in screen and t("away_back_sent") not in screen, screen


def test_a_line_typed_to_come_back_does_nothing_else() -> None:
    """Found play-testing: away at a match's end, "rematch" typed to come back also said yes,
    and the rematch began at once (the full screen's key only brings one back); "2" was taken
    as a card. Quit and help still answer."""
    model = seated(make_view(**OVER), room=room_info(started=False))
    room = model.seating.room
    assert room is not None
    seats = tuple(dataclasses.replace(s, away=s.seat == ME) for s in room.seats)
    away = dataclasses.replace(room, seats=seats)
    model.apply(RoomUpdate(room=away))
    model.outbox.clear()
    assert typed(model, "rematch") == [Back()]
    model.apply(RoomUpdate(room=room))
    assert typed(model, "rematch") == [Rematch(order="keep", accept=True)]
    model.apply(RoomUpdate(room=away))
    model.back_sent = False
    model.outbox.clear()
    commands = PlainCommands(model)
    # help and quit answer, and we stay away until the next line (found play-testing: "salir"
    # brought Marcos back, and what was played meanwhile buried the quit question)
    assert commands.run("help") and model.outbox.take() == []
    commands.run("quit")
    assert model.prompt is Prompt.QUIT and model.outbox.take() == []
    commands.run("no")
    assert model.prompt is Prompt.NONE and model.outbox.take() == [Back()] and not model.quit


@pytest.mark.parametrize(("lang", "hint"), [("en", "hint"), ("es", "pista")])
def test_the_hint_facing_a_wild_draw_four(lang: str, hint: str) -> None:
    """The full screen's hint key works facing a +4 (found play-testing): plain mode's word too."""
    model = seated(make_view("R7 Y3", top="W+4", challenge_from="3", challenge_color=Color.BLUE,
                             pending_draw=4, legal=[Challenge(ME), Accept(ME)]), lang=lang)
    asked: list[bool] = []
    commands = PlainCommands(model, on_hint=lambda: asked.append(True))
    assert model.prompt is Prompt.CHALLENGE
    assert typed(model, hint, commands=commands) == [] and asked and model.hints.thinking
    assert model.prompt is Prompt.CHALLENGE  # (still to answer)
    set_language("en")


def test_a_hint_is_worked_out_in_the_plain_screen() -> None:
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]))
    out = io.StringIO()
    screen = PlainScreen("", input_fd=os.open(os.devnull, os.O_RDONLY), out=out)
    screen.adopt(model, lambda: None)

    async def main() -> None:
        screen.line("hint")
        async def answered() -> None:
            while "Hint: " not in out.getvalue().replace("Hint: thinking", ""):
                screen._flush()
                await asyncio.sleep(0.02)
        await asyncio.wait_for(answered(), 10)

    asyncio.run(main())
    assert "Red 7" in out.getvalue().split("Hint: ")[-1] or "draw" in out.getvalue().split("Hint: ")[-1]
    os.close(screen.input_fd)  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "yes", "order", "no", "offer"), [
    ("en", "rematch", "order", "no", "Rematch? Type rematch to accept it, no to decline it and leave"),
    ("es", "revancha", "orden", "rechazar", "¿Revancha? Escribe revancha para aceptarla, no para rechazarla"),
])
def test_the_rematch_answers(lang: str, yes: str, order: str, no: str, offer: str) -> None:
    model = seated(make_view(**OVER), room=room_info(started=False), lang=lang)
    assert offer in " ".join(PlainView(model).changes())
    assert typed(model, yes) == [Rematch(order="keep", accept=True)]
    assert typed(model, order, yes) == [Rematch(order="random", accept=True)]
    assert typed(model, no) == [Rematch(accept=False)]
    assert yes in PlainCommands(model).help()
    model.apply(RoomUpdate(room=dataclasses.replace(room_info(started=False), rematch=("2",),
                                                    rematch_order="random")))
    assert "Luis" in " ".join(PlainView(model).changes())  # who has accepted
    playing = seated(make_view("R7", top="R5", legal=plays("R7")), lang=lang)
    assert typed(playing, yes, order) == []  # no rematch during a match


def test_at_a_match_s_end_each_answer_to_the_rematch_is_said_alone() -> None:
    """Found play-testing: "New match when all accept, or the host starts one; x leaves." was
    said again with each answer to the rematch (it shared a sentence with who had accepted)."""
    model = seated(make_view(**OVER), room=room_info(started=False))  # (Ana hosts)
    view, what_next = PlainView(model), t("match_over_host").split(";")[0]
    first = " ".join(view.changes())
    assert first.count(what_next) == 1, first
    model.apply(RoomUpdate(room=dataclasses.replace(room_info(started=False), rematch=("2",),
                                                    rematch_order="keep")))
    then = " ".join(view.changes())
    assert "accepted by Luis" in then and what_next not in then and "wins the match" not in then, then


def test_the_words_follow_the_keys_file() -> None:
    keymap.use(parse('rematch = "k"\nreplay = "g"\nbot_level = "i"\n'))
    model = seated(make_view(**OVER), room=room_info(started=False))
    # (the offer names the words to type, read aloud: found play-testing with a screen reader, "o
    # orden" was heard as "or order"; the key as bound works as a word too)
    assert "Type rematch" in " ".join(PlainView(model).changes())
    assert typed(model, "k") == [Rematch(order="keep", accept=True)]
    assert typed(model, "g") == [GetReplay(hand=model.table.view.hand_number)]  # type: ignore[union-attr]
    assert typed(waiting(), "i 1") == [SetBotLevel(seat="1", level=step(BOT_LEVELS, "easy", 1))]


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "1 Mesa, hosted by Ana, 2/4, house, waiting, 1 bot — At the table: Ana (won 3 of 7 hands) · "
           "Bot 1 (hard)"),
    ("es", "1 Mesa, abierta por Ana, 2/4, de la casa, esperando, 1 bot — En la mesa: Ana (ganó 3 de 7 "
           "manos) · Bot 1 (difícil)"),
])
def test_the_lobby_says_who_sits_at_each_table(lang: str, line: str) -> None:
    set_language(lang)
    model = connected_model()
    people = (SeatInfo(seat="1", name="Ana", kind=SeatKind.HUMAN, hands=7, hands_won=3),
              SeatInfo(seat="2", name="Bot 1", kind=SeatKind.BOT, level="hard"))
    model.apply(Rooms(rooms=(RoomSummary(id="1", name="Mesa", host="Ana", players=1, seats=4, bots=1,
                                         spectators=0, preset="house", started=False, password=False,
                                         seated=people),)))
    assert line in " ".join(PlainView(model).changes())


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "1 Mesa, hosted by Ana, 3/4, house, playing, 2 bots, late arrivals sit at the next hand. "
           "2 Sala, hosted by Eva, 2/4, house, waiting, 1 bot."),
    ("es", "1 Mesa, abierta por Ana, 3/4, de la casa, jugando, 2 bots, quien llega tarde se sienta en la "
           "próxima mano. 2 Sala, abierta por Eva, 2/4, de la casa, esperando, 1 bot."),
])
def test_the_lobby_says_when_one_arriving_at_a_match_in_progress_sits(lang: str, line: str) -> None:
    """``RoomSummary.late_join``, said of a match in progress (before one, everybody sits at
    once), as the full screen's lobby says it of the chosen table."""
    set_language(lang)
    try:
        model = connected_model()
        playing = RoomSummary(id="1", name="Mesa", host="Ana", players=1, seats=4, bots=2,
                              spectators=0, preset="house", started=True, password=False,
                              late_join="next_hand")
        waiting = dataclasses.replace(playing, id="2", name="Sala", host="Eva", bots=1, started=False)
        model.apply(Rooms(rooms=(playing, waiting)))
        assert line in " ".join(PlainView(model).changes())
    finally:
        set_language("en")


def test_the_list_of_a_servers_kept_hands_names_its_state_dir_in_the_command_to_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: `uno replay --state-dir DIR` ended with "`uno replay ID` plays one
    back", which looks in one's own folder, not DIR."""
    import argparse

    from client import replaycmd
    from server.history import HistoryStore

    store = HistoryStore(tmp_path, 10)
    store.keep(finished_replay())
    store.close()
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    assert replaycmd.main(parser.parse_args(["--state-dir", str(tmp_path), "--lang", "en"])) == 0
    said = capsys.readouterr().out
    assert f"`uno replay --state-dir {tmp_path} ID` plays one back" in said, said


@pytest.mark.parametrize("columns", [80, 120])
def test_the_list_of_kept_hands_widens_its_players_with_the_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        columns: int) -> None:
    """Found play-testing: "Carla, Diego, Bot 1, B…" at 100 columns, the column made for 80."""
    import argparse

    from client import replaycmd
    from server.history import HistoryStore

    store = HistoryStore(tmp_path, 10)
    store.keep(finished_replay(n=6))  # (players: "Ana A, Bot B, … Bot F", 40 characters)
    store.close()
    monkeypatch.setenv("COLUMNS", str(columns))
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    assert replaycmd.main(parser.parse_args(["--state-dir", str(tmp_path), "--lang", "en"])) == 0
    rows = capsys.readouterr().out.splitlines()
    assert max(len(row) for row in rows[:2]) <= columns - 1, rows
    assert ("Bot F" in rows[1]) is (columns == 120), rows


@pytest.mark.parametrize(("lang", "leave", "stays", "quit_word"), [
    ("es", "dejar", "Sigues en la mesa.", "salir"),
    ("en", "leave", "You stay at the table.", "quit")])
def test_the_command_asked_again_answers_its_own_question_yes(lang: str, leave: str, stays: str,
                                                            quit_word: str) -> None:
    """Found play-testing: Eva typed "dejar", read "¿Dejar la mesa? s la deja, otra cosa sigue",
    typed "dejar" again, and nothing at all was said: it had been a no. The command again is a
    yes; any other answer says that she stays."""
    model = seated(make_view(), lang=lang)
    try:
        view = PlainView(model)
        view.changes()
        assert typed(model, leave, "hola") == []
        assert stays in view.changes()
        assert [type(m).__name__ for m in typed(model, leave, leave)] == ["LeaveRoom"]
        model = seated(make_view(), lang=lang)
        typed(model, quit_word, quit_word)
        assert model.quit
    finally:
        set_language("en")


def test_the_hint_asked_again_is_said_again() -> None:
    """Found play-testing: `pista` a second time on the same turn printed nothing: silence, to a
    screen reader, looked like a hang."""
    view = make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)])
    model = seated(view)
    screen, out = plain_screen(model)
    model.hints.asked = model.table.view
    assert model.hints.answered(model.table.view, Hint(plays("R7")[0], "only"), model.table.view)
    screen._flush()
    said = out.getvalue()
    assert said.count("Hint: play Red 7") == 1, said
    screen.line("hint")
    assert out.getvalue().count("Hint: play Red 7") == 2, out.getvalue()
    os.close(screen.input_fd)  # type: ignore[arg-type]


def test_plain_help_with_no_table_names_the_command_not_the_key() -> None:
    """Found play-testing: the host closed the table, and `ayuda` said "q salir In English: type
    english." (the key bar's words, where commands are typed)."""
    from client.model import Model

    set_language("es")
    try:
        model = Model("Paco")
        model.connection_failed("table_closed", gave_up=True)
        assert PlainCommands(model).help().startswith("Órdenes: salir.")
    finally:
        set_language("en")


def test_the_rules_form_closed_does_not_say_the_room_again_with_the_old_rules() -> None:
    """Found play-testing: after `ok` plain mode said the waiting room again, with the rules as
    they were, before the server's answer said the new ones; `back` now says they stay."""
    from client.enums import Screen

    model = seated(room=room_info(started=False))
    screen, out = plain_screen(model)
    screen.line("rules")
    assert model.screen is Screen.CREATE
    screen.line("8")
    before = out.getvalue()
    screen.line("ok")
    assert "Rules: official" not in out.getvalue()[len(before):], out.getvalue()[len(before):]
    screen.line("rules")
    before = out.getvalue()
    screen.line("back")
    assert "The rules stay as they were" in out.getvalue()[len(before):]
    os.close(screen.input_fd)  # type: ignore[arg-type]


def test_the_hint_is_not_said_again_as_the_colour_answered_goes() -> None:
    """Found play-testing: after "red" at the colour question, plain mode said the turn's hint
    again before "You played Wild: red", as if it disputed the choice."""
    view = make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)])
    model = seated(view)
    screen, out = plain_screen(model)
    green = next(a for a in view.legal if getattr(a, "color", None) == Color.GREEN)
    model.hints.asked = model.table.view
    assert model.hints.answered(model.table.view, Hint(green, "search", win_rate=0.3, samples=100),
                                model.table.view)
    screen._flush()
    screen.line("2")  # the Wild: its colour is asked
    before = out.getvalue()
    screen.line("red")
    after = out.getvalue()[len(before):]
    assert "Hint" not in after, after
    os.close(screen.input_fd)  # type: ignore[arg-type]


def test_a_wrong_colour_is_refused_before_the_question_is_asked_again() -> None:
    """Found play-testing: "purple" at the colour question read the question again, then "Not a
    command here: purple", as if the refusal answered the question."""
    model = seated(make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)]))
    screen, out = plain_screen(model)
    screen.line("2")  # the Wild: its colour is asked
    before = out.getvalue()
    screen.line("purple")
    after = out.getvalue()[len(before):]
    refused, question = after.find("Not a command here: purple"), after.rfind("Colour for Wild: 1 red")
    assert 0 <= refused < question, after
    os.close(screen.input_fd)  # type: ignore[arg-type]


def plain_screen(model: object) -> tuple[PlainScreen, io.StringIO]:
    """A plain screen showing ``model`` (no input: lines are given by ``line``), and what it says."""
    out = io.StringIO()
    screen = PlainScreen("", input_fd=os.open(os.devnull, os.O_RDONLY), out=out)
    screen.adopt(model, lambda: None)  # type: ignore[arg-type]
    screen._flush()
    return screen, out


@pytest.mark.parametrize(("lang", "line"), [("en", "red 7"), ("en", "7 Red"), ("es", "7 rojo"),
                                            ("es", "rojo 7")])
def test_a_card_is_played_by_its_name(lang: str, line: str) -> None:
    """Found play-testing: a screen reader's user typed "red 5" and read "Not a command here",
    with the whole help; only the card's number worked."""
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]), lang=lang)
    assert typed(model, line) == [Act(kind="play", card="R7")]
    assert typed(seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]), lang=lang),
                 "green 7" if lang == "en" else "verde 7") == []
    wild = seated(make_view("W Y3", top="R5", legal=[*plays("W"), Draw(ME)]), lang=lang)
    typed(wild, "wild" if lang == "en" else "comodin")
    assert wild.prompt is Prompt.COLOR  # (its colour asked)


@pytest.mark.parametrize(("lang", "line", "hand", "played"), [
    ("en", "draw two", "B+2 Y3", "B+2"), ("en", "reverse", "GR Y3", "GR"),
    ("es", "cambio verde", "GR Y3", "GR"), ("en", "draw two", "B+2 G+2", None),
    ("en", "blue", "B+2 Y3", None), ("en", "draw 2", "B+2 Y3", None)])
def test_a_card_is_played_by_the_words_of_its_name_only_it_has(
        lang: str, line: str, hand: str, played: str | None) -> None:
    """Found play-testing: "draw two" drew a card (the draw command, whatever followed), and
    "cambio verde", "reverse" were not understood. Words that name one card of the hand play
    it; words that name none, or two, or a colour alone, play nothing, and draw nothing."""
    cards = hand.split()
    model = seated(make_view(hand, top=cards[0][0] + "5", legal=[*plays(*cards), Draw(ME)]), lang=lang)
    sent = typed(model, line)
    assert sent == ([Act(kind="play", card=played)] if played else []), sent


def test_a_commands_word_in_a_cards_name_is_the_command() -> None:
    """"draw" draws, though the hand's one Draw Two has the word in its name (found by the tmux
    plain story: a player who typed draw played his Draw Two)."""
    model = seated(make_view("B+2 Y3", top="B5", legal=[*plays("B+2"), Draw(ME)]))
    assert typed(model, "draw") == [Act(kind="draw")]



@pytest.mark.parametrize(("line", "played"), [("2", "B1"), ("2 uno", "B1"), ("4", "B8"), ("2 azul", "B2"),
                                              ("4 verde", None)])
def test_a_number_alone_is_the_cards_place_not_its_rank(line: str, played: str) -> None:
    """Found play-testing: Sofía typed 8 for "8: 7 azul" and played the hand's one 8 ("Jugaste 8
    azul"); "2" read "2 verde no es rojo". A number alone (or with uno) is the card listed there;
    a number with a colour names a card, and names none the hand has not ("4 verde" is not the
    fourth card)."""
    hand = "B1 B2 B8 Y3"  # (listed 1 Y3, 2 B1, 3 B2, 4 B8)
    model = seated(make_view(hand, top="B5", legal=[*plays("B1", "B2", "B8"), Draw(ME)]), lang="es")
    sent = [m for m in typed(model, line) if isinstance(m, Act) and m.kind == "play"]
    assert [m.card for m in sent] == ([played] if played else []), sent


@pytest.mark.parametrize("seat", [9, 0, -1])
def test_a_replay_of_a_seat_the_hand_has_not_is_refused_saying_which_there_are(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seat: int) -> None:
    """Found play-testing: `uno replay 1 --seat 9` of a three-seat hand opened on the first seat
    without a word."""
    import argparse

    from client import replaycmd
    from server.history import HistoryStore

    store = HistoryStore(tmp_path, 10)
    store.keep(finished_replay())
    store.close()
    parser = argparse.ArgumentParser()
    replaycmd.add_arguments(parser)
    args = parser.parse_args(["--state-dir", str(tmp_path), "--lang", "en", "--plain", "1",
                              f"--seat={seat}"])
    assert replaycmd.main(args) == 1
    assert "This hand has no seat " + str(seat) + ": --seat takes 1 to 3." in capsys.readouterr().err


def test_an_empty_line_says_the_top_card_once_and_not_the_hint_heard() -> None:
    """Found play-testing: an empty line said the top card twice (the turn's line, the table's)
    and the hint Gil had just heard, whole, again."""
    view = make_view("R7 Y3 B5", top="R5", legal=[*plays("R7"), Draw(ME)])
    model = seated(view)
    said = PlainView(model)
    said.changes()
    model.hints.asked = view
    assert model.hints.answered(view, Hint(plays("R7")[0], "search", win_rate=0.3, samples=500), view)
    assert said.changes() == ["Hint: play Red 7 — wins 30% of 500 simulated hands."]
    again = " ".join(said.all_lines())
    assert again.count("Red 5") == 1 and "Hint" not in again and "Cards: Bot 1: 5" in again, again
    assert said.changes() == []  # (nothing said anew by the next change either)
