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
plus 3. Every call is cold (the odds module's caches emptied first), and each
figure is milliseconds per call: the mean of calls made one after another for
0.1 s, so that a CPU quota's periods average out, the lowest of three such
windows (:func:`benchmarks.pinned.per_call_ms`).

The baseline, measured in the same run, is the plain binomial tail
``sum(C(n, k)) / 2**n`` as an exact fraction, the least any exact answer costs,
and each table ends with :func:`benchmarks.pinned.reference_ms`, whose ratio
between the tables is how much slower the pinned core really was. The target:
15D with every option under 5 ms on a sixth of a core.
"""

from __future__ import annotations

import subprocess
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


def _clear() -> None:
    odds._outcomes.cache_clear()
    odds._chain_sums.cache_clear()
    odds._chain_tails.cache_clear()
    odds._by_failures.cache_clear()


def _per_call_ms(call: Callable[[], object], clear: bool = True) -> float:
    """Milliseconds per call, cold if ``clear`` (:func:`benchmarks.pinned.per_call_ms`)."""
    return pinned.per_call_ms(call, _clear if clear else None)


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
    return lines


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
