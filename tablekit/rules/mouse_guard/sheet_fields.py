"""The character sheet's fields as ``mg.add_character`` takes them, each with its limits,
declared once (``msgspec``): texts a length, names not blank, lists a most, numbers a range.

The session holds a sheet to them wherever it comes from (a script line, a touch form, an
imported file) and a refusal names the field, the value and what is allowed. A field left
out keeps the blank sheet's value (``UNSET``); Fate and Persona then start at the
ruleset's points. The sheet already journalled (``mg.character_added``) is a plain
:class:`~.character.Character` and is read back without these checks, so a sheet kept
before a limit existed still replays.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.limits import Name, Named, RatingValue, Text

MAX_COUNT = 999
"""The most Fate, Persona, checks, passes, fails or age a sheet may hold."""
MAX_GEAR = 30
"""The most items of gear a sheet lists."""
MAX_TRAITS = 20
"""The most traits (or wises) a sheet lists."""
MAX_RATINGS = 60
"""The most abilities and skills a sheet lists: the printed ones and the added ones."""
MAX_CONDITIONS = 12
"""The most conditions a sheet lists (each ruleset has fewer)."""

Count = Annotated[int, Meta(ge=0, le=MAX_COUNT)]
Level = Annotated[int, Meta(ge=1, le=3)]
"""A trait's level on the sheet (0 would be no trait at all)."""
Condition = Annotated[str, Meta(min_length=1, max_length=20)]


class IdentityFields(Struct, forbid_unknown_fields=True, kw_only=True):
    """The top of the sheet."""

    age: Count = 0
    home: Named = ""
    fur: Named = ""
    rank: Named = ""
    cloak: Named = ""


class ContactsFields(Struct, forbid_unknown_fields=True, kw_only=True):
    """The mice the sheet names."""

    parents: Named = ""
    senior_artisan: Named = ""
    mentor: Named = ""
    friend: Named = ""
    enemy: Named = ""


class TraitFields(Struct, forbid_unknown_fields=True, kw_only=True):
    name: Name
    level: Level = 1
    used: bool = False
    checks: Count = 0
    charged: bool = False


class WiseFields(Struct, forbid_unknown_fields=True, kw_only=True):
    name: Name
    passed: bool = False
    failed: bool = False
    fate: bool = False
    persona: bool = False


class RatingFields(Struct, forbid_unknown_fields=True, kw_only=True):
    name: Name
    rating: RatingValue = 0
    passes: Count = 0
    fails: Count = 0


class SheetFields(Struct, forbid_unknown_fields=True, kw_only=True):
    """A whole sheet, in the shape :func:`.sheet.sheet_json` gives."""

    name: Name
    identity: IdentityFields = msgspec.field(default_factory=IdentityFields)
    belief: Text = ""
    goal: Text = ""
    instinct: Text = ""
    contacts: ContactsFields = msgspec.field(default_factory=ContactsFields)
    gear: Annotated[tuple[Name, ...], Meta(max_length=MAX_GEAR)] = ()
    traits: Annotated[tuple[TraitFields, ...], Meta(max_length=MAX_TRAITS)] = ()
    wises: Annotated[tuple[WiseFields, ...], Meta(max_length=MAX_TRAITS)] = ()
    ratings: Annotated[tuple[RatingFields, ...], Meta(max_length=MAX_RATINGS)] = ()
    nature_max: RatingValue = 0
    fate: Count | UnsetType = UNSET
    persona: Count | UnsetType = UNSET
    conditions: Annotated[tuple[Condition, ...], Meta(max_length=MAX_CONDITIONS)] = ()
    free_checks: Count = 0


def written(data: Any) -> SheetFields:
    """``data`` (a sheet as plain JSON data) held to the limits, or a RuleError naming the
    field, the value given and what is allowed."""
    if isinstance(data, SheetFields):
        return data
    try:
        return msgspec.convert(data, SheetFields)
    except msgspec.ValidationError as error:
        text, _, where = str(error).partition(" - at `$.")
        raise RuleError(
            "The sheet's {field}: {problem}",
            field=where.rstrip("`") or "fields",
            problem=text.replace("`", ""),
        ) from None
