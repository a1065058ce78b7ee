"""How fast the table app starts, draws and idles on real journals, beside bare baselines.

Run: ``make bench`` or ``python -m benchmarks.app_speed [EVENTS ...]``. Headless
(SDL's dummy driver), so the numbers measure tablekit's own work, not a GPU.

Each journal is a file (not ``:memory:``) holding one Mice and Mystics session
of 1k, 10k or 100k events, the pinned mix of :mod:`benchmarks.session_speed`
(its seed pins the commands and the initiative track's order too):

* first frame: from starting a Python process to the first drawn frame of the
  session it resumes, against a process that imports pygame, reads the newest
  row of the same file with sqlite3 and flips once;
* board redraw at 800x480 with a minion's card on top and with a mouse's: the
  scene drawn from scratch, against a fill;
* idle CPU: share of one core used by the app loop over a few seconds with
  nothing happening, against a bare ``clock.tick`` loop at the same rate.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.session_speed import SIZES, build

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FIRST_FRAME = """
import os, time
t0 = float(os.environ["T0"])
from tablekit.local import config
from tablekit.local.clock import open_journal
from tablekit.ui.app import App
app = App(config.load(), open_journal(os.environ["JOURNAL"]), (800, 480))
app.step(0.0)
assert app.session is not None, "the session was not resumed"
print(time.time() - t0)
"""

BARE_FRAME = """
import os, sqlite3, time
t0 = float(os.environ["T0"])
import pygame
db = sqlite3.connect(os.environ["JOURNAL"])
db.execute("SELECT events FROM steps ORDER BY id DESC LIMIT 1").fetchone()
pygame.display.init()
pygame.display.set_mode((800, 480))
pygame.display.flip()
print(time.time() - t0)
"""


def first_frame(code: str, journal: Path, runs: int = 7) -> float:
    """Median seconds from process start to the first frame of the session ``journal`` holds."""
    times = []
    for _ in range(runs):
        env = {
            **os.environ,
            "T0": repr(time.time()),
            "JOURNAL": str(journal),
            "TABLEKIT_CONFIG_DIR": str(journal.parent),
            "TABLEKIT_DATA_DIR": str(journal.parent),
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        }
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True)
        if out.returncode:
            raise RuntimeError(out.stderr.decode())
        times.append(float(out.stdout.decode().split()[-1]))
    return statistics.median(times)


def board_redraw_ms(journal: Path, side: str, frames: int = 300) -> tuple[float, float]:
    """Median ms for one full draw of the resumed board at 800x480 with a ``side`` card
    ("minion" or "mouse") on top of the track, and for a plain fill."""
    import pygame

    from tablekit.local.clock import open_journal
    from tablekit.local.config import Config
    from tablekit.rules.mice_mystics import commands as cmd
    from tablekit.ui.app import App

    app = App(Config(), open_journal(journal), (800, 480))
    assert app.session is not None
    for _ in range(30):
        view: Any = app.session.table_view()
        current = [card for card in view["track"] if card["current"]]
        if current and current[0]["side"] == side:
            break
        app.submit(cmd.EndTurn())
    else:
        raise RuntimeError(f"no {side}'s card came on top")
    app.notice_text = ""
    surface = app.canvas
    scene_times, fill_times = [], []
    for _ in range(frames):
        start = time.perf_counter()
        app.scene.draw(surface)
        scene_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        surface.fill((0, 0, 0))
        fill_times.append(time.perf_counter() - start)
    app.scene.exit()
    app.pad_backends.close()
    pygame.quit()
    return statistics.median(scene_times) * 1000, statistics.median(fill_times) * 1000


def idle_cpu(seconds: float = 4.0) -> tuple[float, float]:
    """Percent of a core used by an idle app loop and by a bare tick loop at 30 fps."""
    import pygame

    from tablekit.local.clock import open_journal
    from tablekit.local.config import Config
    from tablekit.ui.app import App

    app = App(Config(), open_journal(":memory:"), (800, 480))
    clock = pygame.time.Clock()
    app.step(0.0)

    def share(body: object) -> float:
        cpu, wall = time.process_time(), time.perf_counter()
        while time.perf_counter() - wall < seconds:
            body()  # type: ignore[operator]
            clock.tick(30)
        return 100 * (time.process_time() - cpu) / (time.perf_counter() - wall)

    app_share = share(lambda: app.step(1 / 30))
    bare_share = share(lambda: pygame.event.get())
    pygame.quit()
    return app_share, bare_share


def main() -> None:
    sizes = [int(arg) for arg in sys.argv[1:]] or list(SIZES)
    rows = []
    for events in sizes:
        with tempfile.TemporaryDirectory(dir=".") as folder:
            journal = Path(folder) / "journal.sqlite3"
            build(journal, events)
            first = first_frame(FIRST_FRAME, journal), first_frame(BARE_FRAME, journal)
            rows.append((f"first frame of the resumed session, {events:,} events (s)", *first))
            for side in ("minion", "mouse"):
                copy = Path(folder) / f"{side}.sqlite3"
                shutil.copyfile(journal, copy)
                name = f"board redraw, a {side}'s card on top, {events:,} events (ms)"
                rows.append((name, *board_redraw_ms(copy, side)))
    rows.append(("idle CPU at 30 fps (% of a core)", *idle_cpu()))
    print("| measure | tablekit | baseline | ratio |")
    print("|---|---|---|---|")
    for name, ours, base in rows:
        print(
            f"| {name} | {ours:.3f} | {base:.3f} | {ours / base if base else float('nan'):.1f}x |"
        )


if __name__ == "__main__":
    main()
