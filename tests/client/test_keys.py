"""Keys in, model state and protocol messages out: the real application with a pipe input."""

from __future__ import annotations

import dataclasses

import pytest
from clientkit import (
    BACKSPACE,
    DOWN,
    ENTER,
    ESC,
    LEFT,
    ME,
    RIGHT,
    UP,
    connected_model,
    make_view,
    plays,
    press,
    render_text,
    room_info,
    screen_lines,
    seated,
    show,
)

from client.enums import Prompt, Screen
from client.i18n import set_language, t
from client.model import Model
from engine.actions import Accept, CallUno, Catch, Challenge, ChooseColor, Draw, JumpIn, Pass, PlayCard
from engine.cards import Card
from engine.events import HandStarted
from engine.rules import RuleSet
from engine.view import HandResult, MatchOutcome
from protocol import (
    Act,
    AddBot,
    CreateRoom,
    Events,
    JoinRoom,
    Message,
    MoreTime,
    RemoveBot,
    Rooms,
    RoomSummary,
    Say,
    Start,
    Welcome,
    codec,
)


def acts(messages: list) -> list[Act]:
    return [m for m in messages if isinstance(m, Act)]


def test_arrows_and_digits_choose_a_card_and_enter_plays_it() -> None:
    model = seated(make_view("R7 Y3 B5", top="R5", legal=[*plays("R7", "B5"), Draw(ME)]))
    assert model.table.hand == list(map(Card.parse, ["R7", "Y3", "B5"]))
    press(model, RIGHT, RIGHT)
    assert model.table.selected == 2
    press(model, LEFT)
    assert model.table.selected == 1
    sent = press(model, "3", ENTER)
    assert acts(sent) == [Act(kind="play", card="B5")]


def test_the_hand_is_sorted_by_colour_and_rank() -> None:
    model = seated(make_view("W B5 R7 Y3 R+2 W+4 G0"))
    assert [str(c) for c in model.table.hand] == ["R7", "R+2", "Y3", "G0", "B5", "W", "W+4"]


def test_a_card_that_cannot_be_played_sends_nothing_and_says_why() -> None:
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]))
    sent = press(model, "2", ENTER)
    assert acts(sent) == []
    assert model.prompts.notice == "Yellow 3 matches neither red nor the 5 on top"  # (as the why key)
    assert "draws" not in model.prompts.notice  # (Red 7 goes)


@pytest.mark.parametrize(("lang", "card", "passing"), [
    ("en", "Yellow 3 matches neither red nor the 5 on top; no other card goes either: d draws",
     "You cannot pass before drawing: d draws"),
    ("es", "3 amarillo no es rojo ni un 5; tampoco va otra carta: d roba",
     "No puedes pasar sin robar: d roba")])
def test_with_nothing_to_play_a_refused_key_names_the_draw(lang: str, card: str, passing: str) -> None:
    """Found play-testing: Enter on a card that did not go, or p, said only "cannot" (plain mode
    says "Nothing to play: draw"); and then not why (a newcomer did not see the wild's colour)."""
    model = seated(make_view("G7 Y3", top="R5", legal=[Draw(ME)]), lang=lang)
    try:
        assert acts(press(model, "1", ENTER)) == []  # (sorted: Y3 first)
        assert model.prompts.notice == card
        model.table.pass_turn()
        assert model.prompts.notice == passing
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "passing"), [
    ("en", "You cannot pass: you are to draw 4, d draws them"),
    ("es", "No puedes pasar: te toca robar 4, d las roba")])
def test_passing_while_a_draw_is_pending_says_how_many_to_draw(lang: str, passing: str) -> None:
    """Found play-testing: facing a stacked +2, p said only "d draws"."""
    model = seated(make_view("G7 Y3", top="R+2", pending_draw=4, legal=[Draw(ME)]), lang=lang)
    try:
        model.table.pass_turn()
        assert model.prompts.notice == passing
    finally:
        set_language("en")


def test_a_wild_asks_for_its_colour() -> None:
    model = seated(make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)]))
    sent = press(model, "2", ENTER)
    assert model.prompt is Prompt.COLOR and acts(sent) == []
    sent = press(model, "b")
    assert acts(sent) == [Act(kind="play", card="W", color="B")]
    assert model.prompt is Prompt.NONE


