"""A benchmark's measurement run again on a sixth of one CPU, to stand for a core six times
slower (a Pi's, roughly), beside the same measurement on the machine as it is.

The child process is put in a cgroup of its own with a CPU quota of 1 ms in every 6 ms
(cgroup v2 ``cpu.max``, or cgroup v1 ``cpu.cfs_quota_us``; both need root), or, without
cgroups, pinned with ``taskset`` to one CPU beside five busy loops. The table a benchmark
prints says which. A quota lets the child run at full speed for 1 ms and then waits 5 ms,
so a figure is only a sixth-of-a-core figure when it is an average over many periods: the
benchmarks that use this time calls one after another for a while, not one call alone.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PERIOD_US, QUOTA_US = 6000, 1000
CHILD = "--child"
WINDOW, WINDOWS = 0.1, 3


@contextlib.contextmanager
def sixth_of_a_core() -> Iterator[tuple[str, list[str]]]:
    """(how, the arguments that put a child there); the cgroup is removed after."""
    name = f"tablekit-bench-{os.getpid()}"
    v2, v1 = Path("/sys/fs/cgroup"), Path("/sys/fs/cgroup/cpu")
    if "cpu" in _read(v2 / "cgroup.controllers").split():
        group = v2 / name
        group.mkdir()
        (group / "cpu.max").write_text(f"{QUOTA_US} {PERIOD_US}\n")
        how = f"cgroup v2 cpu.max {QUOTA_US} {PERIOD_US}"
    elif (v1 / "cpu.cfs_quota_us").exists():
        group = v1 / name
        group.mkdir()
        (group / "cpu.cfs_period_us").write_text(f"{PERIOD_US}\n")
        (group / "cpu.cfs_quota_us").write_text(f"{QUOTA_US}\n")
        how = f"cgroup v1 cpu.cfs_quota_us {QUOTA_US} per cpu.cfs_period_us {PERIOD_US}"
    else:
        busy = [
            subprocess.Popen(["taskset", "-c", "0", sys.executable, "-c", "while True: pass"])
            for _ in range(5)
        ]
        try:
            yield "taskset -c 0 beside five busy loops", ["taskset", "-c", "0"]
        finally:
            for process in busy:
                process.kill()
                process.wait()
        return
    try:
        yield how, ["--cgroup", str(group / "cgroup.procs")]
    finally:
        group.rmdir()


def run_pinned(module: str) -> tuple[str, str]:
    """Run ``python -m module --child`` on a sixth of a core: (how, what it printed).

    Raises OSError or CalledProcessError when it cannot (not root, no cgroup, no taskset)."""
    with sixth_of_a_core() as (how, place):
        child = [sys.executable, "-m", module, CHILD]
        command = place + child if place[0] == "taskset" else child + place
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    return how, done.stdout


def is_child() -> bool:
    """Whether this process is the pinned child; it joins its cgroup first if it has one."""
    if CHILD not in sys.argv:
        return False
    if "--cgroup" in sys.argv:
        procs = Path(sys.argv[sys.argv.index("--cgroup") + 1])
        procs.write_text(f"{os.getpid()}\n")
    return True


def load() -> str:
    """The load average, for the header of a full-core table."""
    return ", ".join(f"{n:.1f}" for n in os.getloadavg())


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def per_call_ms(call: Callable[[], object], before: Callable[[], object] | None = None) -> float:
    """Milliseconds per call of ``call``, each after ``before`` (which empties caches; it is
    timed with the call, as a cold call pays it), called one after another for
    :data:`WINDOW` seconds: the lowest of :data:`WINDOWS` such means. A window spans many
    quota periods, so its mean is a sixth-of-a-core figure; the lowest window is the one
    other jobs on a shared machine disturbed least."""
    means = []
    for _ in range(WINDOWS):
        done, start = 0, time.perf_counter()
        while done < 3 or time.perf_counter() - start < WINDOW:
            if before is not None:
                before()
            call()
            done += 1
        means.append((time.perf_counter() - start) * 1000 / done)
    return min(means)


def reference_ms() -> float:
    """:func:`per_call_ms` of a fixed pure-Python loop: the baseline of the same run. Its
    ratio between the two tables is how much slower the pinned core really was."""
    return per_call_ms(lambda: sum(k * k for k in range(20_000)))
