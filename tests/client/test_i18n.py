"""Every text exists in English and Spanish, with the same placeholders; card names follow the
rule documents; the language comes from --lang or the locale."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from client import i18n, keymap
from client.draw import help_text
from client.i18n import EN, ES, card_name, decimal, detect_language, set_language, t
from engine.cards import CARD_KINDS, Card, Color, Rank

CLIENT = Path(__file__).resolve().parents[2] / "client"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_exists_in_both_languages() -> None:
    assert set(EN) == set(ES), (sorted(set(EN) - set(ES)), sorted(set(ES) - set(EN)))


def test_no_text_key_is_defined_twice() -> None:
    """The one table is merged from several (client/texts.py): a key defined in two of them
    silently loses one text (found re-reading: a match's "Bot 1 plays at expert level" took the
    key of the waiting room's "Bot 1 now plays at the expert level")."""
    import ast
    import importlib

    texts = Path(i18n.__file__).with_name("texts.py")
    tree = ast.parse(texts.read_text(encoding="utf-8"))
    table = next(node.value for node in tree.body if isinstance(node, ast.AnnAssign)
                 and isinstance(node.target, ast.Name) and node.target.id == "TEXTS")
    assert isinstance(table, ast.Dict)
    seen: dict[str, str] = {}
    for key in table.keys:
        if isinstance(key, ast.Constant):
            assert key.value not in seen, (key.value, "texts.py")
            seen[key.value] = "texts.py"
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.names[0].name.endswith("_TEXTS"):
            module = importlib.import_module("client." + str(node.module))
            for name in node.names:
                for key in getattr(module, name.name):
                    assert key not in seen, (key, node.module, seen.get(key))
                    seen[key] = str(node.module)
    assert set(seen) == set(EN)


@pytest.mark.parametrize("key", sorted(EN))
def test_both_languages_take_the_same_placeholders(key: str) -> None:
    if key in ("card_number", "card_action"):  # "Red 7" / "7 rojo": the cases of the colour differ
        assert fields(EN[key]) | fields(ES[key]) <= {"color", "Color", "rank"}
    else:
        assert fields(EN[key]) == fields(ES[key]), key


def test_every_text_the_client_asks_for_exists() -> None:
    """Literal keys in ``t("...")`` calls anywhere in the client, and the key families built at
    run time (error codes, reasons, presets, colours, ranks)."""
    used: set[str] = set()
    for path in CLIENT.glob("*.py"):
        used |= set(re.findall(r"\bt\(\s*\"([A-Za-z0-9_+]+)\"\s*[,)]", path.read_text(encoding="utf-8")))
    assert len(used) > 60
    missing = sorted(key for key in used if key not in EN)
    assert not missing, missing
    for family in ("preset_official", "preset_house", "reason_eof", "reason_broken", "reason_refused",
                   "reason_timeout", "reason_shutdown", "reason_unreachable", "err_generic"):
        assert family in EN


@pytest.mark.parametrize("card", CARD_KINDS, ids=str)
def test_every_card_has_a_name_in_both_languages(card: Card) -> None:
    names = []
    for lang in ("en", "es"):
        set_language(lang)
        name = card_name(card)
        assert name and "{" not in name and "rank_" not in name and "color_" not in name
        names.append(name)
    set_language("en")
    if card.color is not None and not card.rank.is_number:
        assert names[0] != names[1]


# (English, Spanish) names of cards, as the rule documents give them
CARD_NAMES = {
    "R+2": ("Red Draw Two", "Roba dos rojo"),
    "BR": ("Blue Reverse", "Cambio de sentido azul"),
    "GS": ("Green Skip", "Salta turno verde"),
    "W": ("Wild", "Comodín"),
    "W+4": ("Wild Draw Four", "Comodín +4"),
    "Y7": ("Yellow 7", "7 amarillo"),
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_card_names_follow_the_rule_documents(language: str) -> None:
    set_language(language)
    try:
        for text, (english, spanish) in CARD_NAMES.items():
            assert card_name(Card.parse(text)) == (spanish if language == "es" else english), text
    finally:
        set_language("en")


def test_card_codes_use_the_languages_initials_as_the_colour_keys_do() -> None:
    """The letter every card shows (colour or not, ``--colorblind``, ``NO_COLOR``) is read by a
    player of each language: in Spanish A(marillo), V(erde), Z (azul) and C(omodín), the
    letters of the colour keys (it showed Y6 and W+4 to a player who reads only Spanish)."""
    codes = ["R7", "YS", "G+2", "BR", "W", "W+4"]
    set_language("es")
    try:
        assert [i18n.card_code(Card.parse(c)) for c in codes] == ["R7", "AS", "V+2", "ZR", "C", "C+4"]
        assert [i18n.keys_of("color_" + c)[0] for c in "RYGB"] == ["r", "a", "v", "z"]
    finally:
        set_language("en")
    assert [i18n.card_code(Card.parse(c)) for c in codes] == codes


def test_language_from_the_flag_or_the_locale(tmp_path: Path) -> None:
    # (settings in an empty folder: without one, the language last chosen on this machine, in
    # the real home, decided; found when a run without XDG folders had chosen Spanish there)
    none = {"XDG_CONFIG_HOME": str(tmp_path)}
    assert detect_language("es", none) == "es"
    assert detect_language("en", {**none, "LANG": "es_ES.UTF-8"}) == "en"
    assert detect_language(None, {**none, "LANG": "es_AR.UTF-8"}) == "es"
    assert detect_language(None, {**none, "LC_ALL": "en_US.UTF-8", "LANG": "es_ES.UTF-8"}) == "en"
    assert detect_language(None, {**none, "LC_ALL": "", "LC_MESSAGES": "es_MX", "LANG": "C"}) == "es"
    assert detect_language(None, none) == "en"


def test_t_formats_in_the_current_language() -> None:
    set_language("es")
    try:
        assert t("ev_drew_n", name="Luis", n=2) == "Luis robó 2 cartas"
        assert i18n.language() == "es"
    finally:
        set_language("en")
    assert t("ev_drew_n", name="Luis", n=2) == "Luis drew 2"


def _refusal_codes() -> set[str]:
    """Every code the engine or the server refuses a request with (the protocol's own codes
    mean a broken client, not a player's key, and are left out)."""
    import inspect

    import engine.errors
    from server import errors as server_errors

    rules = {cls.code for _, cls in inspect.getmembers(engine.errors, inspect.isclass)
             if issubclass(cls, engine.errors.RuleError)}
    return rules | set(server_errors.SERVER_CODES)


@pytest.mark.parametrize("code", sorted(_refusal_codes()))
def test_every_refusal_a_player_can_meet_is_said_in_both_languages(code: str) -> None:
    """A key pressed as the table changed (a jump-in someone beat, a card after the hand ended)
    is refused by code: the client says why in its language, not the server's English."""
    assert f"err_{code}" in EN and f"err_{code}" in ES


def test_a_jump_in_someone_beat_is_refused_in_spanish() -> None:
    from client.model import Model
    from protocol import Error

    set_language("es")
    try:
        model = Model("Sofía")
        model.apply(Error(code="jump_in_refused", message="a jump-in needs the identical card", ref="act"))
        assert model.prompts.notice == "Tarde para cortar: cambió la carta de arriba"
    finally:
        set_language("en")


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_replay_viewers_key_line_fits_80_columns(language: str) -> None:
    """(In Spanish it ended "q vo…" at 80 columns: the key that goes back was cut.)"""
    set_language(language)
    try:
        assert len(" " + t("replay_help")) <= 80 - 1
        assert len(" " + t("replay_help_alone")) <= 80 - 1
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "line"), [("en", "Zoe jumped in with Green 9, taking the turn"),
                                            ("es", "Zoe cortó con 9 verde y jugó ese turno")])
