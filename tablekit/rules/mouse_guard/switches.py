"""Wise rerolls a ruleset can switch off: the handler runs only where the rules have them.

The rabbits' Fate rerolls only the 6s and their Persona only adds a die or
taps Nature, so neither rerolls failed dice with a wise; their ruleset says so
(``points.deeper_understanding``, ``points.of_course``) and the command is
refused, in a test or an action test alike, with the same handler Mouse Guard
uses where it is allowed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.after_roll import DEEPER_UNDERSTANDING
from tablekit.rules.mouse_guard.draft import Draft
from tablekit.rules.mouse_guard.ruleset import Ruleset

Handler = Callable[[Draft, Any, random.Random], None]


def wise_reroll(rules: Ruleset, way: str) -> bool:
    """Whether ``rules`` let a wise reroll failed dice ``way`` (Deeper Understanding or
    Of Course!)."""
    points = rules.points
    return points.deeper_understanding if way == DEEPER_UNDERSTANDING else points.of_course


def allow_wise(rules: Ruleset, way: str) -> None:
    """Refuse the wise reroll ``way`` where ``rules`` have none."""
    if wise_reroll(rules, way):
        return
    if way == DEEPER_UNDERSTANDING:
        raise RuleError("In these rules Fate does not reroll a failed die with a wise")
    raise RuleError("In these rules Persona does not reroll failed dice with a wise")


def when_wise(way: str, handler: Handler) -> Handler:
    """``handler``, refused under a ruleset without the wise reroll ``way``."""

    def switched(d: Draft, command: Any, rng: random.Random) -> None:
        allow_wise(d.state.ruleset, way)
        handler(d, command, rng)

    return switched
