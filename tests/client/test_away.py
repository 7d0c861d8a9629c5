"""Stepping away and coming back, as the client shows it (issue 9): the away banner, any key
sends ``back`` once, the stand-in's turns are narrated in both languages, and a ``history`` brings
back the room's recent log and chat."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from clientkit import ENTER, ME, RIGHT, make_view, plays, press, render_text, room_info, screen_lines, seated

from client.awaynews import AwayNews
from client.i18n import set_language, t
from client.model import Model
from engine import events as ev
from engine.actions import Draw
from engine.cards import Card, Color
from engine.view import HandResult, MatchOutcome
from protocol import (
    Act,
    Away,
    Back,
    ChatLine,
    Events,
    History,
    Joined,
    Left,
    LeftReason,
    Rematch,
    RoomUpdate,
    ViewMsg,
    Welcome,
    codec,
)


def away_room(away: bool = True) -> RoomUpdate:
    room = room_info()
    seats = tuple(dataclasses.replace(s, away=away and s.seat == ME) for s in room.seats)
    return RoomUpdate(room=dataclasses.replace(room, seats=seats))


def away_model(lang: str = "en") -> Model:
    """Ana at the table, not on her turn, marked away by the server."""
    model = seated(make_view(current="2"), lang=lang)
    model.apply(away_room())
    model.outbox.clear()
    return model


def test_the_screen_says_you_are_away_and_which_key_brings_you_back() -> None:
    model = away_model()
    assert model.seating.away
    assert "You are away. Press any key to come back." in render_text(model, columns=60)
    set_language("es")
    try:
        assert "Estás ausente. Pulsa cualquier tecla para volver." in render_text(model, columns=60)
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [("en", "any key  come back"),
                                             ("es", "cualquier tecla  volver")])
def test_the_key_bar_offers_no_move_while_away(lang: str, said: str) -> None:
    """Found play-testing: the bar offered "Enter play  d draw" to one away, whose first key only
    brings them back."""
    model = away_model(lang)
    try:
        bar = screen_lines(model, columns=80)[-1]
        assert said in bar and "Enter" not in bar
        press(model, "x")
        assert said not in screen_lines(model, columns=80)[-1]  # (back on its way: the keys act)
    finally:
        set_language("en")


def test_any_key_off_turn_sends_back_once() -> None:
    """Problem 3: off turn, the client used to refuse every key without sending anything."""
    for key in ("x", "d", " ", "z"):
        model = away_model()
        sent = press(model, key)
        assert sent.count(Back()) == 1, key
        assert not [m for m in sent if isinstance(m, Act)]
        text = render_text(model)
        assert "Welcome back" in text
        assert "It is not your turn" not in text, key  # the key only brought us back
        assert press(model, "o").count(Back()) == 0  # said once
        model.apply(away_room(away=False))
        assert not model.seating.away and "Welcome back" not in render_text(model)


def test_our_own_log_says_we_went_away_and_came_back() -> None:
    """The others' logs said "Ana went away" and "Ana came back"; hers said nothing of it."""
    model = seated(make_view(current="2"))
    model.apply(away_room())
    assert model.transcript.log[-1] == ("Away from the table: a bot plays your turns until you "
                                        "press a key")  # (not "you went away": timeouts mark it too)
    model.apply(away_room(away=False))
    assert model.transcript.log[-1] == "You came back"


def stand_in_turn(model: Model, *moves: ev.Event, reason: str = "away",
                  then: tuple[ev.Event, ...] = ()) -> None:
    """One of Ana's turns played by the stand-in (``moves``), then ``then`` (others' moves)."""
    batch = (ev.StandIn(ME, reason), *moves, ev.TurnStarted("2"), *then)
    model.apply(Events(events=tuple(map(codec.event_to_wire, batch)),
                       view=codec.view_to_wire(make_view(current="2"))))


def test_coming_back_says_what_the_stand_in_did_meanwhile() -> None:
    """Back from a drink, the log said only "You came back": the stand-in's turns had scrolled
    out of its eleven lines. From the first turn played for us (a timeout, before being marked
    away) to our return, the turns, the cards played (which: found play-testing, a stand-in's 7
    had swapped the whole hand, and the line said only "cards played: 3") and drawn for us, the
    hands that moved ours, and the hands won."""
    for lang, said in (
            ("en", "While you were away — turns played for you: 3; cards played: Red 7; cards drawn: 4 · "
                   "your hand was swapped with Luis's · Luis won hand 1 (+40) · Luis won the match!"),
            ("es", "Mientras no estabas — turnos jugados en tu lugar: 3; cartas jugadas: 7 rojo; "
                   "cartas robadas: 4 · "
                   "tu mano se cambió por la de Luis · Luis ganó la mano 1 (+40) · ¡Luis ganó la partida!")):
        model = seated(make_view(current="2"), lang=lang)
        try:
            stand_in_turn(model, ev.Drew(ME, 1, None, "draw"), ev.Passed(ME), reason="timeout")
            model.apply(away_room())
            stand_in_turn(model, ev.CardPlayed(ME, Card.parse("R7"), Color.RED),
                          ev.HandsExchanged(ME, "2", ((ME, 5, None), ("2", 3, None))),
                          then=(ev.CardPlayed("2", Card.parse("R+2"), Color.RED),
                                ev.Drew(ME, 2, None, "draw_two")))
            stand_in_turn(model, ev.Drew(ME, 1, None, "draw"), ev.Passed(ME),
                          then=(ev.CardPlayed("2", Card.parse("R1"), Color.RED),
                                ev.HandEnded("2", 40, (0, 540, 0, 0)), ev.MatchEnded("2", (0, 540, 0, 0))))
            model.apply(away_room(away=False))
            assert model.transcript.log[-2:] == [t("ev_you_came_back"), said]
            # Told once; our own move ends the count, and a later spell away starts afresh.
            mine = ev.CardPlayed(ME, Card.parse("R5"), Color.RED)
            model.apply(Events(events=(codec.event_to_wire(mine),), view=codec.view_to_wire(make_view())))
            model.apply(away_room())
            model.apply(away_room(away=False))
            assert model.transcript.log[-1] == t("ev_you_came_back")
        finally:
            set_language("en")

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "While you were away — no turn of yours came · every hand, yours too, moved one seat along · "
           "Luis won hand 1 (+40)"),
    ("es", "Mientras no estabas — no te tocó jugar · todas las manos, la tuya también, pasaron un "
           "asiento · Luis ganó la mano 1 (+40)")])
