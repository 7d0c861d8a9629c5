"""The why key: the selected card's reason, from the engine's rule code, in both languages."""

from __future__ import annotations

import string

import pytest
from clientkit import ENTER, ME, make_view, plays, press, render_text, seated

from client.i18n import set_language
from client.texts import TEXTS
from engine import RuleSet, WildDrawFour, errors
from engine.actions import Draw
from engine.cards import Card, Color


def _codes() -> set[str]:
    found, todo = set(), [errors.RuleError]
    while todo:
        kind = todo.pop()
        found.add(kind.code)
        todo += kind.__subclasses__()
    return found


def test_every_rule_code_is_worded_in_both_languages() -> None:
    fields = dict(card="X", top="Y", color="Z", n=2, drawn="W", cards="V")
    for code in _codes():
        en, es = TEXTS["why_" + code]
        assert en and es and en != es, code
        for text in (en, es):
            names = {f for _, f, _, _ in string.Formatter().parse(text) if f}
            assert names <= fields.keys(), (code, names)
            text.format(**fields)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_reason_fits_an_80_column_prompt_line_with_the_longest_card_names(lang: str) -> None:
    from client.draw import width_of
    from client.i18n import card_name, t

    set_language(lang)
    longest = max((card_name(Card.parse(c)) for c in ("YR", "W+4", "YS", "Y+2")), key=width_of)
    for code in _codes():
        cards = t("stack_either", first=t("stack_four"), second=t("stack_two_color", color=t("color_Y")))
        text = t("why_" + code, card=longest, top=longest, color=t("color_Y"), n=10, drawn=longest,
                 cards=cards)
        assert width_of(text) <= 78, (code, text)  # (a space each side)
    set_language("en")


@pytest.mark.parametrize(("lang", "key", "expected"), [
    ("en", "w", "A Wild Draw Four needs you to hold no green card"),
    ("es", "e", "Un Comodín +4 solo vale si no tienes ninguna carta de color verde"),
])
def test_the_why_key_words_the_strict_wild_draw_four(lang: str, key: str, expected: str) -> None:
    view = make_view("W+4 G2", top="G5", rules=RuleSet(wild_draw_four=WildDrawFour.STRICT),
                     legal=[*plays("G2"), Draw(ME)])
    model = seated(view, lang=lang)
    assert model.table.hand[0] == Card.parse("G2")
    press(model, "2", key)
    assert model.prompts.notice == expected
    assert expected in render_text(model)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Wild Draw Four: a bluff now, you hold green; if challenged, you draw 4"),
    ("es", "Comodín +4: un farol ahora, tienes verde; si te desafían, robas 4"),
])
def test_the_why_key_on_a_wild_draw_four_that_would_be_a_bluff(lang: str, expected: str) -> None:
    """Found play-testing: "Wild Draw Four can be played now", and the challenge of the bluff
    cost a learner 4 cards (R12: it may be played, and challenged)."""
    view = make_view("W+4 G2", top="G5", legal=[*plays("W+4", "G2"), Draw(ME)])
    model = seated(view, lang=lang)
    assert model.table.hand[1] == Card.parse("W+4")
    press(model, "2", "w" if lang == "en" else "e")
    assert model.prompts.notice == expected
    set_language("en")


@pytest.mark.parametrize(("lang", "seven", "zero"), [
    ("en", "Green 7 can be played now, and then you swap hands with a player you choose",
     "Green 0 can be played now, and then every hand moves one seat along"),
    ("es", "7 verde se puede jugar ahora, y luego cambias tu mano con la de quien elijas",
     "0 verde se puede jugar ahora, y luego cada mano pasa al siguiente jugador"),
])
def test_the_why_key_on_a_7_or_a_0_says_what_it_does_under_7_0(lang: str, seven: str, zero: str) -> None:
    """Found play-testing: a learner asked of a 7 (7-0 on, R15) and read only "can be played
    now"; without the rule it says no more than that."""
    from engine import RuleSet

    view = make_view("G7 G0", top="G5", legal=plays("G7", "G0"), rules=RuleSet(seven_zero=True))
    model = seated(view, lang=lang)
    key = "w" if lang == "en" else "e"
    assert model.table.hand == [Card.parse("G0"), Card.parse("G7")]
    press(model, "2", key)
    assert model.prompts.notice == seven
    press(model, "1", key)
    assert model.prompts.notice == zero
    model = seated(make_view("G7", top="G5", legal=plays("G7")), lang=lang)
    press(model, key)
    plain = "Green 7 can be played now" if lang == "en" else "7 verde se puede jugar ahora"
    assert model.prompts.notice == plain  # (without the 7-0 rule)
    set_language("en")


