"""How to play, from inside the game (found play-testing: a newcomer could not learn the rules
there; the help pointed to a file, and the hand's codes had no legend): the help's last pages
(F1, then PgDn) and plain mode's ``how`` say the table's own rules, in the client's language."""

from __future__ import annotations

import pytest
from clientkit import ME, make_view, plays, room_info, screen_lines, seated

from client import keymap
from client.howto import howto
from client.i18n import set_language
from client.keymap import parse
from client.model import Model
from client.plaincmd import PlainCommands
from client.why import why_text
from engine.cards import Card
from engine.rules import RuleSet, WildDrawFour
from engine.view import HandResult

F1, PGDN = "\x1bOP", "\x1b[6~"


def howto_pages(model: Model, columns: int = 80, rows: int = 24) -> str:
    """Every page of the help from the first of how to play, as one text."""
    screens = [screen_lines(model, F1, columns=columns, rows=rows)]
    screens += [screen_lines(model, PGDN, columns=columns, rows=rows)
                for _ in range(model.prompts.help_pages - 1)]
    start = next(i for i, screen in enumerate(screens) if "How to play" in screen[1] or "Cómo" in screen[1])
    return "\n".join(row for screen in screens[start:] for row in screen)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_help_ends_with_how_to_play_by_the_table_s_own_rules(lang: str) -> None:
    keymap.use(parse("", lang))
    house = RuleSet.preset("house", seven_zero=True, jump_in=True, target_score=200).to_dict()
    model = seated(make_view(), room=room_info(preset="house", rules=house), lang=lang)
    text = howto_pages(model)
    said = {"en": ("How to play at this table", "200 points", "you draw (d) until one goes",
                   "refused while you hold", "Stacking:", "7-0: a 7 swaps", "Jump-in:",
                   "Y yellow, G green, B blue", "W+4 Wild Draw Four", "catch you (c)", "docs/RULES.md",
                   "[12] is how many cards they hold"),
            "es": ("Cómo se juega en esta mesa", "200 puntos", "robas (d) hasta que una valga",
                   "teniendo cartas del color en juego", "Acumular:", "7-0: un 7 cambia", "Cortar:",
                   "A amarillo, V verde, Z azul", "C+4 Comodín +4", "pillarte (c)", "docs/REGLAS.md",
                   "[12] son las cartas que tiene")}[lang]
    for words in said:
        assert words in text.replace("\n ", " "), (words, text)
    assert "…" not in text and ("challenge" not in text and "desafi" not in text), text
    set_language("en")


def test_at_an_official_table_it_tells_the_challenge_and_the_single_draw_and_no_house_rule() -> None:
    keymap.use(parse("", "en"))
    text = " ".join(howto(RuleSet()))
    for words in ("draw a card (d), even when you could play", "it is a bluff", "the challenger draws 6",
                  "you draw 2", "reach 500 points"):
        assert words in text, (words, text)
    for words in ("Stacking", "7-0", "Jump-in", "costs the catcher"):
        assert words not in text, (words, text)
    single = " ".join(howto(RuleSet(target_score=None, uno_penalty=0, false_catch_penalty=3)))
    assert "one hand, and its winner wins" in single and "forgetting it costs nothing" in single, single
    assert "costs the catcher 3" in single, single


def test_a_paragraph_is_not_cut_across_pages_where_it_fits_one() -> None:
    """At 60x20 the rules run over several pages: each paragraph (after the rules' line) is
    whole on one (a page never starts with the end of a sentence)."""
    keymap.use(parse("", "en"))
    house = RuleSet.preset("house", seven_zero=True, jump_in=True, stack_wild_draw_four=True).to_dict()
    model = seated(make_view(), room=room_info(preset="house", rules=house))
    howto_pages(model, columns=60, rows=20)
    pages = model.prompts.help_pages
    for page in range(pages):
        model.prompts.help_page = page
        screen = screen_lines(model, columns=60, rows=20)
        if "How to play" in screen[1]:
            assert screen[2][1].isupper() or screen[2][1] == "¿", screen


