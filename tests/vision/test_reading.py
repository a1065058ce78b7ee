"""The reading value objects: the roll they give and the dice to ask about."""

from __future__ import annotations

import dataclasses

import pytest

from tablekit.vision.reading import DieReading, Reading


def test_values_are_the_faces_left_to_right() -> None:
    reading = Reading((DieReading(300, 10, 20, 20, 6, 0.9), DieReading(10, 90, 20, 20, 2, 0.4)))
    assert reading.values() == [2, 6]
    assert reading.unsure() == (reading.dice[1],)


def test_the_reader_says_from_which_confidence_it_is_sure() -> None:
    dice = (DieReading(300, 10, 20, 20, 6, 0.9), DieReading(10, 90, 20, 20, 2, 0.95))
    assert Reading(dice, sure=0.93).unsure() == (dice[0],)
    assert Reading(dice, sure=0.93).scaled(2.0).sure == 0.93


def test_a_corrected_die_is_certain_and_the_original_unchanged() -> None:
    die = DieReading(1, 2, 3, 4, "bow", 0.3)
    fixed = die.corrected("cheese")
    assert (fixed.value, fixed.confidence, die.value) == ("cheese", 1.0, "bow")
    with pytest.raises(dataclasses.FrozenInstanceError):
        die.value = 5  # type: ignore[misc]


def test_json_form_has_the_cli_keys() -> None:
    assert DieReading(1.26, 2, 3, 4, 5, 0.98765).to_json() == {
        "x": 1.3,
        "y": 2.0,
        "w": 3.0,
        "h": 4.0,
        "value": 5,
        "confidence": 0.988,
    }
