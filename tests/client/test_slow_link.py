"""A slow or dropped link at the table (client/table.py): while the link is down, or before the
table is seen again, a move key sends nothing and says so; a second move key while the first is
still on its way says that; a move that reached the table too late, after the stand-in played
the turn, is told as such; and nothing says "Your turn" of a view from before the link dropped.
All found play-testing a friend on a flaky link in plain mode."""

from __future__ import annotations

import pytest
from clientkit import ENTER, ME, make_view, plays, press, render_text, seated, show

from client.enums import Prompt
from client.i18n import set_language, t
from client.plainview import PlainView
from engine.actions import Draw, Pass
from engine.cards import Card
from engine.events import StandIn, TurnStarted
from engine.view import View
from protocol import Act, Error, Events, Welcome, codec


def acts(sent: list[object]) -> list[object]:
    return [m for m in sent if isinstance(m, Act)]


def _mine() -> View:
    return make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)])


@pytest.mark.parametrize(("lang", "held", "sent"), [
    ("en", "The link is down: your move goes as soon as it is back (reconnecting…)",
     "The link is back: your move was sent."),
    ("es", "Sin conexión: tu jugada sale en cuanto vuelva (reconectando…)",
     "Volvió la conexión: se envió tu jugada.")])
def test_a_move_made_while_the_link_is_down_goes_once_the_same_moment_is_seen_again(
        lang: str, held: str, sent: str) -> None:
    """It said "Red 7 cannot be played now" of a card that could; then (found play-testing on a
    flaky link) a card played in the tenth of a second the link took to come back was refused,
    the refusal gone before it could be read. The move waits: one, said so."""
    model = seated(_mine(), lang=lang)
    try:
        model.connection_lost("broken", 5)
        assert acts(press(model, ENTER)) == [] and model.prompts.notice == held
        assert acts(press(model, "d")) == [] and model.prompts.notice == t("move_held_already")  # (one)
        assert model.prompt is Prompt.NONE
        model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana", resumed=True))
        assert acts(model.outbox.take()) == []  # (not before the table is seen again)
        show(model, _mine())
        assert acts(model.outbox.take()) == [Act(kind="play", card="R7")] and model.prompts.notice == sent
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The game went on while the link was down: your move was not sent."),
    ("es", "La partida siguió mientras no había conexión: tu jugada no se envió.")])
def test_a_move_made_while_the_link_is_down_is_not_sent_to_a_table_that_went_on(lang: str, said: str) -> None:
    model = seated(_mine(), lang=lang)
    try:
        model.connection_lost("broken", 5)
        press(model, ENTER)
        model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana", resumed=True))
        show(model, make_view("R7 Y3 G4", top="B5", current="2", legal=[]))
        assert acts(model.outbox.take()) == [] and model.prompts.notice == said
    finally:
        set_language("en")


def test_a_card_sent_as_the_link_dropped_that_the_table_went_on_without_is_told_lost() -> None:
    """Found play-testing on a flaky link: Green 4 played with 9 s left as the link stalled; the
    stand-in played the turn, and nothing said Green 4 had not arrived."""
    model = seated(_mine())
    assert acts(press(model, ENTER)) == [Act(kind="play", card="R7")]
    model.connection_lost("timeout", 0.1)
    model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana", resumed=True))
    show(model, make_view("R7", top="Y3", current="2", legal=[]))  # (the stand-in played Yellow 3)
    assert model.prompts.notice == t("move_lost")
    took = seated(_mine())  # (the table had it: nothing to tell)
    press(took, ENTER)
    took.connection_lost("timeout", 0.1)
    took.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana", resumed=True))
    show(took, make_view("Y3", top="R7", current="2", legal=[]))
    assert took.prompts.notice != t("move_lost")


def test_a_challenge_on_its_way_does_not_say_to_draw() -> None:
    """Found play-testing on a stalled link: y challenged a Wild Draw Four, and the line under the
    table said "You must draw 4 and have nothing to stack on it: d draws 4"."""
    from engine.actions import Accept, Challenge

    model = seated(make_view("R7 Y3", top="W+4", challenge_from="3", pending_draw=4,
                             legal=[Challenge(ME), Accept(ME), Draw(ME)]))
    assert acts(press(model, "y")) == [Act(kind="challenge")]
    assert "d draws" not in render_text(model)


