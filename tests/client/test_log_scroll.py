"""The log paged back and forth (PgUp, PgDn): a player who looked away reads what they missed,
where the log shows only a few rows beside the table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from clientkit import make_view, plays, screen_lines, seated

from client import keymap
from client.enums import Prompt
from client.i18n import set_language
from client.keymap import KeyMap, parse
from client.model import Model
from engine import events as ev
from engine.actions import ChooseColor
from engine.cards import Card, Color
from engine.view import HandResult
from protocol import Events, codec

PGUP, PGDN, F8 = "\x1b[5~", "\x1b[6~", "\x1b[19~"


@pytest.fixture(autouse=True)
def _defaults_after() -> Iterator[None]:
    yield
    keymap.use(KeyMap())
    set_language("en")


def with_log(lines: int, lang: str = "en", **view: object) -> Model:
    view.setdefault("legal", plays("R7"))
    model = seated(make_view("R7 Y3", **view), lang=lang)
    model.transcript.add([f"move {i:02}" for i in range(1, lines + 1)])
    return model


def shown(screen: list[str]) -> list[int]:
    """The numbers of the log's lines on the screen."""
    return [int(part.split()[1]) for row in screen for part in row.split("  ")
            if part.strip().startswith("move ")]


def test_page_up_shows_older_lines_and_says_how_many_newer_ones_are_below() -> None:
    model = with_log(60)
    at_end = shown(screen_lines(model))
    assert at_end and at_end[-1] == 60, at_end
    screen = screen_lines(model, PGUP)
    back = shown(screen)
    assert back[-1] == at_end[0], (at_end, back)  # a page back: its newest line was the oldest
    newer = 60 - back[-1]
    assert any(f"▼ {newer} newer lines: PgDn" in row for row in screen), screen
    assert shown(screen_lines(model, PGDN)) == at_end
    assert not any("newer line" in row for row in screen_lines(model))


def test_lines_that_arrive_while_scrolled_back_do_not_move_what_is_read() -> None:
    model = with_log(60)
    back = shown(screen_lines(model, PGUP))
    model.transcript.add(["move 61", "move 62"])
    screen = screen_lines(model)
    assert shown(screen) == back
    assert any(f"▼ {62 - back[-1]} newer lines" in row for row in screen)


def test_the_log_stops_at_its_oldest_line_and_at_its_end() -> None:
    model = with_log(12)
    screen_lines(model)
    first, last = model.transcript.drawn
    rows = last - first + 1
    screen = screen_lines(model, *[PGUP] * 6)
    assert any("Hand 1 — Luis dealt" in row for row in screen), screen  # the log's first line
    first, last = model.transcript.drawn
    assert first == 0 and last - first + 1 == rows - 1  # ... atop a whole page, and a row saying
    assert any("newer line" in row for row in screen)  # what is below
    assert shown(screen_lines(model, *[PGDN] * 6))[-1] == 12
    assert model.transcript.back == 0


def test_one_newer_line_is_said_in_the_singular_and_in_spanish_with_its_key() -> None:
    model = with_log(30, lang="es")
    model.transcript.back = 1
    assert any("▼ 1 línea más nueva: AvPág" in row for row in screen_lines(model))


def test_the_log_pages_while_a_question_waits_and_by_the_keys_of_keys_toml() -> None:
    keymap.use(parse('log_back = "f8"\n'))
    model = with_log(60, awaiting_color=True, legal=tuple(ChooseColor("4", c) for c in Color))
    screen = screen_lines(model, F8)
    assert any("newer lines" in row for row in screen), screen
    assert model.outbox.take() == []  # the key only read the log
    assert model.prompt is Prompt.START_COLOR  # ... and the question waits


def test_a_new_deal_brings_the_log_back_to_its_newest_lines() -> None:
    """Found play-testing: Luis paged back in hand 1 and read it still while hand 2 was dealt."""
    model = with_log(60)
    screen_lines(model, PGUP)
    assert model.transcript.back > 0
    deal = [ev.HandStarted(2, "1", -1), ev.StartingCard(Card.parse("G4"))]
    model.apply(Events(events=[codec.event_to_wire(e) for e in deal]))
    screen = screen_lines(model)
    assert model.transcript.back == 0 and not any("newer line" in row for row in screen)
    assert any("Hand 2 — Bot 1 dealt" in row for row in screen), screen


def test_our_own_move_brings_the_log_back_to_its_end_and_another_seat_s_does_not() -> None:
    """Found reading the paging back: a player who paged back and then played read the old
    lines still, not their own move (as a chat's input box brings its log to the end)."""
    model = with_log(60)
    screen_lines(model, PGUP)
    theirs = [ev.CardPlayed("1", Card.parse("R5"), Color.RED)]
    model.apply(Events(events=[codec.event_to_wire(e) for e in theirs]))
    assert model.transcript.back > 0
    # nor the stand-in's, for us (found play-testing: reading the log back, a turn whose time ran
    # out brought it to the end)
    stand_in = [ev.StandIn("4", "timeout"), ev.CardPlayed("4", Card.parse("Y3"), Color.YELLOW),
                ev.TurnStarted("1")]
    model.apply(Events(events=[codec.event_to_wire(e) for e in stand_in]))
    assert model.transcript.back > 0
    ours = [ev.CardPlayed("4", Card.parse("R7"), Color.RED)]
    model.apply(Events(events=[codec.event_to_wire(e) for e in ours]))
    screen = screen_lines(model)
    assert model.transcript.back == 0 and not any("newer line" in row for row in screen)
    assert any("You played Red 7" in row for row in screen), screen


def test_page_up_over_the_board_between_hands_reads_the_log_back() -> None:
    """Found play-testing: at a hand's end the board takes the log's place, and PgUp showed
    nothing: it reads the log back from the line before the newest, and PgDn brings the board."""
    model = with_log(60)
    model.apply(Events(events=[codec.event_to_wire(ev.HandEnded("2", 30, (0, 30, 0, 0)))],
                       view=codec.view_to_wire(make_view("R7 Y3", hand_result=HandResult("2", 30)))))
    board = screen_lines(model)
    assert any("Luis wins hand 1" in row for row in board) and not shown(board), board
    back = screen_lines(model, PGUP)
    assert shown(back) and shown(back)[-1] == 60 and any("newer line" in row for row in back), back
    again = screen_lines(model, PGDN)
    assert any("Luis wins hand 1" in row for row in again) and not shown(again), again


def test_a_hand_that_ends_while_the_log_is_scrolled_back_shows_its_board() -> None:
    """Found play-testing (helper 127): PgUp just before Bot 2 won the hand, and the winner, the
    points and the next deal's countdown stayed hidden under old lines until PgDn."""
    model = with_log(60)
    assert shown(screen_lines(model, PGUP))
    model.apply(Events(events=[codec.event_to_wire(ev.HandEnded("2", 30, (0, 30, 0, 0)))],
                       view=codec.view_to_wire(make_view("R7 Y3", hand_result=HandResult("2", 30)))))
    board = screen_lines(model)
    assert any("Luis wins hand 1" in row for row in board) and not shown(board), board
