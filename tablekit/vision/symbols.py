"""Read symbol dice by matching each die's face against taught reference views.

"Teach your dice": the table shows every face of its own dice to the camera
once; each view is kept, upright and normalised, in a :class:`DiceKit` (which
:mod:`tablekit.local.dice_kits` stores on disk).
Reading finds the dice standing out from the tray floor, turns each upright
and compares it, at four quarter turns, with every reference. The Mice and
Mystics kit is built the same way from the shipped face art.

One frame's cost is bounded whatever it holds: the frame is read at
:data:`READ_SIDE`, and at most :data:`MOST_DICE` regions are read in full; any
more are reported, each from one cheap look, as dice the reader is unsure of.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from tablekit.vision.reading import DieReading, Reading

READ_SIDE = 640
"""The symbol reader's working size: a frame with a longer side is scaled down to it.

Finding dice costs time in proportion to the pixels: 640x480 has a quarter of
the pixels of the 1280 px the d6 reader works at. A die of at least 4% of the
long side (:data:`tablekit.vision.framing.MIN_DIE`) is still 25 px here, and
on rendered scenes this reads as many dice right as 1280 did
(``benchmarks/symbol_read.py``)."""

MOST_DICE = 24
"""Regions read in full per frame (under a millisecond each): a Mice and Mystics roll
has at most 20 dice, so 4 to spare. Any more (clutter) get one cheap look and
confidence 0, so the table is asked about them rather than not told."""

VIEW_SIZE = 40
SEARCH = 4
"""Pixels of slack around a view, so matching can correct a slightly off-centre die."""

INNER = 0.82
"""Share of the die's side kept for matching: the face without its edge."""

SCALES = (0.92, 1.0, 1.08)
"""Crop sizes tried around the measured side, for dice whose outline was misjudged."""

SMOOTHING = 3
"""Side of the blur before a pixel's distance from the floor is taken: wide enough for
sensor noise; at 640 px a 5 px blur smears a small die's darker rim into the floor,
and missed 29 more of 566 dice in the scenes of ``benchmarks/symbol_read.py``."""

FLOOR_DISTANCE = 40.0
"""Colour distance (Lab, lightness at half weight so shadows stay floor) that marks a die."""

LAB_WEIGHTS = np.array([0.5, 1.0, 1.0], np.float32)

SIDE_CONTRAST = 25.0
"""Lightness (OpenCV's 0-255 L) by which a die's lit top must outshine its sides for the
two to be told apart; the light and dark parts of one evenly lit face differ by less."""

TOP_SHARE = 0.35
"""The least share of a die's region its top face takes (a camera tilted 30 degrees sees
a die's top as about half of it)."""

MARGIN_FOR_CERTAINTY = 0.12
"""Score lead over the next face at which a reading is fully confident."""


@dataclass
class DiceKit:
    """Reference views of a set of dice: face names and their normalised views."""

    name: str
    names: list[str] = field(default_factory=list)
    views: list[np.ndarray] = field(default_factory=list)
    _rows: tuple[list[str], np.ndarray] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """The :func:`references` matrix, made on the first read and again after :meth:`add`."""

    @property
    def faces(self) -> list[str]:
        """Face names taught so far, each once, in teaching order."""
        return list(dict.fromkeys(self.names))

    def add(self, face: str, view: np.ndarray) -> None:
        """Keep one more reference view of ``face``."""
        self.names.append(face)
        self.views.append(view)
        self._rows = None

    def rows(self) -> tuple[list[str], np.ndarray]:
        """The kit's :func:`references`, kept between frames: a camera reads many."""
        if self._rows is None:
            self._rows = references(self)
        return self._rows


