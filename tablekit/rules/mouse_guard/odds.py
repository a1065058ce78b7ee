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
one failure; then a table, in whole numbers, of the successes that ``a``
chains of exploding dice add. Pools up to 15D take about a millisecond.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial

from tablekit.rules.mouse_guard.dice import MAX_DICE

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
    """The chance that ``dice`` dice meet obstacle ``ob``, using the options allowed."""
    weights = _WITH_OF_COURSE if of_course else _PLAIN
    return _finish(0, 0, 0, dice, weights, ob, fate, deeper_understanding)


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


def _finish(
    successes: int,
    axes: int,
    failures: int,
    dice: int,
    weights: tuple[int, int, int, int],
    ob: int,
    fate: bool,
    deeper_understanding: bool,
) -> Fraction:
    """Roll ``dice`` more dice with ``weights`` beside a fixed roll, then the later options.

    Everything is counted in whole numbers over one denominator, so one fraction is made.
    """
    if min(successes, axes, failures, dice) < 0:
        raise ValueError("dice, successes, failures and axes are never negative")
    if max(axes, failures, dice) > MAX_DICE:
        raise ValueError(f"the odds count pools of up to {MAX_DICE} dice")
    if ob - successes > MAX_NEEDED:
        raise ValueError(f"the odds count up to {MAX_NEEDED} more successes needed")
    if ob <= successes:
        return Fraction(1)
    spread = _after_wise(successes, axes, failures, dice, weights, deeper_understanding)
    denominator = weights[3] ** dice * (6 if deeper_understanding else 1)
    if not fate:
        met = sum(weight for (won, _), weight in spread.items() if won >= ob)
        return Fraction(met, denominator)
    by_axes: dict[int, int] = {}
    for (won, chains), weight in spread.items():
        met = weight * _chains_reach(chains, ob - won, ob)
        by_axes[chains] = by_axes.get(chains, 0) + met
    one_chain, most = 2 * 6**ob, max(by_axes)
    met = sum(ways * one_chain ** (most - chains) for chains, ways in by_axes.items())
    return Fraction(met, denominator * one_chain**most)


def _after_wise(
    successes: int,
    axes: int,
    failures: int,
    dice: int,
    weights: tuple[int, int, int, int],
    deeper_understanding: bool,
) -> dict[tuple[int, int], int]:
    """Whole-number weights of (successes, axes) once the wises are used."""
    spread: dict[tuple[int, int], int] = {}
    axe, sword, snake, total = _PLAIN
    for fails, new_axes, weight in _outcomes(dice, weights):
        won, axes_now, fails_now = successes + dice - fails, axes + new_axes, failures + fails
        if not deeper_understanding:
            ways = [((won, axes_now), weight)]
        elif fails_now == 0:
            ways = [((won, axes_now), weight * total)]
        else:
            ways = [
                ((won + 1, axes_now + 1), weight * axe),
                ((won + 1, axes_now), weight * sword),
                ((won, axes_now), weight * snake),
            ]
        for key, part in ways:
            spread[key] = spread.get(key, 0) + part
    return spread


@lru_cache(maxsize=1024)
def _outcomes(dice: int, weights: tuple[int, int, int, int]) -> tuple[tuple[int, int, int], ...]:
    """Whole-number weights of (failures, axes, weight) for ``dice`` dice, out of
    ``total ** dice``."""
    axe, sword, snake, _ = weights
    table = []
    for fails in range(dice + 1):
        for axes in range(dice - fails + 1):
            swords = dice - fails - axes
            ways = factorial(dice) // (factorial(fails) * factorial(axes) * factorial(swords))
            table.append((fails, axes, ways * axe**axes * sword**swords * snake**fails))
    return tuple(table)


@lru_cache(maxsize=1024)
def _by_failures(dice: int, weights: tuple[int, int, int, int]) -> tuple[tuple[int, int, int], ...]:
    """:func:`_outcomes` with the axes summed away, for a chance where no axe explodes: the
    axes then change nothing, and 15D has 16 numbers of failures against 136 outcomes."""
    summed = [0] * (dice + 1)
    for fails, _, weight in _outcomes(dice, weights):
        summed[fails] += weight
    return tuple((fails, 0, weight) for fails, weight in enumerate(summed))


def _chains_reach(chains: int, needed: int, cap: int) -> int:
    """How often ``chains`` exploding dice add ``needed`` successes or more, out of
    ``(2 * 6**cap) ** chains``, for ``needed <= cap``.
    """
    return _chain_tails(chains, cap)[max(needed, 0)]


@lru_cache(maxsize=1024)
def _chain_tails(chains: int, cap: int) -> tuple[int, ...]:
    """For each ``needed`` from 0 to ``cap``, how often ``chains`` exploding dice add that
    many successes or more: :func:`_chain_sums` summed from the top, once."""
    tails = list(_chain_sums(chains, cap))
    for needed in range(cap - 1, -1, -1):
        tails[needed] += tails[needed + 1]
    return tuple(tails)