@pytest.mark.parametrize(("lang", "key", "color"), [
    ("en", "a", "Y"), ("en", "z", None), ("en", "v", None), ("es", "z", "B"), ("es", "v", "G"),
    ("es", "b", "B")])
def test_the_other_languages_colour_keys_work_but_not_this_ones_table_keys(
        lang: str, key: str, color: str | None) -> None:
    """Found play-testing: the English away key z, pressed at a colour question, named blue (the
    Spanish z). The other language's colour keys still answer, but for this one's table keys."""
    model = seated(make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)]), lang=lang)
    try:
        press(model, "2", ENTER)
        sent = press(model, key)
        expected = [] if color is None else [Act(kind="play", card="W", color=color)]
        assert acts(sent) == expected
        assert model.prompt is (Prompt.COLOR if color is None else Prompt.NONE)
    finally:
        set_language("en")


@pytest.mark.parametrize("question", ["colour", "seat"])
def test_the_chat_opens_at_a_colour_or_seat_question_and_the_question_stays(question: str) -> None:
    """Found play-testing: t at a Wild's colour question did nothing, and "typing…" then named
    yellow with its y. The chat opens as at a challenge; the question waits for its answer."""
    if question == "colour":
        model, asked = seated(make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)])), Prompt.COLOR
        press(model, "2", ENTER)
    else:
        legal = [PlayCard(ME, Card.parse("R7"), None, target) for target in ("1", "2", "3")]
        model, asked = seated(make_view("R7 Y3", top="R5", legal=legal)), Prompt.SEAT
        press(model, "1", ENTER)
    assert model.prompt is asked
    assert press(model, "t", *"typing rgby 12", ENTER) == [Say(text="typing rgby 12")]
    assert model.prompt is asked


def test_the_colour_picker_works_with_arrows_and_escape_cancels() -> None:
    model = seated(make_view("W+4 R7", top="G5", legal=[*plays("W+4"), Draw(ME)]))
    press(model, "2", ENTER)  # W+4 sorts after R7
    assert model.table.pending_card == Card.parse("W+4")
    press(model, ESC)
    assert model.prompt is Prompt.NONE and model.table.pending_card is None
    sent = press(model, ENTER, RIGHT, RIGHT, ENTER)
    assert acts(sent) == [Act(kind="play", card="W+4", color="G")]


def test_a_colour_question_opened_by_a_late_key_closes_when_the_hand_ends() -> None:
    """Found play-testing: Ana played her last card, a Wild Draw Four, by 1 Enter 1 Enter; the
    second Enter reached the table before the hand's end and asked the colour of the card again.
    The question stayed on the match's end and took the rematch's key."""
    model = seated(make_view("W+4", top="G5", legal=[*plays("W+4", uno=True), Draw(ME)]))
    press(model, ENTER)
    assert model.prompt is Prompt.COLOR
    ended = make_view("", top="W+4", legal=[], hand_sizes=(5, 5, 5, 0),
                      hand_result=HandResult(ME, 60))
    show(model, ended)
    assert model.prompt is Prompt.NONE and model.table.pending_card is None


def test_uno_is_said_with_the_next_to_last_card() -> None:
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7", uno=True), CallUno(ME), Draw(ME)]))
    sent = press(model, "u")
    assert model.table.uno_armed and acts(sent) == []  # no message: UNO costs no time
    sent = press(model, ENTER)
    assert acts(sent) == [Act(kind="play", card="R7", uno=True)]
    assert not model.table.uno_armed


def test_u_pressed_while_the_colour_is_asked_says_uno_with_the_wild() -> None:
    """Found play-testing: Enter on a Wild, the next-to-last card, then u at once: the colour
    picker ignored the u, the Wild went without UNO, and a bot caught the player."""
    for lang, color in (("en", "r"), ("es", "r")):
        model = seated(make_view("R7 W", top="G5", legal=[*plays("W", uno=True), CallUno(ME), Draw(ME)]),
                       lang=lang)
        try:
            press(model, "2", ENTER)
            assert model.prompt is Prompt.COLOR
            assert press(model, "u") == []
            asked = next(line for line in screen_lines(model) if " r:" in line)  # the colour picker
            assert "UNO!" in asked  # (the u is seen to be taken)
            assert acts(press(model, color)) == [Act(kind="play", card="W", color="R", uno=True)]
        finally:
            set_language("en")


