"""The conflict tables as data: how actions meet, what each conflict type tests, and the
sample weapons and argument tactics.

Mouse Guard's tables ship in this package as ``tables.toml``; a ruleset names
the tables it plays by (its ``conflict_tables``, read by :func:`named`), and
:func:`load` reads any file of the same shape. Whether gear counts is the
ruleset's (``gear_in_conflicts``), not the tables'. :func:`parse` checks every key with
msgspec into frozen structures, then what msgspec cannot see (every pairing
present and symmetric, choices that match modes), and refuses a bad table
with one line naming the file and the key. Reading the package's own file
keeps the rules pure: nothing here touches the user's data directory.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Literal, TypeVar

import msgspec

T = TypeVar("T")

Action = Literal["attack", "defend", "feint", "maneuver"]
Bonus = tuple[int, int]
"""(dice, successes) a weapon adds to one action."""

ACTIONS: tuple[Action, ...] = ("attack", "defend", "feint", "maneuver")
"""The four conflict actions, in the sheet's order (and the pad's): fixed, since pads have
one button each."""

DEFAULT = "tables.toml"
"""Mouse Guard's tables, a resource of this package."""

SHIPPED = {"mouse-guard": DEFAULT}
"""The tables a ruleset may name (its ``conflict_tables``), each a resource of this package."""


class TablesError(ValueError):
    """A conflict tables file that cannot be used; the message names the file and key."""


class ActionRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An action's obstacle when tested on its own, and what its margin does."""

    obstacle: int
    effect: Literal["damage", "restore", "maneuver"]


class KindRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A type of conflict: the ratings each action may test (a choice when several), the
    skill tested for disposition and the abilities its successes may go on."""

    title: str
    attack: tuple[str, ...]
    defend: tuple[str, ...]
    feint: tuple[str, ...]
    maneuver: tuple[str, ...]
    skill: tuple[str, ...]
    abilities: tuple[str, ...]

    def actions(self) -> dict[str, tuple[str, ...]]:
        return {a: getattr(self, a) for a in ACTIONS}


class ArmsRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Which conflict types carry fight weapons (physical) and argument tactics (talking)."""

    physical: tuple[str, ...]
    talking: tuple[str, ...]


