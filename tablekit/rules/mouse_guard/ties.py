"""Breaking a tie in a versus test, in the summary's order (Tests, step 10):
a level 3 trait wins it; else a trait used against gives it away for two
checks; else both sides roll Will, Health or Nature, and a second tie counts
as a failure: for both sides, so neither wins and a mouse opponent is marked
failed as well as the tester."""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import procedure_events as pev
from tablekit.rules.mouse_guard.dice import MAX_DICE, successes
from tablekit.rules.mouse_guard.draft import Draft, dice
from tablekit.rules.mouse_guard.procedure import current, reach, side_of
from tablekit.rules.mouse_guard.sheets import earn
from tablekit.rules.mouse_guard.state import Side, Step, Test


def _tied(d: Draft) -> Test:
    test = current(d, Step.TIES)
    if not test.tied:
        raise RuleError("There is no tie to break")
    return test


def _other(which: str) -> str:
    return "opponent" if which == "tester" else "tester"


def break_tie(d: Draft, c: cmd.BreakTie, rng: random.Random) -> None:
    """A level 3 trait wins the tie; a trait not yet used in the test loses it for two checks."""
    test = _tied(d)
    which = side_of(test, c.character)
    character = d.state.character(c.character)
    trait = character.trait(c.trait)
    if trait is None:
        raise RuleError("{name} has no trait {trait}", name=character.name, trait=c.trait)
    reach(d, test, Step.TIES)
    if c.way == "level_three":
        if not d.state.ruleset.has_level_three:
            raise RuleError("These rules have no level 3 traits")
        if trait.effective_level != 3:
            raise RuleError("{trait} is not level 3", trait=trait.name)
        if trait.name == test.side(which).against:
            raise RuleError("{trait} has already been used in this test", trait=trait.name)
        d.emit(pev.TieBroken(which, "level_three"))
        return
    if trait.name in test.side(which).traits:
        raise RuleError("{trait} has already been used in this test", trait=trait.name)
    earn(d, character.name, trait.name, d.state.ruleset.checks.tie)
    d.emit(pev.TieBroken(_other(which), "against"))


def tiebreaker(d: Draft, c: cmd.Tiebreaker, rng: random.Random) -> None:
    """Both sides roll an ability; more successes win, and a second tie fails both sides."""
    test = _tied(d)
    if test.tiebreaker:
        raise RuleError("The tiebreaker has been rolled")
    tester = _pool(d, test.tester, c.ability, 0)
    assert test.opponent is not None
    opponent = _pool(d, test.opponent, c.opponent_ability, c.opponent_dice)
    mine = dice(c.faces, tester, rng)
    theirs = dice(c.opponent_faces, opponent, rng)
    reach(d, test, Step.TIES)
    d.emit(pev.TiebreakerRolled(mine, theirs))
    ahead = successes(mine) - successes(theirs)
    winner = "tester" if ahead > 0 else "opponent" if ahead < 0 else "neither"
    d.emit(pev.TieBroken(winner, "tiebreaker"))


def _pool(d: Draft, side: Side, ability: str, gm_dice: int) -> int:
    """A side's tiebreaker dice: its ability less condition dice, or the GM's number."""
    if side.gm:
        if not 1 <= gm_dice <= MAX_DICE:
            raise RuleError(
                "The GM's tiebreaker rolls 1 to {top} dice, not {dice}", top=MAX_DICE, dice=gm_dice
            )
        return gm_dice
    character = d.state.character(side.actor)
    rating = character.rating(ability)
    value = rating.rating if rating else 0
    return max(0, value - d.state.ruleset.dice_penalty(character.conditions, ability))
