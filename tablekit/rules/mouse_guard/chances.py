"""The exact chances a test in progress shows: now, and with each after-roll option open.

Options count only when the mouse can pay for them (a Fate or Persona point,
a wise) and their step has not passed. Two that both need Fate (Deeper
Understanding and the axes) are counted together only with two Fate points;
with one, "all" lets the mouse choose between them after seeing the roll.
The sheet's level 3 reroll comes after the axes (step 9), beside any Of Course!.
"""

from __future__ import annotations

from tablekit.rules.mouse_guard import view_types as vt
from tablekit.rules.mouse_guard.after_roll import (
    DEEPER_UNDERSTANDING,
    EXPLODE,
    LEVEL_THREE,
    OF_COURSE,
)
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.dice import Face, axes
from tablekit.rules.mouse_guard.odds import MAX_NEEDED, best_chance, versus
from tablekit.rules.mouse_guard.ruleset import Ruleset
from tablekit.rules.mouse_guard.state import Side, Step, Test


def open_options(test: Test, side: Side, mouse: Character | None, rules: Ruleset) -> vt.OptionsView:
    """Which after-roll options ``side`` could still take (before or after rolling)."""
    if mouse is None:
        return {
            "deeper_understanding": False,
            "of_course": False,
            "explode": False,
            "level_three": False,
        }
    failed = not side.rolled or any(f == Face.SNAKE for f in side.faces)
    has_axes = not side.rolled or axes(side.faces) > 0
    wise = bool(mouse.wises)
    level_three = rules.has_level_three and any(
        t.effective_level == 3
        and t.name != side.against
        and not (rules.level_three == "reroll" and t.used)
        for t in mouse.traits
    )
    return {
        "deeper_understanding": side.step <= Step.WISES
        and DEEPER_UNDERSTANDING not in side.options
        and rules.points.deeper_understanding
        and wise
        and mouse.fate >= 1
        and failed,
        "of_course": side.step <= Step.WISES
        and OF_COURSE not in side.options
        and rules.points.of_course
        and wise
        and mouse.persona >= 1
        and failed,
        "explode": side.step <= Step.AXES
        and EXPLODE not in side.options
        and mouse.fate >= 1
        and has_axes,
        "level_three": side.step <= Step.LEVEL_THREE
        and LEVEL_THREE not in side.options
        and level_three,
    }


def test_chances(test: Test, mouse: Character | None, rules: Ruleset) -> vt.TestChance:
    """The tester's chance of passing now and with each open option, as floats.

    Its two shapes are :class:`~.view_types.VersusChance` (a versus test before
    the opponent rolls) and :class:`~.view_types.ObChance`.

    After the opponent of a versus test has rolled, the obstacle is one more
    success than the opponent's, unless the mouse has a level 3 trait (a tie
    then breaks in its favour, the summary's step 10): "tie" is the chance of
    a tie with no further option. A roll so far behind that the odds do not
    count it (:data:`.odds.MAX_NEEDED`) shows 0: its chance is below 1e-16.
    """
    side = test.tester
    ob = test.ob
    tie: float | None = None
    if test.opponent is not None:
        if not test.opponent.rolled:
            odds = versus(side.pool, test.opponent.pool)
            return {"win": float(odds.win), "tie": float(odds.tie), "lose": float(odds.lose)}
        wins_ties = (
            mouse is not None
            and rules.has_level_three
            and any(t.effective_level == 3 and t.name != side.against for t in mouse.traits)
        )
        ob = test.opponent.successes + (0 if wins_ties else 1)
    can = open_options(test, side, mouse, rules)
    fate = mouse.fate if mouse else 0
    reroll = rules.level_three == "reroll"
    pending = 0 if EXPLODE in side.options else axes(side.faces)
    failed = sum(f == Face.SNAKE for f in side.faces)

    def with_(du: bool, oc: bool, ex: bool, l3: bool, need: int = ob) -> float:
        need -= 1 if l3 and not reroll else 0
        dice = 0 if side.rolled else side.pool
        if need - side.successes > MAX_NEEDED:
            return 0.0
        return float(
            best_chance(
                need,
                dice,
                side.successes,
                failed,
                pending,
                of_course=oc,
                deeper_understanding=du,
                explode=ex,
                fate=fate,
                reroll_failures=l3 and reroll,
            )
        )

    du, oc = can["deeper_understanding"], can["of_course"]
    ex, l3 = can["explode"], can["level_three"]
    figures: vt.ObChance = {
        "ob": ob,
        "now": with_(False, False, False, False),
        "deeper_understanding": with_(True, False, False, False) if du else None,
        "of_course": with_(False, True, False, False) if oc else None,
        "explode": with_(False, False, True, False) if ex else None,
        "level_three": with_(False, False, False, True) if l3 else None,
        "all": with_(du, oc, ex, l3),
    }
    if test.opponent is not None and ob > test.opponent.successes:
        tie = with_(False, False, False, False, ob - 1) - figures["now"]
        figures["tie"] = tie
    return figures