class WeaponRow(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A weapon or tactic: its bonus per action, and what it needs or does specially."""

    title: str
    argument: bool = False
    bonus: dict[str, Bonus] = msgspec.field(default_factory=dict)
    choices: tuple[str, ...] = ()
    chosen: Bonus = (0, 0)
    modes: dict[str, dict[str, Bonus]] = msgspec.field(default_factory=dict)
    only_against: dict[str, Action] = msgspec.field(default_factory=dict)
    long: bool = False
    long_modes: tuple[str, ...] = ()
    disarms_long: bool = False
    ability_dice: dict[str, int] = msgspec.field(default_factory=dict)
    """Dice every roll of an ability gains (or, negative, loses) while it is carried."""


Interaction = Literal["independent", "versus", "feint_vs_defend", "feint_vs_attack"]


class Tables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Every conflict table a ruleset gives."""

    actions: dict[str, ActionRow]
    interactions: dict[str, dict[str, Interaction]]
    kinds: dict[str, KindRow]
    arms: ArmsRow
    weapons: dict[str, WeaponRow]


def parse(text: str, where: str) -> Tables:
    """The tables in ``text`` (TOML), checked; ``where`` names the file in any error."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TablesError(f"{where}: not valid TOML: {error}") from None
    unknown = sorted(set(data) - set(Tables.__struct_fields__))
    if unknown:
        raise TablesError(f"{where}: {unknown[0]}: not a conflict table")
    tables = Tables(
        actions=_rows(data, "actions", ActionRow, where),
        interactions=_rows(data, "interactions", dict[str, Interaction], where),
        kinds=_rows(data, "kinds", KindRow, where),
        arms=_one(data.get("arms"), ArmsRow, "arms", where),
        weapons=_rows(data, "weapons", WeaponRow, where),
    )
    _check(tables, where)
    return tables


def _one(value: object, kind: type[T], key: str, where: str) -> T:
    """``value`` as ``kind``, or an error naming ``key`` and the field inside it."""
    try:
        return msgspec.convert(value, type=kind)
    except msgspec.ValidationError as error:
        message, _, inside = str(error).partition(" - at `$")
        raise TablesError(f"{where}: {key}{inside.rstrip('`')}: {message}") from None


def _rows(data: dict[str, object], key: str, kind: type[T], where: str) -> dict[str, T]:
    """The table ``key``: a row of ``kind`` per name, each checked under its own name."""
    section = data.get(key)
    if not isinstance(section, dict):
        raise TablesError(f"{where}: {key}: missing, or not a table")
    return {name: _one(row, kind, f"{key}.{name}", where) for name, row in section.items()}


def load(source: str | Path = DEFAULT) -> Tables:
    """Tables from a file ``source`` (a Path) or a resource of this package (a name)."""
    if isinstance(source, Path):
        try:
            return parse(source.read_text(encoding="utf-8"), str(source))
        except (OSError, UnicodeDecodeError) as error:
            raise TablesError(f"{source}: cannot be read: {error}") from None
    return _resource(source)


def named(name: str) -> Tables:
    """The shipped tables a ruleset names as its ``conflict_tables``."""
    if name not in SHIPPED:
        raise TablesError(f"{name}: no such conflict tables (shipped: {', '.join(SHIPPED)})")
    return _resource(SHIPPED[name])


@functools.cache
def _resource(name: str) -> Tables:
    try:
        text = Path(__file__).with_name(name).read_text("utf-8")  # installed as plain files
    except (OSError, UnicodeDecodeError) as error:
        raise TablesError(f"{name}: cannot be read: {error}") from None
    return parse(text, name)


def _check(t: Tables, where: str) -> None:
    """What msgspec cannot check: complete, symmetric and consistent tables."""
    _only_actions(t.actions, f"{where}: actions")
    _only_actions(t.interactions, f"{where}: interactions")
    for action, meets in t.interactions.items():
        _only_actions(meets, f"{where}: interactions.{action}")
    for action in ACTIONS:
        if action not in t.actions:
            raise TablesError(f"{where}: actions.{action}: missing")
        for against in ACTIONS:
            kind = t.interactions.get(action, {}).get(against)
            if kind is None:
                raise TablesError(f"{where}: interactions.{action}.{against}: missing")
            if t.interactions.get(against, {}).get(action) != kind:
                raise TablesError(
                    f"{where}: interactions.{action}.{against}: not the same as "
                    f"interactions.{against}.{action}"
                )
    if "other" in t.kinds:
        raise TablesError(f"{where}: kinds.other: reserved for the GM's call at set-up")
    for name, row in t.kinds.items():
        for field in (*ACTIONS, "skill", "abilities"):
            if not getattr(row, field):
                raise TablesError(f"{where}: kinds.{name}.{field}: names no rating")
    for field in ("physical", "talking"):
        for kind in getattr(t.arms, field):
            if kind not in t.kinds:
                raise TablesError(f"{where}: arms.{field}: {kind!r} is not a kind of conflict")
    for name, weapon in t.weapons.items():
        _check_weapon(weapon, f"{where}: weapons.{name}")


def _only_actions(table: Mapping[str, object], key: str) -> None:
    """Refuse a key that is not one of the four actions."""
    for name in table:
        if name not in ACTIONS:
            raise TablesError(f"{key}.{name}: not an action ({', '.join(ACTIONS)})")


def _check_weapon(w: WeaponRow, key: str) -> None:
    _only_actions(w.bonus, f"{key}.bonus")
    _only_actions(w.only_against, f"{key}.only_against")
    for mode, bonus in w.modes.items():
        _only_actions(bonus, f"{key}.modes.{mode}")
    if w.modes and set(w.modes) != set(w.choices):
        raise TablesError(f"{key}.modes: must give exactly the choices {list(w.choices)}")
    if any(w.chosen) and not set(w.choices) <= set(ACTIONS):
        raise TablesError(f"{key}.chosen: its choices must be actions")
    if not set(w.long_modes) <= set(w.choices):
        raise TablesError(f"{key}.long_modes: must be among the choices {list(w.choices)}")
    if w.choices and not (w.modes or any(w.chosen)):
        raise TablesError(f"{key}.choices: give modes or chosen, or no choices")
