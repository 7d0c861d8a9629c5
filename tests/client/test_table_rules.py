"""The host changes the rules of the table she sits at: in the waiting room, and at a match's
end for the next match (the form of a new table without its name, seats, bots and password;
``set_rules``). Found play-testing: the protocol had ``set_rules``, but no key sent it, and a
host who wanted stacking after her friends sat down had to leave and open another table."""

from __future__ import annotations

import dataclasses

import pytest
from clientkit import DOWN, ENTER, ESC, ME, RIGHT, make_view, plays, press, render_text, room_info, seated

from client.enums import Screen
from client.form import CreateForm
from client.i18n import set_language, t
from client.model import Model
from client.plaincmd import PlainCommands
from client.plainview import PlainView
from client.render import Renderer
from client.rulestext import rules_changes
from engine import RuleSet
from engine import events as ev
from engine.view import HandResult, MatchOutcome
from protocol import Events, RoomUpdate, SetRules, ViewMsg, codec


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


def test_a_guest_and_a_host_mid_match_are_told_the_rules_and_why_they_cannot_change_them() -> None:
    guest = waiting(host=False)
    assert press(guest, "R") == [] and guest.form is None and guest.screen is Screen.WAITING
    # (found play-testing: R said nothing; then "Only the host may do that", and not the rules)
    assert guest.prompts.notice == ("Rules: official — to 500 points, missed UNO: draw 2, turn 30 s, late "
                                    "arrivals sit at once. The host changes them")
    playing = seated(make_view(), room=room_info(started=True))
    press(playing, "R")
    assert playing.form is None and playing.screen is Screen.TABLE
    playing.plain = True
    PlainCommands(playing).run("rules")
    assert playing.form is None and playing.prompts.notice.endswith(". " + t("rules_not_now"))
    assert playing.prompts.notice.startswith("Rules: official — to 500 points")


def test_at_a_matchs_end_the_host_changes_the_rules_for_the_next_match() -> None:
    model = waiting()
    view = make_view(outcome=MatchOutcome("2", (0, 510, 0, 20)), hand_result=HandResult("2", 30))
    model.apply(ViewMsg(view=codec.view_to_wire(view), deadline=None))
    # (the board names the key: the key bar has no room beside the replay's)
    assert "R changes its rules" in " ".join(render_text(model, columns=80).split())
    press(model, "R")
    assert model.screen is Screen.CREATE
    # the rematch begins meanwhile (the others accepted and so had she): the form goes, and
    # she is told (found play-testing: in plain mode her next field was read as a card)
    room = model.seating.room
    assert room is not None
    model.apply(RoomUpdate(room=dataclasses.replace(room, started=True)))
    assert model.form is None and model.screen is Screen.TABLE
    assert model.prompts.notice == t("rules_form_closed")


def test_the_rules_applied_unchanged_are_not_sent() -> None:
    """Found play-testing: R then Enter, nothing changed, withdrew the others' acceptances of
    a rematch (the server now withdraws them only for a change, too)."""
    model = waiting()
    assert press(model, "R", ENTER) == [] and model.form is None


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
            # (no notice in the waiting room, whose log shows it: found play-testing, twice)
            assert line not in model.prompts.notice
    finally:
        set_language("en")


def test_the_changes_named_are_those_made() -> None:
    old = room_info(started=False)
    house = RuleSet.preset("house").to_dict()
    assert rules_changes(old, old) == []
    new = dataclasses.replace(old, preset="house", rules=house)
    # a new preset: it, its target, and what differs from it (not each option it changed:
    # found play-testing, the list ran past the notice's two lines)
    assert rules_changes(old, new) == [t("preset_house"), t("rule_target", n=500)]
    left = dataclasses.replace(old, preset="house", rules=house | {"first_to_left": True})
    assert rules_changes(old, left) == [t("preset_house"), t("rule_target", n=500), t("rule_left_first")]
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


