"""Wises and level 3 traits in an action test: action tests follow the test rules (the
summary's Conflicts, step 7b), so after the roll the actor may use them as in Tests,
steps 7 and 9, by the same rules and costs as :mod:`tablekit.rules.mouse_guard.after_roll`.

Deeper Understanding (a Fate point) rerolls one failed die, Of Course! (a
Persona point) every failed die, where the ruleset has them; either marks the wise. They come before
Fate on axes, so an axe from a reroll explodes too. A level 3 trait adds a
success (or rerolls the failed dice once a session, where the table reads
the sheet), last of all; a trait Disarm took cannot be used.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.after_roll import (
    DEEPER_UNDERSTANDING,
    LEVEL_THREE,
    adds_success,
    failed_dice,
    level_three_trait,
    wise_cost,
)
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.action import settle_when_ready
from tablekit.rules.mouse_guard.conflict.after_roll import KEPT, PAST_WISES
from tablekit.rules.mouse_guard.conflict.setup import current
from tablekit.rules.mouse_guard.conflict.spending import actor_of, rolled
from tablekit.rules.mouse_guard.draft import Draft, dice
from tablekit.rules.mouse_guard.switches import allow_wise


def use_wise(d: Draft, c: ccmd.ActionWise, rng: random.Random) -> None:
    """A wise rerolls failed dice: one for a Fate point, all for a Persona point."""
    allow_wise(d.state.ruleset, c.way)
    test = rolled(d, c.side)
    character = actor_of(d, test)
    if c.way in test.options:
        raise RuleError("That has already been done for this roll")
    if PAST_WISES & set(test.options):
        raise RuleError("Wises come before Fate on axes and a level 3 trait: too late now")
    cost = wise_cost(character, c.wise, c.way)
    failed = failed_dice(test.faces)
    faces = dice(c.faces, 1 if c.way == DEEPER_UNDERSTANDING else failed, rng)
    d.emit(*cost, cev.ActionRerolled(c.side, faces, c.way))
    settle_when_ready(d)


def use_level_three(d: Draft, c: ccmd.ActionLevelThree, rng: random.Random) -> None:
    """A level 3 trait: one more success, or (the sheet's reading) a reroll of the failures."""
    test = rolled(d, c.side)
    character = actor_of(d, test)
    if {LEVEL_THREE, KEPT} & set(test.options):
        raise RuleError("That has already been done for this roll")
    trait = level_three_trait(character, c.trait, d.state.ruleset, test.against)
    taken = {t.lower() for t in current(d).team(c.side).disarmed}
    if f"{character.name}: {trait.name}".lower() in taken:
        raise RuleError("{trait} was disarmed for this conflict", trait=trait.name)
    if adds_success(d.state):
        d.emit(cev.ActionSuccessAdded(c.side, trait.name))
    else:
        if trait.used:
            raise RuleError("{trait} has already been used this session", trait=trait.name)
        faces = dice(c.faces, failed_dice(test.faces), rng)
        d.emit(
            ev.TraitUsed(character.name, trait.name, True),
            cev.ActionRerolled(c.side, faces, LEVEL_THREE, trait.name),
        )
    settle_when_ready(d)
