"""The hint's words where play-testers found them wrong or baffling: a card's question answered
as the turn's hint played that card, the better figure first, a colour note that names its
colour, no colour notes for a seat, a jump-in that is never "the only move", the last card."""

from __future__ import annotations

import random

import pytest
from clientkit import ENTER, ME, make_view, plays, press, seated

from client.enums import Prompt
from client.i18n import set_language, t
from engine.actions import CallUno, Catch, Draw, JumpIn, PlayCard
from engine.bots import Hint, hint
from engine.bots.hintnotes import Note
from engine.cards import Card, Color


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    set_language("en")


def test_a_wilds_colour_question_says_the_colour_the_turns_hint_named() -> None:
    """Found play-testing: "play Wild naming green — wins 19%…", then at the colour question a
    search asked again said "name blue"."""
    view = make_view("R7 W", top="G5", legal=[*plays("W"), Draw(ME)])
    model = seated(view)
    green = next(a for a in view.legal if isinstance(a, PlayCard) and a.color is Color.GREEN)
    model.hints.asked = view
    assert model.hints.answered(view, Hint(green, "search", win_rate=0.19, samples=440,
                                           runner_up=Draw(ME), runner_up_rate=0.16), view)
    press(model, "2", ENTER)
    assert model.prompt is Prompt.COLOR
    press(model, "?")
    assert model.hints.take_request() is None  # (no new search)
    said = model.hints.text(model.seating.name_of, model.table.pending_card)
    assert said == "Hint: name green — wins 19% of 440 simulated hands", said


def test_a_sevens_seat_question_follows_the_runner_up_it_did_better_and_has_no_colour_notes() -> None:
    seven = Card.parse("R7")
    legal = [PlayCard(ME, seven, None, target) for target in ("1", "2", "3")]
    view = make_view("R7 Y3", top="R5", legal=[*legal, *plays("Y3")])
    model = seated(view)
    model.hints.asked = view
    close = Hint(PlayCard(ME, Card.parse("Y3")), "search", win_rate=0.16, samples=262,
                 runner_up=legal[2], runner_up_rate=0.21)
    assert model.hints.answered(view, close, view)
    press(model, "1", ENTER)
    assert model.prompt is Prompt.SEAT
    press(model, "?")
    said = model.hints.text(model.seating.name_of, model.table.pending_card)
    assert said == "Hint: swap with Bot 3 — wins 21% of 262 simulated hands", said
    # A seat's hint of its own search names no colour (found play-testing: "Why: Bot 2 seems to
    # have no green" of whom to swap with)
    model.hints.asked = view
    noted = Hint(legal[0], "search", win_rate=0.28, samples=224, runner_up=legal[1], runner_up_rate=0.19,
                 notes=(Note("swap", ("1",), count=5), Note("lacks", ("2",), Color.GREEN)))
    assert model.hints.answered(view, noted, view)
    said = model.hints.text(model.seating.name_of, model.table.pending_card)
    assert "swap with Bot 1" in said and "green" not in said, said
    # ... but says the hand it takes (found play-testing: a 7's hint said no why)
    assert said.endswith("Why: you take Bot 1's 5 cards."), said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Hint: play Wild Draw Four naming blue, or play Wild Draw Four naming yellow — 22% and 18% of "
           "120 simulated hands won, too close to call: either will do"),
    ("es", "Pista: juega Comodín +4 y elige azul, o juega Comodín +4 y elige amarillo — ganan el 22% y el "
           "18% de 120 manos simuladas: tan igualadas que cualquiera vale")])
def test_too_close_to_call_says_the_better_first_and_no_note_of_the_second(lang: str, said: str) -> None:
    """Found play-testing: "play … yellow or play … blue — 18% and 22% …. Why: you hold 3 cards of
    that colour" read as the worse move advised, and the note as about blue (none held); with its
    colour named, "blue or yellow … Why: you hold 3 yellow cards" still read as blue's reason: the
    notes, of the move named second, are left out."""
    view = make_view("Y3 Y5 Y5 W+4", top="G5", legal=[*plays("W+4"), Draw(ME)])
    model = seated(view, lang=lang)
    four = {a.color: a for a in view.legal if isinstance(a, PlayCard)}
    model.hints.asked = view
    assert model.hints.answered(view, Hint(four[Color.YELLOW], "search", win_rate=0.18, samples=120,
                                           runner_up=four[Color.BLUE], runner_up_rate=0.22,
                                           notes=(Note("holds", color=Color.YELLOW, count=3),)), view)
    assert model.hints.text(model.seating.name_of) == said


