"""The bots of a room's match: one ``engine.bots.Bot`` per bot seat, fed the events of every
apply and deal redacted for its seat (``Event.for_seat``, the redaction the seat's view and the
publisher use), so a bot never holds more of the hand than a person in its seat would.

A seat gets its ``Bot`` when it first needs one: at the deal, when it becomes a bot (its person
left during the match), or in a room rebuilt after a restart (told the hand so far from its record,
``Room.restored``). One made mid-hand otherwise starts with a fresh tracker told only what the
seat's view shows (``Tracker.from_view``): it missed what came before and knows less of the hand.
A seat a person takes over loses its bot.

A level that searches takes a noticeable time to answer (expert: about 200 ms), too long for the
server's one trio thread: it thinks in a worker thread (``thinks_in_thread``) on its own view and
tracker; the events that arrive meanwhile wait for it (``backlog``) and are fed once it answers.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from dataclasses import dataclass, field

import engine
from engine import Game
from engine.bots import Bot, thinks_in_thread
from engine.tracker import Tracker

log = logging.getLogger("uno.server")


@dataclass
class _Player:
    bot: Bot
    thinking: bool = False
    backlog: list[list[engine.Event]] = field(default_factory=list)


class MatchBots:
    """The bots of one match, by seat."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng  # the room's bot dice: inline bots share them (the seeded tests rely on it)
        self._players: dict[str, _Player] = {}

    def new_match(self, game: Game, bot_levels: dict[str, str],
                  told: Iterable[Iterable[engine.Event]]) -> None:
        """A bot per bot seat (``bot_levels``: each one's level), told the hand from its deal
        (``told``: the events of the deal and of each apply since): a match just dealt, or one
        brought back after a restart."""
        self._players = {seat_id: _Player(self._new_bot(game, seat_id, level, from_view=False))
                         for seat_id, level in bot_levels.items()}
        for events in told:
            self.observe(game, events, skip=set())

    def sync(self, game: Game, bot_levels: dict[str, str]) -> set[str]:
        """Bring the bots in line with the seats: ``bot_levels`` is each bot seat's level (in the
        match). A seat no longer a bot's loses its bot; a bot seat without one gets a new one,
        which knows what the seat's view shows now. The seats of those new ones."""
        for seat_id in [s for s in self._players if s not in bot_levels]:
            del self._players[seat_id]
        fresh = set()
        for seat_id, level in bot_levels.items():
            player = self._players.get(seat_id)
            if player is None or player.bot.level != level:
                self._players[seat_id] = _Player(self._new_bot(game, seat_id, level))
                fresh.add(seat_id)
        return fresh

    def follow(self, game: Game, bot_levels: dict[str, str],
               batches: list[list[engine.Event]]) -> None:
        """``sync``, then the events of each apply in ``batches`` for every bot but the new
        ones (made from the view, which has them already)."""
        fresh = self.sync(game, bot_levels)
        for events in batches:
            self.observe(game, events, skip=fresh)

    def _new_bot(self, game: Game, seat_id: str, level: str, from_view: bool = True) -> Bot:
        rng = (random.Random(self._rng.getrandbits(64)) if thinks_in_thread(level)
               else self._rng)  # (a thread must not share the room's dice)
        bot = Bot(level, seat_id, game.seats, game.rules, rng)
        if from_view:
            bot.tracker = Tracker.from_view(game.view(seat_id))
        return bot

    def observe(self, game: Game, events: Iterable[engine.Event], skip: set[str]) -> None:
        """The events of one apply or deal, for every bot but those of ``skip`` (made after
        them, from the view), each redacted for its seat."""
        batch = list(events)
        for seat_id, player in self._players.items():
            if seat_id in skip:
                continue
            redacted = [event.for_seat(seat_id) for event in batch]
            if player.thinking:
                player.backlog.append(redacted)
                continue
            try:
                player.bot.observe(redacted)
            except (ValueError, KeyError):  # a memory out of step must not stop the table
                log.exception("bot %s lost track of the hand; it starts afresh", seat_id)
                player.bot = self._new_bot(game, seat_id, player.bot.level)

    def bot(self, seat_id: str) -> Bot:
        return self._players[seat_id].bot

    def is_thinking(self, seat_id: str) -> bool:
        player = self._players.get(seat_id)
        return player is not None and player.thinking

    def start_thinking(self, seat_id: str) -> Bot:
        """The bot at ``seat_id`` is about to think off the trio thread: its tracker is its own
        until ``done_thinking``."""
        player = self._players[seat_id]
        player.thinking = True
        return player.bot

    def done_thinking(self, seat_id: str) -> None:
        player = self._players.get(seat_id)
        if player is None:
            return
        player.thinking = False
        for events in player.backlog:
            player.bot.observe(events)
        player.backlog.clear()
