"""Exact odds against the published figures and against brute force.

The brute force rolls every die on its own (axe, sword or snake, weighted 1, 2
and 3 in six) and lets the mouse choose, after each result, whichever
after-roll option is still open, in any order the summary allows (wises in
step 7, then Fate on axes in step 8), keeping the best. It shares nothing
with :mod:`tablekit.rules.mouse_guard.odds` but the rules.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from tablekit.rules.mouse_guard.odds import best_chance, chance, percent, versus

AXE, SWORD, SNAKE = 0, 1, 2
WEIGHT = {AXE: 1, SWORD: 2, SNAKE: 3}
OPTIONS = ("fate", "du", "oc")


def test_published_figures() -> None:
    """The odds tables quoted for Mouse Guard: 6D Ob 4, 6D Ob 3, 5D Ob 3."""
    assert chance(6, 4) == Fraction(11, 32)  # 34.375%, printed as 34.38%
    assert chance(6, 3) == Fraction(21, 32)  # 65.625%, printed as 65.63%
    assert chance(5, 3) == Fraction(1, 2)
    assert percent(chance(6, 4)) == "34.38%"
    assert percent(chance(6, 3)) == "65.63%"
    assert percent(chance(5, 3)) == "50.00%"


@cache
def _rolls(dice: int) -> tuple[tuple[int, tuple[int, int, int]], ...]:
    """Every ordered roll of ``dice`` dice as (weight, (axes, swords, snakes))."""
    found: Counter[tuple[int, int, int]] = Counter()
    for roll in itertools.product((AXE, SWORD, SNAKE), repeat=dice):
        weight = 1
        for face in roll:
            weight *= WEIGHT[face]
        found[roll.count(AXE), roll.count(SWORD), roll.count(SNAKE)] += weight
    return tuple((w, counts) for counts, w in found.items())


@cache
def _reroll(faces: int) -> tuple[tuple[Fraction, int, int], ...]:
    """Every result of rerolling ``faces`` failed dice one by one, as (chance, successes,
    axes); rolls that end alike are added up once, here, so the search below stays fast."""
    results: Counter[tuple[int, int]] = Counter()
    for roll in itertools.product((AXE, SWORD, SNAKE), repeat=faces):
        weight = 1
        for face in roll:
            weight *= WEIGHT[face]
        results[faces - roll.count(SNAKE), roll.count(AXE)] += weight
    return tuple((Fraction(w, 6**faces), s, a) for (s, a), w in results.items())


@cache
def _best(won: int, fails: int, axes: int, left: frozenset[str], ob: int) -> Fraction:
    """The best chance from here, trying every option still open (and stopping)."""
    best = Fraction(int(won >= ob))
    if "oc" in left and fails:
        rest = left - {"oc"}
        value = sum(
            (p * _best(won + s, fails - s, axes + a, rest, ob) for p, s, a in _reroll(fails)),
            Fraction(0),
        )
        best = max(best, value)
    if "du" in left and fails:
        rest = left - {"du"}
        value = sum(
            (p * _best(won + s, fails - s, axes + a, rest, ob) for p, s, a in _reroll(1)),
            Fraction(0),
        )
        best = max(best, value)
    if "fate" in left and axes:
        best = max(best, _explode(won, axes, ob))
    return best


@cache
def _explode(won: int, pending: int, ob: int) -> Fraction:
    """Roll one die for each axe waiting to explode; new axes wait in turn."""
    if won >= ob:
        return Fraction(1)
    if pending == 0:
        return Fraction(0)
    return (
        Fraction(1, 6) * _explode(won + 1, pending, ob)
        + Fraction(2, 6) * _explode(won + 1, pending - 1, ob)
        + Fraction(3, 6) * _explode(won, pending - 1, ob)
    )


def _brute(dice: int, ob: int, left: frozenset[str]) -> Fraction:
    total = sum(
        w * _best(axes + swords, snakes, axes, left, ob)
        for w, (axes, swords, snakes) in _rolls(dice)
    )
    return Fraction(total, 6**dice)


SUBSETS = [frozenset(c) for r in range(4) for c in itertools.combinations(OPTIONS, r)]


@pytest.mark.parametrize("left", SUBSETS, ids=lambda s: "+".join(sorted(s)) or "none")
def test_every_pool_to_8d_matches_brute_force(left: frozenset[str]) -> None:
    for dice in range(0, 9):
        for ob in range(0, dice + 4):
            exact = chance(dice, ob, "fate" in left, "du" in left, "oc" in left)
            assert exact == _brute(dice, ob, left), (dice, ob)


@pytest.mark.parametrize("left", SUBSETS, ids=lambda s: "+".join(sorted(s)) or "none")
def test_chances_after_a_roll_match_brute_force(left: frozenset[str]) -> None:
    for won, fails, axes in itertools.product(range(4), range(4), range(3)):
        if axes > won:
            continue
        for ob in range(0, 7):
            exact = best_chance(
                ob,
                successes=won,
                failures=fails,
                axes=axes,
                of_course="oc" in left,
                deeper_understanding="du" in left,
                explode="fate" in left,
                fate=2,
            )
            assert exact == _best(won, fails, axes, left, ob), (won, fails, axes, ob)


def test_versus_counts_every_pair_of_rolls() -> None:
    for dice, dice2 in itertools.product(range(7), repeat=2):
        odds = versus(dice, dice2)
        counted: Counter[str] = Counter()
        for a, b in itertools.product(
            itertools.product((0, 1), repeat=dice), itertools.product((0, 1), repeat=dice2)
        ):
            counted["win" if sum(a) > sum(b) else "tie" if sum(a) == sum(b) else "lose"] += 1
        total = 2 ** (dice + dice2)
        assert odds.win == Fraction(counted["win"], total)
        assert odds.tie == Fraction(counted["tie"], total)
        assert odds.lose == Fraction(counted["lose"], total)
        assert odds.win + odds.tie + odds.lose == 1


def test_options_only_ever_help() -> None:
    for dice, ob in itertools.product(range(1, 11), range(1, 12)):
        plain = chance(dice, ob)
        for left in SUBSETS[1:]:
            assert chance(dice, ob, "fate" in left, "du" in left, "oc" in left) >= plain


def test_an_obstacle_beyond_the_dice_needs_axes() -> None:
    assert chance(3, 4) == 0
    assert chance(3, 4, of_course=True, deeper_understanding=True) == 0
    assert chance(3, 4, fate=True) > 0