def test_uno_is_said_with_a_jump_in_of_the_next_to_last_card() -> None:
    """Out of turn, with two cards and one of them identical to the top card: u arms UNO for
    the jump-in (it used to answer "on your turn", and the jump-in could then be caught)."""
    seven = Card.parse("R7")
    jumps = [JumpIn(ME, seven, None, False), JumpIn(ME, seven, None, True)]
    model = seated(make_view("R7 Y3", top="R7", current="1", legal=jumps))
    sent = press(model, "u")
    assert model.table.uno_armed and acts(sent) == []
    model.apply(Events(events=(), view=codec.view_to_wire(
        make_view("R7 Y3", top="R7", current="2", legal=jumps))))  # the turn moves on: still armed
    assert model.table.uno_armed
    assert acts(press(model, ENTER)) == [Act(kind="jump_in", card="R7", uno=True)]
    assert not model.table.uno_armed
    model = seated(make_view("R7 Y3", top="G7", current="1", legal=[]))  # nothing to jump in with
    press(model, "u")
    assert not model.table.uno_armed


def test_u_typed_just_after_the_next_to_last_card_says_uno_when_the_play_shows() -> None:
    """Enter, then u at once (before the server's answer): the u used to arm UNO for a play
    already gone, and was lost; the player was caught. It is said as soon as the view shows
    the play (inside the grace that keeps catches from counting)."""
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7", uno=True), Draw(ME)]))
    assert acts(press(model, ENTER)) == [Act(kind="play", card="R7")]
    assert acts(press(model, "u")) == [] and not model.table.uno_armed
    assert model.prompts.notice == ""  # (no refusal either)
    show(model, make_view("R7 Y3", top="R5", current="1"))  # another change before ours: waits
    assert model.outbox.take() == []
    show(model, make_view("Y3", top="R7", current="1", legal=[CallUno(ME)]))
    assert acts(model.outbox.take()) == [Act(kind="call_uno")]
    show(model, make_view("Y3", top="R7", current="2", legal=[CallUno(ME)]))
    assert model.outbox.take() == []  # said once


def test_u_again_disarms_uno() -> None:
    model = seated(make_view("R7 Y3", top="R5", legal=plays("R7", uno=True)))
    press(model, "u", "u")
    assert not model.table.uno_armed
    assert acts(press(model, ENTER)) == [Act(kind="play", card="R7")]


def test_uno_with_one_card_left_is_said_at_once() -> None:
    model = seated(make_view("Y3", top="R5", current="1", legal=[CallUno(ME)]))
    assert acts(press(model, "u")) == [Act(kind="call_uno")]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_uno_with_two_cards_and_nothing_to_play_is_not_said(lang: str) -> None:
    """Found play-testing: Dave, with R2 R7 and nothing that went, pressed u: the whole table
    read "Dave: UNO!", and then he drew his third card. UNO goes with the next-to-last card."""
    model = seated(make_view("R2 R7", top="B5", legal=[Draw(ME), CallUno(ME)]), lang=lang)
    try:
        assert acts(press(model, "u")) == []
        assert model.prompts.notice == t("uno_nothing_goes")
        assert acts(press(model, "d")) == [Act(kind="draw")]
    finally:
        set_language("en")


def test_draw_pass_and_catch() -> None:
    model = seated(make_view("R7 Y3", top="B5", legal=[Draw(ME)]))
    assert acts(press(model, "d")) == [Act(kind="draw")]
    show(model, make_view("R7 Y3 B9", top="B5", has_drawn=True, drawn=Card.parse("B9"),
                          legal=[*plays("B9"), Pass(ME)]))
    assert model.table.selected_card == Card.parse("B9")  # the drawn card is the one to play
    assert acts(press(model, "p")) == [Act(kind="pass")]
    show(model, make_view("R7 Y3", top="B5", current="1", uno_open="2", legal=[Catch(ME, "2")]))
    assert acts(press(model, "c")) == [Act(kind="catch", target="2")]


