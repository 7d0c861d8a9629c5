"""The hint key's state (``?`` at the table): our seat's memory of the hand, the hint asked
for and the one on show, and the hint in words. No I/O: the app computes ``engine.bots.hint``
off the event loop (client/hintrun.py) and hands the answer back (``answered``).

The memory is an ``engine.tracker.Tracker`` for our seat, fed the events we receive (the server
redacts them for our seat). Coming back to a hand whose deal the room's history still holds, it
is made from that history (``recall``), as if we had watched; one made mid-hand otherwise (we
joined during it, or the history no longer reaches its deal) starts from what our view shows
(``Tracker.from_view``) and knows less than a seat that watched from the deal.
A hint belongs to the view it was asked for: a new view drops it, and an answer that comes after
the view changed is dropped too.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from engine import View
from engine import actions as act
from engine.actions import Action, JumpIn, PlayCard
from engine.bots import BOT_LEVELS, Hint
from engine.bots.hintnotes import Note
from engine.cards import Card
from engine.events import Event
from engine.tracker import Tracker, since_deal

from .i18n import card_name, color_name, names_and, t
from .table import COLORS

if TYPE_CHECKING:
    from .table import Table


class HintBox:
    def __init__(self) -> None:
        self.tracker: Tracker | None = None
        self.past: list[list[Event]] | None = None  # the hand so far, from the history, for the next view
        self.asked: View | None = None  # the view a hint is being worked out for
        self.shown: tuple[View, Hint | None] | None = None  # the hint on show, and its view
        # The card whose colour (or seat) is being asked, that the hint asked or on show is
        # about: the best way to play it, not the turn's best card (found play-testing: the
        # colour question showed "play Green 4" after a wild was chosen)
        self.card: Card | None = None
        self.request: tuple[View, Tracker | None, random.Random, Card | None] | None = None  # for the app
        self.rng = random.Random()

    # ---- our seat's memory of the hand

    def observe(self, events: Iterable[Event]) -> None:
        """The events of one ``events`` message (before the view that comes with them)."""
        if self.past is not None:
            self.past.append(list(events))  # (our memory is made from the history at the view)
            return
        if self.tracker is None:
            return  # (made from the next view)
        try:
            self.tracker.feed(events)
        except (ValueError, KeyError):  # out of step (a missed message): start again from the view
            self.tracker = None

    def recall(self, batches: list[list[Event]]) -> None:
        """The room's history (joining or coming back): if it reaches back to a deal, the hand
        from that deal on makes our memory at the next view (what we had may have missed some)."""
        past = since_deal(batches)
        if past is not None:
            self.past = past

    def on_view(self, view: View | None) -> None:
        """A new view: the hint on show was for the old one; a tracker is made if we lack one."""
        if self.shown is not None and self.shown[0] != view:
            self.shown = None
        past, self.past = self.past, None
        if view is None or view.seat is None:
            self.tracker = None
        elif past is not None:
            self.tracker = Tracker.watched(view, past)
        elif self.tracker is None or not self.tracker.follows(view):
            self.tracker = Tracker.from_view(view)

    # ---- asking and answering

    def ask(self, view: View | None, card: Card | None = None) -> None:
        """The ``?`` key: a hint for ``view``, worked out on a copy of our memory (the events
        that arrive meanwhile go on feeding ours); with ``card`` (a question about the card
        chosen), how best to play that card."""
        if view is None or view.seat is None or (self.asked == view and self.card == card):
            return
        if self.shown is not None and self.shown[0] == view and self.card == card:
            return  # (the same moment, the same hint: a search asked again may say another)
        shown = self.shown
        turns = shown[1] if shown is not None and shown[0] == view and self.card is None else None
        answer = None if card is None else _for_card(turns, card)
        if answer is not None:  # the card the turn's hint played: its colour or seat, as it said
            self.card, self.asked, self.shown = card, None, (view, answer)
            return
        self.card = card
        if not view.legal:
            self.shown = (view, None)
            return
        self.asked, self.shown = view, None
        self.request = (view, copy.deepcopy(self.tracker), self.rng, card)

    def take_request(self) -> tuple[View, Tracker | None, random.Random, Card | None] | None:
        request, self.request = self.request, None
        return request

    def answered(self, view: View, hint: Hint | None, current: View | None) -> bool:
        """The hint worked out for ``view``; kept (True) only if ``current`` is still that view,
        and it is still asked for (not dismissed meanwhile)."""
        asked = self.asked == view
        if asked:
            self.asked = None
        if current != view or not asked:
            return False
        self.shown = (view, hint)
        return True

    def dismiss(self) -> None:
        """Esc: the hint on show goes, and one being worked out is not shown (found play-testing:
        the help says "Esc cancels", and the hint stayed)."""
        self.shown = self.asked = self.card = None

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def hinted_cards(self) -> set[Card]:
        """The cards the hint on show would play (to star them in the hand): its move's, and the
        next best's when that did as well or better, too close to call (found play-testing: the
        star stood on the one of "20% and 21%" that had done worse)."""
        hint = None if self.shown is None else self.shown[1]
        if hint is None:
            return set()
        moves = [hint.action]
        if (hint.runner_up is not None and hint.runner_up_rate is not None and hint.win_rate is not None
                and _percent(hint.runner_up_rate) >= _percent(hint.win_rate)):
            moves.append(hint.runner_up)
        return {move.card for move in moves if isinstance(move, PlayCard | JumpIn)}

    def hinted_card(self) -> Card | None:
        """The card of the move the hint on show names first (None: it plays none): the
        runner-up's where its figure is the better (found re-checking: "play Green 8, or play
        Green 9 — 14% and 12%", and the cursor went to the 9)."""
        hint = None if self.shown is None else self.shown[1]
        if hint is None:
            return None
        action = _said_order(hint)[0]
        return action.card if isinstance(action, PlayCard | JumpIn) else None

    def point_card(self, table: Table, unless_moved_from: int) -> None:
        """The hint's card under the cursor (Enter plays it), unless the cursor is on a starred
        one, or moved from ``unless_moved_from`` (the player's choice). The hand is seen then: after
        another's 7-0, Enter plays at once, as the hint says (``Table.swapped_unseen``)."""
        table.swapped_unseen = False
        if table.selected_card not in self.hinted_cards():
            table.point_at(self.hinted_card(), unless_moved_from=unless_moved_from)

    def point_again(self, table: Table, shown_before: tuple[View, Hint | None] | None) -> None:
        """The hint on show asked for again (``shown_before`` still shown, no card's question):
        its card back under the cursor (found play-testing: the cursor moved away, ? again, and
        Enter played another card)."""
        if shown_before is not None and self.shown is shown_before and table.pending_card is None:
            self.point_card(table, unless_moved_from=table.selected)

    def point_question(self, table: Table) -> None:
        """The question of the card being played (its colour, or whom it swaps with) starts on
        the hint's answer where the hint on show gave one for that card (found play-testing: "play
        Red 7 and swap with Bot 2", and Enter twice swapped with Bot 1, the smallest hand)."""
        hint, card = None if self.shown is None else self.shown[1], table.pending_card
        if hint is None or card is None:
            return
        plays = [a for a in _said_order(hint) if isinstance(a, PlayCard | JumpIn) and a.card == card]
        move = plays[0] if plays else None
        if move is not None and move.target in table.pending_targets:
            table.seat_index = table.pending_targets.index(move.target)
        elif isinstance(move, PlayCard) and move.color is not None and not table.pending_targets:
            table.color_index = COLORS.index(move.color)

    def text(self, name_of: Callable[[str], str], card: Card | None = None) -> str:
        """The hint on show in words, or what is going on with it ("" if nothing); ``card``:
        the card whose question is open (a hint about another, or about the turn, is not
        for it)."""
        if self.card != card:
            return ""
        if self.shown is None:
            return t("hint_thinking") if self.asked is not None else ""
        view, hint = self.shown
        if hint is None:  # (off turn, a jump-in that the search would not make: found play-testing)
            jump = any(isinstance(a, JumpIn) for a in view.legal)
            # (off turn: found play-testing, "nothing to do now" read as a broken hint)
            # (between hands no turn is coming: found re-checking, "nothing to do until your turn")
            return t("hint_no_jump_in" if jump else "hint_none"
                     if view.current == view.seat or view.hand_result is not None else "hint_not_your_turn")

        def words(action: Action) -> str:  # (at a card's question, only what it asks)
            if card is not None and isinstance(action, PlayCard) and not action.uno:
                if action.target is not None:
                    return t("do_swap", name=name_of(action.target))
                if action.color is not None:
                    return t("do_choose_color", color=color_name(action.color))
            # as the table says these two (found play-testing: "roba" of a stack of 8, where the
            # table said "d roba 8"; "pass" of the card drawn, where it said "p keeps it")
            if isinstance(action, act.Draw) and view.pending_draw:
                return t("do_draw_n", n=view.pending_draw)
            if isinstance(action, act.Pass) and view.drawn is not None and any(
                    isinstance(a, PlayCard) and a.card == view.drawn for a in view.legal):
                return t("do_keep", card=card_name(view.drawn))
            return action_words(action, name_of)

        action = words(hint.action)
        if hint.reason in ("only", "last", "no_draw_on"):
            return t("hint_" + hint.reason, action=action)
        offender = view.challenge_from
        if hint.reason == "sure" and offender is not None and view.challenge_color is not None:
            return t("hint_sure", action=action, name=name_of(offender),
                     color=color_name(view.challenge_color), lost=view.pending_draw + 2, n=view.pending_draw)
        if hint.reason == "search" and hint.win_rate is not None:
            rate = _percent(hint.win_rate)
            values = dict(action=action, rate=rate, n=hint.samples)
            first_named = True  # (the notes are of hint.action: said only where it is named first)
            if hint.runner_up is not None and hint.runner_up_rate is not None:
                other, other_rate = words(hint.runner_up), _percent(hint.runner_up_rate)
                if _runner_up_first(hint):  # (the better figure first: found play-testing, "X or Y —
                    # 17% and 22%" read as the worse advised)
                    said = t("hint_search_close", action=other, rate=other_rate,
                             other=bluffing(action, hint.notes), other_rate=rate, n=hint.samples)
                    first_named = False  # (found play-testing: "name yellow or name green … Why:
                    # you hold 2 green cards", read as the reason for yellow: the runner-up's notes)
                else:
                    key = ("hint_search_even_lost" if rate == other_rate == 0  # (found play-testing:
                           # "both win 0%" read as a broken hint)
                           else "hint_search_even" if other_rate >= rate
                           else "hint_search_next_lost" if hint.runner_up_rate == 0.0 else "hint_search_next")
                    said = t(key, other=bluffing(other, hint.runner_up_notes), other_rate=other_rate,
                             **values)
            else:
                said = t("hint_search_lost" if rate == 0 else "hint_search", **values)
            swap = card is not None and isinstance(hint.action, PlayCard) and hint.action.target is not None
            # (whom to swap with: a colour's notes are about the card, not the seat, found
            # play-testing; the swap's own note stays)
            # (the notes of the move named first: found play-testing, "play Wild Draw Four, or
            # play Green 7 … either will do" said nothing of the bluff)
            notes = [note for note in (hint.notes if first_named else hint.runner_up_notes)
                     if note.kind == "swap" or not swap]
            why = "; ".join(note_words(note, name_of) for note in notes)
            return f"{said}. {t('hint_why', notes=why)}" if why else said
        if isinstance(hint.action, act.Catch):
            return t("hint_catch", name=name_of(hint.action.target), n=view.rules.uno_penalty)
        if isinstance(hint.action, act.CallUno):
            return t("hint_uno")
        return t("hint_level", action=action, level=t("level_" + BOT_LEVELS[-1]))


