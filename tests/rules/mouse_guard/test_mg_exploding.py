"""The exploding chains' figures against a chain's chances added up one chain at a time, and
the level 3 reroll's against a plain sum over the rerolled dice."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.rules.mouse_guard.exploding import BINOMIALS, CHAIN, Rest, exploding_die, pool_tail


def _one_chain(n: int) -> Fraction:
    """A chain adds nothing half the time (its first die a snake), exactly ``n`` with
    chance 5/2 * 6**-n: ``n - 1`` axes then a sword, or ``n`` axes then a snake."""
    return Fraction(1, 2) if n == 0 else Fraction(5, 2) / 6**n


def _chains(chains: int, most: int) -> list[Fraction]:
    """The chance that ``chains`` chains add exactly each number of successes up to ``most``."""
    found = [Fraction(1)] + [Fraction(0)] * most
    for _ in range(chains):
        found = [sum(found[n - j] * _one_chain(j) for j in range(n + 1)) for n in range(most + 1)]
    return found


def _at_least(chains: int, n: int) -> Fraction:
    """The chance that ``chains`` chains add ``n`` or more."""
    return 1 - sum(_chains(chains, max(n, 0))[:n], Fraction(0))


def _rerolled(needed: int, fails: int, chains: int) -> Fraction:
    """The chance that ``chains`` chains and a reroll of ``fails`` failed dice add ``needed``:
    a sum over how many rerolled dice succeed."""
    ways = (comb(fails, k) * _at_least(chains, needed - k) for k in range(fails + 1))
    return sum(ways, Fraction(0)) / 2**fails


@pytest.mark.parametrize("chains", [0, 1, 2, 5, 17])
def test_each_row_is_the_chance_of_adding_that_many_or_more(chains: int) -> None:
    rest = Rest(9, False, 0, chains)
    row = rest.row(chains, 9)
    assert [Fraction(ways, rest.whole) for ways in row[:10]] == [
        _at_least(chains, n) for n in range(10)
    ]


def test_a_longer_row_begins_with_the_shorter_one() -> None:
    rest = Rest(16, False, 0, 4)
    shorter = list(rest.row(4, 5)[:6])
    assert rest.row(4, 16)[:6] == shorter


def test_the_reroll_table_is_pascals_triangle() -> None:
    assert all(row == tuple(comb(f, i) for i in range(f + 1)) for f, row in enumerate(BINOMIALS))


@settings(max_examples=60, deadline=None)
@given(
    chains=st.integers(0, 6),
    fails=st.integers(0, 5),
    needed=st.integers(-4, 6),
    first=st.integers(1, 4),
    more=st.integers(0, 3),
    spare=st.integers(0, 3),
)
def test_the_reroll_figures_match_a_sum_over_the_rerolled_dice(
    chains: int, fails: int, needed: int, first: int, more: int, spare: int
) -> None:
    """The reroll's figures come from a recurrence over chains and failures and are grown on
    demand; asked a few, then more, they match the plain sum every time."""
    count = first + more
    cap = max(needed + count - 1, 1) + spare
    rest = Rest(cap, True, fails + count - 1 + spare, chains + spare)
    for asked in (first, count):
        figures = rest.met(needed, fails, chains, asked)
        assert [Fraction(w, rest.out_of) for w in figures] == [
            _rerolled(needed + k, fails + k, chains) for k in range(asked)
        ]


def _die(weights: tuple[int, int, int, int], reroll: bool, most: int) -> list[Fraction]:
    """One die's chances of adding exactly each number up to ``most``: a failure (a success
    half the time if rerolled), a sword, or an axe and its chain."""
    axe, sword, snake, total = (Fraction(w, weights[3]) for w in weights)
    found = [snake / 2 if reroll else snake, sword + snake / 2 if reroll else sword]
    found += [Fraction(0)] * (most - 1)
    for j in range(most):
        found[j + 1] += axe * _one_chain(j)
    return found[: most + 1]


def _convolved(parts: list[list[Fraction]], most: int) -> list[Fraction]:
    found = [Fraction(1)] + [Fraction(0)] * most
    for part in parts:
        found = [sum(found[n - j] * part[j] for j in range(n + 1)) for n in range(most + 1)]
    return found


@settings(max_examples=80, deadline=None)
@given(
    of_course=st.booleans(),
    reroll=st.booleans(),
    chains=st.integers(0, 5),
    dice=st.integers(0, 6),
    failures=st.integers(0, 4),
    needed=st.integers(-2, 9),
)
def test_the_pools_tail_matches_its_dice_added_one_at_a_time(
    of_course: bool, reroll: bool, chains: int, dice: int, failures: int, needed: int
) -> None:
    """The closed form over the pool's generating function against each die's chances
    convolved in turn: chains, exploding dice and rerolled failures."""
    weights = (1, 2, 1, 4) if of_course else (1, 2, 3, 6)
    kinds = [(CHAIN, chains), (exploding_die(weights, reroll), dice)]
    most = max(needed, 0)
    chain = [_one_chain(j) for j in range(most + 1)]
    rerolled = [Fraction(1, 2), Fraction(1, 2)] + [Fraction(0)] * most
    parts = [chain] * chains + [_die(weights, reroll, most)] * dice + [rerolled] * failures
    exact = _convolved(parts, most)
    assert pool_tail(kinds, failures, needed) == 1 - sum(exact[:needed], Fraction(0))