def test_keys_that_do_nothing_now_explain_why() -> None:
    model = seated(make_view("R7 Y3", top="B5", current="1", legal=[]))
    assert acts(press(model, "d", "p", "c")) == []
    assert model.prompts.notice  # the last one's reason is on the screen


def test_challenge_or_accept_a_wild_draw_four() -> None:
    view = make_view("R7 Y3", top="W+4", challenge_from="3", pending_draw=4,
                     legal=[Challenge(ME), Accept(ME)])
    model = seated(view)
    assert model.prompt is Prompt.CHALLENGE
    assert acts(press(model, "y")) == [Act(kind="challenge")]
    assert model.prompt is Prompt.NONE  # answered: no second answer before the table's
    assert acts(press(seated(view), "n")) == [Act(kind="accept")]


def test_facing_a_wild_draw_four_its_player_without_uno_is_caught() -> None:
    """Found play-testing (R17: a catch counts until the next player acts): Ana's Wild Draw Four
    left her one card and no UNO; facing it, Bob's c did nothing, and after his answer it was a
    false catch. The key catches there, and the bar names it."""
    view = make_view("R7 Y3", top="W+4", challenge_from="3", pending_draw=4, uno_open="3",
                     legal=[Catch(ME, "3"), Challenge(ME), Accept(ME)])
    model = seated(view)
    assert model.prompt is Prompt.CHALLENGE
    assert "w what is it  c catch" in render_text(model, columns=100)  # (the key bar)
    assert acts(press(model, "c")) == [Act(kind="catch", target="3")]
    assert acts(typed_plain(seated(view), "catch")) == [Act(kind="catch", target="3")]


def typed_plain(model: Model, line: str) -> list[Message]:
    from client.plaincmd import PlainCommands

    PlainCommands(model).run(line)
    return model.outbox.take()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_where_wild_draw_fours_stack_one_is_played_on_the_one_facing_us(lang: str) -> None:
    """Found play-testing (+4s stack, R14, and may be challenged, R12): facing Bob's Wild Draw
    Four with one in hand, the hint advised playing it, but no key did: the question took only
    challenge or accept. The chosen card (a number, the arrows) and the play key stack it."""
    view = make_view("R7 W+4 Y3", top="W+4", challenge_from="3", pending_draw=4,
                     legal=[Challenge(ME), Accept(ME), *plays("W+4")])
    model = seated(view, lang=lang)
    try:
        assert model.prompt is Prompt.CHALLENGE
        said = (("+4 from Bot 3: y challenge, a accept (+4), Enter stack", "←→ 1-9 Enter stack")
                if lang == "en" else
                ("+4 de Bot 3: s desafía, a acepta (+4), Enter suma", "←→ 1-9 Enter suma"))
        bar = render_text(model, columns=80)
        assert all(part in bar for part in said), bar
        wide = render_text(model, columns=120)
        assert (("or Enter stacks a marked card" if lang == "en" else "o Enter suma una carta marcada")
                in wide), wide
        red = "r"  # (rojo too)
        assert acts(press(model, "3", ENTER, red)) == [Act(kind="play", card="W+4", color="R")]
        model = seated(view, lang=lang)
        assert model.table.selected_card == Card.parse("W+4")  # the cursor where a card stacks
        assert acts(press(model, "1", ENTER)) == []  # (one that does not stack: the cursor goes
        assert model.prompt is Prompt.CHALLENGE  # back to one that does, and Enter plays it)
        assert model.table.selected_card == Card.parse("W+4")
        press(model, "1", "\x1b[F")  # End
        assert model.table.selected_card == Card.parse("W+4")
        model = seated(view, lang=lang)
        press(model, RIGHT, RIGHT, ENTER)
        assert model.prompt is Prompt.COLOR
        press(model, ESC)  # the colour's question cancelled: the +4's is back
        assert model.prompt is Prompt.CHALLENGE
        assert acts(press(model, "n")) == [Act(kind="accept")]
    finally:
        set_language("en")


