"""A twelve-hour day of play through the real app, in compressed time: memory, journal, frames.

Run: ``make bench`` or ``python -m benchmarks.four_hours [MINUTES]`` (default 720, twelve
hours; the name is the benchmark's first length, kept for ``make bench`` and the notes).

All four games in turn, a quarter of an hour each (Mice and Mystics, Mouse Guard, the
Mouse Card game, Regelhuskeark, then again, each resuming its own session), so that
the first hour has shown every game and the hours after it can be compared with it, on
a journal
on disk, the app at 800x480 on SDL's dummy driver; every half hour the table's
language changes (Dansk, English, each game's own), as a table switching in
Settings would. Each simulated minute: eight taps on the game's buttons
(as ``tests/ui/test_monkey.py`` taps), two pad presses posted to the pad
inbox (a game with pads scripts them, the others drain them), in Mice and
Mystics two commands handed to ``App.submit`` as a screen hands them (a
hero's numbers, accepted at any time, so the journal grows steadily however
the random taps fare), and idle frames; every fifth minute a roll on the dice tray with a
replay camera delivering real tray photos until the roll is read. Time
passes in the loop's ``dt`` (the notices time out, the scenes animate), not
on the clock.

Reported: every loop step's time (the 99th percentile must stay under 33 ms,
one frame at 30 fps), the resident memory every hour, the journal's size, the
commands that went in, and what the screen's caches hold at the end (each is
capped by bytes, see :mod:`tablekit.ui.memo`). The target (issue 26): resident
memory at hour 12 within 5 MiB of hour 1.
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
from typing import Any

from killed_app import AVOID, MM_SETUP, SETTINGS, SIZE

from benchmarks.dice_read import DATA

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tablekit.local.camera_settings import CameraSettings  # noqa: E402
from tablekit.local.config import Language  # noqa: E402
from tablekit.rules.game import Command  # noqa: E402
from tablekit.rules.pads import BUTTONS, PadPressed  # noqa: E402
from tablekit.session import Journal  # noqa: E402
from tablekit.ui.app import App  # noqa: E402
from tablekit.ui.scenes.camera import CameraScene  # noqa: E402

TAPS_PER_MINUTE = 8
PRESSES_PER_MINUTE = 2
SCRIPTED_PER_MINUTE = 2
HEROES = ("collin", "nez", "lily", "filch")
GAMES = ("mice-mystics", "mouse-guard", "mouse-card", "regelhuskeark")
"""Played in turn, :data:`TURN` minutes each."""
TURN = 15
LANGUAGES: tuple[Language, ...] = ("da", "en", "auto")
"""The table's language, changed every half hour in this order."""
TARGET_MIB = 5.0
"""Resident memory at the last hour may be at most this much above the first hour's."""
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
        self.sessions = {"mice-mystics": self.app.session.name}
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

    def play(self, game: str) -> None:
        """Go on with ``game``'s session, begun the first time it is played."""
        app = self.app
        if game in self.sessions:
            app.resume(self.sessions[game])
        else:
            app.start(game)
            assert app.session is not None
            self.sessions[game] = app.session.name

    def speak(self, language: Language) -> None:
        """Switch the table's language, as a tap on it in Settings does."""
        settings = self.app.settings
        self.app.change_settings(replace(settings, ui=replace(settings.ui, language=language)))
        self.step(0.0)

    def minute(self, number: int) -> None:
        """One minute of play, its frames timed."""
        app = self.app
        if number % TURN == 1:
            self.play(GAMES[(number // TURN) % len(GAMES)])
        if number % 30 == 0:
            self.speak(LANGUAGES[(number // 30) % len(LANGUAGES)])
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
        for _ in range(SCRIPTED_PER_MINUTE if app.scene.name == "mice-mystics" else 0):
            assert app.session is not None
            stats = {"type": "mm.set_stats", "figure": self.rng.choice(HEROES), "battle": 2}
            stats |= {"defense": 2, "lore": 2, "move": 2, "life": self.rng.randint(3, 6)}
            app.submit(app.session.parse(stats))
            self.step(2.0)
        for _ in range(PRESSES_PER_MINUTE):
            pad = self.rng.choice(["opponents", "patrol"])
            app.pads.post(PadPressed(pad, self.rng.choice(BUTTONS)))
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
    minutes = int(sys.argv[1]) if len(sys.argv) > 1 else 720
    import cv2

    cv2.setNumThreads(1)
    photo = min((DATA / PHOTOS[0] / "images").glob("*.jpg"))
    with tempfile.TemporaryDirectory() as temp:
        folder, photos = Path(temp) / "data", Path(temp) / "photos"
        os.environ["TABLEKIT_CONFIG_DIR"] = str(Path(temp) / "config")  # Settings saves there
        folder.mkdir()
        photos.mkdir()
        shutil.copy(photo, photos / photo.name)
        run(Evening(folder, photos, seed=4), minutes)


def run(evening: Evening, minutes: int) -> None:
    started = time.perf_counter()
    app = evening.app
    print(
        f"{minutes / 60:g} hours of play, compressed: {minutes} simulated minutes, "
        f"{SIZE[0]}x{SIZE[1]}, {', '.join(GAMES)} {TURN} minutes each"
    )
    print(
        "| hour | game | RSS MiB | journal (db + WAL) MiB | db MiB | commands | p99 ms | max ms |"
    )
    print("|---|---|---|---|---|---|---|---|")
    rss: list[float] = []
    window_start = 0
    for number in range(1, minutes + 1):
        evening.minute(number)
        if number % 60 == 0 or number == minutes:
            window = sorted(evening.steps[window_start:])
            window_start = len(evening.steps)
            p99 = 1000 * window[int(0.99 * (len(window) - 1))]
            rss.append(rss_mib())
            print(
                f"| {number / 60:g} | {app.scene.name} | {rss[-1]:.1f} | "
                f"{journal_mib(evening.folder):.2f} | {database_mib(evening.folder):.2f} | "
                f"{evening.accepted} | {p99:.1f} | {1000 * window[-1]:.1f} |"
            )
    every = sorted(evening.steps)
    p99 = 1000 * every[int(0.99 * (len(every) - 1))]
    grown = rss[-1] - rss[0]
    verdict = "ok" if grown <= TARGET_MIB else "OVER"
    print(
        f"all {len(every)} loop steps: p50 {1000 * every[len(every) // 2]:.2f} ms, "
        f"p99 {p99:.1f} ms (target < 33), max {1000 * every[-1]:.1f} ms; "
        f"rolls read by the camera {evening.rolls}; RSS from the first hour to the last "
        f"{grown:+.1f} MiB (target <= {TARGET_MIB:g}: {verdict}); "
        f"ran {time.perf_counter() - started:.0f} s"
    )
    for name, cache in caches().items():
        info = cache.cache_info()
        hit = info.hits / max(1, info.hits + info.misses)
        print(
            f"  cache {name}: {info.entries} entries, {info.held / 2**20:.2f} of "
            f"{info.cap / 2**20:.0f} MiB, {hit:.1%} of asks found"
        )
    app.close()


def caches() -> dict[str, Any]:
    """The screen's caches, each capped by bytes."""
    from tablekit.ui import theme, widgets
    from tablekit.ui.scenes import camera

    return {
        "rendered labels": widgets.rendered,
        "fonts": theme.font,
        "text widths": widgets.width_of,
        "fitted sizes": widgets.fit_size,
        "wrapped lines": widgets._lines,
        "dice face icons": camera._face_icon,
    }


if __name__ == "__main__":
    main()
