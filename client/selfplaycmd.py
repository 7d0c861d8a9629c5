"""``uno selfplay``: bots play whole matches against each other here, with no network,
deterministically from a seed; its arguments, the run (a count of matches as they end, the time
left), the results table, and the play-by-play of ``--verbose``. Imports the engine only.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from . import clihelp

if TYPE_CHECKING:
    from engine import Action, Card, Color, Event, Game
    from engine.selfplay import SelfplayStats

GAMES = 100  # selfplay's matches by default ...
EXPERT_GAMES = 10  # ... where an expert plays (some 75 s a match: found play-testing, 100 took two hours)


def add_arguments(p: argparse.ArgumentParser) -> None:
    from engine import PRESETS
    from engine.bots import BOT_LEVELS, DEFAULT_BOT_LEVEL
    from protocol.arguments import count, whole_number

    said = clihelp.said
    p.description = said("Bots play whole matches against each other, deterministically from a seed.",
                         "Los bots juegan partidas enteras entre sí, siempre iguales para una semilla "
                         "(los resultados, en inglés).")
    p.add_argument("--games", type=count, default=None, metavar="N", help=said(
        f"matches to play (default {GAMES}; {EXPERT_GAMES} where an expert plays, a minute or more a match)",
        f"partidas que jugar (por defecto {GAMES}; {EXPERT_GAMES} si juega un experto, un minuto o más "
        "cada una)"))
    p.add_argument("--players", type=_players, default=4, metavar="P", help=said(
        "seats, 2 to 10 (default 4)", "asientos, de 2 a 10 (por defecto 4)"))
    p.add_argument("--rules", "--preset", choices=tuple(PRESETS), default="official", help=said(
        "rule preset (default official)", "reglas (por defecto official, las oficiales)"))
    p.add_argument("--rule", action="append", default=[], metavar=said("OPTION=VALUE", "OPCIÓN=VALOR"),
                   help=said("change one rule option, e.g. --rule jump_in=true (repeatable)",
                             "cambia una opción de las reglas, p. ej. --rule jump_in=true (se puede "
                             "repetir)"))
    levels = ", ".join(BOT_LEVELS)
    p.add_argument("--bot", type=_bot_list, default=(DEFAULT_BOT_LEVEL,),
                   metavar=said("LEVEL[,LEVEL...]", "NIVEL[,NIVEL...]"), help=said(
                       f"bot level, or a comma list cycled over the seats ({levels}; default normal)",
                       f"nivel de los bots, o una lista con comas que se reparte por los asientos "
                       f"({levels}; por defecto normal)"))
    p.add_argument("--seed", type=whole_number, default=0, metavar=said("SEED", "SEMILLA"), help=said(
        "random seed (same seed, same games; default 0)",
        "semilla del azar (la misma semilla, las mismas partidas; por defecto 0)"))
    p.add_argument("--target", type=_non_negative_int, default=None, metavar=said("POINTS", "PUNTOS"),
                   help=said("points that win a match; 0 plays single hands (default: the preset's)",
                             "puntos que ganan la partida; 0 juega manos sueltas (por defecto: los de "
                             "las reglas)"))
    p.add_argument("--verbose", "-v", action="store_true", help=said(
        "print a play-by-play of every hand (in English)", "cuenta cada mano jugada a jugada (en inglés)"))
    p.add_argument("--delay", type=float, default=None, metavar=said("SECONDS", "SEGUNDOS"), help=said(
        "pause per line of play-by-play (default: a short one on a terminal)",
        "pausa por línea de la jugada a jugada (por defecto: una corta en una terminal)"))
    p.add_argument("--no-color", action="store_true", help=said(
        "no ANSI colours in the play-by-play", "sin colores ANSI en la jugada a jugada"))


def _time_left(done: int, games: int, started: float) -> str:
    """", about 2 h 10 min left": the matches to play at the pace of those played (found
    play-testing: 100 matches of expert bots, the default, run for hours without a word)."""
    left = (time.perf_counter() - started) / done * (games - done) if done else 0.0
    if games <= done or left < 60:
        return ""
    hours, minutes = divmod(round(left / 60), 60)
    return f", about {hours} h {minutes} min left" if hours else f", about {minutes} min left"


def main(args: argparse.Namespace) -> int:
    from engine import RuleSet
    from engine.selfplay import SelfplayStats, run_selfplay, seat_levels, seat_names

    base = RuleSet.preset(args.rules).to_dict()
    overrides: dict[str, object] = {}
    try:
        for text in args.rule:
            name, value = _parse_option(text, base)
            overrides[name] = value
        if args.target is not None:
            overrides["target_score"] = args.target or None
        rules = RuleSet.from_dict({**base, **overrides})
    except (ValueError, TypeError) as exc:
        print(f"uno selfplay: error: {exc}", file=sys.stderr)
        return 2

    levels = seat_levels(args.bot, args.players)
    if args.games is None:
        args.games = EXPERT_GAMES if "expert" in levels else GAMES
    out = sys.stdout
    observer = None
    if args.verbose:
        color = not args.no_color and out.isatty() and "NO_COLOR" not in os.environ
        delay = args.delay if args.delay is not None else (0.03 if out.isatty() else 0.0)
        observer = PlayByPlay(out, levels, args.games, color=color, delay=delay)
    target = "single hand" if rules.target_score is None else f"first to {rules.target_score}"
    print(f"selfplay: {args.games} match{'es' if args.games != 1 else ''}, {args.players} players, "
          f"{args.rules} rules{_options_note(args.rules, rules)}, {target}, seed {args.seed}", file=out)
    print("bots: " + ", ".join(f"P{i + 1} {level}" for i, level in enumerate(levels)), file=out, flush=True)
    # The matches so far: a count on the terminal as they end, and the table of those played if
    # the run is cut short (found play-testing: expert bots ran two minutes without a word, and
    # Ctrl-C said only "interrupted"). Not on a terminal (a pipe, a file), a line per match
    # played, as it ends (found play-testing: piped, a long run said nothing until its end).
    stats = SelfplayStats(seat_names(args.players), levels)
    counting = observer is None and sys.stderr.isatty()
    lines = observer is None and not counting
    started = match_began = time.perf_counter()

    def playing(number: int) -> None:  # (said as a match begins: an expert match takes minutes)
        if counting:
            done = f", {stats.matches} played{_time_left(stats.matches, args.games, started)}" \
                if stats.matches else ""
            print(f"\r\x1b[Kmatch {number + 1} of {args.games}{done}…", end="", file=sys.stderr, flush=True)

    def ended(number: int, record: Any) -> None:
        nonlocal match_began
        stats.add(record)
        if lines:  # (the match's own time, then the run's: found play-testing, the run's alone
            hands = len(record.hand_actions)  # read as each match's)
            now = time.perf_counter()
            print(f"match {number + 1} of {args.games}: {record.winner} won, {hands} "
                  f"hand{'s' if hands != 1 else ''} in {now - match_began:.1f} s "
                  f"({now - started:.1f} s in all{_time_left(number + 1, args.games, started)})",
                  file=sys.stderr, flush=True)
            match_began = now
        if number + 1 < args.games:
            playing(number + 1)

    playing(0)
    try:
        run_selfplay(args.games, args.bot, args.players, rules, args.seed, observer=observer, on_match=ended)
        interrupted = False
    except KeyboardInterrupt:
        interrupted = True
    elapsed = time.perf_counter() - started
    if counting:
        print("\r\x1b[K", end="", file=sys.stderr, flush=True)
    if interrupted:
        print(f"\ninterrupted after {stats.matches} of {args.games} matches", file=out)
    print_stats(stats, elapsed, out)
    return clihelp.INTERRUPTED if interrupted else 0


def print_stats(stats: SelfplayStats, elapsed: float, out: TextIO) -> None:
    """The results table of a selfplay run."""
    print("", file=out)
    print("wins per seat:   " + "  ".join(
        f"{seat} {stats.wins_by_seat.get(seat, 0)}" for seat in stats.seats), file=out)
    fair = 100 / len(stats.seats)
    levels = stats.wins_by_level.items() if len(stats.wins_by_level) > 1 else ()  # (one level
    # wins every match: found play-testing, "expert 4 seats 3 wins win rate 100.0%" read oddly)
    if levels:
        print(f"wins per level:  (win rate: share of matches; per seat: fair share {fair:.1f}%)", file=out)
    for level, wins in levels:
        seats = stats.seats_by_level[level]
        print(f"  {level:<8} {seats} seat{'s' if seats != 1 else ' '}  {wins:>6} wins  "
              f"win rate {100 * stats.win_rate(level):5.1f}%  "
              f"per seat {100 * stats.win_rate_per_seat(level):5.1f}%", file=out)
    per_match = stats.hands / stats.matches if stats.matches else 0.0
    print(f"hands played:    {stats.hands} ({per_match:.2f} per match)", file=out)
    print(f"hand length:     {stats.average_hand_actions:.1f} actions on average", file=out)
    print(f"points per hand: {stats.average_hand_points:.1f} on average", file=out)
    # (seconds a match: "0.0 matches/s" said nothing of a run of expert bots, found play-testing)
    each = elapsed / stats.matches if stats.matches else 0.0
    print(f"time:            {elapsed:.2f} s, {each:.2f} s a match", file=out)


def _options_note(preset: str, rules: Any) -> str:
    from engine import RuleSet

    base = RuleSet.preset(preset).to_dict()
    changed = [f"{k}={v}" for k, v in rules.to_dict().items() if base[k] != v and k != "target_score"]
    return f" ({', '.join(changed)})" if changed else ""


# ---------------------------------------------------------------------------------- play-by-play

_ANSI = {"R": "\x1b[91m", "Y": "\x1b[93m", "G": "\x1b[92m", "B": "\x1b[94m", "W": "\x1b[95m"}
_BOLD, _DIM, _RESET = "\x1b[1m", "\x1b[2m", "\x1b[0m"
_REASONS = {"draw_two": "from a +2", "wild_draw_four": "from a +4", "challenge": "after the challenge",
            "uno_penalty": "for not saying UNO", "false_catch": "for a false catch"}


class PlayByPlay:
    """An observer for ``run_selfplay`` that narrates each hand, one line per action."""

    def __init__(self, out: TextIO, levels: Sequence[str], games: int, *, color: bool = False,
                 delay: float = 0.0, sleep: Callable[[float], None] = time.sleep) -> None:
        self.out = out
        self.levels = tuple(levels)
        self.games = games
        self.color = color
        self.delay = delay
        self.sleep = sleep
        self.match = 0

    # -- formatting helpers

    def _paint(self, code: str, text: str) -> str:
        return f"{code}{text}{_RESET}" if self.color else text

    def card(self, card: Card, color: Color | None = None) -> str:
        text = str(card)
        if card.color is None:
            shown = self._paint(_BOLD + _ANSI["W"], text)
            if color is not None:
                shown += " → " + self.color_name(color)
            return shown
        return self._paint(_BOLD + _ANSI[card.color.value], text)

    def color_name(self, color: Color) -> str:
        return self._paint(_BOLD + _ANSI[color.value], color.name.lower())

    def dim(self, text: str) -> str:
        return self._paint(_DIM, text)

    def emph(self, text: str) -> str:
        return self._paint(_BOLD, text)

    def _line(self, text: str, pause: float | None = None) -> None:
        print(text, file=self.out, flush=self.delay > 0)
        wait = self.delay if pause is None else pause
        if wait > 0:
            self.sleep(wait)

    # -- the observer

    def __call__(self, game: Game, action: Action | None, events: list[Event]) -> None:
        from engine import events as ev

        if action is None:
            self._deal(game, events)
            return
        parts: list[str] = []
        tail: list[str] = []
        actor = action.seat
        drew: str | None = None  # the seat that drew last, to say "draws 2 and is skipped"
        for event in events:
            if isinstance(event, ev.CardPlayed):
                verb = "jumps in with" if event.jump_in else "plays"
                parts.append(f"{verb} {self.card(event.card, event.color if event.card.is_wild else None)}")
            elif isinstance(event, ev.Drew):
                drew = event.seat
                who = "" if event.seat == actor else f"{event.seat} "
                count = "a card" if event.count == 1 else f"{event.count} cards"
                reason = _REASONS.get(event.reason, "")
                parts.append(f"{who}draws {count}" + (f" {reason}" if reason else ""))
            elif isinstance(event, ev.DrawSkipped):
                parts.append("nothing left to draw")
            elif isinstance(event, ev.Passed):
                parts.append("passes")
            elif isinstance(event, ev.Skipped):
                if event.seat == drew and parts:
                    parts[-1] += " and " + ("loses the turn" if event.seat == actor else "is skipped")
                else:
                    parts.append(f"{event.seat} is skipped")
            elif isinstance(event, ev.DirectionChanged):
                parts.append("direction reversed " + ("↻" if event.direction == 1 else "↺"))
            elif isinstance(event, ev.ColorChosen):
                parts.append(f"names {self.color_name(event.color)}")
            elif isinstance(event, ev.Challenged):
                verdict = "guilty!" if event.guilty else "innocent"
                parts.append(f"challenges {event.target}'s +4: {self.emph(verdict)}")
            elif isinstance(event, ev.UnoCalled):
                parts.append(f"says {self.emph('UNO!')}")
            elif isinstance(event, ev.Caught):
                if event.false_catch:
                    parts.append(f"wrongly calls {event.target} out")
                else:
                    parts.append(f"catches {event.target} without UNO!")
            elif isinstance(event, ev.HandsExchanged):
                if event.target is None:
                    parts.append("every hand moves one seat along " + ("↻" if game.direction == 1 else "↺"))
                else:
                    parts.append(f"swaps hands with {event.target}")
            elif isinstance(event, ev.Reshuffled):
                tail.append(self.dim(f"(discards reshuffled: {event.count} cards to draw)"))
            elif isinstance(event, ev.HandEnded):
                tail.append(self._hand_end(game, event))
            elif isinstance(event, ev.MatchEnded):
                tail.append(self._match_end(event))
        if parts:
            left = len(game.hand(actor))
            size = self.dim(f"[{left} card{'s' if left != 1 else ''}]")
            self._line(f"  {self.emph(actor.ljust(3))} {', '.join(parts)}  {size}")
        for text in tail:
            self._line(text, pause=self.delay * 20)

    def _deal(self, game: Game, events: list[Event]) -> None:
        from engine import events as ev

        if game.hand_number == 1:
            self.match += 1
            title = f"Match {self.match} of {self.games}"
            self._line("")
            self._line(self.emph(f"━━━ {title} " + "━" * max(3, 60 - len(title))), pause=0)
            self._line("  " + "   ".join(f"{seat} {level}" for seat, level in
                                         zip(game.seats, self.levels, strict=True)), pause=0)
        scores = "  ".join(f"{seat} {score}" for seat, score in zip(game.seats, game.scores, strict=True))
        way = "clockwise ↻" if game.direction == 1 else "counter-clockwise ↺"
        self._line("")
        self._line(self.emph(f"── Hand {game.hand_number}") + f" · dealer {game.dealer} · play runs {way}"
                   + self.dim(f" · scores: {scores}"), pause=0)
        notes: list[str] = []
        for event in events:
            match event:
                case ev.StartingCard(card=card, returned=True):
                    notes.append(f"{self.card(card)} turned up and goes back")
                case ev.StartingCard(card=card):
                    notes.append(f"starting card {self.card(card)}")
                case ev.Drew(seat=seat, count=count):
                    notes.append(f"{seat} draws {count}")
                case ev.Skipped(seat=seat):
                    notes.append(f"{seat} is skipped")
                case ev.DirectionChanged():
                    notes.append("the dealer starts, the other way")
        notes.append(f"{game.current} to play")
        self._line("  " + ", ".join(notes))

    def _hand_end(self, game: Game, event: Any) -> str:
        lines = [f"  ★ {self.emph(event.winner)} wins hand {game.hand_number} and scores "
                 f"{self.emph(str(event.points))} points"]
        for seat in game.seats:
            cards = game.hand(seat)
            if cards:
                shown = " ".join(self.card(c) for c in cards)
                points = sum(c.points for c in cards)
                lines.append(self.dim(f"    {seat} held ") + shown + self.dim(f"  ({points})"))
        return "\n".join(lines)

    def _match_end(self, event: Any) -> str:
        scores = "  ".join(f"{seat} {score}" for seat, score in zip(
            [f"P{i + 1}" for i in range(len(event.scores))], event.scores, strict=True))
        return self.emph(f"  ★★ {event.winner} wins the match") + f"  final scores: {scores}"


# ---------------------------------------------------------------------------------- arguments


def _non_negative_int(text: str) -> int:
    from protocol.arguments import whole_number

    value = whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(clihelp.said("must be 0 or more", "tiene que ser 0 o más"))
    return value


def _players(text: str) -> int:
    from engine.state import MAX_SEATS, MIN_SEATS
    from protocol.arguments import whole_number

    value = whole_number(text)
    if not MIN_SEATS <= value <= MAX_SEATS:
        raise argparse.ArgumentTypeError(clihelp.said(
            f"a game has {MIN_SEATS} to {MAX_SEATS} players",
            f"una partida es de {MIN_SEATS} a {MAX_SEATS} jugadores"))
    return value


def _bot_list(text: str) -> tuple[str, ...]:
    from engine.bots import BOT_LEVELS

    levels = tuple(part.strip().lower() for part in text.split(",") if part.strip())
    if not levels:
        raise argparse.ArgumentTypeError(clihelp.said("name a bot level", "nombra un nivel de bot"))
    for level in levels:
        if level not in BOT_LEVELS:
            known = ", ".join(BOT_LEVELS)
            raise argparse.ArgumentTypeError(clihelp.said(f"unknown bot level {level!r} (known: {known})",
                                                          f"no hay nivel de bot {level!r} (hay: {known})"))
    return levels


def _parse_option(text: str, base: dict[str, Any]) -> tuple[str, object]:
    """``OPTION=VALUE`` for one ``RuleSet`` option, typed like the preset's value."""
    name, sep, raw = (part.strip() for part in text.partition("="))
    if not sep:
        raise ValueError(f"--rule wants OPTION=VALUE, not {text!r}")
    if name not in base:
        raise ValueError(f"unknown rule option {name!r}; known: {', '.join(base)}")
    raw = raw.lower()
    current = base[name]
    if isinstance(current, bool):
        if raw in ("true", "yes", "on", "1"):
            return name, True
        if raw in ("false", "no", "off", "0"):
            return name, False
        raise ValueError(f"{name} must be true or false")
    if isinstance(current, str):
        return name, raw
    if raw in ("none", "0") and name == "target_score":
        return name, None
    try:
        return name, int(raw)
    except ValueError:
        raise ValueError(f"{name} must be a whole number") from None
