"""What each server message changes in the client's state: ``fold(model, message)``.

``Model`` (client/model.py) holds the parts and the intents; this module is the other way in, the
messages that arrive, each folded into the parts it touches (the log, the seats, the table, the
away summary, the prompts). No I/O here either.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.events import (
    CardPlayed,
    Caught,
    Challenged,
    Drew,
    Event,
    HandEnded,
    HandsExchanged,
    HandStarted,
    Passed,
    StandIn,
    TurnStarted,
)
from protocol import LeftReason, ProtocolError, clean_text, codec, messages

from . import pasttold
from .awaynews import AwayNews
from .enums import Screen
from .i18n import EN, Told, card_name, retold, retold_lines, said, t
from .narrate import narrate, with_stack_total
from .seating import left_by, levels_line, standing, whose_seat

if TYPE_CHECKING:
    from .model import Model

log = logging.getLogger("uno.client.model")  # (the model's log: what arrives is folded into it)
# Seconds by which the countdown to the next deal grows when someone asks for more time (the
# server adds 15; a pause started again, someone back from away, adds at most the 5 s pause)
MORE_TIME_SEEN = 10.0


def fold(model: Model, message: messages.Message) -> None:
    """Fold ``message`` into ``model`` (a message the client has no use for changes nothing)."""
    handler = _HANDLERS.get(type(message))
    if handler is not None:
        handler(model, message)


def _welcome(model: Model, message: messages.Welcome) -> None:
    had_room = model.seating.room is not None
    model.session.welcomed(message)
    if message.resumed:
        model.prompts.notice = t("status_resumed")
        # (until Joined: seating.py; ``bringing_back``: the host's kept match, its server new)
        model.seating.rejoining = model.seating.room is not None or model.host.bringing_back
        model.host.bringing_back = False
        return
    if had_room:  # (a spectator had no seat to lose: found play-testing)
        room, watching = model.seating.room, model.seating.role == "spectator"
        in_line = bool(model.seating.queue_position)
        _leave_room_state(model)
        if room is not None and not room.password and not message.kept:
            # The server forgot who watched (it restarted), or gave our seat up while we were gone:
            # watch that table again, in line again if we were (found play-testing: put back in the
            # lobby, told only that the seat could not be kept; the place in line lost, unsaid).
            model.outbox.append(messages.JoinRoom(room=room.id, spectate=True))
            # (the others dropped with the server: not news, found play-testing)
            model.seating.want_seat, model.seating.rejoining = in_line, True
            model.prompts.notice = t("status_watching_again" if watching else "status_seat_gone_watching")
        else:
            model.prompts.notice = t("status_watch_lost" if watching else "status_seat_lost")
            if message.kept and room is not None and not watching:
                # the seat kept may be an older match's, and our table still on, a bot in our
                # seat (found play-testing: Ben, frozen through the rematch's countdown, read
                # "Your seat waits in the kept match" in the lobby): the room list tells (``_rooms``)
                model.seating.seat_given_up_in = room.id
    if message.kept:  # (not lost: "could not be kept" was false, and the seat came back later)
        model.prompts.notice = t("status_seat_waits")
    if model.host.auto_create is not None:
        model.outbox.append(model.host.auto_create)
        model.host.auto_create = None
    else:
        model.outbox.append(messages.ListRooms())


def table_closed(model: Model) -> None:
    """The host ended the match before anyone won it (their ``bye``): the log says so, with every
    seat's points, the most first (found play-testing: a guest read only "The host closed the
    table", and two seats' points nowhere)."""
    view = model.table.view
    if points_now(model) and view is not None:
        seats, scores, me, name = view.seats, view.scores, view.seat, model.seating.names_kept()
        model.transcript.add([retold(lambda: t("ev_match_ended_by_host",
                                               points=", ".join(standing(seats, scores, me, name))))])
        model.transcript.to_end()


def points_now(model: Model, over: bool = False) -> str:
    """Every seat's points in the match under way (``over``: in the match just won), the most first
    ("Luis 80, Bot 3 30, you 0"); "" when there is none."""
    view = model.table.view
    if view is None or (view.outcome is not None) is not over or not view.seats:
        return ""
    return ", ".join(standing(view.seats, view.scores, view.seat, model.seating.names_kept()))


