"""A four-hour evening of play through the real app, in compressed time: memory, journal, frames.

Run: ``make bench`` or ``python -m benchmarks.four_hours [MINUTES]`` (default 240).

One Mice and Mystics session on a journal on disk, the app at 800x480 on
SDL's dummy driver. Each simulated minute: eight taps on the game's buttons
(as ``tests/ui/test_monkey.py`` taps), two pad presses posted to the pad
inbox (Mice and Mystics maps none to a command, so they cost only the loop's
drain), two commands handed to ``App.submit`` as a screen hands them (a
hero's numbers, accepted at any time, so the journal grows steadily however
the random taps fare), and idle frames; every fifth minute a roll on the dice tray with a
replay camera delivering real tray photos until the roll is read. Time
passes in the loop's ``dt`` (the notices time out, the scenes animate), not
on the clock.

Reported: every loop step's time (the 99th percentile must stay under 33 ms,
one frame at 30 fps), the resident memory every half hour, the journal's size,
and the commands that went in. "Nothing grows beyond the journal": memory
after the first half hour must not grow more than the journal's own file.
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from killed_app import AVOID, MM_SETUP, SETTINGS, SIZE

from benchmarks.dice_read import DATA

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tablekit.local.camera_settings import CameraSettings  # noqa: E402
from tablekit.rules.game import Command  # noqa: E402
from tablekit.rules.pads import BUTTONS, PadPressed  # noqa: E402
from tablekit.session import Journal  # noqa: E402
from tablekit.ui.app import App  # noqa: E402
from tablekit.ui.scenes.camera import CameraScene  # noqa: E402

TAPS_PER_MINUTE = 8
PRESSES_PER_MINUTE = 2
SCRIPTED_PER_MINUTE = 2
HEROES = ("collin", "nez", "lily", "filch")
IDLE_STEPS_PER_MINUTE = 20
ROLL_EVERY = 5
"""Minutes between two rolls on the dice tray."""
PHOTOS = ("tray-mixed-d6",)
RARE = {"Undo", "Redo", "Cancel", "Close", "Back"}
"""Tapped one time in twenty, so the evening moves forward rather than back."""


def rss_mib() -> float:
    """This process's resident memory, MiB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def journal_mib(folder: Path) -> float:
    """The journal on disk: the database and its write-ahead log (which stays near 4 MiB)."""
    return sum(p.stat().st_size for p in folder.glob("journal.sqlite3*")) / 2**20


def database_mib(folder: Path) -> float:
    """The database file alone: what the evening's steps take once checkpointed."""
    return (folder / "journal.sqlite3").stat().st_size / 2**20


