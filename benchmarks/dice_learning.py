"""The d6 reader's learning curve: how well it reads a set's photos after learning a few
of that set's frames (``tablekit dice learn``), beside the shipped reader and the classic
recipe, and what adapting costs.

    .venv/bin/python -m benchmarks.dice_learning [--data DIR] [--draws N] [--models DIR]

Leave-one-source-out: for each shared set the reader learns k = 0, 1, 3, 5, 10 frames
drawn from that set (pinned seeds, ``--draws`` draws each) and is scored on a fixed
sample of the set's *other* frames (:func:`tablekit.vision.labels.score`: the centre
inside the labelled box grown 15%, the right value; a die where none is labelled is a
false die). webcam-white-d6 and tray-mixed-d6 are drawn from their held-out split only
(the shipped models trained on the rest); phone-mixed-d6, which no model ever saw, from
all of it. One thread. The learned reader is :func:`tablekit.vision.pipdice.read_d6`
with the :class:`~tablekit.vision.pipdice.TableHead` fitted to the drawn frames.

Adapting costs two parts: cutting a frame's examples and their features (once per
frame, at ``learn``) and the fit over all kept examples (once per change of the store,
at the first read after it); both are timed for 20 frames, over the sets in turn, and
so is reading those frames with and without what was learned (median of 3 runs).

With ``--models DIR``, a set's rows read with the models in ``DIR/without-SET`` where that
folder holds them: models trained without that set (``tools/train_dice.py --leave-out SET
--out DIR/without-SET``), so every set is a table the reader never saw, scored on all of
its frames. Sets without such a folder read with the shipped models, as above.

The figures of a run, and what they say, are in benchmarks/README.md ("Learning the
table"): one place, so the numbers there and here cannot drift apart.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import numpy as np

from benchmarks.dice_baseline import read_baseline
from tablekit.vision import pipdice, tablelearn
from tablekit.vision.labels import LabelledImage, load_set, score
from tablekit.vision.pipdice import TableHead
from tablekit.vision.tablelearn import Examples

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "dice"

SETS = {
    "webcam-white-d6": ("webcam-white-d6", "held-out", False),
    "tray-mixed-d6": ("tray-mixed-d6", "held-out", False),
    "phone-mixed-d6": ("phone-mixed-d6", "all", False),
    "tray-mixed-d6 in negative": ("tray-mixed-d6", "held-out", True),
}
"""Each row's folder, the split its frames are drawn from, and whether they are read in
negative (255 - pixel: light pips on dark dice on a dark tray, a table the shipped
reader reads badly, made from photos whose labels are known)."""

LEARNED = (0, 1, 3, 5, 10)
SCORED = 40
"""Frames of each set scored (the first of a pinned shuffle), fewer where that would leave
under 10 to learn from (tray-mixed-d6's held-out split: 38, and every draw of 10 is the
same 10); the rest may be learned."""


def accuracy(
    images: list[LabelledImage], frames: dict[Path, np.ndarray], reader: object
) -> tuple[int, int, int]:
    """Right dice, labelled dice and false dice over ``images``."""
    right = labelled = false = 0
    for image in images:
        reading = reader(frames[image.path])  # type: ignore[operator]
        result = score(reading.dice, image.dice)
        right, labelled = right + result.right, labelled + result.labelled
        false += result.false_dice
    return right, labelled, false


def learned(
    cut: dict[Path, tuple[Examples, np.ndarray]], drawn: list[LabelledImage]
) -> TableHead | None:
    """The table head fitted to the drawn frames' (cached) examples and features."""
    parts = [cut[image.path] for image in drawn]
    examples = Examples.joined([p[0] for p in parts])
    features = np.concatenate([p[1] for p in parts]) if parts else np.zeros((0, 128))
    return tablelearn.fit(examples, features)


