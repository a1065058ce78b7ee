"""How often a test's last steps add the successes its roll still needs: Fate on the axes
(step 8; each axe rolls a chain of dice that goes on while they come up axes) and the
sheet's level 3 reroll of the failed dice (step 9), in whole numbers over one denominator.

A chain adds nothing with chance 1/2 (its first die a snake) and exactly ``j`` with chance
``5/2 * 6**-j``. The ways ``c`` chains add exactly ``n`` successes, out of ``6**(c + n)``,
are whole numbers that do not depend on how many successes a test needs, so one table by
chains serves every question; it grows by a running sum, one chain at a time.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from operator import mul

from tablekit.rules.mouse_guard.dice import MAX_DICE

BLOCK = 8
"""The tables are counted to a multiple of this many successes, so that questions that
need 7 or 8 (a test and the same test with a level 3 trait's success) share them."""

MOST_CHAINS = 2 * MAX_DICE + 1
"""The most chains one question counts: every die of a pool and of a roll an axe, and a
Deeper Understanding die."""


@lru_cache(maxsize=4 * (MOST_CHAINS + 1))
def exactly(chains: int, length: int) -> tuple[int, ...]:
    """The ways ``chains`` chains add exactly ``n`` successes, out of ``6**(chains + n)``,
    for each ``n`` below ``length``: from one chain fewer, 3 ways to add nothing and 15 to
    add each ``j`` of 1 or more."""
    if chains == 0:
        return (1,) + (0,) * (length - 1)
    fewer = exactly(chains - 1, length)
    row, before = [], 0
    for n in range(length):
        row.append(3 * fewer[n] + 15 * before)
        before += fewer[n]
    return tuple(row)


@lru_cache(maxsize=4 * (MOST_CHAINS + 1))
def short(chains: int, length: int) -> tuple[int, ...]:
    """The ways ``chains`` chains add fewer than ``n`` successes, out of
    ``6**(chains + n - 1)``, for each ``n`` from 0 (none) to ``length``."""
    row, below = [0], 0
    for ways in exactly(chains, length):
        below = 6 * below + ways
        row.append(below)
    return tuple(row)


class Rest:
    """Steps 8 and 9 of one question, each figure a whole number out of :attr:`out_of`.

    Up to ``fails`` failed dice and ``chains`` chains, needing up to ``cap`` successes. One
    denominator for the whole question lets the best play be chosen by comparing whole
    numbers and the answer be one fraction made at the end.
    """

    def __init__(self, cap: int, reroll: bool, fails: int, chains: int) -> None:
        self.cap, self.reroll, self.fails = max(cap, 1), reroll, fails
        self.length = -(-self.cap // BLOCK) * BLOCK
        self.power = chains + self.cap - 1
        """Every chance of the chains is counted out of ``6**power``."""
        self.sixes = [6**k for k in range(self.power + 1)]
        self.out_of = self.sixes[-1] << (fails if reroll else 0)
        """The chains' outcomes and the rerolls' (two for each of the most failures)."""
        self.rows: dict[int, list[int]] = {}
        self.known: dict[tuple[int, int, int], int] = {}

    def met(self, needed: int, fails: int, chains: int, count: int) -> list[int]:
        """For ``count`` rolls, each with one more failure and needing one more success than
        the last, the ways ``chains`` chains and the reroll of their failures add what they
        need, out of :attr:`out_of`."""
        if self.reroll:
            return [self._rerolled(needed + k, fails + k, chains) for k in range(count)]
        row = self._row(chains, needed + count - 1)
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

    def _row(self, chains: int, top: int) -> list[int]:
        """Without the reroll, the ways ``chains`` chains add ``n`` or more, for each ``n``
        from 0 to at least ``top`` (``cap`` at most): a row is counted only as far as a
        question reads it, and one with many chains is read only near its start."""
        row = self.rows.setdefault(chains, [self.sixes[-1]])
        if len(row) <= top:
            whole, fewer, sixes = row[0], short(chains, self.length), self.sixes
            shift = self.power - chains + 1
            row += [whole - fewer[n] * sixes[shift - n] for n in range(len(row), top + 1)]
        return row

    def _rerolled(self, needed: int, fails: int, chains: int) -> int:
        """The ways ``chains`` chains and the reroll of ``fails`` failed dice (a success each
        half the time) add ``needed``; out of :attr:`out_of`, once per question."""
        key = (needed, fails, chains)
        found = self.known.get(key)
        if found is None:
            row = self._row(chains, needed)
            reach = row[max(needed - fails, 0) : max(needed, 0) + 1][::-1]  # k rerolled won
            reach += [row[0]] * (fails + 1 - len(reach))
            found = self.known[key] = sum(map(mul, binomials(fails), reach)) << self.fails - fails
        return found


@lru_cache(maxsize=MOST_CHAINS + 1)
def binomials(dice: int) -> tuple[int, ...]:
    """The ways ``dice`` rerolled dice give each number of successes, 0 to ``dice``."""
    return tuple(comb(dice, k) for k in range(dice + 1))
