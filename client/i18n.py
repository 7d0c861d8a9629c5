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

# Every text as (English, Spanish): one table, so that a text is never missing in one language.
_TEXTS: dict[str, tuple[str, str]] = {
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
    "card_number": ("{Color} {rank}", "{rank} {color}"),
    "card_action": ("{Color} {rank}", "{rank} {color}"),
    # --- general
    "app_title": ("UNO", "UNO"),
    "you": ("you", "tú"),
    "yes": ("yes", "sí"),
    "no": ("no", "no"),
    "off": ("off", "no"),
    "seconds": ("{n} s", "{n} s"),
    "quit_confirm": ("Quit? {yes} quits, any other key stays.", "¿Salir? {yes} sale, otra tecla sigue."),
    "host_quit_confirm": ("End the match for everyone (e), or keep it for later (k)?",
                          "¿Terminar la partida para todos (t), o guardarla para después (g)?"),
    "help_host_quit": ("e end for everyone · k keep for later (uno host --resume) · Esc stay",
                       "t terminar para todos · g guardar (uno host --resume) · Esc seguir"),
    "help_host_quit_short": ("e end for everyone · k keep for later · Esc stay",
                             "t terminar para todos · g guardar · Esc seguir"),
    # --- the keys of this language (the other language's keys work too)
    "key_yes": ("y", "s"),
    "key_no": ("n", "n"),
    "key_accept": ("a", "a"),
    "key_color_R": ("r", "r"),
    "key_color_Y": ("y", "a"),
    "key_color_G": ("g", "v"),
    "key_color_B": ("b", "z"),
    # --- leaving the table
    "leave_confirm": ("Leave the table? {yes} leaves, any other key stays.",
                      "¿Dejar la mesa? {yes} la deja, otra tecla sigue."),
    "leave_bot": ("A bot plays your seat.", "Un bot juega tu asiento."),
    "leave_bot_host": ("A bot plays your seat; {name} becomes the host.",
                       "Un bot juega tu asiento; {name} será el anfitrión."),
    "leave_free": ("Your seat is freed.", "Tu asiento queda libre."),
    "leave_free_host": ("Your seat is freed; {name} becomes the host.",
                        "Tu asiento queda libre; {name} será el anfitrión."),
    "leave_closes": ("The table closes for everyone.", "La mesa se cierra para todos."),
    "leave_watch": ("You stop watching.", "Dejas de mirar."),
    "gone": ("gone", "se fue"),
    # --- connection
    "status_connecting": ("Connecting to {address}…", "Conectando con {address}…"),
    "status_connected": ("connected to {address}", "conectado a {address}"),
    "status_lost": ("Connection lost ({reason}). Reconnecting in {delay} (attempt {attempt})…",
                    "Se perdió la conexión ({reason}). Reintento en {delay} (intento {attempt})…"),
    "status_retrying": ("Reconnecting to {address} (attempt {attempt})…",
                        "Reconectando con {address} (intento {attempt})…"),
    "status_unreachable": ("Cannot reach {address} ({reason}). Trying again in {delay} (attempt {attempt})…",
                           "No se llega a {address} ({reason}). Reintento en {delay} (intento {attempt})…"),
    "status_failed": ("Cannot connect to {address}: {reason}",
                      "No se puede conectar con {address}: {reason}"),
    "status_replaced": ("Your seat was taken over by another window. Press q to quit.",
                        "Otra ventana ocupó tu asiento. Pulsa q para salir."),
    "status_resumed": ("Welcome back: you are in your seat again.",
                       "Bienvenido de nuevo: vuelves a tu asiento."),
    "status_seat_lost": ("Your seat could not be kept; you are back in the lobby.",
                         "No se pudo guardar tu asiento; vuelves a la sala."),
    "starting_server": ("Starting the table…", "Abriendo la mesa…"),
    "server_listening": ("Friends join with: uno join {address}",
                         "Tus amigos entran con: uno join {address}"),
    "reason_eof": ("closed", "cerrada"),
    "reason_broken": ("broken", "rota"),
    "reason_refused": ("refused", "rechazada"),
    "reason_timeout": ("timed out", "tiempo agotado"),
    "reason_shutdown": ("the server shut down", "el servidor se cerró"),
    "reason_unreachable": ("no answer", "sin respuesta"),
    "reason_unknown_host": ("no such host name", "ese nombre no existe"),
    "reason_table_closed": ("the host closed the table", "el anfitrión cerró la mesa"),
    "reason_not_uno": ("not a UNO server", "no es un servidor de UNO"),
    "status_not_uno": ("{address} is not a UNO server: another program answers on that port. Is the port"
                       " right? Press q to quit.",
                       "{address} no es un servidor de UNO: en ese puerto responde otro programa."
                       " ¿Es correcto el puerto? Pulsa q para salir."),
    "status_table_closed": ("The host closed the table. Press q to quit.",
                            "El anfitrión cerró la mesa. Pulsa q para salir."),
    "status_gave_up": ("Gave up: nothing answers at {address} ({reason}). Is the table open and the "
                       "address right? Press q to quit.",
                       "Dejo de intentarlo: nadie responde en {address} ({reason}). ¿Está abierta la mesa "
                       "y es correcta la dirección? Pulsa q para salir."),
    "status_version": ("{address} runs another version of UNO ({detail}). Both sides need the same "
                       "version. Press q to quit.",
                       "{address} usa otra versión de UNO ({detail}). Los dos lados necesitan la misma "
                       "versión. Pulsa q para salir."),
    "resume_offer": ("Kept from last time: “{name}”, {progress}. To go back to it: uno host --resume",
                     "Guardada de la última vez: «{name}», {progress}. Para volver a ella: uno host "
                     "--resume"),
    "resume_offer_key": ("Kept from last time: “{name}”, {progress}. r: back to it (later: uno host "
                         "--resume)",
                         "Guardada de la última vez: «{name}», {progress}. r: volver a ella (luego: uno "
                         "host --resume)"),
    "resume_failed": ("The kept match could not be opened again",
                      "No se pudo volver a abrir la partida guardada"),
    "resume_hand": ("hand {n}", "mano {n}"),
    "resume_waiting": ("not started", "sin empezar"),
    "resume_none": ("Nothing was kept from last time: here is a new table.",
                    "No había nada guardado de la última vez: aquí tienes una mesa nueva."),
    # --- browse (uno join without an address)
    "browse_title": ("Tables on your network", "Mesas en tu red"),
    "browse_searching": ("Looking for tables on the LAN…", "Buscando mesas en la red local…"),
    "browse_none": ("No table found yet. Type an address below, or wait.",
                    "Aún no hay mesas. Escribe una dirección abajo, o espera."),
    "browse_unavailable": ("LAN discovery is not available here: type an address.",
                           "La búsqueda en la red no está disponible: escribe una dirección."),
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
    "lobby_none": ("No tables yet. Press n to open one.", "Aún no hay mesas. Pulsa n para abrir una."),
    "lobby_rules_doc": ("The rules of this game: {path}", "Las reglas de este juego: {path}"),
    "lobby_columns": ("{name:<24} {host:<14} {players:>7} {rules:<9} {state}",
                      "{name:<24} {host:<14} {players:>7} {rules:<11} {state}"),
    "col_table": ("Table", "Mesa"),
    "col_state": ("State", "Estado"),
    "room_waiting": ("waiting", "esperando"),
    "room_playing": ("playing", "jugando"),
    "room_locked": ("password", "contraseña"),
    "password_prompt": ("Password for {room}: ", "Contraseña de {room}: "),
    # --- create form
    "form_title": ("A new table", "Una mesa nueva"),
    "form_name": ("Name", "Nombre"),
    "form_preset": ("Rules", "Reglas"),
    "form_seats": ("Seats", "Asientos"),
    "form_bots": ("Bots", "Bots"),
    "form_timeout": ("Turn time", "Tiempo por turno"),
    "form_password": ("Password", "Contraseña"),
    "form_stack": ("Stack Draw Two", "Acumular Roba dos"),
    "form_seven_zero": ("7-0 (swap hands)", "7-0 (cambiar manos)"),
    "form_jump_in": ("Jump-in", "Cortar (jump-in)"),
    "form_draw_until": ("Draw until playable", "Robar hasta poder jugar"),
    "form_single": ("Single hand", "Una sola mano"),
    "form_hint": ("↑↓ field  ←→ change  type text  Enter create  Esc back",
                  "↑↓ campo  ←→ cambiar  escribe texto  Enter crear  Esc volver"),
    "form_hint_short": ("↑↓ field  ←→ change  Enter create  Esc back",
                        "↑↓ campo  ←→ cambiar  Enter crear  Esc volver"),
    "default_table": ("{name}'s table", "Mesa de {name}"),
    "preset_official": ("official", "oficial"),
    "preset_house": ("house", "de la casa"),
    "none": ("none", "ninguna"),
    # --- waiting room
    "waiting_title": ("{room} — waiting for the start", "{room} — esperando el inicio"),
    "waiting_seats": ("Seats {taken}/{max}: ", "Asientos {taken}/{max}: "),
    "waiting_host": ("You are the host: press s to start; bots take the empty seats ({n}), or S starts "
                     "without them.",
                     "Eres el anfitrión: pulsa s para empezar; los bots ocupan los asientos vacíos ({n}), "
                     "o S empieza sin ellos."),
    "waiting_guest": ("Waiting for {host} to start…", "Esperando a que {host} empiece…"),
    "waiting_rules": ("Rules: {preset} — {options}", "Reglas: {preset} — {options}"),
    "seat_bot": ("bot", "bot"),
    "seat_host": ("host", "anfitrión"),
    # --- table
    "hand_no": ("Hand {n}", "Mano {n}"),
    "target_score": ("to {n}", "a {n}"),
    "single_hand": ("single hand", "una mano"),
    "dir_cw": ("↻ clockwise", "↻ horario"),
    "dir_ccw": ("↺ counter-clockwise", "↺ antihorario"),
    "turn_you": ("Your turn", "Tu turno"),
    "turn_of": ("{name}'s turn", "Turno de {name}"),
    "color_in_play": ("Colour: {color}", "Color: {color}"),
    "color_choosing": ("Colour: being chosen", "Color: por elegir"),
    "draw_pile": ("Draw pile: {n}", "Mazo: {n}"),
    "pending_draw": ("Pending: +{n}", "Acumulado: +{n}"),
    "cards_n": ("{n}", "{n}"),
    "flag_uno": ("UNO!", "¡UNO!"),
    "flag_away": ("away", "ausente"),
    "flag_off": ("offline", "desconect."),
    "flag_next": ("next", "sigue"),
    "your_hand": ("Your hand ({n})", "Tu mano ({n})"),
    "spectating": ("You are watching this table.", "Estás mirando esta mesa."),
    "selected": ("{card}", "{card}"),
    "playable_hint": ("▲ playable", "▲ jugable"),
    "uno_armed": ("UNO! will be said with your next card", "Dirás ¡UNO! con tu próxima carta"),
    "top_card": ("Top card", "Carta arriba"),
    "hand_changed": ("Your hand just changed: look before you choose",
                     "Tu mano acaba de cambiar: mírala antes de elegir"),
    # (not "your last card": in UNO that says you have one card left)
    "hand_first": ("Already at the first card of your hand", "Ya estás en la primera carta de la mano"),
    "hand_last": ("Already at the last card of your hand", "Ya estás en la última carta de la mano"),
    # --- prompts
    "prompt_color": ("Colour for {card}:", "Color para {card}:"),
    "prompt_start_color": ("The first card is a Wild. Colour:", "La primera carta es un Comodín. Color:"),
    "prompt_challenge": ("{name} played a Wild Draw Four on you: {yes} challenge, {accept} accept (draw {n})",
                         "{name} te jugó un Comodín +4: {yes} desafiar, {accept} aceptar (robar {n})"),
    "prompt_challenge_short": ("+4 from {name}: {yes} challenge, {accept} accept (+{n})",
                               "+4 de {name}: {yes} desafiar, {accept} aceptar (+{n})"),
    "prompt_seat": ("Swap hands with:", "Cambiar la mano con:"),
    "prompt_chat": ("Say: ", "Di: "),
    "prompt_drawn": ("You drew {card}: Enter plays it, p keeps it",
                     "Robaste {card}: Enter la juega, p te la quedas"),
    "prompt_drawn_again": ("You drew {card}: Enter plays it, d draws again",
                           "Robaste {card}: Enter la juega, d roba otra"),
    "catch_hint": ("{name} did not say UNO: press c to catch!",
                   "{name} no dijo UNO: ¡pulsa c para pillarle!"),
    "not_playable": ("{card} cannot be played now", "{card} no se puede jugar ahora"),
    "not_your_turn": ("It is not your turn", "No es tu turno"),
    "nothing_to_do": ("Nothing to do now", "Nada que hacer ahora"),
    "cannot_uno": ("You can say UNO with two cards on your turn or as you jump in, or with one card",
                   "Puedes decir UNO con dos cartas en tu turno o al cortar, o con una"),
    "nobody_to_catch": ("Nobody to catch", "No hay a quién pillar"),
    "cannot_draw": ("You cannot draw now", "No puedes robar ahora"),
    "cannot_pass": ("You cannot pass now", "No puedes pasar ahora"),
    "no_bot_to_remove": ("There is no bot to remove", "No hay ningún bot que quitar"),
    "hand_won": ("{name} wins hand {n} and scores {points} points",
                 "{name} gana la mano {n} y suma {points} puntos"),
    "match_won": ("{name} wins the match!", "¡{name} gana la partida!"),
    "next_hand": ("The next hand starts in a moment…", "La siguiente mano empieza enseguida…"),
    "next_hand_in": ("The next hand is dealt in {n} s…", "La siguiente mano se reparte en {n} s…"),
    "col_player": ("Player", "Jugador"),
    "col_cards_left": ("Cards left", "Cartas que quedan"),
    "col_points": ("Points", "Puntos"),
    "col_score": ("Score", "Total"),
    "match_over_host": ("Press s for a new match, x to leave.",
                        "Pulsa s para otra partida, x para dejar la mesa."),
    "match_over_guest": ("Waiting for the host; press x to leave.",
                         "Esperando al anfitrión; pulsa x para dejar la mesa."),
    "deadline": ("⏱ {n}s", "⏱ {n}s"),
    # --- log lines
    "ev_hand": ("Hand {n} — {name} dealt", "Mano {n} — repartió {name}"),
    "ev_start_card": ("First card: {card}", "Primera carta: {card}"),
    "ev_start_returned": ("{card} turned up and went back into the pile", "Salió {card} y volvió al mazo"),
    "ev_played": ("{name} played {card}", "{name} jugó {card}"),
    "ev_played_wild": ("{name} played {card} → {color}", "{name} jugó {card} → {color}"),
    "ev_jump_in": ("{name} jumped in with {card}", "{name} cortó con {card}"),
    "ev_drew_one": ("{name} drew a card", "{name} robó una carta"),
    "ev_drew_n": ("{name} drew {n}", "{name} robó {n} cartas"),  # not "robó 2": it reads as the card 2
    "ev_drew_until": ("{name} drew {n} until a card could be played",
                      "{name} robó {n} hasta tener una carta que jugar"),
    "ev_drew_you": ("{name} drew {cards}", "{name} robó {cards}"),
    "ev_drew_penalty": ("{name} drew {n} for not saying UNO", "{name} robó {n} por no decir UNO"),
    "ev_drew_false": ("{name} drew {n} for a false catch", "{name} robó {n} por pillar sin razón"),
    "ev_draw_skipped": ("Nothing was left to draw", "No quedaba nada que robar"),
    "ev_reshuffled": ("The discards were shuffled into a new draw pile",
                      "Se barajó el descarte como nuevo mazo"),
    "ev_passed": ("{name} passed", "{name} pasó"),
    "ev_skipped": ("{name} lost the turn", "{name} perdió el turno"),
    "ev_direction": ("Direction reversed: {dir}", "Cambio de sentido: {dir}"),
    "ev_color": ("{name} chose {color}", "{name} eligió {color}"),
    "ev_challenge_guilty": ("{name} challenged {target}'s +4: guilty!",
                            "{name} desafió el +4 de {target}: ¡culpable!"),
    "ev_challenge_innocent": ("{name} challenged {target}'s +4: innocent",
                              "{name} desafió el +4 de {target}: inocente"),
    "ev_uno": ("{name}: UNO!", "{name}: ¡UNO!"),
    "ev_caught": ("{name} caught {target} without UNO!", "¡{name} pilló a {target} sin decir UNO!"),
    "ev_false_catch": ("{name} wrongly called out {target}", "{name} acusó a {target} sin razón"),
    "ev_swap": ("{name} swapped hands with {target}", "{name} cambió la mano con {target}"),
    "ev_rotate": ("Every hand moved one seat along", "Todas las manos pasaron un asiento"),
    "ev_hand_end": ("{name} won the hand: +{points} points", "{name} ganó la mano: +{points} puntos"),
    "ev_match_end": ("{name} won the match!", "¡{name} ganó la partida!"),
    "ev_joined": ("{name} sat down", "{name} se sentó"),
    "ev_left": ("{name} left", "{name} se fue"),
    "ev_new_host": ("{name} is the host now", "{name} es ahora el anfitrión"),
    "ev_you_host": ("You are the host now", "Ahora eres el anfitrión"),
    "ev_dropped": ("{name} lost the connection", "{name} perdió la conexión"),
    "ev_back": ("{name} came back", "{name} volvió"),
    "ev_went_away": ("{name} went away: their turns are played for them",
                     "{name} se ausentó: se juegan sus turnos en su lugar"),
    "ev_stand_in_timeout": ("Time's up for {name}: the turn was played for them",
                            "Se acabó el tiempo de {name}: se jugó su turno en su lugar"),
    "ev_stand_in_away": ("{name} was away: the turn was played for them",
                         "{name} estaba ausente: se jugó su turno en su lugar"),
    "away_banner": ("You are away. Press any key to come back.",
                    "Estás ausente. Pulsa cualquier tecla para volver."),
    "away_back_sent": ("Welcome back: your next turn is yours.",
                       "Bienvenido de nuevo: tu próximo turno es tuyo."),
    # --- help lines
    "help_browse": ("↑↓ choose  Enter connect  type host:port  Esc quit",
                    "↑↓ elegir  Enter conectar  escribe host:puerto  Esc salir"),
    "help_lobby": ("↑↓ choose  Enter join  w watch  n new table  r refresh  t chat  q quit",
                   "↑↓ elegir  Enter entrar  w mirar  n mesa nueva  r actualizar  t chat  q salir"),
    "help_lobby_short": ("Enter join  w watch  n new table  r refresh  t chat  q quit",
                         "Enter entrar  w mirar  n nueva  r recargar  t chat  q salir"),
    "help_waiting_host": ("s start  S start as seated  + add bot  - remove bot  x leave  t chat  q quit",
                          "s empezar  S empezar así  + bot  - quitar bot  x dejar la mesa  t chat  q salir"),
    "help_waiting_host_short": ("s start  S as seated  + bot  - bot  x leave  t chat  q quit",
                                "s empezar  S así  + bot  - bot  x dejar  t chat  q salir"),
    "help_waiting": ("x leave  t chat  q quit", "x dejar la mesa  t chat  q salir"),
    "help_table": ("←→ h l 1-9 Home End  card    Enter play  d draw  p pass  u UNO  c catch  t chat  x "
                   "leave  q quit",
                   "←→ h l 1-9 Inicio Fin  carta    Enter jugar  d robar  p pasar  u UNO  c pillar  t chat "
                   " x dejar la mesa  q salir"),
    "help_table_mid": ("←→ card  Enter play  d draw  p pass  u UNO  c catch  t chat  x leave  q quit",
                       "←→ carta  Enter juega  d roba  p pasa  u UNO  c pilla  t chat  x deja  q sale"),
    "help_table_short": ("Enter play  d draw  p pass  u UNO  c catch  x leave  q quit",
                         "Enter juega  d roba  p pasa  u UNO  c pilla  x deja  q sale"),
    "help_spectator": ("j take a seat  x leave  t chat  q quit",
                       "j sentarse  x dejar la mesa  t chat  q salir"),
    "help_hand_over": ("the next hand is dealt by itself   t chat  x leave  q quit",
                       "la siguiente mano se reparte sola   t chat  x dejar la mesa  q salir"),
    "help_hand_over_short": ("t chat  x leave  q quit", "t chat  x dejar la mesa  q salir"),
    "help_confirm": ("{yes} yes   any other key: no", "{yes} sí   otra tecla: no"),
    "help_color": ("{keys} · ←→ Enter  choose colour   Esc cancel",
                   "{keys} · ←→ Enter  elegir color   Esc cancelar"),
    "help_challenge": ("{yes} challenge   {accept}/{no} accept", "{yes} desafiar   {accept}/{no} aceptar"),
    "help_seat": ("←→ or 1-9  choose seat   Enter swap   Esc cancel",
                  "←→ · 1-9  elegir asiento   Enter cambiar   Esc cancelar"),
    "help_chat": ("Enter send   Esc cancel", "Enter enviar   Esc cancelar"),
    "help_connecting": ("q quit", "q salir"),
    # --- errors (by code)
    "err_generic": ("Refused: {message}", "Rechazado: {message}"),
    "err_not_your_turn": ("It is not your turn", "No es tu turno"),
    "err_does_not_match": ("That card does not match", "Esa carta no coincide"),
    "err_wild_draw_four_refused": ("You may not play a Wild Draw Four while holding the colour in play",
                                   "No puedes jugar un Comodín +4 si tienes el color en juego"),
    "err_must_answer_draw": ("Answer the pending draw: stack or draw",
                             "Responde al acumulado: acumula o roba"),
    "err_must_play": ("You must play a card", "Tienes que jugar una carta"),
    "err_only_drawn_card": ("Only the card you drew can be played now",
                            "Ahora solo puedes jugar la carta que robaste"),
    "err_cannot_pass": ("You cannot pass now", "No puedes pasar ahora"),
    "err_cannot_draw": ("You cannot draw now", "No puedes robar ahora"),
    "err_cannot_call_uno": ("You cannot say UNO now", "No puedes decir UNO ahora"),
    "err_not_catchable": ("Nobody can be caught now", "Ahora no se puede pillar a nadie"),
    "err_room_full": ("Every seat is taken", "Todos los asientos están ocupados"),
    "err_wrong_password": ("Wrong password", "Contraseña incorrecta"),
    "err_already_started": ("The match has started: you can watch it",
                            "La partida ya empezó: puedes mirarla"),
    "err_not_host": ("Only the host may do that", "Solo el anfitrión puede hacer eso"),
    "err_not_enough_players": ("A match needs at least 2 players: add a bot",
                               "Una partida necesita al menos 2 jugadores: añade un bot"),
    "err_no_such_room": ("That table is gone", "Esa mesa ya no existe"),
    "err_rate_limited": ("You are chatting too fast", "Escribes demasiado rápido"),
    "err_version_mismatch": ("This server speaks another protocol version",
                             "Este servidor habla otra versión del protocolo"),
    # (refusals a key pressed as the table changed can meet: the server's words are English)
    "err_rule_error": ("That move is not allowed now",
                      "Esa jugada no vale ahora"),
    "err_unknown_seat": ("There is no such seat at this table",
                        "Ese asiento no existe en esta mesa"),
    "err_card_not_in_hand": ("That card is no longer in your hand",
                            "Esa carta ya no está en tu mano"),
    "err_bad_color": ("Choose a colour for a Wild, and only for a Wild",
                     "Elige un color para un Comodín, y solo para un Comodín"),
    "err_bad_target": ("Choose another player to swap hands with",
                      "Elige a otro jugador para cambiar la mano"),
    "err_no_challenge": ("There is no Wild Draw Four to challenge now",
                        "Ahora no hay ningún Comodín +4 que desafiar"),
    "err_challenge_pending": ("First answer the Wild Draw Four: challenge or accept",
                             "Primero responde al Comodín +4: desafía o acepta"),
    "err_color_pending": ("First choose the colour",
                         "Primero elige el color"),
    "err_jump_in_refused": ("Too late to jump in: the card on top changed",
                           "Tarde para cortar: cambió la carta de arriba"),
    "err_hand_over": ("The hand is over",
                     "La mano terminó"),
    "err_match_over": ("The match is over",
                      "La partida terminó"),
    "err_hand_in_progress": ("The hand is still being played",
                            "La mano todavía se está jugando"),
    "err_not_started": ("The match has not started",
                       "La partida no ha empezado"),
    "err_bad_rules": ("Those rule options do not go together",
                     "Esas opciones de reglas no van juntas"),
    "err_server_full": ("This server cannot open more tables",
                       "Este servidor no puede abrir más mesas"),
    "err_internal_error": ("Something went wrong on the server; nothing changed",
                          "Algo falló en el servidor; no cambió nada"),
    # --- seats, late arrivals and the rule options in words (client/rulestext.py)
    "rule_single": ("single hand", "una sola mano"),
    "rule_target": ("to {n} points", "a {n} puntos"),
    "rule_draw_until": ("draw until playable", "robar hasta poder jugar"),
    "rule_stack_two": ("stack +2", "acumular +2"),
    "rule_stack_four": ("stack +4", "acumular +4"),
    "rule_seven_zero": ("7-0 swaps", "7-0 con cambios"),
    "rule_jump_in": ("jump-in", "cortar"),
    "rule_strict_four": ("strict +4", "+4 estricto"),
    "rule_right_first": ("dealer's right starts", "empieza la derecha de quien reparte"),
    "rule_challenge_four": ("+4 with challenge", "+4 con desafío"),
    "rule_left_first": ("dealer's left starts", "empieza la izquierda de quien reparte"),
    "rule_without": ("no {rule}", "sin {rule}"),
    "rule_uno_penalty": ("no UNO: +{n}", "sin UNO: +{n}"),
    "rule_no_uno_penalty": ("no UNO penalty", "sin castigo por UNO"),
    "rule_false_catch": ("false catch: +{n}", "acusación falsa: +{n}"),
    "rule_turn": ("turn {n} s", "turno de {n} s"),
    "rule_no_clock": ("no turn clock", "sin reloj de turno"),
    "rule_bots": ("{level} bots", "bots nivel {level}"),
    "rule_late_now": ("late arrivals sit at once", "quien llega tarde se sienta al momento"),
    "rule_late_next_hand": ("late arrivals sit at the next hand",
                            "quien llega tarde se sienta en la próxima mano"),
    "level_easy": ("easy", "fácil"),
    "level_normal": ("normal", "normal"),
    "form_bot_level": ("Bot level", "Nivel de los bots"),
    "form_late_join": ("Late arrivals sit", "Si llega tarde, se sienta"),
    "late_now": ("at once", "al momento"),
    "late_next_hand": ("at the next hand", "en la próxima mano"),
    "form_target": ("Match to", "Partida a"),
    "target_points": ("{n} points", "{n} puntos"),
    "form_strict": ("Strict +4 (no bluffing)", "+4 estricto (sin farol)"),
    "form_stack_four": ("Stack +4", "Acumular +4"),
    "form_uno_penalty": ("Forgot UNO: draw", "Sin decir UNO: roba"),
    "form_false_catch": ("False catch: draw", "Acusación falsa: roba"),
    "form_left_first": ("Dealer's left starts", "Empieza la izquierda"),
    "waiting_host_full": ("You are the host: press s to start.", "Eres el anfitrión: pulsa s para empezar."),
    "waiting_queue": ("{n} waiting for a seat", "{n} esperan asiento"),
    "lobby_rules": ("{table}: {options}", "{table}: {options}"),
    "spectator_take": ("You are watching. Press j to take over a bot's seat.",
                       "Estás mirando. Pulsa j para ocupar el asiento de un bot."),
    "spectator_wait": ("You are watching. Press j to wait in line for a seat.",
                       "Estás mirando. Pulsa j para esperar turno por un asiento."),
    "spectator_sit": ("You are watching. Press j to sit down.", "Estás mirando. Pulsa j para sentarte."),
    "queued_seat": ("You take {name}'s seat at the next hand (j cancels).",
                    "Ocupas el asiento de {name} en la próxima mano (j cancela)."),
    "queued_line": ("You are number {n} in line for a seat (j cancels).",
                    "Eres el número {n} en la cola por un asiento (j cancela)."),
    "ev_took_seat": ("{name} took over {bot}'s seat", "{name} ocupó el asiento de {bot}"),
    "ev_left_to_bot": ("{name} left: a bot plays the seat", "{name} se fue: un bot juega su asiento"),
    "err_no_such_seat": ("That seat cannot be taken", "Ese asiento no se puede ocupar"),
    "err_too_many_rooms": ("Too many tables were opened from your address: wait for one to close",
                           "Se abrieron demasiadas mesas desde tu dirección: espera a que cierre una"),
}

EN: dict[str, str] = {key: en for key, (en, _) in _TEXTS.items()}
ES: dict[str, str] = {key: es for key, (_, es) in _TEXTS.items()}

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
