"""What happened in a Mouse Card session. Every shuffle is its new order, every draw its cards.

So replaying the journal never shuffles again: the deck after a replay is
exactly the deck the table had.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tablekit.rules.game import Event
from tablekit.rules.mouse_card.state import Character, Task


@dataclass(frozen=True)
class CharacterAdded(Event):
    kind: ClassVar[str] = "mc.character_added"
    character: Character


@dataclass(frozen=True)
class FateAwarded(Event):
    kind: ClassVar[str] = "mc.fate_awarded"
    character: str
    chips: int


@dataclass(frozen=True)
class TaskBegun(Event):
    """The task as set, with its bad cards worked out once."""

    kind: ClassVar[str] = "mc.task_begun"
    task: Task


@dataclass(frozen=True)
class Shuffled(Event):
    """The pile and the discard were shuffled together into ``order`` (top first).

    ``why`` is "first" (the first draw of a session), "joker", "empty" (the
    pile ran out) or "chapter". The order is nobody's to see; a draw from the
    session's deck shuffles the pile afresh anyway, so it never decides a card.
    """

    kind: ClassVar[str] = "mc.shuffled"
    order: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Drawn(Event):
    """Cards taken from the top of the pile (or named from a physical deck), face up."""

    kind: ClassVar[str] = "mc.drawn"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Cancelled(Event):
    kind: ClassVar[str] = "mc.cancelled"
    card: str
    by: str


@dataclass(frozen=True)
class FateSpent(Event):
    """A chip spent: ``on`` is "success", "cancel" or "deus_ex_machina"."""

    kind: ClassVar[str] = "mc.fate_spent"
    character: str
    on: str


@dataclass(frozen=True)
class TurnEnded(Event):
    """This turn's successes are banked and its cards go to the discard.

    ``result`` is "passed", "failed" or "continues" (an extended task short of its goal).
    """

    kind: ClassVar[str] = "mc.turn_ended"
    successes: int
    result: str


@dataclass(frozen=True)
class TaskAbandoned(Event):
    kind: ClassVar[str] = "mc.task_abandoned"


@dataclass(frozen=True)
class MiracleGranted(Event):
    kind: ClassVar[str] = "mc.miracle_granted"
    character: str
    what: str


@dataclass(frozen=True)
class ChapterEnded(Event):
    kind: ClassVar[str] = "mc.chapter_ended"


EVENTS: tuple[type[Event], ...] = (
    CharacterAdded,
    FateAwarded,
    TaskBegun,
    Shuffled,
    Drawn,
    Cancelled,
    FateSpent,
    TurnEnded,
    TaskAbandoned,
    MiracleGranted,
    ChapterEnded,
)