def test_what_happened_after_we_stepped_away_before_a_turn_of_ours_is_told(lang: str, said: str) -> None:
    """Found play-testing: Lucía stepped away near a hand's end; its 0s and who won it were left
    out of her summary, which counted from the stand-in's first turn for her (the next hand's)."""
    model = away_model(lang)
    try:
        zero = ev.HandsExchanged("2", None, ((ME, 5, None), ("2", 3, None)))
        model.apply(Events(events=tuple(codec.event_to_wire(e) for e in (
            ev.CardPlayed("2", Card.parse("R0"), Color.RED), zero, ev.HandEnded("2", 40, (0, 40, 0, 0)))),
            view=codec.view_to_wire(make_view(current="2"))))
        model.apply(away_room(away=False))
        assert model.transcript.log[-1] == said, model.transcript.log[-1]
    finally:
        set_language("en")


def test_a_turn_played_at_a_timeout_before_we_stepped_away_is_not_in_the_summary() -> None:
    """Found play-testing: Ana's turn ran out (the stand-in played Green 4), then she pressed the
    away key; back, her summary listed Green 4 among the cards played while she was away."""
    model = seated(make_view(current="2"))
    stand_in_turn(model, ev.CardPlayed(ME, Card.parse("G4"), Color.GREEN), reason="timeout")
    assert press(model, "z") == [Away()]
    model.apply(away_room())
    stand_in_turn(model, ev.CardPlayed(ME, Card.parse("R5"), Color.RED))
    model.apply(away_room(away=False))
    assert model.transcript.log[-1] == "While you were away — turns played for you: 1; cards played: Red 5"


def test_back_at_a_matchs_end_the_summary_is_on_the_notice_line() -> None:
    """Found play-testing: Lucía, away for the last hand, came back on the end board, which hides
    the log: the summary showed only once the rematch began, its top cut."""
    model = away_model()
    stand_in_turn(model, ev.CardPlayed(ME, Card.parse("R1"), Color.RED),
                  then=(ev.HandEnded(ME, 40, (0, 0, 0, 540)), ev.MatchEnded(ME, (0, 0, 0, 540))))
    over = make_view(current="2", hand_result=HandResult(ME, 40), outcome=MatchOutcome(ME, (0, 0, 0, 540)))
    model.apply(ViewMsg(view=codec.view_to_wire(over), deadline=None))
    model.apply(away_room(away=False))
    assert model.prompts.notice.startswith("While you were away — turns played for you: 1")
    assert model.prompts.notice == model.transcript.log[-1]
    assert "While you were away" in render_text(model, columns=120)  # (on the end board's screen)


@pytest.mark.parametrize(("lang", "said"), [("en", "you won hand 1 (+40) · you won the match!"),
                                            ("es", "ganaste la mano 1 (+40) · ¡ganaste la partida!")])
def test_a_match_the_stand_in_won_for_us_is_said_as_the_hand_is(lang: str, said: str) -> None:
    """Two texts had one key (``ev_match_end_you``): the log's "You won the match!" won, and the
    summary read "you won hand 1 (+40) · You won the match!"."""
    model = seated(make_view(current="2"), lang=lang)
    try:
        model.apply(away_room())
        stand_in_turn(model, ev.CardPlayed(ME, Card.parse("R1"), Color.RED),
                      then=(ev.HandEnded(ME, 40, (0, 0, 0, 540)), ev.MatchEnded(ME, (0, 0, 0, 540))))
        model.apply(away_room(away=False))
        assert model.transcript.log[-1].endswith(said), model.transcript.log[-1]
    finally:
        set_language("en")



def test_a_summary_told_is_not_told_again_when_the_same_client_reconnects() -> None:
    """Found checking the fix: the history a reconnect brings holds the stand-in's turns again;
    a client that saw them as they came (and said them on coming back) says nothing more."""
    model = seated(make_view(current="2"))
    model.apply(away_room())
    stand_in_turn(model, ev.Drew(ME, 1, None, "draw"), ev.Passed(ME))
    model.apply(away_room(away=False))
    assert model.transcript.log[-1].startswith("While you were away")
    past = tuple(codec.event_to_wire(e) for e in (ev.StandIn(ME, "away"), ev.Drew(ME, 1, None, "draw"),
                                                  ev.Passed(ME), ev.TurnStarted("2")))
    model.apply(History(events=(past,), chat=()))
    assert not [line for line in model.transcript.log if line.startswith("While you were away")]


def test_a_client_started_again_does_not_tell_the_summary_the_one_before_told() -> None:
    """Found play-testing (twice): Frank came back and read "While you were away — turns played
    for you: 4…"; on his own turn his client was killed and started again, and it told him "turns
    played for you: 1, cards played: Y7" of the same spell away, nothing having been played since.
    The mark of what the first client had seen when it told the summary (kept on disk by the
    connection) tells the second where the news ends; turns played after it are still told."""
    first = seated(make_view(current="2"))
    first.apply(away_room())
    stand_in_turn(first, ev.CardPlayed(ME, Card.parse("Y7"), Color.YELLOW))
    first.apply(away_room(away=False))
    assert first.transcript.log[-1].startswith("While you were away") and first.away_news.told
    others = (ev.CardPlayed("2", Card.parse("Y6"), Color.YELLOW), ev.TurnStarted(ME))
    first.apply(Events(events=tuple(map(codec.event_to_wire, others)), view=codec.view_to_wire(make_view())))
    stood_in = (ev.StandIn(ME, "away"), ev.CardPlayed(ME, Card.parse("Y7"), Color.YELLOW),
                ev.TurnStarted("2"))
    past = [tuple(map(codec.event_to_wire, batch)) for batch in (stood_in, others)]

    def started_again(told: str, history: list[tuple[dict[str, object], ...]]) -> Model:
        again = seated(make_view())
        again.away_news.told = told  # (as the connection gives it, from the client before)
        again.apply(History(events=tuple(history), chat=()))
        return again

    assert not any(line.startswith("While you were away")
                   for line in started_again(first.away_news.told, past).transcript.log)
    # a turn the stand-in played after the summary was told (the link down, say) is told
    later = (ev.StandIn(ME, "timeout"), ev.CardPlayed(ME, Card.parse("Y2"), Color.YELLOW),
             ev.TurnStarted("2"))
    again = started_again(first.away_news.told, [*past, tuple(map(codec.event_to_wire, later))])
    assert again.transcript.log[-1].startswith("While you were away — turns played for you: 1; cards "
                                               "played: Yellow 2"), again.transcript.log
    # and a client started again with nothing kept tells what the past holds, as before
    assert started_again("", past).transcript.log[-1].startswith("While you were away")


