"""The live chances against a brute force of the summary's steps 7 to 9 (Tests), with
the sheet's level 3 reroll ("Reroll failed dice") and a Fate point chosen after the roll.

The brute force rolls every die on its own and, at each step, tries every choice
still open: Of Course! and Deeper Understanding in either order (step 7), Fate
on the axes or not (step 8), the level 3 reroll of the roll's failed dice or
not (step 9; its axes no longer explode). Deeper Understanding and the axes
each take a Fate point from ``fate``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb

import pytest

from tablekit.rules.mouse_guard.odds import best_chance

AXE, SWORD, SNAKE = 0, 1, 2
WEIGHT = {AXE: 1, SWORD: 2, SNAKE: 3}


@cache
def _roll(dice: int) -> tuple[tuple[Fraction, int, int, int], ...]:
    """Every roll of ``dice`` dice as (chance, successes, failures, axes)."""
    found: Counter[tuple[int, int, int]] = Counter()
    for faces in itertools.product((AXE, SWORD, SNAKE), repeat=dice):
        weight = 1
        for face in faces:
            weight *= WEIGHT[face]
        snakes, axes = faces.count(SNAKE), faces.count(AXE)
        found[dice - snakes, snakes, axes] += weight
    return tuple((Fraction(w, 6**dice), *key) for key, w in found.items())


@cache
def _wises(won: int, fails: int, axes: int, left: frozenset[str], fate: int, ob: int) -> Fraction:
    best = _axes(won, fails, axes, left, fate, ob)
    for option, count in (("oc", fails), ("du", 1)):
        if option in left and fails and (option == "oc" or fate):
            spent = fate - (option == "du")
            value = sum(
                (
                    p
                    * _wises(
                        won + s,
                        fails - f,
                        axes + a,
                        left - {option},
                        spent,
                        ob,
                    )
                    for p, s, f, a in _reroll(count)
                ),
                Fraction(0),
            )
            best = max(best, value)
    return best


@cache
def _reroll(count: int) -> tuple[tuple[Fraction, int, int, int], ...]:
    """Rerolling ``count`` failed dice: (chance, new successes, failures removed, axes)."""
    return tuple((p, s, s, a) for p, s, _, a in _roll(count))


@cache
def _axes(won: int, fails: int, axes: int, left: frozenset[str], fate: int, ob: int) -> Fraction:
    best = _level_three(won, fails, left, ob)
    if "fate" in left and fate and axes:
        best = max(best, _explode(won, axes, fails, left, ob))
    return best


@cache
def _explode(won: int, pending: int, fails: int, left: frozenset[str], ob: int) -> Fraction:
    if won >= ob:
        return Fraction(1)
    if pending == 0:
        return _level_three(won, fails, left, ob)
    return (
        Fraction(1, 6) * _explode(won + 1, pending, fails, left, ob)
        + Fraction(2, 6) * _explode(won + 1, pending - 1, fails, left, ob)
        + Fraction(3, 6) * _explode(won, pending - 1, fails, left, ob)
    )


def _level_three(won: int, fails: int, left: frozenset[str], ob: int) -> Fraction:
    best = Fraction(int(won >= ob))
    if "l3" in left:
        rerolled = sum(
            (Fraction(comb(fails, k), 2**fails) for k in range(fails + 1) if won + k >= ob),
            Fraction(0),
        )
        best = max(best, rerolled)
    return best


def _brute(dice: int, ob: int, left: frozenset[str], fate: int) -> Fraction:
    return sum((p * _wises(s, f, a, left, fate, ob) for p, s, f, a in _roll(dice)), Fraction(0))


OPTIONS = ("fate", "du", "oc", "l3")
SUBSETS = [frozenset(c) for r in range(5) for c in itertools.combinations(OPTIONS, r)]


@pytest.mark.slow
@pytest.mark.parametrize("fate", [1, 2])
@pytest.mark.parametrize("left", SUBSETS, ids=lambda s: "+".join(sorted(s)) or "none")
def test_best_chance_matches_brute_force(left: frozenset[str], fate: int) -> None:
    """Level 3 rerolls after the axes and beside Of Course!; with one Fate point the
    mouse picks Deeper Understanding or the axes once it has seen the roll."""
    for dice in range(0, 6):
        for ob in range(0, dice + 3):
            exact = best_chance(
                ob,
                dice,
                of_course="oc" in left,
                deeper_understanding="du" in left,
                explode="fate" in left,
                fate=fate,
                reroll_failures="l3" in left,
            )
            assert exact == _brute(dice, ob, left, fate), (dice, ob)


@pytest.mark.parametrize("left", SUBSETS, ids=lambda s: "+".join(sorted(s)) or "none")
def test_best_chance_after_a_roll_matches_brute_force(left: frozenset[str]) -> None:
    for won, fails, axes in itertools.product(range(4), range(4), range(3)):
        if axes > won:
            continue
        for ob in range(0, 7):
            exact = best_chance(
                ob,
                0,
                won,
                fails,
                axes,
                of_course="oc" in left,
                deeper_understanding="du" in left,
                explode="fate" in left,
                fate=1,
                reroll_failures="l3" in left,
            )
            assert exact == _wises(won, fails, axes, left, 1, ob), (won, fails, axes, ob)


def test_one_fate_point_chosen_after_the_roll_beats_either_fixed_plan() -> None:
    for dice, ob in itertools.product(range(1, 6), range(1, 6)):
        chosen = best_chance(ob, dice, deeper_understanding=True, explode=True, fate=1)
        fixed = max(
            best_chance(ob, dice, deeper_understanding=True),
            best_chance(ob, dice, explode=True),
        )
        assert chosen >= fixed
    assert best_chance(3, 3, deeper_understanding=True, explode=True, fate=1) > max(
        best_chance(3, 3, deeper_understanding=True), best_chance(3, 3, explode=True)
    )


def test_absurd_pools_are_refused() -> None:
    with pytest.raises(ValueError, match="30"):
        best_chance(3, 10**6)
    with pytest.raises(ValueError, match="30"):
        best_chance(10**30, 3)


def test_a_versus_tie_is_not_counted_as_a_loss() -> None:
    """Step 10: a tie is broken, not lost. With a level 3 trait it breaks for the
    mouse, so meeting the opponent's successes is enough; without one the screen
    shows the chance of a clean win and, apart, the chance of a tie."""
    from rules.mouse_guard.mg_support import patrol

    from tablekit.rules.mouse_guard import commands as cmd
    from tablekit.rules.mouse_guard.view import view

    table = patrol()
    table.do(
        cmd.BeginTest("Saxon", "Scout", versus="Owl", versus_dice=2),
        cmd.Roll(faces=["sword", "snake"]),
    )
    chance = view(table.state)["test"]["chance"]
    assert chance["ob"] == 2
    assert chance["now"] == 0.25  # both of 2D succeed
    assert chance["tie"] == 0.5  # exactly one does
    table.do(cmd.CancelTest())
    table.do(
        cmd.BeginTest("Lieam", "Scout", versus="Owl", versus_dice=2),
        cmd.Roll(faces=["sword", "snake"]),
    )
    chance = view(table.state)["test"]["chance"]
    assert chance["ob"] == 1
    assert chance["now"] == 0.75
    assert "tie" not in chance
