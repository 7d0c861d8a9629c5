"""``uno host`` and ``uno join``: their arguments and what they run.

    uno host [--name TABLE] [--seats N] [--bots N] [--rules official|house|SAVED] [rule options]
             [--port P] [--start] [--seed N] [--resume]
    uno host --save-rules NAME [--rules ...] [rule options]
    uno join [HOST[:PORT]]

Both take ``--lang es|en`` and ``--player NAME``. Importing this module is cheap: prompt-toolkit,
trio and the server are imported only when a command runs, trio and the server only after the
first screen is on the terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import PRESETS
from protocol import limits
from protocol.address import ALL_ADDRESSES, DEFAULT_PORT, parse_address
from protocol.arguments import count, penalty, port_number, seconds, whole_number
from protocol.arguments import player_name as name_argument

from .clihelp import INTERRUPTED, LANG_CHOICES, LANG_FLAG, said

if TYPE_CHECKING:
    from prompt_toolkit.application import Application

    from .app import ClientApp
    from .plainapp import PlainScreen


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(LANG_FLAG, choices=LANG_CHOICES, default=None, help=said(
        "language of the screen, remembered for next time (default: the last chosen with --lang or "
        "F2, else the locale)",
        "idioma de la pantalla, que se recuerda para la próxima vez (por defecto: el último elegido "
        "con --lang o F2, si no el del sistema)"))
    parser.add_argument("--player", metavar=said("NAME", "NOMBRE"), default=None, type=name_argument,
                        help=said(f"your name at the table, up to {limits.MAX_NAME} characters, remembered "
                                  "for next time (default: $UNO_NAME, else the name given last time, else "
                                  "your user name)",
                                  f"tu nombre en la mesa, de hasta {limits.MAX_NAME} caracteres, que se "
                                  "recuerda para la próxima vez (por defecto: $UNO_NAME, si no el de la "
                                  "última vez, si no tu nombre de usuario)"))
    parser.add_argument("--no-bell", action="store_true", help=said(
        "no terminal bell when your turn starts", "sin pitido de la terminal cuando empieza tu turno"))
    parser.add_argument("--plain", action="store_true", help=said(
        "plain mode for screen readers and braille displays: every change is a line of text, "
        "commands are typed (automatic when TERM=dumb)",
        "modo sencillo para lectores de pantalla y líneas braille: cada cambio es una línea de "
        "texto, las órdenes se escriben (automático con TERM=dumb)"))
    parser.add_argument("--colorblind", action="store_true", help=said(
        "a colour-blind palette (Okabe-Ito) for the cards",
        "colores de cartas para daltónicos (Okabe-Ito)"))
    parser.add_argument("--light", action="store_true", help=said(
        "darker text colours, for a terminal with a light background (default: when $COLORFGBG "
        "says the background is light)",
        "texto más oscuro, para una terminal de fondo claro (por defecto: cuando $COLORFGBG dice "
        "que el fondo es claro)"))


def add_host_arguments(parser: argparse.ArgumentParser) -> None:
    number, name, seconds_ = said("N", "N"), said("NAME", "NOMBRE"), said("SECONDS", "SEGUNDOS")
    parser.add_argument("--name", metavar=said("TABLE", "MESA"), default=None,
                        help=said("the table's name", "el nombre de la mesa"))
    parser.add_argument("--bots", type=_bots, default=0, metavar=number,
                        help=said("bots at the table (0-9)", "bots en la mesa (0-9)"))
    parser.add_argument("--rules", "--preset", default="official", metavar=name, help=said(
        f"a preset ({', '.join(PRESETS)}) or rules saved with --save-rules; rule options given "
        "beside it override",
        f"unas reglas de fábrica ({', '.join(PRESETS)}: oficiales, de la casa) o unas guardadas con "
        "--save-rules; las opciones de reglas que se añadan tienen prioridad"))
    parser.add_argument("--save-rules", metavar=name, default=None, help=said(
        "save the rules (--rules and the rule options) under NAME in $XDG_CONFIG_HOME/uno/rules/ "
        "and exit",
        "guarda las reglas (--rules y las opciones de reglas) como NOMBRE en "
        "$XDG_CONFIG_HOME/uno/rules/ y termina"))
    parser.add_argument("--port", type=port_number, default=None, metavar=said("PORT", "PUERTO"), help=said(
        f"TCP port (default {DEFAULT_PORT}, or with --resume the one the match was kept on; a free "
        "one if it is taken)",
        f"puerto TCP (por defecto {DEFAULT_PORT}, o con --resume el de la partida guardada; uno "
        "libre si está ocupado)"))
    parser.add_argument("--host", default=ALL_ADDRESSES, metavar=said("ADDRESS", "DIRECCIÓN"), help=said(
        "address to listen on, as `uno server --host` (default: all, and friends are invited at "
        "this machine's LAN address)",
        "dirección en la que escuchar, como `uno server --host` (por defecto: todas, y se invita "
        "a los amigos a la dirección de esta máquina en la red local)"))
    parser.add_argument("--seats", type=whole_number, default=None, metavar=number, help=said(
        "seats at the table, 2 to 10 (default 4, or one more than the bots if that is more; with "
        "--start and --bots, one more than the bots: you against them)",
        "asientos de la mesa, de 2 a 10 (por defecto 4, o uno más que los bots si son más; con --start "
        "y --bots, uno más que los bots: tú contra ellos)"))
    turn, delay = limits.DEFAULT_TURN_TIMEOUT, limits.DEFAULT_BOT_DELAY
    parser.add_argument("--turn-timeout", type=seconds, default=turn, metavar=seconds_, help=said(
        f"time for a turn, 0 for none (default {turn:g})",
        f"tiempo para cada turno; 0: sin límite (por defecto {turn:g})"))
    parser.add_argument("--bot-delay", type=seconds, default=delay, metavar=seconds_, help=said(
        f"how long bots think (default {delay:g})", f"cuánto piensan los bots (por defecto {delay:g})"))
    _rule_arguments(parser)
    parser.add_argument("--start", action="store_true", help=said(
        "start the match at once (bots take the empty seats)",
        "empieza la partida enseguida (los bots ocupan los asientos libres)"))
    parser.add_argument("--resume", action="store_true", help=said(
        "go back to the match kept from last time (instead of a new table)",
        "vuelve a la partida guardada la última vez (en lugar de una mesa nueva)"))
    parser.add_argument("--seed", type=whole_number, default=None, metavar=said("SEED", "SEMILLA"), help=said(
        "deal from a seeded shuffle (tests and demos)",
        "baraja con una semilla fija (pruebas y demostraciones)"))
    parser.add_argument("--no-discovery", action="store_true", help=said(
        "do not announce on the LAN", "no anuncia la mesa en la red local"))
    parser.add_argument("--uno-grace", type=seconds, default=None, metavar=seconds_, help=said(
        "a player who goes down to one card without saying UNO cannot be caught for this long "
        f"(default: as `uno server`, {limits.DEFAULT_UNO_GRACE:g}; 0: at once)",
        "durante este tiempo no se puede pillar a quien se queda con una carta sin decir UNO "
        f"(por defecto: como `uno server`, {limits.DEFAULT_UNO_GRACE:g}; 0: enseguida)"))
    add_history_arguments(parser)
    _common(parser)


def add_history_arguments(parser: argparse.ArgumentParser) -> None:
    """``--no-history`` and ``--history-limit`` (`uno server` has the same; its module is not
    imported here, so that `uno host` starts quickly)."""
    parser.add_argument("--no-history", action="store_true", help=said(
        "keep no finished hands (no replays, no `uno replay` list)",
        "no guarda las manos terminadas (sin repeticiones ni lista en `uno replay`)"))
    parser.add_argument("--history-limit", type=count, default=None, metavar="N", help=said(
        "finished hands kept on disk, the oldest dropped first (default: the server's, docs/REPLAY.md)",
        "manos terminadas que se guardan en disco, borrando antes las más viejas (por defecto: las "
        "del servidor, docs/REPLAY.md)"))


def _rule_arguments(parser: argparse.ArgumentParser) -> None:
    """Every rule option of the engine, and the table's bot level and late-arrival setting.
    Rule options left out keep the preset's value."""
    from protocol import BOT_LEVELS, DEFAULT_BOT_LEVEL, LATE_JOIN

    rules = parser.add_argument_group(said(
        "rule options (each defaults to the preset's)",
        "opciones de reglas (cada una, por defecto la de las reglas elegidas)"))
    cards = said("CARDS", "CARTAS")
    rules.add_argument("--target", type=_target, default=None, metavar=said("POINTS", "PUNTOS"), help=said(
        "points that win the match (the preset's: 500; 0: a single hand)",
        "puntos que ganan la partida (los de las reglas: 500; 0: una sola mano)"))
    rules.add_argument("--single-hand", action="store_true", help=said(
        "play one hand, not a match", "juega una sola mano, no una partida"))
    for flag, english, spanish in _SWITCHES:
        rules.add_argument(f"--{flag}", action=argparse.BooleanOptionalAction, default=None,
                           help=said(english, spanish))
    rules.add_argument("--uno-penalty", type=penalty, default=None, metavar=cards, help=said(
        "cards drawn when caught without saying UNO (0-10)",
        "cartas que roba quien es pillado sin decir UNO (0-10)"))
    rules.add_argument("--false-catch-penalty", type=penalty, default=None, metavar=cards, help=said(
        "cards drawn for a false catch (0-10)", "cartas que roba quien pilla en falso (0-10)"))
    # (not rules: `--help` listed them as such)
    table = parser.add_argument_group(said("the table", "la mesa"))
    table.add_argument("--bot-level", choices=BOT_LEVELS, default=DEFAULT_BOT_LEVEL, help=said(
        "the level of the bots: easy, normal, hard (keeps track of the cards) or expert (thinks "
        "ahead; the hint key, ?, or hint with --plain, shows its move); default normal",
        "el nivel de los bots: easy (fácil), normal, hard (difícil: lleva la cuenta de las cartas) o "
        "expert (experto: piensa jugadas; la tecla de pista, ?, o pista con --plain, muestra su "
        "jugada); por defecto normal"))
    table.add_argument("--late-join", choices=[v.replace("_", "-") for v in LATE_JOIN], default="now",
                       help=said("when someone arriving during a match takes over a bot's seat: at "
                                 "once, or at the next hand (default now)",
                                 "cuándo ocupa el asiento de un bot quien llega con la partida empezada: "
                                 "enseguida (now), o en la siguiente mano (next-hand; por defecto now)"))