def test_the_mark_of_the_summary_told_outlives_leaving_the_room() -> None:
    """Found play-testing: Ana's ``uno host`` killed and started again opens a new table, and r
    leaves it for the kept match: the mark of the summary her client before told (read at the
    welcome) went with the room left, and the summary was told again."""
    model = seated(make_view(current="2"))
    model.away_news.told = "123.0123456789abcdef"
    model.apply(Left(reason=LeftReason.LEFT))
    assert model.away_news.told == "123.0123456789abcdef" and not model.away_news.live


def test_the_mark_of_the_summary_told_is_kept_per_server(tmp_path: Path) -> None:
    from client.tokens import TokenStore

    store = TokenStore(tmp_path)
    assert store.load_told("abc") == ""
    store.save_told("abc", "123.0123456789abcdef")
    assert TokenStore(tmp_path).load_told("abc") == "123.0123456789abcdef"
    assert store.load_told("other") == "" and store.load_told("") == ""


def test_turns_played_for_us_while_the_link_was_down_are_in_the_summary() -> None:
    """Found play-testing on a flaky link: away, then disconnected for a minute, Luis was told of
    the stand-in's turns he saw, not of the one played while his link was down (it came in the
    history his reconnect brought, which a client that had seen events live ignored)."""
    model = seated(make_view(current="2"))
    model.apply(away_room())
    seen = (ev.StandIn(ME, "away"), ev.Drew(ME, 4, None, "draw_two"), ev.Skipped(ME), ev.TurnStarted("2"))
    model.apply(Events(events=tuple(map(codec.event_to_wire, seen)),
                       view=codec.view_to_wire(make_view(current="2"))))
    model.connection_lost("timeout", 0.1)
    missed = (ev.StandIn(ME, "timeout"), ev.CardPlayed(ME, Card.parse("Y9"), Color.YELLOW),
              ev.TurnStarted("2"))
    others = (ev.CardPlayed("2", Card.parse("Y6"), Color.YELLOW), ev.TurnStarted("3"))
    past = tuple(tuple(map(codec.event_to_wire, batch)) for batch in (others, seen, missed, others))
    model.apply(History(events=past, chat=()))
    model.apply(away_room(away=False))
    said = model.transcript.log[-1]
    assert said.startswith("While you were away — turns played for you: 2; cards played: Yellow 9; "
                           "cards drawn: 4"), said


def test_back_from_a_dropped_link_we_are_told_what_the_stand_in_did_meanwhile() -> None:
    """Found play-testing: Zoe's client was frozen for 31 s (Luis's link hung for 15); the
    stand-in played their turn, even won Zoe a hand, and on coming back neither was told a
    word: the summary came only to a client started again, or back from being marked away."""
    model = seated(make_view(current="2"))
    others = (ev.CardPlayed("2", Card.parse("Y6"), Color.YELLOW), ev.TurnStarted("3"))
    model.apply(Events(events=tuple(map(codec.event_to_wire, others)),
                       view=codec.view_to_wire(make_view(current="2"))))
    model.connection_lost("timeout", 0.1)
    missed = (ev.StandIn(ME, "timeout"), ev.CardPlayed(ME, Card.parse("Y9"), Color.YELLOW),
              ev.TurnStarted("2"))
    then = (ev.CardPlayed("2", Card.parse("Y2"), Color.YELLOW), ev.TurnStarted("3"))
    past = tuple(tuple(map(codec.event_to_wire, batch)) for batch in (others, missed, then))
    model.apply(History(events=past, chat=()))
    said = model.transcript.log[-1]
    assert said.startswith("While you were away — turns played for you: 1; cards played: Yellow 9"), said


@pytest.mark.parametrize(("lang", "won"), [("en", "you won hand 1 (+40)"), ("es", "ganaste la mano 1 (+40)")])
def test_a_hand_the_stand_in_won_for_us_is_ours_in_the_summary(lang: str, won: str) -> None:
    """Found play-testing: Gil's own summary said "Gil won hand 1"."""
    model = seated(make_view(current="2"), lang=lang)
    try:
        model.apply(away_room())
        stand_in_turn(model, ev.CardPlayed(ME, Card.parse("R7"), Color.RED),
                      ev.HandEnded(ME, 40, (0, 0, 0, 40)))
        model.apply(away_room(away=False))
        assert model.transcript.log[-1].endswith(" · " + won), model.transcript.log[-1]
    finally:
        set_language("en")


def test_a_client_started_again_mid_hand_says_whose_hands_were_won_not_a_match() -> None:
    """Found play-testing: a client started again was told "Max won the match!" of a match still
    on. The past it is told may begin mid-hand, whose number it does not know (its hand 0 was the
    match's mark)."""
    model = seated(room=room_info())
    model.apply(away_room())
    turn = (ev.StandIn(ME, "away"), ev.Drew(ME, 1, None, "draw"), ev.Passed(ME), ev.TurnStarted("2"))
    ended = (ev.CardPlayed("2", Card.parse("R1"), Color.RED), ev.HandEnded("2", 40, (0, 40, 0, 0)),
             ev.HandStarted(2, "2", 1), ev.TurnStarted("3"))
    past = tuple(tuple(map(codec.event_to_wire, batch)) for batch in (turn, ended, turn))
    model.apply(History(events=past, chat=()))
    model.apply(away_room(away=False))
    said = model.transcript.log[-1]
    assert said.endswith("turns played for you: 2; cards drawn: 2 · Luis won a hand (+40)"), said