@pytest.mark.parametrize(("lang", "expected"), [
    # (not "the +4": after two Draw Twos it read as a Wild Draw Four, found play-testing)
    # (and what does stack: found play-testing, "stack another" did not say a Draw Two)
    ("en", "Green 2 cannot stack on a draw: stack a +2, or draw 2"),
    ("es", "2 verde no se suma: suma un +2, o roba 2"),
])
def test_the_why_key_on_a_pending_draw_and_out_of_turn(lang: str, expected: str) -> None:
    stacking = RuleSet(stack_draw_two=True)
    model = seated(make_view("G2 R+2", top="G+2", pending_draw=2, legal=[Draw(ME)], rules=stacking),
                   lang=lang)
    press(model, "2", "w")  # (the hand shows R+2 first)
    assert model.prompts.notice == expected
    # (and Enter on it: how many d draws, found play-testing, "d draws" where it drew 4)
    press(model, ENTER)
    assert model.prompts.notice.endswith(("d draws 2", "d roba 2")), model.prompts.notice
    model = seated(make_view("G2", top="B5", current="1", color=Color.BLUE), lang=lang)
    press(model, "e")
    assert model.prompts.notice == ("Green 2: it is not your turn" if lang == "en"
                                    else "2 verde: no es tu turno")


def test_the_why_key_names_what_stacks_on_a_wild_draw_four() -> None:
    """Found play-testing: "Wild cannot stack on the 4 cards to draw: stack another, or draw"
    did not say which: where +4s stack, a +4, or a +2 of the colour named (R14, R15)."""
    rules = RuleSet(stack_draw_two=True, stack_wild_draw_four=True, wild_draw_four=WildDrawFour.STRICT)
    model = seated(make_view("W", top="W+4", color=Color.BLUE, pending_draw=4, legal=[Draw(ME)],
                             rules=rules))
    press(model, "w")
    assert model.prompts.notice == "Wild cannot stack on a draw: stack a +4 or a blue +2, or draw 4"


def test_a_playable_card_says_so_and_the_help_line_shows_the_key() -> None:
    model = seated(make_view("G2", top="G5", legal=plays("G2")))
    press(model, "w")
    assert model.prompts.notice == "Green 2 can be played now"
    assert not model.outbox.take()
    assert "w why" in render_text(model, columns=140)
    set_language("es")
    assert "e explica" in render_text(model, columns=140)
    set_language("en")


@pytest.mark.parametrize(("lang", "named", "wild"), [
    ("en", "Yellow 3 matches neither red nor the 9 on top",
     "Yellow 3 is not red and does not match the top card"),
    ("es", "3 amarillo no es rojo ni un 9",
     "3 amarillo no es rojo ni coincide con la carta de arriba"),
])
def test_the_why_key_names_the_top_card_to_match(lang: str, named: str, wild: str) -> None:
    """Found play-testing: "… ni coincide con la carta de arriba" left the player looking for
    what should have matched; a wild on top has nothing but its colour to match. In Spanish the
    top card's number or symbol alone ("ni coincide con Salta turno azul" read as vague)."""
    for top, expected in (("R9", named), ("W", wild)):
        model = seated(make_view("Y3", top=top, color=Color.RED, legal=[Draw(ME)]), lang=lang)
        press(model, "e" if lang == "es" else "w")
        assert model.prompts.notice == expected
    if lang == "es":
        model = seated(make_view("Y+2", top="BS", color=Color.BLUE, legal=[Draw(ME)]), lang=lang)
        press(model, "e")
        assert model.prompts.notice == "Roba dos amarillo no es azul ni un Salta turno"
    set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Not your turn, and nobody jumps in while a draw is pending"),
    ("es", "No es tu turno, y nadie corta mientras hay que robar"),
])
def test_an_identical_card_facing_a_pending_draw_is_told_why_it_cannot_jump_in(lang: str, said: str) -> None:
    """Found play-testing: with +4 pending (stacked), an identical Red Draw Two out of turn was
    told "only a card identical to Red Draw Two can jump in" (R15: none while a draw waits)."""
    rules = RuleSet.preset("house").to_dict() | {"jump_in": True}
    view = make_view("R+2 Y3", top="R+2", color=Color.RED, current="2", pending_draw=4,
                     rules=RuleSet.from_dict(rules))
    model = seated(view, lang=lang)
    press(model, "e" if lang == "es" else "w")
    assert model.prompts.notice == said
    set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Red Draw Two can jump in now: identical to the top card, it takes the turn"),
    ("es", "Roba dos rojo puede cortar ahora: igual a la de arriba, se queda el turno"),
])
def test_the_why_key_on_a_card_that_can_jump_in_says_it_takes_the_turn(lang: str, said: str) -> None:
    """Found play-testing (helper 122): an identical card out of turn was told "can be played
    now: the next player draws 2", as if it were our turn (R15: it jumps in)."""
    from engine.actions import JumpIn

    view = make_view("R+2 Y3", top="R+2", color=Color.RED, current="3",
                     rules=RuleSet.preset("house", jump_in=True), legal=[JumpIn(ME, Card.parse("R+2"))])
    model = seated(view, lang=lang)
    press(model, "e" if lang == "es" else "w")
    assert model.prompts.notice == said
    set_language("en")


