"""Symbol dice as solid cubes under a tilted camera, and pip dice among them (issue 24 item 3).

A die seen from the side shows its side faces; the reader must read its top face, not
the whole region. A stray pip d6 on the tray must never be read as an action die.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from tablekit.local.dice_kits import mm_action_kit
from tablekit.vision import symbols
from tablekit.vision.cubes import lies_on, random_cubes, random_look, render
from tablekit.vision.faceart import MM_ACTION_FACES
from tablekit.vision.labels import load_set
from tablekit.vision.symbols import DiceKit, find_blobs, read_symbols
from tablekit.vision.synthetic import PlacedDie, tray
from tablekit.vision.synthetic import render as render_flat

SURE = 0.6
"""The camera screen's line between a die it shows as read and one it asks about."""


def _scene(seed: int, tilt: float, count: int = 6) -> tuple[np.ndarray, list]:
    rng = np.random.default_rng(seed)
    cubes = random_cubes(rng, 640, 480, count, MM_ACTION_FACES)
    return render(tray(640, 480, seed), cubes, random_look(rng), tilt, rng), cubes


def test_a_tilted_camera_sees_side_faces_and_the_reader_finds_the_top_within() -> None:
    nearer = farther = 0
    for seed in range(4):
        frame, cubes = _scene(seed, tilt=30.0)
        for blob in find_blobs(frame):
            cube = min(cubes, key=lambda c: np.hypot(c.u - blob.x, c.v - blob.y))
            if blob.top is None:
                continue
            top_off = np.hypot(blob.top.x - cube.u, blob.top.y - cube.v)
            if top_off < np.hypot(blob.x - cube.u, blob.y - cube.v):
                nearer += 1
            else:
                farther += 1
    assert nearer >= 8, "the side faces were not told from the top"
    assert nearer >= 4 * farther


def test_a_die_straight_below_the_camera_is_its_top_face_alone() -> None:
    rng = np.random.default_rng(3)
    from tablekit.vision.cubes import Cube

    cube = Cube(320, 240, 60, 20.0, ("bow", "cheese", "sword_star", "bow_star", "sword_shield"))
    frame = render(tray(640, 480, 3), [cube], random_look(rng), 0.0, rng)
    [blob] = find_blobs(frame)
    assert blob.top is None
    assert np.hypot(blob.x - 320, blob.y - 240) < 6


def _pip_face(pips: int) -> np.ndarray:
    """A red d6 face with white pips, as the drawn art of a face image."""
    face = np.full((128, 128, 3), (40, 40, 190), np.uint8)
    for x, y in symbols.PIP_PLACES[pips]:
        cv2.circle(face, (64 + 34 * x, 64 + 34 * y), 12, (240, 240, 240), cv2.FILLED, cv2.LINE_AA)
    return face


def test_stray_pip_dice_are_all_but_never_read_as_action_dice_for_sure() -> None:
    """240 pip cubes, 0-30 degrees of tilt, at most one read as an action die for sure (the
    reader before pip faces were known also read one; the real photos below tell them apart)."""
    kit = mm_action_kit()
    sure = seen = 0
    for seed in range(40):
        rng = np.random.default_rng(seed)
        cubes = random_cubes(rng, 640, 480, 6, tuple(str(n) for n in range(1, 7)))
        frame = render(tray(640, 480, seed), cubes, random_look(rng), float(seed % 4 * 10), rng)
        seen += len(find_blobs(frame))
        sure += sum(1 for d in read_symbols(frame, kit).dice if d.confidence >= SURE)
    assert seen >= 160, "the dice must be seen for the test to mean anything"
    assert sure <= 1


@pytest.mark.parametrize("pips", range(1, 7))
def test_a_kit_of_numbered_faces_reads_pips_as_its_own(pips: int) -> None:
    art = {str(n): _pip_face(n) for n in range(1, 7)}
    kit = DiceKit("numbers")
    for n in range(1, 7):
        symbols.teach(kit, render_flat([PlacedDie(320, 240, 60, 0.0, str(n))], art=art), str(n))
    frame = render_flat([PlacedDie(300, 220, 56, 30.0, str(pips))], seed=pips, art=art)
    [die] = read_symbols(frame, kit).dice
    assert die.value == str(pips)


@pytest.mark.slow
def test_real_d6_photos_read_no_action_die_for_sure() -> None:
    """90 held-out photos of real d6: the reader before pip faces were known read 5 dice in
    them as action dice it was sure of; now 1 at most."""
    root = Path(__file__).resolve().parents[3] / "shared" / "data" / "dice"
    if not root.is_dir():
        pytest.skip("the shared dice photos are not beside the checkout")
    kit = mm_action_kit()
    sure = 0
    for name in ("webcam-white-d6", "tray-mixed-d6", "phone-mixed-d6"):
        for image in load_set(root / name, "held-out")[:30]:
            reading = read_symbols(cv2.imread(str(image.path)), kit)
            sure += sum(1 for d in reading.dice if d.confidence >= SURE)
    assert sure <= 1


def test_action_cubes_are_never_taken_for_pips() -> None:
    kit = mm_action_kit().rows()
    for seed in range(6):
        frame, _ = _scene(seed, tilt=float(seed * 6))
        small, _ = symbols.shrink(frame, symbols.READ_SIDE)
        for blob in find_blobs(small):
            for face in symbols.faces_of(blob):
                views = [symbols.face_view(small, face, s, symbols.SEARCH) for s in symbols.SCALES]
                assert symbols.match(views, kit)[0] != symbols.PIP_DIE


def test_one_frame_of_several_dice_teaches_each_of_them() -> None:
    """A table shows a handful of its dice with one face up; every one is taught."""
    rng = np.random.default_rng(11)
    cubes = random_cubes(rng, 640, 480, 5, MM_ACTION_FACES, top="bow")
    frame = render(tray(640, 480, 11), cubes, random_look(rng), 20.0, rng)
    kit = DiceKit("table")
    shown = symbols.teach(kit, frame, "bow")
    assert len(shown) == len(kit.views) == len(cubes)
    assert kit.faces == ["bow"]
    for cube in cubes:
        assert any(lies_on(b.x, b.y, cube) for b in shown)


def test_a_region_far_from_the_dice_size_is_not_taught() -> None:
    rng = np.random.default_rng(12)
    cubes = random_cubes(rng, 640, 480, 3, MM_ACTION_FACES, top="cheese")
    frame = render(tray(640, 480, 12), cubes, random_look(rng), 0.0, rng)
    dice_alone = symbols.teach(DiceKit("table"), frame, "cheese")
    cv2.rectangle(frame, (20, 330), (190, 470), (40, 60, 160), cv2.FILLED)  # a sleeve in view
    assert len(find_blobs(frame)) > len(dice_alone), "the sleeve must be seen"
    assert symbols.teach(DiceKit("table"), frame, "cheese") == dice_alone
