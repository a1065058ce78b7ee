"""Settle detection on a synthetic sequence of a die rolling, bouncing and stopping."""

from __future__ import annotations

from rolling import rolling_sequence, tray_with_die

from tablekit.vision.settle import SettleDetector, TrayState


def test_a_rolling_die_settles_only_after_enough_still_frames() -> None:
    detector = SettleDetector(still_frames=4)
    states = [detector.push(frame) for frame in rolling_sequence()]
    assert states[:8] == [TrayState.MOVING] * 8
    assert states[8:11] == [TrayState.SETTLING] * 3
    assert states[11:] == [TrayState.SETTLED] * 5


def test_a_nudge_unsettles_the_tray() -> None:
    detector = SettleDetector(still_frames=2)
    still = tray_with_die(100, 100, 0, 1)
    for seed in range(3):
        detector.push(tray_with_die(100, 100, 0, seed))
    assert detector.state is TrayState.SETTLED
    assert detector.push(tray_with_die(112, 100, 10, 9)) is TrayState.MOVING
    detector.reset()
    assert detector.push(still) is TrayState.MOVING


def test_camera_noise_alone_is_not_motion() -> None:
    detector = SettleDetector(still_frames=3)
    states = [detector.push(tray_with_die(160, 120, 20, seed)) for seed in range(5)]
    assert states[-1] is TrayState.SETTLED