def test_the_away_key_steps_away_at_once_and_any_key_then_comes_back() -> None:
    """Found play-testing: there was no away key; "back in a minute" cost the table three turns
    run out (a minute and a half at the default clock)."""
    for lang, key, notice in (("en", "z", "Stepping away: your turns will be played for you"),
                              ("es", "f", "Te ausentas: se jugarán tus turnos")):
        model = seated(make_view(current="2"), lang=lang)
        try:
            assert press(model, key) == [Away()]
            assert notice in render_text(model)
            model.apply(away_room())
            text = render_text(model)  # the banner says it now, not the notice too (found
            assert notice not in text and t("away_banner") in text  # play-testing)
            assert press(model, key) == [Back()]  # away, the same key only brings us back
        finally:
            set_language("en")


def test_a_spanish_blue_typed_after_the_colour_question_closed_does_not_step_away() -> None:
    """Found play-testing: the English away key z worked in Spanish too, where z names blue; a
    Spanish player who typed z (azul) just after the colour question closed on a timeout was
    marked away."""
    model = seated(make_view(current="2"), lang="es")
    try:
        assert Away() not in press(model, "z")
        assert press(model, "f") == [Away()]
    finally:
        set_language("en")


def test_the_away_key_does_nothing_before_the_match() -> None:
    model = seated(make_view(current="2"), room=room_info(started=False))
    assert Away() not in press(model, "z")


def test_away_again_later_sends_back_again() -> None:
    model = away_model()
    press(model, "o")
    model.apply(away_room(away=False))
    model.apply(away_room())
    assert press(model, "o").count(Back()) == 1


def test_not_away_keys_send_no_back() -> None:
    model = seated(make_view(current="2"))
    assert not model.seating.away
    assert Back() not in press(model, "x", "d")


def test_the_key_that_brings_us_back_does_nothing_else() -> None:
    """Found play-testing: away at a match's end, m (pressed to come back) also said yes to the
    rematch, which began at once with the host still away; away in a hand, an arrow came back
    and moved the cursor too. The banner says "Press any key to come back": that is all it
    does, and the next key acts."""
    over = {"outcome": MatchOutcome("2", (0, 510, 0, 20)), "hand_result": HandResult("2", 30)}
    model = seated(make_view(**over), room=room_info(started=False))
    room = room_info(started=False)
    away = tuple(dataclasses.replace(s, away=s.seat == ME) for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=away)))
    model.outbox.clear()
    assert press(model, "m") == [Back()]
    model.apply(RoomUpdate(room=room))
    assert press(model, "m") == [Rematch(order="keep", accept=True)]
    model = seated(make_view(current="2", hand="R1 R2 R3"))
    model.apply(away_room())
    model.outbox.clear()
    before = model.table.selected_card
    assert press(model, RIGHT) == [Back()] and model.table.selected_card == before
    assert press(model, RIGHT) == [] and model.table.selected_card != before
    assert press(model, "\x03") == [] and model.quit  # (Ctrl-C quits whatever)


def test_back_on_your_turn_and_then_the_key_plays() -> None:
    """The server gives the turn back (``room``, then a ``view`` with a fresh deadline): the
    next key plays as usual."""
    model = seated(make_view(legal=[*plays("R7"), Draw(ME)]))
    model.apply(away_room())
    model.outbox.clear()
    assert press(model, "o") == [Back()]
    model.apply(away_room(away=False))
    model.apply(ViewMsg(view=codec.view_to_wire(make_view(legal=[*plays("R7"), Draw(ME)])),
                        deadline=30.0))
    assert press(model, "1", ENTER) == [Act(kind="play", card="R7")]


def test_the_stand_in_is_narrated_in_both_languages() -> None:
    for lang, timeout, away, own_away in (
            ("en", "Time's up: a bot drew a card",
             "Luis (away): a bot played Red 7",
             "Away: a bot played Red 7"),
            ("es", "Se acabó tu tiempo: un bot robó una carta",
             "Luis (ausente): un bot jugó 7 rojo",
             "Ausente: un bot jugó 7 rojo")):
        model = seated(make_view(), lang=lang)
        try:
            # Our own seat's stand-in reads in the second person (it read "Time's up for Ana:
            # the turn was played for them" in Ana's own log); another seat's in the third.
            wire = (codec.event_to_wire(ev.StandIn(ME, "timeout")),
                    codec.event_to_wire(ev.Drew(ME, 1, None, "draw")))
            model.apply(Events(events=wire, view=codec.view_to_wire(make_view())))
            assert model.transcript.log[-1] == timeout
            wire = (codec.event_to_wire(ev.StandIn("2", "away")),
                    codec.event_to_wire(ev.CardPlayed("2", Card.parse("R7"), Color.RED)))
            model.apply(Events(events=wire, view=codec.view_to_wire(make_view())))
            assert model.transcript.log[-1] == away
            wire = (codec.event_to_wire(ev.StandIn(ME, "away")),
                    codec.event_to_wire(ev.CardPlayed(ME, Card.parse("R7"), Color.RED)))
            model.apply(Events(events=wire, view=codec.view_to_wire(make_view())))
            assert model.transcript.log[-1] == own_away  # (still away: not "You were away")
        finally:
            set_language("en")