def _rooms(model: Model, message: messages.Rooms) -> None:
    model.lobby.set(message.rooms, message.more)
    given_up = model.seating.given_up_seat(message.rooms, model.session.name)
    if given_up is not None:  # (started again: as ``_welcome`` does for a live client)
        model.outbox.append(messages.JoinRoom(room=given_up.id, spectate=True))
        model.prompts.notice = t("status_seat_gone_watching")


def _joined(model: Model, message: messages.Joined) -> None:
    seating = model.seating
    same_room = seating.room is not None and seating.room.id == message.room.id
    if not same_room:
        model.transcript.clear()
        model.table.view = None
    # From watching to a bot's seat in the match on: say whose cards and points are ours now.
    bot = (seating.name_of(message.seat) if same_room and seating.role == "spectator"
           and message.role == "player" and message.seat is not None and message.room.started
           else None)
    newly_seated = message.role == "player" and not (same_room and seating.role == "player")
    before = seating.room  # (we hosted it already: back after a drop, still the host, no news)
    hosted = (same_room and before is not None and seating.seat is not None
              and before.host_seat == seating.seat)
    seating.joined(message.room, message.role, message.seat)
    if not same_room and not message.room.started:  # (in a match, the past told next says it)
        model.transcript.add(seating.away_on_joining())
    model.form = None
    # the server put us back in a seat after all; or the host's r moved us into the kept match
    # (found play-testing: "you are back in the lobby" stayed)
    if model.prompts.notice in (t("status_seat_lost"), t("left_room_closed")) or (
            model.prompts.notice == t("status_seat_gone_watching") and message.role == "player"):
        model.prompts.notice = ""
    resumed = model.prompts.notice == t("status_resumed")  # (our link back, or a client started again)
    if resumed and same_room and model.table.match_over and (again := model.rematch.again(message.room,
                                                                                          message.seat)):
        model.outbox.append(again)
    if resumed and message.seat is None:  # (a watcher's, or one in line's: no seat to be back in;
        model.prompts.notice = t("status_watching_again")  # found play-testing, Hal read "your seat")
    if model.prompts.notice == t("status_seat_waits"):  # the host opened the kept match
        model.prompts.notice = t("status_resumed")
    room = message.room
    if (model.prompts.notice == t("status_resumed") and message.seat is not None
            and room.host_seat not in (None, message.seat)
            and (before is None or before.host_seat != room.host_seat)):
        # Back in our seat, and someone else hosts: say who (found play-testing: Carla, the host,
        # quit, and Dani became the host; back, she read only "Welcome back", and at the match's
        # end "…or the host starts one", and her s did nothing)
        model.prompts.notice = t("status_resumed_host", name=clean_text(room.host))
    elif (resumed and message.seat is not None and room.host_seat == message.seat and not hosted
          and not model.host.active):
        # (the role, passed on while we were gone, comes back with the seat: found play-testing,
        # the others read "Ana is the host now", and Ana only "Welcome back". Not to one whose
        # ``uno host --resume`` runs the table: plain mode said "Welcome back" again for it.)
        model.prompts.notice = t("status_resumed_as_host")
    if seating.away and model.prompts.notice.startswith(t("status_resumed")):
        # back after a drop to a seat marked away: the banner says how things stand, the key that
        # brings us back says welcome (found play-testing: "Welcome back" under "You are away")
        model.prompts.notice = ""
    seat_name = seating.name_of(message.seat) if message.seat is not None else model.session.name
    if newly_seated and seat_name != model.session.name:  # (told nothing: found play-testing)
        model.prompts.notice = t("you_renamed", name=seat_name)
    if bot is not None:  # (back in the seat we left, it is ours again: not "Luis (bot)'s seat")
        # (under our own name: a Kim seated as "Kim 2" in the seat Kim left did not come back)
        back = left_by(bot, model.session.name) and seat_name == model.session.name
        key = ("you_back_in_seat" if back else "you_took_seat") + ("_points" if model.table.hand_over else "")
        model.prompts.notice = t(key, bot=whose_seat(bot))  # (between hands, no cards: found re-checking)
        if seat_name != model.session.name and not back:  # (found play-testing: "Ana 2 (you)" alone
            # said it; first, where a narrow screen cuts the notice: "…eres Eva" lost the " 2")
            model.prompts.notice = t("you_renamed", name=seat_name) + " " + model.prompts.notice
        # and the log, where the others read "Eva took over Bot 3's seat" (found play-testing:
        # seated from the line as a hand was dealt, Dave's first turn took the notice away, and
        # nothing on his screen said he had a seat now, nor whose). Plain mode said the notice.
        seating.took_seat_line = "" if model.plain else model.prompts.notice
    own = seating.kept_for_us(message.room, model.session.name) if message.role != "player" else None
    if own is not None and model.prompts.notice == t("status_seat_gone_watching"):
        # our seat, given up while we were gone, a bot plays in our place: we take it back (found
        # play-testing: frozen through a match's end, or back after q, one read that the seat
        # was given up and watched, where the quit had said "uno join takes you back to it")
        model.outbox.send(messages.TakeSeat(seat=own.seat))
    elif message.role != "player" and seating.want_seat:
        model.outbox.send(messages.TakeSeat())  # arrived after the start: ask for a bot's seat at once
    seating.want_seat = False
    if model.host.auto_start and seating.is_host and not message.room.started:
        model.outbox.append(messages.Start(fill=True))  # `uno host --start`: bots take the empty seats
    if not message.room.started:  # (a match on: its history, which takes the log, comes next)
        _invite(model)
    model.host.auto_start = False


