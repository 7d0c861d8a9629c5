"""The texts of a lost connection tried again (client/header.py's banner; ``_once``: plain mode's
line, said once) and the reasons a connection ended, as (English, Spanish). client/texts.py takes
them into its table."""

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
    "reason_table_closed": ("the host closed the table", "el anfitrión cerró la mesa"),
    "reason_table_kept": ("the host kept the match for later", "el anfitrión guardó la partida"),
    "reason_not_uno": ("not a UNO server", "no es un servidor de UNO"),
}
