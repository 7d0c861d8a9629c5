"""The UNO call's grace on a player's screen (issue 13): a player down to one card without UNO
is marked at risk, in words (never by colour alone), in both languages, until they say UNO, are
caught or the next player moves (not only for the grace: found play-testing, the player lost
the warning just as a catch began to count); a catch the server refuses as too early is
explained."""

from __future__ import annotations

import pytest
from clientkit import ME, make_view, press, render_text, seated

from client.i18n import t
from client.model import Model
from client.plainview import PlainView
from client.table import CAUGHT_TOLD
from engine import events as ev
from engine.actions import CallUno, Catch
from engine.cards import Card
from protocol import Error, Events, UnoGrace, ViewMsg, codec

LUIS = "2"
AT_RISK = {"en": "Luis [ 1] at risk: no UNO · next", "es": "Luis [ 1] en riesgo: sin UNO · sigue"}


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def luis_open(**changes: object) -> ViewMsg:
    """Luis has just gone down to one card without UNO: Ana may catch him."""
    values: dict[str, object] = dict(current="3", hand_sizes=(5, 1, 5, 3), uno_open=LUIS,
                                     legal=(Catch("4", LUIS),))
    values.update(changes)
    return ViewMsg(view=codec.view_to_wire(make_view(**values)))  # type: ignore[arg-type]


def at_the_table(lang: str = "en") -> tuple[Model, Clock]:
    clock = Clock()
    model = seated(lang=lang, clock=clock)
    model.apply(UnoGrace(seat=LUIS, seconds=0.75))  # (it comes just before the move's events)
    model.apply(luis_open())
    return model, clock


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_player_at_risk_is_marked_in_words_until_the_window_closes(lang: str) -> None:
    model, _ = at_the_table(lang)
    assert AT_RISK[lang] in render_text(model)
    assert AT_RISK[lang] in render_text(model, plain=True)  # no colour needed to see it
    model.apply(UnoGrace(seat=LUIS, seconds=0.0))  # the server: the grace is over
    assert AT_RISK[lang] in render_text(model)  # ... and a catch counts now
    assert t("catch_hint", name="Luis") in render_text(model)
    model.apply(luis_open(current="4", uno_open=None, legal=()))  # the next player moved
    assert t("flag_at_risk") not in render_text(model)


def test_the_marker_goes_when_uno_is_said_not_when_the_grace_is_over() -> None:
    model, clock = at_the_table()
    clock.now += 0.8  # past the grace, before the server's word comes
    assert AT_RISK["en"] in render_text(model)
    model.apply(luis_open(uno_open=None, uno_said=(False, True, False, False), legal=()))
    assert "at risk" not in render_text(model)
    assert "Luis [ 1] UNO! · next" in render_text(model)


def test_a_catchable_player_is_marked_without_a_grace() -> None:
    """A server with no grace (or an older one) sends no ``uno_grace``: catchable at once."""
    model = seated(clock=Clock())
    model.apply(luis_open())
    assert AT_RISK["en"] in render_text(model)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_player_at_risk_is_warned_until_they_say_uno_and_told_when_a_catch_counts(lang: str) -> None:
    """Found play-testing: the forgetful player's own warning went with the grace, while they
    could still save themselves with u and anybody's c now counted."""
    clock = Clock()
    model = seated(lang=lang, clock=clock)
    model.apply(UnoGrace(seat=ME, seconds=0.75))
    model.apply(luis_open(uno_open=ME, hand="R7", hand_sizes=(5, 5, 5, 1), legal=(CallUno(ME),)))
    for plain in (False, True):
        assert t("at_risk_you") in render_text(model, plain=plain)
    clock.now += 1.0
    model.apply(UnoGrace(seat=ME, seconds=0.0))
    for plain in (False, True):
        screen = render_text(model, plain=plain)
        assert t("at_risk_you_open") in screen and t("at_risk_you") not in screen


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_catch_refused_as_too_early_is_explained(lang: str) -> None:
    model, _ = at_the_table(lang)
    assert t("catch_hint_grace", name="Luis") in render_text(model)  # c works after a moment
    model.apply(Error(code="catch_too_early", message="too early: they may still say UNO for 0.50 s",
                      ref="action"))
    assert model.prompts.notice == t("err_catch_too_early")
    assert ("Too early to catch" if lang == "en" else "Demasiado pronto") in model.prompts.notice
    model.apply(UnoGrace(seat=LUIS, seconds=0.0))  # the window closed: the catch is open now
    assert model.prompts.notice == ""
    assert t("catch_hint", name="Luis") in render_text(model)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_plain_mode_says_who_is_at_risk_and_when_the_catch_counts(lang: str) -> None:
    """Plain mode (one line per change): the catch hint says to wait while the window is open,
    and says to catch once it has closed."""
    model, _ = at_the_table(lang)
    view = PlainView(model)
    said = " ".join(view.changes())
    assert t("plain_catch_hint_grace", name="Luis") in said
    model.apply(UnoGrace(seat=LUIS, seconds=0.0))
    now = " ".join(view.changes())
    assert t("plain_catch_hint", name="Luis") in now
    # a command to type, not a key to press (found play-testing: "¡pulsa c para pillarle!")
    assert ("press" if lang == "en" else "pulsa") not in said + now


