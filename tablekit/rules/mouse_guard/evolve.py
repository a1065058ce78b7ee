"""How each event changes the state: pure, deterministic, never random."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tablekit.rules.game import Event
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard import marks
from tablekit.rules.mouse_guard import procedure_events as pev
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.conflict.evolve import CONFLICT_STEPS
from tablekit.rules.mouse_guard.dice import Face
from tablekit.rules.mouse_guard.ruleset import ruleset_of
from tablekit.rules.mouse_guard.state import Modifier, Note, Phase, Result, Side, State, Step


def evolve(state: State, event: Event) -> State:
    """The state after ``event``; a test under way notes any change to a sheet."""
    after = _STEPS[type(event)](state, event)
    if after.test is not None and not after.test.marked and after.characters != state.characters:
        after = replace(after, test=replace(after.test, marked=True))
    return after


def _sheet(change: Callable[..., Character], *fields: str) -> Callable[[State, Any], State]:
    """A step that applies ``change`` to the event's character with the event's ``fields``."""

    def step(s: State, e: Any) -> State:
        character = change(s.character(e.character), *(getattr(e, f) for f in fields))
        return s.with_character(character)

    return step


def _ruleset(s: State, e: ev.RulesetUsed) -> State:
    return replace(s, ruleset=ruleset_of(e.ruleset), ruleset_digest=e.digest)


def _added(s: State, e: ev.CharacterAdded) -> State:
    return s.with_character(e.character)


def _removed(s: State, e: ev.CharacterRemoved) -> State:
    key = e.character.lower()
    return replace(s, characters=tuple(c for c in s.characters if c.name.lower() != key))


def _phase(s: State, e: ev.PhaseSet) -> State:
    begun = s.players_turn_begun or e.phase == Phase.PLAYERS_TURN
    return replace(s, phase=Phase(e.phase), players_turn_begun=begun)


def _session(s: State, e: ev.SessionBegan) -> State:
    characters = tuple(marks.new_session(c) for c in s.characters)
    return replace(
        s,
        characters=characters,
        session=s.session + 1,
        prologues=(),
        mission="",
        players_turn_begun=False,
        notes=(),
        continued=s.continued or e.continues,
    )


def _mission(s: State, e: ev.MissionSet) -> State:
    return replace(s, mission=e.mission)


def _goal(s: State, e: ev.GoalSet) -> State:
    return s.with_character(replace(s.character(e.character), goal=e.goal))


def _prologue(s: State, e: ev.PrologueTold) -> State:
    return replace(s, prologues=s.prologues + (e.character,))


def _note(s: State, e: ev.NoteAdded) -> State:
    return replace(s, notes=s.notes + (Note(e.note, e.text),))


def _spent(s: State, e: ev.ChecksSpent) -> State:
    return s.with_character(marks.spend_checks(s.character(e.character), e.amount))


def _points(s: State, e: ev.PointsGained) -> State:
    c = s.character(e.character)
    return s.with_character(replace(c, fate=c.fate + e.fate, persona=c.persona + e.persona))


def _condition(s: State, e: ev.ConditionSet) -> State:
    c = s.character(e.character)
    kept = tuple(x for x in c.conditions if x != e.condition)
    return s.with_character(replace(c, conditions=kept + ((e.condition,) if e.on else ())))


def _test_begun(s: State, e: pev.TestBegun) -> State:
    return replace(s, test=e.test, last=None)


def _step(s: State, e: pev.StepReached) -> State:
    assert s.test is not None
    step = Step(e.step)

    def reached(side: Side) -> Side:
        return replace(side, step=max(side.step, step))

    test = s.test
    if e.side:
        test = test.with_side(e.side, reached(test.side(e.side)))
    else:
        opponent = None if test.opponent is None else reached(test.opponent)
        test = replace(test, tester=reached(test.tester), opponent=opponent)
    return replace(s, test=replace(test, step=max(test.step, step)))


def _side(s: State, which: str, change: Callable[[Side], Side]) -> State:
    assert s.test is not None
    return replace(s, test=s.test.with_side(which, change(s.test.side(which))))


def _pool(s: State, e: pev.PoolChanged) -> State:
    s = _side(s, e.side, lambda side: replace(side, modifiers=side.modifiers + (e.modifier,)))
    if not e.trait:
        return s

    def used(side: Side) -> Side:
        side = replace(side, traits=side.traits + (e.trait,))
        if e.use == "against":
            return replace(side, against=e.trait)
        return replace(side, trait_for=e.trait) if e.use == "for" else side

    return _side(s, e.trait_side or e.side, used)


def _helper(s: State, e: pev.HelperAdded) -> State:
    return _side(s, e.side, lambda side: replace(side, helpers=side.helpers + (e.helper,)))


def _tapped(s: State, e: pev.NatureTapped) -> State:
    def change(side: Side) -> Side:
        tap = Modifier("Nature", e.dice)
        return replace(side, tapped=True, tapped_within=e.within, modifiers=side.modifiers + (tap,))

    return _side(s, e.side, change)


def _rolled(s: State, e: pev.Rolled) -> State:
    def change(side: Side) -> Side:
        options = side.options + ((e.option,) if e.option else ())
        side = replace(side, traits=side.traits + ((e.trait,) if e.trait else ()))
        if e.purpose == "roll":
            return replace(side, rolled=True, faces=e.faces, options=options)
        if e.purpose == "explode":
            return replace(side, explosion=side.explosion + e.faces, options=options)
        return replace(side, faces=_reroll(side.faces, e.faces), options=options)

    return _side(s, e.side, change)


def _reroll(faces: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
    """``faces`` with its failed dice, first to last, replaced by ``new``."""
    waiting = list(new)
    return tuple(waiting.pop(0) if f == Face.SNAKE and waiting else f for f in faces)


def _success(s: State, e: pev.SuccessAdded) -> State:
    def change(side: Side) -> Side:
        traits = side.traits + ((e.trait,) if e.trait else ())
        return replace(
            side, bonus=side.bonus + e.amount, options=side.options + (e.option,), traits=traits
        )

    return _side(s, e.side, change)


def _tie(s: State, e: pev.TieBroken) -> State:
    assert s.test is not None
    return replace(s, test=replace(s.test, winner=e.winner))


def _tiebreaker(s: State, e: pev.TiebreakerRolled) -> State:
    assert s.test is not None
    rolled = (e.tester, e.opponent)
    return replace(s, test=replace(s.test, tiebreaker=s.test.tiebreaker + 1, tiebreak=rolled))


def _ended(s: State, e: pev.TestEnded) -> State:
    assert s.test is not None
    side = s.test.tester
    result = Result(side.actor, side.tested, e.passed, e.outcome, e.condition)
    return replace(s, test=None, last=result)


def _cancelled(s: State, e: pev.TestCancelled) -> State:
    return replace(s, test=None)


_STEPS: dict[type[Event], Callable[[State, Any], State]] = {
    ev.CharacterAdded: _added,
    ev.CharacterRemoved: _removed,
    ev.RatingSet: _sheet(marks.set_rating, "rating", "value"),
    ev.TraitSet: _sheet(marks.set_trait, "trait", "level"),
    ev.WiseSet: _sheet(marks.set_wise, "wise", "known"),
    ev.RulesetUsed: _ruleset,
    ev.PhaseSet: _phase,
    ev.SessionBegan: _session,
    ev.MissionSet: _mission,
    ev.GoalSet: _goal,
    ev.PrologueTold: _prologue,
    ev.NoteAdded: _note,
    ev.ChecksEarned: _sheet(marks.earn_checks, "trait", "amount"),
    ev.ChecksSpent: _spent,
    ev.PointsGained: _points,
    ev.ConditionSet: _condition,
    ev.NatureChanged: _sheet(marks.change_nature, "amount"),
    ev.Marked: _sheet(marks.mark, "rating", "passed"),
    ev.WiseMarked: _sheet(marks.mark_wise, "wise", "mark"),
    ev.TraitUsed: _sheet(marks.mark_trait, "trait", "used"),
    ev.TraitCharged: _sheet(marks.charge_trait, "trait"),
    ev.Advanced: _sheet(marks.advance, "rating"),
    pev.TestBegun: _test_begun,
    pev.StepReached: _step,
    pev.PoolChanged: _pool,
    pev.HelperAdded: _helper,
    pev.NatureTapped: _tapped,
    pev.Rolled: _rolled,
    pev.SuccessAdded: _success,
    pev.TieBroken: _tie,
    pev.TiebreakerRolled: _tiebreaker,
    pev.TestEnded: _ended,
    pev.TestCancelled: _cancelled,
    pev.RecoveryRolled: lambda s, e: s,
    **CONFLICT_STEPS,
}
