"""A character sheet as JSON, out and back in, with refusals a player can read.

``sheet_json`` gives plain dicts and lists; ``read_sheet`` takes the same
shape (missing keys keep the blank sheet's values), held to the limits of
:class:`~.sheet_fields.SheetFields`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, TypeVar, cast

import msgspec
from msgspec import UNSET

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import view_types as vt
from tablekit.rules.mouse_guard.character import (
    ABILITIES,
    SKILLS,
    Character,
    Contacts,
    Identity,
    Rating,
    Trait,
    Wise,
    default_ratings,
)
from tablekit.rules.mouse_guard.conditions import MOUSE_GUARD
from tablekit.rules.mouse_guard.ruleset import Ruleset
from tablekit.rules.mouse_guard.sheet_fields import SheetFields, written

T = TypeVar("T", Rating, Trait, Wise)


def sheet_json(character: Character) -> vt.Sheet:
    """``character`` as JSON-ready data (lists for tuples), in the shape of
    :class:`~.view_types.Sheet`, field for field in the order the dataclasses have them."""
    c, i, k = character, character.identity, character.contacts
    return {
        "name": c.name,
        "identity": {"age": i.age, "home": i.home, "fur": i.fur, "rank": i.rank, "cloak": i.cloak},
        "belief": c.belief,
        "goal": c.goal,
        "instinct": c.instinct,
        "contacts": {
            "parents": k.parents,
            "senior_artisan": k.senior_artisan,
            "mentor": k.mentor,
            "friend": k.friend,
            "enemy": k.enemy,
        },
        "gear": list(c.gear),
        "traits": [
            {
                "name": t.name,
                "level": t.level,
                "used": t.used,
                "checks": t.checks,
                "charged": t.charged,
            }
            for t in c.traits
        ],
        "wises": [
            {
                "name": w.name,
                "passed": w.passed,
                "failed": w.failed,
                "fate": w.fate,
                "persona": w.persona,
            }
            for w in c.wises
        ],
        "ratings": [
            {"name": r.name, "rating": r.rating, "passes": r.passes, "fails": r.fails}
            for r in c.ratings
        ],
        "nature_max": c.nature_max,
        "fate": c.fate,
        "persona": c.persona,
        "conditions": cast(list[vt.ConditionName], list(c.conditions)),
        "free_checks": c.free_checks,
    }


def read_sheet(data: SheetFields | dict[str, Any], rules: Ruleset = MOUSE_GUARD) -> Character:
    """The character ``data`` describes under ``rules``, or a RuleError naming what is wrong.

    The fields' types and limits are :class:`~.sheet_fields.SheetFields`'s (a sheet
    imported as plain JSON data is held to them here); what depends on the ruleset (its
    conditions, its highest trait level) and on the sheet as a whole (no name twice) is
    checked below. Ratings
    not given are the ruleset's abilities and skills, unrated; Fate and Persona not
    given are the ruleset's starting points.
    """
    sheet = written(data)
    name = sheet.name
    character = Character(
        name=name,
        identity=Identity(**msgspec.structs.asdict(sheet.identity)),
        belief=sheet.belief,
        goal=sheet.goal,
        instinct=sheet.instinct,
        contacts=Contacts(**msgspec.structs.asdict(sheet.contacts)),
        gear=sheet.gear,
        traits=_levelled(
            name, _named(name, "traits", [_part(Trait, t) for t in sheet.traits]), rules
        ),
        wises=_named(name, "wises", [_part(Wise, w) for w in sheet.wises]),
        ratings=default_ratings(rules.skills),
        nature_max=sheet.nature_max,
        fate=rules.points.start_fate if sheet.fate is UNSET else sheet.fate,
        persona=rules.points.start_persona if sheet.persona is UNSET else sheet.persona,
        conditions=_conditions(name, sheet.conditions, rules),
        free_checks=sheet.free_checks,
    )
    ratings = [_part(Rating, r) for r in sheet.ratings]
    for rating in _named(name, "ratings", [replace(r, name=canonical(r.name)) for r in ratings]):
        character = character.with_rating(rating)
    nature = character.rating("Nature")
    top = max(character.nature_max, nature.rating if nature else 0)
    return replace(character, nature_max=top)


_CANONICAL = {str(n).lower(): str(n) for n in ABILITIES + SKILLS}


def canonical(rating: str) -> str:
    """``rating`` trimmed, spelt as the sheet prints it when it is one of the sheet's own."""
    rating = rating.strip()
    return _CANONICAL.get(rating.lower(), rating)


def _part(cls: type[T], fields: msgspec.Struct) -> T:
    """A rating, trait or wise of the character from its sheet fields, its name trimmed."""
    values = msgspec.structs.asdict(fields)
    return cls(**(values | {"name": values["name"].strip()}))


def _named(who: str, part: str, items: list[Any]) -> tuple[Any, ...]:
    """``items`` (ratings, traits or wises), refused if two share a name."""
    seen: set[str] = set()
    for item in items:
        if item.name.lower() in seen:
            raise RuleError(
                "{character}'s {part} list {name} twice", character=who, part=part, name=item.name
            )
        seen.add(item.name.lower())
    return tuple(items)


def _levelled(who: str, traits: tuple[Trait, ...], rules: Ruleset) -> tuple[Trait, ...]:
    """``traits``, refused if one is above the ruleset's highest level (the rabbits' traits
    are all level 1), as ``mg.set_trait`` refuses it."""
    top = rules.traits.max_level
    for trait in traits:
        if trait.level > top:
            raise RuleError(
                "{character}'s trait {trait} is level {level}; a trait is level 1 to {top}"
                " in these rules",
                character=who,
                trait=trait.name,
                level=trait.level,
                top=top,
            )
    return traits


def _conditions(who: str, values: tuple[str, ...], rules: Ruleset) -> tuple[str, ...]:
    conditions = tuple(_condition(who, c, rules) for c in values)
    if len(set(conditions)) != len(conditions):
        raise RuleError("{character}'s sheet lists a condition twice", character=who)
    return conditions


def _condition(who: str, value: str, rules: Ruleset) -> str:
    if rules.condition(value) is not None:
        return value
    raise RuleError(
        "{character} cannot have the condition {condition!r}", character=who, condition=value
    )
