"""The people of a room and their seats: a ``Session`` is a person (found again by their token),
a ``Seat`` a place at the table (a person's or a bot's). Plain data; the room (server/table.py,
server/room.py) changes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from protocol import DEFAULT_BOT_LEVEL

if TYPE_CHECKING:
    from .peer import Peer
    from .table import Table


@dataclass(eq=False)
class Session:
    """A person: found again by their token after a dropped connection, while they hold a seat."""

    sid: str
    secret: str
    name: str
    lang: str
    peer: Peer[Session] | None = None
    room: Table | None = None  # (a Room: server/room.py)
    seat: Seat | None = None
    # The client program of ``peer`` and its count of connections (``hello.instance``/``attempt``)
    instance: str | None = None
    attempt: int = 0
    bot: bool = False  # a program that plays by itself (``hello.bot``: ``uno bots``)
    # its connection ended with ``quit`` (the person closed their client, not a lost link);
    # until a new connection says hello
    quit: bool = False

    @property
    def token(self) -> str:
        return f"{self.sid}.{self.secret}"


@dataclass(eq=False)
class Seat:
    """A seat at the table: a person (``session``) or a bot."""

    id: str
    name: str
    kind: str  # "human" or "bot"
    level: str = DEFAULT_BOT_LEVEL  # the bot's level; for people, the level that plays when they can't
    session: Session | None = None
    away: bool = False
    timeouts: int = 0
    timed_out_at: float | None = None  # when its last turn ran out (``Room._timed_out``)
    # the person a bot plays this seat for, who left it during a match: theirs to take back, and
    # their name no other person sits under while they are connected (None: a bot's own seat, or
    # a restored one)
    left_by: Session | None = None

    def kept_for(self, session: Session | None) -> bool:
        """Whether this seat is kept for someone connected other than ``session`` (found
        play-testing: a watcher named as one who had left and was still in the lobby took her
        seat, and the table read that she came back). One not connected may be back under a new
        connection, known by their name only."""
        return self.left_by is not None and self.left_by is not session and self.left_by.peer is not None

    @property
    def connected(self) -> bool:
        return self.kind == "bot" or (self.session is not None and self.session.peer is not None)

    @property
    def quit(self) -> bool:
        """Whether its person is not connected because they closed their client (``quit``)."""
        return (self.kind == "human" and self.session is not None and self.session.peer is None
                and self.session.quit)

    @property
    def bot_plays(self) -> bool:
        """Whether this seat's turns are played without waiting: by its bot, or by the stand-in
        of its person, who is away."""
        return self.kind == "bot" or self.away


def unique_name(name: str, taken: Iterable[str], limit: int) -> str:
    """``name``, or where it is taken already (in any capitals and spacing: found re-checking,
    "Friday" and "friday " side by side), numbered, cut to fit ``limit``: "Ana 2", and "Ana 3"
    where "Ana 2" is taken (not "Ana 2 2")."""
    def same(text: str) -> str:
        return " ".join(text.split()).casefold()

    seen = {same(other) for other in taken}
    if same(name) not in seen:
        return name
    base, _, number = name.rstrip().rpartition(" ")
    base = base if number.isdigit() and len(number) <= 2 and base.strip() else name.rstrip()
    candidates = (f"{base[:limit - len(' 99')]} {n}" for n in range(2, 100))
    return next((candidate for candidate in candidates if same(candidate) not in seen), name)


def seat_names(seats: Iterable[Seat]) -> dict[str, str]:
    """Who sits where, by seat id (the names of the recent past, server/publish.py)."""
    return {seat.id: seat.name for seat in seats}


def next_host(seats: Iterable[Seat], gone: Session) -> Session | None:
    """Who takes the host's role from ``gone``: the first person still seated and connected; a
    program that plays by itself (``uno bots``) only from another such program (found
    play-testing: a bot client kept the role, and the host who came back could not start the
    rematch)."""
    return next((seat.session for seat in seats
                 if seat.kind == "human" and seat.session is not None and seat.session is not gone
                 and seat.connected and (gone.bot or not seat.session.bot)), None)
