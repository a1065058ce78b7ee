"""What each kind of conflict tests: the sheet's skills-by-conflict table and its
starting-disposition table, read from the ruleset's :mod:`.tables`.

Where the sheet offers a choice ("Persuader or Deceiver") the acting mouse
picks one when it rolls; by default its best rating among them. The sheet's
Journey row sends Defend and Maneuver to an action description it does not
print, so they test Health, the ability a Journey's disposition is built on.
An "other" conflict tests the skill the GM names at set-up for every action
(the sheet: "Attack skill, GM's call").
"""

from __future__ import annotations

from dataclasses import dataclass

from tablekit.rules.mouse_guard.conflict.tables import ACTIONS, Tables


@dataclass(frozen=True)
class Kind:
    """One type of conflict: the ratings each action may test, and how disposition is rolled.

    ``actions`` maps an action to the ratings it may test; ``skill`` is the
    skill the captain tests for disposition and ``abilities`` the abilities
    its successes may be added to.
    """

    title: str
    actions: dict[str, tuple[str, ...]]
    skill: tuple[str, ...]
    abilities: tuple[str, ...]


def types(t: Tables) -> tuple[str, ...]:
    """The conflict types a conflict may be by the tables ``t``, as commands name them:
    each of its kinds, and "other", whose skill and ability the GM names."""
    return (*t.kinds, "other")


def kind_of(t: Tables, type_: str, skill: str = "", ability: str = "") -> Kind:
    """The row of ``t`` for ``type_``; "other" tests ``skill`` for everything, on ``ability``."""
    if type_ != "other":
        row = t.kinds[type_]
        return Kind(row.title, row.actions(), row.skill, row.abilities)
    return Kind("Other", {a: (skill,) for a in ACTIONS}, (skill,), (ability,))
