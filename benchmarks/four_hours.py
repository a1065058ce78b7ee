"""A twelve-hour day of play through the real app, in compressed time: memory, journal, frames.

Run: ``make bench`` or ``python -m benchmarks.four_hours [MINUTES] [--hours H] [--trace]``
(default 720 minutes, twelve hours; the name is the benchmark's first length, kept for
``make bench`` and the notes). ``--trace`` takes ``tracemalloc`` snapshots at the end of
hours 1 and 4 and of the last hour and prints what grew between them, by the line that
allocated it: the way to find a drift (it makes the run about twice as slow).

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
one frame at 30 fps), the resident memory every hour beside what the screen's
caches hold (each capped by bytes, see :mod:`tablekit.ui.memo`: they fill up
over an evening, which is growth, but bounded), the journal's size, the commands
that went in, and each cache at the end. ``--trim`` adds, each hour, the MiB that
glibc's ``malloc_trim`` hands back: freed memory the C heap still holds. The
target (issue 26): resident memory at hour 12 within 5 MiB of hour 1.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import random
import shutil
import tempfile
import time
import tracemalloc
from array import array
from pathlib import Path
from typing import Any

from killed_app import AVOID, MM_SETUP, SETTINGS, SIZE

from benchmarks.dice_read import DATA
from tablekit.local.config import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tablekit.local.camera_settings import CameraSettings  # noqa: E402
from tablekit.local.clock import open_journal  # noqa: E402
from tablekit.local.config import Language  # noqa: E402
from tablekit.rules.game import Command  # noqa: E402
from tablekit.rules.pads import BUTTONS, PadPressed  # noqa: E402
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
        journal = open_journal(folder / "journal.sqlite3")
        self.app = App(replace(SETTINGS, camera=camera), journal, SIZE)
        self.app.start("mice-mystics")
        assert self.app.session is not None
        self.app.session.rng = random.Random(seed)
        for command in MM_SETUP:
            self.app.submit(self.app.session.parse(command))
        self.steps = array("d")
        """Each loop step's seconds, 8 bytes each: a list of floats took 32, about 80 KiB
        an hour, and tracemalloc showed the benchmark's own list as the RSS drift's largest
        single grower."""
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
    minutes, trace, trim = _arguments()
    import cv2

    cv2.setNumThreads(1)
    photo = min((DATA / PHOTOS[0] / "images").glob("*.jpg"))
    if trace:
        tracemalloc.start(TRACE_FRAMES)
    with tempfile.TemporaryDirectory() as temp:
        folder, photos = Path(temp) / "data", Path(temp) / "photos"
        os.environ["TABLEKIT_CONFIG_DIR"] = str(Path(temp) / "config")  # Settings saves there
        folder.mkdir()
        photos.mkdir()
        shutil.copy(photo, photos / photo.name)
        run(Evening(folder, photos, seed=4), minutes, trim)


def _arguments() -> tuple[int, bool, bool]:
    """(simulated minutes, whether to trace the allocations, whether to trim the C heap)."""
    parser = argparse.ArgumentParser(description="Twelve hours of play, compressed.")
    parser.add_argument("minutes", nargs="?", type=int, default=720)
    parser.add_argument("--hours", type=float, help="the length in hours (over MINUTES)")
    parser.add_argument("--trace", action="store_true", help="tracemalloc at hours 1, 4, last")
    parser.add_argument("--trim", action="store_true", help="malloc_trim(0) after each hour")
    args = parser.parse_args()
    minutes = round(args.hours * 60) if args.hours is not None else args.minutes
    return minutes, args.trace, args.trim


def _trimmed() -> float:
    """Hand the C heap's free pages back (glibc's ``malloc_trim(0)``); the MiB that RSS fell.

    Memory that is free in malloc's arenas but still resident is fragmentation, not a leak:
    a trim each hour tells the two apart (it also changes what follows, so a run with
    ``--trim`` is a diagnosis, not the figure)."""
    before = rss_mib()
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    return before - rss_mib()


TRACE_FRAMES = 6
"""How many frames each traced allocation keeps: enough to see who asked for it."""
TRACED_HOURS = (1, 4)
"""The hours, beside the last, at whose end a traced run takes a snapshot."""


def _snapshot(hour: int, last: bool, shots: dict[int, tracemalloc.Snapshot]) -> None:
    """Take a snapshot at the hours traced; at the last, print what grew since each."""
    if not tracemalloc.is_tracing() or not (hour in TRACED_HOURS or last):
        return
    shots[hour] = tracemalloc.take_snapshot().filter_traces(
        (tracemalloc.Filter(False, tracemalloc.__file__),)
    )
    if not last:
        return
    for since in sorted(shots)[:-1]:
        grown = shots[hour].compare_to(shots[since], "lineno")
        total = sum(stat.size_diff for stat in grown)
        print(f"traced from hour {since} to hour {hour}: {total / 2**20:+.2f} MiB; grew most:")
        for stat in grown[:12]:
            kib, blocks = stat.size_diff / 1024, stat.count_diff
            print(f"  {kib:+9.1f} KiB {blocks:+7d} blocks  {stat.traceback}")
        top = shots[hour].compare_to(shots[since], "traceback")[0]
        print("  the first, called from:\n    " + "\n    ".join(top.traceback.format()))


def run(evening: Evening, minutes: int, trim: bool = False) -> None:
    started = time.perf_counter()
    app = evening.app
    print(
        f"{minutes / 60:g} hours of play, compressed: {minutes} simulated minutes, "
        f"{SIZE[0]}x{SIZE[1]}, {', '.join(GAMES)} {TURN} minutes each"
    )
    print(
        "| hour | game | RSS MiB | caches MiB | journal (db + WAL) MiB | db MiB | commands "
        "| p99 ms | max ms |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    rss: list[float] = []
    shots: dict[int, tracemalloc.Snapshot] = {}
    window_start = 0
    for number in range(1, minutes + 1):
        evening.minute(number)
        if number % 60 == 0 or number == minutes:
            window = sorted(evening.steps[window_start:])
            window_start = len(evening.steps)
            p99 = 1000 * window[int(0.99 * (len(window) - 1))]
            rss.append(rss_mib())
            print(
                f"| {number / 60:g} | {app.scene.name} | {rss[-1]:.1f} | {cached_mib():.1f} | "
                f"{journal_mib(evening.folder):.2f} | {database_mib(evening.folder):.2f} | "
                f"{evening.accepted} | {p99:.1f} | {1000 * window[-1]:.1f} |"
                + (f" trimmed {_trimmed():.1f} MiB" if trim else ""),
                flush=True,
            )
            _snapshot(-(-number // 60), number == minutes, shots)
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


def cached_mib() -> float:
    """What the screen's caches hold, MiB as they count it: they fill up to their caps as an
    evening shows more words, sizes and faces, which RSS shows as growth."""
    return sum(cache.cache_info().held for cache in caches().values()) / 2**20


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
