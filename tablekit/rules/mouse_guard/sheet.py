"""A character sheet as JSON, out and back in, with refusals a player can read.

``sheet_json`` gives plain dicts and lists; ``read_sheet`` takes the same
shape (missing keys keep the blank sheet's values) and checks every number.
"""

from __future__ import annotations

from dataclasses import MISSING, fields, replace
from typing import Any, cast, get_type_hints

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard import view_types as vt
from tablekit.rules.mouse_guard.character import (
    ABILITIES,
    MAX_RATING,
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


def read_sheet(data: dict[str, Any], rules: Ruleset = MOUSE_GUARD) -> Character:
    """The character ``data`` describes under ``rules``, or a RuleError naming what is wrong.

    Ratings not given are the ruleset's abilities and skills, unrated; Fate
    and Persona not given are the ruleset's starting points.

    Every field is checked against its type here, because the sheet is
    journalled inside an event: a field of the wrong type that got past this
    point would make the journal unreadable and the session impossible to open.
    """
    if not isinstance(data, dict):
        raise RuleError("A character sheet is a set of fields")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RuleError("A character needs a name")
    _known(Character, data, name)
    ratings = _named(name, "ratings", [_rating(name, r) for r in _list(data, "ratings", name)])
    character = Character(
        name=name,
        identity=_part(Identity, data.get("identity", {}), name),
        belief=_text(data, "belief", name),
        goal=_text(data, "goal", name),
        instinct=_text(data, "instinct", name),
        contacts=_part(Contacts, data.get("contacts", {}), name),
        gear=tuple(_string(name, "gear", g) for g in _list(data, "gear", name)),
        traits=_named(name, "traits", [_trait(name, t) for t in _list(data, "traits", name)]),
        wises=_named(name, "wises", [_wise(name, w) for w in _list(data, "wises", name)]),
        ratings=default_ratings(rules.skills),
        nature_max=_count(name, "nature_max", data.get("nature_max", 0)),
        fate=_count(name, "fate", data.get("fate", rules.points.start_fate)),
        persona=_count(name, "persona", data.get("persona", rules.points.start_persona)),
        conditions=_conditions(name, _list(data, "conditions", name), rules),
        free_checks=_count(name, "free_checks", data.get("free_checks", 0)),
    )
    for rating in ratings:
        character = character.with_rating(rating)
    nature = character.rating("Nature")
    top = max(character.nature_max, nature.rating if nature else 0)
    return replace(character, nature_max=top)


MAX_COUNT = 999
"""The most Fate, Persona, checks, passes, fails or age a sheet may hold."""

_CANONICAL = {str(n).lower(): str(n) for n in ABILITIES + SKILLS}


def canonical(rating: str) -> str:
    """``rating`` trimmed, spelt as the sheet prints it when it is one of the sheet's own."""
    rating = rating.strip()
    return _CANONICAL.get(rating.lower(), rating)


def _list(data: dict[str, Any], key: str, who: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple):
        raise RuleError(
            "{character}'s {part} must be a list, not {value!r}",
            character=who,
            part=key,
            value=value,
        )
    return list(value)


def _string(who: str, what: str, value: Any) -> str:
    if not isinstance(value, str):
        raise RuleError(
            "{character}'s {what} must be text, not {value!r}",
            character=who,
            what=what,
            value=value,
        )
    return value


def _text(data: dict[str, Any], key: str, who: str) -> str:
    return _string(who, key, data.get(key, ""))


def _known(cls: type, values: Any, who: str) -> dict[str, Any]:
    """``values`` checked against the fields of ``cls``: names, presence and types."""
    if not isinstance(values, dict):
        raise RuleError("{character}'s sheet has a part that is not a set of fields", character=who)
    names = {f.name for f in fields(cls)}
    unknown = sorted(str(k) for k in set(values) - names)
    if unknown:
        raise RuleError(
            "{character}'s sheet has fields it does not know: {unknown}",
            character=who,
            unknown=", ".join(unknown),
        )
    if cls is Character:
        return dict(values)
    hints = get_type_hints(cls)
    for f in fields(cls):
        if f.name not in values:
            if f.default is MISSING:
                raise RuleError(
                    "{character}'s sheet has a {part} without a {field}",
                    character=who,
                    part=cls.__name__.lower(),
                    field=f.name,
                )
            continue
        value, kind = values[f.name], hints[f.name]
        label = values.get("name")
        what = f"{label if isinstance(label, str) else cls.__name__.lower()} {f.name}"
        if kind is bool and not isinstance(value, bool):
            raise RuleError(
                "{character}'s {what} must be true or false, not {value!r}",
                character=who,
                what=what,
                value=value,
            )
        if kind is int:
            _count(who, what, value)
        if kind is str:
            _string(who, what, value)
    return dict(values)


def _part(cls: type[Any], values: Any, who: str) -> Any:
    return cls(**_known(cls, values, who))


def _count(who: str, what: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
        raise RuleError(
            "{character}'s {what} must be a whole number from 0 to {top}, not {value!r}",
            character=who,
            what=what,
            top=MAX_COUNT,
            value=value,
        )
    return value


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


def _name(who: str, item: Any, part: str) -> dict[str, Any]:
    """A rating's, trait's or wise's fields, with its name trimmed and not empty."""
    values = dict(item)
    values["name"] = values["name"].strip()
    if not values["name"]:
        raise RuleError("{character}'s sheet has a {part} without a name", character=who, part=part)
    return values


def _rating(who: str, data: Any) -> Rating:
    values = _name(who, _known(Rating, data, who), "rating")
    rating = Rating(**(values | {"name": canonical(values["name"])}))
    if rating.rating > MAX_RATING:
        raise RuleError(
            "{character}'s {rating} must be 0 to {top}, not {value}",
            character=who,
            rating=rating.name,
            top=MAX_RATING,
            value=rating.rating,
        )
    return rating


def _trait(who: str, data: Any) -> Trait:
    trait = Trait(**_name(who, _known(Trait, data, who), "trait"))
    if trait.level not in (1, 2, 3):
        raise RuleError(
            "{character}'s trait {trait} must be level 1, 2 or 3, not {level!r}",
            character=who,
            trait=trait.name,
            level=trait.level,
        )
    return trait


def _wise(who: str, data: Any) -> Wise:
    return Wise(**_name(who, _known(Wise, data, who), "wise"))


def _conditions(who: str, values: list[Any], rules: Ruleset) -> tuple[str, ...]:
    conditions = tuple(_condition(who, c, rules) for c in values)
    if len(set(conditions)) != len(conditions):
        raise RuleError("{character}'s sheet lists a condition twice", character=who)
    return conditions


def _condition(who: str, value: Any, rules: Ruleset) -> str:
    if isinstance(value, str) and rules.condition(value) is not None:
        return value
    raise RuleError(
        "{character} cannot have the condition {condition!r}", character=who, condition=value
    )