def bluffing(words: str, notes: tuple[Note, ...]) -> str:
    """A move named second, whose notes are not said, marked if it is a bluff (found play-testing:
    "next best: play Wild Draw Four naming yellow" taught a newcomer holding yellow a bluff)."""
    return t("do_bluff", action=words) if any(note.kind == "bluff" for note in notes) else words


def note_words(note: Note, name_of: Callable[[str], str]) -> str:
    """One of the hint's reasons in words ("it stops Luis, who has one card left")."""
    if note.kind == "stops":
        name = name_of(note.seats[0])
        if note.count == 1:
            return t("hint_note_stops_one", name=name)
        return t("hint_note_stops", name=name, n=note.count)
    if note.kind == "gives" and note.card is not None:
        key = "hint_note_gives_one" if note.count == 1 else "hint_note_gives"
        return t(key, card=card_name(note.card), name=name_of(note.seats[0]), n=note.count)
    color = color_name(note.color) if note.color is not None else "?"
    if note.kind == "bluff":
        return t("hint_note_bluff", color=color)
    if note.kind in ("swap", "rotate"):
        key = "hint_note_" + note.kind + ("_one" if note.count == 1 else "")
        return t(key, name=name_of(note.seats[0]), n=note.count)
    if note.kind == "bluffed":
        return t("hint_note_bluffed", name=name_of(note.seats[0]))
    if note.kind == "kept":
        return t("hint_note_kept", name=name_of(note.seats[0]), n=note.count, color=color)
    if note.kind == "costs":
        return t("hint_note_costs", lost=note.count + 2, n=note.count)
    if note.kind == "lacks" and note.count:  # the seat the move gives the turn to, about to go out
        key = "hint_note_lacks_next_one" if note.count == 1 else "hint_note_lacks_next"
        return t(key, name=name_of(note.seats[0]), n=note.count, color=color)
    if note.kind == "lacks":
        names = [name_of(seat) for seat in note.seats]
        return t("hint_note_lacks" if len(names) == 1 else "hint_note_lacks_many", names=names_and(names),
                 color=color)
    return t("hint_note_holds", n=note.count, color=color)


