"""Conditions, read from the ruleset: what each one costs and how it is recovered.

Every rule about conditions (the recovery test, the dice and disposition
penalties, the recovery order, what a prologue recovers) is in the ruleset
(:class:`~tablekit.rules.mouse_guard.ruleset.ConditionRule`); the rules read
the session's. Here: a condition named by its id or its name, and Mouse
Guard's own ruleset, which a session plays by until its journal records one.
"""

from __future__ import annotations

from tablekit.rules.errors import Phrase, RuleError
from tablekit.rules.mouse_guard.ruleset import Ruleset, shipped_ruleset

MOUSE_GUARD = shipped_ruleset("mouse-guard")
"""The ruleset of Mouse Guard itself, as the package ships it."""


def condition_id(rules: Ruleset, given: str) -> str:
    """The id of the condition ``given`` (its id, its name or the ruleset's word for it in
    any language, such as the rabbits' "Bange", in any case), or a RuleError."""
    wanted = given.strip().lower()
    for condition in rules.conditions:
        words = {condition.id, condition.name.lower()}
        words |= {w.get(condition.name, "").lower() for w in rules.translations.values()}
        if wanted in words - {""}:
            return condition.id
    raise RuleError("There is no condition {condition!r} in these rules", condition=given)


def condition_name(rules: Ruleset, id: str) -> Phrase:
    """What the sheet calls the condition ``id``, as a phrase a refusal translates."""
    found = rules.condition(id)
    return Phrase(found.name if found else id)