def test_a_second_move_key_while_the_first_is_on_its_way_says_so() -> None:
    """A second key pressed while the link held the first read "It is not your turn"."""
    model = seated(_mine())
    assert acts(press(model, ENTER)) == [Act(kind="play", card="R7")]
    assert acts(press(model, "d", ENTER)) == []
    assert model.prompts.notice == t("move_in_flight")
    show(model, make_view("Y3", top="R7", current="1", legal=[]))
    assert model.prompts.notice == ""


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Your move is on its way to the table (the link is slow)…"),
    ("es", "Tu jugada va de camino a la mesa (la conexión va lenta)…")])
def test_a_move_unanswered_for_a_second_says_it_is_on_its_way(lang: str, said: str) -> None:
    """Found play-testing on a 2 s link: after Enter nothing changed on the screen for a second
    and more, the card still in the hand; only a second Enter was told the first was on its way."""
    now = [100.0]
    model = seated(_mine(), lang=lang, clock=lambda: now[0])
    try:
        assert acts(press(model, ENTER)) == [Act(kind="play", card="R7")]
        now[0] += 0.5
        assert said not in render_text(model)  # (a quick answer: nothing flashes)
        now[0] += 0.6
        assert said in render_text(model)
        show(model, make_view("Y3", top="R7", current="1", legal=[]))
        assert said not in render_text(model)
        # a move the table refused is answered: not on its way (found re-checking: a catch
        # refused as too early read "on its way (the link is slow)" under the catch's prompt)
        show(model, _mine())
        press(model, ENTER)
        model.apply(Error(code="not_your_turn", message="not your turn", ref="action"))
        model.prompts.notice = ""  # (the refusal's words gone, as the next change takes them)
        now[0] += 1.5
        assert said not in render_text(model)
    finally:
        set_language("en")


def test_a_move_that_arrived_after_the_stand_in_played_the_turn_is_told_so() -> None:
    """A card typed with 5 s left, held by the link: "Time's up: a bot played your turn", and
    nothing tied the two."""
    model = seated(_mine())
    press(model, ENTER)
    after = make_view("Y3", top="R7", current="1", legal=[])
    timed_out = (StandIn(ME, "timeout"), TurnStarted("1"))
    model.apply(Events(events=tuple(map(codec.event_to_wire, timed_out)), view=codec.view_to_wire(after)))
    assert model.prompts.notice == "Your move did not reach the table in time: the bot played your turn"


def test_back_from_a_dropped_link_the_turn_is_said_once_the_table_is_seen_again() -> None:
    """Back, plain mode first said "Your turn … Welcome back" of a turn the stand-in had played
    while the link was down."""
    model = seated(_mine())
    view = PlainView(model)
    assert "Your turn" in " ".join(view.changes())
    model.connection_lost("broken", 5)
    view.changes()
    model.apply(Welcome(server="test", version="0", protocol=1, token="a.b", name="Ana", resumed=True))
    back = " ".join(view.changes())
    assert "Your turn" not in back and "Your hand" not in back, back
    show(model, make_view("R7 Y3 G2", top="B5", current="2", legal=[]))
    now = " ".join(view.changes())
    assert "Bob" in now or "turn" in now, now


def test_the_first_cards_colour_once_named_is_not_asked_again_while_the_answer_comes() -> None:
    """On a slow link the first card's colour question was said again at once after the b, and
    "You chose blue" came 6 s later: it looked refused, and would be typed again."""
    from client.enums import Prompt
    from engine.actions import ChooseColor
    from engine.cards import Color

    model = seated(make_view("R7 Y3", top="W", color=None, awaiting_color=True,
                             legal=[ChooseColor(ME, c) for c in Color]))
    view = PlainView(model)
    view.changes()
    assert acts(press(model, "b")) == [Act(kind="choose_color", color="B")]
    assert model.prompt is Prompt.NONE
    assert not any("Colour" in line for line in view.changes())