def test_a_starting_wild_asks_the_first_player_for_the_colour() -> None:
    model = seated(make_view("R7 Y3", top="W", color=None, awaiting_color=True,
                             legal=[ChooseColor(ME, c) for c in
                                    (Card.parse("R1").color, Card.parse("G1").color)]))
    assert model.prompt is Prompt.START_COLOR
    # (the help line offered "Esc cancel", which did nothing here: found play-testing)
    assert "Esc" not in render_text(model) and press(model, ESC) == [] and model.prompt is Prompt.START_COLOR
    assert acts(press(model, "g")) == [Act(kind="choose_color", color="G")]


def test_q_and_x_still_work_while_the_first_player_names_the_starting_colour() -> None:
    # a Wild turned up as the first card: its player must still be able to quit or leave (CI met
    # this when a tmux test's deal happened to start with a Wild)
    for key, asked in (("q", Prompt.QUIT), ("x", Prompt.LEAVE)):
        model = seated(make_view("R7 Y3", top="W", color=None, awaiting_color=True,
                                 legal=[ChooseColor(ME, c) for c in
                                        (Card.parse("R1").color, Card.parse("G1").color)]))
        assert model.prompt is Prompt.START_COLOR
        assert press(model, key) == [] and model.prompt is asked
        press(model, ESC)
        assert model.prompt is Prompt.START_COLOR  # staying: the colour is still to be named


def test_seven_zero_asks_whom_to_swap_with() -> None:
    seven = Card.parse("R7")
    legal = [PlayCard(ME, seven, None, target) for target in ("1", "2", "3")]
    model = seated(make_view("R7 Y3", top="R5", legal=legal))
    press(model, "1", ENTER)
    assert model.prompt is Prompt.SEAT and model.table.pending_targets == ("1", "2", "3")
    assert press(model, "3", "2") == []  # a digit picks the seat, as it picks a card in the hand
    assert model.prompt is Prompt.SEAT and model.table.seat_index == 1
    assert acts(press(model, ENTER)) == [Act(kind="play", card="R7", target="2")]


def test_the_seven_question_starts_on_the_fewest_cards() -> None:
    """Found play-testing: the question started on the first seat listed, and a reflex Enter
    swapped 8 cards for 15."""
    seven = Card.parse("R7")
    legal = [PlayCard(ME, seven, None, target) for target in ("1", "2", "3")]
    model = seated(make_view("R7 Y3", top="R5", legal=legal, hand_sizes=(9, 6, 2, 2)))
    press(model, "1", ENTER)
    assert model.prompt is Prompt.SEAT and model.table.seat_index == 2
    assert acts(press(model, ENTER)) == [Act(kind="play", card="R7", target="3")]


def test_a_seven_with_one_seat_to_swap_with_asks_nothing() -> None:
    """Found play-testing, two players: "Swap hands with: 1 Bob (7 cards)", a question with one
    answer."""
    seven = Card.parse("R7")
    model = seated(make_view("R7 Y3", top="R5", legal=[PlayCard(ME, seven, None, "2")]))
    assert acts(press(model, "1", ENTER)) == [Act(kind="play", card="R7", target="2")]
    assert model.prompt is Prompt.NONE


def test_chat_keys_are_text_not_commands() -> None:
    model = seated(make_view("R7 Y3", legal=[*plays("R7"), Draw(ME)]))
    sent = press(model, "t", "d", "x", "p", BACKSPACE, "!", ENTER)
    assert sent == [Say(text="dx!")]  # 'd' and 'p' were typed, not drawn and passed
    assert model.prompt is Prompt.NONE


def test_a_pasted_tab_or_line_break_in_the_chat_is_a_space() -> None:
    """Found play-testing: "col1⇥col2" pasted was sent as "col1col2"."""
    model = seated(make_view())
    model.open_chat()
    model.type_text("col1\tcol2\nrow2")
    model.submit_text()
    assert model.outbox.take()[-1] == Say(text="col1 col2 row2")


