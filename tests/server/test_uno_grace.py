"""The UNO call's grace (issue 13, server/grace.py): a player who goes down to one card without
saying UNO cannot be caught for ``uno_grace`` seconds. A catch inside the window is refused
(``catch_too_early``), one after it counts; saying UNO inside it saves the player; bots wait for
its end and then catch; a grace of 0 is the old rule (a catch counts at once)."""

from __future__ import annotations

import pytest
import trio
from kit.harness import Harness, game_of, only_room
from kit.unograce import ANN, LAST_SKIP, PLAYS, caught, deal, down_to_one

from protocol import Act, Error, Events, Sync, UnoGrace, ViewMsg
from server.errors import CATCH_TOO_EARLY, CATCH_TOO_LATE


async def test_a_catch_inside_the_grace_is_refused_and_one_after_it_counts(
        harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await harness.table("ann", "bob", start=True,
                                              srv=await harness.server(deal_rng=deal()))
        fell = await down_to_one(ann)
        opened = await bob.expect(UnoGrace)
        assert (opened.seat, opened.seconds) == (ann.seat, 0.75)
        await bob.expect(Events)  # ann's G3: she is open to a catch (R17)...
        assert bob.view is not None and bob.view["uno_open"] == ann.seat
        await bob.send(Act(kind="catch", target=ann.seat))  # ...but not yet
        refused = await bob.error(CATCH_TOO_EARLY)
        assert refused.ref == "action"
        assert len(game_of(srv).hand(ann.seat or "")) == 1
        await bob.send(Sync())  # a fresh view comes with the time left
        await bob.expect(ViewMsg)
        left = await bob.expect(UnoGrace)
        assert left.seat == ann.seat and 0 < left.seconds <= 0.75  # (no time passed yet)
        closed = await bob.expect(UnoGrace)
        assert (closed.seat, closed.seconds) == (ann.seat, 0.0)
        assert trio.current_time() - fell == pytest.approx(0.75, abs=0.01)
        await bob.send(Act(kind="catch", target=ann.seat))
        events = await bob.expect(Events, caught)
        assert {"type": "caught", "seat": bob.seat, "target": ann.seat,
                "false_catch": False} in events.events
        assert len(game_of(srv).hand(ann.seat or "")) == 3


async def test_uno_said_inside_the_grace_saves_the_player(harness: Harness,
                                                          autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await harness.table("ann", "bob", start=True,
                                              srv=await harness.server(deal_rng=deal()))
        await down_to_one(ann)
        await bob.expect(UnoGrace)
        await bob.send(Act(kind="catch", target=ann.seat))
        await bob.error(CATCH_TOO_EARLY)
        await ann.send(Act(kind="call_uno"))
        closed = await bob.expect(UnoGrace)  # the window closed early: she said it
        assert (closed.seat, closed.seconds) == (ann.seat, 0.0)
        await bob.expect(Events, lambda m: any(e["type"] == "uno_called" for e in m.events))
        await bob.send(Act(kind="catch", target=ann.seat))
        refused = await bob.expect(Error)  # (just after her UNO: too late; later, nobody to catch)
        assert refused.code in (CATCH_TOO_LATE, "not_catchable"), refused
        assert len(game_of(srv).hand(ann.seat or "")) == 1
        assert only_room(srv).clock.grace_until is None


async def test_a_catch_that_crosses_the_uno_call_is_too_late_not_false(harness: Harness,
                                                                       autojump_clock: object) -> None:
    """Found play-testing: Iker said UNO and Maya caught him in the same instant, the grace over;
    the catch arrived second and, false catches costing 2 cards, cost Maya 2 cards. A catch
    that arrives just after the UNO is refused as too late, costing nothing."""
    with trio.fail_after(60):
        srv, (ann, bob) = await harness.table("ann", "bob", start=True, rules={"false_catch_penalty": 2},
                                              srv=await harness.server(deal_rng=deal()))
        await down_to_one(ann)
        await bob.expect(UnoGrace)
        await trio.sleep(srv.config.uno_grace)  # (the grace over: a catch would count)
        before = len(game_of(srv).hand(bob.seat or ""))
        await ann.send(Act(kind="call_uno"))
        await ann.expect(Events, lambda m: any(e["type"] == "uno_called" for e in m.events))
        await bob.send(Act(kind="catch", target=ann.seat))
        await bob.error(CATCH_TOO_LATE)
        assert len(game_of(srv).hand(bob.seat or "")) == before  # (no false catch's cards)


async def test_no_grace_keeps_the_old_rule(harness: Harness, autojump_clock: object) -> None:
    with trio.fail_after(60):
        srv, (ann, bob) = await harness.table("ann", "bob", start=True,
                                              srv=await harness.server(deal_rng=deal(), uno_grace=0))
        fell = await down_to_one(ann)
        await bob.expect(Events, lambda m: bool(m.view) and bob.view is not None
                         and bob.view["uno_open"] == ann.seat)
        await bob.send(Act(kind="catch", target=ann.seat))
        await bob.expect(Events, caught)
        assert trio.current_time() == fell  # no time passed: it counted at once
        assert not [m for m in bob.log if isinstance(m, UnoGrace | Error)]
        assert len(game_of(srv).hand(ann.seat or "")) == 3


@pytest.mark.parametrize(("grace", "bot_delay", "hand", "after"), [
    (0.75, 0.1, ANN, 0.85),  # the bot on turn waits for the window to close, and its delay
    (0.75, 0.1, LAST_SKIP, 0.85),  # off its turn too
    (0.75, 2.0, ANN, 2.75),  # (people, who must see it close, get a bot's delay to catch first)
    (0.0, 0.1, ANN, 0.1),  # no grace: as before
])
async def test_bots_catch_only_once_the_grace_is_over(
        harness: Harness, autojump_clock: object, grace: float, bot_delay: float,
        hand: str, after: float) -> None:
    with trio.fail_after(60):
        srv = await harness.server(deal_rng=deal(hand), uno_grace=grace)
        _, (ann,) = await harness.table("ann", srv=srv, bots=1, bot_delay=bot_delay, start=True)
        fell = await down_to_one(ann, hand)
        events = await ann.expect(Events, caught)
        assert trio.current_time() - fell == pytest.approx(after, abs=0.01)
        assert events.events[0]["target"] == ann.seat
        assert not ann.errors()


async def test_uno_said_with_the_play_is_told_on_the_wire(harness: Harness, autojump_clock: object) -> None:
    """Issue 10: a ``play`` with ``uno: true`` (the way bots always say it) sends ``uno_called``
    to everyone, as a separate ``call_uno`` does, and opens no grace: nobody can catch her."""
    with trio.fail_after(60):
        srv, (ann, bob) = await harness.table("ann", "bob", start=True,
                                              srv=await harness.server(deal_rng=deal()))
        *before, last = PLAYS[ANN]
        for card in [*before, None]:
            if not ann.is_my_turn(ann.view):
                await ann.my_turn()
            if card is None:
                break
            await ann.send(Act(kind="play", card=card))
            await ann.expect(Events, lambda m, card=card: any(  # type: ignore[misc]
                e["type"] == "card_played" and e["card"] == card for e in m.events))
        await ann.send(Act(kind="play", card=last, uno=True))
        told = await bob.expect(Events, lambda m: any(
            e["type"] == "card_played" and e["card"] == last for e in m.events))
        said = [e for e in told.events if e["type"] == "uno_called"]
        assert said == [{"type": "uno_called", "seat": ann.seat}], told.events
        assert bob.view is not None and bob.view["uno_open"] is None
        assert not [m for m in bob.log if isinstance(m, UnoGrace)]
        assert len(game_of(srv).hand(ann.seat or "")) == 1
