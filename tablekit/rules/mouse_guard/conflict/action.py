"""Action tests (the summary's Conflicts, step 7): who tests, with what pool, and what
the margins do to dispositions.

A pool is the actor's rating for the skill the conflict type tests with the
action (a GM creature without a sheet rolls its team's dice), less the dice
its conditions take (the ruleset's: Injured and Sick a die each), -1D if the
team was impeded, +2D if it gained position, the weapon's dice, and a die per
helper; the weapon's +1s is added to the successes. Twists and conditions
never follow an action test. A rating is marked passed or failed only the
first time it is used in the conflict; a helping wise is marked as the action
went, as after any test (Tests, steps 11 and 12; its marks are boxes, so a second
mark changes nothing).

Action tests follow the test rules (Conflicts, step 7b), so traits and helpers
(:mod:`.before_roll`) and Persona may add dice or Nature before a roll and Fate
explode axes after it (:mod:`.spending`), and a versus tie is broken as the summary's step 10 says
(:mod:`.ties`). The action settles once every side has rolled, nobody can
still spend Fate on axes, and no tie waits. A tie broken in a side's favour
is won by a margin of 1 (a reading: the seeds give margins only from
successes, and a won tie that moved nothing would not be won); a second tie
in the tiebreaker counts as a failure for both, so neither action acts. An
Ob 0 action passes with at least one success: with none it does nothing. A
failed roll with Nature tapped, or with Nature standing in against itself for a
skill (:mod:`.stand_in`), taxes Nature by its margin of failure, at least 1 (the
sheet's Tapping Nature and Acting against Nature; a tax is neither a twist nor a
condition, which action tests never give). Where the ruleset taxes a tap
outside Nature only on a success (the rabbits), a passed action pays that
point when it settles. Everything here reads the session's ruleset and its
conflict tables.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Event
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.actions import effect, plan
from tablekit.rules.mouse_guard.conflict.after_roll import waits
from tablekit.rules.mouse_guard.conflict.setup import current
from tablekit.rules.mouse_guard.conflict.stand_in import Pick, pick
from tablekit.rules.mouse_guard.conflict.state import (
    SIDES,
    ActionTest,
    Conflict,
    Exchange,
    Part,
    Slot,
    Team,
    other,
)
from tablekit.rules.mouse_guard.conflict.weapons import bonus, carried_dice
from tablekit.rules.mouse_guard.draft import Draft, dice
from tablekit.rules.mouse_guard.state import State


def begin_exchange(d: Draft, step: int) -> None:
    """The tests the two revealed actions call for, with what is known before the roll."""
    conflict = d.state.conflict
    assert conflict is not None
    slot, gm, patrol = conflict.meeting
    teams = {"gm": conflict.team("gm", gm), "patrol": conflict.team("patrol", patrol)}
    slots = {side: team.script[slot] for side, team in teams.items()}
    meeting = plan(d.state.ruleset.tables, {side: s.action for side, s in slots.items()})
    tests = tuple(
        _test(d.state, teams[side], slots[side], slots[other(side)], ob)
        for side, ob in meeting.tests.items()
    )
    d.emit(cev.ExchangeBegun(meeting.interaction, tests, step))


def _test(state: State, team: Team, mine: Slot, theirs: Slot, ob: int | None) -> ActionTest:
    """``team``'s test of its action ``mine`` against ``theirs``, with what is known now."""
    side = team.side
    rules = state.ruleset
    modifiers = []
    if state.has(mine.actor):
        held = state.character(mine.actor).conditions
        modifiers += [
            Part(c.id, -c.dice_penalty) for c in rules.conditions if c.id in held and c.dice_penalty
        ]
    if team.impeded:
        modifiers.append(Part("impede", -1))
    if team.positioned:
        modifiers.append(Part("gain_position", 2))
    added = 0
    arms = team.arms_of(mine.actor)
    if arms is not None:
        extra, added = bonus(rules.tables, arms.weapon, arms.choice, mine.action, theirs.action)
        if extra:
            modifiers.append(Part(rules.tables.weapons[arms.weapon].title, extra))
    return ActionTest(side, mine.actor, mine.action, ob, tuple(modifiers), added)


def rating_for(state: State, conflict: Conflict, test: ActionTest, skill: str) -> tuple[str, int]:
    """The rating ``test``'s actor rolls and its dice (a GM creature: its team's dice)."""
    chosen = pick_for(state, conflict, test, skill)
    return chosen.rating, chosen.dice


def pick_for(state: State, conflict: Conflict, test: ActionTest, skill: str) -> Pick:
    """What ``test``'s actor rolls (:func:`.stand_in.pick`), a creature its team's dice;
    a weapon it carries may take dice from an ability's roll (the sheet's Shield)."""
    if not state.has(test.actor):
        return Pick("dice", conflict.team(test.side).dice)
    tables = state.ruleset.tables
    options = conflict.kind(tables).actions[test.action]
    chosen = pick(state.character(test.actor), options, skill, test.nature)
    carried = carried_dice(tables, conflict.team(test.side).arms_of(test.actor), chosen.rating)
    return replace(chosen, dice=max(0, chosen.dice + carried))


def acting(d: Draft, side: str) -> tuple[Conflict, Exchange, ActionTest]:
    conflict = current(d, "acting")
    exchange = conflict.exchange
    assert exchange is not None
    test = exchange.test_of(side)
    if test is None:
        raise RuleError("That side does not test this action")
    if test.rolled:
        raise RuleError("That side has rolled for this action")
    return conflict, exchange, test