def test_escape_closes_the_chat_without_sending() -> None:
    model = seated(make_view())
    assert press(model, "t", "h", "i", ESC) == []
    assert model.prompt is Prompt.NONE


def test_alt_and_a_key_in_the_chat_neither_closes_it_nor_acts_as_the_key() -> None:
    """Found play-testing: Alt+Enter (Escape, then Enter, at once) in the chat closed it, and the
    Enter played the card under the cursor; Alt+d would have drawn."""
    model = seated(make_view("R7 Y3", legal=[*plays("R7"), Draw(ME)]))
    assert press(model, "t", "h", "i", ESC + ENTER, ESC + "d", "!", ENTER) == [Say(text="hi!")]
    assert model.prompt is Prompt.NONE


def test_quit_asks_first() -> None:
    model = seated(make_view())
    press(model, "q", "x")
    assert not model.quit and model.prompt is Prompt.NONE
    press(model, "q", "y")
    assert model.quit


def test_lobby_join_watch_refresh() -> None:
    model = connected_model()
    model.apply(Welcome(server="s", version="0", protocol=1, token="a.b", name="Ana"))
    assert [type(m).__name__ for m in model.outbox.take()] == ["ListRooms"]
    rooms = tuple(RoomSummary(id=str(i), name=f"Mesa {i}", host="Luis", players=1, seats=4, bots=0,
                              spectators=0, preset="official", started=i == 2, password=False)
                  for i in (1, 2))
    model.apply(Rooms(rooms=rooms))
    assert model.screen is Screen.LOBBY
    assert press(model, ENTER) == [JoinRoom(room="1")]
    assert press(model, DOWN, ENTER) == [JoinRoom(room="2", spectate=True)]  # started: watch
    assert press(model, UP, "w") == [JoinRoom(room="1", spectate=True)]
    assert [type(m).__name__ for m in press(model, "r")] == ["ListRooms"]


def test_the_new_table_form() -> None:
    model = connected_model()
    press(model, "n")
    assert model.screen is Screen.CREATE and model.form is not None
    press(model, *[BACKSPACE] * 40, *"Casa")
    sent = press(model, DOWN, RIGHT, DOWN, RIGHT, DOWN, LEFT, ENTER)  # house rules, 5 seats, 2 bots
    assert len(sent) == 1 and isinstance(sent[0], CreateRoom)
    create = sent[0]
    assert create.name == "Casa" and create.preset == "house" and create.seats == 5 and create.bots == 2
    assert create.rules["stack_draw_two"] is True  # the house preset's options came along


def test_ctrl_u_clears_the_text_being_typed() -> None:
    """The form's name comes filled in, and typing added to it ("Dana's tableDana house"):
    twelve backspaces were the only way to clear it (found play-testing)."""
    ctrl_u = "\x15"
    model = connected_model()
    press(model, "n", ctrl_u, *"Casa")
    assert model.form is not None and model.form.name == "Casa"
    model = seated(make_view())
    press(model, "t", *"hola", ctrl_u, *"hi")
    assert model.prompts.input_text == "hi"


