"""What a greeted client's requests do: list, open, join and leave rooms, the host's commands,
moves, chat and replays, one handler per message type. ``dispatch`` routes a message to its
handler and answers a refused request (or a bug) with an error to its sender alone.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

import trio

from engine import RuleError
from protocol import (
    MAX_REPLAY_BYTES,
    Act,
    AddBot,
    Away,
    Back,
    ChatMsg,
    CreateRoom,
    GetReplay,
    JoinRoom,
    LeaveRoom,
    ListRooms,
    Message,
    MoreTime,
    Ping,
    Pong,
    ProtocolError,
    Quit,
    Rematch,
    RemoveBot,
    ReplayMsg,
    RoomUpdate,
    Say,
    SetBotLevel,
    SetRules,
    Start,
    State,
    Sync,
    TakeSeat,
)
from protocol.limits import MAX_ROOM_NAME

from . import errors, tokens
from .config import ServerConfig
from .errors import Refused, refusal
from .listing import room_list
from .peer import Peer
from .people import Session, unique_name
from .room import Room
from .settings import RoomSettings

log = logging.getLogger("uno.server")


class RequestOwner(Protocol):
    """What the requests need of their server (server/app.py)."""

    @property
    def config(self) -> ServerConfig: ...

    @property
    def rooms(self) -> dict[str, Room]: ...

    @property
    def peers(self) -> set[Peer[Session]]: ...

    def open_room(self, settings: RoomSettings, origin: str) -> Room: ...

    def changed(self) -> None: ...


def dispatch(server: RequestOwner, peer: Peer[Session], message: Message) -> None:
    """Carry out ``message``, from ``peer``; a refusal goes back to ``peer`` as an error."""
    session = peer.session
    if session is None:  # before hello only ping and pong are allowed
        if isinstance(message, Ping):
            peer.send(Pong(nonce=message.nonce))
        return
    handler = _HANDLERS.get(type(message))
    if handler is None:
        return
    try:
        handler(server, peer, session, message)
    except (Refused, RuleError, ProtocolError) as exc:
        peer.send(refusal(exc, message.TYPE))
    except Exception:  # a bug: refuse this request, keep serving everyone
        log.exception("error handling %s from %s", message.TYPE, peer.address)
        peer.send(refusal(errors.Internal("the server failed on this request"),
                          message.TYPE))


def _ping(server: RequestOwner, peer: Peer[Session], session: Session, message: Ping) -> None:
    peer.send(Pong(nonce=message.nonce))


def _pong(server: RequestOwner, peer: Peer[Session], session: Session, message: Pong) -> None:
    pass  # receiving anything counts as a sign of life


def _list_rooms(server: RequestOwner, peer: Peer[Session], session: Session, message: ListRooms) -> None:
    peer.send(room_list((not room.started and room.settings.password is None
                         and len(room.seats) < room.settings.max_seats, room.summary)
                        for room in server.rooms.values()))


def _create_room(server: RequestOwner, peer: Peer[Session], session: Session,
                 message: CreateRoom) -> None:
    if len(server.rooms) >= server.config.max_rooms:
        raise errors.ServerFull("no more rooms can be opened on this server")
    origin = peer.host
    limit = server.config.max_rooms_per_address
    if sum(1 for room in server.rooms.values() if room.origin == origin) >= limit:
        # (one client must not take every room; people behind one address share the limit)
        raise errors.TooManyRooms(f"{limit} rooms opened from your address are still open")
    if message.bots >= message.seats:
        raise errors.RoomFull("leave at least one seat for yourself")
    # (a name an open table has, numbered: found play-testing, two "Ben's table" in the lobby,
    # and friends told to come to Ben's table)
    name = unique_name(message.name, (room.settings.name for room in server.rooms.values()), MAX_ROOM_NAME)
    settings = RoomSettings(
        name=name, preset=message.preset, overrides=dict(message.rules),
        max_seats=message.seats, turn_timeout=message.turn_timeout,
        bot_delay=message.bot_delay, password=message.password,
        bot_level=message.bot_level, late_join=message.late_join,
    )
    room = server.open_room(settings, origin)  # checks the rules
    room.open_with(session, message.bots)
    log.info("room %s (%r) created by %s", room.id, settings.name, session.name)
    server.changed()


def _join_room(server: RequestOwner, peer: Peer[Session], session: Session, message: JoinRoom) -> None:
    room = server.rooms.get(message.room)
    if room is None:
        raise errors.NoSuchRoom(f"no room {message.room!r}")
    password = room.settings.password
    if password is not None and not tokens.same_secret(message.password or "", password):
        raise errors.WrongPassword("wrong password")
    if message.spectate:
        room.add_spectator(session)
    else:
        room.add_player(session)
    server.changed()


def _in_room(session: Session) -> Room:
    room = session.room
    if not isinstance(room, Room):  # (None: not in a room)
        raise errors.NoSuchRoom("you are not in a room")
    return room


def _hosted_room(session: Session) -> Room:
    """The room ``session`` is in, for a host command: refused unless it is the host."""
    room = _in_room(session)
    room.check_host(session)
    return room


def _leave_room(server: RequestOwner, peer: Peer[Session], session: Session, message: LeaveRoom) -> None:
    _in_room(session).leave(session)
    server.changed()


def _add_bot(server: RequestOwner, peer: Peer[Session], session: Session, message: AddBot) -> None:
    room = _hosted_room(session)
    room.add_bot(message.level or room.settings.bot_level)
    room.broadcast_room()
    server.changed()


def _remove_bot(server: RequestOwner, peer: Peer[Session], session: Session, message: RemoveBot) -> None:
    room = _hosted_room(session)
    room.remove_seat(message.seat)
    server.changed()


def _set_bot_level(server: RequestOwner, peer: Peer[Session], session: Session,
                   message: SetBotLevel) -> None:
    room = _in_room(session)
    room.check_host(session)
    room.set_bot_level(message.seat, message.level)
    server.changed()


def _set_rules(server: RequestOwner, peer: Peer[Session], session: Session, message: SetRules) -> None:
    room = _hosted_room(session)
    room.set_rules(message.preset, message.rules, message.turn_timeout, message.bot_delay,
                   message.bot_level, message.late_join)
    server.changed()


def _start(server: RequestOwner, peer: Peer[Session], session: Session, message: Start) -> None:
    room = _hosted_room(session)
    if room.match_over:  # the rematch, at once (found play-testing: "s starts the rematch now"
        room.rematch_now(fill=message.fill, order=message.order)  # ignored the host's seat order,
    else:  # and a bot took the seat she had freed)
        room.start(fill=message.fill)
    server.changed()


def _rematch(server: RequestOwner, peer: Peer[Session], session: Session, message: Rematch) -> None:
    _in_room(session).rematch(session, message)
    server.changed()


def _take_seat(server: RequestOwner, peer: Peer[Session], session: Session, message: TakeSeat) -> None:
    _in_room(session).take_seat(session, message.seat, message.cancel)
    server.changed()


def _act(server: RequestOwner, peer: Peer[Session], session: Session, message: Act) -> None:
    _in_room(session).act(session, message)


def _sync(server: RequestOwner, peer: Peer[Session], session: Session, message: Sync) -> None:
    room = _in_room(session)
    seat = room.seat_of(session)
    if seat is not None:
        room.mark_present(seat)
    if room.game is None:  # nothing to view before the first match: the room is the state
        peer.send(RoomUpdate(room=room.info()))
    else:
        room.send_view(session)


def _back(server: RequestOwner, peer: Peer[Session], session: Session, message: Back) -> None:
    room = _in_room(session)
    seat = room.seat_of(session)
    if seat is not None:
        room.mark_present(seat)


def _away(server: RequestOwner, peer: Peer[Session], session: Session, message: Away) -> None:
    room = _in_room(session)
    seat = room.seat_of(session)
    if seat is not None:
        room.step_away(seat)


def _more_time(server: RequestOwner, peer: Peer[Session], session: Session, message: MoreTime) -> None:
    room = _in_room(session)
    seat = room.seat_of(session)
    if seat is None:
        raise errors.NoMoreTime("only those seated at the table ask for more time")
    room.mark_present(seat)  # (a key pressed: one away is back)
    room.add_time(seat)


def _quit(server: RequestOwner, peer: Peer[Session], session: Session, message: Quit) -> None:
    """The client closes on purpose: its seat waits as after a lost connection, and the table is
    told it quit (``SeatInfo.quit``) when the connection has closed."""
    session.quit = True
    peer.close("quit", "your seat waits: a hello with your token takes it back")


def _say(server: RequestOwner, peer: Peer[Session], session: Session, message: Say) -> None:
    if not peer.chat.take(trio.current_time()):
        raise errors.RateLimited("you are chatting too fast")
    room = session.room
    # At a table, the name the table knows the seat by: a second "Kim" sits as "Kim 2", and her
    # lines read as the first Kim's (found play-testing).
    # A watcher's, never a seat's (found play-testing: a watcher named as a player chatted as them).
    seat = room.seat_of(session) if room is not None else None
    source = (seat.name if seat is not None else room.spectator_name(session) if room is not None
              else session.name)
    chat = ChatMsg(source=source, text=message.text, scope="room" if room else "lobby")
    if room is not None:
        room.publisher.remember_chat(chat)
        targets = list(room.members())
    else:
        targets = [p.session for p in server.peers
                   if p.session is not None and p.conn.state is State.LOBBY]
    for target in targets:
        if target.peer is not None:
            target.peer.send(chat)


def _get_replay(server: RequestOwner, peer: Peer[Session], session: Session, message: GetReplay) -> None:
    """A member of a room (player or spectator) gets a finished hand of its match."""
    text = _in_room(session).replays.text(message.hand)
    if text is None:
        raise errors.NoReplay(f"hand {message.hand} is no finished hand of this match")
    if len(text.encode()) > MAX_REPLAY_BYTES:
        raise errors.ReplayTooLarge(f"the replay of hand {message.hand} is too large to send")
    peer.send(ReplayMsg(hand=message.hand, replay=text))


_HANDLERS: dict[type, Callable[[RequestOwner, Peer[Session], Session, Any], None]] = {
    Ping: _ping, Pong: _pong, ListRooms: _list_rooms, CreateRoom: _create_room,
    JoinRoom: _join_room, LeaveRoom: _leave_room, AddBot: _add_bot, RemoveBot: _remove_bot,
    SetRules: _set_rules, SetBotLevel: _set_bot_level, Start: _start, Act: _act, Sync: _sync,
    Say: _say, TakeSeat: _take_seat, Back: _back, Away: _away, Rematch: _rematch, GetReplay: _get_replay,
    MoreTime: _more_time, Quit: _quit,
}
