"""The texts of replays (`uno replay` and the end-of-hand key), key → (English, Spanish); part of
the one table of client/texts.py."""

REPLAY_TEXTS: dict[str, tuple[str, str]] = {
    "replay_title": ("Replay", "Repetición"),
    "replay_step": ("move {i} of {n}", "jugada {i} de {n}"),
    "replay_playing": ("playing ×{speed}", "reproduciendo ×{speed}"),
    "replay_paused": ("paused", "en pausa"),
    "replay_pov": ("{name}'s cards", "cartas de {name}"),
    "replay_open": ("every hand open", "todas las manos a la vista"),
    "replay_hand_of": ("{name} ({n})", "{name} ({n})"),
    "replay_help": ("←/→ step  space play/pause  +/- speed  Tab seat  o all hands  Home/End  q back",
                    "←/→ paso  espacio pausa  +/- ritmo  Tab asiento  o todas  Inicio/Fin  q volver"),
    "replay_columns": ("ID|Ended|Table|Players|Winner|Points", "ID|Terminó|Mesa|Jugadores|Ganador|Puntos"),
    "replay_none": ("No finished hands in {dir}: they are kept where the table was hosted, by uno host "
                    "(a uno server's: uno replay --state-dir DIR, on its machine).",
                    "No hay manos terminadas en {dir}: se guardan donde se abrió la mesa, con uno host "
                    "(las de un uno server: uno replay --state-dir DIR, en su máquina)."),
    "replay_how": ("`{cmd} ID` plays one back; `{cmd} --export ID FILE` saves it.",
                   "`{cmd} ID` la repite; `{cmd} --export ID ARCHIVO` la guarda."),
    "replay_no_such": ("No kept hand {id} (`uno replay` lists them).",
                       "No hay ninguna mano {id} guardada (`uno replay` las lista)."),
    # (the list's ID, not the hand's number: found play-testing, "Hand 4 written" of a hand 1)
    "replay_exported": ("Replay {id} written to {file}.", "Repetición {id} guardada en {file}."),
    "replay_refused": ("{file} cannot be opened as a replay: {why}",
                       "{file} no se puede abrir como repetición: {why}"),
    "replay_no_store": ("No hands are kept in {dir}.", "No hay manos guardadas en {dir}."),
    "replay_needs_terminal": ("uno replay plays back in a terminal.", "uno replay se ve en un terminal."),
    "replay_end": ("The end of the hand: ← steps back, Home starts again, q goes back.",
                   "Fin de la mano: ← retrocede, Inicio vuelve a empezar, q vuelve."),
    "replay_closed_your_turn": ("Your turn: the replay was closed.",
                                "Te toca: se cerró la repetición."),
    "replay_asked": ("Fetching the replay of hand {n}…", "Pidiendo la repetición de la mano {n}…"),
    "replay_after_your_turn": ("Your turn first: the replay after it",
                               "Primero tu turno: la repetición, después"),
    "replay_none_yet": ("No hand of this match has ended yet: nothing to replay",
                        "Aún no terminó ninguna mano de esta partida: nada que repetir"),
    "err_no_replay": ("This server keeps no replay of that hand.",
                      "Este servidor no guarda la repetición de esa mano."),
    "err_replay_too_large": ("That hand's replay is too large to send.",
                             "La repetición de esa mano es demasiado grande para enviarla."),
    "replay_the_server": ("The server's replay", "La repetición del servidor"),
}
