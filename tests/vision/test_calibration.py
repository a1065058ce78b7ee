"""Calibrated confidence (issue 24 item 4): a die's confidence is the chance it is right,
and the sure line keeps the dice marked sure right at least 99.5% of the time."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablekit.vision import calibration
from tablekit.vision.calibration import AIM, fit
from tablekit.vision.reading import DieReading, Reading


def _scores(seed: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Raw scores, and truths right with chance score squared: an over-confident reader."""
    rng = np.random.default_rng(seed)
    raw = rng.uniform(0, 1, count)
    return raw, rng.uniform(0, 1, count) < raw**2


def test_the_map_gives_the_share_of_dice_read_right_at_each_score() -> None:
    raw, right = _scores(1, 20_000)
    fitted = fit(raw.tolist(), right.tolist())
    for score in (0.3, 0.6, 0.9):
        assert abs(fitted.of(score) - score**2) < 0.05


def test_the_dice_marked_sure_are_right_as_often_as_aimed_and_the_line_is_the_least() -> None:
    raw, right = _scores(2, 20_000)
    fitted = fit(raw.tolist(), right.tolist())
    calibrated = np.array([fitted.of(x) for x in raw])
    assert right[calibrated >= fitted.sure].mean() >= AIM
    below = calibrated[calibrated < fitted.sure]
    if below.size:
        assert right[calibrated >= below.max()].mean() < AIM


@given(
    st.lists(st.tuples(st.floats(0, 1), st.booleans()), min_size=1, max_size=60),
    st.floats(0, 1),
    st.floats(0, 1),
)
def test_a_higher_score_never_means_a_lower_chance(
    dice: list[tuple[float, bool]], low: float, high: float
) -> None:
    fitted = fit([d[0] for d in dice], [d[1] for d in dice])
    low, high = sorted((low, high))
    assert 0.0 <= fitted.of(low) <= fitted.of(high) <= 1.0


def test_a_calibrated_reading_keeps_its_dice_and_says_its_sure_line() -> None:
    fitted = fit([0.1, 0.5, 0.9, 0.95], [False, True, True, True])
    reading = Reading((DieReading(1, 2, 3, 4, 5, 0.1), DieReading(9, 9, 3, 3, 2, 0.95)), 7.0)
    applied = fitted.applied(reading)
    assert [d.value for d in applied.dice] == [5, 2]
    assert [d.confidence for d in applied.dice] == [0.0, 1.0]
    assert applied.sure == fitted.sure
    assert applied.unsure() == (applied.dice[0],)


@pytest.mark.parametrize("kind", ["d6", "mm-action"])
def test_the_shipped_calibrations_are_monotone(kind: str) -> None:
    shipped = calibration.shipped(kind)
    assert shipped is not None
    assert list(shipped.raw) == sorted(shipped.raw)
    assert list(shipped.right) == sorted(shipped.right)
    assert 0.5 <= shipped.sure <= 1.0