def test_the_player_at_risk_is_told_to_say_uno_and_spectators_see_the_risk() -> None:
    clock = Clock()
    me = seated(clock=clock)
    me.apply(UnoGrace(seat=ME, seconds=0.75))
    me.apply(luis_open(uno_open=ME, hand="R7", hand_sizes=(5, 5, 5, 1),
                       legal=(CallUno(ME),)))
    assert t("at_risk_you") in render_text(me)  # the prompt line
    assert "Ana (you) [ 1] at risk: no UNO" in render_text(me)
    said = " ".join(PlainView(me).changes())  # (plain mode: the word to type, not the key)
    assert "You did not say UNO: type uno before a catch counts" in said and t("at_risk_you") not in said

    other = seated(clock=clock)
    other.apply(UnoGrace(seat=LUIS, seconds=0.75))
    other.apply(luis_open(legal=()))  # Ana cannot catch (a spectator, say)
    assert t("at_risk_plain", name="Luis") in " ".join(PlainView(other).changes())
    clock.now += 1.0  # the grace is over: Luis may be caught now, and is still at risk, as the
    # board marks him (plain mode said nothing more: found on a read of the change)
    assert "Luis [ 1] at risk: no UNO · next" in render_text(other)
    assert t("at_risk_plain", name="Luis") in " ".join(PlainView(other).changes())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_uno_typed_just_after_being_caught_says_too_late_and_who_caught_you(lang: str) -> None:
    """Found play-testing: a u typed as Luis's catch came in was answered with when UNO may be
    said, as if the player had misunderstood the rule."""
    clock = Clock()
    me = seated(lang=lang, clock=clock)
    me.apply(luis_open(uno_open=ME, hand="R7", hand_sizes=(5, 5, 5, 1), legal=(CallUno(ME),)))
    caught = [ev.Caught(LUIS, ME), ev.Drew(ME, 2, tuple(Card.parse(c) for c in ("B4", "B3")), "uno_penalty")]
    me.apply(Events(events=[codec.event_to_wire(e) for e in caught],
                    view=codec.view_to_wire(make_view(hand="R7 B4 B3", current="3", legal=()))))
    me.table.say_uno()
    assert me.prompts.notice == t("uno_too_late", name="Luis")
    me.apply(Events(events=[codec.event_to_wire(ev.TurnStarted("4"))]))
    clock.now += CAUGHT_TOLD
    me.table.say_uno()  # a later u: the rule again, the catch is past (no jump-in at this table)
    assert me.prompts.notice == t("cannot_uno_no_jump")
    # (refused, said first: found play-testing, the rule alone read as advice)
    assert me.prompts.notice.startswith(("Not now: you can say UNO", "Ahora no: puedes decir UNO"))


@pytest.mark.parametrize(("lang", "said"), [("en", "Bot 1 caught Luis first"),
                                             ("es", "Bot 1 pilló antes a Luis")])
def test_a_catch_just_after_anothers_says_who_caught_first(lang: str, said: str) -> None:
    """Found play-testing: Lena pressed c a second after Tom forgot UNO and read "Nobody to
    catch"; the log said Bot 1 had caught him. Whose catch came first is said, whether c finds
    nobody open or the server refuses a catch that crossed it."""
    me, clock = at_the_table(lang)
    penalty = tuple(Card.parse(c) for c in ("B4", "B3"))
    caught = [ev.Caught("1", LUIS), ev.Drew(LUIS, 2, penalty, "uno_penalty")]
    me.apply(Events(events=[codec.event_to_wire(e) for e in caught],
                    view=codec.view_to_wire(make_view(current="3", hand_sizes=(5, 3, 5, 3), legal=()))))
    me.table.catch()
    assert me.prompts.notice == said
    me.prompts.notice = ""
    me.apply(Error(code="catch_too_late", message="too late", ref="action"))
    assert me.prompts.notice == said
    me.prompts.notice = ""
    # turns begin at once, ours too (found re-checking: that cleared the catch before Tom's c)
    me.apply(Events(events=[codec.event_to_wire(ev.TurnStarted(seat)) for seat in ("1", ME)]))
    clock.now += CAUGHT_TOLD - 1
    me.table.catch()
    assert me.prompts.notice == said
    clock.now += 1  # (long past: the catch is not news)
    me.table.catch()
    assert me.prompts.notice == t("nobody_to_catch")


@pytest.mark.parametrize("plain", [False, True])
def test_one_who_said_uno_is_not_offered_for_a_catch_where_false_catches_are_legal(plain: bool) -> None:
    """Found play-testing, false catches costing 2 cards: "Bot 4 did not say UNO: press c to
    catch!" of a bot that had said it (a catch of anyone holding one card is legal there), and
    the catch cost the player 2 cards."""
    model = seated(clock=Clock())
    model.apply(luis_open(uno_open=None, uno_said=(False, True, False, False)))  # (Catch still legal)
    screen = render_text(model, plain=plain)
    assert "did not say UNO" not in screen and "at risk" not in screen, screen
    model.apply(luis_open())
    assert "did not say UNO" in render_text(model, plain=plain)


def test_c_with_nobody_open_to_a_catch_accuses_nobody_where_false_catches_are_legal() -> None:
    """Found play-testing: Maya's c reached the server before Iker's next-to-last card; the only
    seat of one card was Robot 2, who had said UNO, and the catch went to him: "You wrongly called
    out Robot 2 — you drew Red 2, Yellow 2"."""
    model = seated(clock=Clock())
    model.apply(luis_open(uno_open=None, uno_said=(False, True, False, False)))  # (Catch still legal)
    model.outbox.clear()
    press(model, "c")
    assert model.outbox.take() == [] and model.prompts.notice == t("nobody_to_catch")
