"""Exact chances for Mouse Guard tests, as fractions, never sampled.

A die succeeds on a sword or an axe (half the faces); an axe is one face in six.
After the roll a mouse may have three ways to improve it, each once:

* **Of Course!** (a Persona point and a wise): reroll every failed die.
* **Deeper Understanding** (a Fate point and a wise): reroll one failed die.
* **Fate on axes**: every axe rolls one more die; every axe among those rolls
  again, with no limit.

The best play, for the chance of meeting an obstacle, is the summary's order
(wises in step 7, then axes in step 8) with Of Course! before Deeper
Understanding: Of Course! rerolls every failure once, and Deeper Understanding
then rerolls one die that is still a failure. The other way round is worse: a
die Deeper Understanding turned into a success could have been rerolled by Of
Course! anyway, so its Fate point is spent on a die that did not need it.
Wises go before the axes because an axe from a reroll explodes too. No option
can take a success away, so a mouse that needs them uses all it has; the chance
"with an option" is the chance when it is used whenever it might help. The
brute-force test in ``tests/rules/mouse_guard`` confirms this against every
order of the wises and every roll up to 8D.

The chances keep the summary's order. A table that let Fate go before the
wises could do better by choosing after each result (1D Ob 2 with all three:
22.9% against 14.6% here); the test procedure does not allow it.

How it is computed: with Of Course!, each die ends as an axe (1/4), a sword
(1/2) or a failure (1/4) independently of the others, so one multinomial over
(failures, axes) covers the roll and its rerolls; Deeper Understanding moves
one failure; then :mod:`.exploding` counts, in whole numbers, what the axes'
chains and the level 3 reroll add. The rolls with the same number of axes are
counted together, each a slice of one table. With Fate on the axes and no
Deeper Understanding every die adds its successes on its own, so the chance is
one tail of the pool's generating function (:func:`.exploding.pool_tail`), and
with one Fate point to choose with, that tail plus what choosing Deeper
Understanding adds on the few rolls where it is better. A test's whole panel
of six questions at 15D takes about a quarter of a millisecond.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache
from math import comb
from operator import mul

from tablekit.rules.mouse_guard.dice import MAX_DICE
from tablekit.rules.mouse_guard.exploding import BINOMIALS, CHAIN, Rest, exploding_die, pool_tail

_PLAIN = (1, 2, 3, 6)
"""Weights of axe, sword and failure for one die, and their total."""

_WITH_OF_COURSE = (1, 2, 1, 4)
"""The same for a die rerolled once if it failed: 1/6 + 1/12, 1/3 + 1/6, 1/4."""


MAX_NEEDED = 2 * MAX_DICE
"""The most successes still needed that the odds count; more is refused (ValueError).