@pytest.mark.parametrize(("lang", "said"), [("en", "Green 1: it is not your turn"),
                                            ("es", "1 verde: no es tu turno")])
def test_the_why_key_out_of_turn_on_a_wild_does_not_say_an_identical_card_jumps_in(
        lang: str, said: str) -> None:
    """Found re-checking (helper 128): on a Wild Draw Four, out of turn, "only a card identical to
    Wild Draw Four can jump in"; nothing jumps in on a wild (R15)."""
    view = make_view("G1", top="W+4", color=Color.GREEN, current="3",
                     rules=RuleSet.preset("house", jump_in=True))
    model = seated(view, lang=lang)
    press(model, "e" if lang == "es" else "w")
    assert model.prompts.notice == said
    set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Not your turn, and nobody jumps in while a draw is pending"),
    ("es", "No es tu turno, y nadie corta mientras hay que robar"),
])
def test_enter_on_a_jump_in_refused_says_why_until_the_card_can_go(lang: str, said: str) -> None:
    """Found play-testing: Luis pressed Enter on his second Red Draw Two while the draw was
    pending and read "No es tu turno", which stayed up when the draw was done and the card could
    jump in. Enter says what the why key says, until the card goes."""
    from engine.actions import JumpIn
    from protocol import ViewMsg, codec

    rules = RuleSet.preset("house", jump_in=True)
    view = make_view("R+2 Y3", top="R+2", color=Color.RED, current="2", pending_draw=2, rules=rules)
    model = seated(view, lang=lang)
    assert press(model, ENTER) == [] and model.prompts.notice == said
    free = make_view("R+2 Y3", top="R+2", color=Color.RED, current="3", rules=rules,
                     legal=[JumpIn(ME, Card.parse("R+2"))])
    model.apply(ViewMsg(view=codec.view_to_wire(free), deadline=None))
    assert model.prompts.notice == ""
    set_language("en")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "A challenge says the +4 was a bluff (its player held red): if so, they draw 4; if not, you "
           "draw 6. Accepting: you draw 4."),
    ("es", "Desafiar es decir que el +4 fue un farol (quien lo jugó tenía rojo): si lo fue, roba 4; si "
           "no, robas 6. Aceptar: robas 4."),
])
def test_the_why_key_at_a_wild_draw_fours_question_says_what_it_asks(lang: str, expected: str) -> None:
    """Found play-testing: Lena, learning, read "Tom played a Wild Draw Four on you: y challenge,
    a accept (draw 4)"; nothing said what a challenge was or what it cost, and w said nothing."""
    from engine.actions import Accept, Challenge

    view = make_view("G7 Y2", top="W+4", color=Color.BLUE, challenge_from="2", challenge_color=Color.RED,
                     pending_draw=4, legal=[Challenge(ME), Accept(ME)])
    model = seated(view, lang=lang)
    press(model, "w" if lang == "en" else "e")
    assert model.prompts.notice == expected
    # and it shows, under the question (found re-checking: the question hid it)
    from clientkit import screen_lines

    shown = " ".join(" ".join(screen_lines(seated(view, lang=lang), "w" if lang == "en" else "e")).split())
    assert expected in shown, shown
    from client.plaincmd import PlainCommands

    model = seated(view, lang=lang)  # and plain mode's word for it
    PlainCommands(model).run("why" if lang == "en" else "por qué")
    assert model.prompts.notice == expected
    set_language("en")


def test_a_notice_at_a_tables_question_shows_under_it() -> None:
    """Found in CI: Zoe, her client started again on her turn, the first card a Wild, read the
    colour question and not "Welcome back", which it hid (as the challenge's question hid the
    why key's words). A notice at a table's question goes under it, where the hint goes."""
    from clientkit import screen_lines

    from engine.actions import ChooseColor

    view = make_view("R7 Y3", top="W", color=None, awaiting_color=True,
                     legal=[ChooseColor(ME, c) for c in Color])
    model = seated(view)
    model.prompts.notice = "Welcome back: you are in your seat again."
    shown = " ".join(" ".join(screen_lines(model)).split())
    assert "The first card is a Wild. Colour:" in shown and "Welcome back" in shown, shown
