"""The character sheet in the Mouse Guard view: who a mouse is, its ratings, traits,
wises and conditions (``characters`` in the view)."""

from __future__ import annotations

from typing import TypedDict

ConditionName = str
"""A condition's id in the ruleset (Mouse Guard: hungry, angry, tired, injured, sick);
having none is Healthy."""


class Identity(TypedDict):
    """The top of the sheet; ``age`` is 0 if not written."""

    age: int
    home: str
    fur: str
    rank: str
    cloak: str


class Contacts(TypedDict):
    """The mice the sheet names, ``""`` where blank."""

    parents: str
    senior_artisan: str
    mentor: str
    friend: str
    enemy: str


class TraitView(TypedDict):
    """A trait at level 1-3; ``charged`` raises it a level until the session ends."""

    name: str
    level: int
    used: bool
    checks: int
    charged: bool


class WiseView(TypedDict):
    """A wise and the four marks it collects."""

    name: str
    passed: bool
    failed: bool
    fate: bool
    persona: bool


class RatingView(TypedDict):
    """An ability or skill: its dice (0-6) and the tallies that advance it."""

    name: str
    rating: int
    passes: int
    fails: int


class Sheet(TypedDict):
    """A character sheet as :func:`~tablekit.rules.mouse_guard.sheet.sheet_json` gives it.

    ``mg.add_character`` takes the same shape.
    """

    name: str
    identity: Identity
    belief: str
    goal: str
    instinct: str
    contacts: Contacts
    gear: list[str]
    traits: list[TraitView]
    wises: list[WiseView]
    ratings: list[RatingView]
    """Nature, Will, Health, the printed skills, then any skill added."""
    nature_max: int
    """Nature before any tax."""
    fate: int
    persona: int
    conditions: list[ConditionName]
    free_checks: int


class CharacterView(Sheet):
    """A mouse at the table: its sheet and what the device works out from it."""

    checks: int
    """The free checks plus every trait's checks."""
    advances_due: list[str]
    """Ratings the player may now raise with ``mg.advance``."""
    prologue_done: bool
