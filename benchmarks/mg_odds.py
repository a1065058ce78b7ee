"""How long an exact Mouse Guard chance takes, pool by pool, with every after-roll option.

Run: ``python -m benchmarks.mg_odds``.

For each pool of 1 to 15 dice, one call asks the chance of meeting an
obstacle half the pool (rounded up) with Fate on axes, Deeper Understanding
and Of Course! all allowed; "hard" asks for the pool plus 3 (only axes reach
it), the slowest kind of question. "cold" empties the odds module's caches before
every call (the first question after start-up); "warm" is the median of
repeated calls. The baseline, measured in the same run, is the plain binomial
tail ``sum(C(n, k)) / 2**n`` as an exact fraction: the least any exact answer
costs. The target is under 5 ms per call.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from math import comb

from tablekit.rules.mouse_guard import odds

REPEATS = 25


def binomial(dice: int, ob: int) -> Fraction:
    """The chance of ``ob`` or more successes with no option: the baseline."""
    return Fraction(sum(comb(dice, k) for k in range(ob, dice + 1)), 2**dice)


def _clear() -> None:
    odds._outcomes.cache_clear()
    odds._chain_sums.cache_clear()


def _time(call: Callable[[], object], clear: bool) -> float:
    """Median milliseconds of ``call()`` over REPEATS runs."""
    runs = []
    for _ in range(REPEATS):
        if clear:
            _clear()
        start = time.perf_counter()
        call()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def main() -> None:
    print("pool  ob   chance    all options cold  warm      hard cold  baseline (binomial)")
    worst = 0.0
    for dice in range(1, 16):
        ob = (dice + 1) // 2
        p = odds.chance(dice, ob, True, True, True)
        cold = _time(partial(odds.chance, dice, ob, True, True, True), clear=True)
        warm = _time(partial(odds.chance, dice, ob, True, True, True), clear=False)
        hard = _time(partial(odds.chance, dice, dice + 3, True, True, True), clear=True)
        base = _time(partial(binomial, dice, ob), clear=False)
        worst = max(worst, cold, hard)
        print(
            f"{dice:>3}D  {ob:>2}  {odds.percent(p):>8}  {cold:>14.3f} ms  {warm:.3f} ms"
            f"  {hard:>6.3f} ms  {base:.4f} ms"
        )
    print(f"slowest cold call: {worst:.3f} ms (target < 5 ms)")


if __name__ == "__main__":
    main()
