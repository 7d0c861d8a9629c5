"""The two lines at the bottom of the screen (client/promptline.py), key → (English, Spanish):
the table's questions (``prompt_*``) and the help lines, the keys that work now, named as bound
({k_<action>}, client/keymap.py); a line's ``_mid`` and ``_short`` forms are for narrower
terminals. Part of the one table of client/texts.py."""

HELP_TEXTS: dict[str, tuple[str, str]] = {
    "help_browse": ("↑↓ choose  Enter connect  type host:port  Esc quit",
                    "↑↓ elige  Enter conecta  escribe host:puerto  Esc sal"),
    "help_lobby": ("↑↓ choose  {k_join} join  {k_watch} watch  {k_new_table} new table  {k_refresh} refresh  "
                   "{k_chat} chat  {k_help} help  {k_quit} quit",
                   "↑↓ elige  {k_join} entra  {k_watch} mira  {k_new_table} mesa nueva  {k_refresh} "
                   "actualiza  {k_chat} chat  {k_help} ayuda  {k_quit} sal"),
    "help_lobby_mid": ("↑↓ choose  {k_join} join  {k_watch} watch  {k_new_table} new  {k_refresh} refresh  "
                       "{k_chat} chat  {k_help} help  {k_quit} quit",
                       "↑↓ elige  {k_join} entra  {k_watch} mira  {k_new_table} nueva  {k_refresh} recarga  "
                       "{k_chat} chat  {k_help} ayuda  {k_quit} sal"),
    "help_lobby_short": ("{k_join} join  {k_watch} watch  {k_new_table} new table  {k_refresh} refresh  "
                         "{k_chat} chat  {k_quit} quit",
                         "{k_join} entra  {k_watch} mira  {k_new_table} nueva  {k_refresh} recarga  "
                         "{k_chat} chat  {k_quit} sal"),
    "help_waiting_host": ("{k_start} start  {k_start_as_seated} start as seated  {k_add_bot} add bot  "
                          "{k_remove_bot} remove bot  ↑↓ {k_bot_level} bot level  "
                          "{k_leave}/{k_leave_waiting} leave  {k_chat} chat  {k_help} help  {k_quit} quit",
                          "{k_start} empieza  {k_start_as_seated} sin más bots  {k_add_bot} bot  "
                          "{k_remove_bot} quita bot  ↑↓ {k_bot_level} nivel del bot  "
                          "{k_leave}/{k_leave_waiting} deja la mesa  {k_chat} chat  {k_help} ayuda  "
                          "{k_quit} sal"),
    # (100 columns: the help key first, as at the table; 80: every key still, the bots' two
    # sharing a word; narrower, whole keys go from the end: chat, then the level and its arrows.
    # The second leave key, l, beside x: the Spanish in the imperative, "deja la mesa" where it
    # fits, "vete" at 80 columns, to keep every key there)
    "help_waiting_host_mid": ("{k_help} help  {k_start} start  {k_start_as_seated} as seated  "
                              "{k_add_bot} add bot  {k_remove_bot} remove bot  ↑↓ {k_bot_level} bot level  "
                              "{k_leave}/{k_leave_waiting} leave  {k_chat} chat  {k_quit} quit",
                              "{k_help} ayuda  {k_start} empieza  {k_start_as_seated} tal cual  "
                              "{k_add_bot} bot  {k_remove_bot} quita bot  ↑↓ {k_bot_level} nivel  "
                              "{k_leave}/{k_leave_waiting} deja la mesa  {k_chat} chat  {k_quit} sal"),
    "help_waiting_host_short": ("{k_help} help  {k_start} start  {k_start_as_seated} as seated  "
                                "{k_add_bot}/{k_remove_bot} bot  {k_leave}/{k_leave_waiting} leave  "
                                "↑↓ {k_bot_level} level  {k_chat} chat  {k_quit} quit",
                                "{k_help} ayuda  {k_start} empieza  {k_start_as_seated} tal cual  "
                                "{k_add_bot}/{k_remove_bot} bot  {k_leave}/{k_leave_waiting} vete  "
                                "↑↓ {k_bot_level} nivel  {k_chat} chat  {k_quit} sal"),
    # (the host's, when a match kept from last time can be resumed: before quitting, where the
    # line has room; the waiting room's offer names the key at any width)
    "bar_resume": ("{k_resume} kept match", "{k_resume} la guardada"),
    "bar_catch": ("{k_catch} catch", "{k_catch} pilla"),
    # (the host's at a match's end, when bots sit: their levels for the next match)
    "bar_bot_level": ("↑↓ {k_bot_level} bot level", "↑↓ {k_bot_level} nivel"),
    # (the host's, in the waiting room and at a match's end: the table's rules, for the next match)
    "bar_rules": ("{k_rules} rules", "{k_rules} reglas"),
    "help_waiting": ("{k_leave}/{k_leave_waiting} leave  {k_chat} chat  {k_help} help  {k_quit} quit",
                     "{k_leave}/{k_leave_waiting} deja la mesa  {k_chat} chat  {k_help} ayuda  "
                     "{k_quit} sal"),
    "help_table": ("{k_left}{k_right} h l 1-9 Home End  card    {k_play} play  {k_draw} draw  {k_pass} pass  "
                   "{k_uno} UNO  {k_catch} catch  {k_hint} hint  {k_why} why  {k_chat} chat  "
                   "{k_leave} leave  {k_help} "
                   "help  {k_quit} quit",
                   "{k_left}{k_right} h l 1-9 Inicio Fin  carta    {k_play} juega  {k_draw} roba  {k_pass} "
                   "pasa  {k_uno} UNO  {k_catch} pilla  {k_hint} pista  {k_why} explica  {k_chat} chat  "
                   "{k_leave} deja la mesa  {k_help} ayuda  {k_quit} sal"),
    "help_table_wide": ("{k_help} help  {k_play} play  {k_draw} draw  {k_pass} pass  {k_uno} UNO  "
                        "{k_catch} catch  {k_hint} hint  {k_why} why  {k_chat} chat  {k_leave} leave  "
                        "{k_quit} quit",
                        "{k_help} ayuda  {k_play} juega  {k_draw} roba  {k_pass} pasa  {k_uno} UNO  "
                        "{k_catch} pilla  {k_hint} pista  {k_why} explica  {k_chat} chat  {k_leave} deja  "
                        "{k_quit} sal"),
    # (80 columns: every key is on the help screen, whose key takes the place of the arrows': the
    # hand's cards are numbered and marked; catch and leave go, the prompt line naming the catch's
    # key when one is on, and quitting asking first; why and chat stay, which nothing else names:
    # found play-testing, two players at 80 columns never saw them)
    "help_table_mid": ("{k_help} help  {k_play} play  {k_draw} draw  {k_pass} pass  {k_uno} UNO  "
                       "{k_hint} hint  {k_why} why  {k_chat} chat  {k_quit} quit",
                       "{k_help} ayuda  {k_play} juega  {k_draw} roba  {k_pass} pasa  {k_uno} UNO  "
                       "{k_hint} pista  {k_why} explica  {k_chat} chat  {k_quit} sal"),
    # (60 columns: the help key first, which shows the rest; it was left out, found play-testing)
    # (narrower, catch goes before the hint: the prompt line names its key when a catch is on,
    # and nothing else names the hint's, which a new player most needs; in Spanish in words short
    # enough that at 60 columns the hint's stays, as in English: found play-testing, it went;
    # "tira" here alone, where "juega" leaves the hint's key no room)
    "help_table_short": ("{k_help} help  {k_play} play  {k_draw} draw  {k_pass} pass  {k_uno} UNO  "
                         "{k_hint} hint  {k_catch} catch  {k_quit} quit",
                         "{k_help} ayuda  {k_play} tira  {k_draw} roba  {k_pass} pasa  {k_uno} UNO  "
                         "{k_hint} pista  {k_catch} pilla  {k_quit} sal"),
    # (a spectator holds no hand, and between hands ours does not move: l leaves there as x
    # does, and the line says so, as the waiting room's; the queued spectator's Spanish in the
    # imperative, as "deja la cola" beside it, to keep every key at 60 columns)
    "help_spectator": ("{k_take_seat} take a seat  {k_leave}/{k_leave_waiting} leave  {k_chat} chat  "
                       "{k_help} help  {k_quit} quit",
                       "{k_take_seat} siéntate  {k_leave}/{k_leave_waiting} deja la mesa  {k_chat} chat  "
                       "{k_help} ayuda  {k_quit} sal"),
    "help_spectator_line": ("{k_take_seat} wait in line  {k_leave}/{k_leave_waiting} leave  {k_chat} chat  "
                            "{k_help} help  {k_quit} quit",
                            "{k_take_seat} a la cola  {k_leave}/{k_leave_waiting} deja la mesa  "
                            "{k_chat} chat  {k_help} ayuda  {k_quit} sal"),
    "help_spectator_queued": ("{k_take_seat} leave the line  {k_leave}/{k_leave_waiting} leave  "
                              "{k_chat} chat  {k_help} help  {k_quit} quit",
                              "{k_take_seat} deja la cola  {k_leave}/{k_leave_waiting} deja la mesa  "
                              "{k_chat} chat  {k_help} ayuda  {k_quit} sal"),
    # (the help key first, as at a match's end: found play-testing, the board's bars named none)
    "help_hand_over": ("{k_help} help  {k_pass} more time  {k_replay} replay  {k_chat} chat  "
                       "{k_leave}/{k_leave_waiting} leave  {k_quit} quit",
                       "{k_help} ayuda  {k_pass} más tiempo  {k_replay} repetición  {k_chat} chat  "
                       "{k_leave}/{k_leave_waiting} deja la mesa  {k_quit} sal"),
    # (everyone away, or one coming back: the next deal waits for them anyway)
    "help_hand_over_short": ("{k_help} help  {k_replay} replay  {k_chat} chat  "
                             "{k_leave}/{k_leave_waiting} leave  {k_quit} quit",
                             "{k_help} ayuda  {k_replay} repetición  {k_chat} chat  "
                             "{k_leave}/{k_leave_waiting} deja la mesa  {k_quit} sal"),
    "help_away": ("any key  come back   Ctrl-C quit", "cualquier tecla  volver   Ctrl-C sale"),
    "help_confirm": ("{yes} yes   any other key: no", "{yes} sí   otra tecla: no"),
    "help_color": ("{keys} · ←→ Enter  choose colour   Esc cancel",
                   "{keys} · ←→ Enter  elige color   Esc cancela"),
    # (the first card's colour: nothing to go back to, and Esc did nothing; found play-testing)
    "help_start_color": ("{keys} · ←→ Enter  choose colour", "{keys} · ←→ Enter  elige color"),
    "help_challenge": ("{yes} challenge   {accept}/{no} accept   {k_why} what is it   {k_hint} hint",
                       "{yes} desafía   {accept}/{no} acepta   {k_why} qué es   {k_hint} pista"),
    "help_challenge_stack": ("{yes} challenge   {accept}/{no} accept   ←→ 1-9 {k_play} stack   "
                             "{k_hint} hint",
                             "{yes} desafía   {accept}/{no} acepta   ←→ 1-9 {k_play} suma   "
                             "{k_hint} pista"),
    "help_seat": ("←→ or its number  choose seat   Enter swap   Esc cancel",  # (not "1-9" for 3 seats)
                  "←→ · número  elige asiento   Enter cambia   Esc cancela"),
    "help_chat": ("Enter send   Esc cancel", "Enter envía   Esc cancela"),
    "help_connecting": ("{k_quit} quit", "{k_quit} sal"),
    # (at a table whose link is down, or whose host kept the match: the table's keys do nothing
    # until it is back, and the banner says what it waits for; found play-testing, the play keys
    # stayed on the bar and nothing said that q leaves)
    "help_link_down": ("{k_help} help  {k_quit} quit (your seat waits)",
                       "{k_help} ayuda  {k_quit} sal (tu asiento te espera)"),
    "help_link_down_watching": ("{k_help} help  {k_quit} quit", "{k_help} ayuda  {k_quit} sal"),
    # --- the table's questions
    "prompt_color": ("Colour for {card}:", "Color para {card}:"),
    "prompt_start_color": ("The first card is a Wild. Colour:", "La primera es un Comodín. Color:"),
    "prompt_color_short": ("Colour:", "Color:"),  # (where the question and its keys do not fit)
    "prompt_challenge": ("{name} played a Wild Draw Four on you: {yes} challenge, {accept} accept (draw {n})",
                         "{name} te jugó un Comodín +4: {yes} desafía, {accept} acepta (robas {n})"),
    "prompt_challenge_short": ("+4 from {name}: {yes} challenge, {accept} accept (+{n})",
                               "+4 de {name}: {yes} desafía, {accept} acepta (+{n})"),
    "prompt_challenge_stack": ("{name} played a Wild Draw Four on you: {yes} challenge, {accept} accept "
                               "(draw {n}), or {k_play} stacks a marked card",
                               "{name} te jugó un Comodín +4: {yes} desafía, {accept} acepta (robas "
                               "{n}), o {k_play} suma una carta marcada"),
    "prompt_challenge_short_stack": ("+4 from {name}: {yes} challenge, {accept} accept (+{n}), "
                                     "{k_play} stack",
                                     "+4 de {name}: {yes} desafía, {accept} acepta (+{n}), "
                                     "{k_play} suma"),
    "prompt_seat": ("Swap hands with:", "Cambiar la mano con:"),
    "prompt_seat_short": ("Swap with:", "Cambiar con:"),  # (where the seats need the room)
    "prompt_chat": ("Say: ", "Di: "),
    # ("lo": the card's name, el 6 rojo, el Comodín; found play-testing, "la juega" read wrong)
    "prompt_drawn": ("You drew {card}: {k_play} plays it, {k_pass} keeps it",
                     "Robaste el {card}: {k_play} lo juega, {k_pass} te lo quedas"),
    # (not "+4 para ti": after two Draw Twos it read as a Wild Draw Four, found play-testing)
    "prompt_pending_stack": ("You must draw {n}: stack a card on it (the marked ones), or {k_draw} "
                             "draws {n}",
                             "Te toca robar {n}: súmale una carta (las marcadas), o {k_draw} roba {n}"),
    "prompt_pending_draw": ("You must draw {n} and have nothing to stack on it: {k_draw} draws {n}",
                            "Te toca robar {n} y no tienes nada que sumarle: {k_draw} roba {n}"),
    "prompt_drawn_again": ("You drew {card}: {k_play} plays it, {k_draw} draws again",
                           "Robaste el {card}: {k_play} lo juega, {k_draw} roba otra"),
    # (short of room: found play-testing at 60 columns, "Robaste el Cambio de sentido verde: Enter
    # la juega, p te l…" lost how to keep it)
    # (drawn until one goes, R9: the one that goes, which may not be the last drawn)
    "prompt_drawn_goes": ("{card} goes: {k_play} plays it, {k_draw} draws again",
                          "El {card} vale: {k_play} lo juega, {k_draw} roba otra"),
    "prompt_drawn_goes_short": ("{card}: {k_play} plays it, {k_draw} draws again",
                                "{card}: {k_play} lo juega, {k_draw} roba otra"),
    "prompt_drawn_short": ("{card}: {k_play} plays it, {k_pass} keeps it",
                           "{card}: {k_play} lo juega, {k_pass} te lo quedas"),
    "prompt_drawn_again_short": ("{card}: {k_play} plays it, {k_draw} draws again",
                                 "{card}: {k_play} lo juega, {k_draw} roba otra"),
}
