"""Setting a conflict up and closing it: the type, the teams, their captains and goals,
and the weapons each member carries (the summary's Conflicts, steps 1-3)."""

from __future__ import annotations

import random

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.compromise import share
from tablekit.rules.mouse_guard.conflict.skills import types
from tablekit.rules.mouse_guard.conflict.state import Arms, Conflict, Outcome, Team
from tablekit.rules.mouse_guard.conflict.weapons import allowed
from tablekit.rules.mouse_guard.draft import Draft


def current(d: Draft, *statuses: str) -> Conflict:
    """The conflict in progress, if it is in one of ``statuses`` (any, when none is given)."""
    conflict = d.state.conflict
    if conflict is None:
        raise RuleError("No conflict is in progress; begin one first")
    if statuses and conflict.status not in statuses:
        _waiting(conflict.status)
    return conflict


def fighting(conflict: Conflict | None) -> bool:
    """Whether a conflict is in progress and not yet over."""
    return conflict is not None and not conflict.over


def in_conflict(conflict: Conflict | None, name: str) -> bool:
    """Whether ``name`` is on either team of a conflict not yet over."""
    if conflict is None or conflict.over:
        return False
    members = [m for t in conflict.every_team for m in t.members]
    return name.lower() in {m.lower() for m in members}


def no_test_in_conflict(d: Draft) -> None:
    """Refuse a test while a conflict is fought: its action tests are the only tests then."""
    if fighting(d.state.conflict):
        raise RuleError("A conflict is in progress: tests wait until it is over")


def not_in_conflict(d: Draft, name: str) -> None:
    """Refuse to take ``name`` from the table while the mouse is fighting on a team."""
    if in_conflict(d.state.conflict, name):
        raise RuleError("{name} is in the conflict: wait until it is over", name=name)


def _waiting(status: str) -> None:
    """Say what the conflict is waiting for instead."""
    if status == "disposition":
        raise RuleError("Both sides need a starting disposition first")
    if status == "scripting":
        raise RuleError("The sides are still scripting their actions")
    if status == "revealing":
        raise RuleError("Both scripts are locked: reveal the next action")
    if status == "acting":
        raise RuleError("The revealed action is still being tested")
    if status == "maneuver":
        raise RuleError("A maneuver's margin is still to be spent")
    raise RuleError("The conflict is over: agree the compromise and end it")


def begin_conflict(d: Draft, c: ccmd.BeginConflict, rng: random.Random) -> None:
    """Set-up: the type, the patrol and its captain, the GM's team and both goals."""
    state = d.state
    if state.conflict is not None:
        raise RuleError("A conflict is already in progress; end it first")
    if state.test is not None:
        raise RuleError("Finish or cancel the test before a conflict begins")
    known = types(state.ruleset.tables)
    if c.conflict not in known:
        raise RuleError(
            "{conflict!r} is not a type of conflict (types: {types})",
            conflict=c.conflict,
            types=", ".join(known),
        )
    if c.conflict == "other" and not (c.skill.strip() and c.ability.strip()):
        raise RuleError("In an other conflict the GM names the skill and the ability it uses")
    patrol = tuple(state.character(name).name for name in c.patrol)
    if len({n.lower() for n in patrol}) != len(patrol):
        raise RuleError("Each mouse joins the patrol's team once")
    captain = next((n for n in patrol if n.lower() == c.captain.lower()), None)
    if captain is None:
        raise RuleError("The captain must be one of the patrol: {names}", names=", ".join(patrol))
    if not c.opponent.strip():
        raise RuleError("Name the GM's side (the opponent)")
    gm = _gm_members(d, c, patrol)
    d.emit(
        cev.ConflictBegun(
            Conflict(
                c.conflict,
                Team("gm", c.opponent.strip(), gm, gm[0], c.gm_goal, max(0, c.gm_dice)),
                Team("patrol", "Patrol", patrol, captain, c.goal),
                skill=c.skill.strip(),
                ability=c.ability.strip(),
            )
        )
    )


