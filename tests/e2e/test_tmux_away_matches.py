"""End to end, in tmux: away lasts until one is back, across matches (docs/PROTOCOL.md, ``start``:
"a seat still away from the match before stays away"). Found play-testing: the host started the
next match without Luis, who had stepped away; the server took his seat off away, the match
waited on his turns (no turn clock: for ever) and everyone read "Luis came back".

Ana (English) hosts single-hand matches without a turn clock, Luis (Spanish) sits and steps away
(f) in the first; after it Zoe (English) sits down, and is told Luis was already away; Ana starts
the next match by accepting the rematch (which does not wait on Luis, away): Luis is still away,
a bot plays his turns, nobody reads that he came back; then he presses a key, and each of the
three reads it once."""

from __future__ import annotations

import re
from pathlib import Path

import tmuxplay as play
from tmuxkit import Player, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("awaymatches", width=110, height=30)

# (the board's title at its end, on everyone's screen: in Spanish the log says it in the same
# words, and keeps it into the next match)
WINNER = re.compile(r"wins? the match|★ ¡[^!]*[Gg]an(ó|aste) la partida")
AWAY, BACK = "Estás ausente", "Volviste"  # Luis's banner, and his log's line when he is back
CAME_BACK = "Luis came back"  # (Ana's and Zoe's logs; "Luis volvió" nobody reads: only Luis is Spanish)
STOOD_IN = "Luis (away): a bot"


def not_back(tmux: Tmux, ana: str, luis: str, *others: str) -> None:
    """Nobody's screen says Luis is back; his own says he is away."""
    for window in (ana, *others):
        assert CAME_BACK not in tmux.screen(window), tmux.screen(window)
    screen = tmux.screen(luis)
    assert AWAY in screen and BACK not in screen, screen


def log_lines(screen: str, text: str) -> int:
    """How many lines of ``screen`` hold ``text``."""
    return sum(text in line for line in screen.splitlines())


def test_tmux_away_stays_away_into_the_next_match_until_a_key(tmux: Tmux, tmp_path: Path) -> None:
    ana = tmux.start(play.host("--bots", "1", "--seats", "3", "--seed", "3", "--turn-timeout", "0",
                               "--bot-delay", "0.05", "--single-hand", "--name", "Mesa"),
                     play.person(tmp_path / "ana", "Ana"), window="ana")
    address = play.invitation(play.waiting_room(tmux, ana))
    luis = tmux.start(play.join(address, lang="es"), play.person(tmp_path / "luis", "Luis"), window="luis")
    play.sit(tmux, luis, "› Mesa", waiting="Esperando a que Ana empiece")
    tmux.wait_for(ana, "Luis", timeout=5, what="Luis in Ana's waiting room")
    tmux.send(ana, "s")
    play.dealt(tmux, luis, "the deal (Luis)")
    tmux.send(luis, "f")  # the away key, in Spanish
    tmux.wait_for(luis, AWAY, timeout=10, what="Luis's away banner")
    tmux.wait_for(ana, "Luis went away: a bot", timeout=10, what="Luis away, on Ana's screen")

    # Match 1: Ana plays, the bot and Luis's stand-in play theirs.
    host = Player(tmux, ana, "Ana")
    play.together([host], lambda: bool(WINNER.search(tmux.screen(ana))), 120, "match 1 did not end")
    tmux.wait_for(ana, "Rematch? m yes", timeout=5, what="the rematch offer")
    tmux.wait_for(luis, lambda s: bool(WINNER.search(s)), timeout=5, what="match 1 over, on Luis's screen")
    not_back(tmux, ana, luis)

    # Between matches, Zoe sits down (in the bot's seat): told that Luis is away, his seat marked.
    zoe = tmux.start(play.join(address), play.person(tmp_path / "zoe", "Zoe"), window="zoe")
    play.sit(tmux, zoe, "› Mesa", waiting="Luis was already away: a bot plays their turns")
    screen = tmux.wait_for(zoe, "Luis  (away", timeout=5, what="Luis's seat marked away")
    print(f"--- Zoe's waiting room:\n{screen}")
    tmux.wait_for(ana, "Zoe sat down", timeout=5, what="Zoe, on Ana's screen")
    not_back(tmux, ana, luis, zoe)

    # Ana accepts the rematch (m), which starts it: Zoe sat after match 1 and is not asked, nor
    # is Luis, away (found writing this test: it waited for his answer, which he could give only
    # by coming back). He is still away.
    tmux.send(ana, "m")
    for window in (ana, zoe, luis):
        tmux.wait_for(window, lambda s: not WINNER.search(s) and bool(play.DEALT.search(s)),
                      timeout=10, what=f"match 2 dealt ({window})")
    not_back(tmux, ana, luis, zoe)

    # His turns do not wait for him: the stand-in plays them (Zoe saw nothing of match 1).
    players = [host, Player(tmux, zoe, "Zoe")]
    play.together(players, lambda: STOOD_IN in tmux.screen(zoe), 60, "match 2 waited on Luis's turn")
    tmux.wait_for(luis, lambda s: "Ausente: un bot" in s.split("Otra partida")[-1],
                  timeout=5, settle=False, what="the stand-in's turn of match 2, in Luis's log")
    not_back(tmux, ana, luis, zoe)
    assert not WINNER.search(tmux.screen(ana)), tmux.screen(ana)  # (still on: he comes back to it)

    # Luis presses a key: he is back, and each of the three reads it once.
    tmux.send(luis, "o")  # (a key with no other job)
    screen = tmux.wait_for(luis, "Mientras no estabas", timeout=10, what="what was played for Luis")
    assert AWAY not in screen, screen
    # (the summary spans both matches: it says where the second began)
    assert re.search(r"partida!\s+·\s+luego\s+empezó\s+otra\s+partida", screen), screen
    for window in (ana, zoe):
        tmux.wait_for(window, CAME_BACK, timeout=10, settle=False, what=f"Luis back, on {window}'s screen")
    # (a chat line sent after it: once it shows, any second "came back" would have shown too)
    tmux.send(ana, "t")
    tmux.wait_for(ana, "Say:", timeout=5, what="the chat prompt")
    tmux.send(ana, "-l", "hola Luis")
    tmux.send(ana, "Enter")
    for window, text in ((ana, CAME_BACK), (zoe, CAME_BACK), (luis, BACK)):
        screen = tmux.wait_for(window, "Ana: hola Luis", timeout=5, what=f"the chat on {window}'s screen")
        print(f"--- {window}:\n{screen}")
        assert log_lines(screen, text) == 1, screen
