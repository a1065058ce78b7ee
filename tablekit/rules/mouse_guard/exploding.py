"""How often a test's last steps add the successes its roll still needs: Fate on the axes
(step 8; each axe rolls a chain of dice that goes on while they come up axes) and the
sheet's level 3 reroll of the failed dice (step 9), in whole numbers over one denominator.

A chain adds nothing with chance 1/2 (its first die a snake) and exactly ``j`` with chance
``5/2 * 6**-j``: its generating function is ``(3 + 2x) / (6 - x)``. So the chance
``T(c, n)`` that ``c`` chains add ``n`` or more obeys ``(6 - x) T_c = 3 + (3 + 2x) T_(c-1)``,
that is, for every ``n`` (``T`` is 1 at 0 and below, where ``1 = (1 + 3 + 2) / 6``),

    T(c, n) = (T(c, n - 1) + 3 T(c - 1, n) + 2 T(c - 1, n - 1)) / 6

Counted out of a power of six that every ``T`` divides, the division is exact, and each
figure costs a few whole-number steps: a pinned core spends its time on the interpreter's
steps, not on the numbers, which stay a few hundred bits long.
"""

from __future__ import annotations

from fractions import Fraction
from operator import add

from tablekit.rules.mouse_guard.dice import MAX_DICE


def _pascal(rows: int) -> tuple[tuple[int, ...], ...]:
    """Pascal's triangle to ``rows`` rows: row ``f`` holds ``C(f, i)`` for ``i`` 0 to ``f``."""
    triangle, row = [], (1,)
    for _ in range(rows):
        triangle.append(row)
        row = tuple(map(add, row + (0,), (0,) + row))
    return tuple(triangle)


BINOMIALS = _pascal(2 * MAX_DICE + 1)
"""``BINOMIALS[f][i]``: the ways ``i`` of ``f`` rerolled failed dice fail again (a roll's
failures and a pool's dice are each at most :data:`.dice.MAX_DICE`), counted at import."""


class Rest:
    """Steps 8 and 9 of one question, each figure a whole number out of :attr:`out_of`.

    Up to ``fails`` failed dice and ``chains`` chains, needing up to ``cap`` successes. One
    denominator for the whole question lets the best play be chosen by comparing whole
    numbers and the answer be one fraction made at the end.
    """

    def __init__(self, cap: int, reroll: bool, fails: int, chains: int) -> None:
        self.cap, self.reroll, self.fails = max(cap, 1), reroll, fails
        self.whole = 6 ** (chains + self.cap - 1)
        """Every chance of the chains is counted out of this: ``c`` chains add ``n`` or
        more with a chance out of ``6**(c + n - 1)``."""
        self.out_of = self.whole << (fails if reroll else 0)
        """The chains' outcomes and the rerolls' (two for each of the most failures)."""
        self.rows = [[self.whole] for _ in range(chains + 1)]
        self.rerolls: dict[tuple[int, int], list[int]] = {}

    def met(self, needed: int, fails: int, chains: int, count: int) -> list[int]:
        """For ``count`` rolls, each with one more failure and needing one more success than
        the last, the ways ``chains`` chains and the reroll of their failures add what they
        need, out of :attr:`out_of`."""
        if self.reroll:
            return self._rerolled(chains, needed - fails, fails + count)[fails : fails + count]
        row = self.row(chains, needed + count - 1)
        lead = min(max(-needed, 0), count)  # rolls that need nothing more
        return [row[0]] * lead + row[needed + lead : needed + count]

    def deeper(self, needed: int, fails: int, chains: int, count: int, explode: bool) -> list[int]:
        """:meth:`met` after Deeper Understanding rerolled one failed die (an axe, with a chain
        of its own if ``explode``, a sword or a failure again), out of 6 times :attr:`out_of`;
        every roll has a failure."""
        won = self.met(needed - 1, fails - 1, chains, count)
        axe = self.met(needed - 1, fails - 1, chains + 1, count) if explode else won
        lost = self.met(needed, fails, chains, count)
        return [a + 2 * w + 3 * f for a, w, f in zip(axe, won, lost, strict=True)]

    def row(self, chains: int, top: int) -> list[int]:
        """The ways ``chains`` chains add ``n`` or more, out of :attr:`whole`, for each ``n``
        from 0 to at least ``top`` (``cap`` at most): a row is counted only as far as a
        question reads it, and one with many chains is read only near its start."""
        row = self.rows[chains]
        if len(row) <= top:
            if chains == 0:
                row += [0] * (top + 1 - len(row))  # no chain adds anything
                return row
            fewer, here = self.row(chains - 1, top), row[-1]
            for n in range(len(row), top + 1):
                here = (here + 3 * fewer[n] + 2 * fewer[n - 1]) // 6
                row.append(here)
        return row

    def _rerolled(self, chains: int, gap: int, count: int) -> list[int]:
        """For at least the first ``count`` numbers ``f`` of failed dice, the ways ``chains``
        chains and the reroll of ``f`` failed dice (a success each half the time) add
        ``gap + f``, out of :attr:`out_of`; kept by (chains, gap) and grown on demand, since
        the rolls of a question with the same gap differ only in their failures.

        Call that ``S(c, f)``: ``2**(F - f)`` times ``B(c, f) = sum(C(f, i) * T(c, gap + i))``
        (``i`` of the rerolled dice failing again), ``F`` the most failures. Taking ``B`` of
        the module's recurrence for ``T``, which holds for every ``n``, turns a step of
        ``n`` into a difference of ``f``, so that
        ``12 S(c, f + 1) = 7 S(c, f) + 6 S(c - 1, f + 1) - S(c - 1, f)``: each figure from
        three others, exactly, instead of a sum over the rerolled dice."""
        found = self.rerolls.setdefault((chains, gap), [])
        if len(found) >= count:
            return found
        if chains == 0:
            again = max(1 - gap, 0)  # with no chain, at most -gap rerolled dice may fail again
            found += [
                self.whole * sum(BINOMIALS[f][:again]) << self.fails - f
                for f in range(len(found), count)
            ]
            return found
        fewer = self._rerolled(chains - 1, gap, count)
        if not found:
            found.append((self.row(chains, gap)[gap] if gap > 0 else self.whole) << self.fails)
        here = found[-1]
        for f in range(len(found), count):
            here = (7 * here + 6 * fewer[f] - fewer[f - 1]) // 12
            found.append(here)
        return found


