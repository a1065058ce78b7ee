"""What the table can ask of a Mouse Card session. JSON form: ``{"type": kind, **fields}``.

Cards are named by their codes (``"QH"``, ``"10S"``, ``"RJ"``; see
:mod:`tablekit.rules.cards`). ``mc.draw`` takes optional ``cards`` for a
table drawing from its own physical deck; without them the session's
shuffled deck is drawn from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

from tablekit.rules.game import Command

Kind = Literal["mouse", "bird_of_prey"]
Circumstance = Literal["combat", "unknown", "ground"]
Mode = Literal["cautious", "broke"]


@dataclass(frozen=True)
class AddCharacter(Command):
    """A character joins: traits and disadvantages by name with their levels (1-6)."""

    kind: ClassVar[str] = "mc.add_character"
    name: str
    creature: Kind = "mouse"
    traits: dict[str, int] = field(default_factory=dict)
    disadvantages: dict[str, int] = field(default_factory=dict)
    fate: int = 0


@dataclass(frozen=True)
class AwardFate(Command):
    """The GM rewards a player with fate chips, kept until spent."""

    kind: ClassVar[str] = "mc.award_fate"
    character: str
    chips: int = 1


@dataclass(frozen=True)
class BeginTask(Command):
    """The GM sets a task check: the trait drawn with, the target rank and successes needed."""

    kind: ClassVar[str] = "mc.begin_task"
    character: str
    trait: str
    target: str = "J"
    needed: int = 1
    mode: Mode = "cautious"
    extended: bool = False
    circumstances: tuple[Circumstance, ...] = ()
    physical: bool = False
    hindered_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class Draw(Command):
    """Draw: one card drawing cautiously, every card left this turn going for broke."""

    kind: ClassVar[str] = "mc.draw"
    cards: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Cancel(Command):
    """Cancel a bad card's effect with an ace on the table or one of the drawer's fate chips."""

    kind: ClassVar[str] = "mc.cancel"
    card: str
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
    character: str
    what: str


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
