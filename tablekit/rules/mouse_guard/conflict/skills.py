"""What each kind of conflict tests: the sheet's skills-by-conflict table and its
starting-disposition table, as data.

Where the sheet offers a choice ("Persuader or Deceiver") the acting mouse
picks one when it rolls; by default its best rating among them. The sheet's
Journey row sends Defend and Maneuver to an action description it does not
print, so they test Health, the ability a Journey's disposition is built on.
An "other" conflict tests the skill the GM names at set-up for every action
(the sheet: "Attack skill, GM's call").
"""

from __future__ import annotations

from dataclasses import dataclass

ACTIONS = ("attack", "defend", "feint", "maneuver")
"""The four conflict actions, in the sheet's order (and the pad's)."""


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


def _kind(
    title: str, attack: str, defend: str, feint: str, maneuver: str, skill: str, ability: str
) -> Kind:
    """A row of the sheet's tables; "A|B" is a choice."""
    cells = (attack, defend, feint, maneuver)
    actions = {a: tuple(cell.split("|")) for a, cell in zip(ACTIONS, cells, strict=True)}
    return Kind(title, actions, tuple(skill.split("|")), tuple(ability.split("|")))


KINDS: dict[str, Kind] = {
    "argument": _kind(
        "Argument", "Persuader", "Persuader", "Persuader|Deceiver", "Persuader|Deceiver",
        "Persuader", "Will",
    ),
    "chase": _kind("Chase", "Scout", "Pathfinder", "Pathfinder", "Scout", "Scout", "Nature"),
    "fight": _kind("Fight", "Fighter", "Nature", "Fighter", "Nature", "Fighter", "Health|Nature"),
    "fight_animal": _kind(
        "Fight Animal", "Fighter|Hunter", "Lore|Nature", "Fighter|Hunter", "Lore|Nature",
        "Fighter|Hunter", "Health|Nature",
    ),
    "negotiation": _kind(
        "Negotiation", "Haggler", "Haggler", "Deceiver", "Deceiver", "Haggler", "Will"
    ),
    "journey": _kind(
        "Journey", "Pathfinder", "Health", "Pathfinder", "Health", "Pathfinder", "Health"
    ),
    "speech": _kind(
        "Speech", "Orator", "Orator", "Orator|Deceiver", "Orator|Deceiver", "Orator", "Will"
    ),
    "war": _kind(
        "War", "Militarist", "Militarist|Orator", "Militarist", "Militarist", "Militarist", "Will"
    ),
}  # fmt: skip
"""Every type but "other", whose skill and ability the GM names (see :func:`kind_of`)."""

TYPES = (*KINDS, "other")
"""The conflict types a conflict may be, as commands name them."""


def kind_of(type_: str, skill: str = "", ability: str = "") -> Kind:
    """The sheet's row for ``type_``; "other" tests ``skill`` for everything, on ``ability``."""
    if type_ != "other":
        return KINDS[type_]
    return Kind("Other", {a: (skill,) for a in ACTIONS}, (skill,), (ability,))