def test_once_the_table_is_gone_the_board_and_the_keys_say_so() -> None:
    """Found play-testing: the host's program closed; the board went on "Your turn ⏱ 9s" down to
    0, and d said "reconnecting…" under a banner that said nothing would."""
    from client.render import Renderer

    model = seated(_mine())
    model.connection_failed("server_closed")
    assert model.table.deadline_at is None
    info = " ".join(f[1] for line in Renderer(model).info(40, 8) for f in line)
    assert "Not at the table" in info and "Your turn" not in info, info
    assert acts(press(model, "d")) == []
    assert model.prompts.notice == "The connection is over: q quits"
    # the key bar offers only what can be done (found play-testing: "Enter tira  d roba…" stayed)
    bar = " ".join(f[1] for line in Renderer(model).help(80, 1) for f in line)
    assert bar.split() == ["q", "quit"], bar


def test_the_late_moves_refusal_does_not_follow_its_notice() -> None:
    """Found play-testing: "Your move did not reach the table in time: the bot played your turn",
    then "It is not your turn" (the server's refusal of that move), read as another mistake."""
    from protocol import Error

    model = seated(_mine())
    press(model, ENTER)
    after = make_view("Y3", top="R7", current="1", legal=[])
    timed_out = (StandIn(ME, "timeout"), TurnStarted("1"))
    model.apply(Events(events=tuple(map(codec.event_to_wire, timed_out)), view=codec.view_to_wire(after)))
    model.apply(Error(code="not_your_turn", message="it is 1's turn", ref="action"))
    assert model.prompts.notice == t("move_too_late")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The host closed the table. Type quit to quit."),
    ("es", "El anfitrión cerró la mesa. Escribe salir para salir.")])
def test_plain_mode_says_the_word_to_type_when_the_table_is_closed(lang: str, said: str) -> None:
    """Found play-testing: Sofía, in plain mode, read "Pulsa q para salir": a key, where she types
    words."""
    from client.i18n import set_language
    from client.plainview import PlainView

    model = seated(_mine(), lang=lang)
    try:
        model.plain = True
        model.connection_failed("table_closed")
        assert said in " ".join(PlainView(model).changes())
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [("en", "Luis jumped in first and took your turn"),
                                            ("es", "Luis cortó antes que tú y te quitó el turno")])
def test_a_move_that_crossed_a_jump_in_on_our_turn_says_who_cut_in(lang: str, said: str) -> None:
    """Found play-testing: Olga pressed Enter on her turn as Maya's jump-in landed; the server
    refused her card with "No es tu turno", though it had been her turn."""
    from client.i18n import set_language
    from engine import events as ev
    from engine.cards import Card, Color
    from protocol import Error, Events, codec

    model = seated(_mine(), lang=lang)
    try:
        jump = ev.CardPlayed("2", Card.parse("R7"), Color.RED, jump_in=True)
        model.apply(Events(events=(codec.event_to_wire(jump), codec.event_to_wire(ev.TurnStarted("3"))),
                           view=codec.view_to_wire(make_view(current="3"))))
        model.apply(Error(code="not_your_turn", message="not your turn", ref="action"))
        assert model.prompts.notice == said
        model.apply(Events(events=(codec.event_to_wire(ev.TurnStarted(ME)),),
                           view=codec.view_to_wire(make_view())))  # (later, a refusal is its own)
        model.apply(Error(code="not_your_turn", message="not your turn", ref="action"))
        assert model.prompts.notice == t("err_not_your_turn")
    finally:
        set_language("en")


def test_enter_on_the_card_just_after_a_jump_in_took_our_turn_says_who_cut_in() -> None:
    """Found play-testing: Olga's Enter, just after Maya's jump-in took her turn, read "No es tu
    turno: solo se corta con una carta igual a 2 azul"."""
    from engine import events as ev
    from engine.cards import Card, Color
    from engine.rules import RuleSet
    from protocol import Events, codec

    rules = RuleSet(jump_in=True)
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)], rules=rules))
    jump = ev.CardPlayed("2", Card.parse("B2"), Color.BLUE, jump_in=True)
    model.apply(Events(events=(codec.event_to_wire(jump), codec.event_to_wire(ev.TurnStarted("3"))),
                       view=codec.view_to_wire(make_view("R7 Y3", top="B2", current="3", rules=rules))))
    press(model, ENTER)
    assert model.prompts.notice == "Luis jumped in first and took your turn"


