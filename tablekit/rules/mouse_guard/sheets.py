"""Commands that keep the character sheets: adding mice, ratings, traits, wises,
conditions, checks and advancement."""

from __future__ import annotations

import random

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mouse_guard import commands as cmd
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.character import MAX_RATING, Character, Trait
from tablekit.rules.mouse_guard.conditions import condition_id, condition_name
from tablekit.rules.mouse_guard.conflict.setup import not_in_conflict
from tablekit.rules.mouse_guard.draft import Draft
from tablekit.rules.mouse_guard.sheet import canonical, read_sheet
from tablekit.rules.mouse_guard.state import Phase


def add_character(d: Draft, c: cmd.AddCharacter, rng: random.Random) -> None:
    """A whole sheet joins the table (or replaces its namesake when asked to)."""
    character = read_sheet(c.sheet, d.state.ruleset)
    if d.state.has(character.name) and not c.replace:
        raise RuleError("There is already a character called {name}", name=character.name)
    d.emit(ev.CharacterAdded(character))


def remove_character(d: Draft, c: cmd.RemoveCharacter, rng: random.Random) -> None:
    name = d.state.character(c.character).name
    if d.state.test is not None:
        raise RuleError("Finish or cancel the test before removing {name}", name=name)
    not_in_conflict(d, name)
    d.emit(ev.CharacterRemoved(name))


def set_rating(d: Draft, c: cmd.SetRating, rng: random.Random) -> None:
    character = d.state.character(c.character)
    d.emit(ev.RatingSet(character.name, canonical(c.rating), c.value))


def _changing_sheet(d: Draft) -> None:
    if d.state.phase not in (Phase.SETUP, Phase.WINTER):
        raise RuleError("Traits and wises change only in set-up or a winter session")


def set_trait(d: Draft, c: cmd.SetTrait, rng: random.Random) -> None:
    character = d.state.character(c.character)
    _changing_sheet(d)
    top = d.state.ruleset.traits.max_level
    if not 0 <= c.level <= top:
        raise RuleError(
            "A trait is level 1 to {top} in these rules (0 removes it), not {level}",
            top=top,
            level=c.level,
        )
    if c.level == 0 and character.trait(c.trait) is None:
        raise RuleError("{name} has no trait {trait}", name=character.name, trait=c.trait)
    d.emit(ev.TraitSet(character.name, c.trait, c.level))


def set_wise(d: Draft, c: cmd.SetWise, rng: random.Random) -> None:
    character = d.state.character(c.character)
    _changing_sheet(d)
    if not c.known and character.wise(c.wise) is None:
        raise RuleError("{name} has no wise {wise}", name=character.name, wise=c.wise)
    d.emit(ev.WiseSet(character.name, c.wise, c.known))


def set_condition(d: Draft, c: cmd.SetCondition, rng: random.Random) -> None:
    character = d.state.character(c.character)
    condition = condition_id(d.state.ruleset, c.condition)
    name = condition_name(d.state.ruleset, condition)
    if (condition in character.conditions) == c.on:
        if c.on:
            raise RuleError("{name} is already {condition}", name=character.name, condition=name)
        raise RuleError("{name} is not {condition}", name=character.name, condition=name)
    d.emit(ev.ConditionSet(character.name, condition, c.on))


def spend(d: Draft, character: Character, amount: int, reason: str) -> None:
    """Spend ``amount`` checks, or refuse saying how many there are."""
    if amount > character.checks:
        raise RuleError(
            "{name} has {checks} checks; this needs {amount}",
            name=character.name,
            checks=character.checks,
            amount=amount,
        )
    d.emit(ev.ChecksSpent(character.name, amount, reason))


def earn(d: Draft, name: str, trait: str, amount: int) -> None:
    """``amount`` checks on ``name``'s ``trait``, earned by using it against a test or by
    giving a tie away; none outside the GM's turn where the ruleset earns checks only in
    it (the rabbits' Checks: "i GM-turen"). What the trait did to the test stands."""
    rules, phase = d.state.ruleset, d.state.phase
    if rules.checks.gm_turn_only and phase is not Phase.GM_TURN:
        return
    d.emit(ev.ChecksEarned(name, trait, amount))


def spend_check(d: Draft, c: cmd.SpendCheck, rng: random.Random) -> None:
    character = d.state.character(c.character)
    if c.amount < 1:
        raise RuleError("Checks are spent one or more at a time, not {amount}", amount=c.amount)
    spend(d, character, c.amount, c.reason)


def earn_checks(d: Draft, c: cmd.EarnChecks, rng: random.Random) -> None:
    character = d.state.character(c.character)
    trait = _trait(character, c.trait)
    if c.amount < 1:
        raise RuleError("Checks are earned one or more at a time, not {amount}", amount=c.amount)
    d.emit(ev.ChecksEarned(character.name, trait.name, c.amount))


def _trait(character: Character, name: str) -> Trait:
    trait = character.trait(name)
    if trait is None:
        known = ", ".join(t.name for t in character.traits) or Phrase("none")
        raise RuleError(
            "{name} has no trait {trait} (traits: {known})",
            name=character.name,
            trait=name,
            known=known,
        )
    return trait


def charge_trait(d: Draft, c: cmd.ChargeTrait, rng: random.Random) -> None:
    """Checks (three in Mouse Guard) raise a trait one level for the rest of the session."""
    character = d.state.character(c.character)
    trait = _trait(character, c.trait)
    rules = d.state.ruleset
    if not rules.checks.charge:
        raise RuleError("These rules do not charge traits")
    if trait.charged or trait.level >= rules.traits.max_level:
        raise RuleError("{trait} cannot be raised any further this session", trait=trait.name)
    spend(d, character, rules.checks.charge, "charge " + trait.name)
    d.emit(ev.TraitCharged(character.name, trait.name))


def recharge_trait(d: Draft, c: cmd.RechargeTrait, rng: random.Random) -> None:
    """Clear a trait's used mark, so it helps once more: the ruleset's cost for its level
    (in Mouse Guard 2 checks, or 4 at level 3; for the rabbits 2)."""
    character = d.state.character(c.character)
    trait = _trait(character, c.trait)
    if not trait.used:
        raise RuleError("{trait} has not been used this session", trait=trait.name)
    cost = d.state.ruleset.recharge_cost(trait.effective_level)
    spend(d, character, cost, "recharge " + trait.name)
    d.emit(ev.TraitUsed(character.name, trait.name, False))


def advance(d: Draft, c: cmd.Advance, rng: random.Random) -> None:
    """Raise a rating whose passes and fails have reached what it needs."""
    character = d.state.character(c.character)
    rating = character.rating(c.rating)
    if rating is None:
        raise RuleError("{name} has no {rating} to advance", name=character.name, rating=c.rating)
    if rating.rating >= MAX_RATING:
        raise RuleError(
            "{rating} is at {top}, the highest rating the sheet has boxes for",
            rating=rating.name,
            top=MAX_RATING,
        )
    if rating.rating == 0:
        raise RuleError(
            "{name} has no dice in {rating} yet: set its rating when the mouse learns it",
            name=character.name,
            rating=rating.name,
        )
    if not rating.advance_due:
        have = (rating.passes, rating.fails) if rating else (0, 0)
        level = rating.rating if rating else 0
        raise RuleError(
            "{rating} {level} advances with {need_p} passes and {need_f} fails; it has "
            "{passes} and {fails}",
            rating=rating.name,
            level=level,
            need_p=level,
            need_f=max(0, level - 1),
            passes=have[0],
            fails=have[1],
        )
    d.emit(ev.Advanced(character.name, rating.name))