Kind = tuple[int, int, int, int]
"""``(m, c0, c1, c2)``: a die whose successes have the generating function
``(c0 + c1 x + c2 x**2) / (m (6 - x))``, its axe's chain included."""

CHAIN = (1, 3, 2, 0)
"""A chain, and a plain die with Fate on its axes: an exploding die is a chain's first die."""


def exploding_die(weights: tuple[int, int, int, int], reroll: bool) -> Kind:
    """The :data:`Kind` of a die with ``weights`` (axe, sword, failure, their total) whose axe
    rolls a chain, its failure rerolled once (a success half the time) if ``reroll``:
    ``(failure r(x) + sword x + axe x (3 + 2x) / (6 - x)) / total``, over ``6 - x``."""
    axe, sword, snake, total = weights
    if reroll:  # r(x) = (1 + x) / 2, the whole doubled
        return 2 * total, 6 * snake, 5 * snake + 12 * sword + 6 * axe, 4 * axe - snake - 2 * sword
    return total, 6 * snake, 6 * sword - snake + 3 * axe, 2 * axe - sword


def pool_tail(kinds: list[tuple[Kind, int]], failures: int, needed: int) -> Fraction:
    """The chance that dice of each kind (``(kind, how many)``) and ``failures`` failed dice
    rerolled once add ``needed`` or more, when every die is independent of the others.

    The pool's generating function is ``N(x) / (M (6 - x)**D)``: ``N`` the product of the
    numerators' powers and ``(1 + x)**failures``, ``M`` of the ``m``'s powers and
    ``2**failures``, ``D`` the number of dice. With ``1 / (6 - x)**D`` the sum over ``i``
    of ``C(D - 1 + i, i) x**i / 6**(D + i)``, the chance of fewer than ``n``, out of
    ``M 6**(D + n - 1)``, is the sum over ``j`` of ``N_j 6**j G(n - 1 - j)``, where
    ``G(r) = 6 G(r - 1) + C(D - 1 + r, r)``: a few whole-number steps for each success
    needed, however many dice."""
    if needed <= 0:
        return Fraction(1)
    top, out_of, count = needed, 1, 0
    numerator = list(BINOMIALS[failures][:top]) if failures else [1]
    for (m, *terms), dice in kinds:
        if dice:
            numerator = _times(numerator, _power(terms, dice, top), top)
            out_of, count = out_of * m**dice, count + dice
    out_of <<= failures
    grown, ways = [1], 1  # G(r), and C(D - 1 + r, r)
    for r in range(1, top):
        ways = ways * (count - 1 + r) // r
        grown.append(6 * grown[-1] + ways)
    fewer = sum(n * 6**j * grown[top - 1 - j] for j, n in enumerate(numerator))
    whole = out_of * 6 ** (count + top - 1)
    return Fraction(whole - fewer, whole)


def _power(terms: list[int], power: int, top: int) -> list[int]:
    """The first ``top`` coefficients of ``(c0 + c1 x + c2 x**2) ** power``, ``c0`` not 0,
    by J. C. P. Miller's recurrence: ``k c0 a_k`` is the sum over ``j`` of
    ``((power + 1) j - k) c_j a_(k - j)``, an exact division."""
    c0, c1, c2 = terms
    found = [c0**power]
    for k in range(1, top):
        total = (power + 1 - k) * c1 * found[k - 1]
        if c2 and k > 1:
            total += (2 * power + 2 - k) * c2 * found[k - 2]
        found.append(total // (k * c0))
    return found


def _times(a: list[int], b: list[int], top: int) -> list[int]:
    """The first ``top`` coefficients of the product of two polynomials."""
    if a == [1]:
        return b[:top]
    return [
        sum(a[j] * b[k - j] for j in range(max(k - len(b) + 1, 0), min(k, len(a) - 1) + 1))
        for k in range(top)
    ]
