"""The sheet's sample weapons and argument tactics, as dice and successes per action.

Each entry gives, per action, dice added or taken (+1D, -1D) and successes
added (+1s). Some need a choice when a mouse takes them up:

* Sword and Roleplay: +1D to one action type, chosen (``choice`` names it);
* Halberd: used as an axe (+1s Attack, -1D Defend and Feint) or as a spear
  (+1D Maneuver), chosen as its mode;
* Bow: its +1D to Attack counts only against Defend;
* Knife: no dice; against a spear, a halberd held as a spear or a bow, its
  Maneuver disarms for a margin of 1 (read here as: Disarm costs 1, not 3).

Shield's "-1D Health" and the Length column are not applied: the sheet does
not say when they bite. Fight weapons are carried in physical conflicts,
argument tactics in talking ones; an "other" conflict allows both.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablekit.rules.mouse_guard.conflict.skills import ACTIONS

Bonus = tuple[int, int]
"""(dice, successes) for one action."""


@dataclass(frozen=True)
class Weapon:
    """A weapon or tactic: its bonus per action, and the choices it needs."""

    title: str
    bonus: dict[str, Bonus]
    choices: tuple[str, ...] = ()
    argument: bool = False


def _w(title: str, choices: tuple[str, ...] = (), argument: bool = False, **bonus: Bonus) -> Weapon:
    return Weapon(title, bonus, choices, argument)


WEAPONS: dict[str, Weapon] = {
    "axe": _w("Axe", attack=(0, 1), defend=(-1, 0), feint=(-1, 0)),
    "bow": _w("Bow", attack=(1, 0), maneuver=(2, 0)),
    "halberd": _w("Halberd", choices=("axe", "spear")),
    "hook_and_line": _w("Hook and Line", attack=(-1, 0), maneuver=(1, 1)),
    "knife": _w("Knife"),
    "shield": _w("Shield", defend=(2, 0)),
    "sling": _w("Sling", maneuver=(1, 0)),
    "spear": _w("Spear", maneuver=(1, 0)),
    "staff": _w("Staff", feint=(1, 0)),
    "sword": _w("Sword", choices=ACTIONS),
    "intimidation": _w("Intimidation", argument=True, feint=(0, 1), maneuver=(0, 1)),
    "deception": _w("Deception", argument=True, feint=(0, 1), maneuver=(0, 1)),
    "evidence": _w("Evidence", argument=True, attack=(0, 1)),
    "roleplay": _w("Roleplay", choices=ACTIONS, argument=True),
    "promises": _w("Promises", argument=True, defend=(1, 0)),
    "repeating": Weapon("Repeating", {a: (-1, 0) for a in ACTIONS}, argument=True),
}

_HALBERD = {
    "axe": {"attack": (0, 1), "defend": (-1, 0), "feint": (-1, 0)},
    "spear": {"maneuver": (1, 0)},
}

PHYSICAL = ("fight", "fight_animal", "war")
TALKING = ("argument", "speech", "negotiation")

LONG = ("spear", "bow")
"""What a knife disarms cheaply (a halberd held as a spear counts as a spear)."""


def allowed(weapon: Weapon, conflict: str) -> bool:
    """Whether ``weapon`` has a place in a ``conflict`` of that type."""
    if conflict == "other":
        return True
    return conflict in (TALKING if weapon.argument else PHYSICAL)


def bonus(name: str, choice: str, action: str, against: str) -> Bonus:
    """Dice and successes ``name`` (held with ``choice``) gives ``action`` against ``against``."""
    if name == "halberd":
        return _HALBERD.get(choice, {}).get(action, (0, 0))
    weapon = WEAPONS[name]
    if weapon.choices:
        return (1, 0) if choice == action else (0, 0)
    if name == "bow" and action == "attack" and against != "defend":
        return (0, 0)
    return weapon.bonus.get(action, (0, 0))


def is_long(name: str, choice: str) -> bool:
    """Whether a knife disarms this weapon for a margin of 1."""
    return name in LONG or (name == "halberd" and choice == "spear")
