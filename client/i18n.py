"""Every text the client shows, in English and Spanish. ``t(key, **kw)`` formats one.

The language comes from ``--lang`` or, failing that, from the locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``): Spanish for ``es*``, English otherwise. Card names follow the rule
documents ("Roba dos", "Cambio de sentido", "Salta turno", "Comodín", "Comodín +4").
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.cards import Card, Color

LANGS = ("en", "es")

EN: dict[str, str] = {
    # --- cards
    "color_R": "red", "color_Y": "yellow", "color_G": "green", "color_B": "blue",
    "Color_R": "Red", "Color_Y": "Yellow", "Color_G": "Green", "Color_B": "Blue",
    "rank_S": "Skip", "rank_R": "Reverse", "rank_+2": "Draw Two",
    "rank_W": "Wild", "rank_W+4": "Wild Draw Four",
    "card_number": "{Color} {rank}",
    "card_action": "{Color} {rank}",
    # --- general
    "app_title": "UNO",
    "you": "you",
    "yes": "yes", "no": "no", "off": "off",
    "seconds": "{n} s",
    "quit_confirm": "Quit? {yes} quits, any other key stays.",
    "host_quit_confirm": "End the match for everyone (e), or keep it for later (k)?",
    "help_host_quit": "e end for everyone · k keep for later (uno host --resume) · Esc stay",
    "help_host_quit_short": "e end for everyone · k keep for later · Esc stay",
    # --- the keys of this language (the other language's keys work too)
    "key_yes": "y", "key_no": "n", "key_accept": "a",
    "key_color_R": "r", "key_color_Y": "y", "key_color_G": "g", "key_color_B": "b",
    # --- leaving the table
    "leave_confirm": "Leave the table? {yes} leaves, any other key stays.",
    "leave_bot": "A bot plays your seat.",
    "leave_bot_host": "A bot plays your seat; {name} becomes the host.",
    "leave_free": "Your seat is freed.",
    "leave_free_host": "Your seat is freed; {name} becomes the host.",
    "leave_closes": "The table closes for everyone.",
    "leave_watch": "You stop watching.",
    "gone": "gone",
    # --- connection
    "status_connecting": "Connecting to {address}…",
    "status_connected": "connected to {address}",
    "status_lost": "Connection lost ({reason}). Reconnecting in {delay} (attempt {attempt})…",
    "status_retrying": "Reconnecting to {address} (attempt {attempt})…",
    "status_unreachable": "Cannot reach {address} ({reason}). Trying again in {delay} (attempt {attempt})…",
    "status_failed": "Cannot connect to {address}: {reason}",
    "status_replaced": "Your seat was taken over by another window. Press q to quit.",
    "status_resumed": "Welcome back: you are in your seat again.",
    "status_seat_lost": "Your seat could not be kept; you are back in the lobby.",
    "starting_server": "Starting the table…",
    "server_listening": "Friends join with: uno join {address}",
    "reason_eof": "closed", "reason_broken": "broken", "reason_refused": "refused",
    "reason_timeout": "timed out", "reason_shutdown": "the server shut down",
    "reason_unreachable": "no answer", "reason_unknown_host": "no such host name",
    "reason_table_closed": "the host closed the table",
    "status_table_closed": "The host closed the table. Press q to quit.",
    "status_gave_up": "Gave up: nothing answers at {address} ({reason}). Is the table open and"
                      " the address right? Press q to quit.",
    "status_version": "{address} runs another version of UNO ({detail}). Both sides need the"
                      " same version. Press q to quit.",
    "resume_offer": "Kept from last time: “{name}”, {progress}. To go back to it: uno host --resume",
    "resume_offer_key": "Kept from last time: “{name}”, {progress}. r: back to it (later: uno host --resume)",
    "resume_failed": "The kept match could not be opened again",
    "resume_hand": "hand {n}",
    "resume_waiting": "not started",
    "resume_none": "Nothing was kept from last time: here is a new table.",
    # --- browse (uno join without an address)
    "browse_title": "Tables on your network",
    "browse_searching": "Looking for tables on the LAN…",
    "browse_none": "No table found yet. Type an address below, or wait.",
    "browse_unavailable": "LAN discovery is not available here: type an address.",
    "browse_columns": "{name:<24} {host:<22} {players:>7} {free:>5}  {rules}",
    "col_name": "Table", "col_host": "Host", "col_players": "Players", "col_free": "Free",
    "col_rules": "Rules",
    "browse_address": "Address (host:port): ",
    # --- lobby
    "lobby_title": "Lobby — {server}",
    "lobby_none": "No tables yet. Press n to open one.",
    "lobby_rules_doc": "The rules of this game: {path}",
    "lobby_columns": "{name:<24} {host:<14} {players:>7} {rules:<9} {state}",
    "col_table": "Table", "col_state": "State",
    "room_waiting": "waiting", "room_playing": "playing", "room_locked": "password",
    "password_prompt": "Password for {room}: ",
    # --- create form
    "form_title": "A new table",
    "form_name": "Name", "form_preset": "Rules", "form_seats": "Seats", "form_bots": "Bots",
    "form_timeout": "Turn time", "form_password": "Password", "form_stack": "Stack Draw Two",
    "form_seven_zero": "7-0 (swap hands)", "form_jump_in": "Jump-in",
    "form_draw_until": "Draw until playable", "form_single": "Single hand",
    "form_hint": "↑↓ field  ←→ change  type text  Enter create  Esc back",
    "form_hint_short": "↑↓ field  ←→ change  Enter create  Esc back",
    "default_table": "{name}'s table",
    "preset_official": "official", "preset_house": "house",
    "none": "none",
    # --- waiting room
    "waiting_title": "{room} — waiting for the start",
    "waiting_seats": "Seats {taken}/{max}: ",
    "waiting_host": ("You are the host: press s to start; bots take the empty seats ({n}), "
                     "or S starts without them."),
    "waiting_guest": "Waiting for {host} to start…",
    "waiting_rules": "Rules: {preset} — {options}",
    "seat_bot": "bot", "seat_host": "host",
    # --- table
    "hand_no": "Hand {n}",
    "target_score": "to {n}",
    "single_hand": "single hand",
    "dir_cw": "↻ clockwise", "dir_ccw": "↺ counter-clockwise",
    "turn_you": "Your turn",
    "turn_of": "{name}'s turn",
    "color_in_play": "Colour: {color}",
    "color_choosing": "Colour: being chosen",
    "draw_pile": "Draw pile: {n}",
    "pending_draw": "Pending: +{n}",
    "cards_n": "{n}",
    "flag_uno": "UNO!", "flag_away": "away", "flag_off": "offline", "flag_next": "next",
    "your_hand": "Your hand ({n})",
    "spectating": "You are watching this table.",
    "selected": "{card}",
    "playable_hint": "▲ playable",
    "uno_armed": "UNO! will be said with your next card",
    "top_card": "Top card",
    "hand_changed": "Your hand just changed: look before you choose",
    "hand_first": "That is your first card", "hand_last": "That is your last card",
    # --- prompts
    "prompt_color": "Colour for {card}:",
    "prompt_start_color": "The first card is a Wild. Colour:",
    "prompt_challenge": "{name} played a Wild Draw Four on you: {yes} challenge, {accept} accept (draw {n})",
    "prompt_challenge_short": "+4 from {name}: {yes} challenge, {accept} accept (+{n})",
    "prompt_seat": "Swap hands with:",
    "prompt_chat": "Say: ",
    "prompt_drawn": "You drew {card}: Enter plays it, p keeps it",
    "prompt_drawn_again": "You drew {card}: Enter plays it, d draws again",
    "catch_hint": "{name} did not say UNO: press c to catch!",
    "not_playable": "{card} cannot be played now",
    "not_your_turn": "It is not your turn",
    "nothing_to_do": "Nothing to do now",
    "cannot_uno": "You can say UNO with two cards on your turn, or one card",
    "nobody_to_catch": "Nobody to catch",
    "cannot_draw": "You cannot draw now",
    "cannot_pass": "You cannot pass now",
    "no_bot_to_remove": "There is no bot to remove",
    "hand_won": "{name} wins hand {n} and scores {points} points",
    "match_won": "{name} wins the match!",
    "next_hand": "The next hand starts in a moment…",
    "next_hand_in": "The next hand is dealt in {n} s…",
    "col_player": "Player", "col_cards_left": "Cards left", "col_points": "Points",
    "col_score": "Score",
    "match_over_host": "Press s for a new match, x to leave.",
    "match_over_guest": "Waiting for the host; press x to leave.",
    "deadline": "⏱ {n}s",
    # --- log lines
    "ev_hand": "Hand {n} — {name} dealt",
    "ev_start_card": "First card: {card}",
    "ev_start_returned": "{card} turned up and went back into the pile",
    "ev_played": "{name} played {card}",
    "ev_played_wild": "{name} played {card} → {color}",
    "ev_jump_in": "{name} jumped in with {card}",
    "ev_drew_one": "{name} drew a card",
    "ev_drew_n": "{name} drew {n}",
    "ev_drew_until": "{name} drew {n} until a card could be played",
    "ev_drew_you": "{name} drew {cards}",
    "ev_drew_penalty": "{name} drew {n} for not saying UNO",
    "ev_drew_false": "{name} drew {n} for a false catch",
    "ev_draw_skipped": "Nothing was left to draw",
    "ev_reshuffled": "The discards were shuffled into a new draw pile",
    "ev_passed": "{name} passed",
    "ev_skipped": "{name} lost the turn",
    "ev_direction": "Direction reversed: {dir}",
    "ev_color": "{name} chose {color}",
    "ev_challenge_guilty": "{name} challenged {target}'s +4: guilty!",
    "ev_challenge_innocent": "{name} challenged {target}'s +4: innocent",
    "ev_uno": "{name}: UNO!",
    "ev_caught": "{name} caught {target} without UNO!",
    "ev_false_catch": "{name} wrongly called out {target}",
    "ev_swap": "{name} swapped hands with {target}",
    "ev_rotate": "Every hand moved one seat along",
    "ev_hand_end": "{name} won the hand: +{points} points",
    "ev_match_end": "{name} won the match!",
    "ev_joined": "{name} sat down",
    "ev_left": "{name} left",
    "ev_dropped": "{name} lost the connection",
    "ev_back": "{name} came back",
    "ev_went_away": "{name} went away: their turns are played for them",
    "ev_stand_in_timeout": "Time's up for {name}: the turn was played for them",
    "ev_stand_in_away": "{name} was away: the turn was played for them",
    "away_banner": "You are away. Press any key to come back.",  # (fits 60 columns)
    "away_back_sent": "Welcome back: your next turn is yours.",
    # --- help lines
    "help_browse": "↑↓ choose  Enter connect  type host:port  Esc quit",
    "help_lobby": "↑↓ choose  Enter join  w watch  n new table  r refresh  t chat  q quit",
    "help_lobby_short": "Enter join  w watch  n new table  r refresh  t chat  q quit",
    "help_waiting_host": "s start  S start as seated  + add bot  - remove bot  x leave  t chat  q quit",
    "help_waiting_host_short": "s start  S as seated  + bot  - bot  x leave  t chat  q quit",
    "help_waiting": "x leave  t chat  q quit",
    "help_table": "←→ h l 1-9 Home End  card    Enter play  d draw  p pass  u UNO  c catch  t chat"
                  "  x leave  q quit",
    "help_table_mid": "←→ card  Enter play  d draw  p pass  u UNO  c catch  t chat  x leave  q quit",
    "help_table_short": "Enter play  d draw  p pass  u UNO  c catch  x leave  q quit",
    "help_spectator": "j take a seat  x leave  t chat  q quit",
    "help_hand_over": "the next hand is dealt by itself   t chat  x leave  q quit",
    "help_hand_over_short": "t chat  x leave  q quit",
    "help_confirm": "{yes} yes   any other key: no",
    "help_color": "{keys} · ←→ Enter  choose colour   Esc cancel",
    "help_challenge": "{yes} challenge   {accept}/{no} accept",
    "help_seat": "←→ or 1-9  choose seat   Enter swap   Esc cancel",
    "help_chat": "Enter send   Esc cancel",
    "help_connecting": "q quit",
    # --- errors (by code)
    "err_generic": "Refused: {message}",
    "err_not_your_turn": "It is not your turn",
    "err_does_not_match": "That card does not match",
    "err_wild_draw_four_refused": "You may not play a Wild Draw Four while holding the colour in play",
    "err_must_answer_draw": "Answer the pending draw: stack or draw",
    "err_must_play": "You must play a card",
    "err_only_drawn_card": "Only the card you drew can be played now",
    "err_cannot_pass": "You cannot pass now",
    "err_cannot_draw": "You cannot draw now",
    "err_cannot_call_uno": "You cannot say UNO now",
    "err_not_catchable": "Nobody can be caught now",
    "err_room_full": "Every seat is taken",
    "err_wrong_password": "Wrong password",
    "err_already_started": "The match has started: you can watch it",
    "err_not_host": "Only the host may do that",
    "err_not_enough_players": "A match needs at least 2 players: add a bot",
    "err_no_such_room": "That table is gone",
    "err_rate_limited": "You are chatting too fast",
    "err_version_mismatch": "This server speaks another protocol version",
    # --- seats, late arrivals and the rule options in words (client/rulestext.py)
    "rule_single": "single hand", "rule_target": "to {n} points",
    "rule_draw_until": "draw until playable", "rule_stack_two": "stack +2",
    "rule_stack_four": "stack +4", "rule_seven_zero": "7-0 swaps", "rule_jump_in": "jump-in",
    "rule_strict_four": "strict +4", "rule_right_first": "dealer's right starts",
    "rule_uno_penalty": "no UNO: +{n}", "rule_no_uno_penalty": "no UNO penalty",
    "rule_false_catch": "false catch: +{n}", "rule_turn": "turn {n} s",
    "rule_no_clock": "no turn clock", "rule_bots": "{level} bots",
    "rule_late_now": "late arrivals sit at once",
    "rule_late_next_hand": "late arrivals sit at the next hand",
    "level_easy": "easy", "level_normal": "normal",
    "form_bot_level": "Bot level", "form_late_join": "Late arrivals sit",
    "late_now": "at once", "late_next_hand": "at the next hand",
    "form_target": "Match to", "target_points": "{n} points",
    "form_strict": "Strict +4 (no bluffing)", "form_stack_four": "Stack +4",
    "form_uno_penalty": "Forgot UNO: draw", "form_false_catch": "False catch: draw",
    "form_left_first": "Dealer's left starts",
    "waiting_host_full": "You are the host: press s to start.",
    "waiting_queue": "{n} waiting for a seat",
    "lobby_rules": "{table}: {options}",
    "spectator_take": "You are watching. Press j to take over a bot's seat.",
    "spectator_wait": "You are watching. Press j to wait in line for a seat.",
    "spectator_sit": "You are watching. Press j to sit down.",
    "queued_seat": "You take {name}'s seat at the next hand (j cancels).",
    "queued_line": "You are number {n} in line for a seat (j cancels).",
    "ev_took_seat": "{name} took over {bot}'s seat",
    "err_no_such_seat": "That seat cannot be taken",
    "err_too_many_rooms": "Too many tables were opened from your address: wait for one to close",
}

ES: dict[str, str] = {
    "color_R": "rojo", "color_Y": "amarillo", "color_G": "verde", "color_B": "azul",
    "Color_R": "Rojo", "Color_Y": "Amarillo", "Color_G": "Verde", "Color_B": "Azul",
    "rank_S": "Salta turno", "rank_R": "Cambio de sentido", "rank_+2": "Roba dos",
    "rank_W": "Comodín", "rank_W+4": "Comodín +4",
    "card_number": "{rank} {color}",
    "card_action": "{rank} {color}",
    "app_title": "UNO",
    "you": "tú",
    "yes": "sí", "no": "no", "off": "no",
    "seconds": "{n} s",
    "quit_confirm": "¿Salir? {yes} sale, otra tecla sigue.",
    "host_quit_confirm": "¿Terminar la partida para todos (t), o guardarla para después (g)?",
    "help_host_quit": "t terminar para todos · g guardar (uno host --resume) · Esc seguir",
    "help_host_quit_short": "t terminar para todos · g guardar · Esc seguir",
    "key_yes": "s", "key_no": "n", "key_accept": "a",
    "key_color_R": "r", "key_color_Y": "a", "key_color_G": "v", "key_color_B": "z",
    "leave_confirm": "¿Dejar la mesa? {yes} la deja, otra tecla sigue.",
    "leave_bot": "Un bot juega tu asiento.",
    "leave_bot_host": "Un bot juega tu asiento; {name} será el anfitrión.",
    "leave_free": "Tu asiento queda libre.",
    "leave_free_host": "Tu asiento queda libre; {name} será el anfitrión.",
    "leave_closes": "La mesa se cierra para todos.",
    "leave_watch": "Dejas de mirar.",
    "gone": "se fue",
    "status_connecting": "Conectando con {address}…",
    "status_connected": "conectado a {address}",
    "status_lost": "Se perdió la conexión ({reason}). Reintento en {delay} (intento {attempt})…",
    "status_retrying": "Reconectando con {address} (intento {attempt})…",
    "status_unreachable": "No se llega a {address} ({reason}). Reintento en {delay} (intento {attempt})…",
    "status_failed": "No se puede conectar con {address}: {reason}",
    "status_replaced": "Otra ventana ocupó tu asiento. Pulsa q para salir.",
    "status_resumed": "Bienvenido de nuevo: vuelves a tu asiento.",
    "status_seat_lost": "No se pudo guardar tu asiento; vuelves a la sala.",
    "starting_server": "Abriendo la mesa…",
    "server_listening": "Tus amigos entran con: uno join {address}",
    "reason_eof": "cerrada", "reason_broken": "rota", "reason_refused": "rechazada",
    "reason_timeout": "tiempo agotado", "reason_shutdown": "el servidor se cerró",
    "reason_unreachable": "sin respuesta", "reason_unknown_host": "ese nombre no existe",
    "reason_table_closed": "el anfitrión cerró la mesa",
    "status_table_closed": "El anfitrión cerró la mesa. Pulsa q para salir.",
    "status_gave_up": "Dejo de intentarlo: nadie responde en {address} ({reason}). ¿Está abierta la mesa y"
                      " es correcta la dirección? Pulsa q para salir.",
    "status_version": "{address} usa otra versión de UNO ({detail}). Los dos lados necesitan la"
                      " misma versión. Pulsa q para salir.",
    "resume_offer": "Guardada de la última vez: «{name}», {progress}. Para volver a ella:"
                    " uno host --resume",
    "resume_offer_key": "Guardada de la última vez: «{name}», {progress}. r: volver a ella"
                        " (luego: uno host --resume)",
    "resume_failed": "No se pudo volver a abrir la partida guardada",
    "resume_hand": "mano {n}",
    "resume_waiting": "sin empezar",
    "resume_none": "No había nada guardado de la última vez: aquí tienes una mesa nueva.",
    "browse_title": "Mesas en tu red",
    "browse_searching": "Buscando mesas en la red local…",
    "browse_none": "Aún no hay mesas. Escribe una dirección abajo, o espera.",
    "browse_unavailable": "La búsqueda en la red no está disponible: escribe una dirección.",
    "browse_columns": "{name:<24} {host:<22} {players:>7} {free:>5}  {rules}",
    "col_name": "Mesa", "col_host": "Anfitrión", "col_players": "Jugad.", "col_free": "Libres",
    "col_rules": "Reglas",
    "browse_address": "Dirección (host:puerto): ",
    "lobby_title": "Sala — {server}",
    "lobby_none": "Aún no hay mesas. Pulsa n para abrir una.",
    "lobby_rules_doc": "Las reglas de este juego: {path}",
    "lobby_columns": "{name:<24} {host:<14} {players:>7} {rules:<9} {state}",
    "col_table": "Mesa", "col_state": "Estado",
    "room_waiting": "esperando", "room_playing": "jugando", "room_locked": "contraseña",
    "password_prompt": "Contraseña de {room}: ",
    "form_title": "Una mesa nueva",
    "form_name": "Nombre", "form_preset": "Reglas", "form_seats": "Asientos", "form_bots": "Bots",
    "form_timeout": "Tiempo por turno", "form_password": "Contraseña",
    "form_stack": "Acumular Roba dos", "form_seven_zero": "7-0 (cambiar manos)",
    "form_jump_in": "Cortar (jump-in)", "form_draw_until": "Robar hasta poder jugar",
    "form_single": "Una sola mano",
    "form_hint": "↑↓ campo  ←→ cambiar  escribe texto  Enter crear  Esc volver",
    "form_hint_short": "↑↓ campo  ←→ cambiar  Enter crear  Esc volver",
    "default_table": "Mesa de {name}",
    "preset_official": "oficial", "preset_house": "de la casa",
    "none": "ninguna",
    "waiting_title": "{room} — esperando el inicio",
    "waiting_seats": "Asientos {taken}/{max}: ",
    "waiting_host": ("Eres el anfitrión: pulsa s para empezar; los bots ocupan los asientos "
                     "vacíos ({n}), o S empieza sin ellos."),
    "waiting_guest": "Esperando a que {host} empiece…",
    "waiting_rules": "Reglas: {preset} — {options}",
    "seat_bot": "bot", "seat_host": "anfitrión",
    "hand_no": "Mano {n}",
    "target_score": "a {n}",
    "single_hand": "una mano",
    "dir_cw": "↻ horario", "dir_ccw": "↺ antihorario",
    "turn_you": "Tu turno",
    "turn_of": "Turno de {name}",
    "color_in_play": "Color: {color}",
    "color_choosing": "Color: por elegir",
    "draw_pile": "Mazo: {n}",
    "pending_draw": "Acumulado: +{n}",
    "cards_n": "{n}",
    "flag_uno": "¡UNO!", "flag_away": "ausente", "flag_off": "desconect.", "flag_next": "sigue",
    "your_hand": "Tu mano ({n})",
    "spectating": "Estás mirando esta mesa.",
    "selected": "{card}",
    "playable_hint": "▲ jugable",
    "uno_armed": "Dirás ¡UNO! con tu próxima carta",
    "top_card": "Carta arriba",
    "hand_changed": "Tu mano acaba de cambiar: mírala antes de elegir",
    "hand_first": "Es tu primera carta", "hand_last": "Es tu última carta",
    "prompt_color": "Color para {card}:",
    "prompt_start_color": "La primera carta es un Comodín. Color:",
    "prompt_challenge": "{name} te jugó un Comodín +4: {yes} desafiar, {accept} aceptar (robar {n})",
    "prompt_challenge_short": "+4 de {name}: {yes} desafiar, {accept} aceptar (+{n})",
    "prompt_seat": "Cambiar la mano con:",
    "prompt_chat": "Di: ",
    "prompt_drawn": "Robaste {card}: Enter la juega, p te la quedas",
    "prompt_drawn_again": "Robaste {card}: Enter la juega, d roba otra",
    "catch_hint": "{name} no dijo UNO: ¡pulsa c para pillarle!",
    "not_playable": "{card} no se puede jugar ahora",
    "not_your_turn": "No es tu turno",
    "nothing_to_do": "Nada que hacer ahora",
    "cannot_uno": "Puedes decir UNO con dos cartas en tu turno, o con una",
    "nobody_to_catch": "No hay a quién pillar",
    "cannot_draw": "No puedes robar ahora",
    "cannot_pass": "No puedes pasar ahora",
    "no_bot_to_remove": "No hay ningún bot que quitar",
    "hand_won": "{name} gana la mano {n} y suma {points} puntos",
    "match_won": "¡{name} gana la partida!",
    "next_hand": "La siguiente mano empieza enseguida…",
    "next_hand_in": "La siguiente mano se reparte en {n} s…",
    "col_player": "Jugador", "col_cards_left": "Cartas que quedan", "col_points": "Puntos",
    "col_score": "Total",
    "match_over_host": "Pulsa s para otra partida, x para dejar la mesa.",
    "match_over_guest": "Esperando al anfitrión; pulsa x para dejar la mesa.",
    "deadline": "⏱ {n}s",
    "ev_hand": "Mano {n} — repartió {name}",
    "ev_start_card": "Primera carta: {card}",
    "ev_start_returned": "Salió {card} y volvió al mazo",
    "ev_played": "{name} jugó {card}",
    "ev_played_wild": "{name} jugó {card} → {color}",
    "ev_jump_in": "{name} cortó con {card}",
    "ev_drew_one": "{name} robó una carta",
    "ev_drew_n": "{name} robó {n}",
    "ev_drew_until": "{name} robó {n} hasta tener una carta que jugar",
    "ev_drew_you": "{name} robó {cards}",
    "ev_drew_penalty": "{name} robó {n} por no decir UNO",
    "ev_drew_false": "{name} robó {n} por pillar sin razón",
    "ev_draw_skipped": "No quedaba nada que robar",
    "ev_reshuffled": "Se barajó el descarte como nuevo mazo",
    "ev_passed": "{name} pasó",
    "ev_skipped": "{name} perdió el turno",
    "ev_direction": "Cambio de sentido: {dir}",
    "ev_color": "{name} eligió {color}",
    "ev_challenge_guilty": "{name} desafió el +4 de {target}: ¡culpable!",
    "ev_challenge_innocent": "{name} desafió el +4 de {target}: inocente",
    "ev_uno": "{name}: ¡UNO!",
    "ev_caught": "¡{name} pilló a {target} sin decir UNO!",
    "ev_false_catch": "{name} acusó a {target} sin razón",
    "ev_swap": "{name} cambió la mano con {target}",
    "ev_rotate": "Todas las manos pasaron un asiento",
    "ev_hand_end": "{name} ganó la mano: +{points} puntos",
    "ev_match_end": "¡{name} ganó la partida!",
    "ev_joined": "{name} se sentó",
    "ev_left": "{name} se fue",
    "ev_dropped": "{name} perdió la conexión",
    "ev_back": "{name} volvió",
    "ev_went_away": "{name} se ausentó: se juegan sus turnos en su lugar",
    "ev_stand_in_timeout": "Se acabó el tiempo de {name}: se jugó su turno en su lugar",
    "ev_stand_in_away": "{name} estaba ausente: se jugó su turno en su lugar",
    "away_banner": "Estás ausente. Pulsa cualquier tecla para volver.",
    "away_back_sent": "Bienvenido de nuevo: tu próximo turno es tuyo.",
    "help_browse": "↑↓ elegir  Enter conectar  escribe host:puerto  Esc salir",
    "help_lobby": "↑↓ elegir  Enter entrar  w mirar  n mesa nueva  r actualizar  t chat  q salir",
    "help_lobby_short": "Enter entrar  w mirar  n nueva  r recargar  t chat  q salir",
    "help_waiting_host": "s empezar  S empezar así  + bot  - quitar bot  x dejar la mesa  t chat  q salir",
    "help_waiting_host_short": "s empezar  S así  + bot  - bot  x dejar  t chat  q salir",
    "help_waiting": "x dejar la mesa  t chat  q salir",
    "help_table": "←→ h l 1-9 Inicio Fin  carta    Enter jugar  d robar  p pasar  u UNO  c pillar"
                  "  t chat  x dejar la mesa  q salir",
    "help_table_mid": "←→ carta  Enter juega  d roba  p pasa  u UNO  c pilla  t chat  x deja  q sale",
    "help_table_short": "Enter juega  d roba  p pasa  u UNO  c pilla  x deja  q sale",
    "help_spectator": "j sentarse  x dejar la mesa  t chat  q salir",
    "help_hand_over": "la siguiente mano se reparte sola   t chat  x dejar la mesa  q salir",
    "help_hand_over_short": "t chat  x dejar la mesa  q salir",
    "help_confirm": "{yes} sí   otra tecla: no",
    "help_color": "{keys} · ←→ Enter  elegir color   Esc cancelar",
    "help_challenge": "{yes} desafiar   {accept}/{no} aceptar",
    "help_seat": "←→ · 1-9  elegir asiento   Enter cambiar   Esc cancelar",
    "help_chat": "Enter enviar   Esc cancelar",
    "help_connecting": "q salir",
    "err_generic": "Rechazado: {message}",
    "err_not_your_turn": "No es tu turno",
    "err_does_not_match": "Esa carta no coincide",
    "err_wild_draw_four_refused": "No puedes jugar un Comodín +4 si tienes el color en juego",
    "err_must_answer_draw": "Responde al acumulado: acumula o roba",
    "err_must_play": "Tienes que jugar una carta",
    "err_only_drawn_card": "Ahora solo puedes jugar la carta que robaste",
    "err_cannot_pass": "No puedes pasar ahora",
    "err_cannot_draw": "No puedes robar ahora",
    "err_cannot_call_uno": "No puedes decir UNO ahora",
    "err_not_catchable": "Ahora no se puede pillar a nadie",
    "err_room_full": "Todos los asientos están ocupados",
    "err_wrong_password": "Contraseña incorrecta",
    "err_already_started": "La partida ya empezó: puedes mirarla",
    "err_not_host": "Solo el anfitrión puede hacer eso",
    "err_not_enough_players": "Una partida necesita al menos 2 jugadores: añade un bot",
    "err_no_such_room": "Esa mesa ya no existe",
    "err_rate_limited": "Escribes demasiado rápido",
    "err_version_mismatch": "Este servidor habla otra versión del protocolo",
    "rule_single": "una sola mano", "rule_target": "a {n} puntos",
    "rule_draw_until": "robar hasta poder jugar", "rule_stack_two": "acumular +2",
    "rule_stack_four": "acumular +4", "rule_seven_zero": "7-0 con cambios", "rule_jump_in": "cortar",
    "rule_strict_four": "+4 estricto", "rule_right_first": "empieza la derecha de quien reparte",
    "rule_uno_penalty": "sin UNO: +{n}", "rule_no_uno_penalty": "sin castigo por UNO",
    "rule_false_catch": "acusación falsa: +{n}", "rule_turn": "turno de {n} s",
    "rule_no_clock": "sin reloj de turno", "rule_bots": "bots nivel {level}",
    "rule_late_now": "quien llega tarde se sienta al momento",
    "rule_late_next_hand": "quien llega tarde se sienta en la próxima mano",
    "level_easy": "fácil", "level_normal": "normal",
    "form_bot_level": "Nivel de los bots", "form_late_join": "Quien llega tarde se sienta",
    "late_now": "al momento", "late_next_hand": "en la próxima mano",
    "form_target": "Partida a", "target_points": "{n} puntos",
    "form_strict": "+4 estricto (sin farol)", "form_stack_four": "Acumular +4",
    "form_uno_penalty": "Sin decir UNO: roba", "form_false_catch": "Acusación falsa: roba",
    "form_left_first": "Empieza la izquierda",
    "waiting_host_full": "Eres el anfitrión: pulsa s para empezar.",
    "waiting_queue": "{n} esperan asiento",
    "lobby_rules": "{table}: {options}",
    "spectator_take": "Estás mirando. Pulsa j para ocupar el asiento de un bot.",
    "spectator_wait": "Estás mirando. Pulsa j para esperar turno por un asiento.",
    "spectator_sit": "Estás mirando. Pulsa j para sentarte.",
    "queued_seat": "Ocupas el asiento de {name} en la próxima mano (j cancela).",
    "queued_line": "Eres el número {n} en la cola por un asiento (j cancela).",
    "ev_took_seat": "{name} ocupa el asiento de {bot}",
    "err_no_such_seat": "Ese asiento no se puede ocupar",
    "err_too_many_rooms": "Se abrieron demasiadas mesas desde tu dirección: espera a que cierre una",
}

TEXTS: Mapping[str, Mapping[str, str]] = {"en": EN, "es": ES}

_lang = "en"


def detect_language(arg: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """``arg`` if given, else the locale's language (Spanish for ``es*``), else English."""
    if arg:
        return arg if arg in LANGS else "en"
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(var, "")
        if value:
            return "es" if value.lower().startswith("es") else "en"
    return "en"