def test_plain_ok_saves_the_rules_named_then_applies_them(tmp_path: object,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: "15 fam" then ok saved the rules, and ok again saved them again,
    never applying them; "15" (no name) then ok said the name was bad."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    model = waiting()
    model.plain = True
    commands = PlainCommands(model)
    commands.run("rules")
    commands.run("8")  # stack +2 on
    commands.run("15 fam")
    commands.run("ok")
    sent = model.outbox.take()
    assert len(sent) == 1 and isinstance(sent[0], SetRules) and sent[0].rules["stack_draw_two"] is True
    assert model.prompts.notice == t("rules_saved", name="fam") and model.form is None
    commands.run("rules")
    commands.run("15")  # the name cleared: nothing to save, the rules are applied
    commands.run("9")
    commands.run("ok")
    assert len(model.outbox.take()) == 1 and model.form is None


def test_the_spanish_name_of_a_preset_cannot_name_saved_rules() -> None:
    from client.saved_rules import SavedRulesError, check_name

    for name in ("official", "Oficial", "house"):
        with pytest.raises(SavedRulesError):
            check_name(name)
    assert check_name("oficiales") == "oficiales"


def test_the_saved_rules_a_table_plays_show_by_their_name(tmp_path: object,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: a table opened with saved rules ("ours") showed "official" in R's
    form, and a key pressed there dropped the saved options."""
    from client.saved_rules import save_rules

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    save_rules("ours", "house", {"jump_in": True, "target_score": None})
    rules = RuleSet.preset("house").to_dict() | {"jump_in": True, "target_score": None}
    room = room_info(started=False, preset="house", rules=rules)
    assert CreateForm.of_room(room, ("ours",)).rules_name == "ours"
    other = room_info(started=False, preset="house", rules=RuleSet.preset("house").to_dict())
    assert CreateForm.of_room(other, ("ours",)).rules_name == "house"


def test_the_turn_time_the_table_has_can_be_chosen_again() -> None:
    """Found play-testing: opened with `--turn-timeout 1`, one ← in the form showed "no", and the
    values after were 15, 30… s: 1 s came back only by Esc."""
    form = CreateForm.of_room(room_info(started=False, turn_timeout=1.0), ())
    form.focus = form.fields.index("timeout")
    form.change(-1)
    assert form.timeout == 0.0
    form.change(1)
    assert form.timeout == 1.0
    form.change(1)
    assert form.timeout == 15.0


def test_the_target_the_table_has_can_be_chosen_again() -> None:
    """Found play-testing: opened with `--target 150`, ← gave "a single hand", and → 50, 100,
    200: 150 came back only by Esc."""
    rules = {**room_info().rules, "target_score": 150}
    form = CreateForm.of_room(room_info(started=False, rules=rules), ())
    form.focus = form.fields.index("target")
    assert form.target == 150
    form.change(1)
    assert form.target == 200
    form.change(-1)
    assert form.target == 150
    form.change(-1)
    assert form.target == 100


def test_a_guest_whose_yes_to_the_rematch_went_is_asked_again() -> None:
    """Found play-testing: a guest who had accepted saw the question again, not why."""
    model = seated(make_view(outcome=MatchOutcome("2", (0, 510, 0, 20)), hand_result=HandResult("2", 30)),
                   room=room_info(started=False, host_seat="2", rematch=(ME,), rematch_order="keep"))
    room = model.seating.room  # (told at once: at a match's end the board hides the log)
    assert room is not None
    rules = dict(room.rules) | {"jump_in": True}
    model.apply(RoomUpdate(room=dataclasses.replace(room, rules=rules, rematch=(), rematch_order=None)))
    assert model.prompts.notice == "Luis changed the rules: jump-in — accept the rematch again: m"


def test_the_notice_of_new_rules_goes_when_the_next_match_is_dealt() -> None:
    """Found play-testing: a guest's notice of the host's change stayed through the next match's
    first hand, until a key (the log keeps the line, and the table shows the log again)."""
    model = seated(
        make_view(outcome=MatchOutcome("2", (0, 510, 0, 20)), hand_result=HandResult("2", 30)),
        room=room_info(started=False, host_seat="2"))
    room = model.seating.room
    assert room is not None
    model.apply(RoomUpdate(room=dataclasses.replace(room, rules=dict(room.rules) | {"jump_in": True})))
    assert model.prompts.notice.startswith("Luis changed the rules")
    model.apply(Events(events=(codec.event_to_wire(ev.HandStarted(1, "2", 1)),
                               codec.event_to_wire(ev.TurnStarted("2")))))
    assert model.prompts.notice == ""
    assert "Luis changed the rules: jump-in" in model.transcript.log


def match_over_with_form(plain: bool = False) -> Model:
    """Ana, the host, at a match's end with the rules' form open; then the rematch begins on
    her turn (the others accepted, and so had she)."""
    model = waiting()
    model.plain = plain
    view = make_view(outcome=MatchOutcome("2", (0, 510, 0, 20)), hand_result=HandResult("2", 30))
    model.apply(ViewMsg(view=codec.view_to_wire(view), deadline=None))
    model.edit_rules()
    room = model.seating.room
    assert room is not None and model.screen is Screen.CREATE
    model.apply(RoomUpdate(room=dataclasses.replace(room, started=True)))
    model.apply(ViewMsg(view=codec.view_to_wire(make_view("R7 Y3", top="R5", legal=plays("R7"))),
                        deadline=30.0))
    model.outbox.clear()
    return model


def test_the_key_meant_for_the_form_the_rematch_closed_plays_nothing() -> None:
    """Found play-testing: the rematch began on the host's turn while her form was open, and
    the Enter meant to apply it played Red Draw Two; in plain mode "4" (a field) played card 4."""
    model = match_over_with_form()
    assert model.prompts.notice == t("rules_form_closed")
    assert press(model, ENTER) == [] and model.prompts.notice == ""  # read, nothing played
    assert len(press(model, ENTER)) == 1  # the next key plays
    plain = match_over_with_form(plain=True)
    commands = PlainCommands(plain)
    commands.run("1")
    assert plain.outbox.take() == [] and plain.prompts.notice == t("plain_line_held")
    commands.run("1")
    assert len(plain.outbox.take()) == 1


def test_plain_mode_takes_the_key_the_board_names_and_its_help_names_the_rules() -> None:
    model = waiting()
    model.plain = True
    view = make_view(outcome=MatchOutcome("2", (0, 510, 0, 20)), hand_result=HandResult("2", 30))
    model.apply(ViewMsg(view=codec.view_to_wire(view), deadline=None))
    commands = PlainCommands(model)
    assert "rules (or R)" in commands.help() and "start (s)" in commands.help()
    commands.run("R")  # (the board says "R changes its rules")
    assert model.screen is Screen.CREATE and model.form is not None and model.form.editing


def test_r_mid_match_says_when_the_rules_change() -> None:
    model = seated(make_view(), room=room_info(started=True))
    press(model, "R")
    assert model.prompts.notice.endswith(". " + t("rules_not_now"))
    # (until the next deal: found play-testing, it stayed through the next hand's turns)
    model.apply(Events(events=(codec.event_to_wire(ev.HandStarted(2, "2", 1)),)))
    assert model.prompts.notice == ""


def test_the_waiting_rooms_header_marks_rules_changed_from_the_preset() -> None:
    """Found play-testing: after the host's change the header still read "official"."""
    room = room_info(started=False)
    model = seated(room=dataclasses.replace(room, rules=dict(room.rules) | {"seven_zero": True}))
    assert "· official+" in render_text(model, columns=80).splitlines()[0]