def _invite(model: Model) -> None:
    """Where friends join, in the log, if it is to be said (``Hosting.invite``): the command on a
    line of its own, whole in the log's narrow column, to copy. (Plain mode said it with the
    lobby, ``Hosting.listening``: found play-testing, said twice.)"""
    if model.host.invite and model.seating.is_host and model.host.address and not model.plain:
        model.transcript.add([said("friends_join_with"), f"uno join {model.host.address}"])
    model.host.invite = False


def _room(model: Model, message: messages.RoomUpdate) -> None:
    was_away, before = model.seating.away, model.seating.room
    lines = model.seating.update(message.room, plain=model.plain)
    model.rematch.seen(message.room, model.seating.seat)
    if model.form is not None and model.form.editing and not model.editing_rules:
        model.form = None  # (the rules' form: the match began, or we are no longer the host)
        if message.room.started:  # (found play-testing: the form's next key played a card)
            model.prompts.notice, model.hold_key = t("rules_form_closed"), True
    if model.seating.rules_news and model.screen is Screen.TABLE and not model.plain:  # (a match's
        model.prompts.notice = model.seating.rules_news  # end board hides the log; plain mode reads it)
        seat = model.seating.seat  # (our yes to the rematch was to the rules before: found
        if before is not None and seat in before.rematch and seat not in message.room.rematch:
            model.prompts.notice += t("rematch_withdrawn")  # play-testing, it went without a word)
        model.prompts.notice_till_deal = model.prompts.notice  # (found play-testing: it stayed
        # through the next match's first hand, until a key)
    if model.seating.away and not was_away:
        model.away_news.stepped_away()
    if was_away and not model.seating.away:  # back: what was done for us meanwhile
        news = model.away_news.line(model.seating.seat)
        lines += [news] if news else []
        if news and model.table.hand_over and not model.plain:  # (the end board hides the log:
            model.prompts.notice = model.prompts.notice_till_deal = news  # found play-testing)
    if not model.seating.away:
        model.back_sent = False
    elif model.prompts.notice == t("away_asked") or (
            not was_away and model.prompts.notice.startswith(t("status_resumed"))):  # (and its host's)
        # the banner says it now (found play-testing: banner, notice and log said it three
        # times at once); and a welcome back is stale under it (found re-checking: "Welcome
        # back: you are in your seat again" a minute on, under "You are away")
        model.prompts.notice = ""
    model.transcript.add(lines)


def _left(model: Model, message: messages.Left) -> None:
    hosting = model.seating.is_host  # (the host closed it herself: opening the kept match)
    room = model.seating.room
    _leave_room_state(model)
    if message.reason == LeftReason.ROOM_CLOSED and not hosting:
        model.prompts.notice = t("left_room_closed")  # (found play-testing: told nothing)
    elif message.reason == LeftReason.LEFT and room is not None:  # (found play-testing: Ben,
        # who declined the rematch, was in the lobby told nothing)
        model.prompts.notice = t("you_left_table", table=clean_text(room.name))
    model.lobby.listed = False  # (the list we had is of before we sat down: a new one is asked)
    model.outbox.append(messages.ListRooms())


