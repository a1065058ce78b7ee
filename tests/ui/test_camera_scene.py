"""The camera overlay scene: settle, read, correct by tapping, confirm the faces."""

from __future__ import annotations

import json
import random
import shutil
import time
from pathlib import Path
from typing import Any

import pygame
import pytest
from waiting import until

from tablekit.local.camera_settings import CameraSettings
from tablekit.local.config import Config, replace
from tablekit.ui import widgets
from tablekit.ui.scenes import camera as camera_scene
from tablekit.ui.scenes.camera import CameraScene
from tablekit.ui.touch import TAP
from tablekit.vision.reading import Reading

FRAMES = Path(__file__).parents[1] / "vision" / "frames"
TRUTH = json.loads((FRAMES / "mm_action_truth.json").read_text())


@pytest.fixture(autouse=True)
def quick_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    """Grab a frame every 10 ms so a still tray settles in a fraction of a second."""
    monkeypatch.setattr(camera_scene, "FRAME_INTERVAL", 0.01)


def _scene(make_app: Any, camera: CameraSettings, kind: str = "mm-action") -> CameraScene:
    app = make_app((800, 480), replace(Config(), camera=camera))
    scene = CameraScene(app)
    received: list[list[Any]] = []
    scene.request(kind, received.append)
    scene.received = received  # type: ignore[attr-defined]
    app.scene = scene
    scene.enter()
    return scene


@pytest.fixture
def tray_folder(tmp_path: Path) -> Path:
    """A replay folder holding one synthetic tray (replayed over and over: a still tray)."""
    shutil.copy(FRAMES / "mm_action_101.jpg", tmp_path / "tray.jpg")
    return tmp_path


def _settle(scene: CameraScene) -> None:
    """Run the scene's frames until the camera thread has read the tray (or gave up)."""
    until(lambda: scene.reading is not None, lambda: scene.update(0.01))


def _tap(scene: CameraScene, pos: tuple[int, int]) -> None:
    scene.handle(pygame.event.Event(TAP, pos=pos))


def test_a_still_tray_is_read_and_confirmed_as_a_list_of_faces(
    make_app: Any, tray_folder: Path
) -> None:
    scene = _scene(make_app, CameraSettings(backend="replay", replay_path=str(tray_folder)))
    _settle(scene)
    truth = sorted(d["face"] for d in TRUTH["mm_action_101.jpg"])
    assert scene.reading is not None
    assert sorted(scene.values()) == truth
    expected = scene.values()
    scene.confirm()
    assert scene.received == [expected]
    assert scene.feed is None


def test_tapping_a_die_then_a_face_corrects_it(make_app: Any, tray_folder: Path) -> None:
    scene = _scene(make_app, CameraSettings(backend="replay", replay_path=str(tray_folder)))
    _settle(scene)
    target = scene._die_rects()[0]
    _tap(scene, target.center)
    assert scene.selected == 0
    cheese = next(b for b in scene._picker() if b.label == "cheese")
    _tap(scene, cheese.rect.center)
    first = scene.reading.dice[0]
    assert (first.value, first.confidence, scene.selected) == ("cheese", 1.0, None)


def test_without_a_camera_the_roll_is_entered_by_hand(make_app: Any) -> None:
    scene = _scene(make_app, CameraSettings(backend="opencv", device=97), kind="d6")
    _settle(scene)
    assert scene.manual and "97" in scene.reason
    picker = {b.label: b for b in scene._picker()}
    assert list(picker) == ["1", "2", "3", "4", "5", "6"]
    for label in ("6", "2", "4"):
        _tap(scene, picker[label].rect.center)
    scene.confirm()
    assert sorted(scene.received[0]) == [2, 4, 6]


def test_a_camera_lost_before_the_dice_settle_turns_the_roll_into_entry_by_hand(
    make_app: Any, tmp_path: Path
) -> None:
    shutil.copy(FRAMES / "mm_action_101.jpg", tmp_path / "tray.jpg")
    # At 120 fps the one frame is shown for 8 ms, fewer than the frames a tray needs to settle.
    once = CameraSettings(
        backend="replay", replay_path=str(tmp_path), replay_loop=False, replay_fps=120
    )
    scene = _scene(make_app, once)
    _settle(scene)
    assert scene.manual and scene.reading == Reading(())
    assert scene.reason == "The replay has ended."
    assert [b.label for b in scene._picker()] == [
        "cheese",
        "sword + star",
        "sword + shield",
        "bow",
        "bow + star",
        "sword + shield + star",
    ]