@pytest.mark.parametrize(("lang", "words"), [("en", "jump in with Red 7 and swap with Luis"),
                                             ("es", "corta con 7 rojo y cambia con Luis")])
def test_a_jump_in_with_a_seven_says_whom_it_swaps_with(lang: str, words: str) -> None:
    view = make_view("R7 Y3", top="R7", current="2",
                     legal=[JumpIn(ME, Card.parse("R7"), target) for target in ("1", "2")])
    model = seated(view, lang=lang)
    model.hints.asked = view
    assert model.hints.answered(view, Hint(view.legal[1], "search", win_rate=0.36, samples=347,
                                           runner_up=view.legal[0], runner_up_rate=0.25), view)
    assert words in model.hints.text(model.seating.name_of)


def test_off_turn_a_jump_in_is_searched_against_doing_nothing() -> None:
    """Found play-testing: "Hint: jump in with Green 5 — the only move" (doing nothing is a move
    too); and when the search would not jump in, the hint says so."""
    view = make_view("G5 Y3 B9 R1 R2 R4 Y8", top="G5", current="2",
                     legal=[JumpIn(ME, Card.parse("G5"))])
    found = hint(view, random.Random(1), budget=0.05)
    assert found is None or found.reason == "search"
    model = seated(view)
    model.hints.asked = view
    assert model.hints.answered(view, None, view)
    assert model.hints.text(model.seating.name_of) == t("hint_no_jump_in")


def test_the_last_card_is_played_not_uno_said_first() -> None:
    """Found play-testing: one card left, playable, no UNO said: "Hint: say UNO — what the expert
    bot plays", and only then "play Red 0"."""
    view = make_view("R0", top="Y0", legal=[*plays("R0"), Draw(ME), CallUno(ME)])
    found = hint(view, random.Random(1), budget=0.05)
    assert found is not None and found.reason == "last" and found.action == plays("R0")[0]
    model = seated(view)
    model.hints.asked = view
    assert model.hints.answered(view, found, view)
    assert model.hints.text(model.seating.name_of) == "Hint: play Red 0 — your last card: it wins the hand"


@pytest.mark.parametrize(("lang", "challenge", "accept"), [
    ("en", "Why: Luis was caught bluffing this hand; Luis still holds 6 cards: most hands that big hold "
           "some red.",
     "Why: Luis seems to have no red; a lost challenge costs 6 cards, accepting 4."),
    ("es", "Por qué: a Luis ya lo pillaron faroleando en esta mano; Luis aún tiene 6 cartas: casi todas "
           "las manos así tienen rojo.",
     "Por qué: Luis parece no tener rojo; un desafío perdido cuesta 6 cartas; aceptar, 4."),
])
def test_facing_a_wild_draw_four_the_hint_says_why(lang: str, challenge: str, accept: str) -> None:
    """Found play-testing: "Hint: challenge the +4 — wins 31%…" with no why."""
    from engine.actions import Accept, Challenge

    view = make_view("R7 Y3", top="W+4", current=ME, challenge_from="2", pending_draw=4,
                     legal=[Challenge(ME), Accept(ME)])
    bluffed, kept = Note("bluffed", ("2",)), Note("kept", ("2",), Color.RED, 6)
    lacks, costs = Note("lacks", ("2",), Color.RED), Note("costs", count=4)
    for action, other, notes, said in ((Challenge(ME), Accept(ME), (bluffed, kept), challenge),
                                       (Accept(ME), Challenge(ME), (lacks, costs), accept)):
        model = seated(view, lang=lang)
        model.hints.asked = view
        assert model.hints.answered(view, Hint(action, "search", win_rate=0.31, samples=200, runner_up=other,
                                               runner_up_rate=0.2, notes=notes), view)
        assert model.hints.text(model.seating.name_of).endswith(said), model.hints.text(model.seating.name_of)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Hint: draw — wins 20% of 716 simulated hands; next best: play Red Reverse, 16%. Why: "
           "playing Red Reverse would give the turn to Bot 1, who has 2 cards."),
    ("es", "Pista: roba — gana el 20% de 716 manos simuladas; la siguiente mejor: juega Cambio de "
           "sentido rojo, 16%. Por qué: jugar Cambio de sentido rojo le daría el turno a Bot 1, a quien "
           "le quedan 2 cartas."),
])
def test_a_draw_hint_says_what_the_card_next_best_would_do(lang: str, said: str) -> None:
    """Found play-testing: "roba — …; la siguiente mejor: juega Cambio de sentido rojo" said no
    why; the Reverse would have handed the turn to Bot 1, who had two cards."""
    view = make_view("RR Y3", top="R5", legal=[*plays("RR"), Draw(ME)])
    model = seated(view, lang=lang)
    model.hints.asked = view
    reverse = plays("RR")[0]
    note = Note("gives", ("1",), count=2, card=Card.parse("RR"))
    assert model.hints.answered(view, Hint(Draw(ME), "search", win_rate=0.2, samples=716, runner_up=reverse,
                                           runner_up_rate=0.16, notes=(note,)), view)
    assert model.hints.text(model.seating.name_of) == said


