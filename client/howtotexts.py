"""The help's pages on how to play (client/howto.py), key → (English, Spanish); part of the one
table of client/texts.py. Each is a paragraph, said of the table's own rules."""

HOWTO_TEXTS: dict[str, tuple[str, str]] = {
    "howto_title": ("How to play at this table", "Cómo se juega en esta mesa"),
    "howto_title_lobby": ("How to play (official rules; a table's own are told at it)",
                          "Cómo se juega (reglas oficiales; las de cada mesa se ven en ella)"),
    "howto_aim": ("Aim: be the first to play every card in your hand. The hand's winner scores the "
                  "cards left in the other hands, and the first to reach {n} points wins the match.",
                  "Objetivo: ser el primero en jugar todas las cartas de tu mano. Quien gana la mano "
                  "se apunta las cartas que quedan en las otras, y el primero que llega a {n} puntos "
                  "gana la partida."),
    "howto_aim_single": ("Aim: be the first to play every card in your hand: one hand, and its "
                         "winner wins.",
                         "Objetivo: ser el primero en jugar todas las cartas de tu mano: una sola "
                         "mano, y quien la gana, gana."),
    "howto_turn": ("Your turn: play a card of the top card's colour, or of its number or symbol, or "
                   "a wild.",
                   "Tu turno: juega una carta del color de la de arriba, o de su número o símbolo, "
                   "o un comodín."),
    "howto_draw_one": ("Or draw a card ({k_draw}), even when you could play: if it goes, you may "
                       "play it at once; if not, your turn ends ({k_pass} passes).",
                       "O roba una carta ({k_draw}), aunque pudieras jugar: si vale, puedes jugarla "
                       "en el acto; si no, se acaba tu turno ({k_pass} pasa)."),
    # (the drawing may go on: found play-testing, "no se roba teniendo una carta que vale", and
    # then d drew on past the card that went, as the rule allows)
    "howto_draw_until": ("Holding a card that goes, you play; with none, you draw ({k_draw}) until "
                         "one goes, and may draw on ({k_draw} again), but the turn ends with a card "
                         "played.",
                         "Con una carta que vale, juegas; sin ninguna, robas ({k_draw}) hasta que una "
                         "valga, y puedes seguir robando ({k_draw} otra vez), pero el turno acaba "
                         "jugando una carta."),
    # (the seats' counts too: found play-testing, "[ 7]" beside each name had no label; two
    # digits in the example, which wrapping cannot part)
    "howto_cards": ("Your hand shows each card as its colour's letter and its value: {red} red, "
                    "{yellow} yellow, {green} green, {blue} blue; {example} is a red 7. Beside each "
                    "player's name, [12] is how many cards they hold.",
                    "Tu mano muestra cada carta con la letra de su color y su valor: {red} rojo, "
                    "{yellow} amarillo, {green} verde, {blue} azul; {example} es un 7 rojo. Junto al "
                    "nombre de cada jugador, [12] son las cartas que tiene."),
    "howto_counts": ("Each player's line says how many cards they hold; yours are said by name and "
                     "number.",
                     "La línea de cada jugador dice cuántas cartas tiene; las tuyas se dicen por su "
                     "nombre y número."),
    "howto_actions": ("S Skip: the next player loses the turn. R Reverse: play turns back (with two "
                      "players, it is a Skip). +2 Draw Two: the next player draws 2 and loses the "
                      "turn.",
                      "S Salta turno: el siguiente pierde el turno. R Cambio de sentido: el juego da "
                      "la vuelta (con dos jugadores, salta turno). +2 Roba dos: el siguiente roba 2 "
                      "y pierde el turno."),
    # (plain mode says cards by name: no codes in front of them, found re-checking)
    "howto_actions_plain": ("Skip: the next player loses the turn. Reverse: play turns back (with two "
                            "players, it is a Skip). Draw Two: the next player draws 2 and loses the "
                            "turn.",
                            "Salta turno: el siguiente pierde el turno. Cambio de sentido: el juego da "
                            "la vuelta (con dos jugadores, salta turno). Roba dos: el siguiente roba 2 "
                            "y pierde el turno."),
    "howto_wilds_plain": ("Wild: you name the colour play goes on in. Wild Draw Four: you name the "
                          "colour, and the next player draws 4 and loses the turn.",
                          "Comodín: eliges el color en que se sigue. Comodín +4: eliges el color, y el "
                          "siguiente roba 4 y pierde el turno."),
    "howto_wilds": ("{wild} Wild: you name the colour play goes on in. {four} Wild Draw Four: you name "
                    "the colour, and the next player draws 4 and loses the turn.",
                    "{wild} Comodín: eliges el color en que se sigue. {four} Comodín +4: eliges el "
                    "color, y el siguiente roba 4 y pierde el turno."),
    "howto_challenge": ("A Wild Draw Four should be played only by one holding no card of the colour "
                        "in play; played anyway, it is a bluff, and the next player may challenge it. "
                        "A bluff found: its player draws the 4. Honest: the challenger draws 6.",
                        "Un +4 solo debería jugarlo quien no tiene cartas del color en juego, pero "
                        "puede ser un farol: el siguiente puede desafiarlo. Si era farol, roba los 4 "
                        "quien lo jugó; si no, quien desafió roba 6."),
    "howto_strict": ("A Wild Draw Four is refused while you hold a card of the colour in play.",
                     "No se puede jugar un +4 teniendo cartas del color en juego."),
    "howto_stack": ("Stacking: facing a Draw Two you may play a Draw Two on it; the count adds up, "
                    "and the first who does not answer draws it all.",
                    "Acumular: ante un +2 puedes echar otro +2; la cuenta se suma, y el primero que "
                    "no responde la roba entera."),
    "howto_stack_four": ("A Wild Draw Four may answer any card to draw, and a Draw Two of the colour "
                         "in play may answer a Wild Draw Four.",
                         "Un +4 puede responder a cualquier robo, y un +2 del color en juego puede "
                         "responder a un +4."),
    "howto_seven_zero": ("7-0: a 7 swaps your hand with a player you choose; a 0 passes every hand on "
                         "to the next player.",
                         "7-0: un 7 cambia tu mano por la de quien elijas; un 0 pasa todas las manos "
                         "al siguiente."),
    "howto_jump_in": ("Jump-in: holding a card identical to the top card (colour and number), you may "
                      "play it at once, out of turn; play goes on from you.",
                      "Cortar: si tienes una carta idéntica a la de arriba (color y número), puedes "
                      "echarla al momento, sin esperar tu turno; el juego sigue desde ti."),
    "howto_uno": ("UNO: say it ({k_uno}) as you play your next-to-last card. Left with one card "
                  "without it, anyone may catch you ({k_catch}) before the next move: you draw {n}.",
                  "UNO: dilo ({k_uno}) al jugar tu penúltima carta. Si te quedas con una sin "
                  "decirlo, cualquiera puede pillarte ({k_catch}) antes de la siguiente jugada: "
                  "robas {n}."),
    "howto_uno_free": ("UNO: say it ({k_uno}) as you play your next-to-last card; at this table "
                       "forgetting it costs nothing.",
                       "UNO: dilo ({k_uno}) al jugar tu penúltima carta; en esta mesa olvidarlo no "
                       "cuesta nada."),
    "howto_false_catch": ("Catching one who is not open to it costs the catcher {n} (c catches only "
                          "one who is).",
                          "Pillar a quien no se puede pillar le cuesta {n} a quien pilla (c solo pilla "
                          "a quien se puede)."),
    "howto_points": ("Points: a number card counts its number; Skip, Reverse and Draw Two 20; the "
                     "wilds 50.",
                     "Puntos: una carta de número vale su número; Salta turno, Cambio de sentido y "
                     "Roba dos, 20; los comodines, 50."),
    "howto_learn": ("Stuck? Press {k_hint} for what the best bot would play, {k_why} for why a card "
                    "cannot go.",
                    "¿Dudas? Pulsa {k_hint} para ver lo que jugaría el mejor bot, y {k_why} para saber "
                    "por qué una carta no vale."),
    "howto_learn_plain": ("Stuck? Type hint: what the best bot would play. Type why and a card's "
                          "number: why that card cannot go, or what it does.",
                          "¿Dudas? Escribe pista: lo que jugaría el mejor bot. Escribe explica y el "
                          "número de una carta: por qué no vale, o qué hace."),
}