def roll_action(d: Draft, c: ccmd.RollAction, rng: random.Random) -> None:
    """Roll a side's action test; once every test is rolled, settle the action.

    In a versus action the GM's side rolls first, as in any versus test (the
    summary's Tests, step 6, which action tests follow by Conflicts, step 7b).
    """
    conflict, exchange, test = acting(d, c.side)
    gm = exchange.test_of("gm")
    if exchange.versus and c.side == "patrol" and gm is not None and not gm.rolled:
        raise RuleError("In a versus action the GM rolls first: roll for the GM's side")
    chosen = pick_for(d.state, conflict, test, c.skill)
    if test.tapped and not can_tap(d.state, chosen.rating):
        raise RuleError(
            "Nature is tapped into this pool: roll another rating than {rating}",
            rating=chosen.rating,
        )
    faces = dice(c.faces, test.pool(chosen.dice), rng)
    rolled = cev.ActionRolled(
        c.side, chosen.rating, chosen.dice, faces, chosen.nature, chosen.instead
    )
    d.emit(rolled)
    settle_when_ready(d)


def can_tap(state: State, rating: str) -> bool:
    """Whether Nature may be tapped into a pool of ``rating``: never for the ratings the
    ruleset names, and for Nature itself only where the ruleset lets a tap add to it."""
    nature = state.ruleset.nature
    if rating in nature.never_tapped_for:
        return False
    return rating != "Nature" or nature.tap_with_nature


def settle_when_ready(d: Draft) -> None:
    """Settle the action once every side has rolled, no actor's choice after the roll waits
    (a wise, Fate on axes, a level 3 trait) and no tie is open."""
    now = d.state.conflict
    if now is None or now.exchange is None or not now.exchange.rolled:
        return
    if now.exchange.tied or any(waits(d.state, t) for t in now.exchange.tests):
        return
    settle(d, now, now.exchange)


def settle(d: Draft, conflict: Conflict, exchange: Exchange) -> None:
    """Margins into dispositions and maneuvers; stop at once if a disposition reaches 0."""
    results, marks = _margins(d.state, conflict, exchange)
    maneuvers: list[Event] = []
    for side, action, margin in results:
        kind = effect(d.state.ruleset.tables, action)
        if kind == "damage":
            d.emit(cev.DispositionChanged(other(side), Part(action, -margin)))
        elif kind == "restore":
            team = d.state.conflict.team(side) if d.state.conflict else None
            restored = team.changed(margin) if team else 0
            if restored:
                d.emit(cev.DispositionChanged(side, Part(action, restored)))
        else:
            maneuvers.append(cev.ManeuverWon(side, margin))
    d.emit(*marks)
    now = d.state.conflict
    assert now is not None
    beaten = [side for side in SIDES if not now.standing(side)]
    if beaten:
        winner = next((side for side in SIDES if side not in beaten), "")
        d.emit(cev.ExchangeEnded(), cev.ConflictWon(winner))
        return
    if not (now.team("gm").disposition and now.team("patrol").disposition):
        finish(d)  # a team is beaten, its side fights on: its maneuvers are lost
        return
    d.emit(*maneuvers)
    if not maneuvers:
        finish(d)


def finish(d: Draft) -> None:
    """Close the action; once no meeting of the volley is left, every team standing
    scripts three more."""
    d.emit(cev.ExchangeEnded())
    conflict = d.state.conflict
    if conflict is not None and conflict.next_meeting() is None:
        d.emit(cev.VolleyEnded())


def _margins(
    state: State, conflict: Conflict, exchange: Exchange
) -> tuple[list[tuple[str, str, int]], list[Event]]:
    """(side, action, margin) for every action that took effect, and the ratings to mark."""
    results: list[tuple[str, str, int]] = []
    short: dict[str, int] = {}
    tests = exchange.tests
    if exchange.versus:
        one, two = tests
        winner = exchange.winner()
        for test, rival in ((one, two), (two, one)):
            if test.side == winner:
                margin = max(1, test.successes - rival.successes)
                results.append((test.side, test.action, margin))
            else:
                short[test.side] = max(1, rival.successes - test.successes)
    else:
        for test in tests:
            ob = test.ob or 0
            if test.successes < max(1, ob):
                short[test.side] = max(1, ob) - test.successes
            if test.successes > ob:
                results.append((test.side, test.action, test.successes - ob))
    marks: list[Event] = []
    for test in tests:
        key = f"{test.actor}/{test.rating}".lower()
        if state.has(test.actor) and test.rolled and key not in _before(conflict):
            marks.append(ev.Marked(test.actor, test.rating, test.side not in short))
        which = "failed" if test.side in short else "passed"
        marks += [
            ev.WiseMarked(a.helper, a.via, which)
            for a in test.aids
            if a.wise and state.has(a.helper)
        ]
        taxed = test.tapped or test.nature == "against"
        if taxed and test.side in short and state.has(test.actor):
            marks.append(ev.NatureChanged(test.actor, -short[test.side], "margin of failure"))
        elif test.tapped and not test.tapped_within and _taxed_on_success(state):
            marks.append(ev.NatureChanged(test.actor, -1, "tapped outside nature"))
    return results, marks


def _taxed_on_success(state: State) -> bool:
    """Whether a tap outside Nature costs its point only when the test succeeds."""
    return state.ruleset.nature.outside_tax == "success"


def _before(conflict: Conflict) -> set[str]:
    """Ratings checked before the action being settled: in the actions settled, and by
    the captains' disposition rolls."""
    tested = {
        f"{t.actor}/{t.rating}".lower() for x in conflict.history for t in x.tests if t.rolled
    }
    return tested | {f"{t.captain}/{t.rolled}".lower() for t in conflict.every_team if t.rolled}
