"""The rule options and a table's settings in words (client/rulestext.py), key → (English,
Spanish); part of the one table of client/texts.py."""

RULE_TEXTS: dict[str, tuple[str, str]] = {
    # the lobby's rules column: a preset with options changed (its rules are below the list)
    "preset_changed": ("{preset}+", "{preset}+"),
    "plain_preset_changed": ("{preset} with changes", "{preset} con cambios"),
    "rule_single": ("single hand", "una sola mano"),
    "rule_target": ("to {n} points", "a {n} puntos"),
    "rule_target_one": ("to 1 point", "a 1 punto"),
    "rule_draw_until": ("draw until playable", "robar hasta poder jugar"),
    "rule_stack_two": ("stack +2", "acumular +2"),
    "rule_stack_four": ("stack +4", "acumular +4"),
    "rule_seven_zero": ("7-0 swaps", "7-0 cambia manos"),
    "rule_jump_in": ("jump-in", "cortar"),
    "rule_strict_four": ("strict +4", "+4 estricto"),
    "rule_right_first": ("dealer's right starts", "empieza quien está a la derecha del que reparte"),
    "rule_challenge_four": ("+4 with challenge", "+4 con desafío"),
    "rule_left_first": ("dealer's left starts", "empieza quien está a la izquierda del que reparte"),
    "rule_without": ("no {rule}", "sin {rule}"),
    "rule_no_seven_zero": ("no 7-0", "sin 7-0"),
    # (in words of cards: found play-testing, "no UNO: +2" read as 2 points)
    "rule_uno_penalty": ("missed UNO: draw {n}", "sin UNO: robas {n}"),
    "rule_no_uno_penalty": ("no UNO penalty", "sin castigo por UNO"),
    "rule_false_catch": ("false catch: draw {n}", "pillada en falso: robas {n}"),
    "rule_turn": ("turn {n} s", "turno de {n} s"),
    "rule_no_clock": ("no turn clock", "sin reloj de turno"),
    "rule_bots": ("{level} bots in the empty seats", "bots de nivel {level} en los asientos vacíos"),
    "rule_late_now": ("late arrivals sit at once", "quien llega tarde se sienta al momento"),
    "rule_late_next_hand": ("late arrivals sit at the next hand",
                            "quien llega tarde se sienta en la próxima mano"),
    "form_more_above": ("↑ {n} more", "↑ {n} más"),  # (the form's rows out of sight)
    "form_more_below": ("↓ {n} more", "↓ {n} más"),
    # the form's focused row, said under the form (found play-testing: a newcomer could not tell
    # what "Strict +4" or "Jump-in" would change); key "about_" + the form's field
    "about_preset": ("Official: the rules printed in the box. House: draw until you can play, strict +4, "
                     "stack +2, the dealer's right starts. Rules you saved are offered here too.",
                     "Oficial: las reglas impresas en la caja. De la casa: robar hasta poder jugar, +4 "
                     "estricto, acumular +2, empieza quien está a la derecha del que reparte. Aquí "
                     "salen también las reglas que guardaste."),
    "about_timeout": ("Time for each turn: when it runs out, a bot plays that turn for the player (a safe "
                      "move).",
                      "Tiempo de cada turno: si se acaba, un bot juega ese turno por el jugador (una jugada "
                      "segura)."),
    "about_timeout_none": ("No time limit: a turn waits for its player, however long.",
                           "Sin límite de tiempo: un turno espera a su jugador, lo que tarde."),
    "about_late_join": ("Someone who comes while a match is on: sits at once (in a free seat, or a "
                        "bot's), or waits for the next hand.",
                        "Quien llega con la partida empezada: se sienta al momento (en un asiento libre, "
                        "o en el de un bot), o espera a la próxima mano."),
    "about_target": ("The match ends when someone reaches these points: each hand's winner scores the "
                     "cards left in the other hands.",
                     "La partida acaba cuando alguien llega a estos puntos: quien gana una mano suma las "
                     "cartas que quedan en las otras manos."),
    "about_target_single": ("One hand alone: its winner wins the match.",
                            "Una sola mano: quien la gana gana la partida."),
    "about_strict": ("Yes: a Wild Draw Four goes only when you hold no card of the colour in play. No: "
                     "it goes anyway, as a bluff, and the next player may challenge it.",
                     "Sí: el +4 solo se juega sin cartas del color en juego. No: se puede jugar igual, "
                     "de farol, y el siguiente puede desafiarlo."),
    "about_draw_until": ("Yes: with nothing to play you draw until a card can go (and may draw on), "
                         "and the turn ends with a card played. No: you draw one card, and may play it.",
                         "Sí: sin nada que jugar robas hasta que una carta valga (y puedes seguir), y el "
                         "turno acaba jugando una carta. No: robas una carta, y puedes jugarla."),
    "about_stack": ("Yes: facing a Draw Two you may play a Draw Two on it, and the next player draws "
                    "the total.",
                    "Sí: ante un +2 puedes echar otro +2, y el siguiente roba la suma."),
    "about_stack_four": ("Yes: a Wild Draw Four may answer any card to draw, and a Draw Two of the "
                         "colour in play may answer a Wild Draw Four.",
                         "Sí: un +4 puede responder a cualquier robo, y un +2 del color en juego puede "
                         "responder a un +4."),
    "about_seven_zero": ("Yes: a 7 swaps your hand with a player you choose; a 0 passes every hand on "
                         "to the next player.",
                         "Sí: un 7 cambia tu mano por la de quien elijas; un 0 pasa todas las manos al "
                         "siguiente."),
    "about_jump_in": ("Yes: anyone holding a card identical to the top card (colour and number) may "
                      "play it at once, out of turn.",
                      "Sí: quien tenga una carta idéntica a la de arriba (color y número) puede echarla "
                      "al momento, sin esperar su turno."),
    "about_left_first": ("Who plays first. Left of the dealer: play goes clockwise. Right: "
                         "counter-clockwise.",
                         "Quién juega primero. A la izquierda del que reparte: se juega en sentido "
                         "horario. A la derecha: antihorario."),
    "about_uno_penalty": ("Cards drawn by a player caught with one card who did not say UNO.",
                          "Cartas que roba quien es pillado con una carta sin haber dicho UNO."),
    # (found play-testing: the option read as something c could do; c calls out only one open to
    # a catch, so that a c pressed as a card lands accuses nobody: a false catch is a program's)
    "about_false_catch": ("Cards drawn by a player who calls out one who had said UNO (0: such a catch "
                          "is refused). The c key never does: it calls out only one open to a catch.",
                          "Cartas que roba quien acusa a alguien que sí había dicho UNO (0: no se "
                          "admite). La tecla c nunca lo hace: solo pilla a quien se puede pillar."),
    "about_save_as": ("A name to keep these rules under, to choose them again here or with uno host "
                      "--rules NAME.",
                      "Un nombre para guardar estas reglas y elegirlas otra vez aquí o con uno host "
                      "--rules NOMBRE."),
}
