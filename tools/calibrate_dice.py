"""Fit a dice reader's confidence to the chance of being right, and check it honestly.

    .venv/bin/python tools/calibrate_dice.py [--kind d6|mm-action] [--data DIR] [--write]

For ``d6``: reads every held-out photo of the shared sets with the shipped reader's raw
scores and judges each die against its labels (a false die counts as wrong). For
``mm-action``: reads 300 rendered frames of solid dice (:mod:`tablekit.vision.cubes`) on
seeds the network never trained on, at 0-30 degrees of tilt, stray d6 among them.

Two-fold check first: the map and its sure line are fitted on one half of the photos (by
a hash of the name) or frames, and used on the other, and the other way round, so the
figures printed are for dice the fit never saw: how many dice are marked sure, and how
many of those are right. Then the map is fitted on all of them and, with ``--write``,
saved where the reader loads it (:func:`tablekit.vision.calibration.path_of`).
"""

from __future__ import annotations

import argparse
import zlib
from pathlib import Path

import cv2
import numpy as np

from tablekit.vision.actionfaces import read_action
from tablekit.vision.calibration import AIM, Calibration, fit, path_of, to_json
from tablekit.vision.cubes import lies_on, random_cubes, random_look, render
from tablekit.vision.faceart import MM_ACTION_FACES
from tablekit.vision.labels import judged, load_set
from tablekit.vision.pipdice import read_d6
from tablekit.vision.synthetic import tray

SETS = ("webcam-white-d6", "tray-mixed-d6", "phone-mixed-d6")

Die = tuple[str, float, bool]
"""A die's set, raw score and whether it was right."""


def dice_of(data: Path) -> tuple[list[Die], list[int]]:
    """Every die read on the held-out photos, and which half of the photos each came from."""
    dice: list[Die] = []
    halves: list[int] = []
    for name in SETS:
        if not (data / name / "images").is_dir():
            continue
        for image in load_set(data / name, "held-out"):
            reading = read_d6(cv2.imread(str(image.path)), calibrated=False)
            for die, verdict in judged(reading.dice, image.dice):
                dice.append((name, die.confidence, verdict is True))
                halves.append(zlib.crc32(image.path.name.encode()) % 2)
    return dice, halves


def rendered_dice(frames: int = 300) -> tuple[list[Die], list[int]]:
    """Every action die read on rendered frames of new sets of dice, and each frame's half."""
    dice: list[Die] = []
    halves: list[int] = []
    pips = tuple(str(n) for n in range(1, 7))
    for n in range(frames):
        rng = np.random.default_rng(7_000_000 + n)
        cubes = random_cubes(rng, 640, 480, int(rng.integers(1, 11)), MM_ACTION_FACES)
        cubes += random_cubes(rng, 640, 480, int(rng.integers(0, 2)), pips)
        frame = render(tray(640, 480, n), cubes, random_look(rng), float(n % 31), rng)
        for die in read_action(frame, calibrated=False).dice:
            on = [c for c in cubes if lies_on(die.x, die.y, c)]
            dice.append(("rendered", die.confidence, len(on) == 1 and on[0].faces[0] == die.value))
            halves.append(n % 2)
    return dice, halves


def check(dice: list[Die], halves: list[int]) -> None:
    """Fit on one half, judge the other; print sure dice and their accuracy per set."""
    rows: dict[str, list[int]] = {}
    for half in (0, 1):
        other = [d for d, h in zip(dice, halves, strict=True) if h != half]
        fitted = fit([d[1] for d in other], [d[2] for d in other])
        for (name, raw, right), h in zip(dice, halves, strict=True):
            if h == half:
                row = rows.setdefault(name, [0, 0, 0, 0])  # dice, right, sure, sure and right
                sure = fitted.of(raw) >= fitted.sure
                row[0] += 1
                row[1] += right
                row[2] += sure
                row[3] += sure and right
    print(f"| set | dice | right | marked sure | right among sure (aim {AIM:.1%}) |")
    print("|---|---|---|---|---|")
    total = [0, 0, 0, 0]
    for name, row in [*rows.items(), ("all", total)]:
        if name != "all":
            total[:] = [a + b for a, b in zip(total, row, strict=True)]
        share = f"{row[2]} ({row[2] / max(row[0], 1):.0%})"
        print(f"| {name} | {row[0]} | {row[1] / max(row[0], 1):.1%} | {share} | "
              f"{row[3] / max(row[2], 1):.2%} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kind", choices=("d6", "mm-action"), default="d6")
    parser.add_argument("--data", type=Path, default=Path("../shared/data/dice"))
    parser.add_argument("--write", action="store_true", help="save the fit for the reader")
    args = parser.parse_args()
    dice, halves = dice_of(args.data) if args.kind == "d6" else rendered_dice()
    print("two-fold check (each half fitted on the other):")
    check(dice, halves)
    whole: Calibration = fit([d[1] for d in dice], [d[2] for d in dice])
    print(f"fitted on all {len(dice)} dice: {len(whole.raw)} knots, sure from {whole.sure:.4f}")
    if args.write:
        path_of(args.kind).write_text(to_json(whole) + "\n", encoding="utf-8")
        print(f"wrote {path_of(args.kind)}")


if __name__ == "__main__":
    main()