def test_a_jump_in_says_the_turn_is_the_jumpers_now(lang: str, line: str) -> None:
    """The log said only "Zoe jumped in with Green 9", and Ana's turn just went (found
    play-testing): the line says the turn went to the one who jumped in."""
    from client.narrate import narrate
    from engine.events import CardPlayed

    set_language(lang)
    try:
        played = CardPlayed("2", Card.parse("G9"), Color.GREEN, jump_in=True)
        assert narrate([played], {"2": "Zoe"}.__getitem__) == [line]
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "me", "line"), [
    ("en", None, "Zoe jumped in with Green 9, taking Ana's turn"),
    ("en", "1", "Zoe jumped in with Green 9, taking your turn"),
    ("en", "2", "You jumped in with Green 9, taking Ana's turn"),
    ("es", None, "Zoe cortó con 9 verde y le quitó el turno a Ana"),
    ("es", "1", "Zoe cortó con 9 verde y te quitó el turno"),
    ("es", "2", "Cortaste con 9 verde y le quitaste el turno a Ana"),
])
def test_a_jump_in_says_whose_turn_it_took(lang: str, me: str | None, line: str) -> None:
    """Found play-testing: "taking the turn" did not say whose; the live log knows whose turn it
    was as the batch began."""
    from client.narrate import narrate
    from engine.events import CardPlayed, TurnStarted

    set_language(lang)
    try:
        played = CardPlayed("2", Card.parse("G9"), Color.GREEN, jump_in=True)
        names = {"1": "Ana", "2": "Zoe", "3": "Luis"}.__getitem__
        assert narrate([played, TurnStarted("3")], names, me, turn="1") == [line]
        # (a turn that began within the batch is the one taken)
        passed = narrate([TurnStarted("1"), played], names, me, turn="3")
        assert passed[-1].endswith(line[-12:]), passed
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "written"), [("en", "2.5"), ("es", "2,5")])
def test_decimals_are_written_as_the_language_writes_them(lang: str, written: str) -> None:
    """Found play-testing: the Spanish banner read "Reintento en 0.5 s" (REGLAS.md writes 0,75)."""
    set_language(lang)
    try:
        assert decimal(2.5) == written
    finally:
        set_language("en")


