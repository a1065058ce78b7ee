"""Commands a ruleset can switch off: the handler runs only where the rules have the option.

The rabbits' Fate rerolls only the 6s and their Persona only adds a die or
taps Nature, so neither rerolls failed dice with a wise; their ruleset says so
(``points.deeper_understanding``, ``points.of_course``) and the command is
refused, with the same handler Mouse Guard uses where it is allowed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_guard.draft import Draft
from tablekit.rules.mouse_guard.ruleset import Ruleset

Handler = Callable[[Draft, Any, random.Random], None]


def when(allowed: Callable[[Ruleset], bool], refusal: str, handler: Handler) -> Handler:
    """``handler``, refused with ``refusal`` under a ruleset for which ``allowed`` is false."""

    def switched(d: Draft, command: Any, rng: random.Random) -> None:
        if not allowed(d.state.ruleset):
            raise RuleError(refusal)
        handler(d, command, rng)

    return switched


def deeper_understanding(rules: Ruleset) -> bool:
    return rules.points.deeper_understanding


def of_course(rules: Ruleset) -> bool:
    return rules.points.of_course
