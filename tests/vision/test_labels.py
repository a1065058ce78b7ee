"""Label parsing, the fixed held-out split, and the scoring rule of the benchmark."""

from __future__ import annotations

from tablekit.vision.labels import LabelledDie, is_held_out, parse_labels, score
from tablekit.vision.reading import DieReading


def test_parse_yolo_lines_into_pixels() -> None:
    dice = parse_labels("2 0.5 0.25 0.1 0.2\n\n", 640, 480)
    assert dice == (LabelledDie(320.0, 120.0, 64.0, 96.0, 3),)


def test_split_is_fixed_and_holds_out_about_a_fifth() -> None:
    names = [f"dice_{i}.jpg" for i in range(1000)]
    held = [n for n in names if is_held_out(n)]
    assert 150 < len(held) < 250
    assert held == [n for n in names if is_held_out(n)]


def test_score_counts_right_wrong_and_false_dice() -> None:
    labels = (LabelledDie(100, 100, 40, 40, 3), LabelledDie(300, 100, 40, 40, 5))
    reported = (
        DieReading(122, 100, 40, 40, 3, 1.0),  # inside the grown box (23 px allowed)
        DieReading(300, 100, 40, 40, 4, 1.0),  # right place, wrong value
        DieReading(302, 100, 40, 40, 5, 1.0),  # a second die in a box already matched
        DieReading(500, 400, 40, 40, 1, 1.0),  # nothing there
    )
    result = score(reported, labels)
    assert (result.labelled, result.right, result.false_dice) == (2, 1, 2)


def test_a_centre_outside_the_margin_is_a_false_die() -> None:
    labels = (LabelledDie(100, 100, 40, 40, 3),)
    assert score((DieReading(124, 100, 40, 40, 3, 1.0),), labels).false_dice == 1


def test_a_die_between_two_boxes_goes_to_the_nearer_label() -> None:
    labels = (LabelledDie(100, 100, 40, 40, 2), LabelledDie(130, 100, 40, 40, 6))
    reported = (DieReading(125, 100, 40, 40, 6, 0.9), DieReading(100, 100, 40, 40, 2, 0.8))
    result = score(reported, labels)
    assert (result.right, result.false_dice) == (2, 0)
