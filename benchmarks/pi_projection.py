"""What the key figures become on a slower core: measured on a share of one CPU, beside the
same figures on the machine as it is, and read as a Raspberry Pi 4 and Pi 5 (issue 26 item 8).

Run (as root, for the cgroup): ``python -m benchmarks.pi_projection [--presses N]``.

Each figure is measured in a child process placed in a cgroup of its own whose CPU
quota is a share of one core: ``cpu.max`` under cgroup v2, ``cpu.cfs_quota_us``
under v1 (1 ms of every 4 ms for a quarter, of every 6 ms for a sixth, of every 2 ms
for a half). Where no cgroup can be made, the child is pinned with ``taskset`` to one
CPU beside busy loops that leave it about that share. A quota lets the child run at
full speed and then wait out the period, so a short task is slowed only in the
average; a latency is slowed by up to a period's wait. The table says which way was used.

The figures:

* first frame: ``python -m tablekit`` on SDL's dummy driver with an empty journal,
  from the spawn to the ``READY=1`` it sends once its first frame is up, against a
  bare pygame window that flips once and says the same;
* resuming, as installed (tablekit's wheel in a fresh venv, :func:`benchmarks.start_up.
  installed`): a Mice and Mystics session of 1,000 events that the app last stopped
  on, from the spawn to the frame it kept then (shown before the rest of the app
  loads) and to its own first frame (``READY=1``, the app live); and ``tablekit state``
  on it (the view the app kept), beside ``python -c pass``, each from spawn to exit;
* a pad press, processing only (in-process: the pad inbox to the return of the
  step that redrew), its apply + durable commit, and a redraw of an unchanged
  screen, on a Mouse Guard conflict behind 1,000 steps (:mod:`benchmarks.pad_processing`);
* a serial pad press to changed pixels under Xvfb (:mod:`benchmarks.pad_to_screen`),
  the app and the bare window both on the share; Xvfb and the clock are not.

**The Pi, assumed.** A Pi 4 core (Cortex-A72, 1.8 GHz) is taken as 3-6x slower than
one core of this machine, so a Pi 4 lies between the quarter and the sixth; a Pi 5
core (Cortex-A76, 2.4 GHz) as about 2-3x a Pi 4's, so about half a core here. Memory
bandwidth, the SD card's fsync and the display's own cost (KMSDRM, no X server)
are not modelled: the projection is of CPU time only.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from benchmarks import session_speed, start_up

ROOT = Path(__file__).resolve().parents[1]
SHARES = {"a half": (1000, 2000), "a quarter": (1000, 4000), "a sixth": (1000, 6000)}
"""Each share of a core as (quota, period) in microseconds."""
ROUNDS = 5
"""Starts of the app (and of the bare window) per share; the median is shown."""
PRESSES = 100
DISPLAYS = itertools.count(100 + os.getpid() % 50 * 8, 4)
"""Xvfb display numbers, a fresh few for each share: a server just stopped may linger."""
STEPS = 1_000

BARE = """
import os, socket, pygame
pygame.display.init()
pygame.display.set_mode((800, 480)).fill((40, 30, 20))
pygame.display.flip()
with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as out:
    out.sendto(b"READY=1", os.environ["NOTIFY_SOCKET"])
