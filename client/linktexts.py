"""The texts of a lost connection tried again (client/header.py's banner; ``_once``: plain mode's
line, said once), the reasons a connection ended, a connection ended for good, and moves over a
slow or dropped link, as (English, Spanish). client/texts.py takes them into its table."""

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
    "offline": ("The link to the table is down: nothing was sent (reconnecting…)",
                "Sin conexión con la mesa: no se envió nada (reconectando…)"),
    "offline_gone": ("You are not connected to the table any more: nothing was sent",
                     "Ya no estás conectado a la mesa: no se envió nada"),
    "move_in_flight": ("Your last move is still on its way (the link is slow): wait for the table",
                       "Tu última jugada aún va de camino (la conexión va lenta): espera a la mesa"),
    "move_too_late": ("Your move did not reach the table in time: the bot played your turn",
                      "Tu jugada no llegó a tiempo a la mesa: el bot jugó tu turno"),
    "turn_link_down": ("Turn: reconnecting…", "Turno: reconectando…"),
    # (short: the column beside the card is 22 wide at 60 columns; found play-testing, "Ya no
    # estás en la me…")
    "turn_gone": ("Not at the table", "Fuera de la mesa"),
}
