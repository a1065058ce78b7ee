"""Breaking a tied versus action (the summary's Tests, step 10, which action tests follow
by Conflicts, step 7b).

A level 3 trait of the side's actor wins the tie for the side; a trait used
against gives it to the other side and earns the actor the ruleset's checks
for it (two: the sheet's Traits, "Break versus test tie in opponent's favor",
and the rabbits' "Lad modstanderen vinde uafgjort"); otherwise both
actors roll Will, Health or Nature less their condition dice, a member
without a sheet its team's dice, and more successes win. A second tie counts
as a failure for both. A trait Disarm took cannot be used. Fate on axes comes
first (step 8), so a tie is broken only once nobody can still spend it.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.action import settle_when_ready
from tablekit.rules.mouse_guard.conflict.after_roll import waits
from tablekit.rules.mouse_guard.conflict.setup import current
from tablekit.rules.mouse_guard.conflict.stand_in import rating as rating_of
from tablekit.rules.mouse_guard.conflict.state import ActionTest, Conflict, Exchange, other
from tablekit.rules.mouse_guard.conflict.weapons import carried_dice
from tablekit.rules.mouse_guard.dice import MAX_DICE, successes
from tablekit.rules.mouse_guard.draft import Draft, dice
from tablekit.rules.mouse_guard.sheets import earn


def _tied(d: Draft) -> tuple[Conflict, Exchange]:
    conflict = current(d, "acting")
    exchange = conflict.exchange
    assert exchange is not None
    if not exchange.tied:
        raise RuleError("There is no tie to break")
    if any(waits(d.state, t) for t in exchange.tests):
        raise RuleError("Use the wise, Fate or trait, or keep the roll, before the tie is broken")
    return conflict, exchange


def break_tie(d: Draft, c: ccmd.BreakActionTie, rng: random.Random) -> None:
    """The actor's level 3 trait wins the tie; a trait used against gives it away."""
    conflict, exchange = _tied(d)
    test = exchange.test_of(c.side)
    assert test is not None
    if not d.state.has(test.actor):
        raise RuleError(
            "{actor} has no character sheet: no trait to break the tie", actor=test.actor
        )
    character = d.state.character(test.actor)
    trait = character.trait(c.trait)
    if trait is None:
        raise RuleError("{name} has no trait {trait}", name=character.name, trait=c.trait)
    taken = {t.lower() for t in conflict.team(c.side).disarmed}
    if f"{character.name}: {trait.name}".lower() in taken:
        raise RuleError("{trait} was disarmed for this conflict", trait=trait.name)
    if c.way == "level_three":
        if not d.state.ruleset.has_level_three:
            raise RuleError("These rules have no level 3 traits")
        if trait.effective_level != 3:
            raise RuleError("{trait} is not level 3", trait=trait.name)
        if trait.name == test.against:
            raise RuleError("{trait} has already been used in this test", trait=trait.name)
        d.emit(cev.ActionTieBroken(c.side, "level_three"))
    else:
        if trait.name in test.traits:
            raise RuleError("{trait} has already been used in this test", trait=trait.name)
        earn(d, character.name, trait.name, d.state.ruleset.checks.tie)
        d.emit(cev.ActionTieBroken(other(c.side), "against"))
    settle_when_ready(d)


def tiebreaker(d: Draft, c: ccmd.ActionTiebreaker, rng: random.Random) -> None:
    """Both actors roll an ability; more successes win, and a second tie fails both."""
    conflict, exchange = _tied(d)
    gm, patrol = exchange.test_of("gm"), exchange.test_of("patrol")
    assert gm is not None and patrol is not None
    gm_faces = dice(c.gm_faces, _pool(d, conflict, gm, c.gm_ability, c.gm_dice), rng)
    patrol_faces = dice(c.patrol_faces, _pool(d, conflict, patrol, c.patrol_ability, 0), rng)
    ahead = successes(gm_faces) - successes(patrol_faces)
    winner = "" if not ahead else "gm" if ahead > 0 else "patrol"
    d.emit(cev.ActionTieBroken(winner, "tiebreaker", gm_faces, patrol_faces))
    settle_when_ready(d)


def _pool(d: Draft, conflict: Conflict, test: ActionTest, ability: str, given: int) -> int:
    """An actor's tiebreaker dice: the ability less condition dice and a carried weapon's
    (the sheet's Shield on Health), or a creature's dice."""
    if not d.state.has(test.actor):
        count = given or conflict.team(test.side).dice
        if not 1 <= count <= MAX_DICE:
            raise RuleError(
                "{actor} rolls 1 to {top} dice in the tiebreaker, not {dice}",
                actor=test.actor,
                top=MAX_DICE,
                dice=count,
            )
        return count
    character = d.state.character(test.actor)
    value = rating_of(character, ability)
    carried = carried_dice(
        d.state.ruleset.tables, conflict.team(test.side).arms_of(test.actor), ability
    )
    return max(0, value + carried - d.state.ruleset.dice_penalty(character.conditions, ability))
