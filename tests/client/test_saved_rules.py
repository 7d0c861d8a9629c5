"""House rules saved under a name: the file (save, load, bad files), ``uno host --save-rules`` and
``--rules NAME`` with flags beside it, and the new-table form's rules field and "save as" field."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from clientkit import (
    BACKSPACE,
    DOWN,
    ENTER,
    connected_model,
    press,
    render_text,
    room_info,
    screen_lines,
    seated,
)

from client.commands import add_host_arguments, rule_overrides, run_host
from client.form import FIELDS, CreateForm
from client.i18n import set_language, t
from client.model import Model
from client.render import Renderer
from client.saved_rules import (
    SavedRulesError,
    load_rules,
    resolve,
    rules_dir,
    save_rules,
    saved_names,
)
from engine import RuleSet
from protocol import CreateRoom


@pytest.fixture(autouse=True)
def own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no rules saved."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def form_text(model: Model) -> str:
    return "\n".join("".join(part[1] for part in line) for line in Renderer(model).form(80, 40))


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    return parser.parse_args(list(argv))


def test_rules_live_under_xdg_config_home(tmp_path: Path) -> None:
    assert rules_dir() == tmp_path / "config" / "uno" / "rules"
    path = save_rules("ours", "house", {"stack_draw_two": False, "target_score": None})
    assert path == tmp_path / "config" / "uno" / "rules" / "ours.toml"
    text = path.read_text()
    assert 'preset = "house"' in text and "stack_draw_two = false" in text
    assert load_rules("ours") == ("house", {"stack_draw_two": False, "target_score": None})
    assert saved_names() == ["ours"]


def test_a_saved_file_round_trips_every_option() -> None:
    rules = RuleSet(first_to_left=False, draw_until_playable=True, stack_draw_two=True,
                    seven_zero=True, jump_in=True, uno_penalty=4, false_catch_penalty=1,
                    target_score=250)
    save_rules("every-one_2", "official", rules.to_dict())
    preset, overrides = load_rules("every-one_2")
    assert RuleSet.from_dict({**RuleSet.preset(preset).to_dict(), **overrides}) == rules


@pytest.mark.parametrize(("name", "code"), [("official", "preset_name"), ("House", "preset_name"),
                                            ("a b", "bad_name"), ("../x", "bad_name"), ("", "bad_name"),
                                            ("x" * 33, "bad_name")])
def test_names_of_presets_and_odd_names_cannot_be_taken(name: str, code: str) -> None:
    with pytest.raises(SavedRulesError) as caught:
        save_rules(name, "official", {})
    assert caught.value.code == code
    assert not rules_dir().exists() or not list(rules_dir().iterdir())


@pytest.mark.parametrize(("text", "words"), [
    ("preset = [", "not a rules file"),
    ('preset = "mine"', "preset must be one of"),
    ('preset = "house"\n[rules]\nstack_draw_too = true', "unknown rule option 'stack_draw_too'"),
    ('preset = "house"\n[rules]\nuno_penalty = 40', "between 0 and 10"),
    ('preset = "house"\n[rules]\nstack_draw_two = "yes"', "true or false"),
    ('preset = "house"\nrules = 3', "[rules] must be a table"),
    ('preset = "house"\ncolour = "red"', "unknown setting 'colour'"),
    (b"\xff\xfe".decode("latin-1"), "not a rules file"),
])
def test_a_bad_file_is_refused_with_a_clear_message(text: str, words: str) -> None:
    rules_dir().mkdir(parents=True)
    (rules_dir() / "bad.toml").write_text(text, encoding="utf-8" if text.isascii() else "latin-1")
    with pytest.raises(SavedRulesError) as caught:
        load_rules("bad")
    assert words in str(caught.value) and "bad.toml" in str(caught.value)


def test_an_unknown_name_lists_the_known_ones() -> None:
    save_rules("ours", "house", {})
    with pytest.raises(SavedRulesError, match=r"no rules named 'theirs' \(known: official, house, ours\)"):
        load_rules("theirs")


def test_flags_beside_saved_rules_override_them() -> None:
    save_rules("ours", "house", {"stack_draw_two": False, "uno_penalty": 4})
    args = parse("--rules", "ours", "--uno-penalty", "1", "--jump-in")
    preset, overrides = resolve(args.rules, rule_overrides(args))
    assert preset == "house"
    assert overrides == {"stack_draw_two": False, "uno_penalty": 1, "jump_in": True, "target_score": 500}
    assert resolve("official", {"jump_in": True}) == ("official", {"jump_in": True})


def test_uno_host_save_rules_writes_the_file_and_says_how_to_use_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = run_host(parse("--save-rules", "ours", "--rules", "house", "--no-stack-draw-two",
                          "--target", "200", "--lang", "en"))
    assert code == 0
    assert load_rules("ours") == ("house", {"stack_draw_two": False, "target_score": 200})
    said = capsys.readouterr().out
    assert "uno host --rules ours" in said and "in place of" not in said
    # again under that name: said to replace them (found play-testing, they went without a word)
    assert run_host(parse("--save-rules", "Ours", "--rules", "official", "--lang", "en")) == 0
    said = capsys.readouterr().out  # (one name, in its first capitals)
    assert "Rules saved as ours" in said and "in place of those saved before under that name" in said
    assert load_rules("ours")[0] == "official" and saved_names() == ["ours"]


@pytest.mark.parametrize(("argv", "words"), [
    (("--rules", "nothing"), "No rules saved as “nothing” (there are: official, house)"),
    (("--save-rules", "house"), "That is a preset's name"),
])
def test_uno_host_refuses_bad_rules_without_a_traceback(
        argv: tuple[str, ...], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_host(parse(*argv, "--lang", "en")) == 2
    err = capsys.readouterr().err
    assert err.startswith("uno host: ") and words in err and "Traceback" not in err
    with pytest.raises(SystemExit):  # (a penalty out of range: refused before anything is saved)
        parse("--save-rules", "ok", "--uno-penalty", "12")
    assert not (rules_dir() / "ok.toml").exists()


def test_uno_host_refuses_a_broken_file_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    rules_dir().mkdir(parents=True)
    (rules_dir() / "ours.toml").write_text("preset = ", encoding="utf-8")
    assert run_host(parse("--rules", "ours", "--lang", "en")) == 2
    err = capsys.readouterr().err
    assert "ours.toml: not a rules file" in err and "Traceback" not in err


def test_the_form_lists_saved_rules_beside_the_presets_and_takes_their_values() -> None:
    save_rules("ours", "house", {"stack_draw_two": False, "jump_in": True, "target_score": 200})
    rules_dir().joinpath("broken.toml").write_text("?", encoding="utf-8")
    form = CreateForm(saved=tuple(saved_names()))
    form.focus = FIELDS.index("preset")
    seen = []
    for _ in range(4):
        form.change(1)
        seen.append(form.rules_name)
    assert seen == ["house", "broken", "ours", "official"]
    form.change(-1)
    assert (form.rules_name, form.preset, form.bad_file) == ("ours", "house", "")
    message = form.message("x")
    assert message.preset == "house"
    assert RuleSet.from_dict({**RuleSet.preset("house").to_dict(), **message.rules}) == RuleSet.preset(
        "house", stack_draw_two=False, jump_in=True, target_score=200)
    form.change(-1)
    assert form.bad_file and form.rules_name == "broken"


def test_enter_on_broken_saved_rules_opens_nothing_and_says_why() -> None:
    """Found play-testing: Sal chose his broken "bad" rules in the form, and Enter opened a
    table with the rules of the choice before, without a word."""
    rules_dir().mkdir(parents=True)
    rules_dir().joinpath("bad.toml").write_text('preset = "house"\n[rules]\nseven_zero = "maybe"\n',
                                                encoding="utf-8")
    model = connected_model()
    press(model, "n")
    assert model.form is not None
    model.form.focus = FIELDS.index("preset")
    model.form.choose_rules("bad")
    assert "◀ bad: unusable (Enter says why) ▶" in form_text(model)  # (whole at 80 columns)
    assert press(model, ENTER) == [] and model.form is not None
    notice = model.prompts.notice
    assert notice.startswith("The rules file bad cannot be used: ") and "seven_zero" in notice, notice


@pytest.mark.parametrize(("lang", "shown", "saved"), [("en", "Save these rules as", "Rules saved as ours"),
                                                      ("es", "Guardar estas reglas como",
                                                       "Reglas guardadas como ours")])
def test_the_save_as_field_saves_the_forms_rules(lang: str, shown: str, saved: str) -> None:
    set_language(lang)
    try:
        model = connected_model()
        press(model, "n")
        assert model.form is not None
        model.form.focus = FIELDS.index("jump_in")
        press(model, " ")
        sent = press(model, *[DOWN] * (FIELDS.index("save_as") - FIELDS.index("jump_in")), *"ours", ENTER)
        assert sent == []  # Enter there saves, it does not open the table
        assert shown in form_text(model) and saved in render_text(model)
        assert load_rules("ours") == ("official", {"jump_in": True, "target_score": 500})
        assert model.form.rules_name == "ours" and "ours" in model.form.saved
        press(model, *"!", ENTER)
        assert ("1 to 32" if lang == "en" else "1 a 32") in render_text(model)
        press(model, BACKSPACE, ENTER)  # (the name is saved already: asked first)
        assert model.prompts.notice == t("rules_replace", name="ours")
        press(model, ENTER)  # saved again; and Enter again (nothing changed) opens the table
        assert "(saved: Enter opens the table)" in form_text(model) or lang == "es"
        sent = press(model, ENTER)  # (found play-testing: in plain mode, ok saved them again and again)
        assert len(sent) == 1 and isinstance(sent[0], CreateRoom) and sent[0].rules["jump_in"] is True
    finally:
        set_language("en")



def test_saving_over_rules_saved_already_asks_first() -> None:
    """Found play-testing: Jon typed "ours", a name he had saved before, and Enter replaced his
    rules without a word; "Ours" would have made a second file beside "ours"."""
    save_rules("ours", "house", {"jump_in": True})
    model = connected_model()
    press(model, "n")
    assert model.form is not None
    model.form.focus = FIELDS.index("save_as")
    press(model, *"Ours", ENTER)
    assert model.prompts.notice == "Rules named ours are saved already: Enter again replaces them"
    assert load_rules("ours")[0] == "house"  # (not yet)
    press(model, ENTER)
    assert model.prompts.notice == "Rules saved as ours" and saved_names() == ["ours"]
    assert load_rules("ours")[0] == "official"


@pytest.mark.parametrize(("lang", "shown"), [("en", "(no name: Enter opens the table)"),
                                             ("es", "(sin nombre: Enter abre la mesa)")])
def test_enter_on_the_save_as_field_with_no_name_opens_the_table(lang: str, shown: str) -> None:
    """Found play-testing at 60x20 (the form scrolled to its last field): Enter on the empty "save
    these rules as" said the name was bad, and opened nothing."""
    set_language(lang)
    try:
        model = connected_model()
        press(model, "n")
        assert model.form is not None
        model.form.focus = FIELDS.index("save_as")
        assert shown in form_text(model)
        sent = press(model, ENTER)
        assert len(sent) == 1 and isinstance(sent[0], CreateRoom), sent
    finally:
        set_language("en")


def test_uno_host_refuses_rules_in_the_players_language(capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: a Spanish reader's `uno host --rules nada` was answered in English."""
    assert run_host(parse("--rules", "nada", "--lang", "es")) == 2
    assert capsys.readouterr().err == "uno host: No hay reglas guardadas como «nada» (hay: official, house)\n"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_saving_rows_words_on_what_enter_does_are_whole(lang: str) -> None:
    """Found play-testing (helper 130): "› Guardar estas reglas como  nuestras▏ (guardadas: Enter
    las apl…", cut at the form's 66 columns just where it says what Enter does now."""
    model = seated(room=room_info(started=False), lang=lang)
    try:
        model.edit_rules()
        assert model.form is not None
        model.form.focus = model.form.fields.index("save_as")
        model.form.save_as, model.form.just_saved = "nuestras", True
        (row,) = [line for line in screen_lines(model, columns=100, rows=30) if "nuestras" in line]
        assert row.rstrip().endswith(t("form_saved_apply")), row
    finally:
        set_language("en")