def test_a_history_becomes_the_log_and_the_chat() -> None:
    model = seated()
    model.transcript.log.append("an old line")
    batches = (
        (codec.event_to_wire(ev.HandStarted(3, "1", 1)),
         codec.event_to_wire(ev.StartingCard(Card.parse("G2")))),
        (codec.event_to_wire(ev.CardPlayed("2", Card.parse("G7"), Color.GREEN)),
         codec.event_to_wire(ev.TurnStarted(ME))),
        ({"type": "no_such_event"},),  # an event it cannot read is left out
    )
    model.apply(History(events=batches, chat=(ChatLine(source="Luis", text="hola"),)))
    assert model.transcript.log == ["Hand 3 — Bot 1 dealt", "First card: Green 2", "Luis played Green 7"]
    assert model.transcript.chat == [("Luis", "hola")]
    # The view that follows does not log the deal again.
    model.apply(ViewMsg(view=codec.view_to_wire(make_view(hand_number=3))))
    assert model.transcript.log[-1] == "Luis played Green 7"


def test_coming_back_the_log_still_says_who_is_away_or_offline() -> None:
    """Found play-testing: "Luis was marked away" came from a room update, not from the events,
    so the history that replaced the log on coming back lost it; a late arrival never read why a
    bot played Luis's turns."""
    model = seated(make_view())
    room = room_info()
    seats = tuple(dataclasses.replace(s, away=s.seat == "2", connected=s.seat != "2") for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=seats)))
    past = ((codec.event_to_wire(ev.HandStarted(3, "1", 1)),),)
    model.apply(History(events=past, chat=()))
    # (said as what was so before the past told began: "was marked away" read as news to one
    # arriving long after, found play-testing)
    assert model.transcript.log[-2:] == ["Luis was already away: a bot plays their turns",
                                         "Luis lost the connection"]


def test_the_others_read_who_went_away_and_who_came_back() -> None:
    model = seated(make_view())
    room = room_info()
    luis_away = tuple(dataclasses.replace(s, away=s.seat == "2") for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=luis_away)))
    assert model.transcript.log[-1] == "Luis went away: a bot plays their turns"
    model.apply(RoomUpdate(room=room))
    assert model.transcript.log[-1] == "Luis came back"
    assert not model.seating.away  # and Ana herself is not


@pytest.mark.parametrize(("lang", "said"), [("en", "Luis is still offline: a bot plays their turns"),
                                            ("es", "Luis sigue sin conexión: un bot juega sus turnos")])
def test_one_whose_link_is_down_is_not_said_to_have_gone_away(lang: str, said: str) -> None:
    """Found play-testing on a flaky link: Tomás, out of his Wi-Fi's range, read to Lena "Tomás se
    ausentó: un bot juega sus turnos", as if he had stepped away."""
    model = seated(make_view(), lang=lang)
    try:
        room = room_info()
        offline = tuple(dataclasses.replace(s, connected=s.seat != "2") for s in room.seats)
        model.apply(RoomUpdate(room=dataclasses.replace(room, seats=offline)))
        away = tuple(dataclasses.replace(s, away=s.seat == "2") for s in offline)
        model.apply(RoomUpdate(room=dataclasses.replace(room, seats=away)))
        assert model.transcript.log[-1] == said
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "away"), [("en", "Luis was already away: a bot plays their turns"),
                                            ("es", "Luis ya estaba ausente: un bot juega sus turnos")])
def test_a_newcomer_is_told_who_is_away_and_then_that_they_came_back(lang: str, away: str) -> None:
    """Found play-testing: Zoe sat down between two matches at a table where Luis was still
    marked away from the one before; her waiting room said nothing of it (she was told none of
    that match), the new match's turns read "Luis was away: a bot played the turn", and his
    coming back went unsaid (or read "Luis came back" of a going she never saw). Joining, she
    is told who is away; his coming back is then news, and so are his next going and return."""
    room = room_info(started=False)
    seats = tuple(dataclasses.replace(s, away=s.seat == "2") for s in room.seats)
    model = seated(room=dataclasses.replace(room, seats=seats), lang=lang)
    try:
        back, gone = t("ev_back", name="Luis"), t("ev_went_away", name="Luis")
        assert model.transcript.log == [away]
        waiting = "\n".join(screen_lines(model))
        assert away in waiting and f"2. Luis  ({t('flag_away')})" in waiting, waiting
        model.apply(RoomUpdate(room=room))
        assert model.transcript.log[-1] == back
        model.apply(RoomUpdate(room=dataclasses.replace(room, seats=seats)))
        model.apply(RoomUpdate(room=room))
        assert model.transcript.log[-2:] == [gone, back]
    finally:
        set_language("en")


def test_a_late_arrival_told_who_is_away_reads_that_they_came_back() -> None:
    """Joining a match on, the past told says Luis is away (the room's record, not its events):
    his coming back is then news."""
    room = room_info()
    seats = tuple(dataclasses.replace(s, away=s.seat == "2") for s in room.seats)
    model = seated(room=dataclasses.replace(room, seats=seats))
    model.apply(History(events=((codec.event_to_wire(ev.HandStarted(3, "1", 1)),),), chat=()))
    model.apply(RoomUpdate(room=room))
    assert model.transcript.log[-2:] == ["Luis was already away: a bot plays their turns", "Luis came back"]


