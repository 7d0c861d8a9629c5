"""End to end, as people use replays: a host plays a hand against bots in tmux, presses v at its
end and steps through the replay, comes back to the table; `uno replay` lists the hand, plays it,
exports it; a second person (other folders, another language) opens the file; a damaged file is
refused. In English and in Spanish (there the host's turns are played by the stand-in)."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import tmuxplay as play
from tmuxkit import PYTHON, ROOT, Player, Tmux, my_turn

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None and not Path("/usr/bin/tmux").exists(),
                                reason="tmux is not installed")

SEED = 9


@pytest.fixture
def tmux() -> Iterator[Tmux]:
    session = Tmux("replay", width=100, height=30)
    try:
        yield session
    finally:
        session.kill()


def folders(base: Path) -> dict[str, str]:
    """A person's own XDG folders under ``base`` (the host's hands are kept in its data folder)."""
    env = {name: str(base / name.lower()) for name in ("XDG_STATE_HOME", "XDG_DATA_HOME",
                                                        "XDG_CONFIG_HOME")}
    for folder in env.values():
        Path(folder).mkdir(parents=True, exist_ok=True)
    return {**env, "TERM": "xterm-256color", "LANG": "C.UTF-8", "UNO_NAME": "Ana"}


def uno(*args: str) -> list[str]:
    return [PYTHON, "-m", "client", *args]


AWAY_ES = "Estás ausente"


def step_to(tmux: Tmux, window: str, key: str, text: str, what: str) -> str:
    tmux.send(window, key)
    return tmux.wait_for(window, text, timeout=5, what=what)


def test_tmux_a_hand_replayed_at_the_table_listed_exported_and_opened(tmux: Tmux,
                                                                         tmp_path: Path) -> None:
    host_env = folders(tmp_path / "host")
    # (one hand: no next deal comes to close the replay at Ana's turn while she steps through it)
    window = tmux.start(uno("host", "--bots", "3", "--seed", str(SEED), "--lang", "en",
                            "--single-hand", "--no-discovery", "--port", "0", "--bot-delay", "0.05",
                            "--turn-timeout", "0"), host_env)
    tmux.wait_for(window, "press s to start", timeout=10, what="the waiting room")
    tmux.send(window, "s")
    tmux.wait_for(window, lambda s: re.search(r"Your hand \(\d+\)", s) is not None, timeout=10,
                  what="the deal")
    final = Player(tmux, window, "Ana").play_hand()
    assert "v replay" in final.splitlines()[-1]  # the key is on the help line

    # v: the replay of the hand just over, from the start, from Ana's point of view
    screen = step_to(tmux, window, "v", "move 0 of", "the replay opened")
    assert "Replay · Ana's table · Hand 1" in screen and "Ana's cards" in screen
    assert "Hand 1 — " in screen  # the log starts with the deal
    screen = step_to(tmux, window, " ", "paused", "the playback paused")
    moves = int(re.search(r"move \d+ of (\d+)", screen).group(1))  # type: ignore[union-attr]
    tmux.send(window, "0")  # (an unbound key changes nothing)
    for _ in range(3):
        tmux.send(window, "Right")
    screen = tmux.wait_for(window, "move 3 of", timeout=5, what="three steps on")
    screen = step_to(tmux, window, "Left", "move 2 of", "a step back")
    # Tab: the next seat's point of view (Ana sits first, the bots after her); after the last
    # seat, the first's again; o: every hand open
    screen = step_to(tmux, window, "Tab", "Bot 1's cards", "the next seat's point of view")
    assert re.search(r"^ Bot 1 \(\d+\)$", screen, re.M) and not re.search(r"^ Ana \(\d+\)$", screen, re.M)
    step_to(tmux, window, "Tab", "Bot 2's cards", "the next seat's point of view")
    step_to(tmux, window, "Tab", "Bot 3's cards", "the last seat's point of view")
    screen = step_to(tmux, window, "Tab", "Ana's cards", "the first seat's point of view")
    assert re.search(r"^ Ana \(\d+\)$", screen, re.M) and not re.search(r"^ Bot 1 \(\d+\)$", screen, re.M)
    screen = step_to(tmux, window, "o", "every hand open", "every hand open with o")
    for name in ("Ana", "Bot 1", "Bot 2", "Bot 3"):
        assert re.search(rf"^ {name} \(\d+\)$", screen, re.M), name
    screen = step_to(tmux, window, "End", f"move {moves} of {moves}", "the end of the hand")
    assert "The end of the hand" in screen and "Cards left" in screen
    screen = step_to(tmux, window, "q", "the match!", "back at the table")
    assert "Replay ·" not in screen

    # uno replay: the list, a hand played back, an export
    lister = tmux.start(uno("replay", "--lang", "en"), host_env, window="list")
    listing = tmux.wait_for(lister, "uno replay ID", timeout=10, what="the list of hands")
    row = next(line for line in listing.splitlines() if line.startswith("1 "))
    assert "Ana's table" in row and "Ana, Bot 1, Bot 2" in row  # (people first)
    player = tmux.start(uno("replay", "1", "--lang", "en", "--paused", "--open"), host_env,
                        window="play")
    screen = tmux.wait_for(player, "move 0 of", timeout=10, what="kept hand 1 played back")
    assert "every hand open" in screen and "paused" in screen
    step_to(tmux, player, "l", "move 1 of", "a step with l")
    step_to(tmux, player, "+", "paused", "the speed raised")
    screen = step_to(tmux, player, " ", "playing ×2", "playing at twice the speed")
    tmux.send(player, "q")
    exported = tmp_path / "hand1.uno-replay.json"
    done = subprocess.run(uno("replay", "--export", "1", str(exported), "--lang", "en"), cwd=ROOT,
                          env=host_env, capture_output=True, text=True, timeout=30, check=False)
    assert done.returncode == 0 and "written to" in done.stdout and exported.is_file()
    assert done.stdout.startswith("Replay ")  # (the list's ID: "Hand 4" read as the hand's number)
    # a file there is not replaced without being asked to (found play-testing: it was, silently)
    exported.write_text("mine")
    again = subprocess.run(uno("replay", "--export", "1", str(exported), "--lang", "es"), cwd=ROOT,
                           env=host_env, capture_output=True, text=True, timeout=30, check=False)
    assert again.returncode == 1 and "ya existe" in again.stderr and "--force" in again.stderr
    assert exported.read_text() == "mine"
    forced = subprocess.run(uno("replay", "--export", "1", str(exported), "--force"), cwd=ROOT,
                            env=host_env, capture_output=True, text=True, timeout=30, check=False)
    assert forced.returncode == 0 and exported.read_text().startswith("{"), forced.stderr

    # a second person, with none of the host's folders, opens the file (in Spanish)
    guest_env = folders(tmp_path / "guest")
    guest = tmux.start(uno("replay", str(exported), "--lang", "es", "--paused"), guest_env,
                       window="guest")
    screen = tmux.wait_for(guest, "jugada 0 de", timeout=10, what="the file opened")
    # (on the first person's cards: Ana's, who sits first, not a bot's)
    assert "Repetición · Ana's table · Mano 1" in screen and "cartas de Ana" in screen
    step_to(tmux, guest, "Right", "jugada 1 de", "un paso")
    screen = step_to(tmux, guest, "o", "todas las manos a la vista", "todas las manos")
    screen = step_to(tmux, guest, "End", "Fin de la mano", "el final")
    tmux.send(guest, "q")

    # a damaged file is refused, saying why
    damaged = tmp_path / "damaged.json"
    damaged.write_text(exported.read_text().replace('"points":', '"points":1', 1))
    refused = subprocess.run(uno("replay", str(damaged), "--lang", "en"), cwd=ROOT, env=guest_env,
                             capture_output=True, text=True, timeout=30, check=False)
    assert refused.returncode == 1 and "cannot be opened as a replay" in refused.stderr


def test_tmux_the_replay_key_in_spanish(tmux: Tmux, tmp_path: Path) -> None:
    """The host's turns time out and the stand-in plays them; at the end of the single hand, v
    opens its replay, in Spanish."""
    env = folders(tmp_path / "host")
    window = tmux.start(uno("host", "--bots", "2", "--seed", str(SEED), "--lang", "es", "--start",
                            "--single-hand", "--no-discovery", "--port", "0", "--bot-delay", "0",
                            "--turn-timeout", "0.2"), env)
    screen = tmux.wait_for(window, "la partida!", timeout=60, what="the hand played out")
    if AWAY_ES in screen:  # (three turns ran out: the first key only brings her back, as the bar says)
        assert "cualquier tecla  volver" in screen.splitlines()[-1]
        tmux.send(window, "v")
        screen = tmux.wait_for(window, lambda s: AWAY_ES not in s, timeout=5, what="back")
    assert "v repetición" in screen.splitlines()[-1]
    # (its title: "jugada" alone was found first in the away summary's "cartas jugadas", under load)
    screen = step_to(tmux, window, "v", "Repetición · Mesa de Ana · Mano 1", "la repetición")
    assert "cartas de Ana" in screen
    screen = step_to(tmux, window, "End", "Fin de la mano", "el final")
    step_to(tmux, window, "q", "la partida!", "de vuelta a la mesa")
    listing = subprocess.run(uno("replay", "--lang", "es"), cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=30, check=False)
    assert "Mesa de Ana" in listing.stdout and "Ganador" in listing.stdout
    # every line fits 80 columns (the points and the help wrapped: found play-testing)
    assert max(len(line) for line in listing.stdout.splitlines()) <= 80, listing.stdout


def test_tmux_watching_the_replay_as_the_next_hand_is_dealt_the_turn_brings_the_table_back(
        tmux: Tmux, tmp_path: Path) -> None:
    """Luis (Spanish) watches the replay of the hand just over; the next hand is dealt meanwhile,
    and when his turn comes the table is back, saying why, with his whole turn's time to play.
    (Seed 1: hand 2 opens with a Draw Two on Luis, both bots play, then comes his turn, which
    asks him no question: a Wild Draw Four's would stand where the notice is said.)"""
    env = {**folders(tmp_path / "host"), "UNO_NAME": "Luis"}
    window = tmux.start(uno("host", "--bots", "2", "--seed", "1", "--lang", "es", "--start",
                            "--no-discovery", "--port", "0", "--bot-delay", "0.05",
                            "--turn-timeout", "0"), env)
    tmux.wait_for(window, lambda s: re.search(r"Tu mano \(\d+\)", s) is not None, timeout=10,
                  what="the deal")
    Player(tmux, window, "Luis", lang="es").play_hand()
    step_to(tmux, window, "v", "Repetición · Mesa de Luis · Mano 1", "la repetición")
    screen = tmux.wait_for(window, "Te toca: se cerró la repetición.", timeout=30,
                           what="the table back at Luis's turn in hand 2")
    assert "Repetición ·" not in screen and "Mano 2" in screen


def test_tmux_during_a_hand_v_plays_back_the_hand_before(tmux: Tmux, tmp_path: Path) -> None:
    """Found play-testing: the scores show for a few seconds, and once the next hand was dealt v
    did nothing and said nothing. Ana and Luis (Spanish) step away for hand 1 (each reads that the
    next waits for someone to come back, and they come back); in hand 2, on
    Luis's turn, Ana's v plays hand 1 back while he thinks; his own v waits for his turn to be over
    (its clock would run behind the viewer); his move brings Ana's turn, and her table back."""
    hosting = tmux.start(play.host("--bots", "0", "--seats", "2", "--seed", "7", "--turn-timeout", "0",
                                   "--bot-delay", "0.3", "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    guest = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "luis", "Luis"),
                       window="guest")
    play.sit(tmux, guest, "Mesa", "Esperando a que Ana empiece")
    tmux.send(hosting, "s")
    play.dealt(tmux, guest)
    for window, key in ((hosting, "z"), (guest, "f")):  # both step away: hand 1 plays itself
        tmux.send(window, key)
    # (and the next waits for them: no hand is dealt while everyone is away)
    tmux.wait_for(hosting, "Everyone is away: the next hand is dealt when someone comes back", timeout=90,
                  what="hand 1 over, the next waiting")
    tmux.wait_for(guest, "Todos están ausentes", timeout=10, what="the same, in Spanish")
    for window, back in ((hosting, "You came back"), (guest, "Volviste")):
        tmux.send(window, "o")  # (a key with no other job)
        tmux.wait_for(window, back, timeout=10, what="back at the table", settle=False)
    tmux.wait_for(hosting, lambda s: "Hand 2" in s.splitlines()[0], timeout=30, what="hand 2 dealt")
    # The match's points during hand 2, each in their own words (found play-testing: they showed
    # only between hands): every seat's, the most first, where the column has the rows; else
    # the one behind reads both, the leader that they lead.
    points = {hosting: re.compile(r"Points: (Luis \d+, you 0|you \d+, Luis 0)|Points: you 0, Luis \d+"
                                  r"|You lead: \d+ points"),
              guest: re.compile(r"Puntos: (Ana \d+, tú 0|tú \d+, Ana 0)|Puntos: tú 0, Ana \d+"
                                r"|Vas en cabeza: \d+ puntos")}
    for window, said in points.items():
        tmux.wait_for(window, lambda s, said=said: bool(said.search(s)), timeout=10,
                      what="the match's points during hand 2")
    ana, luis = Player(tmux, hosting, "Ana"), Player(tmux, guest, "Luis", lang="es")
    play.together([ana], lambda: my_turn(tmux.stable_screen(guest), "es"), 30, "Luis's turn")

    screen = step_to(tmux, hosting, "v", "Replay · Mesa · Hand 1", "hand 1's replay during hand 2")
    assert "Ana's cards" in screen
    step_to(tmux, guest, "v", "Primero tu turno: la repetición, después", "Luis's replay put off")
    play.together([luis], lambda: "Your turn: the replay was closed." in tmux.screen(hosting), 30,
                  "Ana's turn bringing her table back")
    screen = tmux.stable_screen(hosting)
    assert "Replay ·" not in screen and "Hand 2" in screen.splitlines()[0], screen
