"""End to end, as a person lives it (issue 9, problem 3): in a seeded ``uno host`` game with a
short turn timeout, Ana lets three turns run out, is marked away (the screen says so and which
key brings her back), presses one key, is told what was played for her meanwhile, and plays her
next turn herself.
"""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import Player, Tmux, parse_hand

pytestmark = play.needs_tmux

TURN_TIMEOUT = 5  # seconds: long enough for a loaded machine to press keys in time
TIMES_UP = "Time's up: a bot"  # (the log wraps the rest of the line)
AWAY = "You are away"
tmux = play.tmux_fixture("away")


def host_command(lang: str) -> list[str]:
    return play.host("--bots", "1", "--seed", "5", "--bot-delay", "0.3",
                     "--turn-timeout", str(TURN_TIMEOUT), lang=lang)


def test_tmux_three_timeouts_then_one_key_and_the_next_turn_is_yours(tmux: Tmux,
                                                                   tmp_path: Path) -> None:
    """In English, and at the same time (the timeouts take a while) in Spanish, at a table of
    its own: the Spanish Ana stays away (the stand-in plays on) until the English story is done."""
    window = tmux.start(host_command("en"), play.person(tmp_path / "en", "Ana"), window="en")
    spanish = tmux.start(host_command("es"), play.person(tmp_path / "es", "Ana"), window="es")
    play.waiting_room(tmux, window)
    play.waiting_room(tmux, spanish, "pulsa s para empezar")
    tmux.send(window, "s")
    tmux.send(spanish, "s")
    play.dealt(tmux, window, timeout=15)

    # Ana does nothing: her turns run out, the stand-in plays them, and the log says so.
    screen = tmux.wait_for(window, AWAY, timeout=6 * TURN_TIMEOUT + 20,
                           what="the away banner after three timeouts")
    print(f"--- marked away:\n{screen}")
    assert "Press any key to come back" in screen
    assert TIMES_UP in screen
    spanish_away(tmux, spanish)  # (now, while its log still shows the timeouts)

    # One key, off her turn or on it: she is back.
    tmux.send(window, "o")  # (a key with no other job: x now asks to leave)
    screen = tmux.wait_for(window, lambda s: AWAY not in s, timeout=10, what="the banner gone")
    print(f"--- back:\n{screen}")
    screen = tmux.wait_for(window, "While you were away", timeout=5, what="what was done for her")
    assert turns_played(screen, "turns played for you: ") >= 3  # the three timeouts at least

    # Her next turn waits for her: she draws, and keeps or plays what she drew, herself.
    screen = tmux.wait_for(window, "Your turn", timeout=15, what="her next turn")
    assert AWAY not in screen
    hand = parse_hand(screen)
    assert hand is not None
    tmux.send(window, "d")
    screen = tmux.wait_for(window, lambda s: "You drew" in s.split("Your hand")[0], timeout=5,
                           what="her own draw in the log")
    print(f"--- her own turn:\n{screen}")
    if "Enter plays it" in screen:
        tmux.send(window, "p")
        screen = tmux.wait_for(window, "You passed", timeout=5, what="the drawn card kept")
    # "You drew" starts a line of the log of its own: no "Time's up" before it.
    log = [line[38:].strip() for line in screen.split("Your hand")[0].splitlines()]
    assert any(line.startswith("You drew") for line in log), log
    assert AWAY not in screen

    spanish_back(tmux, spanish)


def turns_played(screen: str, said: str) -> int:
    """The turns the log's summary on coming back says were played for her (its line wraps)."""
    log = " ".join(line[38:].strip() for line in screen.split("\n─")[1].splitlines())
    found = re.search(re.escape(said) + r"(\d+)", log)
    assert found is not None, screen
    return int(found.group(1))


def spanish_away(tmux: Tmux, window: str) -> None:
    screen = tmux.wait_for(window, "Estás ausente", timeout=6 * TURN_TIMEOUT + 20,
                           what="the away banner")
    print(screen)
    assert "Pulsa cualquier tecla para volver" in screen
    assert "Se acabó tu tiempo" in screen


def spanish_back(tmux: Tmux, window: str) -> None:
    tmux.send(window, "o")  # (a key with no other job: x now asks to leave)
    tmux.wait_for(window, lambda s: "Estás ausente" not in s, timeout=10, what="back")
    screen = tmux.wait_for(window, "Mientras no estabas", timeout=5, what="what was done for her")
    assert turns_played(screen, "turnos jugados en tu lugar: ") >= 3
    screen = tmux.wait_for(window, "Tu turno", timeout=15, what="her next turn")
    assert "Estás ausente" not in screen
    tmux.send(window, "d")
    screen = tmux.wait_for(window, lambda s: "Robaste" in s.split("Tu mano")[0], timeout=5,
                           what="her own draw in the log")
    if "Enter lo juega" in screen:
        tmux.send(window, "p")
        screen = tmux.wait_for(window, "Pasaste", timeout=5, what="the drawn card kept")
    # "Robaste" starts a log line of its own: her draw, not the stand-in's ("Se acabó tu tiempo").
    log = [line[38:].strip() for line in screen.split("Tu mano")[0].splitlines()]
    assert any(line.startswith("Robaste") for line in log), log


