"""The texts of the keys: keys.toml's problems, the help screen, the names of the actions and
of the keys, and the why key's reasons (one per engine rule code), as (English, Spanish).
client/texts.py holds them in its one table."""

KEY_TEXTS: dict[str, tuple[str, str]] = {
    # --- keys.toml and the help screen (client/keymap.py): key names, problems, action names
    "keyname_space": ("Space", "Espacio"),
    "keyname_enter": ("Enter", "Enter"),
    "keyname_home": ("Home", "Inicio"),
    "keyname_end": ("End", "Fin"),
    "keyname_backspace": ("Backspace", "Retroceso"),
    "keyname_delete": ("Delete", "Supr"),
    "keyname_pageup": ("PgUp", "RePág"),
    "keyname_pagedown": ("PgDn", "AvPág"),
    "keys_bad_toml": ("not a TOML file ({detail}); the default keys are used",
                      "no es un archivo TOML ({detail}); se usan las teclas de siempre"),
    "keys_unreadable": ("cannot be read ({detail}); the default keys are used",
                        "no se puede leer ({detail}); se usan las teclas de siempre"),
    # (the names are in docs/KEYS.md: the help screen shows what each does, not its name)
    "keys_unknown_action": ("no action is called “{action}”; the names are in docs/KEYS.md",
                            "ninguna acción se llama «{action}»; los nombres están en docs/KEYS.md"),
    "keys_unknown_action_meant": ("no action is called “{action}”: “{meant}”, maybe? (names: docs/KEYS.md)",
                                  "ninguna acción se llama «{action}»: ¿«{meant}», quizá? (nombres: "
                                  "docs/KEYS.md)"),
    "keys_untypable": ("{action} = {value}: not a key a terminal can type; {action} keeps its keys",
                       "{action} = {value}: no es una tecla que se pueda pulsar; {action} sigue con las"
                       " suyas"),
    "keys_twice": ("{action} = {keys}: that key already does “{other}” there; {action} keeps its keys",
                   "{action} = {keys}: esa tecla ya hace «{other}» ahí; {action} sigue con las suyas"),
    "keys_fixed": ("{action} = {keys}: a fixed key there (F1 lists them); {action} keeps its keys",
                   "{action} = {keys}: ahí es una tecla fija (F1 las lista); {action} sigue con las suyas"),
    "keys_problems": ("keys.toml: {first}{more}", "keys.toml: {first}{more}"),
    "keys_more": (" (and {n} more: F1)", " (y {n} más: F1)"),
    "keyhelp_title": ("Keys — {path}", "Teclas — {path}"),
    # (found play-testing: "(sigue)" read as a key's word)
    "keyhelp_continued": ("(continued)", "(continúa)"),
    # (F2 in the other language, its reader's, and first: the line is cut at 60 columns)
    "keyhelp_close": ("F2: en español · any key closes this help",
                      "F2: in English · cualquier tecla cierra esta ayuda"),
    "keyhelp_close_pages": ("F2: en español · PgDn PgUp: pages · any other key closes this help",
                            "F2: in English · AvPág RePág: páginas · otra tecla cierra la ayuda"),
    # (60 columns: the whole line was cut, "…closes t…": found play-testing)
    "keyhelp_close_pages_short": ("F2: en español · PgDn PgUp: pages · other keys close",
                                  "F2: in English · AvPág RePág: páginas · otra tecla cierra"),
    "keyhelp_page": ("Page {n} of {pages}: {on} goes on, {back} back",
                     "Página {n} de {pages}: {on} sigue, {back} vuelve"),
    "keyhelp_page_howto": ("Page {n} of {pages}: {on} how to play, {back} back",
                           "Página {n} de {pages}: {on} cómo se juega, {back} vuelve"),
    "keyhelp_page_last": ("Page {n} of {pages}: {back} back", "Página {n} de {pages}: {back} vuelve"),
    "keyhelp_fixed": ("Also: ↑↓ lists, h l Home End 1-9 the hand, Esc cancels, Ctrl-C quits at once",
                      "Además: ↑↓ listas, h l Inicio Fin 1-9 la mano, Esc cancela, Ctrl-C sale ya"),
    "context_anywhere": ("Anywhere", "En todas partes"),
    "context_lobby": ("In the lobby", "En la sala"),
    "context_room": ("At a table (waiting or playing)", "En una mesa (esperando o jugando)"),
    "context_waiting": ("Waiting (or between hands)", "Esperando (o entre manos)"),
    "context_table": ("Playing a hand", "Jugando una mano"),
    "act_quit": ("quit", "salir"),
    "act_chat": ("chat", "chat"),
    "act_help": ("this help", "esta ayuda"),
    "act_join": ("join the table", "entrar en la mesa"),
    "act_watch": ("watch the table", "mirar la mesa"),
    "act_new_table": ("open a new table", "abrir una mesa nueva"),
    "act_refresh": ("refresh the list", "actualizar la lista"),
    "act_start": ("start (bots fill the seats)", "empezar (entran bots)"),
    "act_start_as_seated": ("start as seated", "empezar sin más bots"),
    "act_add_bot": ("add a bot", "añadir un bot"),
    "act_remove_bot": ("free the picked seat (↑↓)", "liberar un asiento (↑↓)"),
    "act_leave": ("leave the table", "dejar la mesa"),
    "act_take_seat": ("take a seat", "sentarse"),
    "act_left": ("previous card", "carta anterior"),
    "act_right": ("next card", "carta siguiente"),
    "act_play": ("play the card", "jugar la carta"),
    "act_draw": ("draw", "robar"),
    "act_pass": ("pass; between hands, wait", "pasar; entre manos, espera"),  # (``Model.pass_turn``)
    "act_uno": ("say UNO", "decir UNO"),
    "act_catch": ("catch a player without UNO", "pillar a quien no dijo UNO"),
    "act_why": ("why a card cannot be played", "por qué no se puede jugar"),
    "act_hint": ("a hint", "una pista"),
    "act_log_back": ("earlier in the log", "atrás en el registro"),
    "act_log_forward": ("later in the log", "adelante en el registro"),
    "act_log": ("the log: earlier, later", "leer el registro"),
    "act_replay": ("replay the last hand", "ver la última mano"),
    "key_does_nothing": ("{pressed} does nothing here: {k_help} lists the keys",
                         "{pressed} no hace nada aquí: {k_help} muestra las teclas"),
    "key_is_elsewhere": ("{pressed} does nothing here; {action}: {mine} ({k_help} lists the keys)",
                         "{pressed} no hace nada aquí; {action}: {mine} ({k_help} muestra las teclas)"),
    "act_away": ("step away (a bot plays)", "ausentarse (juega un bot)"),
    "act_rematch": ("accept a rematch", "aceptar la revancha"),
    "act_no_rematch": ("no rematch (leave)", "sin revancha (dejar)"),
    "act_seat_order": ("the rematch's seats", "asientos de la revancha"),
    # (not between hands, which the context's name says: found play-testing, b refused there)
    "act_bot_level": ("bot level, not mid-match", "nivel de bot, no en partida"),
    "act_resume": ("back to the kept match", "retomar la partida guardada"),
    "act_rules": ("the rules", "las reglas"),
    "act_leave_waiting": ("leave (between hands)", "dejar la mesa (entre manos)"),
    # --- why a card cannot be played now (the why key), one text per engine rule code
    "why_playable": ("{card} can be played now", "{card} se puede jugar ahora"),
    "why_playable_jump_in": ("{card} can jump in now: identical to the top card, it takes the turn",
                             "{card} puede cortar ahora: igual a la de arriba, se queda el turno"),
    "why_playable_seven": ("{card} can be played now, and then you swap hands with a player you choose",
                           "{card} se puede jugar ahora, y luego cambias tu mano con la de quien elijas"),
    "why_playable_seven_two": ("{card} can be played now, and then you swap hands with the other player",
                               "{card} se puede jugar ahora, y luego cambias tu mano con la del otro"),
    "why_playable_again": ("{card} can be played now: with two players, you play again",
                           "{card} se puede jugar ahora: entre dos, vuelves a jugar"),
    "why_playable_zero": ("{card} can be played now, and then every hand moves one seat along",
                          "{card} se puede jugar ahora, y luego cada mano pasa al siguiente jugador"),
    "why_playable_skip": ("{card} can be played now: the next player loses the turn",
                          "{card} se puede jugar ahora: el siguiente pierde el turno"),
    "why_playable_reverse": ("{card} can be played now: play turns back the other way",
                             "{card} se puede jugar ahora: el juego da la vuelta"),
    "why_playable_two": ("{card} can be played now: the next player draws {n} and loses the turn",
                         "{card} se puede jugar ahora: el siguiente roba {n} y pierde el turno"),
    "why_playable_two_stack": ("{card} can be played now: the next player draws {n} and loses the turn, "
                               "unless they stack on it",
                               "{card} se puede jugar ahora: el siguiente roba {n} y pierde el turno, "
                               "salvo que sume otra encima"),
    "why_playable_wild": ("{card} can be played now: you name the colour play goes on in",
                          "{card} se puede jugar ahora: eliges el color en que se sigue"),
    "why_playable_four": ("{card} can be played now: you name the colour, and the next player draws {n} "
                          "and loses the turn",
                          "{card} se puede jugar ahora: eliges el color, y el siguiente roba {n} y pierde "
                          "el turno"),
    "why_playable_four_honest": ("{card} can be played now: you name the colour, and the next player draws "
                                 "{n} and loses the turn, or 6 if they challenge it",
                                 "{card} se puede jugar ahora: eliges el color, y el siguiente roba {n} y "
                                 "pierde el turno, o 6 si te desafía"),
    "why_playable_four_stack": ("{card} can be played now: you name the colour, and the next player draws "
                                "{n} and loses the turn, unless they stack on it",
                                "{card} se puede jugar ahora: eliges el color, y el siguiente roba {n} y "
                                "pierde el turno, salvo que sume otra encima"),
    # (between hands: found play-testing, a newcomer could only guess how the points came)
    "why_points": ("The winner scores the cards left in the other hands: a number card its number; Skip, "
                   "Reverse and Draw Two 20; wilds 50",
                   "Quien gana se apunta las cartas que quedan en las otras manos: una de número, su "
                   "número; Salta turno, Cambio de sentido y Roba dos, 20; comodines, 50"),
    "why_bluff": ("{card}: a bluff now, you hold {color}; if challenged, you draw 4",
                  "{card}: un farol ahora, tienes {color}; si te desafían, robas 4"),
    # (facing a Wild Draw Four: what the question asks, found play-testing with a learner)
    "why_challenge": ("A challenge says the +4 was a bluff (its player held {color}): if so, they draw 4; "
                      "if not, you draw {lost}. Accepting: you draw {n}.",
                      "Desafiar es decir que el +4 fue un farol (quien lo jugó tenía {color}): si lo fue, "
                      "roba 4; si no, robas {lost}. Aceptar: robas {n}."),
    "why_rule_error": ("{card} cannot be played now", "{card} no se puede jugar ahora"),
    "why_unknown_seat": ("You have no seat at this table", "No tienes asiento en esta mesa"),
    "why_not_your_turn": ("{card}: it is not your turn", "{card}: no es tu turno"),
    "why_card_not_in_hand": ("{card} is no longer in your hand", "{card} ya no está en tu mano"),
    "why_does_not_match": ("{card} is not {color} and does not match the top card",
                           "{card} no es {color} ni coincide con la carta de arriba"),
    # (the top card named when it has a number or symbol to match: "the top card" left the
    # player to look for what should have matched, found play-testing)
    # (Spanish: "ni coincide con Salta turno azul" read as vague in a play-test; the top card's
    # symbol or number named alone)
    "why_does_not_match_top": ("{card} matches neither {color} nor the {rank} on top",
                               "{card} no es {color} ni un {rank}"),
    "why_bad_color": ("A Wild needs a colour, and only a Wild takes one",
                      "Un Comodín necesita un color, y solo un Comodín lo lleva"),
    "why_bad_target": ("A 7 swaps hands with another player: choose one",
                       "Un 7 cambia la mano con otro jugador: elige uno"),
    "why_wild_draw_four_refused": ("A Wild Draw Four needs you to hold no {color} card",
                                   "Un Comodín +4 solo vale si no tienes ninguna carta de color {color}"),
    # ("the 2 to draw" read as the card 2: found play-testing)
    # (what stacks, named: found play-testing, "stack another" did not say a Draw Two; by the
    # cards' marks, +2 and +4, as the rules' labels say them, so that the longest fits 80 columns)
    "why_must_answer_draw": ("{card} cannot stack on a draw: stack {cards}, or draw {n}",
                             "{card} no se suma: suma {cards}, o roba {n}"),
    "stack_two": ("a +2", "un +2"),
    "stack_two_color": ("a {color} +2", "un +2 {color}"),
    "stack_four": ("a +4", "un +4"),
    "stack_either": ("{first} or {second}", "{first} o {second}"),
    # (how many: found play-testing, "d draws" where d drew 4)
    "not_playable_draw_n": ("{why}; no other card goes either: {k_draw} draws {n}",
                            "{why}; tampoco va otra carta: {k_draw} roba {n}"),
    "why_must_play": ("Under draw until playable you must play a card", "Robando hasta poder jugar,"
                      " tienes que jugar una carta"),
    "why_only_drawn_card": ("After drawing, only the card you drew ({drawn}) can be played",
                            "Tras robar solo puedes jugar la carta robada ({drawn})"),
    "why_cannot_pass": ("You cannot pass now", "No puedes pasar ahora"),
    "why_cannot_draw": ("You cannot draw now", "No puedes robar ahora"),
    "why_no_challenge": ("There is no Wild Draw Four to answer", "No hay ningún Comodín +4 que responder"),
    "why_challenge_pending": ("First challenge or accept the Wild Draw Four",
                              "Primero desafía o acepta el Comodín +4"),
    "why_color_pending": ("First choose the colour of the starting Wild",
                          "Primero elige el color del Comodín inicial"),
    "why_cannot_call_uno": ("You cannot say UNO with that card", "No puedes decir UNO con esa carta"),
    "why_not_catchable": ("Nobody can be caught now", "Ahora no se puede pillar a nadie"),
    "why_jump_in_refused": ("Not your turn: only a card identical to {top} can jump in",
                            "No es tu turno: solo se corta con una carta igual a {top}"),
    "why_jump_in_pending": ("Not your turn, and nobody jumps in while a draw is pending",
                            "No es tu turno, y nadie corta mientras hay que robar"),
    "why_hand_over": ("The hand is over", "La mano terminó"),
    "why_match_over": ("The match is over", "La partida terminó"),
    "why_hand_in_progress": ("The hand is still being played", "La mano todavía se está jugando"),
}
