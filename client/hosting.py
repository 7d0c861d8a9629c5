"""``uno host``: what this client does for the table it runs (open it, start it, the match kept
from last time), and how its host left it (and what a guest's terminal says of it)."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from protocol import CreateRoom, RoomInfo, clean_text

from .enums import Status
from .i18n import detect_language, names_and, t
from .prompts import Prompts

if TYPE_CHECKING:
    from .model import Model


@dataclass
class Hosting:
    active: bool = False  # this client runs the server (``uno host``)
    auto_create: CreateRoom | None = None  # opened once connected
    table: CreateRoom | None = None  # the table the command line asked for: the form's defaults
    auto_start: bool = False  # started (bots in the empty seats) once open
    end_table: bool | None = None  # how the host quit: True end for everyone, False keep
    keeps: bool = True  # its server keeps rooms on disk: a match can be kept for later
    offer: str = ""  # the match kept from last time, and how to take it back
    offer_shown: bool = False
    offer_key: str = ""  # the same offer, in the new table's waiting room, with its key
    kept_guests: tuple[str, ...] = ()  # the people besides the host seated in the match offered
    resume_request: bool = False  # the host asked (``r``) to go back to the kept match
    # the kept match is being brought back: everybody dropped with the server, which is no news
    # (found play-testing: after `uno host --resume` the host read "Eva lost the connection")
    bringing_back: bool = False
    address: str = ""  # where friends join (``uno join <address>``), once the server listens
    # the log says where friends join once we are at our table: its waiting room, which says it, is
    # skipped (``--start``, or a kept match brought back: found re-checking, nowhere on screen)
    invite: bool = False

    @property
    def listening(self) -> str:
        """Where friends join, in the language of now (found play-testing: said once, it stayed in
        English after F2 in a Spanish waiting room); "" until the server listens, or as a guest."""
        return t("server_listening", address=self.address) if self.address else ""


def quit_question(host: Hosting, match_on: bool, seated: bool, yes: str) -> str:
    """The question before quitting: a host whose match cannot be kept (its rooms are not kept on
    disk: another ``uno host`` holds the folder) is told that quitting ends it for everyone; a
    seated guest, that the seat waits for them (the leave question says a bot takes it), in a
    waiting room too (found play-testing: Carla quit one, told nothing of her seat)."""
    if host.active and not host.keeps and match_on:
        return t("quit_confirm_ends", yes=yes)
    return t("quit_confirm_seat_kept" if seated and not host.active else "quit_confirm", yes=yes)


def resume_command(lang: str | None, options: Sequence[str] = ()) -> str:
    """The command that opens the kept match, with the ``options`` it was hosted with that still
    matter (found play-testing: with ``--plain``, a screen reader's user got the full screen back;
    without ``--no-discovery``, it would announce the table), in the language the host chose with
    ``--lang`` where a start without it would speak another (Carmen, reading only Spanish, ran
    the command she was given, and the table came back in English)."""
    command = shlex.join(["uno", "host", "--resume", *options])
    return command + f" --lang {lang}" if lang and detect_language(None) != lang else command


def parting_words(host: Hosting, match_on: bool, points: str, command: Callable[[], str],
                  friends: bool = True) -> str:
    """What ``uno host`` says as it ends: the points of a match its host ended (``points``, every
    seat's), or the ``command`` that brings back a match kept, and the ``friends`` seated there
    with it (found play-testing: both quit without a word; "and your friends" of bots alone)."""
    if host.end_table and match_on and points:
        return t("match_ended_points", points=points)
    if not kept_at_quit(host, match_on):
        return ""
    return t("match_kept" if friends else "match_kept_alone", command=command())


def guest_parting(model: Model, address: str | None) -> str:
    """What a guest who quit is told as the terminal comes back: how to come back to the seat
    kept for them, or the points of a match the host ended ("": nothing to tell)."""
    from .inbox import points_now

    room = model.seating.room
    if model.host.active or room is None:
        return ""
    if model.session.status is Status.FAILED:  # (another window took the seat, the table closed:
        # found re-checking, "waits for you" of a seat another window sat in; the points stay
        # on the terminal, as the host's do: found play-testing, the guest's said nothing)
        points = points_now(model) if model.session.reason == "table_closed" else ""
        return t("ev_match_ended_by_host", points=points) + "." if points else ""  # (a sentence)
    if not model.seating.seated:
        return ""
    command = shlex.join(["uno", "join", *([address] if address else [])])
    return t("seat_waits_parting", table=clean_text(room.name), command=command)


def won_parting(model: Model) -> str:
    """What one who quits after a match was won is told as the terminal comes back: who won it,
    and every seat's points (found play-testing: a match ended early left its points on the
    terminal, one won nothing)."""
    from .board import won_text
    from .inbox import points_now

    view, points = model.table.view, points_now(model, over=True)
    if view is None or view.outcome is None or not points:
        return ""
    return won_text(model, view.outcome.winner, "match_won_parting", points=points)


def kept_at_quit(host: Hosting, match_on: bool) -> bool:
    """Whether the host's quitting kept the match for later (``uno host`` says how it comes back):
    asked (q, then k), or by Ctrl-C during one, which keeps it as the guests are told (found
    play-testing: both quit without a word, and then Ctrl-C still did)."""
    return host.end_table is False or (host.end_table is None and host.keeps and match_on)


def ask_resume(host: Hosting, room: RoomInfo, me: str | None, prompts: Prompts) -> None:
    """The host's key back to the kept match: it closes the new table ``room``, so where friends
    sit at it, a first press says so and a second does it (found play-testing: r closed the table
    of two friends, who landed in the lobby)."""
    # (not one who sat in the kept match too, who goes back to their seat there: found
    # play-testing, "At this table: Gus. r again closes it for them", and Gus was back in his)
    others = [clean_text(s.name) for s in room.seats
              if s.kind == "human" and s.seat != me and clean_text(s.name) not in host.kept_guests]
    said = t("resume_others", names=names_and(others)) if others else ""
    if said and prompts.notice_seen != said:
        prompts.notice = said
        return
    host.resume_request = True


def deal_over_kept(host: Hosting, offered: bool, prompts: Prompts) -> bool:
    """Whether the start key may deal a new match in the new table's waiting room, the kept match
    ``offered``: where friends sat in the kept one, a first press says they wait for it and a
    second deals (found play-testing: Hana dealt a match with bots while Elena and Gus waited
    in the lobby for theirs, told that their seat waited)."""
    friends = list(host.kept_guests) if offered else []
    key = "kept_friend_waits" if len(friends) == 1 else "kept_friends_wait"
    said = t(key, names=names_and(friends)) if friends else ""
    if said and prompts.notice_seen != said:
        prompts.notice = said
        return False
    return True