def _for_card(hint: Hint | None, card: Card) -> Hint | None:
    """The turn's ``hint``, where it played ``card`` (or found that as good), as the answer to
    the question the card asks: its colour or seat. (Asked again, a new search may say another:
    found play-testing, "play Wild naming green", then at the colour "name blue".)"""
    if hint is None or hint.reason != "search":
        return None

    def plays(action: Action | None) -> bool:
        return isinstance(action, PlayCard | JumpIn) and action.card == card and (
            action.target is not None or (isinstance(action, PlayCard) and action.color is not None))

    if plays(hint.action):
        both = plays(hint.runner_up)
        return dataclasses.replace(hint, runner_up=hint.runner_up if both else None,
                                   runner_up_rate=hint.runner_up_rate if both else None)
    if plays(hint.runner_up) and (hint.runner_up_rate or 0.0) >= (hint.win_rate or 0.0):
        assert hint.runner_up is not None
        return Hint(hint.runner_up, "search", hint.runner_up_rate, hint.samples)
    return None


def _runner_up_first(hint: Hint) -> bool:
    """Whether a searched hint names its runner-up first: its figure, as said, is the better."""
    return (hint.reason == "search" and hint.runner_up is not None and hint.runner_up_rate is not None
            and hint.win_rate is not None and _percent(hint.runner_up_rate) > _percent(hint.win_rate))