class Evening:
    """The app, its journal folder, and the step times measured so far."""

    def __init__(self, folder: Path, photos: Path, seed: int) -> None:
        camera = CameraSettings(backend="replay", replay_path=str(photos), dice_kind="d6")
        self.folder = folder
        self.rng = random.Random(seed)
        self.app = App(replace(SETTINGS, camera=camera), Journal(folder / "journal.sqlite3"), SIZE)
        self.app.start("mice-mystics")
        assert self.app.session is not None
        self.app.session.rng = random.Random(seed)
        for command in MM_SETUP:
            self.app.submit(self.app.session.parse(command))
        self.steps: list[float] = []
        self.rolls = 0
        self.accepted = 0
        submit = self.app.submit

        def counted(command: Command) -> bool:
            accepted = submit(command)
            self.accepted += accepted
            return accepted

        self.app.submit = counted  # type: ignore[method-assign]

    def step(self, dt: float) -> None:
        start = time.perf_counter()
        self.app.step(dt)
        self.steps.append(time.perf_counter() - start)

    def minute(self, number: int) -> None:
        """One minute of play, its frames timed."""
        app = self.app
        for _ in range(TAPS_PER_MINUTE):
            if app.session is not None and app.scene.name != app.session.game.name:
                app.resume(app.session.name)
            app.draw()
            buttons = [b for b in app.scene.buttons() if b.enabled and b.label not in AVOID]
            common = [b for b in buttons if b.label not in RARE]
            if buttons:
                pool = common if common and self.rng.random() < 0.95 else buttons
                pos = self.rng.choice(pool).rect.center
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            self.step(2.0)
        for _ in range(SCRIPTED_PER_MINUTE):
            assert app.session is not None
            stats = {"type": "mm.set_stats", "figure": self.rng.choice(HEROES), "battle": 2}
            stats |= {"defense": 2, "lore": 2, "move": 2, "life": self.rng.randint(3, 6)}
            app.submit(app.session.parse(stats))
            self.step(2.0)
        for _ in range(PRESSES_PER_MINUTE):
            app.pads.post(PadPressed(self.rng.choice(["gm", "patrol"]), self.rng.choice(BUTTONS)))
            self.step(1.0)
        for _ in range(IDLE_STEPS_PER_MINUTE):
            self.step(2.0)
        if number % ROLL_EVERY == 0:
            self.roll()

    def roll(self) -> None:
        """A roll on the tray: camera frames until the reading comes, then back to the game."""
        app = self.app
        back = app.scene.name
        tray = app.scene_named("camera")
        assert isinstance(tray, CameraScene)
        tray.request("d6", lambda faces: True, return_to=back)
        app.goto("camera")
        deadline = time.perf_counter() + 5.0
        while tray.reading is None and time.perf_counter() < deadline:
            self.step(1 / 30)
            time.sleep(1 / 60)
        self.rolls += tray.reading is not None
        app.goto(back)


def main() -> None:
    minutes = int(sys.argv[1]) if len(sys.argv) > 1 else 240
    import cv2

    cv2.setNumThreads(1)
    photo = min((DATA / PHOTOS[0] / "images").glob("*.jpg"))
    with tempfile.TemporaryDirectory() as temp:
        folder, photos = Path(temp) / "data", Path(temp) / "photos"
        folder.mkdir()
        photos.mkdir()
        shutil.copy(photo, photos / photo.name)
        run(Evening(folder, photos, seed=4), minutes)


def run(evening: Evening, minutes: int) -> None:
    started = time.perf_counter()
    app = evening.app
    print(f"four hours of play, compressed: {minutes} simulated minutes, {SIZE[0]}x{SIZE[1]}")
    print("| minute | RSS MiB | journal (db + WAL) MiB | db MiB | commands | p99 ms | max ms |")
    print("|---|---|---|---|---|---|---|")
    baseline: tuple[float, float] | None = None
    window_start = 0
    for number in range(1, minutes + 1):
        evening.minute(number)
        if number % 30 == 0 or number == minutes:
            assert app.session is not None
            window = sorted(evening.steps[window_start:])
            window_start = len(evening.steps)
            p99 = 1000 * window[int(0.99 * (len(window) - 1))]
            print(
                f"| {number} | {rss_mib():.1f} | {journal_mib(evening.folder):.2f} | "
                f"{database_mib(evening.folder):.2f} | {evening.accepted} | {p99:.1f} | "
                f"{1000 * window[-1]:.1f} |"
            )
            if baseline is None:
                baseline = (rss_mib(), journal_mib(evening.folder))
    every = sorted(evening.steps)
    p99 = 1000 * every[int(0.99 * (len(every) - 1))]
    assert baseline is not None
    grown = rss_mib() - baseline[0]
    journal_grown = journal_mib(evening.folder) - baseline[1]
    print(
        f"all {len(every)} loop steps: p50 {1000 * every[len(every) // 2]:.2f} ms, "
        f"p99 {p99:.1f} ms (target < 33), max {1000 * every[-1]:.1f} ms; "
        f"rolls read by the camera {evening.rolls}; "
        f"RSS growth after the first half hour {grown:+.1f} MiB, journal growth "
        f"{journal_grown:+.2f} MiB; ran {time.perf_counter() - started:.0f} s"
    )
    app.close()


if __name__ == "__main__":
    main()
