"""What the table did with our seat while we were not there, told in one line when we come back.

From the first turn a stand-in plays for us (the turn's time ran out), or from when our seat went
away, until we act again (pressing the away key is acting: what came before it was seen),
``AwayNews`` counts the turns played for us, the cards played (which ones) and drawn for our
seat, the hands that moved ours (a 7, a 0) and the hands won meanwhile; coming back from away,
``line`` sums them up for the log (the log alone is some eleven lines at 80×24, and the
stand-in's turns scroll out of it). A client started again while away (its terminal was
closed) counts from the room's ``history``, after the batches it was last told a summary at
(``told``, kept on disk by client/connection.py).
"""

from __future__ import annotations

import copy
import hashlib
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from engine.cards import Card
from engine.events import (
    CardPlayed,
    DrawReason,
    Drew,
    Event,
    HandEnded,
    HandsExchanged,
    HandStarted,
    MatchEnded,
    Passed,
    StandIn,
    TurnStarted,
)

from .i18n import card_name, retold, t

SHOWN_CARDS = 8  # the cards played for us that the line names; more are counted ("(+3 more)")
MATCHED_BATCHES = 3  # the last batches seen live that find our place in a room's past


class Won(NamedTuple):
    """A hand won while we were away (``hand`` its number, 0 when it is not known, None for the
    match), by ``seat``, named ``name`` then (found play-testing: hands Carla won read "Carla
    (bot) won hand 1" once she had left her seat to a bot)."""

    hand: int | None
    seat: str
    points: int
    name: str


# In the hands won: another match was dealt after the one won (found play-testing: "Bot 1 won
# hand 1 · Bot 1 won the match!" while the next match was under way, whose hand 1 would read alike)
NEW_MATCH = Won(0, "", 0, "")


