"""Accuracy and cost of the Mice and Mystics action-dice reader, old and new settings.

    .venv/bin/python -m benchmarks.symbol_read [--images N] [--passes P] [--data DIR]

No photos of action dice exist, so the scenes are rendered: 1-12 dice of the
shipped art, turned at random, 3.5-10% of the long side, on the real tray and
webcam photos in ``../shared/data/dice`` (read from there, never copied),
under uneven, tinted light with sensor noise, then scaled to a long side from
320 px to 40 megapixels and saved as JPEG in a temporary folder. Everything
follows from the image's number as a seed, so every run reads the same scenes.

Each scene is decoded and read as ``tablekit dice read --kind mm-action``
does (:func:`tablekit.vision.imagefile.load_image` at the CLI's working size)
by the reader as it was before its cost was bounded (commit :data:`BEFORE`,
loaded from git: 1280 px, every region read in full) and by today's
(:data:`tablekit.vision.symbols.READ_SIDE`, at most
:data:`tablekit.vision.symbols.MOST_DICE` read in full), one after the other,
``--passes`` times; an image's time is its median over the passes, decode
included, and each reader's first call in the process is shown apart. A
placed die is right when the one reported die nearest its centre (within half
its side) has its face; any other reported die is a false die, unless it lies
on a real d6 of the background photo (counted apart). Frames of clutter
(noise, and a grid of hundreds of die-sized squares) show the cost when
nothing on the tray is a die.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from tablekit.local.dice_kits import mm_action_kit
from tablekit.vision.faceart import MM_ACTION_FACES, draw_face
from tablekit.vision.framing import WORK_SIDE
from tablekit.vision.imagefile import load_image
from tablekit.vision.labels import SETS, LabelledDie, LabelledImage, iter_sets, load_set
from tablekit.vision.reading import DieReading, Reading
from tablekit.vision.symbols import MOST_DICE, READ_SIDE, read_symbols
from tablekit.vision.synthetic import PlacedDie, _paste, _shadow, _with_edge

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / ".." / "shared" / "data" / "dice"

BEFORE = "bda93b2"
"""The last commit before the symbol reader's cost was bounded: the baseline reader."""

COMPOSE_SIDE = 1280
"""Scenes are composed at this long side (the background photo enlarged), then scaled."""

LONG_SIDES = (320, 640, 1280, 1920, 4000, 7300)
"""The long sides scenes are saved at, in turn: a small webcam to the 40-megapixel cap
(7300 px is 40 megapixels at 4:3; a square scene is kept under the cap)."""

MAX_PIXELS = 39_900_000
"""Scenes stay just under the 40-megapixel cap the CLI refuses above."""

Reader = Callable[["np.ndarray"], Reading]


