"""Every text the client shows, as (English, Spanish) under one key: one table, so that a text
is never missing in one language. client/i18n.py picks and formats them."""

from .errortexts import ERROR_TEXTS
from .helptexts import HELP_TEXTS
from .hinttexts import HINT_TEXTS
from .howtotexts import HOWTO_TEXTS
from .linktexts import LINK_TEXTS
from .logtexts import LOG_TEXTS
from .plaintexts import PLAIN_TEXTS
from .replaytexts import REPLAY_TEXTS
from .rulestexts import RULE_TEXTS
from .statstexts import STATS_TEXTS
from .tabletexts import TABLE_TEXTS
from .texts_keys import KEY_TEXTS

TEXTS: dict[str, tuple[str, str]] = {
    # --- cards
    "color_R": ("red", "rojo"),
    "color_Y": ("yellow", "amarillo"),
    "color_G": ("green", "verde"),
    "color_B": ("blue", "azul"),
    "Color_R": ("Red", "Rojo"),
    "Color_Y": ("Yellow", "Amarillo"),
    "Color_G": ("Green", "Verde"),
    "Color_B": ("Blue", "Azul"),
    "rank_S": ("Skip", "Salta turno"),
    "rank_R": ("Reverse", "Cambio de sentido"),
    "rank_+2": ("Draw Two", "Roba dos"),
    "rank_W": ("Wild", "Comodín"),
    "rank_W+4": ("Wild Draw Four", "Comodín +4"),
    # a card's short code (client/i18n.py ``card_code``): its colour's initial, as the colour keys
    "code_R": ("R", "R"),
    "code_Y": ("Y", "A"),
    "code_G": ("G", "V"),
    "code_B": ("B", "Z"),
    "code_W": ("W", "C"),
    "card_number": ("{Color} {rank}", "{rank} {color}"),
    "card_action": ("{Color} {rank}", "{rank} {color}"),
    # --- general
    "app_title": ("UNO", "UNO"),
    "you": ("you", "tú"),
    "yes": ("yes", "sí"),
    "no": ("no", "no"),
    "off": ("off", "no"),
    "seconds": ("{n} s", "{n} s"),
    "decimal_point": (".", ","),
    # ("anything else", not "any other key": plain mode's answers are typed lines; found play-testing)
    "quit_confirm": ("Quit? {yes} quits, anything else stays.", "¿Salir? {yes} sale; si no, te quedas."),
    "quit_confirm_seat_kept": ("Quit? {yes} quits (your seat waits: uno join again), anything else stays.",
                               "¿Salir? {yes} sale (tu asiento te espera: uno join otra vez); si no, te"
                               " quedas."),
    "quit_confirm_ends": ("Quit? {yes} ends the match for everyone (this table is not kept), anything"
                          " else stays.",
                          "¿Salir? {yes} termina la partida para todos (esta mesa no se guarda); si "
                          "no, te quedas."),
    "host_quit_confirm": ("End the match for everyone (e), or keep it for later (k)?",
                          "¿Terminar la partida para todos (t), o guardarla para después (g)?"),
    "help_host_quit": ("e end for everyone · k keep for later (uno host --resume) · Esc stay",
                       "t termina para todos · g guarda (uno host --resume) · Esc sigue"),
    "help_host_quit_short": ("e end for everyone · k keep for later · Esc stay",
                             "t termina para todos · g guarda · Esc sigue"),
    # --- the keys of this language (the other language's keys work too)
    "key_yes": ("y", "s"),
    "key_no": ("n", "n"),
    "key_accept": ("a", "a"),
    "key_color_R": ("r", "r"),
    "key_color_Y": ("y", "a"),
    "key_color_G": ("g", "v"),
    "key_color_B": ("b", "z"),
    # --- leaving the table
    "leave_confirm": ("Leave the table? {yes} leaves, anything else stays.",
                      "¿Dejar la mesa? {yes} la deja; si no, te quedas."),
    "leave_confirm_short": ("Leave the table?", "¿Dejar la mesa?"),
    # (what leaving does, after the question: found re-checking, "…; si no, te quedas. Tu asiento
    # queda libre." read as if staying freed the seat)
    "leave_bot": ("A bot plays your seat.", "Al dejarla, un bot juega tu asiento."),
    "leave_free": ("Your seat is freed.", "Al dejarla, tu asiento queda libre."),
    "leave_line": ("The first in line for a seat takes yours.",
                   "Al dejarla, quien va primero en la cola ocupa tu asiento."),
    # (a table whose late arrivals sit at the next hand: found play-testing, "quien va primero en
    # la cola ocupa tu asiento", and a bot played the rest of the hand; the next in line, who has
    # no bot's seat waiting: found re-checking, the second took it)
    "leave_line_next_hand": ("A bot plays your seat until the next hand; then the next in line takes it.",
                             "Al dejarla, un bot juega tu asiento hasta la próxima mano; luego lo ocupa "
                             "el siguiente de la cola."),
    "leave_new_host": ("{name} becomes the host.", "{name} llevará la mesa."),
    "leave_closes": ("The table closes for everyone.", "La mesa se cierra para todos."),
    "leave_watch": ("You stop watching.", "Dejas de mirar."),
    "gone": ("gone", "se fue"),
    "log_newer": ("▼ {n} newer lines: {k_log_forward}", "▼ {n} líneas más nuevas: {k_log_forward}"),
    "log_newer_one": ("▼ 1 newer line: {k_log_forward}", "▼ 1 línea más nueva: {k_log_forward}"),
    "too_small": ("Too small: make the terminal at least 60×20",
                  "Demasiado pequeña: agranda la terminal a 60×20"),
    # --- browse (uno join without an address)
    "browse_title": ("Tables on your network", "Mesas en tu red"),
    "browse_searching": ("Looking for tables on the LAN…", "Buscando mesas en la red local…"),
    "browse_none": ("No table found yet. Type an address below, or wait.",
                    "Aún no hay mesas. Escribe una dirección abajo, o espera."),
    "browse_unavailable": ("LAN discovery is not available here: type an address.",
                           "La búsqueda en la red no está disponible: escribe una dirección."),
    "browse_off": ("LAN discovery is off (--no-discovery): type an address.",
                   "La búsqueda en la red está desactivada (--no-discovery): escribe una dirección."),
    "browse_columns": ("{name:<24} {host:<22} {players:>7} {free:>5}  {rules}",
                       "{name:<24} {host:<22} {players:>7} {free:>5}  {rules}"),
    "col_name": ("Table", "Mesa"),
    "col_host": ("Host", "Anfitrión"),
    "col_players": ("Players", "Jugad."),
    "col_free": ("Free", "Libres"),
    "col_rules": ("Rules", "Reglas"),
    "browse_address": ("Address (host:port): ", "Dirección (host:puerto): "),
    # --- lobby
    "lobby_title": ("Lobby — {server}", "Sala — {server}"),
    "lobby_title_alone": ("Lobby", "Sala"),
    "lobby_none": ("No tables yet. Press {k_new_table} to open one.",
                   "Aún no hay mesas. Pulsa {k_new_table} para abrir una."),
    "lobby_howto": ("How to play: {k_help}, then {pgdn}", "Cómo se juega: {k_help}, y luego {pgdn}"),
    "lobby_rules_doc": ("The rules of this game: {path}", "Las reglas de este juego: {path}"),
    # (name and host come padded to their columns' widths: client/screens.py narrows them to
    # leave the state its room)
    "lobby_columns": ("{name} {host} {players:>7} {rules:<9} {state}",
                      "{name} {host} {players:>7} {rules:<11} {state}"),
    "col_table": ("Table", "Mesa"),
    "col_state": ("State", "Estado"),
    "room_waiting": ("waiting", "esperando"),
    "room_playing": ("playing", "jugando"),
    "room_between": ("between matches", "entre partidas"),
    "room_locked": ("password", "contraseña"),
    "room_bots": ("{n} bots", "{n} bots"),
    "room_bots_one": ("1 bot", "1 bot"),
    "password_prompt": ("Password for {room}: ", "Contraseña de {room}: "),
    # --- create form
    "form_title": ("A new table", "Una mesa nueva"),
    "form_name": ("Name", "Nombre"),
    "form_preset": ("Rules", "Reglas"),
    "form_seats": ("Seats", "Asientos"),
    "form_bots": ("Bots", "Bots"),
    "form_timeout": ("Turn time", "Tiempo por turno"),
    "form_no_clock": ("off", "sin límite"),  # (found play-testing: "Tiempo por turno: no")
    "form_password": ("Password", "Contraseña"),
    "form_stack": ("Stack Draw Two", "Acumular Roba dos"),
    "form_seven_zero": ("7-0 (swap hands)", "7-0 (cambiar manos)"),
    "form_jump_in": ("Jump-in", "Cortar (fuera de turno)"),
    "form_draw_until": ("Draw until playable", "Robar hasta poder jugar"),
    "form_single": ("Single hand", "Una sola mano"),
    "form_hint": ("↑↓ field  ←→ change  type text  Enter create  Esc back",
                  "↑↓ campo  ←→ cambia  escribe texto  Enter crea  Esc vuelve"),
    "form_hint_short": ("↑↓ field  ←→ change  Enter create  Esc back",
                        "↑↓ campo  ←→ cambia  Enter crea  Esc vuelve"),
    # (the host's: the rules of the table she sits at, in the waiting room or for the next match;
    # found play-testing, "Las reglas de Mesa de Carla")
    "form_rules_title": ("The rules of {room}", "Reglas de «{room}»"),
    "form_rules_hint": ("↑↓ field  ←→ change  Enter apply  Esc back, unchanged",
                        "↑↓ campo  ←→ cambia  Enter aplica  Esc vuelve sin cambios"),
    "form_rules_hint_short": ("↑↓ field  ←→ change  Enter apply  Esc back",
                              "↑↓ campo  ←→ cambia  Enter aplica  Esc vuelve"),
    "default_table": ("{name}'s table", "Mesa de {name}"),
    "preset_official": ("official", "oficial"),
    "preset_house": ("house", "de la casa"),
    "none": ("none", "ninguna"),
    # --- waiting room
    "waiting_title": ("{room} — waiting for the start", "{room} — esperando el inicio"),
    "waiting_seats": ("Seats {taken}/{max}: ", "Asientos {taken}/{max}: "),
    # (the empty seats counted in words: found play-testing, "los asientos vacíos (1)" read as
    # a stray number)
    "waiting_host": ("You are the host: press {k_start} to start; bots take the {n} empty seats, or "
                     "{k_start_as_seated} starts without them.",
                     "Llevas la mesa: pulsa {k_start} para empezar; los bots ocupan los {n} asientos "
                     "vacíos, o {k_start_as_seated} empieza sin ellos."),
    "waiting_host_one": ("You are the host: press {k_start} to start; a bot takes the empty seat, or "
                         "{k_start_as_seated} starts without it.",
                         "Llevas la mesa: pulsa {k_start} para empezar; un bot ocupa el asiento vacío, o "
                         "{k_start_as_seated} empieza sin él."),
    "waiting_guest": ("Waiting for {host} to start…", "Esperando a que {host} empiece…"),
    "waiting_rematch": ("The last match's players are answering a rematch: you play in it once they "
                        "accept, or when {host} starts…",
                        "Quienes jugaron la partida anterior contestan a la revancha: juegas en ella "
                        "cuando acepten, o cuando {host} empiece…"),
    "waiting_rules": ("Rules: {preset} — {options}", "Reglas: {preset} — {options}"),
    "seat_bot": ("bot", "bot"),
    "seat_host": ("host", "anfitrión"),
    # --- table
    "hand_no": ("Hand {n}", "Mano {n}"),
    "target_score": ("to {n}", "a {n}"),
    "dir_cw": ("↻ clockwise", "↻ horario"),
    "dir_ccw": ("↺ counter-clockwise", "↺ antihorario"),
    "dir_of_play": ("in the direction of play", "en el sentido del juego"),  # (which one not known)
    "turn_you": ("Your turn", "Tu turno"),
    "turn_of": ("{name}'s turn", "Turno de {name}"),
    "color_in_play": ("Colour: {color}", "Color: {color}"),
    "color_choosing": ("Colour: being chosen", "Color: por elegir"),
    "draw_pile": ("Draw pile: {n}", "Mazo: {n}"),
    # (short: the board's column is some 26 characters at 80 columns; found play-testing, "Points:
    # you 48, in the le…")
    "points_all": ("Points:", "Puntos:"),
    "points_of_you": ("you {n}", "tú {n}"),
    "points_you_lead": ("You lead: {n} points", "Vas en cabeza: {n} puntos"),
    "points_lead": ("{name} leads: {n} points", "En cabeza: {name}, {n}"),
    "points_and_most": ("Points: you {n}, {name} {most}", "Puntos: tú {n}, {name} {most}"),
    "points_you_lead_short": ("Lead: {n} pts", "Líder: {n} ptos"),
    "points_lead_short": ("{name}: {n} pts", "{name}: {n} ptos"),
    "points_and_most_short": ("You {n} pts, top {most}", "Tú {n} ptos, máx. {most}"),
    # (not "Acumulado": a Wild Draw Four faced under the official rules stacks nothing)
    # (not "+4": after two Draw Twos it read as a Wild Draw Four, found play-testing)
    "pending_draw": ("To draw: {n} cards", "Por robar: {n} cartas"),
    "no_next_hand": ("No more hands: the table is closed", "No habrá más manos: la mesa se cerró"),
    "pending_draw_of": ("{name} to draw: {n}", "{name}, por robar: {n}"),
    "flag_uno": ("UNO!", "¡UNO!"),
    "flag_away": ("away", "ausente"),
    "flag_off": ("offline", "desconect."),
    "flag_next": ("next", "sigue"),
    "your_hand": ("Your hand ({n})", "Tu mano ({n})"),
    "hand_shown": ("[{first}–{last} shown]", "[se ven {first}–{last}]"),
    "spectating": ("You are watching this table.", "Estás mirando esta mesa."),
    "selected": ("{card}", "{card}"),
    "playable_hint": ("▲ = playable", "▲ = jugable"),  # (a legend: not about the selected card)
    "playable_hint_star": ("▲ = playable  ★ = hint", "▲ = jugable  ★ = pista"),
    "uno_armed": ("UNO! will be said with your next card", "Dirás ¡UNO! con tu próxima carta"),
    "top_card": ("Top card", "Carta arriba"),
    "hand_changed": ("Your hand just changed: look before you choose",
                     "Tu mano acaba de cambiar: mírala antes de elegir"),
    # (not "your last card": in UNO that says you have one card left)
    "hand_first": ("Already at the first card of your hand", "Ya estás en la primera carta de la mano"),
    "hand_last": ("Already at the last card of your hand", "Ya estás en la última carta de la mano"),
    "catch_hint": ("{name} did not say UNO: press {k_catch} to catch!",
                   "{name} no dijo UNO: ¡pulsa {k_catch} para pillarle!"),
    "not_your_turn": ("It is not your turn", "No es tu turno"),
    "hand_is_over": ("The hand is over", "La mano terminó"),
    "match_is_over": ("The match is over", "La partida terminó"),
    "nothing_to_do": ("Nothing to do now", "Nada que hacer ahora"),
    "uno_too_late": ("Too late for UNO: {name} caught you", "Demasiado tarde para el UNO: {name} te pilló"),
    # ("not now" first: found play-testing, the rule alone did not say the UNO was refused)
    "cannot_uno": ("Not now: you can say UNO with two cards on your turn or as you jump in, or with one card",
                   "Ahora no: puedes decir UNO con dos cartas en tu turno o al cortar, o cuando te quede "
                   "una"),
    # (no jump-in at this table: found play-testing, "or as you jump in" at an official table)
    "cannot_uno_no_jump": ("Not now: you can say UNO with two cards on your turn, or with one card",
                           "Ahora no: puedes decir UNO con dos cartas en tu turno, o cuando te quede una"),
    "uno_nothing_goes": ("UNO goes with your next-to-last card, and neither of yours can be played now",
                         "El UNO va con tu penúltima carta, y ninguna de las tuyas se puede jugar ahora"),
    "nobody_to_catch": ("Nobody to catch", "No hay a quién pillar"),
    "caught_first": ("{name} caught {target} first", "{name} pilló antes a {target}"),
    "cannot_draw": ("You cannot draw now", "No puedes robar ahora"),
    "cannot_draw_must_play": ("You can play {cards}: these rules say play, not draw",
                              "Puedes jugar {cards}: estas reglas piden jugar, no robar"),
    "cannot_pass": ("You cannot pass now", "No puedes pasar ahora"),
    "cannot_pass_must_play": ("You can play {cards}: these rules say play, not pass",
                              "Puedes jugar {cards}: estas reglas piden jugar, no pasar"),
    "cannot_pass_draw": ("You cannot pass before drawing: {k_draw} draws",
                         "No puedes pasar sin robar: {k_draw} roba"),
    "cannot_pass_pending": ("You cannot pass: you are to draw {n}, {k_draw} draws them",
                            "No puedes pasar: te toca robar {n}, {k_draw} las roba"),
    "not_playable_draw": ("{why}; no other card goes either: {k_draw} draws",
                          "{why}; tampoco va otra carta: {k_draw} roba"),
    "no_bot_to_remove": ("There is no bot to remove", "No hay ningún bot que quitar"),
    "hand_won": ("{name} wins hand {n} and scores {points} points",
                 "{name} ganó la mano {n} y sumó {points} puntos"),
    # (Spanish in the past, as the log's lines beside them: found play-testing, "Ganaste la mano:
    # +269 puntos. ¡Ganas la partida!", "Bot 2 gana la mano 1" beside "Dan ganó la mano: +137")
    "match_won": ("{name} wins the match!", "¡{name} ganó la partida!"),
    "match_won_you": ("You win the match!", "¡Ganaste la partida!"),
    "hand_won_you": ("You win hand {n} and score {points} points",
                     "Ganaste la mano {n} y sumaste {points} puntos"),
    "next_hand": ("The next hand starts in a moment…", "La siguiente mano empieza enseguida…"),
    "next_hand_in": ("The next hand is dealt in {n} s…", "La siguiente mano se reparte en {n} s…"),
    # (the server deals no hand while every person is away)
    "next_hand_waits": ("Everyone is away: the next hand is dealt when someone comes back.",
                        "Todos están ausentes: la siguiente mano se reparte cuando alguien vuelva."),
    "col_player": ("Player", "Jugador"),
    # (short: "Cartas que qued…" at 60 columns; and "Points" read as points the losers scored,
    # found play-testing twice: the column gives what each hand left is worth, "+" the winner's)
    "col_cards_left": ("Cards left", "Cartas que quedan"),
    "col_points": ("Worth", "Valen"),
    "hand_points_worth": ("A card left is worth its number; Skip, Reverse and Draw Two 20; a wild 50",
                          "Cada carta que queda vale su número; Salta turno, Cambio de sentido y Roba dos, "
                          "20; un comodín, 50"),
    "col_score": ("Score", "Total"),
    "deadline": ("⏱ {n}s", "⏱ {n}s"),
    "you_got_hand": ("You hold {name}'s hand now: {n} cards", "Ahora tienes la mano de {name}: {n} cartas"),
    "you_got_hand_one": ("You hold {name}'s hand now: 1 card", "Ahora tienes la mano de {name}: 1 carta"),
    "ev_joined": ("{name} sat down", "{name} se sentó"),
    "ev_line_one": ("Someone is waiting in line for a seat", "Alguien espera en la cola para un asiento"),
    "ev_line": ("{n} are waiting in line for a seat", "{n} esperan en la cola para un asiento"),
    "ev_left": ("{name} left", "{name} se fue"),
    "ev_freed": ("{name}'s seat was freed (the connection was lost)",
                 "Se liberó el asiento de {name} (había perdido la conexión)"),
    "ev_new_host": ("{name} is the host now", "Ahora {name} lleva la mesa"),
    "ev_rules_changed": ("{name} changed the rules: {rules}", "{name} cambió las reglas: {rules}"),
    "ev_you_changed_rules": ("You changed the rules: {rules}", "Cambiaste las reglas: {rules}"),
    "rematch_withdrawn": (" — accept the rematch again: {k_rematch}",
                          " — acepta otra vez la revancha: {k_rematch}"),
    "rules_unchanged": ("The rules stay as they were", "Las reglas siguen como estaban"),
    "rules_not_now": ("The rules change before a match, not during one",
                      "Las reglas se cambian antes de una partida, no durante"),
    "rules_host_only": ("The host changes them", "Las cambia el anfitrión"),
    "rules_form_closed": ("The match began: the rules stay as they were",
                          "Empezó la partida: las reglas siguen como estaban"),
    "ev_you_host": ("You are the host now", "Ahora llevas la mesa"),
    "ev_dropped": ("{name} lost the connection", "{name} perdió la conexión"),
    "ev_quit": ("{name} closed the game (the seat waits for them)",
                "{name} cerró el juego (se le guarda el asiento)"),
    "ev_back": ("{name} came back", "{name} volvió"),
    "ev_reconnected": ("{name} is connected again", "{name} se volvió a conectar"),
    # (not "went away": three turns run out mark a seat away too, found play-testing)
    # ("went", not "was marked": found re-checking, it read as the server's doing of one who stepped away)
    "ev_went_away": ("{name} went away: a bot plays their turns",
                     "{name} se ausentó: un bot juega sus turnos"),
    "ev_away_offline": ("{name} is still offline: a bot plays their turns",
                        "{name} sigue sin conexión: un bot juega sus turnos"),
    # (said on joining: the log's one tense, and the news that they were away before we came)
    "ev_away_before": ("{name} was already away: a bot plays their turns",
                       "{name} ya estaba ausente: un bot juega sus turnos"),
    "ev_stand_in_timeout": ("Time's up for {name}: a bot played the turn",
                            "Se acabó el tiempo de {name}: un bot jugó su turno"),
    "ev_stand_in_away": ("{name} (away): a bot played the turn",  # ("was away" read as back already)
                         "{name} (ausente): un bot jugó su turno"),
    "ev_stand_in_timeout_you": ("Time's up: a bot played your turn",
                                "Se acabó tu tiempo: un bot jugó tu turno"),
    # (not "You were away": found play-testing, it read as if the player were back already)
    "ev_stand_in_away_you": ("Away: a bot played your turn", "Ausente: un bot jugó tu turno"),
    # (with what the bot did: "Luis was away: a bot played Red 7")
    "ev_stand_in_timeout_doing": ("Time's up for {name}: {doing}", "Se acabó el tiempo de {name}: {doing}"),
    "ev_stand_in_away_doing": ("{name} (away): {doing}", "{name} (ausente): {doing}"),
    "ev_stand_in_timeout_you_doing": ("Time's up: {doing}", "Se acabó tu tiempo: {doing}"),
    "ev_stand_in_away_you_doing": ("Away: {doing}", "Ausente: {doing}"),
    "away_banner": ("You are away. Press any key to come back.",
                    "Estás ausente. Pulsa cualquier tecla para volver."),
    # (plain mode's: a line typed, not a key, brings one back)
    "away_banner_plain": ("You are away. Type anything, or just Enter, to come back.",
                          "Estás ausente. Escribe cualquier cosa, o solo Enter, para volver."),
    "away_back_sent": ("Welcome back: your next turn is yours.",
                       "Hola de nuevo: tu próximo turno es tuyo."),
    "away_back_sent_now": ("Welcome back: this turn is yours.", "Hola de nuevo: este turno es tuyo."),
    "away_back_sent_over": ("Welcome back.", "Hola de nuevo."),
    "left_room_closed": ("The host closed the table: you are back in the lobby.",
                         "El anfitrión cerró la mesa: vuelves a la sala."),
    "level_easy": ("easy", "fácil"),
    "level_normal": ("normal", "normal"),
    "level_hard": ("hard", "difícil"),
    "level_expert": ("expert", "experto"),
    # what a level means, beside it where it is chosen (found play-testing: nothing said it)
    # (easy's move is any legal one, a draw as likely as a card: found play-testing, "plays any
    # card that goes" read as never drawing with a card to play)
    "level_about_easy": ("plays or draws at random", "juega o roba al azar"),
    "level_about_normal": ("plays sensibly", "juega con cabeza"),
    "level_about_hard": ("keeps track of the cards", "lleva la cuenta de las cartas"),
    "level_about_expert": ("thinks ahead; ? shows its move", "piensa jugadas; ? muestra su jugada"),
    "seat_level": ("{level} bot", "bot {level}"),
    "waiting_levels": ("↑↓ picks a bot, {k_bot_level} changes its level.", "↑↓ elige un bot, {k_bot_level} "
                                                                           "cambia su nivel."),
    "waiting_change_rules": ("{k_rules} changes the rules.", "{k_rules} cambia las reglas."),
    "waiting_offline": ("{name} has lost the connection: ↑↓ picks the seat, {k_remove_bot} frees it.",
                        "{name} perdió la conexión: ↑↓ elige el asiento, {k_remove_bot} lo libera."),
    "waiting_quit": ("{name} closed the game: ↑↓ picks the seat, {k_remove_bot} frees it.",
                     "{name} cerró el juego: ↑↓ elige el asiento, {k_remove_bot} lo libera."),
    "no_bot_to_level": ("There is no bot: {k_add_bot} adds one",
                        "No hay ningún bot: {k_add_bot} añade uno"),
    "err_not_a_bot": ("That seat is not a bot's", "Ese asiento no es de un bot"),
    "form_bot_level": ("Bot level", "Nivel de los bots"),
    "form_bot_level_new": ("Level of bots added", "Nivel de bots nuevos"),
    "form_late_join": ("Late arrivals sit", "Si llega tarde, se sienta"),
    "late_now": ("at once", "al momento"),
    "late_next_hand": ("at the next hand", "en la próxima mano"),
    "form_target": ("Match to", "Partida a"),
    "target_points": ("{n} points", "{n} puntos"),
    # (beside the target: found play-testing, "50 points" chosen for a few hands was one)
    "target_about": ("about {n} hands", "unas {n} manos"),
    "target_about_one": ("about one hand", "apenas una mano"),  # (whole at 60 columns)
    "form_strict": ("Strict +4 (no bluffing)", "+4 estricto (sin farol)"),
    "form_stack_four": ("Stack +4", "Acumular +4"),
    "form_uno_penalty": ("Forgot UNO: draw", "Sin decir UNO: roba"),
    "form_false_catch": ("False catch: draw", "Pillada en falso: roba"),
    # (a choice, not a yes or no: "Dealer's left starts: no" read as a double negative, found
    # play-testing; each value's first word may be typed in plain mode)
    "form_left_first": ("First to play", "Empieza"),
    "form_left_first_yes": ("left of the dealer", "izquierda del que reparte"),
    "form_left_first_no": ("right of the dealer", "derecha del que reparte"),
    "waiting_host_full": ("You are the host: press {k_start} to start.",
                          "Llevas la mesa: pulsa {k_start} para empezar."),
    "away_no_match": ("No match is being played: there is nothing to step away from",
                      "No se juega ninguna partida: no hay de qué ausentarse"),
    "away_watching": ("You are watching: you have no seat to step away from",
                      "Estás mirando: no tienes asiento del que ausentarte"),
    "chat_full": ("({n} characters at most)", "({n} caracteres como mucho)"),
    "chat_cut": ("Only the first {n} characters were sent", "Solo se enviaron los primeros {n} caracteres"),
    "watching_n": ("{n} watching", "{n} mirando"),
    "watching_one": ("1 watching", "1 mirando"),
    "watching_no_cards": ("You are watching: you hold no cards", "Estás mirando: no tienes cartas"),
    "watching_in_line": ("({n} in line for a seat)", "({n} en la cola)"),
    "lobby_rules": ("{table}: {options}", "{table}: {options}"),
    "spectator_take": ("You are watching. Press {k_take_seat} to take over a bot's seat: its cards and "
                       "points.", "Estás mirando. Pulsa {k_take_seat} para ocupar el asiento de un bot: "
                       "sus cartas y sus puntos."),  # (found play-testing: Fer led the match unwarned)
    "spectator_wait": ("You are watching. Press {k_take_seat} to wait in line for a seat.",
                       "Estás mirando. Pulsa {k_take_seat} para esperar turno por un asiento."),
    # (a table whose late arrivals sit as a hand is dealt: found play-testing, "take over" read as now)
    "spectator_take_next_hand": ("You are watching. Press {k_take_seat} to take over a bot's seat at the "
                                 "next hand, with its points.",
                                 "Estás mirando. Pulsa {k_take_seat} para ocupar el asiento de un bot en la "
                                 "próxima mano, con sus puntos."),
    "spectator_sit": ("You are watching. Press {k_take_seat} to sit down.",
                      "Estás mirando. Pulsa {k_take_seat} para sentarte."),
    "seated_next_match": ("You have a seat for the next match.",
                          "Tienes asiento para la próxima partida."),
    # (the future, of what comes at the next hand: found play-testing, "Ocupas…" read as now)
    "queued_own_seat": ("You get your seat back at the next hand ({k_take_seat} cancels).",
                        "Recuperarás tu asiento en la próxima mano ({k_take_seat} cancela)."),
    # (its points with it: found play-testing, the bot won the hand meanwhile, and the newcomer
    # began the next one leading the match, unwarned)
    "queued_seat": ("You take {name}'s seat, and its points, at the next hand ({k_take_seat} cancels).",
                    "Ocuparás el asiento de {name}, con sus puntos, en la próxima mano ({k_take_seat} "
                    "cancela)."),
    # (a table of single hands: its next hand is the next match, which a rematch must start)
    "queued_own_seat_match": ("You get your seat back at the next match ({k_take_seat} cancels).",
                              "Recuperarás tu asiento en la próxima partida ({k_take_seat} cancela)."),
    "queued_seat_match": ("You take {name}'s seat at the next match ({k_take_seat} cancels).",
                          "Ocuparás el asiento de {name} en la próxima partida ({k_take_seat} cancela)."),
    "queued_line": ("You are number {n} in line for a seat ({k_take_seat} cancels).",
                    "Eres el número {n} en la cola para un asiento ({k_take_seat} cancela)."),
    # (not "when the match ends": found play-testing, the players all accepted the rematch, and
    # the one in line, promised a seat, went on waiting)
    "queued_line_people": ("You are number {n} in line for a seat: one frees when a player leaves, or "
                           "does not play the rematch ({k_take_seat} cancels).",
                           "Eres el número {n} en la cola para un asiento: se libera uno cuando alguien se "
                           "va, o no juega la revancha ({k_take_seat} cancela)."),
    # (the table's name quoted: found play-testing, "Dejaste Mesa de Maximiliano" lacked its article)
    "you_left_table": ("You left {table}: you are in the lobby.", "Saliste de «{table}»: estás en la sala."),
    "you_renamed": ("Someone here has your name: the table calls you {name}.",
                    "Alguien aquí tiene tu nombre: en esta mesa eres {name}."),
    "you_back_in_seat": ("You are back in your seat: your cards and points are as the bot left them.",
                         "De vuelta en tu asiento: tus cartas y puntos, como los dejó el bot."),
    "you_took_seat": ("You took over {bot}'s seat: its cards and points are yours.",
                      "Ocupaste el asiento de {bot}: sus cartas y sus puntos son tuyos."),
    # (neutral: three turns run out mark a seat away too, and "you went away" read as a choice)
    # (neutral: the away key and three timeouts both do it)
    "ev_you_went_away": ("Away from the table: a bot plays your turns until you press a key",
                         "Ausente de la mesa: un bot juega tus turnos hasta que pulses una tecla"),
    "ev_you_came_back": ("You came back", "Volviste"),
    # (plain mode: keys are not read one by one there; how to come back, a typed line or Enter,
    # is said next, found play-testing said twice)
    "plain_ev_you_went_away": ("Away from the table: a bot plays your turns",
                               "Ausente de la mesa: un bot juega tus turnos"),
    "away_asked": ("Stepping away: your turns will be played for you until you press a key.",
                   "Te ausentas: se jugarán tus turnos hasta que pulses una tecla."),
    "away_swapped": ("your hand was swapped with {name}'s", "tu mano se cambió por la de {name}"),
    "away_swapped_n": ("your hand was swapped with {name}'s, {n} times",
                       "tu mano se cambió por la de {name}, {n} veces"),
    "away_rotated": ("every hand, yours too, moved one seat along",
                     "todas las manos, la tuya también, pasaron un asiento"),
    "away_rotated_n": ("every hand, yours too, moved one seat along, {n} times",
                       "todas las manos, la tuya también, pasaron un asiento, {n} veces"),
    "more_cards": ("(+{n} more)", "(y {n} más)"),
    "away_news": ("While you were away — turns played for you: {turns}",
                  "Mientras no estabas — turnos jugados en tu lugar: {turns}"),
    "away_news_no_turn": ("While you were away — no turn of yours came",
                          "Mientras no estabas — no te tocó jugar"),
    "away_news_played": ("cards played: {cards}", "cartas jugadas: {cards}"),
    "away_news_drawn": ("cards drawn: {n}", "cartas robadas: {n}"),
    "away_hand_won": ("{name} won hand {n} (+{points})", "{name} ganó la mano {n} (+{points})"),
    "away_a_hand_won": ("{name} won a hand (+{points})", "{name} ganó una mano (+{points})"),
    "away_hand_won_you": ("you won hand {n} (+{points})", "ganaste la mano {n} (+{points})"),
    "away_a_hand_won_you": ("you won a hand (+{points})", "ganaste una mano (+{points})"),
    "away_new_match": ("then a new match began", "luego empezó otra partida"),
    "away_match_won_you": ("you won the match!", "¡ganaste la partida!"),
    "ev_took_seat": ("{name} took over {bot}'s seat", "{name} ocupó el asiento de {bot}"),
    # (found play-testing: the host's b changed a bot's level, and nobody else was told)
    "ev_bot_level": ("{name} now plays at the {level} level", "{name} juega ahora a nivel {level}"),
    "ev_left_to_bot": ("{name} left: a bot plays the seat", "{name} se fue: un bot juega su asiento"),
    "ev_gone_to_bot": ("{name} is not back: a bot plays the seat",
                       "{name} no ha vuelto: un bot juega su asiento"),
    # ---- the UNO call's grace (issue 13)
    "flag_at_risk": ("at risk: no UNO", "en riesgo: sin UNO"),
    # (short: found play-testing at 60 columns, "…c catches once their tim…" lost the when)
    "catch_hint_grace": ("{name} has not said UNO yet: {k_catch} catches in a moment",
                         "{name} aún no dijo UNO: {k_catch} pilla en un momento"),
    "err_catch_too_early": ("Too early to catch: they may still say UNO",
                            "Demasiado pronto para pillar: aún puede decir UNO"),
    "err_cut_in": ("{name} jumped in first and took your turn",
                   "{name} cortó antes que tú y te quitó el turno"),
    "err_catch_too_late": ("Too late to catch: they said UNO (or the next player moved) just before",
                           "Tarde para pillar: dijo UNO (o jugó el siguiente) justo antes"),
    "at_risk_plain": ("{name} is at risk: one card, no UNO said yet",
                      "{name} está en riesgo: una carta, aún sin decir UNO"),
    "at_risk_you": ("You did not say UNO: {k_uno} says it, before a catch counts",
                    "No dijiste UNO: {k_uno} lo dice, antes de que te pillen"),
    "at_risk_you_open": ("You did not say UNO and can be caught now: {k_uno} says it",
                         "No dijiste UNO y ya te pueden pillar: {k_uno} lo dice"),
    **HELP_TEXTS,  # the help lines: client/helptexts.py
    **PLAIN_TEXTS,  # plain mode: client/plaintexts.py
    **STATS_TEXTS,  # statistics: client/statstexts.py
    **REPLAY_TEXTS,  # replays: client/replaytexts.py
    **TABLE_TEXTS,  # saved rules and rematch: client/tabletexts.py
    **HINT_TEXTS,  # the hint key: client/hinttexts.py
    **RULE_TEXTS,  # the rule options in words: client/rulestexts.py
    **KEY_TEXTS,  # the keys file and the help screen: client/texts_keys.py
    **HOWTO_TEXTS,  # how to play, the help's last pages: client/howtotexts.py
    **LINK_TEXTS,  # a lost connection, tried again: client/linktexts.py
    **LOG_TEXTS,  # the log's lines of the game's events: client/logtexts.py
    **ERROR_TEXTS,  # the server's refusals, by code: client/errortexts.py
}