@dataclass
class AwayNews:
    counting: bool = False  # since a stand-in's first turn for us, until we act
    turns: int = 0
    played: list[Card] = field(default_factory=list)
    drew: int = 0
    moved: list[str | None] = field(default_factory=list)  # whose hand we got (named then), None a 0
    won: list[Won] = field(default_factory=list)  # or NEW_MATCH: the next match's first deal
    hand: int = 0  # the hand under way (its HandEnded comes before the next deal); 0: not known
    live: bool = False  # it has seen events as they came (not only a room's history)
    last: list[tuple[Event, ...]] = field(default_factory=list)  # the last batches seen live
    # the mark of the last batches seen when a summary was last told ("" none): a client started
    # again is given it (found play-testing: killed and started again, a client told the summary
    # the one before had told, of turns played before it came back)
    told: str = ""

    def seen_live(self, events: Iterable[Event], seat: str | None, name_of: Callable[[str], str],
                  hand: int) -> None:
        """A batch as it came (``observe``), remembered to tell later what we missed."""
        batch = tuple(events)
        self.observe(batch, seat, name_of, hand)
        self.live = True
        self.last = [*self.last[-(MATCHED_BATCHES - 1):], batch]

    def missed(self, batches: list[list[Event]]) -> list[list[Event]]:
        """Of a room's recent past told on coming back, the batches after the last ones we saw
        live (a dropped link's: found play-testing, a turn the stand-in played meanwhile was
        left out of the summary). None if ours are not in it (the past was told anew after a
        server's restart): counting the past again would count our seat's cards twice."""
        if not self.last:  # (started again: after the summary the client before told, if any)
            end = next((end for end in range(len(batches), 0, -1) if self.told in (
                _mark(batches[max(0, end - n):end]) for n in range(1, MATCHED_BATCHES + 1))), 0)
            self.last = [tuple(batch) for batch in batches[-MATCHED_BATCHES:]]  # (known now)
            return batches[end:]
        tail = [list(batch) for batch in self.last]
        for end in range(len(batches), 0, -1):
            start = end - len(tail)
            if start >= 0 and batches[start:end] == tail:
                return batches[end:]
        return []

    def observe(self, events: Iterable[Event], seat: str | None, name_of: Callable[[str], str],
                hand: int | None = None) -> None:
        """One batch of events as our seat ``seat`` saw it, its seats named by ``name_of`` (who sat
        there then), ``hand`` the hand under way before it (None: the one its last deal said)."""
        if hand is not None:
            self.hand = hand
        stand_in = False  # the moves of this turn are made for us
        for event in events:
            if isinstance(event, HandStarted):
                self.hand = event.hand_number
                if self.counting and self.won and self.won[-1].hand is None:
                    self.won.append(NEW_MATCH)  # ("won hand 1" after the match's end: of which?)
            elif isinstance(event, TurnStarted):
                stand_in = False
            elif isinstance(event, StandIn) and event.seat == seat:
                if not self.counting:
                    self._restart(counting=True)
                stand_in = True
                self.turns += 1
            elif isinstance(event, HandEnded) and self.counting:
                self.won.append(Won(self.hand, event.winner, event.points, name_of(event.winner)))
            elif isinstance(event, MatchEnded) and self.counting:
                self.won.append(Won(None, event.winner, 0, name_of(event.winner)))  # (a rematch counts anew)
            elif isinstance(event, HandsExchanged) and self.counting and event.target is None:
                self.moved.append(None)
            elif isinstance(event, HandsExchanged) and self.counting and event.target is not None \
                    and seat in (event.seat, event.target):
                self.moved.append(name_of(event.target if event.seat == seat else event.seat))
            elif isinstance(event, CardPlayed | Drew | Passed) and event.seat == seat:
                if not stand_in and (not isinstance(event, Drew) or event.reason == DrawReason.DRAW):
                    self.counting = False  # our own move: we are here
                elif self.counting:
                    if isinstance(event, CardPlayed):
                        self.played.append(event.card)
                    self.drew += event.count if isinstance(event, Drew) else 0

    def line(self, me: str | None = None) -> str | None:
        """The summary since the stand-in took over or our seat went away (None if nothing of it
        happened: no turn, no hand moved or won), our seat ``me`` said as "you"; counting starts
        afresh. The cards are named, as the log names them (found play-testing: "YS G6 Y8" in
        plain mode, "cards played: W" on the full screen). It may be said again in another language
        (F2)."""
        if not self.counting or not (self.turns or self.won or self.moved):
            return None
        summed = copy.copy(self)  # (as it is now: counting afresh gives this one new lists)
        line = retold(lambda: summed._words(me))
        self._restart(counting=False)
        self.told = _mark(self.last) if self.last else self.told
        return line

    def _words(self, me: str | None) -> str:
        # (one card more is named, not counted: found play-testing, "(+1 more)" hid a card in the
        # room it took)
        limit = SHOWN_CARDS if len(self.played) > SHOWN_CARDS + 1 else len(self.played)
        shown = ", ".join(card_name(card) for card in self.played[:limit])
        more = len(self.played) - limit
        played = f"{shown} {t('more_cards', n=more)}" if more > 0 else shown
        # (what was not done is left out: found play-testing, "drawn: 0" read as noise)
        counts = [t("away_news", turns=self.turns) if self.turns else t("away_news_no_turn"),
                  *([t("away_news_played", cards=played)] if played else []),
                  *([t("away_news_drawn", n=self.drew)] if self.drew else [])]
        parts = ["; ".join(counts)]  # (";": the cards played are listed with commas, found play-testing)
        # Each seat's swaps said once, with how many (four lines alike were found play-testing).
        swaps = Counter(other for other in self.moved if other is not None)
        parts += [t("away_swapped", name=other) if n == 1
                  else t("away_swapped_n", name=other, n=n) for other, n in swaps.items()]
        rotations = self.moved.count(None)  # (a 0's: said once, with how many)
        if rotations:
            parts.append(t("away_rotated") if rotations == 1 else t("away_rotated_n", n=rotations))
        # (a client started again counts from the past it is told, which may begin mid-hand: the
        # number of that hand is not known, and was once taken for the match's end)
        for won in self.won:
            ours = "_you" if won.seat == me else ""  # ("Gil won hand 1" in Gil's own summary)
            if won == NEW_MATCH:
                parts.append(t("away_new_match"))
            elif won.hand is None:
                parts.append(t("away_match_won_you") if ours else t("ev_match_end", name=won.name))
            elif won.hand:
                parts.append(t("away_hand_won" + ours, name=won.name, n=won.hand, points=won.points))
            else:
                parts.append(t("away_a_hand_won" + ours, name=won.name, points=won.points))
        return " · ".join(parts)

    def here(self) -> None:
        """We are at the keyboard (the away key was pressed): what happened until now was seen,
        and is not counted (found play-testing: a turn the stand-in played at a timeout before
        Ana stepped away was in the summary of her time away)."""
        self._restart(counting=False)

    def stepped_away(self) -> None:
        """Our seat went away: what happens from now is counted, before the stand-in's first turn
        for us (found play-testing: away near a hand's end, the summary left out its end)."""
        if not self.counting:
            self._restart(counting=True)

    def _restart(self, counting: bool) -> None:
        self.counting, self.turns, self.played, self.drew, self.won, self.moved = counting, 0, [], 0, [], []


def _mark(batches: Iterable[Iterable[Event]]) -> str:
    """A short mark of a run of batches, the same for equal events (``AwayNews.told``)."""
    text = repr([tuple(batch) for batch in batches])
    return f"{len(text)}.{hashlib.sha256(text.encode()).hexdigest()[:16]}"
