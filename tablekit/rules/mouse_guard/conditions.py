"""Conditions: what each one costs a mouse and how it is recovered.

The sheet gives the penalties: Hungry/Thirsty, Angry and Tired cost
disposition in conflicts (kept here as data for the conflict rules); Injured
and Sick cost a die on skills, Nature, Will and Health, but never on a
recovery test. The summary gives the order of recovery.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Condition(StrEnum):
    """The conditions on the sheet (Healthy is having none of them)."""

    HUNGRY = "hungry"
    ANGRY = "angry"
    TIRED = "tired"
    INJURED = "injured"
    SICK = "sick"


RECOVERY_ORDER = (
    Condition.HUNGRY,
    Condition.ANGRY,
    Condition.TIRED,
    Condition.INJURED,
    Condition.SICK,
)
"""Conditions are recovered in this order (the summary, Game Structure 5.b.ii)."""


@dataclass(frozen=True)
class Recovery:
    """The test that recovers a condition: an ability and an obstacle.

    Hungry/Thirsty has no test on the sheet or in the summary, so recovering
    it takes no roll (``ability`` is empty).
    """

    ability: str
    ob: int


RECOVERY = {
    Condition.HUNGRY: Recovery("", 0),
    Condition.ANGRY: Recovery("Will", 2),
    Condition.TIRED: Recovery("Health", 3),
    Condition.INJURED: Recovery("Health", 4),
    Condition.SICK: Recovery("Will", 4),
}


@dataclass(frozen=True)
class DispositionPenalty:
    """Disposition lost in a conflict; ``base`` limits it to conflicts on that ability."""

    amount: int
    base: str = ""


DISPOSITION_PENALTY = {
    Condition.HUNGRY: DispositionPenalty(1),
    Condition.ANGRY: DispositionPenalty(1, base="Will"),
    Condition.TIRED: DispositionPenalty(1),
}
"""For the conflict rules: what each condition takes off a starting disposition."""

DICE_PENALTY = {Condition.INJURED: 1, Condition.SICK: 1}
"""Dice each condition takes from tests of skills, Nature, Will and Health."""

PROLOGUE_RECOVERY = (Condition.HUNGRY, Condition.ANGRY, Condition.TIRED)
"""What a prologue may recover (or it regains a point of Nature instead)."""


def dice_penalty(conditions: tuple[str, ...], recovery: bool) -> int:
    """Dice the conditions take from a test; none from a recovery test."""
    if recovery:
        return 0
    return sum(DICE_PENALTY.get(Condition(c), 0) for c in conditions)


def next_to_recover(conditions: tuple[str, ...]) -> Condition | None:
    """The condition that must be recovered first, if any."""
    return next((c for c in RECOVERY_ORDER if c in conditions), None)