def main() -> None:
    """Print the learning-curve table and the cost of adapting."""
    import cv2

    parser = argparse.ArgumentParser(description="d6 learning curve")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--draws", type=int, default=3)
    parser.add_argument("--models", type=Path, help="folders without-SET of models trained so")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(f"one thread, OpenCV {cv2.__version__}, {args.draws} draws per k\n")
    print(
        "| set | scored (dice) | reader | frames learned "
        "| right (mean, min-max) | false dice / 100 images |"
    )
    print("|---|---|---|---|---|---|")
    timing_frames: list[tuple[np.ndarray, LabelledImage]] = []
    for name, (folder_name, split, negative) in SETS.items():
        folder = args.data / folder_name
        if not (folder / "images").is_dir():
            continue
        unseen = args.models / f"without-{folder_name}" if args.models else None
        if unseen is not None and unseen.is_dir():
            pipdice.use_models(unseen)
            split, shipped = "all", "tablekit d6 (trained without this set)"
        else:
            pipdice.use_models(pipdice.MODELS)
            shipped = "tablekit d6 (shipped)"
        images = load_set(folder, split)
        random.Random(24).shuffle(images)
        cut_at = min(SCORED, len(images) - max(LEARNED))
        scored, pool = images[:cut_at], images[cut_at:]
        frames = {im.path: cv2.imread(str(im.path)) for im in images}
        if negative:
            frames = {path: 255 - frame for path, frame in frames.items()}
        else:
            timing_frames += [(frames[im.path], im) for im in pool[:7]]
        cut = {}
        for image in pool:
            examples = tablelearn.examples_from_frame(frames[image.path], image.dice)
            cut[image.path] = (examples, pipdice.features(examples.crops))
        dice = sum(len(im.dice) for im in scored)
        head = f"| {name} | {len(scored)} ({dice}) |"
        right, labelled, false = accuracy(scored, frames, read_baseline)
        rate, per_100 = 100 * right / labelled, 100 * false / len(scored)
        print(f"{head} classic baseline | 0 | {rate:.1f}% | {per_100:.1f} |")
        for k in LEARNED:
            rates, falses = [], []
            for draw in range(args.draws if k else 1):
                drawn = random.Random(1000 * k + draw).sample(pool, k)
                table = learned(cut, drawn)
                right, labelled, false = accuracy(
                    scored, frames, lambda f, t=table: pipdice.read_d6(f, t)
                )
                rates.append(100 * right / labelled)
                falses.append(100 * false / len(scored))
            reader = shipped if k == 0 else "tablekit d6, learned"
            spread = f" ({min(rates):.1f}-{max(rates):.1f})" if k else ""
            print(
                f"{head} {reader} | {k} | {statistics.mean(rates):.1f}%{spread} | "
                f"{statistics.mean(falses):.1f} |",
                flush=True,
            )
    pipdice.use_models(pipdice.MODELS)
    cost(timing_frames[:20])


def cost(frames: list[tuple[np.ndarray, LabelledImage]]) -> None:
    """Time adapting to 20 frames: cutting examples and features, then the fit (median of 3)."""
    cuts, fits = [], []
    for _ in range(3):
        start = time.perf_counter()
        parts = [tablelearn.examples_from_frame(frame, image.dice) for frame, image in frames]
        examples = Examples.joined(parts)
        features = pipdice.features(examples.crops)
        cut = time.perf_counter()
        tablelearn.fit(examples, features)
        cuts.append(cut - start)
        fits.append(time.perf_counter() - cut)
    cutting, fitting = 1000 * statistics.median(cuts), 1000 * statistics.median(fits)
    print(
        f"\nadapting to {len(frames)} frames ({len(examples)} examples): cutting examples and "
        f"features {cutting:.0f} ms, fit {fitting:.0f} ms"
    )
    table = tablelearn.fit(examples, features)
    for label, head in (("shipped", None), ("learned", table)):
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            for frame, _image in frames:
                pipdice.read_d6(frame, head)
            runs.append(1000 * (time.perf_counter() - start) / len(frames))
        print(f"reading those frames, {label}: {statistics.median(runs):.1f} ms / image")


if __name__ == "__main__":
    main()