def test_the_cards_drawn_read_as_cards_not_counts() -> None:
    """Found play-testing: "Bot 1 robó 2 azul, 8 rojo" read as two blue cards and eight red ones;
    each card drawn comes with its article in Spanish, in the log and in the drawn card's prompt."""
    from client.narrate import narrate
    from engine.events import Drew

    cards = (Card(Color.BLUE, Rank.TWO), Card(Color.RED, Rank.EIGHT))
    drew = Drew("2", 2, cards, "draw_two")
    set_language("es")
    try:
        assert narrate([drew], lambda seat: "Bot 1") == ["Bot 1 robó el 2 azul y el 8 rojo"]
        assert narrate([drew], lambda seat: "Bot 1", me="2") == ["Robaste el 2 azul y el 8 rojo"]
        until = narrate([Drew("2", 2, cards, "draw")], lambda seat: "Bot 1")  # (R9)
        assert until == ["Bot 1 robó 2 cartas hasta tener una que jugar: el 8 rojo (antes: el 2 azul)"]
        assert t("prompt_drawn", card="2 azul").startswith("Robaste el 2 azul: ")
    finally:
        set_language("en")
    assert narrate([drew], lambda seat: "Bot 1") == ["Bot 1 drew Blue 2 and Red 8"]


TABLE_ACTIONS = ("help", "play", "draw", "pass", "uno", "catch", "hint", "why", "chat", "leave", "quit")


def table_keys_named(width: int) -> set[str]:
    """The actions whose keys the table's key bar names at ``width`` columns."""
    items = help_text("help_table", width).split("  ")
    keys = keymap.active().fields(i18n.language())
    return {action for action in TABLE_ACTIONS
            if any(item.startswith(keys["k_" + action] + " ") for item in items)}


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_the_spanish_table_key_bar_names_every_key_the_english_one_does(columns: int) -> None:
    """Found play-testing at 60 columns: the Spanish key bar lost the hint's key (its labels are
    longer), which the English one keeps (catch's goes in both; the prompt line names it when a
    catch is on). (The help line is drawn one column short of the screen: ``PromptLine.help``.)"""
    try:
        set_language("en")
        english = table_keys_named(columns - 1)
        set_language("es")
        spanish = table_keys_named(columns - 1)
        assert english <= spanish, help_text("help_table", columns - 1)
        assert "hint" in spanish
    finally:
        set_language("en")


SEATS4 = ("1", "2", "3", "4")
NAMES4 = {"1": "Ana", "2": "Zoe", "3": "Luis", "4": "Bot 1"}


@pytest.mark.parametrize(("jumper", "way", "taken"), [
    ("1", 1, []), ("3", 1, ["2"]), ("4", 1, ["2", "3"]),  # clockwise, Zoe on turn
    ("3", -1, []), ("1", -1, ["2"]), ("4", -1, ["2", "1"]),  # counter-clockwise
])
def test_a_jump_in_takes_the_turns_of_the_seats_from_the_one_on_turn_to_the_jumper(
        jumper: str, way: int, taken: list[str]) -> None:
    from client.narrate import turns_taken

    assert turns_taken(jumper, "2", way, SEATS4) == taken
    assert turns_taken("1", "2", way, ("1", "2")) == []  # heads-up: the turn comes straight back
    assert turns_taken(jumper, None, way, SEATS4) is None and turns_taken(jumper, "2", way, None) is None


@pytest.mark.parametrize(("card", "line"), [
    ("GR", "Bot 1 jumped in with Green Reverse, taking Zoe's turn"),
    ("G9", "Bot 1 jumped in with Green 9: Zoe and you miss a turn")])
