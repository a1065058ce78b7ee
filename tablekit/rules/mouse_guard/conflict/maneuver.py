"""Spending a maneuver's margin (the sheet's Maneuver description).

Each effect is bought once per action, and together they cost no more than
the margin: Impede (1) takes a die from the opponent's next action, Gain
Position (2) adds two to one's own next action, Disarm (3) takes a weapon,
a piece of gear or a trait from an opposing member for the rest of the
conflict. A knife disarms a spear or a bow for 1 (see :mod:`.weapons`).
"""

from __future__ import annotations

import random

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mouse_guard.conflict import commands as ccmd
from tablekit.rules.mouse_guard.conflict import events as cev
from tablekit.rules.mouse_guard.conflict.action import finish
from tablekit.rules.mouse_guard.conflict.setup import current
from tablekit.rules.mouse_guard.conflict.state import Conflict, Team, other
from tablekit.rules.mouse_guard.conflict.tables import Tables
from tablekit.rules.mouse_guard.conflict.weapons import disarms_long, is_long
from tablekit.rules.mouse_guard.draft import Draft

COST = {"impede": 1, "gain_position": 2, "disarm": 3}
TITLE = {
    "impede": Phrase("Impede"),
    "gain_position": Phrase("Gain Position"),
    "disarm": Phrase("Disarm"),
}


def maneuver(d: Draft, c: ccmd.Maneuver, rng: random.Random) -> None:
    """Buy effects with the side's margin; the action is settled once nobody has one left."""
    conflict = current(d, "maneuver")
    exchange = conflict.exchange
    assert exchange is not None
    margin = dict(exchange.maneuvers).get(c.side)
    if margin is None:
        raise RuleError("That side has no maneuver margin to spend")
    effects = tuple(dict.fromkeys(c.effects))
    if len(effects) != len(c.effects):
        raise RuleError("Each effect can be bought once in an action")
    unknown = [e for e in effects if e not in COST]
    if unknown:
        raise RuleError(
            "{effect!r} is not a maneuver effect (impede, gain_position, disarm)", effect=unknown[0]
        )
    target, item = _disarm(conflict, c) if "disarm" in effects else ("", "")
    cost = {e: COST[e] for e in effects}
    if target and _knife(d.state.ruleset.tables, conflict, c.side, target, item):
        cost["disarm"] = 1
    need = sum(cost.values())
    if need > margin and len(effects) == 1:
        raise RuleError(
            "Maneuver needs a margin of {need} to {effect}; you have {margin}",
            need=need,
            effect=TITLE[effects[0]],
            margin=margin,
        )
    if need > margin:
        raise RuleError(
            "{effects} cost {need} together; the margin is {margin}",
            effects=Phrase(" + ").join(TITLE[e] for e in effects),
            need=need,
            margin=margin,
        )
    d.emit(cev.EffectsBought(c.side, effects, target, item))
    now = d.state.conflict
    if now is not None and now.exchange is not None and not now.exchange.maneuvers:
        finish(d)


def _member(team: Team, name: str) -> str:
    return next((m for m in team.members if m.lower() == name.lower()), "")


def _disarm(conflict: Conflict, c: ccmd.Maneuver) -> tuple[str, str]:
    """Whom a disarm takes from (by default the opposing actor) and what."""
    assert conflict.exchange is not None
    foes = conflict.team(other(c.side))
    target = _member(foes, c.target) if c.target else conflict.exchange.slot_of(foes.side).actor
    if not target:
        raise RuleError("{target} is not on the other team", target=c.target)
    arms = foes.arms_of(target)
    item = c.item.strip() or (arms.weapon if arms else "")
    if not item:
        raise RuleError(
            "Name what Disarm takes from {target}: a weapon, gear or a trait", target=target
        )
    return target, item


def _knife(t: Tables, conflict: Conflict, side: str, target: str, item: str) -> bool:
    """Whether the maneuvering actor's knife is taking the target's spear or bow."""
    assert conflict.exchange is not None
    mine = conflict.team(side).arms_of(conflict.exchange.slot_of(side).actor)
    theirs = conflict.team(other(side)).arms_of(target)
    if not (mine and theirs and disarms_long(t, mine.weapon) and theirs.weapon == item.lower()):
        return False
    return is_long(t, theirs.weapon, theirs.choice)
