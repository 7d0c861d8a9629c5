"""Server settings, with the defaults documented in docs/PROTOCOL.md and docs/SECURITY.md."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine import KeyedRandom
from protocol.limits import DEFAULT_UNO_GRACE

HISTORY_LIMIT = 1000  # finished hands a server keeps in its state directory by default
UNO_GRACE_MAX = 10.0  # the longest UNO-call grace a server takes (`--uno-grace`), in seconds


def uno_grace_within(seconds: float) -> float:
    """``seconds`` of UNO-call grace, brought within 0 and ``UNO_GRACE_MAX``."""
    return min(UNO_GRACE_MAX, max(0.0, seconds))


@dataclass(frozen=True, slots=True)
class ServerConfig:
    name: str = "UNO server"
    hosted: bool = False  # run by a player's `uno host` (welcome.hosted): it stops with its host
    handshake_timeout: float = 10.0  # hello must arrive within this many seconds
    heartbeat_timeout: float = 15.0  # a connection silent this long is dropped
    ping_interval: float = 5.0  # the server pings a connection silent this long
    outgoing_queue: int = 512  # messages waiting for a slow reader before it is dropped
    flush_timeout: float = 2.0  # time given to send the last messages to a closing client
    message_rate: float = 40.0  # messages per second a connection may send on average...
    message_burst: int = 120  # ...with bursts up to this many; beyond, it is disconnected
    chat_rate: float = 1.0  # chat messages per second...
    chat_burst: int = 5  # ...with bursts up to this many; beyond, refused with rate_limited
    max_connections: int = 5000
    max_rooms: int = 2000
    next_hand_delay: float = 5.0  # pause between hands so people can read the scores
    # a seated person's ``more_time`` adds this to it, up to ``more_time_limit`` in all (found
    # play-testing twice: 5 s was too short to read who held what, and nothing held the deal)
    more_time: float = 15.0
    more_time_limit: float = 60.0
    disconnected_turn_timeout: float = 60.0  # a dropped seat's turn timeout when a room has none
    # with a clock, the longest a dropped seat's turn waits for its person (found play-testing: a
    # terminal that had died cost the table each turn's whole clock, its seat marked "offline")
    dropped_turn_cap: float = 10.0
    comeback_turn_left: float = 10.0  # back on one's own turn with less left: this much, to look
    away_after: int = 3  # timeouts in a row before a seat is marked away
    # once one has accepted a rematch, the others answer within this (0: no limit); then those
    # who have not are away and it starts (server/between.py)
    rematch_wait: float = 60.0
    seed: int | None = None  # tests and demos only: deal from a seeded RNG instead of the OS's
    # tests only: the random source of each match's deal, made from the room's id (over ``seed``)
    deal_rng: Callable[[str], random.Random] | None = None
    state_dir: str | None = None  # keep the rooms here (server/persist.py), to survive a restart
    # keep the statistics here (server/statstore.py); None: in ``state_dir``, if there is one
    stats_dir: str | None = None
    # which kept rooms come back at start: all, none (``uno host``), or these ids (``--resume``)
    restore_rooms: bool | tuple[str, ...] = True
    restore_grace: float = 10.0  # after a restart, bots and turn clocks wait this long for people
    abandoned_room_grace: float = 60.0  # no match on and everybody dropped: the room closes then
    abandoned_match_grace: float = 300.0  # a match on and every person dropped: it ends then
    max_rooms_per_address: int = 50  # rooms open at once created from one client address
    history: bool = True  # keep finished hands (server/history.py): off with --no-history
    # where to keep them when the rooms are not kept (``uno host --seed``); else ``state_dir``
    history_dir: str | None = None
    history_limit: int = HISTORY_LIMIT  # hands kept in the state directory, the oldest dropped first
    # seconds after a player goes down to one card without UNO before a catch of them counts
    # (a slower link must not lose the race to say it); 0: at once
    uno_grace: float = DEFAULT_UNO_GRACE
    # seconds a bot waits before it jumps in on a person's turn, if the bot delay is shorter: the
    # person whose turn it is gets to play first (found play-testing: at the bots' 1 s, people at
    # a table of bots with jump-in hardly ever played their turns; at 2.5 s, one who took 3 s to
    # look at a new hand or the cards just drawn still lost the race); more at a bigger table
    # (``person_first_at``)
    person_first: float = 4.0

    def person_first_at(self, seats: int) -> float:
        """How long a bot waits to jump in on a person's turn at a table of ``seats``:
        ``person_first``, an eighth longer for each seat beyond four (found play-testing at ten
        seats: Rosa, choosing whom her 7 swapped with among nine, and two asking for the hint,
        lost their turns to bots jumping in at 4 s; 7 s there)."""
        return self.person_first * (1 + max(0, seats - 4) / 8)

    def next_hand_pause(self, seats: int) -> float:
        """The pause before the next deal at a table of ``seats``: ``next_hand_delay``, a tenth
        longer for each seat beyond four (found play-testing: 5 s to read a ten-row board was
        short; 8 s at ten seats)."""
        return self.next_hand_delay * (1 + max(0, seats - 4) / 10)

    def deal_random(self, room_id: str, earlier: int = 0) -> random.Random:
        """The random source of a new match's deal in room ``room_id``, after ``earlier``
        matches there (with a seed, each rematch deals anew: every rematch of a seeded table
        dealt the cards of the first, found play-testing)."""
        if self.deal_rng is not None:
            return self.deal_rng(room_id)
        if self.seed is None:
            return KeyedRandom()
        return random.Random(f"{self.seed}/{room_id}" + (f"/{earlier}" if earlier else ""))
