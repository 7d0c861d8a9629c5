"""A game as plain data, and back: ``snapshot(game)`` and ``restore(data)``.

A snapshot is a dict of JSON-ready values (dict, list, str, int, bool, None) with exactly these
keys. Seats are referred to by their index in ``seats`` ("seat index"); cards by their text form
(``"R7"``, ``"B+2"``, ``"W"``, ``"W+4"``, see ``Card.parse``); colours by their letter
(``"R"``, ``"Y"``, ``"G"``, ``"B"``); ranks by their text (``"+2"``, ``"W+4"``).

==============  ============================================================================
``version``     1
``seats``       the seat ids, 2 to 10 distinct non-empty strings, in clockwise order
``rules``       ``RuleSet.to_dict()``
``rng``         the random source's state: ``null`` (a ``SystemRandom``: it cannot be kept),
                the list form of ``random.Random.getstate()`` (tuples as lists), or
                ``{"kind": "blake2b-ctr", "key": 64 hex digits, "counter": int}`` (``KeyedRandom``)
``scores``      per seat index, the points won so far (ints >= 0)
``hand_number`` the hand being played, from 1
``dealer``      seat index of this hand's dealer
``match_winner`` the seat id that won the match, or ``null``; then ``match_scores`` is
``match_scores`` ``scores`` again (the match ends with the hand that decided it)
``hands``       per seat index, the cards held, in the order they were received
``draw``        the draw pile, its top card LAST (cards are drawn from the end)
``discard``     the discard pile, at least one card, the top card last
``color``       the colour in play (a wild's declared colour); ``null`` only while a starting
                Wild awaits its colour
``direction``   1 (seat order) or -1
``current``     seat index of the seat whose turn it is
``pending``     cards the current seat must draw unless it stacks (R10, R14): 0, or an even
                number >= 2 while the top card is a +2 or a W+4
``pending_rank`` the rank that made them (``"+2"`` or ``"W+4"``, the top card's), else ``null``
``challenge``   ``null``, or ``[offender seat index, guilty, colour in play before the W+4]``
                while the current seat (the next after the offender) may challenge (R12)
``awaiting_color`` true while the starting Wild awaits the first player's colour (R6)
``has_drawn``   the current seat drew this turn (R8, R9)
``drawn``       under R8, the card it drew and may still play (it holds it), else ``null``
``uno_said``    per seat index, whether it said UNO for its current hand (one card, or two on
                its own turn before playing)
``uno_open``    seat index that may be caught for a forgotten UNO (it holds one card), or ``null``
``hand_winner`` the seat id that won the hand just over (its hand is empty), or ``null``;
``hand_points`` then the points it scored
==============  ============================================================================

Together the piles and hands hold exactly the 108 cards of the deck. ``restore`` checks every
field and their consistency and raises ``SnapshotError`` (a ``ValueError``) for anything no game
could reach. To set up a position, take a real game's snapshot, change the fields you need, and
restore it (``stacked_game`` in ``tests/kit/deck.py`` does so).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Generic, TypeVar

from .cards import CARD_KINDS, Card, Color, Rank, full_deck
from .hand import Hand
from .rng import KEY_BYTES, STATE_KIND, KeyedRandom
from .rules import RuleSet, WildDrawFour
from .state import MAX_SEATS, MIN_SEATS, GameState
from .view import HandResult, MatchOutcome

G = TypeVar("G", bound=GameState)

VERSION = 1
KEYS = (
    "version", "seats", "rules", "rng", "scores", "hand_number", "dealer", "match_winner",
    "match_scores", "hands", "draw", "discard", "color", "direction", "current", "pending",
    "pending_rank", "challenge", "awaiting_color", "has_drawn", "drawn", "uno_said", "uno_open",
    "hand_winner", "hand_points",
)
_DECK = Counter(full_deck())
_CARD_OF_TEXT = {str(card): card for card in CARD_KINDS}  # the exact text forms only
_DRAW_RANKS = (Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)


class SnapshotError(ValueError):
    """Raised when a snapshot does not describe a position that a game could reach."""


# ---------------------------------------------------------------------------- snapshot


def snapshot(game: GameState) -> dict[str, Any]:
    """``game`` as plain data (see the module's docstring)."""
    challenge = game._challenge
    match, result = game._match, game._hand_result
    return {
        "version": VERSION,
        "seats": list(game.seats),
        "rules": game.rules.to_dict(),
        "rng": _rng_to_data(game._rng),
        "scores": list(game.scores),
        "hand_number": game.hand_number,
        "dealer": game._dealer,
        "match_winner": None if match is None else match.winner,
        "match_scores": None if match is None else list(match.scores),
        "hands": [[str(c) for c in hand.cards] for hand in game._hands],
        "draw": [str(c) for c in game._draw],
        "discard": [str(c) for c in game._discard],
        "color": None if game._color is None else game._color.value,
        "direction": game._direction,
        "current": game._current,
        "pending": game._pending,
        "pending_rank": None if game._pending_rank is None else game._pending_rank.value,
        "challenge": None if challenge is None else [challenge[0], challenge[1], challenge[2].value],
        "awaiting_color": game._awaiting_color,
        "has_drawn": game._has_drawn,
        "drawn": None if game._drawn is None else str(game._drawn),
        "uno_said": list(game._uno_said),
        "uno_open": game._uno_open,
        "hand_winner": None if result is None else result.winner,
        "hand_points": None if result is None else result.points,
    }


def _rng_to_data(rng: random.Random) -> Any:
    if isinstance(rng, KeyedRandom):
        kind, key, counter = rng.getstate()
        return {"kind": kind, "key": key, "counter": counter}
    try:
        return _state_to_data(rng.getstate())
    except NotImplementedError:  # SystemRandom has no state to keep
        return None


def _state_to_data(state: Any) -> Any:
    # The state holds a tuple of 625 ints: recurse only into tuples (a call per int is slow).
    return [_state_to_data(item) if isinstance(item, tuple) else item for item in state]


def _data_to_state(data: Any) -> Any:
    return tuple(_data_to_state(item) if isinstance(item, list) else item for item in data)


# ---------------------------------------------------------------------------- restore


def restore(data: Any, cls: type[G]) -> G:
    """The game that ``data`` describes, an instance of ``cls`` (``Game.restore`` passes
    ``Game``); it continues exactly as the original would. Raises ``SnapshotError`` for a
    snapshot that no game could reach, naming the first fault found."""
    if not isinstance(data, dict):
        raise SnapshotError("a snapshot is a dict")
    if data.get("version") != VERSION:
        raise SnapshotError(f"unknown snapshot version {data.get('version')!r}")
    missing = [key for key in KEYS if key not in data]
    unknown = sorted(str(key) for key in data if key not in KEYS)
    if missing or unknown:
        raise SnapshotError(f"snapshot fields missing: {missing}, unknown: {unknown}")
    return _Reader(data, cls).game


class _Reader(Generic[G]):
    """Reads one snapshot into a new game, checking each field as it goes, then the whole."""

    def __init__(self, data: dict[str, Any], cls: type[G]) -> None:
        self.data = data
        game = self.game = cls.__new__(cls)
        seats = data["seats"]
        if (not isinstance(seats, list) or not MIN_SEATS <= len(seats) <= MAX_SEATS
                or not all(isinstance(s, str) and s for s in seats) or len(set(seats)) != len(seats)):
            raise SnapshotError(f"seats: {MIN_SEATS} to {MAX_SEATS} distinct non-empty strings")
        n = self.n = len(seats)
        game.seats = tuple(seats)
        try:
            game.rules = RuleSet.from_dict(self._of("rules", dict))
        except (TypeError, ValueError) as exc:
            raise SnapshotError(f"rules: {exc}") from None
        game._rng = _rng_from_data(data["rng"])
        game._seat_tables()
        game.scores = [self._int(f"scores[{i}]", v, 0) for i, v in enumerate(self._list("scores", n))]
        game.hand_number = self._int("hand_number", data["hand_number"], 1)
        game._dealer = self._index("dealer")
        game._init_hand_state()
        game._hands = [Hand(self._cards(f"hands[{i}]", hand))
                       for i, hand in enumerate(self._list("hands", n))]
        game._draw = self._cards("draw", data["draw"])
        game._discard = self._cards("discard", data["discard"])
        game._color = self._color("color", data["color"], optional=True)
        direction = data["direction"]
        if type(direction) is not int or direction not in (1, -1):
            raise SnapshotError(f"direction is 1 or -1, not {direction!r}")
        game._direction = direction
        game._current = self._index("current")
        game._pending = self._int("pending", data["pending"], 0)
        rank = data["pending_rank"]
        if rank is not None and rank not in {r.value for r in _DRAW_RANKS}:
            raise SnapshotError(f"pending_rank is null, '+2' or 'W+4', not {rank!r}")
        game._pending_rank = None if rank is None else Rank(rank)
        game._challenge = self._challenge()
        game._awaiting_color = self._bool("awaiting_color", data["awaiting_color"])
        game._has_drawn = self._bool("has_drawn", data["has_drawn"])
        drawn = data["drawn"]
        game._drawn = None if drawn is None else self._cards("drawn", [drawn])[0]
        game._uno_said = [self._bool(f"uno_said[{i}]", v)
                          for i, v in enumerate(self._list("uno_said", n))]
        game._uno_open = None if data["uno_open"] is None else self._index("uno_open")
        game._hand_result = self._hand_result()
        game._match = self._match()
        game.deal_events = []
        self._check_cards()
        self._check_turn()

    # ------------------------------------------------------------------ fields

    def _of(self, key: str, kind: type) -> Any:
        value = self.data[key]
        if not isinstance(value, kind):
            raise SnapshotError(f"{key} is a {kind.__name__}, not {value!r}")
        return value

    def _list(self, key: str, length: int) -> list[Any]:
        value: list[Any] = self._of(key, list)
        if len(value) != length:
            raise SnapshotError(f"{key} has {len(value)} entries for {length} seats")
        return value

    @staticmethod
    def _int(name: str, value: Any, low: int, high: int | None = None) -> int:
        if type(value) is not int or value < low or (high is not None and value > high):
            bound = f"from {low}" if high is None else f"from {low} to {high}"
            raise SnapshotError(f"{name} is an int {bound}, not {value!r}")
        return value

    @staticmethod
    def _bool(name: str, value: Any) -> bool:
        if type(value) is not bool:
            raise SnapshotError(f"{name} is true or false, not {value!r}")
        return value

    def _index(self, key: str, value: Any = None) -> int:
        value = self.data[key] if value is None else value
        return self._int(f"{key} (a seat index)", value, 0, self.n - 1)

    def _seat(self, key: str) -> str:
        value = self.data[key]
        if value not in self.game.seats:
            raise SnapshotError(f"{key} is one of the seats, not {value!r}")
        return str(value)

    @staticmethod
    def _cards(name: str, texts: Any) -> list[Card]:
        if not isinstance(texts, list):
            raise SnapshotError(f"{name} is a list of cards, not {texts!r}")
        cards = []
        for text in texts:
            card = _CARD_OF_TEXT.get(text) if isinstance(text, str) else None
            if card is None:
                raise SnapshotError(f"{name}: not a card: {text!r}")
            cards.append(card)
        return cards

    @staticmethod
    def _color(name: str, value: Any, optional: bool = False) -> Color | None:
        if value is None and optional:
            return None
        for color in Color:
            if value == color.value:
                return color
        raise SnapshotError(f"{name} is one of R, Y, G, B{', null' if optional else ''}, not {value!r}")

    def _challenge(self) -> tuple[int, bool, Color] | None:
        value = self.data["challenge"]
        if value is None:
            return None
        if not isinstance(value, list) or len(value) != 3:
            raise SnapshotError(f"challenge is null or [offender, guilty, colour], not {value!r}")
        offender = self._index("challenge[0]", value[0])
        guilty = self._bool("challenge[1]", value[1])
        color = self._color("challenge[2]", value[2])
        assert color is not None
        return offender, guilty, color

    def _winner(self, key: str, result_key: str) -> str | None:
        """The seat under ``key``, or None: then ``result_key`` (what it won) must be null too."""
        if self.data[key] is None:
            if self.data[result_key] is not None:
                raise SnapshotError(f"{result_key} without a {key}")
            return None
        return self._seat(key)

    def _hand_result(self) -> HandResult | None:
        winner = self._winner("hand_winner", "hand_points")
        if winner is None:
            return None
        return HandResult(winner, self._int("hand_points", self.data["hand_points"], 0))

    def _match(self) -> MatchOutcome | None:
        data = self.data
        winner = self._winner("match_winner", "match_scores")
        if winner is None:
            return None
        scores = data["match_scores"]
        if scores != data["scores"]:
            raise SnapshotError("match_scores differ from the scores")
        result = self.game._hand_result
        if result is None or result.winner != winner:
            raise SnapshotError("the match is won with the hand just over, by its winner")
        target = self.game.rules.target_score
        if target is not None and self.game.scores[self.game._index[winner]] < target:
            raise SnapshotError(f"the match winner has fewer than {target} points")
        return MatchOutcome(winner, tuple(scores))

    # ------------------------------------------------------------------ the whole

    def _check_cards(self) -> None:
        game = self.game
        held = Counter([*game._draw, *game._discard, *(c for hand in game._hands for c in hand.cards)])
        if held != _DECK:
            extra, lacking = held - _DECK, _DECK - held
            raise SnapshotError(
                "the cards are not the 108 of the deck:"
                + (f" too many {', '.join(f'{c}×{k}' for c, k in sorted(extra.items(), key=str))}"
                   if extra else "")
                + (f" missing {', '.join(f'{c}×{k}' for c, k in sorted(lacking.items(), key=str))}"
                   if lacking else ""))
        if not game._discard:
            raise SnapshotError("the discard pile has its top card at least")
        top = game._discard[-1]
        if game._color is None:
            if not (game._awaiting_color and top.rank is Rank.WILD and len(game._discard) == 1):
                raise SnapshotError("color is null only while a starting Wild awaits its colour")
        elif top.color is not None and game._color is not top.color:
            raise SnapshotError(f"the colour in play is {top.color.value}, the top card's")
        result = game._hand_result
        for i, hand in enumerate(game._hands):
            if not hand.cards and (result is None or game.seats[i] != result.winner):
                raise SnapshotError(f"seat {i} holds no card, but it has not won the hand")
        if result is not None and game._hands[game._index[result.winner]].cards:
            raise SnapshotError("the hand's winner still holds cards")
        if result is not None and game.scores[game._index[result.winner]] < result.points:
            raise SnapshotError("the hand's winner has fewer points than the hand gave")

    def _check_turn(self) -> None:
        game = self.game
        n, current, top = self.n, game._current, game._discard[-1]
        over = game._hand_result is not None
        if game._pending:
            if game._pending % 2 or game._pending_rank is not top.rank:
                raise SnapshotError("pending is an even count from the top card's +2 or W+4")
            if over:
                raise SnapshotError("no draw is pending once the hand is over")
        elif game._pending_rank is not None and not over:
            raise SnapshotError("pending_rank without a pending draw")
        challenge = game._challenge
        if challenge is not None:
            if (game.rules.wild_draw_four is not WildDrawFour.CHALLENGE or over
                    or game._pending != 4 or game._pending_rank is not Rank.WILD_DRAW_FOUR):
                raise SnapshotError("a challenge answers a single W+4 under the challenge rule")
            if current != (challenge[0] + game._direction) % n:
                raise SnapshotError("the challenger is the seat after the W+4's player")
        if game._awaiting_color and (over or game._pending or challenge is not None
                                     or game._has_drawn or top.rank is not Rank.WILD
                                     or len(game._discard) != 1):
            raise SnapshotError("awaiting_color only while a starting Wild awaits its colour")
        if game._has_drawn and (over or game._pending or challenge is not None):
            raise SnapshotError("has_drawn only during a turn without a draw pending")
        drawn = game._drawn
        if drawn is not None:
            if (not game._has_drawn or game.rules.draw_until_playable
                    or drawn not in game._hands[current].cards):
                raise SnapshotError("drawn is a card the current seat drew (R8) and holds")
        elif game._has_drawn and not game.rules.draw_until_playable:
            raise SnapshotError("under R8, has_drawn comes with the drawn card")
        for i, said in enumerate(game._uno_said):
            size = len(game._hands[i].cards)
            if said and not (size == 1 or (size == 2 and (i == current or over))):
                raise SnapshotError(f"seat {i} said UNO with {size} cards")
        open_seat = game._uno_open
        if open_seat is not None and (over or len(game._hands[open_seat].cards) != 1
                                      or game._uno_said[open_seat]):
            raise SnapshotError("uno_open names a seat with one card that did not say UNO")


def _rng_from_data(data: Any) -> random.Random:
    if data is None:
        return random.SystemRandom()
    if isinstance(data, dict):
        if set(data) != {"kind", "key", "counter"} or data["kind"] != STATE_KIND:
            raise SnapshotError(f"rng: a {STATE_KIND} state has kind, key and counter")
        key = data["key"]
        if not isinstance(key, str) or len(key) != 2 * KEY_BYTES:
            raise SnapshotError(f"rng: the key is {2 * KEY_BYTES} hex digits")
        rng: random.Random = KeyedRandom()
    elif isinstance(data, list):
        rng = random.Random()
    else:
        raise SnapshotError("rng: null, a list (random.Random) or a dict (KeyedRandom)")
    try:
        state = (data["kind"], data["key"], data["counter"]) if isinstance(data, dict) \
            else _data_to_state(data)
        rng.setstate(state)
    except (TypeError, ValueError, OverflowError) as exc:
        raise SnapshotError(f"rng: not a random state ({exc})") from None
    return rng
