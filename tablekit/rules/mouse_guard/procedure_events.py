"""What happened in a test: its pools, every die rolled (as faces), ties and the end.

:mod:`.events` lists them with the rest.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tablekit.rules.game import Event
from tablekit.rules.mouse_guard.state import Helper, Modifier, Test


@dataclass(frozen=True)
class TestBegun(Event):
    kind: ClassVar[str] = "mg.test_begun"
    test: Test


@dataclass(frozen=True)
class StepReached(Event):
    """``side`` ("tester" or "opponent") has reached ``step``; with no side, both
    have (the roll, a tie and the result; and every step in older journals)."""

    kind: ClassVar[str] = "mg.step_reached"
    step: int
    side: str = ""


@dataclass(frozen=True)
class PoolChanged(Event):
    """A side's pool gains a modifier; ``trait`` is the trait it came from, if any,
    noted as used in this test on ``trait_side`` (the side itself when empty),
    and ``use`` says how: "against" (step 2) or "for" (step 3); older journals
    leave it empty."""

    kind: ClassVar[str] = "mg.pool_changed"
    side: str
    modifier: Modifier
    trait: str = ""
    trait_side: str = ""
    use: str = ""


@dataclass(frozen=True)
class HelperAdded(Event):
    kind: ClassVar[str] = "mg.helper_added"
    side: str
    helper: Helper


@dataclass(frozen=True)
class NatureTapped(Event):
    kind: ClassVar[str] = "mg.nature_tapped"
    side: str
    dice: int
    within: bool


@dataclass(frozen=True)
class Rolled(Event):
    """Dice rolled for a side. ``purpose`` says where they go:

    "roll" is the roll itself, "reroll" replaces failed dice in order,
    "explode" adds dice from axes.
    """

    kind: ClassVar[str] = "mg.rolled"
    side: str
    purpose: str
    faces: tuple[str, ...]
    option: str = ""
    trait: str = ""


@dataclass(frozen=True)
class SuccessAdded(Event):
    kind: ClassVar[str] = "mg.success_added"
    side: str
    amount: int
    option: str
    trait: str = ""


@dataclass(frozen=True)
class TieBroken(Event):
    """The tie goes to ``winner`` ("tester" or "opponent"), by ``how``; "neither"
    after a second tie, which both sides fail. (Older journals gave a second tie
    to "opponent".)"""

    kind: ClassVar[str] = "mg.tie_broken"
    winner: str
    how: str


@dataclass(frozen=True)
class TiebreakerRolled(Event):
    kind: ClassVar[str] = "mg.tiebreaker_rolled"
    tester: tuple[str, ...]
    opponent: tuple[str, ...]


@dataclass(frozen=True)
class TestEnded(Event):
    """The test is over: passed or not, and the GM's twist or condition on a failure."""

    kind: ClassVar[str] = "mg.test_ended"
    passed: bool
    outcome: str = ""
    condition: str = ""


@dataclass(frozen=True)
class TestCancelled(Event):
    kind: ClassVar[str] = "mg.test_cancelled"


@dataclass(frozen=True)
class RecoveryRolled(Event):
    """A recovery without a test (Hungry/Thirsty): no dice. Older journals also
    rolled every recovery test here in one go; a recovery test now begins a test."""

    kind: ClassVar[str] = "mg.recovery_rolled"
    character: str
    condition: str
    faces: tuple[str, ...]
    recovered: bool


PROCEDURE_EVENTS: tuple[type[Event], ...] = (
    TestBegun,
    StepReached,
    PoolChanged,
    HelperAdded,
    NatureTapped,
    Rolled,
    SuccessAdded,
    TieBroken,
    TiebreakerRolled,
    TestEnded,
    TestCancelled,
    RecoveryRolled,
)