def test_the_waiting_room_host_keys() -> None:
    model = seated(room=room_info(started=False))
    assert model.screen is Screen.WAITING and model.seating.is_host
    sent = press(model, "+", "-", DOWN, "-", "s")  # - frees the seat marked (↑↓), not the last bot
    assert sent == [AddBot(), RemoveBot(seat="1"), RemoveBot(seat="3"), Start(fill=True)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_host_frees_the_seat_of_someone_whose_connection_dropped(lang: str) -> None:
    """Found play-testing: a `uno bots` client killed in the waiting room kept its seat
    "(offline)", - did nothing to it, and the match then waited out each of its turns."""
    set_language(lang)
    room = room_info(started=False)
    seats = tuple(dataclasses.replace(s, connected=False) if s.seat == "2" else s for s in room.seats)
    model = seated(room=dataclasses.replace(room, seats=seats), lang=lang)
    gone = "Luis has lost the connection" if lang == "en" else "Luis perdió la conexión"
    assert gone in " ".join(render_text(model).split())
    assert press(model, DOWN, "-") == [RemoveBot(seat="2")]  # Bot 1, then Luis: ↑↓ pick, - frees
    assert press(model, "b") == []  # (not a bot: no level to change)
    assert model.prompts.notice == t("err_not_a_bot")
    set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_waiting_room_says_who_quit_rather_than_lost_the_connection(lang: str) -> None:
    set_language(lang)
    room = room_info(started=False)
    seats = tuple(dataclasses.replace(s, connected=False, quit=True) if s.seat == "2" else s
                  for s in room.seats)
    model = seated(room=dataclasses.replace(room, seats=seats), lang=lang)
    text = " ".join(render_text(model).split())
    said = ("Luis closed the game: ↑↓ picks the seat, - frees it." if lang == "en"
            else "Luis cerró el juego: ↑↓ elige el asiento, - lo libera.")
    assert said in text and "Luis has lost the connection" not in text, text
    assert press(model, DOWN, "-") == [RemoveBot(seat="2")]
    set_language("en")


def test_a_guest_cannot_start() -> None:
    model = seated(room=room_info(started=False, host_seat="2"))
    assert press(model, "s", "+") == []


def test_d_with_a_card_to_play_under_draw_until_playable_says_why_it_cannot_draw() -> None:
    """R9 (draw until playable) lets nobody draw who holds a card to play: d said only "You
    cannot draw now", and the player could not see why (found play-testing)."""
    model = seated(make_view("W+4 Y3", top="R5", legal=plays("W+4")))
    assert press(model, "d") == []
    assert model.prompts.notice == "You can play Wild Draw Four: these rules say play, not draw"
    model = seated(make_view("R7 Y3", top="R5", current="1"))
    press(model, "d")
    assert model.prompts.notice == "It is not your turn"


def test_after_drawing_until_a_card_goes_the_cursor_is_on_one_that_goes() -> None:
    """R9: "Ana drew 3 until a card could be played (Green Reverse, Red 5, Blue 6)", and the
    cursor stayed on Red 5, which could not be played (found play-testing)."""
    model = seated(make_view("R7 Y3", top="B9", legal=[Draw(ME)]))
    press(model, "2")
    drawn = make_view("R7 Y3 GR R5 B6", top="B9", has_drawn=True, legal=plays("B6"))
    model.apply(Events(events=(), view=codec.view_to_wire(drawn)))
    assert model.table.selected_card == Card.parse("B6")


@pytest.mark.parametrize(("over", "said"), [
    ({"hand_result": HandResult("2", 30)}, "The hand is over"),
    ({"hand_result": HandResult("2", 30), "outcome": MatchOutcome("2", (0, 510, 0, 20))},
     "The match is over"),
])
@pytest.mark.parametrize("current", ["2", ME])
def test_a_move_key_after_the_hand_says_it_is_over(over: dict[str, object], said: str, current: str) -> None:
    """Found play-testing: Enter and d after the match read "It is not your turn"; and after
    our own winning card (the turn still ours), "You cannot draw now" (Enter said nothing)."""
    hand = "R7" if current == "2" else ""
    model = seated(make_view(hand, current=current, **over))
    for key in (ENTER, "d", "p"):
        model.prompts.notice = ""
        sent = press(model, key)
        if key == "p" and "outcome" not in over:  # between hands, p holds the next deal back
            assert sent == [MoreTime()] and model.prompts.notice == ""  # (said as the countdown grows)
        else:
            assert model.prompts.notice == said, key


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You can play Red 7: these rules say play, not pass"),
    ("es", "Puedes jugar 7 rojo: estas reglas piden jugar, no pasar"),
])
def test_p_under_draw_until_playable_says_why_there_is_no_passing(lang: str, said: str) -> None:
    """Found play-testing a house table: p said only "You cannot pass now", where d gives the
    reason."""
    view = make_view("R7 Y3", top="R5", legal=plays("R7"), rules=RuleSet.preset("house"))
    model = seated(view, lang=lang)
    try:
        press(model, "p")
        assert model.prompts.notice == said
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "key", "said"), [
    ("es", "z", "z no hace nada aquí; ausentarse (juega un bot): f (F1 muestra las teclas)"),
    ("en", "k", "k does nothing here: F1 lists the keys"),
    ("es", "k", "k no hace nada aquí: F1 muestra las teclas")])
