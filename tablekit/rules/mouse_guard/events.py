"""What happened in a Mouse Guard session. Every die rolled is in here, as its face.

Changes to a character are small deltas (a mark, a point, a check) so the
journal reads as the table played it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tablekit.rules.game import Event
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.procedure_events import PROCEDURE_EVENTS


@dataclass(frozen=True)
class CharacterAdded(Event):
    """A whole sheet arrives (or replaces the sheet of the same name)."""

    kind: ClassVar[str] = "mg.character_added"
    character: Character


@dataclass(frozen=True)
class CharacterRemoved(Event):
    kind: ClassVar[str] = "mg.character_removed"
    character: str


@dataclass(frozen=True)
class RatingSet(Event):
    """A rating is set (a new name adds a custom skill); its tallies start again."""

    kind: ClassVar[str] = "mg.rating_set"
    character: str
    rating: str
    value: int


@dataclass(frozen=True)
class TraitSet(Event):
    """A trait's level; 0 removes the trait."""

    kind: ClassVar[str] = "mg.trait_set"
    character: str
    trait: str
    level: int


@dataclass(frozen=True)
class WiseSet(Event):
    kind: ClassVar[str] = "mg.wise_set"
    character: str
    wise: str
    known: bool


@dataclass(frozen=True)
class PhaseSet(Event):
    kind: ClassVar[str] = "mg.phase_set"
    phase: str


@dataclass(frozen=True)
class SessionBegan(Event):
    """A new session: traits are unused again, charges end, free checks go.
    ``continues``: the first session on the device continues an earlier campaign."""

    kind: ClassVar[str] = "mg.session_began"
    continues: bool = False


@dataclass(frozen=True)
class MissionSet(Event):
    kind: ClassVar[str] = "mg.mission_set"
    mission: str


@dataclass(frozen=True)
class GoalSet(Event):
    kind: ClassVar[str] = "mg.goal_set"
    character: str
    goal: str


@dataclass(frozen=True)
class PrologueTold(Event):
    kind: ClassVar[str] = "mg.prologue_told"
    character: str


@dataclass(frozen=True)
class NoteAdded(Event):
    """An obstacle or a twist noted for this session (``note`` says which)."""

    kind: ClassVar[str] = "mg.note_added"
    note: str
    text: str


@dataclass(frozen=True)
class ChecksEarned(Event):
    """Checks on a trait; an empty ``trait`` means the free check of the players' turn."""

    kind: ClassVar[str] = "mg.checks_earned"
    character: str
    trait: str
    amount: int


@dataclass(frozen=True)
class ChecksSpent(Event):
    """Checks spent: free ones first, then from the traits in the sheet's order."""

    kind: ClassVar[str] = "mg.checks_spent"
    character: str
    amount: int
    reason: str


@dataclass(frozen=True)
class PointsGained(Event):
    """Fate and Persona change by these amounts (negative when spent)."""

    kind: ClassVar[str] = "mg.points_gained"
    character: str
    fate: int
    persona: int
    reason: str


@dataclass(frozen=True)
class ConditionSet(Event):
    kind: ClassVar[str] = "mg.condition_set"
    character: str
    condition: str
    on: bool


@dataclass(frozen=True)
class NatureChanged(Event):
    """Nature taxed (negative) or regained (positive), never past its maximum."""

    kind: ClassVar[str] = "mg.nature_changed"
    character: str
    amount: int
    reason: str


@dataclass(frozen=True)
class Marked(Event):
    """A pass or a fail on a rating's tallies."""

    kind: ClassVar[str] = "mg.marked"
    character: str
    rating: str
    passed: bool


@dataclass(frozen=True)
class WiseMarked(Event):
    """One of a wise's marks: "passed", "failed", "fate" or "persona"."""

    kind: ClassVar[str] = "mg.wise_marked"
    character: str
    wise: str
    mark: str


@dataclass(frozen=True)
class TraitUsed(Event):
    """A trait's used-this-session mark is set (or cleared by a recharge)."""

    kind: ClassVar[str] = "mg.trait_used"
    character: str
    trait: str
    used: bool


@dataclass(frozen=True)
class TraitCharged(Event):
    kind: ClassVar[str] = "mg.trait_charged"
    character: str
    trait: str


@dataclass(frozen=True)
class Advanced(Event):
    """A rating goes up by one; its tallies start again."""

    kind: ClassVar[str] = "mg.advanced"
    character: str
    rating: str


@dataclass(frozen=True)
class RulesetUsed(Event):
    """The ruleset this session is played by, whole, with its digest: recorded before
    the session's first change, so a replay never reads the ruleset's file again."""

    kind: ClassVar[str] = "mg.ruleset_used"
    name: str
    digest: str
    ruleset: dict[str, Any]


EVENTS: tuple[type[Event], ...] = (
    RulesetUsed,
    CharacterAdded,
    CharacterRemoved,
    RatingSet,
    TraitSet,
    WiseSet,
    PhaseSet,
    SessionBegan,
    MissionSet,
    GoalSet,
    PrologueTold,
    NoteAdded,
    ChecksEarned,
    ChecksSpent,
    PointsGained,
    ConditionSet,
    NatureChanged,
    Marked,
    WiseMarked,
    TraitUsed,
    TraitCharged,
    Advanced,
) + PROCEDURE_EVENTS