def test_a_chat_line_unanswered_for_a_second_says_it_is_on_its_way() -> None:
    """Found play-testing on a stalled link: a line sent showed nowhere on its sender's screen for
    20 s, nor that it was on its way; it came after a later line of another's."""
    from protocol import ChatMsg

    now = [100.0]
    model = seated(_mine(), clock=lambda: now[0])
    said = "Your message is on its way to the table (the link is slow)…"
    press(model, "t", *"hola", ENTER)
    now[0] += 0.5
    assert said not in render_text(model)  # (a quick echo: nothing flashes)
    now[0] += 0.6
    assert said in render_text(model)
    model.apply(ChatMsg(source="Ana", text="hola", scope="room"))
    assert said not in render_text(model)


def test_a_countdown_run_out_says_the_next_hand_comes_in_a_moment() -> None:
    """Found play-testing on a stalled link: "The next hand is dealt in 0 s…" for ten seconds."""
    from engine.view import HandResult

    now = [100.0]
    model = seated(make_view("R7", hand_result=HandResult("2", 30), hand_sizes=(5, 0, 5, 1)),
                   clock=lambda: now[0])
    model.table.deadline_at = 103.0
    assert "The next hand is dealt in 3 s" in " ".join(render_text(model, columns=100).split())
    now[0] = 104.0
    text = " ".join(render_text(model, columns=100).split())
    assert "in 0 s" not in text and "The next hand starts in a moment" in text, text


def test_a_challenge_once_the_connection_is_over_says_so_and_a_second_while_down_waits() -> None:
    """A challenge (which no move key's refusal covers) to a table gone is not said to wait for
    the link; one made while the link is down waits, and a catch after it says the first does."""
    from engine.actions import Accept, Challenge

    facing = make_view("R7 Y3", top="W+4", challenge_from="3", pending_draw=4, uno_open="3",
                       legal=[Challenge(ME), Accept(ME)])
    gone = seated(facing)
    gone.connection_failed("table_closed")
    gone.table.challenge()
    assert gone.prompts.notice == t("connection_over")
    down = seated(facing)
    down.connection_lost("broken", 5)
    down.table.challenge()
    assert down.prompts.notice == t("move_held")
    down.table.challenge(accept=True)
    assert down.prompts.notice == t("move_held_already")


def test_a_move_waiting_for_the_link_is_said_until_it_is_back() -> None:
    """Found re-checking on a flaky link: "your move goes as soon as it is back" went at the next
    try to reconnect, a tenth of a second on, and the line under the table said the drawn card's
    "Enter plays it, p keeps it" again, or the hint from before the move."""
    drew = make_view("R7 Y3", top="R5", drawn=Card.parse("R7"), has_drawn=True,
                     legal=[*plays("R7"), Pass(ME)])
    model = seated(drew)
    assert "Enter plays it" in render_text(model, columns=100)
    model.connection_lost("broken", 5)
    press(model, ENTER)
    model.connecting("127.0.0.1:1", 2)
    model.connection_lost("refused", 5)  # (the next try: the notice went with it)
    text = render_text(model, columns=100)
    assert t("move_held") in text and "Enter plays it" not in text, text


def test_the_reconnecting_countdown_never_says_in_0_0_s() -> None:
    """Found re-checking on a flaky link: the banner counted down to "Reconnecting in 0.0 s"."""
    from client.render import Renderer

    now = [100.0]
    model = seated(_mine(), clock=lambda: now[0])
    model.connection_lost("refused", 2.0)
    assert "Reconnecting in 2.0 s" in (Renderer(model).banner_text() or "")
    now[0] += 1.97
    banner = Renderer(model).banner_text() or ""
    assert "0.0 s" not in banner and "Reconnecting" in banner, banner


def test_a_move_waiting_for_the_link_is_not_said_to_wait_once_the_connection_is_over() -> None:
    """Found reading the change again: a move held, or sent as the link dropped, still read "your
    move goes as soon as it is back" under "The host closed the table"."""
    model = seated(_mine())
    model.connection_lost("broken", 5)
    press(model, ENTER)
    assert t("move_held") in render_text(model, columns=100)
    model.connection_failed("table_closed")
    assert t("move_held") not in render_text(model, columns=100)
