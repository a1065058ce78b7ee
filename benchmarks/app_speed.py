"""How fast the table app starts, draws and idles, beside bare-pygame baselines.

Run: ``make bench`` or ``python -m benchmarks.app_speed``. Headless (SDL's
dummy driver), so the numbers measure tablekit's own work, not a GPU.

* first frame: from starting a Python process to the first drawn frame of the
  home screen, against a process that only imports pygame and flips once;
* full redraw at 800x480: one scene drawn from scratch, against a fill;
* idle CPU: share of one core used by the app loop over a few seconds with
  nothing happening, against a bare ``clock.tick`` loop at the same rate.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

from benchmarks.session_speed import SETUP

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

FIRST_FRAME = """
import os, time
t0 = float(os.environ["T0"])
from tablekit.local import config
from tablekit.session.journal import Journal
from tablekit.ui.app import App
app = App(config.load(), Journal(os.environ["JOURNAL"]), (800, 480))
app.step(0.0)
print(time.time() - t0)
"""

BARE_FRAME = """
import os, time
t0 = float(os.environ["T0"])
import pygame
pygame.display.init()
pygame.display.set_mode((800, 480))
pygame.display.flip()
print(time.time() - t0)
"""


def first_frame(code: str, runs: int = 7) -> float:
    """Median seconds from process start to the first frame."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            env = {
                **os.environ,
                "T0": repr(time.time()),
                "JOURNAL": f"{folder}/j.sqlite3",
                "PYGAME_HIDE_SUPPORT_PROMPT": "1",
            }
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True)
            times.append(float(out.stdout.decode().split()[-1]))
    return statistics.median(times)


def redraw_ms(scene: str, frames: int = 300) -> tuple[float, float]:
    """Median ms for one full draw of ``scene`` at 800x480, and for a plain fill."""
    import pygame

    from tablekit.local.config import Config
    from tablekit.session.journal import Journal
    from tablekit.ui.app import App

    app = App(Config(), Journal(":memory:"), (800, 480))
    if scene == "mice-mystics":
        app.start("mice-mystics")
        for command in SETUP:
            app.submit(command)
    app.goto(scene)
    surface = app.canvas
    scene_times, fill_times = [], []
    for _ in range(frames):
        start = time.perf_counter()
        app.scene.draw(surface)
        scene_times.append(time.perf_counter() - start)
        start = time.perf_counter()
        surface.fill((0, 0, 0))
        fill_times.append(time.perf_counter() - start)
    pygame.quit()
    return statistics.median(scene_times) * 1000, statistics.median(fill_times) * 1000


def idle_cpu(seconds: float = 4.0) -> tuple[float, float]:
    """Percent of a core used by an idle app loop and by a bare tick loop at 30 fps."""
    import pygame

    from tablekit.local.config import Config
    from tablekit.session.journal import Journal
    from tablekit.ui.app import App

    app = App(Config(), Journal(":memory:"), (800, 480))
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
    app_first, bare_first = first_frame(FIRST_FRAME), first_frame(BARE_FRAME)
    rows = [("first frame (s)", app_first, bare_first)]
    for scene in ("home", "settings", "mice-mystics"):
        rows.append((f"full redraw {scene} 800x480 (ms)", *redraw_ms(scene)))
    rows.append(("idle CPU at 30 fps (% of a core)", *idle_cpu()))
    print("| measure | tablekit | baseline | ratio |")
    print("|---|---|---|---|")
    for name, ours, base in rows:
        print(
            f"| {name} | {ours:.3f} | {base:.3f} | {ours / base if base else float('nan'):.1f}x |"
        )


if __name__ == "__main__":
    main()