def _queued(model: Model, message: messages.Queued) -> None:
    model.seating.queue_position, model.seating.queue_seat = message.position, message.seat


def _leave_room_state(model: Model) -> None:
    model.prompts.confirm_leave = False
    if model.form is not None and model.form.editing:  # (the rules of the table we left)
        model.form = None
    model.transcript.winning_play = ""
    model.seating.left()
    model.table.clear()
    model.hints.on_view(None)
    # (what we told last is kept: the host's kept match is left for the table it was, and the
    # summary told before a killed terminal was told again, found play-testing)
    model.away_news = AwayNews(told=model.away_news.told)
    model.transcript.clear()
    model.close_prompts()


def _view_msg(model: Model, message: messages.ViewMsg) -> None:
    old = model.table.view
    _set_view(model, message.view, message.deadline)
    view = model.table.view
    transcript = model.transcript
    if view is not None and view is not old and view.hand_number != transcript.logged_hand:
        # a deal seen only through a view (joining late, coming back) rather than events
        transcript.logged_hand = view.hand_number
        # (a past that began mid-hand: named as it began, the dealer's seat may have changed hands)
        then = transcript.first_names if transcript.past_mid_hand else {}
        lines = [said("ev_hand", n=view.hand_number, name=model.seating.name_then(then)(view.dealer))]
        if view.discard_pile == 1:  # nothing played yet: the top is the first card
            top = view.top
            lines.append(retold(lambda: t("ev_start_card", card=card_name(top))))
        if transcript.past_mid_hand:  # the past told began after this deal: the deal heads it
            # (found play-testing: Ana, watching a long hand, read "Hand 1 — Bot 2 dealt" under
            # its latest moves, as if a new hand had just begun)
            transcript.put_first(lines)
        else:
            transcript.add(lines)
    transcript.past_mid_hand = False


def _decode_events(model: Model, batch: tuple[Any, ...] | list[Any]) -> list[Event]:
    """The events of ``batch``; one that does not decode is logged, and a fresh view asked
    for (what it said is missing from the log, not from the table)."""
    events = []
    for data in batch:
        try:
            events.append(codec.event_from_wire(data))
        except ProtocolError as exc:
            _resync(model, "event", exc, data)
            continue
        if isinstance(events[-1], HandStarted):
            model.transcript.logged_hand = events[-1].hand_number
            model.transcript.past_mid_hand = False
    return events


def _resync(model: Model, what: str, exc: ProtocolError, data: object) -> None:
    log.warning("an %s did not decode (%s): %.200r", what, exc, data)
    if model.seating.room is not None and not model.resync_sent:  # once, until a view decodes
        model.resync_sent = model.outbox.send(messages.Sync())