def test_a_jump_in_with_a_reverse_takes_no_turn_from_the_seat_it_sends_play_back_to(
        card: str, line: str) -> None:
    """Found play-testing: "Bot 2 jumped in with Red Reverse: Lola and you miss a turn —
    direction reversed: ↻ clockwise. Your turn.": the Reverse sent play back to Max."""
    from client.narrate import narrate
    from engine.events import CardPlayed

    played = CardPlayed("4", Card.parse(card), Color.GREEN, jump_in=True)
    assert narrate([played], NAMES4.__getitem__, "3", turn="2", way=1, seats=SEATS4)[0] == line


@pytest.mark.parametrize(("lang", "me", "jumper", "line"), [
    ("en", None, "1", "Ana jumped in with Green 9"),
    ("en", "2", "1", "Ana jumped in with Green 9"),
    ("en", "1", "1", "You jumped in with Green 9"),
    ("en", None, "4", "Bot 1 jumped in with Green 9: Zoe and Luis miss a turn"),
    ("en", "3", "4", "Bot 1 jumped in with Green 9: Zoe and you miss a turn"),
    ("en", "4", "4", "You jumped in with Green 9: Zoe and Luis miss a turn"),
    ("es", None, "1", "Ana cortó con 9 verde"),
    ("es", "1", "1", "Cortaste con 9 verde"),
    ("es", None, "4", "Bot 1 cortó con 9 verde: Zoe y Luis pierden el turno"),
    ("es", "3", "4", "Bot 1 cortó con 9 verde: Zoe y tú pierden el turno"),
])
def test_a_jump_in_just_before_the_turn_takes_none_and_one_further_on_takes_several(
        lang: str, me: str | None, jumper: str, line: str) -> None:
    """Found play-testing: Ana, just before Zoe, jumped in, and Zoe read "Ana jumped in with Blue
    7, taking your turn", then "Your turn": play goes on from the jumper (R15), so her turn came
    straight back. Those from the seat on turn up to the jumper miss a turn, and only they."""
    from client.narrate import narrate
    from engine.events import CardPlayed

    set_language(lang)
    try:
        played = CardPlayed(jumper, Card.parse("G9"), Color.GREEN, jump_in=True)
        assert narrate([played], NAMES4.__getitem__, me, turn="2", way=1, seats=SEATS4) == [line]
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "The discards were shuffled into a new draw pile — you drew 3 cards until one could be played"),
    ("es", "—"),
])
def test_our_draw_until_playable_after_a_reshuffle_goes_on_in_lower_case(lang: str, line: str) -> None:
    """Found play-testing: "The discards were shuffled into a new draw pile — You drew 6 until a
    card could be played (…)": the cards drawn, added to our line, lost its lower case."""
    from client.narrate import narrate
    from engine.events import Drew, Reshuffled

    set_language(lang)
    try:
        drew = Drew("1", 3, (Card.parse("R1"), Card.parse("G2"), Card.parse("B3")), "draw")
        (said,) = narrate([Reshuffled(40), drew], {"1": "Ana"}.__getitem__, "1")
        after = said.split(" — ", 1)[1]
        assert after[0].islower(), said
        assert line in said
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "shown"), [("en", " — Zoe's hand, shown to Pat: "),
                                             ("es", " — Zoe le enseñó la mano a Pat: ")])
def test_a_hand_shown_to_another_goes_on_in_lower_case_unless_it_starts_with_a_name(
        lang: str, shown: str) -> None:
    """Found play-testing, in a replay: "… — Mano de Bot 3, mostrada a Pat" (a capital after the
    dash, where every other line goes on in lower case)."""
    from client.narrate import narrate
    from engine.events import Challenged

    set_language(lang)
    try:
        challenged = Challenged("1", "2", True, (Card.parse("R1"), Card.parse("G2")))
        (said,) = narrate([challenged], {"1": "Pat", "2": "Zoe"}.__getitem__)
        assert shown in said, said
    finally:
        set_language("en")


