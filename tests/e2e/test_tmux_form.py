"""End to end, in tmux: Sofía, who reads only Spanish, opens a table on a headless ``uno server``
from the lobby's form (no flags): the house preset with the +4 challenge back, 7-0, jump-in and
a match to 100 points. The waiting room names those options in Spanish; Bob, in English, sees
them in English in his lobby and sits down; the match starts with the header naming them; and
Sofía's quit and leave questions take Spanish keys and say what happens to the table."""

from __future__ import annotations

from pathlib import Path

import tmuxplay as play
from kit.server import free_port
from tmuxkit import Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("form", width=80, height=24)


def join(port: int, lang: str) -> list[str]:
    return play.join(f"127.0.0.1:{port}", "--no-bell", lang=lang)


def field(screen: str, label: str) -> str:
    """The value shown for one field of the form."""
    line = next(line for line in screen.splitlines() if label in line)
    return line.split(label, 1)[1].strip(" ◀▶")


def test_tmux_a_spanish_host_sets_house_options_in_the_form_and_an_english_friend_reads_them(
        tmux: Tmux, tmp_path: Path) -> None:
    port = free_port()
    play.start_server(tmux, "server", port, play.person(tmp_path / "server", "server"))
    sofia = tmux.start(join(port, "es"), play.person(tmp_path / "sofia", "Sofía"), window="sofia")
    tmux.wait_for(sofia, "Pulsa n para abrir una", timeout=20, what="the empty lobby")
    tmux.send(sofia, "n")
    tmux.wait_for(sofia, "Una mesa nueva", timeout=5, what="the form")

    play.keys(tmux, sofia, "Down", "Right")  # Reglas: de la casa
    play.keys(tmux, sofia, "Down", "Left")  # Asientos: 3
    play.keys(tmux, sofia, "Down", "Left", "Left", "Left")  # Bots: 0
    play.keys(tmux, sofia, "Down", "Down", "Left", "Left")  # Tiempo por turno: none
    play.keys(tmux, sofia, "Down", "Down", "Down", "Left", "Left", "Left", "Left")  # Partida a 100
    play.keys(tmux, sofia, "Down", " ")  # +4 estricto: no (the challenge is back)
    play.keys(tmux, sofia, "Down", "Down", "Down", "Down", " ", "Down", " ")  # 7-0 and jump-in
    form = tmux.wait_for(sofia, lambda s: "Cortar (fuera de turno)    ◀ sí ▶" in s, timeout=5,
                         what="the options set")
    # under the rows, what the focused one means (found play-testing: nothing said it)
    assert "Sí: quien tenga una carta idéntica a la de arriba" in form
    assert field(form, "+4 estricto (sin farol)") == "no"
    assert field(form, "Acumular Roba dos") == "sí"  # the preset's
    assert field(form, "7-0 (cambiar manos)") == "sí"
    play.keys(tmux, sofia, *["Up"] * 13)  # (the form's top, the rows below out of sight)
    form = tmux.wait_for(sofia, "› Reglas", timeout=5, what="the form's top")
    assert "Oficial: las reglas impresas en la caja" in form
    assert field(form, "Reglas") == "de la casa+" and field(form, "Asientos") == "3"  # (changed: marked)
    assert field(form, "Bots") == "0" and field(form, "Partida a") == "100 puntos"
    assert "Si llega tarde, se sienta" in form and "…" not in form  # no label cut

    tmux.send(sofia, "Enter")
    waiting = tmux.wait_for(sofia, "esperando el inicio", timeout=10, what="the waiting room")
    rules = " ".join(line.strip() for line in waiting.splitlines()
                     if line.strip() and not line.startswith(" s empieza"))
    for words in ("de la casa+ — a 100 puntos", "acumular +2", "7-0 cambia manos", "cortar",
                  "sin reloj de turno"):
        assert words in rules, (words, waiting)
    assert "+4 estricto" not in rules

    bob = tmux.start(join(port, "en"), play.person(tmp_path / "bob", "Bob"), window="bob")
    lobby = tmux.wait_for(bob, "Mesa de Sofía:", timeout=20, what="Bob's lobby")
    options = " ".join(line.strip() for line in lobby.splitlines())
    for words in ("house+, to 100 points", "stack +2", "7-0 swaps", "jump-in", "no turn clock"):
        assert words in options, (words, lobby)
    assert "strict +4" not in options
    tmux.send(bob, "Enter")
    tmux.wait_for(sofia, "Bob se sentó", timeout=10, what="Bob seated, in Sofía's words")

    tmux.send(sofia, "s")  # a bot takes the third seat
    table = tmux.wait_for(sofia, "Tu mano", timeout=15, what="the deal")
    # what she changed, as many options as fit whole (54c0cb4: none cut in the middle)
    assert "de la casa+, a 100 puntos, …" in table.splitlines()[0]

    tmux.send(sofia, "q")
    # (during a match her seat waits for her: the question says so, unlike the leave question's)
    question = "¿Salir? s sale (tu asiento te espera: uno join otra vez); si no, te quedas."
    asked = tmux.wait_for(sofia, question, timeout=5, what="the quit question")
    assert "s sí   otra tecla: no" in asked.splitlines()[-1]
    tmux.send(sofia, "n")  # any other key stays
    tmux.wait_for(sofia, lambda s: "¿Salir?" not in s and "Tu mano" in s, timeout=5, what="still here")
    tmux.send(sofia, "x")
    asked = tmux.wait_for(sofia, "¿Dejar la mesa? s la deja", timeout=5, what="the leave question")
    assert "Al dejarla, un bot juega tu asiento. Bob llevará la mesa." in asked
    tmux.send(sofia, "s")
    lobby = tmux.wait_for(sofia, "Sala —", timeout=10, what="Sofía back in the lobby")
    row = next(line for line in lobby.splitlines() if line.startswith("› Mesa de Sofía"))
    # (marked: the house rules with options changed, 7-0 among them)
    assert "Bob" in row and "de la casa+ jugando" in row, row
    told = tmux.wait_for(bob, "You are the host now", timeout=10, what="Bob told, in English")
    assert "Sofía left: a bot plays the seat" in told and "Sofía (bot)" in told
