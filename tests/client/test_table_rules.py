"""The host changes the rules of the table she sits at: in the waiting room, and at a match's
end for the next match (the form of a new table without its name, seats, bots and password;
``set_rules``). Found play-testing: the protocol had ``set_rules``, but no key sent it, and a
host who wanted stacking after her friends sat down had to leave and open another table."""

from __future__ import annotations

import dataclasses

import pytest
from clientkit import DOWN, ENTER, ESC, ME, RIGHT, make_view, press, room_info, seated

from client.enums import Screen
from client.form import CreateForm
from client.i18n import set_language, t
from client.model import Model
from client.plaincmd import PlainCommands
from client.plainview import PlainView
from client.render import Renderer
from client.rulestext import rules_changes
from engine import RuleSet
from engine.view import HandResult, MatchOutcome
from protocol import RoomUpdate, SetRules, ViewMsg, codec


def waiting(host: bool = True, lang: str = "en") -> Model:
    return seated(room=room_info(started=False, host_seat=ME if host else "2"), lang=lang)


def text_of(lines: list[list[tuple[str, str]]]) -> str:
    return "\n".join("".join(fragment[1] for fragment in line) for line in lines)


def test_the_form_of_a_tables_rules_starts_from_them_and_leaves_out_the_tables_own() -> None:
    rules = RuleSet.preset("house").to_dict() | {"stack_draw_two": False, "target_score": 200}
    room = room_info(started=False, preset="house", rules=rules, turn_timeout=12.0,
                     late_join="next_hand", bot_level="hard")
    form = CreateForm.of_room(room, ())
    assert form.editing and form.fields[0] == "preset"
    assert not {"name", "seats", "bots", "password"} & set(form.fields)
    assert form.rules_message() == SetRules(preset="house", rules=form.rules(), turn_timeout=12.0,
                                            bot_level="hard", late_join="next_hand")
    assert form.rules() == {key: rules[key] for key in form.rules()}  # unchanged: the same rules
    form.move(-1)  # (round, over the rules' fields only)
    assert form.focused == "save_as"


def test_r_opens_the_rules_enter_applies_them_esc_leaves_them() -> None:
    model = waiting()
    assert press(model, "R") == [] and model.screen is Screen.CREATE
    screen = text_of(Renderer(model).form(80, 30))
    assert "The rules of Mesa" in screen and "Seats" not in screen and "Password" not in screen, screen
    assert "Enter apply" in text_of(Renderer(model).help(80, 1))
    # down to "Stack Draw Two" (the rules, the bots' level, turn time, late arrivals, target,
    # strict Wild Draw Four, draw until playable, stack), on, and Enter
    sent = press(model, *[DOWN] * 7, RIGHT, ENTER)
    assert len(sent) == 1 and isinstance(sent[0], SetRules) and sent[0].rules["stack_draw_two"] is True
    assert sent[0].preset == "official" and sent[0].turn_timeout == 30.0
    assert model.form is None and model.screen is Screen.WAITING
    assert press(model, "R", RIGHT, ESC) == [] and model.form is None  # Esc: nothing sent
    assert model.screen is Screen.WAITING


def test_a_guest_has_no_rules_key_nor_a_host_mid_match() -> None:
    guest = waiting(host=False)
    assert press(guest, "R") == [] and guest.form is None and guest.screen is Screen.WAITING
    playing = seated(make_view(), room=room_info(started=True))
    press(playing, "R")
    assert playing.form is None and playing.screen is Screen.TABLE


def test_at_a_matchs_end_the_host_changes_the_rules_for_the_next_match() -> None:
    model = waiting()
    view = make_view(outcome=MatchOutcome("2", (0, 510, 0, 20)), hand_result=HandResult("2", 30))
    model.apply(ViewMsg(view=codec.view_to_wire(view), deadline=None))
    assert "R rules" in text_of(Renderer(model).help(100, 1))
    press(model, "R")
    assert model.screen is Screen.CREATE
    # the rematch begins meanwhile (the others accepted and so had she): the form goes
    room = model.seating.room
    assert room is not None
    model.apply(RoomUpdate(room=dataclasses.replace(room, started=True)))
    assert model.form is None and model.screen is Screen.TABLE


@pytest.mark.parametrize(("lang", "guest_line", "host_line"), [
    ("en", "Ana changed the rules: stack +2, turn 60 s", "You changed the rules: stack +2, turn 60 s"),
    ("es", "Ana cambió las reglas: acumular +2, turno de 60 s",
     "Cambiaste las reglas: acumular +2, turno de 60 s"),
])
def test_everyone_is_told_what_the_host_changed(lang: str, guest_line: str, host_line: str) -> None:
    try:
        for host, line in ((False, guest_line), (True, host_line)):
            seats = {"2": "Luis", ME: "Ana"} if host else {"2": "Ana", ME: "Luis"}
            model = seated(room=room_info(started=False, host_seat=ME if host else "2", seats=seats),
                           lang=lang)
            room = model.seating.room
            assert room is not None
            rules = dict(room.rules) | {"stack_draw_two": True}
            model.apply(RoomUpdate(room=dataclasses.replace(room, rules=rules, turn_timeout=60.0)))
            assert model.transcript.log[-1] == line, model.transcript.log
            # (a guest is told at once: at a match's end its board hides the log)
            assert model.prompts.notice == ("" if host else line)
    finally:
        set_language("en")


def test_the_changes_named_are_those_made() -> None:
    old = room_info(started=False)
    house = RuleSet.preset("house").to_dict()
    assert rules_changes(old, old) == []
    new = dataclasses.replace(old, preset="house", rules=house)
    changed = rules_changes(old, new)
    assert changed[0] == t("preset_house") and t("rule_stack_two") in changed
    assert t("rule_draw_until") in changed and t("rule_strict_four") in changed
    off = dataclasses.replace(new, rules=house | {"stack_draw_two": False, "target_score": None})
    assert rules_changes(new, off) == [t("rule_single"), t("rule_without", rule=t("rule_stack_two"))]
    later = dataclasses.replace(old, late_join="next_hand", bot_level="hard")
    assert rules_changes(old, later) == [t("rule_late_next_hand"), t("rule_bots", level=t("level_hard"))]


def test_plain_mode_changes_the_rules_by_number() -> None:
    model = waiting()
    model.plain = True
    commands = PlainCommands(model)
    commands.run("rules")
    assert model.screen is Screen.CREATE
    said = "\n".join(PlainView(model).changes())
    assert "The rules of Mesa" in said and "3 Turn time: 30 s" in said and "Seats" not in said, said
    commands.run("3 60")  # the third field: the turn's time
    commands.run("ok")
    sent = model.outbox.take()
    assert len(sent) == 1 and isinstance(sent[0], SetRules) and sent[0].turn_timeout == 60.0
    assert model.form is None and model.screen is Screen.WAITING
