"""Starting disposition (the summary's Conflicts, step 4; the sheet's Starting Disposition).

The captain tests the type's skill, each helper adding a die, and the
successes go on the rating of the type's ability; a captain without the skill
rolls Nature in its place, or the ability the table names (:mod:`.stand_in`).
Each condition among the team's members costs its penalty once, however many
mice have it (only on its ``disposition_base`` where the ruleset names one:
Angry on Will), and gear adds or takes what the table says where the ruleset's
``gear_in_conflicts`` says gear counts (Mouse Guard; the rabbits ignore it). The
captain's conditions take their dice from the skill test. Every number here is
the session's ruleset's. The GM's side may simply be given a number. A
disposition is never less than 1 (a reading: the seeds give no floor, and a team
at 0 has already lost). The roll is a test, with a test's options and marks
(:mod:`.disposition_roll`).
"""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import disposition_roll
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.setup import current
from tablekit.rules.mouse_guard.conflict.stand_in import best, pick, rating
from tablekit.rules.mouse_guard.conflict.state import Part, Team
from tablekit.rules.mouse_guard.conflict.weapons import carried_dice
from tablekit.rules.mouse_guard.dice import MAX_DICE, successes
from tablekit.rules.mouse_guard.draft import Draft, dice
from tablekit.rules.mouse_guard.state import State


def penalties(state: State, team: Team, ability: str) -> list[Part]:
    """Each condition among the team's mice, once, with what it costs this disposition
    (in the ruleset's order of conditions)."""
    found = {c for m in team.members if state.has(m) for c in state.character(m).conditions}
    return [
        Part(c.id, -c.disposition_penalty)
        for c in state.ruleset.conditions
        if c.id in found and c.disposition_penalty and c.disposition_base in ("", ability)
    ]


def _unset(d: Draft, side: str, captain: str) -> Team:
    """The team of ``side`` led by ``captain`` (by default its first without a disposition),
    if it has none yet."""
    teams = current(d, "disposition").teams(side)
    if captain:
        team = next((t for t in teams if t.captain.lower() == captain.strip().lower()), None)
        if team is None:
            raise RuleError(
                "No team there is led by {captain}; captains: {names}",
                captain=captain,
                names=", ".join(t.captain for t in teams),
            )
    else:
        team = next((t for t in teams if not t.start), teams[0])
    if team.start:
        raise RuleError("{team} already has its starting disposition", team=team.name)
    return team


def roll_disposition(d: Draft, c: ccmd.RollDisposition, rng: random.Random) -> None:
    """The captain's skill test, with helpers; successes added to the ability, less penalties."""
    conflict = current(d, "disposition")
    team = _unset(d, c.side, c.team)
    rules = d.state.ruleset
    if c.gear and not rules.gear_in_conflicts:
        raise RuleError("Gear does not change a starting disposition in these rules")
    if not d.state.has(team.captain):
        raise RuleError(
            "{captain} has no sheet to roll with: give the disposition as a number",
            captain=team.captain,
        )
    captain = d.state.character(team.captain)
    kind = conflict.kind(rules.tables)
    rolled = pick(captain, kind.skill, c.skill, "")  # Nature for a skill the captain lacks
    ability = best(captain, kind.abilities, c.ability)
    helpers = []
    for name in c.helpers:
        member = next((m for m in team.members if m.lower() == name.lower()), None)
        if member is None or member == captain.name or member in helpers:
            raise RuleError(
                "{name} cannot help: helpers are the captain's other team mates", name=name
            )
        helpers.append(member)
    sick = rules.dice_penalty(captain.conditions, rolled.rating)
    carried = carried_dice(rules.tables, team.arms_of(captain.name), rolled.rating)
    extra, spending = disposition_roll.spent(d.state, c, captain, rolled.rating)
    pool = rolled.dice + carried + len(helpers) - sick + extra
    if pool > MAX_DICE:
        raise RuleError(
            "A pool holds at most {top} dice; this one has {pool}", top=MAX_DICE, pool=pool
        )
    faces = dice(c.faces, max(0, pool), rng)
    d.emit(*spending)
    hits = successes(faces)
    parts = [Part(ability, rating(captain, ability)), Part(rolled.rating, hits)]
    parts += penalties(d.state, team, ability)
    if c.gear:
        parts.append(Part("gear", c.gear))
    total = max(1, sum(p.amount for p in parts))
    d.emit(cev.DispositionSet(c.side, total, tuple(parts), faces, team.index, rolled.rating))
    disposition_roll.after(d, c, captain, rolled, hits)


def set_disposition(d: Draft, c: ccmd.SetDisposition, rng: random.Random) -> None:
    """A starting disposition given as a number."""
    team = _unset(d, c.side, c.team)
    given = (Part("given", c.disposition),)
    d.emit(cev.DispositionSet(c.side, c.disposition, given, team=team.index))
