"""The disposition roll is a test like any other (the summary's Conflicts, step 4, rolled
by the Tests' rules): the captain may spend Persona for dice or to tap Nature (step 5),
use a trait for or against itself (steps 2 and 3), add a wise of its own (the sheet's I
Am Wise), and after the roll spend Fate on its axes (step 8).

A disposition roll has no obstacle; read here as passed with at least one success, as an
action at Ob 0 is, so the rating rolled is marked passed or failed (the first time it is
used in the conflict, Conflicts step 7b.iii, which the disposition roll always is), a
wise added is marked the same, and a tap of Nature is taxed as in an action test: a roll
with no success loses a point (so does one where Nature stood in against itself for a
skill the captain lacks), and where the ruleset taxes a tap outside Nature on a success
(the rabbits) a roll with one pays it. Fate on the axes may be spent until the
first action is revealed.
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Event
from tablekit.rules.mouse_guard import events as ev
from tablekit.rules.mouse_guard.character import Character, Trait
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.action import can_tap
from tablekit.rules.mouse_guard.conflict.setup import current
from tablekit.rules.mouse_guard.conflict.stand_in import Pick, rating
from tablekit.rules.mouse_guard.conflict.state import Team
from tablekit.rules.mouse_guard.dice import axes
from tablekit.rules.mouse_guard.draft import Draft, explosion
from tablekit.rules.mouse_guard.sheets import earn
from tablekit.rules.mouse_guard.state import State


def spent(
    state: State, c: ccmd.RollDisposition, captain: Character, rolled: str
) -> tuple[int, list[Event]]:
    """The dice the captain's options add to the roll (a trait against takes some), and
    what they cost, checked before anything is spent."""
    dice, events = _persona(state, c, captain, rolled)
    rules = state.ruleset
    if c.trait_for:
        trait = _trait(captain, c.trait_for)
        level = rules.trait_level(trait.effective_level)
        if level == 3:
            raise RuleError("{trait} is level 3: it helps after the roll instead", trait=trait.name)
        marks = rules.marks_used(level)
        if marks and trait.used:
            raise RuleError("{trait} has already been used this session", trait=trait.name)
        dice += 1
        events += [ev.TraitUsed(captain.name, trait.name, True)] if marks else []
    if c.trait_against:
        against = _trait(captain, c.trait_against)
        if c.trait_for and against.name == _trait(captain, c.trait_for).name:
            raise RuleError("{trait} has already been used in this test", trait=against.name)
        dice -= rules.checks.against_dice
    if c.wise and captain.wise(c.wise) is None:
        raise RuleError("{name} has no wise {wise}", name=captain.name, wise=c.wise)
    return dice + bool(c.wise), events


def _persona(
    state: State, c: ccmd.RollDisposition, captain: Character, rolled: str
) -> tuple[int, list[Event]]:
    """Persona dice and a tap of Nature: the dice and the points they cost."""
    points = c.persona + bool(c.tap)
    if points > captain.persona:
        raise RuleError(
            "{name} can spend 1 to {most} Persona points, not {points}",
            name=captain.name,
            most=captain.persona,
            points=points,
        )
    events: list[Event] = []
    if c.persona:
        events.append(ev.PointsGained(captain.name, 0, -c.persona, "persona dice"))
    if not c.tap:
        return c.persona, events
    if not can_tap(state, rolled):
        raise RuleError("Nature cannot be tapped for {rating}", rating=rolled)
    events.append(ev.PointsGained(captain.name, 0, -1, "tap nature"))
    if c.tap == "outside" and state.ruleset.nature.outside_tax == "tap":
        events.append(ev.NatureChanged(captain.name, -1, "tapped outside nature"))
    return c.persona + rating(captain, "Nature"), events


def _trait(captain: Character, name: str) -> Trait:
    """The captain's trait ``name``; a RuleError when it has none."""
    trait = captain.trait(name)
    if trait is None:
        raise RuleError("{name} has no trait {trait}", name=captain.name, trait=name)
    return trait


def after(d: Draft, c: ccmd.RollDisposition, captain: Character, rolled: Pick, hits: int) -> None:
    """Once the roll is down: the rating (and a wise) marked, a trait against's checks, and
    Nature's tax when it was tapped, or stood in against itself, and the roll failed."""
    passed = hits >= 1
    d.emit(ev.Marked(captain.name, rolled.rating, passed))
    wise = captain.wise(c.wise) if c.wise else None
    if wise is not None:
        d.emit(ev.WiseMarked(captain.name, wise.name, "passed" if passed else "failed"))
    if c.trait_against:
        trait = captain.trait(c.trait_against)
        assert trait is not None
        earn(d, captain.name, trait.name, d.state.ruleset.checks.against)
    if (c.tap or rolled.nature == "against") and not passed:
        d.emit(ev.NatureChanged(captain.name, -1, "margin of failure"))
    elif c.tap == "outside" and d.state.ruleset.nature.outside_tax == "success":
        d.emit(ev.NatureChanged(captain.name, -1, "tapped outside nature"))


def explode(d: Draft, c: ccmd.DispositionExplode, rng: random.Random) -> None:
    """After the disposition roll, before the first reveal: a Fate point on its axes."""
    conflict = current(d, "disposition", "scripting")
    if conflict.volley > 1 or conflict.history:
        raise RuleError("Fate on a disposition's axes is spent before the first action")
    team = _rolled_team(conflict.teams(c.side), c.team)
    character = d.state.character(team.captain)
    if character.fate < 1:
        raise RuleError("{name} has no Fate point left", name=character.name)
    count = axes(team.faces)
    if not count:
        raise RuleError("There is no axe to explode")
    faces = explosion(c.faces, count, rng)
    d.emit(
        ev.PointsGained(character.name, -1, 0, "explode"),
        cev.DispositionExploded(c.side, team.index, faces),
    )


def _rolled_team(teams: tuple[Team, ...], captain: str) -> Team:
    """The team led by ``captain`` (by default the first), if its disposition was rolled
    and its axes have not exploded yet."""
    name = captain.strip().lower()
    team = next((t for t in teams if not name or t.captain.lower() == name), None)
    if team is None:
        raise RuleError(
            "No team there is led by {captain}; captains: {names}",
            captain=captain,
            names=", ".join(t.captain for t in teams),
        )
    if not team.rolled:
        raise RuleError("{team}'s disposition was not rolled: no axes to explode", team=team.name)
    if team.exploded:
        raise RuleError("That roll's axes have exploded already")
    return team