# (flag, help in English, in Spanish); the RuleSet option is the flag with "_" for "-", except the
# strict +4
_SWITCHES = (
    ("draw-until-playable", "draw until a card can be played (R9)",
     "roba hasta que una carta se pueda jugar (R9)"),
    ("strict-wild-draw-four", "a Wild Draw Four only without the colour in play, no challenge (R13)",
     "el Comodín +4 solo sin el color en juego, sin desafío (R13)"),
    ("stack-draw-two", "answer a Draw Two with a Draw Two (R14)",
     "responde a un Roba dos con otro Roba dos (R14)"),
    ("stack-wild-draw-four", "stack Wild Draw Fours on draws (R15)",
     "acumula Comodines +4 sobre los robos (R15)"),
    ("seven-zero", "a 7 swaps hands, a 0 passes them along (R15)",
     "con un 7 cambias tu mano con la de otro; con un 0 todas pasan al siguiente (R15)"),
    ("jump-in", "play an identical card out of turn (R15)",
     "juega una carta idéntica fuera de turno (R15)"),
    ("first-to-left", "the dealer's left starts and play goes clockwise (R5)",
     "empieza quien está a la izquierda del que reparte y se juega en el sentido del reloj (R5)"),
)


def rule_overrides(args: argparse.Namespace) -> dict[str, object]:
    """The rule options given on the command line, in wire form (``RuleSet.to_dict``'s)."""
    out: dict[str, object] = {}
    for flag, _, _ in _SWITCHES:
        value = getattr(args, flag.replace("-", "_"))
        if value is None:
            continue
        if flag == "strict-wild-draw-four":
            out["wild_draw_four"] = "strict" if value else "challenge"
        else:
            out[flag.replace("-", "_")] = value
    if args.single_hand:
        out["target_score"] = None
    elif args.target is not None:  # (0: single hands, as `uno selfplay --target 0`; found play-testing)
        out["target_score"] = args.target or None
    if args.uno_penalty is not None:
        out["uno_penalty"] = args.uno_penalty
    if args.false_catch_penalty is not None:
        out["false_catch_penalty"] = args.false_catch_penalty
    return out


