"""Conditions, read from the ruleset: what each one costs and how it is recovered.

Every rule about conditions (the recovery test, the dice and disposition
penalties, the recovery order, what a prologue recovers) is in the ruleset
(:class:`~tablekit.rules.mouse_guard.ruleset.ConditionRule`). The names below
are Mouse Guard's own reading of that data, kept for the conflict rules until
they read the ruleset of their state.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mouse_guard.ruleset import Ruleset, shipped_ruleset

MOUSE_GUARD = shipped_ruleset("mouse-guard")
"""The ruleset of Mouse Guard itself, as the package ships it."""

Condition = StrEnum("Condition", {c.id.upper(): c.id for c in MOUSE_GUARD.conditions})  # type: ignore[misc]
"""Mouse Guard's condition ids (Healthy is having none of them)."""


@dataclass(frozen=True)
class DispositionPenalty:
    """Disposition lost in a conflict; ``base`` limits it to conflicts on that ability."""

    amount: int
    base: str = ""


DISPOSITION_PENALTY = {
    Condition(c.id): DispositionPenalty(c.disposition_penalty, c.disposition_base)
    for c in MOUSE_GUARD.conditions
    if c.disposition_penalty
}
"""For the conflict rules: what each Mouse Guard condition takes off a starting disposition."""


def dice_penalty(conditions: tuple[str, ...], recovery: bool) -> int:
    """Dice Mouse Guard's conditions take from a test; none from a recovery test."""
    return MOUSE_GUARD.dice_penalty(conditions, recovery)


def condition_id(rules: Ruleset, given: str) -> str:
    """The id of the condition ``given`` (its id or its name, any case), or a RuleError."""
    for condition in rules.conditions:
        if given.strip().lower() in (condition.id, condition.name.lower()):
            return condition.id
    raise RuleError("There is no condition {condition!r} in these rules", condition=given)


def condition_name(rules: Ruleset, id: str) -> Phrase:
    """What the sheet calls the condition ``id``, as a phrase a refusal translates."""
    found = rules.condition(id)
    return Phrase(found.name if found else id)
