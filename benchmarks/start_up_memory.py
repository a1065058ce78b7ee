"""Start-up peak memory against the journal's size (issue 26 item 2), beside its baselines.

Each journal is a real file holding one Mice and Mystics session of 1k or 100k
events, the pinned mix of :mod:`benchmarks.session_speed` (seed 13). A fresh
process starts the app on SDL's dummy driver, draws the first frame of the
session it resumes, lets the walk of the session's whole chain behind that frame
(``salvage.ChainCheck``) run to its end and takes it, then reports its peak
resident memory (``ru_maxrss``). Beside it, a bare process that imports pygame,
reads the newest step of the same file with sqlite3 and flips once.

Target: the app's peak at 100k within 10 MiB of its peak at 1k. Each figure is
the median of a few runs, the app and the bare process alternating.

Run: ``python -m benchmarks.start_up_memory [EVENTS ...]`` (default 1,000 and 100,000).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.session_speed import build

SIZES = (1_000, 100_000)
RUNS = 3

APP = """
import os, resource
from tablekit.local import config
from tablekit.local.clock import open_journal
from tablekit.ui.app import App
app = App(config.load(), open_journal(os.environ["JOURNAL"]), (800, 480))
app.step(0.0)
assert app.session is not None, "the session was not resumed"
check = app.chain_check
assert check is not None, "no walk of the chain behind the first frame"
app.step(0.0)
check.wait()
app.step(0.0)
assert check.finding is not None and check.finding.ok, check.error
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

BARE = """
import os, resource, sqlite3
import pygame
db = sqlite3.connect(os.environ["JOURNAL"])
db.execute("SELECT command, events FROM steps ORDER BY id DESC LIMIT 1").fetchone()
pygame.display.init()
pygame.display.set_mode((800, 480))
pygame.display.flip()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def peak_mib(code: str, journal: Path) -> float:
    """The peak resident memory of a fresh process running ``code`` on ``journal``, in MiB."""
    env = {
        **os.environ,
        "JOURNAL": str(journal),
        "TABLEKIT_CONFIG_DIR": str(journal.parent),
        "TABLEKIT_DATA_DIR": str(journal.parent),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    if out.returncode:
        raise RuntimeError(out.stderr)
    return int(out.stdout.split()[-1]) / 1024  # ru_maxrss is in KiB on Linux


def measure(journal: Path) -> tuple[float, float]:
    """Median peak MiB of the app and of the bare process, run in turn."""
    app, bare = [], []
    for _ in range(RUNS):
        app.append(peak_mib(APP, journal))
        bare.append(peak_mib(BARE, journal))
    return statistics.median(app), statistics.median(bare)


def main() -> None:
    sizes = [int(arg) for arg in sys.argv[1:]] or list(SIZES)
    rows = []
    for events in sizes:
        with tempfile.TemporaryDirectory(dir=".") as folder:
            journal = Path(folder) / "journal.sqlite3"
            build(journal, events)
            rows.append((events, *measure(journal)))
    first = rows[0][1]
    print("| events | app peak RSS (MiB) | bare (MiB) | app - bare | app - app at first size |")
    print("|---|---|---|---|---|")
    for events, app, bare in rows:
        print(f"| {events:,} | {app:.1f} | {bare:.1f} | {app - bare:+.1f} | {app - first:+.1f} |")


if __name__ == "__main__":
    main()