def test_a_list_of_names_ends_with_and_which_spanish_says_e_before_the_sound_i() -> None:
    """Found play-testing: "esperando a Marta, Inés" and "aceptada por ti, Pablo" (no "y"); and
    Spanish says "Marta e Inés", not "Marta y Inés"."""
    from client.i18n import names_and

    assert names_and([]) == "" and names_and(["Ana"]) == "Ana"
    assert names_and(["Ana", "Inés", "Luis"]) == "Ana, Inés and Luis"
    set_language("es")
    try:
        assert names_and(["Marta", "Inés"]) == "Marta e Inés"
        assert names_and(["Ana", "Hilda"]) == "Ana e Hilda"
        assert names_and(["Ana", "Hielo"]) == "Ana y Hielo"
        assert names_and(["Inés", "Pablo"]) == "Inés y Pablo"
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "bot", "you", "stand_in"), [
    ("en", "Bot 1 drew a card and passed", "You drew Red 8 and passed",
     "Time's up: a bot drew Red 8 and passed"),
    ("es", "Bot 1 robó una carta y pasó", "Robaste el 8 rojo y pasaste",
     "Se acabó tu tiempo: un bot robó el 8 rojo y pasó"),
])
def test_a_pass_right_after_the_same_seats_draw_joins_it(lang: str, bot: str, you: str,
                                                        stand_in: str) -> None:
    """Found play-testing: "Bot 1 robó una carta — Bot 1 pasó", the name said twice in a line."""
    from client.narrate import narrate
    from engine.events import Drew, Passed, StandIn

    eight = (Card(Color.RED, Rank.EIGHT),)
    set_language(lang)
    try:
        assert narrate([Drew("1", 1, None, "draw"), Passed("1")], lambda seat: "Bot 1") == [bot]
        assert narrate([Drew("4", 1, eight, "draw"), Passed("4")], lambda seat: "Ana", me="4") == [you]
        timed_out = [StandIn("4", "timeout"), Drew("4", 1, eight, "draw"), Passed("4")]
        assert narrate(timed_out, lambda seat: "Ana", me="4") == [stand_in]
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Hal (away): the discards were shuffled into a new draw pile"),
    ("es", "Hal (ausente): se barajó el descarte"),
])
def test_a_stand_ins_first_line_goes_on_in_lower_case(lang: str, said: str) -> None:
    """Found re-checking: "Hal was away: The discards were shuffled into a new draw pile"."""
    from client.narrate import narrate
    from engine.events import Reshuffled, StandIn

    set_language(lang)
    try:
        line = narrate([StandIn("2", "away"), Reshuffled(40)], lambda seat: "Hal")[0]
        assert line.startswith(said), line
    finally:
        set_language("en")


def test_the_spanish_key_bars_say_each_key_in_the_imperative() -> None:
    """Found play-testing: the bars mixed "q salir" with "q sal", and a rewrite left "x/l vete la
    mesa" on one of them. Every Spanish line of keys says leaving and quitting one way."""
    from client.texts import TEXTS

    bars = {key: es for key, (_, es) in TEXTS.items() if key.startswith(("help_", "bar_"))}
    for key, line in bars.items():
        words = " ".join(line.split())
        assert "vete la mesa" not in words and "dejar la mesa" not in words, (key, line)
        assert "{k_quit} salir" not in words, (key, line)


@pytest.mark.parametrize(("lang", "line"), [("en", "Zoe drew one more, though one could be played"),
                                            ("es", "Zoe robó otra más, aunque podía jugar una")])
def test_one_more_card_drawn_by_choice_under_draw_until_playable_says_so(lang: str, line: str) -> None:
    """Found play-testing: "Bot 1 drew 5 cards until one could be played", then "Bot 1 drew a card"
    twice, read as a bug: the bot chose to draw on (R9's keep drawing)."""
    from client.narrate import narrate
    from engine.events import Drew

    set_language(lang)
    try:
        assert narrate([Drew("2", 1, None, "keep_drawing")], {"2": "Zoe"}.__getitem__) == [line]
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "me", "said"), [("en", "2", "UNO! said for you"),
                                                  ("en", "3", "UNO! said for Zoe"),
                                                  ("es", "2", "¡UNO!, dicho en tu lugar")])
def test_a_stand_ins_uno_is_said_for_the_seat(lang: str, me: str, said: str) -> None:
    """Found re-checking: "Away: a bot played Blue 4 — the bot: UNO!" read oddly."""
    from client.narrate import narrate
    from engine.cards import Card, Color
    from engine.events import CardPlayed, StandIn, TurnStarted, UnoCalled

    set_language(lang)
    try:
        events = [StandIn("2", "away"), CardPlayed("2", Card.parse("B4"), Color.BLUE), UnoCalled("2"),
                  TurnStarted("3")]
        line = " ".join(narrate(events, {"2": "Zoe", "3": "Eli"}.__getitem__, me))
        assert said in line and "bot: UNO" not in line and "bot: ¡UNO" not in line, line
    finally:
        set_language("en")