def test_the_summary_names_the_cards_played_for_us_and_a_0_that_moved_every_hand() -> None:
    news = AwayNews()
    batch: list[ev.Event] = [ev.StandIn(ME, "away")]
    batch += [ev.CardPlayed(ME, Card.parse(f"R{n}"), Color.RED) for n in range(10)]
    batch.append(ev.HandsExchanged("2", None, ((ME, 5, None), ("2", 3, None))))
    news.observe(batch, ME, str)
    assert news.line() == ("While you were away — turns played for you: 1; cards played: "
                              "Red 0, Red 1, Red 2, Red 3, Red 4, Red 5, Red 6, Red 7 (+2 more) · "
                              "every hand, yours too, moved one seat along")
    nine = [ev.StandIn(ME, "away"), *[ev.CardPlayed(ME, Card.parse(f"R{n}"), Color.RED) for n in range(9)]]
    news.observe(nine, ME, str)  # (one more than are shown is named: found play-testing, "(+1 more)")
    assert news.line() == ("While you were away — turns played for you: 1; cards played: "
                           "Red 0, Red 1, Red 2, Red 3, Red 4, Red 5, Red 6, Red 7, Red 8")
    zeros = [ev.StandIn(ME, "away"), *[ev.HandsExchanged("2", None, ((ME, 5, None),))] * 2]
    news.observe(zeros, ME, str)
    assert news.line() == ("While you were away — turns played for you: 1 · "
                              "every hand, yours too, moved one seat along, 2 times")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Bot 1 won hand 1 (+152) · Bot 1 won the match! · then a new match began · "
           "Ana won hand 1 (+20)"),
    ("es", "Bot 1 ganó la mano 1 (+152) · ¡Bot 1 ganó la partida! · luego empezó otra partida · "
           "Ana ganó la mano 1 (+20)"),
])
def test_the_summary_says_a_new_match_began(lang: str, said: str) -> None:
    """Found play-testing: away across two matches, Luis read "Bot 1 won hand 1 · Bot 1 won
    the match!" in hand 1 of the next: of which match was that hand 1?"""
    set_language(lang)
    try:
        news = AwayNews()
        names = {"2": "Bot 1", "3": "Ana"}
        news.observe([ev.HandStarted(1, "1", 1), ev.StandIn(ME, "away"), ev.Passed(ME),
                      ev.HandEnded("2", 152, (152, 0, 0, 0)), ev.MatchEnded("2", (152, 0, 0, 0))], ME,
                     names.__getitem__)
        news.observe([ev.HandStarted(1, "2", 1), ev.StandIn(ME, "away"), ev.Passed(ME),
                      ev.HandEnded("3", 20, (0, 20, 0, 0))], ME, names.__getitem__)
        assert (news.line() or "").endswith(said)
    finally:
        set_language("en")


def test_the_same_swap_again_and_again_is_summed_up_once() -> None:
    """Found play-testing: "your hand was swapped with Ana's · your hand was swapped with
    Ana's · your hand was swapped with Ana's · your hand was swapped with Ana's"."""
    model = seated(make_view(current="2"))
    model.apply(away_room())
    swap = ev.HandsExchanged("2", ME, (("2", 5, None), (ME, 3, None)))
    for _ in range(4):
        stand_in_turn(model, ev.Drew(ME, 1, None, "draw"), ev.Passed(ME), then=(swap,))
    model.apply(away_room(away=False))
    said = model.transcript.log[-1]
    assert said.count("swapped") == 1 and "your hand was swapped with Luis's, 4 times" in said, said


@pytest.mark.parametrize(("lang", "dealt"), [("en", "Hand 3 — Luis dealt"), ("es", "Mano 3 — repartió Luis")])
def test_a_past_that_begins_mid_hand_has_the_deal_above_it_not_under_it(lang: str, dealt: str) -> None:
    """Found play-testing: Ana joined a long hand whose deal was older than the history's
    batches; the view's "Hand 1 — Bot 2 dealt" came under the moves she was told, as if a new
    hand had just been dealt (the others' logs had no such line there)."""
    model = seated(lang=lang)
    try:
        batches = ((codec.event_to_wire(ev.CardPlayed("2", Card.parse("G7"), Color.GREEN)),),
                   (codec.event_to_wire(ev.CardPlayed(ME, Card.parse("G8"), Color.GREEN)),))
        model.apply(History(events=batches, chat=()))
        told = list(model.transcript.log)
        logged = model.transcript.logged
        model.apply(ViewMsg(view=codec.view_to_wire(make_view(hand_number=3, discard_pile=9))))
        assert model.transcript.log == [dealt, *told]
        assert model.transcript.logged == logged  # (plain mode does not say the last line again)
        # the next views, and the next hand, are logged as ever
        model.apply(ViewMsg(view=codec.view_to_wire(make_view(hand_number=3, discard_pile=9))))
        assert model.transcript.log == [dealt, *told]
        model.apply(ViewMsg(view=codec.view_to_wire(make_view(hand_number=4, discard_pile=9))))
        assert model.transcript.log[-1] == t("ev_hand", n=4, name="Luis")
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "cards"), [
    ("en", "cards played: Red 7, Yellow Skip, Wild"),
    ("es", "cartas jugadas: 7 rojo, Salta turno amarillo, Comodín")])
def test_the_summary_names_the_cards_in_both_languages(lang: str, cards: str) -> None:
    """Found play-testing: plain mode's summary read "cards played: YS G6 Y8 G5", where its every
    other line names the cards; and the full screen's "cards played: W" (twice)."""
    set_language(lang)
    try:
        news = AwayNews()
        news.observe([ev.StandIn(ME, "away"), ev.CardPlayed(ME, Card.parse("R7"), Color.RED),
                     ev.StandIn(ME, "away"), ev.CardPlayed(ME, Card.parse("YS"), Color.YELLOW),
                     ev.StandIn(ME, "away"), ev.CardPlayed(ME, Card.parse("W"), Color.BLUE)], ME, str)
        line = news.line(ME)
        assert line is not None and cards in line, line
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Everyone is away: the next hand is dealt when someone comes back."),
    ("es", "Todos están ausentes: la siguiente mano se reparte cuando alguien vuelva.")])
def test_when_everyone_is_away_the_end_of_a_hand_says_the_next_waits(lang: str, said: str) -> None:
    """The server deals no hand while every person is away: the board says so, rather than that
    the next starts in a moment, on the full screen and in plain mode."""
    from client.plainview import PlainView
    from engine.view import HandResult

    set_language(lang)
    try:
        model = seated(make_view(current="2", hand_result=HandResult("2", 30)), lang=lang)
        room = room_info()
        for away, waits in (({ME}, False), ({ME, "2"}, True)):
            seats = tuple(dataclasses.replace(s, away=s.seat in away) for s in room.seats)
            model.apply(RoomUpdate(room=dataclasses.replace(room, seats=seats)))
            assert (said in render_text(model)) is waits
            model.plain = True
            assert (said in " ".join(PlainView(model).changes())) is waits
            model.plain = False
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "took", "first"), [
    ("en", "Bot 3 jumped in with Green 7, taking Luis's turn", "Bot 3 jumped in with Green 7"),
    ("es", "Bot 3 cortó con 7 verde y le quitó el turno a Luis", "Bot 3 cortó con 7 verde")])
