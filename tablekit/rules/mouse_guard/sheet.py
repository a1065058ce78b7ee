"""A character sheet as JSON, out and back in, with refusals a player can read.

``sheet_json`` gives plain dicts and lists; ``read_sheet`` takes the same
shape (missing keys keep the blank sheet's values) and checks every number.
"""

from __future__ import annotations

from dataclasses import asdict, fields, replace
from typing import Any

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.character import (
    MAX_RATING,
    Character,
    Contacts,
    Identity,
    Rating,
    Trait,
    Wise,
)
from tablekit.rules.mouse_guard.conditions import Condition


def sheet_json(character: Character) -> dict[str, Any]:
    """``character`` as JSON-ready data (lists for tuples)."""
    return _lists(asdict(character))  # type: ignore[no-any-return]


def _lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_lists(v) for v in value]
    return value


def read_sheet(data: dict[str, Any]) -> Character:
    """The character ``data`` describes, or a RuleError naming what is wrong."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RuleError("A character needs a name")
    _known(Character, data, name)
    ratings = tuple(_rating(name, r) for r in data.get("ratings", []))
    character = Character(
        name=name,
        identity=Identity(**_known(Identity, data.get("identity", {}), name)),
        belief=_text(data, "belief"),
        goal=_text(data, "goal"),
        instinct=_text(data, "instinct"),
        contacts=Contacts(**_known(Contacts, data.get("contacts", {}), name)),
        gear=tuple(str(g) for g in data.get("gear", [])),
        traits=tuple(_trait(name, t) for t in data.get("traits", [])),
        wises=tuple(Wise(**_known(Wise, w, name)) for w in data.get("wises", [])),
        nature_max=_count(name, "nature_max", data.get("nature_max", 0)),
        fate=_count(name, "fate", data.get("fate", 0)),
        persona=_count(name, "persona", data.get("persona", 0)),
        conditions=tuple(_condition(name, c) for c in data.get("conditions", [])),
        free_checks=_count(name, "free_checks", data.get("free_checks", 0)),
    )
    for rating in ratings:
        character = character.with_rating(rating)
    nature = character.rating("Nature")
    top = max(character.nature_max, nature.rating if nature else 0)
    return replace(character, nature_max=top)


def _text(data: dict[str, Any], key: str) -> str:
    return str(data.get(key, ""))


def _known(cls: type, values: Any, who: str) -> dict[str, Any]:
    """``values`` checked against the fields of ``cls``."""
    if not isinstance(values, dict):
        raise RuleError("{character}'s sheet has a part that is not a set of fields", character=who)
    names = {f.name for f in fields(cls)}
    unknown = sorted(set(values) - names)
    if unknown:
        raise RuleError(
            "{character}'s sheet has fields it does not know: {unknown}",
            character=who,
            unknown=", ".join(unknown),
        )
    return dict(values)


def _count(who: str, what: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RuleError(
            "{character}'s {what} must be a whole number of 0 or more, not {value!r}",
            character=who,
            what=what,
            value=value,
        )
    return value


def _rating(who: str, data: Any) -> Rating:
    rating = Rating(**_known(Rating, data, who))
    if not 0 <= _count(who, rating.name, rating.rating) <= MAX_RATING:
        raise RuleError(
            "{character}'s {rating} must be 0 to {top}, not {value}",
            character=who,
            rating=rating.name,
            top=MAX_RATING,
            value=rating.rating,
        )
    _count(who, rating.name, rating.passes)
    _count(who, rating.name, rating.fails)
    return rating


def _trait(who: str, data: Any) -> Trait:
    trait = Trait(**_known(Trait, data, who))
    if trait.level not in (1, 2, 3):
        raise RuleError(
            "{character}'s trait {trait} must be level 1, 2 or 3, not {level!r}",
            character=who,
            trait=trait.name,
            level=trait.level,
        )
    _count(who, trait.name, trait.checks)
    return trait


def _condition(who: str, value: Any) -> str:
    try:
        return Condition(value).value
    except ValueError:
        raise RuleError(
            "{character} cannot have the condition {condition!r}", character=who, condition=value
        ) from None
