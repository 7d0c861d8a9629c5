"""The log: what happened at the table, one line per change, in the player's language.

A change arrives as a list of events; ``narrate`` joins them into one line such as
"Ana played Red Draw Two — Luis drew 2 — Luis lost the turn"; on Luis's own screen, "Ana played
Red Draw Two — you drew 2 — you lost the turn" (client/logtexts.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine import events as ev
from engine.cards import Card, Rank

from .cardorder import card_sort_key
from .i18n import card_name, color_name, names_and, t

Names = Callable[[str], str]


_OWN_DRAWS = (ev.DrawReason.DRAW, ev.DrawReason.KEEP_DRAWING)  # (a draw the stand-in chose: "the bot drew")


def narrate(events: Iterable[ev.Event], name: Names, me: str | None = None,
            turn: str | None = None, way: int | None = None, *,
            seats: Sequence[str] | None = None) -> list[str]:
    """Log lines for one batch of events (usually one line; a hand's end adds its own). UNO said
    with a card comes as its own ``uno_called`` event, after the ``card_played``. ``me``: our
    seat, whose stand-in turns read "a bot played your turn"; ``turn``: whose turn it was as the
    batch began, which a jump-in takes ("taking Ana's turn"; the live log knows it), with
    ``seats``, the seats in their order, to tell whose turns it took (``turns_taken``); ``way``: the
    direction of play as it began (1 clockwise, -1 not; None: not known), which a 0 passes the
    hands in (R15)."""
    parts: list[str] = []
    lines: list[str] = []
    # The seat whose turn the stand-in plays: "— the bot played Red 6", not "You played" (nor
    # "Luis played", after "Luis was away: a bot played the turn": found play-testing)
    stood_in: str | None = None
    drew: str | None = None  # the seat whose draw the last part says: its pass joins it
    played: str | None = None  # the seat whose play the last part says: its 7's swap joins it
    jumped = False  # that play was a jump-in
    head, head_key = "", ""  # the stand-in's line (why a bot plays the turn), and its key
    for event in events:
        way = way_after((event,), way)
        if isinstance(event, ev.StandIn):
            stood_in = event.seat
        elif isinstance(event, ev.TurnStarted):
            stood_in = None
        # (what befalls the seat is said of it: "— Luis drew 4 — Luis lost the turn", "you hold
        # Luis's now", not "the bot lost the turn", "you hold the bot's now": found play-testing)
        befalls = isinstance(event, ev.Skipped | ev.StandIn | ev.HandEnded | ev.MatchEnded) or (
            isinstance(event, ev.HandsExchanged) and event.target is None) or (
            isinstance(event, ev.Drew) and event.reason not in _OWN_DRAWS)
        said_me = me  # (whose lines say "you")
        # The stand-in's first doing joins the line that says why: "Luis was away: a bot played
        # Red 7", not "… a bot played the turn — the bot played Red 7" (found play-testing)
        first = stood_in is not None and not befalls and bool(parts) and parts[-1] == head
        text: str | None
        if stood_in is not None and isinstance(event, ev.UnoCalled) and event.seat == stood_in:
            # ("— the bot: UNO!" read oddly: found re-checking; said for the seat, as it is)
            text = t("ev_uno_for_you") if stood_in == me else t("ev_uno_for", name=name(stood_in))
        elif stood_in is not None and not befalls:
            def stand_in(seat: str, bot: str = stood_in, first: bool = first) -> str:
                return t("stand_in_first" if first else "stand_in_name") if seat == bot else name(seat)
            if stood_in != me:  # (what it does to us still says "you": "— you drew 2")
                text = _one(event, stand_in, me, turn, way, seats=seats)
            else:  # our turn: "the bot played", not "You played"; but a 0 it played for us
                rotated = isinstance(event, ev.HandsExchanged) and event.target is None
                said_me = me if rotated else None
                text = _one(event, stand_in, said_me, way=way,
                            seats=seats if rotated else None)  # says whose hand we hold
        else:
            text = _one(event, name, me, turn, way, seats=seats)
        if isinstance(event, ev.TurnStarted):
            turn = event.seat
        if text is None:
            continue
        if isinstance(event, ev.StandIn):
            head, head_key = text, _stand_in_key(event, me)
        elif first:
            assert stood_in is not None
            doing = _lower_first(text) if isinstance(text, _Lower) else text  # ("Away: the discards…")
            parts[-1] = t(head_key + "_doing", name=name(stood_in), doing=doing)
            head = ""
            drew = event.seat if isinstance(event, ev.Drew) else None
            played, jumped = (event.seat if isinstance(event, ev.CardPlayed) else None), False
            continue
        if isinstance(event, ev.Passed | ev.Skipped) and parts and drew == event.seat:
            # "Bot 1 drew a card and passed", not "Bot 1 drew a card — Bot 1 passed" (found
            # play-testing, in Spanish: "Bot 1 robó una carta — Bot 1 pasó")
            kind = "ev_and_passed" if isinstance(event, ev.Passed) else "ev_and_skipped"
            parts[-1] += t(kind + ("_you" if event.seat == said_me else ""))
            drew = None
            continue
        if (isinstance(event, ev.HandsExchanged) and event.target is not None and parts
                and played == event.seat and not jumped):  # "Ana played Red 7 and swapped hands
            # with you", not "… — Ana swapped hands with you" (found play-testing, in Spanish); but
            # after a jump-in's "…: Dani and you miss a turn" a clause of its own (found
            # play-testing: "… miss a turn and swapped hands with you" read as if they swapped)
            whose = "_you" if event.seat == said_me else "_to_you" if event.target == said_me else ""
            parts[-1] += t("ev_and_swapped" + whose, target=name(event.target))
            continue
        drew = event.seat if isinstance(event, ev.Drew) else None
        played = event.seat if isinstance(event, ev.CardPlayed) else None
        jumped = isinstance(event, ev.CardPlayed) and event.jump_in
        if isinstance(event, ev.HandStarted | ev.HandEnded | ev.MatchEnded):
            if parts:
                lines.append(" — ".join(parts))
                parts = []
            lines.append(text)
        else:
            parts.append(_lower_first(text) if parts and isinstance(text, _Lower) else text)
    if parts:
        lines.append(" — ".join(parts))
    return lines


def with_stack_total(lines: list[str], pending_before: int, pending_after: int) -> list[str]:
    """``lines`` of a move, the last with the cards now to draw if the move stacked a draw card
    on one pending ("Luis played Green Draw Two — stacked: 8 to draw"; the log said only the
    card, and the count showed at the draw: found play-testing)."""
    if lines and 0 < pending_before < pending_after:
        return [*lines[:-1], f"{lines[-1]} — {t('ev_stacked', n=pending_after)}"]
    return lines


def _drawn(cards: Iterable[Card]) -> str:
    """The cards drawn, as a list ("Blue 2, Red 8"; in Spanish each with its article: "2 azul,
    8 rojo" read as two blue cards and eight red ones, found play-testing)."""
    return names_and([t("drawn_card", card=card_name(card)) for card in cards])


_DRAW_RANKS = {Rank.DRAW_TWO: 2, Rank.WILD_DRAW_FOUR: 4}
_PAID = (ev.DrawReason.DRAW_TWO, ev.DrawReason.WILD_DRAW_FOUR, ev.DrawReason.CHALLENGE)


def pending_after(events: Iterable[ev.Event], pending: int) -> int:
    """The cards to draw after ``events``, from ``pending`` before them: a draw card adds its
    own, the draw that pays them (or a challenge's) ends them; for the past told, which has no
    views to read it from (found play-testing: "— stacked: 4 to draw" said live was not said
    again to one who came back)."""
    for event in events:
        if isinstance(event, ev.HandStarted):
            pending = 0
        elif isinstance(event, ev.CardPlayed):
            pending += _DRAW_RANKS.get(event.card.rank, 0)
        elif isinstance(event, ev.Drew) and event.reason in _PAID:
            pending = 0
    return pending


def way_after(events: Iterable[ev.Event], way: int | None) -> int | None:
    """The direction of play after ``events``, from ``way`` before them (None: not known): a deal
    sets it, a Reverse turns it."""
    for event in events:
        if isinstance(event, ev.HandStarted | ev.DirectionChanged):
            way = event.direction
    return way


def way_at_start(batches: Iterable[Iterable[ev.Event]], now: int | None) -> int | None:
    """The direction of play as the first of ``batches`` began: the other way from the first
    Reverse's (it turns it), else ``now`` (the direction as the table shows it) where no deal
    nor Reverse came since; None before a deal (another hand's)."""
    for events in batches:
        for event in events:
            if isinstance(event, ev.HandStarted):
                return None
            if isinstance(event, ev.DirectionChanged):
                return -event.direction
    return now


def way_name(way: int | None) -> str:
    """A direction of play as the table shows it ("↻ clockwise"); not known, "in the direction
    of play"."""
    if way is None:
        return t("dir_of_play")
    return t("dir_cw" if way == 1 else "dir_ccw")


class _Lower(str):
    """A line that goes on in lower case after a dash: our own doing, in the second person
    ("Luis played Red 7 — you drew 2"), or one that names nobody ("— direction reversed")."""

    __slots__ = ()


def _stand_in_key(event: ev.StandIn, me: str | None) -> str:
    """The key of the line that says why a bot plays ``event``'s turn (our own in the second
    person: "Time's up for Fay: the turn was played for them", in Fay's log, read as another's)."""
    key = "ev_stand_in_away" if event.reason == "away" else "ev_stand_in_timeout"
    return key + "_you" if event.seat == me else key


def _lower_first(text: str) -> str:
    """``text`` with its first letter in lower case ("¡Dijiste UNO!" → "¡dijiste UNO!")."""
    at = next((i for i, c in enumerate(text) if c.isalpha()), 0)
    return text[:at] + text[at:at + 1].lower() + text[at + 1:]


def _said(key: str, seat: str, me: str | None, name: Names, target: str | None = None,
          **kw: object) -> str:
    """The line ``key`` of ``seat``'s doing (to ``target``): in the second person when that seat
    is ours (``key + "_you"``) or the one done to is (``key + "_to_you"``). Such a line goes on in
    lower case after a dash unless it starts with the other seat's name ("Luis caught you")."""
    if seat == me:
        other = name(target) if target else ""
        text = t(key + "_you", name=name(seat), target=other, **kw)
    elif target is not None and target == me:
        other = name(seat)
        text = t(key + "_to_you", name=other, target=name(target), **kw)
    else:
        return t(key, name=name(seat), target=name(target) if target else "", **kw)
    return text if other and text.lstrip("¡¿").startswith(other) else _Lower(text)


def turns_taken(jumper: str, turn: str | None, way: int | None,
                seats: Sequence[str] | None) -> list[str] | None:
    """The seats whose turn a jump-in took (R15: play goes on from the jumper): those from the
    seat whose turn it was up to the jumper, the way play goes; none when the jumper sits just
    before that seat, whose turn then comes straight back (found play-testing: "taking Zoe's
    turn", and Zoe played next). None: not known."""
    if turn is None or way is None or seats is None or jumper not in seats or turn not in seats:
        return None
    at, end, count = seats.index(turn), seats.index(jumper), len(seats)
    if (end + way) % count == at:
        return []
    taken = []
    while at != end:
        taken.append(seats[at])
        at = (at + way) % count
    return taken


def _jump_in(seat: str, card: str, name: Names, me: str | None, turn: str | None, way: int | None,
             seats: Sequence[str] | None, reverse: bool = False) -> str:
    """A jump-in's line: whose turns it took, when known. A Reverse (at three seats or more)
    sends play back to the last of those: its turn is not taken (found play-testing: "Lola and
    you miss a turn — direction reversed. Your turn.")."""
    taken = turns_taken(seat, turn, way, seats)
    if taken and reverse and seats is not None and len(seats) > 2:
        taken = taken[:-1]
    if taken is None:  # (not known: the turn it played)
        if turn is not None and turn != seat:
            return _said("ev_jump_in_turn", seat, me, name, target=turn, card=card)
        return _said("ev_jump_in", seat, me, name, card=card)
    if len(taken) == 1:
        return _said("ev_jump_in_turn", seat, me, name, target=taken[0], card=card)
    if not taken:
        return _said("ev_jump_in_first", seat, me, name, card=card)
    targets = names_and([t("you") if s == me else name(s) for s in taken])
    if seat == me:
        return _Lower(t("ev_jump_in_turns_you", card=card, targets=targets))
    return t("ev_jump_in_turns", name=name(seat), card=card, targets=targets)


def _one(event: ev.Event, name: Names, me: str | None, turn: str | None = None,
         way: int | None = None, *,
         seats: Sequence[str] | None = None) -> str | None:
    if isinstance(event, ev.HandStarted):
        return _said("ev_hand", event.dealer, me, name, n=event.hand_number)
    if isinstance(event, ev.StartingCard):
        key = "ev_start_returned" if event.returned else "ev_start_card"
        return t(key, card=card_name(event.card))
    if isinstance(event, ev.CardPlayed):
        seat, card = event.seat, card_name(event.card)
        if event.jump_in:  # (whose turn it took, when known: found play-testing)
            return _jump_in(seat, card, name, me, turn, way, seats, event.card.rank is Rank.REVERSE)
        if event.card.is_wild:
            return _said("ev_played_wild", seat, me, name, card=card, color=color_name(event.color))
        return _said("ev_played", seat, me, name, card=card)
    if isinstance(event, ev.Drew):
        seat = event.seat
        if event.reason == "draw" and event.count > 1:  # R9: the rule, not a choice, drew them
            if event.cards:  # (still our line in lower case after a dash, as _said makes it:
                # found play-testing, "… new draw pile — You drew 6 until a card could be played")
                return _said("ev_drew_until_cards", seat, me, name, n=event.count,
                             card=t("drawn_card", card=card_name(event.cards[-1])),
                             cards=_drawn(event.cards[:-1]))
            return _said("ev_drew_until", seat, me, name, n=event.count)
        if event.cards:
            return _said("ev_drew_you", seat, me, name, cards=_drawn(event.cards))
        counted = t("counted_card") if event.count == 1 else t("counted_cards", n=event.count)
        if event.reason == "uno_penalty":
            return _said("ev_drew_penalty", seat, me, name, cards=counted)
        if event.reason == "false_catch":
            return _said("ev_drew_false", seat, me, name, cards=counted)
        if event.count == 1 and event.reason == "keep_drawing":  # (R9: a choice, not the rule's;
            return _said("ev_drew_more", seat, me, name)  # found play-testing, read as a bug)
        if event.count == 1:
            return _said("ev_drew_one", seat, me, name)
        return _said("ev_drew_n", seat, me, name, n=event.count)
    if isinstance(event, ev.DrawSkipped):
        return _Lower(t("ev_draw_skipped"))
    if isinstance(event, ev.Reshuffled):
        return _Lower(t("ev_reshuffled"))
    if isinstance(event, ev.Passed):
        return _said("ev_passed", event.seat, me, name)
    if isinstance(event, ev.Skipped):
        return _said("ev_skipped", event.seat, me, name)
    if isinstance(event, ev.DirectionChanged):
        return _Lower(t("ev_direction", dir=way_name(event.direction)))
    if isinstance(event, ev.ColorChosen):
        return _said("ev_color", event.seat, me, name, color=color_name(event.color))
    if isinstance(event, ev.Challenged):
        key = "ev_challenge_guilty" if event.guilty else "ev_challenge_innocent"
        line = _said(key, event.seat, me, name, event.target)
        if event.hand is not None:  # we challenged, or were challenged: the hand shown (Mattel)
            cards = sorted(event.hand, key=card_sort_key)
            shown = _said("ev_challenge_shown", event.seat, me, name, event.target,
                          cards=_drawn(cards))
            # (after the dash in lower case unless it starts with a name: "Mano de Bot 3, mostrada
            # a Pat" read so in a replay, found play-testing)
            named = event.target is not None and shown.startswith(name(event.target))
            joined = line + " — " + (shown if named else _lower_first(shown))
            return _Lower(joined) if isinstance(line, _Lower) else joined
        return line
    if isinstance(event, ev.UnoCalled):
        return _said("ev_uno", event.seat, me, name)
    if isinstance(event, ev.Caught):
        key = "ev_false_catch" if event.false_catch else "ev_caught"
        return _said(key, event.seat, me, name, event.target)
    if isinstance(event, ev.HandsExchanged):
        if event.target is None:
            line = t("ev_rotate", dir=way_name(way))
            if me is not None and seats and me in seats and way is not None:
                # (whose cards we hold, in the log too: found play-testing, the notice that says
                # it went with the next key, and the log left the player to work it out)
                line += " — " + t("ev_rotate_yours", name=name(event.sources(seats, way)[me]))
            return _Lower(line)
        return _said("ev_swap", event.seat, me, name, event.target)
    if isinstance(event, ev.StandIn):
        key = _stand_in_key(event, me)
        return t(key, name=name(event.seat))
    if isinstance(event, ev.HandEnded):
        return _said("ev_hand_end", event.winner, me, name, points=event.points)
    if isinstance(event, ev.MatchEnded):
        return _said("ev_match_end", event.winner, me, name)
    return None  # Dealt, TurnStarted: the table shows them