@pytest.mark.parametrize(("lang", "why"), [("en", "Why: you keep 2 green cards."),
                                           ("es", "Por qué: te quedan 2 cartas de color verde.")])
def test_the_colour_note_counts_the_cards_kept_after_the_play(lang: str, why: str) -> None:
    """Found play-testing: "play Green 3 … you hold 2 green cards" to a player who saw three (the
    note counts those left after the play, and said it as the hand now)."""
    view = make_view("G3 G5 G7 Y1", top="R3", legal=[*plays("G3"), Draw(ME)])
    model = seated(view, lang=lang)
    model.hints.asked = view
    note = Note("holds", color=Color.GREEN, count=2)
    assert model.hints.answered(view, Hint(plays("G3")[0], "search", win_rate=0.3, samples=400,
                                           notes=(note,)), view)
    assert model.hints.text(model.seating.name_of).endswith(why)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Hint: catch Luis (c) — one card left and no UNO said: caught, they draw 2"),
    ("es", "Pista: pilla a Luis (c) — le queda una carta y no dijo UNO: pillado, roba 2")])
def test_a_catch_hint_names_its_key_and_why(lang: str, said: str) -> None:
    """Found play-testing: "Pista: pilla a Tom — lo que juega el bot experto", where the key bar
    at 80 columns names no catch key, and the hint took the line that named it."""
    view = make_view("R7 Y3", top="R5", current="2", legal=[Catch(ME, "2")])
    model = seated(view, lang=lang)
    model.hints.asked = view
    assert model.hints.answered(view, Hint(Catch(ME, "2"), "level"), view)
    assert model.hints.text(model.seating.name_of) == said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Hint: say UNO (u) — you have one card left: say it before someone catches you"),
    ("es", "Pista: di UNO (u) — te queda una carta: dilo antes de que te pillen")])
def test_an_uno_hint_names_its_key_and_why(lang: str, said: str) -> None:
    view = make_view("R7", top="R5", current="2", legal=[CallUno(ME)])
    model = seated(view, lang=lang)
    model.hints.asked = view
    assert model.hints.answered(view, Hint(CallUno(ME), "level"), view)
    assert model.hints.text(model.seating.name_of) == said


@pytest.mark.parametrize(("lang", "rotate", "swap_one"), [
    ("en", "every hand moves one seat along: you take Luis's 15 cards", "you take Luis's one card"),
    ("es", "cada mano pasa un asiento: te quedas las 15 cartas de Luis", "te quedas la única carta de Luis"),
])
def test_a_zeros_and_a_sevens_hands_are_said_as_they_move(lang: str, rotate: str, swap_one: str) -> None:
    """Found play-testing: a 0 under 7-0 was explained as if one kept one's hand ("you keep 2
    yellow cards"), and a 7's swap for one card read "you take Tom's 1 cards"."""
    from client.hinting import note_words

    set_language(lang)
    try:
        assert note_words(Note("rotate", ("2",), count=15), lambda seat: "Luis") == rotate
        assert note_words(Note("swap", ("2",), count=1), lambda seat: "Luis") == swap_one
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "rate", "said"), [
    ("en", 0.0, "Hint: play Wild Draw Four naming red, or play Green 7 — 7% and 0% of 16 simulated hands "
                "won, too close to call: either will do. Why: a bluff: you hold green, and challenged you "
                "draw 4."),
    ("es", 0.0, "Pista: juega Comodín +4 y elige rojo, o juega 7 verde — ganan el 7% y el 0% de 16 manos "
                "simuladas: tan igualadas que cualquiera vale. Por qué: es un farol: tienes verde, y si te "
                "desafían robas 4."),
    ("en", 0.3, "Hint: play Green 7 — wins 30% of 16 simulated hands; next best: play Wild Draw Four naming "
                "red (a bluff), 7%. Why: you keep 4 green cards."),
    ("es", 0.3, "Pista: juega 7 verde — gana el 30% de 16 manos simuladas; la siguiente mejor: juega Comodín "
                "+4 y elige rojo (un farol), 7%. Por qué: te quedan 4 cartas de color verde.")])
