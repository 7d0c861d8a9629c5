"""The texts of the statistics (``uno stats``: client/statscmd.py; the lobby's line per player),
as (English, Spanish). client/texts.py takes them into its table."""

STATS_TEXTS: dict[str, tuple[str, str]] = {
    "stats_rules": ("Rules: {rules} (--rules {option})", "Reglas: {rules} (--rules {option})"),
    # (found play-testing: "play a hand first" told a guest who had played seven; the hosting
    # program keeps them)
    "stats_none": ("No statistics in {path}: they are kept where the table was hosted, by uno host "
                   "(a uno server's: uno stats --state-dir DIR, on its machine).",
                   "No hay estadísticas en {path}: se guardan donde se abrió la mesa, con uno host "
                   "(las de un uno server: uno stats --state-dir DIR, en su máquina)."),
    "state_dir_missing": ("There is no folder {path}.", "No existe la carpeta {path}."),
    "stats_none_here": ("No statistics in {path}.", "No hay estadísticas en {path}."),
    "stats_no_rules": ("No statistics under the rules {rules!r}. Kept: {kept}.",
                       "No hay estadísticas con las reglas {rules!r}. Guardadas: {kept}."),
    "stats_unreadable": ("Cannot read the statistics: {error}",
                         "No se pueden leer las estadísticas: {error}"),
    "stats_bot": ("bot ({level})", "bot ({level})"),
    "stats_col_player": ("Player", "Jugador"),
    "stats_col_matches": ("Matches", "Partidas"),
    "stats_col_hands": ("Hands", "Manos"),
    "stats_col_points": ("Points", "Puntos"),
    # (a heading of two lines where one would make the table wider than 80 columns)
    "stats_col_length": ("Turns\na hand", "Turnos\npor mano"),
    "stats_col_uno": ("UNO\nmissed", "UNO\nolvidados"),
    "stats_col_catches": ("Catches", "Pilladas"),
    "stats_col_challenges": ("Challenges", "Desafíos"),
    "stats_won_of": ("{won}/{played}", "{won}/{played}"),
    # (what a bot's row and the points count: found play-testing, "bot (normal) 2/5" read as five
    # matches, where two were played, and "Points 0" of one who ended a match with 84)
    "stats_note": ("Matches, hands and challenges: won/played (challenges: as challenger); a bot's row "
                   "adds up every bot seat of its level. Points: scored by winning hands. Turns a "
                   "hand: the average hand length in turns.",
                   "Partidas, manos y desafíos: ganados/jugados (desafíos: como desafiante); la fila de "
                   "un bot suma todos los asientos de bot de su nivel. Puntos: los que se ganan al "
                   "ganar manos. Turnos por mano: la duración media de una mano en turnos."),
    "stats_line": ("won {won} of {played} hands", "ganó {won} de {played} manos"),
    "stats_line_one": ("won {won} of 1 hand", "ganó {won} de 1 mano"),
    "stats_line_you": ("won {won} of {played} hands", "ganaste {won} de {played} manos"),
    "stats_line_one_you": ("won {won} of 1 hand", "ganaste {won} de 1 mano"),
    "lobby_seated": ("At the table: {people}", "En la mesa: {people}"),
    "lobby_more": ("…and {n} more tables the server did not list",
                   "…y {n} mesas más que el servidor no listó"),
}
