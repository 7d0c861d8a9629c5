"""What a player's keys ask for at the table: choosing, playing (a wild's colour, a 7's target,
UNO with the next-to-last card), drawing, passing, catching, challenging. A mixin of ``Model``:
it reads the view and the legal actions, and queues ``action`` messages; no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.actions import (
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColor,
    Draw,
    JumpIn,
    KeepDrawing,
    Pass,
    PlayCard,
)
from engine.cards import Card, Color
from protocol import codec

from .enums import Prompt
from .i18n import card_name, t

if TYPE_CHECKING:
    from engine import View

COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
NUMBER_GAP = 1.0  # a second digit within this many seconds makes a two-digit card number ("12")
HAND_GUARD = 0.6  # keys to choose or play a card this soon after the hand changed are dropped
_COLOR_ORDER = {Color.RED: 0, Color.YELLOW: 1, Color.GREEN: 2, Color.BLUE: 3, None: 4}
_RANK_ORDER = {rank: i for i, rank in enumerate(
    ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "S", "R", "+2", "W", "W+4"])}


def card_sort_key(card: Card) -> tuple[int, int]:
    """The hand's order on screen: by colour (wilds last), then by rank."""
    return _COLOR_ORDER[card.color], _RANK_ORDER[card.rank.value]


class TableIntents:
    # provided by Model
    view: View | None
    selected: int
    uno_armed: bool
    pending_card: Card | None
    pending_targets: tuple[str, ...]
    color_index: int
    seat_index: int
    notice: str
    clock: Callable[[], float]
    hand_changed_at: float | None  # when a 7-0 swap (or a new deal) changed the hand
    last_digit: tuple[int, float] | None  # the card number typed last, and when

    def _send(self, message: Any) -> bool:
        raise NotImplementedError

    # derived state, provided by Model (read-only there)
    @property
    def legal(self) -> tuple[Action, ...]:
        raise NotImplementedError

    @property
    def hand(self) -> list[Card]:
        raise NotImplementedError

    @property
    def playable(self) -> set[Card]:
        raise NotImplementedError

    @property
    def selected_card(self) -> Card | None:
        raise NotImplementedError

    @property
    def my_turn(self) -> bool:
        raise NotImplementedError

    @property
    def prompt(self) -> Prompt:
        raise NotImplementedError

    def _hand_just_changed(self) -> bool:
        """Whether the hand changed under keys typed for the old one (they are dropped)."""
        changed = self.hand_changed_at
        if changed is not None and self.clock() - changed < HAND_GUARD:
            self.notice = t("hand_changed")
            return True
        return False

    def move_selection(self, delta: int) -> None:
        """Arrows (and h/l): the cursor stops at either end, saying so, rather than wrapping."""
        if self.prompt is Prompt.COLOR or self.prompt is Prompt.START_COLOR:
            self.color_index = max(0, min(len(COLORS) - 1, self.color_index + delta))
        elif self.prompt is Prompt.SEAT:
            self.seat_index = max(0, min(len(self.pending_targets) - 1, self.seat_index + delta))
        elif self.hand and not self._hand_just_changed():
            wanted = self.selected + delta
            self.selected = max(0, min(len(self.hand) - 1, wanted))
            if wanted != self.selected:
                self.notice = t("hand_first" if wanted < 0 else "hand_last")

    def move_to(self, index: int) -> None:
        """Home and End: the first card, or (``-1``) the last."""
        if self.hand and not self._hand_just_changed():
            self.selected = index % len(self.hand)

    def select_number(self, number: int) -> None:
        """Digit keys: 1-9, and 0 for the tenth; a second digit typed at once makes a two-digit
        number (1 then 2: the twelfth card), when the hand has that many."""
        index = 9 if number == 0 else number - 1
        if self.prompt is Prompt.SEAT:
            if index < len(self.pending_targets):
                self.seat_index = index
                self.choose_target()
            return
        if self._hand_just_changed():
            return
        now = self.clock()
        last, self.last_digit = self.last_digit, (number, now)
        if last is not None and 1 <= last[0] <= 9 and now - last[1] < NUMBER_GAP:
            two_digits = last[0] * 10 + number
            if two_digits <= len(self.hand):
                self.selected = two_digits - 1
                self.last_digit = None
                return
        if index < len(self.hand):
            self.selected = index

    def enter(self) -> None:
        prompt = self.prompt
        if prompt is Prompt.COLOR or prompt is Prompt.START_COLOR:
            self.choose_color(COLORS[self.color_index])
        elif prompt is Prompt.SEAT:
            self.choose_target()
        elif prompt is Prompt.NONE and not self._hand_just_changed():
            self.play_selected()

    def play_selected(self) -> None:
        card = self.selected_card
        view = self.view
        if card is None or view is None or view.seat is None:
            return
        plays = [a for a in self.legal if isinstance(a, PlayCard | JumpIn) and a.card == card]
        if not plays:
            key = "not_playable" if self.my_turn else "not_your_turn"
            self.notice = t(key, card=card_name(card))
            return
        if card.is_wild:
            self.pending_card, self.pending_targets = card, ()
            self.color_index = 0
            return
        targets = tuple(dict.fromkeys(a.target for a in plays if a.target is not None))
        if targets:
            self.pending_card, self.pending_targets = card, targets
            self.seat_index = 0
            return
        self._play(plays, card)

    def _play(self, plays: list[Any], card: Card, color: Color | None = None,
              target: str | None = None) -> None:
        view = self.view
        assert view is not None and view.seat is not None
        uno = self.uno_armed and any(a.uno for a in plays)
        if isinstance(plays[0], JumpIn):
            action: Action = JumpIn(view.seat, card, target, uno)
        else:
            action = PlayCard(view.seat, card, color, target, uno)
        self.pending_card, self.pending_targets = None, ()
        self.uno_armed = False
        self._act(action)

    def choose_color(self, color: Color) -> None:
        prompt = self.prompt
        view = self.view
        if view is None or view.seat is None:
            return
        if prompt is Prompt.START_COLOR:
            self._act(ChooseColor(view.seat, color))
        elif prompt is Prompt.COLOR and self.pending_card is not None:
            card = self.pending_card
            plays = [a for a in self.legal if isinstance(a, PlayCard) and a.card == card]
            if plays:
                self._play(plays, card, color=color)
            else:
                self.pending_card = None

    def choose_target(self) -> None:
        card = self.pending_card
        if card is None or not self.pending_targets:
            return
        target = self.pending_targets[self.seat_index % len(self.pending_targets)]
        plays = [a for a in self.legal if isinstance(a, PlayCard | JumpIn) and a.card == card
                 and a.target == target]
        if plays:
            self._play(plays, card, target=target)
        else:
            self.pending_card, self.pending_targets = None, ()

    def draw(self) -> None:
        for kind in (Draw, KeepDrawing):
            action = self._legal_of(kind)
            if action is not None:
                self._act(action)
                return
        self.notice = t("cannot_draw" if self.my_turn else "not_your_turn")

    def pass_turn(self) -> None:
        action = self._legal_of(Pass)
        if action is None:
            self.notice = t("cannot_pass" if self.my_turn else "not_your_turn")
            return
        self._act(action)

    def say_uno(self) -> None:
        """With two cards on your turn: UNO is said with the next card you play (no time lost).
        Otherwise, when allowed (one card left), say it now."""
        hand = self.hand
        if self.my_turn and len(hand) == 2 and any(
                isinstance(a, PlayCard | JumpIn) and a.uno for a in self.legal):
            self.uno_armed = not self.uno_armed
            return
        action = self._legal_of(CallUno)
        if action is None:
            self.notice = t("cannot_uno")
            return
        self._act(action)

    def catch(self) -> None:
        catches = [a for a in self.legal if isinstance(a, Catch)]
        if not catches:
            self.notice = t("nobody_to_catch")
            return
        view = self.view
        assert view is not None
        best = next((a for a in catches if a.target == view.uno_open), catches[0])
        self._act(best)

    def challenge(self, accept: bool = False) -> None:
        action = self._legal_of(Accept if accept else Challenge)
        if action is not None:
            self._act(action)

    def _legal_of(self, kind: type) -> Action | None:
        return next((a for a in self.legal if isinstance(a, kind)), None)

    def _act(self, action: Action) -> None:
        self._send(codec.action_to_act(action))