def _events(model: Model, message: messages.Events) -> None:
    events = _decode_events(model, message.events)
    model.hints.observe(events)
    model.transcript.turns += sum(isinstance(e, TurnStarted) for e in events)
    shown = model.table.view  # (the hand these events belong to, if one ends in them)
    model.away_news.seen_live(events, model.seating.seat, model.seating.name_of,
                              shown.hand_number if shown else 0)
    if any(isinstance(e, HandStarted) for e in events):
        model.seating.won_before_us = ""
    seat, view = model.seating.seat, model.table.view
    if seat is not None and any((isinstance(e, TurnStarted | Drew) and e.seat == seat)
                                or isinstance(e, HandEnded) for e in events):
        # Our turn again, cards drawn, or the hand over: a notice from before is stale ("You
        # hold Bot 7's hand now: 6 cards" stayed through a round and more, and through a +2
        # drawn with the turn lost, found play-testing); one this batch brings is new.
        model.prompts.notice = ""
    elif model.prompts.notice == t("status_watching_again") and any(isinstance(e, HandEnded) for e in events):
        model.prompts.notice = ""  # (a watcher presses no key: found play-testing, it stayed a match)
    elif (model.prompts.notice == model.prompts.notice_till_deal
          and any(isinstance(e, HandStarted) for e in events)):
        model.prompts.notice = ""
    if model.table.sent.in_flight(model.table.view) is not None and any(
            isinstance(e, StandIn) and e.seat == seat and e.reason == "timeout" for e in events):
        # (found play-testing on a flaky link: a card typed with 5 s left, held by the link,
        # then "Time's up: a bot played your turn", and nothing tied the two)
        model.prompts.notice = t("move_too_late")
    for event in events:
        if isinstance(event, Caught) and not event.false_catch:
            name_of = model.seating.name_of
            model.table.caught = (name_of(event.seat), event.target, name_of(event.target),
                                  model.table.clock())
        elif isinstance(event, HandEnded):
            model.table.caught = None
        if isinstance(event, CardPlayed) and event.jump_in and view is not None and view.current == seat:
            model.table.cut_in_by = model.seating.name_of(event.seat)  # (our turn, taken)
        elif isinstance(event, HandEnded) or (isinstance(event, TurnStarted) and event.seat == seat):
            model.table.cut_in_by = None
        if isinstance(event, HandsExchanged) and seat is not None and view is not None:
            _hand_moved(model, event.sources(view.seats, view.direction).get(seat), event, seat)
    if message.view is not None:
        _set_view(model, message.view, message.deadline)
    names = model.seating.names_kept()  # (the log may be told again, F2, after seats change hands)
    # as they began (the seats: whose turn a jump-in took, said at a hand's end too)
    turn, way, seats = (None, None, None) if view is None else (view.current, view.direction, view.seats)
    now = model.table.view
    stacked = (view.pending_draw, now.pending_draw) if view is not None and now is not None else (0, 0)

    def tell() -> list[str]:
        told = narrate(events, names, seat, turn, way, seats=seats)
        return with_stack_total(told, *stacked)
    lines = retold_lines(tell)
    dealt = any(isinstance(e, HandStarted) for e in events)
    if dealt or _our_move(events, seat) or any(isinstance(e, HandEnded) for e in events):
        # a new hand's log is read from its deal (found play-testing: a player scrolled back in
        # hand 1 read it still as hand 2 began), our own move at the end of the log, as a chat's
        # input brings its log to the end, and a hand's end shows its board (found play-testing:
        # scrolled back as the hand ended, the winner and the points stayed under the old lines)
        model.transcript.to_end()
    room = model.seating.room
    levels = retold(lambda: levels_line(room))
    if levels and any(isinstance(e, HandStarted) and e.hand_number == 1 for e in events):
        lines.insert(0, levels)  # (a match's bots, before its first deal)
    if shown is not None and shown.outcome is not None and dealt:
        # (found play-testing: a host who started the rematch without everyone's yes left only
        # "Hand 1 — Ana dealt" to say that the scores had gone back to 0)
        lines.insert(0, said("ev_new_match"))
    host = model.host
    # the match kept from last time, at the table too (not in plain mode, whose lobby and waiting
    # room said it: found play-testing, a third time at the deal)
    if host.offer and not host.offer_shown and dealt:
        lines += [] if model.plain else [host.offer]
        host.offer_shown = True
    model.transcript.add(lines)
    ended = next((i for i, e in enumerate(events) if isinstance(e, HandEnded)), None)
    if ended is not None:  # kept on the end-of-hand screen, under the scores
        before = retold_lines(lambda: narrate(events[:ended], names, seat, turn, way, seats=seats))
        model.transcript.winning_play = before[-1] if before else ""


def _our_move(events: list[Event], seat: str | None) -> bool:
    """Whether ``events`` hold a move of ours: a card played, a draw or a pass, a challenge; not
    one the stand-in made for us (found play-testing: reading the log back, a turn whose time ran
    out brought it to the end)."""
    stood_in = False
    for event in events:
        if isinstance(event, StandIn | TurnStarted):
            stood_in = isinstance(event, StandIn) and event.seat == seat
        elif isinstance(event, CardPlayed | Drew | Passed | Challenged) and event.seat == seat:
            return not stood_in
    return False


