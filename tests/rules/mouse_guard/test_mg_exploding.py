"""The exploding chains' table against a chain's chances added up one chain at a time."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tablekit.rules.mouse_guard.exploding import exactly, short


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


@pytest.mark.parametrize("chains", [0, 1, 2, 5, 17])
def test_each_count_is_the_chance_of_adding_exactly_that_many(chains: int) -> None:
    length = 9
    expected = _chains(chains, length - 1)
    assert [Fraction(w, 6 ** (chains + n)) for n, w in enumerate(exactly(chains, length))] == (
        expected
    )
    fewer = short(chains, length)
    assert fewer[0] == 0
    for n in range(1, length + 1):
        assert Fraction(fewer[n], 6 ** (chains + n - 1)) == sum(expected[:n])


def test_a_longer_table_begins_with_the_shorter_one() -> None:
    assert exactly(4, 16)[:8] == exactly(4, 8)
