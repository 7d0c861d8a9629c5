"""`uno host` sets every rule option, the bots' level and the late-arrival setting by flags."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
import trio

from client.commands import add_host_arguments, check_rules, default_seats, rule_overrides
from engine import RuleSet
from engine.rules import WildDrawFour


def own_folders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The test's own state and data folders: the rooms a hosted server keeps (in XDG_DATA_HOME)
    are no other test's to find."""
    for name in ("XDG_STATE_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name.lower()))


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_host_arguments(parser)
    return parser.parse_args(list(argv))


def test_no_flags_keep_the_presets_options() -> None:
    args = parse()
    assert rule_overrides(args) == {}
    assert (args.bot_level, args.late_join, args.seats) == ("normal", "now", None)


def test_the_rules_are_chosen_by_preset_too() -> None:
    """Found play-testing (helper 146): `uno host --preset house`, in the words the rules use,
    printed the top-level usage and "unrecognized arguments: --preset house"."""
    assert parse("--preset", "house").rules == parse("--rules", "house").rules == "house"


def test_every_rule_option_has_a_flag() -> None:
    args = parse("--rules", "house", "--no-draw-until-playable", "--no-strict-wild-draw-four",
                 "--stack-wild-draw-four", "--seven-zero", "--jump-in", "--first-to-left",
                 "--no-stack-draw-two", "--uno-penalty", "4", "--false-catch-penalty", "1",
                 "--target", "250", "--bot-level", "easy", "--late-join", "next-hand")
    overrides = rule_overrides(args)
    rules = RuleSet.from_dict({**RuleSet.preset("house").to_dict(), **overrides})
    assert rules == RuleSet(first_to_left=True, draw_until_playable=False,
                            wild_draw_four=WildDrawFour.CHALLENGE, stack_draw_two=False,
                            stack_wild_draw_four=True, seven_zero=True, jump_in=True,
                            uno_penalty=4, false_catch_penalty=1, target_score=250)
    assert (args.bot_level, args.late_join) == ("easy", "next-hand")
    assert rule_overrides(parse("--single-hand"))["target_score"] is None


@pytest.mark.parametrize(("argv", "seats"), [((), 4), (("--bots", "1"), 4), (("--bots", "5"), 6),
                                             (("--start",), 4), (("--bots", "1", "--start"), 2),
                                             (("--bots", "2", "--start"), 3)])
def test_a_match_started_at_once_seats_the_host_and_exactly_the_bots_asked_for(
        argv: tuple[str, ...], seats: int) -> None:
    """Found play-testing: `uno host --bots 1 --start` dealt to four (bots filled the two empty
    seats); without --start the table keeps room for friends to join."""
    args = parse(*argv)
    assert default_seats(args.bots, args.start) == seats


@pytest.mark.parametrize("argv", [("--uno-penalty", "11"), ("--false-catch-penalty", "12")])
def test_bad_penalties_are_refused_by_the_command_line(argv: tuple[str, ...],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """(Found re-checking: refused once the rules were built, in the engine's English words.)"""
    with pytest.raises(SystemExit):
        parse(*argv)
    assert f"{argv[0]}: '{argv[1]}': from 0 to 10 cards" in capsys.readouterr().err
    assert check_rules("official", {"uno_penalty": 11}) is not None  # (the engine's check stays)


def test_target_0_plays_single_hands_as_selfplays_does() -> None:
    """Found play-testing: `uno host --target 0` said "target_score must be between 1 and 100000,
    or None", where `uno selfplay --target 0` plays single hands."""
    assert rule_overrides(parse("--target", "0"))["target_score"] is None


@pytest.mark.parametrize(("argv", "said"), [
    (("--port", "99999"), "bad port '99999'"), (("--turn-timeout", "-5"), "seconds must be 0 or more"),
    (("--bot-delay", "x"), "is not a number of seconds"), (("--uno-grace", "nan"), "seconds must be"),
    (("--target", "-1"), "points from 1 to 100000"), (("--target", "100001"), "points from 1 to 100000"),
    (("--player", "Maximiliano Alejandro Rodríguez"), "has 31 characters: a name at the table has at most"),
    (("--player", " \t "), "a name cannot be blank"),
    (("--player", "you"), "the table says 'you' to each player"),
    (("--player", "Bot 1"), "choose another name")])
def test_bad_values_on_the_command_line_are_refused_saying_why(
        argv: tuple[str, ...], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Found play-testing: `--port 99999` was said to be taken, `--turn-timeout -5` read as no
    clock."""
    with pytest.raises(SystemExit):
        parse(*argv)
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "grace"), [((), 0.75), (("--uno-grace", "0"), 0.0),
                                             (("--uno-grace", "2.5"), 2.5), (("--uno-grace", "99"), 10.0)])
async def test_the_uno_grace_flag_sets_the_hosted_servers_grace(
        argv: tuple[str, ...], grace: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`uno host --uno-grace S` (as `uno server`'s, brought within 0..10 s); the default is the
    server's."""
    from client.hosted import HostedServer, HostOptions
    from client.model import Model
    from protocol import CreateRoom

    own_folders(monkeypatch, tmp_path)
    options = HostOptions(table="Mesa", create=CreateRoom(name="Mesa"), port=0, bind="127.0.0.1",
                          discovery=False, keep=False, history=False,
                          uno_grace=parse(*argv).uno_grace)
    hosted = HostedServer(options, Model("Ana"), lambda: None)
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            await hosted.start(nursery)
            assert hosted.server.config.uno_grace == grace
            nursery.cancel_scope.cancel()


async def test_the_host_flag_sets_where_the_table_listens_and_the_invitation(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`uno host --host 127.0.0.1` (as `uno server --host`): the table listens there only, and
    its waiting room invites friends at it (by default: every address, invited at the LAN's)."""
    from client.hosted import HostedServer, HostOptions
    from client.model import Model
    from protocol import CreateRoom

    assert parse().host == "0.0.0.0"
    own_folders(monkeypatch, tmp_path)
    options = HostOptions(table="Mesa", create=CreateRoom(name="Mesa"), port=0,
                          bind=parse("--host", "127.0.0.1").host, discovery=False, keep=False,
                          history=False)
    hosted = HostedServer(options, Model("Ana"), lambda: None)
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            await hosted.start(nursery)
            assert hosted.model.host.address == f"127.0.0.1:{hosted.port}"
            with pytest.raises(OSError):  # (not on another address of this machine)
                await trio.open_tcp_stream("127.0.0.2", hosted.port or 0)
            await (await trio.open_tcp_stream("127.0.0.1", hosted.port or 0)).aclose()
            nursery.cancel_scope.cancel()


async def test_the_hosts_own_client_reaches_its_table_at_the_address_it_listens_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: `uno host --host 10.120.0.1` listened there, and its own client tried
    127.0.0.1 for ever ("Cannot reach 127.0.0.1:7200 (refused)")."""
    from client.hosted import HostedServer, HostOptions, own_address
    from client.model import Model
    from protocol import CreateRoom

    assert (own_address("0.0.0.0"), own_address("::"), own_address("")) == ("127.0.0.1", "::1", "127.0.0.1")
    own_folders(monkeypatch, tmp_path)
    options = HostOptions(table="Mesa", create=CreateRoom(name="Mesa"), port=0, bind="127.0.0.2",
                          discovery=False, keep=False, history=False)
    hosted = HostedServer(options, Model("Ana"), lambda: None)
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            address = await hosted.start(nursery)
            assert address == ("127.0.0.2", hosted.port)
            await (await trio.open_tcp_stream(*address)).aclose()
            nursery.cancel_scope.cancel()


@pytest.mark.parametrize("argv", [("--seats", "1"), ("--seats", "11"), ("--bots", "4", "--seats", "4"),
                                  ("--bots", "2", "--seats", "2")])
def test_seats_are_two_to_ten_with_one_left_for_the_host(argv: tuple[str, ...], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """`--seats N` is 2-10 and `--bots B` leaves the host a seat: otherwise `uno host` says so and
    exits 2, before any server starts."""
    from client.cli import build_parser
    from client.commands import run_host

    for name in ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, str(tmp_path / name))
    args = build_parser(["host"]).parse_args(["host", "--no-discovery", "--lang", "en", *argv])
    assert run_host(args) == 2
    assert "a table has 2 to 10 seats, with at least one left for you" in capsys.readouterr().err


def test_make_play_opens_a_match_against_three_bots_at_once() -> None:
    """The Makefile's `play` target: three bots fill every seat but the player's, started at once."""
    from client.cli import build_parser

    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    line = makefile.split("\nplay:", 1)[1].splitlines()[1].strip()
    assert line.startswith("$(BIN)/uno host "), line
    argv = line.split()[1:]
    args = build_parser(argv).parse_args(argv)
    seats = args.seats if args.seats is not None else max(4, args.bots + 1)
    assert (args.bots, seats, args.start) == (3, 4, True)


async def test_a_table_lost_before_its_match_started_is_offered_once(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: a host killed in the waiting room was offered "Kept from last time:
    “Ana's table”, not started" at every `uno host` after, matches played and ended between.
    Offered once and not taken, it is forgotten when the host quits."""
    from kit.client import Client

    from client.hosted import HostedServer, HostOptions
    from client.model import Model
    from protocol import CreateRoom
    from server import ServerConfig, UnoServer
    from server.persist import default_state_dir

    own_folders(monkeypatch, tmp_path)
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:  # the first host, killed in its waiting room
            crashed = UnoServer(ServerConfig(state_dir=str(default_state_dir())))
            await nursery.start(crashed.serve)
            client_end, server_end = trio.testing.memory_stream_pair()
            nursery.start_soon(crashed.handle_stream, server_end, "memory")
            ana = Client(client_end, "Ana")
            await ana.hello()
            await ana.create("Ana's table")
            await ana.aclose()
            while crashed.peers:  # (gone before the server stops: its room saved as a crash leaves it)
                await trio.sleep(0.01)
            nursery.cancel_scope.cancel()

        async def host_once() -> str:
            options = HostOptions(table="Mesa", create=CreateRoom(name="Mesa"), port=0, bind="127.0.0.1",
                                  discovery=False, keep=True, history=False)
            model = Model("Ana")
            hosted = HostedServer(options, model, lambda: None)
            async with trio.open_nursery() as nursery:
                await hosted.start(nursery)
                await hosted.stop(nursery)
            return model.host.offer_key

        assert "Ana's table" in await host_once()
        assert await host_once() == ""


@pytest.mark.parametrize(("lang", "words"), [("en", "“Ana's table”, not started, with Ben and Inés."),
                                             ("es", "«Ana's table», sin empezar, con Ben e Inés.")])
async def test_the_kept_match_offered_names_who_waits_for_it(lang: str, words: str, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: after ``kill -9`` and ``uno host`` again, the host read "Kept from last
    time: “Ana's table”, hand 2", and could not tell whom the kept match would bring back."""
    from kit.client import Client

    from client.hosted import HostedServer, HostOptions
    from client.i18n import set_language
    from client.model import Model
    from protocol import CreateRoom
    from server import ServerConfig, UnoServer
    from server.persist import default_state_dir

    own_folders(monkeypatch, tmp_path)
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:  # the host, killed with two friends seated
            crashed = UnoServer(ServerConfig(state_dir=str(default_state_dir())))
            await nursery.start(crashed.serve)
            clients = []
            for name in ("Ana", "Ben", "Inés"):
                client_end, server_end = trio.testing.memory_stream_pair()
                nursery.start_soon(crashed.handle_stream, server_end, "memory")
                clients.append(Client(client_end, name))
                await clients[-1].hello()
            room = (await clients[0].create("Ana's table")).room.id
            for friend in clients[1:]:
                await friend.join(room)
            nursery.cancel_scope.cancel()
        options = HostOptions(table="Mesa", create=CreateRoom(name="Mesa"), port=0, bind="127.0.0.1",
                              discovery=False, keep=True, history=False)
        model = Model("Ana")
        set_language(lang)
        try:
            hosted = HostedServer(options, model, lambda: None)
            async with trio.open_nursery() as nursery:
                await hosted.start(nursery)
                await hosted.stop(nursery)
        finally:
            set_language("en")
        assert words in model.host.offer_key



@pytest.mark.parametrize("recorded", [True, False])
async def test_only_a_match_the_host_hosted_is_offered_back(recorded: bool, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: Berta, a guest, opened a table of her own at Ana's ``uno host`` and quit
    it with her seat kept; at Ana's next ``uno host`` the offer was "Kept from last time: “Mesa de
    Berta”", and r sat Ana in Berta's seat, under Berta's name. The host's sessions at her server
    are recorded (``TokenStore.add_hosted``), and only a room one of them hosts is offered; where
    none were ever recorded (a version before), the last kept room is, as it was. With ``--start``
    (which then waits for the host's choice) the offer says that s deals the new match."""
    from kit.client import Client

    from client.hosted import HostedServer, HostOptions
    from client.model import Model
    from client.tokens import TokenStore
    from protocol import CreateRoom
    from server import ServerConfig, UnoServer
    from server.persist import default_state_dir

    own_folders(monkeypatch, tmp_path)
    marks = TokenStore(tmp_path / "marks")
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:  # Ana's server, killed with both tables open
            crashed = UnoServer(ServerConfig(state_dir=str(default_state_dir())))
            await nursery.start(crashed.serve)
            clients = []
            for name in ("Ana", "Berta"):
                client_end, server_end = trio.testing.memory_stream_pair()
                nursery.start_soon(crashed.handle_stream, server_end, "memory")
                clients.append(Client(client_end, name))
                await clients[-1].hello()
            await clients[0].create("Ana's table")
            await clients[1].create("Mesa de Berta")  # (the last kept)
            if recorded:
                assert clients[0].token is not None
                marks.add_hosted(crashed.server_id, clients[0].token.partition(".")[0])
            nursery.cancel_scope.cancel()
        options = HostOptions(table="Mesa", create=CreateRoom(name="Mesa"), port=0, bind="127.0.0.1",
                              discovery=False, keep=True, history=False, start=recorded)
        model = Model("Ana")
        hosted = HostedServer(options, model, lambda: None, marks)
        async with trio.open_nursery() as nursery:
            await hosted.start(nursery)
            await hosted.stop(nursery)
        if recorded:
            said = "“Ana's table”, not started. r: back to it, or s: deal this new match"
            assert said in model.host.offer_key
        else:
            assert "“Mesa de Berta”, not started. r: back to it (or later" in model.host.offer_key


def test_the_name_and_language_given_are_remembered_for_next_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: Nico played as "Nico" (``uno join --player Nico``); his ``uno replay``
    of a hand, with no --player, looked for his user name and opened on the other player's
    cards. The name last given is the default after $UNO_NAME. And Bea, started with ``--lang
    es``, ran ``uno join`` again as the quit question said and came back in English: the
    language given is kept as F2 keeps it."""
    import argparse

    from client.commands import player_name, remember
    from client.i18n import detect_language, set_language

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.delenv("UNO_NAME", raising=False)
    monkeypatch.setenv("USER", "root")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert player_name(None) == "Root" and detect_language() == "en"
    remember(argparse.Namespace(player=None, lang=None))  # (nothing given: nothing kept)
    assert player_name(None) == "Root" and detect_language() == "en"
    try:
        remember(argparse.Namespace(player="Nico", lang="es"))
        assert player_name(None) == "Nico" and player_name("Sol") == "Sol"
        assert detect_language() == "es" and detect_language("en") == "en"
    finally:
        set_language("en")
    monkeypatch.setenv("UNO_NAME", "Nicolás")
    assert player_name(None) == "Nicolás"
    # (a name given is played as given: found play-testing, "ñandú josé" became "Ñandú josé")
    assert player_name("ñandú josé") == "ñandú josé"


async def test_a_table_a_guest_opened_at_the_hosts_program_ends_with_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found re-checking: Berta opened a table at Ana's ``uno host`` and quit it, her seat kept;
    Ana kept her own match and quit. Berta's table, which only Ana's program could open again and
    never offers her, stayed on disk, and Berta read at every join that her seat waited for it.
    The host's own table is kept; a guest's is forgotten with the program."""
    from kit.client import Client

    from client.hosted import HostedServer, HostOptions
    from client.model import Model
    from protocol import CreateRoom
    from server.persist import RoomStore, default_state_dir

    own_folders(monkeypatch, tmp_path)
    options = HostOptions(table="Mesa", create=CreateRoom(name="Mesa"), port=0, bind="127.0.0.1",
                          discovery=False, keep=True, history=False)
    model = Model("Ana")
    hosted = HostedServer(options, model, lambda: None)
    with trio.fail_after(20):
        async with trio.open_nursery() as nursery:
            await hosted.start(nursery)
            port = hosted.port or 0
            ana, berta = await Client.tcp(port, "Ana"), await Client.tcp(port, "Berta")
            await ana.hello()
            await berta.hello()
            assert ana.token is not None
            model.session.token = ana.token  # (the host's own client: this one)
            await ana.create("Ana's table")
            await berta.create("Mesa de Berta")
            await hosted.stop(nursery)
    store = RoomStore(default_state_dir())  # (what the next `uno host` finds)
    try:
        assert {record["settings"]["name"] for _, record in store.records() if record} == {"Ana's table"}
    finally:
        store.close()


@pytest.mark.parametrize("prefix", ["Bot", "bot", "You"])
def test_uno_bots_refuses_a_name_prefix_whose_names_the_table_uses_itself(
        prefix: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``uno bots --name Bot`` made "Bot 1", "Bot 2"…, which the server refuses: said at once."""
    from client.cli import main

    with pytest.raises(SystemExit):
        main(["bots", "--name", prefix])
    assert "choose another name" in capsys.readouterr().err

