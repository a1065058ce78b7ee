"""Vote over the readings of several frames of a settled tray.

Dice are matched across frames by position; a die seen in fewer than half of
the frames is dropped as a flicker, and each die's value is the one most
frames agree on. Disagreement lowers the confidence, so the table asks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tablekit.vision.reading import DieReading, Reading


def vote(readings: Sequence[Reading]) -> Reading:
    """One reading from many of the same still tray."""
    if not readings:
        return Reading(())
    tracks: list[list[DieReading]] = []
    for reading in readings:
        for die in reading.dice:
            track = _nearest_track(tracks, die)
            if track is None:
                tracks.append([die])
            else:
                track.append(die)
    quorum = len(readings) / 2
    dice = tuple(_agree(track, len(readings)) for track in tracks if len(track) > quorum)
    return Reading(dice, sum(r.ms for r in readings) / len(readings))


def _nearest_track(tracks: list[list[DieReading]], die: DieReading) -> list[DieReading] | None:
    """The track whose first die is within half a die of this one, if any."""
    reach = 0.5 * max(die.w, die.h)
    best, best_distance = None, reach
    for track in tracks:
        first = track[0]
        distance = ((first.x - die.x) ** 2 + (first.y - die.y) ** 2) ** 0.5
        if distance <= best_distance:
            best, best_distance = track, distance
    return best


def _agree(track: list[DieReading], frames: int) -> DieReading:
    """The majority value; confidence is its mean confidence times its share of frames."""
    value, count = Counter(d.value for d in track).most_common(1)[0]
    agreeing = [d for d in track if d.value == value]
    n = len(agreeing)
    confidence = sum(d.confidence for d in agreeing) / n * count / frames
    return DieReading(
        sum(d.x for d in agreeing) / n,
        sum(d.y for d in agreeing) / n,
        sum(d.w for d in agreeing) / n,
        sum(d.h for d in agreeing) / n,
        value,
        confidence,
    )
