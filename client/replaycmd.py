"""`uno replay`: the finished hands a server kept (server/history.py), listed, played back in
the terminal (client/replayview.py), exported to a file; and a replay file opened.

    uno replay                      list the hands kept by `uno host` (--state-dir: a server's)
    uno replay ID                   play kept hand ID back
    uno replay FILE                 play a replay file back (docs/REPLAY.md)
    uno replay --export ID FILE     write kept hand ID to FILE (--force: over one there)
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .clihelp import INTERRUPTED, LANG_CHOICES, LANG_FLAG, said

if TYPE_CHECKING:
    from collections.abc import Iterable

    from protocol.replays import Replay
    from server.history import HistoryStore


_COLUMNS = (4, 16, 14, 23, 11, 6)  # the list's: id, ended (to the minute), table, players, winner,
# points: with the spaces between, 79 columns
_THEN = "→"  # between the players of a seat that changed hands, in the order they sat there


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", nargs="?", default=None, metavar=said("ID|FILE", "ID|ARCHIVO"), help=said(
        "a kept hand's id (from the list) or a replay file; none: the list",
        "el id de una mano guardada (de la lista) o un archivo de repetición; sin él: la lista"))
    parser.add_argument("--export", nargs=2, metavar=("ID", said("FILE", "ARCHIVO")), default=None,
                        help=said("write kept hand ID to FILE (not over a file already there)",
                                  "escribe la mano guardada ID en ARCHIVO (no sobre uno que ya exista)"))
    parser.add_argument("--force", action="store_true", help=said(
        "with --export: replace FILE if it exists", "con --export: reemplaza ARCHIVO si existe"))
    parser.add_argument("--state-dir", default=None, metavar=said("DIR", "CARPETA"), help=said(
        "a server's state directory (default: `uno host`'s)",
        "la carpeta de estado de un servidor (por defecto: la de `uno host`)"))
    parser.add_argument("--speed", type=float, default=1.0, metavar=said("MOVES", "JUGADAS"), help=said(
        "moves per second, 0.25 to 8 (keys + and - change it)",
        "jugadas por segundo, de 0.25 a 8 (las teclas + y - la cambian)"))
    parser.add_argument("--seat", type=int, default=None, metavar="N", help=said(
        "whose cards are shown first: the Nth seat (Tab changes it; default: yours, found by "
        "--player, else the first person's)",
        "de quién son las cartas que se ven primero: el asiento N (Tab lo cambia; por defecto: el "
        "tuyo, por --player, si no el de la primera persona)"))
    parser.add_argument("--player", metavar=said("NAME", "NOMBRE"), default=None, help=said(
        "your name at the table, to open on your cards (default: $UNO_NAME or your user name, as "
        "for uno host and uno join)",
        "tu nombre en la mesa, para abrir con tus cartas (por defecto: $UNO_NAME o tu nombre de "
        "usuario, como en uno host y uno join)"))
    parser.add_argument("--open", action="store_true", help=said(
        "every hand open from the start", "todas las manos a la vista desde el principio"))
    parser.add_argument("--paused", action="store_true", help=said(
        "start paused (step with ←/→)", "empieza en pausa (avanza con ←/→)"))
    parser.add_argument(LANG_FLAG, choices=LANG_CHOICES, default=None, help=said(
        "language of the screen (default: the last chosen with F2, else the locale)",
        "idioma de la pantalla (por defecto: el último elegido con F2, si no el del sistema)"))
    parser.add_argument("--plain", action="store_true", help=said(
        "plain mode for screen readers and braille displays: each move said as a line, commands "
        "typed (automatic when TERM=dumb)",
        "modo sencillo para lectores de pantalla y líneas braille: cada jugada es una línea, las "
        "órdenes se escriben (automático con TERM=dumb)"))


def main(args: argparse.Namespace) -> int:
    from .i18n import detect_language, set_language, t
    from .statscmd import no_folder

    set_language(detect_language(args.lang))
    directory = Path(args.state_dir) if args.state_dir else _default_dir()
    if args.state_dir and no_folder(directory):
        return 2
    if args.export is not None:
        hand_id, target = args.export
        text = _kept_text(directory, hand_id)
        if text is None:
            return 1
        try:  # (found play-testing: a file there was replaced without a word)
            with open(target, "w" if args.force else "x", encoding="utf-8") as out:
                out.write(text + "\n")
        except FileExistsError:
            print(t("replay_file_exists", file=target), file=sys.stderr)
            return 1
        except OSError as exc:
            print(t("replay_unwritable", file=target or "''", why=os_reason(exc, writing=True)),
                  file=sys.stderr)
            return 1
        print(t("replay_exported", id=hand_id, file=target))
        return 0
    if args.what is None:
        return _list(directory, given=bool(args.state_dir))
    path = Path(args.what)
    # a number is a kept hand's, before a file of that name (found play-testing: a file "2" here
    # was played instead of kept hand 2, without a word; "./2" names the file)
    a_file = path.is_file()
    kept = _kept_text(directory, args.what, say=not a_file) if args.what.isdigit() else None
    if kept is not None:
        return _play(kept, args.what, args)
    if args.what.isdigit() and not a_file:
        return 1
    try:
        data = path.read_bytes()
    except OSError as exc:
        print(t("replay_refused", file=args.what or "''", why=os_reason(exc)), file=sys.stderr)
        return 1
    return _play(data, args.what, args)


_OS_REASONS = {errno.ENOENT: "replay_os_missing", errno.EISDIR: "replay_os_folder",
               errno.EACCES: "replay_os_denied", errno.EPERM: "replay_os_denied"}


def os_reason(exc: OSError, writing: bool = False) -> str:
    """Why a file could not be read (or ``writing``, written), in the player's language where it is
    a usual reason (found play-testing: "…no se puede abrir como repetición: No such file or
    directory"); the system's words otherwise."""
    from .i18n import t

    key = _OS_REASONS.get(exc.errno or 0)
    if key is None:
        return str(exc.strerror or exc)
    return t(key + ("_folder" if writing and key == "replay_os_missing" else ""))


def _default_dir() -> Path:
    from server.persist import default_state_dir

    return default_state_dir()


def _store(directory: Path) -> HistoryStore | None:
    from server.history import HISTORY_NAME, HistoryStore

    if not (directory / HISTORY_NAME).exists():
        return None
    return HistoryStore(directory, 1, readonly=True)


def _kept_text(directory: Path, hand_id: str, say: bool = True) -> str | None:
    """The kept hand ``hand_id``'s replay; None, and (if ``say``) why, if there is none."""
    from .i18n import t

    store = _store(directory)
    text = None
    if store is not None:
        text = store.text(int(hand_id)) if hand_id.isdigit() else None
        store.close()
    if text is None and say:
        print(t("replay_no_such", id=hand_id), file=sys.stderr)
    return text


def _list(directory: Path, given: bool = False) -> int:
    """The kept hands of ``directory`` (``given``: named by --state-dir, which the command to play
    one back then names too: found play-testing, it was left out)."""
    import shlex
    import shutil

    from protocol import clean_text

    from .draw import fit, pad
    from .i18n import t
    from .replayview import minute_here

    store = _store(directory)
    hands = store.hands() if store is not None else []
    if store is not None:
        store.close()
    if not hands:
        print(t("replay_no_store" if given else "replay_none", dir=directory))  # (--state-dir: no news)
        return 0
    # (a wider terminal widens the table's, the players' and the winner's columns: found
    # play-testing, the players and the winner cut at 100 and 160 columns)
    more = max(0, shutil.get_terminal_size().columns - 1 - sum(_COLUMNS) - len(_COLUMNS) + 1)
    widths = list(_COLUMNS)
    widths[2] += more // 4
    widths[4] += more // 4
    widths[3] += more - 2 * (more // 4)

    def row(cells: list[str]) -> str:
        *texts, points = [fit(cell, width) for cell, width in zip(cells, widths, strict=True)]
        return " ".join(pad(text, width) for text, width in zip(texts, widths, strict=False)) \
            + " " + points.rjust(widths[-1])

    print(row(t("replay_columns").split("|")))
    for hand in hands:
        players = ", ".join(_THEN.join(map(clean_text, seat)) for seat in hand.players)
        when = minute_here(hand.ended)
        print(row([str(hand.id), when, clean_text(hand.table), players, clean_text(hand.winner),
                   str(hand.points)]))
    command = f"uno replay --state-dir {shlex.quote(str(directory))}" if given else "uno replay"
    print(t("replay_how", cmd=command))
    return 0


def _play(text: str | bytes, source: str, args: argparse.Namespace) -> int:
    from engine.replay import ReplayError
    from protocol.replays import load_replay

    from .i18n import t

    try:
        replay = load_replay(text)
    except ReplayError as exc:  # (in the player's language: found play-testing, half English)
        print(t("replay_refused", file=source, why=t("replay_why_" + exc.kind)), file=sys.stderr)
        return 1
    seats = len(replay.positions()[0].game.seats)
    if args.seat is not None and not 1 <= args.seat <= seats:  # (found play-testing: ignored)
        print(t("replay_no_seat", seat=args.seat, seats=seats), file=sys.stderr)
        return 1
    if args.plain or os.environ.get("TERM") == "dumb":  # (as for uno join: commands._display)
        return plain_replay(replay, seat=first_seat(replay, args))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(t("replay_needs_terminal"), file=sys.stderr)
        return 1
    return view_replay(replay, speed=args.speed, seat=first_seat(replay, args), playing=not args.paused)


def first_seat(replay: Replay, args: argparse.Namespace) -> int:
    """Whose cards the replay opens on: every hand (--open), the Nth seat (--seat), else the
    seat of whoever opens it (--player: client/replayer.py, ``opening_seat``)."""
    from .commands import player_name
    from .replayer import OPEN, opening_seat

    if args.open:
        return OPEN
    if args.seat is not None:
        return int(args.seat) - 1
    return opening_seat(replay, name=player_name(args.player))


def plain_replay(replay: Replay, *, seat: int = 0, lines: Iterable[str] | None = None) -> int:
    """Say ``replay`` a move at a time, as plain mode's replay command does at the table: each
    line typed (from ``lines``, default standard input) moves it, until "quit" or the input's end
    (found play-testing: on a plain terminal `uno replay` opened the full-screen viewer)."""
    from .plainreplay import PlainReplay
    from .replayer import Replayer

    plain = PlainReplay(Replayer(replay, seat=seat, playing=False), at_table=False)
    print("\n".join(plain.opening()), flush=True)
    for line in sys.stdin if lines is None else lines:
        print("\n".join(plain.run(line)), flush=True)
        if plain.done:
            break
    return 0


def view_replay(replay: Replay, *, speed: float = 1.0, seat: int = 0,
                playing: bool = True) -> int:
    """Play ``replay`` back in this terminal until the viewer is quit."""
    import asyncio

    from .replayer import Replayer
    from .replayview import build_replay_application, play_back
    from .style import no_color

    replayer = Replayer(replay, speed=speed, seat=seat, playing=playing)
    application = build_replay_application(replayer, plain=no_color())
    try:
        asyncio.run(play_back(application, replayer))
    except KeyboardInterrupt:
        return INTERRUPTED
    return 0
