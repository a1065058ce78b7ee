"""How a test ends (the summary's Tests, steps 11 and 12), and how a recovery test begins.

A pass marks the tested rating and helping wises passed; a failure marks them
failed (a mouse opponent is marked the other way, except after a second tie,
which both sides fail), and the GM chooses a twist or a condition, which
skill and ability helpers share (wise helpers do not); a condition lets the
deed succeed but still marks the roll failed. A twist is noted for the GM's
turn tracker. Acting against Nature, or tapping it, taxes Nature by the
margin of failure. A recovery test's pass takes its condition away.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Event
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard import procedure_events as pev
from tablekit.rules.mouse_guard.conditions import condition_id
from tablekit.rules.mouse_guard.conflict.setup import no_test_in_conflict
from tablekit.rules.mouse_guard.draft import Draft, dice
from tablekit.rules.mouse_guard.procedure import current, reach
from tablekit.rules.mouse_guard.ruleset import Ruleset
from tablekit.rules.mouse_guard.sheets import spend
from tablekit.rules.mouse_guard.state import NOTE_LENGTH, Phase, Side, Step, Test


def resolve(d: Draft, c: cmd.Resolve, rng: random.Random) -> None:
    """Mark the result; a failure needs the GM's twist or condition."""
    test = current(d, Step.RESULT)
    if not test.rolled:
        raise RuleError("Roll the dice first")
    if test.tied:
        raise RuleError("The test is tied; break the tie first")
    passed = test.passed
    if passed and c.outcome:
        raise RuleError("The test passed: there is no twist or condition to choose")
    if test.recovery and c.outcome == "condition":
        raise RuleError("A failed recovery keeps its condition; the GM may add a twist")
    if not passed and not test.recovery and c.outcome not in ("twist", "condition"):
        raise RuleError("The test failed: the GM chooses a twist or a condition")
    condition = condition_id(d.state.ruleset, c.condition) if c.outcome == "condition" else ""
    reach(d, test, Step.RESULT)
    d.emit(*_marks(test.tester, passed))
    if test.opponent is not None and not test.opponent.gm:
        d.emit(*_marks(test.opponent, not passed and test.winner != "neither"))
    d.emit(*_taxes(test, passed, d.state.ruleset))
    if not passed:
        d.emit(*_conditions(d, test.tester, condition))
    if passed and test.recovery:
        d.emit(ev.ConditionSet(test.tester.actor, test.recovery, False))
    if c.outcome == "twist":
        tested = f"twist: {test.tester.actor}'s {test.tester.tested} test"
        d.emit(ev.NoteAdded("twist", tested[:NOTE_LENGTH]))
    d.emit(pev.TestEnded(passed or c.outcome == "condition", c.outcome, condition))


def _marks(side: Side, passed: bool) -> list[Event]:
    marks: list[Event] = [ev.Marked(side.actor, side.tested, passed)]
    which = "passed" if passed else "failed"
    marks += [ev.WiseMarked(h.name, h.via, which) for h in side.helpers if h.wise]
    return marks


def _taxes(test: Test, passed: bool, rules: Ruleset) -> list[Event]:
    """Nature taxed by the margin when the dice failed with Nature acting against
    itself, or with Nature tapped, within its scope or outside it (the sheet's
    Nature Rules: a failed roll after tapping is taxed whatever the scope).

    A "success with a Condition" is taxed too: the GM grants the deed, but the
    roll itself failed and is checked as failed (the summary's step 12), and the
    tax follows the roll's margin of failure.

    Where the ruleset taxes a tap outside Nature on a success (the rabbits:
    "falder den også med 1 hvis du klarer testen"), a passed test costs that
    point here instead of when Nature was tapped.
    """
    side = test.tester
    if passed:
        outside = side.tapped and not side.tapped_within
        if outside and rules.nature.outside_tax == "success":
            return [ev.NatureChanged(side.actor, -1, "tapped outside nature")]
        return []
    taxed = side.nature == "against" or side.tapped
    if not taxed or not test.margin:
        return []
    return [ev.NatureChanged(side.actor, -test.margin, "margin of failure")]


def _conditions(d: Draft, side: Side, condition: str) -> list[Event]:
    if not condition:
        return []
    sharing = [side.actor] + [h.name for h in side.helpers if not h.wise]
    return [
        ev.ConditionSet(name, condition, True)
        for name in sharing
        if condition not in d.state.character(name).conditions
    ]


def cancel_test(d: Draft, c: cmd.CancelTest, rng: random.Random) -> None:
    """Drop a test that changed no sheet since it began; once one has, refuse.

    Refusing is the simpler correct choice: undoing would mean reversing every
    check earned, point spent, Nature taxed and mark made, and a mistake is
    already taken back exactly by Undo. Otherwise a trait used against could
    earn its checks and a cancel keep them, again and again. The check a test
    costs in the players' turn is paid to begin it and is not refunded.
    """
    test = d.state.test
    if test is None:
        raise RuleError("No test is in progress")
    if test.marked:
        raise RuleError(
            "This test has already earned or spent something on a sheet; undo it instead"
        )
    d.emit(pev.TestCancelled())


def recover(d: Draft, c: cmd.Recover, rng: random.Random) -> None:
    """Begin the test to recover the first condition in the recovery order.

    It costs a check in the players' turn and two in the GM's turn.
    Hungry/Thirsty needs no roll and is recovered at once. Any other condition
    begins a test of its ability against its obstacle, with no dice taken for
    conditions, and then goes through the test procedure like any other:
    traits, helpers, Nature and Persona before the roll, wises and axes after
    it. :func:`resolve` takes the condition away on a pass; a failure keeps
    it (the GM may add a twist, not a condition).

    Beginning a normal test is the simpler correct design: every step the
    seeds give a test (help, wises, Fate, level 3 traits, Nature's tax) then
    applies to a recovery without a second copy of the procedure. ``faces``,
    when given, rolls at once, for a recovery nobody helps.
    """
    character = d.state.character(c.character)
    if d.state.test is not None:
        raise RuleError("Finish the test in progress first")
    no_test_in_conflict(d)
    rules = d.state.ruleset
    condition = rules.next_to_recover(character.conditions)
    if not condition:
        raise RuleError("{name} has no condition to recover from", name=character.name)
    phase = d.state.phase
    if phase not in (Phase.GM_TURN, Phase.PLAYERS_TURN):
        raise RuleError("Conditions are recovered in the GM's turn or the players' turn")
    checks = rules.checks
    cost = checks.players_turn_test if phase is Phase.PLAYERS_TURN else checks.gm_turn_recovery
    recovery = rules.condition(condition)
    assert recovery is not None  # the recovery order lists only the ruleset's conditions
    if not recovery.recovery_ability:
        spend(d, character, cost, "recover from " + condition)
        d.emit(
            pev.RecoveryRolled(character.name, condition, (), True),
            ev.ConditionSet(character.name, condition, False),
        )
        return
    rating = character.rating(recovery.recovery_ability)
    base = rating.rating if rating else 0
    faces = None if c.faces is None else dice(c.faces, base, rng)
    spend(d, character, cost, "recover from " + condition)
    side = Side(character.name, recovery.recovery_ability, base)
    d.emit(pev.TestBegun(Test(side, ob=recovery.recovery_ob, recovery=condition)))
    if faces is not None:
        d.emit(pev.StepReached(int(Step.ROLL)), pev.Rolled("tester", "roll", faces))
