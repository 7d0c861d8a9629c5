"""Plain mode's commands: a line typed (a word or a number, and Enter) becomes the intent the
full-screen client's key would have called on the model. Every language's words work ("draw",
"robar"), and so do the full screen's keys typed as words ("d", "p", "u"); a word means what its
key means on that screen and question. ``run`` returns the lines to say back (help, or why a
line was not understood); ``PlainView`` says the changes it makes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.bots import BOT_LEVELS
from engine.cards import Card, full_deck
from protocol import MAX_CHAT

from .enums import Prompt, Screen
from .form import TEXT_FIELDS
from .howto import howto, howto_title, table_rules
from .i18n import card_name, color_name, t
from .i18n import key as key_of
from .model import Model
from .plainform import bare, field_values, set_field
from .plainwords import ACTION_OF, color_words, level_of, typed_number, why_in_two_words, words
from .rulestext import rules_sentence
from .screens import field_about, form_field
from .table import COLORS

_MOVES = ("draw", "pass", "uno", "catch", "hint", "why")  # a player's commands at the table


class PlainCommands:
    def __init__(self, model: Model, on_hint: Callable[[], None] = lambda: None) -> None:
        self.model = model
        self.on_hint = on_hint  # works out the hint asked for (client/hintrun.py), off the loop
        self.look = False  # the line asked for the whole state again
        self.field: int | None = None  # the field of the new-table form the line changed
        self.abouts_told: set[str] = set()  # what the form's fields mean, as said (once each)

    def run(self, line: str) -> list[str]:
        m = self.model
        self.look, self.field = False, None
        # away, a line brings us back and does nothing else, as the full screen's key (found
        # play-testing: "rematch" typed to come back said yes, and the rematch began at once)
        held = m.hold_key  # (the rules' form was closed by the match's start: ``Model.hold_key``)
        coming_back = ((m.seating.away and not m.back_sent) or held) and m.prompt is Prompt.NONE
        text = line.strip()
        # quit and help change nothing at the table: they are answered, and we stay away until
        # the next line (found play-testing: "salir" brought Marcos back, and "You came back"
        # and what was played meanwhile buried the quit question)
        asks = bool(text) and text.split()[0].lower() in words("quit") | words("help")
        m.key_pressed(back=not (coming_back and asks))
        prompt = m.prompt
        if coming_back and not asks:
            # (an empty line too: the table it said was the one before the server's answer,
            # found play-testing "Everyone is away…" just before "You came back")
            if held and text:  # (the line was meant for the rules' form the match's start closed)
                m.prompts.notice = t("plain_line_held")
            self._switch_language(text)  # (answered too: ``_switch_language``)
            return []
        if prompt is Prompt.PASSWORD:
            m.prompts.type_text(text)
            m.submit_text()
            return []
        first, _, rest = why_in_two_words(text).partition(" ")
        word, rest = first.lower(), rest.strip()
        if not text or word in words("look"):
            self.look = True
            if m.screen is Screen.LOBBY:  # (the tables as they are now)
                m.refresh_rooms(again=True)
            return []
        if word in words("help"):
            if m.screen is Screen.CREATE and prompt is Prompt.NONE:  # the form's help is the form
                self.look = True  # (its fields with it: found play-testing, "The fields:", then none)
                return []
            return [self.help()]
        if word in words("howto"):  # (found play-testing: a newcomer could not learn the rules here)
            room = m.seating.room
            return [howto_title(room), *([] if room is None else [rules_sentence(room, plain=True)]),
                    *howto(table_rules(room), plain=True)]
        if self._switch_language(text):
            return []
        if word in words("back"):  # as Esc: the colour, the seat or the form is left
            card = m.table.pending_card
            m.cancel()
            if card is not None:  # (said: found play-testing, nothing told a listener it was left)
                m.prompts.notice = t("plain_card_kept", card=card_name(card))
            return []
        handler = self._prompt_handler(prompt)
        if handler is None:
            if word in words("quit"):
                m.ask_quit()
                return []
            if word in words("say") and rest and m.screen in (Screen.LOBBY, Screen.WAITING, Screen.TABLE):
                m.prompts.open_text(Prompt.CHAT)
                m.prompts.type_text(rest)
                m.submit_text()
                if len(rest) > MAX_CHAT:  # (it was cut without a word: found play-testing)
                    m.prompts.notice = t("chat_cut", n=MAX_CHAT)
                return []
            handler = {Screen.BROWSE: self._browse, Screen.LOBBY: self._lobby, Screen.CREATE: self._form,
                       Screen.WAITING: self._room, Screen.TABLE: self._table}.get(m.screen)
        if handler is not None and handler(word, rest, first):
            return []
        if m.screen is Screen.CREATE:  # (the form's help is the whole form: "help" says it)
            return [t("plain_unknown", text=text)]
        return [t("plain_unknown", text=text), self.help()]

    def _switch_language(self, text: str) -> bool:
        """A line naming a language (or the word for the other) switches to it, away too (found
        play-testing: "english" typed while away brought Carla back, still in Spanish)."""
        word, spanish, english = (text.split() or [""])[0].lower(), words("spanish"), words("english")
        switches = word in words("language") | spanish | english
        if switches:  # (None: the other)
            self.model.change_language("es" if word in spanish else "en" if word in english else None)
        return switches

    def help(self) -> str:
        m = self.model
        prompt = m.prompt
        key = {Prompt.QUIT: "plain_help_confirm", Prompt.LEAVE: "plain_help_confirm",
               Prompt.HOST_QUIT: "plain_help_host_quit", Prompt.COLOR: "plain_help_color",
               Prompt.START_COLOR: "plain_help_start_color", Prompt.SEAT: "plain_help_seat",
               Prompt.CHALLENGE: "prompt_challenge_short", Prompt.PASSWORD: "plain_help_password",
               }.get(prompt)
        view = m.table.view
        if key is None and m.screen is Screen.TABLE and view is not None and m.seating.seat is not None:
            key = (("plain_help_match_over_host" if m.seating.is_host else "plain_help_match_over")
                   if view.outcome is not None
                   else "plain_help_hand_over" if view.hand_result is not None else None)
        if key is None:
            screen = m.screen
            if screen is Screen.WAITING or (screen is Screen.TABLE and m.table.hand_over):
                key = ("plain_help_spectator" if m.seating.seat is None
                       else "plain_help_waiting_host" if m.seating.is_host else "plain_help_waiting")
            elif screen is Screen.TABLE:
                key = "plain_help_table" if m.seating.seat is not None else "plain_help_spectator"
            else:
                key = {Screen.BROWSE: "plain_help_browse", Screen.LOBBY: "plain_help_lobby",
                       Screen.CREATE: "plain_form"}.get(screen, "plain_help_connecting")
        said = t(key, yes=key_of("yes"), accept=key_of("accept"),
                 name=m.seating.name_of(view.challenge_from if view else None),
                 n=view.pending_draw if view else 4)
        if prompt is Prompt.CHALLENGE and view is not None and view.challenge_color is not None:
            # what a challenge is, as the full screen's why key says it (found play-testing: help
            # said the question again, and nothing else)
            # (a sentence each: found play-testing, "… a acepta (+4) Desafiar es…" read as one)
            said += ". " + t("why_challenge", color=color_name(view.challenge_color), n=view.pending_draw,
                             lost=view.pending_draw + 2)
        return f"{said} {t('plain_help_language')}" if prompt is Prompt.NONE else said

    # ------------------------------------------------------------------ questions

    def _prompt_handler(self, prompt: Prompt) -> Callable[[str, str, str], bool] | None:
        return {Prompt.QUIT: self._quit, Prompt.LEAVE: self._leave, Prompt.HOST_QUIT: self._host_quit,
                Prompt.COLOR: self._color, Prompt.START_COLOR: self._color, Prompt.SEAT: self._seat,
                Prompt.CHALLENGE: self._challenge}.get(prompt)

    # The command asked again answers its own question yes ("dejar" to "¿Dejar la mesa?": found
    # play-testing, it read as no, and nothing said so); a no says that nothing happened.
    def _quit(self, word: str, rest: str, first: str) -> bool:
        yes = word in words("yes") | words("quit")
        self.model.answer_quit(yes)
        if not yes:
            self.model.prompts.notice = t("plain_not_quit")
        return True

    def _leave(self, word: str, rest: str, first: str) -> bool:
        yes = word in words("yes") | words("leave")
        self.model.answer_leave(yes)
        if not yes:
            self.model.prompts.notice = t("plain_not_left")
        return True

    def _host_quit(self, word: str, rest: str, first: str) -> bool:
        end = True if word in words("end") else False if word in words("keep") else None
        self.model.answer_host_quit(end)
        return True

    def _color(self, word: str, rest: str, first: str) -> bool:
        m = self.model
        if self._leaving(word) or self._hint(word):
            return True
        for index, color in enumerate(COLORS):
            if word in color_words(index) and not rest:  # (found play-testing: "red 5", a card's
                m.table.choose_color(color)  # name, typed at the question, named red for the Wild)
                return True
        return False

    def _seat(self, word: str, rest: str, first: str) -> bool:
        m = self.model
        number = typed_number(word)
        targets = m.table.pending_targets
        if number is not None and 1 <= number <= len(targets):
            m.table.seat_index = number - 1
            m.table.choose_target()
            return True
        if number is not None:  # (found play-testing: "Not a command here: 5")
            m.prompts.notice = t("plain_no_seat", n=number)
            return True
        if self._leaving(word) or self._hint(word):
            return True
        named = m.seating.seat_named(f"{first} {rest}", targets)
        if named is not None:
            m.table.seat_index = targets.index(named)
            m.table.choose_target()
        return named is not None

    def _hint(self, word: str) -> bool:
        """``hint`` at a question (a Wild Draw Four, a wild's colour, a 7's seat), as the full
        screen's hint key works there (found play-testing: refused, and the hint asked before
        came after the answer)."""
        if word not in words("hint"):
            return False
        self.model.ask_hint()
        self.on_hint()
        return True

    def _challenge(self, word: str, rest: str, first: str) -> bool:
        card = self._card_number(word)
        if card is not None and self.model.table.playable:  # (+4s stack here: a card on it)
            self._play(card)
        elif word in words("challenge"):
            self.model.table.challenge()
        elif word in words("accept"):
            self.model.table.challenge(accept=True)
        elif word in words("catch"):  # (R17: until we answer; found play-testing, refused here)
            self.model.table.catch()
        elif word in words("why"):  # (what a challenge is: client/why.py)
            self._why(rest)
        else:
            return self._hint(word) or self._leaving(word)
        return True

    def _leaving(self, word: str) -> bool:
        """q and x work while a decision is open, as their keys do."""
        if word in words("quit"):
            self.model.ask_quit()
        elif word in words("leave"):
            self.model.ask_leave()
        else:
            return False
        return True

    # ------------------------------------------------------------------ screens

    def _browse(self, word: str, rest: str, first: str) -> bool:
        servers = self.model.servers
        number = typed_number(word)
        if number is not None:
            if not 1 <= number <= len(servers.entries):
                self.model.prompts.notice = t("plain_no_server", n=number)
                return True
            servers.index, servers.address_text = number - 1, ""
        else:
            servers.address_text = first
        self.model.choose_server()
        return True

    def _lobby(self, word: str, rest: str, first: str) -> bool:
        m = self.model
        watch = word in words("watch")
        number = typed_number(rest if watch else word)
        if number is not None:
            if not 1 <= number <= len(m.lobby.rooms):
                # (the list said may be old: plain mode lists on request; found play-testing, a
                # table opened since was "no table 2" a minute later) the latest is said next
                m.prompts.notice = t("plain_no_room", n=number)
                m.refresh_rooms(again=True)
                return True
            m.lobby.index = number - 1
            m.join_selected(spectate=watch)
        elif word in words("new"):
            m.open_form()
            if rest and m.form is not None:
                m.form.name = ""
                m.form.type_text(rest)
        elif word in words("refresh"):
            m.refresh_rooms(again=True)
        else:
            return False
        return True

    def _form(self, word: str, rest: str, first: str) -> bool:
        m = self.model
        form = m.form
        if form is None:
            return False
        if word in words("ok"):
            m.finish_form()
            return True
        number = typed_number(word)
        if number is None or not 1 <= number <= len(form.fields):
            return False
        form.focus = self.field = number - 1
        if form.focused == "password" and not rest:  # (asked for unseen: typed, it stays on screen)
            m.prompts.open_password(None)
        elif form.focused in TEXT_FIELDS:
            form.backspace(whole=True)
            form.type_text(rest)
        elif rest in ("", "+", "-"):
            form.change(-1 if rest == "-" else 1)
        elif not set_field(form, rest):  # (found play-testing: "3 6" for six seats stepped to 5)
            m.prompts.notice = t("plain_form_no_value", value=rest, field=form_field(form, form.focused)[0],
                                 values=", ".join(field_values(form)))
            return True
        about = field_about(form)  # what the field means, the first time it is set (the full
        if about and about not in self.abouts_told:  # screen's, under the form; each choice's
            self.abouts_told.add(about)  # own, where it has one: found re-checking, no time limit)
            m.prompts.notice = about
        return True

    def _room(self, word: str, rest: str, first: str) -> bool:
        """The waiting room's commands (and those at a table, when no card is at stake)."""
        m = self.model
        if first == "S":  # as the key: start with the seats taken
            m.start(fill=False)
        elif first == "R" or word in words("rules"):  # (R as the key the board names)
            m.edit_rules()
        elif word in words("start"):
            m.start()
        elif word in words("add"):
            m.add_bot()
        elif word in words("remove"):
            number = rest.split()[0] if rest.split() else None
            if self._pick(number, bots_only=False):
                m.remove_bot(picked=number is not None)
        elif word in words("sit"):
            m.take_seat()
        elif word in words("leave"):
            m.ask_leave()
        elif word in words("resume") and m.can_resume_kept:
            m.resume_kept()
        elif word in words("level") and (m.screen is Screen.WAITING or m.table.match_over):
            self._level(rest)
        else:
            return False
        return True

    def _pick(self, token: str | None, bots_only: bool) -> bool:
        """``token``, a seat's number as the seats are said, picks that seat for the host's next
        command (a bot's; or, ``bots_only`` false, that of someone whose connection dropped);
        whether to go on (no number: the seat picked before)."""
        m = self.model
        seating, room = m.seating, m.seating.room
        number = None if token is None else typed_number(token)
        if number is None or room is None:
            return True
        if not 1 <= number <= len(room.seats):
            m.prompts.notice = t("plain_no_seat", n=number)
            return False
        seat, pickable = room.seats[number - 1], seating.pickable
        if seat not in pickable or (bots_only and seat.kind != "bot"):
            m.prompts.notice = t("err_not_a_bot")
            return False
        seating.bot_cursor = pickable.index(seat)
        return True

    def _level(self, rest: str) -> None:
        """``level N [LEVEL]``: the bot in seat N (as the seats are said) takes LEVEL, or the
        next level; without N, the bot picked last."""
        m = self.model
        room = m.seating.room
        level: str | None = None
        for token in rest.split():
            if typed_number(token) is not None and room is not None:
                if not self._pick(token, bots_only=True):
                    return
            elif (level := level_of(token)) is None:
                names = ", ".join(t("level_" + name) for name in BOT_LEVELS)
                m.prompts.notice = t("plain_levels", levels=names)
                return
        m.cycle_bot_level(level)

    def _table(self, word: str, rest: str, first: str) -> bool:
        table = self.model.table
        # ("red 5", "5 rojo": found play-testing, only the numbers worked); a number alone (or
        # with "uno") is the card in that place, as listed, and with other words only a card's
        # name (found play-testing: "8" played the hand's one 8, listed ninth, where "8: 7 azul"
        # was meant)
        if typed_number(word) is not None and (not rest or rest.lower() in words("uno")):
            card = self._card_number(word)
        elif typed_number(word) is not None:
            card = self._card_named(f"{word} {rest}")
        else:  # (a card's name, or its code: "R7", "W+4")
            card = self._card_named(f"{word} {rest}") or self._card_number(word)
        moves = [name for name in (*_MOVES, "away", "replay") if word in words(name)]
        if (card is not None or moves) and self.model.connection_over():  # (as the full screen's
            return True  # keys: the notice says only quitting is left)
        if self.model.seating.seat is None and (card is not None or set(moves) & set(_MOVES)):
            self.model.tell_watcher()  # (as the full screen's keys: not a player's refusal)
        elif card is not None:
            uno = rest.lower() in words("uno")
            if uno and table.can_arm_uno and not table.uno_armed:
                table.say_uno()
            before = self.model.prompts.notice
            self._play(card)
            if uno and not table.can_arm_uno and len(table.hand) > 2 and self.model.prompts.notice == before:
                table.say_uno()  # (played, why not UNO said: found play-testing, "3 uno" with three
                # cards dropped it unsaid)
        elif word in words("draw") and not rest:  # (found play-testing: "draw two" drew a card)
            table.draw()
        elif word in words("pass") and not rest:
            self.model.pass_turn()
        elif word in words("uno"):
            number = self._card_number(rest.lower())
            if number is not None:
                if table.can_arm_uno and not table.uno_armed:
                    table.say_uno()
                self._play(number)
            else:
                table.say_uno()
        elif word in words("catch"):
            table.catch()
        elif word in words("hint"):
            self.model.ask_hint()
            self.on_hint()
        elif word in words("why"):
            self._why(rest)
        elif word in words("away"):
            self.model.step_away()
        elif word in words("replay"):
            self.model.ask_replay()
        elif self.model.rematch_open and word in words("rematch"):
            self.model.answer_rematch()
        elif self.model.rematch_open and word in words("decline"):
            self.model.answer_rematch(accept=False)
        elif self.model.rematch_open and word in words("order"):
            self.model.next_rematch_order()
        elif table.view is not None and self.model.seating.seat is not None and (
                held := _card_of_the_deck(f"{word} {rest}")) is not None:  # (found play-testing:
            # "7 verde", not held, was "not a command", and the whole help followed)
            self.model.prompts.notice = t("plain_not_held", card=card_name(held))
        else:
            return self._room(word, rest, first)
        return True

    def _why(self, rest: str) -> None:
        """``why N``: why card N cannot be played now (without N: the card chosen last)."""
        table = self.model.table
        number = self._card_number(rest.lower()) if rest else None
        if number is not None:
            if not 1 <= number <= len(table.hand):
                self.model.prompts.notice = t("plain_no_card", n=number)
                return
            table.move_to(number - 1)
        table.explain()

    def _card_number(self, word: str) -> int | None:
        """A card of the hand by its number, or by its text form ("R7", "W+4")."""
        number = typed_number(word)
        if number is not None:
            return number
        try:
            card = Card.parse(word.upper())
        except ValueError:
            return None
        hand = self.model.table.hand
        return hand.index(card) + 1 if card in hand else None

    def _card_named(self, text: str) -> int | None:
        """A card of the hand by its name, its words in any order, accents left out or not; or by
        some of them ("draw two", "cambio verde") that only one card of the hand has, one of them
        not a colour (a colour alone names no card)."""
        said = sorted(bare(text).split())
        hand = self.model.table.hand
        names = [sorted(bare(card_name(card)).split()) for card in hand]
        whole = next((i + 1 for i, name in enumerate(names) if name == said), None)
        colours = {bare(color_name(color)) for color in COLORS}
        if whole is not None or not said or set(said) <= colours:
            return whole
        if len(said) == 1 and any(said[0] in words(name) for name in ACTION_OF):
            return None  # (a command: "draw" draws, though "Blue Draw Two" has the word)
        some = {hand[i]: i + 1 for i, name in enumerate(names) if not Counter(said) - Counter(name)}
        return next(iter(some.values())) if len(some) == 1 else None

    def _play(self, number: int) -> None:
        table = self.model.table
        if not 1 <= number <= len(table.hand):
            self.model.prompts.notice = t("plain_no_card", n=number)
            return
        table.move_to(number - 1)  # (refused, as the keys are, if the hand just changed)
        if table.selected == number - 1:
            table.enter()


def _card_of_the_deck(text: str) -> Card | None:
    """The card ``text`` names whole, in the language now ("7 verde", "verde 7"), if any."""
    said = sorted(bare(text).split())
    return next((card for card in set(full_deck()) if sorted(bare(card_name(card)).split()) == said), None)