def test_tmux_a_killed_guest_comes_back_to_the_recent_log_and_chat(tmux: Tmux,
                                                                  tmp_path: Path) -> None:
    """Issue 9: "coming back restores the recent log and chat of the room, not an empty screen".
    Luis's terminal is killed mid-hand; started again, it shows the moves and the chat from
    before (only the server's ``history`` has them: the new process remembers nothing)."""
    hosting = tmux.start(play.host("--bots", "1", "--seats", "3", "--seed", "5", "--bot-delay", "0.3",
                                   "--turn-timeout", "0", "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    luis_env = play.person(tmp_path / "luis", "Luis")
    again = play.join(address)
    pidfile = tmp_path / "luis.pid"
    guest = tmux.start(again, luis_env, window="guest", pidfile=pidfile)
    play.sit(tmux, guest, "Mesa")
    tmux.send(hosting, "t")
    tmux.wait_for(hosting, "Say:", timeout=5, what="the chat prompt")
    tmux.send(hosting, "-l", "hola Luis")
    tmux.send(hosting, "Enter")
    tmux.wait_for(guest, "Ana: hola Luis", timeout=5, what="the chat at the guest")
    tmux.send(hosting, "s")

    players = [Player(tmux, hosting, "Ana"), Player(tmux, guest, "Luis")]
    play.together(players, lambda: all({"draw", "play"} & set(p.steps) for p in players), 60,
                  "nobody played")
    before = tmux.stable_screen(guest)
    moves = [line[38:].strip() for line in before.split("Your hand")[0].splitlines()
             if re.match(r"(Ana|You|Bot 1) (played|drew|draws)", line[38:].strip())]
    assert moves, before
    print(f"--- before the kill:\n{before}")

    play.crash(pidfile)  # the guest's terminal crashes
    tmux.wait_for(hosting, "Luis lost the connection", timeout=10, settle=False)
    guest = tmux.start(again, luis_env, window="guest2")
    screen = tmux.wait_for(guest, "Your hand", timeout=15, what="the seat taken back")
    print(f"--- after:\n{screen}")
    assert "Ana: hola Luis" in screen  # the chat
    log = [line[38:].strip() for line in screen.split("Your hand")[0].splitlines()]
    assert moves[-1] in log or any(moves[-1].startswith(line) for line in log if line), (moves, log)


def test_tmux_the_away_key_steps_away_at_once(tmux: Tmux, tmp_path: Path) -> None:
    """"Back in a minute": Ana presses the away key (z; f in Spanish) as the hand is dealt; the
    stand-in plays her turns at the bots' pace, not after three clocks run out; one key brings
    her back, told what was played for her."""
    windows = {}
    for lang in ("en", "es"):
        windows[lang] = tmux.start(play.host("--bots", "1", "--seed", "5", "--bot-delay", "0.3",
                                             "--turn-timeout", "60", lang=lang),
                                   play.person(tmp_path / lang, "Ana"), window=lang)
    for lang, (start, key, away, played, back, news) in {
            "en": ("press s to start", "z", AWAY, "Away: a bot", "You came back",
                   "While you were away"),
            "es": ("pulsa s para empezar", "f", "Estás ausente", "Ausente: un bot", "Volviste",
                   "Mientras no estabas")}.items():
        window = windows[lang]
        play.waiting_room(tmux, window, start)
        tmux.send(window, "s")
        play.dealt(tmux, window, timeout=15)
        tmux.send(window, key)
        tmux.wait_for(window, away, timeout=10, what="the away banner")
        tmux.wait_for(window, played, timeout=20, what="a turn played for her at once")  # (not 3 × 60 s)
        tmux.send(window, "o")  # (a key with no other job)
        screen = tmux.wait_for(window, news, timeout=10, what="what was played for her")
        assert back in screen and away not in screen


def test_tmux_away_stays_away_across_a_crash_until_a_key(tmux: Tmux, tmp_path: Path) -> None:
    """Found play-testing (a server's restart did it too): a client that reconnected by itself
    brought its away seat back present, with nobody at the keyboard, its clock running and the
    summary of the stand-in's turns lost. Luis steps away; his terminal is killed and started
    again: still away, until his first key, which brings the summary."""
    hosting = tmux.start(play.host("--bots", "1", "--seats", "3", "--seed", "5", "--bot-delay", "0.3",
                                   "--turn-timeout", "3", "--name", "Mesa"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    luis_env = play.person(tmp_path / "luis", "Luis")
    pidfile = tmp_path / "luis.pid"
    guest = tmux.start(play.join(address), luis_env, window="guest", pidfile=pidfile)
    play.sit(tmux, guest, "Mesa")
    tmux.send(hosting, "s")  # (Ana's turns run out: the table plays on by itself)
    play.dealt(tmux, guest, timeout=15)
    tmux.send(guest, "z")
    tmux.wait_for(guest, AWAY, timeout=10, what="Luis away")
    tmux.wait_for(hosting, "Luis (away)", timeout=30, settle=False, what="a turn played for Luis")

    play.crash(pidfile)
    tmux.wait_for(hosting, "Luis lost the connection", timeout=10, settle=False)
    guest = tmux.start(play.join(address), luis_env, window="guest2")
    screen = tmux.wait_for(guest, "Your hand", timeout=15, what="the seat taken back")
    screen = tmux.wait_for(guest, AWAY, timeout=5, what="still away after the restart")
    print(f"--- started again:\n{screen}")
    assert "Press any key to come back" in screen
    assert "While you were away" not in screen  # (said when he is back, not before)
    tmux.send(guest, "o")  # (a key with no other job)
    screen = tmux.wait_for(guest, "While you were away", timeout=10, what="the summary")
    assert AWAY not in screen and turns_played(screen, "turns played for you: ") >= 1