def shrink(frame: np.ndarray, side: int) -> tuple[np.ndarray, float]:
    """The frame scaled down so its long side is at most ``side``, and the scale from
    frame pixels to returned pixels (as :func:`tablekit.vision.framing.fit` gives).

    OpenCV averages pixel blocks quickly only by a whole factor (0.3 ms from 1280
    to 640 px here, 16 ms from 2000 to 640), so the frame is averaged by the
    largest whole factor that keeps it at ``side`` or more (leaving out the last
    rows and columns that do not fill a block), then resized by what is left,
    less than half, with linear interpolation (0.7 ms instead of 4 to 7).
    """
    import cv2

    height, width = frame.shape[:2]
    whole = max(height, width) // side
    if whole >= 2 and min(height, width) >= whole:
        blocks = frame[: height - height % whole, : width - width % whole]
        frame = cv2.resize(blocks, (width // whole, height // whole), interpolation=cv2.INTER_AREA)
    else:
        whole = 1
    height, width = frame.shape[:2]
    rest = min(1.0, side / max(height, width))
    if rest < 1.0:
        size = (max(1, round(width * rest)), max(1, round(height * rest)))
        frame = cv2.resize(frame, size, interpolation=cv2.INTER_LINEAR)
    return frame, rest / whole


@dataclass(frozen=True)
class Blob:
    """A die-shaped region: centre, side, turn in degrees (as ``cv2.minAreaRect`` gives),
    and the die's top face within it where the region also holds side faces."""

    x: float
    y: float
    w: float
    h: float
    angle: float
    top: Blob | None = None


def find_blobs(frame: np.ndarray, min_side: float = 12.0) -> list[Blob]:
    """Dice-sized, roughly square regions whose colour differs from the tray floor, largest first.

    A face symbol close to the floor's colour can leave a bay in a die's
    outline, so a region is judged by its convex hull.

    The floor is the frame's median colour, so the frame should be cropped to
    the tray (the calibration's region of interest) with the dice a minority.
    """
    import cv2

    smooth = cv2.GaussianBlur(frame, (SMOOTHING, SMOOTHING), 0)
    lab = cv2.cvtColor(smooth, cv2.COLOR_BGR2LAB).astype(np.float32)
    floor = np.median(lab.reshape(-1, 3)[::7], axis=0)
    # Weighted distance from the floor, squared, in two OpenCV passes (numpy's norm took 5x longer).
    away = cv2.transform(lab, np.hstack([np.diag(LAB_WEIGHTS), -(LAB_WEIGHTS * floor)[:, None]]))
    distance2 = cv2.transform(cv2.multiply(away, away), np.ones((1, 3), np.float32))
    mask: np.ndarray = (distance2 > FLOOR_DISTANCE**2).astype(np.uint8)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((5, 5), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    grey = lab[..., 0]
    blobs = []
    for contour in contours:
        (x, y), (w, h), angle = cv2.minAreaRect(contour)
        if min(w, h) < min_side:
            continue
        top = _top_face(grey, contour, min_side)
        whole = Blob(x, y, w, h, angle, top if top is not None and _square(top) else None)
        filled = cv2.contourArea(cv2.convexHull(contour)) / max(w * h, 1.0)
        if whole.top is not None or (_square(whole) and filled > 0.75):
            blobs.append(whole)
    return sorted(blobs, key=lambda b: -b.w * b.h)


def _square(blob: Blob) -> bool:
    """Whether a region is near enough square to be a die's face."""
    return min(blob.w, blob.h) / max(blob.w, blob.h, 1.0) > 0.7


def _top_face(grey: np.ndarray, contour: np.ndarray, min_side: float) -> Blob | None:
    """The top face of a die whose region also holds side faces, or ``None`` if it shows none.

    A camera that is not straight above sees a die's sides too, and the lamp above lights
    them less than the top. With the symbols smoothed away, the region's lightness falls
    into two clear groups; the lighter one, if it is a large, square part of the region,
    is the top face.
    """
    import cv2

    left, top, width, height = cv2.boundingRect(contour)
    patch = grey[top : top + height, left : left + width]
    inside = np.zeros((height, width), np.uint8)
    cv2.drawContours(inside, [contour - [left, top]], -1, 1, cv2.FILLED)
    body = cv2.medianBlur(patch.astype(np.uint8), max(3, (min(width, height) // 5) | 1))
    values = body[inside > 0]
    level, _ = cv2.threshold(values.reshape(-1, 1), 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    light, dark = values[values > level], values[values <= level]
    if len(dark) == 0 or len(light) == 0 or light.mean() - dark.mean() < SIDE_CONTRAST:
        return None  # one even face: the region is the top
    lit = ((body > level) & (inside > 0)).astype(np.uint8)
    opened = cv2.morphologyEx(lit, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    parts, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not parts:
        return None
    part = max(parts, key=cv2.contourArea)
    (x, y), (w, h), angle = cv2.minAreaRect(part)
    if min(w, h) < min_side or w * h < TOP_SHARE * len(values):
        return None
    return Blob(x + left, y + top, w, h, angle)


def face_view(frame: np.ndarray, blob: Blob, scale: float = 1.0, pad: int = 0) -> np.ndarray:
    """The die's face turned upright (to a quarter turn), in grey, with ``pad`` pixels of slack.

    ``scale`` enlarges or shrinks the face the crop assumes.
    """
    import cv2

    side = (blob.w + blob.h) / 2 * INNER * scale
    size = VIEW_SIZE + 2 * pad
    matrix = np.asarray(
        cv2.getRotationMatrix2D((blob.x, blob.y), blob.angle, VIEW_SIZE / side), np.float64
    )
    matrix[:, 2] += (size / 2 - blob.x, size / 2 - blob.y)
    upright = cv2.warpAffine(
        frame, matrix, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )
    return normalise(upright)


def art_view(face: np.ndarray) -> np.ndarray:
    """A reference view from face art (the art is exactly the face, without an edge)."""
    import cv2

    return normalise(cv2.resize(face, (VIEW_SIZE, VIEW_SIZE), interpolation=cv2.INTER_AREA))


def normalise(patch: np.ndarray) -> np.ndarray:
    """Grey, lightly blurred, zero mean and unit length: body colour and light drop out."""
    import cv2

    grey = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY) if patch.ndim == 3 else patch
    grey = cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 1.2)
    grey -= grey.mean()
    unit: np.ndarray = grey / max(float(np.linalg.norm(grey)), 1e-6)
    return unit


PIP_DIE = "\x00pips"
"""The name the reader gives the views of plain pip faces it adds to every kit that has no
face of its own named by a number: a die that looks most like pips is a d6 that strayed
onto the tray, never one of the kit's faces, and is left out of the reading."""


def pip_views() -> list[np.ndarray]:
    """Views of the six faces of a pip die, dark pips on a light body (their negatives, light
    pips on a dark body, are the same views with the sign turned)."""
    import cv2

    views = []
    for face in range(1, 7):
        art = np.full((VIEW_SIZE * 4, VIEW_SIZE * 4), 230, np.uint8)
        for x, y in PIP_PLACES[face]:
            centre = (
                round((0.5 + x * 0.27) * art.shape[1]),
                round((0.5 + y * 0.27) * art.shape[0]),
            )
            cv2.circle(art, centre, round(art.shape[0] * 0.085), 30, cv2.FILLED, cv2.LINE_AA)
        views.append(
            normalise(cv2.resize(art, (VIEW_SIZE, VIEW_SIZE), interpolation=cv2.INTER_AREA))
        )
    return views


PIP_LIKENESS = 0.4
"""The correlation with a pip face at which a die that matches pips better than any of the
kit's faces is taken for a d6 and left out (below it, it is read, and likely unsure)."""

PIP_PLACES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
"""Where a d6's pips lie, in steps of about a quarter of the face from its centre."""


def references(kit: DiceKit) -> tuple[list[str], np.ndarray]:
    """The kit's views at four quarter turns, as rows of one matrix, and each row's face.

    Rows are zero mean and unit length, so a row's dot product with an equally
    normalised window is their correlation coefficient.
    """
    names, rows = [], []
    views = list(zip(kit.names, kit.views, strict=True))
    if not any(name.isdigit() for name in kit.names):  # a kit of pip dice needs no warning
        views += [(PIP_DIE, sign * view) for view in pip_views() for sign in (1, -1)]
    for name, view in views:
        for turn in range(4):
            row = np.rot90(view, turn).astype(np.float32).ravel()
            row -= row.mean()
            names.append(name)
            rows.append(row / max(float(np.linalg.norm(row)), 1e-6))
    return names, np.array(rows)


def products(windows: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Every window's dot product with every row, by OpenCV on this thread.

    numpy's BLAS spreads even a product this small over every core; on a busy
    machine that took 40 times longer (7.5 ms instead of 0.2 ms per die).
    """
    import cv2

    nothing = np.empty((0, 0), np.float32)  # no third matrix to add
    result: np.ndarray = cv2.gemm(windows, rows, 1.0, nothing, 0.0, flags=cv2.GEMM_2_T)
    return result


def match(views: list[np.ndarray], kit: tuple[list[str], np.ndarray]) -> tuple[str, float]:
    """The best face for padded views of one die among ``kit``'s :func:`references`,
    and a 0-1 confidence.

    Every reference turn is tried at every small shift within every view
    (normalised cross-correlation, as ``cv2.TM_CCOEFF_NORMED``, in one matrix
    product); the confidence grows with the best face's lead over the next one.
    """
    names, rows = kit
    windows = np.concatenate(
        [
            np.lib.stride_tricks.sliding_window_view(view, (VIEW_SIZE, VIEW_SIZE)).reshape(
                -1, VIEW_SIZE * VIEW_SIZE
            )
            for view in views
        ]
    )
    # The rows have zero mean, so the raw windows need not be centred, only measured.
    spread = np.einsum("ij,ij->i", windows, windows) - windows.sum(axis=1) ** 2 / windows.shape[1]
    correlation = products(windows, rows) / np.sqrt(np.maximum(spread, 1e-12))[:, None]
    best: dict[str, float] = {}
    for name, score in zip(names, correlation.max(axis=0), strict=True):
        best[name] = max(best.get(name, -1.0), float(score))
    pips = best.pop(PIP_DIE, -1.0)
    ranked = sorted(best.items(), key=lambda item: -item[1])
    top_name, top = ranked[0]
    if pips >= PIP_LIKENESS and pips > top:
        return PIP_DIE, 0.0
    runner_up = max(ranked[1][1] if len(ranked) > 1 else 0.0, pips)  # pips compete as a face
    confidence = max(0.0, top) * min(1.0, (top - runner_up) / MARGIN_FOR_CERTAINTY)
    return top_name, float(np.clip(confidence, 0.0, 1.0))


def glance(views: list[np.ndarray], kit: tuple[list[str], np.ndarray]) -> list[str]:
    """The likeliest face for each of many unpadded views, in one matrix product.

    A cheap look (no shifts, no scales, no confidence) for the regions past
    :data:`MOST_DICE`, so even a frame full of clutter costs a few milliseconds more.
    """
    names, rows = kit
    if not views:
        return []
    own = [i for i, name in enumerate(names) if name != PIP_DIE]  # a glance never drops a die
    best = products(np.array(views).reshape(len(views), -1), rows[own]).argmax(axis=1)
    return [names[own[i]] for i in best]


def read_symbols(
    frame: np.ndarray, kit: DiceKit, side: int = READ_SIDE, most: int = MOST_DICE
) -> Reading:
    """Find every die on the tray and read its face against the kit, in the frame's pixels.

    The frame is read scaled down to ``side``. The ``most`` largest regions are
    read in full; the rest are reported from a :func:`glance`, at confidence 0.
    """
    start = time.perf_counter()
    small, factor = shrink(frame, side)
    refs = kit.rows()
    blobs = find_blobs(small)
    dice = []
    for blob in blobs[:most]:
        name, confidence, face = read_blob(small, blob, refs)
        if name != PIP_DIE:
            dice.append(DieReading(face.x, face.y, face.w, face.h, name, confidence))
    rest = blobs[most:]
    for blob, name in zip(rest, glance([face_view(small, b) for b in rest], refs), strict=True):
        if name != PIP_DIE:
            dice.append(DieReading(blob.x, blob.y, blob.w, blob.h, name, 0.0))
    return Reading(tuple(dice), (time.perf_counter() - start) * 1000).scaled(1 / factor)


def faces_of(blob: Blob) -> list[Blob]:
    """Where a die's face may be: its region, and the top face found within it."""
    return [blob] if blob.top is None else [blob, blob.top]


def read_blob(
    small: np.ndarray, blob: Blob, refs: tuple[list[str], np.ndarray]
) -> tuple[str, float, Blob]:
    """The face of the die in ``blob`` matched against ``refs`` (:func:`references`), its
    confidence, and where the face was read: the region or its top, whichever matched surer."""
    readings = [
        (*match([face_view(small, face, s, SEARCH) for s in SCALES], refs), face)
        for face in faces_of(blob)
    ]
    return max(readings, key=lambda reading: reading[1])


MOST_TAUGHT = 12
"""Dice taught from one frame at most (the largest): a handful of one face is plenty."""

TAUGHT_SIZES = 1.6
"""A region more than this many times the side of the frame's middle-sized die, or less than
its inverse, is not one of the dice being shown (a hand, a rim, a crumb) and is not taught."""


def teach(kit: DiceKit, frame: np.ndarray, face: str) -> list[Blob]:
    """Add the view of every die in ``frame`` as ``face``: the table shows any number of its
    dice, all with that face up, and each is seen from its own place under the camera.

    Returns the dice's regions (their top faces where side faces show) in the frame's
    pixels; they are found on a copy scaled to :data:`READ_SIDE`, like
    :func:`read_symbols`, so views are taught as they are read. Regions far from the
    dice's common size are left out (:data:`TAUGHT_SIZES`).

    Raises ``LookupError`` when no die stands out, so the screen can say so.
    """
    small, factor = shrink(frame, READ_SIDE)
    faces = [blob.top or blob for blob in find_blobs(small)[:MOST_TAUGHT]]
    if not faces:
        raise LookupError("No die found: put dice with that face up on the tray.")
    middle = float(np.median([np.sqrt(f.w * f.h) for f in faces]))
    shown = [f for f in faces if 1 / TAUGHT_SIZES <= np.sqrt(f.w * f.h) / middle <= TAUGHT_SIZES]
    for blob in shown:
        kit.add(face, face_view(small, blob))
    return [Blob(b.x / factor, b.y / factor, b.w / factor, b.h / factor, b.angle) for b in shown]