"""
"""The first-frame baseline: a bare pygame window that flips once and says READY=1."""


@contextlib.contextmanager
def share_of_a_core(quota: int, period: int) -> Iterator[tuple[str, Path | None, list[str]]]:
    """(how, a cgroup process list to join or None, a command prefix); undone after."""
    name = f"tablekit-pi-{os.getpid()}-{period}"
    v2, v1 = Path("/sys/fs/cgroup"), Path("/sys/fs/cgroup/cpu")
    group: Path | None = None
    with contextlib.suppress(OSError):
        if "cpu" in (v2 / "cgroup.controllers").read_text().split():
            group = v2 / name
            group.mkdir()
            (group / "cpu.max").write_text(f"{quota} {period}\n")
            how = f"cgroup v2 cpu.max {quota} {period}"
    if group is None and (v1 / "cpu.cfs_quota_us").exists():
        with contextlib.suppress(OSError):
            group = v1 / name
            group.mkdir()
            (group / "cpu.cfs_period_us").write_text(f"{period}\n")
            (group / "cpu.cfs_quota_us").write_text(f"{quota}\n")
            how = f"cgroup v1 cfs_quota_us {quota} per {period}"
    if group is not None and group.is_dir():
        try:
            yield how, group / "cgroup.procs", []
        finally:
            with contextlib.suppress(OSError):
                group.rmdir()
        return
    rivals = round(period / quota) - 1
    busy = [
        subprocess.Popen(["taskset", "-c", "0", sys.executable, "-c", "while True: pass"])
        for _ in range(rivals)
    ]
    try:
        yield f"taskset -c 0 beside {rivals} busy loops", None, ["taskset", "-c", "0"]
    finally:
        for process in busy:
            process.kill()
            process.wait()


def join(procs: Path | None) -> Callable[[], None] | None:
    """A ``preexec_fn`` that puts the new process in the cgroup ``procs`` lists."""
    if procs is None:
        return None

    def enter() -> None:
        handle = os.open(procs, os.O_WRONLY)
        os.write(handle, f"{os.getpid()}\n".encode())
        os.close(handle)

    return enter


def until_said(
    command: list[str], env: dict[str, str], place: tuple[Path | None, list[str]]
) -> tuple[float, float]:
    """Milliseconds from spawning ``command`` on the share to the kept frame on screen (its
    own first frame if it showed none) and to its ``READY=1`` (:func:`start_up.first_frame`)."""
    procs, prefix = place
    with tempfile.TemporaryDirectory() as folder:
        shown, live = start_up.first_frame(prefix + command, env, Path(folder), join(procs))
    return shown * 1000, live * 1000


def until_done(
    command: list[str], env: dict[str, str], place: tuple[Path | None, list[str]]
) -> float:
    """Milliseconds from spawning ``command`` to its exit."""
    procs, prefix = place
    start = time.perf_counter()
    subprocess.run(
        prefix + command, env=env, cwd=start_up.RUN_IN, preexec_fn=join(procs),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
    )  # fmt: skip
    return (time.perf_counter() - start) * 1000


def resumed(
    place: tuple[Path | None, list[str]], python: str, stopped: Path, rounds: int
) -> dict[str, float]:
    """The installed app resuming the session it stopped on, and ``tablekit state`` on it."""
    shown, live, state, bare = [], [], [], []
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        env = start_up.environment(data)
        tablekit = [str(Path(python).with_name("tablekit")), "state"]
        for _ in range(rounds):
            start_up.restore(stopped, data)
            kept, ready = until_said([python, "-m", "tablekit"], env, place)
            shown.append(kept)
            live.append(ready)
            start_up.restore(stopped, data)
            state.append(until_done(tablekit, env, place))
            bare.append(until_done([python, "-c", "pass"], env, place))
    return {
        "resuming: the kept frame shown": statistics.median(shown),
        "resuming: the app live": statistics.median(live),
        "tablekit state (the kept view)": statistics.median(state),
        "python -c pass": statistics.median(bare),
    }


def first_frames(place: tuple[Path | None, list[str]], rounds: int) -> dict[str, float]:
    """The app's and the bare window's first frame, medians of ``rounds`` each."""
    app, bare = [], []
    with tempfile.TemporaryDirectory() as home:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env |= {"TABLEKIT_CONFIG_DIR": home, "TABLEKIT_DATA_DIR": home, "PYTHONPATH": str(ROOT)}
        for _ in range(rounds):
            app.append(until_said([sys.executable, "-m", "tablekit"], env, place)[1])
            bare.append(until_said([sys.executable, "-c", BARE], env, place)[1])
    return {
        "first frame, app": statistics.median(app),
        "first frame, bare": statistics.median(bare),
    }


def in_process(place: tuple[Path | None, list[str]], journal: Path) -> dict[str, float]:
    """The in-process figures, from a child on the share (it prints them as JSON)."""
    procs, prefix = place
    command = [*prefix, sys.executable, "-m", "benchmarks.pi_projection", "--child", str(journal)]
    done = subprocess.run(
        command, cwd=ROOT, preexec_fn=join(procs), capture_output=True, text=True, check=False
    )
    if done.returncode:  # say the child's own error, not only that it failed
        raise SystemExit(f"the in-process child failed ({done.returncode}):\n{done.stderr}")
    found: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def child(journal: Path) -> None:
    """In the child: press processing, apply + commit, and an unchanged redraw, p50 and p99."""
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    from benchmarks import pad_processing as bench

    timed, bare, whole = bench.direct(journal)
    figures = {}
    for name, values in (
        ("press, processing only", timed.total),
        ("  apply + durable commit", timed.apply_ms),
        ("redraw, nothing changed", bare),
        ("redraw, whole screen", whole),
    ):
        cuts = statistics.quantiles(values, n=100)
        figures[f"{name} p50"], figures[f"{name} p99"] = cuts[49], cuts[98]
    print(json.dumps(figures))


def to_pixels(place: tuple[Path | None, list[str]], presses: int) -> dict[str, float]:
    """A serial press to changed pixels, the app and the bare window on the share."""
    from benchmarks import pad_to_screen as pixels

    procs, prefix = place
    if prefix:  # taskset: the launcher cannot place a child there, so no figure
        return {}
    pixels.JOIN = procs
    try:
        with tempfile.TemporaryDirectory(dir=pixels.scratch()) as folder:
            bench = pixels.Bench(Path(folder), STEPS, next(DISPLAYS))
            bare = pixels.BareWindow(bench.screen())
            app = pixels.SerialApp("app", bench.screen(), bench.home(), ROOT)
            pixels.contest([bare, app], presses, idle=False)
    finally:
        pixels.JOIN = None
    found = {}
    for name, result in (("press to pixels, app", app), ("press to pixels, bare", bare)):
        cuts = statistics.quantiles(result.latencies, n=100)
        found[f"{name} p50"], found[f"{name} p99"] = cuts[49], cuts[98]
    return found


def measure(
    place: tuple[Path | None, list[str]],
    journal: Path,
    installed: tuple[str, Path],
    args: argparse.Namespace,
) -> dict[str, float]:
    figures = first_frames(place, args.rounds) | resumed(place, *installed, args.rounds)
    figures |= in_process(place, journal)
    return figures | to_pixels(place, args.presses)


def stopped_on(folder: Path, python: str | None) -> tuple[str, Path]:
    """An installed tablekit's Python, and a folder with a journal of :data:`STEPS` events
    that the installed app opened and was stopped on (so it kept its views and frame)."""
    python = python or str(start_up.installed(folder / "installed"))
    stopped = folder / "stopped"
    stopped.mkdir()
    session_speed.build(stopped / "journal.sqlite3", STEPS)
    env = start_up.environment(stopped)
    subprocess.run([python, "-c", start_up.STOPPED], env=env, cwd=start_up.RUN_IN, check=True)
    return python, stopped


def table(columns: dict[str, dict[str, float]]) -> list[str]:
    """Each figure per share, with its ratio to the machine as it is."""
    base = columns["this machine"]
    head = "| figure (ms) | " + " | ".join(columns) + " |"
    lines = [head, "|---" * (len(columns) + 1) + "|"]
    for name, value in base.items():
        cells = [f"{value:.1f}"]
        for label, found in columns.items():
            if label != "this machine" and name in found:
                cells.append(f"{found[name]:.1f} ({found[name] / value:.1f}x)")
            elif label != "this machine":
                cells.append("-")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--presses", type=int, default=PRESSES)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    parser.add_argument("--python", help="an installed tablekit's Python (default: build one)")
    args = parser.parse_args()
    if args.child:
        child(Path(args.child))
        return
    from benchmarks import pad_processing

    columns: dict[str, dict[str, float]] = {}
    ways = []
    with tempfile.TemporaryDirectory() as folder:
        journal = Path(folder) / "journal.sqlite3"
        os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
        pad_processing.build(journal, STEPS)
        installed = stopped_on(Path(folder), args.python)
        columns["this machine"] = measure((None, []), journal, installed, args)
        for label, (quota, period) in SHARES.items():
            with share_of_a_core(quota, period) as (how, procs, prefix):
                ways.append(f"{label}: {how}")
                columns[label] = measure((procs, prefix), journal, installed, args)
    print("CPU share: " + "; ".join(ways))
    print("\n".join(table(columns)))
    print(
        "\nPi 4 (taken as 3-6x slower per core): between the quarter and the sixth columns; "
        "Pi 5 (about 2-3x a Pi 4): about the half column. CPU only: no SD card fsync, no KMSDRM."
    )


if __name__ == "__main__":
    main()
