"""Where we are: the room, our role and seat in it, the line for a seat, and the names of the
seats (kept after their players left)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from protocol import (
    DEFAULT_BOT_LEVEL,
    LEFT_MARK,
    RoomInfo,
    RoomSummary,
    SeatInfo,
    SeatKind,
    clean_text,
    left_seat_name,
)

from .i18n import instead, names_and, retold, said, t
from .rulestext import rules_changes


def left_by(seat_name: str, name: str) -> bool:
    """Whether ``seat_name`` is the bot's name for a seat ``name`` left during a match
    (``protocol.left_seat_name``: "Zoe (bot)", a digit perhaps after it)."""
    return seat_name.startswith(left_seat_name(name))


def left_to_bot(info: SeatInfo) -> bool:
    """Whether a bot plays the seat its person left (its name says "(bot)" already, a number
    perhaps after it: the server's ``left_seat_name``, made unique)."""
    name = clean_text(info.name)
    return info.kind == "bot" and whose_seat(name) != name


def standing(seats: Sequence[str], scores: Sequence[int], me: str | None,
             name_of: Callable[[str], str]) -> list[str]:
    """Every seat's points, the most first, each "name points" (ours "you 55", as the board and the
    log say it: found play-testing, the log named its reader)."""
    order = sorted(range(len(seats)), key=lambda i: -scores[i])
    return [t("points_of_you", n=scores[i]) if seats[i] == me else f"{name_of(seats[i])} {scores[i]}"
            for i in order]


def whose_seat(seat_name: str, taker: str = "") -> str:
    """Whose seat ``taker`` takes over, by name: the person's who left it, where a bot plays it for
    them ("Eva (bot)": Eva's; found play-testing, "Cid took over Eva (bot)'s seat"), else the
    seat's (and where that person is the taker: "Luis took over Luis (bot)'s seat", to one who
    never saw him leave)."""
    person, mark, number = seat_name.rpartition(LEFT_MARK)
    left = mark and (not number or number.strip().isdigit())
    return person if left and person != taker else seat_name


def levels_line(room: RoomInfo | None) -> str:
    """The bots' levels, said at a match's first deal: "" if none is other than the default
    (``normal``: the table's own choice, said nowhere) or it has no bots. The seats' row shows
    them only where it has room (found play-testing: at 80 columns nothing at the table said
    which bot was the expert). A bot that plays for one who left is not one the table chose."""
    bots = [info for info in room.seats if info.kind == "bot" and info.level and not left_to_bot(info)] \
        if room is not None else []
    if all(info.level == DEFAULT_BOT_LEVEL for info in bots):
        return ""
    levels = {str(info.level): t(f"level_{info.level}") for info in bots}
    if len(bots) == 1:
        return t("ev_match_bot_level", name=clean_text(bots[0].name), level=levels[str(bots[0].level)])
    if len(levels) == 1:
        return t("ev_match_bots_level", level=next(iter(levels.values())))
    named = {level: [clean_text(info.name) for info in bots if info.level == level] for level in levels}
    return t("ev_match_bots_levels", levels="; ".join(f"{names_and(names)} {levels[level]}"
                                                  for level, names in named.items()))


def seat_changes(before: Mapping[str, Any], after: Mapping[str, Any], told_gone: set[str]) -> list[str]:
    """The log's lines for the seats whose names changed between two batches of the past: a
    person took over a bot's seat (or a seat left by one), or left it to a bot (the server names
    that bot after them: ``protocol.left_seat_name``, "Zoe (bot)"). Joining the room late, one
    is told them as the players were (``Seating.update`` sees each seat's kind too), and the
    past makes sense: "Bot 1 played…" then "Eve played…"; a replay tells them where they
    happened (client/replayer.py). ``told_gone``: the seats whose person the reader was told
    left (``Seating.told_gone``; a replay's, those it showed leave), kept up to date here; of
    any other, a return is not "came back" but a person taking over the bot's seat."""
    lines = []
    for seat, name in after.items():
        old = before.get(seat)
        if not isinstance(old, str) or not isinstance(name, str) or old == name:
            continue
        old, name = clean_text(old), clean_text(name)
        if left_by(name, old):
            lines.append(said("ev_left_to_bot", name=old))
        elif left_by(old, name) and seat in told_gone:  # (back in the seat they had left)
            lines.append(said("ev_back", name=name))
        else:
            lines.append(said("ev_took_seat", name=name, bot=whose_seat(old, name)))
        if left_by(name, old):
            told_gone.add(seat)
        else:
            told_gone.discard(seat)
    return lines


def _seat_name(seat: str | None, seats: Sequence[SeatInfo], known: Mapping[str, SeatInfo],
               marked: bool = True) -> str:
    """``Seating.name_of`` from the room's ``seats`` and the seats ``known`` before."""
    if seat is None:
        return "?"
    for info in seats:
        if info.seat == seat:
            return clean_text(info.name)
    seen = known.get(seat)
    if seen is not None:
        name = clean_text(seen.name)
        return name if seen.kind == "bot" or not marked else f"{name} ({t('gone')})"
    return f"#{clean_text(seat)}"


class Seating:
    def __init__(self) -> None:
        self.room: RoomInfo | None = None
        self.role: str | None = None
        self.seat: str | None = None
        # seat id -> the seat as last seen (its name, and whether a bot held it), kept after
        # the seat's player left
        self.known: dict[str, SeatInfo] = {}
        # The seats whose person we told went away or left to a bot: a return is news ("came
        # back") only of them (found play-testing: a newcomer read "Ben came back" of a Ben it
        # never saw go; the room it joined, its first, is how things were, not news)
        self.told_gone: set[str] = set()
        # The seats whose drop we told ("Luis lost the connection"): a reconnection is news only
        # of them; and while our own link comes back (``rejoining``, until the server seats us
        # again) the others' links are not news: they dropped with ours. (Found play-testing: after
        # the server restarted, each log said "Luis lost the connection", "Luis is connected
        # again" of every person, and nothing of the restart.)
        self.told_dropped: set[str] = set()
        self.rejoining = False
        self.came_back = False  # the last ``joined`` ended a ``rejoining`` (the past told next)
        # a late arrival: asked for a seat on joining; place in the line for one (0: not in
        # it) and the bot's seat reserved for the next hand
        self.want_seat = False
        self.queue_position = 0
        self.queue_seat: str | None = None
        # the log's line of a bot's seat just taken ("You took over Bot 3's seat…"): added
        # after the past that the server sends after the seat (``history``), which the log
        # becomes
        self.took_seat_line = ""
        self.won_before_us = ""  # who held our seat when the hand on the board was won ("": we did)
        self.rules_news = ""  # the log's line of the host's new rules, from the last update ("": none)
        self.bot_cursor = 0  # the host's pick in the waiting room, among ``pickable`` seats
        # bot seat -> the level the host last asked for it, until the room shows it: a key
        # pressed again before the room's answer steps on from there (quick presses were lost)
        self.levels_asked: dict[str, str] = {}
        # started again: the room where our seat was, its token resuming nothing ("": none); the
        # lobby's first list tells whether a bot plays it in our place (``given_up_seat``)
        self.seat_given_up_in = ""

    def given_up_seat(self, rooms: Sequence[RoomSummary], name: str) -> RoomSummary | None:
        """The room of ``seat_given_up_in`` among ``rooms``, when it has no password and a bot
        plays our seat there in our place ("Diego (bot)"), or its match has not started (the
        host freed our seat while we were gone; found play-testing: back in the lobby, told
        nothing): asked once."""
        room_id, self.seat_given_up_in = self.seat_given_up_in, ""
        return next((room for room in rooms if room.id == room_id and not room.password and (
            not room.started or any(left_by(seat.name, name) for seat in room.seated))), None)

    @staticmethod
    def kept_for_us(room: RoomInfo, name: str) -> SeatInfo | None:
        """The seat a bot plays in our place at ``room`` ("Diego (bot)"), if any."""
        return next((seat for seat in room.seats if seat.kind == "bot" and left_by(seat.name, name)), None)

    @property
    def is_host(self) -> bool:
        return self.room is not None and self.seat is not None and self.room.host_seat == self.seat

    @property
    def away(self) -> bool:
        """Whether the server marked our seat away: the stand-in plays it until we are back."""
        if self.room is None or self.seat is None:
            return False
        return any(info.seat == self.seat and info.away for info in self.room.seats)

    @property
    def everyone_away(self) -> bool:
        """Whether every person seated at our table is away (the server deals no hand then)."""
        people = [info for info in self.room.seats if info.kind == "human"] if self.room else []
        return bool(people) and all(info.away for info in people)

    @property
    def match_on(self) -> bool:
        """Whether our table's match has started (and not ended)."""
        return self.room is not None and self.room.started

    @property
    def seated(self) -> bool:
        """Whether we hold a seat at a table (a match on, or not)."""
        return self.room is not None and self.seat is not None and self.role == "player"

    @property
    def seated_in_match(self) -> bool:
        """Whether we hold a seat in a match on (one a spectator in the line does not have)."""
        return self.match_on and self.role == "player"

    @property
    def can_host_command(self) -> bool:
        """The host of a table not started yet (start, add or remove a bot)."""
        return self.is_host and self.room is not None and not self.room.started

    @property
    def pickable(self) -> list[SeatInfo]:
        """The seats the host's ↑↓ picks among in the waiting room: the bots (b: its level; -
        removes it) and the people whose connection dropped (-: frees the seat; found
        play-testing, nothing could free it, and the match would wait out each of its turns)."""
        if self.room is None:
            return []
        return [s for s in self.room.seats if s.kind == "bot" or (not s.connected and s.seat != self.seat)]

    @property
    def picked_seat(self) -> SeatInfo | None:
        """The seat the host has picked in the waiting room (the first, unless ↑↓ moved on)."""
        seats = self.pickable
        return seats[min(self.bot_cursor, len(seats) - 1)] if seats else None

    @property
    def host_pick(self) -> str | None:
        """The seat the host's pick rests on, while the host can act on it (else None)."""
        seat = self.picked_seat if self.can_host_command else None
        return seat.seat if seat is not None else None

    @property
    def picked_bot(self) -> SeatInfo | None:
        """The picked seat, if a bot holds it."""
        seat = self.picked_seat
        return seat if seat is not None and seat.kind == "bot" else None

    @property
    def offline(self) -> SeatInfo | None:
        """The first seat, not ours, of someone whose connection dropped (or who quit)."""
        return next((s for s in self.pickable if s.kind != "bot"), None)

    def level_asked(self, bot: SeatInfo) -> str | None:
        """The bot's level as the host last asked for it (its level, if nothing is on the way)."""
        return self.levels_asked.get(bot.seat, bot.level)

    def pick_bot(self, delta: int) -> None:
        count = len(self.pickable)
        if count:
            self.bot_cursor = (min(self.bot_cursor, count - 1) + delta) % count

    def name_of(self, seat: str | None, marked: bool = True) -> str:
        """A seat's name; one whose player has gone keeps the name they had, marked as gone
        (unless not ``marked``: "★ Ben (gone) wins the match!" read oddly, found play-testing).
        A bot's seat gone (a newcomer sat down in its place between matches, or the host removed
        it) keeps the bot's name alone: the match just played was the bot's (found play-testing:
        "Bot 1 (gone)" on the board of the match it had played, after Zoe sat down for the
        rematch)."""
        return _seat_name(seat, self.room.seats if self.room is not None else (), self.known, marked)

    def names_kept(self) -> Callable[[str], str]:
        """``name_of`` as the seats are now, for a log line told again later (F2), when they may
        have changed hands."""
        seats, known = self.room.seats if self.room is not None else (), dict(self.known)
        return lambda seat: _seat_name(seat, seats, known)

    def seat_named(self, typed: str, seats: Sequence[str]) -> str | None:
        """Which of ``seats`` ``typed`` names: its player's whole name, or the start of one name
        alone, case aside (whom a 7 swaps with, in plain mode: found play-testing, a name typed
        there was not understood)."""
        want = typed.strip().casefold()
        names = {seat: self.name_of(seat).casefold() for seat in seats}
        found = ([seat for seat, name in names.items() if name == want]
                 or [seat for seat, name in names.items() if want and name.startswith(want)])
        return found[0] if len(found) == 1 else None

    def joined(self, room: RoomInfo, role: str, seat: str | None) -> None:
        if self.room is None or self.room.id != room.id:
            self._forget_seats()
        self.room, self.role, self.seat = room, role, seat
        self.came_back, self.rejoining = self.rejoining, False
        self.levels_asked = {}
        self._remember_seats(room)
        if role == "player":
            self.queue_position, self.queue_seat = 0, None

    def update(self, room: RoomInfo, plain: bool = False) -> list[str]:
        """A new state of the room; the log lines for what others did (joined, left, dropped,
        came back, went away) and who is the host now; ``plain``: in plain mode's words."""
        old, self.room = self.room, room
        self.rules_news = ""
        shown = {(info.seat, info.level) for info in room.seats if info.kind == "bot"}
        bots = {seat for seat, _level in shown}
        self.levels_asked = {seat: level for seat, level in self.levels_asked.items()
                             if seat in bots and (seat, level) not in shown}
        if old is None or old.id != room.id:
            self._forget_seats()
            self._remember_seats(room)
            return []
        self._remember_seats(room)
        before = {s.seat: s for s in old.seats}
        after = {s.seat: s for s in room.seats}
        lines = []  # (those gone first: found play-testing, "Ben sat down", then "Bot 3 left" of his seat)
        for seat, info in before.items():
            if seat not in after:  # (one offline did not leave: the host, or the rematch, freed
                # the seat; found play-testing, "Ben left" of Ben whose terminal had died)
                gone = "ev_freed" if info.kind == "human" and not info.connected else "ev_left"
                lines.append(said(gone, name=clean_text(info.name)))
                self.told_gone.discard(seat)
        for seat, info in after.items():
            prev = before.get(seat)
            if seat == self.seat:  # (what others did is told by name; of ourselves, only this)
                if prev is not None and prev.away != info.away:
                    went = "plain_ev_you_went_away" if plain else "ev_you_went_away"
                    lines.append(said(went if info.away else "ev_you_came_back"))
                continue
            name = clean_text(info.name)
            if prev is None:
                lines.append(said("ev_joined", name=name))
            elif prev.kind == "bot" and info.kind == "human":
                bot = clean_text(prev.name)
                # (one from the line, at once: "Cid took over Eve's seat" in the place of "Eve left:
                # a bot plays the seat", found play-testing, which it contradicted)
                lines.append(said("ev_back", name=name) if left_by(bot, name) and seat in self.told_gone
                             else instead(said("ev_took_seat", name=name, bot=whose_seat(bot, name)),
                                          f"seat {seat}"))
                self.told_gone.discard(seat)
            elif prev.kind == "human" and info.kind == "bot":  # left, or not back for the next match
                # (one whose link was down did not leave: found re-checking, "Raúl left" of Raúl frozen)
                gone = "ev_left_to_bot" if prev.connected else "ev_gone_to_bot"
                lines.append(instead(said(gone, name=clean_text(prev.name)), f"seat {seat}"))
                self.told_gone.add(seat)
            elif prev.kind == info.kind == "bot" and prev.level != info.level and info.level:
                if room.host_seat != self.seat:  # (the host's own change shows in the seat's row)
                    lines.append(instead(said("ev_bot_level", name=name, level=said("level_" + info.level)),
                                         f"level {seat}"))
            elif info.kind == "human" and prev.name != info.name:  # left, and the first in line sat
                lines += [said("ev_left", name=clean_text(prev.name)),
                          said("ev_took_seat", name=name, bot=clean_text(prev.name))]
                self.told_gone.discard(seat)
            elif prev.connected and not info.connected:  # (closed on purpose, or the link failed)
                if not self.rejoining:
                    lines.append(said("ev_quit" if info.quit else "ev_dropped", name=name))
                    self.told_dropped.add(seat)
            elif not prev.connected and info.connected:  # (perhaps still away: not "came back")
                lines += [said("ev_reconnected", name=name)] if seat in self.told_dropped else []
                self.told_dropped.discard(seat)
            elif not prev.away and info.away:
                lines += [self.went_away(info)]
            elif prev.away and not info.away:  # (away before we came: nothing new to us)
                lines += [said("ev_back", name=name)] if seat in self.told_gone else []
                self.told_gone.discard(seat)
        changes = rules_changes(old, room)
        if changes:  # (the host's set_rules: in the waiting room, or for the next match)
            ours = self.seat is not None and room.host_seat == self.seat
            self.rules_news = retold(lambda: t("ev_you_changed_rules" if ours else "ev_rules_changed",
                                               name=clean_text(room.host),
                                               rules=", ".join(rules_changes(old, room))))
            lines.append(self.rules_news)
        if room.host_seat != old.host_seat and room.host_seat is not None:
            lines.append(said("ev_you_host") if room.host_seat == self.seat
                         else said("ev_new_host", name=clean_text(room.host)))
        if room.queue > old.queue and self.seat is not None:  # (found play-testing: only the
            # header's count said it, and a host who could free a seat for them did not see it)
            lines.append(said("ev_line_one") if room.queue == 1 else said("ev_line", n=room.queue))
        return lines

    def away_on_joining(self) -> list[str]:
        """The log's lines for the people away in the room as we joined it (a bot plays their
        turns), noted as told: their return is news. (Found play-testing: Zoe, seated between two
        matches beside Ben, still away from the match before, read the stand-in's turns "Ben was
        away: …" and nothing when he came back.)"""
        room = self.room
        if room is None:
            return []
        away = [info for info in room.seats if info.away and info.seat != self.seat]
        self.told_gone.update(info.seat for info in away)
        return [said("ev_away_before", name=clean_text(info.name)) for info in away]

    def went_away(self, info: SeatInfo, before: bool = False) -> str:
        """The log's line that the person at seat ``info`` is away (a bot plays their turns),
        noted as told: their return is news. ``before``: away before the past we were told
        began, said so (found play-testing: "Carl was marked away", told as news to one arriving
        long after)."""
        self.told_gone.add(info.seat)
        # (its link down: found play-testing, Tomás out of his Wi-Fi's range read to the others
        # as if he had stepped away)
        key = "ev_away_before" if before else "ev_went_away" if info.connected else "ev_away_offline"
        return said(key, name=clean_text(info.name))

    def left(self) -> None:
        self.room = None
        self.role = self.seat = None
        self.queue_position, self.queue_seat, self.want_seat = 0, None, False
        self.won_before_us = ""

    def leave_consequence(self) -> str:
        """What leaving does to the table, as the server handles it (server/room.py ``leave``):
        during a match a bot takes the seat; the host's role passes to another person; a table
        left with nobody but bots closes."""
        room = self.room
        if room is None:
            return ""
        if self.seat is None:
            return t("leave_watch")
        others = [s for s in room.seats if s.kind == "human" and s.seat != self.seat]
        if not others and not room.spectators:
            return t("leave_closes")
        # (found play-testing: told "a bot plays your seat", Kim, waiting in line, took it; and
        # "a bot plays your seat … someone in line may take it" read as a contradiction)
        line = "leave_line" if room.queue else ""
        if line and room.started and room.late_join == "next_hand":  # (each in line has a bot's seat
            # at the next hand: ours goes to one only if none is left for them; found re-checking,
            # Dan, in line for Bot 2's, did not take Bea's)
            bots = sum(1 for s in room.seats if s.kind == "bot")
            line = "leave_line_next_hand" if room.queue > bots else ""
        consequence = t(line or ("leave_bot" if room.started else "leave_free"))
        heir = next((s for s in others if s.connected), None)
        return consequence + (" " + t("leave_new_host", name=clean_text(heir.name))
                       if self.is_host and heir is not None else "")

    def spectator_hint(self, me: str) -> str:
        """What a spectator (named ``me``) can do about a seat, or where they are in the line
        for one."""
        room = self.room
        if self.queue_position:
            if self.queue_seat is not None:
                name = self.name_of(self.queue_seat)  # (our own, left to a bot: found
                # play-testing, "You take Eve (bot)'s seat" read by Eve)
                # (a table of single hands: found play-testing, "at the next hand" was its rematch)
                match = "_match" if room is not None and room.rules.get("target_score", 0) is None else ""
                return (t("queued_own_seat" + match) if left_by(name, me)
                        else t("queued_seat" + match, name=whose_seat(name, me)))
            if room is not None and room.started and not any(s.kind == "bot" for s in room.seats):
                # (no bot's seat to take over: found play-testing, Mo waited a whole match unsaid)
                return t("queued_line_people", n=self.queue_position)
            return t("queued_line", n=self.queue_position)
        if room is None:
            return t("spectating")
        if self.seat_means_line:
            return t("spectator_wait")
        if not room.started:
            return t("spectator_sit")
        return t("spectator_take_next_hand" if room.late_join == "next_hand" else "spectator_take")

    @property
    def seat_means_line(self) -> bool:
        """Whether a spectator asking for a seat now gets a place in line: no seat is free
        before the start, and no bot's seat is there to take during a match."""
        room = self.room
        if room is None or any(s.kind == "bot" for s in room.seats):
            return False
        return room.started or len(room.seats) >= room.max_seats

    def _forget_seats(self) -> None:
        """Another room: what we knew and told of the last one's seats is not of this one."""
        self.known, self.told_gone, self.told_dropped = {}, set(), set()

    def _remember_seats(self, room: RoomInfo) -> None:
        for info in room.seats:
            self.known[info.seat] = info

    def ours_then(self, then: Mapping[str, Any]) -> str | None:
        """Our seat, if it was ours when the seats' names were ``then`` (``history.names``), else
        None. Our seat's past is ours only while we sat in it: a seat taken over (or a bot's
        turns while we had left it) is told in the third person (found play-testing)."""
        me = self.seat
        if me is None:
            return None
        sat_then = then.get(me)
        return me if not isinstance(sat_then, str) or clean_text(sat_then) == self.name_of(me) else None

    def name_then(self, then: Mapping[str, Any],
                  now: Callable[[str], str] | None = None) -> Callable[[str], str]:
        """Names for a batch of the past: who sat at each seat then (``history.names``), else
        the name known now (``now``: as ``names_kept`` kept it)."""
        known_now = now or self.name_of

        def name(seat: str) -> str:
            known = then.get(seat)
            return clean_text(known) if isinstance(known, str) and known else known_now(seat)
        return name

    def remember_names(self, past: Sequence[Mapping[str, Any]], me: str) -> None:
        """The names of the seats the past told names (``history.names``, the newest last) and
        that we never saw (found play-testing: Jo, arriving at a match's end whose bots' seats
        had just gone to newcomers, read "#3 won the match"). Told as a bot's: the match was played
        in them, and who plays them now sits in other seats; but our own (``me``), gone with us
        (found play-testing: Ben, who had declined the rematch, came back to watch and read his
        old seat as "Ben", as if he still sat there)."""
        last = {seat: name for names in past for seat, name in names.items() if isinstance(name, str)}
        now = {info.seat for info in self.room.seats} if self.room is not None else set()
        for seat, name in last.items():
            if seat not in now and seat not in self.known:
                kind = SeatKind.HUMAN if clean_text(name) == me else SeatKind.BOT
                self.known[seat] = SeatInfo(seat=seat, name=name, kind=kind)
