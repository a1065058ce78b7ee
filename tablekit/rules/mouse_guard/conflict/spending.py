"""Fate and Persona in an action test: action tests follow the test rules (the summary's
Conflicts, step 7b), so the actor may spend them as in the summary's Tests, steps 5 and 8.

Before the side rolls, Persona buys a die a point, or a point taps Nature: its
rating joins the pool (never for the ratings the ruleset names, Resources and
Circles in Mouse Guard, nor when Nature is the rating rolled unless the ruleset
lets a tap add to it), and outside Nature's scope it costs a point of Nature at
once (the sheet's Tapping Nature), or where the ruleset says so only if the
action succeeds (:mod:`.action`). After the side has rolled, a Fate point
explodes its axes, once. While the actor could still spend Fate on axes (or
use a wise or a level 3 trait, :mod:`.wises`), the action waits for it or
for ``mg.keep_roll``. Only an actor
with a character sheet has points to spend.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.after_roll import EXPLODE, LEVEL_THREE
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.action import (
    acting,
    can_tap,
    rating_for,
    settle_when_ready,
)
from tablekit.rules.mouse_guard.conflict.after_roll import KEPT, waits
from tablekit.rules.mouse_guard.conflict.setup import current
from tablekit.rules.mouse_guard.conflict.stand_in import rating as rating_of
from tablekit.rules.mouse_guard.conflict.state import ActionTest, Part
from tablekit.rules.mouse_guard.dice import MAX_DICE, axes
from tablekit.rules.mouse_guard.draft import Draft, explosion


def actor_of(d: Draft, test: ActionTest) -> Character:
    """The acting mouse's sheet: only a mouse with one has points to spend."""
    if not d.state.has(test.actor):
        raise RuleError(
            "{actor} has no character sheet: no Fate or Persona to spend", actor=test.actor
        )
    return d.state.character(test.actor)


def room(d: Draft, test: ActionTest, more: int) -> None:
    """Refuse ``more`` dice for ``test`` if its pool would go past :data:`MAX_DICE`."""
    conflict = current(d)
    pool = test.pool(rating_for(d.state, conflict, test, "")[1])
    if pool + more > MAX_DICE:
        raise RuleError(
            "A pool holds at most {top} dice; this one has {pool}", top=MAX_DICE, pool=pool
        )


def persona_dice(d: Draft, c: ccmd.ActionPersonaDice, rng: random.Random) -> None:
    """Before the roll: a die for each Persona point spent."""
    _, _, test = acting(d, c.side)
    character = actor_of(d, test)
    if not 1 <= c.points <= character.persona:
        raise RuleError(
            "{name} can spend 1 to {most} Persona points, not {points}",
            name=character.name,
            most=character.persona,
            points=c.points,
        )
    room(d, test, c.points)
    d.emit(
        ev.PointsGained(character.name, 0, -c.points, "persona dice"),
        cev.ActionPoolChanged(c.side, Part("persona", c.points)),
    )


def tap_nature(d: Draft, c: ccmd.ActionTapNature, rng: random.Random) -> None:
    """Before the roll: a Persona point adds Nature's rating; outside Nature, a point of it."""
    conflict, _, test = acting(d, c.side)
    character = actor_of(d, test)
    if test.tapped:
        raise RuleError("Nature is already in this pool")
    rating = rating_for(d.state, conflict, test, "")[0]
    if not can_tap(d.state, rating):
        raise RuleError("Nature cannot be tapped for {rating}", rating=rating)
    if character.persona < 1:
        raise RuleError("{name} has no Persona point to tap Nature", name=character.name)
    nature = rating_of(character, "Nature")
    room(d, test, nature)
    d.emit(
        ev.PointsGained(character.name, 0, -1, "tap nature"),
        cev.ActionPoolChanged(c.side, Part("nature", nature), tapped=True, within=c.within),
    )
    if not c.within and d.state.ruleset.nature.outside_tax == "tap":
        d.emit(ev.NatureChanged(character.name, -1, "tapped outside nature"))


def rolled(d: Draft, side: str) -> ActionTest:
    """``side``'s test, rolled, in an action still to settle."""
    conflict = current(d, "acting")
    assert conflict.exchange is not None
    test = conflict.exchange.test_of(side)
    if test is None:
        raise RuleError("That side does not test this action")
    if not test.rolled:
        raise RuleError("Roll the dice first")
    return test


def explode_axes(d: Draft, c: ccmd.ActionExplode, rng: random.Random) -> None:
    """After the roll: a Fate point rolls a new die for every axe, and for every new axe."""
    test = rolled(d, c.side)
    character = actor_of(d, test)
    if {EXPLODE, LEVEL_THREE, KEPT} & set(test.options):
        raise RuleError("That roll is settled: its axes can no longer explode")
    if character.fate < 1:
        raise RuleError("{name} has no Fate point left", name=character.name)
    count = axes(test.faces)
    if not count:
        raise RuleError("There is no axe to explode")
    faces = explosion(c.faces, count, rng)
    d.emit(
        ev.PointsGained(character.name, -1, 0, "explode"),
        cev.ActionExploded(c.side, faces),
    )
    settle_when_ready(d)


def keep_roll(d: Draft, c: ccmd.KeepRoll, rng: random.Random) -> None:
    """After the roll: the side spends no Fate on its axes, and the action may settle."""
    test = rolled(d, c.side)
    if not waits(d.state, test):
        raise RuleError("That roll has nothing left to decide")
    d.emit(cev.RollKept(c.side))
    settle_when_ready(d)
