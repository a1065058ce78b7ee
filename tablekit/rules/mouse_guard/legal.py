"""Which command kinds can currently succeed, so a screen can grey out the rest.

It follows the handlers' checks from the state alone; the handlers stay the
final word (a command can still fail on its fields).
"""

from __future__ import annotations

from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard.conflict.legal import conflict_commands
from tablekit.rules.mouse_guard.conflict.setup import fighting, in_conflict
from tablekit.rules.mouse_guard.dice import Face, axes
from tablekit.rules.mouse_guard.state import Phase, Side, State, Step, Test

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
    """The steps of the test in progress that are open now, to some side (each keeps its own).

    A test can be cancelled at any step; before the roll come steps 2 to 6, after it steps
    7 to 9 and then the tie or the result (the summary's Tests)."""
    every = [side for side in (test.tester, test.opponent) if side is not None]
    players = [side for side in every if not side.gm]
    if not test.rolled:
        return {cmd.CancelTest.kind, cmd.Roll.kind} | before_the_roll(players, every)
    return {cmd.CancelTest.kind} | after_the_roll(players) | tie_or_result(test)


def before_the_roll(players: list[Side], every: list[Side]) -> set[str]:
    """Steps 2 to 5: Use Trait Against and Use Trait For (once each), Help (the GM's side is
    helped too) and Nature, each open to a side that has not gone past it."""
    steps = (
        (Step.TRAIT_AGAINST, cmd.UseTraitAgainst.kind, [s for s in players if not s.against]),
        (Step.TRAIT_FOR, cmd.UseTraitFor.kind, [s for s in players if not s.trait_for]),
        (Step.HELP, cmd.AddHelper.kind, every),
        (Step.NATURE, cmd.TapNature.kind, players),
        (Step.NATURE, cmd.PersonaDice.kind, players),
    )
    return {kind for step, kind, sides in steps if _open(step, sides)}


def after_the_roll(players: list[Side]) -> set[str]:
    """Steps 7 to 9, each once per side: Use Wises on a failed die (Deeper Understanding,
    Of Course!), Exploding sixes on axes, and a level 3 trait."""
    failed = [side for side in players if Face.SNAKE in side.faces]
    with_axes = [side for side in players if axes(side.faces)]
    steps = (
        (Step.WISES, cmd.DeeperUnderstanding.kind, _unused(failed, "deeper_understanding")),
        (Step.WISES, cmd.OfCourse.kind, _unused(failed, "of_course")),
        (Step.AXES, cmd.Explode.kind, _unused(with_axes, "explode")),
        (Step.LEVEL_THREE, cmd.LevelThree.kind, _unused(players, "level_three")),
    )
    return {kind for step, kind, sides in steps if _open(step, sides)}


def tie_or_result(test: Test) -> set[str]:
    """Step 10 on a tie (a trait breaks it, or one tiebreaker roll), else step 11, the result."""
    if not test.tied:
        return {cmd.Resolve.kind}
    return {cmd.BreakTie.kind} | (set() if test.tiebreaker else {cmd.Tiebreaker.kind})


def _open(step: Step, sides: list[Side]) -> bool:
    """Whether some of ``sides`` has not yet gone past ``step``."""
    return any(side.step <= step for side in sides)


def _unused(sides: list[Side], option: str) -> list[Side]:
    """The sides that have not yet taken ``option`` after their roll."""
    return [side for side in sides if option not in side.options]