def _said_order(hint: Hint) -> tuple[Action | None, Action | None]:
    """The hint's move and its runner-up, in the order its words name them."""
    return (hint.runner_up, hint.action) if _runner_up_first(hint) else (hint.action, hint.runner_up)


def _percent(rate: float) -> int:
    return round(100 * rate)


def action_words(action: Action, name_of: Callable[[str], str]) -> str:
    """An action in a few words of the language: "play Red 7", "draw", "catch Ann"."""
    if isinstance(action, PlayCard):
        card = card_name(action.card)
        if action.target is not None:
            words = t("do_play_target", card=card, name=name_of(action.target))
        elif action.color is not None:
            words = t("do_play_color", card=card, color=color_name(action.color))
        else:
            words = t("do_play", card=card)
        return t("do_uno", action=words) if action.uno else words
    if isinstance(action, JumpIn):
        words = (t("do_jump_in_target", card=card_name(action.card), name=name_of(action.target))
                 if action.target is not None else t("do_jump_in", card=card_name(action.card)))
        return t("do_uno", action=words) if action.uno else words
    if isinstance(action, act.ChooseColor):
        return t("do_choose_color", color=color_name(action.color))
    if isinstance(action, act.Catch):
        return t("do_catch", name=name_of(action.target))
    simple = {act.Draw: "do_draw", act.KeepDrawing: "do_keep_drawing", act.Pass: "do_pass",
              act.Challenge: "do_challenge", act.Accept: "do_accept", act.CallUno: "do_call_uno"}
    return t(simple[type(action)])