@lru_cache(maxsize=1024)
def _chain_sums(chains: int, cap: int) -> tuple[int, ...]:
    """Whole-number weights of the successes ``chains`` exploding dice add, 0 to ``cap``
    (the last meaning ``cap`` or more), out of ``(2 * 6**cap) ** chains``.

    One exploding die adds nothing half the time; it adds exactly ``j`` (its
    first ``j - 1`` dice axes, then a sword, or ``j`` axes then a snake) with
    chance ``5/2 * 6**-j``, and ``cap`` or more with chance ``3 * 6**-cap``.
    Out of ``2 * 6**cap``: ``6**cap`` ways to add nothing, ``5 * 6**(cap - j)`` to add
    ``j``, and ``6**(cap - j + 1)`` to add ``j`` or more. One more chain is then a
    running sum over the successes before it, not a product of every pair: a pool of
    15D has 17 chains and a cap near 20.
    """
    if chains == 0:
        return (1,) + (0,) * cap
    fewer = _chain_sums(chains - 1, cap)
    six = [6**power for power in range(cap + 1)]
    sums = []
    below = 0  # the ways to fewer successes than ``had``, each weighed by 6**successes
    for had in range(cap):
        sums.append(fewer[had] * six[cap] + 5 * six[cap - had] * below)
        below += fewer[had] * six[had]
    sums.append(6 * below + 2 * six[cap] * fewer[cap])
    return tuple(sums)


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
    """
    if min(successes, axes, failures, dice) < 0:
        raise ValueError("dice, successes, failures and axes are never negative")
    if max(axes, failures, dice) > MAX_DICE or ob - successes > MAX_NEEDED:
        raise ValueError(f"the odds count pools of up to {MAX_DICE} dice")
    weights = _PLAIN
    if of_course and dice:
        weights = _WITH_OF_COURSE
    elif of_course:
        dice, failures = failures, 0
    last = _Last(ob, reroll_failures, failures + dice, axes + dice + 1)
    total, met, deeper = 0, last.met, last.deeper
    outcomes = _outcomes(dice, weights) if explode else _by_failures(dice, weights)
    for fails, new_axes, weight in outcomes:
        needed, left, pending = ob - successes - dice + fails, failures + fails, axes + new_axes
        if not (deeper_understanding and left):
            value = _PLAIN[3] * met(needed, left, pending if explode else 0)
        elif explode and fate < 2:
            value = max(_PLAIN[3] * met(needed, left, pending), deeper(needed, left, 0, False))
        else:
            value = deeper(needed, left, pending, explode)
        total += weight * value
    return Fraction(total, weights[3] ** dice * last.out_of)


class _Last:
    """Steps 8 and 9 of one chance: Fate on the axes, then the sheet's level 3 reroll.

    Every figure is a whole number out of :attr:`out_of`, one denominator for the whole
    question (up to ``fails`` failed dice and ``chains`` axes), so the best play is chosen
    by comparing whole numbers and the answer is one fraction made at the end: fractions
    of a thousand digits, added one by one, took tens of milliseconds at 15D.
    """

    def __init__(self, ob: int, reroll: bool, fails: int, chains: int) -> None:
        self.ob, self.reroll, self.cap = ob, reroll, max(ob, 0)
        self.fails, self.chains = fails, chains
        one_chain = 2 * 6**self.cap  # the outcomes of one exploding chain (_chain_sums)
        self.powers = [1]
        """``one_chain ** c`` for each ``c`` up to ``chains``."""
        for _ in range(chains):
            self.powers.append(self.powers[-1] * one_chain)
        self.out_of = 6 * self.powers[chains] << (fails if reroll else 0)
        """A Deeper Understanding die (6), the rerolls of the most failures (2 each) and the
        most exploding chains (``2 * 6**cap`` each)."""
        self.known: dict[tuple[int, int, int], int] = {}
        """What :meth:`_met` has counted, by (successes needed, failures, chains)."""

    def deeper(self, needed: int, fails: int, axes: int, explode: bool) -> int:
        """Deeper Understanding on one failed die (an axe, a sword or a failure again), then
        the axes explode if ``explode``, then the reroll; out of ``out_of``."""
        axe, sword, snake, _ = _PLAIN
        chains = axes if explode else 0
        return (
            axe * self.met(needed - 1, fails - 1, chains + explode)
            + sword * self.met(needed - 1, fails - 1, chains)
            + snake * self.met(needed, fails, chains)
        )

    def met(self, needed: int, fails: int, chains: int) -> int:
        """The ways ``chains`` exploding dice and the reroll of ``fails`` failed dice add
        ``needed`` successes, out of ``out_of / 6``; each is counted once per question
        (Deeper Understanding's three ways lead to other rolls' places)."""
        key = (needed, fails, chains)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._count(needed, fails, chains)
        return found

    def _count(self, needed: int, fails: int, chains: int) -> int:
        """The ways ``chains`` exploding dice and the reroll of ``fails`` add ``needed``."""
        tails = _chain_tails(chains, self.cap)
        if self.reroll:
            met = sum(comb(fails, k) * tails[max(needed - k, 0)] for k in range(fails + 1))
        else:
            met = tails[max(needed, 0)]
        rerolls = self.fails - fails if self.reroll else 0
        return met * self.powers[self.chains - chains] << rerolls
