"""keys.toml: rebinding works, a bad file is reported and its bad entries keep their defaults,
every help line and prompt shows the keys as bound, and the help screen lists them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from clientkit import ESC, ME, make_view, plays, press, render_text, room_info, screen_lines, seated, show

from client import keymap
from client.enums import Prompt
from client.form import step
from client.i18n import EN, set_language, t
from client.keymap import ACTIONS, KeyMap, keys_file, load, parse
from client.render import Renderer
from engine.actions import Draw, Pass
from engine.bots import BOT_LEVELS
from engine.view import HandResult, MatchOutcome
from protocol import Act, GetReplay, Rematch, SetBotLevel

PGUP, PGDN = "\x1b[5~", "\x1b[6~"


@pytest.fixture(autouse=True)
def _defaults_after() -> Iterator[None]:
    yield
    keymap.use(KeyMap())
    set_language("en")


def acts(messages: list) -> list[Act]:
    return [m for m in messages if isinstance(m, Act)]


def test_rebinding_draw_and_play() -> None:
    chosen = parse('draw = "g"\nplay = ["k", "F5"]\nwhy = "space"\n')
    assert chosen.problems == ()
    assert chosen.keys("draw", "en") == ("g",) and chosen.keys("draw", "es") == ("g",)
    assert chosen.keys("play", "en") == ("k", "f5")
    assert chosen.keys("why", "es") == (" ",)
    assert chosen.keys("pass", "en") == ("p",)  # untouched: the defaults
    assert KeyMap().keys("why", "es") == ("e", "w")  # each language's default, its own first


def test_the_new_keys_work_at_the_table_and_the_old_ones_do_not() -> None:
    keymap.use(parse('draw = "g"\nplay = "k"\n'))
    model = seated(make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]))
    assert acts(press(model, "d", "\r")) == []
    assert acts(press(model, "g")) == [Act(kind="draw")]
    show(model, make_view("R7 Y3", top="R5", legal=[*plays("R7"), Draw(ME)]))  # (the answer)
    assert acts(press(model, "k")) == [Act(kind="play", card="R7")]


@pytest.mark.parametrize(("text", "problem", "kept"), [
    ('drow = "g"', "no action is called “drow”: “draw”, maybe? (names: docs/KEYS.md)", {}),
    # (found play-testing: a Spanish word, and the error sent to the help screen, where the
    # names are not)
    ('robar = "g"', "no action is called “robar”: “draw”, maybe?", {}),
    ('xyzzy = "g"', "no action is called “xyzzy”; the names are in docs/KEYS.md", {}),
    ('the = "g"', "no action is called “the”; the names are in docs/KEYS.md", {}),
    # (the other action named: found play-testing, "does something else" left one guessing)
    ('draw = "p"', "draw = p: that key already does “pass; between hands, wait” there", {}),
    ('draw = "g"\npass = "g"', "pass = g: that key already does “draw” there", {"draw": ("g",)}),
    ('draw = "1"', "draw = 1: a fixed key there (F1 lists them)", {}),
    ('quit = "w"', "quit = w: that key already", {}),  # anywhere meets the lobby's w and the table's
    ('draw = "ctrl+shift+d"', "not a key a terminal can type", {}),
    ('draw = ""', "not a key a terminal can type", {}),
    ('draw = []', "not a key a terminal can type", {}),
    ('draw = 3', "not a key a terminal can type", {}),
    ('draw = "ab"', "not a key a terminal can type", {}),
    ('draw = "g', "not a TOML file", {}),
])
def test_a_bad_entry_is_reported_and_keeps_its_defaults(text: str, problem: str,
                                                        kept: dict[str, tuple[str, ...]]) -> None:
    chosen = parse(text)
    assert len(chosen.problems) == 1 and problem in chosen.problems[0], chosen.problems
    assert chosen.chosen == kept
    assert chosen.keys("draw", "en") == kept.get("draw", ("d",))


def test_problems_in_spanish_and_the_defaults_never_clash() -> None:
    assert "ninguna acción se llama «drow»" in parse('drow = "g"', "es").problems[0]
    assert parse("").problems == ()
    swapped = parse('draw = "p"\npass = "d"')  # a swap is no clash
    assert swapped.problems == () and swapped.keys("pass", "en") == ("d",)


def test_the_file_is_read_from_xdg_config_home(tmp_path: Path) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path)}
    path = keys_file(env)
    assert path == tmp_path / "uno" / "keys.toml"
    assert load(path).chosen == {} and load(path).problems == ()  # no file: the defaults
    path.parent.mkdir()
    path.write_text('draw = "g"\nbogus = "x"\n')
    loaded = load(path)
    assert loaded.chosen == {"draw": ("g",)} and len(loaded.problems) == 1
    assert keymap.active() is loaded
    path.write_bytes(b"\xff\xfe")
    assert "cannot be read" in load(path).problems[0]


# every action moved to a key no default uses (F1-F24 but the fixed F2, then Ctrl and a letter):
# no help line or prompt may show a default key
UNUSED = [*(f"f{i}" for i in range(1, 25) if i != 2), *(f"ctrl-{c}" for c in "abdefgknoprsuvwxyz")]
REBOUND = "\n".join(f'{a.name} = "{key}"' for a, key in zip(ACTIONS, UNUSED, strict=False))
DEFAULTS = ({k for a in ACTIONS for k in (*a.en, *a.es) if len(k) == 1 and k != " "} - {"+", "-"}
            - {k for keys in keymap.FIXED.values() for k in keys})
WORDS = {"en": set(), "es": {"o"}}  # a language's words that are also a default key ("o": or)
FIXED_LINES = ("help_confirm", "help_color", "help_start_color", "help_challenge", "help_seat", "help_chat",
               "help_browse", "help_host_quit", "help_host_quit_short", "form_hint", "form_hint_short",
               "form_rules_hint", "form_rules_hint_short")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_help_line_and_prompt_shows_the_keys_as_bound(lang: str) -> None:
    chosen = parse(REBOUND)
    assert chosen.problems == ()
    keymap.use(chosen)
    set_language(lang)
    checked = 0
    for key, text in EN.items():
        if key in FIXED_LINES or not (key.startswith("help_") or "{k_" in text):
            continue
        shown = t(key, name="N", n=2, card="C", host="H", address="A", reason="REASON", detail="D",
                  delay="1 s", attempt=1, progress="P", order="O", names="M", waiting="W",
                  pressed="PRESSED", action="ACTION", mine="MINE", yes="YES", accept="ACCEPT", no="NO",
                  why="WHY", pgdn="PGDN")
        words = set(re.split(r"[\s(),.;:!¡?¿·]+", shown))
        assert not words & (DEFAULTS - WORDS[lang]), (key, shown)
        assert re.search(r"\bF\d|Ctrl-", shown), (key, shown)
        checked += 1
    assert checked > 25


def test_the_help_line_shows_the_rebound_keys() -> None:
    keymap.use(parse('draw = "g"\nplay = "k"\nwhy = "F5"\n'))
    model = seated(make_view("R7", top="R5", legal=plays("R7")))
    line = render_text(model, columns=140)
    assert "k play  g draw  p pass" in line and "F5 why" in line


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_help_screen_lists_the_bindings_and_any_key_closes_it(lang: str) -> None:
    keymap.use(parse('draw = "g"\nplay = "k"\ndrow = "z"\n', lang))
    model = seated(make_view("R7", top="R5", legal=[*plays("R7"), Draw(ME), Pass(ME)]), lang=lang)
    press(model, "\x1bOP")  # F1
    assert model.prompt is Prompt.HELP
    text = "\n".join("".join(f[1] for f in line) for line in Renderer(model).keyhelp(100, 40))
    words = {"en": ("Playing a hand", "draw", "play the card", "In the lobby", "drow"),
             "es": ("Jugando una mano", "robar", "jugar la carta", "En la sala", "drow")}[lang]
    for word in words:
        assert word in text, (word, text)
    small = "\n".join("".join(f[1] for f in line) for line in Renderer(model).keyhelp(80, 24))
    assert words[1] in small, small
    # the help's last page: how to play, and where the whole rules are (docs/RULES.md, as the
    # lobby says it), the keys named as bound
    model.prompts.help_page = model.prompts.help_pages - 1
    last = "\n".join("".join(f[1] for f in line) for line in Renderer(model).keyhelp(100, 40))
    doc = {"en": "The rules of this game: docs/RULES.md", "es": "Las reglas de este juego: docs/REGLAS.md"}
    assert doc[lang] in last, last
    model.prompts.help_page = 0
    assert re.search(r"\bg +(draw|robar)\b", text) and re.search(r"\bk +(play|jugar)", text)
    assert acts(press(model, "g")) == []  # the key only closed the help
    assert model.prompt is Prompt.NONE
    press(model, "\x1bOP", ESC)
    assert model.prompt is Prompt.NONE


@pytest.mark.parametrize(("lang", "why", "away"), [("en", "w", "z"), ("es", "e", "f")])
def test_the_help_screen_lists_only_the_languages_own_keys(lang: str, why: str, away: str) -> None:
    """Found play-testing: the English help listed "w e" (why) and "z f" (step away), the
    Spanish keys beside the English ones; each language's help lists its own (the other's
    still work, unsaid)."""
    keymap.use(parse("", lang))
    model = seated(make_view(), lang=lang)
    press(model, "\x1bOP")  # F1
    text = "\n".join("".join(f[1] for f in line) for line in Renderer(model).keyhelp(100, 40))
    for key, action in ((why, "why"), (away, "away")):
        label = t("act_" + action)
        found = re.search(r"(\S+(?: \S+)?) +" + re.escape(label[:12]), text)
        assert found is not None and found.group(1) == key, (action, found, text)
    assert KeyMap().keys("why", lang) == (why, {"w": "e", "e": "w"}[why])  # (both languages' work)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_help_screen_says_everything_whole_at_80_columns(lang: str) -> None:
    """With the default keys, no label of the help screen is cut at 80×24 (in Spanish five
    were: "pillar a quien no dij…", "empezar (los bots ocu…"), nor the line of the fixed keys."""
    keymap.use(parse("", lang))
    model = seated(make_view(), lang=lang)
    press(model, "\x1bOP")  # F1
    lines = ["".join(f[1] for f in line) for line in Renderer(model).keyhelp(80, 22)]
    cut = [line for line in lines[1:] if "…" in line]  # (the title holds a path of any length)
    assert not cut, "\n".join(lines)
    # each column starts with a context's title (its keys are indented): a context that goes on
    # in the next column is titled again there (two of its keys sat under no title)
    first = next(line for line in lines[1:] if line.strip())
    assert first[1] != " " and first[40] != " ", "\n".join(lines)
    # ... marked as going on (the same heading side by side read as two), and a long key keeps
    # its label apart ("Enter Space play the card")
    assert {"en": "(continued)", "es": "(continúa)"}[lang] in first, first
    assert any({"en": "Enter Space  play", "es": "Enter Espacio  jugar"}[lang] in line for line in lines)
    # a blank column between the two: a label that filled its column pushed the next column's
    # entry one along (found play-testing: "volver a la partida guardada   o")
    body = [line for line in lines[lines.index(first):] if "Ctrl-C" not in line and "PgDn" not in line
            and "AvPág" not in line]
    assert all(len(line) < 40 or line[39] == " " for line in body), "\n".join(body)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_at_80_by_24_the_keys_are_one_page(lang: str) -> None:
    """The most common terminal: the help's last two lines went to a second page, while the
    empty prompt line under it kept a row (found play-testing). How to play comes after them."""
    keymap.use(parse("", lang))
    model = seated(make_view(), lang=lang)
    screen = "\n".join(screen_lines(model, "\x1bOP", columns=80, rows=24))
    pages = model.prompts.help_pages
    said = {"en": "Page 1 of {n}: PgDn how to play, PgUp back",
            "es": "Página 1 de {n}: AvPág cómo se juega, RePág vuelve"}[lang].format(n=pages)
    assert "Ctrl-C" in screen and said in screen, screen
    screen = "\n".join(screen_lines(model, PGDN, columns=80, rows=24))
    assert {"en": "How to play at this table", "es": "Cómo se juega en esta mesa"}[lang] in screen, screen
    set_language("en")


@pytest.mark.parametrize(("lang", "page", "last", "uno", "continued"), [
    ("en", "Page {n} of {pages}: PgDn goes on, PgUp back", "Page {n} of {pages}: PgUp back", "say UNO",
     "(continued)"),
    ("es", "Página {n} de {pages}: AvPág sigue, RePág vuelve", "Página {n} de {pages}: RePág vuelve",
     "decir UNO", "(continúa)"),
])
def test_a_short_terminal_s_help_turns_its_pages(lang: str, page: str, last: str, uno: str,
                                                 continued: str) -> None:
    """Found play-testing: at 60x20 the help ended at "j take a seat", and PgDn closed it: the
    keys of a hand (UNO, catch, hint, away) were out of reach. A page that starts inside a
    context names it again (a page began with "j take a seat", its title a page before)."""
    keymap.use(parse("", lang))
    model = seated(make_view(), lang=lang)
    screen = screen_lines(model, "\x1bOP", columns=60, rows=20)
    pages = model.prompts.help_pages
    assert pages > 1 and any(page.format(n=1, pages=pages) in row for row in screen), screen
    assert "F2" in screen[-1] and "…" not in screen[-1], screen  # (the line under it, whole)
    seen, went_on = [any(uno in row for row in screen)], []
    howto = {"en": ("How to play at this table", "goes on", "how to play"),
             "es": ("Cómo se juega en esta mesa", "sigue", "cómo se juega")}[lang]
    screens = [screen] + [screen_lines(model, PGDN, columns=60, rows=20) for _ in range(pages - 1)]
    assert model.prompt is Prompt.HELP
    first_howto = next(i for i, shown in enumerate(screens) if shown[1].strip() == howto[0])
    for n, screen in enumerate(screens[1:], start=2):
        said = (last if n == pages else page).format(n=n, pages=pages)
        if n == first_howto:  # the keys' last page says what comes next
            said = said.replace(howto[1], howto[2])
        assert any(row.strip() == said for row in screen), screen
        assert not screen[2].startswith("  "), screen  # (a page starts with a context's title)
        seen.append(any(uno in row for row in screen))
        went_on.append(continued in screen[2])
    assert seen.count(True) == 1 and not seen[0], seen  # on a later page, once
    assert howto[0] in screen[1], screen  # (how to play: the last pages)
    assert any(went_on)
    screen_lines(model, PGUP, columns=60, rows=20)
    assert model.prompts.help_page == pages - 2 and model.prompt is Prompt.HELP
    screen_lines(model, PGDN, PGDN, columns=60, rows=20)  # on from the last page: closed
    assert model.prompt is Prompt.NONE
    tall = screen_lines(model, "\x1bOP", columns=100, rows=40)  # (the keys on one page)
    assert sum(uno in row for row in tall) == 1, tall
    # back from the first page closes it, as any other key would (found play-testing: PgUp
    # left a one-page help open)
    screen_lines(model, PGUP, columns=100, rows=40)
    assert model.prompt is Prompt.NONE
    screen_lines(model, "\x1bOP", PGUP, columns=60, rows=20)
    assert model.prompt is Prompt.NONE


def test_the_waiting_room_and_the_lobby_use_the_bound_keys() -> None:
    keymap.use(parse('start = "f9"\nleave = "ctrl-x"\n'))
    model = seated(None, room=room_info(started=False))
    assert "F9 start" in render_text(model, columns=140)
    assert "Ctrl-X/l leave" in render_text(model, columns=140)  # (l, the second leave key, beside it)


def test_docs_keys_lists_every_action_with_its_defaults() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "KEYS.md").read_text()
    for action in ACTIONS:
        en = " ".join(f"`{keymap.shown(k, 'en')}`" for k in action.en)
        es = " ".join(f"`{keymap.shown(k, 'es')}`" for k in action.es)
        assert f"| `{action.name}` | {action.context} | {en} | {es} |" in doc, action.name


# ---- the keys that were fixed before: b, r, l in the waiting room; ?, v, m, n, o at the table

def test_the_waiting_rooms_bot_level_and_leave_keys_follow_the_file() -> None:
    keymap.use(parse('bot_level = "L"\nleave_waiting = "Q"\n'))
    model = seated(None, room=room_info(started=False))
    assert press(model, "b") == [] and model.prompt is Prompt.NONE
    assert press(model, "L") == [SetBotLevel(seat="1", level=step(BOT_LEVELS, None, 1))]
    press(model, "l")
    assert model.prompt is Prompt.NONE  # the old key does nothing now
    screen = render_text(model, columns=160)
    assert "L bot level" in screen and "L changes its level" in screen, screen
    press(model, "Q")
    assert model.prompt is Prompt.LEAVE


def test_the_resume_key_follows_the_file() -> None:
    keymap.use(parse('resume = "F7"\n'))
    model = seated(None, room=room_info(started=False, seats={"1": "Bot 1", "4": "Ana"}))
    model.host.active, model.host.offer_key = True, t("resume_offer_key", name="Mesa", progress="P")
    assert "F7: back to it" in model.host.offer_key
    press(model, "r")
    assert not model.host.resume_request
    press(model, "\x1b[18~")  # F7
    assert model.host.resume_request


def test_the_replay_and_hint_keys_follow_the_file() -> None:
    keymap.use(parse('replay = "V"\nhint = "F6"\n'))
    over = seated(make_view(hand_result=HandResult("2", 30)))
    assert press(over, "v") == []
    assert press(over, "V")[0] == GetReplay(hand=over.table.view.hand_number)  # type: ignore[union-attr]
    assert "V replay" in render_text(over, columns=140)
    model = seated(make_view("R7", top="R5", legal=plays("R7")))
    press(model, "?")
    assert not model.hints.thinking and model.hints.shown is None
    press(model, "\x1b[17~")  # F6
    assert model.hints.thinking or model.hints.shown is not None
    assert "F6 hint" in render_text(model, columns=160)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_rematch_keys_follow_the_file(lang: str) -> None:
    keymap.use(parse('rematch = "k"\nno_rematch = "i"\nseat_order = "g"\n'))
    over = {"outcome": MatchOutcome("2", (0, 510, 0, 20)), "hand_result": HandResult("2", 30)}
    model = seated(make_view(**over), room=room_info(started=False), lang=lang)
    assert press(model, "m", "o", "n") == [] and model.rematch.order == "keep"
    assert press(model, "g", "k") == [Rematch(order="random", accept=True)]
    assert press(model, "i") == [Rematch(accept=False)]
    screen = render_text(model, columns=160)
    assert {"en": "Rematch? k yes · i no (leave) · g seat order", "es": "¿Revancha? k sí · i no"}[lang] \
        in screen, screen
    assert {"en": "k rematch  g seat order  i no", "es": "k revancha  g orden  i no"}[lang] in screen


@pytest.mark.parametrize(("text", "clash"), [
    ('hint = "d"', True),  # the table's draw
    ('replay = "h"', True),  # the hand's h (fixed)
    ('rematch = "n"', True),  # the table's no_rematch
    ('seat_order = "r"', True),  # the waiting room's resume works at the table between hands
    ('bot_level = "s"', True),  # the room's start
    ('bot_level = "up"', True),  # ↑ picks the bot (fixed)
    ('leave_waiting = "q"', True),  # anywhere's quit
    ('draw = "b"', True),  # a table key meets the waiting room's
    ('bot_level = "h"', False),  # h only moves in a hand being played
    ('new_table = "m"', False),  # the lobby never meets the table
    ('hint = "F5"\nreplay = "?"', False),  # a swap of a default is no clash
])
def test_the_new_actions_report_clashes(text: str, clash: bool) -> None:
    chosen = parse(text)
    assert bool(chosen.problems) is clash, chosen.problems
    if clash:
        assert "that key already does “" in chosen.problems[0] or "a fixed key there" in chosen.problems[0]


def test_clashes_name_the_other_action_and_come_in_the_files_order() -> None:
    """Found play-testing: "that key already does something else there" for each of two lines,
    listed last first; which action had the key was left to guess."""
    problems = parse('draw = "r"\nhint = "h"').problems
    assert problems == ("draw = r: that key already does “back to the kept match” there; draw keeps its keys",
                        "hint = h: a fixed key there (F1 lists them); hint keeps its keys")
    (spanish,) = parse('draw = "r"', "es").problems
    assert spanish == ("draw = r: esa tecla ya hace «retomar la partida guardada» ahí; draw sigue con "
                       "las suyas")


def test_a_guest_s_help_leaves_out_the_host_s_keys() -> None:
    """Found play-testing: a guest's F1 listed "b bot level" and "- free the picked seat", keys
    that only the host can use."""
    keymap.use(parse("", "en"))
    guest = seated(make_view(), room=room_info(host_seat="2"))
    text = "\n".join("".join(f[1] for f in line) for line in Renderer(guest).keyhelp(100, 40))
    assert "free the picked seat" not in text and "bot level" not in text and "take a seat" in text, text
    host = seated(make_view())
    text = "\n".join("".join(f[1] for f in line) for line in Renderer(host).keyhelp(100, 40))
    assert "free the picked seat" in text and "bot level" in text, text