def _hand_moved(model: Model, other: str | None, event: HandsExchanged, seat: str) -> None:
    """After a 7 or a 0 that moved our hand (``other``'s is ours now; None: ours did not move),
    keys typed for the old hand are dropped, and the notice says whose cards we hold (the log's
    "Every hand moved one seat along" left the player to work it out: found play-testing)."""
    if other is None:
        return
    model.table.hand_replaced(by_another=event.seat != seat)
    count = next((n for s, n, _ in event.hands if s == seat), None)
    # (plain mode: the log's line says whose hand we hold, and the hand's line says it again
    # with its cards: found play-testing, said a third time after the turn)
    if count is not None and not model.plain:
        key = "you_got_hand_one" if count == 1 else "you_got_hand"
        model.prompts.notice = t(key, name=model.seating.name_of(other), n=count)


def _set_view(model: Model, data: dict[str, Any], deadline: float | None) -> None:
    try:
        view = codec.view_from_wire(data)
    except ProtocolError as exc:
        _resync(model, "view", exc, data)
        return
    model.resync_sent = False
    table = model.table
    was = table.deadline_at if table.hand_over and not table.match_over else None
    table.set_view(view, deadline)
    model.hints.on_view(table.view)
    if (was is not None and table.deadline_at is not None and table.hand_over and not table.match_over
            and table.deadline_at > was + MORE_TIME_SEEN):  # someone's ``more_time``: the countdown grew
        key = "more_time_asked" if model.more_time_asked else "more_time_given"
        model.more_time_asked = False
        prompts = model.prompts
        if not isinstance(prompts.notice, Told):  # (news over the board stays: the countdown says it)
            # (plain mode prints no countdown: the seconds, there)
            prompts.notice = t(key + "_plain", n=table.seconds_left()) if model.plain else t(key)
            prompts.notice_till_deal = prompts.notice  # (found play-testing: it stayed into the hand)


def _history(model: Model, message: messages.History) -> None:
    pasttold.fold(model, message, [_decode_events(model, batch) for batch in message.events])
    _invite(model)


def _chat(model: Model, message: messages.ChatMsg) -> None:
    model.transcript.said(message.source, message.text)


def _error(model: Model, message: messages.Error) -> None:
    key = "err_" + message.code
    if message.code == "no_more_time":  # (said until the deal: found play-testing, into the hand)
        model.more_time_asked = False
        if isinstance(model.prompts.notice, Told):  # (news over the board stays, as p keeps it:
            return  # found play-testing, the refusal put the away summary away)
        model.prompts.notice_till_deal = t(key)
    if not (message.ref == "action" and model.prompts.notice == t("move_too_late")):
        # (the late move's refusal says no more than that notice: found play-testing, "It is
        # not your turn" after it read as another mistake)
        model.prompts.notice = (t(key) if key in EN
                               else t("err_generic", message=clean_text(message.message)))
    # (our move crossed a jump-in that took our turn: found play-testing, "No es tu turno")
    if message.code == "not_your_turn" and model.table.cut_in_by:
        model.prompts.notice = t("err_cut_in", name=model.table.cut_in_by)
    if message.code == "catch_too_late" and (first := model.table.caught_first()):
        model.prompts.notice = first  # (our catch crossed another's: whose)
    if message.ref == "action":
        model.table.close_pending()
        model.table.sent.refused()
    if message.ref == "set_bot_level":  # (refused: the room's levels stand)
        model.seating.levels_asked = {}
    if message.fatal:
        model.connection_failed(message.code)


def _uno_grace(model: Model, message: messages.UnoGrace) -> None:
    model.table.set_grace(message.seat, message.seconds)


def _ping(model: Model, message: messages.Ping) -> None:
    model.outbox.append(messages.Pong(nonce=message.nonce))


def _replay(model: Model, message: messages.ReplayMsg) -> None:
    model.playback.arrived(message, model.prompts)


_HANDLERS: dict[type, Callable[[Model, Any], None]] = {
    messages.Welcome: _welcome, messages.Rooms: _rooms, messages.Joined: _joined,
    messages.RoomUpdate: _room, messages.Left: _left, messages.ViewMsg: _view_msg,
    messages.Events: _events, messages.ChatMsg: _chat, messages.History: _history,
    messages.Error: _error, messages.Ping: _ping, messages.Queued: _queued,
    messages.ReplayMsg: _replay,
    messages.UnoGrace: _uno_grace,
}