def _gm_members(d: Draft, c: ccmd.BeginConflict, patrol: tuple[str, ...]) -> tuple[str, ...]:
    """The GM's team: named members (sheets where the table has them) or the opponent alone."""
    names = tuple(n.strip() for n in (c.gm_members or (c.opponent,)) if n.strip())
    if not names or len({n.lower() for n in names}) != len(names):
        raise RuleError("Name each member of the GM's team once")
    members = tuple(d.state.character(n).name if d.state.has(n) else n for n in names)
    taken = {n.lower() for n in patrol}
    for name in members:
        if name.lower() in taken:
            raise RuleError("{name} cannot be on both teams", name=name)
        if not d.state.has(name) and c.gm_dice < 1:
            raise RuleError(
                "{name} has no sheet at the table: give the dice it rolls for an action",
                name=name,
            )
    return members


def form_team(d: Draft, c: ccmd.FormTeam, rng: random.Random) -> None:
    """Members of a side split off into a team of their own, before the side's dispositions.

    Every team keeps a member, so a side's last team cannot be emptied; a
    team that loses its captain follows its first member left.
    """
    conflict = current(d, "disposition")
    teams = conflict.teams(c.side)
    if any(t.start for t in teams):
        raise RuleError("Teams are formed before the side's dispositions")
    names = []
    for name in c.members:
        team = conflict.team_of(c.side, name)
        if team is None:
            raise RuleError("{member} is not on that side", member=name)
        names.append(team.member(name))
    if len({n.lower() for n in names}) != len(names):
        raise RuleError("Name each member of the new team once")
    if any(not set(t.members) - set(names) for t in teams):
        raise RuleError("Every team keeps at least one member")
    captain = next((n for n in names if n.lower() == (c.captain or names[0]).lower()), "")
    if not captain:
        raise RuleError("The captain must be one of the new team: {names}", names=", ".join(names))
    d.emit(cev.TeamFormed(c.side, tuple(names), captain, c.goal.strip(), c.dice))


def arm(d: Draft, c: ccmd.Arm, rng: random.Random) -> None:
    """A member takes up a weapon or tactic, or puts it down, between actions; where the
    ruleset's conflicts ignore gear, only an argument tactic (fight weapons are gear)."""
    conflict = current(d, "disposition", "scripting", "revealing")
    team = conflict.team_of(c.side, c.member)
    if team is None:
        raise RuleError("{member} is not on that team", member=c.member)
    member = team.member(c.member)
    name = c.weapon.strip().lower().replace(" ", "_")
    if not name:
        d.emit(cev.Armed(c.side, Arms(member, "")))
        return
    rules = d.state.ruleset
    weapons = rules.tables.weapons
    weapon = weapons.get(name)
    if weapon is None:
        raise RuleError(
            "{weapon!r} is not on the sheet's weapons (weapons: {known})",
            weapon=c.weapon,
            known=", ".join(weapons),
        )
    if not (weapon.argument or rules.gear_in_conflicts):
        raise RuleError("Gear and weapons do not count in conflicts in these rules")
    if not allowed(rules.tables, weapon, conflict.type):
        raise RuleError("{weapon} has no place in this kind of conflict", weapon=weapon.title)
    choice = c.choice.strip().lower()
    if weapon.choices and choice not in weapon.choices:
        raise RuleError(
            "{weapon} needs a choice: {choices}",
            weapon=weapon.title,
            choices=", ".join(weapon.choices),
        )
    d.emit(cev.Armed(c.side, Arms(member, name, choice if weapon.choices else "")))


def end_conflict(d: Draft, c: ccmd.EndConflict, rng: random.Random) -> None:
    """Close the conflict: the compromise has been agreed, or the table abandons it.

    The outcome stays in the state (``last_conflict``) with the agreed terms;
    the conditions they name are given with ``mg.set_condition``.
    """
    conflict = current(d)
    terms = (c.winner_terms.strip(), c.loser_terms.strip())
    if any(terms) and not conflict.over:
        raise RuleError("Terms are agreed once a side has won; end without them to abandon")
    outcome = Outcome(
        conflict.type,
        conflict.gm.name,
        conflict.winner if conflict.over else "",
        share(conflict) if conflict.over else "",
        (conflict.lost("gm"), conflict.lost("patrol")),
        *terms,
        abandoned=not conflict.over,
    )
    d.emit(cev.ConflictEnded(outcome))
