"""The texts of a lost connection tried again (client/header.py's banner; ``_once``: plain mode's
line, said once), the reasons a connection ended, a connection ended for good, and moves over a
slow or dropped link, and those of connecting and of coming back to one's seat, as (English,
Spanish). client/texts.py takes them into its table."""

LINK_TEXTS: dict[str, tuple[str, str]] = {
    "status_lost": ("Connection lost ({reason}). Reconnecting in {delay} (attempt {attempt})…",
                    "Se perdió la conexión ({reason}). Reintento en {delay} (intento {attempt})…"),
    "status_kept": ("The host kept the match for later. Reconnecting in {delay} (attempt {attempt})…",
                    "El anfitrión guardó la partida. Reintento en {delay} (intento {attempt})…"),
    "status_closed": ("Table closed: its host must open it again. Reconnecting in {delay} (attempt "
                      "{attempt})…",
                      "Mesa cerrada: que su anfitrión la abra. Reintento en {delay} (intento {attempt})…"),
    "status_closed_once": ("Table closed: its host must open it again. Reconnecting…",
                           "Mesa cerrada: que su anfitrión la abra. Reconectando…"),
    "status_server_down": ("The server is not answering. Reconnecting in {delay} (attempt {attempt})…",
                           "El servidor no responde. Reintento en {delay} (intento {attempt})…"),
    "status_server_down_once": ("The server is not answering. Reconnecting…",
                                "El servidor no responde. Reconectando…"),
    "status_lost_once": ("Connection lost ({reason}). Reconnecting…",
                         "Se perdió la conexión ({reason}). Reconectando…"),
    "status_kept_once": ("The host kept the match for later. Reconnecting until it is opened again…",
                         "El anfitrión guardó la partida. Reconectando hasta que la vuelva a abrir…"),
    "status_unreachable_once": ("Cannot reach {address} ({reason}). Trying again…",
                                "No se llega a {address} ({reason}). Reintentando…"),
    "status_retrying": ("Reconnecting to {address} (attempt {attempt})…",
                        "Reconectando con {address} (intento {attempt})…"),
    "status_unreachable": ("Cannot reach {address} ({reason}). Trying again in {delay} (attempt {attempt})…",
                           "No se llega a {address} ({reason}). Reintento en {delay} (intento {attempt})…"),
    "reason_eof": ("closed", "cerrada"),
    "reason_broken": ("broken", "rota"),
    "reason_refused": ("refused", "rechazada"),
    "reason_timeout": ("timed out", "tiempo agotado"),
    "reason_shutdown": ("the server shut down", "el servidor se cerró"),
    "reason_unreachable": ("no answer", "sin respuesta"),
    "reason_unknown_host": ("no such host name", "ese nombre no existe"),
    "reason_server_closed": ("the host closed their program", "el anfitrión cerró su programa"),
    "reason_table_closed": ("the host closed the table", "el anfitrión cerró la mesa"),
    "reason_table_kept": ("the host kept the match for later", "el anfitrión guardó la partida"),
    "reason_not_uno": ("not a UNO server", "no es un servidor de UNO"),
    # --- a connection ended for good (client/header.py's failure_text)
    "status_not_uno": ("{address} is not a UNO server: another program answers on that port. Is the port"
                       " right? Press {k_quit} to quit.",
                       "{address} no es un servidor de UNO: en ese puerto responde otro programa."
                       " ¿Es correcto el puerto? Pulsa {k_quit} para salir."),
    "status_server_closed": ("The host closed their program, and every table on it ended. Press {k_quit} "
                             "to quit.",
                             "El anfitrión cerró su programa, y acabaron todas las mesas que tenía. Pulsa "
                             "{k_quit} para salir."),
    "status_table_closed": ("The host closed the table. Press {k_quit} to quit.",
                            "El anfitrión cerró la mesa. Pulsa {k_quit} para salir."),
    "status_gave_up": ("Gave up: nothing answers at {address} ({reason}). Is the table open and the "
                       "address right? Press {k_quit} to quit.",
                       "Dejo de intentarlo: nadie responde en {address} ({reason}). ¿Está abierta la mesa "
                       "y es correcta la dirección? Pulsa {k_quit} para salir."),
    "status_version": ("{address} runs another version of UNO ({detail}). Both sides need the same "
                       "version. Press {k_quit} to quit.",
                       "{address} usa otra versión de UNO ({detail}). Los dos lados necesitan la misma "
                       "versión. Pulsa {k_quit} para salir."),
    # --- moves over a slow or dropped link (client/table.py, client/sent.py), the board's turn
    "sent_again": ("The link dropped before your move arrived: it was sent again.",
                   "Se cortó la conexión antes de llegar tu jugada: se envió otra vez."),
    "move_held": ("The link is down: your move goes as soon as it is back (reconnecting…)",
                  "Sin conexión: tu jugada sale en cuanto vuelva (reconectando…)"),
    "move_held_already": ("The link is down: your move before this one waits for it; this one was not sent",
                          "Sin conexión: tu jugada anterior espera a que vuelva; esta no se envió"),
    "sent_when_back": ("The link is back: your move was sent.", "Volvió la conexión: se envió tu jugada."),
    "move_not_sent": ("The game went on while the link was down: your move was not sent.",
                      "La partida siguió mientras no había conexión: tu jugada no se envió."),
    "move_lost": ("The link dropped before your move reached the table, and the game went on without it.",
                  "Se cortó la conexión antes de que tu jugada llegara a la mesa, y la partida siguió sin "
                  "ella."),
    "move_on_its_way": ("Your move is on its way to the table (the link is slow)…",
                        "Tu jugada va de camino a la mesa (la conexión va lenta)…"),
    "rematch_on_its_way": ("Your answer to the rematch is on its way to the table (the link is slow)…",
                           "Tu respuesta a la revancha va de camino a la mesa (la conexión va lenta)…"),
    "chat_on_its_way": ("Your message is on its way to the table (the link is slow)…",
                        "Tu mensaje va de camino a la mesa (la conexión va lenta)…"),
    "move_in_flight": ("Your last move is still on its way (the link is slow): wait for the table",
                       "Tu última jugada aún va de camino (la conexión va lenta): espera a la mesa"),
    "move_too_late": ("Your move did not reach the table in time: the bot played your turn",
                      "Tu jugada no llegó a tiempo a la mesa: el bot jugó tu turno"),
    "turn_link_down": ("Turn: reconnecting…", "Turno: reconectando…"),
    # (short: the column beside the card is 22 wide at 60 columns; found play-testing, "Ya no
    # estás en la me…")
    "turn_gone": ("Not at the table", "Fuera de la mesa"),
    # --- connecting, and coming back (client/inbox.py's welcome)
    "connection_over": ("The connection is over: {k_quit} quits", "La conexión terminó: {k_quit} para salir"),
    "chat_not_sent": ("Not sent: the connection is down (say it again once it is back)",
                      "No se envió: no hay conexión (dilo otra vez cuando vuelva)"),
    "host_bad_seats": ("a table has {low} to {high} seats, with at least one left for you",
                       "una mesa tiene de {low} a {high} asientos, y al menos uno queda para ti"),
    "join_bad_address": ("{address!r} is not an address: HOST or HOST:PORT, e.g. 192.168.1.20:7777",
                         "{address!r} no es una dirección: HOST o HOST:PUERTO, p. ej. 192.168.1.20:7777"),
    "status_connecting": ("Connecting to {address}…", "Conectando con {address}…"),
    "status_connected": ("connected to {address}", "conectado a {address}"),
    "status_failed": ("Cannot connect to {address}: {reason}",
                      "No se puede conectar con {address}: {reason}"),
    "status_replaced": ("Your seat was taken over by another window. Press {k_quit} to quit.",
                        "Otra ventana ocupó tu asiento. Pulsa {k_quit} para salir."),
    "status_resumed": ("Welcome back: you are in your seat again.",
                       "Hola de nuevo: vuelves a tu asiento."),
    # (the host's role passed on while we were gone: found play-testing, Carla, the host, came
    # back and nothing said Dani hosted now; her s did nothing)
    "status_resumed_host": ("Welcome back: you are in your seat again. {name} is the host.",
                            "Hola de nuevo: vuelves a tu asiento. {name} lleva la mesa."),
    "status_resumed_as_host": ("Welcome back: you are in your seat again. You are the host.",
                               "Hola de nuevo: vuelves a tu asiento. Llevas la mesa."),
    "status_seat_lost": ("Your seat could not be kept; you are back in the lobby.",
                         "No se pudo guardar tu asiento; vuelves a la sala."),
    "status_seat_waits": ("Your seat waits in the kept match: back in it when the host opens it.",
                          "Tu asiento espera en la partida guardada: vuelves cuando el anfitrión la abra."),
    "status_seat_gone_watching": (
        "Your seat was given up while you were gone: you are watching the table; {k_take_seat} takes a seat.",
        "Tu asiento se liberó mientras no estabas: miras la mesa; {k_take_seat} para sentarte."),
    "status_watching_again": ("Back at the table you were watching.", "De vuelta en la mesa que mirabas."),
    "status_watch_lost": ("The server does not keep who watches a table: you are back in the lobby.",
                          "El servidor no guarda quién mira una mesa: vuelves a la sala."),
    "starting_server": ("Starting the table…", "Abriendo la mesa…"),
    "friends_join_with": ("Friends join with:", "Tus amigos entran con:"),
    "port_taken": ("Port {asked} is taken (another program, or another table): this table is on port "
                   "{port}",
                   "El puerto {asked} está ocupado (otro programa, u otra mesa): esta mesa está en el "
                   "{port}"),
    "server_listening": ("Friends join with: uno join {address}",
                         "Tus amigos entran con: uno join {address}"),
    "resume_offer": ("Kept from last time: “{name}”, {progress}. To go back to it: uno host --resume",
                     "Guardada de la última vez: «{name}», {progress}. Para volver a ella: uno host "
                     "--resume"),
    "resume_offer_key": ("Kept from last time: “{name}”, {progress}. {k_resume}: back to it (or later: uno "
                         "host --resume)",
                         "Guardada de la última vez: «{name}», {progress}. {k_resume}: volver a ella "
                         "(otro día: uno host --resume)"),
    "resume_offer_start": ("Kept from last time: “{name}”, {progress}. {k_resume}: back to it, or {k_start}: "
                           "deal this new match (or later: uno host --resume)",
                           "Guardada de la última vez: «{name}», {progress}. {k_resume}: volver a ella, o "
                           "{k_start}: reparte esta nueva (otro día: uno host --resume)"),
    "resume_others": ("At this table: {names}. {k_resume} again closes it for them and opens the kept match",
                      "En esta mesa: {names}. {k_resume} otra vez la cierra para ellos y abre la "
                      "guardada"),
    "kept_friend_waits": ("{names} waits for the kept match: {k_resume} takes everyone back to it, "
                          "{k_start} again deals a new one",
                          "{names} espera la partida guardada: {k_resume} vuelve a ella con todos, "
                          "{k_start} otra vez reparte una nueva"),
    "kept_friends_wait": ("{names} wait for the kept match: {k_resume} takes everyone back to it, "
                          "{k_start} again deals a new one",
                          "{names} esperan la partida guardada: {k_resume} vuelve a ella con todos, "
                          "{k_start} otra vez reparte una nueva"),
    "language_now": ("Now in English (F2: español)", "Ahora en español (F2: English)"),
    "match_ended_points": ("The match ended before anyone won it. Points: {points}.",
                           "La partida terminó antes de que nadie la ganara. Puntos: {points}."),
    "match_won_parting": ("{name} won the match. Points: {points}.",
                          "{name} ganó la partida. Puntos: {points}."),
    "match_won_parting_you": ("You won the match. Points: {points}.",
                              "Ganaste la partida. Puntos: {points}."),
    "match_kept_alone": ("The match is kept: {command} brings it back.",
                         "La partida queda guardada: {command} la reanuda."),
    "match_kept": ("The match is kept: {command} brings it back, and your friends with it.",
                   "La partida queda guardada: {command} la reanuda, con tus amigos."),
    # (a guest quit with a seat: found play-testing, Carla quit a waiting room, and her terminal
    # said nothing of the seat kept for her)
    "seat_waits_parting": ("Your seat at {table} waits for you: {command} takes you back to it.",
                           "Tu asiento en {table} te espera: {command} te devuelve a él."),
    "resume_failed": ("The kept match could not be opened again",
                      "No se pudo volver a abrir la partida guardada"),
    "resume_hand": ("hand {n}", "mano {n}"),
    "resume_waiting": ("not started", "sin empezar"),
    "resume_with": ("{progress}, with {names}", "{progress}, con {names}"),
    "resume_none": ("Nothing was kept from last time: here is a new table.",
                    "No había nada guardado de la última vez: aquí tienes una mesa nueva."),
}
