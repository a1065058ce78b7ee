"""Train the action-die face classifier on rendered solid dice and export it to ONNX.

Every example is what the reader sees (:mod:`tablekit.vision.actionfaces`): a frame is
rendered (:mod:`tablekit.vision.cubes`: a random set of dice, 0-35 degrees of camera
tilt, on a drawn tray or on a photo of the shared sets' training split, which brings real
tables and real pip d6; some frames hold flat dice pasted straight down instead), the
reader's own region finder runs on it, and each region, and
its top face where one is found, is cut out as the reader cuts it. A region on an action
die's top face is labelled with that face; anything else (a stray pip d6 rendered among
them, the photos' own dice, the tray's rim) is "not an action die". Pip d6 crops from
the shared photos' labels are added as more of those. The held-out photos are never used.

    .venv/bin/python tools/train_action_faces.py [--frames 2000] [--epochs 20] [--seed 1]

The shipped model came from those defaults: 19,404 crops (2,772 of them real d6) rendered
in 324 s, 954 s in all on one x86 core beside another training run (single-threaded, as
the cores are shared). On 3,000 crops of other seeds' frames it read 98-99% of each face
and of "not an action die". 130k parameters, 530 KB of ONNX.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn

from tablekit.vision.actionfaces import CROP, MODEL, NOT_A_DIE, crop
from tablekit.vision.cubes import Cube, Look, random_cubes, random_look, render
from tablekit.vision.faceart import MM_ACTION_FACES, draw_face
from tablekit.vision.labels import LabelledImage, load_set
from tablekit.vision.symbols import READ_SIDE, Blob, faces_of, find_blobs, shrink
from tablekit.vision.synthetic import random_dice, tray
from tablekit.vision.synthetic import render as render_flat

PIPS = tuple(str(n) for n in range(1, 7))
FLAT = 0.15
"""The share of frames of flat, pasted dice: a camera straight above a die sees no side."""
SETS = ("webcam-white-d6", "tray-mixed-d6", "phone-mixed-d6")


def block(cin: int, cout: int) -> nn.Sequential:
    """Conv 3x3, batch norm, ReLU (``cv2.dnn`` fuses them)."""
    return nn.Sequential(nn.Conv2d(cin, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class FaceNet(nn.Module):
    """Crop (Nx3x32x32, 0-1) to 7 logits: the six faces and "not an action die"."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            block(3, 24), nn.MaxPool2d(2), block(24, 48), nn.MaxPool2d(2),
            block(48, 64), block(64, 64), nn.MaxPool2d(2), block(64, 96), nn.AdaptiveAvgPool2d(1),
        )  # fmt: skip
        self.head = nn.Conv2d(96, NOT_A_DIE + 1, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.body(x)).flatten(1)


def background(rng: np.random.Generator, photos: list[LabelledImage], n: int) -> np.ndarray:
    """A drawn tray, or a crop of a training photo scaled to 640x480."""
    if not photos or rng.random() < 0.4:
        return tray(640, 480, n)
    image = cv2.imread(str(photos[int(rng.integers(len(photos)))].path))
    height, width = image.shape[:2]
    side = int(min(height, width * 0.75) * rng.uniform(0.6, 1.0))
    wide = side * 4 // 3
    top, left = int(rng.integers(0, height - side + 1)), int(rng.integers(0, width - wide + 1))
    return cv2.resize(image[top : top + side, left : left + wide], (640, 480))


def label_of(face: Blob, cubes: list[Cube], factor: float) -> int:
    """The face an action cube shows if ``face`` is its top, or its whole region with the
    top inside (a tilted camera's view of it), else "not an action die"."""
    for cube in cubes:
        side = cube.side * factor
        near = np.hypot(face.x - cube.u * factor, face.y - cube.v * factor) < 0.6 * side
        if near and 0.6 < np.sqrt(face.w * face.h) / side < 2.2:
            top = cube.faces[0]
            return MM_ACTION_FACES.index(top) if top in MM_ACTION_FACES else NOT_A_DIE
    return NOT_A_DIE


def rendered(count: int, seed: int, photos: list[LabelledImage]) -> tuple[np.ndarray, np.ndarray]:
    """Crops and labels from ``count`` rendered frames."""
    crops, labels = [], []
    for n in range(count):
        rng = np.random.default_rng(seed * 1_000_003 + n)
        look = random_look(rng)
        cubes = random_cubes(rng, 640, 480, int(rng.integers(1, 11)), MM_ACTION_FACES)
        if rng.random() < 0.3:  # a stray d6 or two among them
            strays = random_cubes(rng, 640, 480, len(cubes) + 2, PIPS)
            apart = [s for s in strays if all(_apart(s, c) for c in cubes)]
            cubes += apart[:2]
        if rng.random() < FLAT:
            frame, cubes = flat(rng, look, n)
        else:
            frame = render(background(rng, photos, n), cubes, look, float(rng.uniform(0, 35)), rng)
        small, factor = shrink(frame, READ_SIDE)
        for blob in find_blobs(small):
            for face in faces_of(blob):
                crops.append(crop(small, face))
                labels.append(label_of(face, cubes, factor))
    return np.array(crops), np.array(labels)


