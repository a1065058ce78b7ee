"""Voting over the frames of a settled tray."""

from __future__ import annotations

from tablekit.vision.reading import DieReading, Reading
from tablekit.vision.vote import vote


def _die(x: float, value: int | str, confidence: float = 0.9) -> DieReading:
    return DieReading(x, 50.0, 30.0, 30.0, value, confidence)


def test_majority_value_wins_and_disagreement_lowers_confidence() -> None:
    frames = [
        Reading((_die(100, 3), _die(200, 5)), 4.0),
        Reading((_die(102, 3), _die(201, 6)), 6.0),
        Reading((_die(99, 2), _die(199, 5)), 5.0),
    ]
    result = vote(frames)
    assert result.values() == [3, 5]
    assert all(abs(d.confidence - 0.6) < 1e-9 for d in result.dice)
    assert result.ms == 5.0


def test_a_die_seen_in_one_frame_of_three_is_a_flicker() -> None:
    frames = [
        Reading((_die(100, 4),)),
        Reading((_die(100, 4), _die(300, 1))),
        Reading((_die(101, 4),)),
    ]
    result = vote(frames)
    assert result.values() == [4]
    assert result.dice[0].confidence == 0.9


def test_symbol_faces_vote_like_numbers() -> None:
    frames = [Reading((_die(10, "bow"),)), Reading((_die(11, "bow"),))]
    assert vote(frames).values() == ["bow"]


def test_no_frames_no_dice() -> None:
    assert vote([]).dice == ()