def test_the_past_told_on_joining_says_whose_turn_a_jump_in_took(lang: str, took: str,
                                                                   first: str) -> None:
    """The past told on joining said every jump-in took "the turn": it now knows whose turn it
    was from the batch before, and the seats' order from the deal, as the live log does. Bot 3
    jumps in on Luis's turn (it takes it), then on ours, which comes next after Bot 3 anyway."""
    model = seated(lang=lang)
    try:
        deal = (ev.HandStarted(1, "1", 1), *(ev.Dealt(s, 7, None) for s in ("1", "2", "3", ME)),
                ev.StartingCard(Card.parse("G2")), ev.TurnStarted("2"))
        jump = ev.CardPlayed("3", Card.parse("G7"), Color.GREEN, jump_in=True)
        batches = tuple(tuple(codec.event_to_wire(e) for e in batch)
                        for batch in (deal, (jump, ev.TurnStarted(ME)), (jump, ev.TurnStarted(ME))))
        model.apply(History(events=batches, chat=()))
        assert model.transcript.log[-2:] == [took, first]
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_taking_over_a_seat_its_person_left_tells_no_summary_of_their_turns(lang: str) -> None:
    """Found play-testing: Eva took the seat Dan had left to a bot, and read "While you were away
    — turns played for you: 16, … You won the match!": the bot's turns, and Dan's match. The past
    told counts for our seat only the batches in which it was ours (``history.names``); the log
    still tells them, in the third person."""
    model = seated(room=room_info(), lang=lang)
    try:
        bot = "Dan (bot)"
        turn = (ev.StandIn(ME, "away"), ev.CardPlayed(ME, Card.parse("R7"), Color.RED),
                ev.HandEnded(ME, 40, (0, 0, 0, 40)), ev.MatchEnded(ME, (0, 0, 0, 40)))
        ours = (ev.HandStarted(1, "2", 1), ev.TurnStarted("3"))
        past = tuple(tuple(map(codec.event_to_wire, batch)) for batch in (turn, ours))
        model.apply(History(events=past, chat=(), names=({ME: bot}, {ME: "Ana"})))
        log = " ".join(model.transcript.log)
        summary = t("away_news", turns=1, played="", drew=0).split("—")[0].strip()
        assert summary not in log, log
        assert "Dan (bot)" in log, log
    finally:
        set_language("en")


def test_what_the_bot_playing_for_another_does_to_us_still_says_you() -> None:
    from client.narrate import narrate

    names = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", ME: "Ana"}
    events = [ev.StandIn("2", "away"), ev.CardPlayed("2", Card.parse("B+2"), Color.BLUE),
              ev.Drew(ME, 2, None, "draw_two")]
    (line,) = narrate(events, names.__getitem__, ME)
    assert line == "Luis (away): a bot played Blue Draw Two — you drew 2", line


def test_a_0_the_bot_played_for_us_says_whose_hand_we_hold() -> None:
    """Found play-testing: a 0 of our own said "— you hold Bot 3's now", but one the stand-in
    played for us did not."""
    from client.narrate import narrate

    seats = ("1", "2", "3", ME)
    names = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", ME: "Ana"}
    zero = ev.HandsExchanged(ME, None, tuple((s, 5, None) for s in seats))
    (line,) = narrate([ev.StandIn(ME, "away"), ev.CardPlayed(ME, Card.parse("B0"), Color.BLUE), zero],
                      names.__getitem__, ME, ME, 1, seats=seats)
    assert line == ("Away: a bot played Blue 0 — every hand moved one seat "
                    "along, ↻ clockwise — you hold Bot 3's now"), line


def test_what_befalls_a_seat_the_bot_plays_is_said_of_its_person() -> None:
    """Found play-testing: "Luis was away: a bot played the turn — the bot played Green 0 — …
    you hold the bot's now", and "— the bot drew 4 — the bot lost the turn": the hand is
    Luis's, and the turn was his seat's."""
    from client.narrate import narrate

    seats = ("1", "3", "2", ME)  # (Luis before Ana: his hand comes to her)
    names = {"1": "Bot 1", "2": "Luis", "3": "Bot 3", ME: "Ana"}
    zero = ev.HandsExchanged("2", None, tuple((s, 5, None) for s in seats))
    (line,) = narrate([ev.StandIn("2", "away"), ev.CardPlayed("2", Card.parse("G0"), Color.GREEN), zero],
                      names.__getitem__, ME, "2", 1, seats=seats)
    assert line.endswith("you hold Luis's now"), line
    (line,) = narrate([ev.StandIn("2", "away"), ev.Drew("2", 4, None, "wild_draw_four"), ev.Skipped("2")],
                      names.__getitem__, ME)
    assert line == "Luis (away): a bot played the turn — Luis drew 4 and lost the turn", line
    (line,) = narrate([ev.StandIn("2", "away"), ev.Drew("2", 1, None, "draw"), ev.Passed("2")],
                      names.__getitem__, ME)  # (a draw of its own choosing: the bot's)
    assert line.startswith("Luis (away): a bot drew a card"), line


@pytest.mark.parametrize("lang", ["en", "es"])
def test_plain_mode_away_on_our_turn_leaves_it_to_the_bot_unsaid(lang: str) -> None:
    """Found play-testing: away, plain mode said "Your turn … You can play: 1 Red 7", and then
    the bot played it; and then "Your turn: a bot plays it while you are away" before each
    "Away: a bot played your turn — the bot played Red 6", the same twice a turn."""
    from client.plainview import PlainView

    model = seated(make_view(legal=plays("R7")), lang=lang)
    try:
        model.plain = True
        model.apply(away_room())
        said = " ".join(PlainView(model).changes())
        assert t("turn_you") not in said and t("plain_can_play", cards="").split(":")[0] not in said
        model.apply(away_room(away=False))
        assert t("turn_you") in " ".join(PlainView(model).changes())
    finally:
        set_language("en")


