"""The texts of saved house rules, the rematch and what comes after a match, key → (English,
Spanish); part of the one table of client/texts.py."""

TABLE_TEXTS: dict[str, tuple[str, str]] = {
    "rules_saved_to": ("Rules saved as {name} ({path}); play them with: uno host --rules {name}",
                       "Reglas guardadas como {name} ({path}); juégalas con: uno host --rules {name}"),
    "rules_saved_over": ("Rules saved as {name} ({path}), in place of those saved before under that name; "
                         "play them with: uno host --rules {name}",
                         "Reglas guardadas como {name} ({path}), en lugar de las guardadas antes con ese "
                         "nombre; juégalas con: uno host --rules {name}"),
    "form_save_as": ("Save these rules as", "Guardar estas reglas como"),
    "form_save_enter": ("(Enter saves)", "(Enter guarda)"),
    # between hands, the pass key holds the next deal back (found play-testing twice: 5 s was too
    # short to read who held what); the others read that someone did, as their countdown grows
    "more_time_asked": ("You asked for more time: the next deal waits",
                        "Pediste más tiempo: la siguiente mano espera"),
    "more_time_given": ("Someone asked for more time: the next deal waits",
                        "Alguien pidió más tiempo: la siguiente mano espera"),
    "more_time_asked_plain": ("You asked for more time: the next hand is dealt in {n} s.",
                              "Pediste más tiempo: la siguiente mano se reparte en {n} s."),
    "more_time_given_plain": ("Someone asked for more time: the next hand is dealt in {n} s.",
                              "Alguien pidió más tiempo: la siguiente mano se reparte en {n} s."),
    # (nothing typed: Enter goes on, as on any other field; found play-testing, it said the name was bad)
    "form_save_nothing_create": ("(no name: Enter opens the table)", "(sin nombre: Enter abre la mesa)"),
    "form_save_nothing_apply": ("(no name: Enter applies them)", "(sin nombre: Enter las aplica)"),
    "form_saved_create": ("(saved: Enter opens the table)", "(guardadas: Enter abre la mesa)"),
    "form_saved_apply": ("(saved: Enter applies them)", "(guardadas: Enter las aplica)"),
    "rules_saved": ("Rules saved as {name}", "Reglas guardadas como {name}"),
    "rules_replace": ("Rules named {name} are saved already: Enter again replaces them",
                      "Ya hay reglas guardadas como {name}: Enter otra vez las sustituye"),
    # (found play-testing: "1-32 letters without accents, digits, - or _" read as if digits were not allowed)
    "rules_err_bad_name": ("A rules name has 1 to 32 characters: letters without accents, digits, - and _",
                           "Un nombre de reglas tiene de 1 a 32 caracteres: letras sin tildes, cifras, "
                           "- y _"),
    "rules_err_preset_name": ("That is a preset's name: choose another",
                              "Ese nombre es el de unas reglas de serie: elige otro"),
    "rules_err_unknown": ("No rules saved under that name", "No hay reglas guardadas con ese nombre"),
    # (the name quoted: found re-checking, "No hay reglas guardadas como nada" read as "none saved")
    "rules_err_unknown_known": ("No rules saved as “{name}” (there are: {known})",
                                "No hay reglas guardadas como «{name}» (hay: {known})"),
    "rules_err_bad_file": ("The rules file {name} cannot be used", "El archivo de reglas {name} no sirve"),
    "rules_bad_short": ("unusable (Enter says why)", "no sirve (Enter: por qué)"),
    "rules_err_bad_file_why": ("The rules file {name} cannot be used: {why}",
                               "El archivo de reglas {name} no sirve: {why}"),
    "rematch_offer": ("Rematch? {k_rematch} yes · {k_no_rematch} no (leave) · {k_seat_order} seat order: "
                      "{order}",
                      "¿Revancha? {k_rematch} sí · {k_no_rematch} no (te vas) · {k_seat_order} orden: "
                      "{order}"),
    "rematch_accepted": ("Rematch ({order}) accepted by {names}; still to answer: {waiting}. {k_rematch} "
                         "yes · {k_no_rematch} no",
                         "Revancha ({order}) aceptada por {names}; por contestar: {waiting}. "
                         "{k_rematch} sí · {k_no_rematch} no"),
    # (plain mode's, read aloud: words to type, no "·" nor lone letters; found play-testing with a
    # screen reader, "o orden" was heard as "or order")
    "plain_rematch_offer": ("Rematch? Type rematch to accept it, no to decline it and leave, or order to "
                            "change the seat order, now {order}.",
                            "¿Revancha? Escribe revancha para aceptarla, no para rechazarla e irte, u "
                            "orden para cambiar el orden de los asientos, ahora {order}."),
    "plain_rematch_accepted": ("Rematch ({order}) accepted by {names}; still to answer: {waiting}. Type "
                               "rematch or no.",
                               "Revancha ({order}) aceptada por {names}; por contestar: {waiting}. "
                               "Escribe revancha o no."),
    "rematch_starts_in": ("It starts in {n} s, without those who have not answered (they will be away)",
                          "Empieza en {n} s, sin quien no haya contestado (quedará ausente)"),
    # (a watcher's board says nothing else of a rematch: found re-checking, "It starts in" of nothing)
    "rematch_starts_in_watching": ("The rematch starts in {n} s", "La revancha empieza en {n} s"),
    "plain_rematch_wait": ("It starts about a minute after the first yes, without those who have not "
                           "answered (they will be away)",
                           "Empieza un minuto después del primer sí, sin quien no haya contestado "
                           "(quedará ausente)"),
    "rematch_freed": ("{names}'s seat is free: nobody plays it in the rematch",
                      "El asiento de {names} queda libre: nadie lo juega en la revancha"),
    "rematch_freed_many": ("The seats of {names} are free: nobody plays them in the rematch",
                           "Los asientos de {names} quedan libres: nadie los juega en la revancha"),
    "rematch_bot_for": ("{names} left: a bot plays that seat in the rematch",
                        "{names} se fue: un bot juega ese asiento en la revancha"),
    "rematch_bot_for_many": ("{names} left: bots play their seats in the rematch",
                             "{names} se fueron: unos bots juegan sus asientos en la revancha"),
    "rematch_newcomer": ("{names} sat down: plays in the rematch", "{names} se sentó: juega la revancha"),
    "rematch_newcomers": ("{names} sat down: they play in the rematch",
                          "{names} se sentaron: juegan la revancha"),
    "rematch_you_accepted": ("Rematch ({order}) accepted by {names}; waiting for {waiting}",
                             "Revancha ({order}) aceptada por {names}; esperando a {waiting}"),
    "rematch_accepted_short": ("Rematch: yes from {names}; to answer: {waiting}. {k_rematch} yes · "
                               "{k_no_rematch} no",
                               "Revancha aceptada por {names}; por contestar: {waiting}. {k_rematch} sí · "
                               "{k_no_rematch} no"),
    "rematch_you_accepted_short": ("Rematch: yes from {names}; waiting for {waiting}",
                                   "Revancha aceptada por {names}; esperando a {waiting}"),
    "rematch_by_you": ("you", "ti"),  # "accepted by you, Luis"
    "rematch_you_to_answer": ("you", "tú"),  # "still to answer: you, Luis"
    "rematch_order_now": ("Seat order: {order}", "Orden de los asientos: {order}"),
    # (not the order itself, which its chooser may change since: found re-checking, it went stale)
    "rematch_order_fixed": ("{name} accepted first: the seat order is theirs to choose",
                            "{name} aceptó primero: el orden de los asientos es cosa suya"),
    "rematch_order_keep": ("seats as they are", "asientos como están"),
    "rematch_order_random": ("seats shuffled", "asientos al azar"),
    "rematch_order_winner_deals": ("the winner deals", "reparte quien ganó"),
    # (l leaves at a match's end as x does: the hand is over; the host's line makes room for the
    # bots' level key where bots sit, client/promptline.py. The help key first, which lists the
    # rest (found play-testing: at 80 columns the host's line had lost replay, chat and the rest,
    # and named no key that would show them). Narrower, leaving goes (n, declining, leaves too),
    # then the seat order and the chat, the keys least needed: the last before the bots' key go first.)
    "help_rematch": ("{k_help} help  {k_rematch} rematch  {k_seat_order} seat order  {k_no_rematch} no  "
                     "{k_replay} replay  {k_chat} chat  {k_leave}/{k_leave_waiting} leave  {k_quit} quit",
                     "{k_help} ayuda  {k_rematch} revancha  {k_seat_order} orden  {k_no_rematch} no  "
                     "{k_replay} repetición  {k_chat} chat  {k_leave}/{k_leave_waiting} deja la mesa  "
                     "{k_quit} sal"),
    "help_rematch_short": ("{k_help} help  {k_rematch} rematch  {k_no_rematch} no  {k_replay} replay  "
                           "{k_chat} chat  {k_seat_order} order  {k_quit} quit",
                           "{k_help} ayuda  {k_rematch} revancha  {k_no_rematch} no  {k_replay} repetición  "
                           "{k_chat} chat  {k_seat_order} orden  {k_quit} sal"),
    "help_rematch_host": ("{k_help} help  {k_rematch} rematch  {k_seat_order} seat order  {k_no_rematch} no  "
                          "{k_start} start now  {k_replay} replay  {k_chat} chat  "
                          "{k_leave}/{k_leave_waiting} leave  {k_quit} quit",
                          "{k_help} ayuda  {k_rematch} revancha  {k_seat_order} orden  {k_no_rematch} no  "
                          "{k_start} empieza ya  {k_replay} repetición  {k_chat} chat  "
                          "{k_leave}/{k_leave_waiting} deja la mesa  {k_quit} sal"),
    "help_rematch_host_short": ("{k_help} help  {k_rematch} rematch  {k_no_rematch} no  {k_start} start now  "
                                "{k_replay} replay  {k_chat} chat  {k_seat_order} order  {k_quit} quit",
                                "{k_help} ayuda  {k_rematch} revancha  {k_no_rematch} no  "
                                "{k_start} empieza ya  {k_replay} repetición  {k_chat} chat  "
                                "{k_seat_order} orden  {k_quit} sal"),
    # (a host who sat down after the match: the rematch is not theirs to answer, but to start)
    "help_rematch_host_new": ("{k_help} help  {k_start} start now  {k_replay} replay  {k_chat} chat  "
                              "{k_leave}/{k_leave_waiting} leave  {k_quit} quit",
                              "{k_help} ayuda  {k_start} empieza ya  {k_replay} repetición  {k_chat} chat  "
                              "{k_leave}/{k_leave_waiting} deja la mesa  {k_quit} sal"),
    # (the same once we have accepted: the rematch key's place says so)
    "help_rematch_accepted": ("{k_help} help  ✓ rematch  {k_seat_order} seat order  {k_no_rematch} no  "
                              "{k_replay} replay  {k_chat} chat  {k_leave}/{k_leave_waiting} leave  "
                              "{k_quit} quit",
                              "{k_help} ayuda  ✓ revancha  {k_seat_order} orden  {k_no_rematch} no  "
                              "{k_replay} repetición  {k_chat} chat  {k_leave}/{k_leave_waiting} deja la "
                              "mesa  {k_quit} sal"),
    "help_rematch_accepted_short": ("{k_help} help  ✓ rematch  {k_no_rematch} no  {k_replay} replay  "
                                    "{k_chat} chat  {k_seat_order} order  {k_quit} quit",
                                    "{k_help} ayuda  ✓ revancha  {k_no_rematch} no  {k_replay} repetición  "
                                    "{k_chat} chat  {k_seat_order} orden  {k_quit} sal"),
    "help_rematch_host_accepted": ("{k_help} help  ✓ rematch  {k_seat_order} seat order  {k_no_rematch} no  "
                                   "{k_start} start now  {k_replay} replay  {k_chat} chat  "
                                   "{k_leave}/{k_leave_waiting} leave  {k_quit} quit",
                                   "{k_help} ayuda  ✓ revancha  {k_seat_order} orden  {k_no_rematch} no  "
                                   "{k_start} empieza ya  {k_replay} repetición  {k_chat} chat  "
                                   "{k_leave}/{k_leave_waiting} deja la mesa  {k_quit} sal"),
    "help_rematch_host_accepted_short": ("{k_help} help  ✓ rematch  {k_no_rematch} no  {k_start} start now  "
                                         "{k_replay} replay  {k_chat} chat  {k_seat_order} order  "
                                         "{k_quit} quit",
                                         "{k_help} ayuda  ✓ revancha  {k_no_rematch} no  "
                                         "{k_start} empieza ya  {k_replay} repetición  {k_chat} chat  "
                                         "{k_seat_order} orden  {k_quit} sal"),
    "err_no_rematch": ("There is no rematch to accept now", "Ahora no hay revancha que aceptar"),
    # what comes after a match, on its board (client/board.py's ``match_over_key``)
    # (the rules' key too: found play-testing, the key bar had no room for it beside replay's)
    "match_over_host": ("{k_start} starts the rematch now, without waiting for everyone; {k_rules} changes "
                        "its rules; {k_leave} leaves.",
                        "{k_start} empieza la revancha ya, sin esperar a todos; {k_rules} cambia sus "
                        "reglas; {k_leave} te vas."),
    "match_over_guest": ("New match when all accept, or the host starts one; {k_leave} leaves.",
                         "Otra partida: si todos aceptan o la empieza el anfitrión; {k_leave} te vas."),
    # (any key brings one away back first: found play-testing, the rematch's keys read as if they
    # answered it, and the rematch waits for one away no longer)
    "match_over_away": ("The rematch does not wait for you: a bot plays for you until you are back.",
                        "La revancha no te espera: un bot juega por ti hasta que vuelvas."),
    "match_over_away_all": ("Everyone is away: the rematch waits for someone to come back.",
                            "Todos están ausentes: la revancha espera a que alguien vuelva."),
    "match_over_newcomer": ("The players answer the rematch: you play in it once they accept, or the host "
                            "starts it; {k_leave} leaves.",
                            "Los jugadores contestan a la revancha: juegas en ella cuando acepten, o "
                            "cuando la empiece el anfitrión; {k_leave} te vas."),
    # (found play-testing: three sat down at a match's end whose only player, the host, was away;
    # "the players answer the rematch" stood for minutes, and m did nothing)
    "match_over_newcomer_waits": ("Those who played are away: the rematch waits for one of them to come "
                                  "back; {k_leave} leaves.",
                                  "Quienes jugaron están ausentes: la revancha espera a que vuelva alguno; "
                                  "{k_leave} te vas."),
    # (found play-testing: three in line sat down as the match's players left, and read that the
    # players answered the rematch, with none left to; the new host had s)
    "match_over_newcomer_left": ("Those who played have left: the host starts the next match; "
                                 "{k_leave} leaves.",
                                 "Quienes jugaron se fueron: la siguiente partida la empieza quien lleva "
                                 "la mesa; {k_leave} te vas."),
    "match_over_newcomer_host": ("You host the table now: the players answer the rematch, or {k_start} "
                                 "starts it now without them; {k_rules} changes its rules; {k_leave} leaves.",
                                 "Ahora llevas la mesa: los jugadores contestan a la revancha, o {k_start} "
                                 "la empieza ya sin ellos; {k_rules} cambia sus reglas; {k_leave} te vas."),
    "match_over_newcomer_host_alone": ("You host the table now: {k_start} starts the next match; "
                                       "{k_rules} changes its rules; {k_leave} leaves.",
                                       "Ahora llevas la mesa: {k_start} empieza la siguiente partida; "
                                       "{k_rules} cambia sus reglas; {k_leave} te vas."),
    # (a watcher has nothing to accept: found play-testing, offered to one at a table everyone left)
    "match_over_watching": ("The match is over; {k_leave} leaves.", "La partida terminó; {k_leave} te vas."),
    # (one in line for a seat: found play-testing, told only that the match was over while the
    # players answered the rematch)
    "match_over_in_line": ("The players answer the rematch: you take the seat of one who does not play it; "
                           "{k_leave} leaves.",
                           "Los jugadores contestan a la revancha: ocupas el asiento de quien no la juegue; "
                           "{k_leave} te vas."),
    # (between two hands, as a table whose late arrivals sit at the next hand seats them: found
    # re-checking, "its cards" of a seat dealt a new hand)
    "you_took_seat_points": ("You took over {bot}'s seat: its points are yours.",
                             "Ocupaste el asiento de {bot}: sus puntos son tuyos."),
    "you_back_in_seat_points": ("You are back in your seat, with your points.",
                                "De vuelta en tu asiento, con tus puntos."),
}
