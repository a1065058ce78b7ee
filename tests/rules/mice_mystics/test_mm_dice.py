"""The action die's faces and what a roll counts for."""

from __future__ import annotations

import random

import pytest

from tablekit.rules.errors import RuleError
from tablekit.rules.mice_mystics import dice


def test_each_face_counts_for_its_symbols() -> None:
    """Rulebook "Action Dice" and "Battle": swords hit in melee, bows at range,
    sword-and-shields block, stars succeed, cheese is cheese."""
    roll = ("cheese", "sword_star", "sword_shield", "bow", "bow_star", "sword_shield_star")
    tally = dice.Tally.of(roll)
    assert tally == dice.Tally(
        melee_hits=3, ranged_hits=2, blocks=2, stars=3, cheese=1, movement=12
    )


def test_movement_numbers_run_from_one_to_three() -> None:
    assert sorted(set(dice.MOVEMENT.values())) == [1, 2, 3]
    assert dice.movement(("cheese",)) == 1
    assert dice.movement(("sword_shield",)) == 3


def test_pinned_faces_must_be_known_and_match_the_dice_count() -> None:
    rng = random.Random(1)
    assert dice.take_roll(rng, 2, ("bow", "cheese")) == ("bow", "cheese")
    with pytest.raises(RuleError, match="one of"):
        dice.take_roll(rng, 1, ("axe",))
    with pytest.raises(RuleError, match="Dice this roll needs: 2;"):
        dice.take_roll(rng, 2, ("bow",))


def test_a_virtual_roll_uses_the_injected_source() -> None:
    first = dice.take_roll(random.Random(5), 4, None)
    assert first == dice.take_roll(random.Random(5), 4, None)
    assert all(face in dice.MOVEMENT for face in first)