def set_language(lang: str) -> None:
    global _lang
    _lang = lang if lang in LANGS else "en"


def language() -> str:
    return _lang


def t(key: str, **kw: object) -> str:
    """The text ``key`` in the current language, formatted with ``kw``."""
    text = TEXTS[_lang].get(key)
    if text is None:
        text = EN.get(key, key)
    return text.format(**kw) if kw else text


def has(key: str) -> bool:
    return key in TEXTS[_lang]


def keys_of(name: str) -> tuple[str, ...]:
    """Every language's key for ``name`` ("yes", "color_Y" ...), this language's first: each
    language shows its own, and the others' work too."""
    order = (_lang, *(lang for lang in LANGS if lang != _lang))
    return tuple(dict.fromkeys(TEXTS[lang]["key_" + name] for lang in order))


def key(name: str) -> str:
    """This language's key for ``name``."""
    return t("key_" + name)


def color_name(color: Color | str, capital: bool = False) -> str:
    letter = color if isinstance(color, str) else color.value
    return t(("Color_" if capital else "color_") + letter)


def card_name(card: Card) -> str:
    """A card's name in words: "Red 7", "Roba dos rojo", "Comodín +4"."""
    rank = card.rank.value
    if card.color is None:
        return t("rank_" + rank)
    color, big = color_name(card.color), color_name(card.color, capital=True)
    if card.rank.is_number:
        return t("card_number", color=color, Color=big, rank=rank)
    return t("card_action", color=color, Color=big, rank=t("rank_" + rank))
