"""What the table can ask of a Mouse Card session. JSON form: ``{"type": kind, **fields}``.

Cards are named by their codes (``"QH"``, ``"10S"``, ``"RJ"``; see
:mod:`tablekit.rules.cards`). ``mc.draw`` takes optional ``cards`` for a
table drawing from its own physical deck; without them the session's
shuffled deck is drawn from.

Each field's type, range and length is declared here once (``msgspec.Meta``);
the session holds every command to it, from a script line or a touch form
alike, and a refusal names the field, the value given and what is allowed.
The rules check only what depends on the table: who is there, what a
character has, how many chips it holds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Annotated, ClassVar, Literal

from msgspec import Meta

from tablekit.rules.cards import FULL_DECK
from tablekit.rules.game import Command

Kind = Literal["mouse", "bird_of_prey"]
Circumstance = Literal["combat", "unknown", "ground"]
Mode = Literal["cautious", "broke"]

MAX_LEVEL = 6
"""The highest level of a trait or a disadvantage."""
MAX_FATE = 99
"""The most fate chips a character starts with or holds."""
MAX_AWARD = 10
"""The most fate chips the GM awards at a time."""
MAX_NEEDED = 20
"""The most successes a task can need."""
MAX_RATED = 20
"""The most traits, or disadvantages, a character has."""

Name = Annotated[str, Meta(min_length=1, max_length=40, pattern=r"\S")]
"""A character's, a trait's or a disadvantage's name as the table types it: 1 to 40
characters, not all spaces (spaces around it are dropped)."""
Level = Annotated[int, Meta(ge=1, le=MAX_LEVEL)]
Levels = Annotated[dict[Name, Level], Meta(max_length=MAX_RATED)]
"""Traits or disadvantages by name, each with its level."""
Fate = Annotated[int, Meta(ge=0, le=MAX_FATE)]
Rank = Annotated[str, Meta(pattern=r"^(?i:[2-9]|10|[JQKA])$")]
"""A target rank, ``2`` to ``10``, ``J``, ``Q``, ``K`` or ``A`` (any case)."""
CardCode = Annotated[str, Meta(pattern=r"^(?i:(?:[2-9]|10|[JQKA])[CDHS]|RJ|BJ)$")]
"""A card's code (:mod:`tablekit.rules.cards`), any case: ``QH``, ``10s``, ``RJ``."""
Miracle = Annotated[str, Meta(min_length=1, max_length=80, pattern=r"\S")]
"""What a deus ex machina makes happen, in the GM's words."""


@dataclass(frozen=True)
class AddCharacter(Command):
    """A character joins: traits (at least one) and disadvantages by name with their levels."""

    kind: ClassVar[str] = "mc.add_character"
    name: Name
    creature: Kind = "mouse"
    traits: Annotated[Levels, Meta(min_length=1)] = field(default_factory=dict)
    disadvantages: Levels = field(default_factory=dict)
    fate: Fate = 0


@dataclass(frozen=True)
class AwardFate(Command):
    """The GM rewards a player with fate chips, kept until spent."""

    kind: ClassVar[str] = "mc.award_fate"
    character: Name
    chips: Annotated[int, Meta(ge=1, le=MAX_AWARD)] = 1


@dataclass(frozen=True)
class BeginTask(Command):
    """The GM sets a task check: the trait drawn with, the target rank and successes needed."""

    kind: ClassVar[str] = "mc.begin_task"
    character: Name
    trait: Name
    target: Rank = "J"
    needed: Annotated[int, Meta(ge=1, le=MAX_NEEDED)] = 1
    mode: Mode = "cautious"
    extended: bool = False
    circumstances: Annotated[tuple[Circumstance, ...], Meta(max_length=3)] = ()
    physical: bool = False
    hindered_by: Annotated[tuple[Name, ...], Meta(max_length=MAX_RATED)] = ()

    def __post_init__(self) -> None:
        """A circumstance counts once: naming it twice is a slip, not a worse task.
        (msgspec turns this ValueError into a refusal of the line.)"""
        if len(set(self.circumstances)) != len(self.circumstances):
            given = json.dumps(list(self.circumstances))
            raise ValueError(f"circumstances: Expected each at most once (given {given})")


@dataclass(frozen=True)
class Draw(Command):
    """Draw: one card drawing cautiously, every card left this turn going for broke."""

    kind: ClassVar[str] = "mc.draw"
    cards: Annotated[tuple[CardCode, ...], Meta(min_length=1, max_length=len(FULL_DECK))] | None = (
        None
    )


@dataclass(frozen=True)
class Cancel(Command):
    """Cancel a bad card's effect with an ace on the table or one of the drawer's fate chips."""

    kind: ClassVar[str] = "mc.cancel"
    card: CardCode
    by: Literal["ace", "fate"] = "ace"


@dataclass(frozen=True)
class SpendFate(Command):
    """The drawer spends a fate chip as an extra success this turn."""

    kind: ClassVar[str] = "mc.spend_fate"


@dataclass(frozen=True)
class EndTurn(Command):
    """The drawer is done for this turn: the successes count, the cards go to the discard."""

    kind: ClassVar[str] = "mc.end_turn"


@dataclass(frozen=True)
class AbandonTask(Command):
    """The task is given up (an extended one between turns, or any the GM calls off)."""

    kind: ClassVar[str] = "mc.abandon_task"


@dataclass(frozen=True)
class DeusExMachina(Command):
    """A fate chip spent on something beyond the characters' reach, which the GM approved."""

    kind: ClassVar[str] = "mc.deus_ex_machina"
    character: Name
    what: Miracle


@dataclass(frozen=True)
class EndChapter(Command):
    """The GM ends a chapter: the whole deck is gathered and shuffled."""

    kind: ClassVar[str] = "mc.end_chapter"


COMMANDS: tuple[type[Command], ...] = (
    AddCharacter,
    AwardFate,
    BeginTask,
    Draw,
    Cancel,
    SpendFate,
    EndTurn,
    AbandonTask,
    DeusExMachina,
    EndChapter,
)
