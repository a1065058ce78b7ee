"""Which command kinds can currently succeed, so a screen can grey out the rest.

It follows the handlers' checks from the state alone; the handlers stay the
final word (a command can still fail on its fields).
"""

from __future__ import annotations

from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict.legal import conflict_commands
from tablekit.rules.mouse_guard.conflict.setup import fighting, in_conflict
from tablekit.rules.mouse_guard.dice import Face, axes
from tablekit.rules.mouse_guard.state import Phase, State, Step, Test

_ALWAYS = {cmd.AddCharacter.kind, cmd.SetPhase.kind, cmd.SetMission.kind, cmd.Note.kind}
_SHEETS = {
    cmd.SetRating.kind,
    cmd.SetGoal.kind,
    cmd.Reward.kind,
    cmd.SetCondition.kind,
    cmd.SpendCheck.kind,
    cmd.EarnChecks.kind,
    cmd.ChargeTrait.kind,
    cmd.RechargeTrait.kind,
    cmd.Advance.kind,
}


def legal_commands(state: State) -> frozenset[str]:
    """The kinds of command worth offering now."""
    kinds = set(_ALWAYS) | conflict_commands(state, bool(state.characters) and state.test is None)
    if state.conflict is not None:
        kinds.discard(cmd.SetPhase.kind)
    if state.characters:
        kinds |= _SHEETS
        if state.phase in (Phase.SETUP, Phase.WINTER):
            kinds |= {cmd.SetTrait.kind, cmd.SetWise.kind}
        if state.prologue_open:
            kinds.add(cmd.Prologue.kind)
    if state.test is None:
        if state.characters and not fighting(state.conflict):
            kinds.add(cmd.BeginTest.kind)
        if any(not in_conflict(state.conflict, c.name) for c in state.characters):
            kinds.add(cmd.RemoveCharacter.kind)
        turn = state.phase in (Phase.GM_TURN, Phase.PLAYERS_TURN)
        if state.characters and turn and not fighting(state.conflict):
            kinds.add(cmd.Recover.kind)
        return frozenset(kinds) - switched_off(state)
    kinds -= {cmd.SetPhase.kind}
    return frozenset(kinds | test_commands(state.test)) - switched_off(state)


def switched_off(state: State) -> set[str]:
    """Commands the ruleset does not have: wise rerolls, charging traits."""
    rules = state.ruleset
    off = set() if rules.checks.charge else {cmd.ChargeTrait.kind}
    if not rules.points.deeper_understanding:
        off.add(cmd.DeeperUnderstanding.kind)
    if not rules.points.of_course:
        off.add(cmd.OfCourse.kind)
    return off


def test_commands(test: Test) -> set[str]:
    """The steps of the test in progress that are open now, to some side (each keeps its own)."""
    kinds = {cmd.CancelTest.kind}
    every = [side for side in (test.tester, test.opponent) if side is not None]
    sides = [side for side in every if not side.gm]
    if not test.rolled:
        before = (
            (Step.TRAIT_AGAINST, cmd.UseTraitAgainst.kind, [s for s in sides if not s.against]),
            (Step.TRAIT_FOR, cmd.UseTraitFor.kind, [s for s in sides if not s.trait_for]),
            (Step.HELP, cmd.AddHelper.kind, every),
            (Step.NATURE, cmd.TapNature.kind, sides),
            (Step.NATURE, cmd.PersonaDice.kind, sides),
        )
        kinds |= {kind for step, kind, who in before if any(s.step <= step for s in who)}
        return kinds | {cmd.Roll.kind}
    for option, kind in (
        ("deeper_understanding", cmd.DeeperUnderstanding.kind),
        ("of_course", cmd.OfCourse.kind),
    ):
        if any(
            s.step <= Step.WISES and option not in s.options and Face.SNAKE in s.faces
            for s in sides
        ):
            kinds.add(kind)
    if any(s.step <= Step.AXES and "explode" not in s.options and axes(s.faces) for s in sides):
        kinds.add(cmd.Explode.kind)
    if any(s.step <= Step.LEVEL_THREE and "level_three" not in s.options for s in sides):
        kinds.add(cmd.LevelThree.kind)
    if test.tied:
        kinds |= {cmd.BreakTie.kind} | ({cmd.Tiebreaker.kind} if not test.tiebreaker else set())
    else:
        kinds.add(cmd.Resolve.kind)
    return kinds
