"""The symbol reader's cost is bounded by construction (issue 12, limits on size and time).

Tests do not time anything: they check what bounds the time. Every frame is
read at :data:`READ_SIDE` whatever its size, a frame full of clutter has at
most :data:`MOST_DICE` regions read in full and says so for the rest, and the
one-product matcher scores exactly as OpenCV's template matching does.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.local.dice_kits import mm_action_kit
from tablekit.vision import symbols
from tablekit.vision.faceart import MM_ACTION_FACES
from tablekit.vision.symbols import MOST_DICE, READ_SIDE, DiceKit, read_symbols
from tablekit.vision.synthetic import random_dice, render, tray


def _seen_sides(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, ...]]:
    """Record the shape of every frame the blob finder is given."""
    seen: list[tuple[int, ...]] = []
    real = symbols.find_blobs

    def spy(frame: np.ndarray, *args: float) -> list[symbols.Blob]:
        seen.append(frame.shape)
        return real(frame, *args)

    monkeypatch.setattr(symbols, "find_blobs", spy)
    return seen


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 3000), st.integers(1, 3000))
def test_any_frame_is_searched_at_the_working_size(width: int, height: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        seen = _seen_sides(patch)
        read_symbols(np.full((height, width, 3), 128, np.uint8), mm_action_kit())
    (shape,) = seen
    assert max(shape[:2]) == min(READ_SIDE, max(width, height))
    assert min(shape[:2]) >= 1


@pytest.mark.parametrize("shape", [(2, 60000), (3000, 9000)])
def test_a_strip_or_a_large_photo_is_searched_at_the_working_size(
    shape: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = _seen_sides(monkeypatch)
    read_symbols(np.full((*shape, 3), 128, np.uint8), mm_action_kit())
    assert max(seen[0][:2]) == READ_SIDE


@pytest.mark.slow
@pytest.mark.parametrize("times", [5.0, 3.5, 1.7])
def test_a_large_photo_is_read_as_well_as_its_small_copy_in_its_own_pixels(
    times: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    placed = random_dice(MM_ACTION_FACES, 8, seed=41)
    small = render(placed, seed=41)
    large = cv2.resize(small, None, fx=times, fy=times, interpolation=cv2.INTER_CUBIC)
    seen = _seen_sides(monkeypatch)
    reading = read_symbols(large, mm_action_kit())
    assert seen == [small.shape]
    assert len(reading.dice) == len(placed)
    for die in placed:  # in the large frame's pixels
        x, y = times * die.x, times * die.y
        (near,) = [d for d in reading.dice if np.hypot(d.x - x, d.y - y) < 3 * times]
        assert near.value == die.face
        assert near.w == pytest.approx(times * die.side, rel=0.25)


def _clutter(squares: int, seed: int = 0) -> np.ndarray:
    """A tray holding a grid of ``squares`` die-sized squares of random colours."""
    rng = np.random.default_rng(seed)
    frame = tray(seed=seed)
    for i in range(squares):
        y, x = 20 + 40 * (i // 15), 20 + 40 * (i % 15)
        frame[y : y + 24, x : x + 24] = rng.integers(0, 100, 3)
    return frame


def test_a_tray_full_of_clutter_reads_at_most_the_cap_and_asks_about_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    full_reads: list[int] = []
    real = symbols.match

    def counted(views: list[np.ndarray], kit: tuple[list[str], np.ndarray]) -> tuple[str, float]:
        full_reads.append(len(views))
        return real(views, kit)

    monkeypatch.setattr(symbols, "match", counted)
    frame = _clutter(150)
    regions = symbols.find_blobs(frame)
    reading = read_symbols(frame, mm_action_kit())
    assert len(regions) > 2 * MOST_DICE
    assert len(full_reads) == MOST_DICE
    assert len(reading.dice) == len(regions)
    unread = reading.dice[MOST_DICE:]
    assert all(d.confidence == 0.0 and d.value in MM_ACTION_FACES for d in unread)
    assert set(unread) <= set(reading.unsure())


def test_the_largest_regions_are_the_ones_read_in_full() -> None:
    regions = symbols.find_blobs(render(random_dice(MM_ACTION_FACES, 12, seed=9), seed=9))
    areas = [b.w * b.h for b in regions]
    assert areas == sorted(areas, reverse=True)


def _template_match(views: list[np.ndarray], kit: DiceKit) -> tuple[str, float]:
    """The matcher as it was written first: one ``cv2.matchTemplate`` per view and turn."""
    best: dict[str, float] = {}
    for name, reference in zip(kit.names, kit.views, strict=True):
        turns = [np.ascontiguousarray(np.rot90(reference, k)) for k in range(4)]
        score = max(
            float(cv2.matchTemplate(view, turn, cv2.TM_CCOEFF_NORMED).max())
            for view in views
            for turn in turns
        )
        best[name] = max(best.get(name, -1.0), score)
    ranked = sorted(best.items(), key=lambda item: -item[1])
    top = ranked[0][1]
    lead = min(1.0, (top - ranked[1][1]) / symbols.MARGIN_FOR_CERTAINTY)
    return ranked[0][0], float(np.clip(max(0.0, top) * lead, 0.0, 1.0))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 8))
def test_the_one_product_matcher_scores_as_template_matching_does(seed: int, faces: int) -> None:
    rng = np.random.default_rng(seed)
    kit = DiceKit("random")
    for face in range(faces):
        kit.add(f"face{face}", symbols.normalise(rng.random((40, 40), np.float32)))
    size = symbols.VIEW_SIZE + 2 * symbols.SEARCH
    views = [symbols.normalise(rng.random((size, size), np.float32)) for _ in symbols.SCALES]
    hidden = kit.views[int(rng.integers(faces))]
    views[0][3:43, 5:45] += np.rot90(hidden, int(rng.integers(4)))
    name, confidence = symbols.match(views, symbols.references(kit))
    expected_name, expected = _template_match(views, kit)
    assert confidence == pytest.approx(expected, abs=1e-4)
    assert name == expected_name or confidence < 1e-3