@pytest.mark.parametrize("plain", [False, True])
def test_away_a_wild_draw_four_played_on_us_asks_nothing(plain: bool) -> None:
    """Found play-testing: away, plain mode asked "Bot 1 played you a Wild Draw Four: s
    challenges, a accepts (draw 4)", and then said the bot's answer; the first key only brings
    us back. Back, the question is asked (if the bot has not answered yet)."""
    from client.enums import Prompt
    from client.plainview import PlainView
    from engine.actions import Accept, Challenge

    view = make_view("R7 Y3", top="W+4", challenge_from="3", pending_draw=4,
                     legal=[Challenge(ME), Accept(ME)])
    model = seated(view)
    model.plain = plain
    model.apply(away_room())
    question = t("prompt_challenge", name="Bot 3", n=4, yes="y", accept="n").split(":")[0]
    assert model.prompt is Prompt.NONE
    said = " ".join(PlainView(model).changes()) if plain else render_text(model)
    assert question not in said, said
    model.apply(away_room(away=False))
    assert model.prompt is Prompt.CHALLENGE


def test_the_past_told_on_coming_back_says_whose_turns_a_jump_in_took() -> None:
    """Found play-testing: back from a frozen link, Luis read "Bot 5 jumped in with Yellow 9,
    taking Ana's turn" where the live log had said "you, Tom and Luis miss a turn": the past told
    began mid-hand, with no deal nor Reverse to know the direction by. The table as the client
    sees it gives the seats' order and the direction (a Reverse told turns it back)."""
    from client.narrate import way_at_start

    model = seated(make_view(current="2", direction=1))
    view = model.table.view
    assert view is not None and view.seats == ("1", "2", "3", "4") and view.direction == 1
    jump = ev.CardPlayed("3", Card.parse("G9"), Color.GREEN, jump_in=True)
    past = tuple(tuple(map(codec.event_to_wire, batch))
                 for batch in ((ev.TurnStarted("1"),), (jump, ev.TurnStarted("4"))))
    model.apply(History(events=past, chat=()))
    assert "Bot 3 jumped in with Green 9: Bot 1 and Luis miss a turn" in model.transcript.log
    reverse = (ev.DirectionChanged(-1),)
    assert way_at_start([(ev.TurnStarted("1"),), reverse], 1) == 1  # (-1 after it: 1 before)
    assert way_at_start([(ev.TurnStarted("1"),)], -1) == -1
    assert way_at_start([(ev.HandStarted(2, "1", 1),), reverse], 1) is None  # (another hand's)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_back_after_a_drop_to_a_seat_marked_away_is_not_welcomed_under_the_banner(lang: str) -> None:
    """Found play-testing (a flaky evening): back after a drop to a seat the server had marked
    away, "Welcome back: you are in your seat again" showed under "You are away. Press any key
    to come back.": the room update's path cleared it, the join's did not. The banner says how
    things stand; the key that brings the player back says welcome."""
    model = seated(make_view(current="2"), lang=lang)
    try:
        model.connection_lost("eof", 0.1)
        model.apply(Welcome(server="Casa", version="0", protocol=1, token="s.secret", name="Ana",
                            resumed=True))
        model.apply(Joined(room=away_room().room, role="player", seat=ME))
        assert model.seating.away
        text = render_text(model)
        assert t("away_banner") in text
        assert t("status_resumed") not in text
        sent = press(model, "x")
        assert sent.count(Back()) == 1 and t("away_back_sent") in render_text(model)
    finally:
        set_language("en")


def test_the_summary_names_who_won_as_they_were_then() -> None:
    """Found play-testing: Carla won hands 1 and 2 while Ana was away, then left her seat to a
    bot; Ana's summary read "Carla (bot) won hand 1 (+77) · Carla (bot) won hand 2 (+109)"."""
    model = seated(make_view(current="2"))
    model.apply(away_room())
    stand_in_turn(model, ev.Drew(ME, 1, None, "draw"), ev.Passed(ME),
                  then=(ev.CardPlayed("2", Card.parse("R1"), Color.RED),
                        ev.HandEnded("2", 40, (0, 40, 0, 0))))
    room = away_room().room
    left = tuple(dataclasses.replace(s, name="Luis (bot)", kind="bot") if s.seat == "2" else s
                 for s in room.seats)
    model.apply(RoomUpdate(room=dataclasses.replace(room, seats=left)))
    model.apply(RoomUpdate(room=dataclasses.replace(away_room(away=False).room, seats=tuple(
        dataclasses.replace(s, away=False) for s in left))))
    said = model.transcript.log[-1]
    assert "Luis won hand 1 (+40)" in said and "Luis (bot) won" not in said, said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_one_away_when_the_host_closed_the_table_quits_with_q(lang: str) -> None:
    """Found re-checking: Diego, away, read "The host closed the table. Press q to quit." and
    q did nothing, nor any key: each was taken for coming back to a table that was gone."""
    model = away_model(lang)
    try:
        model.back_sent = False
        model.connection_failed("table_closed")
        press(model, "q")
        assert model.quit
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "line"), [("en", "Bot 3 jumped in with Green 9, taking your turn"),
                                            ("es", "Bot 3 cortó con 9 verde y te quitó el turno")])
def test_the_hands_end_says_whose_turn_the_winning_jump_in_took(lang: str, line: str) -> None:
    """Found play-testing (helper 147): the log said "Pablo jumped in with Red 1, taking your
    turn", the end-of-hand box under it "…, taking the turn" (and to Pablo "Cortaste con 1 rojo y
    jugaste ese turno" where his log named Marta's): the box's line is told as the log's is."""
    model = seated(make_view(current=ME), lang=lang)
    try:
        jump = ev.CardPlayed("3", Card.parse("G9"), Color.GREEN, jump_in=True)
        batch = (jump, ev.HandEnded("3", 40, (0, 0, 40, 0)))
        model.apply(Events(events=tuple(map(codec.event_to_wire, batch)),
                           view=codec.view_to_wire(make_view(current=ME))))
        assert line in model.transcript.log
        assert model.transcript.winning_play == line
    finally:
        set_language("en")
