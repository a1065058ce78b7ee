"""Fit the d6 reader's confidence to the chance of being right, and check it honestly.

    .venv/bin/python tools/calibrate_dice.py [--data ../shared/data/dice] [--write]

Reads every held-out photo of the shared sets with the shipped reader's raw scores and
judges each die against its labels (a false die counts as wrong). Two-fold check first:
the map and its sure line are fitted on one half of the photos (by a hash of the name)
and used on the other, and the other way round, so the figures printed are for dice the
fit never saw: how many dice are marked sure, and how many of those are right. Then the
map is fitted on all of them and, with ``--write``, saved where the reader loads it
(:data:`tablekit.vision.calibration.D6`).
"""

from __future__ import annotations

import argparse
import zlib
from pathlib import Path

import cv2

from tablekit.vision.calibration import AIM, D6, Calibration, fit, to_json
from tablekit.vision.labels import judged, load_set
from tablekit.vision.pipdice import read_d6

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
    parser.add_argument("--data", type=Path, default=Path("../shared/data/dice"))
    parser.add_argument("--write", action="store_true", help="save the fit for the reader")
    args = parser.parse_args()
    dice, halves = dice_of(args.data)
    print("two-fold check (each half fitted on the other):")
    check(dice, halves)
    whole: Calibration = fit([d[1] for d in dice], [d[2] for d in dice])
    print(f"fitted on all {len(dice)} dice: {len(whole.raw)} knots, sure from {whole.sure:.4f}")
    if args.write:
        D6.write_text(to_json(whole) + "\n", encoding="utf-8")
        print(f"wrote {D6}")


if __name__ == "__main__":
    main()
