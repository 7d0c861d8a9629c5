"""The texts of plain mode (client/plainview.py, client/plaincmd.py), as (English, Spanish):
lines for screen readers and typed commands. A command's words are "|"-separated; every
language's words work. client/texts.py takes them into its table."""

PLAIN_TEXTS: dict[str, tuple[str, str]] = {
    "plain_on": ("Plain mode: every change is one line. Type a command and Enter; help lists them.",
                 "Modo sencillo: cada cambio es una línea. Escribe una orden y Enter; ayuda las lista."),
    "plain_past": ("What has happened at the table:", "Lo que ha pasado en la mesa:"),
    "plain_past_last": ("What has happened at the table, the last {n} of {total} lines:",
                        "Lo último que ha pasado en la mesa, {n} de {total} líneas:"),
    "plain_now": ("Now:", "Ahora:"),
    "plain_hand": ("Your hand: {cards}", "Tu mano: {cards}"),
    "plain_hand_none": ("Your hand is empty", "Tu mano está vacía"),
    "plain_can_play": ("You can play: {cards}", "Puedes jugar: {cards}"),
    # (two cards: found play-testing, Inés learned of UNO by being caught)
    "plain_say_uno": ("Two cards: add uno to the one you play ({n} uno) to say UNO with it",
                      "Dos cartas: añade uno a la que juegues ({n} uno) para decir UNO con ella"),
    "plain_challenge_stack": ("Or stack on it: a playable card's number.",
                              "O súmale una carta: el número de una que puedas jugar."),
    "plain_time": ("{n} seconds to play", "{n} segundos para jugar"),
    "plain_time_one": ("1 second to play", "1 segundo para jugar"),  # (found re-checking: "1 seconds")
    "plain_time_left": ("{n} seconds left to play", "Te quedan {n} segundos para jugar"),
    "plain_help_connecting": ("Commands: quit.", "Órdenes: salir."),  # (not the key bar's "q quit")
    "plain_help_language": ("En español: escribe español.", "In English: type english."),
    # (the way back said in the other language: its reader's)
    "plain_language_now": ("Now in English. En español: escribe español.",
                           "Ahora en español. In English: type english."),
    "plain_jump_in": ("You can jump in with: {cards}", "Puedes cortar con: {cards}"),
    "plain_cannot_play": ("Nothing to play", "Nada que jugar"),
    "plain_or": ("or {options}", "o {options}"),
    "plain_only": ("Nothing to play: {options}", "Nada que jugar: {options}"),
    "plain_numbered": ("{n} {card}", "{n}: {card}"),
    "plain_top": ("Top card: {card}, {color}", "Carta de arriba: {card}, {color}"),
    "plain_top_card": ("Top card: {card}", "Carta de arriba: {card}"),
    "plain_top_wild": ("Top card: {card}, colour being chosen", "Carta de arriba: {card}, eligiendo color"),
    "plain_scores": ("Scores: {scores}", "Puntos: {scores}"),
    # what each hand left was worth (found play-testing: the full screen's board shows the cards
    # and their points; plain mode gave only the total)
    "plain_counted": ("Counted: {list}", "Contado: {list}"),
    "plain_counted_seat": ("{name} {points} ({n} cards)", "{name} {points} ({n} cartas)"),
    "plain_counted_seat_one": ("{name} {points} (1 card)", "{name} {points} (1 carta)"),
    "plain_color_choices": ("{n} {color} ({letter})", "{n} {color} ({letter})"),
    "plain_chat": ("{name} says: {text}", "{name} dice: {text}"),
    "plain_chat_you": ("You said: {text}", "Dijiste: {text}"),
    "plain_unknown": ("Not a command here: {text}. Type help.",
                      "Eso no es una orden aquí: {text}. Escribe ayuda."),
    "plain_no_card": ("You have no card {n}", "No tienes la carta {n}"),
    # (how long, and how to have more: found play-testing with a screen reader, the next hand came
    # as the scoring was still being read, and only help said that pass holds it)
    "plain_next_hand": ("The next hand is dealt in a few seconds: type pass for more time",
                        "La siguiente mano se reparte en unos segundos: escribe pasar para tener más tiempo"),
    "plain_not_held": ("You hold no {card}", "No tienes {card}"),
    "plain_card_kept": ("{card} stays in your hand: still your turn",
                        "{card} sigue en tu mano: sigue tu turno"),
    "plain_no_room": ("No table {n} in the list you heard: the latest follows",
                      "No hay mesa {n} en la lista que oíste: ahí va la más reciente"),
    "plain_no_server": ("There is no server {n}", "No hay servidor {n}"),
    "plain_servers": ("Tables on your network: {list}. Type a number or an address (host:port).",
                      "Mesas en tu red: {list}. Escribe un número o una dirección (host:puerto)."),
    "plain_server": ("{n} {name} at {address}, {players} playing, {free} free",
                     "{n} {name} en {address}, {players} jugando, {free} libres"),
    "plain_tables": ("Tables: {n}", "Mesas: {n}"),  # (then one line each)
    # (found play-testing: "2 Mesa de Ben de Ben", "Ben's table by Ben")
    "plain_room": ("{n} {name}, hosted by {host}, {players}, {rules}, {state}",
                   "{n} {name}, abierta por {host}, {players}, {rules}, {state}"),
    "plain_seats": ("Seats: {list}", "Asientos: {list}"),
    "plain_free_seat": ("{n} free", "{n} libre"),
    # (found play-testing: "nivel N NIVEL" read aloud as a riddle)
    "plain_bots_next": ("Bots for the next match: {list}. To change one, type level, its seat's number "
                        "and the level (level 2 hard); remove and the number frees its seat",
                        "Bots de la próxima partida: {list}. Para cambiar uno, escribe nivel, el número "
                        "de su asiento y el nivel (nivel 2 difícil); quitar y el número libera su asiento"),
    "plain_form": ("A new table. Type a field's number and its value (\"3 6\": six seats; the name as "
                   "text); the number alone steps to the next value (the password's asks for it, unseen), "
                   "the number and - to the one before; ok opens the table, back goes back. The fields:",
                   "Una mesa nueva. Escribe el número de un campo y su valor («3 6»: seis asientos; el "
                   "nombre como texto); el número solo pasa al valor siguiente (el de la contraseña la "
                   "pide, sin mostrarla), el número y - al anterior; ok abre la mesa, volver sale. Los "
                   "campos:"),
    "plain_form_rules": ("The rules of {room}. Type a field's number and its value (\"3 60\": 60 seconds a "
                         "turn); the number alone steps to the next value, the number and - to the one "
                         "before; ok gives the table these rules, back leaves them as they were. The fields:",
                         "Reglas de «{room}». Escribe el número de un campo y su valor («3 60»: 60 "
                         "segundos por turno); el número solo pasa al valor siguiente, el número y - al "
                         "anterior; ok da a la mesa estas reglas, volver las deja como estaban. Los campos:"),
    "plain_form_password": ("The new table's password (not shown as you type; Enter alone: none).",
                            "La contraseña de la mesa nueva (no se ve al escribirla; Enter solo: ninguna)."),
    "plain_form_no_value": ("{field} has no value \"{value}\"; its values: {values}",
                            "{field} no tiene el valor «{value}»; sus valores: {values}"),
    "plain_help_browse": ("Commands: a number or host:port connects; quit.",
                          "Órdenes: un número o host:puerto conecta; salir."),
    "plain_lobby_none": ("No tables yet. Type new to open one.",
                         "Aún no hay mesas. Escribe nueva para abrir una."),
    "plain_help_lobby": ("Commands: a number joins that table; watch N; new opens a table; refresh; "
                         "how: how to play; say TEXT; quit.",
                         "Órdenes: un número entra en esa mesa; mirar N; nueva abre una mesa; "
                         "actualizar; cómo: cómo se juega; di TEXTO; salir."),
    "plain_help_waiting_host": ("Commands: start (bots fill the empty seats); S starts with the seats "
                                "taken; add and remove a bot (+ and -); remove N frees seat N (a bot's, or "
                                "one whose player lost the connection); level N changes the level of "
                                "the bot in seat N (level N hard sets it); rules (or R) changes the table's "
                                "rules; leave; say TEXT; quit.",
                                "Órdenes: empezar (los bots ocupan los asientos libres); S empieza con "
                                "los sentados; añadir y quitar un bot (+ y -); quitar N libera el asiento N "
                                "(de un bot, o de quien perdió la conexión); nivel N cambia el nivel "
                                "del bot del asiento N (nivel N difícil lo fija); reglas (o R) cambia las "
                                "reglas de la mesa; dejar; di TEXTO; salir."),
    "plain_help_waiting": ("Commands: how: how to play at this table; leave; say TEXT; quit.",
                           "Órdenes: cómo: cómo se juega en esta mesa; dejar; di TEXTO; salir."),
    "plain_help_spectator": ("Commands: sit (j) takes a seat, or, in line for one, leaves the line; an "
                             "empty line says the table, every player's cards and the scores; leave; "
                             "say TEXT; quit.",
                             "Órdenes: sentarse (j) ocupa un asiento o, en la cola para uno, sale de ella; "
                             "una línea vacía dice la mesa, las cartas de cada jugador y los puntos; "
                             "dejar; di TEXTO; salir."),
    "plain_help_table": ("Commands: a card's number, or its name (red 5): plays it (add uno to say UNO with "
                         "it); draw; pass; "
                         "uno; catch; hint; why N: says why card N cannot be played, or what it does; "
                         "replay: the hand "
                         "before, a move at a time; rules: the table's rules; how: how to play; hand (or an "
                         "empty line): repeats the table, with how many cards each player holds; away: "
                         "steps away (a bot plays your turns); leave; say TEXT; quit. The keys of the full "
                         "screen work too: d, p, u, c, z, x, q.",
                         "Órdenes: el número de una carta, o su nombre (5 rojo): la juegas (añade uno "
                         "para decir UNO con ella); "
                         "robar; pasar; uno; pillar; pista; explica N: por qué no se puede jugar la "
                         "carta N, o qué hace; repetición: la mano anterior, jugada a jugada; reglas: "
                         "las reglas de "
                         "la mesa; cómo: cómo se juega; mano (o una línea vacía): repite la mesa, con "
                         "cuántas cartas tiene "
                         "cada jugador; ausente: te ausentas (un bot juega tus turnos); dejar; di TEXTO; "
                         "salir. Las teclas de la pantalla completa también: d, p, u, c, f, x, q."),
    "plain_help_hand_over": ("Commands: pass: more time before the next deal; replay: goes through the "
                             "hand just over, a move at a time (the next deal waits for it a while); "
                             "leave; say TEXT; quit. The next hand is dealt by itself.",
                             "Órdenes: pasar: más tiempo antes de la siguiente mano; repetición: repasas "
                             "la mano terminada, jugada a jugada (la siguiente mano la espera un rato); "
                             "dejar; di TEXTO; salir. La siguiente mano se reparte sola."),
    "plain_not_left": ("You stay at the table.", "Sigues en la mesa."),
    "plain_not_quit": ("You did not quit.", "No has salido."),
    # (each command's word, then a colon: found play-testing, "no la rechaza" read backwards)
    "plain_help_match_over": ("Commands: rematch: accepts a rematch; no: declines it (and leaves); order: "
                              "changes its seat order; replay: goes through the last hand; leave; "
                              "say TEXT; quit.",
                              "Órdenes: revancha: aceptas la revancha; no: la rechazas (y dejas la mesa); "
                              "orden: cambias el orden de los asientos; repetición: repasas la última "
                              "mano; dejar; di TEXTO; salir."),
    # (the host's: found play-testing, the board named R, and the help neither it nor s)
    "plain_line_held": ("That line was not played: the match began and closed the rules' form",
                        "Esa línea no se jugó: empezó la partida y cerró el formulario de reglas"),
    "plain_help_match_over_host": ("Commands: rematch: accepts a rematch; no: declines it (and leaves); "
                                   "order: changes its seat order; start (s): starts it now; level N: "
                                   "changes the bot in seat N; remove N: frees seat N; rules (or R): "
                                   "changes the rules; replay: goes through the last hand; leave; say "
                                   "TEXT; quit.",
                                   "Órdenes: revancha: aceptas la revancha; no: la rechazas (y dejas la "
                                   "mesa); orden: cambias el orden de los asientos; empezar (s): la empiezas "
                                   "ya; nivel N: cambias el bot del asiento N; quitar N: liberas el asiento "
                                   "N; reglas (o R): cambias las reglas; repetición: repasas la última mano; "
                                   "dejar; di TEXTO; salir."),
    "plain_replay_on": ("Replay of hand {n}: {moves} moves, showing {who}. Enter (or next) goes a move on; "
                        "previous, first, all (the rest at once), seat (the next player's cards), "
                        "open (every hand), back (to the table).",
                        "Repetición de la mano {n}: {moves} jugadas, mostrando {who}. Enter (o siguiente) "
                        "avanza una jugada; anterior, principio, todo (el resto de una vez), asiento "
                        "(las cartas del siguiente), abrir (todas las manos), volver (a la mesa)."),
    "plain_replay_help": ("In the replay: Enter or next, previous, first, all, seat, open, back; between "
                          "hands, pass: more time before the next deal.",
                          "En la repetición: Enter o siguiente, anterior, principio, todo, asiento, "
                          "abrir, volver; entre manos, pasar: más tiempo antes de la siguiente."),
    "plain_replay_deal_in": ("The next hand is dealt in {n} s; pass gives more time.",
                             "La siguiente mano se reparte en {n} s; pasar da más tiempo."),
    "plain_replay_more_time": ("You asked for more time: the next deal waits.",
                               "Pediste más tiempo: la siguiente mano espera."),
    # (`uno replay` on a plain terminal: no table to go back to)
    "plain_replay_on_alone": ("Replay of hand {n}: {moves} moves, showing {who}. Enter (or next) goes a "
                              "move on; previous, first, all (the rest at once), seat (the next "
                              "player's cards), open (every hand), quit.",
                              "Repetición de la mano {n}: {moves} jugadas, mostrando {who}. Enter (o "
                              "siguiente) avanza una jugada; anterior, principio, todo (el resto de una "
                              "vez), asiento (las cartas del siguiente), abrir (todas las manos), salir."),
    "plain_replay_help_alone": ("In the replay: Enter or next, previous, first, all, seat, open, quit.",
                                "En la repetición: Enter o siguiente, anterior, principio, todo, asiento, "
                                "abrir, salir."),
    "plain_replay_closed_alone": ("Replay closed.", "Repetición cerrada."),
    # (its cards counted as cards: found play-testing, "Marcos tiene 7: 0 rojo…")
    "plain_replay_hand": ("{name} holds {n} cards: {cards}", "{name} tiene {n} cartas: {cards}"),
    "plain_replay_hand_one": ("{name} holds one card: {cards}", "{name} tiene una carta: {cards}"),
    "plain_replay_no_cards": ("{name} holds no card", "{name} no tiene cartas"),
    "plain_replay_end": ("The end of the hand", "Fin de la mano"),
    # (Enter again at the end: what can be done there, not the same words again)
    "plain_replay_past_end": ("No move after the end of the hand: previous, first, or back.",
                              "No hay jugada tras el fin de la mano: anterior, principio o volver."),
    "plain_replay_past_end_alone": ("No move after the end of the hand: previous, first, or quit.",
                                    "No hay jugada tras el fin de la mano: anterior, principio o salir."),
    "plain_replay_closed": ("Back at the table.", "De vuelta en la mesa."),
    "plain_no_seat": ("There is no seat {n}", "No hay asiento {n}"),
    "plain_waiting_offline": ("{name} has lost the connection: remove {n} frees the seat.",
                              "{name} perdió la conexión: quitar {n} libera el asiento."),
    "plain_waiting_quit": ("{name} closed the game: remove {n} frees the seat.",
                           "{name} cerró el juego: quitar {n} libera el asiento."),
    "plain_waiting_host": ("You are the host: type start (or s) to start; bots take the {n} empty seats, "
                           "or S starts without them.",
                           "Llevas la mesa: escribe empezar (o s) para empezar; los bots ocupan los {n} "
                           "asientos vacíos, o S empieza sin ellos."),
    "plain_waiting_host_one": ("You are the host: type start (or s) to start; a bot takes the empty seat, "
                               "or S starts without it.",
                               "Llevas la mesa: escribe empezar (o s) para empezar; un bot ocupa el "
                               "asiento vacío, o S empieza sin él."),
    "plain_waiting_host_full": ("You are the host: type start (or s) to start.",
                                "Llevas la mesa: escribe empezar (o s) para empezar."),
    "plain_waiting_levels": ("level N changes the level of the bot in seat N.",
                             "nivel N cambia el nivel del bot del asiento N."),
    "plain_waiting_change_rules": ("rules changes the table's rules.",
                                   "reglas cambia las reglas de la mesa."),
    "plain_levels": ("The levels: {levels}", "Los niveles: {levels}"),
    "plain_help_color": ("Type a colour: its name, its letter or its number; hint advises one; back cancels.",
                         "Escribe un color: su nombre, su letra o su número; pista aconseja uno; volver "
                         "cancela."),
    "plain_help_start_color": ("Type a colour: its name, its letter or its number; hint advises one.",
                               "Escribe un color: su nombre, su letra o su número; pista aconseja uno."),
    # the table as the full screen's board shows it, on "look" (an empty line): found play-testing,
    # plain mode never said how many cards the others held
    "plain_table": ("{top}. {pile}, {way}. Cards: {seats}", "{top}. {pile}, {way}. Cartas: {seats}"),
    "plain_table_no_top": ("{pile}, {way}. Cards: {seats}", "{pile}, {way}. Cartas: {seats}"),
    "plain_table_seat": ("{name}: {cards}", "{name}: {cards}"),
    "plain_seat": ("{n} {name} ({cards} cards)", "{n} {name} ({cards} cartas)"),  # whom a 7 swaps with
    "plain_seat_one": ("{n} {name} (1 card)", "{n} {name} (1 carta)"),
    "plain_help_seat": ("Type the number or the name of a seat; hint advises one; back cancels.",
                        "Escribe el número o el nombre de un asiento; pista aconseja uno; volver cancela."),
    "plain_help_confirm": ("Type {yes} to confirm; anything else stays.",
                           "Escribe {yes} para confirmar; si no, te quedas."),
    # (after the question, which says what each does: found play-testing, said twice)
    "plain_help_host_quit": ("Type e or k (uno host --resume opens a kept match); anything else stays.",
                             "Escribe t o g (uno host --resume abre la guardada); si no, te quedas."),
    "plain_help_password": ("Type the password and Enter.", "Escribe la contraseña y Enter."),
    # (a command to type, not a key to press: found play-testing, "¡pulsa c para pillarle!")
    "plain_connection_over": ("The connection is over: type quit to quit.",
                              "La conexión terminó: escribe salir para salir."),
    "plain_status_table_closed": ("The host closed the table. Type quit to quit.",
                                  "El anfitrión cerró la mesa. Escribe salir para salir."),
    "plain_status_server_closed": ("The host closed their program, and every table on it ended. Type "
                                   "quit to quit.",
                                   "El anfitrión cerró su programa, y acabaron todas las mesas que tenía. "
                                   "Escribe salir para salir."),
    "plain_at_risk_you": ("You did not say UNO: type uno before a catch counts",
                          "No dijiste UNO: escribe uno antes de que te pillen"),
    "plain_at_risk_you_open": ("You did not say UNO and can be caught now: type uno",
                               "No dijiste UNO y ya te pueden pillar: escribe uno"),
    "plain_catch_hint": ("{name} did not say UNO: type catch to catch them!",
                         "{name} no dijo UNO: ¡escribe pillar para pillarle!"),
    "plain_catch_hint_grace": ("{name} has not said UNO yet: catch counts once their time is up",
                               "{name} aún no dijo UNO y le queda un momento: pillar vale cuando "
                               "se le acabe"),
    "cmd_draw": ("draw|d", "robar|d"),
    "cmd_pass": ("pass|p", "pasar|p"),
    "cmd_uno": ("uno|u", "uno|u"),
    "cmd_catch": ("catch|c", "pillar|c"),
    # ("sal" too, as the full screen's bar says it: found play-testing, "Eso no es una orden aquí")
    "cmd_quit": ("quit|q|exit", "salir|sal|q"),
    "cmd_leave": ("leave|x", "dejar|x"),
    "cmd_look": ("hand|look|h", "mano|ver|h"),
    "cmd_help": ("help|?", "ayuda|?"),
    # (each language's words work in the other, where one who cannot read it types them)
    "cmd_language": ("language", "idioma"),
    "cmd_spanish": ("spanish", "español|espanol"),
    "cmd_english": ("english", "inglés|ingles"),
    "cmd_say": ("say|t", "di|decir|t"),
    "cmd_start": ("start|s", "empezar|s"),
    "cmd_add": ("add|+", "añadir|+"),
    "cmd_remove": ("remove|-", "quitar|-"),
    "cmd_sit": ("sit|j", "sentarse|j"),
    "cmd_watch": ("watch|w", "mirar|w"),
    "cmd_new": ("new|n", "nueva|n"),
    "cmd_refresh": ("refresh|r", "actualizar|r"),
    "cmd_resume": ("resume|r", "reanudar|r"),
    "cmd_rules": ("rules", "reglas"),
    "cmd_howto": ("how", "cómo|como"),
    "cmd_yes": ("yes|y", "sí|si|s"),
    "cmd_no": ("no|n", "no|n"),
    "cmd_challenge": ("challenge|yes|y", "desafiar|sí|si|s"),
    "cmd_accept": ("accept|a|no|n", "aceptar|a|no|n"),
    "cmd_end": ("end|e", "terminar|t"),
    "cmd_keep": ("keep|k", "guardar|g"),
    "cmd_back": ("back|cancel|esc", "volver|cancelar|esc"),
    "cmd_ok": ("ok|open|create", "ok|abrir|crear"),
    "cmd_level": ("level|b", "nivel|b"),
    "cmd_hint": ("hint", "pista"),
    "cmd_why": ("why|w", "explica|porqué|porque|e"),
    "cmd_replay": ("replay|v", "repetición|repeticion|v"),
    "cmd_away": ("away|z", "ausente|fuera|f"),
    "cmd_rematch": ("rematch|m", "revancha|m"),
    "cmd_decline": ("decline|no|n", "rechazar|no|n"),
    "cmd_order": ("order|o", "orden|o"),
    "cmd_next": ("next|n|+", "siguiente|sig|n|+"),
    "cmd_previous": ("previous|prev|p|-", "anterior|ant|p|-"),
    "cmd_first": ("first|start", "principio|inicio"),
    "cmd_all": ("all|rest", "todo|resto"),
    "cmd_seat": ("seat|tab", "asiento|tab"),
    "cmd_open": ("open|o", "abrir|o"),
}
