"""The pip-d6 reader on committed crops of real photos (held-out images it never trained on)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from tablekit.vision.labels import LabelledDie, score
from tablekit.vision.pipdice import MAX_SIZE_RATIO, MIN_CONFIDENCE, plausible, read_d6
from tablekit.vision.reading import DieReading

FOLDER = Path(__file__).parent / "frames"


def d6_frames() -> list[tuple[str, np.ndarray, list[list[float]]]]:
    """Each real-photo crop pasted back at its place on a frame of the photo's size.

    The reader is scale-aware (it letterboxes the whole frame), so a crop is
    read at the size the camera saw it; the rest of the frame is plain table.
    Truth rows are ``x, y, w, h, value`` in frame pixels.
    """
    truth = json.loads((FOLDER / "d6_truth.json").read_text())
    frames = []
    for name, entry in truth.items():
        crop = cv2.imread(str(FOLDER / name))
        width, height = entry["frame"]
        x0, y0 = entry["at"]
        frame = np.empty((height, width, 3), np.uint8)
        frame[:] = np.median(crop.reshape(-1, 3), axis=0)
        frame[y0 : y0 + crop.shape[0], x0 : x0 + crop.shape[1]] = crop
        dice = [[x + x0, y + y0, w, h, v] for x, y, w, h, v in entry["dice"]]
        frames.append((name, frame, dice))
    return frames


FRAMES = d6_frames()


@pytest.mark.parametrize(("name", "frame", "truth"), FRAMES, ids=[f[0] for f in FRAMES])
def test_reads_every_die_right_and_invents_none(
    name: str, frame: np.ndarray, truth: list[list[float]]
) -> None:
    reading = read_d6(frame)
    labels = [LabelledDie(*row) for row in truth]
    result = score(reading.dice, labels)
    assert (result.right, result.false_dice) == (len(labels), 0)
    assert sorted(reading.values()) == sorted(int(row[4]) for row in truth)
    assert all(0.0 <= d.confidence <= 1.0 for d in reading.dice)


def test_an_empty_table_has_no_dice() -> None:
    rng = np.random.default_rng(3)
    table = np.clip(rng.normal((150, 180, 200), 4, (480, 640, 3)), 0, 255).astype(np.uint8)
    assert read_d6(table).dice == ()


def test_reading_is_a_pure_function_of_the_frame() -> None:
    _, frame, _ = FRAMES[0]
    before = frame.copy()
    assert read_d6(frame).dice == read_d6(frame).dice
    assert np.array_equal(frame, before)


def _die(x: float, side: float, value: int, confidence: float = 0.9) -> DieReading:
    return DieReading(x, 100.0, side, side, value, confidence)


def test_a_barely_read_die_is_dropped() -> None:
    dice = (_die(50, 40, 3), _die(150, 40, 5, confidence=MIN_CONFIDENCE - 0.01))
    assert plausible(dice) == dice[:1]


def test_a_die_far_bigger_than_the_rest_is_above_the_tray() -> None:
    on_tray = tuple(_die(60 * i, 40, 2 + i) for i in range(4))
    in_hand = _die(400, 40 * (MAX_SIZE_RATIO + 0.2), 6)
    assert plausible((*on_tray, in_hand)) == on_tray


def test_size_is_not_judged_on_ones_or_too_few_dice() -> None:
    pips = (_die(0, 40, 4), _die(60, 40, 5), _die(120, 40, 6))
    one_on_its_pip = _die(200, 12, 1)
    assert plausible((*pips, one_on_its_pip)) == (*pips, one_on_its_pip)
    pair = (_die(0, 40, 4), _die(60, 90, 5))
    assert plausible(pair) == pair


def test_other_models_are_read_from_their_folder_until_the_shipped_come_back(
    tmp_path: Path,
) -> None:
    """``use_models`` is how tools and benchmarks read with a model trained without a set."""
    import shutil

    from tablekit.vision import pipdice

    _, frame, _ = FRAMES[0]
    shipped = read_d6(frame).dice
    for model in pipdice.MODELS.glob("d6_*.onnx"):
        shutil.copy(model, tmp_path / model.name)
    try:
        pipdice.use_models(tmp_path)
        assert pipdice.DETECTOR.parent == pipdice.FACES.parent == tmp_path
        second = (tmp_path / "d6_detector_more.onnx", tmp_path / "d6_faces_more.onnx")
        assert second == pipdice.SECOND
        assert read_d6(frame).dice == shipped
        (tmp_path / "d6_faces_more.onnx").unlink()
        pipdice.use_models(tmp_path)  # half a second pair: the first pair alone
        assert pipdice.SECOND is None
        (tmp_path / "d6_faces.onnx").unlink()
        with pytest.raises(FileNotFoundError, match="d6_faces.onnx"):
            pipdice.use_models(tmp_path)
        assert tmp_path / "d6_faces.onnx" == pipdice.FACES  # the refused folder changed nothing
    finally:
        pipdice.use_models(pipdice.MODELS)
    assert pipdice.DETECTOR.parent == pipdice.MODELS
    assert pipdice.SECOND is not None
    assert read_d6(frame).dice == shipped
