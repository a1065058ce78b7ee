"""What goes into an action's pool before its roll besides Persona: Nature in place of the
skill, traits and help, as in any test (the summary's Tests, steps 1-4, which action tests
follow by Conflicts, step 7b).

A trait used against the actor takes the ruleset's die for its check, or in a
versus action gives the other side its dice for two checks (only before that
side has rolled: its pool is closed then); a level 1 or 2 trait used for the
actor adds a die and, where the ruleset says so, is marked used this session.
One trait against and one for an action, never the same one, and never a trait
Disarm took. Checks are earned as :func:`tablekit.rules.mouse_guard.sheets.earn`
says (the rabbits: only in the GM's turn).

A helper is a team mate who adds a die with a skill or an ability it has at 1
or more, or with a wise it knows; the actor may add one wise of its own (the
sheet's I Am Wise). A member without a sheet (the GM's creature) helps with
whatever the GM names. Only an actor with a sheet has traits.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.character import Character, Trait
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.action import acting, can_tap, pick_for
from tablekit.rules.mouse_guard.conflict.spending import room
from tablekit.rules.mouse_guard.conflict.state import ActionTest, Conflict, Part, other
from tablekit.rules.mouse_guard.draft import Draft
from tablekit.rules.mouse_guard.sheets import earn


def _sheet(d: Draft, test: ActionTest) -> Character:
    """The acting mouse's sheet: a creature without one has no traits."""
    if not d.state.has(test.actor):
        raise RuleError("{actor} has no character sheet: no trait to use", actor=test.actor)
    return d.state.character(test.actor)


def _usable(conflict: Conflict, test: ActionTest, character: Character, name: str) -> Trait:
    """``character``'s trait ``name``, if it is not used on this action yet and Disarm has
    not taken it."""
    trait = character.trait(name)
    if trait is None:
        raise RuleError("{name} has no trait {trait}", name=character.name, trait=name)
    if trait.name in test.traits:
        raise RuleError("{trait} has already been used in this test", trait=trait.name)
    taken = {t.lower() for t in conflict.team(test.side).disarmed}
    if f"{character.name}: {trait.name}".lower() in taken:
        raise RuleError("{trait} was disarmed for this conflict", trait=trait.name)
    return trait


def trait_against(d: Draft, c: ccmd.ActionTraitAgainst, rng: random.Random) -> None:
    """Step 2: the actor's trait takes a die for a check, or gives the opponent dice."""
    conflict, exchange, test = acting(d, c.side)
    character = _sheet(d, test)
    if test.against:
        raise RuleError(
            "{name} already uses {trait} against this test: one trait against a test",
            name=character.name,
            trait=test.against,
        )
    trait = _usable(conflict, test, character, c.trait)
    checks = d.state.ruleset.checks
    reason = "trait against: " + trait.name
    if not c.opponent_bonus:
        change = Part(reason, -checks.against_dice)
        d.emit(cev.ActionTraitUsed(c.side, trait.name, "against", change, c.side))
        earn(d, character.name, trait.name, checks.against)
        return
    rival = exchange.test_of(other(c.side))
    if not exchange.versus or rival is None:
        raise RuleError("Only a versus test has an opponent to give dice to")
    if rival.rolled:
        raise RuleError("The other side has rolled: its pool can no longer change")
    room(d, rival, checks.opponent_dice)
    change = Part(reason, checks.opponent_dice)
    d.emit(cev.ActionTraitUsed(c.side, trait.name, "against", change, rival.side))
    earn(d, character.name, trait.name, checks.opponent_bonus)


def trait_for(d: Draft, c: ccmd.ActionTraitFor, rng: random.Random) -> None:
    """Step 3: a level 1 or 2 trait adds a die; where the ruleset says so, once a session."""
    conflict, _, test = acting(d, c.side)
    character = _sheet(d, test)
    if test.trait_for:
        raise RuleError(
            "{name} already uses {trait} for this test: one trait for a test",
            name=character.name,
            trait=test.trait_for,
        )
    trait = _usable(conflict, test, character, c.trait)
    rules = d.state.ruleset
    level = rules.trait_level(trait.effective_level)
    if level == 3:
        raise RuleError("{trait} is level 3: it helps after the roll instead", trait=trait.name)
    marks = rules.marks_used(level)
    if marks and trait.used:
        raise RuleError("{trait} has already been used this session", trait=trait.name)
    room(d, test, 1)
    change = Part("trait for: " + trait.name, 1)
    d.emit(cev.ActionTraitUsed(c.side, trait.name, "for", change, c.side))
    if marks:
        d.emit(ev.TraitUsed(character.name, trait.name, True))


def nature(d: Draft, c: ccmd.ActionNature, rng: random.Random) -> None:
    """Step 1: Nature in place of the action's skill, within Nature or against it (the
    sheet's Nature Rules); without this a skill the actor lacks is stood in for against
    Nature (:mod:`.stand_in`)."""
    conflict, _, test = acting(d, c.side)
    if not d.state.has(test.actor):
        raise RuleError("{actor} has no character sheet: no Nature to act with", actor=test.actor)
    if test.nature:
        raise RuleError("Nature already stands in for this action; undo to change how")
    plain = pick_for(d.state, conflict, test, "")
    if plain.rating == "Nature" and not plain.instead:
        raise RuleError("This action already tests Nature")
    if test.tapped and not can_tap(d.state, "Nature"):
        raise RuleError("Nature is already in this pool")
    d.emit(cev.ActionNatureChosen(c.side, c.nature))


def help_action(d: Draft, c: ccmd.HelpAction, rng: random.Random) -> None:
    """Step 4: a team mate adds a die with a skill, an ability or a wise; the actor may
    add a wise of its own (I Am Wise)."""
    conflict, _, test = acting(d, c.side)
    helper = conflict.team(c.side).member(c.helper)
    if not helper:
        raise RuleError(
            "{name} cannot help: helpers are the actor's team mates", name=c.helper.strip()
        )
    skill, wise = c.skill.strip(), c.wise.strip()
    if bool(skill) == bool(wise):
        raise RuleError("A helper helps with one skill, ability or wise: name one")
    own = helper == test.actor
    if own and not wise:
        raise RuleError(
            "{name} is acting: the actor adds only a wise of its own (I Am Wise)", name=helper
        )
    if own and any(a.helper == helper for a in test.aids):
        raise RuleError("{name} already adds a wise of its own to this test", name=helper)
    if not own and helper in test.helpers:
        raise RuleError("{name} is already in this test", name=helper)
    via = _via(d, helper, skill, wise)
    room(d, test, 1)
    d.emit(cev.ActionHelped(c.side, helper, via, bool(wise)))


def _via(d: Draft, helper: str, skill: str, wise: str) -> str:
    """What ``helper`` helps with, as its sheet writes it: a skill or ability at 1 or more,
    or a wise it knows. A member without a sheet helps with what the GM names."""
    if not d.state.has(helper):
        return skill or wise
    character = d.state.character(helper)
    if wise:
        known = character.wise(wise)
        if known is None:
            raise RuleError("{name} has no wise {wise}", name=character.name, wise=wise)
        return known.name
    rating = character.rating(skill)
    if rating is None or rating.rating < 1:
        raise RuleError("{name} has no {skill} to help with", name=character.name, skill=skill)
    return rating.name
