"""Start-up, measured from outside as installed (issue 26 item 3), each beside its baseline.

* **First frame**: ``python -m tablekit`` on SDL's dummy driver, resuming a Mice and
  Mystics session, against a bare pygame window that reads one row of the same journal
  and flips once. The clock runs from the spawn to the ``READY=1`` each sends to
  ``NOTIFY_SOCKET`` (the app sends it once its first frame is on screen, as systemd
  hears it on a Pi). Target: at most 2x.
* **tablekit state**: the CPU time (user + system, its children's included) of
  ``tablekit state`` on that session against ``python -c pass``. Target: at most 4x.
  Beside it, for scale, the CPU of importing the one game's rules the session needs,
  which no start avoids.

Each size (1k and 100k events, the pinned mix of :mod:`benchmarks.session_speed`) has a
journal of its own, built once and then opened by the app, its chain checked and the
journal closed (:data:`STOPPED`): its sidecar vouches for the chain as the files then
stand, so a read need not walk the chain again. ``tablekit state`` reads that journal in
place (a read changes nothing, so the vouch holds for every round). Beside it, the same
read of a copy, whose vouch no longer matches the files (another inode): it walks the
whole chain, as any read does once the app has committed since it last closed the
journal. The app and the bare window each start on such a copy, restored every round
(a round ends in SIGKILL).

The package is byte-compiled first and its rules' source digests are written, as an
installed wheel has them (the digests are removed at the end: a development tree works them
out from its files, so that a changed rule retires the snapshots). Rounds alternate the
measured and the baseline so that a busy machine weighs on both alike; the medians, their
ratio and the spread of the per-round ratios are printed. ``python -X importtime -m
tablekit state`` shows where the rest goes.

Run: ``python -m benchmarks.start_up [ROUNDS [EVENTS ...]]`` (default 15 rounds; 1,000 and
100,000 events).
"""

from __future__ import annotations

import compileall
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tablekit
from benchmarks.session_speed import build
from tablekit.session import rules_source

BARE = """
import os, socket, sqlite3, sys
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1024, 600))
db = sqlite3.connect(sys.argv[1])
db.execute("SELECT name FROM sessions LIMIT 1").fetchall()
screen.fill((40, 30, 20))
pygame.display.flip()
out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
out.sendto(b"READY=1", os.environ["NOTIFY_SOCKET"])
out.close()
pygame.time.wait(60_000)
"""
"""The baseline window: pygame, one read of the journal, one flip, then it says ready."""

GAME_RULES = "tablekit.rules.mice_mystics.game"
"""The module of the resumed game's rules (the same path before and after the catalogue moved)."""

SIZES = (1_000, 100_000)
"""Events in the resumed session's journal."""

STOPPED = """
import os
from tablekit.local import config
from tablekit.local.clock import open_journal
from tablekit.ui.app import App
journal = open_journal(os.environ["TABLEKIT_DATA_DIR"] + "/journal.sqlite3")
app = App(config.load(), journal, (800, 480))
app.step(0.0)
assert app.chain_check is not None, "no walk of the chain behind the first frame"
app.chain_check.wait()
app.step(0.0)
app.journal.close()
"""
"""The app opened on the journal, its chain checked, and closed as when systemd stops it."""


def tablekit_command() -> list[str]:
    """The installed ``tablekit`` script beside this interpreter, else ``python -m tablekit``."""
    script = Path(sys.executable).with_name("tablekit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tablekit"]


def first_frame(command: list[str], env: dict[str, str], folder: Path) -> float:
    """Seconds from spawning ``command`` to its ``READY=1``; the process is then stopped."""
    address = str(folder / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as inbox:
        inbox.bind(address)
        inbox.settimeout(60)
        start = time.perf_counter()
        process = subprocess.Popen(
            command,
            env={**env, "NOTIFY_SOCKET": address},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            while b"READY=1" not in inbox.recv(4096):
                pass
            return time.perf_counter() - start
        finally:
            process.kill()
            process.wait()
            os.unlink(address)


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """User plus system CPU seconds ``command`` took, measured by the kernel."""
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode})")
    return usage.ru_utime + usage.ru_stime


Row = tuple[str, list[float], str, list[float], float | None]
"""What is measured, its times, its baseline's name, the baseline's times, and the target."""


def measure(folder: Path, events: int, rounds: int) -> list[Row]:
    """The rounds of one journal of ``events`` events, built in ``folder``."""
    stopped = folder / "stopped"
    stopped.mkdir()
    build(stopped / "journal.sqlite3", events)
    vouched = environment(stopped)
    subprocess.run([sys.executable, "-c", STOPPED], env=vouched, check=True)
    data = folder / "data"
    env = environment(data)
    state = [*tablekit_command(), "state"]
    app, bare, read, walked, python, rules = [], [], [], [], [], []
    for _ in range(rounds):
        restore(stopped, data)
        app.append(first_frame([sys.executable, "-m", "tablekit"], env, folder))
        restore(stopped, data)
        journal = str(data / "journal.sqlite3")
        bare.append(first_frame([sys.executable, "-c", BARE, journal], env, folder))
        read.append(cpu_seconds(state, vouched))
        restore(stopped, data)
        walked.append(cpu_seconds(state, env))
        python.append(cpu_seconds([sys.executable, "-c", "pass"], env))
        rules.append(cpu_seconds([sys.executable, "-c", f"import {GAME_RULES}"], env))
    return [
        ("first frame, resuming Mice and Mystics", app, "bare window + read + flip", bare, 2.0),
        ("tablekit state, CPU", read, "python -c pass, CPU", python, 4.0),
        ("tablekit state, chain not vouched for, CPU", walked, "python -c pass", python, None),
        ("its game's rules imported, CPU", rules, "python -c pass, CPU", python, None),
    ]


def restore(stopped: Path, data: Path) -> None:
    """``data`` as the stopped app left ``stopped``: what a killed round left there goes."""
    shutil.rmtree(data, ignore_errors=True)
    shutil.copytree(stopped, data)


def environment(data: Path) -> dict[str, str]:
    """The kiosk's environment: both folders named, SDL on its dummy drivers."""
    return {
        **os.environ,
        "TABLEKIT_DATA_DIR": str(data),
        "TABLEKIT_CONFIG_DIR": str(data.parent / "config"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }


def report(rows: list[Row]) -> None:
    """Each row's medians, their ratio, and the range of the rounds' own ratios."""
    for name, measured, base_name, base, target in rows:
        ours, theirs = statistics.median(measured) * 1000, statistics.median(base) * 1000
        ratio = ours / theirs
        each = sorted(m / b for m, b in zip(measured, base, strict=True))
        goal = "" if target is None else f" (target <= {target:.0f}x, "
        goal += "" if target is None else ("ok)" if ratio <= target else "OVER)")
        print(
            f"  {name}: {ours:.0f}  vs {base_name}: {theirs:.0f}  = {ratio:.2f}x"
            f" [rounds {each[0]:.2f}-{each[-1]:.2f}x]{goal}"
        )


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    sizes = [int(arg) for arg in sys.argv[2:]] or list(SIZES)
    package = Path(tablekit.__file__).parent
    compileall.compile_dir(str(package), quiet=1)
    rules_source.write_digests(package / "rules")
    try:
        for events in sizes:
            with tempfile.TemporaryDirectory() as scratch:
                rows = measure(Path(scratch), events, rounds)
            print(f"start-up at {events:,} events, {rounds} rounds, medians (ms)")
            report(rows)
    finally:
        (package / "rules" / rules_source.DIGESTS).unlink(missing_ok=True)


if __name__ == "__main__":
    main()
