"""How long an exact Mouse Guard chance takes, pool by pool, with every after-roll option,
on the machine as it is and on a sixth of one core.

Run: ``python -m benchmarks.mg_odds`` (as root for the sixth of a core).

For each pool of 1 to 15 dice, one call asks the chance of meeting an
obstacle half the pool (rounded up) with Fate on axes, Deeper Understanding
and Of Course! all allowed; "hard" asks for the pool plus 3 (only axes reach
it). "screen" is what the test's panel asks before the roll: the chance now
and with each option open (Deeper Understanding, Of Course!, Fate on axes and
a level 3 trait, one Fate point to choose with) and with all of them,
:func:`~tablekit.rules.mouse_guard.chances.test_chances` itself, under Mouse
Guard's rules. "reroll" is the slowest single question any ruleset can ask: the
same with the level 3 trait read as a reroll of the failed dice, at the pool
plus 3. Every call is cold (the odds modules' caches emptied first), and each
figure is milliseconds per call: the mean of calls made one after another for
0.1 s, so that a CPU quota's periods average out, the lowest of three such
windows (:func:`benchmarks.pinned.per_call_ms`).

The baseline, measured in the same run, is the plain binomial tail
``sum(C(n, k)) / 2**n`` as an exact fraction, the least any exact answer costs,
and each table ends with :func:`benchmarks.pinned.reference_ms`, whose ratio
between the tables is how much slower the pinned core really was. The target:
15D with every option under 5 ms on a sixth of a core.

Each table then ends with the test panel at 15D, the six questions the screen
asks at once (issue 26 item 6): cold, with every cache of the Mouse Guard rules
emptied (the first test of an evening); a new test, with only the kept answers
emptied (the tables they are counted from kept, as after earlier tests); and
asked again, as when the view is rebuilt after a command that left the test as
it was. Beside them, six plain binomials and the fixed loop of the same run,
and the least CPU time of 15 cold panels (a quota's waits left out).
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from math import comb

from benchmarks import pinned
from tablekit.rules.mouse_guard import odds
from tablekit.rules.mouse_guard.chances import test_chances
from tablekit.rules.mouse_guard.character import Character, Trait, Wise
from tablekit.rules.mouse_guard.conditions import MOUSE_GUARD
from tablekit.rules.mouse_guard.state import Side, Test


def binomial(dice: int, ob: int) -> Fraction:
    """The chance of ``ob`` or more successes with no option: the baseline."""
    return Fraction(sum(comb(dice, k) for k in range(ob, dice + 1)), 2**dice)


def screen(dice: int, ob: int) -> object:
    """The test panel's chances for a mouse rolling ``dice`` before the roll, every option
    open: a wise, Fate, Persona and a level 3 trait."""
    mouse = Character(
        "Saxon", traits=(Trait("Fearless", 3),), wises=(Wise("Weasel-wise"),), fate=1, persona=1
    )
    test = Test(tester=Side("Saxon", "Fighter", dice), ob=ob)
    return test_chances(test, mouse, MOUSE_GUARD)


def reroll(dice: int) -> Fraction:
    """The slowest question: every option, the level 3 trait rerolling the failed dice."""
    return odds.best_chance(
        dice + 3,
        dice,
        of_course=True,
        deeper_understanding=True,
        explode=True,
        reroll_failures=True,
    )


ODDS_MODULES = ("tablekit.rules.mouse_guard.odds", "tablekit.rules.mouse_guard.exploding")
"""The modules the odds are counted in (the second is missing from older trees)."""


def _clear() -> None:
    """Empty every cache of the odds modules, found by looking, so that this benchmark runs
    unchanged on an older tree, for a before figure."""
    for name in ODDS_MODULES:
        for value in vars(sys.modules.get(name, sys)).values():
            if hasattr(value, "cache_clear") and getattr(value, "__module__", "") == name:
                value.cache_clear()


def _forget_answers() -> None:
    """Empty only the cache of whole answers, if there is one: a new test asked after others,
    the tables the answers are counted from kept."""
    kept = getattr(odds, "_best", None)
    if kept is not None:
        kept.cache_clear()


def _per_call_ms(call: Callable[[], object], clear: bool = True) -> float:
    """Milliseconds per call, cold if ``clear`` (:func:`benchmarks.pinned.per_call_ms`)."""
    return pinned.per_call_ms(call, _clear if clear else None)


PANEL_DICE, PANEL_OB = 15, 8
"""The test panel the target names: 15D with every option open."""


def panel_lines() -> list[str]:
    """The six questions of the test panel at 15D, as the screen asks them (one call of
    :func:`test_chances`, the chance now, with each of four options and with all), three
    ways, beside six plain binomials and the fixed loop; milliseconds per panel."""
    ask = partial(screen, PANEL_DICE, PANEL_OB)
    rows = [
        ("cold: every cache emptied (the evening's first test)", pinned.per_call_ms(ask, _clear)),
        (
            "a new test: the answers emptied, the tables kept",
            pinned.per_call_ms(ask, _forget_answers),
        ),
        ("asked again: the view rebuilt, the test unchanged", pinned.per_call_ms(ask)),
        ("baseline: six plain binomials", pinned.per_call_ms(_six_binomials)),
        ("baseline: the run's fixed loop", pinned.reference_ms()),
    ]
    lines = [
        f"The test panel at {PANEL_DICE}D, Ob {PANEL_OB}, six questions (target < 5 ms on a sixth):"
    ]
    lines += [f"  {label:<56} {ms:>7.3f} ms" for label, ms in rows]
    lines.append(f"  cold, CPU time, the least of 15 panels: {_cpu_ms(ask):.3f} ms")
    return lines


def _six_binomials() -> list[Fraction]:
    """The baseline of the panel: six plain binomials at its pool and obstacles."""
    return [binomial(PANEL_DICE, PANEL_OB - k % 2) for k in range(6)]


def _cpu_ms(call: Callable[[], object]) -> float:
    """The least CPU time of 15 cold calls, in ms: a quota's waits and other jobs' time left out."""
    spent = []
    for _ in range(15):
        _clear()
        start = time.process_time()
        call()
        spent.append(time.process_time() - start)
    return min(spent) * 1000


def measure() -> list[str]:
    """The table's lines, pool by pool, and the slowest call."""
    lines = ["pool  ob   chance   all options     hard    screen    reroll  baseline (binomial)"]
    worst = 0.0
    for dice in range(1, 16):
        ob = (dice + 1) // 2
        p = odds.chance(dice, ob, True, True, True)
        cold = _per_call_ms(partial(odds.chance, dice, ob, True, True, True))
        hard = _per_call_ms(partial(odds.chance, dice, dice + 3, True, True, True))
        panel = _per_call_ms(partial(screen, dice, ob))
        slowest = _per_call_ms(partial(reroll, dice))
        base = _per_call_ms(partial(binomial, dice, ob), clear=False)
        worst = max(worst, cold, hard, panel, slowest)
        lines.append(
            f"{dice:>3}D  {ob:>2}  {odds.percent(p):>8}  {cold:>8.3f} ms  {hard:>6.3f} ms"
            f"  {panel:>6.3f} ms  {slowest:>6.3f} ms  {base:.4f} ms"
        )
    lines.append(f"slowest call: {worst:.3f} ms (target < 5 ms on a sixth of a core)")
    lines.append(f"baseline, the same run's fixed loop: {pinned.reference_ms():.2f} ms")
    return lines + [""] + panel_lines()


def main() -> None:
    if pinned.is_child():
        print("\n".join(measure()))
        return
    print(f"A full core (this machine as it is, load average {pinned.load()}):")
    print("\n".join(measure()), flush=True)
    try:
        how, table = pinned.run_pinned("benchmarks.mg_odds")
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"\nA sixth of a core: not measured ({error})")
        return
    print(f"\nA sixth of a core ({how}):")
    print(table, end="")


if __name__ == "__main__":
    main()
