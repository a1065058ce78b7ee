"""What a mouse may do once the dice are down: the summary's Tests, steps 7 to 9.

Wises (step 7) come before Fate on axes (step 8), so an axe from a reroll
explodes too; a level 3 trait (step 9) comes last. Each side keeps its own
order: one side's axes do not close the other side's wises.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Event
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard import procedure_events as pev
from tablekit.rules.mouse_guard.character import Character, Trait
from tablekit.rules.mouse_guard.dice import Face, axes
from tablekit.rules.mouse_guard.draft import Draft, dice, explosion
from tablekit.rules.mouse_guard.procedure import at_step, reach
from tablekit.rules.mouse_guard.ruleset import Ruleset
from tablekit.rules.mouse_guard.state import Side, State, Step, Test

DEEPER_UNDERSTANDING = "deeper_understanding"
OF_COURSE = "of_course"
EXPLODE = "explode"
LEVEL_THREE = "level_three"


def _rolled_side(d: Draft, step: Step, name: str, option: str) -> tuple[Test, str, Side]:
    """The test, the side ``name`` rolls for and that side, once every side has rolled."""
    test, which = at_step(d, step, name)
    if not test.rolled:
        raise RuleError("Roll the dice first")
    side = test.side(which)
    if option in side.options:
        raise RuleError("That has already been done for this roll")
    return test, which, side


def failed_dice(faces: Sequence[str]) -> int:
    """How many of ``faces`` failed (snakes); a RuleError when none did."""
    failed = sum(face == Face.SNAKE for face in faces)
    if not failed:
        raise RuleError("There is no failed die to reroll")
    return failed


def _failed(side: Side) -> int:
    return failed_dice(side.faces)


def wise_cost(character: Character, name: str, option: str) -> tuple[Event, ...]:
    """What using the wise ``name`` for ``option`` costs: a Fate point for Deeper
    Understanding, a Persona point for Of Course!, and the wise's mark for it."""
    wise = character.wise(name)
    if wise is None:
        raise RuleError("{name} has no wise {wise}", name=character.name, wise=name)
    fate = option == DEEPER_UNDERSTANDING
    if (character.fate if fate else character.persona) < 1:
        if fate:
            raise RuleError("{name} has no Fate point left", name=character.name)
        raise RuleError("{name} has no Persona point left", name=character.name)
    fate_spent, persona_spent = (1, 0) if fate else (0, 1)
    return (
        ev.PointsGained(character.name, -fate_spent, -persona_spent, option),
        ev.WiseMarked(character.name, wise.name, "fate" if fate else "persona"),
    )


def adds_success(state: State) -> bool:
    """Whether a level 3 trait adds a success (the summary) or rerolls failures (the sheet)."""
    return state.ruleset.level_three == "success"


def level_three_trait(character: Character, name: str, rules: Ruleset, against: str = "") -> Trait:
    """``character``'s level 3 trait ``name``; a RuleError for any other, under rules
    without level 3 traits (the rabbits' are level 1), and for the trait used
    ``against`` this very test: a trait that took a die away (and earned its check)
    cannot help the same test too, as a level 2 trait cannot (the summary's Tests,
    steps 2, 3 and 9)."""
    if not rules.has_level_three:
        raise RuleError("These rules have no level 3 traits")
    trait = character.trait(name)
    if trait is None or trait.effective_level != 3:
        raise RuleError("{name} has no level 3 trait {trait}", name=character.name, trait=name)
    if trait.name.lower() == against.lower():
        raise RuleError("{trait} has already been used in this test", trait=trait.name)
    return trait


def deeper_understanding(d: Draft, c: cmd.DeeperUnderstanding, rng: random.Random) -> None:
    """A Fate point and a wise: reroll one failed die."""
    test, which, side = _rolled_side(d, Step.WISES, c.character, DEEPER_UNDERSTANDING)
    cost = wise_cost(d.state.character(c.character), c.wise, DEEPER_UNDERSTANDING)
    _failed(side)
    faces = dice(c.faces, 1, rng)
    reach(d, test, Step.WISES, which)
    d.emit(*cost, pev.Rolled(which, "reroll", faces, DEEPER_UNDERSTANDING))


def of_course(d: Draft, c: cmd.OfCourse, rng: random.Random) -> None:
    """A Persona point and a wise: reroll every failed die."""
    test, which, side = _rolled_side(d, Step.WISES, c.character, OF_COURSE)
    cost = wise_cost(d.state.character(c.character), c.wise, OF_COURSE)
    faces = dice(c.faces, _failed(side), rng)
    reach(d, test, Step.WISES, which)
    d.emit(*cost, pev.Rolled(which, "reroll", faces, OF_COURSE))


def explode_axes(d: Draft, c: cmd.Explode, rng: random.Random) -> None:
    """A Fate point: a new die for every axe, and for every new axe, until none is left."""
    test, which, side = _rolled_side(d, Step.AXES, c.character, EXPLODE)
    character = d.state.character(c.character)
    if character.fate < 1:
        raise RuleError("{name} has no Fate point left", name=character.name)
    count = axes(side.faces)
    if not count:
        raise RuleError("There is no axe to explode")
    faces = explosion(c.faces, count, rng)
    reach(d, test, Step.AXES, which)
    d.emit(
        ev.PointsGained(character.name, -1, 0, EXPLODE),
        pev.Rolled(which, "explode", tuple(faces), EXPLODE),
    )


def level_three(d: Draft, c: cmd.LevelThree, rng: random.Random) -> None:
    """A level 3 trait: one more success (the summary) or a reroll of failures (the sheet)."""
    test, which, side = _rolled_side(d, Step.LEVEL_THREE, c.character, LEVEL_THREE)
    character = d.state.character(c.character)
    trait = level_three_trait(character, c.trait, d.state.ruleset, side.against)
    if adds_success(d.state):
        reach(d, test, Step.LEVEL_THREE, which)
        d.emit(pev.SuccessAdded(which, 1, LEVEL_THREE, trait.name))
        return
    if trait.used:
        raise RuleError("{trait} has already been used this session", trait=trait.name)
    faces = dice(c.faces, _failed(side), rng)
    reach(d, test, Step.LEVEL_THREE, which)
    d.emit(
        ev.TraitUsed(character.name, trait.name, True),
        pev.Rolled(which, "reroll", faces, LEVEL_THREE, trait.name),
    )