def test_a_bluff_is_said_to_be_one_named_first_or_second(lang: str, rate: float, said: str) -> None:
    """Found play-testing: "play Wild Draw Four naming red, or play Green 7 … either will do", to a
    player holding five green cards: a bluff advised first, and not a word of its risk (the notes
    were the Green 7's, left out as the move named second). And named second (helper 146): "next
    best: play Wild Draw Four naming yellow, 19%", to one holding yellow, taught a bluff as a normal
    play (the notes of the move named second are not said: a word marks it)."""
    view = make_view("G7 G1 G2 G3 G4 W+4", top="G5", legal=[*plays("G7", "W+4"), Draw(ME)])
    model = seated(view, lang=lang)
    four = next(a for a in view.legal if isinstance(a, PlayCard) and a.color is Color.RED)
    model.hints.asked = view
    assert model.hints.answered(view, Hint(plays("G7")[0], "search", win_rate=rate, samples=16,
                                           runner_up=four, runner_up_rate=0.07,
                                           notes=(Note("holds", color=Color.GREEN, count=4),),
                                           runner_up_notes=(Note("bluff", color=Color.GREEN),)), view)
    assert model.hints.text(model.seating.name_of) == said


@pytest.mark.parametrize(("lang", "draw", "keep", "wait", "lost"), [
    ("en", "Hint: draw 8 — wins 20%", "Hint: keep Red 5 (p) — wins 30%",
     "Hint: nothing to do until your turn", "next best: challenge the +4, which won none of them"),
    ("es", "Pista: roba 8 — gana el 20%", "Pista: quédate con el 5 rojo (p) — gana el 30%",
     "Pista: nada que hacer hasta tu turno", "la siguiente mejor: desafía el +4, que no ganó ninguna")])
def test_the_hint_says_a_move_as_the_table_says_it(lang: str, draw: str, keep: str, wait: str,
                                                   lost: str) -> None:
    """Found play-testing: "roba" of a stack of 8, where the table said "d roba 8"; "pass" of the
    card just drawn, where it said "p keeps it" (and its key: Enter, which plays it, was
    pressed after "keep Wild", helper 146); "nothing to do now" off turn read as a broken
    hint; "…, which lost every one" of a challenge read as "the challenge always fails"."""
    from engine.actions import Accept, Challenge, Pass

    stacked = make_view("R2 Y3", top="R+2", pending_draw=8, legal=[*plays("R2"), Draw(ME)])
    drawn = make_view("R7 R5", top="R3", has_drawn=True, drawn=Card.parse("R5"),
                      legal=[*plays("R5"), Pass(ME)])
    facing = make_view("R7 Y3", top="W+4", challenge_from="2", pending_draw=4,
                       legal=[Challenge(ME), Accept(ME)])
    off_turn = make_view(current="2")
    for view, found, words in (
            (stacked, Hint(Draw(ME), "search", 0.2, 100, plays("R2")[0], 0.1), draw),
            (drawn, Hint(Pass(ME), "search", 0.3, 100, plays("R5")[0], 0.2), keep),
            (off_turn, None, wait),
            (facing, Hint(Accept(ME), "search", 0.01, 172, Challenge(ME), 0.0), lost)):
        model = seated(view, lang=lang)
        model.hints.asked = view
        assert model.hints.answered(view, found, view)
        assert words in model.hints.text(model.seating.name_of), model.hints.text(model.seating.name_of)


def test_esc_puts_the_hint_away_and_one_being_worked_out_is_not_shown() -> None:
    """Found play-testing: the help says "Esc cancels", and the hint's line stayed."""
    from clientkit import ESC, render_text

    view = make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)])
    model = seated(view)
    model.hints.asked = view
    assert model.hints.answered(view, Hint(plays("R7")[0], "search", 0.3, 100), view)
    assert "Hint: play Red 7" in render_text(model)
    press(model, ESC)
    assert "Hint:" not in render_text(model) and not model.outbox
    model.hints.ask(view)  # asked again (the ? key), then put away before the answer came
    assert model.hints.thinking and model.hints.take_request() is not None
    press(model, ESC)
    assert not model.hints.answered(view, Hint(plays("R7")[0], "search", 0.3, 100), view)
    assert "Hint:" not in render_text(model)


@pytest.mark.parametrize(("lang", "why"), [
    ("en", "Why: Luis, who plays after it with one card, seems to have no green."),
    ("es", "Por qué: Luis, que juega después con una carta, parece no tener verde.")])