def check_rules(preset: str, overrides: dict[str, object]) -> str | None:
    """Why these options make no rule set (the engine's words), or None."""
    from engine import RuleSet

    try:
        RuleSet.from_dict({**RuleSet.preset(preset).to_dict(), **overrides})
    except (TypeError, ValueError) as exc:
        return str(exc)
    return None


def add_join_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", nargs="?", metavar=said("HOST[:PORT]", "HOST[:PUERTO]"), default=None,
                        help=said(f"the server (port {DEFAULT_PORT} if left out); without it, tables on "
                                  "the LAN are listed",
                                  f"el servidor (puerto {DEFAULT_PORT} si no se da); sin él, se listan las "
                                  "mesas de la red local"))
    parser.add_argument("--no-discovery", action="store_true", help=said(
        "do not look for tables on the LAN", "no busca mesas en la red local"))
    _common(parser)


def _target(text: str) -> int:
    from engine.rules import MAX_TARGET

    value = whole_number(text)
    if not 0 <= value <= MAX_TARGET:
        raise argparse.ArgumentTypeError(said(f"points from 1 to {MAX_TARGET} (0: a single hand)",
                                              f"puntos de 1 a {MAX_TARGET} (0: una sola mano)"))
    return value


def _bots(text: str) -> int:
    value = whole_number(text)
    if not 0 <= value <= 9:
        raise argparse.ArgumentTypeError(said("between 0 and 9 bots", "de 0 a 9 bots"))
    return value


