"""The exact chances a test in progress shows: now, and with each after-roll option open.

Options count only when the mouse can pay for them (a Fate or Persona point,
a wise) and their step has not passed. Two that both need Fate (Deeper
Understanding and the axes) are counted together only with two Fate points;
with one, "all" takes the better of the two.
"""

from __future__ import annotations

from typing import Any

from tablekit.rules.mouse_guard.after_roll import (
    DEEPER_UNDERSTANDING,
    EXPLODE,
    LEVEL_THREE,
    OF_COURSE,
)
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.dice import Face, axes
from tablekit.rules.mouse_guard.odds import chance, chance_after_roll, versus
from tablekit.rules.mouse_guard.ruleset import Ruleset
from tablekit.rules.mouse_guard.state import Side, Step, Test


def open_options(
    test: Test, side: Side, mouse: Character | None, rules: Ruleset
) -> dict[str, bool]:
    """Which after-roll options ``side`` could still take (before or after rolling)."""
    if mouse is None:
        return {DEEPER_UNDERSTANDING: False, OF_COURSE: False, EXPLODE: False, LEVEL_THREE: False}
    failed = not side.rolled or any(f == Face.SNAKE for f in side.faces)
    has_axes = not side.rolled or axes(side.faces) > 0
    wise = bool(mouse.wises)
    level_three = any(
        t.effective_level == 3 and not (rules.level_three == "reroll" and t.used)
        for t in mouse.traits
    )
    return {
        DEEPER_UNDERSTANDING: test.step <= Step.WISES
        and DEEPER_UNDERSTANDING not in side.options
        and wise
        and mouse.fate >= 1
        and failed,
        OF_COURSE: test.step <= Step.WISES
        and OF_COURSE not in side.options
        and wise
        and mouse.persona >= 1
        and failed,
        EXPLODE: test.step <= Step.AXES
        and EXPLODE not in side.options
        and mouse.fate >= 1
        and has_axes,
        LEVEL_THREE: test.step <= Step.LEVEL_THREE
        and LEVEL_THREE not in side.options
        and level_three,
    }


def test_chances(test: Test, mouse: Character | None, rules: Ruleset) -> dict[str, Any]:
    """The tester's chance of passing now and with each open option, as floats."""
    side = test.tester
    ob = test.ob
    if test.opponent is not None:
        if not test.opponent.rolled:
            odds = versus(side.pool, test.opponent.pool)
            return {"win": float(odds.win), "tie": float(odds.tie), "lose": float(odds.lose)}
        ob = test.opponent.successes + 1
    can = open_options(test, side, mouse, rules)
    fate = mouse.fate if mouse else 0

    def with_(du: bool, oc: bool, fate_: bool, l3: bool) -> float:
        reroll = rules.level_three == "reroll"
        oc = oc or (l3 and reroll)
        need = ob - (1 if l3 and not reroll else 0)
        if not side.rolled:
            return float(chance(side.pool, need, fate_, du, oc))
        pending = 0 if EXPLODE in side.options else axes(side.faces)
        failed = sum(f == Face.SNAKE for f in side.faces)
        won = side.successes
        return float(chance_after_roll(won, failed, pending, need, fate_, du, oc))

    du, oc, ex, l3 = (can[k] for k in (DEEPER_UNDERSTANDING, OF_COURSE, EXPLODE, LEVEL_THREE))
    if du and ex and fate < 2:
        best = max(with_(True, oc, False, l3), with_(False, oc, True, l3))
    else:
        best = with_(du, oc, ex, l3)
    return {
        "ob": ob,
        "now": with_(False, False, False, False),
        DEEPER_UNDERSTANDING: with_(True, False, False, False) if du else None,
        OF_COURSE: with_(False, True, False, False) if oc else None,
        EXPLODE: with_(False, False, True, False) if ex else None,
        LEVEL_THREE: with_(False, False, False, True) if l3 else None,
        "all": best,
    }