def test_a_reason_about_the_seat_given_the_turn_says_it_plays_next(lang: str, why: str) -> None:
    """Found play-testing: a Reverse to a seat on UNO, "because" another seemed to have no green."""
    view = make_view("GR G6", top="G5", legal=[*plays("GR", "G6"), Draw(ME)])
    model = seated(view, lang=lang)
    model.hints.asked = view
    note = Note("lacks", ("2",), Color.GREEN, count=1)
    assert model.hints.answered(view, Hint(plays("GR")[0], "search", 0.45, 200, notes=(note,)), view)
    assert model.hints.text(model.seating.name_of).endswith(why), model.hints.text(model.seating.name_of)


@pytest.mark.parametrize(("lang", "words"), [("en", "play Red 7, saying UNO (u first)"),
                                             ("es", "juega 7 rojo, diciendo UNO (u antes)")])
def test_a_move_that_says_uno_says_its_key(lang: str, words: str) -> None:
    """Found play-testing: a learner read "saying UNO" and did not know how."""
    from client.hinting import action_words

    set_language(lang)
    try:
        assert action_words(PlayCard(ME, Card.parse("R7"), uno=True), str) == words
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Hint: play Yellow 9 — drawing on would only add cards to your hand"),
    ("es", "Pista: juega 9 amarillo — seguir robando solo te sumaría cartas")])
def test_a_drawn_card_that_goes_under_r9_is_played_not_drawn_on(lang: str, said: str) -> None:
    """Found play-testing (house rules): "Pista: sigue robando" eight times over after a draw
    that brought a card that could go; the search no longer draws on, and with that one card to
    play the hint says why it, not "the only move"."""
    from engine.actions import KeepDrawing
    from engine.rules import RuleSet

    view = make_view("R1 Y9 B2", top="Y3", legal=[*plays("Y9"), KeepDrawing(ME)], has_drawn=True,
                     rules=RuleSet.preset("house"))
    found = hint(view, random.Random(1), budget=0.05)
    assert found is not None and found.reason == "no_draw_on"
    model = seated(view, lang=lang)
    try:
        model.hints.asked = view
        assert model.hints.answered(view, found, view)
        assert model.hints.text(model.seating.name_of) == said
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Yellow 9 goes: Enter plays it, d draws again"),
    ("es", "El 9 amarillo vale: Enter lo juega, d roba otra")])
def test_a_card_drawn_until_it_goes_says_what_enter_and_d_do(lang: str, said: str) -> None:
    """Found re-checking at a house table: after drawing until a card went, nothing said that
    Enter plays it or d draws on, where an official table's drawn card says so."""
    from clientkit import render_text

    from engine.actions import KeepDrawing
    from engine.rules import RuleSet

    view = make_view("R1 Y9 B2", top="Y3", legal=[*plays("Y9"), KeepDrawing(ME)], has_drawn=True,
                     rules=RuleSet.preset("house"))
    model = seated(view, lang=lang)
    try:
        assert said in render_text(model, columns=100)
    finally:
        set_language("en")


def test_a_hint_or_a_long_notice_keeps_to_one_line_on_a_short_screen() -> None:
    """Found re-checking at 40×15: the hint's four lines (or "UNO goes with your next-to-last
    card, and neither…" on two) made the table too small to draw, blank until Esc."""
    from clientkit import screen_lines

    view = make_view("R7 Y3 G1 G2 B4 B5 W", legal=plays("R7"))
    model = seated(view)
    model.hints.asked = view
    assert model.hints.answered(view, Hint(view.legal[0], "search", win_rate=0.36, samples=347,
                                           runner_up=view.legal[0], runner_up_rate=0.25), view)
    short = "\n".join(screen_lines(model, columns=40, rows=15))
    assert "Too small" not in short and " Hint: play Red 7" in short, short
    model.hints.dismiss()
    model.prompts.notice = t("uno_nothing_goes")
    short = "\n".join(screen_lines(model, columns=40, rows=15))
    assert "Too small" not in short and " UNO goes with" in short, short


def test_once_drawn_the_bar_no_longer_offers_d() -> None:
    """Found re-checking (official rules): after a draw the bar still offered "d draw", and d said
    "You cannot draw now". Under R9, where d draws on, it stays."""
    from clientkit import screen_lines

    from engine.actions import KeepDrawing, Pass
    from engine.rules import RuleSet

    drew = make_view("R7 Y3", top="R5", drawn=Card.parse("R7"), has_drawn=True,
                     legal=[*plays("R7"), Pass(ME)])
    bar = screen_lines(seated(drew), columns=100, rows=30)[-1]
    assert "d draw" not in bar and "p pass" in bar, bar
    on = make_view("R1 Y9 B2", top="Y3", legal=[*plays("Y9"), KeepDrawing(ME)], has_drawn=True,
                   rules=RuleSet.preset("house"))
    assert "d draw" in screen_lines(seated(on), columns=100, rows=30)[-1]
