"""The replay viewer's state: which position of the hand, at what speed, from whose point of view
(one seat's cards only, or every hand open), and a client ``Model`` kept in step with it so that
the table's own regions (client/board.py, client/logchat.py) draw the position. Each move is told
under the name of who sat at its seat then, and a seat changing hands where it did, as the live
log tells it (a return is "came back" only when the replay showed the leaving). ``opening_seat``:
whose cards a replay opens on. No I/O.
"""

from __future__ import annotations

from engine.cards import Card
from engine.events import StandIn
from engine.game import Game
from engine.replay import deal_events
from protocol import RoomInfo, SeatInfo, SeatKind, clean_text
from protocol.replays import Replay, ReplayPlayer

from .cardorder import card_sort_key
from .i18n import switch_language
from .model import Model
from .narrate import narrate, with_stack_total
from .seating import seat_changes

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # moves per second
DEFAULT_SPEED = 1.0
OPEN = -1  # ``seat``: every hand open


def nearest_speed(speed: float) -> int:
    """The index in ``SPEEDS`` of the speed closest to ``speed``."""
    return min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - speed))


class Replayer:
    def __init__(self, replay: Replay, *, speed: float = DEFAULT_SPEED, seat: int = 0,
                 playing: bool = True) -> None:
        self.replay = replay
        self.positions = replay.positions()
        self.index = 0
        self.playing = playing
        self.speed_index = nearest_speed(speed)
        self.seats = self.positions[0].game.seats
        self.seat = seat if seat == OPEN or 0 <= seat < len(self.seats) else 0
        self._closed_seat = max(0, self.seat)  # the point of view ``toggle_open`` goes back to
        self.model = Model("replay")
        self.quit = False
        self._sync()

    # ------------------------------------------------------------------ what is shown

    @property
    def game(self) -> Game:
        return self.positions[self.index].game

    @property
    def at_end(self) -> bool:
        return self.index == len(self.positions) - 1

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    @property
    def seat_id(self) -> str | None:
        """The seat whose point of view is shown (None: every hand open)."""
        return None if self.seat == OPEN else self.seats[self.seat]

    def name(self, seat: str) -> str:
        """Who sits at ``seat`` in the position shown (after any change of hands there)."""
        return clean_text(self.replay.name_of(seat, self.index + 1))

    def hands(self) -> list[tuple[str, list[Card]]]:
        """The hands shown: the point of view's, or every seat's, each sorted as at the table."""
        game = self.game
        seats = self.seats if self.seat == OPEN else (self.seats[self.seat],)
        return [(seat, sorted(game.hand(seat), key=card_sort_key)) for seat in seats]

    # ------------------------------------------------------------------ keys

    def step(self, by: int) -> None:
        """Forward (or back) ``by`` moves; stepping by hand pauses the playback."""
        self.playing = False
        self._go(self.index + by)

    def first(self) -> None:
        self.playing = False
        self._go(0)

    def last(self) -> None:
        self.playing = False
        self._go(len(self.positions) - 1)

    def toggle_play(self) -> None:
        if self.at_end and not self.playing:
            self._go(0)  # played to the end: play again from the start
        self.playing = not self.playing

    def faster(self) -> None:
        self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)

    def slower(self) -> None:
        self.speed_index = max(0, self.speed_index - 1)

    def next_seat(self) -> None:
        """The next seat's point of view (after the last, the first; every hand open, the one
        after the seat seen before). Every hand is ``toggle_open``'s (found play-testing: after
        the last seat, plain mode's "seat", "the next player's cards", said every hand)."""
        seat = self._closed_seat if self.seat == OPEN else self.seat
        self.seat = self._closed_seat = (seat + 1) % len(self.seats)
        self._sync()

    def toggle_open(self) -> None:
        """Every hand open, or back to the point of view before."""
        if self.seat == OPEN:
            self.seat = self._closed_seat
        else:
            self._closed_seat, self.seat = self.seat, OPEN
        self._sync()

    def other_language(self) -> None:
        """F2: the other language, the log to here told again in it (as at the table)."""
        switch_language(None)
        self._sync()

    def tick(self) -> None:
        """The playback's clock: one move on (it stops at the end)."""
        if self.playing:
            self._go(self.index + 1)
            if self.at_end:
                self.playing = False

    # ------------------------------------------------------------------ the model

    def _go(self, index: int) -> None:
        self.index = max(0, min(len(self.positions) - 1, index))
        self._sync()

    def _sync(self) -> None:
        """The table's model shows this position: the public view (the hands are drawn apart,
        per point of view) and the log up to here, redacted for the point of view."""
        self.model.table.view = self.game.view(None)
        self.model.seating.room = _room(self.replay, self.index + 1)
        lines = self.said(0)
        play = ""
        for index in range(1, self.index + 1):
            said = self.said(index)
            lines += said
            play = said[0] if said else play
        self.model.transcript.replace(lines, [])
        self.model.transcript.winning_play = play if self.at_end else ""

    def said(self, index: int) -> list[str]:
        """The log lines of move ``index`` (0: the deal), as the point of view saw them, each
        seat named after who sat there then; then the seats that changed hands after it."""
        def name(seat: str) -> str:
            return clean_text(self.replay.name_of(seat, index))

        # The seats the replay showed their person leave, up to here: only theirs is a return
        # ("came back"; found play-testing, a hand that began with "Ben (bot)" in Ben's seat
        # said "Ben came back" of a leaving it never showed), as at the table (Seating.told_gone).
        told_gone: set[str] = set()
        changed = []
        for until, left, sat in self.replay.changes_of_hands():  # (in order)
            if until <= index:
                lines = seat_changes({left.seat: left.name}, {sat.seat: sat.name}, told_gone)
                changed += [lines] if until == index else []
        before = self.positions[max(0, index - 1)].game  # (as the move began: a 0 passes that way,
        # a jump-in takes the turns of the seats from the one on turn)
        # (the deal as the table told it: what the first card did too; found play-testing,
        # "First card: Red Skip", and not who lost the turn)
        events = deal_events(before) if index == 0 else list(self.positions[index].events)
        # (a turn the stand-in played is told as the table told it, each of its moves: found
        # play-testing, the replay said "Ana played Red 9" of a turn played while she was away)
        stood = self.replay.stand_in_at(index) if index else None
        if stood is not None:
            events.insert(0, StandIn(stood.seat, stood.reason))
        seat = self.seat_id
        events = events if seat is None else [e.for_seat(seat) for e in events]
        told = narrate(events, name, way=before.direction,
                       turn=before.current if index else None, seats=before.seats)
        if index:
            told = with_stack_total(told, before.pending_draw, self.positions[index].game.pending_draw)
        return told + [line for lines in changed for line in lines]