NAME_FILE = "name"  # in the client's settings: the name last given with --player


def player_name(arg: str | None) -> str:
    """The name to play under: ``--player``, else ``$UNO_NAME``, else the name last given with
    ``--player`` (``remember``: found play-testing, Nico played as "Nico" and his ``uno
    replay`` of a file opened on the other player's cards, under his user name), else the user's."""
    from protocol import clean_text

    from .tokens import config_dir

    try:
        saved = (config_dir() / NAME_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        saved = ""
    given = arg or os.environ.get("UNO_NAME") or saved  # (played as given: found play-testing,
    # "ñandú josé" became "Ñandú josé"; a login, "root", is capitalised)
    name = given or os.environ.get("USER") or os.environ.get("LOGNAME")
    if not name:
        import getpass

        try:
            name = getpass.getuser()
        except (OSError, KeyError):
            name = "Player"
    name = " ".join(clean_text(name).split())[:limits.MAX_NAME]
    return (name if given else name[:1].upper() + name[1:]) or "Player"


def remember(args: argparse.Namespace) -> None:
    """Keep the name given with ``--player`` (``player_name``) and the language given with
    ``--lang`` (as F2 keeps it) for the next time: found play-testing, Bea, started with ``--lang
    es``, ran ``uno join`` again as the quit question said, and came back in English."""
    from protocol.limits import LANGUAGES

    from .i18n import switch_language
    from .tokens import config_dir

    if args.player:
        with contextlib.suppress(OSError):
            config_dir().mkdir(parents=True, exist_ok=True)
            (config_dir() / NAME_FILE).write_text(args.player + "\n", encoding="utf-8")
    if args.lang in LANGUAGES:
        switch_language(args.lang)


def _setup(args: argparse.Namespace) -> tuple[str, bool]:
    from .i18n import detect_language, set_language
    from .style import no_color

    lang = detect_language(args.lang)
    set_language(lang)
    load_keys(lang)
    return lang, no_color()


def _display(args: argparse.Namespace) -> tuple[bool, str]:
    """Plain mode (``--plain``, ``TERM=dumb``: a terminal that cannot draw a full screen, or
    input that is not a terminal: found play-testing, ``uno join </dev/null`` ended in a
    traceback), and the palette (``--colorblind``, ``--light``)."""
    plain_mode = (bool(getattr(args, "plain", False)) or os.environ.get("TERM") == "dumb"
                  or not sys.stdin.isatty())
    from .style import LIGHT_SUFFIX, light_background

    palette = "colorblind" if getattr(args, "colorblind", False) else "standard"
    if getattr(args, "light", False) or light_background():
        palette += LIGHT_SUFFIX
    return plain_mode, palette


def load_keys(lang: str) -> None:
    """Read keys.toml; what is wrong with it is said here (it stays on the terminal after the
    game) and again on the first screen (``ClientApp``)."""
    from .keymap import keys_file, load

    for problem in load(lang=lang).problems:
        print(f"uno: {keys_file()}: {problem}", file=sys.stderr)


def default_seats(bots: int, start: bool) -> int:
    """The table's seats when ``--seats`` is not given: room for friends to join (four), but a
    match started at once with ``--bots N`` is the host against exactly N bots (the empty seats
    would be filled with more)."""
    if start and bots:
        return bots + 1
    return max(4, bots + 1)


def run_host(args: argparse.Namespace) -> int:
    from .hosting import parting_words, resume_command, won_parting
    from .i18n import t
    from .inbox import points_now

    lang, plain = _setup(args)
    seats = args.seats if args.seats is not None else default_seats(args.bots, args.start)
    from engine.state import MAX_SEATS, MIN_SEATS

    if not MIN_SEATS <= seats <= MAX_SEATS or args.bots >= seats:
        print("uno host: " + t("host_bad_seats", low=MIN_SEATS, high=MAX_SEATS), file=sys.stderr)
        return 2
    from .saved_rules import SavedRulesError, resolve, rules_refused, save_rules, saved_names

    try:
        preset, overrides = resolve(args.rules, rule_overrides(args))
    except SavedRulesError as exc:
        print(f"uno host: {rules_refused(exc, args.rules)}", file=sys.stderr)
        return 2
    problem = check_rules(preset, overrides)
    if problem is not None:
        print(f"uno host: {problem}", file=sys.stderr)
        return 2
    if args.save_rules is not None:
        # (those saved before under that name, in any capitals as the form takes it, are replaced,
        # and said to be: found play-testing, they went without a word)
        again = next((name for name in saved_names() if name.lower() == args.save_rules.lower()), None)
        name = again or args.save_rules
        try:
            path = save_rules(name, preset, overrides)
        except SavedRulesError as exc:
            print(f"uno host: {rules_refused(exc, args.save_rules)}", file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"uno host: {exc}", file=sys.stderr)
            return 2
        print(t("rules_saved_over" if again else "rules_saved_to", name=name, path=path))
        return 0

    def client(application: Application[int] | PlainScreen) -> ClientApp:  # after the first screen is up
        from protocol import CreateRoom

        from .app import ClientApp, ClientOptions
        from .hosted import HostOptions
        from .tokens import TokenStore

        name = player_name(args.player)
        remember(args)
        table = " ".join((args.name or t("default_table", name=name)).split())[:limits.MAX_ROOM_NAME] or "UNO"
        create = CreateRoom(name=table, preset=preset, seats=seats, bots=args.bots,
                            turn_timeout=max(0.0, min(limits.MAX_SECONDS, args.turn_timeout)),
                            bot_delay=max(0.0, min(limits.MAX_BOT_DELAY, args.bot_delay)), rules=overrides,
                            bot_level=args.bot_level, late_join=args.late_join.replace("-", "_"))
        # A match the host keeps for later stays on disk (a seeded one too: its random source is
        # in its snapshot), and `uno host --resume` takes the host's seat in it back.
        host = HostOptions(table=table, create=create, port=args.port, bind=args.host, seed=args.seed,
                           discovery=not args.no_discovery, start=args.start,
                           resume=args.resume, keep=True,
                           history=not args.no_history, history_limit=args.history_limit,
                           uno_grace=args.uno_grace)
        options = ClientOptions(name=name, lang=lang, plain=plain, host=host, discovery=False,
                                marks=TokenStore())
        options.bell = not args.no_bell
        options.plain_mode, options.palette = _display(args)
        apps.append(ClientApp(options, application=application))
        return apps[-1]

    apps: list[ClientApp] = []
    code = _run(t("starting_server"), client, plain, _display(args)[0])
    if apps:
        model = apps[0].model
        room, me = model.seating.room, model.seating.seat
        friends = room is not None and any(s.kind == "human" and s.seat != me for s in room.seats)
        said = parting_words(model.host, model.seating.match_on, points_now(model),
                             lambda: resume_command(args.lang, kept_options(args)), friends)
        for line in filter(None, (won_parting(model), said)):
            print(line)
    return code


def kept_options(args: argparse.Namespace) -> list[str]:
    """The options of ``uno host`` that the kept match's command must give again (not the
    default address: found play-testing, "--host 0.0.0.0", never typed)."""
    return [*(["--no-discovery"] if args.no_discovery else []),
            *(["--host", args.host] if args.host != ALL_ADDRESSES else []),
            *(["--plain"] if args.plain else [])]


def run_join(args: argparse.Namespace) -> int:
    from .hosting import guest_parting, won_parting
    from .i18n import t

    lang, plain = _setup(args)
    address = None
    if args.address:
        try:
            address = parse_address(args.address)
        except ValueError:
            print("uno join: " + t("join_bad_address", address=args.address), file=sys.stderr)
            return 2
    text = t("status_connecting", address=args.address) if address else t("browse_searching")

    def client(application: Application[int] | PlainScreen) -> ClientApp:
        from .app import ClientApp, ClientOptions
        from .tokens import TokenStore

        remember(args)
        options = ClientOptions(name=player_name(args.player), lang=lang, plain=plain,
                                address=address, discovery=not args.no_discovery, tokens=TokenStore())
        options.bell = not args.no_bell
        options.plain_mode, options.palette = _display(args)
        apps.append(ClientApp(options, application=application))
        return apps[-1]

    apps: list[ClientApp] = []
    code = _run(text, client, plain, _display(args)[0])
    said = [won_parting(apps[0].model), guest_parting(apps[0].model, args.address)] if apps else []
    for line in filter(None, said):
        print(line)
    return code


def _run(text: str, client: Callable[[Application[int] | PlainScreen], ClientApp], plain: bool,
         plain_mode: bool = False) -> int:
    """Run the client on a full screen (the first screen drawn at once), or in plain mode."""
    import asyncio

    from .app_log import log_to_file
    from .plainapp import launch_plain
    from .splash import launch

    log_to_file()
    try:
        if plain_mode:
            return asyncio.run(launch_plain(text, client))
        return asyncio.run(launch(text, client, plain))
    except KeyboardInterrupt:
        return INTERRUPTED

