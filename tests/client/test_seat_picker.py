"""The 7's question under 7-0 (R15): whom to swap hands with. Every seat shows, at 80 and 100
columns, long names and ten seats too; the chosen one in brackets."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from clientkit import ENTER, ME, press, room_info, seated

from client.enums import Prompt
from client.i18n import set_language, t
from client.model import Model
from client.render import Renderer
from engine import Game, RuleSet
from engine.actions import PlayCard
from engine.cards import Card
from protocol import Act

LONG_NAMES = {"1": "Bartholomew Fitzgerald", "2": "Christabel Montgomery", "3": "Dimitrios Papadopoulos",
              ME: "Ana"}
SEVEN = Card.parse("R7")


def asking_whom(names: dict[str, str], lang: str = "en") -> Model:
    """Ana, at a table of ``names`` (hers the last seat), has chosen her red 7: the question is
    open, the first seat chosen."""
    seats = tuple(names)
    others = [s for s in seats if s != ME]
    base = Game(seats, RuleSet(), random.Random(1)).view(ME)
    hand = (SEVEN, Card.parse("Y3"))
    view = dataclasses.replace(
        base, hand=hand, top=Card.parse("R5"), color=SEVEN.color, current=ME, drawn=None,
        has_drawn=False, awaiting_color=False, challenge_from=None, pending_draw=0,
        legal=tuple(PlayCard(ME, SEVEN, None, seat) for seat in others),
        hand_sizes=tuple(len(hand) if s == ME else 7 for s in seats))
    model = seated(view, room=room_info(seats=names, max_seats=len(seats)), lang=lang)
    model.table.selected = 0
    model.table.play_selected()
    assert model.prompt is Prompt.SEAT
    return model


def question(model: Model, width: int) -> list[str]:
    """The prompt's lines at ``width`` columns (the 7's question and its seats)."""
    r = Renderer(model)
    lines = r.prompt_line(width, r.prompt_height(width))
    assert len(lines) == r.prompt_height(width)
    return ["".join(fragment[1] for fragment in line) for line in lines]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", [100, 80])
def test_every_seat_of_long_names_shows_whole_at_100_and_80_columns(lang: str, width: int) -> None:
    """Found play-testing: at 100 columns "Swap hands with: [1:Bartholomew Fitzgerald (7)]
    2:Christabel Montgomery (7) …" left the last seats off the line (and whom to choose with
    them). The seats go on as many lines as they take (two here), whole."""
    model = asking_whom(LONG_NAMES, lang)
    try:
        for chosen in range(3):
            model.table.seat_index = chosen
            lines = question(model, width)
            assert len(lines) == 2 and all(len(line) <= width for line in lines), lines
            assert lines[0].startswith(" " + t("prompt_seat")), lines
            said = " ".join(lines)
            assert "…" not in said, lines
            for i, seat in enumerate(("1", "2", "3")):
                text = f"{i + 1}:{LONG_NAMES[seat]} (7)"
                assert (f"[{text}]" if i == chosen else f" {text} ") in said, lines
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", [100, 80])
def test_at_ten_seats_of_long_names_every_seat_shows_its_name_cut(lang: str, width: int) -> None:
    """Nine seats of 20-letter names take more lines than the question has: every seat still
    shows, numbered, its name cut to its first letters."""
    names = {str(i): f"Maximiliano Ignacio {i}" for i in range(1, 11)} | {ME: "Ana"}
    model = asking_whom(names, lang)
    try:
        model.table.seat_index = 8
        lines = question(model, width)
        assert len(lines) <= 3 and all(len(line) <= width for line in lines), lines
        said = " ".join(lines)
        assert re.findall(r"[ \[](\d):Maximiliano", said) == [str(i) for i in range(1, 10)], lines
        assert "[9:Maximiliano" in said, lines
    finally:
        set_language("en")


def test_where_even_cut_names_do_not_fit_the_seats_around_the_chosen_one_show() -> None:
    """At ten seats the question and its nine seats are wider than 60 columns even on three
    lines: the line showed the first seats, and a player who chose the eighth or ninth (often the
    people, seated last) saw no seat marked. It shows the seats around the chosen one, "…" where
    some are off."""
    names = {str(i): f"Maximiliano Ignacio {i}" for i in range(1, 11)} | {ME: "Ana"}
    model = asking_whom(names)
    press(model, "1")  # (each seat with its cards: whom to swap with depends on them)
    assert question(model, 60) == [" Swap hands with: [1:Maximiliano… (7)] 2:Maximiliano… (7) …"]
    press(model, "9")
    assert question(model, 60) == [" Swap hands with: … 8:Maximiliano… (7) [9:Maximiliano… (7)]"]
    assert press(model, ENTER) == [Act(kind="play", card="R7", target="10")]  # the ninth other seat
