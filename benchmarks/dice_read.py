"""Accuracy and speed of the dice reader against the classic pip-counting recipe.

    .venv/bin/python -m benchmarks.dice_read [--split held-out|train|all] [--data DIR] [--pairs]

Reads the labelled photos in ``../shared/data/dice`` on one thread, scores
every die (see :func:`tablekit.vision.labels.score`) and prints a markdown
table: per set and reader, accuracy, false dice per 100 images, ms per image.
The default split is the held-out one the reader was never trained or tuned on.
``--pairs`` also times what the second pair of networks costs: the same frames read in
turn by the first pair alone and by both, three passes, medians (decode not included).

Held-out, x86_64, one thread, OpenCV 5.0.0, 2ec4828 (two pairs of networks, see
benchmarks/README.md "Two pairs, shipped"; a busy run: load 1.5-2, so ms are high):

| set | images | reader | dice right | false dice / 100 images | ms / image |
|---|---|---|---|---|---|
| webcam-white-d6 | 62 | tablekit d6 | 100.0% (197/197) | 1.6 | 28.7 |
| webcam-white-d6 | 62 | classic baseline | 79.7% (157/197) | 56.5 | 45.4 |
| tray-mixed-d6 | 48 | tablekit d6 | 98.1% (357/364) | 2.1 | 46.7 |
| tray-mixed-d6 | 48 | classic baseline | 12.1% (44/364) | 204.2 | 48.9 |
| phone-mixed-d6 | 65 | tablekit d6 | 37.7% (101/268) | 16.9 | 50.9 |
| phone-mixed-d6 | 65 | classic baseline | 19.0% (51/268) | 123.1 | 57.8 |

Before the second pair: webcam 100.0% (0.0 false), tray 97.8% (2.1), phone 11.9% (20.0),
at 4.9, 7.2 and 22.5 ms on quieter runs; ``--pairs``, at load 0.4: two pairs take
1.88-1.97x the time of one. The held-out split has been read many times in choosing the models, so
treat it as a check, not a clean estimate.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from benchmarks.dice_baseline import read_baseline
from tablekit.vision import pipdice
from tablekit.vision.labels import LabelledImage, iter_sets, load_set, score
from tablekit.vision.pipdice import read_d6
from tablekit.vision.reading import Reading

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "dice"

READERS: dict[str, Callable[[np.ndarray], Reading]] = {
    "tablekit d6": read_d6,
    "classic baseline": read_baseline,
}


def first_call_ms(reader: Callable[[np.ndarray], Reading], image: LabelledImage) -> float:
    """The first read in this process, decode included: a model's loading, caches filled."""
    import cv2

    start = time.perf_counter()
    reader(cv2.imread(str(image.path)))
    return 1000 * (time.perf_counter() - start)


def measure(reader: Callable[[np.ndarray], Reading], images: list[LabelledImage]) -> str:
    """One table row's numbers: accuracy %, false dice per 100 images, mean ms per image
    including the JPEG decode, and the decode alone (the bare baseline)."""
    import cv2

    labelled = right = false_dice = 0
    elapsed = decoding = 0.0
    for image in images:
        start = time.perf_counter()
        frame = cv2.imread(str(image.path))
        decoded = time.perf_counter()
        reading = reader(frame)
        elapsed += time.perf_counter() - start
        decoding += decoded - start
        result = score(reading.dice, image.dice)
        labelled += result.labelled
        right += result.right
        false_dice += result.false_dice
    return (
        f"{100 * right / max(labelled, 1):.1f}% ({right}/{labelled}) | "
        f"{100 * false_dice / max(len(images), 1):.1f} | {1000 * elapsed / max(len(images), 1):.1f}"
        f" | {1000 * decoding / max(len(images), 1):.1f}"
    )


def main() -> None:
    """Print the table for every set found under the data folder."""
    import cv2

    parser = argparse.ArgumentParser(description="dice reader benchmark")
    parser.add_argument("--split", default="held-out", choices=["held-out", "train", "all"])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--pairs", action="store_true", help="time one pair of networks and two")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    print(f"split: {args.split}, one thread, OpenCV {cv2.__version__}\n")
    print(
        "| set | images | reader | first call ms | dice right | false dice / 100 images "
        "| ms / image with decode | decode alone (bare) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, folder in iter_sets(args.data):
        images = load_set(folder, args.split)
        for label, reader in READERS.items():
            first = first_call_ms(reader, images[0])
            row = f"| {name} | {len(images)} | {label} | {first:.0f} | {measure(reader, images)} |"
            print(row, flush=True)
    if args.pairs:
        pairs_cost(args.data, args.split)


PASSES = 3


def pairs_cost(data: Path, split: str) -> None:
    """Print ms per image read by the first pair alone and by both, each set's frames read
    by the two in turn (``pipdice.use_models`` on a folder holding the first pair only)."""
    import tempfile

    import cv2

    print("\n| set | first pair, ms / image | both pairs | ratio |\n|---|---|---|---|")
    with tempfile.TemporaryDirectory() as folder:
        for model in (pipdice.DETECTOR, pipdice.FACES):
            (Path(folder) / model.name).symlink_to(model)
        for name, found in iter_sets(data):
            frames = [cv2.imread(str(image.path)) for image in load_set(found, split)]
            times: dict[Path, list[float]] = {Path(folder): [], pipdice.MODELS: []}
            for _ in range(PASSES):
                for models, runs in times.items():
                    pipdice.use_models(models)
                    read_d6(frames[0])  # the networks loaded before the clock starts
                    start = time.perf_counter()
                    for frame in frames:
                        read_d6(frame)
                    runs.append(1000 * (time.perf_counter() - start) / len(frames))
            one, both = (statistics.median(runs) for runs in times.values())
            print(f"| {name} | {one:.1f} | {both:.1f} | {both / one:.2f}x |", flush=True)
    pipdice.use_models(pipdice.MODELS)


if __name__ == "__main__":
    main()