def test_a_letter_that_does_nothing_at_the_table_says_so(lang: str, key: str, said: str) -> None:
    """Found play-testing: a Spanish player pressed z (the English key) to step away, and
    nothing happened, nor did anything say which key does it. A bound key says nothing of it."""
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]), lang=lang)
    try:
        assert press(model, key) == []
        assert model.prompts.notice == said
        assert acts(press(model, "d")) == [Act(kind="draw")]
        assert "does nothing" not in model.prompts.notice and "no hace nada" not in model.prompts.notice
    finally:
        set_language("en")


def test_a_long_chat_message_keeps_its_end_in_sight_and_says_the_limit() -> None:
    """Found play-testing: typed text ran off the screen, and past 200 characters keys did
    nothing without a word; plain mode's say cut a long message silently."""
    from client.plaincmd import PlainCommands
    from client.render import Renderer

    model = seated(make_view())
    press(model, "t", "a")
    model.type_text("bcdefghij" + "abcdefghij" * 7 + "XY")  # (as typed keys do: faster)
    press(model, "Z")
    (line,) = Renderer(model).prompt_line(60, 1)
    text = "".join(f[1] for f in line)
    assert "XYZ▏" in text and "…" in text and "at most" not in text, text
    model.type_text("k" * 199)
    press(model, "k", "k")  # (past the limit)
    (line,) = Renderer(model).prompt_line(60, 1)
    text = "".join(f[1] for f in line)
    assert text.rstrip().endswith("k▏ (200 characters at most)"), text
    assert press(model, ENTER) == [Say(text="abcdefghij" * 8 + "XYZ" + "k" * 117)]
    PlainCommands(model).run("say " + "x" * 250)
    assert model.prompts.notice == "Only the first 200 characters were sent"


@pytest.mark.parametrize("keys", ["d", "p", "u", "c", "w", "?", ENTER])
def test_a_watchers_move_keys_say_what_to_do_about_a_seat(keys: str) -> None:
    """Found play-testing: a watcher's d said "It is not your turn", c "Nobody to catch" (a
    watcher can never catch), ? nothing."""
    watching = seated(make_view(seat=None, current="1"))
    watching.seating.seat = None
    assert press(watching, keys) == []
    assert watching.prompts.notice == "You are watching: you hold no cards"
    assert watching.seating.spectator_hint("Ana") in render_text(watching, columns=100)  # (how to sit)
    deal = Events(events=(codec.event_to_wire(HandStarted(2, "1", 1)),))
    watching.apply(deal)  # (gone with the next deal: found play-testing, it stayed for hands)
    assert watching.prompts.notice == ""


def test_the_away_key_with_no_seat_says_why_it_does_nothing() -> None:
    """Found play-testing: z did nothing and said nothing. (At a match's end it steps away:
    test_rematch_client.py.)"""
    watching = seated(make_view(seat=None, current="1"), lang="es")
    watching.seating.seat = None
    assert press(watching, "f") == []
    assert watching.prompts.notice == "Estás mirando: no tienes asiento del que ausentarte"
    set_language("en")


@pytest.mark.parametrize(("lang", "why", "chat"), [("en", "w why", "t chat"), ("es", "e explica", "t chat")])
def test_at_80_columns_the_table_bar_names_the_why_and_chat_keys(lang: str, why: str, chat: str) -> None:
    """Found play-testing: two players at 80 and 90 columns never saw the why key nor chat's;
    the bar had room for catch (whose key the prompt line names when a catch is on) and leave."""
    from client.render import Renderer

    model = seated(make_view("R7 Y3", legal=[*plays("R7"), Draw(ME)]), lang=lang)
    try:
        for columns in (80, 90):
            bar = "".join(f[1] for line in Renderer(model).help(columns, 1) for f in line)
            assert why in bar and chat in bar and bar.rstrip().endswith(("q quit", "q sal")), bar
    finally:
        set_language("en")
