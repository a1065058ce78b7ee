"""The sheet's sample weapons and argument tactics, as dice and successes per action.

The entries are data (the ruleset's :mod:`.tables`): per action, dice added or taken
(+1D, -1D) and successes added (+1s). Some need a choice when a mouse takes
them up:

* Sword and Roleplay: +1D to one action type, chosen (``choice`` names it);
* Halberd: used as an axe (+1s Attack, -1D Defend and Feint) or as a spear
  (+1D Maneuver), chosen as its mode;
* Bow: its +1D to Attack counts only against Defend;
* Knife: no dice; against a spear, a halberd held as a spear or a bow, its
  Maneuver disarms for a margin of 1 (read here as: Disarm costs 1, not 3);
* Shield: "-1D Health", read as one die fewer on every Health roll its bearer
  makes in the conflict (:func:`carried_dice`).

Fight weapons are carried in physical conflicts, argument tactics in talking
ones; an "other" conflict allows both. Fight weapons are gear: a ruleset whose
conflicts ignore gear (``gear_in_conflicts``) has only the tactics.
"""

from __future__ import annotations

from tablekit.rules.mouse_guard.conflict.state import Arms
from tablekit.rules.mouse_guard.conflict.tables import Bonus, Tables, WeaponRow

Weapon = WeaponRow


def allowed(t: Tables, weapon: Weapon, conflict: str) -> bool:
    """Whether ``weapon`` has a place in a ``conflict`` of that type, by the tables ``t``."""
    if conflict == "other":
        return True
    arms = t.arms
    return conflict in (arms.talking if weapon.argument else arms.physical)


def bonus(t: Tables, name: str, choice: str, action: str, against: str) -> Bonus:
    """Dice and successes ``name`` (held with ``choice``) gives ``action`` against ``against``."""
    weapon = t.weapons[name]
    if weapon.modes:
        return weapon.modes.get(choice, {}).get(action, (0, 0))
    if weapon.choices:
        return weapon.chosen if choice == action else (0, 0)
    only = weapon.only_against.get(action)
    if only is not None and against != only:
        return (0, 0)
    return weapon.bonus.get(action, (0, 0))


def carried_dice(t: Tables, arms: Arms | None, rating: str) -> int:
    """Dice the weapon in ``arms`` adds to (negative: takes from) a roll of ``rating``:
    the sheet's Shield, "-1D Health", on every Health roll of its bearer."""
    if arms is None or arms.weapon not in t.weapons:
        return 0
    return t.weapons[arms.weapon].ability_dice.get(rating, 0)


def is_long(t: Tables, name: str, choice: str) -> bool:
    """Whether a knife disarms this weapon for a margin of 1."""
    weapon = t.weapons[name]
    return weapon.long or choice in weapon.long_modes


def disarms_long(t: Tables, name: str) -> bool:
    """Whether ``name`` is a knife: its maneuver disarms a long weapon for 1."""
    weapon = t.weapons.get(name)
    return weapon is not None and weapon.disarms_long