def opening_seat(replay: Replay, *, seat: str | None = None, name: str | None = None) -> int:
    """The seat (its index) whose cards a replay opens on: the viewer's own, ``seat`` (its id, at
    the table), or where a person named ``name`` played (at the end of the hand, else the seat
    they left last); else the first person's (at a host's table of bots seated first it opened
    on Bot 1's); else the first seat. (Found play-testing: `uno replay` opened on the first
    person's cards whoever opened it.)"""
    seats = replay.positions()[0].game.seats
    info = replay.info
    people = [p for p in (*info.players, *(e.player for e in reversed(info.earlier)))
              if p.kind is SeatKind.HUMAN]
    own = seat if seat in seats else next((p.seat for p in people if p.name == name), None)
    return seats.index(own or next((p.seat for p in people), seats[0]))


def _room(replay: Replay, move: int) -> RoomInfo:
    """The room the board's regions read the players' names from: who sat where for ``move``."""
    info = replay.info
    sat = [replay.player(seat, move) for seat in replay.positions()[0].game.seats]
    seats = tuple(SeatInfo(seat=p.seat, name=p.name, kind=p.kind, level=p.level)
                  for p in sat if isinstance(p, ReplayPlayer))
    rules = replay.positions()[0].game.rules
    return RoomInfo(id="replay", name=info.table, host=seats[0].name, host_seat=None,
                    max_seats=len(seats), seats=seats, spectators=0, preset="official",
                    rules={k: v for k, v in rules.to_dict().items() if v is None or
                           isinstance(v, (bool, int, float, str))},
                    turn_timeout=0, bot_delay=0, password=False, started=True)
