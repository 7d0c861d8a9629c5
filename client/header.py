"""The top of the screen: the title line, and the banner (connection trouble, away).
"""

from __future__ import annotations

from protocol import clean_text

from .draw import Line, Painter, fit, pad, width_of
from .enums import Status
from .i18n import decimal, t
from .rulestext import changed_labels, preset_label

_REASONS = ("eof", "broken", "refused", "timeout", "shutdown", "unreachable", "unknown_host",
            "table_closed", "table_kept", "not_uno", "server_closed")


def _reason(reason: str) -> str:
    """Why a connection ended, in words (a reason we have no words for is shown as it came)."""
    return t("reason_" + reason) if reason in _REASONS else clean_text(reason)


def watchers_text(n: int, queue: int = 0) -> str:
    """How many watch the table, and of them wait in line for a seat, in words ("" for none):
    the host and the players see that they have an audience (found play-testing: nothing said
    so; then "1 waiting for a seat · 1 watching" of one person, who was both)."""
    if not n:
        return ""
    watching = t("watching_one") if n == 1 else t("watching_n", n=n)
    return watching + (" " + t("watching_in_line", n=queue) if queue else "")


def whole_parts(parts: list[str], width: int) -> str:
    """``parts`` joined by commas within ``width`` columns: as many whole ones as fit, then an
    ellipsis (found play-testing: "house, to 100 poin…" at 80 columns); the first alone clipped
    if even it does not fit."""
    for n in range(len(parts), 0, -1):
        shown = ", ".join(parts[:n] + (["…"] if n < len(parts) else []))
        if width_of(shown) <= width:
            return shown
    return fit(parts[0] + ("…" if len(parts) > 1 else ""), width) if parts else ""


class Header(Painter):
    """The title and the banner."""

    def title(self, width: int, height: int) -> list[Line]:
        m = self.model
        left = [t("app_title")]
        room_info = m.seating.room
        if room_info is not None:
            left.append(clean_text(room_info.name))
        view = m.table.view
        if view is not None:
            left.append(t("hand_no", n=view.hand_number))
        seat = m.seating.seat  # (our name at this table: "Alice 2" where another is Alice)
        right = m.seating.name_of(seat) if seat is not None else m.session.name
        # (two spaces between, so that the name does not read as the last rule's word: found
        # play-testing, "…7-0 cambia manos Beto"; and one at each end)
        room = width - width_of(right) - 4
        if room_info is not None:
            if room_info.spectators and view is not None:  # (and of them, who waits for a seat)
                left.append(watchers_text(room_info.spectators, room_info.queue))
            # The preset, then the options that are on: last, so that a narrow screen clips
            # them (the waiting room and F1 tell them whole), not the line for a seat.
            labels = changed_labels(room_info.rules, room_info.preset) if view is not None else []
            # (the preset marked when changed, "official+", as in the lobby and the form: found
            # play-testing, a waiting room whose rules the host changed read "official"; and at
            # the table, its changes clipped at 80 columns, "oficial, …" where the form said
            # "oficial+")
            name = preset_label(room_info.preset, room_info.rules)
            left.append(whole_parts([name, *labels],
                                    room - width_of(" · ".join([*left, ""]))))
        text = " · ".join(part for part in left if part)
        line = " " + pad(text, max(0, room)) + "  " + fit(right, width - 4 - max(0, room)) + " "
        return [[("class:title", pad(line, width))]]

    def banner_text(self, countdown: bool = True) -> str | None:
        """The banner's words; without ``countdown`` (plain mode, whose every change is a line
        read out) a lost connection is said once, not once per try ("in 0,0 s", then "in 5,0 s",
        every five seconds: found play-testing)."""
        m = self.model
        session = m.session
        if session.status is Status.LOST:
            delay = 0.0 if session.retry_at is None else max(0.0, session.retry_at - m.clock())
            key = "status_lost" if session.ever_connected else "status_unreachable"
            if session.reason == "table_kept":  # (short: the reason alone would not fit 80 columns)
                key = "status_kept"
            elif session.reason == "refused" and session.ever_connected:
                # (a host's crash: "refused" told the friends nothing; but on a dedicated server
                # no host can open the table again: found play-testing)
                key = "status_closed" if session.hosted else "status_server_down"
            if session.retry_at is None or delay < 0.05:  # a try under way: no countdown stuck at 0 (nor
                # "in 0.0 s": found re-checking)
                countdown = False
            return t(key if countdown else key + "_once", reason=_reason(session.reason),
                     delay=f"{decimal(delay)} s", attempt=session.attempt + 1, address=session.address)
        if session.status is Status.CONNECTING and m.seating.room is not None:
            return t("status_retrying", address=session.address, attempt=session.attempt)
        if session.status is Status.FAILED:
            return self.failure_text()
        if m.seating.away:
            if m.back_sent:  # (at a match's end there is no next turn: found play-testing)
                return t("away_back_sent_over" if m.table.match_over  # (on our turn: this one, not the
                         else "away_back_sent_now" if m.table.my_turn else "away_back_sent")  # next)
            return t("away_banner_plain" if m.plain else "away_banner")
        return None

    def failure_text(self) -> str:
        """Why the client stopped trying, in words."""
        session = self.model.session
        if session.reason == "replaced":
            return t("status_replaced")
        if session.reason in ("table_closed", "server_closed"):  # (plain mode: the word to type)
            return t(("plain_status_" if self.model.plain else "status_") + session.reason)
        if session.reason == "version_mismatch":
            return t("status_version", address=session.address, detail=session.failure)
        if session.reason == "not_uno":
            return t("status_not_uno", address=session.address)
        reason = _reason(session.reason)
        if session.gave_up:
            return t("status_gave_up", address=session.address, reason=reason)
        return t("status_failed", address=session.address, reason=reason)

    def banner(self, width: int, height: int) -> list[Line]:
        text = self.banner_text() or ""
        return [[("class:banner", pad(" " + text, width))]]
