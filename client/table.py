"""The table as one player sees it: the view, the cursor in the hand, the card being played
(a wild's colour, a 7's target), UNO armed with the next-to-last card; and what the player's
keys ask for there: choosing, playing, drawing, passing, catching, challenging. Every move sent
is one of the view's legal actions, as the server listed it; no I/O.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import View, actions
from engine.cards import Card, Color

from .cardorder import card_sort_key
from .enums import Prompt, Status
from .i18n import card_name, t
from .prompts import Prompts
from .sent import Sent
from .session import Outbox, Session
from .why import no_pass_text, playable_names, why_text

COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
NUMBER_GAP = 1.0  # a second digit within this many seconds makes a two-digit card number ("12")
HAND_GUARD = 0.6  # keys to choose or play a card this soon after the hand (or the cursor) changed are dropped
CAUGHT_TOLD = 5.0  # seconds a u or c just after a catch says who caught (turns may begin meanwhile)

Play = actions.PlayCard | actions.JumpIn


class Table:
    def __init__(self, session: Session, outbox: Outbox, prompts: Prompts,
                 clock: Callable[[], float]) -> None:
        self._session = session
        self._prompts = prompts  # where a refused key says why (``notice``)
        self.clock = clock
        self.view: View | None = None
        self.deadline_at: float | None = None
        self.selected = 0
        # when the cards under the cursor changed without a key, and how: a 7-0 swap or a deal
        # ("hand_changed", which a key then says), the cursor sent to a card that goes ("cursor_moved")
        self.changed_at: tuple[float, str] | None = None
        self.swapped_unseen = False  # another's 7-0 moved our hand, and no key has chosen since
        self.last_digit: tuple[int, float] | None = None  # the card number typed last, and when
        self.uno_armed = False
        self.uno_late = False  # u typed just after our next-to-last card went: UNO said with the view
        self.sent = Sent(outbox)  # our moves on their way, over a link that may drop
        self._refused_jump: tuple[Card, str] | None = None  # (the card, the notice) until it can go
        self.pending_card: Card | None = None
        self.pending_targets: tuple[str, ...] = ()
        self.color_index = self.seat_index = 0
        self.bell = False  # your turn has just started: the app rings the terminal's bell
        self.grace: dict[str, float] = {}  # the UNO call's grace (``uno_grace``): seat -> when a catch counts
        # the last catch (who caught, the seat, its name, when): found play-testing, "Nobody to catch"
        self.caught: tuple[str, str, str, float] | None = None
        self.cut_in_by: str | None = None  # who jumped in on our turn, until the next turn starts

    # ================================================================== derived state

    @property
    def legal(self) -> tuple[actions.Action, ...]:
        return self.view.legal if self.view is not None else ()

    @property
    def hand(self) -> list[Card]:
        hand = self.view.hand if self.view is not None else None
        return sorted(hand or (), key=card_sort_key)

    @property
    def playable(self) -> set[Card]:
        return {a.card for a in self.legal if isinstance(a, Play)}

    @property
    def selected_card(self) -> Card | None:
        hand = self.hand
        return hand[self.selected] if 0 <= self.selected < len(hand) else None

    @property
    def catchable(self) -> str | None:
        """The seat open to a catch for a forgotten UNO, if any (where false catches cost cards, a
        catch of anyone with one card is legal: found play-testing, "press c" of one who said UNO)."""
        open_seat = None if self.view is None else self.view.uno_open
        caught = any(isinstance(a, actions.Catch) and a.target == open_seat for a in self.legal)
        return open_seat if caught else None

    @property
    def can_pass(self) -> bool:
        return any(isinstance(a, actions.Pass) for a in self.legal)

    @property
    def hand_over(self) -> bool:
        """The hand (or the match) is over: its board is on screen."""
        return self.view is not None and (self.view.hand_result is not None or self.view.outcome is not None)

    @property
    def match_over(self) -> bool:
        """The match is over: its board is on screen, until the next one is dealt."""
        return self.view is not None and self.view.outcome is not None

    @property
    def my_turn(self) -> bool:
        return self.view is not None and self.view.seat is not None and self.view.current == self.view.seat

    @property
    def prompt(self) -> Prompt:
        """The table's question, if any: a colour, a seat, or a challenge."""
        if self.pending_card is not None:
            return Prompt.SEAT if self.pending_targets else Prompt.COLOR
        legal = self.legal
        # Answered, a question is closed until the answer comes (plain mode sent a second y)
        answered = isinstance(self.sent.just_sent(self.view),
                              actions.Challenge | actions.Accept | actions.ChooseColor)
        if any(isinstance(a, actions.ChooseColor) for a in legal) and not answered:
            return Prompt.START_COLOR
        if any(isinstance(a, actions.Challenge) for a in legal) and not answered:
            return Prompt.CHALLENGE
        return Prompt.NONE

    def open_to_catch(self, seat: str) -> bool:
        """Whether ``seat`` is down to one card without UNO and may be caught for it (R17), inside
        the UNO call's grace or after it: marked "at risk" on the board until they say it, are
        caught, or the next player moves (the mark went with the grace: found play-testing, the
        player lost their warning just as a catch began to count)."""
        view = self.view
        return view is not None and view.uno_open == seat and view.hand_result is None

    def at_risk(self, seat: str) -> bool:
        """Whether ``seat`` is open to a catch inside the UNO call's grace (a catch not counting yet)."""
        until = self.grace.get(seat)
        return until is not None and self.clock() < until and self.open_to_catch(seat)

    def set_grace(self, seat: str, seconds: float) -> None:
        if seconds > 0:
            self.grace[seat] = self.clock() + seconds
            return
        self.grace.pop(seat, None)
        if self._prompts.notice == t("err_catch_too_early"):  # no longer true: catch now
            self._prompts.notice = ""

    def seconds_left(self) -> int | None:
        if self.deadline_at is None:
            return None
        return max(0, int(self.deadline_at - self.clock() + 0.999))

    # ================================================================== the server's views

    def set_view(self, view: View, deadline: float | None) -> None:
        old = self.view
        self.view = view
        if self._prompts.notice in (t("move_held"), t("move_held_already"), t("move_in_flight")):
            self._prompts.notice = ""  # (no longer true)
        again, said = self.sent.resend(view)
        if again is not None:
            self._act(again)
        if said:
            self._prompts.notice = t(said)
        self.deadline_at = None if deadline is None else self.clock() + deadline
        # A seat just open to a catch: its line, not an older notice (found play-testing: "You hold
        # Bot 2's hand now" stayed over "Marco did not say UNO: press c…", and a bot caught him)
        if view.uno_open is not None and (old is None or old.uno_open != view.uno_open):
            self._prompts.notice = ""
        if old is not None and old.hand_number != view.hand_number:
            self.hand_replaced()
        was_mine = old is not None and old.seat is not None and old.current == old.seat
        if self.my_turn and not was_mine and view.hand_result is None and view.outcome is None:
            self.bell = True
            if self._prompts.notice == t("not_your_turn"):  # no longer true: beside "Your turn"
                self._prompts.notice = ""
        refused = self._refused_jump
        if refused is not None and refused[0] in self.playable:  # (it goes now: found play-testing)
            if self._prompts.notice == refused[1]:
                self._prompts.notice = ""
            self._refused_jump = None
        hand, playable = self.hand, self.playable
        if view.current == view.seat and playable:
            if view.drawn in playable:  # R8: the drawn card is the one to play
                self.selected = hand.index(view.drawn)
            elif not was_mine and self.selected_card not in playable:  # (our turn began on a card
                self._to_first_playable()  # that cannot go: found play-testing, most turns did)
                if not self._guarding("hand_changed"):  # (that guard, stricter, holds: a 0 passed us
                    self.changed_at = (self.clock(), "cursor_moved")  # a hand just as our turn came)
            elif self.selected_card not in playable and (
                    # R9's cards drawn until one could go, or a Wild Draw Four to stack on: the
                    # cursor goes to one that can (found play-testing: it stayed 24 presses away)
                    (view.has_drawn and (old is None or old.hand != view.hand))
                    or (view.challenge_from is not None and (old is None or old.challenge_from is None))):
                self._to_first_playable()
        self.selected = min(self.selected, max(0, len(hand) - 1))
        if not self.can_arm_uno:  # (a jump-in stays armed while it can still be made)
            self.uno_armed = False
        if self.uno_late:
            call = self._legal_of(actions.CallUno)
            if call is not None or len(self.hand) != 2 or old is None or old.hand_number != view.hand_number:
                self.uno_late = False
            if call is not None:
                self._act(call)
        if old is None or old.hand_number != view.hand_number or old.current != view.current \
                or (self.pending_card is not None and not self._plays_of(self.pending_card)):
            # (the card asked about cannot go: a late key reopened a last card's question)
            self.close_pending()

    def hand_replaced(self, by_another: bool = False) -> None:
        """A new hand (a deal, a 7-0 swap): keys typed for the old must not land; cursor at the first card."""
        self.changed_at = (self.clock(), "hand_changed")
        self.swapped_unseen = by_another
        self.selected = 0
        self.last_digit = None

    def close_pending(self) -> None:
        self.pending_card, self.pending_targets = None, ()

    def clear(self) -> None:
        """We left the room."""
        self.view = self.deadline_at = None
        self.sent.clear()
        self.grace.clear()
        self.caught = self.cut_in_by = None

    def take_bell(self) -> bool:
        """Whether to ring the bell now (once per turn that started)."""
        ring, self.bell = self.bell, False
        return ring

    # ================================================================== intents

    def _refuse(self, key: str, **kw: object) -> None:
        self._prompts.notice = t(key, **kw)

    def _cannot_move(self) -> bool:
        """A move key once the connection is over, or while our last move is on its way or waits
        for the link (a first one waits: ``Sent.send``), sends nothing and says so (found
        play-testing on a flaky link: "Red 0 cannot be played now" of a card that could, and "It
        is not your turn" of a second key pressed while the first was held); whether it did."""
        refusal = ("connection_over" if self._session.status is Status.FAILED  # (nothing will reconnect)
                   else "move_held_already" if self.sent.waiting
                   else "move_in_flight" if self.sent.in_flight(self.view) is not None else "")
        if refusal:
            self._refuse(refusal)
        return bool(refusal)

    def _refuse_over(self) -> bool:
        """A move key once the hand (or the match) is over says so, and whether it was (found play-testing:
        "It is not your turn" after the match, "You cannot draw now" after our winning card)."""
        if self.view is None or not self.hand_over:
            return False
        self._refuse("match_is_over" if self.view.outcome is not None else "hand_is_over")
        return True

    def _guarding(self, how: str) -> bool:
        return self.changed_at is not None and self.changed_at[1] == how \
            and self.clock() - self.changed_at[0] < HAND_GUARD

    def _hand_just_changed(self, playing: bool = False) -> bool:
        """Whether the hand changed under keys typed for the old one (they are dropped). The
        cursor's own move drops only a play (``playing``), and silently (in sight; a notice hid
        what the turn asks, "You must draw 2": found re-checking): a key that moves the cursor or
        names a card (plain mode's number too) chooses anew, and the play after it goes."""
        # (and the first play after another's 7-0: found play-testing, the turn after the swap, an
        # Enter meant for the old hand played the new hand's card under the cursor)
        unseen, self.swapped_unseen = self.swapped_unseen, False
        if self._guarding("cursor_moved") and not (playing and unseen):
            if not playing:
                self.changed_at = None
            return playing
        if self._guarding("hand_changed") or (playing and unseen):
            self._refuse("hand_changed")
            return True
        return False

    def move_selection(self, delta: int) -> None:
        """Arrows (and h/l): the cursor stops at either end, saying so, rather than wrapping."""
        prompt = self.prompt
        if prompt is Prompt.COLOR or prompt is Prompt.START_COLOR:
            self.color_index = max(0, min(len(COLORS) - 1, self.color_index + delta))
        elif prompt is Prompt.SEAT:
            self.seat_index = max(0, min(len(self.pending_targets) - 1, self.seat_index + delta))
        elif self.hand and not self._hand_just_changed():
            wanted = self.selected + delta
            self.selected = max(0, min(len(self.hand) - 1, wanted))
            if wanted != self.selected:
                self._refuse("hand_first" if wanted < 0 else "hand_last")

    def point_at(self, card: Card | None, unless_moved_from: int) -> None:
        """The hint's card under the cursor (Enter plays it), unless the cursor moved since it was asked."""
        if card in self.hand and self.selected == unless_moved_from:
            self.selected, self.changed_at = self.hand.index(card), None

    def move_to(self, index: int) -> None:
        """Home and End: the first card, or (``-1``) the last."""
        if self.hand and not self._hand_just_changed():
            self.selected = index % len(self.hand)

    def select_number(self, number: int) -> None:
        """Digit keys: 1-9, and 0 for the tenth; a second digit typed at once makes a two-digit
        number (1 then 2: the twelfth card), when the hand has that many. In the seat picker a
        digit picks the seat and Enter swaps, as in the hand a digit picks the card and Enter
        plays it (a digit that swapped at once left the Enter the help asks for to the table)."""
        index = 9 if number == 0 else number - 1
        if self.prompt is Prompt.SEAT:
            if index < len(self.pending_targets):
                self.seat_index = index
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
        elif prompt is Prompt.CHALLENGE and self.selected_card not in self.playable:
            # (the question hides a card's "does not stack": found play-testing, Enter did nothing)
            self._to_first_playable()
        elif prompt in (Prompt.NONE, Prompt.CHALLENGE) and not self._hand_just_changed(playing=True):
            self.play_selected()  # (facing a Wild Draw Four with +4 stacking: a card on it)

    def _to_first_playable(self) -> None:
        playable = self.playable
        self.selected = next((i for i, card in enumerate(self.hand) if card in playable), self.selected)

    def explain(self) -> None:
        """The why key: why the selected card cannot be played now (the engine's reason)."""
        card, view = self.selected_card, self.view
        if view is None or view.seat is None or (card is None and view.hand_result is None):
            self._refuse("nothing_to_do")
            return
        self._prompts.notice = why_text(view, card)

    def _plays_of(self, card: Card) -> list[Play]:
        return [a for a in self.legal if isinstance(a, Play) and a.card == card]

    def play_selected(self) -> None:
        card = self.selected_card
        view = self.view
        if self._cannot_move() or self._refuse_over() or card is None or view is None or view.seat is None:
            return
        plays = self._plays_of(card)
        if not plays and not self.my_turn and view.rules.jump_in:
            # (why not a jump-in: "Not your turn, and nobody jumps in while a draw is pending";
            # found play-testing, "It is not your turn" of an identical card; or who cut in)
            cut = self.cut_in_by
            self._prompts.notice = t("err_cut_in", name=cut) if cut else why_text(view, card)
            self._refused_jump = (card, self._prompts.notice)
            return
        if not plays:  # (why not, as the why key, which a 60-column bar leaves out: found play-testing)
            if self.my_turn and (self.playable or self._legal_of(actions.Draw) is None):
                self._prompts.notice = why_text(view, card)
            else:  # (nothing goes: why not, what does; found play-testing, "cannot be played now")
                key = "not_your_turn" if not self.my_turn else "not_playable_draw_n" if view.pending_draw \
                    else "not_playable_draw"
                self._refuse(key, card=card_name(card), why=why_text(view, card), n=view.pending_draw)
            return
        if card.is_wild:
            self.pending_card, self.pending_targets = card, ()
            self.color_index = 0
            return
        targets = tuple(dict.fromkeys(a.target for a in plays if a.target is not None))
        if len(targets) > 1:  # (one: no question; found play-testing, "Swap hands with: 1 Bob")
            # the fewest cards first (found play-testing: a reflex Enter swapped 8 cards for 15)
            self.pending_card, self.pending_targets = card, targets
            self.seat_index = min(range(len(targets)), key=lambda i: view.size_of(targets[i]))
            return
        self._play(plays)

    def _play(self, plays: list[Play], color: Color | None = None) -> None:
        """Send the legal play among ``plays`` with ``color``, saying UNO if armed (and allowed)."""
        uno = self.uno_armed and any(a.uno for a in plays)
        action = next((a for a in plays if a.uno == uno
                       and (a.color if isinstance(a, actions.PlayCard) else None) == color), None)
        self.close_pending()
        self.uno_armed = False
        if action is not None:
            self._act(action)

    def choose_color(self, color: Color) -> None:
        prompt = self.prompt
        view = self.view
        if view is None or view.seat is None:
            return
        if prompt is Prompt.START_COLOR:
            choice = next((a for a in self.legal
                           if isinstance(a, actions.ChooseColor) and a.color == color), None)
            if choice is not None:
                self._act(choice)
        elif prompt is Prompt.COLOR and self.pending_card is not None:
            plays = [a for a in self._plays_of(self.pending_card) if isinstance(a, actions.PlayCard)]
            if plays:
                self._play(list(plays), color=color)
            else:
                self.pending_card = None

    def choose_target(self) -> None:
        card = self.pending_card
        if card is None or not self.pending_targets:
            return
        target = self.pending_targets[self.seat_index % len(self.pending_targets)]
        plays = [a for a in self._plays_of(card) if a.target == target]
        if plays:
            self._play(plays)
        else:
            self.close_pending()

    def draw(self) -> None:
        if self._cannot_move():
            return
        for kind in (actions.Draw, actions.KeepDrawing):
            action = self._legal_of(kind)
            if action is not None:
                self._act(action)
                return
        view = self.view
        if self._refuse_over():
            return
        if self.my_turn and view is not None and not view.has_drawn and self.playable:  # (R9)
            self._refuse("cannot_draw_must_play", cards=playable_names(self.hand, self.playable))
            return
        self._refuse("cannot_draw" if self.my_turn else "not_your_turn")

    def pass_turn(self) -> None:
        if self._cannot_move():
            return
        action = self._legal_of(actions.Pass)
        if action is None:
            if not self._refuse_over():
                cards = playable_names(self.hand, self.playable)
                self._prompts.notice = no_pass_text(self.view, self.my_turn, cards,
                                                    self._legal_of(actions.Draw) is not None)
            return
        self._act(action)

    @property
    def can_arm_uno(self) -> bool:
        return len(self.hand) == 2 and any(isinstance(a, Play) and a.uno for a in self.legal)

    def say_uno(self) -> None:
        """With two cards and a play that can say UNO (on your turn, or a jump-in): UNO is said
        with the next card you play (no time lost). Otherwise, when allowed (one card left),
        say it now; or, typed just after playing the next-to-last card without it, as soon as
        the server shows that play."""
        sent = self.sent.just_sent(self.view)
        if isinstance(sent, Play) and not sent.uno and len(self.hand) == 2:
            self.uno_late = True
            return
        if self.can_arm_uno:
            self.uno_armed = not self.uno_armed
            return
        if len(self.hand) == 2 and not self.playable:  # (said, it was void with the next draw)
            self._refuse("uno_nothing_goes")
            return
        action = self._legal_of(actions.CallUno)
        caught = self._caught_just_now()
        if action is None and caught is not None and self.view and caught[1] == self.view.seat:
            self._refuse("uno_too_late", name=caught[0])
            return
        if action is None:
            self._refuse("cannot_uno" if self.view and self.view.rules.jump_in else "cannot_uno_no_jump")
            return
        self._act(action)

    def catch(self) -> None:
        # Only one open to a catch (found play-testing: where false catches are legal, c pressed
        # as a card landed accused another, who had said UNO: "You wrongly called out Robot 2")
        target = self.catchable
        if target is None:  # (another's catch just before: said so)
            self._prompts.notice = self.caught_first() or t("nobody_to_catch")
            return
        self._act(next(a for a in self.legal if isinstance(a, actions.Catch) and a.target == target))

    def _caught_just_now(self) -> tuple[str, str, str, float] | None:
        caught = self.caught  # (less than ``CAUGHT_TOLD`` seconds ago: turns may begin meanwhile)
        return caught if caught is not None and self.clock() - caught[3] < CAUGHT_TOLD else None

    def caught_first(self) -> str:
        """"Bot 1 caught Tom first": another's catch just now ("" if none), for a c too late."""
        who, seat, name, _ = self._caught_just_now() or ("", "", "", 0.0)
        ours = self.view.seat if self.view is not None else None
        return t("caught_first", name=who, target=name) if who and seat != ours else ""

    def challenge(self, accept: bool = False) -> None:
        if (action := self._legal_of(actions.Accept if accept else actions.Challenge)) is not None:
            self._act(action)

    def _legal_of(self, kind: type) -> actions.Action | None:
        return next((a for a in self.legal if isinstance(a, kind)), None)

    def _act(self, action: actions.Action) -> None:
        said = ("connection_over" if self._session.status is Status.FAILED  # (no link to wait for)
                else self.sent.send(self.view, action, self.clock()))
        if said:
            self._prompts.notice = t(said)