Below it a pool of :data:`MAX_DICE` with every axe exploding takes well under a
second; above it the chance is under 1e-16, so the screen shows 0.00% anyway.
"""


@dataclass(frozen=True)
class Versus:
    """A raw versus roll (before any tie-breaking): the first pool wins, ties or loses."""

    win: Fraction
    tie: Fraction
    lose: Fraction


def chance(
    dice: int,
    ob: int,
    fate: bool = False,
    deeper_understanding: bool = False,
    of_course: bool = False,
) -> Fraction:
    """The chance that ``dice`` dice meet obstacle ``ob``, using the options allowed (Fate
    on the axes beside Deeper Understanding: a Fate point for each)."""
    if dice < 0:
        raise ValueError("dice, successes, failures and axes are never negative")
    if dice > MAX_DICE:
        raise ValueError(f"the odds count pools of up to {MAX_DICE} dice")
    if ob > MAX_NEEDED:
        raise ValueError(f"the odds count up to {MAX_NEEDED} more successes needed")
    options = {"of_course": of_course, "deeper_understanding": deeper_understanding}
    return best_chance(ob, dice, explode=fate, fate=2, **options)


def versus(dice: int, dice2: int) -> Versus:
    """Win, tie and lose for ``dice`` against ``dice2``, each success a coin flip."""
    if not (0 <= dice <= MAX_DICE and 0 <= dice2 <= MAX_DICE):
        raise ValueError(f"the odds count pools of 0 to {MAX_DICE} dice")
    total = 2 ** (dice + dice2)
    tie = comb(dice + dice2, dice)
    win = sum(
        comb(dice, k) * comb(dice2, j) for k in range(dice + 1) for j in range(min(k, dice2 + 1))
    )
    return Versus(Fraction(win, total), Fraction(tie, total), Fraction(total - win - tie, total))


def percent(p: Fraction, places: int = 2) -> str:
    """``p`` as a percentage rounded half up, the way odds tables print it (34.38%)."""
    shown = Decimal(p.numerator * 100) / Decimal(p.denominator)
    return f"{shown.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)}%"


def best_chance(
    ob: int,
    dice: int = 0,
    successes: int = 0,
    failures: int = 0,
    axes: int = 0,
    *,
    of_course: bool = False,
    deeper_understanding: bool = False,
    explode: bool = False,
    fate: int = 1,
    reroll_failures: bool = False,
) -> Fraction:
    """The chance of meeting ``ob`` when the mouse chooses each option after seeing the dice.

    ``dice`` are still to roll, beside a roll already made (``successes``,
    ``failures``, ``axes`` not exploded yet). The options go in the summary's
    order: Of Course! and Deeper Understanding (step 7), Fate on the axes
    (step 8), then ``reroll_failures``, the sheet's level 3 trait, which
    rerolls the roll's failed dice once at step 9, after the explosion, so its
    axes never explode. Deeper Understanding and the axes each cost a Fate
    point: with only one (``fate`` 1) the mouse decides, seeing the roll, which
    of the two to buy. Every option is used whenever it might help.

    The answers are kept for the last :data:`KEPT` questions: a test's panel asks the
    same questions again each time the view is built while nothing about the test changed.
    """
    if min(successes, axes, failures, dice) < 0:
        raise ValueError("dice, successes, failures and axes are never negative")
    if max(axes, failures, dice) > MAX_DICE or ob - successes > MAX_NEEDED:
        raise ValueError(f"the odds count pools of up to {MAX_DICE} dice")
    choice = deeper_understanding and explode and fate < 2
    return _best(
        ob, dice, successes, failures, axes, of_course, deeper_understanding, explode, choice,
        reroll_failures,
    )  # fmt: skip


KEPT = 256
"""How many answers :func:`best_chance` keeps: each is one fraction of at most a few
hundred digits, so the cache stays under 256 KiB."""


@lru_cache(maxsize=KEPT)
def _best(
    ob: int,
    dice: int,
    successes: int,
    failures: int,
    axes: int,
    of_course: bool,
    deeper_understanding: bool,
    explode: bool,
    choice: bool,
    reroll: bool,
) -> Fraction:
    """:func:`best_chance` once its inputs are checked; ``choice``: one Fate point for
    Deeper Understanding or the axes, chosen after the roll.

    The rolls are taken a number of axes at a time: among them each more failure needs one
    more success, so what the last steps add is a slice of one row of :class:`.Rest`.
    """
    weights = _PLAIN
    if of_course and dice:
        weights = _WITH_OF_COURSE
    elif of_course:
        dice, failures = failures, 0
    if explode and not deeper_understanding:
        return _independent(ob - successes, dice, failures, axes, weights, reroll)
    chains = axes + dice + 1 if explode else 0
    rest = Rest(ob - successes, reroll, failures + dice, chains)
    needed, skip = ob - successes - dice, int(failures == 0)  # the roll with no failure
    if choice:  # Deeper Understanding instead of the axes, by number of failures
        rather = [0] * skip
        rather += rest.deeper(needed + skip, failures + skip, 0, dice + 1 - skip, False)
        gain = _choice_gain(rest, rather, needed, dice, failures, axes, weights)
        plan = _independent(ob - successes, dice, failures, axes, weights, reroll)
        return plan + Fraction(gain, weights[3] ** dice * _PLAIN[3] * rest.out_of)
    total = 0
    for new_axes, by_fails in _outcomes(dice, weights) if explode else _by_failures(dice, weights):
        count, first = len(by_fails), axes + new_axes if explode else 0
        values = rest.met(needed, failures, first, count)
        if deeper_understanding:
            values = list(map(_PLAIN[3].__mul__, values))
        if deeper_understanding and count > skip:
            left = count - skip
            values[skip:] = rest.deeper(needed + skip, failures + skip, first, left, explode)
        total += sum(map(mul, by_fails, values))
    unit = _PLAIN[3] if deeper_understanding else 1  # a Deeper Understanding die's outcomes
    return Fraction(total, weights[3] ** dice * unit * rest.out_of)


Outcomes = tuple[tuple[int, tuple[int, ...]], ...]
"""For each number of axes, the whole-number weights of each number of failures."""


def _independent(
    needed: int,
    dice: int,
    failures: int,
    axes: int,
    weights: tuple[int, int, int, int],
    reroll: bool,
) -> Fraction:
    """The chance with Fate on the axes and no Deeper Understanding: every die then adds its
    successes independently of the others (an axe's chain, a rerolled failure), so the
    pool's chance is a tail of a product of generating functions (:func:`.pool_tail`),
    a few steps for each die, where the rolls' table has a term for each axes and failures."""
    pool = [(CHAIN, axes), (exploding_die(weights, reroll), dice)]
    return pool_tail(pool, failures if reroll else 0, needed)


def _choice_gain(
    rest: Rest,
    rather: list[int],
    needed: int,
    dice: int,
    failures: int,
    axes: int,
    weights: tuple[int, int, int, int],
) -> int:
    """What choosing, after the roll, Deeper Understanding (``rather``, by number of
    failures) instead of the axes adds to the axes' chance, out of
    ``total ** dice * 6 *`` :attr:`.Rest.out_of`.

    More axes never make the axes worse, so the rolls where Deeper Understanding is better
    are the first few numbers of axes: the rows are read until one has none."""
    gain = 0
    for new_axes in range(dice + 1):
        by_fails = _outcome_row(dice, weights, new_axes)
        values = rest.met(needed, failures, axes + new_axes, len(by_fails))
        better = [r - _PLAIN[3] * v for r, v in zip(rather[: len(values)], values, strict=True)]
        if max(better) <= 0:
            break
        gain += sum(w * b for w, b in zip(by_fails, better, strict=True) if b > 0)
    return gain


@lru_cache(maxsize=1024)
def _outcomes(dice: int, weights: tuple[int, int, int, int]) -> Outcomes:
    """Whole-number weights of ``dice`` dice, out of ``total ** dice``: for each number of
    axes, the weight of each number of failures among the other dice (two binomials)."""
    return tuple((axes, _outcome_row(dice, weights, axes)) for axes in range(dice + 1))


def _outcome_row(dice: int, weights: tuple[int, int, int, int], axes: int) -> tuple[int, ...]:
    """The row of :func:`_outcomes` for ``axes`` axes: the weight of each number of failures."""
    axe, sword, snake, _ = weights
    rest, head = dice - axes, BINOMIALS[dice][axes] * axe**axes
    ways = enumerate(BINOMIALS[rest])
    return tuple([head * c * snake**f * sword ** (rest - f) for f, c in ways])


@lru_cache(maxsize=1024)
def _by_failures(dice: int, weights: tuple[int, int, int, int]) -> Outcomes:
    """:func:`_outcomes` with the axes summed away, for a chance where no axe explodes: the
    axes then change nothing, and 15D has 16 numbers of failures against 136 outcomes."""
    axe, sword, snake, _ = weights
    hit = axe + sword
    ways = enumerate(BINOMIALS[dice])
    return ((0, tuple([c * snake**f * hit ** (dice - f) for f, c in ways])),)