def reader_before(kit: object) -> Reader:
    """``read_symbols`` as it was at :data:`BEFORE`, loaded from git, with ``kit``."""
    path = "tablekit/vision/symbols.py"
    show = ["git", "show", f"{BEFORE}:{path}"]
    source = subprocess.run(show, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    module = types.ModuleType("symbols_before")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{BEFORE}:{path}", "exec"), module.__dict__)
    return partial(module.read_symbols, kit=kit)


@dataclass(frozen=True)
class Scene:
    """One rendered scene: its file, its long side, the action dice and the real d6 on it."""

    path: Path
    side: int
    dice: list[PlacedDie]
    d6: tuple[LabelledDie, ...]


def compose(number: int, backgrounds: list[LabelledImage], folder: Path) -> Scene:
    """Render scene ``number`` onto a background photo and save it as JPEG in ``folder``."""
    import cv2

    rng = np.random.default_rng(number)
    background = backgrounds[int(rng.integers(len(backgrounds)))]
    photo = cv2.imread(str(background.path))
    grow = COMPOSE_SIDE / max(photo.shape[:2])
    frame = cv2.resize(photo, None, fx=grow, fy=grow, interpolation=cv2.INTER_CUBIC)
    d6 = tuple(
        LabelledDie(d.x * grow, d.y * grow, d.w * grow, d.h * grow, d.value)
        for d in background.dice
    )
    dice = place(rng, frame.shape[1], frame.shape[0], d6)
    for die in dice:
        _shadow(frame, die)
        _paste(frame, _with_edge(draw_face(die.face)), die)
    frame = light(rng, frame)
    long_side = LONG_SIDES[number % len(LONG_SIDES)]
    height, width = frame.shape[:2]
    scale = min(long_side / max(height, width), (MAX_PIXELS / (height * width)) ** 0.5)
    size = (round(width * scale), round(height * scale))
    area = cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC
    path = folder / f"scene_{number:03d}.jpg"
    scaled = cv2.resize(frame, size, interpolation=area)
    cv2.imwrite(str(path), scaled, [cv2.IMWRITE_JPEG_QUALITY, 90])
    placed = [PlacedDie(d.x * scale, d.y * scale, d.side * scale, d.angle, d.face) for d in dice]
    shown_d6 = tuple(
        LabelledDie(d.x * scale, d.y * scale, d.w * scale, d.h * scale, d.value) for d in d6
    )
    return Scene(path, max(size), placed, shown_d6)


def place(
    rng: np.random.Generator, width: int, height: int, d6: tuple[LabelledDie, ...]
) -> list[PlacedDie]:
    """1-12 dice of one size (3.5-10% of the long side, each within 10%), apart from each
    other and from the photo's own dice; fewer when the photo has no room left."""
    count = int(rng.integers(1, 13))
    size = float(rng.uniform(0.035, 0.10)) * max(width, height)
    placed: list[PlacedDie] = []
    for _ in range(400):
        if len(placed) == count:
            break
        side = size * float(rng.uniform(0.9, 1.1))
        x, y = float(rng.uniform(side, width - side)), float(rng.uniform(side, height - side))
        apart = all(np.hypot(x - d.x, y - d.y) > 0.9 * (side + d.side) for d in placed)
        clear = all(np.hypot(x - d.x, y - d.y) > side + max(d.w, d.h) for d in d6)
        if apart and clear:
            face = MM_ACTION_FACES[int(rng.integers(len(MM_ACTION_FACES)))]
            placed.append(PlacedDie(x, y, side, float(rng.uniform(0, 360)), face))
    return placed


def light(rng: np.random.Generator, frame: np.ndarray) -> np.ndarray:
    """The frame under a random light: 0.6-1.25 as bright, a slope of up to 40% across it,
    a tint of up to 10% per colour, and sensor noise of 2-6 levels."""
    height, width = frame.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    slope = rng.uniform(-0.4, 0.4, 2)
    across = slope[0] * (xs / width - 0.5) + slope[1] * (ys / height - 0.5)
    field = rng.uniform(0.6, 1.25) * (1 + across)
    tint = rng.uniform(0.9, 1.1, 3).astype(np.float32)
    lit = frame * field[..., None] * tint + rng.normal(0, rng.uniform(2, 6), frame.shape)
    out: np.ndarray = np.clip(lit, 0, 255).astype(np.uint8)
    return out


@dataclass
class Tally:
    """One setting's results over the scenes."""

    placed: int = 0
    right: int = 0
    false_dice: int = 0
    on_d6: int = 0

    def add(self, reported: tuple[DieReading, ...], scene: Scene) -> None:
        """Match reported dice to placed ones, most confident first, nearest free one."""
        free = set(range(len(scene.dice)))
        self.placed += len(scene.dice)
        for die in sorted(reported, key=lambda d: -d.confidence):
            near = [i for i in free if _distance(die, scene.dice[i]) < scene.dice[i].side / 2]
            if near:
                hit = min(near, key=lambda i: _distance(die, scene.dice[i]))
                free.remove(hit)
                self.right += int(die.value == scene.dice[hit].face)
            elif any(_on(die, d6) for d6 in scene.d6):
                self.on_d6 += 1
            else:
                self.false_dice += 1


def _on(die: DieReading, d6: LabelledDie) -> bool:
    """Whether a reported centre lies on a labelled d6 (its box grown by a fifth)."""
    return abs(die.x - d6.x) < 0.6 * d6.w and abs(die.y - d6.y) < 0.6 * d6.h


def _distance(die: DieReading, placed: PlacedDie) -> float:
    return float(np.hypot(die.x - placed.x, die.y - placed.y))


def read_file(reader: Reader, path: Path) -> tuple[Reading, float, float]:
    """Decode and read one file as the CLI does; the reading (in the file's pixels), the ms
    for decode and read, and the ms for the decode alone."""
    start = time.perf_counter()
    image = load_image(path, work_side=WORK_SIDE)
    decoded = time.perf_counter()
    reading = reader(image.frame).scaled(1 / image.scale)
    return reading, 1000 * (time.perf_counter() - start), 1000 * (decoded - start)


def clutter_frames(folder: Path) -> dict[str, Path]:
    """Frames with nothing on them that is a die, saved in ``folder``: noise, and a grid."""
    import cv2

    rng = np.random.default_rng(0)
    noise = rng.integers(0, 256, (960, 1280, 3), dtype=np.uint8)
    grid = np.full((960, 1280, 3), (150, 178, 196), np.uint8)
    for y in range(16, 960 - 26, 42):
        for x in range(16, 1280 - 26, 42):
            grid[y : y + 26, x : x + 26] = rng.integers(0, 256, 3)
    frames = {"noise 1280x960": noise, "grid of 26 px squares 1280x960": grid}
    paths = {}
    for name, frame in frames.items():
        paths[name] = folder / f"{name.split()[0]}.png"
        cv2.imwrite(str(paths[name]), frame)
    return paths


def main() -> None:
    """Render the scenes, read them at both settings and print the tables."""
    import cv2

    parser = argparse.ArgumentParser(description="action-dice reader benchmark")
    parser.add_argument("--images", type=int, default=120)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args()
    cv2.setNumThreads(1)
    kit = mm_action_kit()
    settings: dict[str, Reader] = {
        f"before ({BEFORE}): {WORK_SIDE} px, all read": reader_before(kit),
        f"now: {READ_SIDE} px, {MOST_DICE} read in full": partial(read_symbols, kit=kit),
    }
    tables = iter_sets(args.data, SETS[:2])
    backgrounds = [image for _, folder in tables for image in load_set(folder)]
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        scenes = [compose(n, backgrounds, folder) for n in range(args.images)]
        first = {name: read_file(reader, scenes[0].path)[1] for name, reader in settings.items()}
        times = {name: np.zeros((len(scenes), args.passes)) for name in settings}
        decode = {name: np.zeros((len(scenes), args.passes)) for name in settings}
        tallies = {name: Tally() for name in settings}
        for p in range(args.passes):
            for i, scene in enumerate(scenes):
                for name, reader in settings.items():
                    reading, times[name][i, p], decode[name][i, p] = read_file(reader, scene.path)
                    if p == 0:
                        tallies[name].add(reading.dice, scene)
        clutter = {
            label: {
                n: [read_file(r, path) for _ in range(args.passes)] for n, r in settings.items()
            }
            for label, path in clutter_frames(folder).items()
        }
    report(scenes, settings, first, times, decode, tallies, clutter)


def report(
    scenes: list[Scene],
    settings: dict[str, Reader],
    first: dict[str, float],
    times: dict[str, np.ndarray],
    decode: dict[str, np.ndarray],
    tallies: dict[str, Tally],
    clutter: dict[str, dict[str, list[tuple[Reading, float, float]]]],
) -> None:
    """Print the three markdown tables."""
    import cv2

    dice = sum(len(s.dice) for s in scenes)
    print(f"{len(scenes)} scenes, {dice} action dice, one thread, OpenCV {cv2.__version__}\n")
    print(
        "| reader | dice right | false dice / 100 images | real d6 read / 100 images "
        "| first call ms | ms / image median | p95 | max | without decode: median | p95 |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in settings:
        t, per_image = tallies[name], np.median(times[name], axis=1)
        reading = np.median(times[name] - decode[name], axis=1)
        print(
            f"| {name} | {100 * t.right / max(t.placed, 1):.1f}% ({t.right}/{t.placed}) "
            f"| {100 * t.false_dice / len(scenes):.1f} | {100 * t.on_d6 / len(scenes):.1f} "
            f"| {first[name]:.0f} | {np.median(per_image):.1f} "
            f"| {np.percentile(per_image, 95):.1f} | {per_image.max():.1f} "
            f"| {np.median(reading):.1f} | {np.percentile(reading, 95):.1f} |"
        )
    print("\nms / image (median, decode included) by the scene's long side:\n")
    print("| long side | images | decode alone | " + " | ".join(settings) + " |")
    print("|---|---|---|" + "---|" * len(settings))
    sides = np.array([s.side for s in scenes])
    for side in sorted(set(sides)):
        rows = sides == side
        alone = np.median(decode[next(iter(settings))], axis=1)
        cells = [
            np.median(t[rows]) for t in [alone, *(np.median(t, axis=1) for t in times.values())]
        ]
        print(f"| {side} | {rows.sum()} | " + " | ".join(f"{c:.1f}" for c in cells) + " |")
    print("\nClutter, nothing on it a die (regions reported, ms median):\n")
    print("| frame | " + " | ".join(settings) + " |")
    print("|---|" + "---|" * len(settings))
    for label, results in clutter.items():
        cells = []
        for name in settings:
            ms = np.median([r[1] for r in results[name]])
            cells.append(f"{len(results[name][0][0].dice)}, {ms:.1f} ms")
        print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