def test_the_overlay_draws_at_800x480_and_then_rests(make_app: Any, tray_folder: Path) -> None:
    scene = _scene(make_app, CameraSettings(backend="replay", replay_path=str(tray_folder)))
    _settle(scene)
    surface = pygame.Surface((800, 480))
    scene.draw(surface)
    scene.dirty = False
    scene.update(1.0)
    assert not scene.dirty
    box = scene._die_rects()[0]
    assert surface.get_at(box.inflate(8, 8).midleft)[:3] != surface.get_at((5, 5))[:3]


def test_the_rolls_counts_read_across_the_table(make_app: Any, tray_folder: Path) -> None:
    """The tray's summary of a read roll ("2 x cheese") is a count: drawn at 28 px or more
    at 800x480, as every count at the table is, not in the small print it had (23 px)."""
    scene = _scene(make_app, CameraSettings(backend="replay", replay_path=str(tray_folder)))
    _settle(scene)
    widgets.LEDGER = []
    try:
        scene.draw(pygame.Surface((800, 480)))
        drawn = widgets.LEDGER
    finally:
        widgets.LEDGER = None
    counts = [one for one in drawn if " x " in one.words]
    assert counts, "the summary was not drawn"
    assert all(one.size >= 28 and not one.cut for one in counts), counts


def test_leaving_for_another_scene_lets_the_camera_go(make_app: Any, tray_folder: Path) -> None:
    scene = _scene(make_app, CameraSettings(backend="replay", replay_path=str(tray_folder)))
    feed = scene.feed
    scene.enter()
    assert scene.feed is feed
    scene.app.goto("settings")
    assert scene.feed is None
    assert feed.status.message == "The camera is closed."
    scene.enter()
    _settle(scene)
    assert scene.feed is not None and scene.feed.status.ok
    scene.close()


def _press(scene: CameraScene, label: str) -> None:
    button = next(b for b in scene.buttons() if b.label == label)
    assert button.enabled and min(button.rect.size) >= 48
    _tap(scene, button.rect.center)


def test_a_die_that_is_not_there_is_dropped_and_a_missed_one_added(
    make_app: Any, tray_folder: Path
) -> None:
    scene = _scene(make_app, CameraSettings(backend="replay", replay_path=str(tray_folder)))
    _settle(scene)
    read = list(scene.reading.dice)
    _tap(scene, scene._die_rects()[0].center)
    _press(scene, "Not a die")
    assert list(scene.reading.dice) == read[1:]
    _press(scene, "Add a die")
    assert scene._status() == "Which face?"
    _press(scene, "cheese")
    assert scene.reading.dice[-1].value == "cheese" and not scene.adding
    assert sorted(scene.values()) == sorted([d.value for d in read[1:]] + ["cheese"])
    assert scene.die_at(scene._fit()[1:]) is None
    scene.confirm()
    assert sorted(scene.received[0]) == sorted([d.value for d in read[1:]] + ["cheese"])


def test_a_mistaken_tap_by_hand_is_taken_back(make_app: Any) -> None:
    scene = _scene(make_app, CameraSettings(), kind="d6")
    assert not next(b for b in scene.buttons() if b.label == "Remove last").enabled
    for label in ("5", "3"):
        _press(scene, label)
    _press(scene, "Remove last")
    assert scene.values() == [5]


