"""Building a test's pools and rolling them: the summary's Tests, steps 1 to 6.

A test only moves forward: a command for an earlier step than the one its
side has reached is refused, so each pool is built in the summary's order.
Each side of a versus test keeps its own step, so one side's helper does not
close the other side's trait; the roll (step 6) is shared and closes both pools.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard import procedure_events as pev
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.conflict.setup import no_test_in_conflict
from tablekit.rules.mouse_guard.dice import MAX_DICE
from tablekit.rules.mouse_guard.draft import Draft, dice
from tablekit.rules.mouse_guard.ruleset import Ruleset
from tablekit.rules.mouse_guard.sheets import earn, spend
from tablekit.rules.mouse_guard.state import Helper, Modifier, Phase, Side, Step, Test


def current(d: Draft, step: Step) -> Test:
    """The test in progress, if no side has gone past ``step`` (a step both sides share)."""
    test = d.state.test
    if test is None:
        raise RuleError("No test is in progress; begin one first")
    if test.step > step:
        raise RuleError(
            "That is step {step} of a test; this test is already at step {now}",
            step=int(step),
            now=int(test.step),
        )
    return test


def at_step(d: Draft, step: Step, name: str) -> tuple[Test, str]:
    """The test in progress and the side ``name`` rolls for, if that side is not past ``step``."""
    test = d.state.test
    if test is None:
        raise RuleError("No test is in progress; begin one first")
    which = side_of(test, name)
    now = test.side(which).step
    if now > step:
        raise RuleError(
            "That is step {step} of a test; {name}'s side is already at step {now}",
            step=int(step),
            name=test.side(which).actor,
            now=int(now),
        )
    return test, which


def reach(d: Draft, test: Test, step: Step, which: str = "") -> None:
    """Note that side ``which`` (or, with none, every side) has reached ``step``."""
    if (test.side(which).step if which else test.step) < step:
        d.emit(pev.StepReached(int(step), which))


def side_of(test: Test, name: str) -> str:
    """Which side ``name`` rolls for: "tester" or "opponent"."""
    for which in ("tester", "opponent"):
        side = test.tester if which == "tester" else test.opponent
        if side is not None and side.actor.lower() == name.lower():
            return which
    raise RuleError("{name} is not rolling in this test", name=name)


def _side(rules: Ruleset, character: Character, rating: str, nature: str) -> Side:
    """A character's side at step 1, with the dice its conditions take away (the ruleset
    says which, and which ratings' tests each spares: Mouse Guard's Resources and Circles).

    A skill the mouse has no dice in is stood in for by Nature, against Nature unless
    the table said within (the summary's step 1, "Select Skill/Ability or Nature"; the
    sheet's Acting against Nature is for any skill, acting with it for a relevant one):
    it rolls Nature, not 0D, and a failure taxes Nature by its margin."""
    if not nature and rating.strip() and character.rating(rating) is not None:
        nature = "against" if character.lacks(rating) else ""
    base = character.rating("Nature" if nature else rating)
    if base is None:
        raise RuleError("{name} has no {rating}", name=character.name, rating=Phrase(rating))
    modifiers = tuple(
        Modifier(c.id, -c.dice_penalty) for c in rules.penalties(character.conditions, base.name)
    )
    return Side(
        character.name, rating or base.name, base.rating, nature=nature, modifiers=modifiers
    )


def room(side: Side, more: int) -> None:
    """Refuse ``more`` dice for ``side`` if its pool would go past :data:`MAX_DICE`."""
    if side.pool + more > MAX_DICE:
        raise RuleError(
            "A pool holds at most {top} dice; this one has {pool}", top=MAX_DICE, pool=side.pool
        )


def begin_test(d: Draft, c: cmd.BeginTest, rng: random.Random) -> None:
    """Step 1: the base pool from a skill, an ability or Nature; the opponent's too."""
    state = d.state
    if state.test is not None:
        raise RuleError("A test is already in progress; resolve or cancel it first")
    no_test_in_conflict(d)
    character = state.character(c.character)
    if not c.nature and not c.rating.strip():
        raise RuleError("Name the skill or ability {name} tests", name=character.name)
    tester = _side(state.ruleset, character, c.rating, c.nature)
    opponent = None
    if c.versus and state.has(c.versus):
        rival = state.character(c.versus)
        if rival.name == character.name:
            raise RuleError("A mouse cannot test against itself")
        opponent = _side(state.ruleset, rival, c.versus_rating, "")
    elif c.versus:
        if not 1 <= c.versus_dice <= MAX_DICE:
            raise RuleError(
                "The GM's side rolls 1 to {top} dice, not {dice}", top=MAX_DICE, dice=c.versus_dice
            )
        opponent = Side(c.versus, "", c.versus_dice, gm=True)
    if state.phase is Phase.PLAYERS_TURN:
        spend(d, character, state.ruleset.checks.players_turn_test, "test")
    d.emit(pev.TestBegun(Test(tester, opponent, 0 if opponent else c.ob)))


def use_trait_against(d: Draft, c: cmd.UseTraitAgainst, rng: random.Random) -> None:
    """Step 2: -1D for one check, or (versus) +2D to the opponent for two (the
    ruleset's numbers, earned where the ruleset earns checks now: :func:`.sheets.earn`).

    The summary speaks of "a trait": each side uses one trait against itself a test.
    """
    test, which = at_step(d, Step.TRAIT_AGAINST, c.character)
    checks = d.state.ruleset.checks
    character = d.state.character(c.character)
    trait = _unused_trait(test.side(which), character, c.trait)
    if test.side(which).against:
        raise RuleError(
            "{name} already uses {trait} against this test: one trait against a test",
            name=character.name,
            trait=test.side(which).against,
        )
    if c.opponent_bonus:
        if test.opponent is None:
            raise RuleError("Only a versus test has an opponent to give dice to")
        other = "opponent" if which == "tester" else "tester"
        room(test.side(other), checks.opponent_dice)
        reach(d, test, Step.TRAIT_AGAINST, which)
        bonus = Modifier("trait against: " + trait, checks.opponent_dice)
        d.emit(pev.PoolChanged(other, bonus, trait, which, use="against"))
        earn(d, character.name, trait, checks.opponent_bonus)
        return
    reach(d, test, Step.TRAIT_AGAINST, which)
    d.emit(
        pev.PoolChanged(
            which, Modifier("trait against: " + trait, -checks.against_dice), trait, use="against"
        )
    )
    earn(d, character.name, trait, checks.against)


def _unused_trait(side: Side, character: Character, name: str) -> str:
    """The trait's name, if the mouse has it and has not used it in this test."""
    trait = character.trait(name)
    if trait is None:
        raise RuleError("{name} has no trait {trait}", name=character.name, trait=name)
    if trait.name in side.traits:
        raise RuleError("{trait} has already been used in this test", trait=trait.name)
    return trait.name


def use_trait_for(d: Draft, c: cmd.UseTraitFor, rng: random.Random) -> None:
    """Step 3: +1D from a level 1 or 2 trait not yet used this session; one trait a test."""
    test, which = at_step(d, Step.TRAIT_FOR, c.character)
    character = d.state.character(c.character)
    if test.side(which).trait_for:
        raise RuleError(
            "{name} already uses {trait} for this test: one trait for a test",
            name=character.name,
            trait=test.side(which).trait_for,
        )
    name = _unused_trait(test.side(which), character, c.trait)
    trait = character.trait(name)
    assert trait is not None
    level = d.state.ruleset.trait_level(trait.effective_level)
    if level == 3:
        raise RuleError("{trait} is level 3: it helps after the roll instead", trait=name)
    marks = d.state.ruleset.marks_used(level)
    if marks and trait.used:
        raise RuleError("{trait} has already been used this session", trait=name)
    room(test.side(which), 1)
    reach(d, test, Step.TRAIT_FOR, which)
    d.emit(pev.PoolChanged(which, Modifier("trait for: " + name, 1), name, use="for"))
    if marks:
        d.emit(ev.TraitUsed(character.name, name, True))


def add_helper(d: Draft, c: cmd.AddHelper, rng: random.Random) -> None:
    """Step 4: another mouse adds a die with a skill, an ability or a wise.

    The roller may also name a wise of its own ("I Am Wise", the sheet's basic
    dice rules): one die, once a test, marked like a helping wise.
    """
    test, which = at_step(d, Step.HELP, c.character)
    helper = d.state.character(c.helper)
    rolling = {s.actor.lower() for s in (test.tester, test.opponent) if s is not None}
    helping = {h.name for s in (test.tester, test.opponent) if s for h in s.helpers}
    own_wise = helper.name.lower() == c.character.lower() and bool(c.wise) and not c.skill
    if own_wise and helper.name in helping:
        raise RuleError("{name} already adds a wise of its own to this test", name=helper.name)
    if not own_wise and (helper.name.lower() in rolling or helper.name in helping):
        raise RuleError("{name} is already in this test", name=helper.name)
    if bool(c.skill) == bool(c.wise):
        raise RuleError("A helper helps with one skill, ability or wise: name one")
    if c.wise:
        wise = helper.wise(c.wise)
        if wise is None:
            raise RuleError("{name} has no wise {wise}", name=helper.name, wise=c.wise)
        chosen = Helper(helper.name, wise.name, wise=True)
    else:
        rating = helper.rating(c.skill)
        if rating is None or rating.rating < 1:
            raise RuleError("{name} has no {skill} to help with", name=helper.name, skill=c.skill)
        chosen = Helper(helper.name, rating.name)
    room(test.side(which), 1)
    reach(d, test, Step.HELP, which)
    d.emit(pev.HelperAdded(which, chosen))


def tap_nature(d: Draft, c: cmd.TapNature, rng: random.Random) -> None:
    """Step 5: a Persona point adds Nature's dice. Outside Nature it costs a point of
    Nature now, or (where the ruleset says so) only on a success: see result._taxes.
    A ruleset may let it add to a pool where Nature already stands in for a skill."""
    test, which = at_step(d, Step.NATURE, c.character)
    side = test.side(which)
    character = d.state.character(c.character)
    rules = d.state.ruleset
    if side.rating in rules.nature.never_tapped_for:
        raise RuleError("Nature cannot be tapped for {rating}", rating=Phrase(side.rating))
    if side.tapped or (side.nature and not rules.nature.tap_with_nature):
        raise RuleError("Nature is already in this pool")
    if character.persona < 1:
        raise RuleError("{name} has no Persona point to tap Nature", name=character.name)
    nature = character.rating("Nature")
    room(side, nature.rating if nature else 0)
    reach(d, test, Step.NATURE, which)
    d.emit(
        ev.PointsGained(character.name, 0, -1, "tap nature"),
        pev.NatureTapped(which, nature.rating if nature else 0, c.within),
    )
    if not c.within and rules.nature.outside_tax == "tap":
        d.emit(ev.NatureChanged(character.name, -1, "tapped outside nature"))


def persona_dice(d: Draft, c: cmd.PersonaDice, rng: random.Random) -> None:
    """Step 5: each Persona point spent adds a die (the sheet's Persona box)."""
    test, which = at_step(d, Step.NATURE, c.character)
    character = d.state.character(c.character)
    if not 1 <= c.points <= character.persona:
        raise RuleError(
            "{name} can spend 1 to {most} Persona points, not {points}",
            name=character.name,
            most=character.persona,
            points=c.points,
        )
    room(test.side(which), c.points)
    reach(d, test, Step.NATURE, which)
    d.emit(
        ev.PointsGained(character.name, 0, -c.points, "persona dice"),
        pev.PoolChanged(which, Modifier("persona", c.points)),
    )


def roll(d: Draft, c: cmd.Roll, rng: random.Random) -> None:
    """Step 6: the next side rolls its pool; in a versus test the opponent goes first."""
    test = current(d, Step.ROLL)
    if test.rolled:
        raise RuleError("Every side has rolled")
    which = "opponent" if test.opponent is not None and not test.opponent.rolled else "tester"
    faces = dice(c.faces, test.side(which).pool, rng)
    reach(d, test, Step.ROLL)
    d.emit(pev.Rolled(which, "roll", faces))