def flat(rng: np.random.Generator, look: Look, n: int) -> tuple[np.ndarray, list[Cube]]:
    """A frame of flat dice pasted straight down (:mod:`tablekit.vision.synthetic`), in this
    set's colours, and its dice as cubes for :func:`label_of`."""
    placed = random_dice(MM_ACTION_FACES, int(rng.integers(1, 9)), n, side=(30, 70))
    art = {face: draw_face(face, look.body, look.ink) for face in MM_ACTION_FACES}
    frame = render_flat(placed, seed=n, art=art)
    return frame, [Cube(d.x, d.y, d.side, d.angle, (d.face,) * 5) for d in placed]


def _apart(one: Cube, other: Cube) -> bool:
    """Whether two dice lie clear of each other."""
    return bool(np.hypot(one.u - other.u, one.v - other.v) > 2 * max(one.side, other.side))


def photo_dice(photos: list[LabelledImage], most: int) -> np.ndarray:
    """Crops of the labelled real d6 in the training photos: all "not an action die"."""
    crops = []
    for image in photos:
        frame = cv2.imread(str(image.path))
        for die in image.dice:
            side = max(die.w, die.h)
            crops.append(crop(frame, Blob(die.x, die.y, side, side, 0.0)))
            if len(crops) >= most:
                return np.array(crops)
    return np.array(crops)


def train(crops: np.ndarray, labels: np.ndarray, epochs: int, seed: int) -> FaceNet:
    """Adam with a cosine schedule; each batch turned by a random quarter turn and lit anew."""
    torch.manual_seed(seed)
    model = FaceNet()
    optimiser = torch.optim.Adam(model.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = epochs * ((len(crops) + 127) // 128)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 3e-3, total_steps=steps)
    images = torch.from_numpy(crops).permute(0, 3, 1, 2).float() / 255
    targets = torch.from_numpy(labels).long()
    weights = torch.ones(NOT_A_DIE + 1)
    for epoch in range(epochs):
        model.train()
        order = torch.randperm(len(images))
        total = 0.0
        for start in range(0, len(order), 128):
            index = order[start : start + 128]
            batch = torch.rot90(images[index], random.randint(0, 3), (2, 3))
            batch = (batch * torch.empty(len(index), 1, 1, 1).uniform_(0.7, 1.3)).clamp(0, 1)
            loss = nn.functional.cross_entropy(model(batch), targets[index], weight=weights)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item() * len(index)
        print(f"epoch {epoch + 1}/{epochs}: loss {total / len(images):.4f}", flush=True)
    return model.eval()


def report(model: FaceNet, crops: np.ndarray, labels: np.ndarray) -> None:
    """Accuracy by class on crops the model never trained on."""
    with torch.no_grad():
        guess = model(torch.from_numpy(crops).permute(0, 3, 1, 2).float() / 255).argmax(1).numpy()
    names = (*MM_ACTION_FACES, "not an action die")
    for index, name in enumerate(names):
        mine = labels == index
        print(f"  {name}: {(guess[mine] == index).mean():.3f} of {mine.sum()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data/dice"))
    parser.add_argument("--frames", type=int, default=2000)
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    torch.set_num_threads(1)
    random.seed(args.seed)
    folders = [args.data / name for name in SETS if (args.data / name).is_dir()]
    photos = [image for folder in folders for image in load_set(folder, "train")]
    start = time.perf_counter()
    crops, labels = rendered(args.frames, args.seed, photos)
    real = photo_dice(photos, len(crops) // 6)
    crops = np.concatenate([crops, real])
    labels = np.concatenate([labels, np.full(len(real), NOT_A_DIE)])
    check_crops, check_labels = rendered(args.frames // 6, args.seed + 1000, photos)
    counts = np.bincount(labels, minlength=NOT_A_DIE + 1).tolist()
    took = time.perf_counter() - start
    print(f"{len(crops)} crops ({len(real)} real d6) in {took:.0f} s; labels {counts}", flush=True)
    model = train(crops, labels, args.epochs, args.seed)
    print("check (frames of other seeds):")
    report(model, check_crops, check_labels)
    torch.onnx.export(
        model, (torch.zeros(1, 3, CROP, CROP),), str(MODEL), input_names=["crops"],
        output_names=["logits"], dynamic_axes={"crops": {0: "n"}}, opset_version=13, dynamo=False,
    )  # fmt: skip
    print(f"wrote {MODEL} ({MODEL.stat().st_size} bytes) in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
