"""End to end: Ana hosts, Luis joins, they play a single-hand match to its end (Bea watches);
Ana picks the seat order "the winner deals" (o) and accepts the rematch (m); Luis sees who has
accepted, Bea the countdown, and Luis presses m too; the new match starts with the winner
dealing its first hand."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import tmuxplay as play
from tmuxkit import Player, Tmux

pytestmark = play.needs_tmux
tmux = play.tmux_fixture("rematch", width=110, height=30)
WINNER = re.compile(r"(\w+) wins? the match!")  # ("You win the match!" on the winner's)


def ana_and_luis_play_a_hand(tmux: Tmux, tmp_path: Path, table: str,
                             link: Callable[[str], str] = str) -> tuple[str, str, str]:
    """Ana hosts ``table`` (two seats, one hand), Luis sits down (at the address ``link`` gives
    for the table's: a proxy's, say), and they play it out: the windows of the host and the
    guest, at the match's end, and the table's address."""
    hosting = tmux.start(play.host("--bots", "0", "--seats", "2", "--seed", "3", "--turn-timeout", "0",
                                   "--single-hand", "--name", table),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    guest = tmux.start(play.join(link(address)), play.person(tmp_path / "luis", "Luis"), window="guest")
    play.sit(tmux, guest, f"› {table}")
    tmux.wait_for(hosting, "Luis", timeout=5, what="Luis in the host's waiting room")
    tmux.send(hosting, "s")
    play.dealt(tmux, guest, "the deal (guest)")
    players = [Player(tmux, hosting, "Ana"), Player(tmux, guest, "Luis")]
    play.together(players, lambda: all(WINNER.search(tmux.screen(p.window)) for p in players),
                  120, "the match did not end")
    return hosting, guest, address


def test_tmux_both_press_m_and_the_winner_deals_the_rematch(tmux: Tmux, tmp_path: Path) -> None:
    hosting, guest, address = ana_and_luis_play_a_hand(tmux, tmp_path, "Revancha")
    bea = tmux.start(play.join(address), play.person(tmp_path / "bea", "Bea"), window="bea")
    tmux.wait_for(bea, "› Revancha", timeout=15, what="Bea's lobby")
    tmux.send(bea, "w")  # (she watches)
    tmux.wait_for(bea, lambda s: bool(WINNER.search(s)), timeout=10, what="Bea watching the match's end")
    screen = tmux.wait_for(hosting, "Rematch? m yes", timeout=5, what="the rematch offer")
    found = WINNER.search(screen)
    assert found is not None, screen
    winner = "Ana" if found.group(1) == "You" else found.group(1)
    tmux.send(hosting, "o")
    tmux.send(hosting, "o")
    tmux.wait_for(hosting, "o seat order: the winner deals", timeout=5, what="the order chosen")
    tmux.send(hosting, "m")
    tmux.wait_for(hosting, "Rematch (the winner deals) accepted by you; waiting for Luis", timeout=5,
                  what="Ana's acceptance, on her screen")
    tmux.wait_for(guest, "Rematch (the winner deals) accepted by Ana; still to answer: you", timeout=5,
                  what="Ana's acceptance, on Luis's screen")
    # (a watcher sees when play goes on: found play-testing, only the players' boards said it)
    tmux.wait_for(bea, "The rematch starts in", timeout=5, what="the rematch's countdown, on Bea's screen")
    tmux.send(guest, "m")
    for window, me in ((hosting, "Ana"), (guest, "Luis")):
        screen = tmux.wait_for(window, lambda s: not WINNER.search(s) and bool(play.DEALT.search(s)),
                               timeout=10, what="the rematch dealt")
        dealer = "you" if winner == me else winner  # (the log speaks to us of our own deal)
        assert f"Hand 1 — {dealer} dealt" in screen, screen
        assert "New match: every score went back to 0" in screen, screen


def test_tmux_someone_who_sits_down_after_the_match_plays_in_the_rematch(tmux: Tmux,
                                                                          tmp_path: Path) -> None:
    """Found play-testing: Zoe sat down in the bot's seat after the match had ended; Ana's
    rematch then waited for her ("waiting for Zoe"), though Zoe's waiting room asked her
    nothing, until Ana thought of s. Ana's m now starts the rematch, with Zoe in it."""
    hosting = tmux.start(play.host("--bots", "1", "--seats", "2", "--seed", "3", "--turn-timeout", "0",
                                   "--bot-delay", "0.05", "--single-hand", "--name", "Tarde"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    address = play.invitation(play.waiting_room(tmux, hosting))
    tmux.send(hosting, "s")
    ana = Player(tmux, hosting, "Ana")
    play.together([ana], lambda: bool(WINNER.search(tmux.screen(hosting))), 120, "the match did not end")
    tmux.wait_for(hosting, "Rematch? m yes", timeout=5, what="the rematch offer")

    late = tmux.start(play.join(address), play.person(tmp_path / "zoe", "Zoe"), window="late")
    # (seated: her waiting room says the match's players answer the rematch, not "Waiting for Ana
    # to start", as it did until the first yes: found play-testing)
    play.sit(tmux, late, "› Tarde", waiting="The last match's players are answering a rematch")
    tmux.wait_for(hosting, "Zoe sat down: plays in the rematch", timeout=5, what="Zoe, on Ana's board")
    tmux.send(hosting, "m")
    for window in (hosting, late):
        screen = tmux.wait_for(window, lambda s: not WINNER.search(s) and bool(play.DEALT.search(s)),
                               timeout=10, what="the rematch dealt, with Zoe")
        assert "waiting for Zoe" not in screen
    assert "Your hand (" in tmux.screen(late)


def test_tmux_one_who_steps_away_at_the_match_s_end_is_not_waited_for(tmux: Tmux, tmp_path: Path) -> None:
    """Found play-testing: Carla, off for a drink at a match's end, pressed the away key and read
    that there was no match to step away from; the rematch waited its whole minute for her. Luis
    steps away there (z): Ana's yes starts the rematch at once, a bot playing for Luis, and one
    key brings him back to his seat in it."""
    hosting, guest, address = ana_and_luis_play_a_hand(tmux, tmp_path, "Copa")
    tmux.wait_for(guest, "Rematch? m yes", timeout=5, what="the rematch offer, on Luis's screen")
    # Bea arrives: the lobby lists the table between matches (found play-testing: "waiting", as a
    # table not begun)
    bea = tmux.start(play.join(address), play.person(tmp_path / "bea", "Bea"), window="bea")
    row = tmux.wait_for(bea, "› Copa", timeout=15, what="Bea's lobby")
    assert "between matches" in next(line for line in row.splitlines() if "› Copa" in line), row

    tmux.send(guest, "z")
    # (told the rematch does not wait for him, not offered it: found play-testing, "Rematch? m
    # yes" read as if m answered it, and m only brings one away back)
    tmux.wait_for(guest, lambda s: "You are away" in s and "does not wait for you" in " ".join(s.split())
                  and "Rematch? m yes" not in s, timeout=5, what="Luis away at the match's end")
    tmux.send(hosting, "m")  # (the rematch waits for Luis no longer)
    tmux.wait_for(hosting, lambda s: not WINNER.search(s) and bool(play.DEALT.search(s)), timeout=10,
                  what="the rematch dealt at Ana's yes")
    tmux.wait_for(guest, lambda s: not WINNER.search(s) and "You are away" in s, timeout=10,
                  what="the rematch on Luis's screen, Luis still away")
    tmux.send(guest, "Right")  # (one key: back)
    tmux.wait_for(guest, lambda s: "You are away" not in s and "Your hand (" in s, timeout=10,
                  what="Luis back in his seat in the rematch")


def test_tmux_the_host_s_s_starts_the_rematch_in_her_order_without_the_seat_she_freed(
        tmux: Tmux, tmp_path: Path) -> None:
    """Found play-testing: at a match's end Marta chose "the winner deals", freed a bot's seat and
    pressed s ("starts the rematch now"): a bot took the seat she had freed, and the dealer was
    drawn. Now the board says the seat is free, and s deals the rematch from the winner, without
    that seat."""
    hosting = tmux.start(play.host("--bots", "2", "--seats", "3", "--seed", "3", "--turn-timeout", "0",
                                   "--bot-delay", "0.05", "--single-hand", "--start"),
                         play.person(tmp_path / "ana", "Ana"), window="host")
    ana = Player(tmux, hosting, "Ana")
    play.together([ana], lambda: bool(WINNER.search(tmux.screen(hosting))), 120, "the match did not end")
    screen = tmux.wait_for(hosting, "Rematch? m yes", timeout=5, what="the rematch offer")
    found = re.search(r"(Bot \d|\w+) wins? the match!", screen)
    assert found is not None, screen
    winner = "Ana" if found.group(1) == "You" else found.group(1)
    tmux.send(hosting, "o")
    tmux.send(hosting, "o")
    tmux.wait_for(hosting, "o seat order: the winner deals", timeout=5, what="the order chosen")
    for _ in range(3):  # the host's pick on a bot that did not win
        picked = re.search(r"› (Bot \d)", tmux.screen(hosting))
        if picked is not None and picked.group(1) != winner:
            break
        before = tmux.screen(hosting)
        tmux.send(hosting, "Down")
        tmux.wait_for(hosting, lambda s, was=before: s != was, timeout=5, what="the pick moved", settle=False)
    assert picked is not None and picked.group(1) != winner, tmux.screen(hosting)
    freed = picked.group(1)
    tmux.send(hosting, "-")
    tmux.wait_for(hosting, f"{freed}'s seat is free: nobody plays it in the rematch", timeout=5,
                  what="the freed seat, said")
    tmux.send(hosting, "s")
    screen = tmux.wait_for(hosting, lambda s: not WINNER.search(s) and bool(play.DEALT.search(s)),
                           timeout=10, what="the rematch dealt")
    dealer = "you" if winner == "Ana" else winner
    assert f"Hand 1 — {dealer} dealt" in screen, screen
    seats = screen.splitlines()[1]  # (the players' row, under the header)
    assert freed not in seats and seats.count("Bot ") == 1, screen  # (no bot in the freed seat)


def test_tmux_one_who_declines_is_said_to_leave_a_bot_in_the_rematch(tmux: Tmux, tmp_path: Path) -> None:
    """Found play-testing a couple's evening, heads-up: Dani declined the rematch and left, and
    Marta's m began a match against a bot that nothing had announced. Now Ana reads that a bot
    plays Luis's seat in the rematch before she answers."""
    hosting, guest, _ = ana_and_luis_play_a_hand(tmux, tmp_path, "Pareja")
    tmux.wait_for(guest, "Rematch? m yes", timeout=5, what="the rematch offer (guest)")
    tmux.send(guest, "n")  # (declines, and leaves)
    tmux.wait_for(hosting, "Luis left: a bot plays that seat in the rematch", timeout=10,
                  what="the bot announced, on Ana's screen")