@pytest.mark.parametrize("count", [6, 12])
def test_a_roll_entered_by_hand_reads_across_the_table(make_app: Any, count: int) -> None:
    """The faces entered by hand are drawn at 28 px or more at 800x480, whole, and never
    made smaller to fit: on one line at the foot, six faces drew at 22 px (issue 21)."""
    scene = _scene(make_app, CameraSettings())
    for at in range(count):
        _press(scene, ("sword + star", "sword + shield", "bow")[at % 3])
    widgets.LEDGER = []
    try:
        scene.app.draw()
        drawn = [one for one in widgets.LEDGER if "bow" in one.words or "sword" in one.words]
    finally:
        widgets.LEDGER = None
    entered = [one for one in drawn if "x" not in one.words.split()]  # not the "4 x bow" list
    assert entered, drawn
    assert sum(one.words.count(",") for one in entered) == count - 1, "every face is shown"
    assert all(one.size >= 28 and not one.cut for one in entered), entered


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (720, 1280), (1920, 1080)])
@pytest.mark.parametrize("moment", ["read", "selected", "adding", "by hand"])
def test_every_button_fits_without_overlap(
    make_app: Any, tray_folder: Path, size: tuple[int, int], moment: str
) -> None:
    app = make_app(size, replace(Config(), camera=CameraSettings()))
    scene = CameraScene(app)
    scene.request("mm-action" if moment != "by hand" else "d6", lambda faces: None)
    app.scene = scene
    scene.enter()
    if moment != "by hand":
        scene.close()
        scene.app.settings = replace(
            Config(), camera=CameraSettings(backend="replay", replay_path=str(tray_folder))
        )
        scene.enter()
        _settle(scene)
        scene.selected = 0 if moment == "selected" else None
        scene.adding = moment == "adding"
    scene.draw(app.screen)
    rects = [b.rect for b in scene.buttons()]
    assert len(rects) >= 3
    screen = app.screen.get_rect()
    assert all(screen.contains(r) and min(r.size) >= 44 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_dice_never_taught_are_entered_by_hand_and_the_screen_says_why(
    make_app: Any, tray_folder: Path
) -> None:
    camera = CameraSettings(backend="replay", replay_path=str(tray_folder))
    scene = _scene(make_app, camera, kind="taught:purple")
    assert scene.manual and scene.feed is None
    assert "purple" in scene.reason and "teach them first" in scene.reason


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_monkey_tapping_the_tray_never_breaks_the_roll(
    make_app: Any, tray_folder: Path, seed: int
) -> None:
    """Random taps on buttons, dice and empty space, with frames arriving in between."""
    rng = random.Random(seed)
    scene = _scene(make_app, CameraSettings(backend="replay", replay_path=str(tray_folder)))
    surface = pygame.Surface((800, 480))
    for _ in range(400):
        time.sleep(0.003)  # let the camera thread deliver frames and readings in between
        scene.update(0.01)
        buttons = scene.buttons()
        leaving = [b.rect for b in buttons if b.label in {"Confirm", "Back"}]
        targets = [b.rect.center for b in buttons if b.rect not in leaving]
        targets += [r.center for r in scene._die_rects() if r]
        anywhere = (rng.randrange(800), rng.randrange(480))
        while any(rect.collidepoint(anywhere) for rect in leaving):
            anywhere = (rng.randrange(800), rng.randrange(480))
        targets.append(anywhere)
        _tap(scene, rng.choice(targets))
        scene.draw(surface)
        if scene.reading is not None:
            assert len(scene.values()) == len(scene.reading.dice)
        assert scene.selected is None or scene.selected < len(scene.reading.dice)
    assert scene.feed is not None
    _settle(scene)
    scene.confirm()
    assert scene.received and all(isinstance(v, str) for v in scene.received[0])


@pytest.mark.parametrize(
    ("kind", "taps", "summary"),
    [
        ("d6", ["6", "4", "1", "5"], "Axes 1 · Swords 2 · Snakes 1"),
        ("taught:mouse-guard", ["axe", "sword", "axe", "sword"], "Axes 2 · Swords 2 · Snakes 0"),
    ],
)
def test_pip_and_mouse_guard_dice_are_counted_as_axes_swords_and_snakes(
    make_app: Any, kind: str, taps: list[str], summary: str
) -> None:
    scene = _scene(make_app, CameraSettings(), kind=kind)
    for label in taps:
        _press(scene, label)
    assert scene._summary() == summary


def test_a_danish_tray_names_every_face_in_danish(make_app: Any) -> None:
    """The face buttons, the dice entered and the summary say "sværd + stjerne", not
    "sword + star" (issue 11: the tray was English in Danish)."""
    settings = replace(Config(), ui=replace(Config().ui, language="da"))
    app = make_app((800, 480), replace(settings, camera=CameraSettings(backend="none")))
    scene = CameraScene(app)
    scene.request("mm-action", lambda faces: None)
    app.scene = scene
    scene.enter()
    labels = [b.label for b in scene._picker()]
    assert labels == [
        "ost",
        "sværd + stjerne",
        "sværd + skjold",
        "bue",
        "bue + stjerne",
        "sværd + skjold + stjerne",
    ]
    _tap(scene, scene._picker()[1].rect.center)
    assert scene._summary() == "1 x sværd + stjerne"
    english = {"sword", "shield", "star", "bow", "cheese"}
    assert not english & set(" ".join(labels + [scene._summary()]).split())
