"""The tray watch: nothing is read while the tray moves; a settled tray is read and voted once."""

from __future__ import annotations

import numpy as np
from rolling import rolling_sequence, tray_with_die

from tablekit.vision.reading import DieReading, Reading
from tablekit.vision.settle import SettleDetector
from tablekit.vision.watch import TrayWatch


class CountingReader:
    """Reads every frame as one die showing the number of the call."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, frame: np.ndarray) -> Reading:
        self.calls += 1
        return Reading((DieReading(10, 10, 5, 5, 4 if self.calls != 2 else 6, 0.9),))


def test_a_rolling_die_is_read_only_once_settled_and_voted() -> None:
    reader = CountingReader()
    watch = TrayWatch(reader, votes=3, settle=SettleDetector(still_frames=4))
    answers = [watch.push(frame) for frame in rolling_sequence()]
    # Frames 0-7 move, 8-10 settle, 11-13 are the three votes; the answer comes with frame 13.
    assert answers[:13] == [None] * 13
    assert answers[13] is not None
    assert [d.value for d in answers[13].dice] == [4]
    assert reader.calls == 3
    assert answers[14] is answers[13] and answers[15] is answers[13]
    assert reader.calls == 3


def test_motion_during_the_vote_starts_the_count_again() -> None:
    reader = CountingReader()
    watch = TrayWatch(reader, votes=3, settle=SettleDetector(still_frames=1))
    still = [tray_with_die(100, 100, 0, seed) for seed in range(3)]
    assert [watch.push(f) for f in still] == [None, None, None]
    assert reader.calls == 2
    assert watch.push(tray_with_die(200, 150, 40, 9)) is None
    again = [watch.push(tray_with_die(200, 150, 40, seed)) for seed in range(10, 13)]
    # The two reads before the nudge are forgotten: three fresh ones make the answer.
    assert again[:2] == [None, None]
    assert again[2] is not None
    assert reader.calls == 5
