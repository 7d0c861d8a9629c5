"""Plain mode's words for the screens around the table: the servers found, the lobby, the form of
a new table's rules and the waiting room (``PlainView``'s "screen" slot, client/plainview.py).
Each is a list of parts, said again only where a part changes."""

from __future__ import annotations

from protocol import clean_text
from protocol.address import format_address

from .enums import Screen
from .header import watchers_text
from .i18n import t
from .model import Model
from .rulestext import preset_label, room_state, rules_sentence
from .screens import form_field, lobby_title, match_length, seat_marks, seated_text, waiting_hint, with_marks


def screen_lines(m: Model) -> str | list[str]:
    """The screen around the table in words ("" at the table: its slots say it)."""
    screen = m.screen
    if screen is Screen.BROWSE:
        return _browse(m)
    if screen is Screen.LOBBY:
        return _lobby(m)
    if screen is Screen.CREATE and m.form is not None:  # a field that changes is said alone
        form = m.form
        said = t("plain_form_rules", room=clean_text(form.name)) if form.editing else t("plain_form")
        length = match_length(form)  # (how long a match lasts, after the target)
        return [said, *(f"{i + 1} {': '.join(form_field(form, key))}"
                        + (f" ({length})" if key == "target" and length else "")
                        for i, key in enumerate(form.fields))]
    if screen is Screen.WAITING:
        return _waiting(m)
    return ""


def _browse(m: Model) -> str:
    servers = m.servers
    if not servers.entries:
        return t(servers.none_key)
    listed = ", ".join(t("plain_server", n=i + 1, name=clean_text(e.name),
                         address=format_address(e.host, e.port), players=e.players,
                         free=e.free_seats) for i, e in enumerate(servers.entries))
    return t("plain_servers", list=listed)


def _lobby(m: Model) -> list[str]:
    """The title, the address to give friends, the kept match, the tables, the commands."""
    parts = [lobby_title(m), m.host.listening, m.host.offer]
    # (nothing before the list comes: it would say "no tables", or the list as it was before we
    # sat down: found play-testing)
    if not m.lobby.rooms or not m.lobby.listed:
        return [*parts, t("plain_lobby_none")] if m.lobby.listed else parts
    rooms = []
    for i, room in enumerate(m.lobby.rooms):
        state = room_state(room, ", ")
        if room.started and room.late_join is not None:  # (what one arriving now needs)
            state += ", " + t("rule_late_" + room.late_join)
        text = t("plain_room", n=i + 1, name=clean_text(room.name), host=clean_text(room.host),
                 players=f"{room.players + room.bots}/{room.seats}",
                 rules=preset_label(room.preset, room.rules, plain=True),
                 state=state)
        if room.seated:  # who sits there, as the full screen's lobby says it
            text += " — " + seated_text(room)
        rooms.append(text)
    more = [t("lobby_more", n=m.lobby.more)] if m.lobby.more else []
    return [*parts, t("plain_tables", n=len(rooms)), *rooms, *more, t("plain_help_lobby")]


def _waiting(m: Model) -> list[str]:
    """The title, the address to give friends, the kept match, the seats, what to do, the
    rules: each said again only when it changes."""
    room = m.seating.room
    if room is None or room.started:  # (a match on: its table comes with its view)
        return []
    offer = m.host.offer_key if m.can_resume_kept else m.host.offer
    parts = [t("waiting_title", room=clean_text(room.name)), m.host.listening, offer]
    seats = [f"{i + 1} {with_marks(info, seat_marks(m, info))}" for i, info in enumerate(room.seats)]
    seats += [t("plain_free_seat", n=i + 1) for i in range(len(room.seats), room.max_seats)]
    parts += [t("plain_seats", list=", ".join(seats)), watchers_text(room.spectators, room.queue),
              waiting_hint(m, plain=True)]
    parts.append(rules_sentence(room, plain=True))
    return parts
