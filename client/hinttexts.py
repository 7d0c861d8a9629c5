"""The texts of the hint key (the hint and the moves it names), key → (English, Spanish); part
of the one table of client/texts.py."""

HINT_TEXTS: dict[str, tuple[str, str]] = {
    "hint_thinking": ("Hint: thinking…", "Pista: pensando…"),
    "hint_none": ("Hint: nothing to do now", "Pista: nada que hacer ahora"),
    "hint_not_your_turn": ("Hint: nothing to do until your turn", "Pista: nada que hacer hasta tu turno"),
    "hint_only": ("Hint: {action} — the only move", "Pista: {action} — la única jugada"),
    # (a challenge that would lose for sure: found play-testing, "the only move" under "y challenge")
    "hint_sure": ("Hint: {action} — a challenge would lose: {name} is known to have no {color} "
                  "(it costs {lost} cards, accepting {n})",
                  "Pista: {action} — desafiar perdería: se sabe que {name} no tiene {color} "
                  "(cuesta {lost} cartas; aceptar, {n})"),
    "hint_no_draw_on": ("Hint: {action} — drawing on would only add cards to your hand",
                        "Pista: {action} — seguir robando solo te sumaría cartas"),
    "hint_last": ("Hint: {action} — your last card: it wins the hand",
                  "Pista: {action} — tu última carta: ganas la mano"),
    # (off turn, the search would not jump in: "nothing to do now" read as if no jump-in were
    # possible, found play-testing)
    "hint_no_jump_in": ("Hint: better not jump in now", "Pista: mejor no cortar ahora"),
    "hint_level": ("Hint: {action} — what the {level} bot plays",
                   "Pista: {action} — lo que juega el bot {level}"),
    # (a catch or UNO, where no search is needed: "catch Tom — what the expert bot plays" named
    # neither the key, which a narrow key bar leaves out, nor why: found play-testing)
    "hint_catch": ("Hint: catch {name} ({k_catch}) — one card left and no UNO said: caught, they draw {n}",
                   "Pista: pilla a {name} ({k_catch}) — le queda una carta y no dijo UNO: pillado, roba {n}"),
    "hint_uno": ("Hint: say UNO ({k_uno}) — you have one card left: say it before someone catches you",
                 "Pista: di UNO ({k_uno}) — te queda una carta: dilo antes de que te pillen"),
    "hint_search": ("Hint: {action} — wins {rate}% of {n} simulated hands",
                    "Pista: {action} — gana el {rate}% de {n} manos simuladas"),
    "hint_search_next": ("Hint: {action} — wins {rate}% of {n} simulated hands; next best: {other}, "
                         "{other_rate}%",
                         "Pista: {action} — gana el {rate}% de {n} manos simuladas; la siguiente "
                         "mejor: {other}, {other_rate}%"),
    # (the runner-up lost every deal: found play-testing, "next best: play Red 4, 0%" read as a bug;
    # then "…, which lost every one" read as "the challenge fails every time")
    "hint_search_next_lost": ("Hint: {action} — wins {rate}% of {n} simulated hands; next best: {other}, "
                              "which won none of them",
                              "Pista: {action} — gana el {rate}% de {n} manos simuladas; la "
                              "siguiente mejor: {other}, que no ganó ninguna"),
    # The runner-up scored as well or better, by less than the search trusts (noise): the hint
    # is the rule-based level's move, which the search keeps unless another is surely better.
    # Said so, rather than a recommendation with the lower figure (found play-testing).
    # ("the usual play; … did better … but too few to be sure" read as jargon, and as if the
    # hint contradicted itself; "too close to tell apart" left the player asking why the lower
    # figure was advised: found play-testing)
    # (and "; “draw”, 39%: too close to call: either will do", quoted with two colons, read awkwardly;
    # and "{action} — wins 25% …; {other} wins 26%, too close to call" still read as the lower
    # figure advised: found play-testing. The two moves are named as one choice.)
    # (a comma before the second: "play Wild naming yellow or draw" read as one choice of
    # colour or draw, found play-testing)
    "hint_search_close": ("Hint: {action}, or {other} — {rate}% and {other_rate}% of {n} simulated hands "
                          "won, too close to call: either will do",
                          "Pista: {action}, o {other} — ganan el {rate}% y el {other_rate}% de {n} "
                          "manos simuladas: tan igualadas que cualquiera vale"),
    # (the same, when the two figures round alike: "did better … (8% against 8%)" said nothing;
    # and "wins 25% …, as does “draw”" read as a contradiction, found play-testing)
    # (the hand all but lost: found play-testing, "both win 0%" read as a broken hint)
    "hint_search_even_lost": ("Hint: {action}, or {other} — neither won any of {n} simulated hands: the hand "
                              "looks lost, either will do",
                              "Pista: {action}, o {other} — ninguna ganó ninguna de {n} manos simuladas: "
                              "la mano pinta perdida, cualquiera vale"),
    "hint_search_lost": ("Hint: {action} — it won none of {n} simulated hands, but nothing did better",
                         "Pista: {action} — no ganó ninguna de {n} manos simuladas, pero nada fue mejor"),
    "hint_search_even": ("Hint: {action}, or {other} — both win {rate}% of {n} simulated hands: either "
                         "will do",
                         "Pista: {action}, o {other} — las dos ganan el {rate}% de {n} manos simuladas: "
                         "cualquiera vale"),
    # A few words on why (engine/bots/hintnotes.py), after the figures
    "hint_why": ("Why: {notes}.", "Por qué: {notes}."),
    "hint_note_stops": ("it stops {name}, who has {n} cards left",
                        "frena a {name}, a quien le quedan {n} cartas"),
    "hint_note_stops_one": ("it stops {name}, who has one card left",
                            "frena a {name}, a quien le queda una carta"),
    "hint_note_lacks": ("{names} seems to have no {color}", "{names} parece no tener {color}"),
    "hint_note_lacks_many": ("{names} seem to have no {color}", "{names} parecen no tener {color}"),
    # (the seat the move gives the turn to, about to go out: found play-testing, a Reverse to a
    # seat on UNO "because" another seemed to have no green)
    # ("next" read as the seats' row's next, not the one after the move: found play-testing)
    "hint_note_lacks_next": ("{name}, who plays after it with {n} cards, seems to have no {color}",
                             "{name}, que juega después con {n} cartas, parece no tener {color}"),
    "hint_note_lacks_next_one": ("{name}, who plays after it with one card, seems to have no {color}",
                                 "{name}, que juega después con una carta, parece no tener {color}"),
    # (the colour named: "of that colour" after two choices read as the other's, found play-testing)
    # (the cards left after the play: found play-testing, "you hold 2" of a hand showing three)
    "hint_note_holds": ("you keep {n} {color} cards", "te quedan {n} cartas de color {color}"),
    "hint_note_bluff": ("a bluff: you hold {color}, and challenged you draw 4",
                        "es un farol: tienes {color}, y si te desafían robas 4"),
    "hint_note_swap": ("you take {name}'s {n} cards", "te quedas las {n} cartas de {name}"),
    "hint_note_swap_one": ("you take {name}'s one card", "te quedas la única carta de {name}"),
    # (a 0 under 7-0: found play-testing, "you keep 2 yellow cards" of a 0 that passed them on)
    "hint_note_rotate": ("every hand moves one seat along: you take {name}'s {n} cards",
                         "cada mano pasa un asiento: te quedas las {n} cartas de {name}"),
    "hint_note_rotate_one": ("every hand moves one seat along: you take {name}'s one card",
                             "cada mano pasa un asiento: te quedas la única carta de {name}"),
    # (drawing where a card could go: found play-testing, "draw", and no word of why not the Reverse)
    "hint_note_gives": ("playing {card} would give the turn to {name}, who has {n} cards",
                        "jugar {card} le daría el turno a {name}, a quien le quedan {n} cartas"),
    "hint_note_gives_one": ("playing {card} would give the turn to {name}, who has one card left",
                            "jugar {card} le daría el turno a {name}, a quien le queda una carta"),
    # (facing a Wild Draw Four: found play-testing, the challenge's hint said no why)
    "hint_note_bluffed": ("{name} was caught bluffing this hand",
                          "a {name} ya lo pillaron faroleando en esta mano"),
    # (no double negative: found play-testing, "pocas manos así no tienen azul" read backwards)
    "hint_note_kept": ("{name} still holds {n} cards: most hands that big hold some {color}",
                       "{name} aún tiene {n} cartas: casi todas las manos así tienen {color}"),
    "hint_note_costs": ("a lost challenge costs {lost} cards, accepting {n}",
                        "un desafío perdido cuesta {lost} cartas; aceptar, {n}"),
    "do_play": ("play {card}", "juega {card}"),
    "do_play_color": ("play {card} naming {color}", "juega {card} y elige {color}"),
    "do_play_target": ("play {card} and swap with {name}", "juega {card} y cambia con {name}"),
    "do_swap": ("swap with {name}", "cambia con {name}"),
    # ("cortar", as the log and the rules say it: found play-testing, "métete" beside "cortó")
    "do_jump_in": ("jump in with {card}", "corta con {card}"),
    "do_jump_in_target": ("jump in with {card} and swap with {name}", "corta con {card} y cambia con {name}"),
    "do_draw": ("draw", "roba"),
    "do_draw_n": ("draw {n}", "roba {n}"),
    # (with its key: found play-testing, Enter, which plays it, was pressed after "keep Wild")
    "do_keep": ("keep {card} ({k_pass})", "quédate con el {card} ({k_pass})"),
    "do_keep_drawing": ("keep drawing", "sigue robando"),
    "do_pass": ("pass", "pasa"),
    "do_bluff": ("{action} (a bluff)", "{action} (un farol)"),
    "do_choose_color": ("name {color}", "elige {color}"),
    "do_challenge": ("challenge the +4", "desafía el +4"),
    "do_accept": ("accept the +4", "acepta el +4"),
    "do_call_uno": ("say UNO", "di UNO"),
    "do_catch": ("catch {name}", "pilla a {name}"),
    # (how: found play-testing, a learner read "saying UNO" and did not know the key)
    "do_uno": ("{action}, saying UNO ({k_uno} first)", "{action}, diciendo UNO ({k_uno} antes)"),
}
