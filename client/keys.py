"""Key bindings: a factory that maps keys to model intents, each guarded by a ``Condition``.

After every key the ``after`` callback runs (the app sends what the model queued and redraws).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from prompt_toolkit.filters import Condition, Filter
from prompt_toolkit.key_binding import DynamicKeyBindings, KeyBindings, KeyPressEvent
from prompt_toolkit.key_binding.key_bindings import KeyBindingsBase
from prompt_toolkit.keys import Keys

from .enums import Prompt, Screen, Status
from .hintrun import start_hint
from .i18n import key as key_of
from .i18n import keys_of, language, t
from .keymap import LANGUAGE_KEY, active
from .model import Model
from .table import COLORS

log = logging.getLogger("uno.client.keys")
# The host quitting a match, by language: end it for everyone (terminar), keep it for later (guardar).
END_TABLE_KEYS = {"en": "e", "es": "t"}
KEEP_TABLE_KEYS = {"en": "k", "es": "g"}


def key_bindings_for(model: Model, after: Callable[[], None]) -> KeyBindingsBase:
    """The keys of the client's language, whichever it is now: F2 switches it, and the keys
    follow (found play-testing: replacing the application's bindings left prompt-toolkit's cache
    of them as they were, so the English z still stepped away in Spanish)."""
    built: dict[str, KeyBindings] = {}

    def current() -> KeyBindings:
        lang = language()
        if lang not in built:
            built[lang] = make_key_bindings(model, after)
        return built[lang]

    return DynamicKeyBindings(current)


def make_key_bindings(model: Model, after: Callable[[], None]) -> KeyBindings:
    kb = KeyBindings()
    table, seating = model.table, model.seating  # the parts the keys read and act on
    keymap, lang = active(), language()

    def of(action: str) -> tuple[str, ...]:
        """The keys bound to ``action`` (client/keymap.py: the defaults or keys.toml's)."""
        return keymap.keys(action, lang)

    def screen_is(*screens: Screen) -> Condition:
        return Condition(lambda: model.screen in screens)

    def prompt_is(*prompts: Prompt) -> Condition:
        return Condition(lambda: model.prompt in prompts)

    typing = Condition(lambda: model.typing)
    deciding = ~typing & prompt_is(Prompt.COLOR, Prompt.START_COLOR, Prompt.SEAT, Prompt.CHALLENGE)
    commands = ~typing & prompt_is(Prompt.NONE)
    at_table = commands & screen_is(Screen.TABLE)
    picking_color = prompt_is(Prompt.COLOR, Prompt.START_COLOR)
    picking_seat = prompt_is(Prompt.SEAT)
    challenge = prompt_is(Prompt.CHALLENGE)
    # facing a Wild Draw Four where +4s stack (R14), a card played on it is a third answer: the
    # hand's keys and play work there too (found play-testing: the hint advised a Wild Draw Four
    # that no key played)
    stacking = challenge & ~typing & Condition(lambda: bool(table.playable))
    quitting = prompt_is(Prompt.QUIT)
    host_quitting = prompt_is(Prompt.HOST_QUIT)
    leaving = prompt_is(Prompt.LEAVE)
    # the hand takes h/l (vim) and Home/End while a hand is being played; once it is over (its
    # board on screen) l leaves, as keymap.py's waiting context has it between hands (it moved
    # the cursor over a hand with nothing left to play, and the key bar could not name it)
    has_hand = Condition(lambda: table.view is not None and table.view.hand is not None
                         and not table.hand_over)
    in_room = screen_is(Screen.WAITING, Screen.TABLE)

    # away: the first key brings you back (``model.key_pressed``) and does nothing else, as the
    # banner says (found play-testing: m, pressed to come back at a match's end, also said yes to
    # a rematch, which began at once with the host still away; an arrow moved the cursor)
    # (and the key after the rules' form was closed by the match's start: ``Model.hold_key``)
    # (not once the table is gone: found re-checking, a guest away when the host closed it could
    # not quit, each key taken for coming back to it)
    coming_back = Condition(lambda: ((seating.away and not model.back_sent) or model.hold_key)
                            and not model.typing and model.session.status is not Status.FAILED
                            and model.prompt not in (Prompt.QUIT, Prompt.HOST_QUIT, Prompt.LEAVE,
                                                     Prompt.HELP))

    def bind(*keys: str, filter: Filter | None = None,
             always: bool = False) -> Callable[[Callable[[], None]], None]:
        """Bind ``keys`` to ``intent``; coming back from away, only ``always`` keys act."""
        def register(intent: Callable[[], None]) -> None:
            def handler(event: KeyPressEvent) -> None:
                log.debug("key %r -> %s", event.key_sequence[0].key, getattr(intent, "__name__", intent))
                back_only = coming_back() and not always
                model.key_pressed()
                if not str(event.key_sequence[0].key).isdigit():  # (a key between two digits parts
                    model.table.last_digit = None  # them: found re-checking, 1 w 2 chose card 12)
                if not back_only:
                    intent()
                after()
                if model.quit and not event.app.is_done:
                    event.app.exit(result=0)

            kb.add(*keys, filter=filter if filter is not None else Condition(lambda: True))(handler)

        return register

    def bind_action(action: str, filter: Filter) -> Callable[[Callable[[], None]], None]:
        def register(intent: Callable[[], None]) -> None:
            for key in of(action):
                bind(key, filter=filter)(intent)

        return register

    # ---- always
    bind("c-c", always=True)(lambda: setattr(model, "quit", True))
    bind("c-q", always=True)(lambda: setattr(model, "quit", True))

    # ---- confirmations (quit, leave): this language's "yes" confirms, any other key stays (the
    # other language's too: found play-testing, an English host's s, the start key, left the
    # table and closed it for everyone, under "y leaves, anything else stays")
    bind(key_of("yes"), filter=quitting)(lambda: model.answer_quit(True))
    bind(key_of("yes"), filter=leaving)(lambda: model.answer_leave(True))
    for confirming, answer in ((quitting, model.answer_quit), (leaving, model.answer_leave)):
        bind(Keys.Any, filter=confirming)(lambda a=answer: a(False))  # type: ignore[misc]
        bind("escape", filter=confirming)(lambda a=answer: a(False))  # type: ignore[misc]

    # ---- away: any key brings you back (a key bound to something else too: ``bind``)
    @bind(Keys.Any, filter=coming_back)
    def _back() -> None:
        pass

    # ---- the help screen: the help key opens it (also while typing an address, for a key that
    # types nothing), any key closes it
    showing_help = prompt_is(Prompt.HELP)
    for key in of("help"):
        opens = (commands | deciding) & ~showing_help
        if len(key) > 1:
            opens = opens | (screen_is(Screen.BROWSE, Screen.CREATE) & ~showing_help
                             & Condition(lambda: model.prompts.text_prompt is None))
        bind(key, filter=opens)(model.prompts.open_help)
    bind(Keys.Any, filter=showing_help)(model.prompts.close_help)

    # (coming back from away too: found play-testing, a Spanish reader under the English "You are
    # away" pressed F2, came back, and read the same English)
    @bind(LANGUAGE_KEY, filter=(commands | deciding | showing_help | screen_is(Screen.BROWSE, Screen.CREATE))
          & Condition(lambda: model.prompts.text_prompt is None), always=True)
    def _language() -> None:  # the other language (its keys: ``key_bindings_for``)
        model.change_language()
    for keys, step in ((("pagedown", "down", " "), 1), (("pageup", "up"), -1)):
        for key in keys:  # (a short terminal's help has pages)
            bind(key, filter=showing_help)(lambda step=step: model.prompts.turn_help_page(step))  # type: ignore[misc]

    # ---- the host quitting a match: end it for everyone, keep it for later, or (any other key) stay
    bind(END_TABLE_KEYS[lang], filter=host_quitting)(lambda: model.answer_host_quit(True))
    bind(KEEP_TABLE_KEYS[lang], filter=host_quitting)(lambda: model.answer_host_quit(False))

    @bind(Keys.Any, filter=host_quitting)
    def _stay_host() -> None:
        model.answer_host_quit(None)

    bind("escape", filter=host_quitting)(lambda: model.answer_host_quit(None))

    # ---- typing (chat, password, address, form text)
    @kb.add(Keys.Any, filter=typing)
    def _type(event: KeyPressEvent) -> None:
        model.key_pressed()
        if event.data and event.data.isprintable():
            model.type_text(event.data)
        after()

    @kb.add(Keys.BracketedPaste, filter=typing)
    def _paste(event: KeyPressEvent) -> None:
        model.type_text(event.data)
        after()

    @kb.add("escape", Keys.Any, filter=typing)
    def _alt_key(event: KeyPressEvent) -> None:
        """Alt and a key (Escape, then the key) types nothing and leaves the text open (found
        play-testing: Alt+Enter in the chat closed it, as Escape does, and its Enter then played
        the card under the cursor; an Alt+letter would have acted as the letter's key)."""

    bind("backspace", filter=typing)(model.backspace)
    bind("c-h", filter=typing)(model.backspace)
    bind("c-u", filter=typing)(lambda: model.backspace(whole=True))  # (as in a shell: the whole line)
    text_prompt = typing & prompt_is(Prompt.CHAT, Prompt.PASSWORD)
    bind("enter", filter=text_prompt)(model.submit_text)
    bind("escape", filter=text_prompt)(model.cancel)

    # ---- browse
    browse = screen_is(Screen.BROWSE) & ~text_prompt & ~prompt_is(Prompt.HELP)
    bind("up", filter=browse)(lambda: model.servers.move(-1))
    bind("down", filter=browse)(lambda: model.servers.move(1))
    bind("enter", filter=browse)(model.choose_server)
    bind("escape", filter=browse)(lambda: setattr(model, "quit", True))

    # ---- anywhere commands are keys
    bind_action("quit", commands)(model.ask_quit)
    # q and x also work while a decision is open (a colour, a seat, a challenge): a Wild turned
    # up as the first card must not keep its first player from leaving the table
    bind_action("quit", deciding)(model.ask_quit)
    bind_action("leave", deciding)(model.ask_leave)
    # and the chat (found play-testing: t at a Wild's colour question did nothing, and the
    # message typed after it named the colour with its first r, y, g or b)
    bind_action("chat", deciding)(model.open_chat)
    bind_action("chat", commands & Condition(lambda: model.screen not in (Screen.BROWSE, Screen.CONNECTING,
                                                                           Screen.CREATE)))(model.open_chat)

    # ---- lobby
    lobby = commands & screen_is(Screen.LOBBY)
    bind("up", filter=lobby)(lambda: model.lobby.move(-1))
    bind("down", filter=lobby)(lambda: model.lobby.move(1))
    bind_action("join", lobby)(model.join_selected)
    bind_action("watch", lobby)(lambda: model.join_selected(spectate=True))
    bind_action("new_table", lobby)(model.open_form)
    bind_action("refresh", lobby)(model.refresh_rooms)

    # ---- the new-table form (text fields type; the others take keys)
    form = screen_is(Screen.CREATE) & prompt_is(Prompt.NONE)
    bind("up", filter=form)(lambda: model.form.move(-1) if model.form else None)
    bind("down", filter=form)(lambda: model.form.move(1) if model.form else None)
    bind("tab", filter=form)(lambda: model.form.move(1) if model.form else None)
    bind("s-tab", filter=form)(lambda: model.form.move(-1) if model.form else None)
    bind("left", filter=form)(lambda: model.form.change(-1) if model.form else None)
    bind("right", filter=form)(lambda: model.form.change(1) if model.form else None)
    bind(" ", filter=form & ~typing)(lambda: model.form.change(1) if model.form else None)
    bind("enter", filter=form)(model.submit_form)
    bind("escape", filter=form)(model.cancel)

    # ---- in a room
    room_cmds = commands & in_room
    bind_action("start", room_cmds)(model.start)
    bind_action("start_as_seated", room_cmds)(lambda: model.start(fill=False))
    bind_action("take_seat", room_cmds & Condition(lambda: seating.role == "spectator"))(model.take_seat)
    bind_action("add_bot", room_cmds)(model.add_bot)
    bind_action("leave", room_cmds)(model.ask_leave)
    # the host picks a bot and changes its level: in the waiting room, and at a match's end for
    # the next one (found play-testing: bots too strong for the table could not be changed
    # without leaving it; the end's board marks the pick and shows the levels)
    host_seating = room_cmds & Condition(lambda: seating.can_host_command) \
        & (screen_is(Screen.WAITING) | Condition(lambda: table.match_over))
    bind("up", filter=host_seating)(lambda: seating.pick_bot(-1))
    bind("down", filter=host_seating)(lambda: seating.pick_bot(1))
    bind_action("bot_level", host_seating)(model.cycle_bot_level)
    # (only where the pick shows: found play-testing, the new host pressed - on the end-of-match
    # screen, and the first seat went, unseen; that board marks the pick now, and a host who
    # wanted fewer bots for the rematch read "- does nothing here")
    bind_action("remove_bot", host_seating)(model.remove_bot)
    # the table's rules: the host's form, in the waiting room and at a match's end (for the next
    # match); elsewhere it says when they change, or (found play-testing: R said nothing) whose
    bind_action("rules", room_cmds)(model.edit_rules)
    # a second leave key where the hand does not take l (it moves right there)
    bind_action("leave_waiting", room_cmds & ~(screen_is(Screen.TABLE) & has_hand))(model.ask_leave)
    resumable = Condition(lambda: model.can_resume_kept and model.prompt is Prompt.NONE and not model.typing)
    bind_action("resume", resumable)(model.resume_kept)  # the host: back to the match kept from last time

    # ---- the table
    bind_action("left", at_table)(lambda: table.move_selection(-1))
    bind_action("right", at_table)(lambda: table.move_selection(1))
    bind("h", filter=at_table & has_hand)(lambda: table.move_selection(-1))
    bind("l", filter=at_table & has_hand)(lambda: table.move_selection(1))
    bind("home", filter=at_table | stacking)(lambda: table.move_to(0))
    bind("end", filter=at_table | stacking)(lambda: table.move_to(-1))
    for digit in "1234567890":
        bind(digit, filter=at_table | stacking)(lambda d=int(digit): table.select_number(d))  # type: ignore[misc]
    moving = at_table & ~coming_back  # (the key that brings us back only does that: see above)

    @bind_action("play", moving | stacking)
    def play() -> None:  # (a card's question starts on the hint's answer: ``HintBox.point_question``)
        table.enter()
        model.hints.point_question(table)

    bind_action("draw", moving)(table.draw)
    bind_action("pass", moving)(model.pass_turn)
    bind_action("uno", moving)(table.say_uno)
    bind_action("catch", moving)(table.catch)
    bind_action("why", at_table | challenge)(table.explain)  # (what a challenge is: R12, why.py)
    bind_action("away", moving)(model.step_away)
    # the log, paged back and forth (also while a question waits: what happened may decide it)
    reading = (commands | deciding) & screen_is(Screen.TABLE)
    bind_action("log_back", reading)(model.transcript.page_back)
    bind_action("log_forward", reading)(model.transcript.page_forward)
    # the replay of the hand just over (issue 13), or during a hand of the one before
    bind_action("replay", at_table)(model.ask_replay)

    def _hint(event: KeyPressEvent) -> None:  # the hint, worked out off the event loop
        if coming_back():
            model.key_pressed()
            after()
            return
        model.key_pressed()
        model.ask_hint()
        start_hint(model, event.app.invalidate)
        after()

    for key in of("hint"):  # (and at the table's questions: facing a Wild Draw Four, where a
        kb.add(key, filter=at_table | deciding)(_hint)  # newcomer needs it most, a colour, a 7's seat)
    hinting = moving & Condition(lambda: model.hints.shown is not None or model.hints.thinking)
    bind("escape", filter=hinting)(model.hints.dismiss)

    # one who only watches: what to do about a seat, not a player's refusal (bound last: it wins)
    watching = at_table & Condition(lambda: model.seating.seat is None)
    for action in ("play", "draw", "pass", "uno", "catch", "why", "hint"):
        bind_action(action, watching)(model.tell_watcher)
    # once the connection is over, a move key says that only quitting is left (found re-checking:
    # the why key said "Green 1 can be played now", and the hint worked out a move, of a hand
    # the host had ended)
    over = at_table & Condition(lambda: model.session.status is Status.FAILED)
    def tell_over() -> None:
        model.connection_over()

    for action in ("play", "draw", "pass", "uno", "catch", "why", "hint", "away", "replay"):
        bind_action(action, over)(tell_over)

    # ---- the end of a match: a rematch (client/rematch.py)
    rematch = at_table & Condition(lambda: model.rematch_open)
    bind_action("rematch", rematch)(model.answer_rematch)
    bind_action("no_rematch", rematch)(lambda: model.answer_rematch(accept=False))
    bind_action("seat_order", rematch)(model.next_rematch_order)

    # ---- colour picker
    for color in COLORS:
        for letter in keys_of("color_" + color.value):
            bind(letter, filter=picking_color)(lambda c=color: table.choose_color(c))  # type: ignore[misc]
    for digit, color in zip("1234", COLORS, strict=True):
        bind(digit, filter=picking_color)(lambda c=color: table.choose_color(c))  # type: ignore[misc]
    bind("left", filter=picking_color)(lambda: table.move_selection(-1))
    bind("right", filter=picking_color)(lambda: table.move_selection(1))
    bind("enter", filter=picking_color)(table.enter)
    bind("escape", filter=picking_color)(model.cancel)
    # UNO said while the colour (or a 7's seat) is asked goes with the card being played: with
    # the next-to-last card a player often presses u just after Enter (it was ignored here)
    bind_action("uno", picking_color | picking_seat)(table.say_uno)

    # ---- seat picker (7-0)
    bind("left", filter=picking_seat)(lambda: table.move_selection(-1))
    bind("right", filter=picking_seat)(lambda: table.move_selection(1))
    for digit in "123456789":
        bind(digit, filter=picking_seat)(lambda d=int(digit): table.select_number(d))  # type: ignore[misc]
    bind("enter", filter=picking_seat)(table.enter)
    bind("escape", filter=picking_seat)(model.cancel)

    # ---- challenge or accept a Wild Draw Four
    for yes in keys_of("yes"):
        bind(yes, filter=challenge)(table.challenge)
    for no in (*keys_of("no"), *keys_of("accept")):
        bind(no, filter=challenge)(lambda: table.challenge(accept=True))
    # the hand stays usable while deciding (and, where it stacks, a card: ``stacking``)
    bind("left", filter=challenge)(lambda: table.move_selection(-1))
    bind("right", filter=challenge)(lambda: table.move_selection(1))
    # (R17: its player, down to one card without UNO, may be caught until we answer; found
    # play-testing, c did nothing there, and after the answer it was a false catch)
    bind_action("catch", challenge & ~typing)(table.catch)

    # ---- a letter that does nothing at the table says so (found play-testing: a Spanish player
    # pressed the English z to step away, and nothing happened; which key does, if another
    # language's key did it). Every other binding is more specific and comes first.
    @kb.add(Keys.Any, filter=at_table & ~coming_back)
    def _unbound(event: KeyPressEvent) -> None:
        key = event.data
        if len(key) != 1 or not key.isprintable() or key.isspace():
            return
        model.key_pressed()
        action = keymap.unbound_action(key, lang)
        model.prompts.notice = (t("key_does_nothing", pressed=key) if action is None else
                                t("key_is_elsewhere", pressed=key, action=t("act_" + action),
                                  mine=keymap.first(action, lang)))
        after()

    return kb
