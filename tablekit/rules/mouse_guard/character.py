"""A guardmouse as the character sheet has it: who it is, what drives it, and its numbers.

Every rating (Nature, Will, Health and each skill) keeps the pass and fail
tallies that advance it. Traits keep their level, the used-this-session mark
and their own checks, as the sheet's trait rows do.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from tablekit.rules.errors import Phrase
from tablekit.rules.mouse_guard.conditions import MOUSE_GUARD

ABILITIES = (Phrase("Nature"), Phrase("Will"), Phrase("Health"))
"""The raw abilities printed on the sheet."""

SKILLS = tuple(Phrase(skill) for skill in MOUSE_GUARD.skills)
"""The skills printed on Mouse Guard's sheet (a ruleset names its own); others (Haggler,
Militarist, Lore...) are added by name."""

MAX_RATING = 6
"""The sheet has six pass and six fail boxes per rating."""


@dataclass(frozen=True)
class Identity:
    """The top of the sheet."""

    age: int = 0
    home: str = ""
    fur: str = ""
    rank: str = ""
    cloak: str = ""


@dataclass(frozen=True)
class Contacts:
    """The mice the sheet names; each may be left blank."""

    parents: str = ""
    senior_artisan: str = ""
    mentor: str = ""
    friend: str = ""
    enemy: str = ""


@dataclass(frozen=True)
class Rating:
    """An ability or skill: its dice and the passes and fails toward advancing it."""

    name: str
    rating: int = 0
    passes: int = 0
    fails: int = 0

    @property
    def advance_due(self) -> bool:
        """Passes equal to the rating and fails equal to one less: ready to go up."""
        return (
            0 < self.rating < MAX_RATING
            and self.passes >= self.rating
            and self.fails >= self.rating - 1
        )


@dataclass(frozen=True)
class Trait:
    """A trait at level 1-3. ``charged`` raises it one level until the session ends."""

    name: str
    level: int = 1
    used: bool = False
    checks: int = 0
    charged: bool = False

    @property
    def effective_level(self) -> int:
        """The level it works at now, with a charge."""
        return min(3, self.level + self.charged)


@dataclass(frozen=True)
class Wise:
    """A wise, with the four marks it collects: passed, failed, Fate and Persona used."""

    name: str
    passed: bool = False
    failed: bool = False
    fate: bool = False
    persona: bool = False


def _default_ratings() -> tuple[Rating, ...]:
    return default_ratings(MOUSE_GUARD.skills)


def default_ratings(skills: tuple[str, ...]) -> tuple[Rating, ...]:
    """The abilities and the ruleset's ``skills``, unrated: a blank sheet's numbers."""
    return tuple(Rating(str(name)) for name in (*ABILITIES, *skills))  # plain text: journalled


@dataclass(frozen=True)
class Character:
    """One guardmouse's sheet. ``nature_max`` is Nature before any tax."""

    name: str
    identity: Identity = field(default_factory=Identity)
    belief: str = ""
    goal: str = ""
    instinct: str = ""
    contacts: Contacts = field(default_factory=Contacts)
    gear: tuple[str, ...] = ()
    traits: tuple[Trait, ...] = ()
    wises: tuple[Wise, ...] = ()
    ratings: tuple[Rating, ...] = field(default_factory=_default_ratings)
    nature_max: int = 0
    fate: int = 0
    persona: int = 0
    conditions: tuple[str, ...] = ()
    free_checks: int = 0

    @property
    def checks(self) -> int:
        """Every check the mouse can spend: the free ones and those on its traits."""
        return self.free_checks + sum(t.checks for t in self.traits)

    def rating(self, name: str) -> Rating | None:
        """The rating called ``name`` (any case), if the sheet has it."""
        return next((r for r in self.ratings if r.name.lower() == name.lower()), None)

    def lacks(self, name: str) -> bool:
        """Whether the mouse lacks the skill ``name`` (no dice in it, or not on the sheet),
        so Nature stands in for it (the summary's Tests, step 1: "Skill/Ability or Nature";
        the sheet's Nature Rules). Nature, Will and Health are never lacked."""
        if name.lower() in {str(a).lower() for a in ABILITIES}:
            return False
        found = self.rating(name)
        return found is None or found.rating < 1

    def trait(self, name: str) -> Trait | None:
        """The trait called ``name`` (any case), if the mouse has it."""
        return next((t for t in self.traits if t.name.lower() == name.lower()), None)

    def wise(self, name: str) -> Wise | None:
        """The wise called ``name`` (any case), if the mouse has it."""
        return next((w for w in self.wises if w.name.lower() == name.lower()), None)

    def with_rating(self, rating: Rating) -> Character:
        """The sheet with ``rating`` replacing its namesake, or added as a new skill."""
        if self.rating(rating.name) is None:
            return replace(self, ratings=self.ratings + (rating,))
        key = rating.name.lower()
        return replace(
            self, ratings=tuple(rating if r.name.lower() == key else r for r in self.ratings)
        )

    def with_trait(self, trait: Trait) -> Character:
        """The sheet with ``trait`` replacing its namesake, or added."""
        if self.trait(trait.name) is None:
            return replace(self, traits=self.traits + (trait,))
        key = trait.name.lower()
        return replace(
            self, traits=tuple(trait if t.name.lower() == key else t for t in self.traits)
        )

    def with_wise(self, wise: Wise) -> Character:
        """The sheet with ``wise`` replacing its namesake, or added."""
        if self.wise(wise.name) is None:
            return replace(self, wises=self.wises + (wise,))
        key = wise.name.lower()
        return replace(self, wises=tuple(wise if w.name.lower() == key else w for w in self.wises))
