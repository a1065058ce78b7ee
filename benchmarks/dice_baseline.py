"""The widely copied classic pip counter, kept as the yardstick for the dice reader.

Median blur 7, grey, ``SimpleBlobDetector`` (``minInertiaRatio`` 0.6), pips
clustered within 40 px, and each cluster's size read as the die's value.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablekit.vision.reading import DieReading, Reading

CLUSTER_RADIUS = 40.0


def _detector() -> Any:
    """The blob detector with the recipe's settings."""
    import cv2

    params = cv2.SimpleBlobDetector_Params()
    params.filterByInertia = True
    params.minInertiaRatio = 0.6
    return cv2.SimpleBlobDetector_create(params)


def read_baseline(frame: np.ndarray) -> Reading:
    """Count pips per cluster of blobs; the cluster's centre is the die."""
    import cv2

    grey = cv2.cvtColor(cv2.medianBlur(frame, 7), cv2.COLOR_BGR2GRAY)
    pips = np.array([kp.pt for kp in _detector().detect(grey)], dtype=np.float32)
    dice = []
    for members in _cluster(pips):
        points = pips[members]
        x, y = points.mean(axis=0)
        w, h = np.ptp(points, axis=0) + 10.0
        value = min(len(members), 6)
        dice.append(DieReading(float(x), float(y), float(w), float(h), value, 1.0))
    return Reading(tuple(dice))


def _cluster(points: np.ndarray) -> list[list[int]]:
    """Single-link clusters: points closer than the radius share a die."""
    labels = list(range(len(points)))

    def root(i: int) -> int:
        while labels[i] != i:
            labels[i] = labels[labels[i]]
            i = labels[i]
        return i

    for i in range(len(points)):
        near = np.linalg.norm(points[i + 1 :] - points[i], axis=1) < CLUSTER_RADIUS
        for j in np.nonzero(near)[0] + i + 1:
            labels[root(int(j))] = root(i)
    groups: dict[int, list[int]] = {}
    for i in range(len(points)):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())