@pytest.mark.parametrize(("lang", "command", "title", "hint"), [
    ("en", "how", "How to play at this table", "Type hint"),
    ("es", "cómo", "Cómo se juega en esta mesa", "Escribe pista"),
])
def test_plain_mode_s_how_says_it_line_by_line(lang: str, command: str, title: str, hint: str) -> None:
    """Plain mode's words, not the full screen's keys, where they differ: ? is plain mode's
    help, so the hint is named by its word."""
    keymap.use(parse("", lang))
    model = seated(make_view(), lang=lang)
    said = PlainCommands(model).run(command)
    assert said[0] == title and said[1].startswith(("Rules: official", "Reglas: oficial")), said
    assert said[-1].startswith("¿Dudas? " + hint if lang == "es" else "Stuck? " + hint), said
    assert not any("Press ?" in line or "Pulsa ?" in line for line in said), said
    # (cards are said by name there: no codes; found re-checking)
    codes = ("R7", "W+4", "C+4", "S Skip", "S Salta")
    assert not any(code in line for code in codes for line in said), said
    set_language("en")


@pytest.mark.parametrize(("card", "rules", "said"), [
    ("BS", RuleSet(), "Blue Skip can be played now: the next player loses the turn"),
    ("BR", RuleSet(), "Blue Reverse can be played now: play turns back the other way"),
    ("B+2", RuleSet(), "Blue Draw Two can be played now: the next player draws 2 and loses the turn"),
    ("B+2", RuleSet.preset("house"), "Blue Draw Two can be played now: the next player draws 2 and loses "
                                     "the turn, unless they stack on it"),
    ("W", RuleSet(), "Wild can be played now: you name the colour play goes on in"),
    ("W+4", RuleSet(), "Wild Draw Four can be played now: you name the colour, and the next player draws 4 "
                       "and loses the turn, or 6 if they challenge it"),  # (R12: found play-testing)
    ("W+4", RuleSet(wild_draw_four=WildDrawFour.STRICT),
     "Wild Draw Four can be played now: you name the colour, and the next player draws 4 and loses the turn"),
    ("B7", RuleSet(), "Blue 7 can be played now"),
])
def test_the_why_key_on_an_action_card_that_goes_says_what_it_does(card: str, rules: RuleSet,
                                                                   said: str) -> None:
    """Found play-testing: a newcomer read "Blue Reverse can be played now", and learnt what it did
    only from the log, once it had."""
    set_language("en")
    view = make_view(f"{card} G2", top="B5", rules=rules, legal=plays(card))
    assert why_text(view, Card.parse(card)) == said


@pytest.mark.parametrize(("card", "said"), [
    ("BS", "Blue Skip can be played now: with two players, you play again"),
    ("BR", "Blue Reverse can be played now: with two players, you play again"),
    ("B7", "Blue 7 can be played now, and then you swap hands with the other player"),
])
def test_heads_up_the_why_key_says_what_a_card_does_between_two(card: str, said: str) -> None:
    """Found play-testing a couple's evening: a Reverse read "the next player loses the turn" (R11:
    with two, you play again), and a 7 "a player you choose" (there is only the other)."""
    set_language("en")
    view = make_view(f"{card} G2", top="B5", rules=RuleSet.preset("house", seven_zero=True),
                     legal=plays(card), seats=("2", ME), hand_sizes=(5, 2))
    assert why_text(view, Card.parse(card)) == said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The winner scores the cards left in the other hands: a number card its number; Skip"),
    ("es", "Quien gana se apunta las cartas que quedan en las otras manos: una de número, su número"),
])
def test_between_hands_the_why_key_and_the_board_say_what_the_cards_left_are_worth(lang: str,
                                                                                   said: str) -> None:
    """Found play-testing: the end of a hand showed each hand's points, and nothing said how they
    were counted (the why key said "The hand is over")."""
    keymap.use(parse("", lang))
    hands = tuple(tuple(Card.parse(c) for c in held.split()) for held in ("R1 BS W", "G5 Y+2", "B2 B3", ""))
    over = make_view("", top="R5", hand_result=HandResult(ME, 137, hands=hands), hand_sizes=(3, 2, 2, 0))
    model = seated(over, lang=lang)
    screen = "\n".join(screen_lines(model, {"en": "w", "es": "e"}[lang], columns=80, rows=24))
    assert said in " ".join(screen.split()), screen
    worth = {"en": "A card left is worth its number; Skip, Reverse and Draw Two 20;",
             "es": "Cada carta que queda vale su número"}[lang]  # (then the board's next row)
    assert worth in screen, screen
    set_language("en")
